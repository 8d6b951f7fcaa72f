#!/usr/bin/python3
"""orbat studio's play page, measured through a real browser (Debian's
chromium through chromedriver and Selenium), on every bundled scenario
against the strongest player of its grid (the start form's choice:
`strong` on the hex grid, `simple` on the square grid, where strong does
not play yet):

    bench/play.sh [--turns N] [--orbat BIN] [--scenario FILE] [--quick]

Two figures, the targets of issue 29:

- a unit clicked -> its moves shown: from the click on one of the user's
  units on the board to the next frame after the page has marked the
  cells the referee's `moves` answer names (the page asks the server, the
  server asks the referee; #play-board's data-moves tells it is done);
- the player's turn ended -> the computer's first action shown: from the
  click that ends the user's turn (`draw` on the hex grid, `end` on the
  square grid) to the next frame after the first of the computer's actions
  is listed on the page and the board drawn as it stood after it.  The server plays the computer's whole turn
  before it answers, so this is the computer's thinking plus the answer.

Each figure is the median of the runs (the units of the first turn for
the clicks; N turns for the computer, default 6), with the minimum and
maximum.  The user buys a unit a turn on the square grid, places it and
otherwise passes: a game the computer wins before N turns (its capital
taken) is followed by one seeded 2, 3... (up to 6 games) until N turns
are measured; the table says how many games it took.  The page waits in the browser itself for what it measures, so
no poll period is added.  The figures never make this fail: exit 0
whatever they are, 1 when the studio or the page failed, 2 when it cannot
run.  Builds a release binary in build-release/ (as bench/run.sh does)
unless --orbat BIN is given; --quick plays one turn of one scenario.
"""
import argparse
import json
import os
import shutil
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from browser_bench import Bench, ROOT, figures  # noqa: E402  (paths, browser, release build)

bench = Bench("play bench")
browser = bench.browser()
die = bench.die
from studio_server import Studio  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

MOVES_TARGET_MS = 100.0
COMPUTER_TARGET_MS = 1000.0

# A click dispatched in the page at a measured instant, then a wait in the
# page until `ready()` holds, then the next frame: the milliseconds.
CLICK_AND_WAIT = """
const [css, kind] = [arguments[0], arguments[1]], done = arguments[arguments.length - 1];
const board = document.getElementById('play-board'), dice = document.getElementById('play-dice');
const before = board.dataset.moves;
const ready = kind === 'moves'
  ? () => board.dataset.moves !== before
  : () => {
    // The first action listed and the board drawn as it stood after it.
    const image = board.querySelector('image');
    return dice.querySelector('.computer-action') !== null && image && image.dataset.loaded === 'true'
      && (image.dataset.wanted || '').includes('lines=');
  };
// A refusal ends the wait too, and is told as -2; the user's line taken
// with no action of the computer's after it (the user's side plays on, a
// partner's turn in a four-player game), as -3.
const refused = () => kind !== 'moves' && document.getElementById('play-message').hidden === false;
const logged = () => document.querySelectorAll('#play-log li').length;
const logBefore = logged();
const nobody = () => kind !== 'moves' && logged() !== logBefore && !dice.querySelector('.computer-action');
if (kind !== 'moves') dice.replaceChildren();
const el = document.querySelector(css);
if (!el) { done(-1); return; }
const t0 = performance.now();
let finished = false;
function finish() {
  if (finished) return;
  finished = true;
  seen.disconnect();
  requestAnimationFrame(() => done(performance.now() - t0));
}
const seen = new MutationObserver(() => {
  if (ready()) finish();
  else if (refused() && !finished) { finished = true; seen.disconnect(); done(-2); }
  else if (nobody() && !finished) { finished = true; seen.disconnect(); done(-3); }
});
seen.observe(document.body, { attributes: true, childList: true, subtree: true });
el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
if (ready()) finish();
"""


class Game:
    """A game on the page, and its state read through the API to choose
    what to click (as the studio-play test does)."""

    def __init__(self, studio, driver):
        self.studio, self.d = studio, driver

    def state(self):
        status, _, body = self.studio.request("GET", "/api/game/state")
        if status != 200:
            die("the game's state answered %d" % status, 1)
        return json.loads(body)

    def settle(self):
        """Until the page is ready for the user (the computer's actions
        skipped when shown)."""
        def ready(drv):
            skip = drv.find_element(By.ID, "play-skip")
            if skip.is_displayed():
                skip.click()
                return False
            return drv.execute_script("return document.body.dataset.play === 'ready'")
        WebDriverWait(self.d, 120).until(ready)

    def click(self, css):
        def where(st):
            return len(st["log"]), json.dumps(st["dues"]), st["decider"]
        before = where(self.state())
        self.d.execute_script("const el = document.querySelector(arguments[0]); if (el) el.click();", css)
        WebDriverWait(self.d, 120).until(lambda drv: where(self.state()) != before
                                         or drv.find_element(By.ID, "play-message").is_displayed())
        self.settle()

    def measure(self, css, kind):
        self.d.set_script_timeout(120)
        self.d.execute_script("document.getElementById('play-message').hidden = true")
        ms = self.d.execute_async_script(CLICK_AND_WAIT, css, kind)
        if ms == -2:
            die("the click on %s was refused: %s" % (css, self.d.find_element(By.ID, "play-message").text), 1)
        if kind == "computer":
            self.settle()
        return ms


