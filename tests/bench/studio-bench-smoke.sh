#!/bin/bash
# Smoke test of the studio's benchmark (bench/studio.sh): its quick mode
# drives the edit loop in chromium three times and prints every row.  No
# figure is judged here: speed is for the benchmark to show.
#
#   studio-bench-smoke.sh ORBAT SOURCE_ROOT
set -u
orbat=$1
root=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orbat-studio-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$root/bench/studio.sh" --quick --orbat "$orbat" >"$tmp/out" 2>"$tmp/err"
rc=$?
cat "$tmp/out"
if [ "$rc" -eq 2 ] && grep -q "needs chromium" "$tmp/err"; then
	echo "SKIP: $(cat "$tmp/err")"
	exit 77
fi
fail=0
[ "$rc" -eq 0 ] || { echo "FAIL: bench/studio.sh --quick exited $rc"; cat "$tmp/err"; fail=1; }
grep -q Traceback "$tmp/err" && { echo "FAIL: bench/studio.sh crashed"; cat "$tmp/err"; fail=1; }
for row in "edit, validated and redrawn (browser), ms" "edit + changed tiles (HTTP only), ms" \
	"studio process peak RSS (VmHWM), MiB"; do
	grep -q "^$row " "$tmp/out" || { echo "FAIL: no row '$row'"; fail=1; }
done
# Each figure row holds numbers, not a blank or a nan.
if grep -E "^(edit|studio process peak)" "$tmp/out" | grep -qvE "[0-9]+\.[0-9]"; then
	echo "FAIL: a row without its figure"; fail=1
fi
[ "$fail" -eq 0 ] && echo "studio bench smoke: all passed"
exit "$fail"
