#!/bin/bash
# Repeated art of the maps: terrain symbols, counters' bodies and city
# marks are drawn once per PDF, as form XObjects placed wherever they
# stand (render/paint.h, paint_art).  For the tiles, the overview and the
# poster of a hex and a square scenario, with their start positions:
#   - the PDF holds forms, and places them more often than it holds them;
#   - no two forms hold the same drawing (one form per kind and size);
#   - every form is placed at least once.
# The svg map draws everything in place: no <use> of a recorded drawing.
#
#   run-map-forms.sh ORBAT_BINARY SOURCE_ROOT
#
# Exit 77 (skipped) when qpdf or python3 is missing.
set -u
. "$(dirname -- "$0")/pdf-lib.sh"
check_begin map-forms "qpdf python3" "$@"
export SOURCE_DATE_EPOCH=1700000000
# Counted quietly here, one line per failure only.
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# Forms, placements and duplicate drawings of a PDF: "FORMS DO DUPLICATES UNUSED".
forms_of() { # PDF
	qpdf --qdf --object-streams=disable "$1" "$WORK/qdf.pdf" 2>/dev/null
	python3 - "$WORK/qdf.pdf" <<'EOF'
import re, sys
data = open(sys.argv[1], 'rb').read()
objects = {}
for m in re.finditer(rb'\n(\d+) 0 obj\n(.*?)\nendobj', data, re.S):
    objects[int(m.group(1))] = m.group(2)
def stream(body):
    m = re.search(rb'stream\r?\n(.*?)\r?\nendstream', body, re.S)
    return m.group(1) if m else b''
forms = {n: stream(b) for n, b in objects.items() if b'/Subtype /Form' in b}
# Which object each resource name stands for, wherever a form is named.
names = {}
for b in objects.values():
    for m in re.finditer(rb'/XObject\s*<<(.*?)>>', b, re.S):
        for name, ref in re.findall(rb'/(\w+)\s+(\d+) 0 R', m.group(1)):
            names.setdefault(name, set()).add(int(ref))
used = set()
placed = 0
for n, b in objects.items():
    if n in forms:
        continue
    for name in re.findall(rb'/(\w+) Do\b', stream(b)):
        placed += 1
        used |= names.get(name, set())
duplicates = len(forms) - len(set(forms.values()))
unused = len([n for n in forms if n not in used])
print(len(forms), placed, duplicates, unused)
EOF
}

check_pdf() { # PDF LABEL
	local pdf=$1 label=$2 forms placed duplicates unused
	if [ ! -s "$pdf" ]; then
		bad "$label: not written"
		return
	fi
	read -r forms placed duplicates unused < <(forms_of "$pdf")
	if [ "${forms:-0}" -ge 1 ] && [ "${placed:-0}" -gt "$forms" ]; then ok; else
		bad "$label: $forms forms placed $placed times (repeated art should be forms placed more than once)"
	fi
	if [ "${duplicates:-1}" -eq 0 ]; then ok; else bad "$label: $duplicates forms repeat another's drawing"; fi
	if [ "${unused:-1}" -eq 0 ]; then ok; else bad "$label: $unused forms never placed"; fi
}

for s in shiloh mb-1861; do
	out=$WORK/$s
	if ! "$ORBAT" render --lang en --paper a4 --setup -q -o "$out" "$ROOT/scenarios/$s.xml" >"$WORK/$s.log" 2>&1; then
		bad "$s: render failed: $(cat "$WORK/$s.log")"
		continue
	fi
	dir=$(dirname "$(find "$out" -name map-tiles.pdf | head -1)")
	for p in map-tiles map-overview map-poster; do
		check_pdf "$dir/$p.pdf" "$s $p"
	done
	# Other formats draw in place, as before.
	if "$ORBAT" render --lang en --format svg -q -o "$WORK/$s-svg" "$ROOT/scenarios/$s.xml" >"$WORK/$s-svg.log" 2>&1; then
		svg=$(find "$WORK/$s-svg" -name 'map.svg' | head -1)
		if [ -s "$svg" ] && ! grep -q '<use xlink:href="#surface' "$svg"; then ok; else
			bad "$s: the svg map places recorded drawings (or was not written)"
		fi
	else
		bad "$s: svg render failed: $(cat "$WORK/$s-svg.log")"
	fi
done

echo "map-forms: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
