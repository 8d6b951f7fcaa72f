# What the end-to-end scripts of orbat play share (sourced, not run):
#   . "$(dirname -- "$0")/play-test-lib.sh"
#   play_test_setup NAME "$@"
# reads ORBAT_BINARY RULES_TEST_DIR from the arguments into $orbat (an
# absolute path) and $dir, makes a scratch folder $work removed at exit,
# and counts results with ok / bad "WHY" into $pass and $fail.  A script
# that reads its own arguments calls play_test_work NAME for the folder
# and the counts alone.  A script of seeded games caps its count with
# play_test_cap_seeds.
play_test_work() {
	work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-$1.XXXXXX") || exit 2
	trap 'rm -rf -- "$work"' EXIT
	pass=0
	fail=0
}
play_test_setup() {
	local name=$1
	shift
	[ $# -eq 2 ] || { echo "usage: run-$name.sh ORBAT_BINARY RULES_TEST_DIR" >&2; exit 2; }
	orbat=$1
	dir=$(cd "$2" && pwd)
	case $orbat in
	*/*) orbat="$(cd "$(dirname -- "$orbat")" && pwd)/$(basename -- "$orbat")" ;;
	*) orbat=$(command -v -- "$orbat") || { echo "run-$name: cannot find $1" >&2; exit 2; } ;;
	esac
	play_test_work "$name"
}
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# $seeds, capped by ORBAT_TEST_MAX_SEEDS when that is set (the sanitizer
# build plays fewer: see scripts/run-tests.sh).
play_test_cap_seeds() {
	[ -z "${ORBAT_TEST_MAX_SEEDS:-}" ] || [ "$seeds" -le "$ORBAT_TEST_MAX_SEEDS" ] || seeds=$ORBAT_TEST_MAX_SEEDS
}
