#!/usr/bin/env python3
"""Every general's name on a map stands inside his own cell: in the next
cell it would seem to name that cell's piece.

    general_names.py SCENARIO.xml RULESET_DIR PDF... [--named PDF...]

Per page: the cells' outlines from what was drawn (pdftocairo -svg, the
grid's colour, a closed path of six or four corners each), each cell named
by the address printed inside it (pdftotext -bbox), the generals' cells
and names from the scenario (a square general without a name of his own
has the ruleset's English one).  A general's label is the word on the map
that is his surname (the full name's last word) or the surname shortened
("Heintz."), nearest his cell; it must lie inside the cell, shrunk by a
hair for the rounding.  A general whose cell is on no page is reported too,
and for the PDFs after --named one without his name in his cell on any
page (the true-scale maps have room for every
name; a reduced map leaves out a name it has no room for in the cell,
and the scenario sheet lists every general with his cell).  Prints one
line per problem; exit 1 when any."""
import html
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

PT = 25.4 / 72
# pdftotext's box runs from the font's ascent to its descent, a hair
# beyond the box the map places: half a point of slack at the outline.
SLACK = 0.5
# The grid's colour (render/paint.c PAINT_GRID), in per cent.
GRID = (35, 33, 30)
NS = {'s': 'urn:orbat:scenario:1'}


def matrix(text):
    m = re.search(r'matrix\(([^)]*)\)', text or '')
    if not m:
        return (1, 0, 0, 1, 0, 0)
    return tuple(float(v) for v in m.group(1).replace(',', ' ').split())


def cells_of(svg):
    """Closed polygons of the grid's paths, in points from the top-left."""
    out = []
    for tag in re.findall(r'<path [^>]*>', svg):
        colour = re.search(r'stroke:rgb\(([0-9.]+)%,([0-9.]+)%,([0-9.]+)%\)', tag)
        if not colour or 'fill:none' not in tag or \
                any(abs(float(v) - c) > 0.2 for v, c in zip(colour.groups(), GRID)):
            continue
        d = re.search(r' d="([^"]*)"', tag)
        t = matrix(re.search(r'transform="([^"]*)"', tag).group(1) if 'transform=' in tag else '')
        tokens = d.group(1).split()
        poly, i = [], 0
        while i < len(tokens):
            op = tokens[i]
            if op in ('M', 'L'):
                x, y = float(tokens[i + 1]), float(tokens[i + 2])
                if op == 'M' and poly:
                    out.append(poly)
                    poly = []
                poly.append((t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5]))
                i += 3
            elif op == 'Z':
                if poly:
                    out.append(poly)
                poly = []
                i += 1
            else:
                i += 1
        if poly:
            out.append(poly)
    return [p for p in out if len(p) in (4, 6)]


def inside(poly, x, y, slack):
    """(x, y) inside the convex polygon, or outside it by no more than
    slack."""
    n = len(poly)
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))
    turn = 1 if area > 0 else -1
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 or 1
        if turn * ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / length < -slack:
            return False
    return True


def words_of(pdf, page):
    run = subprocess.run(['pdftotext', '-bbox', '-f', str(page), '-l', str(page), pdf, '-'],
                         capture_output=True, text=True)
    return [(float(a), float(b), float(c), float(d), html.unescape(w)) for a, b, c, d, w in
            re.findall(r'<word xMin="([^"]+)" yMin="([^"]+)" xMax="([^"]+)" yMax="([^"]+)">([^<]*)</word>',
                       run.stdout)]


def generals(scenario, ruleset_dir):
    root = ET.parse(scenario).getroot()
    rs = None
    out = []
    for g in root.iter('{urn:orbat:scenario:1}general'):
        name = g.get('name')
        if not name:
            if rs is None:
                rs = ET.parse(f'{ruleset_dir}/{root.get("ruleset")}.xml').getroot()
            for e in rs.iter():
                if e.tag.endswith('general-name') and e.get('id') == g.get('id'):
                    for n in e:
                        if n.tag.endswith('name') and n.get('{http://www.w3.org/XML/1998/namespace}lang') == 'en':
                            name = n.text
        if name:
            out.append((g.get('at').upper(), name))
    return out


