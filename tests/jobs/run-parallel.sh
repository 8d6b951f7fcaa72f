#!/bin/bash
# -j 1 against -j 2: every command that takes -j gives the same files byte
# for byte (SOURCE_DATE_EPOCH fixes the PDF dates), the same list of files
# on stdout, the same messages on stderr and the same exit status; a
# failing job fails the same way on two processes and leaves nothing
# behind (no partial or temporary file, no new folder).
#
#   run-parallel.sh ORBAT_BINARY SOURCE_ROOT
#
# Prints `parallel: N passed, M failed` last.
set -u
orbat=$1
root=$2
export SOURCE_DATE_EPOCH=1700000000
export PAPERSIZE=a4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root" || exit 1

passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

# run J NAME ARGS...: orbat ARGS with -j J and -o $work/NAME-J (when the
# command writes files), standard input from $STDIN; output in $work/NAME-J.{out,err,rc}, the output
# folder's name made the same for both runs.
run() {
	local j=$1 name=$2
	shift 2
	local dir=$work/$name-$j
	"$orbat" "$@" -j "$j" ${WRITES:+-o "$dir"} <"${STDIN:-/dev/null}" >"$dir.out" 2>"$dir.err"
	echo $? >"$dir.rc"
	sed -i "s|$dir|OUT|g" "$dir.out" "$dir.err"
}

# same NAME ARGS...: -j 1 and -j 2 agree on everything.
same() {
	local name=$1
	shift
	run 1 "$name" "$@"
	run 2 "$name" "$@"
	local a=$work/$name-1 b=$work/$name-2 what=""
	cmp -s "$a.rc" "$b.rc" || what="$what exit status ($(cat "$a.rc") vs $(cat "$b.rc"))"
	cmp -s "$a.out" "$b.out" || what="$what stdout"
	cmp -s "$a.err" "$b.err" || what="$what stderr"
	if [ -n "${WRITES:-}" ]; then
		if [ -d "$a" ] || [ -d "$b" ]; then
			diff -r "$a" "$b" >/dev/null 2>&1 || what="$what files"
		fi
	fi
	if [ -n "$what" ]; then
		fail "$name: -j 1 and -j 2 differ in:$what"
		diff "$a.err" "$b.err" | head -5
		return 1
	fi
	ok
	return 0
}

# expect NAME RC: the -j 2 run of NAME ended with RC.
expect_rc() {
	local got
	got=$(cat "$work/$1-2.rc")
	if [ "$got" = "$2" ]; then ok; else fail "$1: exit status $got, expected $2"; fi
}

# nothing_left NAME: no temporary file anywhere under the -j 2 output.
nothing_left() {
	local dir=$work/$1-2 left
	left=$(find "$dir" -name '*.tmp-*' 2>/dev/null | head -3)
	if [ -z "$left" ]; then ok; else fail "$1: temporary files left: $left"; fi
}

