#!/bin/bash
# The special cards Sharpshooter and Rally (§8.1) in `orbat play`, driven
# through standard input with seeds that deal them:
#   1. rally with --dice manual: the roll typed in (a wrong count refused
#      under the card's rule), what is owed shown, the units named, and
#      nothing else accepted before;
#   2. rally with orbat's dice: the roll made by play, the units given by
#      the automatic player ('auto');
#   3. sharpshooter with --dice manual: the unit ordered, the roll typed in,
#      the general removed;
#   4. the questions 'sharpshooter FROM' and 'rally SIDE' in a game, with
#      the answers of orbat ask;
# and every log written is accepted by orbat check.
#
#   run-play-cards.sh ORBAT_BINARY RULES_TEST_DIR
# Prints `play-cards: N passed, M failed` last.
set -u
. "$(dirname -- "$0")/play-test-lib.sh"
play_test_setup play-cards "$@"
skirmish=$dir/scenarios/bc-skirmish.xml
duel150=$dir/scenarios/bc150-duel.xml

checked() {   # LOG SCENARIO WHAT: orbat check accepts the log
	"$orbat" check -q "$2" "$1" >"$work/check.out" 2>&1 && ok || { bad "$3: orbat check refuses the log"; cat "$work/check.out"; }
}

# ---- 1. rally, your own dice (seed 5 deals rally to the confederates;
# c-inf-2 starts a figure short).
printf '%s\n' 'play recon/centre' draw 'play rally' draw rally 'rally : inf' 'rally : inf s f' draw 'rally c-inf-2' draw quit |
	"$orbat" play "$skirmish" --seed 5 -q --dice manual --log "$work/r1.log" >"$work/r1.out" 2>&1
grep -q "^  owed: card 'rally' is not settled: it rolls 3 dice first ('rally : FACES')" "$work/r1.out" && ok ||
	bad "play does not show the rally roll owed"
grep -q "^refused: card 'rally' is not settled: it rolls 3 dice first ('rally : FACES') \[bc-8.1\]" "$work/r1.out" && ok ||
	bad "a draw before the rally roll is not refused"
grep -q '^refused: roll 3 dice and type the faces: rally : FACE\.\.\. \[log\]' "$work/r1.out" && ok ||
	bad "--dice manual does not ask for the rally faces"
grep -q "^refused: card 'rally' rolls 3 dice, one per card left in the hand; 1 face is given \[bc-8.1\]" "$work/r1.out" && ok ||
	bad "a wrong number of rally faces is not refused"
grep -q "^refused: card 'rally' is not settled: it returns 1 figure, name the unit of each ('rally REF...') \[bc-8.1\]" \
	"$work/r1.out" && ok || bad "a draw before the rally units is not refused"
grep -q '^rally : infantry sabres flag$' "$work/r1.log" && grep -q '^rally c-inf-2$' "$work/r1.log" && ok ||
	bad "the rally lines are not in the log"
checked "$work/r1.log" "$skirmish" "rally with manual dice"

# ---- 2. rally, orbat's dice; the automatic player names the units.
printf '%s\n' 'play recon/centre' draw 'play rally' rally auto quit |
	"$orbat" play "$skirmish" --seed 5 -q --log "$work/r2.log" >"$work/r2.out" 2>&1
grep -q -E '^rally : [a-z]+ [a-z]+ [a-z]+$' "$work/r2.log" && ok || bad "play does not roll the 3 rally dice"
grep -q '^draw confederate ' "$work/r2.log" && ok || bad "the automatic player does not finish the rally turn"
checked "$work/r2.log" "$skirmish" "rally with orbat's dice"

# ---- 3. sharpshooter, your own dice (seed 2 deals it to the union; lee
# stands with c1 two hexes from u1).
printf '%s\n' 'play sharpshooter' 'order u1 u2' 'order c1' 'order u1' 'battle u1 c1 : s s s' 'battle u1 lee' \
	'battle u1 lee : s f i' draw quit |
	"$orbat" play "$duel150" --seed 2 -q --dice manual --log "$work/s.log" >"$work/s.out" 2>&1
grep -q "^refused: 'sharpshooter' gives 1 order; 'u2' would be order 2 \[bc-8.1\]" "$work/s.out" && ok ||
	bad "a second sharpshooter is not refused"
grep -q "^refused: card 'sharpshooter' battles an enemy general, and 'c1' is a unit" "$work/s.out" && ok ||
	bad "a sharpshooter's battle against a unit is not refused"
grep -q '^refused: roll 3 dice and type the faces: battle u1 lee : FACE\.\.\. \[log\]' "$work/s.out" && ok ||
	bad "--dice manual does not ask for the sharpshooter's faces"
grep -q "General 'lee' is removed: 1 victory flag for union" "$work/s.out" && ok || bad "the sabres do not remove lee"
grep -q '^battle u1 lee : sabres flag infantry$' "$work/s.log" && ok || bad "the sharpshooter's battle is not in the log"
checked "$work/s.log" "$duel150" "sharpshooter with manual dice"

# ---- 4. the questions in a game answer as orbat ask does.
printf '%s\n' 'sharpshooter u1' 'rally union' quit | "$orbat" play "$duel150" --seed 2 -q >"$work/q.out" 2>&1
"$orbat" ask "$duel150" sharpshooter u1 rally union >"$work/q.ask" 2>&1
sed -n '/^union> sharpshooter u1/,$p' "$work/q.out" | grep -v -E '^(union> |(union|confederate): |The game )' >"$work/q.play"
cmp -s "$work/q.ask" "$work/q.play" && ok || { bad "play and ask answer the card questions differently"; diff "$work/q.ask" "$work/q.play"; }

echo "play-cards: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
