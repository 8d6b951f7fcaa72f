#!/bin/bash
# The card products for print shops and Tabletop Simulator, measured:
#   the trade sheet's 3 mm bleed (pdfinfo -box) and every word of its
#   cards inside the safe zone (pdftotext -bbox), in en, nl and fr; the
#   Tabletop Simulator sheets at 300 dpi (PNG size and pHYs), none wider
#   or taller than 10,000 pixels, the deck split over more sheets when the
#   resolution asks for it; single cards at 300 dpi with the bleed; the
#   ink saver's light backs (ink cover of a grey rendering) beside the
#   full navy ones; the CMYK PDF/X copy (--cmyk, through Ghostscript): its
#   output intent and no RGB colour left (qpdf), and a clear refusal,
#   exit 2, when gs or the profile layouts/cards.xml names is missing, and
#   a profile named beside the layouts used.
# Usage: run-trade-checks.sh ORBAT SOURCE_ROOT.  Exits 77 (skipped) when a
# client is missing.  Ends with "trade-checks: N passed, M failed".
set -u
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-946684800}
. "$(dirname -- "$0")/../render/pdf-lib.sh"
check_begin trade-checks "pdfinfo pdftotext pdftoppm python3 qpdf gs" "$@"
orbat=$ORBAT
work=$WORK
measure="$ROOT/tests/cards/press_checks.py"
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

# ---- the trade sheet: 3 mm bleed, text in the safe zone ----

safe=$(sed -n 's/.*<face safe="\([0-9.]*\)".*/\1/p' "$ROOT/layouts/cards.xml")
check "cards --sheet trade, all languages" exit_is 0 cards --ruleset battlecry-1999 --sheet trade -o "$work/trade" -q
for lang in en nl fr; do
	deck="$work/trade/cards/battlecry-1999/$lang/deck.pdf"
	# A4 poker with the full bleed: 2 x 2 a sheet, 15 sheets for 58 cards.
	check "trade $lang: 30 pages" [ "$(npages "$deck")" = 30 ]
	check "trade $lang: 3 mm bleed beyond every cut" python3 "$measure" bleed "$deck" 3
	check "trade $lang: every word in the $safe mm safe zone" python3 "$measure" safe "$deck" 63.5 88.9 "$safe"
	check "trade $lang: the keywords say 3.00 mm" bash -c "pdfinfo '$deck' | grep -q '^Keywords:.*bleed 3.00 mm'"
done
check "cards --sheet trade --size tarot --paper letter" exit_is 0 cards --ruleset noord-zuid --lang fr --sheet trade --size tarot --paper letter -o "$work/tarot" -q
check "  3 mm bleed" python3 "$measure" bleed "$work/tarot/cards/noord-zuid/fr/deck.pdf" 3
check "  words in the safe zone" python3 "$measure" safe "$work/tarot/cards/noord-zuid/fr/deck.pdf" 70 120 "$safe"
check "cards --sheet trade --duplex none" exit_is 0 cards --ruleset battlecry-1999 --lang nl --sheet trade --duplex none -o "$work/fold" -q
check "  3 mm bleed" python3 "$measure" bleed "$work/fold/cards/battlecry-1999/nl/deck.pdf" 3
# The default sheet keeps its cards a page (and so its bleed below 3 mm).
check "cards without --sheet: 9 a sheet as before" exit_is 0 cards --ruleset battlecry-1999 --lang en -o "$work/pnp" -q
check "  14 pages" [ "$(npages "$work/pnp/cards/battlecry-1999/en/deck.pdf")" = 14 ]
check "--sheet glossy: exit 2 naming the sheets" exit_is 2 cards --ruleset battlecry-1999 --sheet glossy -o "$work/u"
check "  the message lists print-and-play and trade" grep -q "print-and-play, trade" "$work/stderr"

# ---- Tabletop Simulator at 300 dpi, within 10,000 pixels ----

