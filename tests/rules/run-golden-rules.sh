#!/bin/bash
# Golden game logs for `orbat check`.
#
#   run-golden-rules.sh ORBAT_BINARY GOLDEN_DIR [--update]
#
# GOLDEN_DIR/cases lists "LOG SCENARIO" pairs.  For each the runner
#   - runs `orbat check -q SCENARIO LOG` from inside GOLDEN_DIR and compares
#     "exit STATUS" followed by stdout and stderr with LOG's .expected file,
#     byte for byte (a unified diff on mismatch);
#   - runs it again with --format json and checks that the output parses,
#     and says valid exactly when the exit status is 0; where LOG has a
#     .json.expected file beside it, compares the JSON with it byte for byte;
#   - a legal log names its winner, unless its first line is "# UNFINISHED:
#     ..." (a log that shows one rule and stops before the game ends);
#   - for a log whose first line is "# ILLEGAL: ...", checks the exit status
#     is 1 and that exactly one diagnostic names a line of the log (the
#     first illegal action) -- except a log of malformed lines, where every
#     one is reported.
# --update rewrites the .expected files for a human to review.
# Prints `rules-golden: N passed, M failed` last; exits non-zero on failure.
set -u

[ $# -ge 2 ] && [ $# -le 3 ] || { echo "usage: $0 ORBAT_BINARY GOLDEN_DIR [--update]" >&2; exit 2; }
orbat=$1
golden=$2
update=0
[ $# -eq 3 ] && { [ "$3" = "--update" ] || { echo "usage: $0 ORBAT_BINARY GOLDEN_DIR [--update]" >&2; exit 2; }; update=1; }
case $orbat in
*/*) orbat="$(cd "$(dirname -- "$orbat")" && pwd)/$(basename -- "$orbat")" ;;
*) orbat=$(command -v -- "$orbat") || { echo "run-golden-rules: cannot find $1" >&2; exit 2; } ;;
esac
[ -x "$orbat" ] || { echo "run-golden-rules: $orbat is not an executable" >&2; exit 2; }
[ -f "$golden/cases" ] || { echo "run-golden-rules: $golden/cases is missing" >&2; exit 2; }
golden=$(cd "$golden" && pwd)
command -v python3 >/dev/null 2>&1 || { echo "run-golden-rules: python3 is needed to check the JSON" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-rules-golden.XXXXXX") || exit 2
trap 'rm -rf -- "$work"' EXIT

pass=0
fail=0
while read -r log scenario rest; do
	case $log in ''|'#'*) continue ;; esac
	name=${log%.log}
	expected=$golden/$name.expected
	problems=()
	(cd "$golden" && "$orbat" check -q "$scenario" "$log") >"$work/out" 2>"$work/err"
	rc=$?
	{ echo "exit $rc"; cat "$work/out" "$work/err"; } >"$work/got"
	if [ "$update" -eq 1 ]; then
		if [ ! -f "$expected" ] || ! cmp -s "$expected" "$work/got"; then
			cp "$work/got" "$expected"
			echo "updated $name.expected"
		fi
	elif [ ! -f "$expected" ]; then
		problems+=("missing $name.expected")
	elif ! cmp -s "$expected" "$work/got"; then
		problems+=("output differs from $name.expected:")
		problems+=("$(diff -u --label "$name.expected" --label "orbat check $log" "$expected" "$work/got")")
	fi
	illegal=0
	head -n 1 "$golden/$log" | grep -q '^# ILLEGAL:' && illegal=1
	if [ "$illegal" -eq 1 ]; then
		[ "$rc" -eq 1 ] || problems+=("exit status $rc, an illegal log gives 1")
		n=$(grep -c "^$log:[0-9]*: error: " "$work/err")
		if ! grep -q 'malformed' "$golden/$log" && [ "$n" -ne 1 ]; then
			problems+=("$n diagnostics; the replay stops at the first illegal action")
		fi
	else
		[ "$rc" -eq 0 ] || problems+=("exit status $rc, a legal log gives 0")
		if ! head -n 1 "$golden/$log" | grep -q '^# UNFINISHED:'; then
			grep -Eq '^(Winner:|Draw) ' "$work/out" || problems+=("a complete game names its winner or a draw")
		fi
	fi
	(cd "$golden" && "$orbat" check --format json "$scenario" "$log") >"$work/json" 2>/dev/null
	jrc=$?
	if ! python3 - "$work/json" "$rc" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
rc = int(sys.argv[2])
if "files" in doc:
    valid = doc["files"][0]["valid"]
    assert all("line" in d and "rule" in d for d in doc["files"][0]["diagnostics"])
else:
    valid = doc["valid"]
assert valid == (rc == 0), "valid=%s but exit %d" % (valid, rc)
PY
	then
		problems+=("--format json: unparsable, or 'valid' disagrees with the exit status")
	fi
	[ "$jrc" -eq "$rc" ] || problems+=("--format json exits $jrc, text $rc")
	jexpected=$golden/$name.json.expected
	if [ -f "$jexpected" ]; then
		if [ "$update" -eq 1 ]; then
			cmp -s "$jexpected" "$work/json" || { cp "$work/json" "$jexpected"; echo "updated $name.json.expected"; }
		elif ! cmp -s "$jexpected" "$work/json"; then
			problems+=("--format json differs from $name.json.expected:")
			problems+=("$(diff -u --label "$name.json.expected" --label "orbat check --format json $log" "$jexpected" "$work/json")")
		fi
	fi
	if [ ${#problems[@]} -eq 0 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $log"
		printf '  %s\n' "${problems[@]}"
	fi
done <"$golden/cases"
echo "rules-golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
