#!/usr/bin/env python3
"""No line prints thinner than 0.25 pt: a press (and a laser printer)
loses hairlines, and a map's tree outlines or streams drawn at a tenth of
a point vanish or break up on paper.

    line_floor.py [--floor PT] PDF...

Reads every page's content stream through qpdf (its JSON with the streams
decoded) and follows the graphics state as a viewer does: q/Q, the
transformation matrix (cm), the line width (w), the forms a page paints
(Do, with their /Matrix) and the tiling patterns it fills or strokes with
(their /Matrix against the content stream they are used in).  Each stroke
(S s B B* b b*) prints its width times the smaller scale of the matrix in
force at the stroke, in points on the paper.  Prints one line per PDF
with strokes under the floor (how many, the thinnest, the widths met);
exit 1 when any has, 0 otherwise."""
import base64
import json
import math
import re
import subprocess
import sys

FLOOR = 0.25
# A hair of tolerance for the figures cairo rounds to three decimals.
SLACK = 0.002

TOKEN = re.compile(rb'''
    (?P<ws>[\s]+|%[^\r\n]*)
  | (?P<str>\()
  | (?P<hex><[0-9A-Fa-f\s]*>)
  | (?P<dopen><<) | (?P<dclose>>>)
  | (?P<aopen>\[) | (?P<aclose>\])
  | (?P<name>/[^\s/\[\]()<>{}%]*)
  | (?P<num>[+-]?(?:\d+\.?\d*|\.\d+))
  | (?P<op>[^\s/\[\]()<>{}%]+)
''', re.X)


def skip_string(data, pos):
    """pos just after '(': the position after the matching ')'."""
    depth = 1
    while pos < len(data) and depth:
        c = data[pos]
        if c == 0x5C:        # backslash: the next byte is escaped
            pos += 2
            continue
        if c == 0x28:
            depth += 1
        elif c == 0x29:
            depth -= 1
        pos += 1
    return pos


def tokens(data):
    """Operands and operators: numbers as floats, names as str, anything
    else (strings, arrays, dictionaries) as None; ('op', name) for
    operators.  Inline images are skipped whole."""
    pos = 0
    depth = 0
    while pos < len(data):
        m = TOKEN.match(data, pos)
        if not m:
            pos += 1
            continue
        pos = m.end()
        kind = m.lastgroup
        if kind == 'ws':
            continue
        if kind == 'str':
            pos = skip_string(data, pos)
            if not depth:
                yield None
        elif kind in ('aopen', 'dopen'):
            depth += 1
        elif kind in ('aclose', 'dclose'):
            depth -= 1
            if not depth:
                yield None
        elif depth:
            continue
        elif kind == 'hex':
            yield None
        elif kind == 'name':
            yield m.group().decode('latin-1')
        elif kind == 'num':
            yield float(m.group())
        else:
            op = m.group().decode('latin-1')
            if op == 'BI':
                end = data.find(b'EI', data.find(b'ID', pos))
                pos = len(data) if end < 0 else end + 2
                continue
            yield ('op', op)


def mul(a, b):
    """a then b, as PDF matrices [a b c d e f] (row vectors)."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def least_scale(m):
    """The smaller singular value of the matrix's linear part: how much a
    line's width shrinks across its thinnest direction."""
    a, b, c, d = m[:4]
    s = a * a + b * b + c * c + d * d
    det = a * d - b * c
    return math.sqrt(max(0.0, (s - math.sqrt(max(0.0, s * s - 4 * det * det))) / 2))


IDENTITY = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
STROKES = {'S', 's', 'B', 'B*', 'b', 'b*'}
FILLS = {'f', 'F', 'f*', 'B', 'B*', 'b', 'b*'}


