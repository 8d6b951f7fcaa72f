#!/bin/bash
# Print-product checks with real PDF clients.
#
#   run-pdf-checks.sh ORBAT_BINARY SOURCE_ROOT
#
# Renders the scenarios of tests/render/scenarios into a temporary folder
# and checks the PDFs with poppler-utils (pdfinfo, pdffonts, pdftotext),
# qpdf and jq:
#   - page sizes (A4, Letter, the poster's canvas + border + bleed);
#   - the number of tiles, from the layout's margins, overlap and footer;
#   - fonts: every one embedded and subset, only the bundled families;
#   - structure: qpdf --check clean;
#   - languages: legend, rosters and tile texts in the right language;
#   - metadata, bookmarks and page labels;
#   - positions: hex labels and the calibration bar where the millimetre
#     maths puts them, on the poster and on tiles;
#   - reproducibility (also with SOURCE_DATE_EPOCH) and atomic writing.
# Prints one line per check and ends with
#   render-checks: N passed, M failed
# Exit status 0 when all passed, 1 when any failed, 77 (skipped) when a
# client is missing.

set -u

if [ $# -ne 2 ]; then
	echo "usage: $0 ORBAT_BINARY SOURCE_ROOT" >&2
	exit 2
fi
ORBAT=$1
ROOT=$2
HERE=$(cd "$(dirname "$0")" && pwd)
SCEN=$HERE/scenarios
INVALID=$HERE/invalid/rt-invalid.xml

for tool in pdfinfo pdffonts pdftotext qpdf jq xmllint awk cmp; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "skipped: $tool is not installed (poppler-utils, qpdf, jq, libxml2-utils)"
		exit 77
	fi
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/orbat-render-checks.XXXXXX")
cleanup() {
	chmod -R u+rwx "$WORK" 2>/dev/null
	rm -rf "$WORK"
}
trap cleanup EXIT
chmod 755 "$WORK"   # the atomicity checks run a step as another user

# Work on a copy of the program and of its data, so that a rebuild or an
# edit of data/ during the run cannot mix two versions (the checks compare
# the bytes of renders minutes apart); the copy is "installed", so it needs
# ORBAT_DATADIR.
ORIG_ORBAT=$ORBAT
if cp "$ORBAT" "$WORK/orbat" 2>/dev/null; then
	ORBAT=$WORK/orbat
	if cp -R "${ORBAT_DATADIR:-$ROOT/data}" "$WORK/data" 2>/dev/null; then
		export ORBAT_DATADIR=$WORK/data
	else
		[ -n "${ORBAT_DATADIR:-}" ] || export ORBAT_DATADIR=$ROOT/data
	fi
fi

# Counters, verdicts and the PDF readers shared with run-square-checks.sh.
. "$HERE/pdf-lib.sh"

# Without SOURCE_DATE_EPOCH a product carries the real date; these checks
# compare bytes across renders, so they pin the date (2000-01-01).
export SOURCE_DATE_EPOCH=946684800

# ---- layout values, from the same file the program reads ----
LAYOUT=$ROOT/layouts/print.xml
MARGIN=$(lx tiles /@margin)
OVERLAP=$(lx tiles /@overlap)
FOOTER=$(lx tiles /@footer)
BORDER=$(lx poster /@border)
BLEED=$(lx poster /@bleed)
EDGE=$(poster_trim_inset)
A4_W=$(lx paper "[@id='a4']/@width")
A4_H=$(lx paper "[@id='a4']/@height")
LT_W=$(lx paper "[@id='letter']/@width")
LT_H=$(lx paper "[@id='letter']/@height")
# The share of the radius between the hex's centre and the top of its
# address label (hexdraw.c: the label hangs just below the top corner).
LABEL_DROP=0.82
echo "# layouts: tiles margin $MARGIN, overlap $OVERLAP, footer $FOOTER; poster border $BORDER, bleed $BLEED (mm)"

hex_default() {
	local rs=$1 v
	v=$(xmllint --xpath "string(//*[local-name()='hex'][@ruleset='$rs']/@size)" "$LAYOUT")
	[ -n "$v" ] || v=$(xmllint --xpath "string(//*[local-name()='hex'][@ruleset='*']/@size)" "$LAYOUT")
	echo "${v:-60}"
}
# Board of a scenario: "columns rows short(1/0) default-hex"
board_of() {
	local f=$SCEN/$1.xml cols rows sr rs
	cols=$(xmllint --xpath "string(//*[local-name()='board']/@columns)" "$f")
	rows=$(xmllint --xpath "string(//*[local-name()='board']/@rows)" "$f")
	sr=$(xmllint --xpath "string(//*[local-name()='board']/@short-rows)" "$f")
	rs=$(xmllint --xpath "string(/*/@ruleset)" "$f")
	echo "$cols $rows $([ "$sr" = none ] && echo 0 || echo 1) $(hex_default "$rs")"
}
title_of() { # scenario lang
	xmllint --xpath "string(//*[local-name()='title'][@xml:lang='$2'])" "$SCEN/$1.xml"
}

# The map canvas (mapgeom_init): prints "width height frame radius" in mm.
GEOM_AWK='
function clamp(v, lo, hi) { return v < lo ? lo : v > hi ? hi : v }
function geom(cols, rows, short, hex) {
	R = hex / sqrt(3); F = clamp(hex / 4, 12, 24)
	HW = cols * hex + ((short || rows < 2) ? 0 : hex / 2)
	HH = 2 * R + (rows - 1) * 1.5 * R
	W = HW + 2 * F; H = HH + 2 * F
}
function tiles_needed(len, area, step) {
	if (len <= area) return 1
	n = (len - area) / step - 1e-9
	c = int(n); if (c < n) c++
	return 1 + c
}
# Fewest pages over both orientations (portrait on a tie) that cover the
# cells; the whole canvas from its corner when that takes no more pages,
# else the pages centred on it (the frame shares the slack).  Sets PW PH
# AW AH SX SY TC TR OX OY (OX, OY: where the first tile starts on the canvas).
function plan(pw, ph, mw, mh, margin, overlap, footer,   o, w, h, aw, ah, c, r, best, ox, oy) {
	best = -1
	for (o = 0; o < 2; o++) {
		w = o ? ph : pw; h = o ? pw : ph
		aw = w - 2 * margin; ah = h - 2 * margin - footer
		c = tiles_needed(mw, aw, aw - overlap); r = tiles_needed(mh, ah, ah - overlap)
		ox = 0; oy = 0
		if (c > tiles_needed(HW, aw, aw - overlap)) {
			c = tiles_needed(HW, aw, aw - overlap); ox = (mw - (aw + (c - 1) * (aw - overlap))) / 2
		}
		if (r > tiles_needed(HH, ah, ah - overlap)) {
			r = tiles_needed(HH, ah, ah - overlap); oy = (mh - (ah + (r - 1) * (ah - overlap))) / 2
		}
		if (best < 0 || c * r < best) {
			best = c * r; PW = w; PH = h; AW = aw; AH = ah
			SX = aw - overlap; SY = ah - overlap; TC = c; TR = r; OX = ox; OY = oy
		}
	}
}
function colname(c) { return c < 26 ? substr(ALPHA, c + 1, 1) : substr(ALPHA, int(c / 26), 1) substr(ALPHA, c % 26 + 1, 1) }
BEGIN { ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZ" }
'
geom() { # cols rows short hex
	awk -v c="$1" -v r="$2" -v s="$3" -v x="$4" "$GEOM_AWK"'
		BEGIN { geom(c, r, s, x); printf "%.6f %.6f %.6f %.6f\n", W, H, F, R }'
}
# Expected tiles: prints "columns rows page_w page_h area_w area_h step_x step_y
# offset_x offset_y" (mm)
tile_plan() { # cols rows short hex paper_w paper_h
	awk -v c="$1" -v r="$2" -v s="$3" -v x="$4" -v pw="$5" -v ph="$6" \
		-v m="$MARGIN" -v o="$OVERLAP" -v f="$FOOTER" "$GEOM_AWK"'
		BEGIN { geom(c, r, s, x); plan(pw, ph, W, H, m, o, f)
			printf "%d %d %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f\n", TC, TR, PW, PH, AW, AH, SX, SY, OX, OY }'
}

# Compare hex address labels on a page with the maths.
#   label_check FILE PAGE COLS ROWS SHORT HEX OFFX OFFY [AREA_X0 AREA_Y0 AREA_X1 AREA_Y1]
# OFF is where the map canvas's origin lands on the page (mm); labels whose
# text lies outside the area (tile pages) are not expected.  Prints
# "matched expected worst_mm detail..." .
label_check() {
	local file=$1 page=$2
	shift 2
	words_mm "$file" "$page" > "$WORK/words.txt"
	awk -v c="$1" -v r="$2" -v s="$3" -v x="$4" -v ox="$5" -v oy="$6" \
		-v ax0="${7:--1e9}" -v ay0="${8:--1e9}" -v ax1="${9:-1e9}" -v ay1="${10:-1e9}" \
		-v drop="$LABEL_DROP" "$GEOM_AWK"'
		FNR == NR { n++; wt[n] = $1; wx[n] = $2; wy[n] = $3; next }
		END {
			geom(c, r, s, x)
			expected = 0; matched = 0; worst = 0; detail = ""
			for (row = 0; row < r; row++) {
				len = (s && row % 2 == 1) ? c - 1 : c
				for (col = 0; col < len; col++) {
					cx = F + x * (col + 0.5 + (row % 2 ? 0.5 : 0))
					cy = F + R + row * 1.5 * R
					px = ox + cx; py = oy + cy - drop * R
					if (px < ax0 + 4 || px > ax1 - 4 || py < ay0 + 1 || py > ay1 - 8) continue
					name = colname(col) (row + 1)
					expected++
					best = -1
					for (i = 1; i <= n; i++) {
						if (wt[i] != name) continue
						dx = wx[i] - px; dy = wy[i] - py
						d = sqrt(dx * dx + dy * dy)
						if (best < 0 || d < best) { best = d; bdx = dx; bdy = dy }
					}
					if (best < 0) { if (length(detail) < 400) detail = detail " " name ":missing"; worst = 1e9; continue }
					if (bdx < 0) bdx = -bdx
					if (bdy < 0) bdy = -bdy
					if (bdx <= 0.5 && bdy <= 0.5) matched++
					else if (length(detail) < 400) detail = detail sprintf(" %s:off(%.2f,%.2f)mm", name, bdx, bdy)
					if (bdx > worst) worst = bdx
					if (bdy > worst) worst = bdy
				}
			}
			printf "%d %d %.3f%s\n", matched, expected, worst, detail
		}' "$WORK/words.txt" /dev/null
}

# The calibration bar as drawn: the 50 x 2.5 mm rectangle stroked in the
# page's content stream (cairo flips the page with "1 0 0 -1 0 H cm", so
# "x y w h re" is in points from the top left).  Prints "x_mm y_mm" of
# every such rectangle on the page.
bars_on_page() { # file page
	qpdf --qdf --object-streams=disable "$1" "$WORK/bars.qdf" 2>/dev/null
	awk -v want="$2" -v pt="$PT" '
		/^%% Contents for page / { pending = $5; next }
		/^stream/ { if (pending) page = pending; pending = 0; next }
		/^endstream/ { page = 0; next }
		page == want && / re / {
			n = split($0, f, " ")
			for (i = 5; i <= n; i++)
				if (f[i] == "re") {
					w = f[i - 2] / pt; h = f[i - 1] / pt
					if (w > 49.9 && w < 50.1 && h > 2.45 && h < 2.55)
						printf "%.3f %.3f\n", f[i - 4] / pt, f[i - 3] / pt
				}
		}' "$WORK/bars.qdf"
}

# ---- render ----
render() { # outdir args...
	local out=$1
	shift
	"$ORBAT" render -q -o "$out" "$@" > "$WORK/render.log" 2>&1
}

SCENARIOS="rt-bc1999 rt-nz-table rt-bc150"
SCEN_FILES="$SCEN/rt-bc1999.xml $SCEN/rt-nz-table.xml $SCEN/rt-bc150.xml"

render "$WORK/a4" $SCEN_FILES
st=$?
if [ $st -eq 3 ]; then
	echo "# rendering with ORBAT_DATADIR=${ORBAT_DATADIR:-} failed (exit 3); using $ORIG_ORBAT with its own data folder"
	sed 's/^/#   /' "$WORK/render.log"
	ORBAT=$ORIG_ORBAT
	unset ORBAT_DATADIR
	rm -rf "$WORK/a4"
	render "$WORK/a4" $SCEN_FILES
	st=$?
fi
verdict "render the three test scenarios (A4, en nl fr): exit 0" "exit $st: $(cat "$WORK/render.log")" $st
if [ $st -ne 0 ]; then
	echo "render-checks: $PASSED passed, $((FAILED)) failed (nothing else to check)"
	exit 1
fi
render "$WORK/letter" --paper letter --lang en $SCEN_FILES
_st=$?
verdict "render with --paper letter: exit 0" "$(cat "$WORK/render.log")" $_st
render "$WORK/hex30" --hex-size 30 --lang en "$SCEN/rt-bc1999.xml"
_st=$?
verdict "render with --hex-size 30: exit 0" "$(cat "$WORK/render.log")" $_st
render "$WORK/hex30-letter" --hex-size 30 --paper letter --lang en "$SCEN/rt-bc1999.xml"
_st=$?
verdict "render with --hex-size 30 --paper letter: exit 0" "$(cat "$WORK/render.log")" $_st
render "$WORK/long" --lang en "$SCEN/rt-nz-long.xml"
_st=$?
verdict "render the 45 x 3 noord-zuid table: exit 0" "$(cat "$WORK/render.log")" $_st

# The map products checked in detail here; the print set also holds
# order-cards.pdf and reference-card.pdf, which tests/cards checks.
PRODUCTS="map-tiles map-overview map-poster scenario-sheet rosters"
missing=""
for s in $SCENARIOS; do
	for l in en nl fr; do
		for p in $PRODUCTS; do
			[ -s "$WORK/a4/$s/$l/$p.pdf" ] || missing="$missing $s/$l/$p.pdf"
		done
	done
done
extra=$(cd "$WORK/a4" && find . -name '*.tmp-*' | head -5)
[ -z "$missing" ] && [ -z "$extra" ]
_st=$?
verdict "the five map products in every language (45 PDFs), no temporaries" "missing:$missing temporaries: $extra" $_st

# ---- page sizes ----
# sizes_are FILE W_MM H_MM: every page's MediaBox within 0.01 pt
sizes_are() {
	local want_w want_h bad
	want_w=$(calc "$2 * $PT")
	want_h=$(calc "$3 * $PT")
	bad=$(page_boxes "$1" | awk -v w="$want_w" -v h="$want_h" '
		{ dw = $1 - w; dh = $2 - h; if (dw < 0) dw = -dw; if (dh < 0) dh = -dh
		  if (dw > 0.01 || dh > 0.01) printf "page %d: %s x %s pt, expected %.2f x %.2f\n", NR, $1, $2, w, h }
		END { if (NR == 0) print "no pages" }')
	[ -z "$bad" ] || { echo "$bad"; return 1; }
}
for paper in a4 letter; do
	if [ $paper = a4 ]; then W=$A4_W H=$A4_H dir=$WORK/a4; else W=$LT_W H=$LT_H dir=$WORK/letter; fi
	short=$(awk -v a="$W" -v b="$H" 'BEGIN { print (a < b) ? a : b }')
	long=$(awk -v a="$W" -v b="$H" 'BEGIN { print (a < b) ? b : a }')
	for s in $SCENARIOS; do
		f=$dir/$s/en
		out=$(sizes_are "$f/rosters.pdf" "$short" "$long")
		_st=$?
		verdict "$paper: $s rosters portrait $(calc "$short*$PT") x $(calc "$long*$PT") pt" "$out" $_st
		out=$(sizes_are "$f/scenario-sheet.pdf" "$long" "$short")
		_st=$?
		verdict "$paper: $s scenario sheet landscape" "$out" $_st
		out=$(sizes_are "$f/map-overview.pdf" "$long" "$short")
		_st=$?
		verdict "$paper: $s overview landscape" "$out" $_st
		read -r cols rows sr hex <<< "$(board_of "$s")"
		read -r tc tr pw ph aw ah sx sy tox toy <<< "$(tile_plan "$cols" "$rows" "$sr" "$hex" "$W" "$H")"
		out=$(sizes_are "$f/map-tiles.pdf" "$pw" "$ph")
		_st=$?
		verdict "$paper: $s tiles $( [ "${pw%.*}" -lt "${ph%.*}" ] && echo portrait || echo landscape ) on every page" "$out" $_st
	done
done
# The named sizes of the issue, in points.
a4=$(page_boxes "$WORK/a4/rt-bc1999/en/rosters.pdf" | head -1)
near "${a4% *}" 595.28 0.01 && near "${a4#* }" 841.89 0.01
_st=$?
verdict "A4 is 595.28 x 841.89 pt" "got $a4" $_st
lt=$(page_boxes "$WORK/letter/rt-bc1999/en/rosters.pdf" | head -1)
near "${lt% *}" 612 0.01 && near "${lt#* }" 792 0.01
_st=$?
verdict "Letter is 612 x 792 pt" "got $lt" $_st
for l in nl fr; do
	out=""
	for p in $PRODUCTS; do
		cmp -s <(page_boxes "$WORK/a4/rt-bc1999/en/$p.pdf") <(page_boxes "$WORK/a4/rt-bc1999/$l/$p.pdf") || out="$out $p"
	done
	[ -z "$out" ]
	_st=$?
	verdict "$l products have the same page sizes as en" "differ:$out" $_st
done

# Poster: the canvas + a border on each side + the bleed.  Under the map the
# border band also holds the legend and the calibration bar, whose height
# grows with the map (poster.c); the keywords state the trim size, which
# must be the page less the bleed.
poster_check() { # dir scenario hex-override
	local s=$2 f=$1/$2/en/map-poster.pdf cols rows sr hex w h fr r box pw ph kw tw th out="" st
	read -r cols rows sr hex <<< "$(board_of "$s")"
	[ -n "${3:-}" ] && hex=$3
	read -r w h fr r <<< "$(geom "$cols" "$rows" "$sr" "$hex")"
	box=$(page_boxes "$f" | head -1)
	kw=$(info Keywords "$f")
	# A poster longer than a PDF page may be (200 in) comes as panels that
	# butt edge to edge: the whole is panel size times the panel counts.
	local pc pr
	pc=$(printf '%s' "$kw" | sed -n 's/.*panels \([0-9]*\) x \([0-9]*\).*/\1/p')
	pr=$(printf '%s' "$kw" | sed -n 's/.*panels \([0-9]*\) x \([0-9]*\).*/\2/p')
	pc=${pc:-1}
	pr=${pr:-1}
	pw=$(calc "${box% *} / $PT * $pc")
	ph=$(calc "${box#* } / $PT * $pr")
	awk -v a="$(calc "${box% *} / $PT")" -v b="$(calc "${box#* } / $PT")" 'BEGIN { exit !(a <= 5080 && b <= 5080) }' ||
		out="$out a page is over 5080 mm (200 in), the PDF limit;"
	tw=$(printf '%s' "$kw" | sed -n 's/.*trim \([0-9.]*\) x \([0-9.]*\) mm.*/\1/p')
	th=$(printf '%s' "$kw" | sed -n 's/.*trim \([0-9.]*\) x \([0-9.]*\) mm.*/\2/p')
	near "$pw" "$(calc "$w + 2 * $BORDER + 2 * $EDGE")" 0.01 ||
		out="$out width $pw mm, expected canvas $w + 2 x $BORDER + 2 x $BLEED;"
	awk -v a="$ph" -v b="$(calc "$h + 2 * $BORDER + 2 * $EDGE")" 'BEGIN { exit !(a >= b - 0.01) }' ||
		out="$out height $ph mm, less than canvas $h + 2 x $BORDER + 2 x $BLEED;"
	[ "$(npages "$f")" = $((pc * pr)) ] || out="$out $(npages "$f") pages for $pc x $pr panels;"
	[ -z "$out" ]
	st=$?
	verdict "poster $s: $(printf '%.1f x %.1f' "$pw" "$ph") mm = canvas $(printf '%.1f x %.1f' "$w" "$h") mm + ${BORDER} mm border (+ legend band $(printf '%.1f' "$(calc "$ph - $h - 2 * $BORDER - 2 * $EDGE")") mm) + ${BLEED} mm bleed, $pc x $pr page(s)" "$out" $st
	[ -n "$tw" ] && near "$tw" "$(calc "$pw - 2 * $EDGE")" 0.06 && near "$th" "$(calc "$ph - 2 * $EDGE")" 0.06 &&
		printf '%s' "$kw" | grep -qF "bleed $(printf '%.0f' "$BLEED") mm"
	st=$?
	verdict "poster $s: keywords state the trim size (page less bleed and marks) and the bleed" "keywords: '$kw'; page $pw x $ph mm" $st
}
for s in $SCENARIOS; do poster_check "$WORK/a4" "$s"; done
poster_check "$WORK/hex30" rt-bc1999 30
poster_check "$WORK/long" rt-nz-long
cmp -s <(page_boxes "$WORK/a4/rt-bc1999/en/map-poster.pdf") <(page_boxes "$WORK/letter/rt-bc1999/en/map-poster.pdf")
_st=$?
verdict "poster size does not depend on --paper" "" $_st
# PDF 1.5 (cairo writes 1.5) limits a page to 14400 x 14400 units (200 in,
# 5080 mm) unless /UserUnit (PDF 1.6) scales them; Acrobat and print RIPs
# refuse or clip larger pages.  A noord-zuid table may be 120 hexes wide.
for f in "$WORK"/a4/*/en/map-poster.pdf "$WORK/long/rt-nz-long/en/map-poster.pdf"; do
	box=$(page_boxes "$f" | head -1)
	uu=$(qpdf --json --json-key=pages "$f" 2>/dev/null | grep -c '/UserUnit')
	awk -v b="$box" 'BEGIN { split(b, a, " "); exit !(a[1] <= 14400 && a[2] <= 14400) }' || [ "$uu" -gt 0 ]
	_st=$?
	verdict "poster $(basename "$(dirname "$(dirname "$f")")"): page within the PDF size limit of 14400 units (or /UserUnit)" \
		"MediaBox $box pt = $(awk -v b="$box" -v pt="$PT" 'BEGIN { split(b, a, " "); printf "%.0f x %.0f mm", a[1] / pt, a[2] / pt }'), no /UserUnit" $_st
done

# ---- tile counts and labels ----
tiles_case() { # file scenario paper_w paper_h hex-override [hard-coded count]
	local f=$1 s=$2 cols rows sr hex tc tr pw ph aw ah sx sy tox toy got want labels expect out
	read -r cols rows sr hex <<< "$(board_of "$s")"
	[ -n "$5" ] && hex=$5
	read -r tc tr pw ph aw ah sx sy tox toy <<< "$(tile_plan "$cols" "$rows" "$sr" "$hex" "$3" "$4")"
	want=$((tc * tr))
	got=$(npages "$f")
	[ "$got" = "$want" ] && { [ -z "${6:-}" ] || [ "$6" = "$want" ]; }
	_st=$?
	verdict "tiles $s ${cols}x$rows at $hex mm on ${3}x$4 mm paper: $got pages, expected $tc x $tr = $want${6:+ (issue: $6)}" \
		"the plan from layouts/print.xml needs $tc columns x $tr rows" $_st
	expect=$(awk -v c="$tc" -v r="$tr" 'BEGIN { for (i = 0; i < r; i++) for (k = 0; k < c; k++) print (i + 1) "-" (k + 1) }')
	labels=$(page_labels "$f")
	[ "$labels" = "$expect" ]
	_st=$?
	verdict "tiles $s at $hex mm: page labels $(echo "$expect" | head -1)…$(echo "$expect" | tail -1), row-column in digits" \
		"$(diff <(echo "$expect") <(echo "$labels") | head -8)" $_st
}
tiles_case "$WORK/a4/rt-bc1999/en/map-tiles.pdf" rt-bc1999 "$A4_W" "$A4_H" "" 9
tiles_case "$WORK/letter/rt-bc1999/en/map-tiles.pdf" rt-bc1999 "$LT_W" "$LT_H" ""
tiles_case "$WORK/hex30/rt-bc1999/en/map-tiles.pdf" rt-bc1999 "$A4_W" "$A4_H" 30
tiles_case "$WORK/hex30-letter/rt-bc1999/en/map-tiles.pdf" rt-bc1999 "$LT_W" "$LT_H" 30
tiles_case "$WORK/a4/rt-nz-table/en/map-tiles.pdf" rt-nz-table "$A4_W" "$A4_H" ""
tiles_case "$WORK/letter/rt-nz-table/en/map-tiles.pdf" rt-nz-table "$LT_W" "$LT_H" ""
tiles_case "$WORK/a4/rt-bc150/en/map-tiles.pdf" rt-bc150 "$A4_W" "$A4_H" ""
tiles_case "$WORK/long/rt-nz-long/en/map-tiles.pdf" rt-nz-long "$A4_W" "$A4_H" ""
for l in nl fr; do
	[ "$(page_labels "$WORK/a4/rt-nz-table/$l/map-tiles.pdf")" = "$(page_labels "$WORK/a4/rt-nz-table/en/map-tiles.pdf")" ]
	_st=$?
	verdict "tiles rt-nz-table: $l page labels are the same as en" "" $_st
done

# ---- fonts ----
for s in $SCENARIOS; do
	for l in en nl fr; do
		out=""
		for p in $PRODUCTS; do
			f=$WORK/a4/$s/$l/$p.pdf
			list=$(pdffonts "$f" 2>&1) || { out="$out
$p: pdffonts failed: $list"; continue; }
			rows=$(printf '%s\n' "$list" | tail -n +3)
			[ -n "$rows" ] || out="$out
$p: no fonts"
			bad=$(printf '%s\n' "$rows" | awk -v p="$p" '
				{
					# name type... encoding emb sub uni id gen: read from the right
					emb = $(NF - 4); sub_ = $(NF - 3); name = $1; sub(/^[A-Z][A-Z][A-Z][A-Z][A-Z][A-Z]\+/, "", name)
					if (emb != "yes") printf "%s: %s not embedded\n", p, $1
					if (sub_ != "yes") printf "%s: %s not subset\n", p, $1
					if (name !~ /^(OldStandard|NotoSans)/) printf "%s: %s is not a bundled family\n", p, $1
					if ($0 ~ /Type 3/) printf "%s: %s is a Type 3 font\n", p, $1
				}')
			[ -z "$bad" ] || out="$out
$bad"
		done
		[ -z "$out" ]
		_st=$?
		verdict "fonts $s/$l: all embedded and subset, only Old Standard and Noto Sans" "$out" $_st
	done
done
out=""
for f in "$WORK"/letter/*/en/*.pdf "$WORK"/hex30/*/en/*.pdf "$WORK"/long/*/en/*.pdf; do
	pdffonts "$f" 2>/dev/null | tail -n +3 | awk '{ n = $1; sub(/^[A-Z][A-Z][A-Z][A-Z][A-Z][A-Z]\+/, "", n); if ($(NF-4) != "yes" || $(NF-3) != "yes" || n !~ /^(OldStandard|NotoSans)/) exit 1 }' || out="$out $f"
done
[ -z "$out" ]
_st=$?
verdict "fonts: letter, 30 mm and long-table renders also embed only subsets of the bundled fonts" "$out" $_st

# ---- structure ----
for s in $SCENARIOS; do
	for l in en nl fr; do
		out=""
		for p in $PRODUCTS; do
			res=$(qpdf --check "$WORK/a4/$s/$l/$p.pdf" 2>&1)
			st=$?
			if [ $st -ne 0 ] || printf '%s' "$res" | grep -qi 'warning\|error:'; then
				out="$out
$p (exit $st): $(printf '%s' "$res" | grep -i 'warning\|error' | head -3)"
			fi
		done
		[ -z "$out" ]
		_st=$?
		verdict "qpdf --check $s/$l: all five clean" "$out" $_st
	done
done
out=""
for f in "$WORK"/letter/*/en/*.pdf "$WORK"/hex30/*/en/*.pdf "$WORK"/long/*/en/*.pdf; do
	qpdf --check "$f" > "$WORK/check.log" 2>&1 && ! grep -qi warning "$WORK/check.log" || out="$out $f"
done
[ -z "$out" ]
_st=$?
verdict "qpdf --check: letter, 30 mm and long-table renders clean" "$out" $_st

# ---- languages ----
# has TEXT WORDS...: each word present (after removing all white space,
# which separates the language checks from the word-spacing check below)
lang_words() { # file "present words" "absent words" [page]
	local flat miss="" w
	if [ -n "${4:-}" ]; then
		flat=$(text_of -f "$4" -l "$4" "$1" | squeeze)
	else
		flat=$(text_of "$1" | squeeze)
	fi
	for w in $2; do
		w=${w//_/ }
		printf '%s' "$flat" | grep -qF "${w// /}" || miss="$miss missing '$w';"
	done
	for w in $3; do
		w=${w//_/ }
		printf '%s' "$flat" | grep -qF "${w// /}" && miss="$miss unexpected '$w';"
	done
	[ -z "$miss" ] || { echo "$miss"; return 1; }
}
declare -A LEGEND=(
	[en]="Legend Woods Orchard Hill Infantry Cavalry Artillery Objective Section_line"
	[nl]="Legenda Bos Boomgaard Heuvel Infanterie Cavalerie Artillerie Doel Sectielijn"
	[fr]="Légende Bois Verger Colline Infanterie Cavalerie Artillerie Objectif Limite_de_section")
declare -A LEGEND_NOT=(
	[en]="Legenda Légende Boomgaard Verger Colline Sectielijn"
	[nl]="Légende Woods Orchard Verger Colline Infantry Section_line Objectif"
	[fr]="Legenda Woods Orchard Boomgaard Heuvel Infantry Sectielijn Objective")
declare -A ROSTER=(
	[en]="Unit_rosters Attributes Start Section Brigade General Figures North South rifle veteran dismounted Generals"
	[nl]="Eenhedenlijsten Kenmerken Start Sectie Brigade Generaal Figuren Noord Zuid geweren veteranen afgestegen Generaals"
	[fr]="États_des_unités Caractéristiques Départ Section Brigade Général Figurines Nord Sud fusil_rayé vétérans à_pied Généraux")
declare -A ROSTER_NOT=(
	[en]="Eenhedenlijsten Kenmerken Caractéristiques Figuren Figurines Noord Zuid geweer"
	[nl]="Unit_rosters Attributes Caractéristiques Figures Figurines North South rifle"
	[fr]="Unit_rosters Eenhedenlijsten Attributes Kenmerken Figures Figuren North Noord rifle geweer")
declare -A TILE=(
	[en]="Tile_1_of_9 Hex_size_across_the_flats_62_mm 50_mm:_print_at_100_%"
	[nl]="Blad_1_van_9 Hexgrootte_tussen_de_zijden_62_mm 50_mm:_druk_af_op_100_%"
	[fr]="Planche_1_sur_9 Largeur hexagone 50_mm_:_imprimez_à_100_%")
declare -A TILE_NOT=(
	[en]="Blad Planche" [nl]="Tile_1 Planche" [fr]="Tile_1 Blad_1")
# The battle's day (1861-07-21 in the scenario) in words, never as ISO.
declare -A SHEET=(
	[en]="Order_cards_in_hand Victory_target This_side_moves_first. Briefing Objectives Hold_the_ford 21_July_1861"
	[nl]="Orderkaarten_in_de_hand Overwinningsdoel Deze_partij_begint. Situatie Doelen Houd_de_voorde 21_juli_1861"
	[fr]="Cartes_d’ordre_en_main Objectif_de_victoire Ce_camp_joue_en_premier. Contexte Objectifs Tenez_le_gué 21_juillet_1861")
declare -A HOME=([en]="Home_edge_of_the_Union_player" [nl]="Bordrand_van_speler_Unie" [fr]="Bord_de_départ_du_joueur_Union")
for l in en nl fr; do
	d=$WORK/a4/rt-bc1999/$l
	# The home-edge label prints below 6 pt on the overview and is left
	# out there: it is looked for on the poster.
	out=$(lang_words "$d/map-overview.pdf" "${LEGEND[$l]}" "${LEGEND_NOT[$l]}" && lang_words "$d/map-poster.pdf" "${HOME[$l]}" "")
	_st=$?
	verdict "language $l: overview legend and edge labels (${LEGEND[$l]%% *} …)" "$out" $_st
	# The poster is a bare board: its legend has no unit types.
	board=$(sed -E 's/ (Infant[a-z]+|Caval[a-z]+|Artill[a-z]+)//g' <<< "${LEGEND[$l]}")
	out=$(lang_words "$d/map-poster.pdf" "$board ${HOME[$l]}" "${LEGEND_NOT[$l]}")
	_st=$?
	verdict "language $l: poster legend" "$out" $_st
	out=$(lang_words "$d/scenario-sheet.pdf" "${SHEET[$l]} ${LEGEND[$l]}" "${LEGEND_NOT[$l]} 1861-07-21")
	_st=$?
	verdict "language $l: scenario sheet texts" "$out" $_st
	out=$(lang_words "$WORK/a4/rt-nz-table/$l/rosters.pdf" "${ROSTER[$l]}" "${ROSTER_NOT[$l]}")
	_st=$?
	verdict "language $l: roster headings, side names and attribute values" "$out" $_st
	out=$(lang_words "$d/map-tiles.pdf" "${TILE[$l]}" "${TILE_NOT[$l]}" 1)
	_st=$?
	verdict "language $l: tile footer (place, hex size, calibration caption)" "$out" $_st
done
# Hex addresses on the map at true size, as words of their own (the
# overview leaves out what would print below 6 pt).
for l in en nl fr; do
	t=$(text_of "$WORK/a4/rt-bc1999/$l/map-poster.pdf")
	miss=""
	for a in A1 M1 A2 L2 E5 A9 M9; do printf '%s\n' "$t" | grep -qw "$a" || miss="$miss $a"; done
	printf '%s\n' "$t" | grep -qw "M2" && miss="$miss M2(does-not-exist)"
	[ -z "$miss" ]
	_st=$?
	verdict "language $l: poster shows hex addresses A1 M1 A2 L2 E5 A9 M9 (and no M2)" "missing:$miss" $_st
done
t=$(text_of "$WORK/a4/rt-nz-table/en/map-poster.pdf")
miss=""
for a in A1 T1 M2 T2 T12; do printf '%s\n' "$t" | grep -qw "$a" || miss="$miss $a"; done
[ -z "$miss" ]
_st=$?
verdict "rt-nz-table poster shows A1 T1 M2 T2 T12 (full rows)" "missing:$miss" $_st
# Text must extract as words: a reader searching the PDF for "Woods" or
# copying a roster line gets the words, not letters with spaces inside.
whole_words() { # file words...
	local f=$1 t miss="" w
	shift
	t=$(text_of "$f")
	for w in "$@"; do
		w=${w//_/ }
		printf '%s\n' "$t" | grep -qF -- "$w" || miss="$miss '$w'"
	done
	[ -z "$miss" ] || { echo "not found as written:$miss"; echo "extracted: $(printf '%s\n' "$t" | grep -v '^\s*$' | tail -4 | tr -s ' ')"; return 1; }
}
out=$(whole_words "$WORK/a4/rt-bc1999/en/map-overview.pdf" Legend Woods Orchard Clear Infantry Cavalry Section_line)
_st=$?
verdict "text extraction: overview legend words come out whole (Woods, not 'W o o ds')" "$out" $_st
out=$(whole_words "$WORK/a4/rt-nz-table/en/rosters.pdf" Unit_rosters Attributes Section Figures with_rifles Hooker)
_st=$?
verdict "text extraction: roster words come out whole" "$out" $_st
out=$(whole_words "$WORK/a4/rt-bc1999/en/map-tiles.pdf" "Tile_1_of_9" "Trim_along_the_marks" "print_at_100")
_st=$?
verdict "text extraction: tile footer words come out whole" "$out" $_st

# ---- metadata, bookmarks, page labels ----
declare -A PNAME_en=([map-tiles]="Map tiles" [map-overview]="Overview map" [map-poster]="Map at true size" [scenario-sheet]="Scenario sheet" [rosters]="Unit rosters")
declare -A PNAME_nl=([map-tiles]="Kaartbladen" [map-overview]="Overzichtskaart" [map-poster]="Kaart op ware grootte" [scenario-sheet]="Scenarioblad" [rosters]="Eenhedenlijsten")
declare -A PNAME_fr=([map-tiles]="Planches de la carte" [map-overview]="Carte d’ensemble" [map-poster]="Carte en taille réelle" [scenario-sheet]="Fiche de scénario" [rosters]="États des unités")
declare -A MAPWORD=([en]="Map" [nl]="Kaart" [fr]="Carte")
declare -A SHEETMAP=([en]="Map and set-up" [nl]="Kaart en opstelling" [fr]="Carte et déploiement")
declare -A TILEWORD=([en]="Tile" [nl]="Blad" [fr]="Planche")
declare -A SIDES=([en]="North South" [nl]="Noord Zuid" [fr]="Nord Sud")
for s in $SCENARIOS; do
	for l in en nl fr; do
		title=$(title_of "$s" "$l")
		out=""
		for p in $PRODUCTS; do
			f=$WORK/a4/$s/$l/$p.pdf
			eval "pname=\${PNAME_$l[$p]}"
			t=$(info Title "$f")
			case "$t" in *"$title"*"$pname"*) ;; *) out="$out
$p: Title '$t' lacks '$title' or '$pname'" ;; esac
			c=$(info Creator "$f")
			case "$c" in orbat*) ;; *) out="$out
$p: Creator '$c'" ;; esac
			d=$(info CreationDate "$f")
			[ "$d" = "2000-01-01T00:00:00Z" ] || out="$out
$p: CreationDate '$d' (expected the fixed 2000-01-01T00:00:00Z)"
			sj=$(info Subject "$f")
			[ "$sj" = "$pname" ] || out="$out
$p: Subject '$sj'"
		done
		[ -z "$out" ]
		_st=$?
		verdict "metadata $s/$l: Title '$title — …', Subject, Creator orbat, fixed CreationDate" "$out" $_st

		# Bookmarks
		out=""
		for p in $PRODUCTS; do
			f=$WORK/a4/$s/$l/$p.pdf
			eval "pname=\${PNAME_$l[$p]}"
			top=$(outlines "$f" | awk -F'\t' '$1 == 0')
			[ "$top" = "0	1	$pname" ] || out="$out
$p: top-level bookmarks '$top', expected one '$pname' to page 1"
		done
		f=$WORK/a4/$s/$l/map-tiles.pdf
		expect=$(page_labels "$f" | awk -v w="${TILEWORD[$l]}" '{ printf "1\t%d\t%s %s\n", NR, w, $0 }')
		got=$(outlines "$f" | awk -F'\t' '$1 == 1')
		[ "$got" = "$expect" ] || out="$out
map-tiles: tile bookmarks differ: $(diff <(echo "$expect") <(echo "$got") | head -4)"
		[ "$s" = rt-nz-table ] && {
			got=$(outlines "$WORK/a4/$s/$l/rosters.pdf" | awk -F'\t' '$1 == 1 { print $3 }' | tr '\n' ' ')
			[ "$got" = "${SIDES[$l]} " ] || out="$out
rosters: side bookmarks '$got', expected '${SIDES[$l]}'"
		}
		[ -z "$out" ]
		_st=$?
		verdict "bookmarks $s/$l: one per product, one per tile ('${TILEWORD[$l]} 1-1' …) to its page" "$out" $_st

		# Page labels of the one-page products
		out=""
		for p in map-overview scenario-sheet; do
			eval "pname=\${PNAME_$l[$p]}"
			lab=$(page_labels "$WORK/a4/$s/$l/$p.pdf")
			# The sheet's second page is its map with the set-up.
			[ "$p" = scenario-sheet ] && pname="$pname
${SHEETMAP[$l]}"
			[ "$lab" = "$pname" ] || out="$out $p:'$lab'"
		done
		lab=$(page_labels "$WORK/a4/$s/$l/map-poster.pdf")
		[ "$lab" = "${MAPWORD[$l]}" ] || out="$out map-poster:'$lab'"
		[ -z "$out" ]
		_st=$?
		verdict "page labels $s/$l: overview, sheet and poster named in the language" "$out" $_st
	done
done

# ---- positions: hex labels and the calibration bar ----
pos_check() { # description file page cols rows short hex offx offy [area]
	local desc=$1 res matched expected worst
	shift
	res=$(label_check "$@")
	read -r matched expected worst _ <<< "$res"
	[ "$expected" -gt 0 ] && [ "$matched" = "$expected" ]
	_st=$?
	verdict "$desc: $matched of $expected hex labels centred on the hex within 0.5 mm (worst $worst mm)" \
		"off:${res#* * * }" $_st
}
off=$(calc "$EDGE + $BORDER")
for s in $SCENARIOS; do
	read -r cols rows sr hex <<< "$(board_of "$s")"
	pos_check "poster $s" "$WORK/a4/$s/en/map-poster.pdf" 1 "$cols" "$rows" "$sr" "$hex" "$off" "$off"
done
read -r cols rows sr hex <<< "$(board_of rt-bc1999)"
pos_check "poster rt-bc1999 at 30 mm" "$WORK/hex30/rt-bc1999/en/map-poster.pdf" 1 "$cols" "$rows" "$sr" 30 "$off" "$off"
pos_check "poster rt-bc1999 in fr" "$WORK/a4/rt-bc1999/fr/map-poster.pdf" 1 "$cols" "$rows" "$sr" "$hex" "$off" "$off"

# Named hexes on the poster, as the issue lists them.
res=""
words_mm "$WORK/a4/rt-bc1999/en/map-poster.pdf" 1 > "$WORK/pw.txt"
read -r w h fr r <<< "$(geom 13 9 1 62)"
for spec in "A1 0 0" "M1 12 0" "A2 0 1" "L2 11 1" "E5 4 4" "M9 12 8"; do
	read -r name col row <<< "$spec"
	ex=$(calc "$off + $fr + 62 * ($col + 0.5 + ($row % 2) * 0.5)")
	ey=$(calc "$off + $fr + $r + $row * 1.5 * $r - $LABEL_DROP * $r")
	got=$(awk -v n="$name" '$1 == n { print $2, $3; exit }' "$WORK/pw.txt")
	if [ -z "$got" ] || ! near "${got% *}" "$ex" 0.5 || ! near "${got#* }" "$ey" 0.5; then
		res="$res $name: at (${got:-missing}) mm, expected ($ex, $ey);"
	fi
done
[ -z "$res" ]
_st=$?
verdict "poster rt-bc1999: A1 M1 A2 L2 E5 M9 at x = $off + frame + 62(col + 0.5 + odd/2) mm" "$res" $_st

# Tiles: first tile, an inner tile, the last tile.
tile_pos() { # dir scenario paper_w paper_h hex row col
	local f=$1/$2/en/map-tiles.pdf cols rows sr hex tc tr pw ph aw ah sx sy tox toy page ox oy
	read -r cols rows sr hex <<< "$(board_of "$2")"
	[ -n "$5" ] && hex=$5
	read -r tc tr pw ph aw ah sx sy tox toy <<< "$(tile_plan "$cols" "$rows" "$sr" "$hex" "$3" "$4")"
	local r=$6 c=$7
	[ "$r" = last ] && r=$((tr - 1))
	[ "$c" = last ] && c=$((tc - 1))
	page=$((r * tc + c + 1))
	ox=$(calc "$MARGIN - $tox - $c * $sx")
	oy=$(calc "$MARGIN - $toy - $r * $sy")
	pos_check "tile page $page of $2 (row $r, column $c, map shifted by $(printf '%.0f, %.0f' "$ox" "$oy") mm)" "$f" "$page" \
		"$cols" "$rows" "$sr" "$hex" "$ox" "$oy" "$MARGIN" "$MARGIN" "$(calc "$MARGIN + $aw")" "$(calc "$MARGIN + $ah")"
}
tile_pos "$WORK/a4" rt-bc1999 "$A4_W" "$A4_H" "" 0 0
tile_pos "$WORK/a4" rt-bc1999 "$A4_W" "$A4_H" "" 1 1
tile_pos "$WORK/a4" rt-bc1999 "$A4_W" "$A4_H" "" 1 last
tile_pos "$WORK/hex30" rt-bc1999 "$A4_W" "$A4_H" 30 0 1
tile_pos "$WORK/a4" rt-nz-table "$A4_W" "$A4_H" "" 2 5
tile_pos "$WORK/letter" rt-bc150 "$LT_W" "$LT_H" "" 0 last

# Calibration bar: the 50 x 2.5 mm rectangle and its caption "50 mm …".
bar_check() { # description file page bar_x bar_y (mm)
	local desc=$1 f=$2 page=$3 bx=$4 by=$5 bars cap out=""
	bars=$(bars_on_page "$f" "$page")
	printf '%s\n' "$bars" | awk -v x="$bx" -v y="$by" '
		{ dx = $1 - x; dy = $2 - y; if (dx < 0) dx = -dx; if (dy < 0) dy = -dy; if (dx <= 0.05 && dy <= 0.05) found = 1 }
		END { exit !found }' || out="bar rectangles (mm): ${bars:-none}; expected one at ($bx, $by);"
	cap=$(words_mm "$f" "$page" | awk '$1 == "50" { print $4, $3 }' | awk -v x="$bx" -v y="$by" '
		{ dx = $1 - x; dy = $2 - (y + 3.2); if (dx < 0) dx = -dx; if (dy < 0) dy = -dy
		  if (dx <= 0.5 && dy <= 0.5) ok = 1; seen = seen " (" $1 ", " $2 ")" }
		END { if (!ok) print "caption \"50\" at" (seen ? seen : " none") }')
	out="$out$cap"
	# Its five 10 mm steps alternate black and white, black first: read
	# along the bar's middle, at the centre of each step.
	local steps
	steps=$(pdftoppm -r 254 -gray -f "$page" -l "$page" -x "$(calc "$bx * 10" | cut -d. -f1)" \
		-y "$(calc "($by + 1.25) * 10" | cut -d. -f1)" -W 500 -H 1 "$f" 2>/dev/null |
		python3 -c '
import sys
data = sys.stdin.buffer.read()
fields, pos = [], 2
while len(fields) < 3:
    while data[pos:pos + 1].isspace(): pos += 1
    start = pos
    while not data[pos:pos + 1].isspace(): pos += 1
    fields.append(int(data[start:pos]))
row = data[pos + 1:]
print("".join("B" if row[50 + 100 * i] < 64 else "W" if row[50 + 100 * i] > 192 else "?" for i in range(5)))')
	[ "$steps" = BWBWB ] || out="$out bar steps along its middle: '${steps:-none}', expected BWBWB;"
	[ -z "$out" ]
	_st=$?
	verdict "$desc: 50 mm bar at ($(printf '%.1f, %.1f' "$bx" "$by")) mm in 10 mm black and white steps, caption 3.2 mm below it" \
		"$out expected caption at ($bx, $(calc "$by + 3.2"))" $_st
}
for s in rt-bc1999 rt-nz-table; do
	read -r cols rows sr hex <<< "$(board_of "$s")"
	read -r w h fr r <<< "$(geom "$cols" "$rows" "$sr" "$hex")"
	# poster.c: right-aligned under the map, 4 mm below the legend's top
	bar_check "poster $s" "$WORK/a4/$s/en/map-poster.pdf" 1 \
		"$(calc "$EDGE + $w + 2 * $BORDER - $BORDER - 50")" "$(calc "$EDGE + $BORDER + $h + 8")"
	read -r tc tr pw ph aw ah sx sy tox toy <<< "$(tile_plan "$cols" "$rows" "$sr" "$hex" "$A4_W" "$A4_H")"
	# tiles.c: in the footer, right edge 3 mm in from the printable area's
	# right edge (clear of the cut mark there)
	for page in 1 $((tc * tr)); do
		bar_check "tile page $page of $s" "$WORK/a4/$s/en/map-tiles.pdf" "$page" \
			"$(calc "$MARGIN + $aw - 53")" "$(calc "$MARGIN + $ah + 5")"
	done
done

# ---- reproducibility ----
render "$WORK/again" $SCEN_FILES
st=$?
diffs=""
n=0
for f in $(cd "$WORK/a4" && find . -name '*.pdf' | sort); do
	n=$((n + 1))
	cmp -s "$WORK/a4/$f" "$WORK/again/$f" || diffs="$diffs $f"
done
# Three hex scenarios, three languages, eight products each.
[ $st -eq 0 ] && [ -z "$diffs" ] && [ $n -eq 72 ]
_st=$?
verdict "reproducible: a second render into another folder gives the same bytes ($n files)" "exit $st; differ:$diffs" $_st

(cd "$WORK" && TZ=Pacific/Chatham "$ORBAT" render -q -o rel "$SCEN/rt-bc150.xml" > /dev/null 2>&1)
diffs=""
for f in $(cd "$WORK/a4/rt-bc150" && find . -name '*.pdf'); do
	cmp -s "$WORK/a4/rt-bc150/$f" "$WORK/rel/rt-bc150/$f" || diffs="$diffs $f"
done
[ -z "$diffs" ] && [ -d "$WORK/rel/rt-bc150" ]
_st=$?
verdict "reproducible: another time zone, working folder and relative -o give the same bytes" "differ:$diffs" $_st

SOURCE_DATE_EPOCH=1000000000 render "$WORK/sde1" $SCEN_FILES
st1=$?
SOURCE_DATE_EPOCH=1000000000 render "$WORK/sde2" $SCEN_FILES
st2=$?
diffs=""
same_as_default=0
for f in $(cd "$WORK/a4" && find . -name '*.pdf' | sort); do
	cmp -s "$WORK/sde1/$f" "$WORK/sde2/$f" || diffs="$diffs $f"
	cmp -s "$WORK/sde1/$f" "$WORK/a4/$f" && same_as_default=$((same_as_default + 1))
done
[ $st1 -eq 0 ] && [ $st2 -eq 0 ] && [ -z "$diffs" ]
_st=$?
verdict "reproducible with SOURCE_DATE_EPOCH=1000000000: two renders identical" "exit $st1/$st2; differ:$diffs" $_st
out=""
for f in "$WORK"/sde1/*/*/*.pdf; do
	c=$(info CreationDate "$f")
	m=$(info ModDate "$f")
	[ "$c" = "2001-09-09T01:46:40Z" ] && [ "$m" = "2001-09-09T01:46:40Z" ] || out="$out
${f#"$WORK"/}: CreationDate '$c' ModDate '$m'"
done
[ -z "$out" ] && [ $same_as_default -eq 0 ]
_st=$?
verdict "SOURCE_DATE_EPOCH=1000000000 sets CreationDate and ModDate to 2001-09-09T01:46:40Z" \
	"$out (files identical to the default-date render: $same_as_default)" $_st
SOURCE_DATE_EPOCH=not-a-date render "$WORK/sde-bad" --lang en "$SCEN/rt-bc150.xml"
c=$(info CreationDate "$WORK/sde-bad/rt-bc150/en/rosters.pdf")
[ "${c:0:4}" = "$(date -u +%Y)" ]
_st=$?
verdict "a malformed SOURCE_DATE_EPOCH falls back to the real date" "CreationDate '$c'" $_st

# ---- atomicity ----
no_output() { # dir: prints offending files
	[ -e "$1" ] || return 0
	find "$1" \( -name '*.pdf' -o -name '*.tmp-*' \) -print
}
# Run as an unprivileged user when root, so that permissions apply.
as_user() {
	if [ "$(id -u)" -eq 0 ]; then
		if command -v setpriv > /dev/null 2>&1; then
			setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups "$@"
		else
			su -s /bin/sh nobody -c "$(printf '%q ' "$@")"
		fi
	else
		"$@"
	fi
}
# Root writes into any folder: these checks need an unprivileged user
# who can reach the program, its data and the scenario (a checkout under
# /root, mode 700, is out of nobody's reach).
reachable() {
	[ "$(id -u)" -ne 0 ] || as_user sh -c 'test -x "$1" && test -r "$2" && test -r "$3/rt-bc150.xml"' sh \
		"$ORBAT" "${ORBAT_DATADIR:-$ORBAT}" "$SCEN"
}
if reachable; then
	mkdir -p "$WORK/ro/rt-bc150/en"
	chmod 555 "$WORK/ro/rt-bc150/en" "$WORK/ro/rt-bc150" "$WORK/ro"
	as_user "$ORBAT" render -q -o "$WORK/ro" "$SCEN/rt-bc150.xml" > "$WORK/ro.log" 2>&1
	st=$?
	left=$(no_output "$WORK/ro")
	[ $st -eq 2 ] && [ -z "$left" ]
	_st=$?
	verdict "unwritable output folder (mode 555$( [ "$(id -u)" -eq 0 ] && echo ', run as nobody')): exit 2, no *.pdf or *.tmp-* left" \
		"exit $st; left: $left; $(cat "$WORK/ro.log")" $_st
	mkdir -p "$WORK/ro2"
	chmod 555 "$WORK/ro2"
	as_user "$ORBAT" render -q -o "$WORK/ro2/out" "$SCEN/rt-bc150.xml" > "$WORK/ro.log" 2>&1
	st=$?
	[ $st -eq 2 ] && [ ! -e "$WORK/ro2/out" ]
	_st=$?
	verdict "output folder that cannot be created: exit 2, nothing created" "exit $st; $(cat "$WORK/ro.log")" $_st
	chmod 755 "$WORK/ro" "$WORK/ro/rt-bc150" "$WORK/ro/rt-bc150/en" "$WORK/ro2"
else
	echo "# note: the unwritable-folder checks were left out: as root they need nobody to reach $ORBAT, and nobody cannot"
fi

echo "not a folder" > "$WORK/plainfile"
"$ORBAT" render -q -o "$WORK/plainfile" "$SCEN/rt-bc150.xml" > "$WORK/pf.log" 2>&1
st=$?
[ $st -eq 2 ] && [ "$(cat "$WORK/plainfile")" = "not a folder" ] && [ -z "$(ls "$WORK" | grep -F 'plainfile.')" ]
_st=$?
verdict "a file in place of the output folder: exit 2, file untouched" "exit $st; $(cat "$WORK/pf.log")" $_st
"$ORBAT" render -q -o /proc/orbat-render-check "$SCEN/rt-bc150.xml" > "$WORK/proc.log" 2>&1
st=$?
[ $st -eq 2 ] && [ ! -e /proc/orbat-render-check ]
_st=$?
verdict "an output folder under /proc: exit 2" "exit $st; $(cat "$WORK/proc.log")" $_st

# A write that fails half-way (file size limit; SIGXFSZ ignored so write()
# returns EFBIG): no partial file, no temporary, an older file untouched.
mkdir -p "$WORK/full"
render "$WORK/full" --lang en "$SCEN/rt-bc1999.xml"
cp "$WORK/full/rt-bc1999/en/map-tiles.pdf" "$WORK/tiles.before"
echo "old" > "$WORK/full/rt-bc1999/en/map-tiles.pdf"
(trap '' XFSZ; ulimit -f 16; exec "$ORBAT" render -q -o "$WORK/full" --lang en "$SCEN/rt-bc1999.xml") > "$WORK/full.log" 2>&1
st=$?
tmp=$(find "$WORK/full" -name '*.tmp-*')
[ $st -eq 2 ] && [ -z "$tmp" ] && [ "$(cat "$WORK/full/rt-bc1999/en/map-tiles.pdf")" = "old" ]
_st=$?
verdict "a write failing half-way (16 KiB file size limit): exit 2, no *.tmp-*, the previous map-tiles.pdf untouched" \
	"exit $st; temporaries: $tmp; $(cat "$WORK/full.log")" $_st
rm -rf "$WORK/full2"
(trap '' XFSZ; ulimit -f 16; exec "$ORBAT" render -q -o "$WORK/full2" --lang en "$SCEN/rt-bc1999.xml") > "$WORK/full.log" 2>&1
st=$?
left=$(no_output "$WORK/full2")
[ $st -eq 2 ] && [ -z "$left" ]
_st=$?
verdict "a write failing half-way into an empty folder: exit 2, no *.pdf or *.tmp-* at all" "exit $st; left: $left" $_st

"$ORBAT" render -q -o "$WORK/invalid" "$INVALID" > "$WORK/inv.log" 2>&1
st=$?
[ $st -eq 1 ] && [ ! -e "$WORK/invalid" ]
_st=$?
verdict "an invalid scenario: exit 1, no output folder at all" "exit $st; $(ls -R "$WORK/invalid" 2>/dev/null | head -5); $(cat "$WORK/inv.log")" $_st
"$ORBAT" render -q -o "$WORK/mixed" --lang en "$INVALID" "$SCEN/rt-bc150.xml" > "$WORK/inv.log" 2>&1
st=$?
[ $st -eq 1 ] && [ ! -e "$WORK/mixed/rt-invalid" ] && [ -s "$WORK/mixed/rt-bc150/en/rosters.pdf" ]
_st=$?
verdict "an invalid and a valid scenario together: exit 1, only the valid one written" "exit $st; $(ls "$WORK/mixed" 2>/dev/null)" $_st
left=$(find "$WORK" -name '*.tmp-*' ! -path "$WORK/full/*" ! -path "$WORK/full2/*" 2>/dev/null)
[ -z "$left" ]
_st=$?
verdict "no *.tmp-* file left by any other render" "$left" $_st

# ---- notes: observations that are not checks ----
f=$WORK/a4/rt-bc1999/en/map-poster.pdf
if [ "$(pdfinfo -box "$f" | sed -n 's/^TrimBox: *//p')" = "$(pdfinfo -box "$f" | sed -n 's/^MediaBox: *//p')" ]; then
	echo "# note: the poster's TrimBox and BleedBox equal its MediaBox; the trim is only stated in the keywords"
fi
if ! qpdf --qdf --object-streams=disable "$f" - 2>/dev/null | grep -aq '/Lang'; then
	echo "# note: no /Lang in the document catalog (pdf_meta.language is not written)"
fi
lab=$(page_labels "$WORK/a4/rt-nz-table/en/rosters.pdf" | tr '\n' '|')
case "$lab" in *"South 2"*) echo "# note: roster page labels count pages across sides: $lab" ;; esac

# Repeat the failures last: test runners often keep only the end of a log.
if [ "$FAILED" -gt 0 ]; then
	echo "# failed checks:"
	for name in "${FAILED_NAMES[@]}"; do echo "#   $name"; done
fi
echo "render-checks: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