def own_units(st):
    return [u for u in st["units"] if u["side"] == st["side"] and u.get("alive") and u.get("at")]


def clicks_to_moves(game, st, limit):
    """The user's units clicked one after the other: ms to their moves.
    Only a unit alone on its cell: a stack's click first asks which."""
    times = []
    at = [u["at"] for u in st["units"] if u.get("alive") and u.get("at")]
    alone = [u for u in own_units(st) if at.count(u["at"]) == 1]
    for u in alone[:limit]:
        ms = game.measure("#play-board g[data-unit='%s'] polygon" % u["id"], "moves")
        if ms >= 0:
            times.append(ms)
    return times


def one_turn(game):
    """The user's turn played up to its end, which is measured: a card
    (hex), the purchase and movement rolls skipped (square); then the
    click that ends it.  None when the game is over."""
    bought = False
    for _ in range(40):
        st = game.state()
        if st["over"]:
            return None
        if not st["yours"]:
            game.settle()
            continue
        retreat = [x for x in st["dues"] if x.get("step") == "retreat" and x["side"] == st["side"]]
        if retreat and st["grid"] != "square":
            WebDriverWait(game.d, 60).until(lambda drv: drv.find_elements(
                By.CSS_SELECTOR, "#play-dues button[data-retreat]"))
            game.click("#play-dues button[data-retreat]")
            continue
        offers = {o["line"]: o for o in st["offers"]}
        # A step the rules ask of the user in a battle or after a card:
        # the first the referee offers.
        steps = [o for kind in ("stand", "save", "defend", "flagsave", "arrive", "rally", "gain")
                 for o in st["offers"] if o["kind"] == kind]
        if steps and st["grid"] != "square":
            game.click("#play-offers button[data-line='%s']" % steps[0]["line"])
            continue
        # Any other step of a battle the user may answer: passed.
        if st["grid"] != "square" and any(x["side"] == st["side"] and (x.get("step") or x["kind"] in ("may", "owed"))
                                          for x in st["dues"]):
            game.click("#play-pass")
            continue
        if st["grid"] == "square":
            # What the user owes or may answer in the computer's combat
            # (a covered retreat, say): declined where it may be, else the
            # first answer the referee offers.
            asked = [x for x in st["dues"] if x["side"] == st["side"] and x["kind"] in ("may", "owed")]
            if asked and "end" not in offers:
                if all(x["kind"] == "may" for x in asked):
                    game.click("#play-pass")
                else:
                    game.click("#play-offers button[data-line='%s']" % st["offers"][0]["line"])
                continue
            # A unit bought a turn and placed, so that the user's capital
            # is held for a few turns: a passive user would lose it on the
            # second, and the bench would have one turn to measure.
            places = [line for line in offers if line.startswith("place ")]
            if places:
                game.click("#play-offers button[data-line='%s']" % places[0])
                continue
            if not bought and "buy infantry" in offers:
                bought = True
                game.click("#play-offers button[data-line='buy infantry']")
                continue
            if "end" in offers:
                return game.measure("#play-offers button[data-line='end']", "computer")
            for line in ("roll", "redeploy", "stop"):
                if line in offers:
                    game.click("#play-offers button[data-line='%s']" % line)
                    break
            else:
                return None
            continue
        # A card the referee would take now: none played yet this turn.
        playable = [c for c in st["hand"] if c.get("plays")]
        discards = [o for o in st["offers"] if o["kind"] == "discard"]
        if not playable and discards and not any(o["kind"] == "rally" for o in st["offers"]):
            game.click("#play-offers button[data-line='%s']" % discards[0]["line"])
            continue
        if playable:
            card = playable[0]
            game.d.execute_script("document.querySelector(arguments[0]).click()",
                                  "#play-hand button[data-card='%s']" % card["id"])
            if card["plays"][0].get("section"):
                WebDriverWait(game.d, 30).until(lambda drv: drv.find_elements(By.CSS_SELECTOR, "#play-sections button"))
                game.click("#play-sections button")
            else:
                game.settle()
            continue
        return game.measure("#play-draw", "computer")
    return None


