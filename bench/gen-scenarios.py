#!/usr/bin/env python3
"""Generate a deterministic corpus of valid orbat scenarios for benchmarking.

    bench/gen-scenarios.py OUTDIR [--seed N] [--scale F] [--check ORBAT]

Groups written under OUTDIR (one folder each):

  bc1999-13x9    standard 13x9 battlecry-1999 boards, ~20 units a side and
                 ~30 terrain hexes (Battle Cry stacking: one unit per hex)
  nz-60x40       noord-zuid miniatures tables, 60x40, short-rows="none",
                 <sections west="20" east="20"/>, a few hundred units (up to
                 two friendly per hex), attributes, generals and brigades, and
                 a couple of thousand terrain hexes
  size-CxR       noord-zuid size series 10x8 .. 120x80 at one density, with
                 enough files per size that every group holds about the same
                 number of hexes: the time per hex shows whether the
                 validator is linear in the size of the scenario

OUTDIR/manifest.tsv lists every file with its board size, hexes, units,
generals, terrain entries and bytes (read by bench/bench.sh).

--scale multiplies the number of files per group (default 1).
--check ORBAT runs `ORBAT validate` on every file and fails unless all are
valid with no diagnostic at all (no warnings either).

Python 3 standard library only; the same seed gives byte-identical files.
"""

import argparse
import os
import random
import subprocess
import sys
from xml.sax.saxutils import escape, quoteattr

NS = "urn:orbat:scenario:1"

# What the validator's rulesets (data/rulesets/*.xml) allow, as far as the
# generator needs it.
RULESETS = {
    "battlecry-1999": {
        "terrain": {"clear": 10, "woods": 20, "orchard": 6, "hill": 16, "buildings": 5,
                    "stream": 8, "river": 6, "bridge": 4, "field": 10, "rough": 4, "fence": 8},
        "impassable": {"river", "rough"},
        "water": {"river", "stream"},
        "figures": {"infantry": 4, "cavalry": 3, "artillery": 2},
        "units_per_hex": 1,
        "units_with_general": 1,
        "brigades": False,
        "attributes": {},
    },
    "noord-zuid": {
        "terrain": {"clear": 14, "woods": 16, "orchard": 8, "hill": 12, "buildings": 5,
                    "stream": 8, "bridge": 3, "field": 16, "rough": 4, "fence": 10},
        "impassable": {"rough"},
        "water": {"stream"},
        "figures": {"infantry": 8, "cavalry": 5, "artillery": 4},
        "units_per_hex": 2,
        "units_with_general": 2,
        "brigades": True,
        "max_brigade": 6,
        "attributes": {
            "infantry": {"weapon": ["musket", "rifle"],
                         "quality": ["veteran", "experienced", "recruit"]},
            "cavalry": {"quality": ["veteran", "experienced"],
                        "state": ["mounted", "dismounted"]},
            "artillery": {"kind": ["field", "horse"],
                          "quality": ["veteran", "experienced"]},
        },
    },
}

TITLES = [
    ("First Bull Run", "Eerste slag bij Bull Run", "Première bataille de Bull Run"),
    ("Shiloh", "Shiloh", "Shiloh"),
    ("Antietam", "Antietam", "Antietam"),
    ("Fredericksburg", "Fredericksburg", "Fredericksburg"),
    ("Chancellorsville", "Chancellorsville", "Chancellorsville"),
    ("Gettysburg: Little Round Top", "Gettysburg: Little Round Top", "Gettysburg : Little Round Top"),
    ("Chickamauga", "Chickamauga", "Chickamauga"),
    ("Franklin & Nashville", "Franklin & Nashville", "Franklin et Nashville"),
]

BRIEFINGS = (
    "The armies meet at dawn. Hold the crossings and the high ground; "
    "the side that breaks the enemy's centre first wins the day.",
    "De legers ontmoeten elkaar bij dageraad. Houd de overgangen en de "
    "hoogten; wie eerst het centrum van de vijand breekt, wint de dag.",
    "Les armées se rencontrent à l’aube. Tenez les passages et les hauteurs ; "
    "le camp qui brise d’abord le centre ennemi remporte la journée.",
)

OBJECTIVE_NAMES = [
    ("the church", "de kerk", "l’église"),
    ("the mill", "de molen", "le moulin"),
    ("the crossroads", "het kruispunt", "le carrefour"),
    ("the ridge", "de heuvelrug", "la crête"),
]


