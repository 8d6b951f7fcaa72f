#!/bin/bash
# The computer players under a scenario's special rules:
#
#   run-special-players.sh ORBAT_BINARY MATCH_GAMES SCENARIO_DIR [SEEDS]
#
# SCENARIO_DIR/bc-special.xml carries special rules (a river and a stream
# crossed only at their fords, hexes closed to one side, and the
# confederate unit c3 frozen until that side's second turn).  For the players simple, strong (against themselves and each
# other) over the seeds 1..SEEDS (default 8), and expert against simple
# on seed 1:
#   - no proposal is refused and every game ends (match_games exits 0);
#   - every log passes `orbat check`;
#   - read from the log itself, not from the referee: no order line names
#     c3 before the confederate side plays or discards its second card,
#     and over all games c3 is ordered after its release (so that the
#     check above can fail);
#   - `orbat balance` plays 20 games of the scenario without a refusal,
#     and on bc-limit.xml counts the games its turn limit ended; the strong
#     player wins most of its games there by the sudden-death hex;
#   - on bc-schedule.xml (units on a schedule), bc-exit.xml (exit hexes)
#     and bc-adjust.xml (a side's changed numbers) simple and strong play
#     without a refusal and every log passes `orbat check`;
#   - `orbat play --auto` ends bc-limit-draw.xml in a draw and bc-limit.xml
#     with a winner, each with the reason and the rule (turn-limit,
#     sudden-death), and every game of the players on bc-limit.xml ends.
# Prints `rules-special-players: N passed, M failed` last.
set -u

[ $# -ge 3 ] && [ $# -le 4 ] || { echo "usage: $0 ORBAT_BINARY MATCH_GAMES SCENARIO_DIR [SEEDS]" >&2; exit 2; }
orbat=$1
games=$2
dir=$3
scenario=$dir/bc-special.xml
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

# The games the special rules ended, as balance counts them.
if "$orbat" balance --games 20 -j 1 "$dir/bc-limit.xml" >"$work/balance-limit.out" 2>&1 &&
	grep -Eq "^  \(ended by the scenario's special rules: ([a-z-]+ [0-9]+, )*turn-limit [0-9]+" "$work/balance-limit.out"; then
	ok
else
	bad "orbat balance bc-limit: no count of the games the turn limit ended: $(tail -n 3 "$work/balance-limit.out")"
fi

# The strong player goes for a sudden-death hex of its side (bc-limit:
# H5, one step from the union's u2): most of its games end there.
if "$orbat" balance --games 20 -j 1 --players strong --format json "$dir/bc-limit.xml" >"$work/balance-sd.json" 2>&1 &&
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(d.get("special_rules", {}).get("sudden-death", 0) < 10)' "$work/balance-sd.json"; then
	ok
else
	bad "strong on bc-limit: fewer than 10 of 20 games won by sudden death: $(head -c 300 "$work/balance-sd.json")"
fi

# The game's end by the special rules, as play prints it.
"$orbat" play --auto --seed 3 "$dir/bc-limit-draw.xml" >"$work/draw.out" 2>&1
if grep -q '^Draw on turn 2: each side has played 1 turn: .* \[turn-limit\]\.$' "$work/draw.out"; then
	ok
else
	bad "play --auto bc-limit-draw: no draw by the turn limit: $(tail -n 2 "$work/draw.out")"
fi
"$orbat" play --auto --seed 3 "$dir/bc-limit.xml" >"$work/limit.out" 2>&1
if grep -Eq '^Victory: [a-z]+ wins on turn [0-9]+: .* \[(sudden-death|turn-limit)\]\.$' "$work/limit.out"; then
	ok
else
	bad "play --auto bc-limit: no end by a special rule: $(tail -n 2 "$work/limit.out")"
fi
# Reinforcements on a schedule, exit hexes, a side's changed numbers: the
# players play them, every log passes.
for name in bc-schedule bc-exit bc-adjust; do
	for pair in simple,simple strong,strong; do
		run=$work/$name-$pair
		mkdir -p "$run"
		if ! "$games" "$dir/$name.xml" 1 "$seeds" -p "$pair" -l "$run" >"$run.out" 2>&1; then
			bad "$name $pair: a player failed: $(grep -E 'stuck|refused|failed' "$run.out" | head -n 3)"
			continue
		fi
		for seed in $(seq 1 "$seeds"); do
			if "$orbat" check -q "$dir/$name.xml" "$run/$seed.log" >"$work/check.out" 2>&1; then
				ok
			else
				bad "$name $pair seed $seed: orbat check refuses the log: $(tail -n 3 "$work/check.out")"
			fi
		done
	done
done
mkdir -p "$work/limit"
if "$games" "$dir/bc-limit.xml" 1 "$seeds" -p strong,simple -l "$work/limit" >"$work/limit-games.out" 2>&1 &&
	[ "$(grep -cE '^seed [0-9]+: (won|drawn),' "$work/limit-games.out")" -eq "$seeds" ]; then
	ok
else
	bad "bc-limit: a game did not end by the rules: $(head -n 3 "$work/limit-games.out")"
fi

echo "rules-special-players: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
