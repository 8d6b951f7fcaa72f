#!/bin/bash
# Fuzz orbat with libFuzzer for a bounded time: the scenario compiler, the
# game-log parser and the whole referee.
#
#   tests/fuzz/run-fuzz.sh [SECONDS] [LIBFUZZER-OPTION...]
#
# Configures (once) a separate build directory with clang, coverage
# instrumentation and the address and undefined-behaviour sanitizers,
# builds the harnesses, replays the saved reproducers of
# tests/fuzz/regressions (scenarios) and tests/fuzz/referee-regressions
# (game logs for the referee), then fuzzes from the seed corpora.  SECONDS
# (default 60) sets the budget: the scenario compiler gets 5/6 of it, the
# game-log parser 1/4, the referee 7/12 and the square game's referee 1/4
# (50 + 15 + 35 + 15 s for 60, about 115 s in all).  Nothing is written into the source tree: the working
# corpora and any crash, leak or timeout reproducer go under the build
# directory.
#
# Environment: ORBAT_FUZZ_BUILDDIR (default <repo>/build-fuzz), CC (default
# clang).  Extra arguments are passed to every fuzzer, e.g. -jobs=2 -workers=2.
#
# Exit status 0 when no crash, leak or timeout was found; the last line is
# "fuzz: 1 passed, 0 failed" or "fuzz: 0 passed, 1 failed".
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
seconds=${1:-60}
[ $# -gt 0 ] && shift
build=${ORBAT_FUZZ_BUILDDIR:-$root/build-fuzz}

result() {
	if [ "$1" -eq 0 ]; then
		echo "fuzz: 1 passed, 0 failed"
	else
		echo "fuzz: 0 passed, 1 failed"
	fi
	exit "$1"
}

case $seconds in
'' | *[!0-9]*)
	echo "run-fuzz.sh: SECONDS must be a whole number, not '$seconds'" >&2
	result 1 ;;
esac

# 1. configure and build
if [ ! -f "$build/build.ninja" ]; then
	echo "== configuring $build (clang, libFuzzer, address+undefined sanitizers)"
	CC=${CC:-clang} meson setup "$build" "$root" \
		--buildtype=debugoptimized \
		-Dfuzz=true \
		-Db_lundef=false \
		-Dc_args=-fsanitize=fuzzer-no-link,address,undefined \
		-Dc_link_args=-fsanitize=address,undefined || {
		echo "run-fuzz.sh: meson setup failed" >&2
		result 1
	}
fi
echo "== building the harness"
ninja -C "$build" tests/fuzz/fuzz_scenario tests/fuzz/fuzz_gamelog tests/fuzz/fuzz_referee tests/fuzz/fuzz_sqref \
	tests/fuzz/fuzz_pdfboxes || {
	echo "run-fuzz.sh: the build failed (is $build configured with -Dfuzz=true and CC=clang?)" >&2
	result 1
}
fuzzer=$build/tests/fuzz/fuzz_scenario

# 2. scratch directories under the build directory
corpus=$build/fuzz-corpus          # kept between runs: it grows with coverage
artifacts=$build/fuzz-artifacts
mkdir -p "$corpus" "$artifacts"
cp "$here"/seeds/* "$corpus"/
shopt -s nullglob
regressions=("$here"/regressions/*)
shopt -u nullglob

export ORBAT_DATADIR=$root/data
# UBSan reports become failures; ASan's leak checker stays on.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}

status=0

# Every saved reproducer of one harness must now pass: a fixed one joins
# the corpus as a seed like any other.
replay() {   # FUZZER CORPUS FILE...
	local fuzzer=$1 corpus=$2 r
	shift 2
	for r in "$@"; do
		if "$fuzzer" -timeout=10 -rss_limit_mb=2048 "$r" >"$build/fuzz-regression-${r##*/}.log" 2>&1; then
			echo "ok:     ${r#"$root"/}"
			cp "$r" "$corpus"/
		else
			rm -f "$corpus/$(basename "$r")"
			grep -E 'ERROR|SUMMARY|fuzz_[a-z]+:|^    #[0-9]+ .* in [a-z_]+ .*/(src|tests)/' \
				"$build/fuzz-regression-${r##*/}.log" | head -20
			echo "FAILED: ${r#"$root"/} (full log: $build/fuzz-regression-${r##*/}.log)"
			status=1
		fi
	done
}

# One harness for a bounded time; a crash, leak or timeout fails the run.
fuzz() {   # WHAT FUZZER SECONDS MAX-LEN ARTIFACT-PREFIX CORPUS [LIBFUZZER-OPTION...]
	local what=$1 fuzzer=$2 secs=$3 max_len=$4 prefix=$5 corpus=$6
	shift 6
	echo "== fuzzing $what for $secs s (corpus $corpus, $(find "$corpus" -type f | wc -l) files)"
	"$fuzzer" \
		-max_total_time="$secs" \
		-max_len="$max_len" \
		-timeout=10 \
		-rss_limit_mb=2048 \
		-artifact_prefix="$prefix" \
		-print_final_stats=1 \
		"$@" \
		"$corpus"
	local rc=$?
	if [ $rc -ne 0 ]; then
		echo "run-fuzz.sh: the fuzzer of $what stopped with status $rc; reproducers:" >&2
		ls -l "$artifacts" >&2
		status=1
	fi
}

