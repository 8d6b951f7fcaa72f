# Shared by the print-product check scripts (sourced, not run): their
# opening, counters and verdicts, and readers of PDFs built on
# poppler-utils and qpdf.  The readers write in WORK (check_begin makes it).

# The opening of a check script run as SCRIPT ORBAT_BINARY SOURCE_ROOT:
#   . "$(dirname -- "$0")/../render/pdf-lib.sh"
#   check_begin NAME "TOOL..." "$@"
# A wrong call is a usage error (exit 2); a missing tool skips the test
# (exit 77), naming its package.  Sets ORBAT and ROOT (absolute) from the
# arguments, makes the scratch folder WORK, removed at exit, and has the
# program read the source tree's data unless ORBAT_DATADIR says otherwise.
check_begin() {
	local name=$1 tools=$2 tool package
	shift 2
	if [ $# -ne 2 ]; then
		echo "usage: $0 ORBAT_BINARY SOURCE_ROOT" >&2
		exit 2
	fi
	ORBAT=$1
	ROOT=$(cd "$2" && pwd) || exit 2
	for tool in $tools; do
		command -v "$tool" >/dev/null 2>&1 && continue
		case $tool in
		pdf*) package=poppler-utils ;;
		xmllint) package=libxml2-utils ;;
		*) package=$tool ;;
		esac
		echo "$name: skipped: $tool is not installed ($package)"
		exit 77
	done
	WORK=$(mktemp -d "${TMPDIR:-/tmp}/orbat-$name.XXXXXX") || exit 2
	trap 'rm -rf -- "$WORK"' EXIT
	[ -n "${ORBAT_DATADIR:-}" ] || export ORBAT_DATADIR=$ROOT/data
}

PASSED=0
FAILED=0
FAILED_NAMES=()
ok() {
	PASSED=$((PASSED + 1))
	echo "ok   - $1"
}
fail() {
	FAILED=$((FAILED + 1))
	FAILED_NAMES+=("$1")
	echo "FAIL - $1"
	if [ $# -gt 1 ] && [ -n "$2" ]; then
		printf '%s\n' "$2" | head -n 12 | sed 's/^/       /'
	fi
}
# check DESCRIPTION DETAIL-IF-FAILED CONDITION-STATUS, for a status held
# in a variable or made in its own "$(...; echo $?)"; never with a bare
# "$?" after a "$(...)": see checked.
verdict() {
	if [ "$3" -eq 0 ]; then ok "$1"; else fail "$1" "$2"; fi
}
# checked DESCRIPTION STATUS DETAIL-IF-FAILED: the check right after the
# command it judges ("grep -q x f; checked DESC $? "$(head f)""). The
# status comes before the detail because a "$(...)" runs before a later
# "$?" is expanded and its own status would stand in for the check's, so
# the check could never fail.  The DESCRIPTION is expanded first: with a
# "$(...)" in it, keep the status first ("st=$?") and pass "$st".
checked() { verdict "$1" "$3" "$2"; }
calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }

# ---- layout values, from the file the program reads ----
LAYOUT=${ROOT:+$ROOT/layouts/print.xml}
# lx ELEMENT XPATH-TAIL: a value of layouts/print.xml ("lx tiles /@margin").
lx() { xmllint --xpath "string(//*[local-name()='$1']$2)" "${LAYOUT:-$ROOT/layouts/print.xml}"; }
# The poster's trim from the paper's edge (poster.c): the bleed, a 3 mm gap
# and 6 mm crop marks, then the paper's unprinted edge.
poster_trim_inset() { calc "$(lx poster /@bleed) + 9 + $(lx poster /@edge)"; }
# near A B TOL: |A - B| <= TOL
near() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= t) }'; }
PT=$(calc "72 / 25.4")

# ---- PDF readers ----
npages() { pdfinfo "$1" 2>/dev/null | awk '/^Pages:/ { print $2 }'; }
# MediaBox width and height of every page, one "w h" line per page.
page_boxes() {
	local n
	n=$(npages "$1")
	pdfinfo -box -f 1 -l "${n:-1}" "$1" 2>/dev/null |
		awk '$1 == "Page" && $3 == "MediaBox:" { printf "%.4f %.4f\n", $6 - $4, $7 - $5 }'
}
info() { pdfinfo -isodates "$2" 2>/dev/null | sed -n "s/^$1: *//p"; }
# Page labels (qpdf --json) decoded to one label per page.
page_labels() {
	local n
	n=$(npages "$1")
	qpdf --json --json-key=pagelabels "$1" 2>/dev/null | jq -r --argjson n "$n" '
		def str: if type == "string" then sub("^u:"; "") else "" end;
		.pagelabels as $ranges
		| range(0; $n) as $i
		| ([$ranges[] | select(.index <= $i)] | last) as $r
		| if $r == null then ($i + 1 | tostring)
		  else ($r.label["/P"] | str) +
		       (if $r.label["/S"] == "/D" then (($r.label["/St"] // 1) + $i - $r.index | tostring)
		        elif $r.label["/S"] == null then ""
		        else "?" end)
		  end'
}
# Outline as "depth<TAB>page<TAB>title" lines.
outlines() {
	qpdf --json --json-key=outlines "$1" 2>/dev/null | jq -r '
		def walk_o($d): .[] | ("\($d)\t\(.destpageposfrom1)\t\(.title)"), (.kids | walk_o($d + 1));
		.outlines | walk_o(0)'
}
# Words of one page: "text xmid_mm ytop_mm xmin_mm" (pdftotext -bbox, points from the top left).
words_mm() { # file page
	pdftotext -f "$2" -l "$2" -bbox "$1" - 2>/dev/null | awk -v pt="$PT" '
		/<word / {
			match($0, /xMin="[^"]*"/); x0 = substr($0, RSTART + 6, RLENGTH - 7)
			match($0, /yMin="[^"]*"/); y0 = substr($0, RSTART + 6, RLENGTH - 7)
			match($0, /xMax="[^"]*"/); x1 = substr($0, RSTART + 6, RLENGTH - 7)
			t = $0; sub(/.*">/, "", t); sub(/<\/word>.*/, "", t)
			printf "%s %.4f %.4f %.4f\n", t, (x0 + x1) / 2 / pt, y0 / pt, x0 / pt
		}'
}
text_of() { pdftotext -enc UTF-8 "$@" - 2>/dev/null; }
# Remove all white space, also no-break and narrow no-break spaces.
squeeze() { tr -d ' \t\n\f\r' | sed 's/\xc2\xa0//g; s/\xe2\x80\xaf//g'; }