check "cards --format png" exit_is 0 cards --ruleset noord-zuid --lang en --format png -o "$work/tts" -q
tts="$work/tts/cards/noord-zuid/en"
check "  sheet 7500 x 7350 px at 300 dpi" python3 "$measure" png "$tts/deck-sheet-1.png" 7500 7350 300
check "  back 750 x 1050 px at 300 dpi" python3 "$measure" png "$tts/deck-back.png" 750 1050 300
check "cards --format png --size tarot" exit_is 0 cards --ruleset noord-zuid --lang nl --format png --size tarot -o "$work/ttst" -q
check "  every image within 10,000 px" python3 "$measure" maxside "$work"/ttst/cards/noord-zuid/nl/*.png 10000
# 600 dpi: 1500 x 2100 px a card, 10 x 7 would be 15,000 px wide; 6 x 4
# keep within the limit, 23 fronts a sheet, three sheets for 58 cards.
check "cards --format png --dpi 600" exit_is 0 cards --ruleset noord-zuid --lang fr --format png --dpi 600 -o "$work/tts6" -q
tts6="$work/tts6/cards/noord-zuid/fr"
check "  every image within 10,000 px" python3 "$measure" maxside "$tts6"/*.png 10000
check "  sheets of 6 x 4: 9000 x 8400 px" python3 "$measure" png "$tts6/deck-sheet-1.png" 9000 8400 600
check "  three sheets, no fourth" bash -c "[ -e '$tts6/deck-sheet-3.png' ] && [ ! -e '$tts6/deck-sheet-4.png' ]"

# ---- single cards for print-on-demand: 300 dpi with the 3 mm bleed ----

check "cards --format cards-png, all languages" exit_is 0 cards --ruleset battlecry-1999 --format cards-png -o "$work/pod" -q
for lang in en nl fr; do
	pod="$work/pod/cards/battlecry-1999/$lang/cards"
	# 24 designs and the back; (63.5 + 6) x (88.9 + 6) mm at 300 dpi.
	check "single cards $lang: 24 fronts and the back" bash -c "[ \$(ls '$pod' | grep -c '^card-[0-9][0-9]-.*-x[0-9]*\.png$') -eq 24 ] && [ -f '$pod/card-back.png' ]"
	check "single cards $lang: the copies in the names add up to 58" bash -c "[ \$(ls '$pod' | sed -n 's/.*-x\([0-9]*\)\.png$/\1/p' | awk '{ s += \$1 } END { print s }') -eq 58 ]"
	check "single cards $lang: the back 821 x 1121 px at 300 dpi" python3 "$measure" png "$pod/card-back.png" 821 1121 300
	check "single cards $lang: a front 821 x 1121 px at 300 dpi" python3 "$measure" png "$pod/card-01-recon-left-x4.png" 821 1121 300
	check "single cards $lang: the back's navy runs to the image's edge" python3 "$measure" corner "$pod/card-back.png" 31 43 74
done
check "cards --format cards-png --size tarot --unique" exit_is 0 cards --ruleset noord-zuid --lang en --format cards-png --size tarot --unique -o "$work/podt" -q
check "  (70 + 6) x (120 + 6) mm: 898 x 1488 px" python3 "$measure" png "$work/podt/cards/noord-zuid/en/cards/card-back.png" 898 1488 300
check "  --unique: one copy each" bash -c "! ls '$work/podt/cards/noord-zuid/en/cards' | grep -v -- '-x1\.png$' | grep -q '^card-[0-9]'"
check "  no deck.pdf unless asked" [ ! -e "$work/podt/cards/noord-zuid/en/deck.pdf" ]

# ---- the ink saver: light backs, the same fronts ----

cover() { python3 "$measure" ink "$1" "$2" 0 1 | sed 's/.*ink cover \([0-9.]*\).*/\1/'; }

check "cards --ink-saver, all languages" exit_is 0 cards --ruleset noord-zuid --ink-saver -o "$work/ink" -q
check "cards, the full backs" exit_is 0 cards --ruleset noord-zuid -o "$work/full" -q
for lang in en nl fr; do
	ink="$work/ink/cards/noord-zuid/$lang/deck.pdf"
	full="$work/full/cards/noord-zuid/$lang/deck.pdf"
	# Nine backs of navy to the bleed cover two thirds of the page;
	# outlines, emblems and titles less than a tenth.
	check "ink saver $lang: the backs' page under 10 % ink" python3 "$measure" ink "$ink" 2 0 0.10
	check "full backs $lang: the backs' page over 50 % ink" python3 "$measure" ink "$full" 2 0.50 1
	check "ink saver $lang: the fronts' page as without it" bash -c "[ \"\$(python3 '$measure' ink '$ink' 1 0 1 | awk '{print \$NF}')\" ] && \
		[ \"\$(python3 '$measure' ink '$ink' 1 0 1 | sed 's/.*cover //')\" = \"\$(python3 '$measure' ink '$full' 1 0 1 | sed 's/.*cover //')\" ]"
	check "ink saver $lang: a title on every back (58)" bash -c "[ \$(pdftotext -raw '$ink' - | tr -d '\f' | grep -cx 'Battle Cry') -eq 58 ]"
