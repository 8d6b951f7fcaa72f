#!/bin/bash
# The deck and the reference card, checked with real clients:
#   pdfinfo   page count, page size of every page (-box), metadata
#   pdftotext every card name as often as the deck holds it, in each
#             language; the dice tables on the reference card
#   pdffonts  every font embedded (subset), only the bundled families
#   pdfimages vector only: no raster image
#   qpdf      --check, and --json for page labels and bookmarks
#   python3   only to count, and to read the PNG headers
# plus exit codes, deck files, reproducible bytes and atomic writes.
# Usage: run-cards-checks.sh ORBAT SOURCE_ROOT.  Exits 77 (skipped) when a
# client is missing.  Ends with "cards-checks: N passed, M failed".
set -u
# A product carries the real date unless SOURCE_DATE_EPOCH pins it; the
# byte-for-byte checks below need it pinned.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-946684800}

orbat=${1:?usage: run-cards-checks.sh ORBAT SOURCE_ROOT}
root=${2:?usage: run-cards-checks.sh ORBAT SOURCE_ROOT}

for tool in pdfinfo pdftotext pdffonts pdfimages qpdf python3 cmp; do
	if ! command -v "$tool" >/dev/null; then
		echo "cards-checks: skipped, $tool is not installed"
		exit 77
	fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-cards.XXXXXX")
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok: $*"; }
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }
# check DESCRIPTION COMMAND...: passes when the command succeeds.
check() {
	local what=$1; shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}

pages() { pdfinfo "$1" 2>/dev/null | awk '/^Pages:/ { print $2 }'; }

# Every page has this MediaBox (points, as pdfinfo -box prints them).
all_pages_sized() {
	local file=$1 want=$2 n
	n=$(pages "$file")
	[ -n "$n" ] || return 1
	local boxes
	boxes=$(pdfinfo -box -f 1 -l "$n" "$file" | awk '/MediaBox:/ { print $(NF-3), $(NF-2), $(NF-1), $NF }' | sort -u)
	[ "$boxes" = "$want" ] || { echo "  $file: MediaBox $boxes, expected $want"; return 1; }
}

A4_PORTRAIT="0.00 0.00 595.28 841.89"
A4_LANDSCAPE="0.00 0.00 841.89 595.28"
LETTER_PORTRAIT="0.00 0.00 612.00 792.00"
LETTER_LANDSCAPE="0.00 0.00 792.00 612.00"

# Every card name of the ruleset file, each as often as its counts say:
# pdftotext -raw keeps drawing order, and each name is drawn on one line.
# noord-zuid and battlecry-150 inherit the deck of battlecry-1999.
count_names() {
	local pdf=$1 lang=$2 extra=${3:-}
	pdftotext -raw "$pdf" "$work/text.txt" || return 1
	python3 - "$root/data/rulesets/battlecry-1999.xml" "$lang" "$extra" "$work/text.txt" <<'PY'
import sys, xml.etree.ElementTree as ET
ns = {"r": "urn:orbat:ruleset:1"}
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
def norm(s):
    # pdftotext writes the French no-break spaces as plain spaces.
    return " ".join(s.replace("\u00a0", " ").replace("\u202f", " ").split())
lines = [norm(l.lstrip("\f")) for l in open(sys.argv[4], encoding="utf-8").read().split("\n")]
want = {}
for card in ET.parse(sys.argv[1]).getroot().iterfind("r:deck/r:card", ns):
    name = [n.text for n in card.iterfind("r:name", ns) if n.get(XML_LANG) == sys.argv[2]][0]
    want[norm(name)] = sum(int(card.get(k, "0")) for k in ("left", "centre", "right", "any"))
if sys.argv[3]:
    name, count = sys.argv[3].rsplit("=", 1)
    want[norm(name)] = int(count)
bad = 0
for name, count in want.items():
    got = lines.count(name)
    if got != count:
        print(f"  {name!r}: {got} on the pages, {count} in the deck")
        bad += 1
total = sum(want.values())
expected_total = 58 + (int(sys.argv[3].rsplit("=", 1)[1]) if sys.argv[3] else 0)
if total != expected_total:
    print(f"  the ruleset lists {total} cards, expected {expected_total}")
    bad += 1
sys.exit(1 if bad else 0)
PY
}

