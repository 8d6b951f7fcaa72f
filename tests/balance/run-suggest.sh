#!/bin/bash
# The balance lab from the outside (orbat balance --suggest, --players
# expert):
#
#   run-suggest.sh ORBAT_BINARY SOURCE_ROOT [--update]
#
# 1. Golden reports: small seeded runs (--games 20 -j 1, the player
#    'simple', whose games stay put while the stronger players grow) in
#    text and JSON, on a hex scenario and on the square board, in English
#    and French, compared byte for byte with suggest/NAME.expected
#    (--update rewrites them, for a human to review with git diff).
# 2. The same report on one process and on two; --progress counts the
#    changes' games with the run's.
# 3. The JSON fields: a suggestion per change offered, each with its
#    games, its first-side share inside its interval and its verdict; the
#    square board offers the first side alone and says what it does not.
# 4. --players expert is judged beside the default player ('strong' on
#    the hex boards) and --suggest works with it (--think 4sims).
# 5. French typography in the lab's words: U+00A0 before ':', U+202F
#    before ';', never a plain space.
# 6. The PDF with the short table in en, nl and fr: one page, qpdf
#    --check, the table's heading read back.
# 7. Bad option values: exit 2 and a sentence naming the option.
# Ends with "suggest-checks: N passed, M failed".
set -u
UPDATE=0
if [ $# -eq 3 ] && [ "$3" = "--update" ]; then
	UPDATE=1
	set -- "$1" "$2"
fi
. "$(dirname -- "$0")/../render/pdf-lib.sh"
check_begin suggest "pdfinfo pdftotext qpdf python3" "$@"
export SOURCE_DATE_EPOCH=1700000000
HERE=$ROOT/tests/balance
SHILOH=$ROOT/scenarios/shiloh.xml
MB=$ROOT/scenarios/mb-1861.xml

json_check() { # FILE PYTHON-ASSERTIONS
	python3 - "$1" "$2" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[2])
EOF
}

# ---- 1. golden reports ----
golden() { # NAME ARGS...
	local name=$1
	shift
	"$ORBAT" balance --players simple --games 20 -j 1 --suggest "$@" >"$WORK/$name.out" 2>&1
	local st=$?
	if [ $UPDATE -eq 1 ]; then
		cp "$WORK/$name.out" "$HERE/suggest/$name.expected"
	fi
	[ $st -eq 0 ] && cmp -s "$WORK/$name.out" "$HERE/suggest/$name.expected"
	checked "golden $name" $? "status $st: $(diff -u "$HERE/suggest/$name.expected" "$WORK/$name.out" | head -n 20)"
}
golden shiloh-text "$SHILOH"
golden shiloh-json --format json "$SHILOH"
golden shiloh-fr --lang fr "$SHILOH"
golden mb-1861-text "$MB"
golden mb-1861-nl --lang nl "$MB"

# ---- 2. one process or two; progress ----
"$ORBAT" balance --players simple --games 20 -j 2 --suggest "$SHILOH" >"$WORK/two.out" 2>&1
cmp -s "$WORK/two.out" "$WORK/shiloh-text.out"
checked "--suggest: -j 2 gives the report of -j 1" $? "$(diff "$WORK/shiloh-text.out" "$WORK/two.out" | head -n 8)"
"$ORBAT" balance --players simple --games 20 -j 2 --suggest --progress --format json "$SHILOH" \
	>"$WORK/progress.json" 2>"$WORK/progress.err"
st=$?
changes=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["suggestions"]))' "$WORK/progress.json")
total=$((20 * (changes + 1)))
[ $st -eq 0 ] && [ "$(tail -n 1 "$WORK/progress.err")" = "orbat balance: $total of $total games played" ] &&
	[ "$(wc -l <"$WORK/progress.err")" -eq $((changes + 1)) ] && cmp -s "$WORK/progress.json" "$WORK/shiloh-json.out"
checked "--progress counts the $changes changes' games with the run's, one line a run of 20" $? \
	"status $st: $(tail -n 3 "$WORK/progress.err")"

