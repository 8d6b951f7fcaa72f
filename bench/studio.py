#!/usr/bin/python3
"""orbat studio's edit loop, measured through a real browser (Debian's
chromium through chromedriver and Selenium), on the largest bundled
scenario:

    bench/studio.sh [--runs N] [--orbat BIN] [--scenario FILE] [--quick]

What one figure is: a click on a cell with a terrain chosen in the tray,
from the browser's pointerdown to the next frame after the board shows the
new state.  In between: the page sends the edit, the server applies it,
validates the whole scenario with the validator of `orbat validate`,
draws again the tiles of the board the edit changed (the print painters,
SVG) and answers the new state with the tiles' hashes; then the page
fetches the tiles whose hash changed and the browser decodes them.  Each
click alternates a cell between two terrains, so every edit changes the
drawing.

Beside it, the same edit and redraw without the browser (the requests the
page makes, from Python), and the studio process's memory:
its peak resident size (VmHWM) after all the runs.

Every figure is the median of N runs (default 30) after 3 warm-up runs,
with the minimum and maximum.  The targets (issue 28): an edit validated
and redrawn in under 50 ms, the process under 100 MiB.  The figures never
make this fail: exit 0 whatever they are, 1 when the studio or the page
failed, 2 when it cannot run (no chromium, bad option, build failure).

Builds a release binary in build-release/ (as bench/run.sh does) unless
--orbat BIN is given.  --quick (for the smoke test) makes 3 runs without
warm-up: it shows the loop runs; its figures mean nothing.
"""
import argparse
import http.client
import json
import os
import shutil
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from browser_bench import Bench, ROOT, figures  # noqa: E402  (paths, browser, release build)

bench = Bench("studio bench")
browser = bench.browser()
die = bench.die
from studio_server import Studio  # noqa: E402

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

TARGET_MS = 50.0
TARGET_MIB = 100.0

# Installed on the page once: the time of the last pointerdown, and a
# promise for "the board shows generation G and the next frame is drawn".
PAGE_PROBE = """
window.__bench = { t0: 0 };
document.addEventListener('pointerdown', () => { window.__bench.t0 = performance.now(); }, true);
"""
# Waits in the page itself (a poll from Python would add its own period
# to every figure): until the board shows a generation after `before`,
# then the next frame.
WAIT_DRAWN = """
const before = arguments[0], done = arguments[arguments.length - 1];
const stage = document.getElementById('stage');
function drawn() {
  const body = document.body.dataset;
  return body.busy !== 'true' && stage.dataset.shows && Number(body.generation) > before
    && stage.dataset.generation === body.generation;
}
function finish() {
  requestAnimationFrame(() => done(performance.now() - window.__bench.t0));
}
if (drawn()) { finish(); return; }
const seen = new MutationObserver(() => {
  if (drawn()) { seen.disconnect(); finish(); }
});
seen.observe(stage, { attributes: true });
seen.observe(document.body, { attributes: true });
"""


def largest_scenario():
    folder = os.path.join(ROOT, "scenarios")
    files = [f for f in os.listdir(folder) if f.endswith(".xml")]
    return max(files, key=lambda f: os.path.getsize(os.path.join(folder, f)))


def peak_mib(pid):
    """The process's peak and current resident size, MiB."""
    fields = {}
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmHWM", "VmRSS"):
                fields[key] = int(value.split()[0]) / 1024.0
    return fields.get("VmHWM", 0.0), fields.get("VmRSS", 0.0)


def api_call(studio, method, path, body=None):
    headers = {"Origin": "http://" + studio.host} if method == "POST" else None
    data = json.dumps(body).encode() if body is not None else None
    if data is not None:
        headers["Content-Type"] = "application/json"
    status, _, answer = studio.request(method, path, headers=headers, body=data)
    if status != 200:
        die("%s %s answered %d: %s" % (method, path, status, answer[:200]), 1)
    return answer


def generation_of(driver):
    return driver.execute_script("return document.body.dataset.generation")


