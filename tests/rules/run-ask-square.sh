#!/bin/bash
# orbat ask on a square-grid scenario (mb-remastered): attack and buy.
#
#   run-ask-square.sh ORBAT_BINARY RULES_TEST_DIR SCENARIO_DIR [--update]
#
# Runs every line of ask/square-queries on SCENARIO_DIR/mb-1861.xml twice:
# as text, compared with ask/square.expected (exit status and output), and
# with --format json, whose every line must be one JSON object with the
# fields of the two queries:
#   attack  from to distance allowed reasons attacker_hit defender_hit
#           attacker_factor defender_factor
#   buy     units cost allowed reasons points_left infantry_allowance
# A usage error (exit 2) prints no answer.
# Prints `rules-ask-square: N passed, M failed` last.
set -u
. "$(dirname -- "$0")/ask-test-lib.sh"
ask_test_setup ask-square "ORBAT_BINARY RULES_TEST_DIR SCENARIO_DIR [--update]" 2 "$@"
: >"$work/got"
while read -r scenario words; do
	case $scenario in ''|'#'*) continue ;; esac
	# shellcheck disable=SC2086
	ask_text "$scenarios" "$work/got" "$scenario" $words
	# shellcheck disable=SC2086
	(cd "$scenarios" && "$orbat" ask --format json "$scenario" $words) >"$work/json" 2>/dev/null
	status=$?
	if python3 - "$work/json" "$status" $words <<'PY'
import json, sys
path, status, words = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
kinds = [w for w in words if w in ("attack", "buy")]
lines = open(path).read().splitlines()
if status == 2 or not kinds:
    # a usage error or a refused scenario: no answers on stdout
    assert not lines, lines
    sys.exit(0)
assert len(lines) == len(kinds), "%d answers for %d queries" % (len(lines), len(kinds))
num = (int, float)
need = {
    "attack": {"from": str, "to": str, "distance": int, "allowed": bool, "reasons": list,
               "attacker_hit": num, "defender_hit": num, "attacker_factor": int, "defender_factor": int},
    "buy": {"units": list, "cost": int, "allowed": bool, "reasons": list, "points_left": int,
            "infantry_allowance": int},
}
for line, kind in zip(lines, kinds):
    obj = json.loads(line)
    assert obj["query"] == kind, (obj, kind)
    for field, t in need[kind].items():
        assert field in obj, "%s lacks %s: %s" % (kind, field, line)
        assert isinstance(obj[field], t) and not isinstance(obj[field], bool) or t is bool and isinstance(obj[field], bool), (field, line)
    for r in obj["reasons"]:
        assert r.endswith("]") and " [mb-11." in r, "a reason without its rule: %r" % r
    if kind == "attack":
        for f in ("attacker_hit", "defender_hit"):
            assert 0 <= obj[f] <= 1, line
        if not obj["allowed"]:
            assert obj["attacker_hit"] == 0 and obj["defender_hit"] == 0, line
        else:
            assert abs(obj["attacker_hit"] - obj["attacker_factor"] / 6) < 1e-3, line
    if kind == "buy" and "error" not in obj:
        assert obj["points_left"] == 5 - obj["cost"], line
PY
	then
		ok
	else
		bad "(json) $scenario $words"
	fi
done <"$dir/ask/square-queries"
ask_compare "$dir/ask/square.expected" "$work/got"
ask_report ask-square
