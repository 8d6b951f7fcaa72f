#!/bin/bash
# 'auto' in `orbat play --computer SIDE` when the player's side must
# answer in the computer's turn: the automatic player answers for it and
# the game goes on; 'auto' typed then ends with that turn, and the player
# is asked again at the start of his own.  Through standard input (a
# pipe), on fixed seeds that reach the answer the same way every time:
#   1. square (mb-1861, seed 5, the computer union): after a round of the
#      computer's attack on lee the confederate defender answers (a
#      covered retreat, a withdrawal, or staying: a pass);
#   2. hex (bc-duel, seed 6, the computer union): the computer's battle
#      makes the player's unit retreat;
# then on each a whole game with 'auto' typed at every prompt is played
# to its end.  Every log passes orbat check.  Each orbat play runs under
# timeout(1), so that a driver that waits for ever fails instead of
# hanging the suite (the bound is far above any run's time).
#
#   run-play-auto.sh ORBAT_BINARY RULES_TEST_DIR
# Prints `play-auto: N passed, M failed` last.
set -u
. "$(dirname -- "$0")/play-test-lib.sh"
play_test_setup play-auto "$@"
mb=$dir/../../scenarios/mb-1861.xml
duel=$dir/scenarios/bc-duel.xml
limit=240

# game NAME SCENARIO LINES ARGS...: orbat play with the first LINES of
# an endless 'auto' typed in, the screen in $work/NAME.out, the log in
# $work/NAME.log; it must end by itself with exit status 0, and the log
# pass orbat check ($work/NAME.check).
game() {
	local name=$1 scenario=$2 lines=$3
	shift 3
	yes auto | head -n "$lines" >"$work/$name.in"
	timeout "$limit" "$orbat" play "$scenario" -q --log "$work/$name.log" "$@" <"$work/$name.in" >"$work/$name.out" 2>&1
	local rc=$?
	[ $rc -eq 0 ] && ok || bad "$name: orbat play exits $rc (124: it did not end): $(tail -n 3 "$work/$name.out")"
	"$orbat" check "$scenario" "$work/$name.log" >"$work/$name.check" 2>&1 && ok ||
		bad "$name: orbat check refuses the log: $(tail -n 3 "$work/$name.check")"
}
# answered NAME PATTERN WHAT: the first prompt is the player's answer in
# the computer's turn, and 'auto' typed there answers with PATTERN; no
# 'auto' typed goes unanswered (a prompt right after it); the next prompt
# opens the player's own turn.
answered() {
	local name=$1 pattern=$2 what=$3
	local after
	after=$(sed -n '/^confederate> auto$/{n;p;q}' "$work/$name.out")
	grep -q "$pattern" <<<"$after" && ok ||
		bad "$name: 'auto' does not answer $what for the player: '$after'"
	awk 'last && /^confederate> auto$/ { found = 1 } { last = /^confederate> auto$/ } END { exit !found }' \
		"$work/$name.out" && bad "$name: an 'auto' typed does nothing: $(grep -m 1 -B3 -A1 '^confederate> auto$' "$work/$name.out")" || ok
	local turn
	turn=$(sed -n '/^confederate> auto$/,$p' "$work/$name.out" | sed -n '2,${/^confederate> auto$/{n;p;q}}')
	[ -n "$turn" ] && ! grep -q "$pattern" <<<"$turn" && ok ||
		bad "$name: 'auto' in the computer's turn does not end with it: '$turn'"
}

# ---- 1. square: the defender's answer after a round
game sq "$mb" 2 --seed 5 --computer union
grep -q '^  may: .*: confederate answers the round$' "$work/sq.out" && ok ||
	bad "sq: seed 5 no longer asks the player to answer a round: $(grep -m 3 '^  may: ' "$work/sq.out")"
answered sq '^auto: \(pass\|retreat c-\|withdraw \)' "the round"
grep -q '^auto: buy ' "$work/sq.out" && ok || bad "sq: the second 'auto' does not play the player's turn"

game sq-all "$mb" 400 --seed 5 --computer union
grep -q '^The game is over\.' "$work/sq-all.out" && ok || bad "sq-all: the game is not played to its end: $(tail -n 3 "$work/sq-all.out")"

# ---- 2. hex: the player's retreat in the computer's turn
game hex "$duel" 2 --seed 6 --computer union
answered hex '^auto: retreat c1 ' "the retreat"

game hex-all "$duel" 200 --seed 6 --computer union
grep -q '^The game is over\.' "$work/hex-all.out" && ok || bad "hex-all: the game is not played to its end: $(tail -n 3 "$work/hex-all.out")"

echo "play-auto: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
