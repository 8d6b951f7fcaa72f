#!/bin/bash
# Golden corpus runner.
#
#   run-golden.sh ORBAT_BINARY GOLDEN_DIR [--update]
#
# GOLDEN_DIR holds invalid/ and valid/, each with cases NN-name.xml and their
# expected diagnostics NN-name.expected.  For every case the runner
#   - runs `orbat validate NN-name.xml` from inside the case's folder, so the
#     diagnostics name the file by its base name, and compares stderr with
#     the .expected file byte for byte (a unified diff is printed on mismatch);
#   - checks the exit status: 1 for invalid/, 0 for valid/;
#   - checks that `orbat validate --format json` parses as JSON, gives the
#     file the right validity and reports the same diagnostics (line, column,
#     severity and rule id, in the same order) as the text output.  The JSON
#     run covers a whole folder in one call; if its output does not parse,
#     each file of the folder is run on its own to find the culprit.
# --update rewrites every .expected file from the current output, for a human
# to review with `git diff` before committing.
#
# ORBAT_WRAPPER, when set, is put in front of every orbat command (CI runs
# orbat under valgrind this way).
#
# Prints one summary line `golden: N passed, M failed` and exits non-zero if
# any case failed.
set -u

usage() {
	echo "usage: $0 ORBAT_BINARY GOLDEN_DIR [--update]" >&2
	exit 2
}

