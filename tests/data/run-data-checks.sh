#!/bin/bash
# The data files against their schemas and the three-language rule:
# every ruleset matches data/schema/ruleset.rng (a misspelt attribute fails
# here instead of being ignored), and every translated string of
# data/i18n has an English, a Dutch and a French text.
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
rm -f /tmp/orbat-data.$$
echo "data-checks: $pass passed, $fail failed"
[ $fail -eq 0 ]
