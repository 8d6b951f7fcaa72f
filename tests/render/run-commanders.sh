#!/bin/bash
# Who commands what in a game of two players a side: the rosters and the
# scenario sheet list each player's pieces under his name ("Player 2
# (Sheridan)"), and the overview's legend explains the player marks on
# the counters, in en, nl and fr; a two-player game shows none of it.
#
#   run-commanders.sh ORBAT_BINARY SOURCE_ROOT
#
# Ends with "commanders: N passed, M failed"; exit 77 (skipped) without
# poppler-utils.
set -u
. "$(dirname -- "$0")/pdf-lib.sh"
check_begin commanders "pdftotext" "$@"
four=$ROOT/scenarios/mb-1861-four-players.xml
two=$ROOT/scenarios/mb-1861.xml
declare -A PLAYER=([en]="Player" [nl]="Speler" [fr]="Joueur")

# flat PDF [FIRST LAST]: the text of the pages, white space squeezed.
flat() {
	pdftotext ${2:+-f "$2" -l "$3"} "$1" - 2>/dev/null | tr -s ' \n' ' '
}

for lang in en nl fr; do
	"$ORBAT" render -q --lang "$lang" -o "$WORK/out" "$four" "$two" > "$WORK/log" 2>&1
	checked "render the 1861 scenarios in $lang" $? "$(cat "$WORK/log")"
	p=${PLAYER[$lang]}
	d=$WORK/out/mb-1861-four-players/$lang
	# Rosters: one page a side, each player's band over his pieces.
	rosters=$(flat "$d/rosters.pdf")
	missing=""
	for who in "$p 1 (Grant)" "$p 2 (Sheridan)" "$p 1 (Lee)" "$p 2 (Jackson)"; do
		grep -qF "$who" <<< "$rosters" || missing="$missing '$who'"
	done
	[ -z "$missing" ]
	verdict "$lang rosters: each player's pieces under his name" "missing:$missing" $?
	# Sheridan's band comes after Grant's pieces and before Sheridan's own
	# infantry at M7 (Infantry 1), which Grant's part does not hold.
	order=$(grep -o "$p 1 (Grant).*$p 2 (Sheridan).*M7" <<< "$rosters" | head -c 1)
	[ -n "$order" ]
	verdict "$lang rosters: player 2's pieces follow his band" "" $?
	sheet=$(flat "$d/scenario-sheet.pdf" 1 1)
	missing=""
	for who in "$p 1 (Grant)" "$p 2 (Sheridan)" "$p 1 (Lee)" "$p 2 (Jackson)"; do
		[ "$(grep -oF "$who" <<< "$sheet" | wc -l)" -ge 2 ] || missing="$missing '$who'"
	done
	[ -z "$missing" ]
	verdict "$lang sheet: each player's list under his name (and in the order of play)" "fewer than 2:$missing" $?
	overview=$(flat "$d/map-overview.pdf")
	missing=""
	for who in "$p 1 (Grant)" "$p 2 (Sheridan)" "$p 1 (Lee)" "$p 2 (Jackson)"; do
		grep -qF "$who" <<< "$overview" || missing="$missing '$who'"
	done
	[ -z "$missing" ]
	verdict "$lang overview: the legend explains each player's mark" "missing:$missing" $?
	# Two players: no player marks, bands or headings anywhere.
	n=0
	for product in rosters scenario-sheet map-overview; do
		n=$((n + $(flat "$WORK/out/mb-1861/$lang/$product.pdf" | grep -oE "$p [12] \(" | wc -l)))
	done
	[ "$n" -eq 0 ]
	verdict "$lang two-player game: no player named on rosters, sheet or overview" "$n found" $?
done

echo "commanders: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
