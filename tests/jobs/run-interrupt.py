#!/usr/bin/env python3
"""Stopping a parallel run: Ctrl-C (SIGINT), SIGTERM and SIGHUP to orbat
render -j 2 end it by that signal, with every worker gone (none left
running, none a zombie) and nothing of the print set under way left on
disk: what stays is exactly the print sets of the scenarios finished
before the signal, each whole, as the run listed them on standard output
(a render stopped between two scenarios keeps the first); a worker
killed on its own (SIGKILL) is an internal error for its scenario (exit
status 3, a message), the run does not hang, and that scenario leaves no
file.

Each signal comes at four moments (the racy first two twice): as soon as the output folder
appears (a worker between its mkdir and the rest of the path), as soon
as both workers are writing into the same folder (one made it, the other
only fills it: the folder must still go), once both are at work on a
product each (each has a temporary file open), and once the first
scenario's print set is in place (its files listed) while the second is
under way.  Every moment is an event
seen on disk or in /proc, never a time: a busy machine or an idle one
makes the run slower or faster, never the test wrong.

    run-interrupt.py ORBAT SOURCE_ROOT

Prints `interrupt: N passed, M failed` last."""
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
work = tempfile.mkdtemp(prefix='orbat-interrupt.')
tally = Tally()
check = tally.check


def children(pid):
    """The live children of pid, read from /proc (ps is not on every machine)."""
    kids = []
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open(f'/proc/{entry}/stat') as f:
                stat = f.read()
        except OSError:
            continue
        # pid (comm) state ppid ...: comm may hold spaces and parentheses
        fields = stat[stat.rfind(')') + 2:].split()
        if len(fields) > 1 and int(fields[1]) == pid and fields[0] != 'Z':
            kids.append(int(entry))
    return kids


def everything_under(folder):
    found = []
    for dirpath, dirnames, filenames in os.walk(folder):
        found += [os.path.join(dirpath, n) for n in dirnames + filenames]
    return found


def default_signals():
    for sig in (signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


def start(out, scenarios):
    # A shell's background job ignores SIGINT, and a run under nohup
    # ignores SIGHUP: give the program the defaults, as a terminal would.
    # Standard output lists the files of each print set once it is in place.
    return subprocess.Popen([orbat, 'render', '-j', '2', '-o', out] + scenarios, cwd=root,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=default_signals)


def at_work(p, n=2):
    """Whether n workers of p are each drawing a product."""
    return len([k for k in children(p.pid) if writing(k)]) >= n


def wait_for_workers(p, n=2, limit=60.0):
    """The workers of p, once n of them are drawing a product each."""
    wait_until(p, lambda: at_work(p, n), limit)
    return children(p.pid)


def writers(out):
    """The processes with a temporary file under out (NAME.tmp-PID)."""
    pids = set()
    for path in everything_under(out):
        head, sep, pid = path.rpartition('.tmp-')
        if sep and pid.isdigit():
            pids.add(pid)
    return pids


def wait_until(p, ready, limit=60.0):
    """Poll until ready() or p ends.  The limit only keeps a broken build
    from hanging the test: the signal is sent either way."""
    end = time.time() + limit
    while time.time() < end and p.poll() is None and not ready():
        time.sleep(0.002)


# The first two moments are races (which worker cleans up first): each is
# tried twice, cheaply, as a run stopped that early costs little.
moments = [
    ('folder made', lambda p, out: wait_until(p, lambda: os.path.isdir(out))),
    ('two writers', lambda p, out: wait_until(p, lambda: len(writers(out)) >= 2)),
    ('folder made 2', lambda p, out: wait_until(p, lambda: os.path.isdir(out))),
    ('two writers 2', lambda p, out: wait_until(p, lambda: len(writers(out)) >= 2)),
    ('at work', lambda p, out: wait_for_workers(p)),
    # Between two scenarios: the first print set is in place (its first
    # file listed), the second under way.  The first stays, whole.
    ('one set in place', lambda p, out: first_line(p.stdout.fileno())),
]


def left_over(out, listed):
    """What is under out beyond the files the run listed as in place and
    the folders that hold them."""
    keep = set()
    for path in listed:
        keep.add(path)
        folder = os.path.dirname(path)
        while folder.startswith(out):
            keep.add(folder)
            folder = os.path.dirname(folder)
    found = everything_under(out) + ([out] if os.path.exists(out) else [])
    return [f for f in found if f not in keep]

scenarios = ['scenarios/shiloh.xml', 'scenarios/antietam.xml']
for name in ('SIGINT', 'SIGTERM', 'SIGHUP'):
    sig = getattr(signal, name)
    for moment, wait in moments:
        what = f'{name} ({moment})'
        out = os.path.join(work, name, moment.replace(' ', '-'))
        p = start(out, scenarios)
        first = wait(p, out)
        kids = children(p.pid)
        if moment == 'at work':
            check(len(kids) == 2, f'{what}: two workers expected, saw {len(kids)}')
        p.send_signal(sig)
        try:
            listing, _ = p.communicate(timeout=60)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            p.kill()
            listing, _ = p.communicate()
            rc = p.returncode
            check(False, f'{what}: orbat did not end')
        check(rc == -sig, f'{what}: ended with {rc}, not by the signal')
        # The parent waits for its workers before it ends: they are gone
        # (reaped) by now, no grace period needed.
        alive = [k for k in kids if os.path.exists(f'/proc/{k}')]
        check(not alive, f'{what}: workers still there: {alive}')
        if isinstance(first, str):
            listing = first + listing
            check(first.strip() != '', f'{what}: the run ended before a print set was in place')
        listed = [os.path.join(root, line) if not os.path.isabs(line) else line
                  for line in listing.splitlines() if line.strip()]
        missing = [f for f in listed if not os.path.isfile(f)]
        check(not missing, f'{what}: listed but not there: {missing[:5]}')
        # A print set is in place whole or not at all: 8 products in each
        # of the 3 languages.
        per_scenario = {}
        for f in listed:
            scenario = os.path.relpath(f, out).split(os.sep)[0]
            per_scenario[scenario] = per_scenario.get(scenario, 0) + 1
        check(all(n == 24 for n in per_scenario.values()), f'{what}: not whole print sets: {per_scenario}')
        left = left_over(out, listed)
        check(not left, f'{what}: left behind: {left[:5]}')

# One worker killed: its scenario fails as an internal error and leaves
# nothing, the run ends.
out = os.path.join(work, 'killed')
# The largest bundled scenario: its set keeps both workers busy for
# seconds, so the kill lands on a job at work, not after the last one.
p = start(out, ['scenarios/gettysburg-first-day.xml'])
wait_for_workers(p)
busy = [k for k in children(p.pid) if writing(k)]
if busy:
    os.kill(busy[0], signal.SIGKILL)
else:
    check(False, 'killed worker: no worker seen at work')
try:
    _, err = p.communicate(timeout=120)
    rc = p.returncode
except subprocess.TimeoutExpired:
    p.kill()
    _, err = p.communicate()
    rc = None
    check(False, 'killed worker: orbat hung')
check(rc == 3, f'killed worker: exit status {rc}, expected 3')
check('internal error' in err and 'signal 9' in err, f'killed worker: message {err.strip()!r}')
left = everything_under(out) + ([out] if os.path.exists(out) else [])
check(not left, f'killed worker: left behind: {left[:5]}')
check(not children(p.pid), 'killed worker: a worker is left')

shutil.rmtree(work, ignore_errors=True)
sys.exit(tally.report('interrupt'))
