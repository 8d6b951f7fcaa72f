#!/bin/bash
# The summary of scripts/run-tests.sh counts what really ran: a test that
# skipped (exit 77, a missing tool) is counted as failed and named, never
# as passed; a failed test is named; a run of passes is all passed.
#
#   run-tally-check.sh SOURCE_ROOT
#
# Ends with "tally: N passed, M failed".
set -u
root=$1
tally="$root/scripts/tally-testlog.py"
work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-tally.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

# expect WHAT WANT LOG_LINE...: the tally of a log of those lines is WANT.
expect() {
	local what=$1 want=$2; shift 2
	printf '%s\n' "$@" >"$work/testlog.json"
	local got
	got=$(python3 "$tally" "$work/testlog.json" 2>&1)
	if [ "$got" = "$want" ]; then
		passed=$((passed + 1)); echo "ok: $what"
	else
		failed=$((failed + 1)); echo "FAIL: $what: got '$got', want '$want'"
	fi
}

expect "passes only" "2 0 - " \
	'{"name":"a","result":"OK"}' '{"name":"b","result":"EXPECTEDFAIL"}'
expect "a skip is a failure, named apart" "1 1 b " \
	'{"name":"a","result":"OK"}' '{"name":"b","result":"SKIP"}'
expect "failures and skips" "1 4 b,d c e" \
	'{"name":"a","result":"OK"}' '{"name":"b","result":"SKIP"}' \
	'{"name":"c","result":"FAIL"}' '{"name":"d","result":"SKIP"}' \
	'{"name":"e","result":"TIMEOUT"}'

# run-tests.sh itself uses this tally, not a copy of its own.
if grep -q 'scripts/tally-testlog.py' "$root/scripts/run-tests.sh"; then
	passed=$((passed + 1)); echo "ok: run-tests.sh counts with tally-testlog.py"
else
	failed=$((failed + 1)); echo "FAIL: run-tests.sh does not count with scripts/tally-testlog.py"
fi

echo "tally: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
