#!/bin/sh
# The tables of the bundled scenarios' balance in docs/balance.md: one
# `orbat balance --format json` run per scenario, turned into Markdown
# rows.  With the default players each run also holds the verdict of the
# plain player (`other` in the JSON), which makes the second table.  The
# same arguments give the same tables, byte for byte, on any machine and
# number of cores, because every game is seeded from the run's seed and
# its own number alone.
#
#   scripts/balance-table.sh [--write FILE] [--players A[,B]] [--games N] [--seed S] [-j N] [SCENARIO.xml...]
#
# Defaults: the default players of `orbat balance`, its default number of
# games, seed 1, every scenario in scenarios/.  The tables go to standard
# output, or with --write FILE replace what stands between the lines
# "<!-- balance-table: begin -->" and "<!-- balance-table: end -->" of
# FILE (docs/balance.md), the rest of FILE kept as it is.  ORBAT names the
# program (default: the release build, build-release/src/orbat).  Needs jq.
set -eu

cd "$(dirname "$0")/.."
orbat=${ORBAT:-build-release/src/orbat}
games=
seed=1
jobs=2
players=
write=

usage() {
	echo "usage: $0 [--write FILE] [--players A[,B]] [--games N] [--seed S] [-j N] [SCENARIO.xml...]" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--write) [ $# -ge 2 ] || usage; write=$2; shift 2 ;;
	--players) [ $# -ge 2 ] || usage; players=$2; shift 2 ;;
	--games) [ $# -ge 2 ] || usage; games=$2; shift 2 ;;
	--seed) [ $# -ge 2 ] || usage; seed=$2; shift 2 ;;
	-j|--jobs) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
	-h|--help) usage ;;
	--) shift; break ;;
	-*) usage ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || set -- scenarios/*.xml

if [ ! -x "$orbat" ]; then
	echo "$0: no program at $orbat: build it (meson setup build-release --buildtype=release && ninja -C build-release) or set ORBAT" >&2
	exit 3
fi
command -v jq >/dev/null || { echo "$0: jq is needed to read the JSON reports" >&2; exit 3; }
if [ -n "$write" ]; then
	grep -q '^<!-- balance-table: begin -->$' "$write" && grep -q '^<!-- balance-table: end -->$' "$write" || {
		echo "$0: $write has no lines <!-- balance-table: begin --> and <!-- balance-table: end -->" >&2
		exit 2
	}
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/balance-table.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Every run first, each report kept whole, so that a failed run (an
# invalid scenario, an illegal computer move) stops the script with its
# own message before any table is written.
n=0
for s in "$@"; do
	n=$((n + 1))
	"$orbat" balance ${games:+--games "$games"} --seed "$seed" -j "$jobs" \
		${players:+--players "$players"} --format json "$s" >"$work/$n.json" || {
		st=$?
		# With --format json the diagnostics are the document on
		# standard output: show them rather than lose them.
		cat "$work/$n.json" >&2
		echo "$0: orbat balance failed on $s (exit status $st)" >&2
		exit "$st"
	}
done

# jq's helpers: a share as "52.5 %", a verdict in words.  jq has no
# fixed-point format, so one decimal is made by rounding tenths.
JQ_DEFS='
def pct: (. * 1000 | round) as $t | "\($t / 10 | floor).\($t % 10) %";
def one: (. * 10 | round) as $t | ($t | fabs) as $a | "\(if $t < 0 then "-" else "" end)\($a / 10 | floor).\($a % 10)";
def side_name($sides; $id): [$sides[] | select(.id == $id) | .name][0] // $id;
def verdict($sides):
	(if .kind == "balanced" then "balanced (\(.low | pct)–\(.high | pct))"
	 elif .kind == "favoured" then
		"\(side_name($sides; .favoured)) favoured by \(.points | one) points (\(.share | pct) of decided games, \(.low | pct)–\(.high | pct))"
	 elif .decided == 0 then "inconclusive: no game was decided"
	 else "inconclusive (\(.low | pct)–\(.high | pct)): about \(.games_needed) games would settle it"
	 end)
	+ (if .unfinished then "; **warning**: \(.no_winner_rate | pct) of games without a winner" else "" end);
'

# One jq program over every report, in the scenarios' order.
each_report() {
	i=0
	while [ $i -lt $n ]; do
		i=$((i + 1))
		jq -r "$JQ_DEFS$1" "$work/$i.json"
	done
}

tables() {
	echo "| scenario | players | games | first side wins | second side wins | no winner | length | verdict |"
	echo "|---|---|---|---|---|---|---|---|"
	each_report '
		.sides as $s | $s[0].id as $a | $s[1].id as $b |
		(if .paired then .verdict.players | join(" / ") + " (paired)" else .verdict.players[0] end) as $who |
		(if .wins.draw == 0 then "0" else "\(.wins.draw) (drawn \(.drawn), turn limit \(.turn_limit))" end) as $none |
		"| `\(.scenario)` (\(.ruleset)) | \($who) | \(.games) | \($s[0].name) \(.wins[$a]) (\(.interval[$a].low | pct)–\(.interval[$a].high | pct)) | \($s[1].name) \(.wins[$b]) (\(.interval[$b].low | pct)–\(.interval[$b].high | pct)) | \($none) | \(.length.q1) / \(.length.median) / \(.length.q3) (\(.length.min)–\(.length.max)) | \(.verdict | verdict($s)) |"
	'
	# The second table: the default player against the plain one, where
	# the runs compared them.
	if grep -q '"other":' "$work"/*.json; then
		echo
		echo "| scenario | verdict with the default player | verdict with \`simple\` | \`simple\`'s wins (first / second / none) | balance depends on skill |"
		echo "|---|---|---|---|---|"
		each_report '
			select(has("other")) | .sides as $s | $s[0].id as $a | $s[1].id as $b |
			"| `\(.scenario)` | \(.verdict.players[0]): \(.verdict | verdict($s)) | \(.other.verdict | verdict($s)) | \(.other.wins[$a]) / \(.other.wins[$b]) / \(.other.wins.draw) | \(if .depends_on_skill then "**yes**" else "no" end) |"
		'
	fi
}

if [ -z "$write" ]; then
	tables
	exit 0
fi
tables >"$work/tables.md"
# The file with its tables replaced: the lines up to the begin marker, the
# tables, the lines from the end marker on.
{
	sed -n '1,/^<!-- balance-table: begin -->$/p' "$write"
	cat "$work/tables.md"
	sed -n '/^<!-- balance-table: end -->$/,$p' "$write"
} >"$work/doc.md"
cat "$work/doc.md" >"$write"
echo "$0: wrote the tables of $n scenarios into $write" >&2
