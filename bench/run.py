#!/usr/bin/env python3
"""orbat's benchmark table: issue 15's figures side by side with their peers.

    bench/run.sh [--runs N] [--base REF] [--quick] [--orbat BIN] [--scale F]
                 [--peers DIR]

Builds a release binary of the working tree (build-release/) and, with
--base REF, a release binary of that commit in a temporary git worktree
(removed afterwards), then prints one table:

    job | orbat | peer or base | ratio | target | met | the same in CPU seconds

Every figure is the median of N runs (default 5) after one warm-up run;
the programs of a job run alternately (A B C A B C ...), so load on the
machine falls on all of them alike.  Wall clock is what the targets speak
of; CPU (user + sys, the workers of -j included) is printed beside it
because load does not inflate it.

Peers come from ../shared/bench/ (the ReportLab deck script and the bare
Cairo + Pango floor, built into a temporary folder) and xmllint; a peer or
a row that cannot run here is skipped with a note.  The figures never make
this fail: the exit status is 0 whatever they are, 1 when orbat itself
failed a job (the table is printed anyway), 2 when the benchmark cannot run
at all (bad option, build failure, unknown REF).

--quick (for the smoke test) uses the smallest corpus, one scenario for
the print set and 20 balance games, and no warm-up: it shows that every
row runs, its figures mean nothing.  --orbat BIN takes that binary instead
of building one.
"""

import argparse
import json
import os
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PROG = "bench/run.sh"

# Every row's header, in table order.  The smoke test looks for each of
# them, so a row is always printed, with a note when it is skipped.
ROW_RENDER = "render shiloh"
ROW_DECK = "deck noord-zuid nl"
ROW_SIZE = "deck PDF size"
ROW_DECKS = "3 decks + 3 reference cards"
ROW_VALIDATE = "validate"
ROW_PRINTSET = "full print set"
ROW_MEMORY = "peak memory"
ROW_BALANCE = "balance"
ROW_RENDER_J = "render -j 2 vs -j 1"
ROW_VALIDATE_J = "validate -j 2 vs -j 1"


class CannotRun(Exception):
    """The benchmark cannot run at all (exit status 2)."""


def die(msg):
    raise CannotRun(msg)


def run_quiet(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, **kw)


# --- the programs compared ----------------------------------------------------

class Result:
    def __init__(self, wall, cpu, maxrss_kib, rc, err):
        self.wall, self.cpu, self.maxrss_kib, self.rc, self.err = wall, cpu, maxrss_kib, rc, err


class Program:
    """One side of a comparison: one or more commands run one after the
    other into a fresh output folder, timed as one."""

    def __init__(self, label, steps, env=None, outdir=None, memory=False, short=None):
        self.label = label
        self.short = short or label   # its name in a target: "<= 0.3x ReportLab"
        self.steps = steps            # list of argv lists
        self.env = env
        self.outdir = outdir
        self.memory = memory          # wrap in /usr/bin/time -f %M
        self.results = []
        self.failure = None           # why it stopped, if it did

    def run_once(self, scratch):
        if self.outdir:
            shutil.rmtree(self.outdir, ignore_errors=True)
            os.makedirs(self.outdir)
        errpath = os.path.join(scratch, "stderr.txt")
        mempath = os.path.join(scratch, "mem.txt")
        wall = cpu = 0.0
        maxrss = 0
        rc = 0
        for argv in self.steps:
            cmd = argv
            if self.memory:
                cmd = ["/usr/bin/time", "-f", "%M", "-o", mempath] + argv
            with open(errpath, "w") as err:
                t0 = time.perf_counter()
                p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=err, env=self.env)
                # wait4 rather than p.wait(): it gives the child's CPU time
                # to the microsecond, its worker processes included.
                _, status, ru = os.wait4(p.pid, 0)
                t1 = time.perf_counter()
            p.returncode = os.waitstatus_to_exitcode(status)
            wall += t1 - t0
            cpu += ru.ru_utime + ru.ru_stime
            rss = ru.ru_maxrss
            if self.memory:
                try:
                    with open(mempath) as f:
                        rss = int(f.read().split()[-1])
                except (OSError, ValueError, IndexError):
                    pass
            maxrss = max(maxrss, rss)
            if p.returncode != 0:
                with open(errpath, errors="replace") as f:
                    lines = [ln for ln in f.read().splitlines() if ln.strip()]
                return Result(wall, cpu, maxrss, p.returncode,
                              "exit %d: %s" % (p.returncode, " / ".join(lines[-3:]) or "no message"))
            rc = p.returncode
        return Result(wall, cpu, maxrss, rc, None)

    def ok(self):
        return self.failure is None and self.results

    def median(self, what):
        return statistics.median(getattr(r, what) for r in self.results)


