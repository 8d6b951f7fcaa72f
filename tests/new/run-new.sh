#!/bin/bash
# orbat new: every starter scenario validates (orbat validate, and xmllint
# against the schema, an independent client), renders to PDFs that qpdf
# accepts, carries its title in three languages, and is the template byte
# for byte apart from the id taken from the file name.  Then the command's
# promises: it never overwrites, a failure leaves nothing behind, '-' writes
# to standard output, bad requests exit 2 and a broken installation 3.
# Exits 77 (skipped) when a client it needs is missing.
set -u
orbat=$1
root=$2
templates=$root/data/templates
schema=$root/data/schema/scenario.rng

for tool in xmllint qpdf pdftotext cmp sed; do
	if ! command -v "$tool" >/dev/null; then
		echo "SKIP: $tool is not installed"
		exit 77
	fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# The rulesets the tests expect a starter scenario for; the command's own
# list comes from the templates folder, so a missing file shows up here.
expected="battlecry-1999 battlecry-150 noord-zuid mb-remastered"
for r in $expected; do
	[ -f "$templates/$r.xml" ] && ok || bad "no starter scenario $templates/$r.xml"
done

# The text of an element in one language (local-name: the elements are in
# the scenario namespace).
text_of() { # FILE ELEMENT LANG
	xmllint --xpath "string(/*[local-name()='scenario']/*[local-name()='$2'][@xml:lang='$3'])" "$1" 2>/dev/null
}

for r in $expected; do
	dir=$tmp/$r
	mkdir "$dir"
	file=$dir/starter-$r.xml
	"$orbat" new --ruleset "$r" "$file" >"$dir/stdout" 2>"$dir/stderr"
	rc=$?
	if [ $rc -ne 0 ] || [ ! -f "$file" ]; then
		bad "$r: orbat new exited $rc"; cat "$dir/stderr"; continue
	fi
	ok
	[ -s "$dir/stderr" ] && bad "$r: orbat new wrote to stderr: $(cat "$dir/stderr")" || ok
	# One line that says what to do next.
	if [ "$(wc -l <"$dir/stdout")" -eq 1 ] && grep -q 'orbat validate' "$dir/stdout" &&
		grep -q 'orbat render' "$dir/stdout" && grep -q 'orbat explain' "$dir/stdout"; then
		ok
	else
		bad "$r: the closing line does not name validate, render and explain: $(cat "$dir/stdout")"
	fi
	# No temporary file left beside it.
	[ "$(ls -A "$dir" | grep -c -v -e '^stdout$' -e '^stderr$')" -eq 1 ] && ok || bad "$r: stray files: $(ls -A "$dir")"

	# The id follows the file name, and nothing else changed.
	grep -q "<scenario [^>]*id=\"starter-$r\"" "$file" && ok || bad "$r: root id is not starter-$r"
	sed "0,/id=\"starter-$r\"/s//id=\"my-battle\"/" "$file" >"$dir/back.xml"
	cmp -s "$dir/back.xml" "$templates/$r.xml" && ok || bad "$r: output differs from the template beyond the id"
	grep -q "ruleset=\"$r\"" "$file" && ok || bad "$r: the scenario is not for ruleset $r"

	# Validates with no error and no warning.
	out=$("$orbat" validate "$file" 2>&1 >/dev/null)
	rc=$?
	[ $rc -eq 0 ] && [ -z "$out" ] && ok || bad "$r: orbat validate exited $rc: $out"
	"$orbat" validate "$file" | grep -q warning && bad "$r: validate counts warnings" || ok
	xmllint --noout --nonet --relaxng "$schema" "$file" 2>"$dir/xmllint" && ok ||
		{ bad "$r: xmllint"; cat "$dir/xmllint"; }

	# Titles and briefings in all three languages, three different titles.
	en=$(text_of "$file" title en); nl=$(text_of "$file" title nl); fr=$(text_of "$file" title fr)
	if [ -n "$en" ] && [ -n "$nl" ] && [ -n "$fr" ] && [ "$en" != "$nl" ] && [ "$en" != "$fr" ] && [ "$nl" != "$fr" ]; then
		ok
	else
		bad "$r: titles missing or alike: en '$en', nl '$nl', fr '$fr'"
	fi
	for lang in en nl fr; do
		[ -n "$(text_of "$file" briefing $lang)" ] && ok || bad "$r: no $lang briefing"
	done
	# Comments teach: they cite rule ids and the format guide.
	grep -q 'scenario-format.md' "$file" && ok || bad "$r: comments do not point at scenario-format.md"
	[ "$(grep -c -E '\[(bc|ntz|mb)-[0-9][0-9a-z.]*\]' "$file")" -ge 5 ] && ok || bad "$r: comments cite few rule ids"
	# A special rule shown in a comment (hex boards): taken out of its
	# comment, the scenario is still valid, and the rule is on its sheet.
	if [ "$r" != mb-remastered ]; then
		if python3 - "$file" "$dir/with-rule.xml" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r"(  <special-rules>.*?</special-rules>\n)  -->", text, re.S)
