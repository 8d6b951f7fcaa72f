#!/usr/bin/env python3
"""Write the largest board a ruleset allows, with many units a side.

    make-big-scenario.py RULESET_XML UNITS_PER_SIDE OUT_XML

The board takes the ruleset's max-columns and max-rows (noord-zuid:
120 x 80) with every row full (short-rows="none"); each side stands in
ranks along its home edge, one unit a hex, infantry with an artillery
battery every fifth hex and cavalry every seventh, and one general every
twentieth unit.  Victory takes every unit of the other side, so a game
lasts as long as the caller lets it (--max-turns).
"""
import re
import sys


def board_limits(ruleset_path):
    text = open(ruleset_path, encoding="utf-8").read()
    board = re.search(r"<board\b[^>]*>", text, re.S).group(0)
    cols = int(re.search(r'max-columns="(\d+)"', board).group(1))
    rows = int(re.search(r'max-rows="(\d+)"', board).group(1))
    return cols, rows


def column_letters(index):
    """0 -> A, 25 -> Z, 26 -> AA: the hex address's column."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def side(name, prefix, home, cols, rows, units):
    out = [f'  <side id="{name}" home="{home}" cards="5" victory="{units}">']
    for i in range(units):
        rank, col = divmod(i, cols)
        row = rows - rank if home == "south" else 1 + rank
        where = f"{column_letters(col)}{row}"
        kind = "artillery" if i % 5 == 4 else "cavalry" if i % 7 == 6 else "infantry"
        out.append(f'    <unit id="{prefix}{i + 1}" type="{kind}" at="{where}"/>')
        if i % 20 == 0 and kind != "artillery":
            out.append(f'    <general id="{prefix}g{i + 1}" at="{where}"/>')
    out.append("  </side>")
    return out


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    ruleset_path, units, out_path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    ruleset = re.search(r'<ruleset\b[^>]*\bid="([^"]+)"', open(ruleset_path, encoding="utf-8").read()).group(1)
    cols, rows = board_limits(ruleset_path)
    if units > cols * (rows // 2):
        sys.exit(f"{units} units do not fit on a side's half of {cols} x {rows}")
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<scenario xmlns="urn:orbat:scenario:1" id="big-board" ruleset="{ruleset}">',
             '  <title xml:lang="en">Big board</title>',
             '  <title xml:lang="nl">Groot bord</title>',
             '  <title xml:lang="fr">Grand plateau</title>',
             f'  <board columns="{cols}" rows="{rows}" short-rows="none"/>']
    lines += side("union", "u", "south", cols, rows, units)
    lines += side("confederate", "c", "north", cols, rows, units)
    lines.append("</scenario>")
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
