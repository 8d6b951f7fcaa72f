#!/usr/bin/env python3
"""The heap settings the front hands on (src/cli/front.c).

    check-heap-settings.py ORBAT SOURCE_ROOT

glibc reads its malloc tunables once, as a program starts, so the front
sets GLIBC_TUNABLES for the full program it starts, and starts itself
once more for a validation of 64 KiB of XML or more.  What a process was
started with is in /proc/PID/environ; every process checked here waits on
standard input (validate -, play) while it is read, so that it is caught
in the act.  The cases:

  - the full program gets glibc.malloc.hugetlb=1 and glibc.malloc.top_pad,
    not the validation's glibc.malloc.tcache_count;
  - a validation of a large file starts again with all three, and still
    reads standard input and reports every file;
  - one of a small file does not (an editor's check starts once);
  - a tunable the user set stays as set, the other is added;
  - with all set by the user, nothing is added and nothing restarts;
  - a user's value too long to extend is left alone.
"""
import os
import subprocess
import sys
import tempfile
import time

orbat, root = sys.argv[1], sys.argv[2]
failures = 0
HUGE = "glibc.malloc.hugetlb=1"
PAD = "glibc.malloc.top_pad=4194304"
TCACHE = "glibc.malloc.tcache_count=300"


def bad(msg):
    global failures
    failures += 1
    print("FAIL: " + msg)


def tunables(pid):
    """GLIBC_TUNABLES as the process was started with it.  glibc (2.36)
    ends each tunable it has read with a NUL in the string itself, so the
    later ones follow as pieces of their own: they are joined back."""
    with open("/proc/%d/environ" % pid, "rb") as f:
        pieces = f.read().split(b"\0")
    for i, var in enumerate(pieces):
        if var.startswith(b"GLIBC_TUNABLES="):
            value = [var.split(b"=", 1)[1]]
            for more in pieces[i + 1:]:
                if not (more.startswith(b"glibc.") and b"=" in more):
                    break
                value.append(more)
            return b":".join(value).decode()
    return None


def waiting_on_stdin(pid):
    """The process sleeps in a read of its standard input (a pipe)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        with open("/proc/%d/wchan" % pid) as f:
            wchan = f.read()
    except OSError:
        return False
    # Without kernel symbols wchan reads "0": the state says enough then.
    return state == "S" and ("pipe" in wchan or wchan in ("0", ""))


def caught(args, env_tunables, stdin_text=b""):
    """Run orbat ARGS, wait until it reads standard input, and return the
    tunables it was last started with, its exit status and output."""
    env = dict(os.environ)
    env.pop("GLIBC_TUNABLES", None)
    if env_tunables is not None:
        env["GLIBC_TUNABLES"] = env_tunables
    p = subprocess.Popen([orbat] + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env)
    seen = None
    deadline = time.monotonic() + 30
    # Sleeping on the pipe alone could be the first program before it
    # starts the second: only a settled value counts (three looks 20 ms
    # apart).
    settled = 0
    while time.monotonic() < deadline and settled < 3:
        time.sleep(0.02)
        if p.poll() is not None:
            break
        if waiting_on_stdin(p.pid):
            now = tunables(p.pid)
            settled = settled + 1 if now == seen else 1
            seen = now
        else:
            settled = 0
    out, err = p.communicate(stdin_text, timeout=60)
    return seen, p.returncode, out.decode(), err.decode()


work = tempfile.mkdtemp(prefix="orbat-heap.")
small = os.path.join(root, "scenarios", "shiloh.xml")
with open(small, "rb") as f:
    small_text = f.read()
# A large scenario: shiloh with a comment that pads it past 64 KiB.
large = os.path.join(work, "large.xml")
with open(large, "wb") as f:
    head, rest = small_text.split(b"?>", 1)
    f.write(head + b"?>\n<!-- " + b"padding " * 9000 + b"-->" + rest)

# 1. The full program (play waits for its first action on stdin).
t, rc, out, err = caught(["play", small], None, b"quit\n")
if t is None or HUGE not in t or PAD not in t:
    bad("orbat play was started with GLIBC_TUNABLES=%r, not with %s and %s" % (t, HUGE, PAD))
if t is not None and "tcache_count" in t:
    bad("orbat play was started with the validation's thread cache: GLIBC_TUNABLES=%r" % t)

# 2. A large validation starts again with the settings, and reports both
#    the file and standard input.
t, rc, out, err = caught(["validate", large, "-"], None, small_text)
if t is None or HUGE not in t or PAD not in t or TCACHE not in t:
    bad("validate of a 72 KiB file ran with GLIBC_TUNABLES=%r, not with %s, %s and %s" % (t, HUGE, PAD, TCACHE))
if rc != 0 or "large.xml: valid" not in out or "<stdin>: valid" not in out:
    bad("validate of a large file and stdin: status %d, output %r %r" % (rc, out, err))

# 3. A small validation runs at once, as started.
t, rc, out, err = caught(["validate", small, "-"], None, small_text)
if t is not None:
    bad("validate of one small file started again (GLIBC_TUNABLES=%r)" % t)
if rc != 0 or out.count(": valid") != 2:
    bad("validate of a small file and stdin: status %d, output %r %r" % (rc, out, err))

# 4. The user's own value stays; the other settings are added.
t, rc, out, err = caught(["validate", large, "-"], "glibc.malloc.hugetlb=0", small_text)
if t != "glibc.malloc.hugetlb=0:" + PAD + ":" + TCACHE:
    bad("with the user's glibc.malloc.hugetlb=0 the validation ran with GLIBC_TUNABLES=%r" % t)
t, rc, out, err = caught(["play", small], "glibc.malloc.top_pad=0", b"quit\n")
if t != "glibc.malloc.top_pad=0:" + HUGE:
    bad("with the user's glibc.malloc.top_pad=0 orbat play ran with GLIBC_TUNABLES=%r" % t)

# 5. All set by the user: left alone, and no second start.
mine = "glibc.malloc.hugetlb=0:glibc.malloc.top_pad=0:glibc.malloc.tcache_count=7"
t, rc, out, err = caught(["validate", large, "-"], mine, small_text)
if t != mine or rc != 0:
    bad("with all settings the user's, the validation ran with GLIBC_TUNABLES=%r, status %d" % (t, rc))

# 6. A user's value too long to extend: left alone, and the work is done.
long_value = ":".join(["glibc.malloc.arena_max=2"] * 120)
t, rc, out, err = caught(["validate", large, "-"], long_value, small_text)
if t != long_value or rc != 0 or out.count(": valid") != 2:
    bad("with a 3000-byte GLIBC_TUNABLES the validation ran with %r..., status %d, output %r %r"
        % ((t or "")[:40], rc, out, err))

os.remove(large)
os.rmdir(work)
print("heap settings: %s" % ("all cases as expected" if failures == 0 else "%d failed" % failures))
sys.exit(1 if failures else 0)
