#!/bin/bash
# orbat balance --logs DIR from the outside:
#
#   run-logs.sh ORBAT_BINARY SOURCE_ROOT
#
# 1. A few seeded games on a hex scenario (shiloh) and on the square one
#    (mb-1861): one log a game, named SCENARIO-sSEED-gNNNN.log, each
#    passing `orbat check`; the report is the same with or without logs;
#    --jobs 2 writes the same files as --jobs 1.
# 2. The default players: the comparison run's games too, named with the
#    other player; --suggest writes the scenario's games only.
# 3. Refusals: a log already there is never overwritten (exit 2, the file
#    named, nothing changed); a DIR that is a file, a full disk (a file
#    size limit) and an unwritable folder (skipped for the superuser, who
#    writes anywhere) give exit 2 and "cannot write".
# 4. bench/players.py --check on two games of one scenario: the column of
#    logs checked, exit 0.
# Ends with "balance-logs: N passed, M failed".
set -u
if [ $# -ne 2 ]; then
	echo "usage: $0 ORBAT_BINARY SOURCE_ROOT" >&2
	exit 2
fi
ORBAT=$1
ROOT=$2
WORK=$(mktemp -d "${TMPDIR:-/tmp}/orbat-balance-logs.XXXXXX")
trap 'chmod -R u+w "$WORK" 2>/dev/null; rm -rf "$WORK"' EXIT
[ -n "${ORBAT_DATADIR:-}" ] || export ORBAT_DATADIR=$ROOT/data
SHILOH=$ROOT/scenarios/shiloh.xml
MB=$ROOT/scenarios/mb-1861.xml
PASSED=0
FAILED=0
checked() { # DESCRIPTION STATUS DETAIL
	if [ "$2" -eq 0 ]; then
		echo "ok - $1"
		PASSED=$((PASSED + 1))
	else
		echo "not ok - $1"
		printf '%s\n' "$3" | sed 's/^/    /' | head -n 20
		FAILED=$((FAILED + 1))
	fi
}
# every_log_checks SCENARIO DIR: orbat check accepts each log of DIR; the
# refusals on standard output.
every_log_checks() {
	local log bad=0
	for log in "$2"/*.log; do
		if ! "$ORBAT" check "$1" "$log" >/dev/null 2>"$WORK/check.err"; then
			echo "$log: $(head -n 1 "$WORK/check.err")"
			bad=1
		fi
	done
	return $bad
}
# names DIR: the file names in DIR, one a line
names() { ls -1 "$1" | tr '\n' ' '; }

# ---- 1. hex and square: names, check, the same report, -j 2 ----
for scen in "$SHILOH" "$MB"; do
	name=$(basename "$scen" .xml)
	for j in 1 2; do
		"$ORBAT" balance --players simple --games 6 --seed 5 -j $j --format json --logs "$WORK/$name-$j" "$scen" \
			>"$WORK/$name-$j.json" 2>"$WORK/$name-$j.err"
		checked "$name -j $j: exit 0 with --logs" $? "$(cat "$WORK/$name-$j.err")"
	done
	want="$name-s5-g0001.log $name-s5-g0002.log $name-s5-g0003.log $name-s5-g0004.log $name-s5-g0005.log $name-s5-g0006.log "
	[ "$(names "$WORK/$name-1")" = "$want" ]
	checked "$name: one log a game, SCENARIO-sSEED-gNNNN.log" $? "$(names "$WORK/$name-1")"
	out=$(every_log_checks "$scen" "$WORK/$name-1")
	checked "$name: every log passes orbat check" $? "$out"
	diff -r "$WORK/$name-1" "$WORK/$name-2" >"$WORK/diff" 2>&1
	checked "$name: -j 2 writes the same files as -j 1" $? "$(head -n 20 "$WORK/diff")"
	"$ORBAT" balance --players simple --games 6 --seed 5 -j 1 --format json "$scen" >"$WORK/$name-none.json" 2>&1
	cmp -s "$WORK/$name-none.json" "$WORK/$name-1.json"
	checked "$name: the report is the same without --logs" $? "$(head -c 400 "$WORK/$name-none.json")"
	first=$WORK/$name-1/$name-s5-g0001.log
	head -n 1 "$first" | grep -q "^# orbat balance, seed 5: game 1 of 6, simple (" &&
		grep -q "^scenario $name\$" "$first" && tail -n 1 "$first" | grep -q "^# "
	checked "$name: a log names its run and game first, its end last" $? "$(head -n 3 "$first"; tail -n 1 "$first")"
done

# ---- 2. the default players; --suggest ----
"$ORBAT" balance --games 2 --seed 3 -j 2 --format json --logs "$WORK/default" "$SHILOH" >/dev/null 2>"$WORK/default.err"
checked "the default players: exit 0" $? "$(cat "$WORK/default.err")"
[ "$(names "$WORK/default")" = "shiloh-s3-g0001.log shiloh-s3-g0002.log shiloh-s3-simple-g0001.log shiloh-s3-simple-g0002.log " ]
checked "the default players: the comparison run's logs too, named with its player" $? "$(names "$WORK/default")"
out=$(every_log_checks "$SHILOH" "$WORK/default")
checked "the default players: every log passes orbat check" $? "$out"
"$ORBAT" balance --players simple --games 2 --seed 3 --suggest --format json --logs "$WORK/suggest" "$SHILOH" \
	>/dev/null 2>"$WORK/suggest.err"
st=$?
[ $st -eq 0 ] && [ "$(names "$WORK/suggest")" = "shiloh-s3-g0001.log shiloh-s3-g0002.log " ]
checked "--suggest: only the scenario's own games are written" $? "status $st: $(names "$WORK/suggest") $(cat "$WORK/suggest.err")"

# ---- 3. refusals ----
sum_before=$(cat "$WORK/shiloh-1"/*.log | md5sum)
"$ORBAT" balance --players simple --games 6 --seed 5 --logs "$WORK/shiloh-1" "$SHILOH" >/dev/null 2>"$WORK/again.err"
st=$?
[ $st -eq 2 ] && grep -q "shiloh-s5-g0001.log exists already" "$WORK/again.err" &&
	[ "$(cat "$WORK/shiloh-1"/*.log | md5sum)" = "$sum_before" ]
checked "a log already there: exit 2, named, never overwritten" $? "status $st: $(cat "$WORK/again.err")"
: >"$WORK/a-file"
"$ORBAT" balance --players simple --games 2 --logs "$WORK/a-file" "$SHILOH" >/dev/null 2>"$WORK/file.err"
st=$?
[ $st -eq 2 ] && grep -q "a-file" "$WORK/file.err"
checked "--logs naming a file, not a folder: exit 2, named" $? "status $st: $(cat "$WORK/file.err")"
# A full disk: a file size limit (its signal ignored) makes a write fail as
# a full disk does.
(trap '' XFSZ; ulimit -f 2; exec "$ORBAT" balance --players simple --games 30 -j 2 --logs "$WORK/full" "$SHILOH") \
	>/dev/null 2>"$WORK/full.err"
st=$?
[ $st -eq 2 ] && grep -q "^orbat balance: cannot write .*/full/shiloh-s1-g.*\.log: " "$WORK/full.err"
checked "a log that cannot be written whole (full disk): exit 2, the file and the cause" $? \
	"status $st: $(cat "$WORK/full.err")"
if [ "$(id -u)" -ne 0 ]; then
	mkdir "$WORK/locked"
	chmod a-w "$WORK/locked"
	"$ORBAT" balance --players simple --games 2 --logs "$WORK/locked" "$SHILOH" >/dev/null 2>"$WORK/locked.err"
	st=$?
	[ $st -eq 2 ] && grep -q "cannot write .*locked" "$WORK/locked.err" && [ -z "$(ls -A "$WORK/locked")" ]
	checked "an unwritable folder: exit 2, the cause said, nothing left" $? "status $st: $(cat "$WORK/locked.err")"
	chmod u+w "$WORK/locked"
else
	echo "skip - an unwritable folder: run as the superuser, who writes anywhere"
fi

# ---- 4. bench/players.py --check ----
if command -v python3 >/dev/null 2>&1; then
	python3 "$ROOT/bench/players.py" --check --games 2 --think 4sims --orbat "$ORBAT" "$SHILOH" \
		>"$WORK/bench.out" 2>"$WORK/bench.err"
	st=$?
	[ $st -eq 0 ] && grep -q "^shiloh .* checked 2/2\$" "$WORK/bench.out"
	checked "bench/players.py --check: every game checked, exit 0" $? "status $st: $(cat "$WORK/bench.out" "$WORK/bench.err")"
else
	echo "skip - bench/players.py --check: python3 is not installed"
fi

echo "balance-logs: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
