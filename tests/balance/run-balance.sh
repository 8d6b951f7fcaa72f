#!/bin/bash
# orbat balance from the outside:
#
#   run-balance.sh ORBAT_BINARY TEXTSIZE_SAMPLE SOURCE_ROOT
#
# 1. Determinism: the same seed on one process and on two gives the same
#    text and the same JSON, on a hex and on the square grid; another seed
#    gives other games.
# 2. The JSON document: its fields (games, players per side, wins per side
#    id and draw, the intervals, the verdict), and its counts add up.
# 3. Lopsided fixtures: the side that wins with one flag and twice the
#    units is called favoured, first side or second; two different
#    players play pairs of games (the report says so, an odd number of
#    games is rounded up to whole pairs).
# 3b. The three-way verdict from the outside: 1,000 games by default; an
#    inconclusive run names the games that would settle it; more than 5 %
#    of games without a winner is a warning in text, JSON and PDF; the
#    default player is compared with the plain one, --players asks for
#    one verdict only.
# 4. The PDF in each language: one page of A4 or Letter as asked, passing
#    pdfinfo, pdftotext (its words in that language) and qpdf --check, no
#    word below 6 pt (measured as the `text` suite measures, calibrated
#    with TEXTSIZE_SAMPLE), written atomically (nothing left behind when
#    the folder cannot be written).
# 5. Exit codes: an invalid scenario 1, usage errors 2 (unknown player,
#    bad --players, bad --seed, two languages).
# Ends with "balance-checks: N passed, M failed".
set -u
if [ $# -ne 3 ]; then
	echo "usage: $0 ORBAT_BINARY TEXTSIZE_SAMPLE SOURCE_ROOT" >&2
	exit 2
fi
ORBAT=$1
SAMPLE=$2
ROOT=$3
for tool in pdfinfo pdftotext qpdf python3; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "skipped: $tool is not installed"
		exit 77
	fi
done
WORK=$(mktemp -d "${TMPDIR:-/tmp}/orbat-balance.XXXXXX")
trap 'chmod -R u+w "$WORK" 2>/dev/null; rm -rf "$WORK"' EXIT
. "$ROOT/tests/render/pdf-lib.sh"
[ -n "${ORBAT_DATADIR:-}" ] || export ORBAT_DATADIR=$ROOT/data
export SOURCE_DATE_EPOCH=1700000000
HERE=$ROOT/tests/balance
SHILOH=$ROOT/scenarios/shiloh.xml
MB=$ROOT/scenarios/mb-1861.xml

# ---- 1. determinism ----
for scen in "$SHILOH" "$MB"; do
	name=$(basename "$scen" .xml)
	for fmt in text json; do
		"$ORBAT" balance --players simple --games 60 --seed 7 -j 1 --format $fmt "$scen" >"$WORK/$name.1.$fmt" 2>&1
		a=$?
		"$ORBAT" balance --players simple --games 60 --seed 7 --jobs 2 --format $fmt "$scen" >"$WORK/$name.2.$fmt" 2>&1
		b=$?
		[ $a -eq 0 ] && [ $b -eq 0 ] && cmp -s "$WORK/$name.1.$fmt" "$WORK/$name.2.$fmt"
		checked "$name $fmt: --jobs 1 and --jobs 2 give the same report" $? \
			"$(diff "$WORK/$name.1.$fmt" "$WORK/$name.2.$fmt" | head -n 8; cat "$WORK/$name.1.$fmt" | head -n 4)"
	done
	"$ORBAT" balance --players simple --games 60 --seed 8 --format json "$scen" >"$WORK/$name.8.json" 2>&1
	! cmp -s "$WORK/$name.1.json" "$WORK/$name.8.json"
	verdict "$name: another seed, other games" "" $?
done

# ---- 1b. --progress: a line a block on standard error, the report unchanged ----
"$ORBAT" balance --players simple --games 60 --seed 7 -j 2 --progress --format json "$SHILOH" \
	>"$WORK/progress.json" 2>"$WORK/progress.err"
st=$?
[ $st -eq 0 ] && cmp -s "$WORK/progress.json" "$WORK/shiloh.1.json" &&
	[ "$(cat "$WORK/progress.err")" = "$(printf 'orbat balance: %s of 60 games played\n' 25 50 60)" ]
checked "--progress: 25, 50, then 60 of 60 games played on standard error, the same JSON" $? \
	"status $st: $(head -n 5 "$WORK/progress.err")"
"$ORBAT" balance --games 20 --seed 7 --progress --format json "$SHILOH" >/dev/null 2>"$WORK/progress2.err"
[ "$(tail -n 1 "$WORK/progress2.err")" = "orbat balance: 40 of 40 games played" ]
checked "--progress counts the plain player's games with the default player's" $? \
	"$(cat "$WORK/progress2.err")"

# ---- 2. the JSON document ----
json_check() { # FILE PYTHON-ASSERTIONS
	python3 - "$1" "$2" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[2])
EOF
}
for name in shiloh mb-1861; do
	json_check "$WORK/$name.1.json" '