# ---- 3. the JSON fields ----
json_check "$WORK/shiloh-json.out" '
s = d["suggestions"]
assert len(s) == 13, len(s)
kinds = sorted(x["change"] for x in s)
assert kinds == ["cards"] * 4 + ["first"] + ["victory"] * 8, kinds
rank = {"balanced": 0, "inconclusive": 1, "favoured": 2}
assert [rank[x["verdict"]] for x in s] == sorted(rank[x["verdict"]] for x in s), s
for x in s:
    assert x["games"] == 20 and x["first_side"] == "union", x
    assert sum(x["wins"].values()) == 20, x
    assert 0 <= x["low"] <= x["first_side_share"] <= x["high"] <= 1, x
    assert x["decided"] == x["wins"]["union"] + x["wins"]["confederate"], x
    assert (x["favoured"] is None) == (x["verdict"] != "favoured"), x
    assert x["text"] and x["verdict_text"], x
    if x["change"] == "first":
        assert x["from"] == "confederate" and x["to"] == "union" and x["distance"] == 1, x
    else:
        assert x["distance"] == abs(x["to"] - x["from"]) and 1 <= x["distance"] <= 2, x
assert d["suggestions_not_offered"] == [] and d["suggestions_untried"] == []
'
checked "shiloh: 13 changes, each with its games, share, interval and verdict, in order" $? \
	"$(head -c 800 "$WORK/shiloh-json.out")"
"$ORBAT" balance --players simple --games 20 -j 1 --suggest --format json "$MB" >"$WORK/mb.json" 2>&1
json_check "$WORK/mb.json" '
s = d["suggestions"]
assert [x["change"] for x in s] == ["first"], s
assert s[0]["from"] == "union" and s[0]["to"] == "confederate", s
assert sorted(x["change"] for x in d["suggestions_not_offered"]) == ["cards", "victory"], d["suggestions_not_offered"]
assert all(x["text"] for x in d["suggestions_not_offered"])
'
checked "mb-1861: the first side alone, and what the square board does not offer" $? "$(head -c 800 "$WORK/mb.json")"
"$ORBAT" balance --players simple --games 20 -j 1 --format json "$SHILOH" >"$WORK/plain.json" 2>&1
json_check "$WORK/plain.json" 'assert "suggestions" not in d and "suggestions_not_offered" not in d'
verdict "without --suggest the JSON has no suggestions" "" $?

# ---- 4. expert beside the default player, with --suggest ----
"$ORBAT" balance --players expert --think 4sims --games 4 -j 2 --suggest --format json "$SHILOH" \
	>"$WORK/expert.json" 2>"$WORK/expert.err"
st=$?
json_check "$WORK/expert.json" '
assert d["verdict"]["players"] == ["expert"], d["verdict"]
o = d["other"]
assert o["games"] == 4 and o["verdict"]["players"] == ["strong"], o
assert isinstance(d["depends_on_skill"], bool)
assert len(d["suggestions"]) == 13 and all(x["games"] == 4 for x in d["suggestions"])
'
checked "--players expert --think 4sims --suggest: strong beside it, 13 changes of 4 games" $? \
	"status $st: $(head -c 600 "$WORK/expert.json"; cat "$WORK/expert.err")"
"$ORBAT" balance --players expert --think 4sims --games 2 -j 2 "$SHILOH" >"$WORK/expert.txt" 2>&1
grep -q "^Verdict with ‘expert’: " "$WORK/expert.txt" && grep -q "^With ‘strong’ instead: " "$WORK/expert.txt"
checked "the text gives expert's verdict, then strong's" $? "$(tail -n 3 "$WORK/expert.txt")"
"$ORBAT" balance -q --players expert --think 4sims --games 2 -j 2 --format pdf -o "$WORK/epdf" "$SHILOH" >/dev/null 2>&1
text=$(text_of "$WORK/epdf/shiloh/en/balance.pdf")
grep -qF -- "--players expert --seed 1 --max-turns 500 --think 4sims --format pdf" <<<"$text" &&
	grep -qF "With ‘strong’ instead" <<<"$text"
checked "the expert's PDF gives strong's verdict, and its footer the budget to make it again" $? "$(tail -n 4 <<<"$text")"
"$ORBAT" balance --players expert,strong --think 4sims --games 2 -j 2 --format json "$SHILOH" >"$WORK/pair.json" 2>&1
json_check "$WORK/pair.json" 'assert "other" not in d'
checked "two players named: no other verdict" $? "$(head -c 300 "$WORK/pair.json")"

# ---- 5. French typography ----
fr_lab=$(sed -n '/^Changements vers/,$p' "$WORK/shiloh-fr.out"; sed -n '/^Non proposé/,$p' \
	<("$ORBAT" balance --players simple --games 2 -j 1 --suggest --lang fr "$MB" 2>&1))
[ -n "$fr_lab" ] && ! grep -qE ' [:;!?]' <<<"$fr_lab" && grep -q $'\xc2\xa0:' <<<"$fr_lab" &&
	grep -q $'\xe2\x80\xaf;' <<<"$fr_lab"
