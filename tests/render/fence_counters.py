#!/usr/bin/env python3
"""No unit counter covers a fence: a fence is the only mark of its
terrain (its ground is nearly the clear ground's colour), so a counter
over it hides what a player fights behind.

    fence_counters.py PDF...

For each page (pdftocairo -svg): the fences are the strokes in the fence
symbol's colour (render/terrainpaint.c symbol_fence), the counters the
filled rectangles in a side's colour (render/paint.c SIDE); every
fence's box must stay clear of every counter's.  Prints one line per
fence under a counter and one per PDF with no fence at all (the check
would prove nothing); exit 1 when any."""
import re
import subprocess
import sys
import tempfile

FENCE = (40, 26, 12)
SIDES = ((18, 30, 58), (52, 53, 56))
NUMBER = r'-?[0-9.]+(?:e-?[0-9]+)?'


def colour(style, key):
    m = re.search(key + r':rgb\(([0-9.]+)%,([0-9.]+)%,([0-9.]+)%\)', style)
    return tuple(float(v) for v in m.groups()) if m else None


def near(c, want):
    return c is not None and all(abs(a - b) < 0.3 for a, b in zip(c, want))


def box_of(tag):
    """The path's points through its transform, as (x0, y0, x1, y1)."""
    d = re.search(r' d="([^"]*)"', tag).group(1)
    m = re.search(r'transform="matrix\(([^)]*)\)"', tag)
    t = tuple(float(v) for v in m.group(1).replace(',', ' ').split()) if m else (1, 0, 0, 1, 0, 0)
    nums = [float(v) for v in re.findall(NUMBER, d)]
    pts = [(t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5]) for x, y in zip(nums[0::2], nums[1::2])]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys)), len(pts), d


def check(pdf):
    problems, fences_seen = [], 0
    pages = int(re.search(r'^Pages:\s+(\d+)', subprocess.run(['pdfinfo', pdf], capture_output=True,
                                                              text=True).stdout, re.M).group(1))
    with tempfile.TemporaryDirectory() as tmp:
        for page in range(1, pages + 1):
            svg_path = f'{tmp}/p.svg'
            subprocess.run(['pdftocairo', '-svg', '-f', str(page), '-l', str(page), pdf, svg_path],
                           capture_output=True)
            fences, counters = [], []
            for tag in re.findall(r'<path [^>]*>', open(svg_path, encoding='utf-8').read()):
                style = re.search(r'style="([^"]*)"', tag)
                if not style or ' d="' not in tag:
                    continue
                style = style.group(1)
                if near(colour(style, 'stroke'), FENCE):
                    fences.append(box_of(tag)[0])
                elif any(near(colour(style, 'fill'), side) for side in SIDES):
                    box, n, d = box_of(tag)
                    # a counter's body: a rectangle (cairo's "re": four
                    # corners and the close)
                    if n in (4, 5) and 'C' not in d:
                        counters.append(box)
            fences_seen += len(fences)
            for f in fences:
                for c in counters:
                    if f[0] < c[2] and c[0] < f[2] and f[1] < c[3] and c[1] < f[3]:
                        problems.append(f'{pdf} page {page}: the fence at {f[0]:.0f},{f[1]:.0f} pt lies under '
                                        f'the counter at {c[0]:.0f},{c[1]:.0f} pt')
                        break
    if not fences_seen:
        problems.append(f'{pdf}: no fence drawn')
    return problems


def main(argv):
    problems = []
    for pdf in argv[1:]:
        problems += check(pdf)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
