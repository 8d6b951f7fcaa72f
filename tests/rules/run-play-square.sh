#!/bin/bash
# orbat play and check on the square game (mb-remastered):
#
#   run-play-square.sh ORBAT_BINARY SCENARIO_DIR [SEEDS]
#
#  1. for mb-1861 and mb-1861-four-players and the seeds 1..SEEDS (default
#     10): `orbat play --auto` ends with a result, `orbat check` accepts its
#     log, and the log's actions typed back into `orbat play` with the same
#     seed (no head, no dice faces) give a byte-identical log;
#  2. a game typed on standard input: an action refused with its rule, the
#     board and the summary, undo, the dice typed with --dice manual, and
#     --resume going on from a saved log; every log passes check.
# Prints `rules-play-square: N passed, M failed` last.
set -u

[ $# -ge 2 ] && [ $# -le 3 ] || { echo "usage: $0 ORBAT_BINARY SCENARIO_DIR [SEEDS]" >&2; exit 2; }
orbat=$1
dir=$2
seeds=${3:-10}
. "$(dirname -- "$0")/play-test-lib.sh"
play_test_cap_seeds
[ -x "$orbat" ] || { echo "run-play-square: $orbat is not an executable" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-play-square.XXXXXX") || exit 2
trap 'rm -rf -- "$work"' EXIT

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# What a player types for a logged action: no head, no comments, no faces.
actions() {
	awk '/^[ \t]*#/ || /^(orbat-game-log|scenario|seed|first)[ \t]/ { next }
	     { sub(/[ \t]*#.*/, ""); sub(/[ \t]*:.*/, ""); if ($0 != "") print }' "$1"
}

# 1. automatic games, checked and typed back in
for name in mb-1861 mb-1861-four-players; do
	scenario=$dir/$name.xml
	for seed in $(seq 1 "$seeds"); do
		a=$work/$name-$seed-A.log
		b=$work/$name-$seed-B.log
		if ! "$orbat" play -q --auto --seed "$seed" --log "$a" "$scenario" >"$work/auto.out" 2>"$work/auto.err"; then
			bad "$name seed $seed: orbat play --auto failed: $(tail -n 2 "$work/auto.err")"
			continue
		fi
		if ! grep -Eq '^(Victory|Draw) on turn [0-9]+: ' "$work/auto.out"; then
			bad "$name seed $seed: the automatic game reached no result: $(tail -n 1 "$work/auto.out")"
			continue
		fi
		if ! "$orbat" check -q "$scenario" "$a" >"$work/check.out" 2>&1; then
			bad "$name seed $seed: orbat check refuses the automatic game: $(tail -n 3 "$work/check.out")"
			continue
		fi
		actions "$a" >"$work/in.txt"
		if ! "$orbat" play -q --seed "$seed" --log "$b" "$scenario" <"$work/in.txt" >"$work/replay.out" 2>&1; then
			bad "$name seed $seed: the replay failed"
		elif grep -q '^refused:' "$work/replay.out"; then
			bad "$name seed $seed: the replay refused: $(grep -m 1 '^refused:' "$work/replay.out")"
		elif ! cmp -s "$a" "$b"; then
			bad "$name seed $seed: the replay's log differs: $(diff "$a" "$b" | head -n 4 | tr '\n' ' ')"
		else
			ok
		fi
	done
done

# 2. a game typed in
scenario=$dir/mb-1861.xml
log=$work/typed.log
printf '%s\n' "buy cavalry infantry" "roll" "move u-cav-1 L7 M8" "move u-cav-1 K7" "board" "summary" "undo" \
	"move u-cav-1 L7" "redeploy" "place cavalry N5 u-cav-9" "place infantry P4 u-inf-9" "end" "quit" |
	"$orbat" play --seed 5 --log "$log" "$scenario" >"$work/typed.out" 2>&1
grep -q "^refused: u-cav-1 cannot enter M8: an enemy holds it \[mb-11.move\]" "$work/typed.out" && ok ||
	bad "typed: the move into Richmond is not refused with its rule"
grep -q "^union: 6 cities held" "$work/typed.out" && ok || bad "typed: no summary"
grep -q "^  1 " "$work/typed.out" && ok || bad "typed: no board"
grep -q "^move u-cav-1 L7$" "$log" && ! grep -q "^move u-cav-1 K7$" "$log" && ok ||
	bad "typed: undo did not take back the move to K7"
grep -Eq "^roll : [1-6] [1-6]$" "$log" && grep -q "^end$" "$log" && ok || bad "typed: the log lacks the roll or the end"
"$orbat" check -q "$scenario" "$log" >/dev/null 2>&1 && ok || bad "typed: orbat check refuses the typed game"

# --resume goes on where the saved log stopped, with its seed
printf '%s\n' "roll" "redeploy" "end" "quit" | "$orbat" play -q --resume "$log" "$scenario" >"$work/resume.out" 2>&1
[ "$(grep -c '^end$' "$log")" -eq 2 ] && ok || bad "resume: the Confederate turn was not added to the log"
"$orbat" check -q "$scenario" "$log" >/dev/null 2>&1 && ok || bad "resume: orbat check refuses the resumed game"

# --dice manual: the player's own faces, and a roll without them refused
mlog=$work/manual.log
printf '%s\n' "roll" "roll : 3 4" "move u-cav-1 K7" "attack u-cav-1 c-cav-1 : 1 6" "quit" |
	"$orbat" play -q --dice manual --seed 2 --log "$mlog" "$scenario" >"$work/manual.out" 2>&1
grep -q "^refused: roll 2 dice and type the faces" "$work/manual.out" && ok || bad "manual: a roll without faces is not refused"
grep -q "^attack u-cav-1 c-cav-1 : 1 6$" "$mlog" && ok || bad "manual: the typed faces are not in the log"
"$orbat" check -q "$scenario" "$mlog" >/dev/null 2>&1 && ok || bad "manual: orbat check refuses the game"

echo "rules-play-square: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