verdict "fr: no plain space before : ; ! ?, U+00A0 before ':' and U+202F before ';'" "$fr_lab" $?

# ---- 6. the PDF ----
declare -A HEAD=([en]="Changes toward an even game" [nl]="Wijzigingen naar een gelijk spel"
	[fr]="Changements vers une partie égale")
for lang in en nl fr; do
	"$ORBAT" balance -q --players simple --games 20 -j 2 --suggest --format pdf --lang $lang -o "$WORK/pdf" "$SHILOH" \
		>"$WORK/pdf.out" 2>&1
	st=$?
	pdf=$WORK/pdf/shiloh/$lang/balance.pdf
	[ $st -eq 0 ] && [ "$(npages "$pdf")" = 1 ] && qpdf --check "$pdf" >/dev/null 2>&1
	checked "$lang: the PDF with suggestions is one page and passes qpdf --check" $? "status $st: $(cat "$WORK/pdf.out")"
	text=$(text_of "$pdf")
	grep -qF "${HEAD[$lang]}" <<<"$text" && grep -qF -- "--suggest" <<<"$text"
	checked "$lang: the table's heading is read back, the footer's command asks for --suggest" $? \
		"$(tail -n 20 <<<"$text")"
done
"$ORBAT" balance -q --players simple --games 20 -j 2 --suggest --format pdf -o "$WORK/pdf" "$MB" >/dev/null 2>&1
text=$(text_of "$WORK/pdf/mb-1861/en/balance.pdf")
grep -qF "Confederacy plays first" <<<"$text" && grep -qF "Not offered on this board" <<<"$text"
checked "mb-1861: the PDF's table has the first side and says what is not offered" $? "$(tail -n 12 <<<"$text")"

# A very full page (French, Letter, two verdicts with their warnings):
# the histogram gives up room so that the table shows some rows, it says
# how many of all, and nothing runs into the footer.
"$ORBAT" balance -q --games 20 -j 2 --suggest --max-turns 8 --format pdf --lang fr --paper letter -o "$WORK/full" \
	"$ROOT/scenarios/antietam.xml" >/dev/null 2>&1
pdf=$WORK/full/antietam/fr/balance.pdf
pdftotext -bbox "$pdf" "$WORK/full.html" 2>/dev/null
python3 - "$WORK/full.html" <<'EOF' >"$WORK/full.out" 2>&1
import re, sys
words = [(float(a), float(b), w) for a, b, w in
         re.findall(r'<word xMin="[^"]*" yMin="([^"]*)" xMax="[^"]*" yMax="([^"]*)">([^<]*)</word>', open(sys.argv[1]).read())]
# The footer: "Produit par : orbat balance --games 20 ... antietam.xml".
foot = min(y0 for y0, y1, w in words if w == "Produit")
footer = set("Produit par : orbat balance --games 20 --seed 1 --max-turns 8 --suggest --format pdf --lang fr "
             "antietam.xml".split())
into = [(y0, y1, w) for y0, y1, w in words if y1 > foot and not (y0 >= foot - 1 and w in footer)]
assert not into, ("runs into or past the footer", into[:8], foot)
text = " ".join(w for _, _, w in words)
assert "Changements vers une partie" in text, text[-400:]
# at least one row: the histogram gave up its room for the table
assert re.search(r"[1-9]\d* des 13 changements", text), text[-400:]
EOF
st=$?
[ $st -eq 0 ] && [ "$(npages "$pdf")" = 1 ] && qpdf --check "$pdf" >/dev/null 2>&1
checked "a very full page: the table shows what fits, says so, and stays above the footer" $? "$(cat "$WORK/full.out")"

# ---- 7. bad option values ----
expect_usage() { # DESCRIPTION WORDS ARGS...
	local what=$1 words=$2
	shift 2
	"$ORBAT" balance "$@" >"$WORK/bad.out" 2>&1
	local st=$?
	[ $st -eq 2 ] && grep -qF -- "$words" "$WORK/bad.out"
	checked "$what: exit 2, said" $? "status $st: $(cat "$WORK/bad.out")"
}
expect_usage "--suggest with a value" "option '--suggest' takes no value" --suggest=yes --games 2 "$SHILOH"
expect_usage "--suggest with --think 0sims" "--think takes milliseconds" --suggest --think 0sims --games 2 "$SHILOH"
expect_usage "--suggest with --games 0" "--games takes a number of games" --suggest --games 0 "$SHILOH"
expect_usage "--suggest with --players expert," "--players takes one player or two" --suggest --players expert, "$SHILOH"

echo "suggest-checks: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
