#!/bin/bash
# Print products of square-grid scenarios (mb-remastered), checked with
# real PDF clients.
#
#   run-square-checks.sh ORBAT_BINARY SOURCE_ROOT
#
# Renders the bundled 1861 scenarios into a temporary folder and checks:
#   - the print set: tiles, overview, poster, sheet, rosters and the
#     reference card in en, nl and fr, and no order-card deck (the ruleset
#     has none);
#   - page sizes: A4 and Letter tiles, the poster's canvas (squares, frame,
#     border, bleed) at the layout's square size and at --square-size 30;
#   - the number of tiles, from the layout's margins, overlap and footer;
#   - every square's address where the millimetre maths puts it (poster);
#   - fonts embedded and subset, from the bundled families; qpdf --check;
#   - languages: legend, sea-zone names, unit types on the rosters;
#   - every unit and ship of the scenario on its side's roster;
#   - the four-player set-up names its four generals on the sheet;
#   - how a side wins, each player's part of a side and the order of
#     play, on the sheet and the reference card, with the turn limit of a
#     scenario that sets one;
#   - reproducible bytes.
# Ends with "square-checks: N passed, M failed"; exit 77 (skipped) when a
# client is missing.

set -u

if [ $# -ne 2 ]; then
	echo "usage: $0 ORBAT_BINARY SOURCE_ROOT" >&2
	exit 2
fi
ORBAT=$1
ROOT=$2
HERE=$(cd "$(dirname "$0")" && pwd)

for tool in pdfinfo pdffonts pdftotext qpdf jq xmllint awk cmp; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "skipped: $tool is not installed (poppler-utils, qpdf, jq, libxml2-utils)"
		exit 77
	fi
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/orbat-square-checks.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
. "$HERE/pdf-lib.sh"

SCEN=$ROOT/scenarios/mb-1861.xml
SCEN4=$ROOT/scenarios/mb-1861-four-players.xml
LAYOUT=$ROOT/layouts/print.xml
MARGIN=$(lx tiles /@margin)
OVERLAP=$(lx tiles /@overlap)
FOOTER=$(lx tiles /@footer)
BORDER=$(lx poster /@border)
BLEED=$(lx poster /@bleed)
EDGE=$(poster_trim_inset)
SIZE=$(lx square "[@ruleset='mb-remastered']/@size")
sx() { xmllint --xpath "string($1)" "$SCEN"; }
COLS=$(sx "//*[local-name()='board']/@columns")
ROWS=$(sx "//*[local-name()='board']/@rows")
echo "# board $COLS x $ROWS squares of $SIZE mm; tiles margin $MARGIN, overlap $OVERLAP, footer $FOOTER"

# The square canvas (mapgeom_init): "width height frame" in mm.
canvas() { # size
	awk -v c="$COLS" -v r="$ROWS" -v s="$1" 'BEGIN {
		f = s / 4; if (f < 12) f = 12; if (f > 24) f = 24
		printf "%.6f %.6f %.6f\n", c * s + 2 * f, r * s + 2 * f, f }'
}
# Tiles for a canvas on a paper, fewest pages over both orientations
# (portrait on a tie): "columns rows page_w page_h".
tile_plan() { # map_w map_h paper_w paper_h
	awk -v mw="$1" -v mh="$2" -v pw="$3" -v ph="$4" -v m="$MARGIN" -v o="$OVERLAP" -v f="$FOOTER" -v fr="$FRAME" '
	function need(len, area, step,   n, c) { if (len <= area) return 1; n = (len - area) / step - 1e-9; c = int(n); if (c < n) c++; return 1 + c }
	BEGIN {
		best = -1
		for (l = 0; l < 2; l++) {
			w = l ? ph : pw; h = l ? pw : ph
			aw = w - 2 * m; ah = h - 2 * m - f
			c = need(mw, aw, aw - o); r = need(mh, ah, ah - o)
			# The cells must be covered; the frame only where that takes no more pages.
			if (c > need(mw - 2 * fr, aw, aw - o)) c = need(mw - 2 * fr, aw, aw - o)
			if (r > need(mh - 2 * fr, ah, ah - o)) r = need(mh - 2 * fr, ah, ah - o)
			if (best < 0 || c * r < best) { best = c * r; out = sprintf("%d %d %.4f %.4f", c, r, w, h) }
		}
		print out
	}'
}

