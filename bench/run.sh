#!/bin/sh
# orbat's benchmark table (issue 15's figures beside their peers):
#   bench/run.sh [--runs N] [--base REF] [--quick] [--orbat BIN]
# See bench/run.py for what it measures and how; python3 standard library.
here=$(cd "$(dirname "$0")" && pwd)
exec python3 "$here/run.py" "$@"
