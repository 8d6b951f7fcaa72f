# Shared by the tests of suite 'errors' (sourced, not run).
#
# Each script defines pass/fail counters through ok and bad, and finishes
# with `finish NAME`, which prints `NAME: N passed, M failed` and sets the
# exit status.

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

finish() {
	echo "$1: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}

# An absolute path to the orbat binary given as the first argument.
absolute_orbat() {
	case $1 in
	*/*) echo "$(cd "$(dirname -- "$1")" && pwd)/$(basename -- "$1")" ;;
	*) command -v -- "$1" ;;
	esac
}

# libxml2's own message forms, which must never reach the terminal: its
# "FILE:LINE: parser error : ..." lines, the source line with a caret under
# it, RELAX NG validity and schema errors, namespace errors and the
# "element NAME: ..." prefix of its validity messages.
LIBXML_PATTERNS='parser error|parser warning|Relax-NG|RelaxNG|validity error|validity warning|namespace error|namespace warning|Schemas parser|I/O error|I/O warning|element [^ <>]+: |^ *\^ *$|^-|xmlRelaxNG|XML_PARSE_'

# Fails the check named $1 when file $2 holds any of the forms above.
no_libxml_text() {
	if grep -Eq -- "$LIBXML_PATTERNS" "$2"; then
		bad "$1: libxml2's own message text on stderr:"
		grep -E -- "$LIBXML_PATTERNS" "$2" | head -3 | sed 's/^/    /'
	else
		ok
	fi
}

# A listing of a folder tree that changes when anything in it changes:
# every file with its inode, size and modification time, every folder and
# link by name (a folder's own time changes when a temporary file comes
# and goes beside its files, which is fine).
tree_state() {
	[ -e "$1" ] || { echo "(absent)"; return; }
	(cd "$1" && find . \( -type d -printf 'd %p\n' \) -o \( -type l -printf 'l %p\n' \) \
		-o -printf '%y %p %i %s %T@\n' | LC_ALL=C sort)
}