render() { # outdir args...
	local out=$1
	shift
	"$ORBAT" render -q -o "$out" "$@" > "$WORK/render.log" 2>&1
}

# ---- the print set ----
render "$WORK/a4" "$SCEN" "$SCEN4"
st=$?
verdict "render the 1861 scenarios (two and four players, en nl fr): exit 0" "$(cat "$WORK/render.log")" $st
if [ $st -ne 0 ]; then
	echo "square-checks: $PASSED passed, $FAILED failed (nothing else to check)"
	exit 1
fi
missing=""
for s in mb-1861 mb-1861-four-players; do
	for l in en nl fr; do
		for p in map-tiles map-overview map-poster scenario-sheet rosters reference-card; do
			[ -s "$WORK/a4/$s/$l/$p.pdf" ] || missing="$missing $s/$l/$p.pdf"
		done
	done
done
verdict "six products per language (36 PDFs)" "missing:$missing" "$([ -z "$missing" ]; echo $?)"
decks=$(find "$WORK/a4" -name 'order-cards*' -o -name '*.tmp-*' | head -5)
verdict "no order-card deck (the ruleset has none) and no temporaries" "$decks" "$([ -z "$decks" ]; echo $?)"

# ---- structure and fonts, every PDF ----
bad_qpdf=""
bad_fonts=""
for f in $(find "$WORK/a4" -name '*.pdf' | sort); do
	qpdf --check "$f" > "$WORK/qpdf.txt" 2>&1 || bad_qpdf="$bad_qpdf ${f#"$WORK"/}"
	# pdffonts: name type encoding emb sub uni object ID; every font
	# embedded and subset, from the bundled families.
	pdffonts "$f" 2>/dev/null | awk 'NR > 2 {
		n = split($0, a, " "); emb = a[n - 4]; sub_ = a[n - 3]
		if (emb != "yes" || sub_ != "yes" || $1 !~ /\+(OldStandard|NotoSans)/) bad = 1 }
		END { exit bad }' || bad_fonts="$bad_fonts ${f#"$WORK"/}"
done
verdict "qpdf --check passes on every PDF" "$bad_qpdf" "$([ -z "$bad_qpdf" ]; echo $?)"
verdict "every font embedded, subset, bundled (Old Standard TT, Noto Sans)" "$bad_fonts" \
	"$([ -z "$bad_fonts" ]; echo $?)"

