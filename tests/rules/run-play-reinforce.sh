#!/bin/bash
# Reinforcements (§8.1) in `orbat play`, driven through standard input, on
# the bundled Shiloh (seed 7 deals the card to the confederate side, which
# opens) and on tests/rules/scenarios/bc-reserves.xml:
# 1. --dice manual: the referee asks for the card's two faces and checks
#    their count; what the dice owe is shown under the prompt and nothing
#    else is accepted until the reserve unit has arrived; an arrival does
#    not move; `reinforcements SIDE` answers in the game; the log passes
#    `orbat check`, and --resume goes on from it.
# 2. orbat rolls: the play line of the log carries the two faces rolled,
#    the same seed and input give the same log.
# 3. orbat ask reinforcements: text and JSON, before and after a log, and
#    the refusal for a scenario without reserves.
# 4. orbat check --format json tells a reserve unit from a destroyed one.
# Prints `play-reinforce: N passed, M failed` last.
set -u
. "$(dirname -- "$0")/play-test-lib.sh"
play_test_setup play-reinforce "$@"
has() { grep -qF -- "$2" "$1" && ok || bad "$3"; }

shiloh=$dir/../../scenarios/shiloh.xml

# ---- 1. your own dice
printf '%s\n' 'play reinforcements' 'play reinforcements : cav' 'play reinforcements : cav s' 'draw' \
	'reinforcements confederate' 'arrive c-inf-1' 'arrive c-res-1' 'move c-res-1 H8' 'reinforcements confederate' \
	'draw' 'quit' |
	"$orbat" play "$shiloh" --seed 7 --dice manual --log "$work/m.log" >"$work/m.out" 2>"$work/m.err"
rc=$?
[ "$rc" -eq 0 ] && ok || bad "play --dice manual exits $rc: $(cat "$work/m.err")"
has "$work/m.out" "refused: roll 2 dice and type the faces: play confederate reinforcements : FACE... [log]" \
	"the card's dice are not asked for"
has "$work/m.out" "refused: card 'reinforcements' rolls 2 dice; 1 face is given [bc-8.1]" "one face for two dice is accepted"
has "$work/m.out" "ok: play confederate reinforcements : cavalry sabres" "the faces typed are not in the play line"
has "$work/m.out" "  owed: the dice still bring reserve units (faces left for: cavalry, any type): 'arrive REF [HEX]' with c-res-1" \
	"the prompt does not say what the dice owe"
has "$work/m.out" "refused: card 'reinforcements' is not settled: " "the draw before the arrival is accepted"
has "$work/m.out" "  c-res-1        cavalry   enters at H9: arrives there" "the question reinforcements is not answered in the game"
has "$work/m.out" "refused: 'c-inf-1' is not in reserve: it is on the board already [bc-8.1]" "a placed unit arrives"
has "$work/m.out" "ok: arrive c-res-1" "the reserve unit does not arrive"
has "$work/m.out" "refused: 'c-res-1' arrived this turn: " "the arrival moves in its turn"
has "$work/m.out" "(every reserve unit has arrived: card 'reinforcements' can only be discarded)" \
	"the reserve left over is still listed"
has "$work/m.out" "ok: draw confederate " "the turn does not end"
"$orbat" check -q "$shiloh" "$work/m.log" >"$work/m.check" 2>&1 && ok || bad "check refuses the log: $(cat "$work/m.check")"
grep -qx 'arrive c-res-1' "$work/m.log" && ok || bad "the log has no arrive line"
printf 'board\nquit\n' | "$orbat" play "$shiloh" --resume "$work/m.log" >"$work/r.out" 2>&1 && ok ||
	bad "--resume refuses the log: $(cat "$work/r.out")"
grep -qE '^  c-res-1 +cavalry +H9 +3/3' "$work/r.out" && ok || bad "after --resume c-res-1 does not stand on H9"

# ---- 2. orbat rolls
for k in a b; do
	printf 'play reinforcements\nquit\n' | "$orbat" play "$shiloh" --seed 7 --log "$work/$k.log" >"$work/$k.out" 2>&1
done
grep -qE '^play confederate reinforcements : [a-z]+ [a-z]+$' "$work/a.log" && ok || bad "the play line has no two faces"
cmp -s "$work/a.log" "$work/b.log" && ok || bad "the same seed rolls other faces"
printf 'undo\nquit\n' | "$orbat" play "$shiloh" --resume "$work/a.log" >"$work/u.out" 2>&1
has "$work/u.out" "rolled the dice: it stands" "the roll of the card is undone"

# ---- 3. orbat ask
"$orbat" ask "$dir/scenarios/bc-reserves.xml" reinforcements union >"$work/q.out" 2>&1 && ok || bad "ask reinforcements fails"
has "$work/q.out" "reinforcements union: 2 of 2 reserve units left" "ask does not count the reserves"
has "$work/q.out" "ur1            infantry  enters at F9: taken, arrives on E9 G9 (equally near: the player chooses)" \
	"ask does not say where a unit whose entry hex is taken arrives"
"$orbat" ask --format json "$dir/scenarios/bc-reserves.xml" reinforcements union >"$work/q.json" 2>&1
python3 - "$work/q.json" <<'EOF' && ok || bad "the JSON answer is wrong: $(cat "$work/q.json")"
import json, sys
a = json.load(open(sys.argv[1]))
assert a["query"] == "reinforcements" and a["side"] == "union" and a["dice"] == 2
r = {u["unit"]: u for u in a["reserves"]}
assert r["ur1"]["entry"] == "F9" and r["ur1"]["entry_free"] is False and r["ur1"]["lands"] == ["E9", "G9"]
assert r["ur2"]["lands"] == ["H9"] and r["ur2"]["type"] == "cavalry"
EOF
printf 'hand union reinforcements skirmish/centre attack/centre\nhand confederate frontal skirmish/centre attack/centre\nplay union reinforcements : infantry flag\narrive ur1 G9\n' >"$work/after.log"
"$orbat" ask --after "$work/after.log" "$dir/scenarios/bc-reserves.xml" reinforcements union >"$work/q2.out" 2>&1
has "$work/q2.out" "reinforcements union: 1 of 2 reserve units left" "ask --after counts an arrival as a reserve left"
"$orbat" ask "$dir/scenarios/bc-duel.xml" reinforcements union >"$work/q3.out" 2>&1
[ $? -eq 1 ] && ok || bad "ask reinforcements on a scenario without reserves does not exit 1"
has "$work/q3.out" "union has no reserve units in this scenario" "no clean refusal without reserves"

# ---- 4. check --format json: a reserve unit is absent, not destroyed
"$orbat" check --format json "$dir/scenarios/bc-reserves.xml" "$work/after.log" >"$work/c.json" 2>&1
python3 - "$work/c.json" <<'EOF' && ok || bad "check's JSON does not tell reserves from destroyed units: $(cat "$work/c.json")"
import json, sys
a = json.load(open(sys.argv[1]))
u = {x["id"]: x for x in a["units"]}
assert u["ur1"]["alive"] is True and u["ur1"]["at"] == "G9" and "reserve" not in u["ur1"]
assert u["ur2"]["alive"] is False and u["ur2"]["at"] is None and u["ur2"]["reserve"] is True and u["ur2"]["entry"] == "H9"
assert u["cr1"]["reserve"] is True and a["sides"][0]["flags"] == 0 and a["sides"][1]["flags"] == 0
EOF

echo "play-reinforce: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
