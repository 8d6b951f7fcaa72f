#!/bin/bash
# What the players read on every bundled product, from the PDFs.
#
#   run-text-checks.sh ORBAT_BINARY TEXTSIZE_SAMPLE SOURCE_ROOT
#
# 1. Calibration: TEXTSIZE_SAMPLE writes words at 6 pt (every font and
#    style the products use), at 5.9 pt through the products' text_draw
#    and at 5.5 pt drawn directly.  pdftotext -bbox reports a word's box,
#    about 1.36 times the font size for these fonts; the least box of the
#    6 pt words is the threshold.  The 5.9 pt words must be left out and
#    a 5.5 pt word must measure below it, or the check could not fail.
#    The box/size ratio differs by font (Old Standard 1.25, Noto Sans
#    1.36) and the box does not say which font it is: the threshold is
#    the smaller, so text in Noto Sans is caught from about 5.5 pt down
#    (text_draw itself refuses anything under 6 pt, checked above).
# 2. Every PDF of the print set of every bundled scenario, and of the
#    golden scenario with one special rule of each kind, in en, nl and fr
#    (tiles, overview, poster, sheet, rosters, deck, reference card,
#    scenario card): no word below the threshold.
# 3. No id of a scenario's units, generals, brigades or ships in the text
#    of its print set (case-sensitive, whole words; an id that is also a
#    word of the scenario's own prose, such as "early", is not looked for).
# Ends with "text-checks: N passed, M failed"; exit 0 all passed, 1 any
# failed, 77 (skipped) without poppler-utils or xmllint.

set -u
if [ $# -ne 3 ]; then
	echo "usage: $0 ORBAT_BINARY TEXTSIZE_SAMPLE SOURCE_ROOT" >&2
	exit 2
fi
ORBAT=$1
SAMPLE=$2
ROOT=$3
for tool in pdftotext xmllint awk; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "skipped: $tool is not installed (poppler-utils, libxml2-utils)"
		exit 77
	fi
done
WORK=$(mktemp -d "${TMPDIR:-/tmp}/orbat-text-checks.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
. "$ROOT/tests/render/pdf-lib.sh"
[ -n "${ORBAT_DATADIR:-}" ] || export ORBAT_DATADIR=$ROOT/data

# "page height word" for every word of a PDF (height = yMax - yMin, pt).
boxes() {
	pdftotext -bbox "$1" - 2>/dev/null | awk '
		/<page / { page++ }
		/<word / {
			match($0, /yMin="[^"]*"/); y0 = substr($0, RSTART + 6, RLENGTH - 7)
			match($0, /yMax="[^"]*"/); y1 = substr($0, RSTART + 6, RLENGTH - 7)
			w = $0; sub(/^[^>]*>/, "", w); sub(/<.*/, "", w)
			printf "%d %.3f %s\n", page, y1 - y0, w
		}'
}

# ---- 1. calibration ----
CAL=$WORK/calibration.pdf
"$SAMPLE" "$ORBAT_DATADIR/fonts" "$CAL"
verdict "calibration sample written" "" $?
boxes "$CAL" > "$WORK/cal.txt"
SIX=$(awk '$3 ~ /^six/ { n++; if (!m || $2 < m) m = $2 } END { if (n == 7) printf "%.3f", m }' "$WORK/cal.txt")
[ -n "$SIX" ]
st=$?
verdict "calibration: all seven 6 pt words read back (least box ${SIX:-?} pt)" "$(cat "$WORK/cal.txt")" $st
SIX=${SIX:-999}
THRESHOLD=$(calc "$SIX - 0.01")
RATIO=$(calc "$SIX / 6")
! grep -q ' under' "$WORK/cal.txt"
st=$?
verdict "calibration: text_draw leaves out 5.9 pt words" "$(cat "$WORK/cal.txt")" $st
awk -v t="$THRESHOLD" '$3 == "smalltitle" { n++; if ($2 >= t) bad++ } END { exit !(n == 1 && !bad) }' "$WORK/cal.txt"
st=$?
verdict "calibration: a 5.5 pt word measures below the threshold $THRESHOLD pt (box/size $RATIO)" \
	"$(cat "$WORK/cal.txt")" $st

# ---- 2. every product of every bundled scenario ----
SCENARIOS=("$ROOT"/scenarios/*.xml "$ROOT"/tests/golden/valid/sr-01-every-special-rule.xml)
"$ORBAT" render -q --paper a4 -o "$WORK/out" "${SCENARIOS[@]}"
verdict "the bundled scenarios and the special-rules golden render" "" $?
for dir in "$WORK"/out/*/*; do
	for pdf in "$dir"/*.pdf; do
		name=${pdf#"$WORK/out/"}
		small=$(boxes "$pdf" | awk -v t="$THRESHOLD" -v r="$RATIO" \
			'$2 < t { printf "page %d: %.1f pt \"%s\"\n", $1, $2 / r, $3 }')
		[ -z "$small" ]
		st=$?
		verdict "$name: no word below 6 pt" "$small" $st
	done
done

# ---- 3. names, not ids ----
for scen in "${SCENARIOS[@]}"; do
	sid=$(xmllint --xpath 'string(/*/@id)' "$scen")
	ids=$(xmllint --xpath "//*[local-name()='unit' or local-name()='general' or local-name()='brigade' or local-name()='ship']/@id" \
		"$scen" 2>/dev/null | grep -o 'id="[^"]*"' | sed 's/^id="//; s/"$//' | sort -u)
	prose=$(xmllint --xpath '//text()' "$scen" 2>/dev/null; xmllint --xpath '//@name' "$scen" 2>/dev/null)
	for lang in en nl fr; do
		text=$(for pdf in "$WORK/out/$sid/$lang"/*.pdf; do pdftotext "$pdf" - 2>/dev/null; done)
		found=""
		for id in $ids; do
			printf '%s\n' "$prose" | grep -qwF -- "$id" && continue
			printf '%s\n' "$text" | grep -qwF -- "$id" && found="$found $id"
		done
		[ -z "$found" ]
		st=$?
		verdict "$sid/$lang: no unit, general, brigade or ship id on any product" "ids printed:$found" $st
	done
done

echo "text-checks: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
