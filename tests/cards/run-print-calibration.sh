#!/bin/bash
# The printer calibration and what the cards draw from it, measured from
# the PDFs with poppler and qpdf:
#   calibrate  the 100 mm and 4-inch rulers' lengths (pdftocairo -svg: the
#              first to the last tick), on A4 and Letter; the back's scales
#              centred where the front's cross falls once the sheet turns,
#              for long and short edge, and moved by --back-offset
#   cards      --back-offset moves every back side by that much (pdftotext
#              -bbox of the back's words), fronts stay; the configuration
#              file's back-offset is read, the option wins over it, and a
#              malformed file or value is a usage error (exit 2)
#   emblems    each card kind's emblem is held once in the deck PDF
#              (form XObjects), and the deck stays small
#   refcard    the minus is the en dash (the body face has no U+2212), never
#              the hyphen-minus;
#              the Battle Cry back says line of sight, generals, victory;
#              the mb back does not repeat placement; one type size on
#              both pages
# Usage: run-print-calibration.sh ORBAT SOURCE_ROOT.  Exits 77 (skipped) when a client
# is missing.  Ends with "print-calibration: N passed, M failed".
set -u
orbat=${1:?usage: run-print-calibration.sh ORBAT SOURCE_ROOT}
root=${2:?usage: run-print-calibration.sh ORBAT SOURCE_ROOT}

for tool in pdftocairo pdftotext pdfinfo qpdf python3; do
	if ! command -v "$tool" >/dev/null; then
		echo "print-calibration: skipped, $tool is not installed"
		exit 77
	fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-calib.XXXXXX")
trap 'rm -rf "$work"' EXIT
# No user's configuration leaks into the checks.
export XDG_CONFIG_HOME="$work/config"
mkdir -p "$XDG_CONFIG_HOME/orbat"

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok: $*"; }
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }
check() {
	local what=$1; shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}

# The stroked paths of one page as segments, in points from the top-left
# corner: "x0 y0 x1 y1" a line.  pdftocairo writes absolute M/L paths, some
# with a transform matrix.
segments() {
	local pdf=$1 page=$2
	pdftocairo -svg -origpagesizes -nocenter -noshrink -f "$page" -l "$page" "$pdf" "$work/page.svg" || return 1
	python3 - "$work/page.svg" <<'PY'
import re, sys
svg = open(sys.argv[1]).read()
for m in re.finditer(r'<path style="fill:none;[^"]*" d="([^"]*)"(?: transform="matrix\(([^)]*)\)")?', svg):
    a, b, c, d, e, f = map(float, m.group(2).split(',')) if m.group(2) else (1, 0, 0, 1, 0, 0)
    toks = m.group(1).split()
    pts, i = [], 0
    while i < len(toks):
        op = toks[i]
        if op in ('M', 'L'):
            x, y = float(toks[i + 1]), float(toks[i + 2])
            pts.append((op, a * x + c * y + e, b * x + d * y + f))
            i += 3
        else:
            i += 1
    for (o0, x0, y0), (o1, x1, y1) in zip(pts, pts[1:]):
        if o1 == 'L':
            print(f"{x0:.4f} {y0:.4f} {x1:.4f} {y1:.4f}")
PY
}

# The ruler whose vertical ticks stand on one base line and number N:
# prints the distance from its first to its last tick in mm.
ruler_length() {
	local file=$1 ticks=$2
	python3 - "$file" "$ticks" <<'PY'
import sys, collections
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    x0, y0, x1, y1 = map(float, line.split())
    if abs(x0 - x1) < 1e-3 and abs(y0 - y1) > 1:      # a vertical tick
        rows[round(max(y0, y1), 2)].append(x0)
want = int(sys.argv[2])
for base, xs in rows.items():
    if len(xs) == want:
        print(f"{(max(xs) - min(xs)) * 25.4 / 72:.3f}")
        break
PY
}

near() { python3 -c "import sys; sys.exit(0 if abs($1 - ($2)) <= $3 else 1)"; }

# ---- calibrate: the rulers ----
for paper in a4 letter; do
	"$orbat" calibrate --lang en --paper "$paper" -q -o "$work/cal-$paper" || fail "calibrate --paper $paper runs"
	pdf="$work/cal-$paper/calibrate/en/calibration.pdf"
	segments "$pdf" 1 > "$work/front.seg"
	mm=$(ruler_length "$work/front.seg" 101)
	inch=$(ruler_length "$work/front.seg" 33)
	check "calibrate $paper: the mm ruler is 100 mm from 0 to 100 ($mm)" near "${mm:-0}" 100 0.02
	check "calibrate $paper: the inch ruler is 4 in = 101.6 mm ($inch)" near "${inch:-0}" 101.6 0.02
	check "calibrate $paper: two pages" test "$(pdfinfo "$pdf" | awk '/^Pages:/ { print $2 }')" = 2