# The text of a PDF with runs of blanks squeezed, for table rows.
layout_text() { pdftotext -layout "$1" - | tr -s ' \t' '  '; }

fonts_embedded() {
	pdffonts "$1" | awk 'NR > 2 {
		if ($(NF-4) != "yes" || $(NF-3) != "yes") bad = 1
		if ($1 !~ /^[A-Z][A-Z][A-Z][A-Z][A-Z][A-Z]\+(NotoSans|OldStandardTT)-/) bad = 1
		n++
	} END { exit (bad || n == 0) }'
}

no_images() { [ "$(pdfimages -list "$1" | awk 'NR > 2' | wc -l)" -eq 0 ]; }

qpdf_ok() { qpdf --check "$1" >/dev/null 2>&1; }

# Page labels on every page and a bookmark per page under one title.
labels_and_bookmarks() {
	local file=$1 n
	n=$(pages "$file")
	qpdf --json --json-key=pagelabels --json-key=outlines "$file" | python3 -c '
import json, sys
d = json.load(sys.stdin)
n = int(sys.argv[1])
labels = d.get("pagelabels", [])
outlines = d.get("outlines", [])
ok = len(labels) >= 1 and len(outlines) == 1 and len(outlines[0].get("kids", [])) == n
sys.exit(0 if ok else 1)' "$n"
}

png_size() {
	python3 -c '
import struct, sys
with open(sys.argv[1], "rb") as f:
    head = f.read(24)
assert head[:8] == b"\x89PNG\r\n\x1a\n"
w, h = struct.unpack(">II", head[16:24])
print(f"{w}x{h}")' "$1"
}

run() { "$orbat" "$@" >"$work/stdout" 2>"$work/stderr"; }
exit_is() {
	local want=$1; shift
	run "$@"
	local got=$?
	[ "$got" -eq "$want" ] || { echo "  exit $got, expected $want: $(head -3 "$work/stderr")"; return 1; }
}

# ---- the deck: A4 and Letter, three languages ----

check "cards noord-zuid, A4, all languages" exit_is 0 cards --ruleset noord-zuid -o "$work/a4" -q
check "cards noord-zuid, Letter" exit_is 0 cards --ruleset noord-zuid --paper letter -o "$work/letter" -q
for lang in en nl fr; do
	a4="$work/a4/cards/noord-zuid/$lang/deck.pdf"
	letter="$work/letter/cards/noord-zuid/$lang/deck.pdf"
	# 58 cards, 9 a sheet: 7 sheets of fronts and backs.
	check "deck $lang A4: 14 pages" [ "$(pages "$a4")" = 14 ]
	check "deck $lang A4: every page A4 portrait" all_pages_sized "$a4" "$A4_PORTRAIT"
	# Letter holds 3 x 2 poker cards once the marks keep 5 mm from the
	# paper's edge: 10 sheets of fronts and backs.
	check "deck $lang Letter: 20 pages" [ "$(pages "$letter")" = 20 ]
	check "deck $lang Letter: every page Letter portrait" all_pages_sized "$letter" "$LETTER_PORTRAIT"
	check "deck $lang: every card name as often as the deck holds it (58)" count_names "$a4" "$lang"
	check "deck $lang Letter: the same 58 names" count_names "$letter" "$lang"
	check "deck $lang: fonts embedded, bundled only" fonts_embedded "$a4"
	check "deck $lang: vector only" no_images "$a4"
	check "deck $lang: qpdf --check" qpdf_ok "$a4"
	check "deck $lang Letter: qpdf --check" qpdf_ok "$letter"
	check "deck $lang: page labels and a bookmark per page" labels_and_bookmarks "$a4"
