#!/bin/bash
# Print-shop checks of the products, read back with real clients:
#   - no near-black colour: black text and lines are 0 0 0 (near_black.py);
#   - no line of a map product under 0.25 pt on paper (line_floor.py);
#   - page boxes (pdfinfo -box): poster, panels, tiles and deck carry a
#     TrimBox at the cut and a BleedBox where the art stops;
#   - marks measured from what was drawn (pdftocairo -svg, marks.py):
#     on the cut lines, outside the bleed with a gap, long enough;
#   - --poster-panel: panel count and size for gettysburg-first-day;
#   - PNG exports carry their resolution (pHYs);
#   - the real date without SOURCE_DATE_EPOCH, a fixed one with it, and
#     then the same bytes twice (a deterministic /ID);
#   - qpdf --check on every product.
# Ends with "prepress-checks: N passed, M failed"; exit 77 (skipped) when a
# client is missing.
set -u

if [ $# -ne 2 ]; then
	echo "usage: $0 ORBAT_BINARY SOURCE_ROOT" >&2
	exit 2
fi
ORBAT=$1
ROOT=$2
HERE=$(cd "$(dirname "$0")" && pwd)
for tool in pdfinfo pdftocairo qpdf python3 jq xmllint; do
	command -v "$tool" > /dev/null 2>&1 || { echo "prepress-checks: $tool missing, skipped"; exit 77; }
done
WORK=$(mktemp -d "${TMPDIR:-/tmp}/orbat-prepress.XXXXXX") || exit 1
trap 'rm -rf "$WORK"' EXIT
# shellcheck source=../render/pdf-lib.sh
. "$ROOT/tests/render/pdf-lib.sh"
export PAPERSIZE=a4
SCEN=$ROOT/scenarios

# box FILE PAGE NAME: "llx lly urx ury" in mm
box() {
	pdfinfo -box -f "$2" -l "$2" "$1" 2>/dev/null |
		awk -v n="$3:" -v pt="$PT" '$3 == n { printf "%.3f %.3f %.3f %.3f\n", $4 / pt, $5 / pt, $6 / pt, $7 / pt }'
}
# boxes_near A B TOL: four numbers each within TOL
boxes_near() {
	awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { n = split(a, x, " "); m = split(b, y, " ")
		if (n != 4 || m != 4) exit 1
		for (i = 1; i <= 4; i++) { d = x[i] - y[i]; if (d < 0) d = -d; if (d > t) exit 1 } }'
}
# marks FILE PAGE [WIDTH]: the page's mark segments (black strokes WIDTH mm
# wide, default 0.25) in PDF millimetres (y up)
marks() {
	local h
	rm -f "$WORK/page.svg"
	pdftocairo -svg -f "$2" -l "$2" "$1" "$WORK/page.svg" 2> /dev/null || return 1
	h=$(box "$1" "$2" MediaBox | awk '{ print $4 }')
	python3 "$HERE/marks.py" "$WORK/page.svg" "${3:-0.25}" | awk -v h="$h" '{ printf "%.3f %.3f %.3f %.3f\n", $1, h - $2, $3, h - $4 }'
}
# check_marks FILE PAGE GAP MINLEN: every mark lies on a trim edge, at
# least GAP mm outside the BleedBox and MINLEN mm long; every trim corner
# has its marks.  Prints the problems.
check_marks() {
	local trim bleed
	trim=$(box "$1" "$2" TrimBox)
	bleed=$(box "$1" "$2" BleedBox)
	marks "$1" "$2" | awk -v trim="$trim" -v bleed="$bleed" -v gap="$3" -v minlen="$4" '
		BEGIN { split(trim, t, " "); split(bleed, b, " "); tol = 0.2 }
		function abs(v) { return v < 0 ? -v : v }
		function min(a, c) { return a < c ? a : c }
		function max(a, c) { return a > c ? a : c }
		{
			n++
			x0 = $1; y0 = $2; x1 = $3; y1 = $4
			len = sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2)
			if (len < minlen - tol) bad = bad sprintf("mark (%.1f,%.1f)-(%.1f,%.1f) is %.1f mm long\n", x0, y0, x1, y1, len)
			if (abs(x0 - x1) < tol) {        # vertical: on a vertical trim edge, above or below the bleed
				on = abs(x0 - t[1]) < tol || abs(x0 - t[3]) < tol
				d = max(b[2] - max(y0, y1), min(y0, y1) - b[4])
				if (abs(x0 - t[1]) < tol) c1++; else if (abs(x0 - t[3]) < tol) c2++
			} else if (abs(y0 - y1) < tol) {
				on = abs(y0 - t[2]) < tol || abs(y0 - t[4]) < tol
				d = max(b[1] - max(x0, x1), min(x0, x1) - b[3])
				if (abs(y0 - t[2]) < tol) c3++; else if (abs(y0 - t[4]) < tol) c4++
			} else { on = 0; d = 0 }
			if (!on) bad = bad sprintf("mark (%.1f,%.1f)-(%.1f,%.1f) is on no trim edge\n", x0, y0, x1, y1)
			else if (d < gap - tol) bad = bad sprintf("mark (%.1f,%.1f)-(%.1f,%.1f) is %.1f mm from the bleed\n", x0, y0, x1, y1, d)
		}
		END {
			if (n == 0) bad = "no marks drawn\n"
			else if (c1 < 2 || c2 < 2 || c3 < 2 || c4 < 2) bad = bad sprintf("marks per trim edge: %d %d %d %d\n", c1, c2, c3, c4)
			printf "%s", bad
		}'
}

