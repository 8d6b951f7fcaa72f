#!/bin/bash
# Smoke test of the playouts benchmark (bench/playouts.sh): its quick mode
# times a few games of simple against simple on every bundled scenario and
# prints a row each.  No figure is judged here.
#
#   playouts-bench-smoke.sh ORBAT SOURCE_ROOT
set -u
. "$(dirname "$0")/bench-smoke-lib.sh"
bench_quick playouts "$1" "$2"
root=$2
for f in "$root"/scenarios/*.xml; do
	name=${f##*/}
	grep -Eq "^$name +[0-9]+ +[0-9]+ +[0-9.]+" "$out" || { echo "FAIL: no figures for $name"; fail=1; }
done
[ "$fail" -eq 0 ] && echo "playouts bench smoke: all passed"
exit "$fail"
