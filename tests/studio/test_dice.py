#!/usr/bin/python3
"""The play page's dice in a real browser (Debian's chromium through
chromedriver and Selenium): every die shown as a picture of the ruleset's
die with its face, its name the text alternative (the faces of the
state's JSON, line by line, for a seeded game whose computer battles);
a game with the dice rolled by hand, the computer's and the user's rolls
given by clicking face pictures, as many as the referee asks, its log
accepted by `orbat check` and continued by `orbat play --resume` and by
the studio; the computer's actions said in the page's language (Dutch,
French), their log lines as tooltips.  Screenshots dice-en/nl/fr.png go to the folder given as the
third argument.  Skipped (77) without chromium, chromedriver or
python3-selenium.

usage: test_dice.py ORBAT SOURCE_ROOT SCREENSHOT_DIR"""
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


def said_in_words(d, lang, what):
    """The computer's actions on display said in the page's words (lang),
    each with its log line as the tooltip, never the line itself."""
    shown = d.find_elements(By.CSS_SELECTOR, "#play-dice .computer-action")
    lines = [a.get_attribute("data-line") for a in shown]
    check(shown and all(a.get_attribute("title") == a.get_attribute("data-line") for a in shown
                        if a.get_attribute("data-line") != "pass"),
          "%s: each of the computer's actions has its log line as the tooltip: %s" % (what, lines))
    texts = [a.text.replace("\u00a0", " ") for a in shown]  # a no-break space as the browser gives it
    check(texts and not any(line in text for line, text in zip(lines, texts) if line != "pass"),
          "%s: the computer's actions are said in words, not as log lines: %s" % (what, texts))
    words = {"nl": ("Computer: ", " speelt ", "Bevelen: "), "fr": ("Ordinateur : ", " joue ", "Ordres : ")}[lang]
    check(all(t.startswith(words[0]) for t in texts) and any(words[1] in t or words[2] in t for t in texts),
          "%s: in the page's language (%s): %s" % (what, lang, texts))
    return texts


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
    said_in_words(d, "nl", "a seeded turn of the computer's")
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


# ---- the dice rolled by hand: the faces clicked in ----
def roll_by_clicks(d, faces, what):
    """The roll asked on the page: each face clicked, then sent."""
    wait(d, lambda drv: drv.find_element(By.ID, "play-roll").is_displayed()
         and drv.find_elements(By.CSS_SELECTOR, "#play-roll button.die-pick"), "%s: the page asks the faces" % what)
    box = d.find_element(By.ID, "play-roll")
    count = int(box.get_attribute("data-count"))
    line = box.get_attribute("data-line")
    before = len(api("/api/game/state")["log"])
    for face in faces[:count] + [faces[-1]] * (count - len(faces)):
        d.find_element(By.CSS_SELECTOR, "#play-roll button.die-pick[data-face='%s']" % face).click()
    slots = [f for f, _, _ in shown_dice(d.find_element(By.CSS_SELECTOR, "#play-roll .dice-slots"))]
    check(len(slots) == count and all(slots), "%s: %d dice clicked in, shown as their faces: %s" % (what, count, slots))
    d.find_element(By.ID, "play-roll-send").click()
    wait(d, lambda drv: len(api("/api/game/state")["log"]) > before, "%s: the roll is taken" % what)
    wait(d, ready, "%s: the page is ready again" % what)
    return line, count