done
check "calibrate: A4 pages are A4 portrait" \
	test "$(pdfinfo -box "$work/cal-a4/calibrate/en/calibration.pdf" | awk '/MediaBox/ { print $(NF-1), $NF }')" = "595.28 841.89"

# ---- calibrate: the back's scales behind the front's cross ----
# The cross: the longest vertical and horizontal lines of the front.  The
# back's 0 ticks: the longest ticks of its scales; x of the vertical one,
# y of the horizontal one.
cross_and_zero() {
	local pdf=$1
	segments "$pdf" 1 > "$work/f.seg"
	segments "$pdf" 2 > "$work/b.seg"
	python3 - "$work/f.seg" "$work/b.seg" <<'PY'
import sys
def segs(p): return [tuple(map(float, l.split())) for l in open(p)]
f, b = segs(sys.argv[1]), segs(sys.argv[2])
vert = lambda s: abs(s[0] - s[2]) < 1e-3
horiz = lambda s: abs(s[1] - s[3]) < 1e-3
length = lambda s: abs(s[0] - s[2]) + abs(s[1] - s[3])
# The cross's two lines are 56 mm long (calibrate.c, CROSS_ARM).
arm = 56 * 72 / 25.4
cx = [s for s in f if vert(s) and abs(length(s) - arm) < 0.05][0][0]
cy = [s for s in f if horiz(s) and abs(length(s) - arm) < 0.05][0][1]
# The back's 0 ticks are the longest ticks of their scales (5 mm).
zx = [s[0] for s in b if vert(s) and abs(length(s) - 5 * 72 / 25.4) < 0.05]
zy = [s[1] for s in b if horiz(s) and abs(length(s) - 5 * 72 / 25.4) < 0.05]
print(f"{cx * 25.4 / 72:.3f} {cy * 25.4 / 72:.3f} {sum(zx) / len(zx) * 25.4 / 72:.3f} {sum(zy) / len(zy) * 25.4 / 72:.3f}")
PY
}
W=210; H=297
"$orbat" calibrate --lang en --paper a4 -q -o "$work/c-long" --duplex long
read -r cx cy zx zy <<< "$(cross_and_zero "$work/c-long/calibrate/en/calibration.pdf")"
check "calibrate long edge: the back's X zero is behind the cross (x' = W - x: $zx vs $cx)" near "$zx" "$W - $cx" 0.01
check "calibrate long edge: the back's Y zero is behind the cross ($zy vs $cy)" near "$zy" "$cy" 0.01
"$orbat" calibrate --lang en --paper a4 -q -o "$work/c-short" --duplex short
read -r cx cy zx zy <<< "$(cross_and_zero "$work/c-short/calibrate/en/calibration.pdf")"
check "calibrate short edge: the back's X zero is behind the cross ($zx vs $cx)" near "$zx" "$cx" 0.01
check "calibrate short edge: the back's Y zero is behind the cross (y' = H - y: $zy vs $cy)" near "$zy" "$H - $cy" 0.01
"$orbat" calibrate --lang en --paper a4 -q -o "$work/c-off" --back-offset 1.5,-2
read -r cx cy zx zy <<< "$(cross_and_zero "$work/c-off/calibrate/en/calibration.pdf")"
check "calibrate --back-offset 1.5,-2 moves the back's scales ($zx, $zy)" \
	python3 -c "import sys; sys.exit(0 if abs($zx - ($W - $cx + 1.5)) < 0.01 and abs($zy - ($cy - 2)) < 0.01 else 1)"
for lang in en nl fr; do
	"$orbat" calibrate --lang $lang -q -o "$work/c-lang" || fail "calibrate --lang $lang"
done
check "calibrate writes every language" test -s "$work/c-lang/calibrate/fr/calibration.pdf"
check "calibrate: qpdf --check" qpdf --check "$work/c-lang/calibrate/nl/calibration.pdf" >/dev/null