done
check "deck metadata: title" bash -c "pdfinfo '$work/a4/cards/noord-zuid/en/deck.pdf' | grep -q '^Title: *Order cards — Noord tegen Zuid (miniatures)$'"
check "deck metadata: subject and creator" bash -c "pdfinfo '$work/a4/cards/noord-zuid/nl/deck.pdf' | grep -q '^Subject: *Orderkaarten' && pdfinfo '$work/a4/cards/noord-zuid/nl/deck.pdf' | grep -q '^Creator: *orbat '"
check "deck backs: one Battle Cry title per card" bash -c "[ \$(pdftotext -raw '$work/a4/cards/noord-zuid/en/deck.pdf' - | tr -d '\f' | grep -cx 'Battle Cry') -eq 58 ]"

# ---- deck options ----

check "cards --unique: 24 designs, 3 sheets" exit_is 0 cards --ruleset battlecry-1999 --lang en --unique -o "$work/unique" -q
check "  6 pages" [ "$(pages "$work/unique/cards/battlecry-1999/en/deck.pdf")" = 6 ]
check "cards --duplex short" exit_is 0 cards --ruleset battlecry-1999 --lang en --duplex short -o "$work/short" -q
check "  14 pages, portrait" all_pages_sized "$work/short/cards/battlecry-1999/en/deck.pdf" "$A4_PORTRAIT"
check "cards --duplex none" exit_is 0 cards --ruleset battlecry-1999 --lang en --duplex none -o "$work/none" -q
# Fold and glue: 2 × 2 fronts beside their backs on landscape pages.
check "  15 landscape pages" bash -c "[ \$(pdfinfo '$work/none/cards/battlecry-1999/en/deck.pdf' | awk '/^Pages:/ {print \$2}') = 15 ]"
check "  every page A4 landscape" all_pages_sized "$work/none/cards/battlecry-1999/en/deck.pdf" "$A4_LANDSCAPE"
check "  58 names" count_names "$work/none/cards/battlecry-1999/en/deck.pdf" en
check "cards --size tarot, Letter" exit_is 0 cards --ruleset battlecry-150 --lang fr --size tarot --paper letter -o "$work/tarot" -q
check "  2 x 2 a sheet: 30 pages" [ "$(pages "$work/tarot/cards/battlecry-150/fr/deck.pdf")" = 30 ]
check "  58 names" count_names "$work/tarot/cards/battlecry-150/fr/deck.pdf" fr
check "cards --size bridge" exit_is 0 cards --ruleset battlecry-150 --lang nl --size bridge -o "$work/bridge" -q
check "  58 names" count_names "$work/bridge/cards/battlecry-150/nl/deck.pdf" nl

# ---- Tabletop Simulator sheets ----

check "cards --format png" exit_is 0 cards --ruleset noord-zuid --lang en --format png -o "$work/tts" -q
tts="$work/tts/cards/noord-zuid/en"
# 63.5 × 88.9 mm at 300 dpi: 750 × 1050 px a card, 10 × 7 a sheet.
check "  one sheet of 7500 x 7350 px" [ "$(png_size "$tts/deck-sheet-1.png" 2>/dev/null)" = 7500x7350 ]
check "  no second sheet for 58 cards (69 fronts + the back)" [ ! -e "$tts/deck-sheet-2.png" ]
check "  the back alone, 750 x 1050 px" [ "$(png_size "$tts/deck-back.png" 2>/dev/null)" = 750x1050 ]
check "  no PDF unless asked" [ ! -e "$tts/deck.pdf" ]
check "cards --format pdf,png --dpi 100" exit_is 0 cards --ruleset noord-zuid --lang nl --format pdf,png --dpi 100 -o "$work/both" -q
check "  both written, sheet 2500 x 2450 px" bash -c "[ -f '$work/both/cards/noord-zuid/nl/deck.pdf' ] && [ \"\$(python3 -c 'import struct,sys; h=open(sys.argv[1],\"rb\").read(24); print(\"%dx%d\" % struct.unpack(\">II\", h[16:24]))' '$work/both/cards/noord-zuid/nl/deck-sheet-1.png')\" = 2500x2450 ]"