sides = [s["id"] for s in d["sides"]]
assert d["games"] == 60, d["games"]
assert d["seed"] == 7
assert len(sides) == 2
assert sorted(d["players"]) == sorted(sides), d["players"]
assert all(d["players"][s] == ["simple"] for s in sides)
assert sorted(d["wins"]) == sorted(sides + ["draw"]), d["wins"]
assert sum(d["wins"].values()) == 60
assert d["wins"]["draw"] == d["drawn"] + d["turn_limit"]
for s in sides:
    i = d["interval"][s]
    assert i["count"] == d["wins"][s]
    assert 0 <= i["low"] <= i["rate"] <= i["high"] <= 1, i
assert d["length"]["games"] == 60
assert d["length"]["min"] <= d["length"]["q1"] <= d["length"]["median"] <= d["length"]["q3"] <= d["length"]["max"]
assert sum(b["games"] for b in d["length"]["histogram"]) == 60
assert d["margin"]["spread"]["games"] == d["wins"][sides[0]] + d["wins"][sides[1]]
v = d["verdict"]
assert v["kind"] in ("balanced", "favoured", "inconclusive"), v
assert v["text"]
assert v["players"] == ["simple"], v
assert v["decided"] == d["wins"][sides[0]] + d["wins"][sides[1]]
assert (v["games_needed"] is None) == (v["kind"] != "inconclusive"), v
assert v["unfinished"] == (d["wins"]["draw"] > 0.05 * d["games"]), v
assert (v["warning"] is None) == (not v["unfinished"]), v
assert "other" not in d and "depends_on_skill" not in d
'
	checked "$name: the JSON document has its fields and its counts add up" $? "$(head -c 600 "$WORK/$name.1.json")"
done
grep -q "^Verdict with ‘simple’: " "$WORK/shiloh.1.text"
checked "the text report ends with its verdict" $? "$(tail -n 3 "$WORK/shiloh.1.text")"

# ---- 3. lopsided scenarios ----
"$ORBAT" balance --players simple --games 80 --format json "$HERE/lopsided.xml" >"$WORK/lop.json" 2>&1
json_check "$WORK/lop.json" '
v = d["verdict"]
assert v["kind"] == "favoured" and v["favoured"] == "union", v
assert v["low"] > 0.5
'
checked "lopsided.xml: the Union (one flag to win, twice the units) is favoured" $? "$(head -c 600 "$WORK/lop.json")"
"$ORBAT" balance --players simple --games 80 --format json "$HERE/lopsided-south.xml" >"$WORK/lops.json" 2>&1
json_check "$WORK/lops.json" '
v = d["verdict"]
assert v["kind"] == "favoured" and v["favoured"] == "confederate", v
'
checked "lopsided-south.xml: the Confederates, the second side, are favoured" $? "$(head -c 600 "$WORK/lops.json")"
"$ORBAT" balance --players simple --games 80 "$HERE/lopsided.xml" >"$WORK/lop.txt" 2>&1
grep -q "^Verdict with ‘simple’: Union is favoured by [0-9.]* points" "$WORK/lop.txt"
checked "lopsided.xml: the text verdict names the Union" $? "$(tail -n 2 "$WORK/lop.txt")"
# Two players by name: both sides played by both, half the games each.
"$ORBAT" balance --players simple,simple --games 20 --format json "$SHILOH" >"$WORK/same.json" 2>&1
json_check "$WORK/same.json" 'assert d["swapped"] is False and d["paired"] is False and "by_player" not in d'
checked "--players simple,simple is one player on both sides" $? "$(head -c 400 "$WORK/same.json")"
# Two different players: pairs of games (5 asked, 6 played), said so.
"$ORBAT" balance --players simple,strong --games 5 --format json "$HERE/lopsided.xml" >"$WORK/pair.json" 2>&1
json_check "$WORK/pair.json" '
assert d["paired"] is True and d["swapped"] is True and d["games"] == 6, d["games"]
assert d["verdict"]["players"] == ["simple", "strong"]
assert sum(p["count"] for p in d["by_player"].values()) == d["wins"]["union"] + d["wins"]["confederate"]
assert "other" not in d
'
checked "--players simple,strong: 5 games asked, 3 pairs played" $? "$(head -c 600 "$WORK/pair.json")"
"$ORBAT" balance --players simple,strong --games 6 "$HERE/lopsided.xml" >"$WORK/pair.txt" 2>&1
grep -q "^6 games of ‘simple’ against ‘strong’ in pairs of games, each seed played twice with the seats swapped" \
	"$WORK/pair.txt" && grep -q "^Verdict with ‘simple’ against ‘strong’: " "$WORK/pair.txt"
