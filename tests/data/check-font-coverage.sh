#!/bin/bash
# fonts/coverage.txt, which orbat validate reads to refuse a text the
# bundled fonts cannot draw (rule font), is the one scripts/font-coverage.py
# makes from the fonts as they are: a font added, removed or changed
# without it fails here.
#
#   check-font-coverage.sh SOURCE_ROOT
set -u
root=$1
want=$(mktemp "${TMPDIR:-/tmp}/orbat-coverage.XXXXXX") || exit 1
trap 'rm -f "$want"' EXIT
if ! python3 "$root/scripts/font-coverage.py" "$root/fonts" >"$want"; then
	echo "FAIL: scripts/font-coverage.py could not read the fonts"
	echo "font-coverage: 0 passed, 1 failed"
	exit 1
fi
if cmp -s "$want" "$root/fonts/coverage.txt"; then
	echo "ok: fonts/coverage.txt is the coverage of the fonts as they are"
	echo "font-coverage: 1 passed, 0 failed"
else
	echo "FAIL: fonts/coverage.txt is stale; make it again with scripts/font-coverage.py fonts --write"
	diff "$want" "$root/fonts/coverage.txt" | head -20
	echo "font-coverage: 0 passed, 1 failed"
	exit 1
fi