def play_one_game(studio, scenario, seed, turns, clicks):
    """A game from the start with `seed`: the user's unit clicks measured
    (`clicks` of them), then up to `turns` of the user's turns, each end
    measured until the computer's first action shows."""
    studio.request("POST", "/api/open", {"Origin": "http://" + studio.host, "Content-Type": "application/json"},
                   json.dumps({"file": scenario}).encode())
    d = browser("en", 1400, 900)
    try:
        d.get(studio.url)
        WebDriverWait(d, 60).until(lambda drv: drv.execute_script("return document.body.dataset.ready === 'true'"))
        d.find_element(By.ID, "play-it").click()
        WebDriverWait(d, 60).until(lambda drv: drv.find_elements(By.CSS_SELECTOR, "#play-player option"))
        # The start form's own choice: the strongest player of the grid
        # (strong on the hex grid, simple on the square one).
        d.execute_script("document.getElementById('play-seed').value = arguments[0];", str(seed))
        player = d.execute_script("return document.getElementById('play-player').value")
        d.find_element(By.ID, "play-start").click()
        WebDriverWait(d, 120).until(lambda drv: drv.execute_script("return document.body.dataset.play === 'ready'")
                                    and drv.find_elements(By.CSS_SELECTOR, "#play-board g[data-unit]"))
        game = Game(studio, d)
        game.settle()
        moves = clicks_to_moves(game, game.state(), clicks) if clicks else []
        computer = []
        for _ in range(turns):
            try:
                ms = one_turn(game)
            except TimeoutException:
                # A position this bench does not know how to play on (a
                # choice with no button): the turns so far are the figures.
                print("  %s: stopped after %d turns, at a choice this bench cannot make" % (scenario, len(computer)),
                      file=sys.stderr)
                break
            if ms is None:
                break
            if ms >= 0:
                computer.append(ms)
        return player, moves, computer
    finally:
        d.quit()


# Games a scenario at most: a game the computer wins early (the square
# game's capital taken from a user who only buys and ends turns) is
# followed by the next seed's until the turns wanted are measured.
MAX_GAMES = 6


def bench_scenario(studio, scenario, turns, clicks):
    player, moves, computer = play_one_game(studio, scenario, 1, turns, clicks)
    seed = 1
    while len(computer) < turns and seed < MAX_GAMES:
        seed += 1
        more = play_one_game(studio, scenario, seed, turns - len(computer), 0)[2]
        computer += more
    return player, moves, computer, seed


def main():
    ap = argparse.ArgumentParser(description="orbat studio's play page through a real browser")
    ap.add_argument("--turns", type=int, default=6)
    ap.add_argument("--orbat", help="the binary to measure (default: a release build in build-release/)")
    ap.add_argument("--scenario", help="one bundled scenario's file name (default: every one)")
    ap.add_argument("--quick", action="store_true", help="one turn of one scenario: it runs, nothing more")
    args = ap.parse_args()
    if args.orbat:
        orbat, what = os.path.abspath(args.orbat), args.orbat
    else:
        print("building the release binary in build-release/ ...", file=sys.stderr)
        orbat, what = bench.release_build(), "build-release (release)"
    folder = os.path.join(ROOT, "scenarios")
    names = sorted(f for f in os.listdir(folder) if f.endswith(".xml"))
    if args.scenario:
        if args.scenario not in names:
            die("no bundled scenario %s" % args.scenario)
        names = [args.scenario]
    elif args.quick:
        names = ["first-bull-run.xml"]
    turns, clicks = (1, 2) if args.quick else (max(1, args.turns), 8)

    tmp = tempfile.mkdtemp(prefix="orbat-play-bench-")
    for name in names:
        shutil.copy(os.path.join(folder, name), os.path.join(tmp, name))
    if "ORBAT_DATADIR" not in os.environ and os.path.isdir(os.path.join(ROOT, "data")):
        os.environ["ORBAT_DATADIR"] = os.path.join(ROOT, "data")
    studio = Studio(orbat, ["--lang", "en"], tmp)
    rows = []
    try:
        for name in names:
            print("playing %s ..." % name, file=sys.stderr)
            player, moves, computer, games = bench_scenario(studio, name, turns, clicks)
            rows.append((name, player, moves, computer, games))
    finally:
        studio.stop()
        shutil.rmtree(tmp, ignore_errors=True)

    print("orbat studio, play page against the grid's strongest player, seed 1, then seeds 2.. where a game "
          "ends before %d turns (binary: %s)" % (turns, what))
    print("%-30s %-7s %-25s %5s %9s %9s %9s %9s %5s" % ("scenario", "player", "figure", "runs", "median", "min",
                                                          "max", "target", "met"))
    for name, player, moves, computer, games in rows:
        for label, values, target in (("unit -> moves, ms", moves, MOVES_TARGET_MS),
                                      ("turn end -> computer, ms", computer, COMPUTER_TARGET_MS)):
            med, lo, hi = figures(values)
            met = "yes" if values and med < target else "no" if values else "-"
            print("%-30s %-7s %-25s %5d %9.1f %9.1f %9.1f %9s %5s" % (name, player, label, len(values), med, lo,
                                                                       hi, "< %g" % target, met))
    for name, player, moves, computer, games in rows:
        if games > 1:
            print("(%s: the computer's turns of %d games, seeds 1 to %d)" % (name, games, games))
    if args.quick:
        print("(--quick: the figures mean nothing)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
