#!/bin/bash
# Headless matches (rules/match.h) written as logs:
#
#   run-match.sh ORBAT_BINARY MATCH_GAMES SCENARIO_DIR [SEEDS]
#
# For every bundled scenario and the seeds 1..SEEDS (default 5): the
# logs match_games writes through the match's line callback pass
# `orbat check`, and each game's result is the one check finds; on the hex
# grid, where both sides' simple players are the player of
# `orbat play --auto`, the log is the one `orbat play --auto --seed N`
# writes, line for line (after its first comment).
# Prints `rules-match: N passed, M failed` last.
set -u

[ $# -ge 3 ] && [ $# -le 4 ] || { echo "usage: $0 ORBAT_BINARY MATCH_GAMES SCENARIO_DIR [SEEDS]" >&2; exit 2; }
orbat=$1
games=$2
dir=$3
seeds=${4:-5}

. "$(dirname -- "$0")/play-test-lib.sh"
play_test_work match

for scenario in "$dir"/*.xml; do
	name=$(basename "$scenario" .xml)
	mkdir -p "$work/$name"
	if ! "$games" "$scenario" 1 "$seeds" -l "$work/$name" >"$work/$name.out" 2>"$work/$name.err"; then
		bad "$name: match_games failed: $(tail -n 2 "$work/$name.out" "$work/$name.err")"
		continue
	fi
	grid=hex
	grep -q '^roll' "$work/$name/1.log" && grid=square
	for seed in $(seq 1 "$seeds"); do
		log=$work/$name/$seed.log
		summary=$(grep "^seed $seed:" "$work/$name.out")
		if ! "$orbat" check -q "$scenario" "$log" >"$work/check.out" 2>&1; then
			bad "$name seed $seed: orbat check refuses the match's log: $(tail -n 3 "$work/check.out")"
			continue
		fi
		# The winner check names is the match's.
		winner=$(sed -n 's/^seed [0-9]*: won, winner \([a-z-]*\),.*/\1/p' <<<"$summary")
		if [ -n "$winner" ] && ! grep -q "^Winner: $winner " "$work/check.out"; then
			bad "$name seed $seed: the match says $winner won, check says: $(grep -m 1 -E '^(Winner|Draw|No winner)' "$work/check.out")"
			continue
		fi
		if [ "$grid" = hex ]; then
			# A new log each time: play never overwrites a saved game.
			rm -f "$work/auto.log"
			"$orbat" play -q --auto --seed "$seed" --log "$work/auto.log" "$scenario" >/dev/null 2>&1
			if ! tail -n +2 "$work/auto.log" | cmp -s - "$log"; then
				bad "$name seed $seed: the match's log is not the log of orbat play --auto: $(tail -n +2 "$work/auto.log" | diff - "$log" | head -n 4 | tr '\n' ' ')"
				continue
			fi
		fi
		ok
	done
done

echo "rules-match: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