# ---- cards: the back offset ----
# The first word of a page as "xMin yMin" in points.
first_word() {
	pdftotext -f "$2" -l "$2" -bbox "$1" - | python3 -c '
import re, sys
m = re.search(r"<word xMin=\"([\d.]+)\" yMin=\"([\d.]+)\"", sys.stdin.read())
print(m.group(1), m.group(2))'
}
deck() { echo "$1/cards/battlecry-1999/en/deck.pdf"; }
shift_of() {   # shift_of DIR0 DIR1 PAGE: "dx dy" in mm
	read -r ax ay <<< "$(first_word "$(deck "$1")" "$3")"
	read -r bx by <<< "$(first_word "$(deck "$2")" "$3")"
	python3 -c "print(f'{($bx - $ax) * 25.4 / 72:.3f} {($by - $ay) * 25.4 / 72:.3f}')"
}
same_shift() {   # same_shift "dx dy" X Y
	read -r dx dy <<< "$1"
	near "$dx" "$2" 0.005 && near "$dy" "$3" 0.005
}
"$orbat" cards --ruleset battlecry-1999 --lang en -q -o "$work/d0"
"$orbat" cards --ruleset battlecry-1999 --lang en -q -o "$work/d1" --back-offset 2,-1
s=$(shift_of "$work/d0" "$work/d1" 2)
check "cards --back-offset 2,-1: the backs move 2 mm right, 1 mm up ($s)" same_shift "$s" 2 -1
s=$(shift_of "$work/d0" "$work/d1" 14)
check "cards --back-offset 2,-1: the last sheet's backs too ($s)" same_shift "$s" 2 -1
s=$(shift_of "$work/d0" "$work/d1" 1)
check "cards --back-offset 2,-1: the fronts stay ($s)" same_shift "$s" 0 0
# The back page's TrimBox and BleedBox move with its cards and marks (PDF
# y runs up: 1 mm up is +1), the front page's stay.
box_shift() {   # box_shift PAGE BOX: "dx dy" in mm from d0 to d1
	local a b
	a=$(pdfinfo -box -f "$1" -l "$1" "$work/d0/cards/battlecry-1999/en/deck.pdf" | awk -v n="$2:" '$3 == n { print $4, $5 }')
	b=$(pdfinfo -box -f "$1" -l "$1" "$work/d1/cards/battlecry-1999/en/deck.pdf" | awk -v n="$2:" '$3 == n { print $4, $5 }')
	awk -v a="$a" -v b="$b" 'BEGIN { split(a, p, " "); split(b, q, " "); printf "%.3f %.3f\n", (q[1] - p[1]) * 25.4 / 72, (q[2] - p[2]) * 25.4 / 72 }'
}
for box in TrimBox BleedBox; do
	s=$(box_shift 2 $box)
	check "cards --back-offset 2,-1: the back page's $box moves with its cards ($s)" same_shift "$s" 2 1
	s=$(box_shift 1 $box)
	check "cards --back-offset 2,-1: the front page's $box stays ($s)" same_shift "$s" 0 0
done

printf '# the club printer\n\nback-offset = 1.5, -0.5\n' > "$XDG_CONFIG_HOME/orbat/orbat.conf"
"$orbat" cards --ruleset battlecry-1999 --lang en -q -o "$work/d2"
s=$(shift_of "$work/d0" "$work/d2" 2)
check "cards reads back-offset from orbat.conf ($s)" same_shift "$s" 1.5 -0.5
"$orbat" cards --ruleset battlecry-1999 --lang en -q -o "$work/d3" --back-offset 0,0
s=$(shift_of "$work/d0" "$work/d3" 2)
check "cards: --back-offset wins over orbat.conf ($s)" same_shift "$s" 0 0
HOME_SAVE=$XDG_CONFIG_HOME
unset XDG_CONFIG_HOME
mkdir -p "$work/home/.config/orbat"
printf 'back-offset=-1,1\n' > "$work/home/.config/orbat/orbat.conf"
HOME="$work/home" "$orbat" cards --ruleset battlecry-1999 --lang en -q -o "$work/d4"
s=$(shift_of "$work/d0" "$work/d4" 2)
check "cards: without XDG_CONFIG_HOME, ~/.config/orbat/orbat.conf ($s)" same_shift "$s" -1 1
export XDG_CONFIG_HOME=$HOME_SAVE

