#!/bin/bash
# The pieces' short labels read as labels, never as a cell of the map.
#
#   run-unit-labels.sh ORBAT_BINARY SOURCE_ROOT
#
# For every bundled scenario in en, nl and fr, on the scenario sheet's map
# page and on the overview:
# 1. no word in the form of the grid's addresses (letters then digits,
#    "I3") prints twice on a map: a unit label such as "I3" beside hex or
#    square I3's own address would; every address prints at most once.
# 2. the map carries the pieces' labels, in the form "I·3".
# 3. every label in the sheet's list has that form, and on the hex games
#    (whose rulesets count figures) every unit row gives its figures.
# 4. every general's surname and every city's name print on the map: the
#    words a player sets up by and plays for; a surname with no room in
#    its cell whole may be shortened ("How.").
# Ends with "unit-labels: N passed, M failed"; exit 0 all passed, 1 any
# failed, 77 (skipped) without poppler-utils.
set -u
. "$(dirname -- "$0")/../render/pdf-lib.sh"
check_begin unit-labels "pdftotext xmllint" "$@"
export PAPERSIZE=a4

# The words of a PDF page, one a line.
words() { pdftotext -q -f "$2" -l "$2" "$1" - | tr -s ' \t\f' '\n\n\n' | sed '/^$/d'; }
DOT=$(printf '\xc2\xb7')
# The words of the names a map must carry in language $2: each general's
# surname (the last word of his name) and each word of each city's name,
# as the city's <name xml:lang> gives it, else its name attribute.
names_of() {
	local i n name
	xmllint --xpath '//*[local-name()="general"]/@name' "$1" 2>/dev/null |
		sed 's/ name="/\n/g; s/"//g' | awk 'NF { print $NF }'
	n=$(xmllint --xpath 'count(//*[local-name()="city"])' "$1" 2>/dev/null)
	for ((i = 1; i <= ${n:-0}; i++)); do
		name=$(xmllint --xpath "string(//*[local-name()='city'][$i]/*[local-name()='name'][@xml:lang='$2'])" "$1")
		[ -n "$name" ] || name=$(xmllint --xpath "string(//*[local-name()='city'][$i]/@name)" "$1")
		printf '%s\n' "$name" | tr ' ' '\n'
	done
}
# Whether the words $2 hold $1 shortened to its first three letters or
# more and a full stop: a general's surname with no room in his cell
# whole ("How." for Howard on a reduced map).
shortened() {
	local k
	for ((k = 3; k < ${#1}; k++)); do
		printf '%s\n' "$2" | grep -qxF -- "${1:0:k}." && return 0
	done
	return 1
}
declare -A FIGURES=([en]="figure" [nl]="figu" [fr]="figurine")

for s in "$ROOT"/scenarios/*.xml; do
	id=$(basename "$s" .xml)
	if ! "$ORBAT" render -q -j 1 -o "$WORK/out" "$s" >"$WORK/log" 2>&1; then
		fail "$id: renders" "$(cat "$WORK/log")"
		continue
	fi
	for l in en nl fr; do
		dir=$WORK/out/$id/$l
		sheet=$dir/scenario-sheet.pdf
		map_page=$(npages "$sheet")
		for where in "sheet:$sheet:$map_page" "overview:$dir/map-overview.pdf:1"; do
			IFS=: read -r name pdf page <<<"$where"
			w=$(words "$pdf" "$page")
			twice=$(printf '%s\n' "$w" | grep -E '^[A-Z]{1,2}[0-9]{1,3}$' | sort | uniq -d | head -5 | tr '\n' ' ')
			[ -z "$twice" ]
			verdict "$id/$l $name: no unit label reads as an address" "printed twice: $twice" $?
			labels=$(printf '%s\n' "$w" | grep -cE "^[[:alpha:]]+$DOT[0-9]+$")
			[ "$labels" -gt 0 ]
			verdict "$id/$l $name: the pieces carry labels of the form I${DOT}3 ($labels)" "" $?
			missing=""
			while IFS= read -r word; do
				[ -n "$word" ] && ! printf '%s\n' "$w" | grep -qxF -- "$word" &&
					! shortened "$word" "$w" && missing="$missing $word"
			done <<<"$(names_of "$s" "$l")"
			[ -z "$missing" ]
			verdict "$id/$l $name: every general's and city's name prints" "missing:$missing" $?
		done
		# (a number and its word are joined by a no-break space: read it as one)
		list=$(pdftotext -q -layout -f 1 -l $((map_page - 1)) "$sheet" - | sed 's/\xc2\xa0/ /g')
		rows=$(printf '%s\n' "$list" | grep -oE "(^| )[[:alpha:]]+$DOT[0-9]+ [^ ]" | wc -l)
		bare=$(printf '%s\n' "$list" | grep -oE "(^|  )[A-Z][a-z]?[0-9]+ [A-Z][a-z]" | head -3 | tr '\n' ' ')
		[ "$rows" -gt 0 ] && [ -z "$bare" ]
		verdict "$id/$l sheet list: $rows rows labelled with a dot, none as an address" "$bare" $?
		case "$id" in
		mb-*) ;;
		*)
			nofig=$(printf '%s\n' "$list" | grep -E "(^| )[[:alpha:]]+$DOT[0-9]+ " | grep -vci "${FIGURES[$l]}")
			# A row whose name wraps carries its figures on the next
			# line; the count of rows with figures must match the rows.
			withfig=$(printf '%s\n' "$list" | grep -oi "[0-9] *\(van [0-9]* \)\?${FIGURES[$l]}\|[0-9] ${FIGURES[$l]}" | wc -l)
			[ "$withfig" -ge "$rows" ]
			verdict "$id/$l sheet list: every unit gives its figures ($withfig of $rows)" "$nofig rows without on their first line" $?
			;;
		esac
	done
done

echo "unit-labels: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
