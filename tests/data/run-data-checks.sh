#!/bin/bash
# The data files against their schemas and the three-language rule:
# every ruleset matches data/schema/ruleset.rng (a misspelt attribute fails
# here instead of being ignored), every translated string of data/i18n has
# an English, a Dutch and a French text, and every file of the rule
# catalogue (data/rules, and the test catalogue of tests/explain) matches
# data/schema/rules.rng, with titles of at most 60 characters and three
# languages that really differ.
set -u
root=$1
pass=0
fail=0
check() {
	local what=$1; shift
	if "$@" >/tmp/orbat-data.$$ 2>&1; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1)); echo "FAIL: $what"; cat /tmp/orbat-data.$$
	fi
}
for f in "$root"/data/rulesets/*.xml; do
	check "schema of $(basename "$f")" xmllint --noout --nonet --relaxng "$root/data/schema/ruleset.rng" "$f"
done
for f in "$root"/data/i18n/*.xml "$root"/layouts/*.xml; do
	check "well-formed $(basename "$f")" xmllint --noout --nonet "$f"
done
for f in "$root"/data/i18n/*.xml; do
	for lang in en nl fr; do
		missing=$(xmllint --xpath "count(//*[local-name()='string'][not(*[local-name()='t'][@xml:lang='$lang'][normalize-space()])])" "$f" 2>/dev/null)
		check "every string of $(basename "$f") has '$lang'" test "${missing:-1}" = 0
	done
done
# The rule catalogue that `orbat explain` serves.
catalogue=()
for f in "$root"/data/rules/*.xml "$root"/tests/explain/fixture/rules/*.xml; do
	[ -e "$f" ] || continue
	catalogue+=("$f")
	check "schema of rules/$(basename "$f")" xmllint --noout --nonet --relaxng "$root/data/schema/rules.rng" "$f"
done
rules_texts='
import sys, xml.etree.ElementTree as ET
NS = "{urn:orbat:rules:1}"
LANG = "{http://www.w3.org/XML/1998/namespace}lang"
bad = 0
def words(e):
    return " ".join((e.text or "").split())
def check(where, parent, tag):
    global bad
    texts = {}
    for e in parent.findall(NS + tag):
        texts[e.get(LANG)] = words(e)
    for lang, t in texts.items():
        if tag == "title" and len(t) > 60:
            print("%s: the %s title has %d characters; at most 60" % (where, lang, len(t)))
            bad += 1
    seen = {}
    for lang in sorted(texts):
        if texts[lang] in seen:
            print("%s: the %s %s is the same as the %s one: translate it" % (where, lang, tag, seen[texts[lang]]))
            bad += 1
        seen[texts[lang]] = lang
for path in sys.argv[1:]:
    root = ET.parse(path).getroot()
    for rule in root.iter(NS + "rule"):
        where = "%s: rule %s" % (path.rsplit("/", 1)[-1], rule.get("id"))
        for tag in ("title", "text", "advice"):
            check(where, rule, tag)
        for v in rule.findall(NS + "variant"):
            check(where + " variant " + str(v.get("ruleset")), v, "text")
sys.exit(1 if bad else 0)
'
if [ ${#catalogue[@]} -gt 0 ]; then
	check "rule titles fit 60 characters and the three languages differ" python3 -c "$rules_texts" "${catalogue[@]}"
fi
rm -f /tmp/orbat-data.$$
echo "data-checks: $pass passed, $fail failed"
[ $fail -eq 0 ]
