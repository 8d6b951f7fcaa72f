#!/bin/bash
# What a solo player gets from `orbat play`, driven through standard input
# on scenarios/bc-duel.xml (and ntz-brigades.xml for a hex holding two
# units):
#   1. the questions of orbat ask in a game, with the same answers;
#   2. hand, card NAME and help;
#   3. undo, and its refusal past a roll;
#   4. --resume: a game quit half-way and resumed writes the same log as
#      the game played straight through; a log whose dice do not follow
#      from its seed is refused;
#   5. --dice manual: the right count of faces is taken, a wrong count or
#      an unknown face refused;
#   6. the actions of an --auto game typed back in with the same seed give
#      the same log, byte for byte;
#   7. at a terminal (script(1)), the lines are read and answered.
#
#   run-play-solo.sh ORBAT_BINARY RULES_TEST_DIR
# Prints `play-solo: N passed, M failed` last.
set -u
. "$(dirname -- "$0")/play-test-lib.sh"
play_test_setup play-solo "$@"
duel=$dir/scenarios/bc-duel.xml
brigades=$dir/scenarios/ntz-brigades.xml

# ---- 1. questions in a game: the answers of orbat ask on the same position
printf '%s\n' 'los u1 c1' 'dice u1 c1' 'moves u1' 'retreat c1 2' 'dice F6 F4' 'dice F9' 'moves A1' quit |
	"$orbat" play "$duel" --seed 7 -q >"$work/q.out" 2>&1
"$orbat" ask "$duel" los u1 c1 dice u1 c1 moves u1 retreat c1 2 dice F6 F4 >"$work/q.ask" 2>&1
# The answers: what is neither the prompt with the line typed, nor the
# head and the result of the game, nor an error.
sed -n '/^union> los u1/,$p' "$work/q.out" | grep -v -E '^(union> |error: |(union|confederate): |The game )' >"$work/q.play"
cmp -s "$work/q.ask" "$work/q.play" && ok || { bad "play and ask answer differently"; diff "$work/q.ask" "$work/q.play"; }
grep -q "^error: 'dice' takes two hexes or units \[log\]" "$work/q.out" && ok || bad "a question without its TO is not refused"
grep -q "^error: moves A1: no unit or general at A1 \[bc-3\]" "$work/q.out" && ok || bad "a question about nothing is not reported"
# A noord-zuid hex holding two units: one answer for each, in play too.
printf '%s\n' 'retreat F3 3' quit | "$orbat" play "$brigades" --seed 7 -q >"$work/two.out" 2>&1
n=$(grep -c "^retreat F3 3: infantry 'c-inf-[12]'" "$work/two.out")
[ "$n" -eq 2 ] && ok || bad "retreat F3 3 in play answers $n times, not once for each unit"

# ---- 2. hand, card, help
printf '%s\n' hand 'card attack/centre' 'card recon' 'card nothing' help quit |
	"$orbat" play "$duel" --seed 7 -q >"$work/c.out" 2>&1
grep -q '^  attack/right  *Attack, right flank (east): Give orders to 3 units' "$work/c.out" && ok ||
	bad "hand does not show the card texts with the flank from the player's seat"
n=$(grep -c '^  recon/\(left\|centre\|right\) ' "$work/c.out")
[ "$n" -eq 3 ] && ok || bad "card recon shows $n copies, not 3"
grep -q "^error: the deck of battlecry-1999 has no card 'nothing'" "$work/c.out" && ok || bad "an unknown card is not reported"
grep -q '^  undo ' "$work/c.out" && ok || bad "help does not list undo"
grep -q -- '--seed' "$work/c.out" && bad "help in a game lists the command-line options" || ok
# In Dutch, and from the northern seat (confederate): its left flank is the east.
printf '%s\n' 'card attack/left' quit | "$orbat" play "$duel" --seed 7 -q --lang nl >"$work/nl.out" 2>&1
grep -q '^  attack/left  *Aanval, linkerflank (west): ' "$work/nl.out" && ok || bad "no Dutch card text: $(grep attack/left "$work/nl.out")"
printf '%s\n' 'play attack/centre' draw 'card attack/left' quit | "$orbat" play "$duel" --seed 7 -q >"$work/north.out" 2>&1
grep -q '^  attack/left  *Attack, left flank (east): ' "$work/north.out" && ok || bad "the northern side's left flank is not the east"