invalid=tests/golden/invalid
bad=$(ls "$invalid"/*.xml | head -2 | tr '\n' ' ')

# validate: a mix of valid and invalid files, text and JSON, and standard
# input among them.
WRITES=
same validate-text validate scenarios/shiloh.xml $bad scenarios/mb-1861.xml scenarios/antietam.xml \
	$(ls "$invalid"/*.xml | tail -3)
expect_rc validate-text 1
grep -q "valid (" "$work/validate-text-2.out" && ok || fail "validate-text: no file reported valid"
same validate-json validate --format json scenarios/antietam.xml $bad scenarios/shiloh.xml
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert [f["file"] for f in d["files"]][0] == "scenarios/antietam.xml"' \
	"$work/validate-json-2.out" && ok || fail "validate-json: not one JSON document in file order"
same validate-quiet validate -q scenarios/*.xml
expect_rc validate-quiet 0
STDIN=scenarios/mb-1861.xml same validate-stdin validate --stdin-name piped.xml scenarios/brandy-station.xml - \
	scenarios/shiloh.xml
grep -q "^piped.xml: valid" "$work/validate-stdin-2.out" && ok || fail "validate-stdin: standard input not checked"
same validate-missing validate scenarios/shiloh.xml no-such-file.xml scenarios/antietam.xml
expect_rc validate-missing 2

# render: one scenario, two languages; then an invalid scenario between
# two valid ones (the valid ones are written, the invalid one not at all).
WRITES=1
same render-two-langs render --lang en,fr scenarios/shiloh.xml
expect_rc render-two-langs 0
[ "$(find "$work/render-two-langs-2" -name '*.pdf' | wc -l)" = 16 ] && ok || fail "render-two-langs: not 16 PDFs"
same render-mixed render --lang nl scenarios/brandy-station.xml "$invalid/$(ls "$invalid" | grep '\.xml$' | head -1)" \
	scenarios/mb-1861.xml
expect_rc render-mixed 1
[ -d "$work/render-mixed-2/brandy-station/nl" ] && [ -d "$work/render-mixed-2/mb-1861/nl" ] && ok ||
	fail "render-mixed: a valid scenario's print set is missing"
nothing_left render-mixed

# SVG too: the ids cairo numbers with a process-wide counter are renumbered
# per file, so two processes (and one process after another product) write
# the same bytes.  The scenario alone, in a process of its own, agrees with
# its files of the run of two.
same render-svg render --format svg --lang en,fr scenarios/shiloh.xml scenarios/mb-1861.xml
expect_rc render-svg 0
[ "$(find "$work/render-svg-2" -name '*.svg' | wc -l)" -ge 8 ] && ok || fail "render-svg: not 8 SVG files"
"$orbat" render --format svg --lang fr -j 1 -q -o "$work/render-svg-alone" scenarios/mb-1861.xml
diff -r "$work/render-svg-1/mb-1861/fr" "$work/render-svg-alone/mb-1861/fr" >/dev/null && ok ||
	fail "render-svg: mb-1861's SVG files differ when rendered alone"

# cards and refcard: one job per language.
same cards cards --ruleset noord-zuid --format pdf,png
expect_rc cards 0
same refcard refcard --ruleset battlecry-1999
same refcard-square refcard --ruleset mb-remastered --lang nl,fr

# A failing job: the folder a language needs is a file.  The same message
# and exit status, and nothing of the run left behind.
for j in 1 2; do
	mkdir -p "$work/blocked-$j/shiloh" "$work/blocked-cards-$j/cards/noord-zuid"
	: >"$work/blocked-$j/shiloh/fr"
	: >"$work/blocked-cards-$j/cards/noord-zuid/nl"
done
same blocked render --lang en,fr,nl scenarios/shiloh.xml
expect_rc blocked 2
grep -q "cannot create the folder" "$work/blocked-2.err" && ok || fail "blocked: no message naming the folder"
[ -z "$(find "$work/blocked-2" -name '*.pdf')" ] && ok || fail "blocked: a PDF was left although the set failed"
[ "$(find "$work/blocked-2" | wc -l)" = 3 ] && ok || fail "blocked: folders left: $(find "$work/blocked-2")"
same blocked-cards cards --ruleset noord-zuid
expect_rc blocked-cards 2
[ -z "$(find "$work/blocked-cards-2" -name '*.pdf')" ] && ok || fail "blocked-cards: a deck was left"
nothing_left blocked-cards

# A product over the file size limit (orbat ignores SIGXFSZ: the write
# fails): a failure of the system, exit status 2, with either -j.
for j in 1 2; do
	(ulimit -f 40; "$orbat" refcard --ruleset battlecry-150 -j "$j" -o "$work/limit-$j" >/dev/null 2>"$work/limit-$j.err")
	echo $? >"$work/limit-$j.rc"
	sed -i "s|$work/limit-$j|OUT|g; s|tmp-[0-9]*|tmp|g" "$work/limit-$j.err"
done
[ "$(cat "$work/limit-1.rc")" = 2 ] && [ "$(cat "$work/limit-2.rc")" = 2 ] && ok ||
	fail "size limit: exit $(cat "$work/limit-1.rc") with -j 1, $(cat "$work/limit-2.rc") with -j 2, expected 2"
cmp -s "$work/limit-1.err" "$work/limit-2.err" && ok || fail "size limit: the messages differ"
[ -z "$(find "$work/limit-2" -type f 2>/dev/null)" ] && ok || fail "size limit: files left: $(find "$work/limit-2" -type f)"

# The front a user runs validates without the print libraries (that is
# its point: it starts in a third of the time); the rest is handed on.
if command -v readelf >/dev/null; then
	needed=$(readelf -d "$orbat" | grep NEEDED)
	if echo "$needed" | grep -Eq 'cairo|pango|qpdf|fontconfig|harfbuzz|stdc\+\+'; then
		fail "the front loads print libraries: $(echo "$needed" | grep -Eo 'lib[a-z0-9+_-]*' | tr '\n' ' ')"
	else
		ok
	fi
fi

# -j takes a number of processes.
"$orbat" validate -j 0 scenarios/shiloh.xml >/dev/null 2>"$work/j0.err"
[ $? = 2 ] && grep -q "takes a number of processes" "$work/j0.err" && ok || fail "-j 0 is not a usage error"

echo "parallel: $passed passed, $failed failed"
[ "$failed" = 0 ]