def measure(programs, runs, warm, scratch):
    """Runs the programs alternately, RUNS times each, after one warm-up
    each; a program that fails is dropped with its message."""
    if warm:
        for p in programs:
            r = p.run_once(scratch)
            if r.rc != 0:
                p.failure = r.err
    for _ in range(runs):
        for p in programs:
            if p.failure:
                continue
            r = p.run_once(scratch)
            if r.rc != 0:
                p.failure = r.err
                p.results = []
            else:
                p.results.append(r)


# --- the table ----------------------------------------------------------------

def fmt_time(s):
    if s is None:
        return "-"
    return "%.0f ms" % (s * 1000) if s < 1 else "%.2f s" % s


def fmt_ratio(a, b):
    if a is None or b is None or b <= 0:
        return "-"
    return "%.2fx" % (a / b)


class Table:
    # job | orbat | peer or base (its name, its figure) | ratio | target |
    # met, then the same times in CPU seconds.
    COLS = [("job", 34, "<"), ("orbat", 9, ">"), ("peer or base", 17, "<"), ("", 9, ">"),
            ("ratio", 6, ">"), ("target", 24, "<"), ("met", 3, "<"),
            ("cpu orbat", 9, ">"), ("cpu peer", 9, ">"), ("cpu ratio", 9, ">")]

    def __init__(self):
        self.lines = []
        self.notes = []

    def add(self, job, orbat="-", peer="-", peer_value="-", ratio="-", target="-", met="",
            cpu_o="-", cpu_p="-", cpu_ratio="-"):
        self.lines.append([job, orbat, peer, peer_value, ratio, target, met, cpu_o, cpu_p, cpu_ratio])

    def note(self, text):
        self.notes.append(text)

    def print(self):
        def row(cells):
            out = []
            for (_, w, a), c in zip(self.COLS, cells):
                out.append(("%-*s" if a == "<" else "%*s") % (w, c))
            return "  ".join(out).rstrip()
        print(row([c[0] for c in self.COLS]))
        print(row(["-" * len(c[0]) if c[0] else "" for c in self.COLS]))
        for ln in self.lines:
            print(row(ln))
        if self.notes:
            print()
            for n in self.notes:
                print("note: " + n)


def met(ok):
    return "" if ok is None else ("yes" if ok else "no")


def compare_times(table, job, orbat, peers, target_abs=None):
    """One line per peer (or one line with no peer), timings as wall-clock
    medians.  peers: list of (Program, ratio_limit or None).  target_abs: an
    upper bound in seconds for orbat's own time."""
    if not orbat.ok():
        table.add(job, "failed")
        table.note("%s: orbat %s" % (job, orbat.failure or "did not run"))
        return
    o_wall, o_cpu = orbat.median("wall"), orbat.median("cpu")
    if not peers:
        peers = [(None, None)]
    first = True
    for peer, limit in peers:
        targets, checks = [], []
        if target_abs is not None and first:
            targets.append("<= %.2f s" % target_abs)
            checks.append(o_wall <= target_abs)
        p_wall = p_cpu = None
        name = "-"
        if peer is not None:
            name = peer.label
            if peer.ok():
                p_wall, p_cpu = peer.median("wall"), peer.median("cpu")
                if limit is not None:
                    targets.append("<= %.1fx %s" % (limit, peer.short))
                    checks.append(o_wall / p_wall <= limit)
            else:
                table.note("%s: %s skipped: %s" % (job, peer.label, peer.failure or "did not run"))
                name += " (failed)"
        table.add(job if first else "", fmt_time(o_wall) if first else "", name,
                  fmt_time(p_wall), fmt_ratio(o_wall, p_wall), ", ".join(targets) or "-",
                  met(all(checks) if checks else None),
                  "%.3f s" % o_cpu if first else "", "%.3f s" % p_cpu if p_cpu is not None else "-",
                  fmt_ratio(o_cpu, p_cpu))
        first = False