# The print set's deck takes the offset too, from the option or the file.
render_deck() { echo "$1/first-bull-run/en/order-cards.pdf"; }
rm -f "$XDG_CONFIG_HOME/orbat/orbat.conf"
"$orbat" render --lang en -q -o "$work/p0" "$root/scenarios/first-bull-run.xml"
"$orbat" render --lang en -q -o "$work/p1" --back-offset -1.5,2.5 "$root/scenarios/first-bull-run.xml"
read -r ax ay <<< "$(first_word "$(render_deck "$work/p0")" 2)"
read -r bx by <<< "$(first_word "$(render_deck "$work/p1")" 2)"
s=$(python3 -c "print(f'{($bx - $ax) * 25.4 / 72:.3f} {($by - $ay) * 25.4 / 72:.3f}')")
check "render --back-offset -1.5,2.5: the print set's order cards' backs move ($s)" same_shift "$s" -1.5 2.5
printf 'back-offset = 0.5,0.5\n' > "$XDG_CONFIG_HOME/orbat/orbat.conf"
"$orbat" render --lang en -q -o "$work/p2" "$root/scenarios/first-bull-run.xml"
rm -f "$XDG_CONFIG_HOME/orbat/orbat.conf"
read -r bx by <<< "$(first_word "$(render_deck "$work/p2")" 2)"
s=$(python3 -c "print(f'{($bx - $ax) * 25.4 / 72:.3f} {($by - $ay) * 25.4 / 72:.3f}')")
check "render reads back-offset from orbat.conf ($s)" same_shift "$s" 0.5 0.5

# usage_error DESCRIPTION PATTERN COMMAND...: exit 2, the message matches.
usage_error() {
	local what=$1 pattern=$2; shift 2
	"$@" >/dev/null 2>"$work/err"
	local rc=$?
	if [ $rc -eq 2 ] && grep -q -- "$pattern" "$work/err"; then pass "$what"; else
		fail "$what (exit $rc: $(head -c 300 "$work/err"))"; fi
}
for bad in 'back-offset = 1' 'back-offset = a,b' 'back-offset = 30,0' 'offset = 1,1' 'back-offset 1,1' \
	$'back-offset = 1,1\nback-offset = 2,2'; do
	printf '%s\n' "$bad" > "$XDG_CONFIG_HOME/orbat/orbat.conf"
	usage_error "a malformed orbat.conf ($(echo "$bad" | head -1)) is exit 2, naming the file and line" \
		"orbat.conf:[12]:" "$orbat" cards --ruleset battlecry-1999 --lang en -q -o "$work/bad"
done
check "a malformed orbat.conf writes nothing" test ! -e "$work/bad"
usage_error "render: a malformed orbat.conf is exit 2" "orbat.conf:" \
	"$orbat" render --lang en -q -o "$work/bad" "$root/scenarios/shiloh.xml"
usage_error "calibrate: a malformed orbat.conf is exit 2" "orbat.conf:" "$orbat" calibrate -q -o "$work/bad"
rm -f "$XDG_CONFIG_HOME/orbat/orbat.conf"
for bad in 2 2,x 1,2,3 11,0 ,; do
	usage_error "cards --back-offset '$bad' is a usage error" "back-offset takes X,Y" \
		"$orbat" cards --ruleset battlecry-1999 --lang en -q -o "$work/bad" --back-offset "$bad"
done

# ---- emblems: each kind held once ----
# Form XObjects of the deck: one per design, the back, one per emblem kind
# the deck uses, and the parts the fronts share (cardface.h); the copies
# paint these, adding none.  Drawn per design, the emblems would add a form
# per design or none.
forms() { qpdf --qdf --object-streams=disable "$1" "$work/qdf.pdf" && grep -c '/Subtype /Form' "$work/qdf.pdf"; }
pdf=$(deck "$work/d0")
designs=24; prints=58; kinds=16   # battlecry-1999: 4 flank cards x 3 flanks + 12 others; 16 emblems
# Shared by the fronts: a ground per colour (flank, any) and a strip per flank.
shared=5
n=$(forms "$pdf")
check "deck: $kinds emblems, the back and the fronts' shared parts held once each ($n forms, expected $((designs + 1 + kinds + shared)))" \
	test "$n" = $((designs + 1 + kinds + shared))
size=$(stat -c %s "$pdf")
check "deck: the 58-card PDF stays under 100 KiB ($size bytes)" test "$size" -le 102400
"$orbat" cards --ruleset battlecry-1999 --lang en -q --unique -o "$work/u"
usize=$(stat -c %s "$(deck "$work/u")")
check "deck: every copy costs little over one of each ($size vs $usize bytes)" test "$size" -lt $((usize * 3 / 2))
check "deck: the count reads as copies, not a card number" \
	bash -c "pdftotext '$pdf' - | grep -q '×4 in a deck of 58'"
