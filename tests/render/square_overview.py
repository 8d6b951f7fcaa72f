#!/usr/bin/env python3
"""The square overview's layout measured from its words (pdftotext -bbox):

  square_overview.py PDF COLS ROWS MIN_WIDTH_SHARE MIN_AREA_SHARE MIN_COUNTER_MM

  - the map's share of the page: the squares' pitch from the frame's column
    letters (A .. the last), COLS x ROWS squares against the page, as a
    share of its width and of its area;
  - the counters' printed width: where a square holds two counters with
    their players' badges, the badges stand at the two ends of the column
    (squaredraw.c), so the distance between them is a counter's width;
  - the badges do not crowd: no two badges' digits closer than the taller
    digit's height.
Prints what it measured; exits 1 when a check fails."""
import re
import subprocess
import sys

PT = 72 / 25.4


def words(pdf):
    html = subprocess.run(["pdftotext", "-bbox", "-f", "1", "-l", "1", pdf, "-"], capture_output=True, text=True,
                          check=True).stdout
    page = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', html)
    found = [(float(a) / PT, float(b) / PT, float(c) / PT, float(d) / PT, t) for a, b, c, d, t in
             re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<', html)]
    return float(page[1]) / PT, float(page[2]) / PT, found


def main(pdf, cols, rows, min_w, min_area, min_counter):
    cols, rows = int(cols), int(rows)
    pw, ph, ws = words(pdf)
    letters = [chr(ord("A") + i) for i in range(cols)]
    # The frame's top row of letters: each letter's topmost single word.
    centre = {}
    for x0, y0, x1, y1, t in ws:
        if t in letters and (t not in centre or y0 < centre[t][1]):
            centre[t] = ((x0 + x1) / 2, y0)
    if len(centre) != cols:
        print(f"{pdf}: found {len(centre)} of {cols} column letters")
        return False
    cell = (centre[letters[-1]][0] - centre["A"][0]) / (cols - 1)
    left = centre["A"][0] - cell / 2
    right = left + cols * cell
    top = centre["A"][1] + 3
    width_share, area_share = cols * cell / pw, cols * cell * rows * cell / (pw * ph)
    # Badges: a lone digit of a player, inside the squares, in bold beside a counter.
    digits = [w for w in ws if re.fullmatch(r"[1-4]", w[4]) and left < w[0] and w[2] < right and w[1] > top + 2]
    pairs = []
    for a in digits:
        for b in digits:
            ca, cb = (a[0] + a[2]) / 2, (b[0] + b[2]) / 2
            same_square = int((ca - left) // cell) == int((cb - left) // cell) and \
                int((a[1] - top) // cell) == int((b[1] - top) // cell)
            if same_square and cb > ca + 0.5 and 0 < b[1] - a[1] < cell / 2:
                pairs.append(cb - ca)
    crowd = 0
    for i, a in enumerate(digits):
        for b in digits[i + 1:]:
            dist = ((a[0] + a[2] - b[0] - b[2]) ** 2 / 4 + (a[1] + a[3] - b[1] - b[3]) ** 2 / 4) ** 0.5
            if dist < max(a[3] - a[1], b[3] - b[1]):
                crowd += 1
    narrowest = min(pairs) if pairs else 0
    print(f"{pdf}: page {pw:.1f} x {ph:.1f} mm, squares {cell:.2f} mm; map {width_share:.2f} of the width "
          f"(want {min_w}), {area_share:.2f} of the area (want {min_area}); {len(digits)} badges, "
          f"{len(pairs)} two-counter squares, the narrowest counter {narrowest:.2f} mm (want {min_counter}); "
          f"{crowd} badges crowding another")
    return (width_share >= float(min_w) and area_share >= float(min_area) and len(pairs) >= 1 and
            narrowest >= float(min_counter) - 0.05 and crowd == 0)


if __name__ == "__main__":
    sys.exit(0 if main(*sys.argv[1:]) else 1)
