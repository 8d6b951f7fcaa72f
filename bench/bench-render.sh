#!/bin/bash
# Benchmark `orbat render`: the full print set (map tiles, overview, poster,
# scenario sheet, rosters) of a standard scenario in three languages, and a
# size series of noord-zuid tables up to 60 x 40 in one language, with time
# per hex and PDF sizes to show that both grow linearly with the map.
#
#   bench/bench-render.sh [RUNS]     (default 3)
#
# Prints figures only; no pass or fail.  Target: a standard scenario's set
# in three languages in 0.30 s on a 2-core machine.  bench/run.sh prints
# that job as medians beside an older build (--base REF).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
runs=${1:-3}
build=$root/build-release
if [ ! -f "$build/build.ninja" ]; then
	(cd "$root" && meson setup build-release --buildtype=release) >/dev/null
fi
ninja -C "$build" src/orbat src/orbat-full >/dev/null
orbat=$build/src/orbat
export ORBAT_DATADIR=$root/data

tmp=$(mktemp -d "${TMPDIR:-/tmp}/orbat-bench-render.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
python3 "$here/gen-scenarios.py" "$tmp/corpus" >/dev/null

now() { date +%s.%N; }
# best wall-clock seconds of RUNS renders into a fresh folder each time
best_render() {
	local best="" t0 t1
	for ((i = 0; i < runs; i++)); do
		rm -rf "$tmp/out"
		t0=$(now)
		"$orbat" render -q -o "$tmp/out" "$@" >/dev/null
		t1=$(now)
		best=$(awk -v a="$t0" -v b="$t1" -v best="$best" \
			'BEGIN { d = b - a; if (best == "" || d < best) best = d; printf "%.4f", best }')
	done
	echo "$best"
}
size_kb() { du -sk "$tmp/out" | cut -f1; }
pages() {
	local n=0 p
	for f in "$tmp"/out/*/*/*.pdf; do
		p=$(pdfinfo "$f" 2>/dev/null | awk '/^Pages:/ { print $2 }')
		n=$((n + ${p:-0}))
	done
	echo "$n"
}

echo "orbat render: best of $runs runs, wall clock; $(nproc) cores"
printf '%-34s %6s %9s %7s %9s %10s\n' "scenario" "langs" "seconds" "pages" "PDF KB" "ms/lang"
printf '%-34s %6s %9s %7s %9s %10s\n' "--------" "-----" "-------" "-----" "------" "-------"
for s in "$root"/scenarios/first-bull-run.xml "$root"/scenarios/gettysburg-first-day.xml "$root"/scenarios/mb-1861.xml; do
	t=$(best_render "$s")
	printf '%-34s %6s %9.3f %7d %9d %10.1f\n' "$(basename "$s" .xml)" "3" "$t" "$(pages)" "$(size_kb)" \
		"$(awk -v t="$t" 'BEGIN { print t * 1000 / 3 }')"
done

echo
echo "size series (noord-zuid tables, 120 mm hexes, English only)"
printf '%-10s %7s %9s %7s %9s %10s %10s\n' "size" "hexes" "seconds" "pages" "PDF KB" "us/hex" "bytes/hex"
printf '%-10s %7s %9s %7s %9s %10s %10s\n' "----" "-----" "-------" "-----" "------" "------" "---------"
for g in size-10x8 size-20x15 size-40x30 size-60x40; do
	files=("$tmp/corpus/$g"/*.xml)
	f=${files[0]}
	[ -f "$f" ] || continue
	dims=${g#size-}
	hexes=$(( ${dims%x*} * ${dims#*x} ))
	t=$(best_render --lang en "$f")
	kb=$(size_kb)
	printf '%-10s %7d %9.3f %7d %9d %10.1f %10.0f\n' "$dims" "$hexes" "$t" "$(pages)" "$kb" \
		"$(awk -v t="$t" -v h="$hexes" 'BEGIN { print t * 1e6 / h }')" \
		"$(awk -v k="$kb" -v h="$hexes" 'BEGIN { print k * 1024 / h }')"
done
echo
echo "target: a standard scenario's full set in three languages in 0.30 s or less"
