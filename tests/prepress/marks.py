#!/usr/bin/env python3
"""Crop and cut marks of one PDF page, measured from what was drawn.

pdftocairo -svg writes every stroked path with its style and transform; the
marks are the black hairline strokes made of straight segments only.  For
each segment this prints one line in millimetres from the page's top-left:

    x0 y0 x1 y1

Usage: marks.py PAGE.svg [LINE_WIDTH_MM]  (default 0.25)
"""
import re
import sys

PT = 25.4 / 72


def matrix(text):
    m = re.search(r'matrix\(([^)]*)\)', text or '')
    if not m:
        return (1, 0, 0, 1, 0, 0)
    return tuple(float(v) for v in m.group(1).replace(',', ' ').split())


def apply(t, x, y):
    a, b, c, d, e, f = t
    return a * x + c * y + e, b * x + d * y + f


def main():
    path = sys.argv[1]
    width_mm = float(sys.argv[2]) if len(sys.argv) > 2 else 0.25
    svg = open(path, encoding='utf-8').read()
    for tag in re.findall(r'<path [^>]*>', svg):
        style = re.search(r'style="([^"]*)"', tag)
        d = re.search(r' d="([^"]*)"', tag)
        if not style or not d:
            continue
        st = style.group(1)
        if 'stroke:rgb(0%,0%,0%)' not in st or 'fill:none' not in st:
            continue
        w = re.search(r'stroke-width:([0-9.]+)', st)
        t = matrix(re.search(r'transform="([^"]*)"', tag).group(1) if 'transform=' in tag else '')
        scale = (abs(t[0] * t[3] - t[1] * t[2])) ** 0.5
        if t[1] == 0 and t[2] == 0 and abs(t[0] - 1) < 0.005 and abs(t[3] - 1) < 0.005:
            # poppler nudges thin strokes onto its pixel grid with a
            # near-identity matrix; the path itself holds the drawn numbers
            t, scale = (1, 0, 0, 1, 0, 0), 1
        if not w or abs(float(w.group(1)) * scale * PT - width_mm) > 0.02:
            continue
        tokens = d.group(1).split()
        if any(tok not in ('M', 'L') and not re.match(r'^-?[0-9.e-]+$', tok) for tok in tokens):
            continue  # curves: not a mark
        i, start = 0, None
        while i < len(tokens):
            op = tokens[i]
            x, y = apply(t, float(tokens[i + 1]), float(tokens[i + 2]))
            if op == 'L' and start is not None:
                print('%.3f %.3f %.3f %.3f' % (start[0] * PT, start[1] * PT, x * PT, y * PT))
            start = (x, y)
            i += 3


if __name__ == '__main__':
    main()
