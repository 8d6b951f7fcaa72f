#!/usr/bin/env python3
"""A check in a test script whose status is read after a "$(...)" in the
same command, as in

    grep -q word file
    verdict "DESC" "$(head file)" $?

cannot fail: the substitution runs first and "$?" is then its status,
not the check's.  This lists every such command in the shell scripts
under tests/ (joined over their backslash-continued lines) and exits 1 if
there is one; pdf-lib.sh's checked takes the status first instead.

    check_status_order.py SOURCE_ROOT

It first makes sure it finds the mistake in a sample, so that it cannot
pass by finding nothing anywhere."""
import pathlib
import re
import sys

# A bare "$?" word (not the "$?" of a "$(...; echo $?)" of its own)
# after a "$(" in one command.
LATE_STATUS = re.compile(r'\$\(.*\s\$\?\s*(;|&&|\|\||$)')


def commands(text):
    """Each command line, its continued lines joined: (line number, text)."""
    lines = text.split('\n')
    i = 0
    while i < len(lines):
        start, line = i, lines[i]
        while line.endswith('\\') and i + 1 < len(lines):
            i += 1
            line = line[:-1] + ' ' + lines[i].strip()
        yield start + 1, line.strip()
        i += 1


def late_statuses(text):
    return [(n, line) for n, line in commands(text)
            if not line.startswith('#') and LATE_STATUS.search(line)]


SAMPLE = '''grep -q word "$f"
verdict "the word is there" \\
	"$(head -n 3 "$f")" $?
checked "the word is there" $? "$(head -n 3 "$f")"
verdict "six files" "$missing" "$([ -z "$missing" ]; echo $?)"
'''


def main():
    if len(sys.argv) != 2:
        print('usage: check_status_order.py SOURCE_ROOT', file=sys.stderr)
        return 2
    if [n for n, _ in late_statuses(SAMPLE)] != [2]:
        print('FAIL - the sample\'s late "$?" is not found')
        return 1
    found = 0
    root = pathlib.Path(sys.argv[1])
    for path in sorted((root / 'tests').rglob('*.sh')):
        for n, line in late_statuses(path.read_text(encoding='utf-8')):
            print(f'FAIL - {path.relative_to(root)}:{n}: "$?" read after a "$(...)": {line[:100]}')
            found += 1
    print(f'status-order: {found} checks that cannot fail')
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
