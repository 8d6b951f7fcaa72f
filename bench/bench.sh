#!/bin/bash
# Benchmark `orbat validate` against the schema check alone (xmllint).
#
#   bench/bench.sh [RUNS]          (default 5; env BENCH_SCALE=F multiplies
#                                   the number of files per group)
#
# Builds the release binary if needed (build-release/, --buildtype=release),
# generates the corpus of bench/gen-scenarios.py into a temporary directory,
# checks every file is valid with no diagnostic, then times, for each group
# of files, one run of
#     orbat validate -q FILES
#     xmllint --noout --relaxng data/schema/scenario.rng FILES
# (best of RUNS, after one warm-up) and prints them side by side with their
# ratio.  The size series shows the time per file, per hex and per unit: a
# linear validator keeps the time per hex flat from 10x8 to 120x80.
#
# No thresholds: this prints figures, it does not pass or fail.  The
# project's target is orbat at most 0.8x xmllint's schema check (faster
# than the schema alone, on both cores).  bench/run.sh prints the same
# comparison as medians, beside the other jobs.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
runs=${1:-5}
scale=${BENCH_SCALE:-1}
build=$root/build-release
schema=$root/data/schema/scenario.rng

command -v xmllint >/dev/null || { echo "bench.sh: xmllint not found (apt install libxml2-utils)" >&2; exit 2; }

# 1. release build
if [ ! -f "$build/build.ninja" ]; then
	(cd "$root" && meson setup build-release --buildtype=release) >/dev/null
fi
ninja -C "$build" src/orbat src/orbat-full >/dev/null
orbat=$build/src/orbat
export ORBAT_DATADIR=$root/data

# 2. corpus
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orbat-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
python3 "$here/gen-scenarios.py" "$tmp" --scale "$scale" --check "$orbat" >/dev/null || {
	echo "bench.sh: the generated corpus is not valid; see above" >&2
	exit 1
}
xmllint --noout --relaxng "$schema" "$tmp"/*/*.xml 2>"$tmp/xmllint.log" || {
	grep -v ' validates$' "$tmp/xmllint.log" | head -20 >&2
	echo "bench.sh: xmllint rejects part of the corpus" >&2
	exit 1
}
manifest=$tmp/manifest.tsv

# 3. timing: best wall-clock time of RUNS runs, in seconds
now() { date +%s.%N; }
best_of() {
	local best="" t0 t1
	"$@" >/dev/null 2>&1 || { echo "bench.sh: failed: $*" >&2; exit 1; }   # warm-up
	for ((i = 0; i < runs; i++)); do
		t0=$(now)
		"$@" >/dev/null 2>&1
		t1=$(now)
		best=$(awk -v a="$t0" -v b="$t1" -v best="$best" \
			'BEGIN { d = b - a; if (best == "" || d < best) best = d; printf "%.6f", best }')
	done
	echo "$best"
}

groups=$(awk -F'\t' 'NR > 1 && !seen[$1]++ { print $1 }' "$manifest")

echo "orbat validate vs xmllint --relaxng (schema only); best of $runs runs, wall clock"
echo "orbat: $orbat ($("$orbat" --version 2>/dev/null | head -1))"
echo "xmllint: $(xmllint --version 2>&1 | head -1)"
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores"
echo

results=$tmp/results.tsv
: >"$results"
# A lone small file: start-up (schema compile, rulesets) dominates.
single=$(awk -F'\t' 'NR > 1 && $1 == "bc1999-13x9" { print $2; exit }' "$manifest")
t_o=$(best_of "$orbat" validate -q "$tmp/$single")
t_x=$(best_of xmllint --noout --relaxng "$schema" "$tmp/$single")
printf 'start-up (1 file)\t1\t113\t40\t%s\t%s\n' "$t_o" "$t_x" >>"$results"
for g in $groups; do
	files=("$tmp/$g"/*.xml)
	t_o=$(best_of "$orbat" validate -q "${files[@]}")
	t_x=$(best_of xmllint --noout --relaxng "$schema" "${files[@]}")
	read -r n hexes units bytes < <(awk -F'\t' -v g="$g" \
		'$1 == g { n++; h += $5; u += $6; b += $9 } END { print n, h, u, b }' "$manifest")
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$g" "$n" "$hexes" "$units" "$t_o" "$t_x" "$bytes" >>"$results"
done

# 4. tables
# "net ratio": both times less their start-up (the lone-file row), i.e. the
# cost per file once the process runs.
awk -F'\t' '
BEGIN {
	printf "%-20s %6s %7s %10s %11s %7s %10s %11s\n", "group", "files", "MB", "orbat ms", "xmllint ms", "ratio", "net ratio", "orbat MB/s"
	printf "%-20s %6s %7s %10s %11s %7s %10s %11s\n", "-----", "-----", "--", "--------", "----------", "-----", "---------", "----------"
}
NR == 1 { so = $5; sx = $6 }
{
	mb = $7 / 1e6
	net = (NR > 1 && $6 > sx) ? sprintf("%.2fx", ($5 - so) / ($6 - sx)) : "-"
	printf "%-20s %6d %7s %10.1f %11.1f %6.2fx %10s %11s\n", $1, $2, (mb ? sprintf("%.2f", mb) : "-"),
		$5 * 1000, $6 * 1000, $5 / $6, net, (mb ? sprintf("%.1f", mb / $5) : "-")
}' "$results"

echo
echo "size series (noord-zuid, one density: 1 unit per 8 hexes, 85 % terrain; per file = group time / files)"
awk -F'\t' '
BEGIN {
	printf "%-12s %6s %7s %7s %10s %9s %10s %12s %9s %7s\n", "size", "files", "hexes", "units",
		"orbat ms", "us/hex", "us/unit", "xmllint ms", "us/hex", "ratio"
	printf "%-12s %6s %7s %7s %10s %9s %10s %12s %9s %7s\n", "----", "-----", "/file", "/file",
		"/file", "orbat", "orbat", "/file", "xmllint", "-----"
}
$1 ~ /^size-/ {
	n = $2
	printf "%-12s %6d %7d %7d %10.3f %9.3f %10.3f %12.3f %9.3f %6.2fx\n", substr($1, 6), n, $3 / n, $4 / n,
		$5 * 1000 / n, $5 * 1e6 / $3, $5 * 1e6 / $4, $6 * 1000 / n, $6 * 1e6 / $3, $5 / $6
}' "$results"
echo
echo "target: orbat at most 0.8x xmllint for the whole corpus (ratio <= 0.80)"
