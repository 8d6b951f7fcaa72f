#!/bin/bash
# The main job: validate every bundled scenario and write its full print set
# (map tiles, overview, poster, scenario sheet, rosters, order cards where
# the ruleset has them, reference card) in English, Dutch and French under
# output/<scenario-id>/<lang>/.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
orbat=build/src/orbat
"$orbat" validate scenarios/*.xml
"$orbat" render -o output scenarios/*.xml
echo
echo "Print sets written under $here/output/"