class Pdf:
    def __init__(self, path):
        run = subprocess.run(['qpdf', '--json', '--json-stream-data=inline', '--decode-level=generalized', path],
                             capture_output=True)
        if run.returncode not in (0, 3):
            raise ValueError(run.stderr.decode(errors='replace').strip())
        doc = json.loads(run.stdout)
        self.objects = doc['qpdf'][1]
        self.pages = [p['object'] for p in doc['pages']]
        self.widths = []        # (printed width, where)
        self.seen_patterns = set()

    def get(self, value):
        """A value, its reference followed."""
        while isinstance(value, str) and value.endswith(' R'):
            obj = self.objects.get('obj:' + value, {})
            value = obj['value'] if 'value' in obj else obj.get('stream')
        return value

    def stream(self, ref):
        s = self.get(ref)
        if not isinstance(s, dict) or 'dict' not in s:
            return {}, b''
        return s['dict'], base64.b64decode(s.get('data', ''))

    def resources(self, page):
        """A page's resources, inherited from its parents when absent."""
        node = self.get(page)
        while node is not None:
            if '/Resources' in node:
                return self.get(node['/Resources']) or {}
            node = self.get(node.get('/Parent'))
        return {}

    def run(self, data, res, ctm, lw, where, depth=0):
        """Interprets one content stream from the matrix ctm (the page's or
        the form's space) and line width lw."""
        if depth > 20:
            return
        base = ctm
        stack = []
        ops = []
        fill_pattern = stroke_pattern = None
        for t in tokens(data):
            if not (isinstance(t, tuple) and t[0] == 'op'):
                ops.append(t)
                continue
            op = t[1]
            if op == 'q':
                stack.append((ctm, lw, fill_pattern, stroke_pattern))
            elif op == 'Q':
                if stack:
                    ctm, lw, fill_pattern, stroke_pattern = stack.pop()
            elif op == 'cm' and len(ops) >= 6 and all(isinstance(v, float) for v in ops[-6:]):
                ctm = mul(ops[-6:], ctm)
            elif op == 'w' and ops and isinstance(ops[-1], float):
                lw = ops[-1]
            elif op in ('scn', 'SCN'):
                name = ops[-1] if ops and isinstance(ops[-1], str) else None
                if op == 'scn':
                    fill_pattern = name
                else:
                    stroke_pattern = name
            elif op in ('sc', 'rg', 'g', 'k'):
                fill_pattern = None
            elif op in ('SC', 'RG', 'G', 'K'):
                stroke_pattern = None
            elif op == 'Do' and ops and isinstance(ops[-1], str):
                xobj = (self.get(res.get('/XObject')) or {}).get(ops[-1])
                d, body = self.stream(xobj)
                if d.get('/Subtype') == '/Form':
                    m = [float(v) for v in d.get('/Matrix', IDENTITY)]
                    sub = self.get(d.get('/Resources')) or res
                    self.run(body, sub, mul(m, ctm), lw, f'{where} form {ops[-1]}', depth + 1)
            if op in STROKES:
                self.widths.append((lw * least_scale(ctm), where))
            for name, used in ((fill_pattern, op in FILLS), (stroke_pattern, op in STROKES)):
                if used and name:
                    self.pattern(res, name, base, lw, where, depth)
            ops = []

    def pattern(self, res, name, base, lw, where, depth):
        pat = (self.get(res.get('/Pattern')) or {}).get(name)
        d, body = self.stream(pat)
        if d.get('/PatternType') != 1:
            return
        key = (name, tuple(base), where)
        if key in self.seen_patterns:
            return
        self.seen_patterns.add(key)
        m = [float(v) for v in d.get('/Matrix', IDENTITY)]
        sub = self.get(d.get('/Resources')) or res
        self.run(body, sub, mul(m, base), lw, f'{where} pattern {name}', depth + 1)

    def check(self):
        for n, page in enumerate(self.pages, 1):
            node = self.get(page)
            contents = node.get('/Contents')
            refs = contents if isinstance(contents, list) else [contents]
            data = b'\n'.join(self.stream(r)[1] for r in refs if r)
            self.run(data, self.resources(page), IDENTITY, 1.0, f'page {n}')
        return self.widths


def main(argv):
    floor = FLOOR
    if len(argv) > 2 and argv[1] == '--floor':
        floor = float(argv[2])
        argv = argv[2:]
    bad = 0
    for path in argv[1:]:
        try:
            widths = Pdf(path).check()
        except (ValueError, json.JSONDecodeError) as e:
            print(f'{path}: qpdf could not read it: {e}')
            bad += 1
            continue
        thin = [(w, where) for w, where in widths if w < floor - SLACK]
        if not widths:
            print(f'{path}: no strokes found')
            bad += 1
        elif thin:
            bad += 1
            sizes = sorted({round(w, 3) for w, _ in thin})
            shown = ' '.join(f'{s:g}' for s in sizes[:12]) + (' …' if len(sizes) > 12 else '')
            w, where = min(thin)
            print(f'{path}: {len(thin)} of {len(widths)} strokes under {floor:g} pt, '
                  f'the thinnest {w:.3f} pt ({where}); widths {shown}')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
