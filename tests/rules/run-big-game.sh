#!/bin/bash
# The largest board a ruleset allows, with units enough that an order names
# hundreds of them: what `orbat play` writes, `orbat check` and
# `play --resume` read back, however many words a line has.
#
#   run-big-game.sh ORBAT_BINARY SOURCE_ROOT
#
# The scenario is written at test time (make-big-scenario.py): noord-zuid's
# 120 x 80 hexes, 1,200 units a side in ranks along their home edges.
# Four turns of `play --auto` give orders of some 400 words (an order names
# each unit it moves); the test checks that at least one line has more
# than 256 words, then that `check` accepts the log, that `--resume` goes on
# with it leaving it byte for byte, and that a log cut after its longest
# order resumes too.
#
# Prints `big-game: N passed, M failed` last.
set -u
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

[ $# -eq 2 ] || { echo "usage: $0 ORBAT_BINARY SOURCE_ROOT" >&2; exit 2; }
orbat=$1
root=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-big-game.XXXXXX")
trap 'rm -rf "$work"' EXIT
here=$(cd "$(dirname -- "$0")" && pwd)
scenario=$work/big-board.xml

python3 "$here/make-big-scenario.py" "$root/data/rulesets/noord-zuid.xml" 1200 "$scenario" ||
	{ echo "FAIL: cannot write the scenario"; exit 1; }
"$orbat" validate -q "$scenario" >"$work/out" 2>&1 && ok || bad "the scenario is not valid: $(head -3 "$work/out")"
grep -q 'columns="120" rows="80"' "$scenario" && ok || bad "the board is not noord-zuid's largest, 120 x 80"

"$orbat" play --auto --seed 1 --max-turns 4 -q --log "$work/game.log" "$scenario" >"$work/out" 2>&1 && ok ||
	bad "play --auto failed: $(tail -3 "$work/out")"
most=$(awk '{ if (NF > most) most = NF } END { print most + 0 }' "$work/game.log")
[ "$most" -gt 256 ] && ok || bad "the longest line has only $most words; the test wants more than 256"

"$orbat" check "$scenario" "$work/game.log" >"$work/out" 2>&1 && ok ||
	bad "check refused the log play wrote: $(grep -m3 error "$work/out")"

cp "$work/game.log" "$work/resumed.log"
"$orbat" play -q --resume "$work/resumed.log" "$scenario" </dev/null >"$work/out" 2>&1 && ok ||
	bad "--resume refused the log play wrote: $(grep -m3 error "$work/out")"
cmp -s "$work/game.log" "$work/resumed.log" && ok || bad "--resume changed the log"

# Cut just after the longest line: the game goes on from there.
at=$(awk -v most="$most" 'NF == most { print NR; exit }' "$work/game.log")
head -n "$at" "$work/game.log" >"$work/cut.log"
cp "$work/cut.log" "$work/cut.copy"
"$orbat" play -q --resume "$work/cut.log" "$scenario" </dev/null >"$work/out" 2>&1 && ok ||
	bad "--resume refused the log cut after line $at: $(grep -m3 error "$work/out")"
cmp -s "$work/cut.log" "$work/cut.copy" && ok || bad "--resume changed the log cut after line $at"

echo "big-game: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
