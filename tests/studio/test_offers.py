#!/usr/bin/python3
"""The last choices of the play page as clicks, in a real browser (Debian's
chromium through chromedriver and Selenium), each on a seeded position
saved in tests/studio/offers/ and resumed: a card's section pointed at on
the board (its cells lit while pointed at), the units a Rally takes back,
a noord-zuid brigade formed, ordered as one and falling back with a member,
and on the square grid a ship sailing, a unit landing, naval combat and
coastal fire.  Each click's line is the referee's: the log and the pieces
it gives back are checked.
Screenshots offers-*-en/nl/fr.png go to the folder given as the third
argument.  Skipped (77) without chromium, chromedriver or python3-selenium.

usage: test_offers.py ORBAT SOURCE_ROOT SCREENSHOT_DIR"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_kit import Checks, browser as chromium, click_when_ready  # noqa: E402
from studio_server import Studio, folder_with  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402

orbat, source_root, shots = sys.argv[1], sys.argv[2], sys.argv[3]
checks = Checks(shots)
check, wait, screenshot = checks.check, checks.wait, checks.screenshot

tmp = tempfile.mkdtemp(prefix="orbat-studio-offers-")
here = os.path.join(source_root, "tests", "studio", "offers")
folder = folder_with(os.path.join(tmp, "scenarios"), source_root, {
    "first-bull-run.xml": "scenarios/first-bull-run.xml",
    "gettysburg-first-day.xml": "scenarios/gettysburg-first-day.xml",
})
# mb-1861 with a ship of each side at sea in Hampton Roads, another
# Confederate one off New York, and the Union's artillery in New York: a
# naval combat and coastal fire on the first turn.
with open(os.path.join(source_root, "scenarios", "mb-1861.xml"), encoding="utf-8") as f:
    sea = f.read()
for old, new in (('<ship id="c-gunboat-1" type="gunboat" at="C15"/>',
                  '<ship id="c-gunboat-1" type="gunboat" zone="hampton-roads"/>\n'
                  '    <ship id="c-gunboat-2" type="gunboat" zone="new-york-bight"/>'),
                 ('<unit id="u-art-1" type="artillery" at="M6"/>', '<unit id="u-art-1" type="artillery" at="P4"/>')):
    check(old in sea, "mb-1861 still reads %s" % old)
    sea = sea.replace(old, new)
with open(os.path.join(folder, "mb-sea.xml"), "w", encoding="utf-8") as f:
    f.write(sea)


class Game:
    """A studio on one scenario, a saved log of it resumed for the user."""

    def __init__(self, scenario, log, side):
        shutil.copyfile(os.path.join(here, log), os.path.join(folder, log))
        self.studio = Studio(orbat, [scenario], folder)
        self.origin = {"Origin": "http://" + self.studio.host, "Content-Type": "application/json"}
        status, state = self.post("/api/game/resume", {"file": log, "side": side, "player": "simple"})
        check(status == 200, "%s resumes on %s: %s" % (log, scenario, state.get("error")))

    def post(self, path, value):
        status, _, body = self.studio.request("POST", path, self.origin, json.dumps(value).encode())
        return status, json.loads(body)

    def state(self):
        return json.loads(self.studio.request("GET", "/api/game/state")[2])

    def lines(self):
        return [l["line"] for l in self.state()["log"]]

    def piece(self, id):
        return next((u for u in self.state()["units"] if u["id"] == id), {})

    def stop(self):
        self.studio.stop()


def ready(d):
    return d.execute_script("return document.body.dataset.play === 'ready'")


def drawn(d):
    """The board's drawing and the hand's cards loaded, to be looked at."""
    return d.execute_script(
        "const image = document.querySelector('#play-board image');"
        "return !!image && image.dataset.loaded === 'true' && [...document.querySelectorAll('#play-hand img')]"
        ".every((img) => img.complete && img.naturalWidth > 0);")


def opened(d, game, what):
    d.get(game.studio.url)
    return wait(d, lambda drv: ready(drv) and drv.find_elements(By.CSS_SELECTOR, "#play-board g[data-unit]")
                and drawn(drv), what)


def offer(d, line):
    return d.find_elements(By.CSS_SELECTOR, "#play-offers button[data-line='%s']" % line)


def take(d, game, line, what):
    """Click the offer of `line`; true once the referee took it."""
    before = len(game.lines())
    if not wait(d, lambda drv: ready(drv) and offer(drv, line), "%s is offered" % what):
        return False
    offer(d, line)[0].click()
    return wait(d, lambda drv: ready(drv) and len(game.lines()) > before and any(
        l.startswith(line) for l in game.lines()[before:]), "%s is taken by the referee" % what)


def hovered(d, css, event):
    d.execute_script("const el = document.querySelector(arguments[0]);"
                     "el.dispatchEvent(new MouseEvent(arguments[1], {bubbles: false}));", css, event)


# ---- a card's section pointed at on the board ----
game = Game("first-bull-run.xml", "section.log", "union")
d = chromium("en", 1400, 900)
try:
    opened(d, game, "the game holding Forced March is under way")
    click_when_ready(d, "#play-hand button[data-card='forced-march']")
    wait(d, lambda drv: len(drv.find_elements(By.CSS_SELECTOR, "#play-section-layer g.play-section")) == 3,
         "the board shows the card's three sections")
    sections = {s: d.find_elements(By.CSS_SELECTOR, "#play-section-layer g[data-section='%s'] polygon" % s)
                for s in ("left", "centre", "right")}
    cells = {s: {p.get_attribute("data-address") for p in polys} for s, polys in sections.items()}
    check(all(cells.values()) and not (cells["left"] & cells["centre"]) and not (cells["left"] & cells["right"]),
          "each section has cells of its own: %s" % {s: len(c) for s, c in cells.items()})
    # The union's home edge is north: its left flank is the east of the board.
    check("M1" in cells["left"] and "A1" in cells["right"], "the sections as the union sees them from its seat")
    hovered(d, "#play-section-layer g[data-section='left']", "mouseenter")
    check(d.find_elements(By.CSS_SELECTOR, "#play-section-layer g.lit[data-section='left']")
          and not d.find_elements(By.CSS_SELECTOR, "#play-section-layer g.lit[data-section='right']"),
          "the section pointed at is lit, the others are not")
    screenshot(d, "offers-section-en")
    before = len(game.lines())
    d.execute_script("document.querySelector(\"#play-section-layer g[data-section='left'] polygon\")"
                     ".dispatchEvent(new MouseEvent('click', {bubbles: true}));")
    wait(d, lambda drv: ready(drv) and len(game.lines()) > before, "the click on the board plays the card")
    check("play union forced-march left" in game.lines()[before:],
          "the card is played for the section clicked: %s" % game.lines()[before:before + 1])
    check(not any(c["id"] == "forced-march" for c in game.state()["hand"]), "the card left the hand")
    check(not d.find_elements(By.CSS_SELECTOR, "#play-section-layer g"), "the sections leave the board once played")
finally:
    d.quit()
game.stop()

# ---- the units a Rally takes back ----
game = Game("first-bull-run.xml", "rally.log", "union")
d = chromium("nl", 1400, 900)
try:
    opened(d, game, "the game after the rally roll is under way")
    figures = game.piece("u-inf-6").get("figures")
    wait(d, lambda drv: ready(drv) and len(drv.find_elements(By.CSS_SELECTOR, "#play-offers button[data-kind='rally']")) >= 2,
         "every unit that may take the figure back is offered")
    wait(d, drawn, "the board and the hand are drawn")
    screenshot(d, "offers-rally-nl")
    if take(d, game, "rally u-inf-6", "the figure back to u-inf-6"):
        check(game.piece("u-inf-6").get("figures") == figures + 1, "u-inf-6 has its figure back: %s -> %s" % (
            figures, game.piece("u-inf-6").get("figures")))
finally:
    d.quit()
game.stop()

# ---- a brigade ordered as one (noord-zuid) ----
game = Game("gettysburg-first-day.xml", "brigade.log", "union")
d = chromium("fr", 1400, 900)
try:
    opened(d, game, "the game with the union's card played is under way")
    wait(d, lambda drv: ready(drv) and offer(drv, "dissolve b-schurz") and drawn(drv), "the brigade may be dissolved")
    screenshot(d, "offers-brigade-fr")
    if take(d, game, "order b-schurz", "the order to Schurz's brigade"):
        check(not offer(d, "order b-schurz"), "the brigade, ordered, is not offered again")
        check(offer(d, "order b-howard") or not game.state()["yours"], "another brigade may still be ordered")
finally:
    d.quit()
game.stop()

# ---- a brigade formed under a general who has none (noord-zuid, §3.3) ----
shutil.copyfile(os.path.join(source_root, "tests", "rules", "scenarios", "ntz-brigades.xml"),
                os.path.join(folder, "ntz-brigades.xml"))
game = Game("ntz-brigades.xml", "form.log", "union")
d = chromium("en", 1400, 900)
try:
    opened(d, game, "the ntz-brigades game is under way")
    before = len(game.lines())
    click_when_ready(d, "#play-hand button[data-card='skirmish/right']")
    wait(d, lambda drv: ready(drv) and len(game.lines()) > before, "Skirmish is played on the right flank")
    formed = "form b-buford buford u-cav-1 u-cav-2 u-art-1"
    wait(d, lambda drv: ready(drv) and drv.find_elements(By.CSS_SELECTOR, "#play-offers button[data-kind='form']"),
         "a brigade under Buford is offered")
    said = [b.text for b in d.find_elements(By.CSS_SELECTOR, "#play-offers button[data-kind='form']")]
    check(any("forms a brigade" in t for t in said), "the offer says what it does: %s" % said)
    if take(d, game, formed, "the brigade formed"):
        check(not d.find_elements(By.CSS_SELECTOR, "#play-offers button[data-kind='form']"),
              "Buford, who gave his order, forms no second brigade this turn")
finally:
    d.quit()
game.stop()

# ---- a brigade falling back with a member pushed out of it (noord-zuid, 001) ----
game = Game("gettysburg-first-day.xml", "follow.log", "union")
d = chromium("en", 1400, 900)
try:
    opened(d, game, "the game after the union's retreat is under way")
    wait(d, lambda drv: ready(drv) and drv.find_elements(By.CSS_SELECTOR, "#play-offers button[data-kind='follow']"),
         "the brigade's falling back is offered")
    if take(d, game, "follow doubleday D6", "Doubleday falling back with his brigade"):
        general = next((g for g in game.state().get("generals", []) if g["id"] == "doubleday"), {})
        check(general.get("at") == "D6", "Doubleday stands at D6: %s" % general)
finally:
    d.quit()
game.stop()

# ---- ships and the sea (mb-remastered) ----
game = Game("mb-sea.xml", "sea.log", "union")
d = chromium("en", 1400, 900)
try:
    opened(d, game, "the square game is under way")
    take(d, game, "roll", "the movement roll")
    if take(d, game, "land u-inf-7 N8", "a landing"):
        check(game.piece("u-inf-7").get("at") == "N8" and "aboard" not in game.piece("u-inf-7"),
              "u-inf-7 stands ashore at N8: %s" % game.piece("u-inf-7"))
    if take(d, game, "move u-gunboat-2 new-york-bight", "a ship sailing"):
        check(game.piece("u-gunboat-2").get("sea") == "new-york-bight",
              "u-gunboat-2 lies in New York Bight: %s" % game.piece("u-gunboat-2"))
    wait(d, lambda drv: ready(drv) and offer(drv, "naval u-gunboat-1 c-gunboat-1")
         and offer(drv, "fire u-art-1 c-gunboat-2"), "naval combat and coastal fire are offered")
finally:
    d.quit()
# The sea's choices in the three languages, then taken.
for lang in ("en", "nl", "fr"):
    d = chromium(lang, 1400, 900)
    try:
        opened(d, game, "the square game is shown (%s)" % lang)
        wait(d, lambda drv: offer(drv, "fire u-art-1 c-gunboat-2"), "coastal fire is offered (%s)" % lang)
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", offer(d, "fire u-art-1 c-gunboat-2")[0])
        screenshot(d, "offers-sea-%s" % lang)
        if lang != "fr":
            continue
        if take(d, game, "naval u-gunboat-1 c-gunboat-1", "a naval combat"):
            last = [l for l in game.lines() if l.startswith("naval ")][-1]
            check(last.startswith("naval u-gunboat-1 c-gunboat-1 :"), "the round is in the log with its dice: " + last)
        if take(d, game, "fire u-art-1 c-gunboat-2", "coastal fire"):
            last = [l for l in game.lines() if l.startswith("fire ")][-1]
            check(last.startswith("fire u-art-1 c-gunboat-2 :"), "the shot is in the log with its die: " + last)
    finally:
        d.quit()
game.stop()

# Every log the page wrote is one orbat check takes.
for name, scenario in (("section.log", "first-bull-run.xml"), ("rally.log", "first-bull-run.xml"),
                       ("brigade.log", "gettysburg-first-day.xml"),
                       ("follow.log", "gettysburg-first-day.xml"), ("form.log", "ntz-brigades.xml"),
                       ("sea.log", "mb-sea.xml")):
    r = subprocess.run([orbat, "check", os.path.join(folder, scenario), os.path.join(folder, name)],
                       capture_output=True, text=True)
    check(r.returncode == 0, "orbat check accepts %s: %s" % (name, (r.stdout + r.stderr)[-300:]))
shutil.rmtree(tmp)
checks.finish("studio-offers")
