#!/bin/bash
# A game log cut short, as a full disk or a crash of the system leaves it,
# and a saved game named again by --log.
#
#   run-game-log-cuts.sh ORBAT_BINARY SOURCE_ROOT
#
# A log is cut at every line's end and around it and in the middle of
# every line.  A cut at a line's end is an earlier moment of the same game:
# --resume goes on from it, and the log it goes on in is that cut byte for
# byte (in the head, the seed deals the hands again: the whole head).  Any other cut leaves a last line without its end: --resume refuses
# it (exit 1), names that line, and leaves the file as it was; it never
# reads it as a shorter action (an order cut to fewer units), which would
# be another game.  `play --log` with a file that exists refuses (exit 2),
# says how to go on with the game, and leaves the file as it was.
#
# Prints `game-log-cuts: N passed, M failed` last.
set -u
here=$(cd "$(dirname -- "$0")" && pwd)
. "$here/errors-lib.sh"

[ $# -eq 2 ] || { echo "usage: $0 ORBAT_BINARY SOURCE_ROOT" >&2; exit 2; }
orbat=$(absolute_orbat "$1") || { echo "run-game-log-cuts: cannot find $1" >&2; exit 2; }
root=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-log-cuts.XXXXXX")
trap 'rm -rf "$work"' EXIT
scenario=$root/scenarios/shiloh.xml

"$orbat" play --auto --seed 7 -q --log "$work/game.log" "$scenario" >/dev/null || bad "the full game failed"
size=$(stat -c %s "$work/game.log")
[ "$size" -gt 1000 ] && ok || bad "the full game's log is only $size bytes"

# ---- --log names a saved game
mkdir "$work/saved"
cp "$work/game.log" "$work/saved/game.log"
before=$(tree_state "$work/saved")
"$orbat" play --auto --seed 8 -q --log "$work/saved/game.log" "$scenario" >/dev/null 2>"$work/stderr"
rc=$?
[ "$rc" -eq 2 ] && ok || bad "play --log EXISTING: exit $rc, expected 2"
grep -q "^orbat play: $work/saved/game.log already exists; .*--resume $work/saved/game.log" "$work/stderr" && ok ||
	bad "play --log EXISTING: no message naming the file and --resume: $(head -3 "$work/stderr")"
[ "$(tree_state "$work/saved")" = "$before" ] && ok || bad "play --log EXISTING: the folder changed"
cmp -s "$work/game.log" "$work/saved/game.log" && ok || bad "play --log EXISTING: the saved game changed"
# --resume with --log naming the same file goes on in it.
"$orbat" play -q --resume "$work/saved/game.log" --log "$work/saved/game.log" "$scenario" </dev/null >/dev/null \
	2>"$work/stderr" && ok ||
	bad "play --resume LOG --log LOG: refused: $(head -3 "$work/stderr")"

# ---- the cuts: every line's end, one byte either side, and mid-line
cuts=$(awk '{ end += length($0) + 1; mid = end - int((length($0) + 1) / 2);
	print end - 1; print end; print end + 1; print mid }' "$work/game.log" | sort -n -u |
	awk -v size="$size" '$1 > 0 && $1 < size')
ends=" $(awk '{ end += length($0) + 1; print end }' "$work/game.log" | tr '\n' ' ') "
seed_end=$(grep -b -m1 '^seed ' "$work/game.log" | cut -d: -f1)
# The head: up to the last hand dealt, which the seed deals again.
head_end=$(awk '!/^(#|orbat-game-log|scenario|seed|first|hand)/ { exit } { end += length($0) + 1 } END { print end }' \
	"$work/game.log")
head -c "$head_end" "$work/game.log" >"$work/head.log"
tried=0
for cut in $cuts; do
	tried=$((tried + 1))
	log=$work/cut.log
	head -c "$cut" "$work/game.log" >"$log"
	cp "$log" "$work/cut.copy"
	"$orbat" play -q --resume "$log" "$scenario" </dev/null >/dev/null 2>"$work/stderr"
	rc=$?
	case $ends in
	*" $cut "*)
		if [ "$cut" -le "$seed_end" ]; then
			# Before the seed line: nothing to go on with.
			[ "$rc" -eq 1 ] && grep -q "has no 'seed' line" "$work/stderr" && ok ||
				bad "cut at $cut (before the seed): exit $rc: $(head -2 "$work/stderr")"
		else
			[ "$rc" -eq 0 ] && ok || bad "cut at $cut (a line's end): --resume refused it: $(head -2 "$work/stderr")"
			# In the head the seed deals the rest of it again.
			[ "$cut" -lt "$head_end" ] && expected=$work/head.log || expected=$work/cut.copy
			cmp -s "$log" "$expected" && ok ||
				bad "cut at $cut (a line's end): the resumed log is not the same game's"
		fi
		;;
	*)
		lines=$(grep -c '' "$work/cut.copy")
		[ "$rc" -eq 1 ] && ok || bad "cut at $cut (mid-line): exit $rc, expected 1"
		grep -q "^orbat play: $log:$lines: error: the last line is cut short .* \[log\]\$" "$work/stderr" && ok ||
			bad "cut at $cut (mid-line): no message naming line $lines as cut: $(head -2 "$work/stderr")"
		cmp -s "$log" "$work/cut.copy" && ok || bad "cut at $cut (mid-line): the log changed"
		;;
	esac
done
[ "$tried" -gt 300 ] && ok || bad "only $tried cuts tried"

finish game-log-cuts