# Layout values, from the file the program reads.
LAYOUT=$ROOT/layouts/print.xml
TM=$(lx tiles /@margin)
TF=$(lx tiles /@footer)
TEDGE=$(lx tiles /@edge)
PBLEED=$(lx poster /@bleed)
PEDGE=$(lx poster /@edge)
PTRIM=$(poster_trim_inset)

# edge_marks FILE PAGE EDGE: the marks (0.25 mm strokes) nearer than EDGE
# mm to the paper's edge, then "|" and how many marks there are.
edge_marks() {
	local w h
	read -r _ _ w h <<< "$(box "$1" "$2" MediaBox)"
	marks "$1" "$2" "${4:-0.25}" | awk -v w="$w" -v h="$h" -v e="$3" '
		function min(a, b) { return a < b ? a : b }
		function max(a, b) { return a > b ? a : b }
		{ n++
		  if (min($1, $3) < e - 0.05 || min($2, $4) < e - 0.05 || max($1, $3) > w - e + 0.05 || max($2, $4) > h - e + 0.05)
			bad = bad sprintf("(%.1f,%.1f)-(%.1f,%.1f) ", $1, $2, $3, $4) }
		END { printf "%s|%d\n", bad, n }'
}

export SOURCE_DATE_EPOCH=1000000000
SMALL=$ROOT/tests/render/scenarios/rt-bc1999.xml
"$ORBAT" render -q --lang en -o "$WORK/r" "$SCEN/gettysburg-first-day.xml" "$SCEN/mb-1861.xml" "$SMALL" > "$WORK/log" 2>&1
checked "render gettysburg-first-day, mb-1861 and rt-bc1999" $? "$(cat "$WORK/log")"

