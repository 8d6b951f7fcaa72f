# What the smoke tests of the benchmarks share (sourced): run one bench in
# its quick mode with the program just built, show what it printed, skip
# (77) when it says it needs a browser this machine lacks, and count its
# exit status or a Python crash as failures.
#
#   . bench-smoke-lib.sh; bench_quick NAME ORBAT SOURCE_ROOT
# leaves $out (its standard output, a file) and $fail (0 or 1).

bench_quick() {
	local name=$1 orbat=$2 root=$3
	bench_tmp=$(mktemp -d "${TMPDIR:-/tmp}/orbat-$name-bench.XXXXXX")
	trap 'rm -rf "$bench_tmp"' EXIT
	out=$bench_tmp/out
	local err=$bench_tmp/err rc
	"$root/bench/$name.sh" --quick --orbat "$orbat" >"$out" 2>"$err"
	rc=$?
	cat "$out"
	if [ "$rc" -eq 2 ] && grep -q "needs chromium" "$err"; then
		echo "SKIP: $(cat "$err")"
		exit 77
	fi
	fail=0
	[ "$rc" -eq 0 ] || { echo "FAIL: bench/$name.sh --quick exited $rc"; cat "$err"; fail=1; }
	grep -q Traceback "$err" && { echo "FAIL: bench/$name.sh crashed"; cat "$err"; fail=1; }
}
