#!/bin/bash
# End-to-end test of `orbat play`, driven through standard input.
#
#   run-play-e2e.sh ORBAT_BINARY RULES_TEST_DIR
#
# 1. Plays scenarios/bc-duel.xml with --seed 7 from play-session.txt: a few
#    illegal actions (refused with their reason, the game goes on), a turn
#    typed by hand, then the automatic player turn by turn to the end.
#    The game log it writes must pass `orbat check`, which must find the
#    same final score and winner; the same input and seed must give the
#    same log and the same screen, byte for byte.
# 2. Plays every scenario of scenarios/ with --auto and two seeds; each log
#    must pass `orbat check` with the winner play announced.
# Prints `play-e2e: N passed, M failed` last.
set -u
. "$(dirname -- "$0")/play-test-lib.sh"
play_test_setup play-e2e "$@"

# ---- 1. a session from standard input
scenario=$dir/scenarios/bc-duel.xml
"$orbat" play "$scenario" --seed 7 --log "$work/a.log" <"$dir/play-session.txt" >"$work/a.out" 2>"$work/a.err"
rc=$?
[ "$rc" -eq 0 ] && ok || bad "play exits $rc: $(cat "$work/a.err")"
n=$(grep -c '^refused: ' "$work/a.out")
[ "$n" -eq 5 ] && ok || bad "$n refusals, the session has 5 illegal actions"
grep -q '^refused: it is union.s turn, not confederate.s \[bc-9\]' "$work/a.out" && ok || bad "no refusal of the wrong side [bc-9]"
grep -q "^refused: 'u1' may move at most 1 hex, not 2 \[bc-3\]" "$work/a.out" && ok || bad "no refusal of the long move [bc-3]"
grep -q '^refused: orbat play rolls the dice itself' "$work/a.out" && ok || bad "faces typed in are not refused"
grep -q "^error: unknown action 'fly' \[log\]" "$work/a.out" && ok || bad "a malformed line is not reported"
grep -q '^ok: battle u1 c1 : ' "$work/a.out" && ok || bad "the battle typed in was not rolled"
grep -q '^Victory: ' "$work/a.out" && ok || bad "the game does not end in a victory"
"$orbat" check -q "$scenario" "$work/a.log" >"$work/a.check" 2>&1
rc=$?
[ "$rc" -eq 0 ] && ok || bad "check refuses the log play wrote: $(cat "$work/a.check")"
# The same score lines and the same winner.
grep -E '^(union|confederate): [0-9]+ of [0-9]+ ' "$work/a.out" | tail -2 >"$work/score.play"
grep -E '^(union|confederate): [0-9]+ of [0-9]+ ' "$work/a.check" >"$work/score.check"
cmp -s "$work/score.play" "$work/score.check" && ok || bad "play and check disagree on the score"
winner_play=$(sed -n 's/^Victory: \([a-z]*\) wins.*/\1/p' "$work/a.out")
winner_check=$(sed -n 's/^Winner: \([a-z]*\) .*/\1/p' "$work/a.check")
[ -n "$winner_play" ] && [ "$winner_play" = "$winner_check" ] && ok || bad "winner: play '$winner_play', check '$winner_check'"
# Replayable: same seed and input, same log and screen.
"$orbat" play "$scenario" --seed 7 --log "$work/b.log" <"$dir/play-session.txt" >"$work/b.out" 2>&1
cmp -s "$work/a.log" "$work/b.log" && ok || bad "the same seed gives another log"
cmp -s "$work/a.out" "$work/b.out" && ok || bad "the same seed gives another screen"
# Another seed deals another game.
"$orbat" play "$scenario" --seed 8 --log "$work/c.log" <"$dir/play-session.txt" >/dev/null 2>&1
cmp -s "$work/a.log" "$work/c.log" && bad "seeds 7 and 8 give the same log" || ok

# ---- 2. automatic games
for scenario in "$dir"/scenarios/*.xml; do
	name=$(basename "$scenario" .xml)
	for seed in 3 4; do
		"$orbat" play "$scenario" --seed "$seed" --auto -q --log "$work/$name-$seed.log" >"$work/$name.out" 2>&1
		rc=$?
		if [ "$rc" -ne 0 ]; then
			bad "$name seed $seed: play --auto exits $rc: $(tail -2 "$work/$name.out")"
			continue
		fi
		"$orbat" check -q "$scenario" "$work/$name-$seed.log" >"$work/$name.check" 2>&1
		if [ $? -ne 0 ]; then
			bad "$name seed $seed: $(cat "$work/$name.check")"
			continue
		fi
		wp=$(sed -n 's/^Victory: \([a-z]*\) wins.*/\1/p' "$work/$name.out")
		wc=$(sed -n 's/^Winner: \([a-z]*\) .*/\1/p' "$work/$name.check")
		[ "$wp" = "$wc" ] && ok || bad "$name seed $seed: winner play '$wp', check '$wc'"
	done
done
echo "play-e2e: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
