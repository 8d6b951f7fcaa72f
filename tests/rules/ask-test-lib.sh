# What the scripts testing orbat ask share (sourced, not run):
#   . "$(dirname -- "$0")/ask-test-lib.sh"
#   ask_test_setup NAME "USAGE" DIRS "$@"
# reads ORBAT_BINARY and DIRS folders (1 or 2) from the arguments, then an
# optional --update: $orbat (an absolute path), $dir (the first folder),
# $scenarios (the second, when there are two) and $update.  The scratch
# folder $work and the counts (ok, bad, $pass, $fail) are those of the
# play tests (play-test-lib.sh).  Then
#   ask_text IN GOT WORDS...   orbat ask WORDS run in IN: its output and exit
#                              status appended to GOT under "== WORDS (exit N)"
#   ask_compare WANT GOT       GOT must equal WANT byte for byte (the diff is
#                              shown); with --update, GOT becomes WANT
#   ask_report NAME            "rules-NAME: N passed, M failed", and the
#                              status: 0 when nothing failed
. "$(dirname -- "${BASH_SOURCE[0]}")/play-test-lib.sh"

ask_test_setup() {
	local name=$1 usage=$2 dirs=$3
	shift 3
	if [ $# -lt $((dirs + 1)) ] || [ $# -gt $((dirs + 2)) ] ||
		{ [ $# -eq $((dirs + 2)) ] && [ "${!#}" != --update ]; }; then
		echo "usage: run-$name.sh $usage" >&2
		exit 2
	fi
	update=
	[ $# -eq $((dirs + 2)) ] && update=--update
	scenarios=
	if [ "$dirs" -eq 2 ]; then
		scenarios=$(cd "$3" && pwd) || exit 2
	fi
	play_test_setup "$name" "$1" "$2"
}

ask_text() {
	local in=$1 got=$2
	shift 2
	(cd "$in" && "$orbat" ask "$@") >"$work/out" 2>&1
	echo "== $* (exit $?)" >>"$got"
	cat "$work/out" >>"$got"
}

ask_compare() {
	local want=$1 got=$2
	if [ "$update" = --update ]; then
		cp "$got" "$want"
		echo "updated $want"
	elif cmp -s "$want" "$got"; then
		ok
	else
		bad "output differs from $(basename "$want")"
		diff -u --label "$(basename "$want")" --label "orbat ask" "$want" "$got"
	fi
}

ask_report() {
	echo "rules-$1: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
