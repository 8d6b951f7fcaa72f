#!/bin/bash
# Every rule id that orbat can print resolves through `orbat explain`, in
# English, Dutch and French, with three different texts.
#
#   run-rule-ids.sh ORBAT_BINARY SOURCE_ROOT
#
# The ids come from the expected outputs under tests/, from the sources
# (rule-id and format-id literals, and the section literals given to the
# rule-id builders, with each prefix they can be printed under), and from
# real runs of orbat play --auto and orbat check; see rule_ids.py.
set -u
[ $# -eq 2 ] || { echo "usage: $0 ORBAT_BINARY SOURCE_ROOT" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "run-rule-ids: python3 is needed" >&2; exit 2; }
exec python3 "$(dirname -- "$0")/rule_ids.py" "$1" "$2"
