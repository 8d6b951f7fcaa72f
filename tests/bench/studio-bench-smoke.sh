#!/bin/bash
# Smoke test of the studio's benchmark (bench/studio.sh): its quick mode
# drives the edit loop in chromium three times and prints every row.  No
# figure is judged here: speed is for the benchmark to show.
#
#   studio-bench-smoke.sh ORBAT SOURCE_ROOT
set -u
. "$(dirname "$0")/bench-smoke-lib.sh"
bench_quick studio "$1" "$2"
for row in "edit, validated and redrawn (browser), ms" "edit + changed tiles (HTTP only), ms" \
	"studio process peak RSS (VmHWM), MiB"; do
	grep -q "^$row " "$out" || { echo "FAIL: no row '$row'"; fail=1; }
done
# Each figure row holds numbers, not a blank or a nan.
if grep -E "^(edit|studio process peak)" "$out" | grep -qvE "[0-9]+\.[0-9]"; then
	echo "FAIL: a row without its figure"; fail=1
fi
[ "$fail" -eq 0 ] && echo "studio bench smoke: all passed"
exit "$fail"