# ---- page boxes ----
for s in gettysburg-first-day mb-1861 rt-bc1999; do
	f=$WORK/r/$s/en/map-poster.pdf
	read -r _ _ w h <<< "$(box "$f" 1 MediaBox)"
	# poster.c: the bleed, then a 3 mm gap, 6 mm marks and the edge
	boxes_near "$(box "$f" 1 TrimBox)" "$PTRIM $PTRIM $(calc "$w - $PTRIM") $(calc "$h - $PTRIM")" 0.05
	checked "poster $s: TrimBox $PTRIM mm inside the paper" $? "TrimBox $(box "$f" 1 TrimBox), MediaBox $w x $h"
	bb=$(calc "$PTRIM - $PBLEED")
	boxes_near "$(box "$f" 1 BleedBox)" "$bb $bb $(calc "$w - $bb") $(calc "$h - $bb")" 0.05
	checked "poster $s: BleedBox $PBLEED mm beyond the trim" $? "BleedBox $(box "$f" 1 BleedBox)"
	out=$(check_marks "$f" 1 3 5)
	IFS='|' read -r bad nm <<< "$(edge_marks "$f" 1 "$PEDGE")"
	[ -z "$bad" ] || out="$out marks within $PEDGE mm of the paper's edge: $bad"
	[ -z "$out" ]
	verdict "poster $s: crop marks on the trim lines, 3 mm outside the bleed, at least 5 mm long, none within $PEDGE mm of the paper's edge" "$out" $?

	f=$WORK/r/$s/en/map-tiles.pdf
	n=$(npages "$f")
	out=""
	for p in $(seq 1 "$n"); do
		read -r _ _ w h <<< "$(box "$f" "$p" MediaBox)"
		# layouts/print.xml: the margin, and the footer under it; the map
		# stops at the cut
		boxes_near "$(box "$f" "$p" TrimBox)" "$TM $(calc "$TM + $TF") $(calc "$w - $TM") $(calc "$h - $TM")" 0.05 ||
			out="$out page $p TrimBox $(box "$f" "$p" TrimBox);"
		[ "$(box "$f" "$p" BleedBox)" = "$(box "$f" "$p" TrimBox)" ] || out="$out page $p BleedBox differs;"
		IFS='|' read -r bad nm <<< "$(edge_marks "$f" "$p" "$TEDGE")"
		[ -z "$bad" ] || out="$out page $p: marks within $TEDGE mm of the paper's edge: $bad;"
		[ "${nm:-0}" -ge 8 ] || out="$out page $p: $nm marks;"
	done
	[ -z "$out" ] && [ "$n" -gt 0 ]
	verdict "tiles $s: TrimBox and BleedBox at the map area of all $n tiles, cut marks outside the $TEDGE mm edge a printer leaves" "$out" $?

	f=$WORK/r/$s/en/order-cards.pdf
	[ -f "$f" ] || continue
	n=$(npages "$f")
	out=""
	# The deck's bleed, from its keywords ("bleed 0.58 mm").
	bl=$(info Keywords "$f" | sed -n 's/.*bleed \([0-9.]*\) mm.*/\1/p')
	[ -n "$bl" ] || out="keywords '$(info Keywords "$f")' name no bleed;"
	for p in $(seq 1 "$n"); do
		read -r a b c d <<< "$(box "$f" "$p" TrimBox)"
		boxes_near "$(box "$f" "$p" BleedBox)" "$(calc "$a - ${bl:-0}") $(calc "$b - ${bl:-0}") $(calc "$c + ${bl:-0}") $(calc "$d + ${bl:-0}")" 0.05 ||
			out="$out page $p BleedBox $(box "$f" "$p" BleedBox) round TrimBox $a $b $c $d, bleed $bl;"
	done
	# The outermost cut marks stand on the TrimBox.
	read -r a b c d <<< "$(box "$f" 1 TrimBox)"
	xs=$(marks "$f" 1 0.2 | awk '$1 == $3 { print $1 }' | sort -n | sed -n '1p;$p' | tr '\n' ' ')
	near "${xs%% *}" "$a" 0.2 && near "$(echo "$xs" | awk '{ print $2 }')" "$c" 0.2 || out="$out cut marks at x $xs, TrimBox $a..$c;"
	[ -z "$out" ] && [ "$n" -gt 0 ]
	verdict "deck $s: TrimBox round the cuts (the outer marks on it), BleedBox at the bleed, $n pages" "$out" $?
done

