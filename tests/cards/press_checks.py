#!/usr/bin/env python3
"""Measurements of the trade card products, for run-trade-checks.sh.

  press_checks.py bleed PDF MM         every page: BleedBox at least MM beyond TrimBox
  press_checks.py safe PDF W H SAFE    page 1: every word inside a card's safe zone
                                       (cards W x H mm, cut grid from TrimBox and
                                       the "C x R per sheet" of the keywords)
  press_checks.py png PNG W H DPI      size W x H px and pHYs of DPI
  press_checks.py maxside PNG... N     no image wider or taller than N px
  press_checks.py corner PNG R G B     the top-left pixel is this colour (0-255, within 3):
                                       the art runs to the image's edge
  press_checks.py cmyk PDF             an output intent (GTS_PDFX) with a 4-channel ICC
                                       profile, and no RGB colour operator (rg, RG) nor
                                       RGB colour space in any content stream
  press_checks.py ink PDF PAGE LO HI   the page's ink cover (mean darkness of a
                                       grey rendering, 0 white to 1 black) from LO to HI

Prints what it measured; exits 1 when a check fails."""
import re
import struct
import subprocess
import sys

PT = 72 / 25.4


def boxes(pdf):
    out = subprocess.run(["pdfinfo", "-box", "-f", "1", "-l", "9999", pdf], capture_output=True,
                         text=True, check=True).stdout
    pages = {}
    for m in re.finditer(r"Page\s+(\d+) (\w+)Box:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", out):
        pages.setdefault(int(m[1]), {})[m[2]] = tuple(float(m[i]) for i in range(3, 7))
    return pages


def check_bleed(pdf, mm):
    worst = None
    for page, b in boxes(pdf).items():
        t, bl = b["Trim"], b["Bleed"]
        margin = min(t[0] - bl[0], t[1] - bl[1], bl[2] - t[2], bl[3] - t[3]) / PT
        worst = margin if worst is None else min(worst, margin)
    print(f"least bleed beyond the trim: {worst:.2f} mm (want {mm})")
    return worst is not None and worst >= float(mm) - 0.01


def check_safe(pdf, w, h, safe):
    w, h, safe = float(w), float(h), float(safe)
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    cols, rows = map(int, re.search(r"(\d+) x (\d+) per sheet", info).groups())
    b = boxes(pdf)[1]
    page_h = b["Media"][3]
    tx0, ty0, tx1, ty1 = (v / PT for v in b["Trim"])
    # pdfinfo measures from the bottom, pdftotext from the top.
    top = page_h / PT - ty1
    gx = (tx1 - tx0 - cols * w) / (cols - 1) if cols > 1 else 0
    gy = (ty1 - ty0 - rows * h) / (rows - 1) if rows > 1 else 0
    zones = [(tx0 + c * (w + gx) + safe, top + r * (h + gy) + safe,
              tx0 + c * (w + gx) + w - safe, top + r * (h + gy) + h - safe)
             for c in range(cols) for r in range(rows)]
    html = subprocess.run(["pdftotext", "-bbox", "-f", "1", "-l", "1", pdf, "-"], capture_output=True,
                          text=True, check=True).stdout
    words = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<', html)
    bad = []
    for x0, y0, x1, y1, text in words:
        x0, y0, x1, y1 = (float(v) / PT for v in (x0, y0, x1, y1))
        if not any(z[0] - 0.05 <= x0 and x1 <= z[2] + 0.05 and z[1] - 0.05 <= y0 and y1 <= z[3] + 0.05
                   for z in zones):
            bad.append(text)
    print(f"{len(words)} words on page 1, {cols} x {rows} cards, {len(bad)} outside the {safe} mm safe zone"
          + (": " + " ".join(bad[:8]) if bad else ""))
    return len(words) > 0 and not bad