checked "the text report says the games are paired" $? "$(head -n 3 "$WORK/pair.txt")"

# ---- 3b. the three-way verdict ----
# The default: 1,000 games; the strongest player on the hex grid, compared
# with simple on the same seeds; both call the lopsided duel for the Union.
"$ORBAT" balance --format json "$HERE/lopsided.xml" >"$WORK/default.json" 2>&1
json_check "$WORK/default.json" '
assert d["games"] == 1000, d["games"]
assert d["players"]["union"] == ["strong"], d["players"]
v, o = d["verdict"], d["other"]
assert v["kind"] == "favoured" and v["favoured"] == "union" and v["players"] == ["strong"], v
assert o["games"] == 1000 and o["verdict"]["players"] == ["simple"], o
assert o["verdict"]["kind"] == "favoured" and o["verdict"]["favoured"] == "union", o
assert d["depends_on_skill"] is False
'
checked "default: 1000 games by strong, compared with simple, both favour the Union" $? "$(head -c 800 "$WORK/default.json")"
"$ORBAT" balance --games 40 "$HERE/lopsided.xml" >"$WORK/default.txt" 2>&1
grep -q "^Verdict with ‘strong’: Union is favoured" "$WORK/default.txt" &&
	grep -q "^With ‘simple’ instead: Union is favoured .* The same 40 seeds: Union won [0-9]*, Confederacy [0-9]*, no winner 0\.$" \
		"$WORK/default.txt" && ! grep -q "depends on skill" "$WORK/default.txt"
checked "default: the text names strong, then gives simple's verdict" $? "$(tail -n 3 "$WORK/default.txt")"
# A short run of an even scenario: inconclusive, with the games to play.
"$ORBAT" balance --players simple --games 30 --format json "$SHILOH" >"$WORK/open.json" 2>&1
json_check "$WORK/open.json" '
v = d["verdict"]
assert v["kind"] == "inconclusive", v
assert v["low"] < 0.5 < v["high"], v
assert isinstance(v["games_needed"], int) and v["games_needed"] > 30, v
assert "--games %d" % v["games_needed"] in v["text"], v["text"]
'
checked "30 games of Shiloh: inconclusive, with the games that would settle it" $? "$(head -c 900 "$WORK/open.json")"
needed=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["verdict"]["games_needed"])' "$WORK/open.json")
"$ORBAT" balance --players simple --games 30 "$SHILOH" >"$WORK/open.txt" 2>&1
grep -q "^Verdict with ‘simple’: Inconclusive: .* About $needed games would settle it" "$WORK/open.txt"
checked "the text verdict says inconclusive and how many games" $? "$(tail -n 2 "$WORK/open.txt")"
# Games cut short by a low turn limit: the warning, in text and JSON.
"$ORBAT" balance --players simple --games 30 --max-turns 3 --format json "$SHILOH" >"$WORK/short.json" 2>&1
json_check "$WORK/short.json" '
v = d["verdict"]
assert d["turn_limit"] > 0.05 * d["games"], d["turn_limit"]
assert v["unfinished"] is True and v["no_winner_rate"] > 0.05, v
assert v["warning"].startswith("Warning: %d of the 30 games" % d["turn_limit"]), v["warning"]
'
checked "games stopped at the turn limit: the JSON verdict warns" $? "$(head -c 900 "$WORK/short.json")"
"$ORBAT" balance --players simple --games 30 --max-turns 3 "$SHILOH" >"$WORK/short.txt" 2>&1
tail -n 1 "$WORK/short.txt" | grep -q "^Warning: [0-9]* of the 30 games (.*) ended without a winner, .* more than 5%"
checked "games stopped at the turn limit: the text warns under the verdict" $? "$(tail -n 2 "$WORK/short.txt")"
! grep -q "^Warning:" "$WORK/shiloh.1.text"
verdict "no warning when every game has a winner" "" $?

