#!/usr/bin/python3
"""The play page's dice in a real browser (Debian's chromium through
chromedriver and Selenium): every die shown as a picture of the ruleset's
die with its face, its name the text alternative (the faces of the
state's JSON, line by line, for a seeded game whose computer battles).
Screenshot dice-nl.png goes to the folder given as the third argument.  Skipped (77) without chromium, chromedriver or
python3-selenium.

usage: test_dice.py ORBAT SOURCE_ROOT SCREENSHOT_DIR"""
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_kit import Checks, browser as chromium, click_when_ready  # noqa: E402
from studio_server import Studio, folder_with  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

orbat, source_root, shots = sys.argv[1], sys.argv[2], sys.argv[3]
checks = Checks(shots)
check, wait, screenshot = checks.check, checks.wait, checks.screenshot

tmp = tempfile.mkdtemp(prefix="orbat-studio-dice-")
folder = folder_with(os.path.join(tmp, "scenarios"), source_root, {
    "first-bull-run.xml": "scenarios/first-bull-run.xml",
})
studio = Studio(orbat, ["first-bull-run.xml"], folder)


def api(path):
    return json.loads(studio.request("GET", path)[2])


def ready(drv):
    """The computer's turn skipped when shown; true once the page is ready."""
    skip = drv.find_element(By.ID, "play-skip")
    if skip.is_displayed():
        skip.click()
        return False
    return drv.execute_script("return document.body.dataset.play === 'ready'")


def click_js(d, css):
    """Click an element of the board's SVG (a label may cover its centre)."""
    return d.execute_script(
        "const el = document.querySelector(arguments[0]);"
        "if (!el) return false; el.dispatchEvent(new MouseEvent('click', {bubbles: true})); return true;", css)


def start(d, seed, dice):
    """'Play it', the confederates against `simple` with the seed."""
    d.get(studio.url)
    wait(d, lambda drv: drv.execute_script("return document.body.dataset.ready === 'true'"), "the page is ready")
    check(click_when_ready(d, "#play-it"), "'Play it' takes the click")
    wait(d, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#play-resume-file option")
         and drv.find_elements(By.CSS_SELECTOR, "#play-player option"), "the start form shows")
    Select(d.find_element(By.ID, "play-side-choice")).select_by_value("confederate")
    Select(d.find_element(By.ID, "play-player")).select_by_value("simple")
    if dice != "rolled":  # the studio rolls unless told
        Select(d.find_element(By.ID, "play-dice-mode")).select_by_value(dice)
    d.find_element(By.ID, "play-seed").send_keys(str(seed))
    d.find_element(By.ID, "play-start").click()


def shown_dice(el):
    """The dice pictures under el: [(face, alt, loaded)]."""
    return [(img.get_attribute("data-face"), img.get_attribute("alt"),
             img.get_attribute("src"))
            for img in el.find_elements(By.CSS_SELECTOR, "img.die")]


def look(d, css, name):
    """A screenshot once the board is drawn, with what css selects in view."""
    wait(d, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#play-board image[data-loaded='true']"), "the board is drawn")
    d.execute_script("const el = document.querySelector(arguments[0]); if (el) el.scrollIntoView({block: 'center'});", css)
    screenshot(d, name)


def pictures_loaded(d):
    return d.execute_script(
        "return [...document.querySelectorAll('img.die')].every((i) => i.complete && i.naturalWidth > 0)")


# ---- the dice the studio rolls: each die a picture of its face ----
d = chromium("nl", 1400, 900)
try:
    start(d, 5, "rolled")
    wait(d, ready, "the computer's first turn is shown and the page is ready")
    state = api("/api/game/state?lang=nl")
    rolled = [(i, l) for i, l in enumerate(state["log"]) if l["dice"]]
    check(len(rolled) >= 1 and all(l["computer"] for _, l in rolled),
          "the seeded game opens with the computer's battles: %s" % [l["line"] for _, l in rolled])
    items = d.find_elements(By.CSS_SELECTOR, "#play-log li")
    check(len(items) == len(state["log"]), "the page lists every line of the log")
    for i, line in enumerate(state["log"]):
        want = [(f["face"], f["name"]) for f in line["dice"]]
        got = [(face, alt) for face, alt, _ in shown_dice(items[i])]
        if not check(got == want, "line %d (%s) shows its dice as pictures: %s" % (i + 1, line["line"], got)):
            break
    names = {f["face"]: f["name"] for f in state["die"]}
    check(names.get("flag") == "vlag" and names.get("sabres"), "the faces are named in the page's language: %s" % names)
    wait(d, pictures_loaded, "every die picture is drawn by the server")
    check(all("/api/game/die.svg" in src for _, _, src in shown_dice(d.find_element(By.ID, "play-log"))),
          "the pictures are the library's die painter's")
    # The turn ended: the computer's rolls on display, as their dice.
    click_when_ready(d, "#play-hand button[data-card='assault/centre']")
    wait(d, lambda drv: api("/api/game/state")["log"][-1]["line"].endswith("assault/centre"), "a card is played")
    wait(d, ready, "the page is ready after the card")
    d.find_element(By.ID, "play-draw").click()
    wait(d, lambda drv: api("/api/game/state")["log"][-1]["computer"], "the computer plays its turn")
    wait(d, ready, "the computer's turn is shown")
    battles = [l for l in api("/api/game/state?lang=nl")["log"][len(state["log"]):] if l["dice"]]
    shown = [shown_dice(a) for a in d.find_elements(By.CSS_SELECTOR, "#play-dice .computer-action")]
    check(battles and [[(f, alt) for f, alt, _ in x] for x in shown if x]
          == [[(f["face"], f["name"]) for f in b["dice"]] for b in battles],
          "the computer's battles on display show their dice: %s" % shown)
    wait(d, pictures_loaded, "the computer's dice are drawn")
    look(d, "#play-dice", "dice-nl")
    # A die picture is the ruleset's: a face the die has not is refused.
    status, _, body = studio.request("GET", "/api/game/die.svg?lang=en&face=joker")
    check(status == 404, "a face the ruleset's die has not is no picture: %d" % status)
    status, _, body = studio.request("GET", "/api/game/die.svg?lang=en&face=flag")
    check(status == 200 and body.startswith(b"<?xml") and b"<svg" in body, "a face is an SVG picture")
    check(studio.request("GET", "/api/game/die.svg?lang=en&face=flag")[2] == body, "the same face, the same bytes")
finally:
    d.quit()
studio.stop()


shutil.rmtree(tmp)
checks.finish("studio-dice")
