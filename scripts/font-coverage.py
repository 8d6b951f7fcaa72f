#!/usr/bin/env python3
"""The characters the bundled fonts draw, as fonts/coverage.txt, which
`orbat validate` reads to refuse a text the print products could not show
(rule `font`).  Kept as data so that the validator, the small program users
run most, reads a short list of ranges instead of loading fontconfig and
six font files on every run.

    scripts/font-coverage.py FONTS_DIR            the file, on standard output
    scripts/font-coverage.py FONTS_DIR --write    into FONTS_DIR/coverage.txt

The set is the union of the character sets fc-query reads from every font
file of the folder (the .ttf and .otf files fonts.c loads), together with the
characters drawn without a glyph: controls, format characters (a soft
hyphen, joiners, marks of direction), line and paragraph separators and the
variation selectors.  The header names each font file with its SHA-256, so
that the `font-coverage` test sees a font changed without this file."""
import hashlib
import os
import subprocess
import sys
import unicodedata

FONT_ENDINGS = ('.ttf', '.otf')  # what src/text/fonts.c loads


def font_files(folder):
    return sorted(n for n in os.listdir(folder) if n.lower().endswith(FONT_ENDINGS))


def charset(path):
    """Every code point of every face of the file, as fc-query reads it."""
    points = set()
    faces = subprocess.run(['fc-query', '--format=%{charset}\\n', path], capture_output=True, text=True,
                           check=True).stdout
    for line in faces.splitlines():
        for token in line.split():
            lo, _, hi = token.partition('-')
            points.update(range(int(lo, 16), int(hi or lo, 16) + 1))
    return points


def needs_no_glyph(point):
    if 0xFE00 <= point <= 0xFE0F or 0xE0100 <= point <= 0xE01EF:
        return True   # variation selectors
    if 0xD800 <= point <= 0xDFFF:
        return False  # surrogates are not characters
    return unicodedata.category(chr(point)) in ('Cc', 'Cf', 'Zl', 'Zp')


def ranges(points):
    out, start, last = [], None, None
    for p in sorted(points):
        if start is None:
            start = last = p
        elif p == last + 1:
            last = p
        else:
            out.append((start, last))
            start = last = p
    if start is not None:
        out.append((start, last))
    return out


def coverage(folder):
    files = font_files(folder)
    if not files:
        sys.exit(f'font-coverage: no font file in {folder}')
    points = set()
    lines = ['# The characters the bundled fonts draw, and those drawn without a glyph,',
             '# one range of code points (hexadecimal) a line: made by',
             '# scripts/font-coverage.py from these files, read by orbat validate.']
    for name in files:
        path = os.path.join(folder, name)
        digest = hashlib.sha256(open(path, 'rb').read()).hexdigest()
        lines.append(f'# font {name} {digest}')
        points |= charset(path)
    points |= {p for p in range(0x110000) if needs_no_glyph(p)}
    lines += [f'{lo:04X}-{hi:04X}' for lo, hi in ranges(points)]
    return '\n'.join(lines) + '\n'


def main(argv):
    if len(argv) not in (2, 3) or (len(argv) == 3 and argv[2] != '--write'):
        sys.exit('usage: font-coverage.py FONTS_DIR [--write]')
    text = coverage(argv[1])
    if len(argv) == 3:
        with open(os.path.join(argv[1], 'coverage.txt'), 'w', encoding='ascii') as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == '__main__':
    main(sys.argv)