# --- hex geometry: the same odd-r layout as src/geo/hex.c -------------------

def col_letters(col):
    """0-based column -> A, B, .., Z, AA, .."""
    c = col + 1
    out = ""
    while c > 0:
        c, rem = divmod(c - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def address(hex_):
    col, row = hex_
    return "%s%d" % (col_letters(col), row + 1)


class Board:
    def __init__(self, columns, rows, short_rows):
        self.columns = columns
        self.rows = rows
        self.short_rows = short_rows

    def row_length(self, row):
        return self.columns - 1 if (row % 2 == 1 and self.short_rows) else self.columns

    def on_board(self, h):
        col, row = h
        return 0 <= row < self.rows and 0 <= col < self.row_length(row)

    def hexes(self):
        return [(c, r) for r in range(self.rows) for c in range(self.row_length(r))]

    @staticmethod
    def neighbours(h):
        col, row = h
        odd = row & 1
        return [(col + 1, row), (col + odd, row - 1), (col - 1 + odd, row - 1),
                (col - 1, row), (col - 1 + odd, row + 1), (col + odd, row + 1)]

    def half(self, side):
        """Rows of a side's deployment zone: union (0) south, confederate (1) north."""
        if side == 1:
            return range(0, self.rows // 2)
        return range((self.rows + 1) // 2, self.rows)


# --- one scenario ------------------------------------------------------------

def weighted(rng, table):
    keys = sorted(table)
    return rng.choices(keys, weights=[table[k] for k in keys])[0]


def make_scenario(rng, sid, ruleset, columns, rows, short_rows, sections,
                  units_per_side, generals_per_side, terrain_count, briefing=False):
    rs = RULESETS[ruleset]
    board = Board(columns, rows, short_rows)
    all_hexes = board.hexes()

    # Terrain: distinct hexes; bridges only where they touch water (else the
    # validator warns), fieldworks only where a unit may stand.
    terrain_count = min(terrain_count, len(all_hexes))
    terrain = {}
    for h in rng.sample(all_hexes, terrain_count):
        terrain[h] = weighted(rng, rs["terrain"])
    for h, t in list(terrain.items()):
        if t == "bridge" and not any(terrain.get(n) in rs["water"]
                                     for n in board.neighbours(h) if board.on_board(n)):
            terrain[h] = "field"
    fieldworks = {h for h, t in terrain.items()
                  if t not in rs["impassable"] and rng.random() < 0.05}

    def passable(h):
        return terrain.get(h, "clear") not in rs["impassable"]

    count = [dict(), dict()]       # units per hex, per side
    general_at = set()

    def capacity(side, h):
        limit = rs["units_per_hex"]
        if h in general_at:
            limit = min(limit, rs["units_with_general"])
        return limit - count[side].get(h, 0)

    def unit_element(side, uid, h):
        utype = rng.choices(["infantry", "cavalry", "artillery"], weights=[6, 2, 2])[0]
        attrs = [("id", uid), ("type", utype), ("at", address(h))]
        if rng.random() < 0.3:
            attrs.append(("figures", str(rng.randint(1, rs["figures"][utype]))))
        if rng.random() < 0.1:
            attrs.append(("name", "%s %s" % (rng.choice(["1st", "2nd", "20th", "69th"]),
                                             rng.choice(["Maine", "Virginia", "New York",
                                                         "Texas", "Ohio"]))))
        for attr, values in sorted(rs["attributes"].get(utype, {}).items()):
            if rng.random() < 0.8:
                attrs.append((attr, rng.choice(values)))
        count[side][h] = count[side].get(h, 0) + 1
        return attrs

    sides = []
    all_unit_total = [0, 0]
    for side in (0, 1):
        prefix = "u" if side == 0 else "c"
        zone = [h for h in all_hexes if h[1] in board.half(side) and passable(h)]
        rng.shuffle(zone)
        children = []        # (tag, attrs)
        n_units = 0

        # Generals first, each with the units of his brigade (noord-zuid) or
        # an attached unit now and then (Battle Cry).
        free = iter(zone)
        for g in range(generals_per_side):
            h = next((z for z in free if z not in general_at and count[side].get(z, 0) == 0), None)
            if h is None:
                break
            general_at.add(h)
            gid = "%s-gen-%02d" % (prefix, g + 1)
            gattrs = [("id", gid), ("at", address(h))]
            if rng.random() < 0.5:
                gattrs.append(("name", "General %s" % rng.choice(
                    ["Lee", "Grant", "Jackson", "Sherman", "Longstreet", "Meade", "Hood"])))
            children.append(("general", gattrs))
            if rs["brigades"]:
                want = rng.randint(2, rs["max_brigade"])
                ring = [h] + [n for n in board.neighbours(h)
                              if board.on_board(n) and n[1] in board.half(side) and passable(n)]
                members = []
                for spot in ring:
                    while len(members) < want and n_units < units_per_side and capacity(side, spot) > 0:
                        uid = "%s-%04d" % (prefix, n_units + 1)
                        children.append(("unit", unit_element(side, uid, spot)))
                        members.append(uid)
                        n_units += 1
                if members:
                    children.append(("brigade", [("id", "%s-bde-%02d" % (prefix, g + 1)),
                                                 ("general", gid),
                                                 ("units", " ".join(members))]))
            elif n_units < units_per_side and rng.random() < 0.5:
                uid = "%s-%04d" % (prefix, n_units + 1)
                children.append(("unit", unit_element(side, uid, h)))
                n_units += 1

        # The rest of the army anywhere in the zone, respecting stacking.
        spots = [z for z in zone for _ in range(rs["units_per_hex"])]
        rng.shuffle(spots)
        for spot in spots:
            if n_units >= units_per_side:
                break
            if capacity(side, spot) <= 0:
                continue
            uid = "%s-%04d" % (prefix, n_units + 1)
            children.append(("unit", unit_element(side, uid, spot)))
            n_units += 1
        all_unit_total[side] = n_units
        sides.append(children)

    generals = [sum(1 for tag, _ in sides[s] if tag == "general") for s in (0, 1)]

    # Objectives and victory targets each side can reach.
    objectives = []
    open_vp = [0, 0]
    for _ in range(rng.randint(2, 4 if columns <= 13 else 8)):
        h = rng.choice(all_hexes)
        vp = rng.randint(1, 3)
        who = rng.choice(["union", "confederate", "both"])
        for s, name in ((0, "union"), (1, "confederate")):
            if who in (name, "both"):
                open_vp[s] += vp
        names = rng.choice(OBJECTIVE_NAMES) if rng.random() < 0.5 else None
        objectives.append((h, vp, who, names))
    victory = []
    for s in (0, 1):
        reachable = all_unit_total[1 - s] + generals[1 - s] + open_vp[s]
        victory.append(rng.randint(1, max(1, min(reachable, 12))))
    first = rng.randint(0, 1)

    # Write it out, one element per line as an author would.
    title = rng.choice(TITLES)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<scenario xmlns="%s" id="%s" ruleset="%s">' % (NS, sid, ruleset)]
    for lang, text in zip(("en", "nl", "fr"), title):
        out.append('  <title xml:lang="%s">%s</title>' % (lang, escape(text)))
    if briefing:
        for lang, text in zip(("en", "nl", "fr"), BRIEFINGS):
            out.append('  <briefing xml:lang="%s">%s</briefing>' % (lang, escape(text)))
        out.append("  <date>%d-%02d-%02d</date>" % (rng.randint(1861, 1865), rng.randint(1, 12),
                                                     rng.randint(1, 28)))
    board_attrs = 'columns="%d" rows="%d"' % (columns, rows)
    if not short_rows:
        board_attrs += ' short-rows="none"'
    if sections:
        out.append("  <board %s>" % board_attrs)
        out.append('    <sections west="%d" east="%d"/>' % sections)
        out.append("  </board>")
    else:
        out.append("  <board %s/>" % board_attrs)
    out.append("  <terrain>")
    for h in sorted(terrain, key=lambda x: (x[1], x[0])):
        extra = ' fieldworks="true"' if h in fieldworks else ""
        out.append('    <hex at="%s" type="%s"%s/>' % (address(h), terrain[h], extra))
    out.append("  </terrain>")
    for s, (sname, home) in enumerate((("union", "south"), ("confederate", "north"))):
        first_attr = ' first="true"' if s == first else ""
        out.append('  <side id="%s" home="%s" cards="5" victory="%d"%s>'
                   % (sname, home, victory[s], first_attr))
        for tag, attrs in sides[s]:
            out.append("    <%s %s/>" % (tag, " ".join("%s=%s" % (k, quoteattr(v)) for k, v in attrs)))
        out.append("  </side>")
    for h, vp, who, names in objectives:
        if names:
            out.append('  <objective at="%s" vp="%d" for="%s">' % (address(h), vp, who))
            for lang, text in zip(("en", "nl", "fr"), names):
                out.append('    <name xml:lang="%s">%s</name>' % (lang, escape(text)))
            out.append("  </objective>")
        else:
            out.append('  <objective at="%s" vp="%d" for="%s"/>' % (address(h), vp, who))
    out.append("</scenario>")
    text = "\n".join(out) + "\n"
    stats = {"columns": columns, "rows": rows, "hexes": len(all_hexes),
             "units": sum(all_unit_total), "generals": sum(generals), "terrain": len(terrain)}
    return text, stats


# --- the corpus ----------------------------------------------------------------

# Size series: one density for every size (per hex: 1/8 unit, 1/80
# general, 85 % listed terrain), about the same number of hexes per group.
SIZE_SERIES = [(10, 8), (20, 15), (40, 30), (60, 40), (120, 80)]
SERIES_HEXES = 4 * 120 * 80


def groups(scale):
    g = []
    g.append(("bc1999-13x9", max(1, int(100 * scale)), dict(
        ruleset="battlecry-1999", columns=13, rows=9, short_rows=True,
        units=20, generals=3, terrain=30, sections_every=3)))
    g.append(("nz-60x40", max(1, int(10 * scale)), dict(
        ruleset="noord-zuid", columns=60, rows=40, short_rows=False, sections=(20, 20),
        units=150, generals=16, terrain=2000)))
    for c, r in SIZE_SERIES:
        hexes = c * r
        files = max(1, int(round(SERIES_HEXES * scale / hexes)))
        g.append(("size-%dx%d" % (c, r), files, dict(
            ruleset="noord-zuid", columns=c, rows=r, short_rows=False,
            sections=(max(1, c // 3), max(1, c // 3)),
            units=max(2, hexes // 16), generals=max(1, hexes // 160),
            terrain=int(hexes * 0.85))))
    return g


def generate(outdir, seed, scale):
    manifest = ["group\tfile\tcolumns\trows\thexes\tunits\tgenerals\tterrain\tbytes"]
    files = []
    for name, count, spec in groups(scale):
        gdir = os.path.join(outdir, name)
        os.makedirs(gdir, exist_ok=True)
        for i in range(count):
            # One generator per file: a file does not change when the number
            # of files in a group does.
            rng = random.Random("%d/%s/%d" % (seed, name, i))
            sections = spec.get("sections")
            if spec.get("sections_every") and i % spec["sections_every"] == 0:
                sections = (4, 4)
            sid = "bench-%s-%04d" % (name, i + 1)
            text, st = make_scenario(
                rng, sid, spec["ruleset"], spec["columns"], spec["rows"], spec["short_rows"],
                sections, spec["units"], spec["generals"], spec["terrain"],
                briefing=(i % 2 == 0))
            path = os.path.join(gdir, "%s.xml" % sid)
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            size = len(text.encode("utf-8"))
            files.append(path)
            manifest.append("\t".join(str(x) for x in (
                name, os.path.relpath(path, outdir), st["columns"], st["rows"], st["hexes"],
                st["units"], st["generals"], st["terrain"], size)))
    with open(os.path.join(outdir, "manifest.tsv"), "w") as f:
        f.write("\n".join(manifest) + "\n")
    return files


def check(orbat, files):
    """Every file valid, not a single diagnostic."""
    bad = 0
    for i in range(0, len(files), 200):
        batch = files[i:i + 200]
        p = subprocess.run([orbat, "validate", "-q"] + batch, capture_output=True, text=True)
        if p.returncode != 0 or p.stderr.strip():
            bad += 1
            sys.stderr.write(p.stderr[:4000])
    return bad == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--seed", type=int, default=1861)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--check", metavar="ORBAT", help="validate every file with this orbat binary")
    args = ap.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    files = generate(args.outdir, args.seed, args.scale)
    print("gen-scenarios: %d files in %s" % (len(files), args.outdir))
    if args.check:
        if not check(args.check, files):
            print("gen-scenarios: some generated files are not valid", file=sys.stderr)
            return 1
        print("gen-scenarios: all %d files valid, no diagnostics" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
