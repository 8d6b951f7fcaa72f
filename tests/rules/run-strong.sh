#!/bin/bash
# The strong player (rules/hex/strong.h, and on the square grid
# rules/square/sq_strong.h) in headless matches:
#
#   run-strong.sh ORBAT_BINARY MATCH_GAMES SCENARIO_DIR [SEEDS]
#
# On every bundled scenario, hex and square, and the seeds 1..SEEDS
# (default 6; on the square grid, whose games are short, 5 * SEEDS), with
# strong against simple on either side and strong against itself: no
# proposal is refused and no player is stuck (match_games exits 0), every
# game ends (won, drawn, or the turn limit), the same seed plays the same
# game twice, and the logs of the first two seeds pass `orbat check` with
# the winner the match reported.
# Prints `rules-strong: N passed, M failed` last.
set -u

[ $# -ge 3 ] && [ $# -le 4 ] || { echo "usage: $0 ORBAT_BINARY MATCH_GAMES SCENARIO_DIR [SEEDS]" >&2; exit 2; }
orbat=$1
games=$2
dir=$3
seeds=${4:-6}

. "$(dirname -- "$0")/play-test-lib.sh"
play_test_cap_seeds
play_test_work strong

hex=0
square=0
for scenario in "$dir"/*.xml; do
	name=$(basename "$scenario" .xml)
	count=$seeds
	if grep -q 'ruleset="mb-' "$scenario"; then
		square=$((square + 1))
		count=$((seeds * 5))
	else
		hex=$((hex + 1))
	fi
	for pair in strong,simple simple,strong strong,strong; do
		run=$work/$name-$pair
		mkdir -p "$run" "$run-again"
		if ! "$games" "$scenario" 1 "$count" -p "$pair" -l "$run" >"$run.out" 2>&1; then
			bad "$name $pair: a player failed: $(grep -E 'stuck|refused|failed' "$run.out" | head -n 3)"
			continue
		fi
		ended=$(grep -cE '^seed [0-9]+: (won|drawn|turn-limit),' "$run.out")
		if [ "$ended" -ne "$count" ]; then
			bad "$name $pair: $ended of $count games ended: $(head -n 3 "$run.out")"
			continue
		fi
		ok
		# The same seeds again: the same games, line for line.
		"$games" "$scenario" 1 2 -p "$pair" -l "$run-again" >/dev/null 2>&1
		for seed in 1 2; do
			if ! cmp -s "$run/$seed.log" "$run-again/$seed.log"; then
				bad "$name $pair seed $seed: the same seed played another game"
				continue
			fi
			if ! "$orbat" check -q "$scenario" "$run/$seed.log" >"$work/check.out" 2>&1; then
				bad "$name $pair seed $seed: orbat check refuses the log: $(tail -n 3 "$work/check.out")"
				continue
			fi
			winner=$(sed -n "s/^seed $seed: won, winner \\([a-z-]*\\),.*/\\1/p" "$run.out")
			if [ -n "$winner" ] && ! grep -q "^Winner: $winner " "$work/check.out"; then
				bad "$name $pair seed $seed: the match says $winner won, check says otherwise"
				continue
			fi
			ok
		done
	done
done
[ "$hex" -gt 0 ] || bad "no hex scenario in $dir"
[ "$square" -gt 0 ] || bad "no square scenario in $dir"

echo "rules-strong: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
