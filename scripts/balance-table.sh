#!/bin/sh
# Regenerate the table of the bundled scenarios' balance in docs/balance.md:
# one `orbat balance --format json` run per scenario, turned into a Markdown
# table row.  The same arguments give the same table, byte for byte, on any
# machine and number of cores, because every game is seeded from the run's
# seed and its own number alone.
#
#   scripts/balance-table.sh [--players A[,B]] [--games N] [--seed S] [-j N] [SCENARIO.xml...]
#
# Defaults: the default players of `orbat balance`, 400 games, seed 1, every
# scenario in scenarios/.  ORBAT names the program (default: the release
# build, build-release/src/orbat).  Needs jq.
set -eu

cd "$(dirname "$0")/.."
orbat=${ORBAT:-build-release/src/orbat}
games=400
seed=1
jobs=2
players=

usage() {
	echo "usage: $0 [--players A[,B]] [--games N] [--seed S] [-j N] [SCENARIO.xml...]" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
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

echo "| scenario | players | first side wins | second side wins | no winner | length | verdict |"
echo "|---|---|---|---|---|---|---|"
for s in "$@"; do
	# The report is kept whole before it is read, so that a failed run
	# (an invalid scenario, an illegal computer move) stops the table
	# with its own message instead of leaving a half-made row.
	json=$("$orbat" balance --games "$games" --seed "$seed" -j "$jobs" \
		${players:+--players "$players"} --format json "$s") || {
		st=$?
		# With --format json the diagnostics are the document on
		# standard output: show them rather than lose them.
		printf '%s\n' "$json" >&2
		echo "$0: orbat balance failed on $s (exit status $st)" >&2
		exit "$st"
	}
	# One tab-separated line of raw fields; the shell's printf rounds them,
	# as jq has no fixed-point format.
	echo "$json" | jq -r '
		.sides[0].id as $a | .sides[1].id as $b |
		[.scenario, .ruleset,
		 (.players[$a] | join("/")), (.players[$b] | join("/")),
		 .sides[0].name, .wins[$a], .interval[$a].low, .interval[$a].high,
		 .sides[1].name, .wins[$b], .interval[$b].low, .interval[$b].high,
		 .wins.draw, .drawn, .turn_limit,
		 .length.q1, .length.median, .length.q3, .length.min, .length.max,
		 .verdict.kind, (.verdict.favoured as $f | [.sides[] | select(.id == $f) | .name][0] // "-"),
		 .verdict.share, .verdict.low, .verdict.high, .verdict.points] | @tsv' |
	while IFS='	' read -r id rs pa pb na wa la ha nb wb lb hb nw drawn limit \
			q1 med q3 lmin lmax kind fav share vlo vhi pts; do
		pct() { awk -v x="$1" 'BEGIN { printf "%.1f %%", 100 * x }'; }
		if [ "$pa" = "$pb" ]; then who="$pa"; else who="$pa / $pb"; fi
		none=$nw
		[ "$nw" -eq 0 ] || none="$nw (drawn $drawn, turn limit $limit)"
		case $kind in
		balanced) verdict="balanced within the margin of error" ;;
		undecided) verdict="undecided: no game was won" ;;
		favoured)
			# fav is the favoured side's name; the verdict's share
			# and interval are that side's.
			p=$(awk -v x="$pts" 'BEGIN { printf "%.1f", x < 0 ? -x : x }')
			verdict="$fav favoured, $(pct "$share") of decided games ($(pct "$vlo")–$(pct "$vhi")), +$p points"
			;;
		*) verdict=$kind ;;
		esac
		printf '| `%s` (%s) | %s | %s %s (%s–%s) | %s %s (%s–%s) | %s | %s / %s / %s (%s–%s) | %s |\n' \
			"$id" "$rs" "$who" \
			"$na" "$wa" "$(pct "$la")" "$(pct "$ha")" \
			"$nb" "$wb" "$(pct "$lb")" "$(pct "$hb")" \
			"$none" "$q1" "$med" "$q3" "$lmin" "$lmax" "$verdict"
	done
done