# ---- the reference card ----

check "refcard noord-zuid, all languages" exit_is 0 refcard --ruleset noord-zuid -o "$work/ref" -q
check "refcard battlecry-1999 nl, Letter" exit_is 0 refcard --ruleset battlecry-1999 --lang nl --paper letter -o "$work/ref" -q
check "refcard battlecry-150" exit_is 0 refcard --ruleset battlecry-150 -o "$work/ref" -q
for lang in en nl fr; do
	ref="$work/ref/refcard/noord-zuid/$lang/refcard.pdf"
	check "refcard noord-zuid $lang: two pages" [ "$(pages "$ref")" = 2 ]
	check "refcard noord-zuid $lang: A4 landscape" all_pages_sized "$ref" "$A4_LANDSCAPE"
	# Field artillery 5-4-3-2-1, horse artillery 4-3-3-2-1, musket 3-2-1.
	check "refcard noord-zuid $lang: field artillery dice 5 4 3 2 1" bash -c "pdftotext -layout '$ref' - | tr -s ' ' | grep -q ' 5 4 3 2 1'"
	check "refcard noord-zuid $lang: horse artillery dice 4 3 3 2 1" bash -c "pdftotext -layout '$ref' - | tr -s ' ' | grep -q ' 4 3 3 2 1'"
	check "refcard noord-zuid $lang: musket dice 3 2 1 – –" bash -c "pdftotext -layout '$ref' - | tr -s ' ' | grep -q ' 3 2 1 – –'"
	check "refcard noord-zuid $lang: deck total 58" bash -c "pdftotext -layout '$ref' - | tr -s ' ' | grep -q ' 58 12 14 12 20'"
	check "refcard noord-zuid $lang: fonts embedded" fonts_embedded "$ref"
	check "refcard noord-zuid $lang: qpdf --check" qpdf_ok "$ref"
	check "refcard noord-zuid $lang: labels and bookmarks" labels_and_bookmarks "$ref"
