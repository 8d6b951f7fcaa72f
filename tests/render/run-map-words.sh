#!/bin/bash
# The words of a map, measured from the PDFs:
# - every general's name inside his own cell (general_names.py), on hex
#   and square maps, reduced (overview, sheet) and at true size with the
#   set-up (tiles, poster), in en, nl and fr;
# - a dismounted cavalry unit's counter carries the ruleset's mark for
#   that state (D, A, P by language) and a mounted one none: Brandy
#   Station prints one mark per dismounted unit and the legend's, and
#   none once every unit rides.
#
#   run-map-words.sh ORBAT_BINARY SOURCE_ROOT
#
# Ends with "map-words: N passed, M failed"; exit 77 (skipped) without
# poppler-utils or python3.
set -u
. "$(dirname -- "$0")/pdf-lib.sh"
check_begin map-words "pdftotext pdftocairo pdfinfo python3" "$@"
HERE=$ROOT/tests/render
RULESETS=$ROOT/data/rulesets
export SOURCE_DATE_EPOCH=1000000000
HEX="gettysburg-first-day first-bull-run brandy-station"
SQUARE="mb-1861-four-players"

for lang in en nl fr; do
	files=()
	for s in $HEX $SQUARE; do files+=("$ROOT/scenarios/$s.xml"); done
	"$ORBAT" render -q --lang "$lang" -o "$WORK/r-$lang" "${files[@]}" > "$WORK/log" 2>&1
	checked "render the hex and square scenarios in $lang" $? "$(cat "$WORK/log")"
	for s in $HEX $SQUARE; do
		d=$WORK/r-$lang/$s/$lang
		# A reduced hex map has room for every name (shortened at
		# need); a reduced square is too small for some, which the
		# sheet's list of generals then names with their squares.
		named=""
		case " $HEX " in *" $s "*) named=--named ;; esac
		out=$(python3 "$HERE/general_names.py" "$ROOT/scenarios/$s.xml" "$RULESETS" $named \
			"$d/map-overview.pdf" "$d/scenario-sheet.pdf")
		verdict "$lang $s overview and sheet: every general's name inside his cell" "$out" $?
	done
done

# At true size, with the set-up on the tiles and the poster: room for
# every name in every cell.
files=()
for s in $HEX $SQUARE; do files+=("$ROOT/scenarios/$s.xml"); done
"$ORBAT" render -q --setup --lang en -o "$WORK/setup" "${files[@]}" > "$WORK/log" 2>&1
checked "render the set-up on tiles and posters" $? "$(cat "$WORK/log")"
for s in $HEX $SQUARE; do
	d=$WORK/setup/$s/en
	out=$(python3 "$HERE/general_names.py" "$ROOT/scenarios/$s.xml" "$RULESETS" --named "$d/map-tiles.pdf" "$d/map-poster.pdf")
	verdict "en $s tiles and poster with the set-up: every general named inside his cell" "$out" $?
done

# ---- counter marks ----
declare -A MARK=([en]=D [nl]=A [fr]=P)
bs=$ROOT/scenarios/brandy-station.xml
riding=$WORK/brandy-station.xml
sed 's/state="dismounted"/state="mounted"/' "$bs" > "$riding"
dismounted=$(grep -c 'state="dismounted"' "$bs")
# count PDF MARK: the words that are the mark alone
count() { pdftotext "$1" - 2>/dev/null | tr -s ' \n' '\n\n' | grep -cxF -- "$2"; }
for lang in en nl fr; do
	"$ORBAT" render -q --lang "$lang" -o "$WORK/m-$lang" "$bs" > "$WORK/log" 2>&1 &&
		"$ORBAT" render -q --lang "$lang" -o "$WORK/riding-$lang" "$riding" >> "$WORK/log" 2>&1
	checked "render Brandy Station in $lang, as it is and with every unit mounted" $? "$(cat "$WORK/log")"
	m=${MARK[$lang]}
	for product in map-overview scenario-sheet; do
		n=$(count "$WORK/m-$lang/brandy-station/$lang/$product.pdf" "$m")
		r=$(count "$WORK/riding-$lang/brandy-station/$lang/$product.pdf" "$m")
		[ "$n" -eq $((dismounted + 1)) ] && [ "$r" -eq 0 ]
		verdict "$lang $product: '$m' on each of the $dismounted dismounted counters and in the legend, none when all ride" \
			"as it is: $n, all mounted: $r" $?
	done
done

# ---- fences ----
sh=$ROOT/scenarios/shiloh.xml
"$ORBAT" render -q --lang en -o "$WORK/fence" "$sh" > "$WORK/log" 2>&1 &&
	"$ORBAT" render -q --lang en --setup -o "$WORK/fence-setup" "$sh" >> "$WORK/log" 2>&1
checked "render Shiloh, and with the set-up on tiles and poster" $? "$(cat "$WORK/log")"
d=$WORK/fence/shiloh/en
e=$WORK/fence-setup/shiloh/en
out=$(python3 "$HERE/fence_counters.py" "$d/map-overview.pdf" "$d/scenario-sheet.pdf" "$e/map-tiles.pdf" "$e/map-poster.pdf")
verdict "Shiloh: no counter covers a fence on the overview, sheet, tiles and poster" "$out" $?

echo "map-words: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
