#!/usr/bin/env python3
"""Text and line work meant black is pure black: no colour operator in a
PDF sets a near-black (every channel at most 0.2, not all 0), which a
press would print as four-colour black that fringes on small type.

    near_black.py PDF...

Reads every content stream, page and form alike, uncompressed by qpdf.
Prints one line per PDF that sets a near-black, with the colours and how
often; exit 1 when any does, 0 otherwise."""
import collections
import re
import subprocess
import sys

NUMBER = rb'(-?(?:\d+\.?\d*|\.\d+))'
# "r g b rg" (fill), "r g b RG" (stroke), "v g" / "v G" (grey), each a
# whole operator between white space.
RGB = re.compile(rb'(?<![^\s\[\]])' + NUMBER + rb'\s+' + NUMBER + rb'\s+' + NUMBER + rb'\s+(rg|RG)(?=\s)')
GREY = re.compile(rb'(?<![^\s\[\]])' + NUMBER + rb'\s+(g|G)(?=\s)')
LIMIT = 0.2


def near_black(channels):
    return max(channels) <= LIMIT and max(channels) > 0


bad = 0
for pdf in sys.argv[1:]:
    run = subprocess.run(['qpdf', '--qdf', '--object-streams=disable', pdf, '-'],
                         capture_output=True)
    if run.returncode not in (0, 3):
        print(f'{pdf}: qpdf could not read it: {run.stderr.decode(errors="replace").strip()}')
        bad += 1
        continue
    seen = collections.Counter()
    for m in RGB.finditer(run.stdout):
        channels = tuple(float(x) for x in m.group(1, 2, 3))
        if near_black(channels):
            seen[(m.group(4).decode(), channels)] += 1
    for m in GREY.finditer(run.stdout):
        channels = (float(m.group(1)),) * 3
        if near_black(channels):
            seen[(m.group(2).decode(), channels)] += 1
    if seen:
        bad += 1
        found = ', '.join(f'{" ".join(f"{c:g}" for c in v)} {op} ×{n}' for (op, v), n in sorted(seen.items()))
        print(f'{pdf}: near-black colours: {found}')
sys.exit(1 if bad else 0)