def through_browser(studio, scenario, cells, terrains, runs, warmup):
    """Milliseconds from pointerdown to the redrawn board, per click."""
    d = browser("en", 1500, 950)
    try:
        # The scenario is open already (POST /api/open): the page shows it.
        d.get(studio.url)
        WebDriverWait(d, 60).until(
            lambda drv: (drv.execute_script("return document.getElementById('stage').dataset.shows") or "")
            .startswith(scenario + " "))
        d.execute_script(PAGE_PROBE)
        d.set_script_timeout(30)
        times = []
        for i in range(warmup + runs):
            terrain = terrains[(i // len(cells)) % 2]
            d.find_element(By.CSS_SELECTOR, "#tray button.tool[data-terrain='%s']" % terrain).click()
            target = d.find_element(By.CSS_SELECTOR, "#overlay polygon[data-address='%s']" % cells[i % len(cells)])
            before = int(generation_of(d) or 0)
            ActionChains(d).move_to_element(target).click().perform()
            ms = d.execute_async_script(WAIT_DRAWN, before)
            if i >= warmup:
                times.append(ms)
        return times
    finally:
        d.quit()


def without_browser(studio, cells, terrains, runs, warmup):
    """Milliseconds for the page's requests of one edit, from Python: the
    edit, whose answer lists the tiles, and the tiles whose hash changed."""
    times = []
    shown = {}
    for i in range(warmup + runs):
        terrain = terrains[(i // len(cells)) % 2]
        start = time.perf_counter()
        state = json.loads(api_call(studio, "POST", "/api/edit?lang=en",
                                    {"op": "terrain", "at": cells[i % len(cells)], "type": terrain}))
        facts = state["cells"]
        for k, tile in enumerate(facts["tiles"]):
            if shown.get(k) != tile["hash"]:
                api_call(studio, "GET", "/api/board.svg?tile=%d&lang=en" % k)
                shown[k] = tile["hash"]
        if i >= warmup:
            times.append((time.perf_counter() - start) * 1000.0)
    return times


def main():
    ap = argparse.ArgumentParser(description="orbat studio's edit loop through a real browser")
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--orbat", help="the binary to measure (default: a release build in build-release/)")
    ap.add_argument("--scenario", help="a bundled scenario's file name (default: the largest)")
    ap.add_argument("--quick", action="store_true", help="3 runs, no warm-up: the loop runs, nothing more")
    args = ap.parse_args()
    runs, warmup = (3, 0) if args.quick else (max(1, args.runs), 3)

    if args.orbat:
        orbat, what = os.path.abspath(args.orbat), args.orbat
    else:
        print("building the release binary in build-release/ ...", file=sys.stderr)
        orbat, what = bench.release_build(), "build-release (release)"
    scenario = args.scenario or largest_scenario()
    source = os.path.join(ROOT, "scenarios", scenario)
    if not os.path.isfile(source):
        die("no bundled scenario %s" % scenario)

    # A copy: the bench edits but never saves, and the bundled file stays.
    tmp = tempfile.mkdtemp(prefix="orbat-studio-bench-")
    shutil.copy(source, os.path.join(tmp, scenario))
    env_data = os.path.join(ROOT, "data")
    if "ORBAT_DATADIR" not in os.environ and os.path.isdir(env_data):
        os.environ["ORBAT_DATADIR"] = env_data
    studio = Studio(orbat, ["--lang", "en"], tmp)
    try:
        # Cells of the board's middle row, alternately woods and clear.
        opened = json.loads(api_call(studio, "POST", "/api/open", {"file": scenario}))
        columns, rows = opened["info"]["columns"], opened["info"]["rows"]
        row = rows // 2 + 1
        cells = ["%s%d" % (chr(ord("A") + c), row) for c in range(1, min(columns, 9))]
        terrains = ("woods", "clear") if opened.get("grid") != "squares" else ("mountains", "clear")

        page = through_browser(studio, scenario, cells, terrains, runs, warmup)
        api = without_browser(studio, cells, terrains, runs, warmup)
        peak, now = peak_mib(studio.proc.pid)
    finally:
        studio.stop()
        shutil.rmtree(tmp, ignore_errors=True)

    print("orbat studio, edit loop on %s (%s cells x %s, %d runs after %d warm-up; binary: %s)"
          % (scenario, "%dx%d" % (columns, rows), "/".join(terrains), runs, warmup, what))
    print("%-44s %9s %9s %9s %9s %5s" % ("figure", "median", "min", "max", "target", "met"))
    for name, values in (("edit, validated and redrawn (browser), ms", page),
                         ("edit + changed tiles (HTTP only), ms", api)):
        med, lo, hi = figures(values)
        met = "yes" if med < TARGET_MS else "no"
        print("%-44s %9.1f %9.1f %9.1f %9s %5s" % (name, med, lo, hi, "< %g" % TARGET_MS, met))
    print("%-44s %9.1f %9s %9s %9s %5s" % ("studio process peak RSS (VmHWM), MiB", peak, "", "", "< %g" % TARGET_MIB,
                                           "yes" if peak < TARGET_MIB else "no"))
    print("%-44s %9.1f" % ("studio process RSS at the end, MiB", now))
    if args.quick:
        print("(--quick: the figures mean nothing)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
