#!/bin/bash
# Bare boards: the tiles, the poster and the png map carry the terrain,
# places and objectives but no start positions, so that figures moved on
# them do not stand next to printed "ghost" units; `render --setup` puts
# the start positions on them as before.  The overview keeps the set-up
# either way.
#
#   run-bare-boards.sh ORBAT_BINARY SOURCE_ROOT
#
# Generals' names (words in the PDF) tell a set-up from a bare board on
# the tiles and poster of both grids; on rasters (the png map, the tiles
# and the overview of a hex map) the counters' fill in the first side's
# colour does.  Exit 77 (skipped) when poppler-utils or python3 is missing.
set -u
orbat=$1
root=$(cd "$2" && pwd)
for tool in pdftotext pdftoppm python3; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "bare-boards: $tool not found (poppler-utils, python3): skipped"
		exit 77
	fi
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
. "$root/tests/render/pdf-lib.sh"
count=$root/tests/render/colour_count.py
# The first side's counter fill (render/paint.c), in 8-bit RGB.
SIDE0="46 77 148"

render() { # DIR [OPTIONS...] SCENARIO...
	local dir=$1
	shift
	"$orbat" render --lang en --paper a4 -q -o "$WORK/$dir" "$@" >"$WORK/$dir.log" 2>&1
}
# How many of the words occur in the PDF's text.
words_found() { # PDF WORD...
	local pdf=$1 n=0 text
	shift
	text=$(pdftotext "$pdf" - 2>/dev/null)
	for w in "$@"; do
		grep -qF -- "$w" <<< "$text" && n=$((n + 1))
	done
	echo "$n"
}
# Pixels in the first side's colour over every page of a PDF.
side_pixels() { # PDF DPI
	local total=0 page n
	rm -f "$WORK"/px-*.ppm
	pdftoppm -r "$2" "$1" "$WORK/px" 2>/dev/null
	for page in "$WORK"/px-*.ppm; do
		n=$(python3 "$count" "$page" $SIDE0)
		total=$((total + n))
	done
	echo "$total"
}

# Shiloh without its objectives: their rings carry the owner's colour,
# which the pixel counts below would take for counters.
shiloh=$WORK/shiloh.xml
python3 -c '
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
text, n = re.subn(r"\s*<objective\b.*?</objective>", "", text, flags=re.S)
assert n > 0, "no objective removed"
open(sys.argv[2], "w", encoding="utf-8").write(text)' "$root/scenarios/shiloh.xml" "$shiloh"
verdict "shiloh without its objectives" "" $?

render bare "$shiloh" "$root/scenarios/mb-1861.xml"
checked "render without --setup" $? "$(cat "$WORK/bare.log")"
render setup --setup "$shiloh" "$root/scenarios/mb-1861.xml"
checked "render --setup" $? "$(cat "$WORK/setup.log")"
render png --format png --dpi 40 "$shiloh"
render png-setup --format png --dpi 40 --setup "$shiloh"

HEX_GENERALS=(Sherman Prentiss Grant Hardee Bragg Johnston)
SQ_GENERALS=(Grant Lee)
SQ_BOARD=(Boston "New York" "Gulf of Maine")

for product in map-tiles map-poster; do
	n=$(words_found "$WORK/bare/shiloh/en/$product.pdf" "${HEX_GENERALS[@]}")
	[ "$n" -eq 0 ]
	verdict "shiloh $product: no general's name on the bare board" "$n of ${#HEX_GENERALS[@]} found" $?
	n=$(words_found "$WORK/setup/shiloh/en/$product.pdf" "${HEX_GENERALS[@]}")
	[ "$n" -ge 4 ]
	verdict "shiloh $product --setup: the generals' names ($n of ${#HEX_GENERALS[@]})" "" $?
	n=$(words_found "$WORK/bare/mb-1861/en/$product.pdf" "${SQ_GENERALS[@]}")
	[ "$n" -eq 0 ]
	verdict "mb-1861 $product: no general's name on the bare board" "$n found" $?
	n=$(words_found "$WORK/setup/mb-1861/en/$product.pdf" "${SQ_GENERALS[@]}")
	[ "$n" -eq ${#SQ_GENERALS[@]} ]
	verdict "mb-1861 $product --setup: the generals' names ($n of ${#SQ_GENERALS[@]})" "" $?
	# Cities and sea zones are the board itself: there either way.
	for dir in bare setup; do
		n=$(words_found "$WORK/$dir/mb-1861/en/$product.pdf" "${SQ_BOARD[@]}")
		[ "$n" -eq ${#SQ_BOARD[@]} ]
		verdict "mb-1861 $product ($dir): cities and sea zones named ($n of ${#SQ_BOARD[@]})" "" $?
	done
done

# The poster's legend explains what is on the board: unit types only with
# --setup.
n=$(words_found "$WORK/bare/shiloh/en/map-poster.pdf" Infantry Cavalry Artillery)
[ "$n" -eq 0 ]
verdict "shiloh poster: no unit type in the bare board's legend" "$n found" $?
n=$(words_found "$WORK/setup/shiloh/en/map-poster.pdf" Infantry Cavalry Artillery)
[ "$n" -eq 3 ]
verdict "shiloh poster --setup: the unit types in the legend ($n of 3)" "" $?

# Counters on rasters: none on the bare tiles and png map, some with
# --setup; the overview shows the set-up in both runs.
n=$(side_pixels "$WORK/bare/shiloh/en/map-tiles.pdf" 20)
[ "$n" -eq 0 ]
verdict "shiloh tiles: no counter on the bare board" "$n pixels of the first side's colour" $?
n=$(side_pixels "$WORK/setup/shiloh/en/map-tiles.pdf" 20)
[ "$n" -gt 100 ]
verdict "shiloh tiles --setup: counters drawn ($n pixels)" "" $?
for dir in bare setup; do
	n=$(side_pixels "$WORK/$dir/shiloh/en/map-overview.pdf" 60)
	[ "$n" -gt 100 ]
	verdict "shiloh overview ($dir): the set-up shown ($n pixels)" "" $?
done
png=$WORK/png/shiloh/en/map.png
n=$( [ -f "$png" ] && python3 "$count" "$png" $SIDE0 || echo missing)
[ "$n" = 0 ]
verdict "shiloh png map: no counter on the bare board" "$n pixels of the first side's colour" $?
png=$WORK/png-setup/shiloh/en/map.png
n=$( [ -f "$png" ] && python3 "$count" "$png" $SIDE0 || echo 0)
[ "$n" -gt 100 ]
verdict "shiloh png map --setup: counters drawn ($n pixels)" "" $?

"$orbat" render --help | grep -q -- "--setup"
verdict "render --help names --setup" "" $?

echo "bare-boards: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