def png_head(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    w, h = struct.unpack(">II", data[16:24])
    i = data.find(b"pHYs")
    dpi = None
    if i > 0:
        x, y, unit = struct.unpack(">IIB", data[i + 4:i + 13])
        if unit == 1 and x == y:
            dpi = round(x * 0.0254)
    return w, h, dpi


def check_png(path, w, h, dpi):
    got = png_head(path)
    print(f"{path}: {got[0]} x {got[1]} px at {got[2]} dpi (want {w} x {h} at {dpi})")
    return got == (int(w), int(h), int(dpi))


def check_maxside(*args):
    limit = int(args[-1])
    sizes = [png_head(p)[:2] for p in args[:-1]]
    print(f"{len(sizes)} images, the largest side {max(max(s) for s in sizes)} px (limit {limit})")
    return bool(sizes) and all(max(s) <= limit for s in sizes)


def check_ink(pdf, page, lo, hi):
    grey = subprocess.run(["pdftoppm", "-r", "30", "-gray", "-f", page, "-l", page, pdf], capture_output=True,
                          check=True).stdout
    # A binary PGM: "P5", width, height, maximum, then one byte a pixel.
    fields = grey.split(maxsplit=4)
    w, h, top = int(fields[1]), int(fields[2]), int(fields[3])
    pixels = fields[4][:w * h]
    cover = 1 - sum(pixels) / (len(pixels) * top)
    print(f"{pdf} page {page}: ink cover {cover:.3f} (want {lo} to {hi})")
    return float(lo) <= cover <= float(hi)


def check_corner(path, r, g, b):
    import zlib
    data = open(path, "rb").read()
    depth, colour = data[24], data[25]
    assert depth == 8 and colour in (2, 6), f"{path}: bit depth {depth}, colour type {colour}"
    idat, pos = b"", 8
    while pos < len(data):
        length = struct.unpack(">I", data[pos:pos + 4])[0]
        if data[pos + 4:pos + 8] == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    # Every PNG filter leaves the first pixel of the first row as it is.
    row = zlib.decompressobj().decompress(idat, 8)
    got = tuple(row[1:4])
    print(f"{path}: top-left pixel {got} (want {r} {g} {b})")
    return all(abs(a - int(b)) <= 3 for a, b in zip(got, (r, g, b)))


def check_cmyk(pdf):
    import json
    doc = json.loads(subprocess.run(["qpdf", "--json", "--json-stream-data=none", pdf], capture_output=True,
                                    text=True, check=True).stdout)
    # qpdf's JSON v2: "obj:N 0 R" holds {"value": …} or {"stream": {"dict": …}}.
    objects = doc["qpdf"][1]

    def resolve(o):
        while isinstance(o, str) and "obj:" + o in objects:
            entry = objects["obj:" + o]
            o = entry["stream"]["dict"] if "stream" in entry else entry["value"]
        return o

    catalog = resolve(objects["trailer"]["value"]["/Root"])
    intents = resolve(catalog.get("/OutputIntents", []))
    good = []
    for ref in intents:
        intent = resolve(ref)
        profile = resolve(intent.get("/DestOutputProfile"))
        good.append(intent.get("/S") == "/GTS_PDFX" and isinstance(profile, dict) and profile.get("/N") == 4)
    # Every content stream, uncompressed, searched for RGB operators.
    qdf = subprocess.run(["qpdf", "--qdf", "--object-streams=disable", pdf, "-"], capture_output=True,
                         check=True).stdout
    rgb_ops = len(re.findall(rb"(?<![\w/.])(?:-?[\d.]+\s+){3}(?:rg|RG)(?![\w])", qdf))
    rgb_spaces = len(re.findall(rb"/DeviceRGB|/CalRGB", qdf))
    print(f"{pdf}: {len(intents)} output intent(s), PDF/X with a CMYK profile: {any(good)}; "
          f"{rgb_ops} rg/RG operators, {rgb_spaces} RGB colour spaces")
    return any(good) and rgb_ops == 0 and rgb_spaces == 0


CHECKS = {"bleed": check_bleed, "safe": check_safe, "png": check_png, "maxside": check_maxside, "ink": check_ink,
          "corner": check_corner, "cmyk": check_cmyk}

if __name__ == "__main__":
    sys.exit(0 if CHECKS[sys.argv[1]](*sys.argv[2:]) else 1)
