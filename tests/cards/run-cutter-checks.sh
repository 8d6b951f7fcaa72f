#!/bin/bash
# Card sheets for print-then-cut machines (cards --marks cutter), measured
# against layouts/cards.xml <cutter>: the registration marks' shapes at
# their millimetre places in the content stream (a filled square top left,
# L marks top right and bottom left), none on the pages of backs, no card
# printed in the band along the paper's edge nor in a mark's square (the
# page rendered), no cut marks, qpdf --check; A4 and Letter, the three
# duplex modes, en, nl and fr.
# Usage: run-cutter-checks.sh ORBAT SOURCE_ROOT.  Exits 77 (skipped) when a
# client is missing.  Ends with "cutter-checks: N passed, M failed".
set -u
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-946684800}
. "$(dirname -- "$0")/../render/pdf-lib.sh"
check_begin cutter-checks "pdfinfo pdftoppm python3 qpdf" "$@"
orbat=$ORBAT
work=$WORK
measure="$ROOT/tests/cards/regmarks.py"
layouts="$ROOT/layouts/cards.xml"
passed=0
failed=0
check() {
	local what=$1; shift
	if "$@"; then passed=$((passed + 1)); echo "ok: $what"; else failed=$((failed + 1)); echo "FAILED: $what"; fi
}
run() { "$orbat" "$@" >"$work/stdout" 2>"$work/stderr"; }
exit_is() {
	local want=$1; shift
	run "$@"
	local got=$?
	[ "$got" -eq "$want" ] || { echo "  exit $got, expected $want: $(head -3 "$work/stderr")"; return 1; }
}
qpdf_clean() { qpdf --check "$1" >/dev/null 2>&1; }
keywords_say() { pdfinfo "$1" | grep -q "^Keywords:.*$2"; }

check "cards --marks cutter, all languages" exit_is 0 cards --ruleset battlecry-1999 --marks cutter -o "$work/a4" -q
for lang in en nl fr; do
	deck="$work/a4/cards/battlecry-1999/$lang/deck.pdf"
	check "a4 $lang: the marks where the layout puts them" python3 "$measure" marks "$deck" "$layouts"
	check "a4 $lang: no marks on the backs" python3 "$measure" nomarks "$deck" "$layouts" 2
	check "a4 $lang: no card in the band or the marks' squares" python3 "$measure" clear "$deck" "$layouts"
	# Two columns keep clear of the marks' squares, three rows of the band.
	check "a4 $lang: 2 x 3 poker cards a sheet" keywords_say "$deck" "2 x 3 per sheet"
	check "a4 $lang: 20 pages for 58 cards" [ "$(npages "$deck")" = 20 ]
	check "a4 $lang: qpdf --check" qpdf_clean "$deck"
done
check "cards --marks cutter --paper letter" exit_is 0 cards --ruleset battlecry-1999 --lang en --marks cutter --paper letter -o "$work/letter" -q
deck="$work/letter/cards/battlecry-1999/en/deck.pdf"
check "  the marks where the layout puts them" python3 "$measure" marks "$deck" "$layouts"
check "  no card in the band or the marks' squares" python3 "$measure" clear "$deck" "$layouts"
check "  qpdf --check" qpdf_clean "$deck"
for duplex in short none; do
	check "cards --marks cutter --duplex $duplex" exit_is 0 cards --ruleset noord-zuid --lang nl --marks cutter --duplex $duplex -o "$work/$duplex" -q
	deck="$work/$duplex/cards/noord-zuid/nl/deck.pdf"
	check "  the marks where the layout puts them" python3 "$measure" marks "$deck" "$layouts"
	check "  no card in the band or the marks' squares" python3 "$measure" clear "$deck" "$layouts"
	check "  qpdf --check" qpdf_clean "$deck"
done
check "cards --marks cutter --sheet trade --size tarot" exit_is 0 cards --ruleset battlecry-1999 --lang fr --marks cutter --sheet trade --size tarot -o "$work/tarot" -q
deck="$work/tarot/cards/battlecry-1999/fr/deck.pdf"
check "  the marks where the layout puts them" python3 "$measure" marks "$deck" "$layouts"
check "  no card in the band or the marks' squares" python3 "$measure" clear "$deck" "$layouts"
check "  the 3 mm bleed of the trade sheet" keywords_say "$deck" "bleed 3.00 mm"

# The checks can fail: a sheet with cut marks has no registration marks
# and prints in the band.
check "cards without --marks" exit_is 0 cards --ruleset battlecry-1999 --lang en -o "$work/cut" -q
deck="$work/cut/cards/battlecry-1999/en/deck.pdf"
check "  fails the marks check" bash -c "! python3 '$measure' marks '$deck' '$layouts' >/dev/null"
check "  fails the clearance check" bash -c "! python3 '$measure' clear '$deck' '$layouts' >/dev/null"
check "--marks laser: exit 2 naming the kinds" exit_is 2 cards --ruleset battlecry-1999 --marks laser -o "$work/u"
check "  the message lists cut and cutter" grep -q "takes cut or cutter" "$work/stderr"

echo "cutter-checks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
