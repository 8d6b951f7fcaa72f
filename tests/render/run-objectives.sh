#!/bin/bash
# Every map says what each objective is worth and whose it is: on the
# tiles, the poster, the overview and the scenario's sheet, each
# objective's value stands in its ring (bold black, as pdftohtml reads
# it), and the legend (all but the tiles have one) names the objectives of
# each owner the scenario has, in en, nl and fr.  Gettysburg has objectives of the Union, of the
# Confederacy and of both sides, worth 1 and 2.
#
#   run-objectives.sh ORBAT_BINARY SOURCE_ROOT
#
# Ends with "objectives: N passed, M failed"; exit 77 (skipped) without
# poppler-utils or python3.
set -u
. "$(dirname -- "$0")/pdf-lib.sh"
check_begin objectives "pdftohtml pdftotext python3" "$@"
scenario=$ROOT/scenarios/gettysburg-first-day.xml

# The objectives' values, one line each, from the scenario.
values=$(grep -o '<objective [^>]*vp="[0-9]*"' "$scenario" | sed 's/.*vp="\([0-9]*\)"/\1/' | sort)
[ "$(wc -l <<< "$values")" -ge 3 ]
st=$?
verdict "gettysburg-first-day has objectives (values: $(tr '\n' ' ' <<< "$values"))" "" $st

# bold_numbers PDF: every bold black word that is a number, one a line.
bold_numbers() {
	pdftohtml -xml -i -stdout "$1" 2>/dev/null | python3 -c '
import re, sys
xml = sys.stdin.read()
black = {m.group(1) for m in re.finditer(r"<fontspec id=\"(\d+)\"[^>]*color=\"#000000\"", xml)}
for m in re.finditer(r"<text [^>]*font=\"(\d+)\"[^>]*><b>(\d+)</b></text>", xml):
    if m.group(1) in black:
        print(m.group(2))'
}

# Each value at least as often as objectives have it (a tile repeats what
# lies in its overlap band).
declare -A legend=([en]="Objective and its value" [nl]="Doel en zijn waarde" [fr]="Objectif et sa valeur")
for lang in en nl fr; do
	"$ORBAT" render -q --lang "$lang" -o "$WORK/out" "$scenario" > "$WORK/log" 2>&1
	checked "render gettysburg-first-day in $lang" $? "$(cat "$WORK/log")"
	for product in map-overview scenario-sheet map-poster map-tiles; do
		pdf=$WORK/out/gettysburg-first-day/$lang/$product.pdf
		missing=$(python3 -c '
import collections, sys
want = collections.Counter(sys.argv[1].split())
got = collections.Counter(sys.argv[2].split())
print(" ".join(f"{v} ({got[v]} of {n})" for v, n in sorted(want.items()) if got[v] < n))' "$values" "$(bold_numbers "$pdf")")
		[ -z "$missing" ]
		verdict "$lang $product: every objective's value in its ring" "values missing: $missing" $?
		# The tiles carry no legend: the overview and the sheet explain them.
		[ "$product" = map-tiles ] && continue
		n=$(pdftotext -raw "$pdf" - 2>/dev/null | tr -s ' \n' ' ' | grep -o "${legend[$lang]} (" | wc -l)
		[ "$n" -eq 3 ]
		verdict "$lang $product: the legend names the objectives of each of the 3 owners" "$n entries '${legend[$lang]} (…)'" $?
	done
done

echo "objectives: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
