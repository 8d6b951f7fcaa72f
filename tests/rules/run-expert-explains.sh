#!/bin/bash
# The expert explains itself (small simulation counts, no clock):
#   1. `hint` in orbat play, on a seeded hex game and a square one: the
#      advice for the side to play (its next action, its turn with the
#      dice assumed, the outcome expected), the same twice, its next
#      action taken when typed, and the game's log the same with or
#      without the hint;
#
#   run-expert-explains.sh ORBAT_BINARY RULES_TEST_DIR
# Prints `expert-explains: N passed, M failed` last.
set -u
. "$(dirname -- "$0")/play-test-lib.sh"
play_test_setup expert-explains "$@"
scenarios=$dir/../../scenarios
shiloh=$scenarios/shiloh.xml
mb=$scenarios/mb-1861.xml

# ---- 1. hint
for sc in "$shiloh" "$mb"; do
	name=$(basename "$sc" .xml)
	printf '%s\n' hint quit | "$orbat" play "$sc" --seed 7 --think 12sims -q >"$work/$name.hint1" 2>&1
	printf '%s\n' hint quit | "$orbat" play "$sc" --seed 7 --think 12sims -q >"$work/$name.hint2" 2>&1
	cmp -s "$work/$name.hint1" "$work/$name.hint2" && ok || bad "$name: two hints on the same position differ"
	grep -q '^hint for [a-z]* (the expert, 12 simulations):$' "$work/$name.hint1" && ok ||
		bad "$name: no hint head: $(cat "$work/$name.hint1")"
	grep -q '^  its turn, the dice assumed (the real ones will differ):$' "$work/$name.hint1" && ok ||
		bad "$name: the hint does not say its dice are assumed"
	grep -q '^  expected: [0-9]* % for [a-z]* (the mean value of [0-9]* simulations: 100 % won, 0 % lost' \
		"$work/$name.hint1" && ok || bad "$name: the hint does not say what it expects"
	next=$(sed -n 's/^  next: //p' "$work/$name.hint1")
	[ -n "$next" ] && ok || bad "$name: the hint gives no next action"
	# The next action, typed, is taken; the log is the one without a hint.
	printf '%s\n' hint "$next" quit | "$orbat" play "$sc" --seed 7 --think 12sims -q --log "$work/$name.a.log" \
		>"$work/$name.take" 2>&1
	printf '%s\n' "$next" quit | "$orbat" play "$sc" --seed 7 -q --log "$work/$name.b.log" >/dev/null 2>&1
	grep -q "^ok: $next" "$work/$name.take" && ok || bad "$name: the hint's next action '$next' is not taken"
	cmp -s "$work/$name.a.log" "$work/$name.b.log" && ok || bad "$name: the hint changed the game's log"
	"$orbat" check -q "$sc" "$work/$name.a.log" >/dev/null 2>&1 && ok || bad "$name: the log after a hint fails check"
done
# Without --think, a small count (60 simulations), said.
printf '%s\n' hint quit | "$orbat" play "$shiloh" --seed 7 -q >"$work/default.hint" 2>&1
grep -q '^hint for confederate (the expert, 60 simulations):$' "$work/default.hint" && ok ||
	bad "hint without --think does not use 60 simulations"
# With --computer, the player's own side only.
printf '%s\n' hint quit | "$orbat" play "$shiloh" --seed 7 --computer confederate --think 4sims -q \
	>"$work/computer.hint" 2>&1
# (union, asked its retreat in the computer's turn, is not the side to play)
grep -q '^hint: the expert advises in your own turn; confederate is to play$' "$work/computer.hint" && ok ||
	bad "hint in the computer's turn does not say it advises in the player's own"
grep -q '^hint for confederate' "$work/computer.hint" && bad "hint advised the computer's side" || ok
printf '%s\n' help quit | "$orbat" play "$shiloh" --seed 7 -q >"$work/help" 2>&1
grep -q '^  hint ' "$work/help" && ok || bad "help does not list hint"

echo "expert-explains: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