# --- machine, builds, peers ----------------------------------------------------

def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for ln in f:
                if ln.startswith("model name"):
                    model = ln.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return os.cpu_count() or 1, model


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def git(*args, cwd=ROOT):
    return subprocess.run(["git", "-C", cwd] + list(args), stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True)


def short_subject(subject, width=64):
    if len(subject) <= width:
        return subject
    return subject[:width].rsplit(" ", 1)[0] + " ..."


def describe_tree():
    # A copy of the tree on a machine without git still benchmarks.
    if not shutil.which("git"):
        return "unknown (git is not installed)"
    r = git("rev-parse", "--short", "HEAD")
    if r.returncode != 0:
        return "not a git checkout"
    head = r.stdout.strip()
    dirty = git("status", "--porcelain", "--untracked-files=no").stdout.strip()
    subject = git("log", "-1", "--format=%s").stdout.strip()
    return "%s%s (%s)" % (head, " with uncommitted changes" if dirty else "", short_subject(subject))


def build_release(src, build, extra=()):
    """meson setup (once) and ninja of the program alone (and the full program
    its front hands commands to), in release mode."""
    if not os.path.isfile(os.path.join(build, "build.ninja")):
        r = run_quiet(["meson", "setup", build, "--buildtype=release"] + list(extra), cwd=src)
        if r.returncode != 0 and extra:
            # An older tree may not have the options we pass.
            shutil.rmtree(build, ignore_errors=True)
            r = run_quiet(["meson", "setup", build, "--buildtype=release"], cwd=src)
        if r.returncode != 0:
            die("meson setup failed in %s:\n%s" % (src, r.stdout[-2000:]))
    else:
        # A build-release left configured otherwise would make every
        # figure meaningless: put it back to release.
        r = run_quiet(["meson", "introspect", "--buildoptions", build])
        if r.returncode == 0:
            try:
                opts = {o["name"]: o["value"] for o in json.loads(r.stdout)}
            except ValueError:
                opts = {}
            if opts.get("buildtype", "release") != "release":
                run_quiet(["meson", "configure", build, "-Dbuildtype=release"])
    # The build is no part of any figure: let other work on the machine
    # go first.
    nice = ["nice", "-n", "10"] if shutil.which("nice") else []
    # `orbat` may be a small front that hands every command but validate
    # to `orbat-full` beside it: build that too where the tree has it.
    targets = ["src/orbat"]
    if run_quiet(["ninja", "-C", build, "-t", "query", "src/orbat-full"]).returncode == 0:
        targets.append("src/orbat-full")
    r = run_quiet(nice + ["ninja", "-C", build] + targets)
    if r.returncode != 0:
        die("the release build failed in %s:\n%s" % (build, r.stdout[-3000:]))
    return os.path.join(build, "src", "orbat")


def has_jobs_option(orbat, env, command):
    r = subprocess.run([orbat, command, "--help"], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, env=env)
    return r.returncode == 0 and re.search(r"(^|[\s,])(-j|--jobs)\b", r.stdout, re.M) is not None


