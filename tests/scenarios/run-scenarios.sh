#!/bin/bash
# Every bundled scenario must pass the schema (checked by xmllint, an
# independent client) and the full semantic validation with no warning.
set -u
orbat=$1
root=$2
shopt -s nullglob
files=("$root"/scenarios/*.xml)
if [ ${#files[@]} -eq 0 ]; then
	echo "no bundled scenarios found under $root/scenarios"
	exit 1
fi
pass=0
fail=0
for f in "${files[@]}"; do
	ok=1
	if ! xmllint --noout --nonet --relaxng "$root/data/schema/scenario.rng" "$f" 2>/tmp/orbat-xmllint.$$; then
		echo "FAIL schema: $f"; cat /tmp/orbat-xmllint.$$; ok=0
	fi
	out=$("$orbat" validate "$f" 2>&1 >/dev/null)
	rc=$?
	if [ $rc -ne 0 ] || [ -n "$out" ]; then
		echo "FAIL validate (exit $rc): $f"; echo "$out"; ok=0
	fi
	if [ $ok -eq 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
rm -f /tmp/orbat-xmllint.$$
echo "bundled scenarios: $pass passed, $fail failed"
[ $fail -eq 0 ]
