#!/bin/bash
# The layering of src/ (README, "Layout"): a folder includes only folders
# listed before it, so there is no include cycle between folders, and no
# library folder includes src/cli.  Folders of one rank are siblings that
# include neither each other: the two games of the rules engine, hex and
# square, stand on the grid-neutral core (src/rules) and the expert
# player's search (src/rules/expert, which names no grid) side by side.  Prints
# every folder -> folder include with its count; with --quiet only the
# violations.  Exit 1 on a violation.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here/src"
order=(base geo text model validate render cards print rules rules/expert "rules/hex rules/square" studio cli)
quiet=false
[ "${1:-}" = --quiet ] && quiet=true

declare -A rank
for i in "${!order[@]}"; do
	for folder in ${order[$i]}; do
		rank[$folder]=$i
	done
done

status=0
# Each include across folders: "from to file include", the include's
# path resolved (../ and ./) in one awk pass rather than a dirname and a
# realpath per line.
edges=$(grep -rHo --include='*.c' --include='*.h' '^#include "[^"]*"' . |
	awk '
	function dir_of(path,   parts, n, i, d) {
		n = split(path, parts, "/")
		d = "."
		for (i = 1; i < n; i++)
			d = (d == "." ? parts[i] : d "/" parts[i])
		return d
	}
	function resolve(path,   parts, n, i, k, stack, out) {
		n = split(path, parts, "/")
		k = 0
		for (i = 1; i <= n; i++) {
			if (parts[i] == "" || parts[i] == ".")
				continue
			if (parts[i] == "..") {
				if (k > 0)
					k--
				continue
			}
			stack[++k] = parts[i]
		}
		out = ""
		for (i = 1; i <= k; i++)
			out = (out == "" ? stack[i] : out "/" stack[i])
		return out
	}
	{
		colon = index($0, ":")
		file = substr($0, 1, colon - 1)
		inc = substr($0, colon + 1)
		sub(/^#include "/, "", inc)
		sub(/"$/, "", inc)
		sub(/^\.\//, "", file)
		from = dir_of(file)
		to = dir_of(resolve(from "/" inc))
		if (from != to)
			print from, to, file, inc
	}' | sort)

while read -r from to; do
	[ -n "$from" ] || continue
	count=$(awk -v f="$from" -v t="$to" '$1 == f && $2 == t' <<<"$edges" | wc -l)
	if [ -z "${rank[$from]:-}" ] || [ -z "${rank[$to]:-}" ]; then
		echo "check-layers: folder src/$from or src/$to is not in the layering; add it to README and this script" >&2
		status=1
	elif [ "${rank[$to]}" -ge "${rank[$from]}" ]; then
		awk -v f="$from" -v t="$to" '$1 == f && $2 == t { printf "check-layers: src/%s includes %s, above its layer\n", $3, $4 }' \
			<<<"$edges" >&2
		status=1
	elif ! $quiet; then
		printf '%4d %s -> %s\n' "$count" "$from" "$to"
	fi
done < <(awk '{ print $1, $2 }' <<<"$edges" | sort -u)
exit $status
