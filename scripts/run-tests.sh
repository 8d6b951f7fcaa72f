#!/bin/bash
# Every test suite of the project, as CI runs it:
#   1. a warning-free (-Werror) build and its tests (unit, golden, scenarios);
#   2. the same tests in an address,undefined sanitizer build;
#   3. the unit tests and the golden corpus under valgrind, no leaks allowed;
#   4. the scenario fuzzer for a bounded time (ORBAT_FUZZ_SECONDS, default 60).
# Ends with one summary line: "tests: N passed, M failed", after the names
# of the failed tests; a skipped test (a missing tool) counts as failed.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"

passed=0
failed=0
failures=()
skips=()
told=

# Count the results of one `meson test` run from its JSON log.
tally() {
	local dir=$1 label=$2
	# meson names the log after a --wrapper (testlog-valgrind.json): take
	# the one this run wrote (run_suite clears them first).
	local log
	log=$(ls -t "$dir"/meson-logs/testlog*.json 2>/dev/null | head -1)
	if [ -z "$log" ] || [ ! -f "$log" ]; then
		failed=$((failed + 1)); failures+=("$label: no test log"); return
	fi
	local counts
	counts=$(python3 "$here/scripts/tally-testlog.py" "$log")
	local ok bad skip names
	read -r ok bad skip names <<<"$counts"
	passed=$((passed + ok))
	failed=$((failed + bad))
	[ -z "$names" ] || failures+=("$label: $names")
	# A test skips (exit 77) only when a tool it needs is missing, and the
	# README's test command installs every one of them: here a skip means
	# a check that did not run, so it counts as a failure, named apart.
	local note=
	if [ "$skip" != - ]; then
		skips+=("$label: ${skip//,/ }")
		note=" (skipped, counted as failed: ${skip//,/ })"
	fi
	echo "== $label: $ok passed, $bad failed$note"
}

run_suite() {
	local dir=$1 label=$2; shift 2
	if ! ninja -C "$dir" >"$dir/build-output.txt" 2>&1; then
		cat "$dir/build-output.txt"
		echo "== $label: the build failed (the compiler's messages are above)"
		failed=$((failed + 1)); failures+=("$label: build"); return
	fi
	rm -f "$dir"/meson-logs/testlog*.json
	meson test -C "$dir" --print-errorlogs "$@" >"$dir/test-output.txt" 2>&1
	grep -E '^ *[0-9]+/[0-9]+ ' "$dir/test-output.txt" || true
	tally "$dir" "$label"
	# What each failed test said, kept for the end of the output, where it is
	# read: its failure lines and the end of its output.
	local log
	log=$(ls -t "$dir"/meson-logs/testlog*.json 2>/dev/null | head -1)
	[ -z "$log" ] || told+=$(python3 "$here/scripts/failed-output.py" "$log" | sed "s/^---- /---- $label: /")$'\n'

}

# Configure a build folder once, tests required (a missing cmocka is an
# error here, not a build without tests); meson's output only on failure.
setup() {
	local dir=$1; shift
	[ -f "$dir/build.ninja" ] && return 0
	local out
	if ! out=$(meson setup "$dir" -Dtests=enabled "$@" 2>&1); then
		echo "$out"
		echo "== meson setup $dir failed (its messages are above)"
		failed=$((failed + 1)); failures+=("setup $dir"); return 1
	fi
}

# 1. normal build, warnings are errors
setup build-ci -Dwerror=true && run_suite build-ci "build (werror)"

# 2. sanitizers (not the install suite: it builds and compares releases,
#    which the sanitizers have nothing to find in).  The seeded games play
#    8 seeds here, not 30 or 40: a game costs some ten times as much under
#    the sanitizers, and what they look for (memory errors, undefined
#    behaviour) the first seeds reach as well as the last; every seed runs
#    in step 1.
# The browser suites drive Chromium, not orbat's code: they run in the
# build above; here the server is held by studio-security and its fuzzer.
setup build-asan -Db_sanitize=address,undefined -Db_lundef=false -Dwerror=true &&
	ORBAT_TEST_MAX_SEEDS=8 \
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	LSAN_OPTIONS=suppressions="$here/tests/lsan.supp":print_suppressions=0 \
	run_suite build-asan "address,undefined sanitizers" --no-suite install --no-suite browser

# 3. valgrind: unit tests directly, orbat itself inside the golden runner
#    (wrapping the runner script would only check bash)
if command -v valgrind >/dev/null; then
	vg="valgrind -q --trace-children=yes --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99 --suppressions=$here/tests/valgrind.supp"
	run_suite build-ci "valgrind, unit" --suite unit --wrapper "$vg" --timeout-multiplier 10
	ORBAT_WRAPPER="$vg" run_suite build-ci "valgrind, golden" --suite golden --timeout-multiplier 10
fi

# 4. fuzzing
if [ -x tests/fuzz/run-fuzz.sh ]; then
	if tests/fuzz/run-fuzz.sh "${ORBAT_FUZZ_SECONDS:-60}" >build-fuzz.log 2>&1; then
		passed=$((passed + 1)); echo "== fuzz: 1 passed, 0 failed"
	else
		failed=$((failed + 1)); failures+=("fuzz"); echo "== fuzz: 0 passed, 1 failed"; tail -60 build-fuzz.log
	fi
fi

echo
[ -z "${told//$'\n'/}" ] || printf '%s' "$told"
for f in "${skips[@]}"; do echo "SKIPPED (a tool is missing; counted as failed): $f"; done
for f in "${failures[@]}"; do echo "FAILED: $f"; done
if [ "$failed" -ne 0 ]; then
	echo "Each failed test's output is above and in BUILD/meson-logs/testlog.txt;" \
		"run one again with: meson test -C BUILD --print-errorlogs NAME"
fi
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
