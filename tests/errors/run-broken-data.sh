#!/bin/bash
# A broken installation: every kind of data file, broken every way, read by
# every command that reads it.
#
#   run-broken-data.sh ORBAT_BINARY SOURCE_ROOT
#
# The data folder is copied to a temporary folder (ORBAT_DATADIR points
# there) and one file at a time is truncated, replaced by garbage, emptied,
# given a wrong root element, a DOCTYPE with an entity, or content its
# loader refuses.  Each command that reads the file must then exit 3 and
# print exactly one line on stderr, "orbat CMD: broken data file PATH...",
# naming the broken file, and none of libxml2's own message forms.  The
# rule catalogue (data/rules/, read by `orbat explain`) is checked too.
#
# Prints `broken-data: N passed, M failed` last.
set -u
[ $# -eq 2 ] || { echo "usage: $0 ORBAT_BINARY SOURCE_ROOT" >&2; exit 2; }
here=$(cd "$(dirname -- "$0")" && pwd)
. "$here/errors-lib.sh"
orbat=$(absolute_orbat "$1") || { echo "run-broken-data: cannot find $1" >&2; exit 2; }
root=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-broken-data.XXXXXX") || exit 2
trap 'rm -rf -- "$work"' EXIT

scenario=$root/scenarios/first-bull-run.xml   # ruleset battlecry-1999
: >"$work/empty.log"

# The command lines that read data, by name.
run_command() {
	case $1 in
	validate) "$orbat" validate "$scenario" ;;
	render) "$orbat" render -q --lang en -o "$work/out" "$scenario" ;;
	cards) "$orbat" cards -q --ruleset battlecry-1999 --lang en -o "$work/out" ;;
	refcard) "$orbat" refcard -q --ruleset battlecry-1999 --lang en -o "$work/out" ;;
	ask) "$orbat" ask "$scenario" los C4 F6 ;;
	check) "$orbat" check -q "$scenario" "$work/empty.log" ;;
	play) "$orbat" play --auto --max-turns 1 -q "$scenario" </dev/null ;;
	explain) "$orbat" explain --ruleset battlecry-1999 ;;
	esac
}

