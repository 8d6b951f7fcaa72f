#!/bin/bash
# Hostile scenario and deck files: refused with diagnostics, never with
# libxml2's own messages, never a crash, never output.
#
#   run-hostile-input.sh ORBAT_BINARY SOURCE_ROOT
#
# Each file (a DOCTYPE, an entity bomb, an external entity, deep nesting,
# invalid UTF-8, a NUL byte, a huge attribute, a file over the size limit,
# UTF-16, Latin-1, garbage, a truncated scenario, an undefined entity or
# namespace prefix, XInclude, 80,000 attributes on one element, a NUL byte
# after the root element, EBCDIC) goes to `orbat validate`, `orbat render` and,
# as a deck file, `orbat cards --deck`.  Each must exit 1, print only
# diagnostics (FILE:LINE:COL: error: MESSAGE [RULE]) and lines starting
# "orbat CMD: ", none of libxml2's message forms, and write nothing.
#
# Prints `hostile-input: N passed, M failed` last.
set -u
[ $# -eq 2 ] || { echo "usage: $0 ORBAT_BINARY SOURCE_ROOT" >&2; exit 2; }
here=$(cd "$(dirname -- "$0")" && pwd)
. "$here/errors-lib.sh"
orbat=$(absolute_orbat "$1") || { echo "run-hostile-input: cannot find $1" >&2; exit 2; }
root=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-hostile.XXXXXX") || exit 2
trap 'rm -rf -- "$work"' EXIT
export ORBAT_DATADIR=$root/data
in=$work/in
mkdir "$in"

decl='<?xml version="1.0" encoding="UTF-8"?>'
ns='xmlns="urn:orbat:scenario:1"'
scenario=$root/scenarios/first-bull-run.xml

printf '%s\n<!DOCTYPE scenario [<!ENTITY x "y">]>\n<scenario %s>&x;</scenario>\n' "$decl" "$ns" >"$in/doctype.xml"
{
	printf '%s\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n' "$decl"
	prev=lol
	for i in 2 3 4 5 6 7 8 9; do
		printf '<!ENTITY lol%s "%s">\n' "$i" "$(for _ in 1 2 3 4 5 6 7 8 9 10; do printf '&%s;' "$prev"; done)"
		prev=lol$i
	done
	printf ']>\n<scenario %s>&lol9;</scenario>\n' "$ns"
} >"$in/entity-bomb.xml"
printf '%s\n<!DOCTYPE scenario SYSTEM "file:///etc/passwd">\n<scenario %s/>\n' "$decl" "$ns" >"$in/external-dtd.xml"
printf '%s\n<!DOCTYPE s [<!ENTITY p SYSTEM "file:///etc/passwd">]>\n<scenario %s>&p;</scenario>\n' "$decl" "$ns" >"$in/external-entity.xml"
{
	printf '%s\n<scenario %s>' "$decl" "$ns"
	for _ in $(seq 1 5000); do printf '<a>'; done
	for _ in $(seq 1 5000); do printf '</a>'; done
	printf '</scenario>\n'
} >"$in/deep-nesting.xml"
sed '0,/Bull Run/s//Bull \xff\xfe Run/' "$scenario" >"$in/invalid-utf8.xml"
{ head -c 400 "$scenario"; printf '\0'; tail -c +401 "$scenario"; } >"$in/nul-byte.xml"
{
	printf '%s\n<scenario %s id="' "$decl" "$ns"
	head -c 11000000 /dev/zero | tr '\0' a
	printf '"/>\n'
} >"$in/huge-attribute.xml"
{
	printf '%s\n<scenario %s>' "$decl" "$ns"
	head -c $((33 * 1024 * 1024)) /dev/zero | tr '\0' ' '
	printf '</scenario>\n'
} >"$in/over-size-limit.xml"
printf '\377\376<\000?\000x\000m\000l\000 \000?\000>\000' >"$in/utf16.xml"
printf '<?xml version="1.0" encoding="ISO-8859-1"?>\n<scenario %s>\351</scenario>\n' "$ns" >"$in/latin1.xml"
head -c 3000 /dev/urandom >"$in/garbage.xml"
head -c $(($(stat -c %s "$scenario") / 2)) "$scenario" >"$in/truncated.xml"
printf '%s\n<scenario %s>&nosuch;</scenario>\n' "$decl" "$ns" >"$in/undefined-entity.xml"
printf '%s\n<x:scenario %s><y:a/></x:scenario>\n' "$decl" "$ns" >"$in/undefined-prefix.xml"
printf '%s\n<scenario %s xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include href="/etc/passwd" parse="text"/></scenario>\n' \
	"$decl" "$ns" >"$in/xinclude.xml"
printf '%s\n<?xml-stylesheet href="http://example.invalid/x.xsl"?>\n<scenario %s id="a" id="b"/>\n' "$decl" "$ns" >"$in/duplicate-attribute.xml"
: >"$in/empty.xml"
# One element with 80,000 attributes (870 KB): libxml2 2.9 checks each for a
# duplicate against all before it, 21 s of work unless the file is refused
# before it is parsed.
{
	printf '%s\n<scenario %s' "$decl" "$ns"
	seq -f ' a%.0f="1"' 1 80000 | tr -d '\n'
	printf '/>\n'
} >"$in/many-attributes.xml"
# A NUL byte after the root element: the parser stops there and would call
# the file valid whatever follows.
{ cat "$scenario"; printf '\0<scenario id="x">&&</scenario>\n'; } >"$in/nul-after-root.xml"
# EBCDIC (code page 037): detected from its first bytes, or declared.
iconv -f UTF-8 -t CP037 "$scenario" >"$in/ebcdic.xml" 2>/dev/null
sed 's/encoding="UTF-8"/encoding="IBM037"/' "$scenario" >"$in/ebcdic-declared.xml"

# Every line is a diagnostic or a message of the command.
only_our_lines() {
	local name=$1 cmd=$2 file=$3
	local strange
	strange=$(grep -Ev "^[^ ]+(:[0-9]+)*: (error|warning): .* \[[a-z0-9._-]+\]$|^orbat $cmd: " "$file" | head -3)
	[ -z "$strange" ] && ok || bad "$name: lines that are neither diagnostics nor 'orbat $cmd:' messages: $strange"
}

for f in "$in"/*.xml; do
	base=$(basename "$f")
	for cmd in validate render cards; do
		name="$cmd $base"
		case $cmd in
		validate) (cd "$in" && "$orbat" validate "$base") >"$work/stdout" 2>"$work/stderr" ;;
		render) (cd "$in" && "$orbat" render -o "$work/out" "$base") >"$work/stdout" 2>"$work/stderr" ;;
		cards) (cd "$in" && "$orbat" cards --ruleset battlecry-1999 --deck "$base" -o "$work/out") \
			>"$work/stdout" 2>"$work/stderr" ;;
		esac
		rc=$?
		[ "$rc" -eq 1 ] && ok || bad "$name: exit $rc, expected 1: $(head -2 "$work/stderr")"
		[ -s "$work/stderr" ] && ok || bad "$name: no message at all"
		no_libxml_text "$name" "$work/stderr"
		only_our_lines "$name" "$cmd" "$work/stderr"
		[ ! -e "$work/out" ] && ok || { bad "$name: output was written"; rm -rf "$work/out"; }
	done
done

# The bound on attributes: one diagnostic at the element, before any
# schema message (the file is not parsed at all); 64 attributes still pass
# to the parser.
(cd "$in" && "$orbat" validate many-attributes.xml) 2>"$work/stderr"
expected='many-attributes.xml:2:1: error: the element <scenario> has more than 64 attributes, the most orbat reads on one element [xml]'
[ "$(cat "$work/stderr")" = "$expected" ] && ok || bad "many-attributes: expected only '$expected', got: $(head -3 "$work/stderr")"
{
	printf '%s\n<scenario %s' "$decl" "$ns"
	seq -f ' a%.0f="1"' 1 63 | tr -d '\n'
	printf '/>\n'
} >"$work/sixty-four.xml"
"$orbat" validate "$work/sixty-four.xml" 2>"$work/stderr"
grep -q 'more than 64 attributes' "$work/stderr" && bad "64 attributes (63 and xmlns) were refused" || ok
grep -q "attribute 'a63' that the scenario format does not know" "$work/stderr" && ok ||
	bad "64 attributes: the schema did not see them all: $(head -2 "$work/stderr")"

# What follows a NUL byte is not ignored; EBCDIC is named as such, detected
# or declared, never in the library's words.
for pair in 'nul-after-root.xml:NUL byte' 'ebcdic.xml:encoded in EBCDIC' "ebcdic-declared.xml:declares the encoding 'IBM037'"; do
	f=${pair%%:*} text=${pair#*:}
	(cd "$in" && "$orbat" validate "$f") 2>"$work/stderr"
	[ "$(wc -l <"$work/stderr")" -eq 1 ] && grep -q "$text" "$work/stderr" && ok ||
		bad "$f: expected one diagnostic saying '$text', got: $(head -3 "$work/stderr")"
done

# A file with thousands of faults reports the first 100 by position and
# one last line saying how many more there are (a 30 MB file gave a
# million lines and a gigabyte of memory).
{
	sed -n '1,/<side id="union"/p' "$scenario"
	seq -f '<unit id="x%.0f" type="infantry" at="ZZ99"/>' 1 5000
	sed -n '/<side id="union"/,$p' "$scenario" | tail -n +2
} >"$in/many-problems.xml"
(cd "$in" && "$orbat" validate many-problems.xml) 2>"$work/stderr"
rc=$?
[ "$rc" -eq 1 ] && ok || bad "many-problems: exit $rc, expected 1"
[ "$(wc -l <"$work/stderr")" -eq 101 ] && ok || bad "many-problems: $(wc -l <"$work/stderr") lines, expected 101"
tail -1 "$work/stderr" | grep -Eq '^many-problems.xml: error: 4900 more problems of this file are not shown: only the first 100 are, by position \[more-problems\]$' &&
	ok || bad "many-problems: last line: $(tail -1 "$work/stderr")"
head -100 "$work/stderr" | cut -d: -f2 | sort -n -c 2>/dev/null && ok || bad "many-problems: the first 100 are not in file order"
(cd "$in" && "$orbat" validate --format json many-problems.xml) >"$work/stdout" 2>/dev/null
python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["files"][0]; assert not d["valid"]; assert len(d["diagnostics"]) == 101; assert d["diagnostics"][-1]["rule"] == "more-problems"' \
	"$work/stdout" && ok || bad "many-problems: the JSON output does not hold 100 diagnostics and the note"

# Scripts the bundled fonts lack (Arabic, Hebrew, CJK, Devanagari, Thai,
# emoji) are refused by validate with rule id font, so render stops there
# with exit 1 and writes nothing, never failing on unknown glyphs (exit 3).
for text in 'معركة' 'קרב' '战斗' 'युद्ध' 'การต่อสู้' '⚔️'; do
	sed "0,/<title xml:lang=\"en\">[^<]*/s//<title xml:lang=\"en\">Bull Run $text/" "$scenario" >"$work/script.xml"
	for cmd in validate render; do
		case $cmd in
		validate) "$orbat" validate "$work/script.xml" >/dev/null 2>"$work/stderr" ;;
		render) "$orbat" render -o "$work/out" --lang en "$work/script.xml" >/dev/null 2>"$work/stderr" ;;
		esac
		rc=$?
		[ "$rc" -eq 1 ] && grep -q ' \[font\]$' "$work/stderr" && ok ||
			bad "$cmd of a title with $text: exit $rc, expected 1 with a [font] diagnostic: $(head -2 "$work/stderr")"
		[ ! -e "$work/out" ] && ok || { bad "$cmd of a title with $text: output was written"; rm -rf "$work/out"; }
	done
