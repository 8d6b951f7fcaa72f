#!/bin/bash
# Write failures: the message names the cause in the system's words, the
# exit status is 2, and the output tree is left exactly as it was (files
# of an earlier run untouched, no partial or temporary file, no new folder).
#
#   run-write-failures.sh ORBAT_BINARY SOURCE_ROOT
#
# Tests run as root in CI, where permissions stop nothing, so the failures
# come from what stops root too:
#   - a path through a regular file (Not a directory; File exists);
#   - a file size limit (ulimit -f; orbat ignores SIGXFSZ, so the write
#     fails with File too large instead of the process being killed);
#   - a full device (/dev/full, or a node with its numbers), for what is
#     written directly: the game log of orbat play and standard output (No
#     space left on device);
#   - a small tmpfs, full before the run ends (No space left on device),
#     in a private mount namespace; skipped when mounting is not allowed.
# Covers render (PDF and PNG), cards (PDF and PNG), refcard, play --log and
# standard output.
#
# Prints `write-failures: N passed, M failed` last.
set -u
here=$(cd "$(dirname -- "$0")" && pwd)
. "$here/errors-lib.sh"

# expect_failure NAME CAUSE TREE COMMAND...: COMMAND must fail with exit 2
# and messages "orbat CMD: ..." naming CAUSE, and leave TREE as it was.
expect_failure() {
	local name=$1 cause=$2 tree=$3
	shift 3
	# The subcommand: the word after the program.
	local cmd="" prev="" word
	for word in "$@"; do
		[ "$prev" = "$orbat" ] && [ -z "$cmd" ] && cmd=$word
		prev=$word
	done
	local before after
	before=$(tree_state "$tree")
	"$@" >/dev/null 2>"$work/stderr"
	local rc=$?
	[ "$rc" -eq 2 ] && ok || bad "$name: exit $rc, expected 2: $(head -3 "$work/stderr")"
	grep -q "^orbat $cmd: .*: $cause\$" "$work/stderr" && ok ||
		bad "$name: no 'orbat $cmd: ...: $cause' message: $(head -3 "$work/stderr")"
	local strange
	strange=$(grep -v "^orbat $cmd: " "$work/stderr" | head -3)
	[ -z "$strange" ] && ok || bad "$name: other lines on stderr: $strange"
	after=$(tree_state "$tree")
	if [ "$before" = "$after" ]; then
		ok
	else
		bad "$name: the output tree changed:"
		diff <(echo "$before") <(echo "$after") | head -8 | sed 's/^/    /'
	fi
}

# ---- the part that runs inside a private mount namespace on a tmpfs
if [ "${1:-}" = --tmpfs-case ]; then
	orbat=$2
	root=$3
	dir=$4
	work=$dir.work
	mkdir -p "$work"
	mount -t tmpfs -o size=320k orbat-test "$dir" 2>/dev/null || exit 77
	scenario=$root/scenarios/first-bull-run.xml
	# An earlier run that fits, then a print set that does not: the
	# disk fills while its first language is being written.
	"$orbat" refcard -q --ruleset battlecry-1999 --lang en -o "$dir/out" || bad "tmpfs: the earlier run failed"
	expect_failure "render on a full disk" "No space left on device" "$dir" \
		"$orbat" render -o "$dir/out" "$scenario"
	expect_failure "cards (png) on a full disk" "No space left on device" "$dir" \
		"$orbat" cards --ruleset noord-zuid --format png -o "$dir/out"
	umount "$dir"
	echo "tmpfs: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
fi

