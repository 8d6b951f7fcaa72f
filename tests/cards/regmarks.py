#!/usr/bin/env python3
"""The registration marks of a card sheet for print-then-cut machines
(orbat cards --marks cutter), measured against layouts/cards.xml <cutter>,
for run-cutter-checks.sh.

  regmarks.py marks PDF LAYOUTS   page 1 fills in black exactly the five
                                  rectangles of the marks (a square top left,
                                  an L of two bars top right and bottom left,
                                  outer edges `inset` in), to 0.01 mm
  regmarks.py nomarks PDF LAYOUTS PAGE   none of the marks on that page (backs)
  regmarks.py clear PDF LAYOUTS   page 1 rendered: every pixel within
                                  inset + clearance of the paper's edges and
                                  in each mark's (length + clearance) square
                                  is white, but for the marks themselves (to
                                  a pixel, 0.25 mm, for the smoothing of edges)

Prints what it measured; exits 1 when a check fails."""
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

PT = 72 / 25.4
NS = "{urn:orbat:layouts:1}"


def cutter(layouts):
    c = ET.parse(layouts).getroot().find(NS + "cutter")
    return {k: float(c.get(k)) for k in ("inset", "square", "length", "thickness", "clearance")}


def page_size(pdf):
    out = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    w, h = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", out).groups()
    return float(w) / PT, float(h) / PT


def expected(c, w, h):
    """The marks as (x, y, width, height) mm from the top-left corner."""
    i, s, ln, t = c["inset"], c["square"], c["length"], c["thickness"]
    r, b = w - i, h - i
    return [(i, i, s, s), (r - ln, i, ln, t), (r - t, i, t, ln), (i, b - t, ln, t), (i, b - ln, t, ln)]


def black_fills(pdf, page):
    """Rectangles filled in black (0 0 0 rg) on a page, mm from the top
    left: a small interpreter of the uncompressed content stream that
    follows q/Q/cm, rg and paths of m/l/h and re."""
    qdf = subprocess.run(["qpdf", "--qdf", "--object-streams=disable", "--pages", pdf, str(page), "--", pdf, "-"],
                         capture_output=True, check=True).stdout.decode("latin-1")
    start = qdf.index("%% Contents for page 1")
    stream = qdf[qdf.index("stream\n", start) + 7:qdf.index("endstream", start)]
    ph = page_size(pdf)[1] * PT
    ctm, stack, colour, path, sub, stack_n, found = (1, 0, 0, 1, 0, 0), [], None, [], [], [], []

    def apply(m, x, y):
        return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]

    def mul(a, b):
        return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
                a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])

    for tok in re.findall(r"/[^\s/\[\]()<>]+|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z*'\"]+|\S", stream):
        if re.fullmatch(r"[-+]?(?:\d+\.?\d*|\.\d+)", tok):
            stack_n.append(float(tok))
            continue
        n = stack_n
        if tok == "q":
            stack.append((ctm, colour))
        elif tok == "Q" and stack:
            ctm, colour = stack.pop()
        elif tok == "cm" and len(n) >= 6:
            ctm = mul(tuple(n[-6:]), ctm)
        elif tok == "rg" and len(n) >= 3:
            colour = tuple(n[-3:])
        elif tok == "m" and len(n) >= 2:
            if sub:
                path.append(sub)
            sub = [apply(ctm, *n[-2:])]
        elif tok == "l" and len(n) >= 2:
            sub.append(apply(ctm, *n[-2:]))
        elif tok == "re" and len(n) >= 4:
            x, y, w, h = n[-4:]
            path.append([apply(ctm, x, y), apply(ctm, x + w, y), apply(ctm, x + w, y + h), apply(ctm, x, y + h)])
        elif tok == "h":
            pass
        elif tok in ("f", "f*", "F", "n", "S", "s", "B", "B*", "b", "b*", "W", "W*"):
            if tok in ("W", "W*"):
                stack_n = []
                continue
            if sub:
                path.append(sub)
            if tok in ("f", "f*", "F") and colour == (0, 0, 0):
                for p in path:
                    xs, ys = [q[0] for q in p], [q[1] for q in p]
                    if len(p) >= 4:
                        # PDF space (y up) to mm from the top left.
                        found.append((min(xs) / PT, (ph - max(ys)) / PT, (max(xs) - min(xs)) / PT,
                                      (max(ys) - min(ys)) / PT))
            path, sub = [], []
        stack_n = []
    return found


def check_marks(pdf, layouts):
    c = cutter(layouts)
    w, h = page_size(pdf)
    want = expected(c, w, h)
    got = black_fills(pdf, 1)
    missing = [m for m in want if not any(all(abs(a - b) <= 0.01 for a, b in zip(m, g)) for g in got)]
    extra = [g for g in got if not any(all(abs(a - b) <= 0.01 for a, b in zip(m, g)) for m in want)]
    print(f"{pdf} page 1 ({w:.1f} x {h:.1f} mm): {len(got)} black fills, {len(missing)} marks missing, "
          f"{len(extra)} other black fills" + (f"; missing {missing[:2]}" if missing else "")
          + (f"; other {extra[:2]}" if extra else ""))
    return bool(got) and not missing and not extra


def check_nomarks(pdf, layouts, page):
    w, h = page_size(pdf)
    want = expected(cutter(layouts), w, h)
    found = [g for g in black_fills(pdf, int(page)) if any(all(abs(a - b) <= 0.01 for a, b in zip(m, g))
                                                             for m in want)]
    print(f"{pdf} page {page}: {len(found)} registration marks (want none)")
    return not found


def check_clear(pdf, layouts):
    c = cutter(layouts)
    w, h = page_size(pdf)
    dpi = 100
    grey = subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-f", "1", "-l", "1", pdf], capture_output=True,
                          check=True).stdout
    fields = grey.split(maxsplit=4)
    pw, ph = int(fields[1]), int(fields[2])
    pixels = fields[4][:pw * ph]
    px = dpi / 25.4
    # A pixel's smoothing of an edge that touches the zone is no overlap.
    band = c["inset"] + c["clearance"] - 1 / px
    reach = c["inset"] + c["length"] + c["clearance"] - 1 / px
    zones = [(0, 0, reach, reach), (w - reach, 0, w, reach), (0, h - reach, reach, h)]
    # The marks themselves, one pixel wider for the smoothing of their edges.
    marks = [(x - 1 / px, y - 1 / px, x + mw + 1 / px, y + mh + 1 / px) for x, y, mw, mh in expected(c, w, h)]
    dark = 0
    for j in range(ph):
        y = (j + 0.5) / px
        for i in range(pw):
            x = (i + 0.5) / px
            inside = x < band or y < band or x > w - band or y > h - band or any(
                z[0] <= x <= z[2] and z[1] <= y <= z[3] for z in zones)
            if not inside or any(m[0] <= x <= m[2] and m[1] <= y <= m[3] for m in marks):
                continue
            if pixels[j * pw + i] < 250:
                dark += 1
    print(f"{pdf} page 1: {dark} printed pixels in the band of {c['inset'] + c['clearance']:g} mm and the "
          f"marks' {c['length'] + c['clearance']:g} mm squares, beside the marks")
    return dark == 0


CHECKS = {"marks": check_marks, "nomarks": check_nomarks, "clear": check_clear}

if __name__ == "__main__":
    sys.exit(0 if CHECKS[sys.argv[1]](*sys.argv[2:]) else 1)