if not m:
    sys.exit(1)
open(sys.argv[2], "w", encoding="utf-8").write(text.replace(m.group(0), "  -->\n" + m.group(1)))
PY
		then
			"$orbat" validate -q "$dir/with-rule.xml" >/dev/null 2>&1 && ok ||
				bad "$r: the special rule of its comment, taken out, is not valid: $("$orbat" validate "$dir/with-rule.xml" 2>&1 | head -3)"
		else
			bad "$r: no special rule shown in a comment"
		fi
	fi

	# Renders in three languages; every PDF is sound and the sheet shows the
	# title of its language.
	if "$orbat" render -q -o "$dir/out" "$file" 2>"$dir/render"; then
		ok
		for lang in en nl fr; do
			pdfs=("$dir/out/starter-$r/$lang"/*.pdf)
			[ -f "$dir/out/starter-$r/$lang/scenario-sheet.pdf" ] && ok || bad "$r: no $lang scenario sheet"
			for pdf in "${pdfs[@]}"; do
				qpdf --check "$pdf" >/dev/null 2>&1 && ok || bad "$r: qpdf --check $pdf"
			done
		done
		for pair in "en:$en" "nl:$nl" "fr:$fr"; do
			lang=${pair%%:*}
			title=${pair#*:}
			sheet=$(pdftotext -l 1 "$dir/out/starter-$r/$lang/scenario-sheet.pdf" - 2>/dev/null | tr -s ' \n' '  ')
			case $sheet in
			*"$title"*) ok ;;
			*) bad "$r: the $lang scenario sheet does not show '$title'" ;;
			esac
		done
	else
		bad "$r: orbat render failed"; cat "$dir/render"
	fi

	# Standard output: the template itself, with the default id.
	"$orbat" new --ruleset "$r" - >"$dir/stdout.xml" 2>"$dir/stderr2"
	rc=$?
	[ $rc -eq 0 ] && [ ! -s "$dir/stderr2" ] && cmp -s "$dir/stdout.xml" "$templates/$r.xml" && ok ||
		bad "$r: 'orbat new -' (exit $rc) is not the template"
done

# Never overwrite: exit 2, one line naming the file, the file unchanged.
w=$tmp/work
mkdir "$w"
"$orbat" new -q --ruleset battlecry-1999 "$w/battle.xml" >/dev/null 2>&1
echo "my own work" >"$w/battle.xml"
"$orbat" new --ruleset noord-zuid "$w/battle.xml" >"$w/.out" 2>"$w/.err"
rc=$?
[ $rc -eq 2 ] && ok || bad "overwrite: exit $rc, not 2"
[ "$(cat "$w/battle.xml")" = "my own work" ] && ok || bad "overwrite: the existing file was changed"
[ "$(wc -l <"$w/.err")" -eq 1 ] && grep -q "^orbat new: .*$w/battle.xml" "$w/.err" && ok ||
	bad "overwrite: message is not one line naming the file: $(cat "$w/.err")"
[ ! -s "$w/.out" ] && ok || bad "overwrite: something on stdout"
# A dangling symbolic link is not overwritten either (nor followed).
ln -s "$w/nowhere.xml" "$w/link.xml"
"$orbat" new --ruleset noord-zuid "$w/link.xml" >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] && [ ! -e "$w/nowhere.xml" ] && ok || bad "dangling link: exit $rc, or its target was created"
# A folder: exit 2, one line that says so.
mkdir "$w/sub"
err=$("$orbat" new --ruleset noord-zuid "$w/sub" 2>&1 >/dev/null)
rc=$?
[ $rc -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && [ -z "$(ls -A "$w/sub")" ] && ok ||
	bad "folder as FILE: exit $rc: $err"
rmdir "$w/sub"
rm -f "$w/link.xml" "$w/.out" "$w/.err"
[ "$(ls -A "$w")" = "battle.xml" ] && ok || bad "refusals left files behind: $(ls -A "$w")"

# Unknown ruleset: exit 2, the message lists the rulesets, nothing written.
err=$("$orbat" new --ruleset chess "$w/chess.xml" 2>&1 >/dev/null)
rc=$?
[ $rc -eq 2 ] && ok || bad "unknown ruleset: exit $rc, not 2"
[ ! -e "$w/chess.xml" ] && ok || bad "unknown ruleset: a file was written"
for r in $expected; do
	case $err in *"$r"*) ok ;; *) bad "unknown ruleset: the message does not list $r: $err" ;; esac
done
case $err in "orbat new: "*"Try 'orbat new --help' for more information.") ok ;; *) bad "unknown ruleset: message form: $err" ;; esac

# Usage errors: one line and the pointer to --help, exit 2.
for args in "" "--ruleset" "--ruleset noord-zuid" "--bogus" "-x" \
	"--ruleset noord-zuid $w/a.xml $w/b.xml" "--ruleset noord-zuid $w/"; do
	# shellcheck disable=SC2086
	err=$("$orbat" new $args 2>&1 >/dev/null)
	rc=$?
	lines=$(printf '%s\n' "$err" | wc -l)
	if [ $rc -eq 2 ] && [ "$lines" -eq 2 ] && [ "${err#orbat new: }" != "$err" ] &&
		[ "$(printf '%s\n' "$err" | tail -n 1)" = "Try 'orbat new --help' for more information." ]; then
		ok
	else
		bad "orbat new $args: exit $rc, message: $err"
	fi
done
[ "$(ls -A "$w")" = "battle.xml" ] && ok || bad "usage errors left files behind: $(ls -A "$w")"

# Help: stdout, exit 0, 80 columns, the rulesets of the data folder.
help=$("$orbat" new --help)
rc=$?
[ $rc -eq 0 ] && ok || bad "--help exit $rc"
[ -z "$(printf '%s\n' "$help" | awk 'length > 80')" ] && ok || bad "--help is wider than 80 columns"
for r in $expected; do
	case $help in *"$r"*) ok ;; *) bad "--help does not name $r" ;; esac
done

# A folder that does not exist: exit 2, the system's reason, nothing left.
err=$("$orbat" new --ruleset battlecry-150 "$w/no/such/folder/x.xml" 2>&1 >/dev/null)
rc=$?
[ $rc -eq 2 ] && ok || bad "missing folder: exit $rc, not 2"
case $err in *"No such file or directory"*) ok ;; *) bad "missing folder: no reason given: $err" ;; esac
[ ! -e "$w/no" ] && [ "$(ls -A "$w")" = "battle.xml" ] && ok || bad "missing folder: files left: $(ls -A "$w")"

# A write that fails midway (file size limit of 1 KiB, smaller than every
# template): exit 2, the system's reason, neither the file nor a temporary.
f=$tmp/full
mkdir "$f"
err=$(ulimit -f 1; "$orbat" new --ruleset noord-zuid "$f/big.xml" 2>&1 >/dev/null)
rc=$?
[ $rc -eq 2 ] && ok || bad "failed write: exit $rc, not 2"
case $err in "orbat new: "*"File too large"*) ok ;; *) bad "failed write: message: $err" ;; esac
[ -z "$(ls -A "$f")" ] && ok || bad "failed write: left behind: $(ls -A "$f")"
# Standard output that cannot be written.
if [ -w /dev/full ]; then
	"$orbat" new --ruleset noord-zuid - >/dev/full 2>/dev/null
	rc=$?
	[ $rc -eq 2 ] && ok || bad "stdout to /dev/full: exit $rc, not 2"
fi

# The id follows the file name, made safe for the scenario-id rule.
long=$(printf 'a%.0s' $(seq 1 100))
while IFS='|' read -r name want; do
	out=$tmp/ids
	rm -rf "$out"
	mkdir "$out"
	"$orbat" new -q --ruleset battlecry-1999 "$out/$name" >/dev/null 2>&1
	got=$(sed -n 's/^<scenario [^>]*id="\([^"]*\)".*/\1/p' "$out/$name" 2>/dev/null)
	if [ "$got" = "$want" ]; then ok; else bad "file '$name' gave id '$got', not '$want'"; fi
	msg=$("$orbat" validate "$out/$name" 2>&1 >/dev/null)
	[ -z "$msg" ] && ok || bad "file '$name': $msg"
done <<EOF
my-battle.xml|my-battle
Bull Run 1861.XML|bull-run-1861
Second_Manassas.v2.xml|second_manassas.v2
.hidden.xml|hidden
---.xml|my-battle
Brücke am Fluss.xml|br-cke-am-fluss
noext|noext
$long.xml|$(printf 'a%.0s' $(seq 1 64))
EOF

# A missing data folder is a broken installation: exit 3, nothing written.
err=$(ORBAT_DATADIR=$tmp/no-data "$orbat" new --ruleset noord-zuid "$w/x.xml" 2>&1 >/dev/null)
rc=$?
[ $rc -eq 3 ] && ok || bad "missing data folder: exit $rc, not 3"
case $err in "orbat new: "*"$tmp/no-data"*) ok ;; *) bad "missing data folder: message: $err" ;; esac
[ ! -e "$w/x.xml" ] && ok || bad "missing data folder: a file was written"

echo "new: $pass passed, $fail failed"
[ $fail -eq 0 ]