done
bc="$work/ref/refcard/battlecry-1999/nl/refcard.pdf"
check "refcard battlecry-1999 nl: two Letter landscape pages" all_pages_sized "$bc" "$LETTER_LANDSCAPE"
# The back explains every special card of the deck, each as "Name: …".
specials_explained() {
	local text names missing=""
	text=$(pdftotext -f 2 -l 2 "$bc" - | tr '\n' ' ' | tr -s ' ')
	names=$(python3 -c '
import sys, xml.etree.ElementTree as ET
ns = {"r": "urn:orbat:ruleset:1"}
for card in ET.parse(sys.argv[1]).getroot().iter("{urn:orbat:ruleset:1}card"):
    if card.get("order") == "special":
        for name in card.findall("r:name", ns):
            if name.get("{http://www.w3.org/XML/1998/namespace}lang") == "nl":
                print(name.text)' "$root/data/rulesets/battlecry-1999.xml")
	[ "$(grep -c . <<< "$names")" -ge 6 ] || { echo "fewer than 6 special cards: $names"; return 1; }
	while IFS= read -r name; do
		grep -qF -- "$name: " <<< "$text" || missing="$missing '$name'"
	done <<< "$names"
	[ -z "$missing" ] || { echo "not explained:$missing"; return 1; }
}
check "refcard battlecry-1999 nl: every special card of the deck explained on the back" specials_explained
# A dice modifier prints with a minus as wide as its plus (the en dash the
# body face has), never a hyphen: "–1 aanvaller", not "-1 aanvaller".
check "refcard battlecry-1999 nl: modifiers with a minus, no hyphen before a digit" bash -c \
	"t=\$(pdftotext '$bc' -); grep -q '–1 aanvaller' <<< \"\$t\" && ! grep -qE '(^|[ (])-[0-9]' <<< \"\$t\""
check "refcard battlecry-1999 nl: infantry 4 3 2 1, artillery 5 4 3 2 1" bash -c "pdftotext -layout '$bc' - | tr -s ' ' | grep -q ' 4 3 2 1 –' && pdftotext -layout '$bc' - | tr -s ' ' | grep -q ' 5 4 3 2 1'"
check "refcard battlecry-1999 nl: in Dutch" bash -c "pdftotext '$bc' - | grep -q 'Spelhulpkaart'"
check "refcard battlecry-150 en: the general ignores a flag" bash -c "pdftotext '$work/ref/refcard/battlecry-150/en/refcard.pdf' - | tr '\n' ' ' | grep -q 'ignores 1 flag'"

# ---- the square grid: mb-remastered ----

# Every unit, port and capital name of the ruleset in that language, and
# the numbers of the unit chart (its rows: cost, hits, carries) and the sea.
square_content() {
	local pdf=$1 lang=$2
	pdftotext -layout "$pdf" "$work/square.txt" || return 1
	pdftotext -raw "$pdf" "$work/square-raw.txt" || return 1
	python3 - "$root/data/rulesets/mb-remastered.xml" "$lang" "$work/square.txt" "$work/square-raw.txt" <<'PY'
import re, sys, xml.etree.ElementTree as ET
ns = {"r": "urn:orbat:ruleset:1"}
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
def norm(s):
    return " ".join(s.replace("\u00a0", " ").replace("\u202f", " ").split())
text = open(sys.argv[3], encoding="utf-8").read()
# Drawing order keeps each table cell's lines together; a name broken at
# its own hyphen ("Nouvelle-/Orléans") is joined again.
raw = norm(open(sys.argv[4], encoding="utf-8").read())
flat = raw.replace("- ", "-").casefold()
root = ET.parse(sys.argv[1]).getroot()
bad = 0
def name(e):
    return [n.text for n in e.iterfind("r:name", ns) if n.get(XML_LANG) == sys.argv[2]][0]
units = list(root.iterfind("r:square-unit", ns))
for e in units + list(root.iterfind("r:naval/r:port", ns)) + list(root.iterfind("r:capitals/r:capital", ns)):
    if norm(name(e)).casefold() not in flat:
        print(f"  {name(e)!r} is not on the card")
        bad += 1
# Chart rows as the ruleset gives them, a dash for what a unit lacks.
def row(attr, default):
    return " ".join(str(u.get(attr, default)) if u.get(attr, default) not in (None, "0") else "\u2013" for u in units)
rows = [norm(l) for l in text.split("\n")]
for attr, default in (("cost", None), ("hits", "1"), ("carries", None)):
    want = row(attr, default)
    if not any(re.search(r"\S " + re.escape(want) + r"( |$)", l) for l in rows):
        print(f"  no chart row '{want}' ({attr})")
        bad += 1
zones = root.find("r:naval", ns).get("sea-zones")
if not re.search(r"\b" + zones + r" (sea zones|zeegebieden|zones maritimes)\b", raw):
    print(f"  no '{zones} sea zones'")
    bad += 1
sys.exit(1 if bad else 0)
PY
}

check "refcard mb-remastered, all languages" exit_is 0 refcard --ruleset mb-remastered -o "$work/sq" -q
check "refcard mb-remastered, Letter" exit_is 0 refcard --ruleset mb-remastered --paper letter -o "$work/sq-letter" -q
for lang in en nl fr; do
	sq="$work/sq/refcard/mb-remastered/$lang/refcard.pdf"
	sql="$work/sq-letter/refcard/mb-remastered/$lang/refcard.pdf"
	check "refcard mb-remastered $lang: two pages" [ "$(pages "$sq")" = 2 ]
	check "refcard mb-remastered $lang: A4 landscape" all_pages_sized "$sq" "$A4_LANDSCAPE"
	check "refcard mb-remastered $lang: Letter, two landscape pages" bash -c "[ \$(pdfinfo '$sql' | awk '/^Pages:/ {print \$2}') = 2 ]"
	check "refcard mb-remastered $lang: Letter landscape" all_pages_sized "$sql" "$LETTER_LANDSCAPE"
	check "refcard mb-remastered $lang: units, ports, capitals, chart rows, sea zones" square_content "$sq" "$lang"
	check "refcard mb-remastered $lang Letter: the same content" square_content "$sql" "$lang"
	check "refcard mb-remastered $lang: fonts embedded" fonts_embedded "$sq"
	check "refcard mb-remastered $lang: vector only" no_images "$sq"
	check "refcard mb-remastered $lang: qpdf --check" qpdf_ok "$sq"
	check "refcard mb-remastered $lang Letter: qpdf --check" qpdf_ok "$sql"
	check "refcard mb-remastered $lang: labels and bookmarks" labels_and_bookmarks "$sq"
done
check "refcard mb-remastered en: the ironclad takes 2 hits, carries 2" bash -c "pdftotext '$work/sq/refcard/mb-remastered/en/refcard.pdf' - | tr '\n' ' ' | grep -q 'Ironclad: carries 2 land units; takes 2 hits to sink.'"
check "refcard mb-remastered nl: in Dutch" bash -c "pdftotext '$work/sq/refcard/mb-remastered/nl/refcard.pdf' - | grep -q 'Spelhulpkaart'"
check "refcard mb-remastered fr: the ironclad in French" bash -c "pdftotext '$work/sq/refcard/mb-remastered/fr/refcard.pdf' - | tr '\n' ' ' | sed 's/\xc2\xa0/ /g; s/\xe2\x80\xaf/ /g' | grep -q 'Cuirassé : transporte 2 unités terrestres ; ne coule qu’après 2 touches.'"
check "cards mb-remastered: exit 2" exit_is 2 cards --ruleset mb-remastered -o "$work/sq-cards"
check "  one line saying it has no order cards, pointing to refcard" bash -c "[ \$(wc -l <'$work/stderr') -eq 1 ] && grep -q \"has no order cards.*orbat refcard --ruleset mb-remastered\" '$work/stderr'"
check "  nothing written" [ ! -e "$work/sq-cards" ]
check "  nothing on standard output" [ ! -s "$work/stdout" ]

# Without hyphenation dictionaries the products still come out (and fit).
check "no hyphenation dictionary: refcard nl still written" bash -c "ORBAT_HYPHEN_DIR='$work/no-dictionaries' '$orbat' refcard --ruleset noord-zuid --lang nl -o '$work/nohyph' -q && [ \$(pdfinfo '$work/nohyph/refcard/noord-zuid/nl/refcard.pdf' | awk '/^Pages:/ {print \$2}') = 2 ]"
check "no hyphenation dictionary: deck nl still written" bash -c "ORBAT_HYPHEN_DIR='$work/no-dictionaries' '$orbat' cards --ruleset noord-zuid --lang nl --size bridge -o '$work/nohyph' -q"

# ---- reproducible and atomic ----

check "same input, same bytes (deck)" exit_is 0 cards --ruleset noord-zuid --lang nl -o "$work/again" -q
check "  deck.pdf identical" cmp -s "$work/a4/cards/noord-zuid/nl/deck.pdf" "$work/again/cards/noord-zuid/nl/deck.pdf"
check "same input, same bytes (refcard)" exit_is 0 refcard --ruleset noord-zuid --lang fr -o "$work/again" -q
check "  refcard.pdf identical" cmp -s "$work/ref/refcard/noord-zuid/fr/refcard.pdf" "$work/again/refcard/noord-zuid/fr/refcard.pdf"
check "  PNG sheets identical" bash -c "'$orbat' cards --ruleset noord-zuid --lang en --format png -o '$work/tts2' -q && cmp -s '$tts/deck-sheet-1.png' '$work/tts2/cards/noord-zuid/en/deck-sheet-1.png'"
check "no temporary file left anywhere" [ -z "$(find "$work" -name '*.tmp-*' | head -1)" ]

# ---- the player's own cards ----

cat >"$work/own.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<deck xmlns="urn:orbat:deck:1" mode="add">
  <card id="ambush" order="special" any="3">
    <name xml:lang="en">Ambush</name>
    <name xml:lang="nl">Hinderlaag</name>
    <name xml:lang="fr">Embuscade</name>
    <text xml:lang="en">One unit in woods may battle before the enemy moves.</text>
    <text xml:lang="nl">Eén eenheid in een bos mag vechten voor de vijand beweegt.</text>
    <text xml:lang="fr">Une unité en forêt peut combattre avant que l’ennemi bouge.</text>
  </card>
</deck>
XML
check "cards --deck (add 3 cards)" exit_is 0 cards --ruleset noord-zuid --lang nl --deck "$work/own.xml" -o "$work/own" -q
check "  61 cards: 7 sheets" [ "$(pages "$work/own/cards/noord-zuid/nl/deck.pdf")" = 14 ]
check "  3 ambushes and the 58 others" count_names "$work/own/cards/noord-zuid/nl/deck.pdf" nl "Hinderlaag=3"

cat >"$work/bad.xml" <<'XML'
<deck xmlns="urn:orbat:deck:1" mode="replace">
  <card id="x" order="special" any="-2" colour="red">
    <name xml:lang="en">X</name>
  </card>
</deck>
XML
check "cards --deck invalid: exit 1" exit_is 1 cards --ruleset noord-zuid --lang en --deck "$work/bad.xml" -o "$work/bad" -q
check "  GCC-style diagnostics with rule [deck]" grep -q "bad.xml:2:32: error: card 'x': any=\"-2\" must be a whole number of copies from 0 to 1000 \[deck\]" "$work/stderr"
check "  the unknown attribute too" grep -q "bad.xml:2:41: error: unknown attribute 'colour' on <card> \[deck\]" "$work/stderr"
check "  nothing written" [ ! -e "$work/bad/cards" ]
check "cards --deck missing file: exit 2" exit_is 2 cards --ruleset noord-zuid --deck "$work/none.xml" -o "$work/bad" -q

# ---- usage errors ----

check "unknown ruleset: exit 2" exit_is 2 cards --ruleset ancients -o "$work/u"
check "  the message lists the rulesets" grep -q "battlecry-1999.*noord-zuid\|noord-zuid.*battlecry-1999" "$work/stderr"
check "no --ruleset: exit 2" exit_is 2 cards -o "$work/u"
check "--paper a3: exit 2" exit_is 2 refcard --ruleset noord-zuid --paper a3 -o "$work/u"
check "--size jumbo: exit 2" exit_is 2 cards --ruleset noord-zuid --size jumbo -o "$work/u"
check "--duplex sideways: exit 2" exit_is 2 cards --ruleset noord-zuid --duplex sideways -o "$work/u"
check "--lang de: exit 2" exit_is 2 refcard --ruleset noord-zuid --lang de -o "$work/u"
touch "$work/a-file"
check "output folder is a file: exit 2" exit_is 2 refcard --ruleset noord-zuid --lang en -o "$work/a-file"
check "cards --help names the files" bash -c "'$orbat' cards --help | grep -q 'DIR/cards/<ruleset>/<lang>/deck.pdf'"
check "refcard --help names the file" bash -c "'$orbat' refcard --help | grep -q 'DIR/refcard/<ruleset>/<lang>/refcard.pdf'"

echo "cards-checks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
