#!/usr/bin/env python3
"""Stopping a parallel run: Ctrl-C (SIGINT), SIGTERM and SIGHUP to orbat
render -j 2 end it by that signal, with every worker gone (none left
running, none a zombie) and nothing of the run left on disk; a worker
killed on its own (SIGKILL) is an internal error for its scenario (exit
status 3, a message), the run does not hang, and that scenario leaves no
file.

Each signal comes at three moments (the racy first two twice): as soon as the output folder
appears (a worker between its mkdir and the rest of the path), as soon
as both workers are writing into the same folder (one made it, the other
only fills it: the folder must still go), and once both are well at
work.  Every moment is an event seen on disk, not a time: a busy machine
makes the run slower, never the test wrong.

    run-interrupt.py ORBAT SOURCE_ROOT

Prints `interrupt: N passed, M failed` last."""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

orbat, root = sys.argv[1], sys.argv[2]
work = tempfile.mkdtemp(prefix='orbat-interrupt.')
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print('FAIL:', what)


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


def start(out, scenarios):
    # A shell's background job ignores SIGINT: give the program the
    # default, as a terminal would.
    return subprocess.Popen([orbat, 'render', '-q', '-j', '2', '-o', out] + scenarios, cwd=root,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def wait_for_workers(p, n=2, limit=60.0):
    """The workers of p, once n are at work (and p has written a file)."""
    end = time.time() + limit
    while time.time() < end and p.poll() is None:
        kids = children(p.pid)
        if len(kids) >= n:
            time.sleep(0.3)
            return children(p.pid)
        time.sleep(0.05)
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
]

scenarios = ['scenarios/shiloh.xml', 'scenarios/antietam.xml']
for name in ('SIGINT', 'SIGTERM', 'SIGHUP'):
    sig = getattr(signal, name)
    for moment, wait in moments:
        what = f'{name} ({moment})'
        out = os.path.join(work, name, moment.replace(' ', '-'))
        p = start(out, scenarios)
        wait(p, out)
        kids = children(p.pid)
        if moment == 'at work':
            check(len(kids) == 2, f'{what}: two workers expected, saw {len(kids)}')
        p.send_signal(sig)
        try:
            rc = p.wait(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            rc = p.wait()
            check(False, f'{what}: orbat did not end')
        check(rc == -sig, f'{what}: ended with {rc}, not by the signal')
        # The parent waits for its workers before it ends: they are gone
        # (reaped) by now, no grace period needed.
        alive = [k for k in kids if os.path.exists(f'/proc/{k}')]
        check(not alive, f'{what}: workers still there: {alive}')
        left = everything_under(out) + ([out] if os.path.exists(out) else [])
        check(not left, f'{what}: left behind: {left[:5]}')

# One worker killed: its scenario fails as an internal error and leaves
# nothing, the run ends.
out = os.path.join(work, 'killed')
# The largest bundled scenario: its set keeps both workers busy for
# seconds, so the kill lands on a job at work, not after the last one.
p = start(out, ['scenarios/gettysburg-first-day.xml'])
kids = wait_for_workers(p)
if kids:
    os.kill(kids[0], signal.SIGKILL)
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
print(f'interrupt: {passed} passed, {failed} failed')
sys.exit(1 if failed else 0)
