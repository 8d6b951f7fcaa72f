#!/usr/bin/env bash
# Rewrites the map raster references (tests/raster/ref/*.ppm) from the
# current build, for a change in how maps look that is meant.  Look at
# the result (any image viewer opens the .ppm files; git diff shows which
# rows changed) before committing it.
#
#   scripts/update-raster-refs.sh [BUILD-DIR]      (default: build)
#   ninja -C build update-raster-refs               (the same, from meson)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
orbat=$build/src/orbat
if [ ! -x "$orbat" ]; then
	echo "update-raster-refs: $orbat not built (meson setup $build && ninja -C $build)" >&2
	exit 2
fi
export ORBAT_DATADIR=$root/data PAPERSIZE=a4
exec "$root/tests/raster/run-raster.sh" "$orbat" "$root" --update
