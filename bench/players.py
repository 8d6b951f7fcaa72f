#!/usr/bin/python3
"""Win rate of a computer player against another, sides swapped: how much
stronger the expert is than the strong player (issue: an opponent that
plans).

    bench/players.sh [--games N] [--think BUDGET] [--seed S] [--player A]
                     [--against B] [--orbat BIN] [-j N] [--check] [SCENARIO...]

How: for each scenario (default: every bundled hex scenario) `orbat
balance FILE --players A,B --games N --seed S --think BUDGET --format json`
plays N seeded games in pairs, each seed twice with the seats swapped;
game i is seeded from S and i alone, so the same arguments play the same
games (with a count of simulations, "--think 24sims", on any machine; a
time budget in milliseconds depends on the machine's speed).  The table
gives, per scenario and pooled, A's wins among the decided games with the
95 % Wilson interval; games stopped at the turn limit are counted apart.

--check: every game of those runs must pass `orbat check`.  The games are
played with `--logs` into a temporary folder, `orbat check SCENARIO LOG`
replays each log, and the table gains a column "checked" (the logs that
passed, out of the games played).  Each failure is listed with its file and
check's message, the folder is then kept for a look, and the exit status
is 1.

Exit 0 whatever the figures, 1 when orbat failed or (--check) a game did not
pass check, 2 when it cannot run.
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def wilson(wins, n, z=1.959964):
    """The 95 % Wilson score interval of wins out of n."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def hex_scenarios(orbat):
    """The bundled scenarios the players play: those not on the square
    grid (the expert plays hex games only for now)."""
    out = []
    folder = os.path.join(ROOT, "scenarios")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".xml") and not name.startswith("mb-"):
            out.append(os.path.join(folder, name))
    return out


def check_logs(orbat, path, folder, games):
    """Replay every log of one scenario's run with `orbat check`: the
    number that passed, and (file, message) for each failure -- a log
    missing among the games played is one too."""
    logs = sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".log"))
    failures = []
    for log in logs:
        run = subprocess.run([orbat, "check", path, log], capture_output=True, text=True)
        if run.returncode != 0:
            message = (run.stderr.strip() or run.stdout.strip()).splitlines()
            failures.append((log, message[0] if message else f"exit status {run.returncode}"))
    if len(logs) < games:
        failures.append((folder, f"{games - len(logs)} of the {games} games have no log"))
    return len(logs) - sum(1 for f in failures if f[0] != folder), failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games per scenario (even: pairs)")
    ap.add_argument("--think", default="1000", help="the expert's budget a turn: MS or Nsims")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--player", default="expert")
    ap.add_argument("--against", default="strong")
    ap.add_argument("--orbat", default=os.path.join(ROOT, "build", "src", "orbat"))
    ap.add_argument("-j", "--jobs", default="1")
    ap.add_argument("--check", action="store_true", help="replay every game's log with orbat check")
    ap.add_argument("scenarios", nargs="*")
    a = ap.parse_args()
    if not os.access(a.orbat, os.X_OK):
        print(f"players: no orbat at {a.orbat} (build it, or give --orbat BIN)", file=sys.stderr)
        return 2
    paths = a.scenarios or hex_scenarios(a.orbat)
    print(f"{a.player} against {a.against}, --think {a.think}, seed {a.seed}, {a.games} games a scenario "
          f"(seeds {a.seed}:1..{a.games}, sides swapped in pairs)")
    print(f"{'scenario':<24} {'games':>5} {'decided':>7} {'wins':>5} {'rate':>6}  95 % interval  limit"
          + ("  orbat check" if a.check else ""))
    total_w = total_n = 0
    logs_root = tempfile.mkdtemp(prefix="orbat-players-logs.") if a.check else None
    failures = []
    for k, path in enumerate(paths):
        cmd = [a.orbat, "balance", path, "--players", f"{a.player},{a.against}", "--games", str(a.games),
               "--seed", a.seed, "--think", a.think, "--format", "json", "-j", a.jobs, "-q"]
        if a.check:
            # A folder a scenario: the same file named twice keeps both runs.
            folder = os.path.join(logs_root, f"{k:02d}-{os.path.splitext(os.path.basename(path))[0]}")
            cmd += ["--logs", folder]
        run = subprocess.run(cmd, capture_output=True, text=True)
        try:
            d = json.loads(run.stdout)
        except ValueError:
            print(f"players: {' '.join(cmd)} failed ({run.returncode}): {run.stderr.strip()}", file=sys.stderr)
            return 1
        wins = d["by_player"].get(a.player, {}).get("count", 0)
        decided = d["verdict"]["decided"]
        lo, hi = wilson(wins, decided)
        total_w += wins
        total_n += decided
        rate = wins / decided if decided else 0.0
        checked = ""
        if a.check:
            passed, failed = check_logs(a.orbat, path, folder, d["games"])
            failures += failed
            checked = f"  checked {passed}/{d['games']}"
        print(f"{d['scenario']:<24} {d['games']:>5} {decided:>7} {wins:>5} {rate:>6.1%}  "
              f"{lo:>5.1%} .. {hi:>5.1%}  {d['turn_limit']:>5}{checked}")
    if len(paths) > 1:
        lo, hi = wilson(total_w, total_n)
        rate = total_w / total_n if total_n else 0.0
        print(f"{'pooled':<24} {'':>5} {total_n:>7} {total_w:>5} {rate:>6.1%}  {lo:>5.1%} .. {hi:>5.1%}")
    if not a.check:
        return 0
    if not failures:
        shutil.rmtree(logs_root)
        return 0
    print(f"{len(failures)} game logs did not pass orbat check (kept in {logs_root}):")
    for log, message in failures:
        # check's diagnostics begin with the file already (LOG:LINE: error: ...)
        print(f"  {message}" if message.startswith(log + ":") else f"  {log}: {message}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