# ---- 4. the PDF ----
"$SAMPLE" "$ORBAT_DATADIR/fonts" "$WORK/cal.pdf"
boxes() {
	pdftotext -bbox "$1" - 2>/dev/null | awk '
		/<word / {
			match($0, /yMin="[^"]*"/); y0 = substr($0, RSTART + 6, RLENGTH - 7)
			match($0, /yMax="[^"]*"/); y1 = substr($0, RSTART + 6, RLENGTH - 7)
			w = $0; sub(/^[^>]*>/, "", w); sub(/<.*/, "", w)
			printf "%.3f %s\n", y1 - y0, w
		}'
}
SIX=$(boxes "$WORK/cal.pdf" | awk '$2 ~ /^six/ { n++; if (!m || $1 < m) m = $1 } END { if (n == 7) printf "%.3f", m }')
[ -n "$SIX" ]
verdict "calibration: the 6 pt words read back (least box ${SIX:-?} pt)" "" $?
THRESHOLD=$(calc "${SIX:-999} - 0.01")
declare -A WORD=([en]="Verdict" [nl]="Oordeel" [fr]="Verdict")
declare -A CHART=([en]="Games by length" [nl]="Partijen naar lengte" [fr]="Parties selon leur durée")
for lang in en nl fr; do
	paper=a4
	[ $lang = nl ] && paper=letter
	"$ORBAT" balance -q --players simple --games 40 --format pdf --lang $lang --paper $paper -o "$WORK/out" "$SHILOH" \
		>"$WORK/pdf.$lang.out" 2>&1
	st=$?
	pdf=$WORK/out/shiloh/$lang/balance.pdf
	[ $st -eq 0 ] && [ -s "$pdf" ] && [ ! -s "$WORK/pdf.$lang.out" ]
	checked "$lang: the PDF is written, quietly" $? "$(cat "$WORK/pdf.$lang.out")"
	[ "$(npages "$pdf")" = 1 ]
	checked "$lang: one page" $? "$(pdfinfo "$pdf" 2>&1 | head -n 20)"
	size=$(pdfinfo "$pdf" | sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\) pts.*/\1 \2/p')
	if [ $paper = a4 ]; then want="595.276 841.89"; else want="612 792"; fi
	[ "$size" = "$want" ]
	verdict "$lang: the page is $paper at true size ($size pt)" "" $?
	qpdf --check "$pdf" >"$WORK/qpdf.out" 2>&1
	checked "$lang: qpdf --check" $? "$(cat "$WORK/qpdf.out")"
	text=$(text_of "$pdf")
	grep -qF "${WORD[$lang]}" <<<"$text" && grep -qF "${CHART[$lang]}" <<<"$text" && grep -qF "Shiloh" <<<"$text"
	checked "$lang: pdftotext reads the title, the verdict and the chart in $lang" $? "$(head -n 12 <<<"$text")"
	small=$(boxes "$pdf" | awk -v t="$THRESHOLD" '$1 < t { print }')
	[ -z "$small" ]
	verdict "$lang: no word below 6 pt" "$small" $?
