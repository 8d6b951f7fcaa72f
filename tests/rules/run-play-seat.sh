#!/bin/bash
# The computer's seat in `orbat play --computer SIDE`: each side decides
# for itself, in either side's turn.  Sessions at a terminal (script(1)
# gives the pseudo-terminal), on fixed seeds and small scenarios, so that
# each situation is reached the same way every time:
#   1. hex (bc-duel, seed 6): the computer attacks and the player's unit
#      must retreat: the player is asked (the prompt names his side in the
#      computer's turn), may type only his own choice, and the computer
#      goes on after it;
#   2. hex (bc-duel, seed 7): the player attacks and the computer's unit
#      must retreat: the computer retreats it, the player is not asked;
#   3. noord-zuid (ntz-duel, seed 3): the player rolls his own saving dice
#      in the computer's turn and passes his defensive roll; a required
#      save cannot be passed; when the computer attacks (seed 1) the player
#      chooses whether his unit stands or withdraws before the roll, and
#      his own battle line cannot withdraw the computer's unit;
#   4. square (sq-seats, seed 1): after a round of the computer's attack
#      (simple's, which strikes at lee's square first) the player (the
#      defender) is asked and withdraws his general; when the player
#      attacks, the computer (the grid's strongest, strong) covers its own
#      retreat and withdraws its own general, unasked;
#   5. --computer seats the strongest player of the grid (strong on hex),
#      --player still chooses;
# and every log passes orbat check and is resumed with --computer.
#
#   run-play-seat.sh ORBAT_BINARY RULES_TEST_DIR
# Prints `play-seat: N passed, M failed` last.
set -u
. "$(dirname -- "$0")/play-test-lib.sh"
play_test_setup play-seat "$@"
duel=$dir/scenarios/bc-duel.xml
ntz=$dir/scenarios/ntz-duel.xml
seats=$dir/square/sq-seats.xml
command -v script >/dev/null 2>&1 || { echo "run-play-seat: script(1) (util-linux) is needed for a terminal" >&2; exit 2; }

# session NAME SCENARIO ARGS... : orbat play at a pseudo-terminal, the lines
# of $work/NAME.in typed in, the screen in $work/NAME.out (carriage returns
# taken out), the log in $work/NAME.log; it must end with exit status 0.
session() {
	local name=$1 scenario=$2
	shift 2
	local args="" a
	for a in "$@"; do args="$args '$a'"; done
	script -q -e -c "'$orbat' play '$scenario' -q --log '$work/$name.log'$args" /dev/null \
		<"$work/$name.in" >"$work/$name.raw" 2>&1
	local rc=$?
	tr -d '\r' <"$work/$name.raw" >"$work/$name.out"
	[ $rc -eq 0 ] && ok || bad "$name: orbat play exits $rc: $(tail -n 3 "$work/$name.out")"
}
# checked NAME SCENARIO SIDE: orbat check accepts the log of the session,
# and --resume with the computer on SIDE replays it whole (the lines each
# side chose in the other's turn too) and writes it back the same.
checked() {
	"$orbat" check -q "$2" "$work/$1.log" >"$work/$1.check" 2>&1 && ok ||
		bad "$1: orbat check refuses the log: $(tail -n 3 "$work/$1.check")"
	cp "$work/$1.log" "$work/$1.resumed"
	"$orbat" play "$2" -q --computer "$3" --resume "$work/$1.resumed" </dev/null >"$work/$1.resume" 2>&1 &&
		cmp -s "$work/$1.log" "$work/$1.resumed" && ok ||
		bad "$1: --resume --computer $3 does not replay the log: $(grep -m 2 'error' "$work/$1.resume")"
}

# ---- 1. hex: the computer attacks, the player retreats his own unit
printf '%s\n' draw 'retreat c1 F3 E2' quit >"$work/h1.in"
session h1 "$duel" --seed 6 --computer union
# Up to the player's first prompt: the computer's battle, its roll, and
# the retreat it owes the player.
before=$(sed -n '1,/^confederate> /p' "$work/h1.out")
grep -q '^auto: battle u1 c1 : ' <<<"$before" && grep -q "^  next: retreat c1 HEX" <<<"$before" && ok ||
	bad "hex: the computer's battle does not stop at the player's retreat: $(tail -n 4 <<<"$before")"
grep -q '^auto: retreat c1' "$work/h1.out" && bad "hex: the computer retreats the player's unit" || ok
grep -q "^refused: confederate decides now, not union: " "$work/h1.out" && ok ||
	bad "hex: the player may type the computer's action while his retreat is owed"
sed -n '/^ok: retreat c1 F3 E2$/,$p' "$work/h1.out" | grep -q '^auto: ' && ok ||
	bad "hex: the computer does not go on after the player's retreat: $(grep -A3 'retreat c1 F3 E2' "$work/h1.out")"
checked h1 "$duel" union

# ---- 2. hex: the player attacks, the computer retreats its own unit
printf '%s\n' 'play attack/centre' 'order u1 u2' 'battle u1 c1' quit >"$work/h2.in"
session h2 "$duel" --seed 7 --computer confederate
grep -q '^auto: retreat c1 ' "$work/h2.out" && ok || bad "hex: the computer does not retreat its own unit: $(grep -A3 'battle u1' "$work/h2.out")"
grep -q '^confederate> ' "$work/h2.out" && bad "hex: the player is asked the computer's retreat" || ok
checked h2 "$duel" confederate

