#!/bin/bash
# Replays are exact: the actions of a game typed back into `orbat play`
# with the same seed give the same dice, the same cards and the same log.
#
#   run-replay.sh ORBAT_BINARY SCENARIO_DIR [SEEDS]
#
# For every hex scenario of SCENARIO_DIR (the bundled ones) and the seeds
# 1..SEEDS (default 30):
#   1. orbat play --auto --seed N --log A.log  (exit 0)
#   2. orbat check SCENARIO A.log              (exit 0)
#   3. the actions of A.log without what play decides itself (the head,
#      the dice faces, the card drawn) go to
#      orbat play --seed N --log B.log on standard input: no action may be
#      refused, and B.log must be byte-identical to A.log.
# An automatic game that stops because the automatic player proposed an
# action the referee refuses (exit 3) is a failure; with
# RULES_REPLAY_STRICT=0 it is only noted, and its log, written as far as it
# went, is still checked and replayed (to look at replays alone).
# Square-grid scenarios are left out (play does not referee them); every
# hex ruleset must be covered by at least one scenario, and every card kind
# of the hex decks (data/rulesets beside SCENARIO_DIR) must be played by the
# automatic player in at least one of the games: it plays each when it helps.
# Prints `rules-replay: N passed, M failed` last; exits non-zero on failure.
set -u

[ $# -ge 2 ] && [ $# -le 3 ] || { echo "usage: $0 ORBAT_BINARY SCENARIO_DIR [SEEDS]" >&2; exit 2; }
orbat=$1
dir=$2
seeds=${3:-30}
. "$(dirname -- "$0")/play-test-lib.sh"
play_test_cap_seeds
[ -x "$orbat" ] || { echo "run-replay: $orbat is not an executable" >&2; exit 2; }
[ -d "$dir" ] || { echo "run-replay: $dir is not a folder" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-replay.XXXXXX") || exit 2
trap 'rm -rf -- "$work"' EXIT

# What a player types for a logged action: no head lines, no faces, and
# `draw` alone (play rolls and deals them from the seed).
actions() {
	awk '/^[ \t]*#/ || /^(orbat-game-log|scenario|seed|first|hand)[ \t]/ { next }
	     /^draw[ \t]/ { print "draw"; next }
	     { sub(/[ \t]*#.*/, ""); sub(/[ \t]*:.*/, ""); if ($0 != "") print }' "$1"
}

pass=0
fail=0
autofault=0
covered=" "
for scenario in "$dir"/*.xml; do
	ruleset=$(sed -n 's/.*<scenario[^>]* ruleset="\([^"]*\)".*/\1/p' "$scenario" | head -n 1)
	case $ruleset in
	battlecry-1999 | battlecry-150 | noord-zuid) ;;
	*) continue ;;
	esac
	case $covered in *" $ruleset "*) ;; *) covered="$covered$ruleset " ;; esac
	name=$(basename "$scenario" .xml)
	for seed in $(seq 1 "$seeds"); do
		a=$work/$name-$seed-A.log
		b=$work/$name-$seed-B.log
		problem=
		"$orbat" play -q --auto --seed "$seed" --log "$a" "$scenario" >"$work/auto.out" 2>"$work/auto.err"
		rc=$?
		if [ "$rc" -eq 3 ] && grep -q 'automatic player proposed an illegal action' "$work/auto.err" && [ -s "$a" ]; then
			autofault=$((autofault + 1))
			echo "NOTE $name seed $seed: $(tail -n 1 "$work/auto.err") ($(grep -m 1 '^refused:' "$work/auto.out"))"
			[ "${RULES_REPLAY_STRICT:-1}" = 0 ] || problem="the automatic player proposed an illegal action"
			rc=0
		fi
		if [ -n "$problem" ]; then
			:
		elif [ "$rc" -ne 0 ]; then
			problem="orbat play --auto failed (exit $rc): $(tail -n 2 "$work/auto.err")"
		elif ! "$orbat" check -q "$scenario" "$a" >"$work/check.out" 2>&1; then
			problem="orbat check refuses the log of the automatic game: $(tail -n 3 "$work/check.out")"
		else
			actions "$a" >"$work/in.txt"
			if ! "$orbat" play -q --seed "$seed" --log "$b" "$scenario" <"$work/in.txt" >"$work/replay.out" 2>"$work/replay.err"; then
				problem="the replay failed: $(tail -n 2 "$work/replay.err")"
			elif grep -q '^refused:' "$work/replay.out"; then
				problem="the replay refused an action: $(grep -m 1 -B 1 '^refused:' "$work/replay.out" | tr '\n' ' ')"
			elif ! cmp -s "$a" "$b"; then
				problem="the replayed log differs from the automatic one (A: --auto, B: replay):
$(diff "$a" "$b" | head -n 8)"
			fi
		fi
		if [ -n "$problem" ]; then
			fail=$((fail + 1))
			echo "FAIL $name seed $seed: $problem"
		else
			pass=$((pass + 1))
		fi
	done
done
for ruleset in battlecry-1999 battlecry-150 noord-zuid; do
	case $covered in
	*" $ruleset "*) ;;
	*) fail=$((fail + 1)); echo "FAIL: no scenario of ruleset $ruleset in $dir" ;;
	esac
done
# Every card kind of the hex decks, played somewhere (§8.1: the automatic
# player plays each special card when it helps).
rulesets=$dir/../data/rulesets
if [ -d "$rulesets" ]; then
	cat "$work"/*-A.log 2>/dev/null | awk '$1 == "play" { sub(/\/.*/, "", $3); print $3 }' | sort -u >"$work/played.txt"
	kinds=$(cat "$rulesets"/battlecry-1999.xml "$rulesets"/battlecry-150.xml "$rulesets"/noord-zuid.xml |
		sed -n 's/.*<card id="\([^"]*\)".*/\1/p' | sort -u)
	for kind in $kinds; do
		if ! grep -qx -- "$kind" "$work/played.txt"; then
			fail=$((fail + 1))
			echo "FAIL: the automatic player never played card '$kind' in these games"
		fi
	done
else
	fail=$((fail + 1))
	echo "FAIL: no folder $rulesets to list the card kinds from"
fi
[ "$autofault" -gt 0 ] && echo "rules-replay: $autofault automatic game(s) stopped on an action the automatic player should not have proposed (logs replayed as far as they went)"
echo "rules-replay: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
