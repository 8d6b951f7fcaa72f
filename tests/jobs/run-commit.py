#!/usr/bin/env python3
"""A print set goes in place whole: a reader, or a run killed at any
moment, finds the earlier set or the new one, never a mix; what a killed
run left is removed by the next one; two renders into one folder at once
do not mix their files (the second waits for the first).

    run-commit.py ORBAT SOURCE_ROOT

The earlier set is drawn on letter paper, the new one on A4, so that the
two differ in every file.  Every moment is an event seen in /proc or on a
pipe, never a time.

Prints `commit: N passed, M failed` last."""
import filecmp
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# No __pycache__ in the source tree.
sys.dont_write_bytecode = True
from procwatch import Tally, first_line, writing

orbat, root = sys.argv[1], sys.argv[2]
work = tempfile.mkdtemp(prefix='orbat-commit.')
tally = Tally()
check = tally.check
env = dict(os.environ, SOURCE_DATE_EPOCH='1700000000')
scenario = 'scenarios/shiloh.xml'


def render(out, paper, jobs='1', **kw):
    return subprocess.Popen([orbat, 'render', '-j', jobs, '--lang', 'en', '--paper', paper, '-o', out, scenario],
                            cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def render_done(out, paper):
    p = render(out, paper)
    _, err = p.communicate()
    check(p.returncode == 0, f'render into {out} ({paper}) failed: {err.decode()[:200]}')


def wait_writing(p):
    while p.poll() is None and not writing(p.pid):
        time.sleep(0.002)


def same_set(out, ref):
    """Whether out/shiloh/en holds exactly the files of ref/shiloh/en
    (besides temporary files, which temporaries() looks at)."""
    a, b = os.path.join(out, 'shiloh', 'en'), os.path.join(ref, 'shiloh', 'en')
    if sorted(n for n in os.listdir(a) if '.tmp-' not in n) != sorted(os.listdir(b)):
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, os.listdir(b), shallow=False)
    return not mismatch and not errors


def temporaries(out):
    found = []
    for dirpath, dirnames, filenames in os.walk(out):
        found += [os.path.join(dirpath, n) for n in dirnames + filenames if '.tmp-' in n]
    return found


old, new = os.path.join(work, 'old'), os.path.join(work, 'new')
render_done(old, 'letter')
render_done(new, 'a4')
a, b = os.path.join(old, 'shiloh', 'en'), os.path.join(new, 'shiloh', 'en')
_, differ, _ = filecmp.cmpfiles(a, b, os.listdir(b), shallow=False)
check(len(differ) >= 5, f'letter and A4 sets differ in only {len(differ)} files')

# SIGKILL while a -j 1 render draws: the earlier set stays whole; the
# temporary file it left goes with the next run.
out = os.path.join(work, 'killed')
shutil.copytree(old, out)
p = render(out, 'a4')
wait_writing(p)
p.kill()
p.communicate()
check(same_set(out, old), 'SIGKILL while drawing: the earlier set changed')
check(temporaries(out), 'SIGKILL while drawing: no temporary file left (the kill came too late to test)')
render_done(out, 'a4')
check(same_set(out, new), 'the run after the kill: not the new set')
check(not temporaries(out), f'the run after the kill: temporary files stay: {temporaries(out)[:3]}')

# SIGKILL the moment the first file is listed: the whole set is in place.
out = os.path.join(work, 'listed')
shutil.copytree(old, out)
p = render(out, 'a4', jobs='2')
line = first_line(p.stdout.fileno())
p.kill()
p.communicate()
check(line.strip() != '', 'SIGKILL once listed: nothing was listed')
check(same_set(out, new), 'SIGKILL once listed: not the whole new set')

# Two renders into one folder at once: the second waits, then its set
# is there whole; nothing of the first is mixed in.
out = os.path.join(work, 'two')
shutil.copytree(old, out)
first = render(out, 'letter')
wait_writing(first)
second = render(out, 'a4')
said = first_line(second.stderr.fileno())
check('waiting' in said, f'the second render did not say it waits: {said!r}')
_, err1 = first.communicate()
_, err2 = second.communicate()
check(first.returncode == 0, f'the first render failed: {err1.decode()[:200]}')
check(second.returncode == 0, f'the second render failed: {err2.decode()[:200]}')
check(same_set(out, new), 'two renders at once: the set is not the second one whole')
check(not temporaries(out), f'two renders at once: temporary files stay: {temporaries(out)[:3]}')

# One scenario named twice: the second set is drawn while the first goes
# in place; both go in, nothing is lost.
out = os.path.join(work, 'twice')
p = subprocess.Popen([orbat, 'render', '-j', '2', '--lang', 'en', '--paper', 'a4', '-o', out, scenario, scenario],
                     cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
listing, err = p.communicate()
check(p.returncode == 0, f'a scenario named twice: exit {p.returncode}: {err.decode()[:200]}')
check(len(listing.splitlines()) == 16, f'a scenario named twice: {len(listing.splitlines())} files listed, not 16')
check(same_set(out, new), 'a scenario named twice: not the whole set')
check(not temporaries(out), f'a scenario named twice: temporary files stay: {temporaries(out)[:3]}')

shutil.rmtree(work, ignore_errors=True)
sys.exit(tally.report('commit'))