# The referee's messages name the sections from the seat too.
printf '%s\n' 'play attack/right' 'order u1' quit | "$orbat" play "$duel" --seed 7 -q >"$work/seat.out" 2>&1
grep -q '^  attack/right: right flank (east)$' "$work/seat.out" && ok || bad "the card played does not name its flank from the seat"
grep -q "^refused: 'u1' at F6 is not in the right flank (east) that 'attack' orders \[bc-8\]" "$work/seat.out" && ok ||
	bad "a refusal names the map's section, not the flank: $(grep refused "$work/seat.out")"

# ---- 3. undo
printf '%s\n' 'play attack/centre' 'order u1 u2' 'move u1 F5' undo undo 'order u1' 'move u1 F5' undo 'move u1 G5' \
	'battle u1 c1' undo undo quit | "$orbat" play "$duel" --seed 7 -q --log "$work/u.log" >"$work/u.out" 2>&1
n=$(grep -c '^undone: ' "$work/u.out")
[ "$n" -eq 3 ] && ok || bad "$n actions undone, not 3"
n=$(grep -c "^refused: 'battle u1 c1 : .*' rolled the dice: it stands" "$work/u.out")
[ "$n" -eq 2 ] && ok || bad "undo past a roll is not refused ($n refusals)"
grep -v '^#' "$work/u.log" | sed -n '6,$p' | sed 's/ : .*//' >"$work/u.body"
printf '%s\n' 'play union attack/centre' 'order u1' 'move u1 G5' 'battle u1 c1' | cmp -s - "$work/u.body" && ok ||
	{ bad "the log after undo"; cat "$work/u.body"; }
"$orbat" check -q "$duel" "$work/u.log" >/dev/null 2>&1 && ok || bad "check refuses the log after undo"

# ---- 4. resume
# The input of play-session.txt up to the battle, then the automatic
# player; once straight through, once quit after the battle and resumed.
sed -n '/^battle u1 c1$/q;p' "$dir/play-session.txt" >"$work/first.in"
echo 'battle u1 c1' >>"$work/first.in"
sed -n '/^battle u1 c1$/,$p' "$dir/play-session.txt" | sed 1d >"$work/second.in"
cat "$work/first.in" "$work/second.in" | "$orbat" play "$duel" --seed 7 -q --log "$work/straight.log" >/dev/null 2>&1
{ cat "$work/first.in"; echo quit; } | "$orbat" play "$duel" --seed 7 -q --log "$work/resumed.log" >/dev/null 2>&1
"$orbat" check -q "$duel" "$work/resumed.log" >/dev/null 2>&1 && ok || bad "check refuses the log of a quit game"
"$orbat" play "$duel" -q --resume "$work/resumed.log" <"$work/second.in" >"$work/resume.out" 2>&1
rc=$?
[ "$rc" -eq 0 ] && ok || bad "resume exits $rc: $(tail -2 "$work/resume.out")"
grep -q '^Victory: ' "$work/resume.out" && ok || bad "the resumed game does not reach its end"
cmp -s "$work/straight.log" "$work/resumed.log" && ok || { bad "the resumed log differs"; diff "$work/straight.log" "$work/resumed.log" | head; }
"$orbat" check -q "$duel" "$work/resumed.log" >/dev/null 2>&1 && ok || bad "check refuses the resumed log"
# A die changed by hand no longer follows from the seed.
awk '/^battle /&&!d{sub(/: [a-z]+/, ": artillery");d=1}1' "$work/straight.log" >"$work/tampered.log"
cp "$work/tampered.log" "$work/tampered.orig"
echo quit | "$orbat" play "$duel" -q --resume "$work/tampered.log" >"$work/t.out" 2>&1
rc=$?
[ "$rc" -eq 1 ] && ok || bad "a tampered log is resumed (exit $rc)"
grep -q 'does not follow from seed 7' "$work/t.out" && ok || bad "no reason for the refused resume: $(cat "$work/t.out")"
cmp -s "$work/tampered.log" "$work/tampered.orig" && ok || bad "a refused resume changed the log"
echo quit | "$orbat" play "$dir/scenarios/ntz-duel.xml" -q --resume "$work/straight.log" >"$work/other.out" 2>&1
[ $? -eq 1 ] && grep -q "the log is for scenario 'bc-duel', not 'ntz-duel'" "$work/other.out" && ok ||
	bad "a log resumed on another scenario: $(cat "$work/other.out")"