def forms(name):
    """The words a general's label ends in: his surname, whole or
    shortened to three letters or more and a full stop (a first name
    may be another general's too)."""
    last = name.split()[-1]
    ok = {last}
    for k in range(3, len(last)):
        ok.add(last[:k] + '.')
    return ok


def centre(poly):
    return sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly)


def name_rest(named, cells):
    """Names the cells whose address is not printed on the page (a
    general's name took its room, or a tile cuts it off) from a named
    cell: rows one row step apart (three quarters of a hex's height, a
    square's side), columns a cell's width, even rows of hexes half a hex
    east (render/mapgeom.h)."""
    known = None
    for at, poly in named.items():
        m = re.fullmatch(r'([A-Z])(\d+)', at)
        if m:
            known = (ord(m.group(1)) - ord('A'), int(m.group(2)), centre(poly))
            break
    if not known:
        return
    kcol, krow, (kx, ky) = known
    for poly in cells:
        x, y = centre(poly)
        width = max(p[0] for p in poly) - min(p[0] for p in poly)
        height = max(p[1] for p in poly) - min(p[1] for p in poly)
        hexes = len(poly) == 6
        step = height * 0.75 if hexes else height
        row = krow + round((y - ky) / step)
        shift = (lambda r: width / 2 if hexes and r % 2 == 0 else 0)
        x0 = kx - kcol * width - shift(krow)
        col = round((x - x0 - shift(row)) / width)
        if 0 <= col < 26 and row > 0:
            named.setdefault(f'{chr(ord("A") + col)}{row}', poly)


def npages(pdf):
    run = subprocess.run(['pdfinfo', pdf], capture_output=True, text=True)
    m = re.search(r'^Pages:\s+(\d+)', run.stdout, re.M)
    return int(m.group(1)) if m else 0


def check(pdf, gens, named_required):
    """The problems of one PDF: names outside their cells; a general
    whose cell is on no page; with named_required, a general named in
    his cell on no page."""
    problems = []
    located, shown = set(), set()
    with tempfile.TemporaryDirectory() as tmp:
        for page in range(1, npages(pdf) + 1):
            svg_path = f'{tmp}/p.svg'
            subprocess.run(['pdftocairo', '-svg', '-f', str(page), '-l', str(page), pdf, svg_path],
                           capture_output=True)
            svg = open(svg_path, encoding='utf-8').read()
            cells = cells_of(svg)
            words = words_of(pdf, page)
            named = {}
            for x0, y0, x1, y1, w in words:
                if not re.fullmatch(r'[A-Z]{1,2}\d{1,2}', w):
                    continue
                for poly in cells:
                    if inside(poly, x0, y0, 0.5) and inside(poly, x1, y1, 0.5):
                        named.setdefault(w, poly)
            if not named:
                continue        # no map on this page
            name_rest(named, cells)
            for at, name in gens:
                poly = named.get(at)
                if not poly:
                    continue
                located.add(at)
                cx, cy = centre(poly)
                ok = forms(name)
                found = [(((x0 + x1) / 2 - cx) ** 2 + ((y0 + y1) / 2 - cy) ** 2, (x0, y0, x1, y1, w))
                         for x0, y0, x1, y1, w in words if w in ok]
                if not found:
                    continue
                _, (x0, y0, x1, y1, w) = min(found)
                if not all(inside(poly, x, y, SLACK) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))):
                    problems.append(f'{pdf} page {page}: {name} ({at}): "{w}" at '
                                    f'{x0 * PT:.1f},{y0 * PT:.1f}-{x1 * PT:.1f},{y1 * PT:.1f} mm leaves the cell')
                else:
                    shown.add(at)
    for at, name in gens:
        if at not in located:
            problems.append(f'{pdf}: {name} ({at}): his cell is on no page')
        elif named_required and at not in shown:
            problems.append(f'{pdf}: {name} ({at}): no name in his cell')
    return problems


def main(argv):
    if len(argv) < 4:
        print(__doc__)
        return 2
    gens = generals(argv[1], argv[2])
    problems = []
    named_required = False
    for arg in argv[3:]:
        if arg == '--named':
            named_required = True
            continue
        problems += check(arg, gens, named_required)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
