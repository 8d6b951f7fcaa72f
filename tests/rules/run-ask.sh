#!/bin/bash
# orbat ask against its interface (interfaces.md section 4).
#
#   run-ask.sh ORBAT_BINARY RULES_TEST_DIR [--update]
#
# Runs every line of ask/queries twice: as text, compared with
# ask/ask.expected (exit status and output), and with --format json,
# whose every line must be one JSON object with the fields of section 4
# and `unit` and `answers` fields (a question about a hex holding two
# units gets one answer for each, one after the other, each naming its
# unit):
#   los     from to distance visible blocked_by
#   dice    from to distance dice allowed reasons
#   moves   from reachable
#   retreat from flags destinations losses
# Prints `rules-ask: N passed, M failed` last.
set -u
. "$(dirname -- "$0")/ask-test-lib.sh"
ask_test_setup ask "ORBAT_BINARY RULES_TEST_DIR [--update]" 1 "$@"
: >"$work/got"
while read -r scenario words; do
	case $scenario in ''|'#'*) continue ;; esac
	# shellcheck disable=SC2086
	ask_text "$dir/scenarios" "$work/got" "$scenario" $words
	# shellcheck disable=SC2086
	(cd "$dir/scenarios" && "$orbat" ask --format json "$scenario" $words) >"$work/json" 2>/dev/null
	if python3 - "$work/json" $words <<'PY'
import json, sys
path, words = sys.argv[1], sys.argv[2:]
kinds = [w for w in words if w in ("los", "dice", "moves", "retreat", "sharpshooter", "rally")]
lines = open(path).read().splitlines()
# A question about a hex holding two units (noord-zuid) is answered for
# each of them: consecutive answers to one query, each with its own unit.
objs = [json.loads(line) for line in lines]
grouped, i = [], 0
for kind in kinds:
    assert i < len(objs), "no answer for %s" % kind
    n = objs[i].get("answers")
    assert isinstance(n, int) and n >= 1, objs[i]
    group = objs[i:i + n]
    assert len(group) == n and all(o.get("answers") == n for o in group), group
    if n > 1:
        units = [o.get("unit") for o in group]
        assert None not in units and len(set(units)) == n, "answers for one hex without their units: %r" % units
    grouped.append(group)
    i += n
assert i == len(objs), "%d answers for %d queries" % (len(objs), len(kinds))
need = {
    "los": {"from": str, "to": str, "distance": int, "visible": bool, "blocked_by": list},
    "dice": {"from": str, "to": str, "distance": int, "dice": int, "allowed": bool, "reasons": list},
    "moves": {"from": str, "reachable": list},
    "retreat": {"from": str, "flags": int, "destinations": list, "losses": int},
    "sharpshooter": {"from": str, "allowed": bool, "targets": list},
    "rally": {"from": str, "dice": int, "units": list, "room": int},
}
for group, kind in zip(grouped, kinds):
    for obj in group:
        line = json.dumps(obj)
        assert obj["query"] == kind, (obj, kind)
        for field, t in need[kind].items():
            assert field in obj, "%s lacks %s: %s" % (kind, field, line)
            assert isinstance(obj[field], t) and not (t is int and isinstance(obj[field], bool)), (field, line)
        for v in obj.get("blocked_by", []) + obj.get("reachable", []) + obj.get("destinations", []):
            assert isinstance(v, str) and v[:1].isalpha() and v[-1:].isdigit(), v
        for t in obj.get("targets", []):
            assert t["allowed"] == (t["dice"] > 0) and isinstance(t["general"], str), line
            for r in t["reasons"]:
                assert r.endswith("]") and " [" in r, "a reason without its rule: %r" % r
        for r in obj.get("reasons", []):
            assert r.endswith("]") and " [" in r, "a reason without its rule: %r" % r
        if kind == "dice":
            assert obj["allowed"] == (obj["dice"] > 0), line
        # every answer names the unit it is about (null: a general, or a
        # hex without a unit)
        assert "unit" in obj and (obj["unit"] is None or isinstance(obj["unit"], str)), line
PY
	then
		ok
	else
		bad "(json) $scenario $words"
	fi
done <"$dir/ask/queries"
# The JSON answers on a noord-zuid hex holding two units, byte for byte.
(cd "$dir/scenarios" && "$orbat" ask --format json ntz-brigades.xml retreat F3 3 retreat c-inf-2 3 dice early F8) \
	>"$work/two.json" 2>/dev/null
ask_compare "$dir/ask/two-units.expected.json" "$work/two.json"
ask_compare "$dir/ask/ask.expected" "$work/got"
ask_report ask