# 3. every saved reproducer must now pass
if [ ${#regressions[@]} -gt 0 ]; then
	echo "== replaying ${#regressions[@]} regression input(s)"
	replay "$fuzzer" "$corpus" "${regressions[@]}"
fi

# 4. fuzz
scenario_seconds=$(( seconds * 5 / 6 > 5 ? seconds * 5 / 6 : 5 ))
fuzz "the scenario compiler" "$fuzzer" "$scenario_seconds" 65536 "$artifacts/" "$corpus" \
	-dict="$here/scenario.dict" "$@"

# 5. the game-log parser
log_corpus=$build/fuzz-gamelog-corpus
mkdir -p "$log_corpus"
cp "$root"/tests/rules/fuzz-seeds/* "$log_corpus"/
log_seconds=$(( seconds / 4 > 5 ? seconds / 4 : 5 ))
fuzz "the game-log parser" "$build/tests/fuzz/fuzz_gamelog" "$log_seconds" 16384 "$artifacts/" "$log_corpus" "$@"

# 6. the whole referee: game logs replayed on the bundled hex scenarios.
# An input's first byte chooses the scenario (referee-scenarios.txt): the
# golden logs join the corpus behind the letter of the scenario their
# cases line names; the auto-game seeds carry theirs already.
referee=$build/tests/fuzz/fuzz_referee
ref_corpus=$build/fuzz-referee-corpus
mkdir -p "$ref_corpus"
cp "$here"/referee-seeds/* "$ref_corpus"/
mapfile -t ref_list < <(sed 's/#.*//; s/[[:space:]]*$//' "$here/referee-scenarios.txt" | grep -v '^$')
ref_letter() {   # scenario basename -> the letter that chooses it, or nothing
	local i code
	for i in "${!ref_list[@]}"; do
		if [ "$(basename "${ref_list[$i]}")" = "$1" ]; then
			code=65
			while [ $((code % ${#ref_list[@]})) -ne "$i" ]; do code=$((code + 1)); done
			printf "\\$(printf '%03o' "$code")"
			return
		fi
	done
}
golden=$root/tests/rules/golden
while read -r log scenario _; do
	case $log in '' | '#'*) continue ;; esac
	letter=$(ref_letter "$(basename "$scenario")")
	[ -n "$letter" ] && [ -f "$golden/$log" ] && { printf '%s' "$letter"; cat "$golden/$log"; } >"$ref_corpus/golden-$log"
done <"$golden/cases"
export ORBAT_FUZZ_SOURCEDIR=$root
shopt -s nullglob
ref_regressions=()
for r in "$here"/referee-regressions/*; do
	[ "${r##*/}" = README.md ] || ref_regressions+=("$r")
done
shopt -u nullglob
if [ ${#ref_regressions[@]} -gt 0 ]; then
	echo "== replaying ${#ref_regressions[@]} referee regression input(s)"
	replay "$referee" "$ref_corpus" "${ref_regressions[@]}"
fi
ref_seconds=$(( seconds * 7 / 12 > 5 ? seconds * 7 / 12 : 5 ))
fuzz "the referee" "$referee" "$ref_seconds" 16384 "$artifacts/referee-" "$ref_corpus" \
	-dict="$here/referee.dict" "$@"

# 7. the square game's referee: the logs of tests/rules/square, each behind
# the byte choosing its scenario ('@' mb-1861, 'A' the four-player one).
sq_corpus=$build/fuzz-sqref-corpus
mkdir -p "$sq_corpus"
{ printf '@'; cat "$root/tests/rules/square/mb-1861.log"; } >"$sq_corpus/mb-1861"
{ printf 'A'; cat "$root/tests/rules/square/mb-1861-four-players.log"; } >"$sq_corpus/mb-1861-four-players"
# and the golden logs of the bundled square scenarios, one rule each
while read -r log scenario _; do
	case $scenario in
	*/mb-1861.xml) letter='@' ;;
	*/mb-1861-four-players.xml) letter='A' ;;
	*) continue ;;
	esac
	{ printf '%s' "$letter"; cat "$root/tests/rules/square/golden/$log"; } >"$sq_corpus/golden-$log"
done < <(grep -v '^#' "$root/tests/rules/square/golden/cases")
sq_seconds=$(( seconds / 4 > 5 ? seconds / 4 : 5 ))
fuzz "the square referee" "$build/tests/fuzz/fuzz_sqref" "$sq_seconds" 16384 "$artifacts/sqref-" "$sq_corpus" "$@"

# 8. the last pass over every PDF: damaged copies of a PDF cairo draws (the
# harness draws it; an input says where to damage it and with what).
pdf_corpus=$build/fuzz-pdfboxes-corpus
mkdir -p "$pdf_corpus"
printf '\000\000%%PDF-1.5' >"$pdf_corpus/header"
printf '\377\360startxref 0' >"$pdf_corpus/tail"
pdf_seconds=$(( seconds / 6 > 5 ? seconds / 6 : 5 ))
fuzz "the PDF finishing pass" "$build/tests/fuzz/fuzz_pdfboxes" "$pdf_seconds" 4096 "$artifacts/pdfboxes-" "$pdf_corpus" "$@"
result $status