done
check "cards --ink-saver --format png" exit_is 0 cards --ruleset noord-zuid --lang en --ink-saver --format png -o "$work/inkpng" -q
check "  the back image differs from the full one" bash -c "! cmp -s '$work/inkpng/cards/noord-zuid/en/deck-back.png' '$work/tts/cards/noord-zuid/en/deck-back.png'"

# ---- CMYK, PDF/X for print shops ----

check "cards --sheet trade --cmyk, all languages" exit_is 0 cards --ruleset battlecry-1999 --sheet trade --cmyk -o "$work/cmyk" -q
for lang in en nl fr; do
	dir="$work/cmyk/cards/battlecry-1999/$lang"
	check "cmyk $lang: output intent, no RGB operator or colour space" python3 "$measure" cmyk "$dir/deck-cmyk.pdf"
	check "cmyk $lang: the 3 mm bleed kept" python3 "$measure" bleed "$dir/deck-cmyk.pdf" 3
	check "cmyk $lang: 30 pages" [ "$(npages "$dir/deck-cmyk.pdf")" = 30 ]
	check "cmyk $lang: the RGB deck beside it as without --cmyk" cmp -s "$dir/deck.pdf" "$work/trade/cards/battlecry-1999/$lang/deck.pdf"
done
check "the RGB deck alone fails the CMYK check" bash -c "! python3 '$measure' cmyk '$work/trade/cards/battlecry-1999/en/deck.pdf' >/dev/null"
check "without --cmyk no CMYK copy" [ ! -e "$work/trade/cards/battlecry-1999/en/deck-cmyk.pdf" ]
check "--cmyk without gs on the PATH: exit 2" bash -c "PATH=/nonexistent '$orbat' cards --ruleset battlecry-1999 --lang en --cmyk -o '$work/nogs' -q 2>'$work/nogs.err'; [ \$? -eq 2 ]"
check "  the message names gs and its package" grep -q "needs Ghostscript: 'gs' is not on the PATH (install the ghostscript package)" "$work/nogs.err"
check "  nothing written" [ ! -e "$work/nogs" ]
# The profile is named in layouts/cards.xml: a data folder whose layouts
# name a missing one is refused before anything is written, the message
# naming the file and the package.
mkdir -p "$work/data/layouts"
for entry in "$ROOT"/data/*; do
	[ "$(basename "$entry")" = layouts ] || ln -s "$entry" "$work/data/"
done
ln -s "$ROOT/layouts/print.xml" "$work/data/layouts/"
sed 's|<cmyk profile="[^"]*"/>|<cmyk profile="/nonexistent/press.icc"/>|' "$ROOT/layouts/cards.xml" >"$work/data/layouts/cards.xml"
check "--cmyk with a missing profile: exit 2" bash -c "ORBAT_DATADIR='$work/data' '$orbat' cards --ruleset battlecry-1999 --lang en --cmyk -o '$work/noicc' -q 2>'$work/noicc.err'; [ \$? -eq 2 ]"
check "  the message names the file and the package" bash -c "grep -q '/nonexistent/press.icc' '$work/noicc.err' && grep -q 'ghostscript package' '$work/noicc.err'"
check "  nothing written" [ ! -e "$work/noicc" ]
sed 's|<cmyk profile="[^"]*"/>|<cmyk profile="press.icc"/>|' "$ROOT/layouts/cards.xml" >"$work/data/layouts/cards.xml"
cp "$(sed -n 's|.*<cmyk profile="\([^"]*\)"/>.*|\1|p' "$ROOT/layouts/cards.xml")" "$work/data/layouts/press.icc"
check "--cmyk with a profile beside the layouts" bash -c "ORBAT_DATADIR='$work/data' '$orbat' cards --ruleset battlecry-1999 --lang nl --cmyk -o '$work/ownicc' -q"
check "  its output intent, no RGB" python3 "$measure" cmyk "$work/ownicc/cards/battlecry-1999/nl/deck-cmyk.pdf"
check "--cmyk --format png: exit 2" exit_is 2 cards --ruleset battlecry-1999 --lang en --cmyk --format png -o "$work/u"

echo "trade-checks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