"$orbat" cards --ruleset battlecry-1999 --lang nl -q -o "$work/d0"
check "deck nl: the count in Dutch" bash -c "pdftotext '$work/d0/cards/battlecry-1999/nl/deck.pdf' - | grep -q '×4 in een stapel van 58'"
cat > "$work/deck.xml" <<'XML'
<deck xmlns="urn:orbat:deck:1" mode="add">
  <card id="ambush" order="special" any="1" emblem="sights">
    <name xml:lang="en">Ambush</name><text xml:lang="en">One unit in woods battles first.</text>
  </card>
</deck>
XML
"$orbat" cards --ruleset battlecry-1999 --lang en -q -o "$work/bad" --deck "$work/deck.xml" 2>"$work/err"
rc=$?
check "a deck file's unknown emblem is refused (exit 1), naming the emblems" \
	bash -c "[ $rc -eq 1 ] && grep -q \"emblem 'sights' is not one of sabres\" '$work/err'"
sed -i 's/sights/sight/' "$work/deck.xml"
check "a deck file may name an emblem" "$orbat" cards --ruleset battlecry-1999 --lang en -q -o "$work/own" --deck "$work/deck.xml"

# ---- the reference card ----
"$orbat" refcard --ruleset battlecry-1999 -q -o "$work/r"
"$orbat" refcard --ruleset mb-remastered -q -o "$work/r"
"$orbat" refcard --ruleset noord-zuid -q -o "$work/r"
"$orbat" refcard --ruleset battlecry-150 -q -o "$work/r"
bc="$work/r/refcard/battlecry-1999"
no_true_minus() {
	local f
	for f in "$work"/r/refcard/*/*/refcard.pdf; do
		if pdftotext "$f" - | grep -q $'\u2212'; then echo "  $f has U+2212"; return 1; fi
	done
}
check "refcard: no U+2212 in any card (the body face lacks it)" no_true_minus
check "refcard: modifiers print with the en dash as minus (–1 attacker)" bash -c "pdftotext '$bc/en/refcard.pdf' - | grep -q -- '–1 attacker'"
for lang in en nl fr; do
	back=$(pdftotext -f 2 -l 2 "$bc/$lang/refcard.pdf" - | tr '\n' ' ')
	case $lang in
	en) words=("Line of sight" "Generals: with a unit, and alone" "Victory" "6 flags" "hill sees over" "not touch him") ;;
	nl) words=("Vizierlijn" "Generaals: bij een eenheid, en alleen" "Overwinning" "6 vlaggen") ;;
	fr) words=("Ligne de vue" "Généraux" "Victoire" "6 drapeaux") ;;
	esac
	for w in "${words[@]}"; do
		check "refcard battlecry-1999 $lang back: \"$w\"" grep -q -- "$w" <<< "$back"
	done
done
check "refcard battlecry-150 back: the scenario sets the flags" \
	bash -c "pdftotext -f 2 -l 2 '$work/r/refcard/battlecry-150/en/refcard.pdf' - | tr '\n' ' ' | grep -q 'number of flags its scenario sets'"
check "refcard noord-zuid back: victory points" \
	bash -c "pdftotext -f 2 -l 2 '$work/r/refcard/noord-zuid/en/refcard.pdf' - | tr '\n' ' ' | grep -q '1 victory point'"
n=$(pdftotext "$work/r/refcard/mb-remastered/en/refcard.pdf" - | grep -c -E 'Plac(e|ing) new units|enter in cities you control')
check "refcard mb: placing new units said once, in the turn ($n)" test "$n" = 1
# The type size of a page's blocks: every size on it follows one scale
# (refcard.c), so the tallest words below the page's title band (its
# headings) stand for all of them.
body_size() {
	pdftotext -f "$2" -l "$2" -bbox "$1" - | python3 -c '
import re, sys
hs = [float(b) - float(a) for a, b in re.findall(r"yMin=\"([\d.]+)\" xMax=\"[\d.]+\" yMax=\"([\d.]+)\"", sys.stdin.read()) if float(a) > 70]
print(f"{max(hs):.2f}")'
}
for rs in mb-remastered battlecry-1999 noord-zuid; do
	for lang in en fr; do
		f="$work/r/refcard/$rs/$lang/refcard.pdf"
		a=$(body_size "$f" 1); b=$(body_size "$f" 2)
		check "refcard $rs $lang: one body size on both pages ($a, $b pt)" test "$a" = "$b"
	done
done

echo "print-calibration: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
