#!/usr/bin/env python3
"""Map raster references: a page image reduced to a grid of block colours.

pdftoppm renders a map page to a binary PPM (P6); this script averages it
over BLOCK x BLOCK pixel squares and either writes that grid as a plain
PPM ("P3", one image row per line, readable by any image viewer and by
diff) or compares it with such a reference.

Averaging, then a per-block colour distance with a small allowance of
differing blocks and a ceiling no block may pass, lets anti-aliasing and font hinting noise pass while a
change a reader would see fails: the sea or a river painted as paper, a
unit counter gone, the grid moved by a millimetre.

  raster.py write  PAGE.ppm REF.ppm
  raster.py compare PAGE.ppm REF.ppm [DIFF.ppm]

compare exits 0 when the page matches, 1 when it does not (saying where),
2 on unreadable input; DIFF.ppm, when given, receives the differing blocks
in red over a faded copy of the page, to look at.
"""
import sys

# 4 x 4 pixels of a 40 dpi render: blocks of 2.5 mm on the page.
BLOCK = 4
# A block differs when one of its mean channels moves by more than this
# (of 255).  A counter or a water hex changes its blocks by 60 and more;
# edge noise by a few units.
BLOCK_TOLERANCE = 24
# Differing blocks allowed per page before the page fails: a few, for
# text that a different FreeType or poppler draws a pixel wider.
ALLOWED_BLOCKS = 12
# No block may move further than this: a single dropped counter on a
# square map moves its main block by about 100 and only a handful of
# blocks in all, fewer than the allowance.
BLOCK_LIMIT = 64


def tokens(data, pos, count):
    """count whitespace-separated header tokens from pos, skipping comments."""
    out = []
    while len(out) < count:
        while pos < len(data) and data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b'#':
            while pos < len(data) and data[pos:pos + 1] not in (b'\n', b'\r'):
                pos += 1
            continue
        start = pos
        while pos < len(data) and not data[pos:pos + 1].isspace():
            pos += 1
        if start == pos:
            raise ValueError('truncated header')
        out.append(data[start:pos])
    return out, pos


def read_ppm(path):
    """(width, height, rows of (r, g, b) tuples scaled to 0..255)."""
    with open(path, 'rb') as f:
        data = f.read()
    (magic, w, h, maxval), pos = tokens(data, 0, 4)
    w, h, maxval = int(w), int(h), int(maxval)
    if w <= 0 or h <= 0 or not 0 < maxval < 256:
        raise ValueError('unsupported size or depth')
    if magic == b'P6':
        pix = data[pos + 1:pos + 1 + w * h * 3]
        if len(pix) != w * h * 3:
            raise ValueError('truncated pixels')
        values = list(pix)
    elif magic == b'P3':
        values = [int(v) for v in data[pos:].split() if not v.startswith(b'#')]
        if len(values) != w * h * 3:
            raise ValueError('expected %d values, found %d' % (w * h * 3, len(values)))
    else:
        raise ValueError('not a PPM (P3 or P6)')
    scale = 255 / maxval
    rows = []
    for y in range(h):
        base = y * w * 3
        rows.append([(round(values[base + 3 * x] * scale), round(values[base + 3 * x + 1] * scale),
                      round(values[base + 3 * x + 2] * scale)) for x in range(w)])
    return w, h, rows


def blocks(w, h, rows):
    """Mean colour of each BLOCK x BLOCK square; partial squares at the
    right and bottom edges are averaged over the pixels they have."""
    bw, bh = (w + BLOCK - 1) // BLOCK, (h + BLOCK - 1) // BLOCK
    grid = []
    for by in range(bh):
        line = []
        for bx in range(bw):
            s = [0, 0, 0]
            n = 0
            for y in range(by * BLOCK, min(h, by * BLOCK + BLOCK)):
                row = rows[y]
                for x in range(bx * BLOCK, min(w, bx * BLOCK + BLOCK)):
                    p = row[x]
                    s[0] += p[0]
                    s[1] += p[1]
                    s[2] += p[2]
                    n += 1
            line.append(tuple(round(c / n) for c in s))
        grid.append(line)
    return bw, bh, grid


def write_p3(path, w, h, rows, comment):
    with open(path, 'w', encoding='ascii') as f:
        f.write('P3\n# %s\n%d %d\n255\n' % (comment, w, h))
        for row in rows:
            f.write(' '.join('%d %d %d' % p for p in row))
            f.write('\n')


def main(argv):
    if len(argv) < 3 or argv[0] not in ('write', 'compare'):
        sys.stderr.write(__doc__)
        return 2
    try:
        w, h, rows = read_ppm(argv[1])
        bw, bh, grid = blocks(w, h, rows)
        if argv[0] == 'write':
            write_p3(argv[2], bw, bh, grid,
                     'map raster reference: %dx%d px page, %d px blocks (tests/raster)' % (w, h, BLOCK))
            return 0
        rw, rh, ref = read_ppm(argv[2])
    except (OSError, ValueError) as e:
        sys.stderr.write('raster: %s\n' % e)
        return 2
    if (rw, rh) != (bw, bh):
        print('page is %dx%d blocks, the reference %dx%d: the page size changed' % (bw, bh, rw, rh))
        return 1
    bad = []
    worst = 0
    for y in range(bh):
        for x in range(bw):
            d = max(abs(a - b) for a, b in zip(grid[y][x], ref[y][x]))
            worst = max(worst, d)
            if d > BLOCK_TOLERANCE:
                bad.append((d, x, y))
    if len(argv) > 3:
        diff = [[(255, 0, 0) if max(abs(a - b) for a, b in zip(grid[y][x], ref[y][x])) > BLOCK_TOLERANCE
                 else tuple(170 + c // 3 for c in grid[y][x]) for x in range(bw)] for y in range(bh)]
        write_p3(argv[3], bw, bh, diff, 'differing blocks in red')
    if len(bad) > ALLOWED_BLOCKS or worst > BLOCK_LIMIT:
        bad.sort(reverse=True)
        where = ', '.join('(%d,%d) by %d' % (x, y, d) for d, x, y in bad[:8])
        print('%d of %d blocks differ by more than %d (allowed %d, none by more than %d); '
              'largest at block (column,row) %s'
              % (len(bad), bw * bh, BLOCK_TOLERANCE, ALLOWED_BLOCKS, BLOCK_LIMIT, where))
        return 1
    print('%d of %d blocks differ by more than %d (allowed %d), largest difference %d'
          % (len(bad), bw * bh, BLOCK_TOLERANCE, ALLOWED_BLOCKS, worst))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
