#!/bin/sh
# orbat studio's play page through a real browser, against strong:
#   bench/play.sh [--turns N] [--orbat BIN] [--scenario FILE] [--quick]
# See bench/play.py for what it measures and how.
here=$(cd "$(dirname "$0")" && pwd)
exec /usr/bin/python3 "$here/play.py" "$@"
