#!/bin/bash
# No wasted sheets: the map tiles of every bundled scenario, on A4 and on
# Letter, are no more pages than the least cover of the map's cells,
# found here by brute force, independently of the program: both
# orientations, the tile grid shifted across the map in 0.5 mm steps,
# the layout's margin, footer and overlap from layouts/print.xml.
#
#   run-tile-cover.sh ORBAT_BINARY SOURCE_ROOT
#
# Ends with "tile-cover: N passed, M failed"; exit 77 (skipped) without
# poppler-utils or xmllint.
set -u
if [ $# -ne 2 ]; then
	echo "usage: $0 ORBAT_BINARY SOURCE_ROOT" >&2
	exit 2
fi
ORBAT=$1
ROOT=$2
for tool in pdfinfo xmllint awk; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "skipped: $tool is not installed (poppler-utils, libxml2-utils)"
		exit 77
	fi
done
WORK=$(mktemp -d "${TMPDIR:-/tmp}/orbat-tile-cover.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
. "$ROOT/tests/render/pdf-lib.sh"
[ -n "${ORBAT_DATADIR:-}" ] || export ORBAT_DATADIR=$ROOT/data

LAYOUT=$ROOT/data/layouts/print.xml
lx() { xmllint --xpath "string(//*[local-name()='$1']$2)" "$LAYOUT"; }
MARGIN=$(lx tiles /@margin)
OVERLAP=$(lx tiles /@overlap)
FOOTER=$(lx tiles /@footer)

for paper in a4 letter; do
	"$ORBAT" render -q --lang en --paper "$paper" -o "$WORK/$paper" "$ROOT"/scenarios/*.xml
	st=$?
	verdict "$paper: the bundled scenarios render" "" $st
	pw=$(lx paper "[@id='$paper']/@width")
	ph=$(lx paper "[@id='$paper']/@height")
	for scen in "$ROOT"/scenarios/*.xml; do
		x() { xmllint --xpath "string($1)" "$scen"; }
		sid=$(x '/*/@id')
		rs=$(x '/*/@ruleset')
		cols=$(x "//*[local-name()='board']/@columns")
		rows=$(x "//*[local-name()='board']/@rows")
		short=$(x "//*[local-name()='board']/@short-rows")
		grid=$(x "//*[local-name()='board']/@grid")
		if [ "$grid" = square ]; then
			cell=$(lx square "[@ruleset='$rs']/@size")
		else
			cell=$(lx hex "[@ruleset='$rs']/@size")
			[ -n "$cell" ] || cell=$(lx hex "[@ruleset='*']/@size")
		fi
		least=$(awk -v c="$cols" -v r="$rows" -v s="$short" -v g="$grid" -v x="$cell" \
			-v pw="$pw" -v ph="$ph" -v m="$MARGIN" -v o="$OVERLAP" -v f="$FOOTER" '
			# Tiles from offset `off` (<= 0) on, each `area` long, `area - o` apart,
			# until the length is covered.
			function count(len, area, off,   n) {
				n = 1
				while (off + area + (n - 1) * (area - o) < len - 1e-6) n++
				return n
			}
			function fewest(len, area,   off, best, n) {
				best = -1
				for (off = -area; off <= 0; off += 0.5) {
					n = count(len, area, off)
					if (best < 0 || n < best) best = n
				}
				return best
			}
			BEGIN {
				if (g == "square") { W = c * x; H = r * x }
				else { R = x / sqrt(3); W = c * x + ((s == "none" && r >= 2) ? x / 2 : 0); H = 2 * R + (r - 1) * 1.5 * R }
				best = -1
				for (land = 0; land < 2; land++) {
					w = land ? ph : pw; h = land ? pw : ph
					n = fewest(W, w - 2 * m) * fewest(H, h - 2 * m - f)
					if (best < 0 || n < best) best = n
				}
				print best
			}')
		got=$(npages "$WORK/$paper/$sid/en/map-tiles.pdf")
		[ -n "$got" ] && [ "$got" -le "$least" ]
		st=$?
		verdict "$paper: $sid tiles $got pages, least cover of its cells $least" "" $st
	done
done
echo "tile-cover: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