[ $# -ge 2 ] && [ $# -le 3 ] || usage
orbat=$1
golden=$2
update=0
if [ $# -eq 3 ]; then
	[ "$3" = "--update" ] || usage
	update=1
fi

# The cases run from inside their folders: make both paths absolute.
case $orbat in
*/*) orbat="$(cd "$(dirname -- "$orbat")" && pwd)/$(basename -- "$orbat")" ;;
*) orbat=$(command -v -- "$orbat") || { echo "run-golden: cannot find $1" >&2; exit 2; } ;;
esac
if [ ! -x "$orbat" ] || [ -d "$orbat" ]; then
	echo "run-golden: $orbat is not an executable" >&2
	exit 2
fi
if [ ! -d "$golden" ]; then
	echo "run-golden: $golden is not a directory" >&2
	exit 2
fi
golden=$(cd "$golden" && pwd)
if ! command -v python3 >/dev/null 2>&1; then
	echo "run-golden: python3 is needed to check the JSON output" >&2
	exit 2
fi
wrapper=()
if [ -n "${ORBAT_WRAPPER:-}" ]; then
	read -r -a wrapper <<<"$ORBAT_WRAPPER"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-golden.XXXXXX") || exit 2
trap 'rm -rf -- "$work"' EXIT

# run_orbat DIR ARGS...: orbat (behind the wrapper, if any) from inside DIR.
run_orbat() {
	local dir=$1
	shift
	(cd "$dir" && "${wrapper[@]}" "$orbat" "$@")
}

# problem CASE TEXT: note one reason why CASE (kind/name) fails.
problem() {
	printf '%s\n' "$2" >>"$work/$1.problems"
}

shopt -s nullglob
cases=()

# ---- text diagnostics and exit status, one run per case
# check_case KIND NAME WANT_RC: run one case and note its problems.
check_case() {
	local kind=$1 name=$2 want_rc=$3
	local dir=$golden/$kind id=$kind/$name
	local expected=$dir/$name.expected out=$work/$kind/$name.stderr rc
	run_orbat "$dir" validate "$name.xml" >/dev/null 2>"$out"
	rc=$?
	[ "$rc" -eq "$want_rc" ] || problem "$id" "exit status $rc, expected $want_rc"

	if [ "$update" -eq 1 ]; then
		if [ ! -f "$expected" ] || ! cmp -s -- "$expected" "$out"; then
			cp -- "$out" "$expected"
			echo "updated $id.expected"
		fi
	elif [ ! -f "$expected" ]; then
		problem "$id" "missing $id.expected"
	elif ! cmp -s -- "$expected" "$out"; then
		problem "$id" "stderr differs from $id.expected:"
		problem "$id" "$(diff -u --label "$id.expected" --label "orbat validate $name.xml" -- "$expected" "$out")"
	fi
}

# The cases are independent: as many run at once as there are processors
# (under valgrind a case takes a second or more, and this test alone
# would otherwise hold one core while the other waits).
slots=$(nproc 2>/dev/null || echo 1)
running=0
for kind in invalid valid; do
	dir=$golden/$kind
	[ -d "$dir" ] || continue
	mkdir -p "$work/$kind"
	if [ "$kind" = invalid ]; then want_rc=1; else want_rc=0; fi
	for xml in "$dir"/*.xml; do
		name=$(basename -- "$xml" .xml)
		cases+=("$kind/$name")
		if [ "$running" -ge "$slots" ]; then
			wait -n
			running=$((running - 1))
		fi
		check_case "$kind" "$name" "$want_rc" &
		running=$((running + 1))
	done
done
wait

if [ ${#cases[@]} -eq 0 ]; then
	echo "no golden cases found under $golden"
	echo "golden: 0 passed, 1 failed"
	exit 1
fi

# ---- JSON: one run per folder; one run per file if the folder's output does
# not parse.
for kind in invalid valid; do
	dir=$golden/$kind
	[ -d "$dir" ] || continue
	files=()
	for xml in "$dir"/*.xml; do
		files+=("$(basename -- "$xml")")
	done
	[ ${#files[@]} -gt 0 ] || continue
	run_orbat "$dir" validate --format json "${files[@]}" >"$work/$kind.json" 2>/dev/null
	if ! python3 -c 'import json,sys; json.load(sys.stdin)' <"$work/$kind.json" 2>/dev/null; then
		rm -f -- "$work/$kind.json"
		for f in "${files[@]}"; do
			run_orbat "$dir" validate --format json "$f" >"$work/$kind/${f%.xml}.json" 2>/dev/null
		done
	fi
done

# Compare the JSON with the text diagnostics of every case.  Prints
# "kind/name<TAB>problem" lines.
json_check='
import json, os, re, sys

work = sys.argv[1]
cases = sys.argv[2:]
line_re = re.compile(
    r"^(?P<file>[^:]*)(?::(?P<line>[0-9]+))?(?::(?P<col>[0-9]+))?: "
    r"(?P<sev>error|warning): (?P<msg>.*) \[(?P<rule>[^\]]*)\]$")

def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)

batches = {}
for kind in ("invalid", "valid"):
    path = os.path.join(work, kind + ".json")
    if os.path.exists(path):
        try:
            batches[kind] = {e["file"]: e for e in load(path)["files"]}
        except (ValueError, KeyError, TypeError) as e:
            batches[kind] = "the folder run gives malformed JSON: %s" % e

def report(case, msg):
    for line in msg.splitlines() or [""]:
        print("%s\t%s" % (case, line))

for case in cases:
    kind, name = case.split("/", 1)
    want_valid = kind == "valid"
    text = []
    with open(os.path.join(work, case + ".stderr"), encoding="utf-8", errors="replace") as f:
        for n, raw in enumerate(f.read().splitlines(), 1):
            m = line_re.match(raw)
            if m is None:
                report(case, "stderr line %d is not a diagnostic: %r" % (n, raw))
                continue
            text.append((int(m["line"] or 0), int(m["col"] or 0), m["sev"], m["rule"]))
    try:
        if kind in batches:
            if isinstance(batches[kind], str):
                raise ValueError(batches[kind])
            entry = batches[kind].get(name + ".xml")
            if entry is None:
                raise ValueError("no entry for %s.xml" % name)
        else:
            doc = load(os.path.join(work, case + ".json"))
            if len(doc["files"]) != 1:
                raise ValueError("%d file entries for one file" % len(doc["files"]))
            entry = doc["files"][0]
        found = [(d["line"], d["column"], d["severity"], d["rule"]) for d in entry["diagnostics"]]
        valid = entry["valid"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        report(case, "--format json: %s" % e)
        continue
    if valid is not want_valid:
        report(case, "--format json says valid=%s" % json.dumps(valid))
    if len(found) != len(text):
        report(case, "--format json reports %d diagnostics, the text output %d" % (len(found), len(text)))
    for i, (t, j) in enumerate(zip(text, found), 1):
        if t != j:
            report(case, "diagnostic %d: text says %s:%s %s [%s], --format json says %s:%s %s [%s]" % ((i,) + t + j))
'
if ! python3 -c "$json_check" "$work" "${cases[@]}" >"$work/json-report"; then
	echo "run-golden: the JSON check itself failed" >&2
	exit 2
fi
while IFS=$'\t' read -r id text; do
	problem "$id" "$text"
done <"$work/json-report"

# ---- results
pass=0
fail=0
for id in "${cases[@]}"; do
	if [ -f "$work/$id.problems" ]; then
		fail=$((fail + 1))
		echo "FAIL $id.xml"
		sed 's/^/  /' -- "$work/$id.problems"
	else
		pass=$((pass + 1))
	fi
done
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