[ $# -eq 2 ] || { echo "usage: $0 ORBAT_BINARY SOURCE_ROOT" >&2; exit 2; }
orbat=$(absolute_orbat "$1") || { echo "run-write-failures: cannot find $1" >&2; exit 2; }
root=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-write-failures.XXXXXX") || exit 2
trap 'rm -rf -- "$work"' EXIT
export ORBAT_DATADIR=$root/data
scenario=$root/scenarios/first-bull-run.xml

# ---- a path through a regular file
t=$work/through-file
mkdir -p "$t"
"$orbat" render -q --lang en -o "$t/out" "$root/scenarios/shiloh.xml" || bad "the earlier render failed"
: >"$t/blocker"
expect_failure "render -o through a file" "Not a directory" "$t" \
	"$orbat" render -o "$t/blocker" "$scenario"
expect_failure "cards -o through a file" "Not a directory" "$t" \
	"$orbat" cards --ruleset battlecry-1999 -o "$t/blocker/deeper"
expect_failure "refcard -o through a file" "Not a directory" "$t" \
	"$orbat" refcard --ruleset noord-zuid -o "$t/blocker"
expect_failure "play --log through a file" "Not a directory" "$t" \
	"$orbat" play --auto --seed 3 -q --log "$t/blocker/game.log" "$scenario"
# The run gets as far as writing two languages in folders it created,
# then meets a file where the third folder must be: those folders go.
mkdir "$t/out/first-bull-run"
: >"$t/out/first-bull-run/fr"
expect_failure "render meeting a file where a folder goes" "File exists" "$t" \
	"$orbat" render -o "$t/out" "$scenario"
mkdir -p "$t/out/cards/battlecry-1999"
: >"$t/out/cards/battlecry-1999/nl"
expect_failure "cards meeting a file where a folder goes" "File exists" "$t" \
	"$orbat" cards --ruleset battlecry-1999 --format pdf,png -o "$t/out"

# ---- a file size limit
t=$work/size-limit
mkdir -p "$t"
"$orbat" render -q --lang en -o "$t/out" "$scenario" || bad "the earlier render failed"
"$orbat" play --auto --seed 3 -q --log "$t/game.log" "$scenario" >/dev/null || bad "the earlier game failed"
limited() { (ulimit -f "$1" && shift && exec "$@"); }
# 60 KiB: smaller products of the set fit, the order cards (about 95 KiB) do not.
expect_failure "render over the size limit" "File too large" "$t" \
	limited 60 "$orbat" render -o "$t/out" "$scenario"
expect_failure "render (png) over the size limit" "File too large" "$t" \
	limited 100 "$orbat" render --format png -o "$t/out" "$scenario"
expect_failure "render into a new folder over the size limit" "File too large" "$t" \
	limited 60 "$orbat" render -o "$t/new/out" "$scenario"
expect_failure "cards over the size limit" "File too large" "$t" \
	limited 60 "$orbat" cards --ruleset battlecry-1999 -o "$t/out"
expect_failure "cards (png) over the size limit" "File too large" "$t" \
	limited 100 "$orbat" cards --ruleset noord-zuid --format png -o "$t/out"
expect_failure "refcard over the size limit" "File too large" "$t" \
	limited 20 "$orbat" refcard --ruleset battlecry-150 -o "$t/out"
# play writes its log as the game goes: at the failure the log keeps the
# lines written before it, each whole (a game that cannot be logged stops
# with exit 2), and --resume goes on from there.  The limits (KiB) fall in
# the middle of a line of the same game played in full (game.log).
for kib in 1 2; do
	log=$t/limited-$kib.log
	limited "$kib" "$orbat" play --auto --seed 3 -q --log "$log" "$scenario" >/dev/null 2>"$work/stderr"
	rc=$?
	[ "$rc" -eq 2 ] && ok || bad "play --log over the size limit ($kib KiB): exit $rc, expected 2"
	grep -q "^orbat play: .*: File too large\$" "$work/stderr" && ok ||
		bad "play --log over the size limit ($kib KiB): no message: $(head -3 "$work/stderr")"
	[ "$(grep -v -c '^orbat play: ' "$work/stderr")" -eq 0 ] && ok ||
		bad "play --log over the size limit ($kib KiB): other lines on stderr"
	size=$(stat -c %s "$log")
	[ "$(head -c $((kib * 1024)) "$t/game.log" | tail -c 1)" != "" ] &&
		[ "$(head -c $((kib * 1024)) "$t/game.log" | tail -c 1 | od -An -c | tr -d ' ')" != '\n' ] && ok ||
		bad "play --log over the size limit ($kib KiB): the limit falls on a line's end; choose another"
	[ "$(tail -c 1 "$log" | od -An -c | tr -d ' ')" = '\n' ] && ok ||
		bad "play --log over the size limit ($kib KiB): the log ends in half a line: $(tail -c 40 "$log")"
	cmp -s "$log" <(head -c "$size" "$t/game.log") && ok ||
		bad "play --log over the size limit ($kib KiB): the log is not the start of the game's log"
	"$orbat" play -q --resume "$log" "$scenario" </dev/null >/dev/null 2>"$work/stderr" && ok ||
		bad "play --log over the size limit ($kib KiB): --resume refused it: $(head -3 "$work/stderr")"
done

# ---- /dev/full, written directly
# The log goes to a full device of our own (the same device numbers): a
# program that wrongly renamed a file over its target would replace that
# node, not the system's /dev/full.  Without the right to make one, only a
# user who cannot replace /dev/full uses it.
full=""
if mknod "$work/full" c 1 7 2>/dev/null; then
	full=$work/full
elif [ "$(id -u)" -ne 0 ] && [ -c /dev/full ]; then
	full=/dev/full
fi
if [ -n "$full" ]; then
	expect_failure "play --log to a full device" "No space left on device" "$work/size-limit" \
		"$orbat" play --auto --seed 3 -q --log "$full" "$scenario"
	[ -c "$full" ] && ok || bad "play --log replaced the device $full by a regular file"
else
	echo "SKIP: play --log to a full device: cannot make one here"
fi
if [ -c /dev/full ]; then
	"$orbat" validate --format json "$scenario" >/dev/full 2>"$work/stderr"
	rc=$?
	[ "$rc" -eq 2 ] && ok || bad "validate > /dev/full: exit $rc, expected 2"
	grep -qx "orbat validate: cannot write to standard output: No space left on device" "$work/stderr" && ok ||
		bad "validate > /dev/full: $(head -2 "$work/stderr")"
	"$orbat" render -o "$work/stdout-full" --lang en "$scenario" >/dev/full 2>"$work/stderr"
	rc=$?
	[ "$rc" -eq 2 ] && ok || bad "render > /dev/full: exit $rc, expected 2"
	grep -qx "orbat render: cannot write to standard output: No space left on device" "$work/stderr" && ok ||
		bad "render > /dev/full: $(head -2 "$work/stderr")"
	# Help and version too; one message each, even where the command
	# checks standard output itself.
	for args in "--help" "--version" "help render" "explain --all" "new --ruleset battlecry-1999 -"; do
		"$orbat" $args >/dev/full 2>"$work/stderr"
		rc=$?
		[ "$rc" -eq 2 ] && ok || bad "orbat $args > /dev/full: exit $rc, expected 2"
		[ "$(wc -l <"$work/stderr")" -eq 1 ] &&
			grep -q "^orbat[a-z ]*: cannot write to standard output: No space left on device\$" "$work/stderr" && ok ||
			bad "orbat $args > /dev/full: $(head -3 "$work/stderr")"
	done
else
	echo "SKIP: /dev/full: not on this system"
fi

# ---- a full disk: a small tmpfs in a private mount namespace
t=$work/tmpfs
mkdir -p "$t"
tmpfs_result=77
for unshare in "unshare -m" "unshare -r -m"; do
	$unshare true 2>/dev/null || continue
	$unshare -- bash "$0" --tmpfs-case "$orbat" "$root" "$t" >"$work/tmpfs.out" 2>&1
	tmpfs_result=$?
	[ "$tmpfs_result" -ne 77 ] && break
done
if [ "$tmpfs_result" -eq 77 ]; then
	echo "SKIP: full disk: a tmpfs cannot be mounted here"
else
	grep "^FAIL" "$work/tmpfs.out"
	counts=$(sed -n 's/^tmpfs: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$work/tmpfs.out")
	if [ -n "$counts" ]; then
		set -- $counts
		pass=$((pass + $1))
		fail=$((fail + $2))
	else
		bad "the full-disk case did not finish: $(tail -3 "$work/tmpfs.out")"
	fi
fi

finish write-failures