# ---- 3. noord-zuid: the player's saving dice and defensive roll in the
# computer's turn
printf '%s\n' pass 'save c1' pass pass pass quit >"$work/n3.in"
session n3 "$ntz" --seed 3 --computer union
grep -q '^ok: save c1 : ' "$work/n3.out" && ok || bad "noord-zuid: the player does not roll his own saving dice"
grep -q '^  may: defend c1 (defensive roll), or pass$' "$work/n3.out" && ok ||
	bad "noord-zuid: the player is not offered his defensive roll"
sed -n '/^ok: pass$/,$p' "$work/n3.out" | grep -q '^auto: battle ' && ok ||
	bad "noord-zuid: the computer does not go on after the player passes"
grep -q "^refused: .* must still roll 1 saving die .*\[ntz-5.2\]" "$work/n3.out" && ok ||
	bad "noord-zuid: a required save is passed: $(grep -A2 '^confederate> pass' "$work/n3.out" | tail -n 2)"
grep -q '^auto: \(save\|defend\|flagsave\|retreat\) c' "$work/n3.out" && bad "noord-zuid: the computer answers for the player" || ok
checked n3 "$ntz" union
# Whether the defender withdraws before the roll (§5.2) is its own choice:
# the computer's battle waits for the player's, which its line then carries.
printf '%s\n' draw withdraw quit >"$work/n5.in"
session n5 "$ntz" --seed 1 --computer confederate
before=$(sed -n '1,/^union> /p' "$work/n5.out")
grep -q "^  next: 'c1' battles 'u1': stand (or pass), or withdraw " <<<"$before" && ! grep -q '^auto: battle' <<<"$before" &&
	ok || bad "noord-zuid: the computer battles before the player chooses to stand or withdraw: $(tail -n 3 <<<"$before")"
grep -q "^refused: union decides now, not confederate: stand (or pass) or withdraw before the roll \[log\]$" "$work/n5.out" &&
	ok || bad "noord-zuid: the player may type the computer's action while it waits for his choice"
grep -q '^auto: battle c1 u1 withdraw : ' "$work/n5.out" && ok ||
	bad "noord-zuid: the player's withdrawal is not in the computer's battle: $(grep -A2 '^ok: withdraw' "$work/n5.out")"
checked n5 "$ntz" confederate
# The player's battle line cannot make that choice for the computer's unit.
printf '%s\n' 'battle u1 c1 withdraw' quit >"$work/n4.in"
session n4 "$ntz" --seed 3 --computer confederate
grep -q "^refused: whether 'c1' withdraws before the roll is its owner's choice.*\[ntz-5.2\]$" "$work/n4.out" && ok ||
	bad "noord-zuid: the attacker's line withdraws the computer's unit: $(grep -A1 'withdraw' "$work/n4.out" | tail -n 1)"

# ---- 4. square: the player withdraws his own general after a round of the
# computer's attack; the computer answers the player's attack itself
# (The artillery fires across a corner at infantry, which does not fire
# back: one face.)  After his withdrawal the player may still retreat the
# unit under cover, or pass; then the computer goes on.
printf '%s\n' 'withdraw lee E4' pass quit >"$work/s4.in"
session s4 "$seats" --seed 1 --computer union --player simple
before=$(sed -n '1,/^confederate> /p' "$work/s4.out")
grep -q '^auto: attack u-art-[12] c-inf-1 : ' <<<"$before" && grep -q '^  may: retreat UNIT SQUARE CAVALRY .* or pass' <<<"$before" &&
	ok || bad "square: the player is not asked after the computer's round: $(tail -n 3 <<<"$before")"
grep -q '^auto: \(retreat\|withdraw\) ' "$work/s4.out" && bad "square: the computer retreats or withdraws the player's pieces" || ok
grep -q '^ok: withdraw lee E4$' "$work/s4.out" && sed -n '/^ok: withdraw lee E4$/,$p' "$work/s4.out" | grep -q '^auto: ' &&
	ok || bad "square: the player's withdrawal is not taken, or the computer stops after it"
checked s4 "$seats" union
printf '%s\n' roll 'attack u-art-1 c-inf-1' quit >"$work/s5.in"
session s5 "$seats" --seed 1 --computer confederate
grep -q '^auto: retreat c-inf-1 [A-Z][0-9]* c-cav-1$' "$work/s5.out" && grep -q '^auto: withdraw lee ' "$work/s5.out" && ok ||
	bad "square: the computer does not cover its own retreat and withdraw its general: $(grep -A4 '^ok: attack' "$work/s5.out")"
grep -q '^confederate> ' "$work/s5.out" && bad "square: the player is asked the computer's choices" || ok
checked s5 "$seats" confederate

# ---- 5. the computer's player by default: the strongest of the grid
printf 'quit\n' >"$work/d.in"
for who in default strong simple; do
	[ "$who" = default ] && set -- || set -- --player "$who"
	"$orbat" play "$duel" -q --seed 6 --computer union --log "$work/d-$who.log" "$@" <"$work/d.in" >/dev/null 2>&1
done
cmp -s "$work/d-default.log" "$work/d-strong.log" && ok || bad "--computer does not seat strong on the hex grid by default"
cmp -s "$work/d-default.log" "$work/d-simple.log" && bad "--player simple plays as the default (seed 6 tells them apart)" || ok

echo "play-seat: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
