#!/usr/bin/env python3
"""Count the results of one `meson test` run from its JSON log, for
scripts/run-tests.sh.

    tally-testlog.py LOG

Prints one line: PASSED FAILED SKIPPED NAMES, where SKIPPED is the
comma-separated names of the skipped tests (or "-") and NAMES the names of
the tests that failed for any other reason, space-separated.

A skipped test (exit 77) counts as failed: a test skips only when a tool it
needs is missing, and the README's test command installs every one of
them, so a skip there is a check that silently did not run."""
import json
import sys

passed = failed = 0
failures = []
skipped = []
with open(sys.argv[1], encoding='utf-8') as log:
    for line in log:
        if not line.strip():
            continue
        result = json.loads(line)
        if result['result'] in ('OK', 'EXPECTEDFAIL'):
            passed += 1
        elif result['result'] == 'SKIP':
            failed += 1
            skipped.append(result['name'])
        else:
            failed += 1
            failures.append(result['name'])
print(passed, failed, ','.join(skipped) or '-', ' '.join(failures))
