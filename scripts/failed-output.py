#!/usr/bin/env python3
"""What each failed test of one `meson test` run said, for
scripts/run-tests.sh: its failure lines wherever they stand in its output,
then the end of its output, where an aborting test says why.  A long test
fails in its middle as often as at its end; the summary must show both.

    failed-output.py LOG [TAIL]

LOG is meson's JSON test log; TAIL the lines of each output's end to show
(default 25)."""
import json
import re
import sys

TOLD = re.compile(r'^(FAIL|failed:|missed:|ERROR|Traceback|AssertionError|==\d+==)')


def report(result, tail):
    lines = ((result.get('stdout') or '') + (result.get('stderr') or '')).splitlines()
    print('---- %s: %s after %.1f s (exit %s)' % (result['name'], result['result'],
                                                result.get('duration') or 0, result.get('returncode')))
    told = [line for line in lines if TOLD.match(line)]
    for line in told[:40]:
        print('  ' + line)
    if len(told) > 40:
        print('  … and %d more' % (len(told) - 40))
    print('  -- the end of its output:')
    for line in lines[-tail:]:
        print('  ' + line)


def main():
    tail = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    with open(sys.argv[1], encoding='utf-8') as log:
        for line in log:
            if not line.strip():
                continue
            result = json.loads(line)
            if result['result'] not in ('OK', 'EXPECTEDFAIL', 'SKIP'):
                report(result, tail)


main()
