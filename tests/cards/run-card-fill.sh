#!/bin/bash
# One type size across a deck, and reference cards without empty pages,
# measured from the PDFs with poppler:
#   deck     the order text of every card of a deck (its ink colour,
#            pure black, and nothing else on a front has it) prints at one
#            size: pdftohtml -xml names each font size a page uses
#   refcard  each page of every reference card is filled to at least
#            FLOOR of its height (the mean of its two columns, from the
#            first heading to the bottom margin; refcard_fill.py)
# Usage: run-card-fill.sh ORBAT SOURCE_ROOT.  Exits 77 (skipped) when a
# client is missing.  Ends with "card-fill: N passed, M failed".
set -u
. "$(dirname -- "$0")/../render/pdf-lib.sh"
check_begin card-fill "pdftohtml pdftotext python3" "$@"
orbat=$ORBAT
root=$ROOT
work=$WORK
passed=0
failed=0
check() {
	local what=$1; shift
	if "$@"; then passed=$((passed + 1)); echo "ok: $what"; else failed=$((failed + 1)); echo "FAILED: $what"; fi
}

# The sizes (pdftohtml's at -zoom 4, about 3 per pt) the order text takes in a deck.
order_sizes() {
	pdftohtml -xml -i -zoom 4 -stdout "$1" | grep -o 'size="[0-9]*" family="[^"]*" color="#000000"' |
		grep -o 'size="[0-9]*"' | grep -o '[0-9]*' | sort -un | tr '\n' ' '
}
for rs in battlecry-1999 battlecry-150 noord-zuid; do
	"$orbat" cards --ruleset "$rs" --unique -q -o "$work/d" || check "cards --ruleset $rs runs" false
	for lang in en nl fr; do
		sizes=$(order_sizes "$work/d/cards/$rs/$lang/deck.pdf")
		set -- $sizes
		check "deck $rs $lang: every order at one size (${sizes:-none})" test $# -eq 1
		# 7 pt at the least: pdftohtml's size is the pt size times 3.
		check "deck $rs $lang: the order text is at least 7 pt (${1:-0}/3)" test "${1:-0}" -ge 21
	done
done
# A deck file with a long order: the deck still prints at one size.
cat > "$work/deck.xml" <<'XML'
<deck xmlns="urn:orbat:deck:1" mode="add">
  <card id="long-march" order="special" any="1">
    <name xml:lang="en">Long March</name>
    <text xml:lang="en">Order every infantry unit of one section. Each may move two hexes and may not battle; a unit that ends its move next to an enemy unit loses one figure unless a general is with it. Then discard a card of your choice.</text>
  </card>
</deck>
XML
"$orbat" cards --ruleset battlecry-1999 --lang en --unique -q --deck "$work/deck.xml" -o "$work/own" 2>/dev/null
sizes=$(order_sizes "$work/own/cards/battlecry-1999/en/deck.pdf")
set -- $sizes
check "deck with a long order of one's own: every order at one size (${sizes:-none})" test $# -eq 1

# ---- reference cards ----
FLOOR=0.75
for rs in battlecry-1999 battlecry-150 noord-zuid mb-remastered; do
	"$orbat" refcard --ruleset "$rs" -q -o "$work/r" || check "refcard --ruleset $rs runs" false
	for lang in en nl fr; do
		while read -r page left right mean; do
			check "refcard $rs $lang page $page filled to $mean (columns $left, $right; floor $FLOOR)" \
				python3 -c "import sys; sys.exit(0 if $mean >= $FLOOR else 1)"
		done < <(python3 "$root/tests/cards/refcard_fill.py" "$work/r/refcard/$rs/$lang/refcard.pdf")
	done
done

echo "card-fill: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