done

# Not a regular file: a FIFO is refused at once (no writer ever comes, so
# opening or reading it would wait for ever), by every command that reads
# a file.  timeout only turns a hang into a failure.
mkfifo "$work/fifo"
for cmd in validate render cards check ask play; do
	case $cmd in
	validate) args=(validate "$work/fifo") ;;
	render) args=(render -o "$work/out" "$work/fifo") ;;
	cards) args=(cards --ruleset battlecry-1999 --deck "$work/fifo" -o "$work/out") ;;
	check) args=(check "$scenario" "$work/fifo") ;;
	ask) args=(ask "$work/fifo" los A1 B1) ;;
	play) args=(play "$scenario" --resume "$work/fifo") ;;
	esac
	timeout 120 "$orbat" "${args[@]}" >"$work/stdout" 2>"$work/stderr"
	rc=$?
	[ "$rc" -eq 2 ] && ok || bad "$cmd FIFO: exit $rc, expected 2: $(head -2 "$work/stderr")"
	grep -q 'not a regular file' "$work/stderr" && ok || bad "$cmd FIFO: no 'not a regular file': $(head -2 "$work/stderr")"
	rm -rf "$work/out"
done
# The configuration file every card command reads, as a FIFO.
mkdir -p "$work/xdg/orbat"
mkfifo "$work/xdg/orbat/orbat.conf"
XDG_CONFIG_HOME=$work/xdg timeout 120 "$orbat" cards --ruleset battlecry-1999 -o "$work/out" >/dev/null 2>"$work/stderr"
rc=$?
[ "$rc" -eq 2 ] && grep -q 'not a regular file' "$work/stderr" && ok ||
	bad "a FIFO as the configuration file: exit $rc, expected 2 with 'not a regular file': $(head -2 "$work/stderr")"
rm -rf "$work/out"

finish hostile-input
