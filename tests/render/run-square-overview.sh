#!/bin/bash
# The square overview gives the map most of the page and counters a player
# reads: the map beside the title and legend at the page's full height (A4)
# or width (Letter), over 0.66 of the page's width and 0.45 of its area
# (the legend under it left 0.56 and 0.35), counters 6 mm wide, the
# four-player badges clear of each other; measured with pdftotext -bbox
# (square_overview.py) on A4 in en, nl and fr and on Letter.
# Usage: run-square-overview.sh ORBAT SOURCE_ROOT.  Exits 77 (skipped) when
# a client is missing.  Ends with "square-overview: N passed, M failed".
set -u
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-946684800}
. "$(dirname -- "$0")/pdf-lib.sh"
check_begin square-overview "pdftotext python3" "$@"
measure="$ROOT/tests/render/square_overview.py"
scenario="$ROOT/scenarios/mb-1861-four-players.xml"
passed=0
failed=0
check() {
	local what=$1; shift
	if "$@"; then passed=$((passed + 1)); echo "ok: $what"; else failed=$((failed + 1)); echo "FAILED: $what"; fi
}
# The board's size from the scenario's ruleset: mb-remastered, 20 x 16.
cols=20
rows=16
check "render the four-player scenario on A4" "$ORBAT" render --paper a4 -o "$WORK/a4" -q "$scenario"
for lang in en nl fr; do
	check "a4 $lang: map share, 6 mm counters, badges apart" python3 "$measure" \
		"$WORK/a4/mb-1861-four-players/$lang/map-overview.pdf" $cols $rows 0.66 0.45 6
done
check "render it on Letter" "$ORBAT" render --paper letter --lang en -o "$WORK/letter" -q "$scenario"
check "letter en: map share, 6 mm counters, badges apart" python3 "$measure" \
	"$WORK/letter/mb-1861-four-players/en/map-overview.pdf" $cols $rows 0.66 0.45 6
echo "square-overview: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