def has_command(orbat, env, command):
    r = subprocess.run([orbat, command, "--help"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env=env)
    return r.returncode == 0


def orbat_env(tree, scratch):
    env = dict(os.environ)
    env["ORBAT_DATADIR"] = os.path.join(tree, "data")
    # The peers print A4; a user's back-offset or paper must not change
    # what orbat draws.
    env["PAPERSIZE"] = "a4"
    env["XDG_CONFIG_HOME"] = os.path.join(scratch, "config")
    # The hyphenation cache of the benchmark's own: cold for the warm-up
    # run, warm for the measured ones, as on a user's machine after the
    # first product.
    env["XDG_CACHE_HOME"] = os.path.join(scratch, "cache")
    return env


# --- main -----------------------------------------------------------------------

def main(argv):
    ap = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="runs per program, median printed (default 5)")
    ap.add_argument("--base", metavar="REF", help="also build and time this commit (tag, branch, hash)")
    ap.add_argument("--quick", action="store_true",
                    help="smallest corpus, one scenario, no warm-up: checks that every row runs")
    ap.add_argument("--orbat", metavar="BIN", help="time this orbat binary instead of building one")
    ap.add_argument("--scale", type=float, default=None,
                    help="corpus scale of bench/gen-scenarios.py (default 1; 0.01 with --quick)")
    ap.add_argument("--peers", metavar="DIR", default=os.path.join(ROOT, "..", "shared", "bench"),
                    help="folder of the card peers (default ../shared/bench)")
    a = ap.parse_args(argv)
    if a.runs < 1:
        ap.error("--runs must be at least 1")
    scale = a.scale if a.scale is not None else (0.01 if a.quick else 1.0)
    if scale <= 0:
        ap.error("--scale must be positive")
    warm = not a.quick

    scratch = tempfile.mkdtemp(prefix="orbat-bench.")
    base_tree = None
    status = 0
    try:
        # 1. the binaries
        if a.orbat:
            orbat = os.path.abspath(a.orbat)
            if not os.access(orbat, os.X_OK):
                die("%s is not an executable" % a.orbat)
            orbat_what = "%s (given with --orbat; build type not checked)" % a.orbat
        else:
            print("building the release binary in build-release/ ...", file=sys.stderr)
            orbat = build_release(ROOT, os.path.join(ROOT, "build-release"))
            orbat_what = "build-release/src/orbat (release)"
        env = orbat_env(ROOT, scratch)

        base = base_env = base_desc = None
        if a.base:
            if not shutil.which("git"):
                die("--base %s: git is not installed, so no commit can be built" % a.base)
            r = git("rev-parse", "--verify", "--quiet", a.base + "^{commit}")
            if r.returncode != 0:
                die("--base %s: no such commit in %s" % (a.base, ROOT))
            sha = r.stdout.strip()
            base_tree = os.path.join(scratch, "base")
            r = run_quiet(["git", "-C", ROOT, "worktree", "add", "--detach", base_tree, sha])
            if r.returncode != 0:
                base_tree = None
                die("cannot check out %s: %s" % (a.base, r.stdout.strip()))
            print("building the release binary of %s in a temporary worktree ..." % a.base,
                  file=sys.stderr)
            base = build_release(base_tree, os.path.join(base_tree, "build"), ["-Dtests=disabled", "-Dman=disabled"])
            base_env = orbat_env(base_tree, scratch)
            base_desc = "%s = %s (%s)" % (a.base, sha[:7], short_subject(git("log", "-1", "--format=%s", sha).stdout.strip()))

        # 2. header
        nproc, model = machine()
        load0 = loadavg()
        print("orbat benchmark: medians of %d run%s per program, programs of a job run alternately%s"
              % (a.runs, "" if a.runs == 1 else "s", "" if warm else ", no warm-up (--quick)"))
        print("machine: %d cores (nproc), %s; load average %s at the start"
              % (nproc, model, "%.2f" % load0 if load0 is not None else "unknown"))
        print("orbat:   %s, commit %s" % (orbat_what, describe_tree()))
        if base:
            print("base:    %s, release build in a temporary worktree" % base_desc)
        print()

        table = Table()
        out = os.path.join(scratch, "out")
        shiloh = os.path.join(ROOT, "scenarios", "shiloh.xml")
        scenarios = sorted(os.path.join(ROOT, "scenarios", f)
                           for f in os.listdir(os.path.join(ROOT, "scenarios")) if f.endswith(".xml"))
        if a.quick:
            scenarios = [shiloh]

        def orbat_prog(steps, label="orbat", memory=False):
            return Program(label, [[orbat] + s for s in steps], env, out, memory)

        def base_prog(steps, memory=False):
            if not base:
                return None
            return Program("base %s" % a.base, [[base] + s for s in steps], base_env, out, memory, "base")

        def with_base(peers, base_p):
            return peers + ([(base_p, None)] if base_p else [])

        # 3. render shiloh, 3 languages
        steps = [["render", "-q", "-o", out, shiloh]]
        o, b = orbat_prog(steps), base_prog(steps)
        measure([p for p in (o, b) if p], a.runs, warm, scratch)
        npdf = sum(len([f for f in fs if f.endswith(".pdf")]) for _, _, fs in os.walk(out))
        job = "%s, 3 langs, %d PDFs" % (ROW_RENDER, npdf)
        if b:
            compare_times(table, job, o, [(b, 0.4)], target_abs=0.30)
        else:
            compare_times(table, job, o, [], target_abs=0.30)
            table.note("%s: no base binary (give --base REF) for the 0.4x target" % ROW_RENDER)

        # 4. the deck in one language, against ReportLab and the Cairo floor
        deck_dir = os.path.join(out, "deck")
        peers_dir = os.path.abspath(a.peers)
        reportlab_py = os.path.join(peers_dir, "peer_cards_reportlab.py")
        floor_c = os.path.join(peers_dir, "floor_cards.c")
        rl = fl = None
        rl_out = os.path.join(out, "reportlab.pdf")
        fl_out = os.path.join(out, "floor.pdf")
        if not os.path.isfile(reportlab_py):
            table.note("%s: the ReportLab peer is missing (%s)" % (ROW_DECK, reportlab_py))
        elif not os.access("/usr/bin/python3", os.X_OK) or run_quiet(
                ["/usr/bin/python3", "-c", "import reportlab"]).returncode != 0:
            table.note("%s: the ReportLab peer needs /usr/bin/python3 with python3-reportlab" % ROW_DECK)
        else:
            rl = Program("ReportLab script", [["/usr/bin/python3", reportlab_py, rl_out, "nl"]],
                         None, out, short="ReportLab")
        if not os.path.isfile(floor_c):
            table.note("%s: the bare Cairo floor is missing (%s)" % (ROW_DECK, floor_c))
        else:
            pc = run_quiet(["pkg-config", "--cflags", "--libs", "pangocairo"]) if shutil.which("pkg-config") else None
            cc = shutil.which("cc")
            if not cc or not pc or pc.returncode != 0:
                table.note("%s: the bare Cairo floor needs cc and pangocairo's pkg-config" % ROW_DECK)
            else:
                floor_bin = os.path.join(scratch, "floor_cards")
                r = run_quiet([cc, "-O2", floor_c, "-o", floor_bin] + shlex.split(pc.stdout))
                if r.returncode != 0:
                    table.note("%s: the bare Cairo floor does not build: %s" % (ROW_DECK, r.stdout.strip()[-300:]))
                else:
                    fl = Program("bare Cairo floor", [[floor_bin, fl_out]], None, out, short="floor")
        steps = [["cards", "--ruleset", "noord-zuid", "--lang", "nl", "-q", "-o", deck_dir]]
        o, b = orbat_prog(steps), base_prog(steps)
        if rl or fl:
            table.note("%s: peers from %s, the floor built with cc -O2 into a temporary folder"
                       % (ROW_DECK, os.path.relpath(peers_dir, ROOT)))
        progs = [p for p in (o, rl, fl, b) if p]
        measure(progs, a.runs, warm, scratch)
        compare_times(table, ROW_DECK + " (58 cards)", o, with_base(
            [(p, lim) for p, lim in ((rl, 0.3), (fl, 2.0)) if p], b))

        # 5. the deck's size: each program wrote its PDF in its last run
        def pdf_size(prog, path_or_dir):
            if prog is None or not prog.ok():
                return None
            # The last program run cleared the output folder: run this one
            # once more for its file.
            prog.run_once(scratch)
            if os.path.isdir(path_or_dir):
                pdfs = [os.path.join(d, f) for d, _, fs in os.walk(path_or_dir) for f in fs
                        if f.endswith(".pdf")]
                return os.path.getsize(pdfs[0]) if len(pdfs) == 1 else None
            return os.path.getsize(path_or_dir) if os.path.isfile(path_or_dir) else None

        def kib(n):
            return "-" if n is None else "%.1f KiB" % (n / 1024)

        o_size = pdf_size(o, deck_dir)
        sizes = [(p.label, pdf_size(p, path)) for p, path in ((rl, rl_out), (fl, fl_out), (b, deck_dir)) if p]
        if o_size is None:
            table.add(ROW_SIZE, "failed")
            table.note("%s: orbat wrote no single deck PDF" % ROW_SIZE)
        else:
            first = True
            for label, size in sizes or [("-", None)]:
                table.add(ROW_SIZE if first else "", kib(o_size) if first else "", label, kib(size),
                          fmt_ratio(o_size, size), "<= 100 KiB" if first else "-",
                          met(o_size <= 100 * 1024) if first else "", "", "", "")
                first = False

        # 6. three decks and three reference cards
        steps = [["cards", "--ruleset", "noord-zuid", "-q", "-o", out],
                 ["refcard", "--ruleset", "noord-zuid", "-q", "-o", out]]
        o, b = orbat_prog(steps), base_prog(steps)
        measure([p for p in (o, b) if p], a.runs, warm, scratch)
        compare_times(table, ROW_DECKS, o, with_base([], b), target_abs=0.30)

        # 7. validate the generated corpus, against xmllint's schema check
        corpus = os.path.join(scratch, "corpus")
        r = run_quiet([sys.executable, os.path.join(HERE, "gen-scenarios.py"), corpus, "--scale", str(scale)])
        if r.returncode != 0:
            die("bench/gen-scenarios.py failed:\n" + r.stdout[-2000:])
        files = sorted(os.path.join(d, f) for d, _, fs in os.walk(corpus) for f in fs if f.endswith(".xml"))
        schema = os.path.join(ROOT, "data", "schema", "scenario.rng")
        xl = None
        if shutil.which("xmllint"):
            xl = Program("xmllint --relaxng", [["xmllint", "--noout", "--relaxng", schema] + files],
                         short="xmllint")
        else:
            table.note("%s: xmllint not found (libxml2-utils): no schema-only peer" % ROW_VALIDATE)
        o = Program("orbat", [[orbat, "validate", "-q"] + files], env)
        b = Program("base %s" % a.base, [[base, "validate", "-q"] + files], base_env, short="base") if base else None
        measure([p for p in (o, xl, b) if p], a.runs, warm, scratch)
        compare_times(table, "%s, %d files" % (ROW_VALIDATE, len(files)), o,
                      with_base([(xl, 0.8)] if xl else [], b))
        table.note("%s: the corpus of bench/gen-scenarios.py --scale %g, %d files from 13x9 boards "
                   "to 120x80 tables, all in one command" % (ROW_VALIDATE, scale, len(files)))

        # 8. the full print set: time and peak memory
        steps = [["render", "-q", "-o", out] + scenarios]
        memory = os.access("/usr/bin/time", os.X_OK)
        o, b = orbat_prog(steps, memory=memory), base_prog(steps, memory=memory)
        measure([p for p in (o, b) if p], a.runs, warm, scratch)
        job = "%s, %d scenario%s" % (ROW_PRINTSET, len(scenarios), "" if len(scenarios) == 1 else "s")
        compare_times(table, job, o, with_base([], b))
        table.note("%s: %s in all three languages, one 'orbat render' of them all"
                   % (ROW_PRINTSET, "scenarios/shiloh.xml (--quick)" if a.quick else "every scenarios/*.xml"))
        if not o.ok():
            table.add(ROW_MEMORY, "failed")
        else:
            mib = lambda p: p.median("maxrss_kib") / 1024
            if b and b.ok():
                table.add(ROW_MEMORY + ", print set", "%.1f MiB" % mib(o), b.label, "%.1f MiB" % mib(b),
                          "%.2fx" % (mib(o) / mib(b)), "< 40 MiB", met(mib(o) < 40))
            else:
                table.add(ROW_MEMORY + ", print set", "%.1f MiB" % mib(o), b.label if b else "-",
                          "-", "-", "< 40 MiB", met(mib(o) < 40))
            table.note("%s: %s, the largest single process (orbat's -j workers each count alone)"
                       % (ROW_MEMORY, "/usr/bin/time -f %M" if memory else "ru_maxrss (no /usr/bin/time)"))

        # 9. balance (issue 16)
        games = 20 if a.quick else 1000
        job = "%s, %d games simple, shiloh" % (ROW_BALANCE, games)
        if not has_command(orbat, env, "balance"):
            table.add(job, "skipped")
            table.note("%s: 'orbat balance --help' fails: this binary has no balance command yet" % ROW_BALANCE)
        else:
            steps = [["balance", shiloh, "--games", str(games), "--players", "simple", "--seed", "1861"]]
            o = orbat_prog(steps)
            b = base_prog(steps) if base and has_command(base, base_env, "balance") else None
            measure([p for p in (o, b) if p], a.runs, warm, scratch)
            compare_times(table, job, o, with_base([], b), target_abs=None if a.quick else 2.0)

        # 10. -j 2 against -j 1, when the binary has -j
        for row, command, steps in (
                (ROW_RENDER_J, "render", ["render", "-q", "-o", out, shiloh]),
                (ROW_VALIDATE_J, "validate", ["validate", "-q"] + files)):
            if not has_jobs_option(orbat, env, command):
                table.add(row, "skipped")
                table.note("%s: 'orbat %s --help' shows no -j option" % (row, command))
                continue
            j2 = Program("orbat -j 2", [[orbat] + steps[:1] + ["-j", "2"] + steps[1:]], env, out)
            j1 = Program("orbat -j 1", [[orbat] + steps[:1] + ["-j", "1"] + steps[1:]], env, out)
            measure([j2, j1], a.runs, warm, scratch)
            compare_times(table, row, j2, [(j1, None)])

        load1 = loadavg()
        table.print()
        print()
        print("load average at the end: %s on %d cores" % ("%.2f" % load1 if load1 is not None else "unknown", nproc))
        if max(load0 or 0, load1 or 0) > nproc:
            print("the machine was busy: wall-clock figures are inflated by other work; the CPU "
                  "columns are not, and the alternation keeps the ratios fair")
        if not warm:
            print("--quick: one run of a tiny workload, the figures mean nothing")
        # The figures never fail the benchmark; orbat failing a job does.
        if any(ln[1] == "failed" for ln in table.lines):
            status = 1
        return status
    finally:
        if base_tree:
            subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", base_tree],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            subprocess.run(["git", "-C", ROOT, "worktree", "prune"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(scratch, ignore_errors=True)


def on_term(signum, frame):
    # Leave through the finally clauses: the temporary worktree goes too.
    raise SystemExit(128 + signum)


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, on_term)
    try:
        sys.exit(main(sys.argv[1:]))
    except CannotRun as e:
        print("%s: %s" % (PROG, e), file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