echo quit | "$orbat" play "$duel" -q --resume "$work/missing.log" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "resuming a missing log is not a usage error"

# ---- 5. manual dice
printf '%s\n' 'play attack/centre' 'order u1 u2' 'move u1 F5' 'battle u1 c1' 'battle u1 c1 : inf inf' \
	'battle u1 c1 : inf inf inf bogus' auto 'battle u1 c1 : inf inf flag s' 'retreat c1 F3' quit |
	"$orbat" play "$duel" --seed 7 -q --dice manual --log "$work/m.log" >"$work/m.out" 2>&1
grep -q '^refused: roll 4 dice and type the faces: battle u1 c1 : FACE' "$work/m.out" && ok || bad "a battle without faces is not refused"
grep -q "^refused: the battle of 'u1' against 'c1' rolls 4 dice; 2 faces are given \[bc-4\]" "$work/m.out" && ok ||
	bad "a wrong count of faces is not refused"
grep -q "^refused: 'bogus' is not a die face" "$work/m.out" && ok || bad "an unknown face is not refused"
grep -q '^refused: with --dice manual the computer cannot roll' "$work/m.out" && ok || bad "auto is not refused with manual dice"
grep -q '^battle u1 c1 : infantry infantry flag sabres$' "$work/m.log" && ok || bad "the faces typed are not in the log"
grep -q '^retreat c1 F3$' "$work/m.log" && ok || bad "the retreat after a manual roll is not in the log"
"$orbat" check -q "$duel" "$work/m.log" >/dev/null 2>&1 && ok || bad "check refuses the log of manual dice"
echo hand | "$orbat" play "$duel" -q --resume "$work/m.log" >"$work/mr.out" 2>&1 && ok || bad "a manual-dice game cannot be resumed"
grep -q 'your own dice' "$work/mr.out" && ok || bad "the resumed game forgets the manual dice"
"$orbat" play "$duel" --dice manual --auto </dev/null >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--auto with --dice manual is not a usage error"

# ---- 6. an --auto game, its actions typed back in
for seed in 3 11; do
	"$orbat" play "$duel" --seed "$seed" --auto -q --log "$work/auto.log" >/dev/null 2>&1
	sed -n '/^play /,$p' "$work/auto.log" | sed 's/ : .*//; s/^draw .*/draw/' >"$work/auto.in"
	"$orbat" play "$duel" --seed "$seed" -q --log "$work/typed.log" <"$work/auto.in" >/dev/null 2>&1
	cmp -s "$work/auto.log" "$work/typed.log" && ok || bad "seed $seed: the --auto game typed back in gives another log"
done

# ---- 7. at a terminal (when script(1) is there to give one): line
# editing and history read the lines; the game answers as from a pipe.
if command -v script >/dev/null 2>&1; then
	printf 'moves u1\nquit\n' >"$work/tty.in"
	script -q -e -c "'$orbat' play '$duel' --seed 7 -q" /dev/null <"$work/tty.in" >"$work/tty.out" 2>&1
	grep -q "moves u1 (F6): infantry 'u1'" "$work/tty.out" && ok || bad "no answer at a terminal: $(tail -3 "$work/tty.out")"
fi

echo "play-solo: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
