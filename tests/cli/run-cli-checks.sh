#!/bin/bash
# The command line as a user meets it, for every command:
#   - --help: exit 0, on stdout, every line at most 80 columns, the same
#     text as 'orbat help CMD' and -h, no document the product does not ship;
#   - an unknown option, a missing or bad value: exactly two lines on stderr,
#     "orbat CMD: ..." and "Try 'orbat CMD --help' ...", exit 2;
#   - the exit statuses: 0 done, 1 the input breaks a rule, 2 usage error,
#     unreadable file or unsupported request, 3 broken installation (an empty
#     or missing ORBAT_DATADIR), and every stderr line of those runs starts
#     "orbat CMD: " or is a FILE:LINE: diagnostic;
#   - standard input: validate -, --stdin-name, check FILE -;
#   - -o - refused by render, cards and refcard;
#   - the paper size from PAPERSIZE / PAPERCONF (libpaper), --paper winning,
#     an unsupported size warned about and replaced by A4 (needs pdfinfo).
#
#   run-cli-checks.sh ORBAT SOURCE_ROOT
#
# Prints "cli-checks: N passed, M failed" last; exits 1 when any failed.
set -u
[ $# -eq 2 ] || { echo "usage: $0 ORBAT SOURCE_ROOT" >&2; exit 2; }
orbat=$1
root=$(cd "$2" && pwd)
case $orbat in
*/*) orbat="$(cd "$(dirname -- "$orbat")" && pwd)/$(basename -- "$orbat")" ;;
*) orbat=$(command -v -- "$orbat") || { echo "run-cli-checks: cannot find $1" >&2; exit 2; } ;;
esac
work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-cli.XXXXXX") || exit 2
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf -- "$work"' EXIT
# Whatever a broken run might write by a relative name lands in the scratch
# folder, never in the build tree.
mkdir "$work/cwd" && cd "$work/cwd" || exit 2

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# run ARGS...: orbat with stdin from /dev/null unless redirected by the
# caller; leaves $rc, $work/out and $work/err.
run() {
	"$orbat" "$@" >"$work/out" 2>"$work/err"
	rc=$?
}

# expect_lines CMD: stderr is exactly the one-line message and the pointer.
expect_usage_lines() {
	local cmd=$1 what=$2
	if [ "$rc" -ne 2 ]; then
		bad "$what: exit $rc, expected 2"
		return
	fi
	local n
	n=$(wc -l <"$work/err")
	if [ "$n" -ne 2 ] || ! head -1 "$work/err" | grep -q "^orbat $cmd: " ||
		[ "$(sed -n 2p "$work/err")" != "Try 'orbat $cmd --help' for more information." ]; then
		bad "$what: stderr is not one 'orbat $cmd:' line and the pointer to --help: $(cat "$work/err")"
		return
	fi
	[ -s "$work/out" ] && { bad "$what: printed on stdout: $(head -3 "$work/out")"; return; }
	ok
}

# Every stderr line starts "orbat CMD: ", is the pointer to --help, or is a
# diagnostic FILE:LINE[:COL]: error|warning: ... / FILE: error: ...
messages_are_prefixed() {
	local cmd=$1 what=$2
	local stray
	stray=$(grep -Ev "^orbat $cmd: |^Try 'orbat $cmd --help'|^[^ ]+:[0-9]+(:[0-9]+)?: (error|warning): |^[^ ]+: (error|warning): " "$work/err")
	[ -z "$stray" ] && ok || bad "$what: stderr lines without 'orbat $cmd: ': $stray"
}

# status CMD WANT WHAT ARGS...: exit status WANT, and clean messages.
status() {
	local cmd=$1 want=$2 what=$3
	shift 3
	run "$cmd" "$@" </dev/null
	[ "$rc" -eq "$want" ] && ok || bad "$cmd, $what: exit $rc, expected $want: $(head -3 "$work/err")"
	messages_are_prefixed "$cmd" "$cmd, $what"
}

# ---- orbat itself ----
run --help
[ "$rc" -eq 0 ] && [ -s "$work/out" ] && [ ! -s "$work/err" ] && ok || bad "orbat --help: exit $rc"
awk 'length > 80 { exit 1 }' "$work/out" && ok || bad "orbat --help has lines over 80 columns"
cp "$work/out" "$work/main-help"
run help
cmp -s "$work/out" "$work/main-help" && [ "$rc" -eq 0 ] && ok || bad "orbat help differs from orbat --help"
run -h
cmp -s "$work/out" "$work/main-help" && [ "$rc" -eq 0 ] && ok || bad "orbat -h differs from orbat --help"
run
[ "$rc" -eq 2 ] && [ "$(wc -l <"$work/err")" -eq 2 ] && head -1 "$work/err" | grep -q '^orbat: ' &&
	[ "$(sed -n 2p "$work/err")" = "Try 'orbat --help' for the list of commands." ] && [ ! -s "$work/out" ] && ok ||
	bad "orbat alone: exit $rc, $(cat "$work/err")"
run frobnicate
[ "$rc" -eq 2 ] && [ "$(cat "$work/err")" = "orbat: 'frobnicate' is not an orbat command
Try 'orbat --help' for the list of commands." ] && ok || bad "unknown command: exit $rc, $(cat "$work/err")"
run help frobnicate
[ "$rc" -eq 2 ] && [ "$(wc -l <"$work/err")" -eq 2 ] && ok || bad "orbat help frobnicate: exit $rc, $(cat "$work/err")"
run --frobnicate
[ "$rc" -eq 2 ] && [ "$(wc -l <"$work/err")" -eq 2 ] && head -1 "$work/err" | grep -q "^orbat: .*'--frobnicate'" && ok ||
	bad "orbat --frobnicate: exit $rc, $(cat "$work/err")"
run --version
[ "$rc" -eq 0 ] && grep -Eq '^orbat [0-9]+\.[0-9]+\.[0-9]+$' "$work/out" && ok || bad "orbat --version: $(cat "$work/out")"

# ---- every command the help lists ----
commands=$(awk '/^Commands:/ { on = 1; next } on && /^  [a-z]/ { print $1; next } on { exit }' "$work/main-help")
for c in validate render cards refcard ask check review play; do
	echo "$commands" | grep -qx "$c" || bad "orbat --help does not list $c"
done
for c in $commands; do
	run "$c" --help
	[ "$rc" -eq 0 ] && [ -s "$work/out" ] && [ ! -s "$work/err" ] && ok || bad "$c --help: exit $rc, $(head -2 "$work/err")"
	long=$(awk 'length > 80 { printf "%d: %s\n", length, $0 }' "$work/out")
	[ -z "$long" ] && ok || bad "$c --help has lines over 80 columns: $long"
	grep -qi 'digest\|interfaces\.md\|seed 0[0-9]\|source 0[0-9]' "$work/out" &&
		bad "$c --help names a document the product does not ship: $(grep -i 'digest\|interfaces\.md\|seed 0\|source 0' "$work/out")" || ok
	head -1 "$work/out" | grep -q "^Usage: orbat $c" && ok || bad "$c --help does not start with its usage line"
	cp "$work/out" "$work/help-$c"
	run help "$c"
	[ "$rc" -eq 0 ] && cmp -s "$work/out" "$work/help-$c" && ok || bad "orbat help $c differs from orbat $c --help"
	run "$c" -h
	[ "$rc" -eq 0 ] && cmp -s "$work/out" "$work/help-$c" && ok || bad "orbat $c -h differs from orbat $c --help"
	run "$c" --no-such-option
	expect_usage_lines "$c" "$c --no-such-option"
	grep -q "'--no-such-option'" "$work/err" && ok || bad "$c --no-such-option: the message does not name the option"
	run "$c" -Z
	expect_usage_lines "$c" "$c -Z"
	run "$c" --help=yes
	expect_usage_lines "$c" "$c --help=yes"
done

# Missing and bad values of the common options.
run validate --format
expect_usage_lines validate "validate --format (no value)"
run validate --format xml x.xml
expect_usage_lines validate "validate --format xml"
run check --format yaml a b
expect_usage_lines check "check --format yaml"
run ask --format
expect_usage_lines ask "ask --format (no value)"
run render --format tiff x.xml
expect_usage_lines render "render --format tiff"
run render --lang de x.xml
expect_usage_lines render "render --lang de"
run render --dpi 5 x.xml
expect_usage_lines render "render --dpi 5"
run render -o
expect_usage_lines render "render -o (no value)"
run cards --ruleset noord-zuid --format svg
expect_usage_lines cards "cards --format svg"
run cards --ruleset noord-zuid --duplex sideways
expect_usage_lines cards "cards --duplex sideways"
run cards --ruleset noord-zuid --d 3
expect_usage_lines cards "cards --d (ambiguous)"
grep -q "ambiguous" "$work/err" && ok || bad "cards --d: not called ambiguous: $(cat "$work/err")"
run refcard --ruleset noord-zuid --paper a3
expect_usage_lines refcard "refcard --paper a3"
run play --seed twelve x.xml
expect_usage_lines play "play --seed twelve"
run play --max-turns 0 x.xml
expect_usage_lines play "play --max-turns 0"

# ---- exit statuses ----
valid=$root/tests/rules/scenarios/bc-duel.xml
invalid=$root/tests/golden/invalid/15-missing-attribute.xml
square=$root/scenarios/mb-1861.xml
golden=$root/tests/rules/golden
missing=$work/no-such-file.xml
empty=$work/empty-data
mkdir -p "$empty"
cat >"$work/bad-deck.xml" <<'XML'
<deck xmlns="urn:orbat:deck:1" mode="replace">
  <card id="x" order="special" any="-2">
    <name xml:lang="en">X</name>
  </card>
</deck>
XML

status validate 0 "a valid scenario" "$valid"
status validate 1 "an invalid scenario" "$invalid"
status validate 2 "a missing file" "$missing"
status validate 2 "no file"
status validate 1 "a valid and an invalid one" "$valid" "$invalid"

status render 0 "a valid scenario" --lang en -q -o "$work/r" "$valid"
status render 1 "an invalid scenario" --lang en -q -o "$work/r" "$invalid"
status render 2 "a missing file" --lang en -q -o "$work/r" "$missing"
status render 2 "no file" -o "$work/r"

status cards 0 "noord-zuid" --ruleset noord-zuid --lang en --unique -q -o "$work/c"
status cards 1 "an invalid deck file" --ruleset noord-zuid --lang en --deck "$work/bad-deck.xml" -q -o "$work/c"
status cards 2 "a missing deck file" --ruleset noord-zuid --lang en --deck "$missing" -q -o "$work/c"
status cards 2 "mb-remastered, which has no order cards" --ruleset mb-remastered -q -o "$work/c"
status cards 2 "an unknown ruleset" --ruleset ancients -q -o "$work/c"
status cards 2 "no --ruleset" -q -o "$work/c"

status refcard 0 "noord-zuid" --ruleset noord-zuid --lang en -q -o "$work/f"
status refcard 0 "mb-remastered" --ruleset mb-remastered --lang en -q -o "$work/f"
status refcard 2 "an unknown ruleset" --ruleset ancients -q -o "$work/f"
status refcard 2 "an argument too many" --ruleset noord-zuid extra

status ask 0 "los on a hex scenario" "$valid" los C4 F6
status ask 0 "attack on a square scenario" "$square" attack M7 M8
status ask 1 "an invalid scenario" "$invalid" los C4 F6
status ask 1 "a question about nothing" "$valid" dice A1 C4
status ask 2 "los on a square scenario" "$square" los M7 M8
status ask 2 "attack on a hex scenario" "$valid" attack C4 F6
status ask 2 "a missing file" "$missing" los C4 F6
status ask 2 "an unknown query" "$valid" sight C4 F6
status ask 2 "no query" "$valid"
# The scenario's ruleset picks the questions, not the first query word: a
# question of the other grid is refused with what to ask instead, and a
# square scenario without a question names the square questions.
run ask "$square" los M7 M8
grep -q "played on squares; ask it 'attack FROM TO'" "$work/err" && ok || bad "ask los on squares: $(cat "$work/err")"
run ask "$valid" attack C4 F6
grep -q "attack and buy are questions of the square-grid rulesets" "$work/err" && ok ||
	bad "ask attack on hexes: $(cat "$work/err")"
run ask "$square"
[ "$rc" -eq 2 ] && grep -q "name at least one query (attack, buy" "$work/err" && ok ||
	bad "ask on squares without a query: exit $rc, $(cat "$work/err")"
run ask "$valid" dice C4 F6 attack C4 F6
[ "$rc" -eq 2 ] && ! grep -q "square-grid" "$work/err" && ok ||
	bad "ask on hexes, attack after a hex query: exit $rc, $(cat "$work/err")"
# orbat play --help names every question the game takes.
run play --help
asked=$(tr '\n' ' ' <"$work/out" | sed -n 's/.*the questions of orbat *ask (\([^)]*\)).*/\1/p')
for q in los dice moves retreat reinforcements sharpshooter rally; do
	echo ", $asked," | grep -q ", $q," && ok || bad "play --help does not name the question $q (it names: $asked)"
done

status check 0 "a legal log" "$root/tests/rules/scenarios/bc-duel.xml" "$golden/bc1999-duel.log"
status check 1 "an illegal action" "$root/tests/rules/scenarios/bc-duel.xml" "$golden/bad-bc1999-move-too-far.log"
status check 1 "a malformed log" "$root/tests/rules/scenarios/bc-duel.xml" "$golden/bad-syntax.log"
status check 1 "an invalid scenario" "$invalid" "$golden/bc1999-duel.log"
status check 1 "a hex log on mb-remastered" "$square" "$golden/bc1999-duel.log"
status check 2 "a missing log" "$valid" "$missing"
status check 2 "a missing scenario" "$missing" "$golden/bc1999-duel.log"
status check 2 "one operand" "$valid"

status review 0 "a legal log" --think 2sims "$root/tests/rules/scenarios/bc-duel.xml" "$golden/bc1999-duel.log"
status review 1 "an illegal action" --think 2sims "$root/tests/rules/scenarios/bc-duel.xml" "$golden/bad-bc1999-move-too-far.log"
status review 1 "a malformed log" "$root/tests/rules/scenarios/bc-duel.xml" "$golden/bad-syntax.log"
status review 1 "an invalid scenario" "$invalid" "$golden/bc1999-duel.log"
status review 2 "a missing log" "$valid" "$missing"
status review 2 "one operand" "$valid"

status play 0 "two automatic turns" --auto --seed 1 --max-turns 2 -q "$valid"
status play 1 "an invalid scenario" --auto --seed 1 "$invalid"
status play 0 "mb-remastered, two automatic turns" --auto --seed 1 --max-turns 2 -q "$square"
status play 2 "a missing file" --auto --seed 1 "$missing"
status play 2 "a log that cannot be written" --auto --seed 1 --max-turns 1 -q --log "$work/no/such/dir/game.log" "$valid"

for data in "$empty" "$work/no-such-folder"; do
	label="ORBAT_DATADIR=${data#"$work"/}"
	saved=${ORBAT_DATADIR-}
	export ORBAT_DATADIR=$data
	status validate 3 "$label" "$valid"
	status render 3 "$label" --lang en -q -o "$work/r3" "$valid"
	status cards 3 "$label" --ruleset noord-zuid -q -o "$work/c3"
	status refcard 3 "$label" --ruleset noord-zuid -q -o "$work/f3"
	status ask 3 "$label" "$valid" los C4 F6
	status check 3 "$label" "$valid" "$golden/bc1999-duel.log"
	status review 3 "$label" "$valid" "$golden/bc1999-duel.log"
	status play 3 "$label" --auto --seed 1 "$valid"
	# One line, naming the folder and the variable.
	[ "$(wc -l <"$work/err")" -eq 1 ] && grep -qF "$data" "$work/err" && grep -q ORBAT_DATADIR "$work/err" && ok ||
		bad "$label: not one line naming the folder and ORBAT_DATADIR: $(cat "$work/err")"
	if [ -n "$saved" ]; then export ORBAT_DATADIR=$saved; else unset ORBAT_DATADIR; fi
done
[ -e "$work/r3" ] || [ -e "$work/c3" ] || [ -e "$work/f3" ] && bad "a broken installation created output folders" || ok

# ---- standard input ----
"$orbat" validate - <"$valid" >"$work/out" 2>"$work/err"
[ $? -eq 0 ] && grep -q '^<stdin>: valid' "$work/out" && ok || bad "validate - (valid): $(cat "$work/out" "$work/err")"
"$orbat" validate - <"$invalid" >"$work/out" 2>"$work/err"
[ $? -eq 1 ] && [ -s "$work/err" ] && ! grep -v '^<stdin>:[0-9]' "$work/err" | grep -q . && ok ||
	bad "validate - (invalid): diagnostics not named <stdin>: $(cat "$work/err")"
"$orbat" validate --stdin-name editor/buffer.xml - <"$invalid" >"$work/out" 2>"$work/err"
[ $? -eq 1 ] && [ -s "$work/err" ] && ! grep -v '^editor/buffer\.xml:[0-9]' "$work/err" | grep -q . && ok ||
	bad "validate --stdin-name: diagnostics not named editor/buffer.xml: $(cat "$work/err")"
# The same diagnostics as the file itself gives, but for the name.
(cd "$(dirname "$invalid")" && "$orbat" validate "$(basename "$invalid")") 2>"$work/file-diags" >/dev/null
"$orbat" validate --stdin-name "$(basename "$invalid")" - <"$invalid" 2>"$work/stdin-diags" >/dev/null
cmp -s "$work/file-diags" "$work/stdin-diags" && ok || bad "validate - gives other diagnostics than the file: $(diff "$work/file-diags" "$work/stdin-diags")"
"$orbat" validate --format json --stdin-name buf.xml - <"$valid" >"$work/out" 2>"$work/err"
[ $? -eq 0 ] && grep -q '"file":"buf.xml","valid":true' "$work/out" && ok || bad "validate --format json -: $(cat "$work/out")"
run validate - -
expect_usage_lines validate "validate - - (standard input twice)"
run validate --stdin-name x.xml "$valid"
expect_usage_lines validate "validate --stdin-name without -"
(cd "$golden" && "$orbat" check -q ../scenarios/bc-duel.xml - <bc1999-duel.log) >"$work/out" 2>"$work/err"
[ $? -eq 0 ] && grep -q '^<stdin>: legal' "$work/out" && ok || bad "check FILE - (legal): $(cat "$work/out" "$work/err")"
(cd "$golden" && "$orbat" check -q ../scenarios/bc-duel.xml - <bad-bc1999-move-too-far.log) >"$work/out" 2>"$work/err"
[ $? -eq 1 ] && grep -q '^<stdin>:[0-9]*: error: .*\[bc-' "$work/err" && ok || bad "check FILE - (illegal): $(cat "$work/err")"
(cd "$golden" && "$orbat" check --format json ../scenarios/bc-duel.xml - <bc1999-duel.log) >"$work/out" 2>"$work/err"
[ $? -eq 0 ] && grep -q '^{"file":"<stdin>","valid":true' "$work/out" && ok || bad "check --format json FILE -: $(head -c 200 "$work/out")"

# ---- -o - ----
for args in "render --lang en $valid" "cards --ruleset noord-zuid" "refcard --ruleset noord-zuid"; do
	# shellcheck disable=SC2086
	run $args -o -
	c=${args%% *}
	expect_usage_lines "$c" "$c -o -"
	grep -q "folder" "$work/err" && ok || bad "$c -o -: the message does not say a folder is needed: $(cat "$work/err")"
	[ -e "$work/cwd/-" ] && bad "$c -o - created a file or folder named -" || ok
done

# ---- paper size from the system ----
if command -v pdfinfo >/dev/null 2>&1; then
	# page_size PDF: "W H" in points, rounded.
	page_size() { pdfinfo "$1" 2>/dev/null | awk '/^Page size:/ { printf "%.0f %.0f\n", $3, $5; exit }'; }
	refcard() { "$orbat" refcard --ruleset noord-zuid --lang en -q -o "$work/$1" "${@:2}" 2>"$work/err" && page_size "$work/$1/refcard/noord-zuid/en/refcard.pdf"; }
	got=$(PAPERSIZE=letter refcard p-letter)
	[ "$got" = "792 612" ] && ok || bad "PAPERSIZE=letter: page $got, expected Letter (792 612)"
	got=$(PAPERSIZE=letter refcard p-a4 --paper a4)
	[ "$got" = "842 595" ] && ok || bad "PAPERSIZE=letter --paper a4: page $got, expected A4 (842 595)"
	got=$(PAPERSIZE=a3 refcard p-a3)
	[ "$got" = "842 595" ] && ok || bad "PAPERSIZE=a3: page $got, expected A4 (842 595)"
	[ "$(wc -l <"$work/err")" -eq 1 ] && grep -q "^orbat refcard: warning: .*a3.*a4" "$work/err" && ok ||
		bad "PAPERSIZE=a3: no one-line warning naming a3 and a4: $(cat "$work/err")"
	got=$(PAPERSIZE=a3 refcard p-a3-letter --paper letter)
	[ "$got" = "792 612" ] && [ ! -s "$work/err" ] && ok || bad "PAPERSIZE=a3 --paper letter: page $got, $(cat "$work/err")"
	echo letter >"$work/papersize"
	got=$(unset PAPERSIZE; PAPERCONF="$work/papersize" refcard p-conf)
	[ "$got" = "792 612" ] && ok || bad "PAPERCONF naming a file with letter: page $got, expected Letter"
	got=$(unset PAPERSIZE; PAPERCONF="$work/no-such-papersize" refcard p-none)
	[ "$got" = "842 595" ] && ok || bad "no paper configured: page $got, expected A4"
	PAPERSIZE=letter "$orbat" render --lang en -q -o "$work/p-render" "$valid" 2>"$work/err"
	got=$(page_size "$work/p-render/$(ls "$work/p-render")/en/rosters.pdf")
	[ "$got" = "612 792" ] && ok || bad "render with PAPERSIZE=letter: rosters page $got, expected Letter (612 792)"
	PAPERSIZE=letter "$orbat" cards --ruleset noord-zuid --unique --lang en -q -o "$work/p-cards" 2>"$work/err"
	got=$(page_size "$work/p-cards/cards/noord-zuid/en/deck.pdf")
	case $got in "612 792"|"792 612") ok ;; *) bad "cards with PAPERSIZE=letter: page $got, expected Letter" ;; esac
else
	echo "# pdfinfo (poppler-utils) is missing: the paper size checks are skipped"
fi

echo "cli-checks: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
