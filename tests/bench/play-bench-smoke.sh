#!/bin/bash
# Smoke test of the play page's benchmark (bench/play.sh): its quick mode
# plays one turn of first-bull-run in chromium and prints both rows.  No
# figure is judged here: speed is for the benchmark to show.
#
#   play-bench-smoke.sh ORBAT SOURCE_ROOT
set -u
. "$(dirname "$0")/bench-smoke-lib.sh"
bench_quick play "$1" "$2"
for row in "unit -> moves, ms" "turn end -> computer, ms"; do
	grep -qE "^first-bull-run\.xml +strong +$row +[1-9][0-9]* +[0-9]+\.[0-9]" "$out" ||
		{ echo "FAIL: no row '$row' with its figures"; fail=1; }
done
[ "$fail" -eq 0 ] && echo "play bench smoke: all passed"
exit "$fail"
