#!/bin/bash
# orbat ask on the square game (mb-remastered) on the engine: attack (with
# coastal fire), buy (with saved points), moves, transport and income, at
# a scenario's start and --after square game logs, and their refusals.
#
#   run-ask-sqask.sh ORBAT_BINARY SQASK_DIR SCENARIO_DIR [--update]
#
# Every line of SQASK_DIR/queries holds the words after `orbat ask`, run in
# SCENARIO_DIR, with @ standing for SQASK_DIR.  Each runs twice: as text
# (stdout, stderr and the exit status compared with SQASK_DIR/expected) and
# with --format json (stdout and the exit status compared with
# SQASK_DIR/expected.json; every line must be one JSON object with its
# query, and each reason must end with its rule id).  --update rewrites the
# two files.  Then the questions typed in `orbat play` (moves, transport,
# income, ask attack, ask buy) must answer as `orbat ask` does on the same
# game.  Prints `rules-ask-sqask: N passed, M failed` last.
set -u
. "$(dirname -- "$0")/ask-test-lib.sh"
ask_test_setup ask-sqask "ORBAT_BINARY SQASK_DIR SCENARIO_DIR [--update]" 2 "$@"
: >"$work/text"
: >"$work/json"
while IFS= read -r line; do
	case $line in ''|'#'*) continue ;; esac
	# The folder's own path would make the answers depend on the checkout.
	words=${line//@/$dir}
	# shellcheck disable=SC2086
	(cd "$scenarios" && "$orbat" ask $words) >"$work/out" 2>&1
	echo "== $line (exit $?)" >>"$work/text"
	sed "s|$dir|@|g" "$work/out" >>"$work/text"
	first=${words%% *}
	# shellcheck disable=SC2086
	(cd "$scenarios" && "$orbat" ask --format json $words) >"$work/out" 2>/dev/null
	status=$?
	echo "== $line (exit $status)" >>"$work/json"
	sed "s|$dir|@|g" "$work/out" >>"$work/json"
	if python3 - "$work/out" "$status" "$first" <<'PY'
import json, sys
path, status = sys.argv[1], int(sys.argv[2])
lines = open(path).read().splitlines()
if status == 2:
    assert not lines, lines          # a usage error answers nothing
    sys.exit(0)
for line in lines:
    obj = json.loads(line)
    if "files" in obj:               # a log the referee refused: check's document
        assert status == 1, line
        continue
    assert obj["query"] in ("attack", "buy", "moves", "transport", "income"), line
    for r in obj["reasons"]:
        assert r.endswith("]") and " [mb-11." in r, "a reason without its rule: %r" % r
    assert ("error" in obj) <= (status == 1), line
PY
	then
		ok
	else
		bad "(json) $line"
	fi
done <"$dir/queries"
# The questions of orbat play: each answer line as orbat ask gives it.
for q in "moves u-cav-1" "transport u-gunboat-1" "income confederate" "ask attack O9 u-gunboat-1" "ask buy ironclad"; do
	# A new log each time: play never overwrites a saved game.
	rm -f "$work/play.log"
	(cd "$scenarios" && printf '%s\nquit\n' "$q" |
		"$orbat" play mb-1861.xml --seed 3 --log "$work/play.log" >"$work/play" 2>&1)
	# shellcheck disable=SC2086
	(cd "$scenarios" && "$orbat" ask mb-1861.xml ${q#ask }) >"$work/asked" 2>&1
	if [ -s "$work/asked" ] && [ "$(grep -Fxc -f "$work/asked" "$work/play")" -ge "$(wc -l <"$work/asked")" ]; then
		ok
	else
		bad "(play) '$q' in orbat play does not answer as orbat ask"
		cat "$work/asked"
	fi
done
ask_compare "$dir/expected" "$work/text"
ask_compare "$dir/expected.json" "$work/json"
ask_report ask-sqask
