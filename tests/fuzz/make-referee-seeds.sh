#!/bin/bash
# Write the seed corpus of fuzz_referee: logs of `orbat play --auto` games
# on every hex scenario of referee-scenarios.txt that lives under
# scenarios/ (the bundled ones), a few seeds each, into referee-seeds/.
#
#   tests/fuzz/make-referee-seeds.sh ORBAT_BINARY [SEED...]   (default seeds 1 2)
#
# Each file starts with the byte that chooses its scenario in the harness
# (a letter, see referee-scenarios.txt), then the log.  Games are cut at 12
# turns so that a seed stays a few kilobytes.  The golden logs of
# tests/rules/golden are added to the corpus by run-fuzz.sh itself.
set -eu
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 ORBAT_BINARY [SEED...]" >&2; exit 2; }
orbat=$1
shift
seeds=("$@")
[ ${#seeds[@]} -gt 0 ] || seeds=(1 2)
out=$here/referee-seeds
mkdir -p "$out"
rm -f "$out"/auto-*
mapfile -t list < <(sed 's/#.*//; s/[[:space:]]*$//' "$here/referee-scenarios.txt" | grep -v '^$')
n=${#list[@]}
for i in "${!list[@]}"; do
	path=${list[$i]}
	case $path in scenarios/*) ;; *) continue ;; esac
	# the smallest letter from 'A' whose code is i modulo n
	code=65
	while [ $((code % n)) -ne "$i" ]; do code=$((code + 1)); done
	letter=$(printf "\\$(printf '%03o' "$code")")
	name=$(basename "$path" .xml)
	for seed in "${seeds[@]}"; do
		# A new file in a folder of its own: play never overwrites a saved game.
		tmp=$(mktemp -d)
		log=$tmp/game.log
		"$orbat" play -q --auto --max-turns 12 --seed "$seed" --log "$log" "$root/$path" >/dev/null 2>&1 || true
		{ printf '%s' "$letter"; cat "$log"; } >"$out/auto-$name-$seed.log"
		rm -rf "$tmp"
	done
done
ls -l "$out"