# ---- sizes ----
A4_W=$(lx paper "[@id='a4']/@width")
A4_H=$(lx paper "[@id='a4']/@height")
LT_W=$(lx paper "[@id='letter']/@width")
LT_H=$(lx paper "[@id='letter']/@height")
read -r MAP_W MAP_H FRAME <<<"$(canvas "$SIZE")"
check_tiles() { # file paper_w paper_h label
	local plan cols rows pw ph n boxes wrong
	plan=$(tile_plan "$MAP_W" "$MAP_H" "$2" "$3")
	read -r cols rows pw ph <<<"$plan"
	n=$(npages "$1")
	boxes=$(page_boxes "$1")
	wrong=$(printf '%s\n' "$boxes" | awk -v w="$(calc "$pw * $PT")" -v h="$(calc "$ph * $PT")" '
		{ dw = $1 - w; dh = $2 - h; if (dw < 0) dw = -dw; if (dh < 0) dh = -dh; if (dw > 0.05 || dh > 0.05) bad++ }
		END { print bad + 0 }')
	verdict "$4 tiles: $cols x $rows = $((cols * rows)) pages of $pw x $ph mm" \
		"pages $n, pages of another size $wrong; boxes: $(printf '%s\n' "$boxes" | head -3 | tr '\n' ' ')" \
		"$([ "$n" = $((cols * rows)) ] && [ "$wrong" = 0 ]; echo $?)"
}
check_tiles "$WORK/a4/mb-1861/en/map-tiles.pdf" "$A4_W" "$A4_H" A4
render "$WORK/letter" --paper letter --lang en "$SCEN"
checked "render with --paper letter: exit 0" $? "$(cat "$WORK/render.log")"
check_tiles "$WORK/letter/mb-1861/en/map-tiles.pdf" "$LT_W" "$LT_H" Letter

poster_width() { # file size
	local box want_w got_w st
	box=$(page_boxes "$1" | head -1)
	read -r mw _ _ <<<"$(canvas "$2")"
	want_w=$(calc "($mw + 2 * $BORDER + 2 * $EDGE) * $PT")
	got_w=${box% *}
	near "$got_w" "$want_w" 0.05
	st=$?
	verdict "poster at $2 mm squares: $(calc "$want_w / $PT") mm wide (canvas + border + bleed)" \
		"MediaBox $box pt, expected width $want_w pt" $st
}
poster_width "$WORK/a4/mb-1861/en/map-poster.pdf" "$SIZE"
render "$WORK/sq30" --square-size 30 --lang en "$SCEN"
checked "render with --square-size 30: exit 0" $? "$(cat "$WORK/render.log")"
poster_width "$WORK/sq30/mb-1861/en/map-poster.pdf" 30
for p in map-overview scenario-sheet reference-card; do
	box=$(page_boxes "$WORK/a4/mb-1861/en/$p.pdf" | head -1)
	near "${box% *}" "$(calc "$A4_H * $PT")" 0.05 && near "${box#* }" "$(calc "$A4_W * $PT")" 0.05
	verdict "$p: A4 landscape" "MediaBox $box pt" $?
done

# ---- every square's address on the poster ----
# The address hangs in the square's top-left corner (squaredraw.c: text
# size 0.06 of the square, inset 0.3 of it from the left edge).
words_mm "$WORK/a4/mb-1861/en/map-poster.pdf" 1 > "$WORK/words.txt"
result=$(awk -v c="$COLS" -v r="$ROWS" -v s="$SIZE" -v f="$FRAME" -v o="$(calc "$EDGE + $BORDER")" '
	BEGIN { ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZ" }
	{ n++; wt[n] = $1; wx[n] = $4; wy[n] = $3 }
	END {
		t = s * 0.06; if (t < 1.4) t = 1.4; if (t > 5) t = 5
		matched = 0; worst = 0; detail = ""
		for (row = 0; row < r; row++)
			for (col = 0; col < c; col++) {
				name = substr(ALPHA, col + 1, 1) (row + 1)
				px = o + f + col * s + t * 0.3; py = o + f + row * s + t * 0.15
				best = -1
				for (i = 1; i <= n; i++) {
					if (wt[i] != name) continue
					dx = wx[i] - px; dy = wy[i] - py; if (dx < 0) dx = -dx; if (dy < 0) dy = -dy
					d = dx > dy ? dx : dy
					if (best < 0 || d < best) best = d
				}
				if (best >= 0 && best <= 0.8) matched++
				else if (length(detail) < 300) detail = detail sprintf(" %s:%s", name, best < 0 ? "missing" : sprintf("%.2fmm", best))
				if (best > worst) worst = best
			}
		printf "%d %d %.2f%s\n", matched, c * r, worst, detail
	}' "$WORK/words.txt")
read -r matched expected worst detail <<<"$result"
verdict "poster: all $expected square addresses within 0.8 mm of their place (worst $worst mm)" \
	"matched $matched: $detail" "$([ "$matched" = "$expected" ] && [ "$expected" -gt 0 ]; echo $?)"

# ---- languages ----
# word_in FILE TEXT: the text occurs in the PDF (spaces ignored).
word_in() { text_of "$1" | squeeze | grep -qF -- "$(printf '%s' "$2" | squeeze)"; }
# The zone's name is read on the poster: at true size every name has its
# room, where the reduced overview leaves out a name that has none (the
# Gulf of Maine, against the frame in the board's corner).
lang_check() { # lang legend-word zone-name ironclad players
	local d=$WORK/a4/mb-1861/$1
	word_in "$d/map-overview.pdf" "$2" && word_in "$d/map-poster.pdf" "$3"
	checked "$1: overview legend says '$2', the poster names the zone '$3'" $? \
		"$(text_of "$d/map-overview.pdf" | head -c 300)"
	word_in "$d/rosters.pdf" "$4"
	checked "$1: rosters name the ironclad '$4'" $? "$(text_of "$d/rosters.pdf" | head -c 300)"
	word_in "$d/scenario-sheet.pdf" "$5"
	checked "$1: scenario sheet says '$5'" $? "$(text_of "$d/scenario-sheet.pdf" | head -c 300)"
}
lang_check en "Coast" "Gulf of Maine" "Ironclad" "Players: 2"
lang_check nl "Kust" "Golf van Maine" "Pantserschip" "Spelers: 2"
lang_check fr "Côte" "Golfe du Maine" "Cuirassé" "Joueurs : 2"

# ---- rosters: every piece on its side's pages, by name ----
# Pieces without a name are listed as their type and number among the
# side's pieces of that type ("Infantry 3"), never by id.
for side in union confederate; do
	names=$(xmllint --xpath "//*[local-name()='forces'][@side='$side']//*[local-name()='unit' or local-name()='ship']/@type" "$SCEN" |
		sed 's/ type="\([^"]*\)"/\1\n/g' | grep -v '^$' |
		awk '{ n[$1]++; print toupper(substr($1, 1, 1)) substr($1, 2) " " n[$1] }')
	n=$(printf '%s\n' "$names" | wc -l)
	text_of "$WORK/a4/mb-1861/en/rosters.pdf" > "$WORK/rosters.txt"
	absent=""
	while read -r name; do
		grep -qF -- "$name" "$WORK/rosters.txt" || absent="$absent '$name'"
	done <<< "$names"
	verdict "rosters: all $n pieces of the $side side listed" "absent:$absent" "$([ -z "$absent" ] && [ "$n" -gt 0 ]; echo $?)"
done
word_in "$WORK/a4/mb-1861/en/rosters.pdf" "Aboard Ironclad 1"
checked "rosters: a unit carried by a ship says which ship" $? "$(head -c 300 "$WORK/rosters.txt")"

# ---- four players ----
gens=""
for g in Lee Jackson Grant Sheridan; do
	word_in "$WORK/a4/mb-1861-four-players/en/scenario-sheet.pdf" "$g" || gens="$gens $g"
done
verdict "four-player sheet names Lee, Jackson, Grant and Sheridan" "absent:$gens" "$([ -z "$gens" ]; echo $?)"

# ---- victory and order of play (§11.1), from the data ----
# says FILE WHAT TEXT...: every text occurs in the PDF.
says() {
	local file=$1 what=$2 absent=""
	shift 2
	for t in "$@"; do
		word_in "$file" "$t" || absent="$absent [$t]"
	done
	verdict "$what" "absent:$absent" "$([ -z "$absent" ]; echo $?)"
}
S4=$WORK/a4/mb-1861-four-players
says "$S4/en/scenario-sheet.pdf" "four-player sheet: each player's general and forces, by the scenario's player=" \
	"Player 1: Grant — 4 × Infantry, 2 × Gunboat, 1 × Ironclad" \
	"Player 2: Sheridan — 3 × Infantry, 1 × Cavalry, 1 × Artillery" \
	"Player 1: Lee — 2 × Infantry, 2 × Artillery" \
	"Player 2: Jackson — 2 × Infantry, 1 × Cavalry, 1 × Gunboat"
says "$S4/en/scenario-sheet.pdf" "four-player sheet: the order of play, from the ruleset's seats" \
	"Order of play" \
	"1. Union player 1 (Grant), 2. Confederacy player 1 (Lee), 3. Union player 2 (Sheridan), 4. Confederacy player 2 (Jackson)"
says "$S4/en/scenario-sheet.pdf" "four-player sheet: how a side wins" "Victory" \
	"still holds the enemy capital when the enemy’s next turn ends" "no land unit left on the map" \
	"This scenario sets no turn limit"
says "$S4/nl/scenario-sheet.pdf" "four-player sheet in Dutch: victory, players, order" "Overwinning" \
	"Speler 2: Sheridan" "Speelvolgorde" "3. Unie speler 2 (Sheridan)"
says "$S4/fr/scenario-sheet.pdf" "four-player sheet in French: victory, players, order" "Victoire" \
	"Joueur 2 : Jackson" "Ordre de jeu" "4. Confédération, joueur 2 (Jackson)"
says "$S4/en/reference-card.pdf" "four-player reference card: how a side wins, the seats, this scenario's players" \
	"A side also wins as soon as the enemy has no land unit left" \
	"1. player 1 of the side that begins, 2. player 1 of the other side, 3. player 2 of the side that begins" \
	"3. Union player 2 (Sheridan)"
S2=$WORK/a4/mb-1861/en/scenario-sheet.pdf
says "$S2" "two-player sheet: how a side wins, and its generals (in the side's list)" "Victory" "Grant" \
	"This scenario sets no turn limit"
order_found=no
word_in "$S2" "Order of play" && order_found=yes
verdict "two-player sheet: no order of play (one player a side)" "found: $order_found" \
	"$([ "$order_found" = no ]; echo $?)"
# A turn limit in the scenario is named on the sheet.
sed 's/players="2"/players="2" turn-limit="24"/' "$SCEN" > "$WORK/limit.xml"
render "$WORK/limit" --lang en "$WORK/limit.xml"
checked "render a copy of 1861 with turn-limit=\"24\": exit 0" $? "$(cat "$WORK/render.log")"
says "$WORK/limit/mb-1861/en/scenario-sheet.pdf" "the sheet names the scenario's turn limit" \
	"This scenario ends after 24 rounds" "the side holding more cities wins, and equal counts are a draw"

# A legend explains the terrain its map has and nothing more: a copy of
# 1861 without mountains has none in its legend, and still its sea.
grep -v 'type="mountain"' "$SCEN" > "$WORK/flat.xml"
render "$WORK/flat" --lang en "$WORK/flat.xml"
checked "render a copy of 1861 without mountains: exit 0" $? "$(cat "$WORK/render.log")"
# pdftotext reads the legend's entries before its heading, so the whole
# page is read: a legend entry is a line of its own, no word on the map is.
flat_legend=$(text_of "$WORK/flat/mb-1861/en/map-overview.pdf")
full_legend=$(text_of "$WORK/a4/mb-1861/en/map-overview.pdf")
printf '%s\n' "$full_legend" | grep -qx Mountains && printf '%s\n' "$flat_legend" | grep -qx Sea &&
	! printf '%s\n' "$flat_legend" | grep -qx Mountains
checked "a legend lists only the terrain its map has (no Mountains without mountains)" $? \
	"$(printf '%s\n' "$flat_legend" | grep -x 'Sea\|Mountains\|Coast\|Legend')"

# ---- reproducible ----
SOURCE_DATE_EPOCH=1700000000 "$ORBAT" render -q -o "$WORK/r1" --lang fr "$SCEN" >/dev/null 2>&1
SOURCE_DATE_EPOCH=1700000000 "$ORBAT" render -q -o "$WORK/r2" --lang fr "$SCEN" >/dev/null 2>&1
diffs=""
for f in "$WORK"/r1/mb-1861/fr/*.pdf; do
	cmp -s "$f" "$WORK/r2/mb-1861/fr/$(basename "$f")" || diffs="$diffs $(basename "$f")"
done
verdict "the same input gives byte-identical PDFs" "differ:$diffs" \
	"$([ -z "$diffs" ] && [ -s "$WORK/r1/mb-1861/fr/map-poster.pdf" ]; echo $?)"

echo "square-checks: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
