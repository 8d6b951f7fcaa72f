#!/bin/bash
# Smoke test of the benchmark table (bench/run.sh): in its quick mode it
# runs every job once on a tiny workload and prints every row, whatever
# peers this machine has.  Nothing here looks at a figure: speed is for
# the benchmark to show, never for a test to judge.
#
#   run-bench-smoke.sh ORBAT SOURCE_ROOT
set -u
orbat=$1
root=$2
bench=$root/bench/run.sh
fail=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orbat-bench-smoke.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

bad() { echo "FAIL: $*"; fail=1; }

# 1. the quick run: exit 0 and one line per row
"$bench" --runs 1 --quick --orbat "$orbat" >"$tmp/out" 2>"$tmp/err"
rc=$?
cat "$tmp/out"
[ "$rc" -eq 0 ] || { bad "bench/run.sh --quick exited $rc"; cat "$tmp/err"; }
grep -q Traceback "$tmp/err" && { bad "bench/run.sh crashed"; cat "$tmp/err"; }
for row in "render shiloh" "deck noord-zuid nl" "deck PDF size" "3 decks + 3 reference cards" \
	"validate, " "full print set" "peak memory" "balance" "render -j 2 vs -j 1" \
	"validate -j 2 vs -j 1"; do
	grep -q "^$row" "$tmp/out" || bad "no row '$row' in the table"
done
for head in "machine: " "orbat: " "load average at the end"; do
	grep -q "^$head" "$tmp/out" || bad "no '$head' line"
done
# the orbat column of the timed rows holds a figure or a stated skip
awk '/^(render shiloh|deck noord-zuid|3 decks|validate, |full print set)/ {
	if ($0 !~ / [0-9.]+ (ms|s) /) { print "FAIL: no time in: " $0; bad = 1 } }
	END { exit bad }' "$tmp/out" || fail=1

# 2. what cannot run says so and exits 2, leaving no worktree behind
before=$(git -C "$root" worktree list 2>/dev/null | wc -l)
"$bench" --runs 1 --quick --orbat "$orbat" --base no-such-ref-of-orbat >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" -eq 2 ] || bad "an unknown --base exited $rc, not 2"
grep -q "no-such-ref-of-orbat" "$tmp/err" || bad "an unknown --base is not named: $(cat "$tmp/err")"
after=$(git -C "$root" worktree list 2>/dev/null | wc -l)
[ "$before" = "$after" ] || bad "a worktree was left behind"
"$bench" --runs 0 >/dev/null 2>&1
rc=$?
[ "$rc" -eq 2 ] || bad "--runs 0 exited $rc, not 2"
"$bench" --orbat "$tmp/missing" >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" -eq 2 ] || bad "a missing --orbat exited $rc, not 2"

exit $fail
