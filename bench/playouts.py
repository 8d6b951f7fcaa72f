#!/usr/bin/python3
"""Playouts per second: how many whole games `simple` plays against
`simple` (or another player, --player) from the start of each bundled
scenario, on one core.  A player
that searches plays thousands of games in its head for every decision;
this is the speed of the game engine under it (issue: an opponent that
plans; target 20,000 playouts a second on shiloh).

    bench/playouts.sh [--runs N] [--games G] [--orbat BIN] [--quick]
                      [--instructions] [--scenario FILE.xml ...]
                      [--player simple|strong]

How: `orbat balance FILE --players simple -j 1` plays G seeded games in one
process; the same with G/10 games is timed beside it, and the difference
of the two wall times over the difference of the game counts is the time
of one game without the program's start, the loading of the data and the
report.  Each figure is the median of N pairs of runs (default 5) after a
warm-up; the CPU time (user + sys) of the same difference is printed beside
it, which load on the machine does not inflate.

--instructions counts instead the instructions one game costs, under
valgrind's callgrind (G and G/10 games, the difference over the difference
of the game counts, as above; default G 100 on hex boards, 40 on square
ones).  The count does not depend on the machine or its load: it is the
figure to compare two versions of the engine by, on a shared machine.

--player strong measures `strong` against `strong` instead: the games the
expert plays in its head for every decision (its rollouts).  The target
is that of simple.

Exit 0 whatever the figures, 1 when orbat failed, 2 when it cannot run.
Builds a release binary in build-release/ (as bench/run.sh does) unless
--orbat BIN is given.  --quick (for the smoke test) plays 40 and 4 games
once, without warm-up: the rows run; their figures mean nothing.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import run as bench_run  # noqa: E402  (the release build, shared)

TARGET = {"shiloh.xml": 20000}


def die(msg, status=2):
    print("playouts bench: " + msg, file=sys.stderr)
    sys.exit(status)


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(orbat, path, games, env, player="simple"):
    """Wall and CPU seconds of one balance run of `games` games."""
    cmd = [orbat, "balance", path, "--players", player, "--games", str(games), "-j", "1", "--seed", "7"]
    cpu0, t0 = children_cpu(), time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    wall, cpu = time.perf_counter() - t0, children_cpu() - cpu0
    if r.returncode != 0:
        print("orbat failed on %s (exit %d): %s" % (os.path.basename(path), r.returncode, r.stderr.strip()[:300]),
              file=sys.stderr)
        return None
    return wall, cpu


def instructions(orbat, path, games, env, player="simple"):
    """Instructions of one balance run of `games` games under callgrind
    (orbat's front hands balance to orbat-full: the count follows it)."""
    out = os.path.join(os.environ.get("TMPDIR", "/tmp"), "orbat-playouts-%d.callgrind" % os.getpid())
    cmd = ["valgrind", "--tool=callgrind", "--trace-children=yes", "--callgrind-out-file=" + out + ".%p",
           orbat, "balance", path, "--players", player, "--games", str(games), "-j", "1", "--seed", "7"]
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    folder, stem = os.path.split(out)
    for f in os.listdir(folder):
        if f.startswith(stem + "."):
            os.remove(os.path.join(folder, f))
    counts = [int(line.split()[-1].replace(",", "")) for line in r.stderr.splitlines() if "Collected :" in line]
    if r.returncode != 0 or not counts:
        print("orbat failed under callgrind on %s (exit %d)" % (os.path.basename(path), r.returncode), file=sys.stderr)
        return None
    return sum(counts)


def main_instructions(args, orbat, what, env, scenarios, folder):
    import shutil
    if not shutil.which("valgrind"):
        die("--instructions needs valgrind")
    print("instructions a playout of %s against %s (callgrind; binary: %s)" % (args.player, args.player, what))
    print("%-30s %8s %16s" % ("scenario", "games", "instructions"))
    failed = False
    for name in scenarios:
        path = os.path.join(folder, name)
        games = args.games_given or (40 if name.startswith("mb-") else 100)
        small = max(1, games // 10)
        big, little = (instructions(orbat, path, games, env, args.player),
                      instructions(orbat, path, small, env, args.player))
        if big is None or little is None:
            failed = True
            print("%-30s %8s" % (name, "failed"))
            continue
        print("%-30s %8d %16.0f" % (name, games, (big - little) / (games - small)))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description="playouts per second of simple (or --player) against itself, on one core")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--orbat", help="the binary to measure (default: a release build in build-release/)")
    ap.add_argument("--quick", action="store_true", help="40 and 4 games once: the rows run, nothing more")
    ap.add_argument("--instructions", action="store_true",
                    help="instructions a playout under callgrind, which the machine's load does not change")
    ap.add_argument("--player", choices=("simple", "strong"), default="simple",
                    help="the player on both sides (default simple; strong plays the expert's rollouts)")
    ap.add_argument("--scenario", action="append", help="only this bundled scenario (FILE.xml; repeatable)")
    args = ap.parse_args()
    args.games_given = args.games if "--games" in sys.argv[1:] or any(a.startswith("--games=") for a in sys.argv[1:]) else 0
    runs, games, warmup = (1, 40, False) if args.quick else (max(1, args.runs), max(20, args.games), True)
    small = max(2, games // 10)

    if args.orbat:
        orbat, what = os.path.abspath(args.orbat), args.orbat
    else:
        print("building the release binary in build-release/ ...", file=sys.stderr)
        orbat, what = bench_run.build_release(ROOT, os.path.join(ROOT, "build-release")), "build-release (release)"
    env = dict(os.environ)
    if "ORBAT_DATADIR" not in env and os.path.isdir(os.path.join(ROOT, "data")):
        env["ORBAT_DATADIR"] = os.path.join(ROOT, "data")
    folder = os.path.join(ROOT, "scenarios")
    scenarios = sorted(f for f in os.listdir(folder) if f.endswith(".xml"))
    if args.scenario:
        scenarios = [f for f in scenarios if f in args.scenario]
    if args.instructions:
        return main_instructions(args, orbat, what, env, scenarios, folder)

    print("playouts of %s against %s, one core (%d and %d games a run, median of %d; binary: %s)"
          % (args.player, args.player, games, small, runs, what))
    print("%-30s %12s %12s %12s %10s %5s" % ("scenario", "playouts/s", "CPU: /s", "ms a game", "target", "met"))
    failed = False
    for name in scenarios:
        path = os.path.join(folder, name)
        if warmup:
            timed(orbat, path, small, env, args.player)
        rates, cpu_rates = [], []
        for _ in range(runs):
            big, little = timed(orbat, path, games, env, args.player), timed(orbat, path, small, env, args.player)
            if big is None or little is None:
                failed = True
                break
            # A run too short to tell the two apart (the quick mode, on a
            # fast machine) is counted whole, its start-up included: a
            # lower bound, never an infinite rate.
            wall, cpu = big[0] - little[0], big[1] - little[1]
            rates.append((games - small) / wall if wall > 0 else games / max(big[0], 1e-6))
            cpu_rates.append((games - small) / cpu if cpu > 0 else games / max(big[1], 1e-6))
        if not rates:
            print("%-30s %12s" % (name, "failed"))
            continue
        rate, cpu_rate = statistics.median(rates), statistics.median(cpu_rates)
        target = TARGET.get(name)
        print("%-30s %12.0f %12.0f %12.3f %10s %5s" % (
            name, rate, cpu_rate, 1000.0 / rate, target or "", ("yes" if rate >= target else "no") if target else ""))
    if args.quick:
        print("(--quick: the figures mean nothing)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
