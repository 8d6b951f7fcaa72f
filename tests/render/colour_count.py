#!/usr/bin/env python3
"""Count the pixels of an image within a tolerance of a colour.

    colour_count.py IMAGE R G B [TOLERANCE]

IMAGE is a binary PPM (P6, as pdftoppm writes it) or an 8-bit RGB/RGBA
PNG (as cairo writes it, any filter, not interlaced).  Prints the count.
"""
import struct
import sys
import zlib


def read_ppm(data):
    # Header: P6, width, height, maxval, separated by whitespace.
    fields, pos = [], 2
    while len(fields) < 3:
        while data[pos:pos + 1].isspace():
            pos += 1
        start = pos
        while not data[pos:pos + 1].isspace():
            pos += 1
        fields.append(int(data[start:pos]))
    width, height, _ = fields
    pixels = data[pos + 1:pos + 1 + width * height * 3]
    return width, height, 3, pixels


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read_png(data):
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour not in (2, 6) or body[12] != 0:
                sys.exit("colour_count: only 8-bit RGB(A) PNGs without interlace")
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    out = bytearray()
    prev = bytearray(stride)
    for row in range(height):
        start = row * (stride + 1)
        kind = raw[start]
        line = bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                line[i] = (line[i] + paeth(a, b, c)) & 255
        out += line
        prev = line
    return width, height, bpp, bytes(out)


def main():
    path = sys.argv[1]
    r, g, b = (int(v) for v in sys.argv[2:5])
    tol = int(sys.argv[5]) if len(sys.argv) > 5 else 4
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"P6":
        width, height, bpp, pixels = read_ppm(data)
    elif data[:8] == b"\x89PNG\r\n\x1a\n":
        width, height, bpp, pixels = read_png(data)
    else:
        sys.exit("colour_count: %s is neither a P6 PPM nor a PNG" % path)
    count = 0
    for i in range(0, width * height * bpp, bpp):
        # cairo's PNG pixels are BGRA in memory but written as RGBA.
        if abs(pixels[i] - r) <= tol and abs(pixels[i + 1] - g) <= tol and abs(pixels[i + 2] - b) <= tol:
            count += 1
    print(count)


if __name__ == "__main__":
    main()
