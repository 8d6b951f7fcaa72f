#!/bin/bash
# The computer players under a scenario's special rules:
#
#   run-special-players.sh ORBAT_BINARY MATCH_GAMES SCENARIO [SEEDS]
#
# SCENARIO carries special rules (tests/rules/scenarios/bc-special.xml: a
# river and a stream crossed only at their fords, hexes closed to one
# side, and the confederate unit c3 frozen until that side's second
# turn).  For the players simple, strong (against themselves and each
# other) over the seeds 1..SEEDS (default 8), and expert against simple
# on seed 1:
#   - no proposal is refused and every game ends (match_games exits 0);
#   - every log passes `orbat check`;
#   - read from the log itself, not from the referee: no order line names
#     c3 before the confederate side plays or discards its second card,
#     and over all games c3 is ordered after its release (so that the
#     check above can fail);
#   - `orbat balance` plays 20 games of the scenario without a refusal.
# Prints `rules-special-players: N passed, M failed` last.
set -u

[ $# -ge 3 ] && [ $# -le 4 ] || { echo "usage: $0 ORBAT_BINARY MATCH_GAMES SCENARIO [SEEDS]" >&2; exit 2; }
orbat=$1
games=$2
scenario=$3
seeds=${4:-8}

. "$(dirname -- "$0")/play-test-lib.sh"
play_test_cap_seeds
play_test_work special-players

released=0
run_pair() {
	local pair=$1 last=$2 run=$work/$1
	mkdir -p "$run"
	if ! "$games" "$scenario" 1 "$last" -p "$pair" -l "$run" >"$run.out" 2>&1; then
		bad "$pair: a player failed: $(grep -E 'stuck|refused|failed' "$run.out" | head -n 3)"
		return
	fi
	ok
	for seed in $(seq 1 "$last"); do
		log=$run/$seed.log
		if ! "$orbat" check -q "$scenario" "$log" >"$work/check.out" 2>&1; then
			bad "$pair seed $seed: orbat check refuses the log: $(tail -n 3 "$work/check.out")"
			continue
		fi
		# The confederate cards played or discarded before an order line
		# naming c3: fewer than 2 is an order before its release.
		early=$(awk '$1 == "play" || $1 == "discard" { if ($2 == "confederate") turns++ }
			$1 == "order" { for (i = 2; i <= NF && $i !~ /^#/; i++) if ($i == "c3") print NR ":" turns + 0 }' "$log")
		if printf '%s\n' "$early" | awk -F: '$2 != "" && $2 < 2 { found = 1 } END { exit !found }'; then
			bad "$pair seed $seed: frozen c3 ordered before its release (line:turn $early)"
			continue
		fi
		[ -n "$early" ] && released=$((released + 1))
		ok
	done
}

for pair in simple,simple strong,strong strong,simple simple,strong; do
	run_pair "$pair" "$seeds"
done
run_pair expert,simple 1
if [ "$released" -gt 0 ]; then ok; else bad "no game ever ordered c3: the frozen check proves nothing"; fi

if "$orbat" balance --games 20 -j 1 "$scenario" >"$work/balance.out" 2>&1; then
	ok
else
	bad "orbat balance: $(tail -n 3 "$work/balance.out")"
fi

echo "rules-special-players: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