# ---- card sheets: marks where every printer prints ----
# deck_marks FILE PAGE: marks nearer than 5 mm to the paper's edge, the
# count of marks and of marks between the cards (inside the TrimBox)
deck_marks() {
	local edge inner
	edge=$(edge_marks "$1" "$2" 5 0.2)
	inner=$(marks "$1" "$2" 0.2 | awk -v trim="$(box "$1" "$2" TrimBox)" '
		BEGIN { split(trim, t, " ") }
		function min(a, b) { return a < b ? a : b }
		function max(a, b) { return a > b ? a : b }
		min($1, $3) > t[1] && max($1, $3) < t[3] && min($2, $4) > t[2] && max($2, $4) < t[4] { inner++ }
		END { print inner + 0 }')
	echo "$edge|$inner"
}
for paper in a4 letter; do
	for duplex in long short none; do
		"$ORBAT" cards --ruleset battlecry-1999 --lang nl --paper "$paper" --duplex "$duplex" -q -o "$WORK/c-$paper-$duplex" > "$WORK/log" 2>&1
		f=$WORK/c-$paper-$duplex/cards/battlecry-1999/nl/deck.pdf
		out=""
		for p in 1 2; do
			IFS='|' read -r bad nm inner <<< "$(deck_marks "$f" "$p")"
			[ -z "$bad" ] || out="$out page $p: marks within 5 mm of the edge: $bad;"
			[ "${nm:-0}" -gt 0 ] || out="$out page $p: no marks;"
			[ "${inner:-0}" -gt 0 ] || out="$out page $p: no marks between the cards;"
		done
		[ -z "$out" ]
		checked "deck on $paper, duplex $duplex: cut marks at least 5 mm in from every paper edge, and between the cards" $? "$out $(cat "$WORK/log")"
	done
done

# ---- poster panels ----
# A panel is turned only when that saves panels, as a tile (tiles.c): A0
# and A1 lie on their side, 900x1200 needs 6 either way and stays upright.
for spec in "a0 6 1189 841" "a1 10 594 841" "900x1200 6 900 1200"; do
	read -r panel want pw ph <<< "$spec"
	"$ORBAT" render -q --lang en --poster-panel "$panel" -o "$WORK/p-$panel" "$SCEN/gettysburg-first-day.xml" > "$WORK/log" 2>&1
	f=$WORK/p-$panel/gettysburg-first-day/en/map-poster.pdf
	n=$(npages "$f")
	sizes=$(page_boxes "$f" | awk -v pt="$PT" '{ printf "%.0f %.0f\n", $1 / pt, $2 / pt }' | sort -u)
	[ "$n" = "$want" ] && [ "$sizes" = "$pw $ph" ]
	checked "gettysburg-first-day --poster-panel $panel: $want panels of $pw x $ph mm" $? "pages $n, sizes: $sizes; $(cat "$WORK/log")"
done
f=$WORK/p-a0/gettysburg-first-day/en/map-poster.pdf
read -r _ _ w h <<< "$(box "$f" 1 MediaBox)"
boxes_near "$(box "$f" 1 TrimBox)" "$TM $(calc "$TM + $TF") $(calc "$w - $TM") $(calc "$h - $TM")" 0.05
checked "a0 panel: TrimBox at the panel's area, as a tile" $? "TrimBox $(box "$f" 1 TrimBox)"
out=""
for p in $(seq 1 "$(npages "$WORK/p-a1/gettysburg-first-day/en/map-poster.pdf")"); do
	IFS='|' read -r bad nm <<< "$(edge_marks "$WORK/p-a1/gettysburg-first-day/en/map-poster.pdf" "$p" "$TEDGE")"
	[ -z "$bad" ] || out="$out panel $p: $bad;"
	[ "${nm:-0}" -ge 8 ] || out="$out panel $p: $nm marks;"
done
[ -z "$out" ]
verdict "a1 panels: cut marks outside the $TEDGE mm edge a printer leaves" "marks within the edge: $out" $?
"$ORBAT" render -q --poster-panel 30x40 -o "$WORK/bad" "$SCEN/shiloh.xml" > "$WORK/log" 2>&1
st=$?
[ $st -eq 2 ] && grep -q "poster-panel" "$WORK/log" && [ ! -e "$WORK/bad" ]
checked "--poster-panel 30x40 is refused (exit 2, nothing written)" $? "exit $st: $(cat "$WORK/log")"

# ---- PNG resolution ----
"$ORBAT" render -q --lang en --format png --dpi 100 -o "$WORK/png" "$SCEN/shiloh.xml" > "$WORK/log" 2>&1
out=$(python3 - "$WORK/png/shiloh/en/map.png" "$WORK/png/shiloh/en/scenario-sheet.png" <<'PY'
import struct, sys, zlib
for path in sys.argv[1:]:
    data = open(path, 'rb').read()
    pos, found = 8, None
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        crc, = struct.unpack('>I', data[pos + 8 + n:pos + 12 + n])
        if crc != zlib.crc32(kind + body):
            print(path, kind, 'bad CRC')
        if kind == b'pHYs':
            found = struct.unpack('>IIB', body)
        if kind == b'IDAT' and not found:
            print(path, 'pHYs missing before the image data')
            break
        pos += 12 + n
    if found and found != (3937, 3937, 1):
        print(path, 'pHYs', found, 'expected 3937 px/m (100 dpi)')
PY
)
[ -z "$out" ] && [ -s "$WORK/png/shiloh/en/map.png" ]
verdict "PNG map and sheet at 100 dpi carry pHYs 3937 px/m with good CRCs" "$out" $?

# ---- dates and reproducibility ----
c=$(info CreationDate "$WORK/r/gettysburg-first-day/en/map-poster.pdf")
[ "$c" = "2001-09-09T01:46:40Z" ]
verdict "SOURCE_DATE_EPOCH sets the creation date" "CreationDate '$c'" $?
"$ORBAT" render -q --lang en -o "$WORK/r2" "$SCEN/gettysburg-first-day.xml" "$SCEN/mb-1861.xml" "$SMALL" > /dev/null 2>&1
diffs=""
for f in $(cd "$WORK/r" && find . -name '*.pdf' | sort); do
	cmp -s "$WORK/r/$f" "$WORK/r2/$f" || diffs="$diffs $f"
done
[ -z "$diffs" ]
verdict "the same input gives the same bytes (deterministic /ID)" "differ:$diffs" $?
unset SOURCE_DATE_EPOCH
year=$(date -u +%Y)
"$ORBAT" render -q --lang fr -o "$WORK/now" "$SCEN/mb-1861.xml" > /dev/null 2>&1
c=$(info CreationDate "$WORK/now/mb-1861/fr/rosters.pdf")
m=$(info ModDate "$WORK/now/mb-1861/fr/rosters.pdf")
[ "${c:0:4}" = "$year" ] && [ "${m:0:4}" = "$year" ]
verdict "without SOURCE_DATE_EPOCH the PDFs carry today's date" "CreationDate '$c' ModDate '$m', year $year" $?

# ---- ink ----
# Text and line work meant black is pure black (0 0 0) in every product:
# maps, sheet, rosters, cards, reference card, calibration, balance report.
"$ORBAT" calibrate -q -o "$WORK/ink" > "$WORK/log" 2>&1 &&
	"$ORBAT" balance --games 4 --format pdf -q -o "$WORK/ink" "$SMALL" > /dev/null 2>> "$WORK/log"
checked "calibration sheet and balance report written" $? "$(cat "$WORK/log")"
out=$(python3 "$HERE/near_black.py" $(find "$WORK/r" "$WORK/c-a4-long" "$WORK/ink" -name '*.pdf' | sort))
verdict "no near-black colour in any product (black is 0 0 0)" "$out" $?

# ---- line floor ----
# No stroke of a map product prints under 0.25 pt, at the scale it prints
# (the overview and the sheet reduce the map; art is placed as forms):
# hex (gettysburg-first-day, rt-bc1999) and square (mb-1861) maps, the
# poster's panels too.
out=$(python3 "$HERE/line_floor.py" $(find "$WORK/r" "$WORK/p-a0" \( -name 'map-*.pdf' -o -name 'scenario-sheet.pdf' \) | sort))
verdict "every line of tiles, overview, poster, panels and sheet at least 0.25 pt on paper" "$out" $?

# ---- structure ----
out=""
for f in $(find "$WORK/r" "$WORK/p-a0" "$WORK/now" -name '*.pdf' | sort); do
	qpdf --check "$f" > "$WORK/check" 2>&1 || out="$out${f#"$WORK"/}: $(tail -n 2 "$WORK/check")
"
done
[ -z "$out" ]
verdict "qpdf --check passes on every product" "$out" $?

echo "prepress-checks: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
