#!/bin/bash
# The maps' parts a club prints and a print shop cuts:
# - a legend lists the terrain its map has and nothing else;
# - A4 tiles, cut inside the map's frame, still carry both home-edge
#   labels and every section's name (the tiles that hold those edges);
# - every word of a tile's footer stands inside the trim's width, clear
#   of the crop marks on its line, in en, nl and fr, on A4 and Letter.
#
#   run-map-parts.sh ORBAT_BINARY SOURCE_ROOT
#
# Exit 77 (skipped) when poppler-utils or python3 is missing.
set -u
. "$(dirname -- "$0")/pdf-lib.sh"
check_begin map-parts "pdftotext pdfinfo python3" "$@"
fail=0
bad() { echo "FAIL: $*"; fail=1; }

scenarios="antietam fredericksburg brandy-station shiloh first-bull-run"
for paper in a4 letter; do
	args=()
	for s in $scenarios; do args+=("$ROOT/scenarios/$s.xml"); done
	if ! "$ORBAT" render -q -o "$WORK/$paper" --paper "$paper" "${args[@]}" >/dev/null 2>"$WORK/err"; then
		cat "$WORK/err"
		bad "render --paper $paper failed"
	fi
done

# The legend's entries: the poster's words after its "Legend" heading.
legend() { # SCENARIO
	pdftotext -raw "$WORK/a4/$1/en/map-poster.pdf" - | sed -n '/^Legend/,$p'
}
absent() { # SCENARIO TERRAIN...
	local s=$1 t
	shift
	for t in "$@"; do
		legend "$s" | grep -qw "$t" && bad "$s: the legend lists $t, which the map has not"
	done
}
present() { # SCENARIO TERRAIN...
	local s=$1 t
	shift
	for t in "$@"; do
		legend "$s" | grep -qw "$t" || bad "$s: the legend lacks $t, which the map has"
	done
}
absent antietam "Rough ground"
present antietam Clear Woods Orchard Stream River Bridge Field Fence
absent fredericksburg Orchard Field "Rough ground"
present fredericksburg Stream River Bridge Buildings Fieldworks
absent brandy-station Orchard "Rough ground"
absent shiloh Bridge Field "Rough ground" Fieldworks
present shiloh Orchard Stream River

# Home edges and sections on the tiles, both papers.
for paper in a4 letter; do
	for s in antietam shiloh first-bull-run fredericksburg; do
		text=$(pdftotext "$WORK/$paper/$s/en/map-tiles.pdf" - | tr '\n' ' ')
		for want in "Home edge of the Union player" "Home edge of the Confederacy player" "Union left / Confederacy right" \
			"Union centre / Confederacy centre" "Union right / Confederacy left"; do
			grep -qF "$want" <<<"$text" || bad "$s $paper tiles: no \"$want\""
		done
	done
done

# The footer's words inside the trim's width, every tile, every language.
for paper in a4 letter; do
	for s in shiloh fredericksburg; do
		for lang in en nl fr; do
			pdf="$WORK/$paper/$s/$lang/map-tiles.pdf"
			pdftotext -bbox "$pdf" "$WORK/words.html"
			pdfinfo -box -f 1 -l 999 "$pdf" >"$WORK/boxes"
			python3 - "$WORK/words.html" "$WORK/boxes" "$s $paper $lang" <<'PY' || fail=1
import re, sys
words, boxes, what = open(sys.argv[1]).read(), open(sys.argv[2]).read(), sys.argv[3]
trims = [tuple(map(float, m)) for m in re.findall(r'TrimBox:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)', boxes)]
heights = [float(m) for m in re.findall(r'<page width="[^"]+" height="([^"]+)"', words)]
pages = words.split('<page ')[1:]
bad = 0
for n, page in enumerate(pages):
    x0, y0, x1, y1 = trims[n]
    footer_top = heights[n] - y0  # the trim's foot, in pdftotext's y (top down)
    for m in re.finditer(r'xMin="([^"]+)" yMin="([^"]+)" xMax="([^"]+)" yMax="([^"]+)">([^<]*)<', page):
        a, b, c, d = map(float, m.groups()[:4])
        if b < footer_top:
            continue
        if a < x0 - 0.01 or c > x1 + 0.01:
            print(f"FAIL: {what} tile {n + 1}: footer word {m.group(5)!r} at x {a:.1f}-{c:.1f} pt, trim {x0:.1f}-{x1:.1f}")
            bad = 1
sys.exit(bad)
PY
		done
	done
done
exit $fail
