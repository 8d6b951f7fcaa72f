#!/bin/bash
# Smoke test of the playouts benchmark (bench/playouts.sh): its quick mode
# times a few games of simple against simple on every bundled scenario and
# prints a row each.  No figure is judged here.
#
#   playouts-bench-smoke.sh ORBAT SOURCE_ROOT
set -u
orbat=$1
root=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orbat-playouts-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$root/bench/playouts.sh" --quick --orbat "$orbat" >"$tmp/out" 2>"$tmp/err"
rc=$?
cat "$tmp/out"
fail=0
[ "$rc" -eq 0 ] || { echo "FAIL: bench/playouts.sh --quick exited $rc"; cat "$tmp/err"; fail=1; }
grep -q Traceback "$tmp/err" && { echo "FAIL: bench/playouts.sh crashed"; cat "$tmp/err"; fail=1; }
for f in "$root"/scenarios/*.xml; do
	name=${f##*/}
	grep -Eq "^$name +[0-9]+ +[0-9]+ +[0-9.]+" "$tmp/out" || { echo "FAIL: no figures for $name"; fail=1; }
done
[ "$fail" -eq 0 ] && echo "playouts bench smoke: all passed"
exit "$fail"
