#!/bin/bash
# Smoke test of the play page's benchmark (bench/play.sh): its quick mode
# plays one turn of first-bull-run in chromium and prints both rows.  No
# figure is judged here: speed is for the benchmark to show.
#
#   play-bench-smoke.sh ORBAT SOURCE_ROOT
set -u
orbat=$1
root=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orbat-play-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$root/bench/play.sh" --quick --orbat "$orbat" >"$tmp/out" 2>"$tmp/err"
rc=$?
cat "$tmp/out"
if [ "$rc" -eq 2 ] && grep -q "needs chromium" "$tmp/err"; then
	echo "SKIP: $(cat "$tmp/err")"
	exit 77
fi
fail=0
[ "$rc" -eq 0 ] || { echo "FAIL: bench/play.sh --quick exited $rc"; cat "$tmp/err"; fail=1; }
grep -q Traceback "$tmp/err" && { echo "FAIL: bench/play.sh crashed"; cat "$tmp/err"; fail=1; }
for row in "unit -> moves, ms" "turn end -> computer, ms"; do
	grep -qE "^first-bull-run\.xml +strong +$row +[1-9][0-9]* +[0-9]+\.[0-9]" "$tmp/out" ||
		{ echo "FAIL: no row '$row' with its figures"; fail=1; }
done
[ "$fail" -eq 0 ] && echo "play bench smoke: all passed"
exit "$fail"
