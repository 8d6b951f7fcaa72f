#!/bin/bash
# orbat explain, as a user meets it.
#
#   run-explain.sh ORBAT_BINARY EXPLAIN_TEST_DIR [--update]
#
# 1. On the small test catalogue of fixture/rules (with the real rulesets
#    and translated strings): every line of `cases` is run and its exit
#    status, stdout and stderr compared with explain.expected.
# 2. On the catalogue that ships ($ORBAT_DATADIR/rules): every rule, in
#    en, nl and fr and for every ruleset it belongs to, explains with exit
#    0 in lines of at most 78 columns (all the rules of a language and
#    ruleset asked for in one run; one by one to name a failure); the JSON of --all parses and lists
#    every rule once; --ruleset R lists exactly R's rules and the format
#    rules; the Markdown reference has a heading per rule.
# 3. Without a data folder, or one without rules/: one line naming it and
#    ORBAT_DATADIR, exit 3.
# Prints `explain: N passed, M failed` last.
set -u
[ $# -ge 2 ] || { echo "usage: $0 ORBAT_BINARY EXPLAIN_TEST_DIR [--update]" >&2; exit 2; }
orbat=$1
dir=$(cd "$2" && pwd)
update=${3:-}
case $orbat in
*/*) orbat="$(cd "$(dirname -- "$orbat")" && pwd)/$(basename -- "$orbat")" ;;
*) orbat=$(command -v -- "$orbat") || { echo "run-explain: cannot find $1" >&2; exit 2; } ;;
esac
command -v python3 >/dev/null 2>&1 || { echo "run-explain: python3 is needed" >&2; exit 2; }
data=${ORBAT_DATADIR:-}
[ -n "$data" ] && [ -d "$data/rulesets" ] || { echo "run-explain: set ORBAT_DATADIR to the source data folder" >&2; exit 2; }
data=$(cd "$data" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-explain.XXXXXX") || exit 2
trap 'rm -rf -- "$work"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; [ $# -lt 2 ] || printf '%s\n' "$2" | sed 's/^/  /'; }

# ---- 1. the test catalogue, exact output
mkdir "$work/data"
ln -s "$data/rulesets" "$work/data/rulesets"
ln -s "$data/i18n" "$work/data/i18n"
ln -s "$data/schema" "$work/data/schema"
ln -s "$data/layouts" "$work/data/layouts"
ln -s "$data/fonts" "$work/data/fonts"
ln -s "$dir/fixture/rules" "$work/data/rules"
: >"$work/got"
while read -r line; do
	case $line in ''|'#'*) continue ;; esac
	read -r -a args <<<"$line"
	ORBAT_DATADIR=$work/data "$orbat" explain "${args[@]}" >"$work/out" 2>"$work/err"
	rc=$?
	{ echo "== $line (exit $rc)"; cat "$work/out"; sed 's/^/stderr: /' "$work/err"; } >>"$work/got"
done <"$dir/cases"
if [ "$update" = --update ]; then
	cp "$work/got" "$dir/explain.expected"
	echo "updated explain.expected"
fi
if cmp -s "$dir/explain.expected" "$work/got"; then
	ok
else
	bad "the test catalogue: output differs from explain.expected" \
		"$(diff -u --label explain.expected --label got "$dir/explain.expected" "$work/got")"
fi

# ---- 2. the shipped catalogue
if [ ! -d "$data/rules" ]; then
	bad "no catalogue in $data/rules"
else
	if python3 - "$orbat" "$data" >"$work/report" 2>&1 <<'PY'
import json, subprocess, sys
orbat, data = sys.argv[1], sys.argv[2]
problems = []
def run(*args):
    p = subprocess.run([orbat, "explain"] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")
rc, out, err = run("--all", "--format", "json")
if rc != 0:
    print("--all --format json exits %d: %s" % (rc, err)); sys.exit(1)
rules = json.loads(out)["rules"]
ids = [r["id"] for r in rules]
if len(set(ids)) != len(ids):
    problems.append("--all lists a rule twice")
rulesets = sorted({s for r in rules for s in r["rulesets"]})
if not rulesets:
    problems.append("no rule names a ruleset")
def check_each(ids, rs, lang):
    """Every id of `ids` explained (as ruleset rs has it, when given) in one
    run, as a user asking for several; each explanation checked on its own."""
    extra = ["--lang", lang] + (["--ruleset", rs] if rs else [])
    rc, out, err = run(*(ids + extra))
    if rc != 0 or err:
        # Find the culprits one by one.
        before = len(problems)
        for rid in ids:
            rc1, _, err1 = run(*([rid] + extra))
            if rc1 != 0 or err1:
                problems.append("explain %s exits %d: %s" % (" ".join([rid] + extra), rc1, err1.strip()))
        if len(problems) == before:
            problems.append("explain of %d ids %s exits %d: %s" % (len(ids), " ".join(extra), rc, err.strip()))
        return
    lines = out.splitlines()
    starts = []
    at = 0
    for rid in ids:
        head = rid + " \u2014 "
        while at < len(lines) and not lines[at].startswith(head):
            at += 1
        if at == len(lines):
            problems.append("explain %s %s: no explanation starts with the id and title" % (rid, " ".join(extra)))
            return
        starts.append(at)
        at += 1
    if starts and starts[0] != 0:
        problems.append("explain %s: text before the first explanation" % " ".join(extra))
    for i, rid in enumerate(ids):
        end = starts[i + 1] if i + 1 < len(ids) else len(lines)
        for line in lines[starts[i]:end]:
            if len(line) > 78 and " " in line:
                problems.append("explain %s %s: a line of %d columns: %s" % (rid, " ".join(extra), len(line), line))
        if i + 1 < len(ids) and lines[end - 1] != "":
            problems.append("explain %s %s: no blank line before the next rule" % (rid, " ".join(extra)))
for lang in ("en", "nl", "fr"):
    check_each(ids, None, lang)
    for rs in rulesets:
        check_each([r["id"] for r in rules if r["prefix"] and rs in r["rulesets"]], rs, lang)
for rs in rulesets:
    rc, out, err = run("--ruleset", rs, "--format", "json")
    got = [r["id"] for r in json.loads(out)["rules"]] if rc == 0 else []
    want = [r["id"] for r in rules if rs in r["rulesets"] or not r["prefix"]]
    if got != want:
        problems.append("--ruleset %s lists %s, not %s" % (rs, got, want))
    rc, out, err = run("--ruleset", rs)
    listed = [l.split()[0] for l in out.splitlines() if l.startswith("  ")]
    if listed != want:
        problems.append("--ruleset %s (text) lists %s" % (rs, listed))
for lang in ("en", "nl", "fr"):
    rc, out, err = run("--all", "--format", "markdown", "--lang", lang)
    heads = [l.split()[1] for l in out.splitlines() if l.startswith("### ")]
    if rc != 0 or not out.startswith("# ") or heads != ids:
        problems.append("--all --format markdown --lang %s: exit %d, rule headings %s" % (lang, rc, heads))
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
	then
		ok
	else
		bad "the shipped catalogue" "$(cat "$work/report")"
	fi
fi

# ---- 3. no data folder
ORBAT_DATADIR=$work/nothing-here "$orbat" explain xml >"$work/out" 2>"$work/err"
rc=$?
if [ $rc -eq 3 ] && [ "$(wc -l <"$work/err")" -eq 1 ] && grep -q "$work/nothing-here" "$work/err" &&
	grep -q ORBAT_DATADIR "$work/err" && [ ! -s "$work/out" ]; then
	ok
else
	bad "without a data folder: exit $rc" "$(cat "$work/err")"
fi

# ---- 4. a data folder without the rule texts
mkdir "$work/norules"
ln -s "$data/rulesets" "$data/i18n" "$data/schema" "$data/layouts" "$data/fonts" "$work/norules/"
ORBAT_DATADIR=$work/norules "$orbat" explain xml >"$work/out" 2>"$work/err"
rc=$?
if [ $rc -eq 3 ] && [ "$(wc -l <"$work/err")" -eq 1 ] && grep -q "$work/norules has no rules" "$work/err" &&
	grep -q ORBAT_DATADIR "$work/err" && [ ! -s "$work/out" ]; then
	ok
else
	bad "without data/rules: exit $rc" "$(cat "$work/err")"
fi

echo "explain: $pass passed, $fail failed"
[ $fail -eq 0 ]
