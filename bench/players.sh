#!/bin/sh
# Win rate of one computer player against another (default: expert against
# strong) over seeded games with the sides swapped, per scenario and pooled,
# with 95 % intervals.
#   bench/players.sh [--games N] [--think BUDGET] [--seed S] [--player A]
#                    [--against B] [--orbat BIN] [-j N] [--check] [SCENARIO...]
# --check replays every game's log with orbat check (a column "checked",
# exit 1 on a failure).  See bench/players.py for what it measures and how.
here=$(cd "$(dirname "$0")" && pwd)
exec python3 "$here/players.py" "$@"
