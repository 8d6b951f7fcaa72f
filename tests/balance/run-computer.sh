#!/bin/bash
# orbat play --computer SIDE: the computer plays one side, the keyboard
# (here a pipe) the other.
#
#   run-computer.sh ORBAT_BINARY SOURCE_ROOT
#
# On a hex scenario (Shiloh: the Confederates, the computer, move first)
# and on the square board (1861): the computer's actions come with their
# dice before the player's first prompt, never on the player's side
# unasked; a line the player types is refereed (an illegal one refused);
# the log passes orbat check; a whole game where the player hands each of
# its turns to the computer ('auto') ends with the winner check finds.
# Usage errors exit 2.  Ends with "computer-checks: N passed, M failed".
set -u
if [ $# -ne 2 ]; then
	echo "usage: $0 ORBAT_BINARY SOURCE_ROOT" >&2
	exit 2
fi
ORBAT=$1
ROOT=$2
WORK=$(mktemp -d "${TMPDIR:-/tmp}/orbat-computer.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
. "$ROOT/tests/render/pdf-lib.sh"
[ -n "${ORBAT_DATADIR:-}" ] || export ORBAT_DATADIR=$ROOT/data
SHILOH=$ROOT/scenarios/shiloh.xml
MB=$ROOT/scenarios/mb-1861.xml

# ---- a few turns on the hex board ----
printf 'move u-inf-1 Z99\nauto\n' |
	"$ORBAT" play -q --seed 3 --computer confederate --log "$WORK/hex.log" "$SHILOH" >"$WORK/hex.out" 2>&1
checked "hex: play --computer confederate runs on piped input" $? "$(tail -n 5 "$WORK/hex.out")"
# Up to the first prompt: the computer's turn, battles with their faces.
before=$(sed -n '1,/^union> /p' "$WORK/hex.out")
grep -q '^auto: play confederate ' <<<"$before" && grep -q '^auto: battle c-[a-z0-9-]* [a-z0-9-]* : [a-z]' <<<"$before" &&
	grep -q 'dice: ' <<<"$before"
checked "hex: the computer's turn comes first, each battle with its dice" $? "$(head -n 12 <<<"$before")"
! grep -q '^auto: [a-z]* union' <<<"$before" && ! grep -q '^auto: .* u-' <<<"$(grep '^auto: \(order\|move\)' <<<"$before")"
verdict "hex: the computer does not play the player's side unasked" "" $?
grep -q '^refused: ' "$WORK/hex.out"
checked "hex: the player's illegal line is refused with the reason" $? "$(grep -m 3 'Z99' "$WORK/hex.out")"
"$ORBAT" check -q "$SHILOH" "$WORK/hex.log" >"$WORK/hex.check" 2>&1
checked "hex: orbat check accepts the log" $? "$(cat "$WORK/hex.check")"

# ---- a whole game on the square board ----
yes auto | head -n 400 |
	"$ORBAT" play -q --seed 5 --computer union --log "$WORK/sq.log" "$MB" >"$WORK/sq.out" 2>&1
checked "square: play --computer union runs on piped input" $? "$(tail -n 5 "$WORK/sq.out")"
grep -q '^The game is over\.' "$WORK/sq.out"
checked "square: the game is played to its end" $? "$(tail -n 5 "$WORK/sq.out")"
first_prompt=$(grep -m 1 -o '^[a-z]*> ' "$WORK/sq.out")
[ "$first_prompt" = "confederate> " ]
verdict "square: the player is asked only on its own side's turns" "first prompt: $first_prompt" $?
"$ORBAT" check "$MB" "$WORK/sq.log" >"$WORK/sq.check" 2>&1
st=$?
winner=$(sed -n 's/^Victory on turn [0-9]*: \([a-z-]*\) wins.*/\1/p' "$WORK/sq.out")
[ $st -eq 0 ] && [ -n "$winner" ] && grep -q "^Winner: $winner " "$WORK/sq.check"
checked "square: orbat check accepts the log and finds the same winner ($winner)" $? "$(tail -n 3 "$WORK/sq.check")"

# ---- usage ----
expect() { # DESCRIPTION ARGS...
	local what=$1
	shift
	"$ORBAT" play "$@" </dev/null >"$WORK/usage.out" 2>&1
	local got=$?
	[ $got -eq 2 ]
	checked "$what: exit 2" $? "status $got: $(cat "$WORK/usage.out")"
}
expect "a side the scenario does not have" --computer nobody "$SHILOH"
expect "--computer with --auto" --computer union --auto "$SHILOH"
expect "--computer with --dice manual" --computer union --dice manual "$SHILOH"
expect "an unknown player" --computer union --player nobody "$SHILOH"
grep -q "union, confederate" <("$ORBAT" play --computer nobody "$SHILOH" 2>&1 </dev/null)
verdict "an unknown side: the sides there are are named" "" $?

echo "computer-checks: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
