#!/bin/bash
# The expert explains itself (small simulation counts, no clock):
#   1. `hint` in orbat play, on a seeded hex game and a square one: the
#      advice for the side to play (its next action, its turn with the
#      dice assumed, the outcome expected), the same twice, its next
#      action taken when typed, and the game's log the same with or
#      without the hint;
#   2. orbat review of golden logs (review/) on a hex and a square
#      scenario, text and JSON: one line a turn of the side(s) reviewed,
#      the idle turn marked with the expert's choice and no other, the
#      same twice; --side; an illegal log refused with the referee's rule
#      (which orbat explain knows), exit 1; usage errors, exit 2.
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
# Asked after the card is played, the hint takes the turn up where it
# stands: its next action gives the card's orders, not only the turn's end.
printf '%s\n' 'play confederate assault/centre' hint quit |
	"$orbat" play "$shiloh" --seed 5 --think 8sims -q >"$work/after-card.hint" 2>&1
grep -q '^  next: order c-' "$work/after-card.hint" && ok ||
	bad "hint after the card does not give the card's orders: $(cat "$work/after-card.hint")"
grep -q '^    move c-' "$work/after-card.hint" && ok || bad "hint after the card moves no unit"
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

# ---- 2. review
review() { "$orbat" review --think 12sims "$@"; }
# review SCENARIO LOG TURNS MARKED-TURN: text and JSON on a golden log.
review_golden() {
	local sc=$1 log=$dir/review/$2 turns=$3 marked=$4 name
	name=$(basename "$log" .log)
	review "$sc" "$log" >"$work/$name.txt" 2>&1 && ok || bad "$name: review exits $?"
	review "$sc" "$log" >"$work/$name.again" 2>&1
	cmp -s "$work/$name.txt" "$work/$name.again" && ok || bad "$name: two reviews differ"
	head -n 1 "$work/$name.txt" | grep -q ": the expert's review of both sides, 12 simulations a turn; a turn is marked when the expert's value is 10 points or more above the player's and by more than 2 standard errors$" &&
		ok || bad "$name: the head does not say the budget and the threshold: $(head -n 1 "$work/$name.txt")"
	n=$(grep -c -E '^turn [0-9]+, [a-z]+ \(line [0-9]+\): played [0-9]+ %, the expert [0-9]+ %(: marked)?$' "$work/$name.txt")
	[ "$n" -eq "$turns" ] && ok || bad "$name: $n turn lines, not $turns"
	m=$(grep ': marked$' "$work/$name.txt" | sed 's/,.*//')
	[ "$m" = "turn $marked" ] && ok || bad "$name: marked '$m', not turn $marked"
	grep -q '^  played: ' "$work/$name.txt" && grep -q '^  the expert, its dice assumed: ' "$work/$name.txt" && ok ||
		bad "$name: the marked turn does not show the lines played and the expert's"
	tail -n 1 "$work/$name.txt" | grep -q ": $turns turns reviewed, 1 marked$" && ok || bad "$name: no count at the end"
	review --format json "$sc" "$log" >"$work/$name.json" 2>&1 && ok || bad "$name: review --format json exits $?"
	jq -e --argjson t "$turns" --argjson m "$marked" '.reviewed == $t and .marked == 1 and .sims == 12 and
		.gap == 0.1 and .errors == 2 and .side == null and (.turns | length) == $t and
		([.turns[] | select(.marked) | .turn] == [$m]) and
		all(.turns[]; (.value >= 0 and .value <= 1 and .expert.value >= 0 and .expert.value <= 1 and
			(.played | length) > 0 and (.expert.lines | length) > 0 and .expert.next == .expert.lines[0] and
			(.line | type) == "number" and .sims == 12))' "$work/$name.json" >/dev/null && ok ||
		bad "$name: the JSON is not as documented: $(cat "$work/$name.json")"
}
review_golden "$shiloh" shiloh-idle.log 3 3
review_golden "$mb" mb-1861-idle.log 2 2
# One flag from the end (bc-duel's last turns): the wins among the simulations.
review "$dir/scenarios/bc-duel.xml" "$dir/golden/bc1999-duel.log" >"$work/duel.txt" 2>&1
grep -A1 '^turn 5, union ' "$work/duel.txt" |
	grep -q -E '^  one flag from the end: won in [0-9]+ of 12 as played, [0-9]+ of 12 as the expert plays$' && ok ||
	bad "no wins one flag from the end: $(cat "$work/duel.txt")"
review --format json "$dir/scenarios/bc-duel.xml" "$dir/golden/bc1999-duel.log" >"$work/duel.json" 2>&1
jq -e '[.turns[] | select(.endgame)] | length > 0 and all(.[]; .wins <= .sims and .expert.wins <= .sims)' \
	"$work/duel.json" >/dev/null && ok || bad "no endgame turn in JSON: $(cat "$work/duel.json")"
# One side: its turns alone.
review --side union --format json "$shiloh" "$dir/review/shiloh-idle.log" >"$work/union.json" 2>&1
jq -e '.side == "union" and .reviewed == 1 and all(.turns[]; .side == "union")' "$work/union.json" >/dev/null && ok ||
	bad "--side union reviews other turns: $(cat "$work/union.json")"
# An illegal log: the referee's error and rule, as check gives them.
sed 's/^move c-inf-6 E6$/move c-inf-6 A1/' "$dir/review/shiloh-idle.log" >"$work/illegal.log"
review "$shiloh" "$work/illegal.log" >"$work/illegal.out" 2>"$work/illegal.err"
code=$?
[ "$code" -eq 1 ] && ok || bad "an illegal log exits $code, not 1"
"$orbat" check -q "$shiloh" "$work/illegal.log" >/dev/null 2>"$work/illegal.check"
cmp -s "$work/illegal.err" "$work/illegal.check" && ok || { bad "review and check refuse the illegal log otherwise"; cat "$work/illegal.err"; }
rule=$(sed -n 's/^.*illegal.log:[0-9]*: error: .* \[\([^]]*\)\]$/\1/p' "$work/illegal.err")
[ -n "$rule" ] && "$orbat" explain --ruleset battlecry-1999 "$rule" >/dev/null 2>&1 && ok ||
	bad "the illegal log's rule '$rule' does not resolve in orbat explain: $(cat "$work/illegal.err")"
review --format json "$shiloh" "$work/illegal.log" >"$work/illegal.json" 2>/dev/null
jq -e '.files[0].valid == false' "$work/illegal.json" >/dev/null && ok || bad "an illegal log in JSON: $(cat "$work/illegal.json")"
# Usage errors.
review --side nobody "$shiloh" "$dir/review/shiloh-idle.log" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "an unknown side is not a usage error"
"$orbat" review --think fast "$shiloh" "$dir/review/shiloh-idle.log" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "a budget in no unit is not a usage error"
"$orbat" review --help | grep -q '^Usage: orbat review ' && ok || bad "no help"

echo "expert-explains: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
