#!/bin/sh
# orbat studio's edit loop through a real browser, and its memory:
#   bench/studio.sh [--runs N] [--orbat BIN] [--scenario FILE] [--quick]
# See bench/studio.py for what it measures and how.
here=$(cd "$(dirname "$0")" && pwd)
exec /usr/bin/python3 "$here/studio.py" "$@"
