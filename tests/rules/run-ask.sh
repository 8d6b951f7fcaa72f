#!/bin/bash
# orbat ask against its interface (interfaces.md section 4).
#
#   run-ask.sh ORBAT_BINARY RULES_TEST_DIR [--update]
#
# Runs every line of ask/queries twice: as text, compared with
# ask/ask.expected (exit status and output), and with --format json,
# whose every line must be one JSON object with the fields of section 4:
#   los     from to distance visible blocked_by
#   dice    from to distance dice allowed reasons
#   moves   from reachable
#   retreat from flags destinations losses
# Prints `rules-ask: N passed, M failed` last.
set -u
[ $# -ge 2 ] || { echo "usage: $0 ORBAT_BINARY RULES_TEST_DIR [--update]" >&2; exit 2; }
orbat=$1
dir=$(cd "$2" && pwd)
update=${3:-}
case $orbat in
*/*) orbat="$(cd "$(dirname -- "$orbat")" && pwd)/$(basename -- "$orbat")" ;;
*) orbat=$(command -v -- "$orbat") || { echo "run-ask: cannot find $1" >&2; exit 2; } ;;
esac
work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-ask.XXXXXX") || exit 2
trap 'rm -rf -- "$work"' EXIT
pass=0
fail=0
: >"$work/got"
while read -r scenario words; do
	case $scenario in ''|'#'*) continue ;; esac
	# shellcheck disable=SC2086
	(cd "$dir/scenarios" && "$orbat" ask "$scenario" $words) >"$work/out" 2>&1
	echo "== $scenario $words (exit $?)" >>"$work/got"
	cat "$work/out" >>"$work/got"
	# shellcheck disable=SC2086
	(cd "$dir/scenarios" && "$orbat" ask --format json "$scenario" $words) >"$work/json" 2>/dev/null
	if python3 - "$work/json" $words <<'PY'
import json, sys
path, words = sys.argv[1], sys.argv[2:]
kinds = [w for w in words if w in ("los", "dice", "moves", "retreat")]
lines = open(path).read().splitlines()
assert len(lines) == len(kinds), "%d answers for %d queries" % (len(lines), len(kinds))
need = {
    "los": {"from": str, "to": str, "distance": int, "visible": bool, "blocked_by": list},
    "dice": {"from": str, "to": str, "distance": int, "dice": int, "allowed": bool, "reasons": list},
    "moves": {"from": str, "reachable": list},
    "retreat": {"from": str, "flags": int, "destinations": list, "losses": int},
}
for line, kind in zip(lines, kinds):
    obj = json.loads(line)
    assert obj["query"] == kind, (obj, kind)
    for field, t in need[kind].items():
        assert field in obj, "%s lacks %s: %s" % (kind, field, line)
        assert isinstance(obj[field], t) and not (t is int and isinstance(obj[field], bool)), (field, line)
    for v in obj.get("blocked_by", []) + obj.get("reachable", []) + obj.get("destinations", []):
        assert isinstance(v, str) and v[:1].isalpha() and v[-1:].isdigit(), v
    for r in obj.get("reasons", []):
        assert r.endswith("]") and " [" in r, "a reason without its rule: %r" % r
    if kind == "dice":
        assert obj["allowed"] == (obj["dice"] > 0), line
PY
	then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL (json): $scenario $words"
	fi
done <"$dir/ask/queries"
if [ "$update" = "--update" ]; then
	cp "$work/got" "$dir/ask/ask.expected"
	echo "updated ask/ask.expected"
elif cmp -s "$dir/ask/ask.expected" "$work/got"; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "FAIL (text): output differs from ask/ask.expected"
	diff -u --label ask.expected --label "orbat ask" "$dir/ask/ask.expected" "$work/got"
fi
echo "rules-ask: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
