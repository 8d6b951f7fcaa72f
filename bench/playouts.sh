#!/bin/sh
# Playouts per second of simple against simple on one core, per bundled
# scenario: the speed of the game engine under a search player.
#   bench/playouts.sh [--runs N] [--games G] [--orbat BIN] [--quick]
#                     [--instructions] [--scenario FILE.xml ...]
#                     [--player simple|strong]
# See bench/playouts.py for what it measures and how.
here=$(cd "$(dirname "$0")" && pwd)
exec python3 "$here/playouts.py" "$@"