# Ways to break a file: each rewrites $1 in place.
break_file() {
	local how=$1 file=$2
	case $how in
	truncated)
		local size
		size=$(stat -c %s "$file")
		head -c $((size / 2)) "$file" >"$work/cut" && mv "$work/cut" "$file" ;;
	garbage) printf 'this is not XML \001\377 at all\n' >"$file" ;;
	empty) : >"$file" ;;
	wrong-root) printf '<?xml version="1.0" encoding="UTF-8"?>\n<wrong xmlns="urn:example:wrong"/>\n' >"$file" ;;
	doctype)
		# The first line after the XML declaration becomes a DOCTYPE with
		# an entity: refused before anything is expanded.
		sed -i '0,/^<[a-z]/s//<!DOCTYPE x [<!ENTITY e "e">]>\n&/' "$file" ;;
	bad-utf8) printf '<?xml version="1.0" encoding="UTF-8"?>\n<a>\377\376</a>\n' >"$file" ;;
	invalid)
		# Well-formed, right root and namespace, wrong content.
		case $file in
		*.rng) sed -i '0,/<start>/s//<start><bogus\/>/' "$file" ;;
		*/rulesets/*) sed -i '0,/figures="[0-9]*"/s//figures="many"/' "$file" ;;
		*/i18n/*) sed -i '0,/<string id="[^"]*"/s//<string/' "$file" ;;
		*/layouts/print.xml) sed -i '0,/width="[0-9.]*"/s//width="wide"/' "$file" ;;
		*/layouts/cards.xml) sed -i '0,/width="[0-9.]*"/s//width="wide"/' "$file" ;;
		*/rules/*) sed -i '0,/<rule id="[^"]*"/s//<rule/' "$file" ;;
		esac ;;
	esac
}

# check_case FILE HOW COMMAND...: break FILE (relative to data/) one way,
# run each command on a fresh copy of the data folder.
check_case() {
	local rel=$1 how=$2
	shift 2
	rm -rf "$work/data"
	cp -rL "$root/data" "$work/data"
	break_file "$how" "$work/data/$rel"
	if cmp -s "$work/data/$rel" "$root/data/$rel"; then
		bad "$rel $how: the test did not manage to break the file"
		return
	fi
	local cmd
	for cmd in "$@"; do
		local name="$cmd with $how $rel"
		ORBAT_DATADIR=$work/data run_command "$cmd" >"$work/stdout" 2>"$work/stderr"
		local rc=$?
		[ "$rc" -eq 3 ] && ok || bad "$name: exit $rc, expected 3: $(head -3 "$work/stderr")"
		no_libxml_text "$name" "$work/stderr"
		local lines
		lines=$(wc -l <"$work/stderr")
		[ "$lines" -eq 1 ] && ok || bad "$name: $lines lines on stderr, expected one: $(head -5 "$work/stderr")"
		# The file itself, or for a strings file the folder they are read from.
		grep -q "^orbat $cmd: broken data file $work/data/" "$work/stderr" &&
			grep -qF -- "$work/data/$rel" "$work/stderr" && ok ||
			bad "$name: not 'orbat $cmd: broken data file $work/data/$rel...': $(head -1 "$work/stderr")"
	done
}

all_ways="truncated garbage empty wrong-root doctype bad-utf8 invalid"
for how in $all_ways; do
	check_case schema/scenario.rng "$how" validate render ask check play
	check_case rulesets/battlecry-1999.xml "$how" validate render cards refcard ask check play
	check_case i18n/strings.xml "$how" render cards refcard explain
	check_case i18n/cards.xml "$how" render cards refcard explain
	check_case layouts/print.xml "$how" render cards refcard
	check_case layouts/cards.xml "$how" render cards refcard
done

# The schema gone: the folder is incomplete, which one line says.
rm -rf "$work/data"
cp -rL "$root/data" "$work/data"
rm "$work/data/schema/scenario.rng"
ORBAT_DATADIR=$work/data "$orbat" validate "$scenario" >/dev/null 2>"$work/stderr"
rc=$?
[ "$rc" -eq 3 ] && ok || bad "validate without the schema: exit $rc, expected 3"
[ "$(wc -l <"$work/stderr")" -eq 1 ] && grep -q "^orbat validate: .*schema/scenario.rng" "$work/stderr" && ok ||
	bad "validate without the schema: $(head -3 "$work/stderr")"

# A ruleset whose parent is missing, or that extends itself: the
# extending file is named.
for parent in missing loop; do
	rm -rf "$work/data"
	cp -rL "$root/data" "$work/data"
	child=$work/data/rulesets/battlecry-150.xml
	if [ "$parent" = missing ]; then
		rm "$work/data/rulesets/battlecry-1999.xml"
	else
		sed -i 's/extends="battlecry-1999"/extends="battlecry-150"/' "$child"
	fi
	for cmd in validate cards; do
		case $cmd in
		validate) ORBAT_DATADIR=$work/data "$orbat" validate "$root/scenarios/antietam.xml" ;;
		cards) ORBAT_DATADIR=$work/data "$orbat" cards -q --ruleset battlecry-150 -o "$work/out" ;;
		esac >/dev/null 2>"$work/stderr"
		rc=$?
		[ "$rc" -eq 3 ] && ok || bad "$cmd with a $parent parent: exit $rc, expected 3"
		[ "$(wc -l <"$work/stderr")" -eq 1 ] && grep -q "^orbat $cmd: broken data file $child" "$work/stderr" && ok ||
			bad "$cmd with a $parent parent: $(head -3 "$work/stderr")"
	done
done

# The rule catalogue.
if [ -d "$root/data/rules" ]; then
	# The catalogue of the ruleset and the shared format rules: the list
	# of a ruleset reads both.
	for f in battlecry.xml format.xml; do
		[ -f "$root/data/rules/$f" ] || continue
		for how in truncated garbage wrong-root doctype; do
			check_case "rules/$f" "$how" explain
		done
	done
fi

# Nothing was written anywhere for a broken installation.
[ ! -e "$work/out" ] && ok || bad "output was written although the data is broken: $(find "$work/out" | head -3)"

finish broken-data