studio = Studio(orbat, ["first-bull-run.xml"], folder)
d = chromium("en", 1400, 900)
try:
    start(d, 5, "manual")
    wait(d, ready, "the game with typed dice is under way")
    state = api("/api/game/state")
    check(state["manual"] and state["roll"] and state["roll"]["computer"],
          "the computer's battle waits for its dice: %s" % state.get("roll"))
    check(d.find_element(By.ID, "play-roll").get_attribute("data-computer") == "true",
          "the page asks the user to roll the computer's dice")
    look(d, "#play-roll", "dice-en")
    # Undo while the computer waits for its dice: what undo may take back
    # goes, the computer decides again, and asks the same roll.
    d.find_element(By.ID, "play-undo").click()
    wait(d, lambda drv: drv.find_element(By.ID, "play-message").is_displayed(), "undo answers")
    again = api("/api/game/state")
    check(again["roll"] == state["roll"] and [l["line"] for l in again["log"]] == [l["line"] for l in state["log"]],
          "after undo the computer asks the same roll: %s" % again["roll"])
    line, count = roll_by_clicks(d, ["flag"], "the computer's first battle")
    check(count == state["roll"]["count"], "as many dice as the referee said: %d" % count)
    taken = [l["line"] for l in api("/api/game/state")["log"]]
    check(("%s : %s" % (line, " ".join(["flag"] * count))) in taken, "the battle is in the log with its faces")
    # The retreat the flags owe, then the computer's other battles.
    wait(d, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#play-dues button[data-retreat]"), "the retreat is owed")
    before = len(api("/api/game/state")["log"])
    d.find_element(By.CSS_SELECTOR, "#play-dues button[data-retreat]").click()
    wait(d, lambda drv: len(api("/api/game/state")["log"]) > before, "the retreat is taken")
    wait(d, ready, "the page is ready after the retreat")
    while api("/api/game/state")["roll"]:
        roll_by_clicks(d, ["cavalry"], "the computer's next battle")
    check(api("/api/game/state")["yours"], "the user's turn comes")
    # The user's battle, its dice clicked in.
    click_when_ready(d, "#play-hand button[data-card='assault/centre']")
    wait(d, lambda drv: any(l.endswith("assault/centre") for l in [x["line"] for x in api("/api/game/state")["log"]]),
         "the card is played")
    wait(d, ready, "the page is ready after the card")
    click_js(d, "#play-board g[data-unit='c-art-1'] polygon")
    wait(d, lambda drv: (drv.find_element(By.ID, "play-board").get_attribute("data-moves") or "").startswith("c-art-1"),
         "c-art-1 is chosen")
    d.find_element(By.ID, "play-order").click()
    wait(d, lambda drv: "order c-art-1" in [x["line"] for x in api("/api/game/state")["log"]], "c-art-1 is ordered")
    wait(d, ready, "the page is ready after the order")
    click_js(d, "#play-board g[data-unit='c-art-1'] polygon")
    wait(d, lambda drv: (drv.find_element(By.ID, "play-board").get_attribute("data-moves") or "").startswith("c-art-1"),
         "c-art-1 is chosen again")
    click_js(d, "#play-board g[data-unit='u-inf-4'] polygon")
    wait(d, lambda drv: drv.find_element(By.ID, "play-battle").is_enabled(), "the battle on u-inf-4 is allowed")
    would = shown_dice(d.find_element(By.ID, "play-dice"))
    check(len(would) == 4 and all(f == "" for f, _, _ in would),
          "the dice it would roll are shown, not yet rolled: %d" % len(would))
    d.find_element(By.ID, "play-battle").click()
    line, count = roll_by_clicks(d, ["infantry", "infantry", "flag", "sabres"], "the user's battle")
    log = [x["line"] for x in api("/api/game/state")["log"]]
    check("battle c-art-1 u-inf-4 : infantry infantry flag sabres" in log, "the user's battle has its faces: %s" % log[-3:])
    wait(d, pictures_loaded, "the dice are drawn")
    look(d, "#play-dice", "dice-rolled-en")
    name = api("/api/game/state")["file"]
finally:
    d.quit()
studio.stop()

# The log: typed dice said in its head, accepted by orbat check, continued
# by orbat play --resume and by the studio.
path = os.path.join(folder, name)
with open(path) as f:
    lines = f.read().splitlines()
check(lines[0].endswith(", dice manual"), "the log says the dice were typed in: %s" % lines[0])
r = subprocess.run([orbat, "check", os.path.join(folder, "first-bull-run.xml"), path], capture_output=True, text=True)
check(r.returncode == 0, "orbat check accepts the log: %s" % (r.stdout + r.stderr)[-300:])
copy = os.path.join(tmp, "again.log")
shutil.copyfile(path, copy)
r = subprocess.run([orbat, "play", "--resume", copy, os.path.join(folder, "first-bull-run.xml")], input="quit\n",
                   capture_output=True, text=True)
check(r.returncode == 0 and "confederate>" in r.stdout, "orbat play --resume goes on with it: %s" % r.stdout[-200:])
studio = Studio(orbat, ["first-bull-run.xml"], folder)
d = chromium("fr", 1400, 900)
try:
    d.get(studio.url)
    wait(d, lambda drv: drv.execute_script("return document.body.dataset.ready === 'true'"), "the page is ready")
    check(click_when_ready(d, "#play-it"), "'Play it' takes the click")
    wait(d, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#play-resume-file option[value='%s']" % name),
         "the saved game is offered")
    Select(d.find_element(By.ID, "play-side-choice")).select_by_value("confederate")
    Select(d.find_element(By.ID, "play-resume-file")).select_by_value(name)
    d.find_element(By.ID, "play-start").click()
    wait(d, lambda drv: drv.execute_script("return document.body.dataset.play === 'ready'")
         and len(drv.find_elements(By.CSS_SELECTOR, "#play-log li")) == len(lines), "the studio resumes the log")
    state = api("/api/game/state")
    check(state["manual"], "the resumed game's dice are still typed in")
    # The turn ended: the computer's actions said in French, up to the
    # battle whose dice it asks.
    wait(d, lambda drv: drv.find_element(By.ID, "play-draw").is_enabled(), "the user may end the turn")
    d.find_element(By.ID, "play-draw").click()
    wait(d, ready, "the computer's turn is shown")
    said_in_words(d, "fr", "the computer's turn after the resume")
    if api("/api/game/state")["roll"]:
        head = d.find_element(By.CSS_SELECTOR, "#play-roll .roll-action")
        check(head.get_attribute("title") == api("/api/game/state")["roll"]["line"]
              and "Ordinateur" in head.text and api("/api/game/state")["roll"]["line"] not in head.text,
              "the computer's roll asked is said in words: %s" % head.text)
    wait(d, pictures_loaded, "the dice are drawn")
    look(d, "#play-dice", "dice-fr")
finally:
    d.quit()
studio.stop()
# ---- the square grid: the movement roll and a combat round by clicks ----
shutil.copyfile(os.path.join(source_root, "scenarios", "mb-1861.xml"), os.path.join(folder, "mb-1861.xml"))
studio = Studio(orbat, ["mb-1861.xml"], folder)
d = chromium("en", 1400, 900)
try:
    d.get(studio.url)
    wait(d, lambda drv: drv.execute_script("return document.body.dataset.ready === 'true'"), "the page is ready")
    check(click_when_ready(d, "#play-it"), "'Play it' takes the click on the square scenario")
    # The players are filled in before the saved games are asked for, and
    # the form shows only after those: it is waited for too.
    wait(d, lambda drv: drv.find_element(By.ID, "play-setup").is_displayed()
         and drv.find_elements(By.CSS_SELECTOR, "#play-player option"), "the start form shows")
    Select(d.find_element(By.ID, "play-side-choice")).select_by_value("union")
    Select(d.find_element(By.ID, "play-player")).select_by_value("simple")
    Select(d.find_element(By.ID, "play-dice-mode")).select_by_value("manual")
    d.find_element(By.ID, "play-seed").send_keys("4")
    d.find_element(By.ID, "play-start").click()
    wait(d, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#play-offers button[data-line='roll']"), "the roll is offered")
    d.find_element(By.CSS_SELECTOR, "#play-offers button[data-line='roll']").click()
    wait(d, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#play-roll button.die-pick"), "the die's faces to click")
    faces = [b.get_attribute("data-face") for b in d.find_elements(By.CSS_SELECTOR, "#play-roll button.die-pick")]
    check(faces == [f["face"] for f in api("/api/game/state")["die"]] == ["1", "2", "3", "4", "5", "6"],
          "the square grid's die has the ruleset's faces: %s" % faces)
    roll_by_clicks(d, ["3", "5"], "the movement roll")
    log = api("/api/game/state")["log"]
    check(log[-1]["line"] == "roll : 3 5", "the movement roll is in the log: %s" % log[-1]["line"])
    last = d.find_elements(By.CSS_SELECTOR, "#play-log li")[-1]
    check([(f, alt) for f, alt, _ in shown_dice(last)] == [("3", "3"), ("5", "5")],
          "the movement roll shows its two dice as pictures")
    click_js(d, "#play-board g[data-units~='u-art-1'] polygon")
    wait(d, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#play-board polygon.unit-hit.selected"), "the attacker is chosen")
    click_js(d, "#play-board g[data-units~='c-inf-1'] polygon")
    if d.find_elements(By.CSS_SELECTOR, "#play-dice button[data-pick='c-inf-1']"):
        d.find_element(By.CSS_SELECTOR, "#play-dice button[data-pick='c-inf-1']").click()
    wait(d, lambda drv: drv.find_element(By.ID, "play-battle").is_enabled(), "the attack is allowed")
    d.find_element(By.ID, "play-battle").click()
    line, count = roll_by_clicks(d, ["6"], "a combat round")
    check(count == 1 and api("/api/game/state")["log"][-1]["line"] == "attack u-art-1 c-inf-1 : 6",
          "the round rolls the one die the referee asked for: %s" % api("/api/game/state")["log"][-1]["line"])
    wait(d, pictures_loaded, "the dice are drawn")
    look(d, "#play-log li:last-child", "dice-square-en")
    name = api("/api/game/state")["file"]
finally:
    d.quit()
studio.stop()
r = subprocess.run([orbat, "check", os.path.join(folder, "mb-1861.xml"), os.path.join(folder, name)],
                   capture_output=True, text=True)
check(r.returncode == 0, "orbat check accepts the square game's log: %s" % (r.stdout + r.stderr)[-300:])

shutil.rmtree(tmp)
checks.finish("studio-dice")
