#!/bin/bash
# One word for one thing, and names in the reader's language, read back
# from what the players get.
#
#   run-words.sh ORBAT_BINARY SOURCE_ROOT
#
# 1. Dutch: the board's home edge is "bordrand" and the row of hexes
#    beside it "achterste rij" in every Dutch text of data/ and in the
#    rules `orbat explain` prints; "basislijn" and "thuisrij" are gone.
# 2. The square map's cities: the French scenario sheet and rosters of
#    mb-1861 print the names French readers use (La Nouvelle-Orléans,
#    Philadelphie), the Dutch and English ones the English names.
# 3. The rosters' attributes read as one phrase in each language, agreeing
#    with the unit's type (French "cavalerie montée, aguerrie", never the
#    plural "aguerris" beside a feminine noun).
# Ends with "words: N passed, M failed"; exit 0 all passed, 1 any failed,
# 77 (skipped) without poppler-utils or xmllint.
set -u
. "$(dirname -- "$0")/../render/pdf-lib.sh"
check_begin words "pdftotext xmllint" "$@"

# The text of PDFs or of standard input on one line, spaces squeezed (a
# no-break space counts as a space): a phrase wrapped in its cell still
# reads as written.
flat() { tr '\n\f\t' '   ' | sed 's/\xc2\xa0/ /g; s/  */ /g'; }
pdf_text() { for pdf in "$@"; do text_of "$pdf"; done | flat; }

# has NAME TEXT PHRASE...: every phrase is in the text.
has() {
	local name=$1 text=$2 missing="" p
	shift 2
	for p in "$@"; do
		printf '%s' "$text" | grep -qF -- "$p" || missing="$missing \"$p\""
	done
	[ -z "$missing" ]
	verdict "$name" "missing:$missing" $?
}
# lacks NAME TEXT WORD...: no word is in the text (case-insensitive).
lacks() {
	local name=$1 text=$2 found="" w
	shift 2
	for w in "$@"; do
		printf '%s' "$text" | grep -qiF -- "$w" && found="$found \"$w\""
	done
	[ -z "$found" ]
	verdict "$name" "found:$found" $?
}

# ---- 1. Dutch: bordrand and achterste rij ----
nl_data=$(for f in "$ROOT"/data/i18n/*.xml "$ROOT"/data/rules/*.xml "$ROOT"/data/rulesets/*.xml \
		"$ROOT"/data/templates/*.xml; do
	xmllint --xpath "//*[@xml:lang='nl']" "$f" 2>/dev/null
done | flat)
[ -n "$nl_data" ]
verdict "the Dutch texts of data/ read back" "" $?
lacks "Dutch texts of data/: no basislijn or thuisrij" "$nl_data" basislijn thuisrij
has "Dutch texts of data/: bordrand and achterste rij" "$nl_data" "bordrand" "achterste rij"
for rule in bc-7.1 ntz-7.1 bc-1 ntz-1; do
	text=$("$ORBAT" explain --lang nl "$rule" 2>&1 | flat)
	lacks "explain --lang nl $rule: no basislijn or thuisrij" "$text" basislijn thuisrij
done
text=$("$ORBAT" explain --lang nl bc-7.1 2>&1 | flat)
has "explain --lang nl bc-7.1: a retreat goes toward the bordrand, off from the achterste rij" "$text" \
	"richting haar bordrand" "achterste rij"

# ---- products ----
"$ORBAT" render -q --paper a4 -o "$WORK/out" "$ROOT/scenarios/brandy-station.xml" "$ROOT/scenarios/mb-1861.xml"
verdict "brandy-station and mb-1861 render" "" $?
B=$WORK/out/brandy-station
M=$WORK/out/mb-1861

nl_all=$(pdf_text "$B"/nl/*.pdf)
lacks "brandy-station/nl: no basislijn or thuisrij on any product" "$nl_all" basislijn thuisrij
has "brandy-station/nl: the map marks each side's Bordrand" "$(pdf_text "$B/nl/map-overview.pdf")" "Bordrand"

# ---- 2. city names ----
fr=$(pdf_text "$M/fr/scenario-sheet.pdf" "$M/fr/rosters.pdf")
has "mb-1861/fr: sheet and rosters name La Nouvelle-Orléans and Philadelphie" "$fr" \
	"La Nouvelle-Orléans" "Port de La Nouvelle-Orléans" "Philadelphie"
lacks "mb-1861/fr: no English New Orleans or Philadelphia" "$fr" "New Orleans" "Philadelphia"
has "mb-1861/fr: cities French readers call by the English name keep it" "$fr" "New York" "Boston"
for lang in en nl; do
	text=$(pdf_text "$M/$lang/scenario-sheet.pdf" "$M/$lang/rosters.pdf")
	has "mb-1861/$lang: sheet and rosters name New Orleans and Philadelphia" "$text" \
		"New Orleans" "Philadelphia"
	lacks "mb-1861/$lang: no French city name" "$text" "Nouvelle-Orléans" "Philadelphie"
done

# ---- 3. roster attributes ----
en=$(pdf_text "$B/en/rosters.pdf")
nl=$(pdf_text "$B/nl/rosters.pdf")
fr=$(pdf_text "$B/fr/rosters.pdf")
has "brandy-station/en rosters: quality first, then how the unit fights" "$en" \
	"veteran, mounted" "experienced, dismounted (carbines)" "veteran, with rifles" "veteran, horse artillery"
has "brandy-station/nl rosters: kwaliteit, dan hoe de eenheid vecht" "$nl" \
	"veteranen, bereden" "ervaren, afgestegen (karabijnen)" "veteranen, met geweren"
has "brandy-station/fr rosters: agreeing with cavalerie, infanterie, artillerie" "$fr" \
	"montée, aguerrie" "montée, de vétérans" "à pied (carabines), aguerrie" \
	"au fusil rayé, de vétérans" "à cheval, de vétérans"
lacks "brandy-station/fr rosters: no plural or type-less qualifier" "$fr" \
	"aguerris" "vétérans, montée" "artillerie à cheval, vétérans"
lacks "brandy-station/nl rosters: the attributes do not repeat the type" "$nl" "bereden artillerie,"

echo "words: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