done
declare -A WARN=([en]="Warning:" [nl]="Waarschuwing:" [fr]="Attention")
for lang in en nl fr; do
	"$ORBAT" balance -q --players simple --games 20 --max-turns 3 --format pdf --lang $lang -o "$WORK/warn" "$SHILOH" \
		>/dev/null 2>&1
	text=$(text_of "$WORK/warn/shiloh/$lang/balance.pdf")
	grep -qF "${WARN[$lang]}" <<<"$text"
	checked "$lang: the PDF's verdict warns of the unfinished games" $? "$(head -n 12 <<<"$text")"
done
# The default players on the PDF: both verdicts, and a footer that makes
# the same page (without --players, which would drop the comparison).
"$ORBAT" balance -q --games 20 --format pdf -o "$WORK/both" "$HERE/lopsided.xml" >/dev/null 2>&1
text=$(text_of "$WORK/both/lopsided/en/balance.pdf")
grep -qF "Verdict with ‘strong’" <<<"$text" && grep -qF "With ‘simple’ instead" <<<"$text" &&
	grep -qF "orbat balance --games 20 --seed 1" <<<"$text"
checked "the PDF of the default players gives both verdicts" $? "$(head -n 20 <<<"$text")"
# The footer names the scenario's file alone (no folder of this machine),
# and French names a side as "le camp Union", never "Union gagne".
grep -qF -- "--lang en lopsided.xml" <<<"$text" && ! grep -qF "$HERE" <<<"$text"
checked "the footer names the scenario's file without its folders" $? "$(grep -F 'orbat balance' <<<"$text")"
text=$(text_of "$WORK/out/shiloh/fr/balance.pdf")
grep -qiF "le camp Union" <<<"$text" && ! grep -qE "(^|[^p] )Union (gagne|est)" <<<"$text"
checked "fr: a side is named with its article (le camp Union)" $? "$(grep -iF 'Union' <<<"$text" | head -n 3)"
"$ORBAT" balance -q --players simple --games 40 --format pdf -o "$WORK/again" "$SHILOH" >/dev/null 2>&1
cmp -s "$WORK/out/shiloh/en/balance.pdf" "$WORK/again/shiloh/en/balance.pdf"
verdict "the same seed gives the same PDF (SOURCE_DATE_EPOCH set)" "" $?
# (The superuser writes into any folder: there is no unwritable one to try.)
if [ "$(id -u)" -ne 0 ]; then
	mkdir -p "$WORK/locked"
	chmod a-w "$WORK/locked"
	"$ORBAT" balance -q --players simple --games 10 --format pdf -o "$WORK/locked/x" "$SHILOH" >"$WORK/locked.out" 2>&1
	st=$?
	[ $st -eq 2 ] && [ -z "$(ls -A "$WORK/locked")" ]
	checked "an unwritable folder: exit 2, nothing left behind" $? "status $st: $(cat "$WORK/locked.out")"
	chmod u+w "$WORK/locked"
else
	echo "skip - an unwritable folder: run as the superuser, who writes anywhere"
fi

# ---- 5. exit codes ----
expect() { # STATUS DESCRIPTION ARGS...
	local want=$1 what=$2
	shift 2
	"$ORBAT" balance "$@" >"$WORK/exit.out" 2>&1
	local got=$?
	[ $got -eq "$want" ]
	checked "$what: exit $want" $? "status $got: $(cat "$WORK/exit.out")"
}
sed 's/victory="1"/victory="9"/' "$HERE/lopsided.xml" >"$WORK/invalid.xml"
expect 1 "an invalid scenario" --games 5 "$WORK/invalid.xml"
expect 2 "an unknown player" --players nobody --games 5 "$SHILOH"
expect 2 "three players" --players simple,simple,simple --games 5 "$SHILOH"
expect 2 "a seed that is not a number" --seed x "$SHILOH"
expect 2 "two languages" --lang en,fr --games 5 "$SHILOH"
expect 2 "no scenario" --games 5
expect 2 "a missing file" --games 5 "$WORK/none.xml"
grep -q "there is no player 'nobody'" <(("$ORBAT" balance --players nobody "$SHILOH") 2>&1)
verdict "an unknown player is named, with the players there are" "" $?

echo "balance-checks: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
