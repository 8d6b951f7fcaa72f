#!/usr/bin/env bash
# The raster golden test of maps: renders each case of tests/raster/cases
# with `orbat render`, rasterises its map overview page with pdftoppm at
# 40 dpi and compares it, block by block, with tests/raster/ref/NAME.ppm
# (raster.py says how close is close enough).
#
#   run-raster.sh ORBAT SOURCE-ROOT            compare (the meson test)
#   run-raster.sh ORBAT SOURCE-ROOT --update   rewrite the references
#
# Exits 77 (skipped) when pdftoppm or python3 is missing.  A failing case
# leaves its page and a map of the differing blocks (red) in
# $RASTER_KEEP when that is set, to look at.
set -u
orbat=$1
root=$(cd "$2" && pwd)
mode=${3:-compare}
here=$root/tests/raster
for tool in pdftoppm python3; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "raster: $tool not found (poppler-utils, python3): skipped"
		exit 77
	fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A data folder like the source tree's, whose rulesets/ also holds the
# extra ruleset files a case names: the source's entries are linked, not
# copied.
data_with() {
	local dir=$work/data-$1 entry
	mkdir -p "$dir/rulesets"
	for entry in "$root"/data/*; do
		[ "$(basename "$entry")" = rulesets ] || ln -s "$entry" "$dir/"
	done
	for entry in "$root"/data/rulesets/*; do
		ln -s "$entry" "$dir/rulesets/"
	done
	cp "$root/$2" "$dir/rulesets/"
	echo "$dir"
}

passed=0
failed=0
while read -r name scenario extra; do
	case $name in '' | '#'*) continue ;; esac
	out=$work/$name
	datadir=${ORBAT_DATADIR:-$root/data}
	[ -n "$extra" ] && datadir=$(data_with "$name" "$extra")
	if ! ORBAT_DATADIR=$datadir "$orbat" render --lang en --paper a4 -q -o "$out" "$root/$scenario" \
		>"$work/$name.log" 2>&1; then
		echo "FAIL - $name: orbat render failed"
		sed 's/^/       /' "$work/$name.log"
		failed=$((failed + 1))
		continue
	fi
	pdf=$(find "$out" -name map-overview.pdf | head -n 1)
	if [ -z "$pdf" ] || ! pdftoppm -r 40 -f 1 -l 1 "$pdf" "$work/$name" 2>"$work/$name.log"; then
		echo "FAIL - $name: no map overview to rasterise"
		failed=$((failed + 1))
		continue
	fi
	page=$(ls "$work/$name"*.ppm | head -n 1)
	ref=$here/ref/$name.ppm
	if [ "$mode" = --update ]; then
		python3 "$here/raster.py" write "$page" "$ref" && echo "wrote tests/raster/ref/$name.ppm"
		continue
	fi
	if [ ! -f "$ref" ]; then
		echo "FAIL - $name: no reference (scripts/update-raster-refs.sh writes it)"
		failed=$((failed + 1))
		continue
	fi
	if verdict=$(python3 "$here/raster.py" compare "$page" "$ref" "$work/$name-diff.ppm"); then
		echo "ok   - $name: $verdict"
		passed=$((passed + 1))
	else
		echo "FAIL - $name: $verdict"
		failed=$((failed + 1))
		if [ -n "${RASTER_KEEP:-}" ]; then
			mkdir -p "$RASTER_KEEP"
			cp "$page" "$RASTER_KEEP/$name-page.ppm"
			cp "$work/$name-diff.ppm" "$RASTER_KEEP/$name-diff.ppm"
			echo "       page and differing blocks in $RASTER_KEEP/$name-*.ppm"
		fi
	fi
done <"$here/cases"
[ "$mode" = --update ] && exit 0
echo "raster: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
