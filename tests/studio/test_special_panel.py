#!/usr/bin/python3
"""The special-rules panel of orbat studio, in a real browser (Debian's
chromium through chromedriver and Selenium), by clicks and keys only, on a
copy of the battlecry-1999 starter scenario (Mill Creek, a stream):

- a crossing of the stream with two fords picked on the board, then a
  third added to it by a click while it is edited;
- a frozen Confederate group of two units picked on the board, released
  on turn 3;
- each rule listed in the sentence the scenario sheet prints; the board's
  drawing changes with the fords' marks and comes back without them;
- the crossing removed, undone, redone and undone again;
- saved: `orbat validate` passes the file, which holds both rules;
- a ford taken from a one-ford crossing is refused with the reason;
- a rule of each other kind made in the panel, saved and validated;
- no panel on a square-grid scenario;
- the panel in en, nl and fr, in the page's language (screenshots
  special-en/nl/fr).
Screenshots go to the folder given as the third argument.
Skipped (77) without chromium, chromedriver or python3-selenium.

usage: test_special_panel.py ORBAT SOURCE_ROOT SCREENSHOT_DIR"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_kit import Checks, browser as chromium, click_when_ready  # noqa: E402
from studio_server import Studio  # noqa: E402

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

orbat, source_root, shots = sys.argv[1], sys.argv[2], sys.argv[3]
checks = Checks(shots)
check, wait, screenshot = checks.check, checks.wait, checks.screenshot


def js(d, script, *args):
    return d.execute_script(script, *args)


def idle(d, what="the edit is answered and the board drawn again"):
    return wait(d, lambda drv: js(drv, "const b = document.body.dataset, s = document.getElementById('stage');"
                                  "return b.busy !== 'true' && s.dataset.shows"
                                  " && s.dataset.generation === b.generation"), what)


def state(d):
    return d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/state').then(r => r.json()).then(done, e => done(null));")


def rules(d):
    st = state(d)
    return st["special"]["rules"] if st else []


def click(d, css):
    check(click_when_ready(d, css), "click " + css)


def click_cell(d, address):
    el = d.find_element(By.CSS_SELECTOR, "#overlay polygon[data-address='%s']" % address)
    ActionChains(d).move_to_element(el).click().perform()
    idle(d)


def choose(d, css, value):
    """A choice in a <select>, as a user makes it."""
    el = d.find_element(By.CSS_SELECTOR, css)
    el.click()
    el.find_element(By.CSS_SELECTOR, "option[value='%s']" % value).click()
    click(d, "#scenario-title")
    idle(d)
    check(el.get_attribute("value") == value, "%s is %s" % (css, value))


def type_into(d, css, value):
    el = d.find_element(By.CSS_SELECTOR, css)
    el.click()
    el.send_keys(Keys.CONTROL, "a")
    el.send_keys(value, Keys.TAB)
    idle(d)


def board_tiles(studio):
    """The hashes of the board's tiles: what each draws, marks included."""
    status, _, body = studio.request("GET", "/api/cells?lang=en")
    check(status == 200, "the board's cells are served")
    return [tile["hash"] for tile in json.loads(body)["tiles"]]


def set_lang(d, code):
    js(d, "const s = document.getElementById('lang'); s.value = arguments[0];"
          "s.dispatchEvent(new Event('change'));", code)
    # The page's own words change first; the scenario's state in the
    # language (the rules' sentences) comes after, and then its board:
    # the board drawn in the language is waited for too.
    wait(d, lambda drv: js(drv, "return document.documentElement.lang === arguments[0]"
                                " && document.getElementById('stage').dataset.shows"
                                " === 'mill.xml ' + arguments[0]", code), "the page in " + code)
    idle(d)


tmp = tempfile.mkdtemp(prefix="orbat-studio-special-")
folder = os.path.join(tmp, "scenarios")
os.makedirs(folder)
path = os.path.join(folder, "mill.xml")
shutil.copyfile(os.path.join(source_root, "data", "templates", "battlecry-1999.xml"), path)
shutil.copyfile(os.path.join(source_root, "data", "templates", "mb-remastered.xml"), os.path.join(folder, "square.xml"))
with open(path, "rb") as f:
    original = f.read()
studio = Studio(orbat, ["mill.xml"], folder)
d = chromium("en-US", 1500, 1100)
try:
    d.get(studio.url)
    wait(d, lambda drv: js(drv, "return document.body.dataset.ready === 'true'"), "the page starts")
    idle(d)
    check(d.find_element(By.ID, "special-box").is_displayed(), "a hex scenario shows the special-rules panel")
    check(d.find_element(By.ID, "special-none").is_displayed(), "the panel says there are no rules yet")
    before = board_tiles(studio)

    # A crossing of Mill Creek at two fords picked on the board.
    choose(d, "#special-kind", "crossing")
    click(d, "#special-add")
    wait(d, lambda drv: drv.find_element(By.ID, "special-form").is_displayed(), "the form of a new crossing")
    choose(d, "#special-form select[data-attr='terrain']", "stream")
    check(d.find_element(By.CSS_SELECTOR, "#special-form button[data-action='create']").get_attribute("disabled")
          is not None, "a crossing without a ford cannot be added yet")
    click_cell(d, "C5")
    click_cell(d, "J5")
    check(len(d.find_elements(By.CSS_SELECTOR, "#overlay .special-picked")) == 2, "the two fords picked are outlined")
    check(rules(d) == [], "nothing is sent before the rule is added")
    click(d, "#special-form button[data-action='create']")
    idle(d)
    r = rules(d)
    check(len(r) == 1 and r[0]["kind"] == "crossing" and r[0]["hexes"] == ["C5", "J5"]
          and r[0]["attrs"].get("terrain") == "stream", "the crossing is added with its fords: %s" % r)
    text = d.find_element(By.CSS_SELECTOR, "#special-list li[data-index='0'] .text").text
    check("C5" in text and "J5" in text and "ford" in text, "the panel says it as the sheet does: %r" % text)
    # Edited: a click adds a third ford at once.
    click_cell(d, "E5")
    r = rules(d)
    check(r and r[0]["hexes"] == ["C5", "J5", "E5"], "a click while editing adds a ford: %s" % (r and r[0]["hexes"]))
    with_fords = board_tiles(studio)
    changed = sum(1 for a, b in zip(before, with_fords) if a != b)
    check(changed > 0, "the tiles with the fords are drawn again, with their marks (%d)" % changed)
    click(d, "#special-form button[data-action='close']")

    # A frozen Confederate group picked on the board, released on turn 3.
    choose(d, "#special-kind", "frozen")
    click(d, "#special-add")
    choose(d, "#special-form select[data-attr='side']", "confederate")
    type_into(d, "#special-form input[data-attr='turn']", "3")
    click_cell(d, "F3")
    click_cell(d, "G3")
    click_cell(d, "F7")
    check("F7" in d.find_element(By.ID, "message").text, "a click on another side's unit says why it is not taken")
    click(d, "#special-form button[data-action='create']")
    idle(d)
    r = rules(d)
    check(len(r) == 2 and r[1]["kind"] == "frozen" and r[1]["units"] == ["c-inf-1", "c-inf-2"]
          and r[1]["attrs"] == {"side": "confederate", "turn": "3"}, "the frozen group is added: %s" % r[1:])
    # A second frozen unit taken out again, then put back by clicks.
    click_cell(d, "G3")
    check(rules(d)[1]["units"] == ["c-inf-1"], "a click takes a unit out of the group")
    click_cell(d, "G3")
    check(rules(d)[1]["units"] == ["c-inf-1", "c-inf-2"], "a click puts it back")
    click(d, "#special-form button[data-action='close']")
    check(not d.find_elements(By.CSS_SELECTOR, "#special-list .special-diags li"), "neither rule has a diagnostic")

    # Removed, undone, redone, undone.
    click(d, "#special-list li[data-index='0'] button[data-action='remove']")
    idle(d)
    check([x["kind"] for x in rules(d)] == ["frozen"], "the crossing is removed")
    click(d, "#undo")
    idle(d)
    check([x["kind"] for x in rules(d)] == ["crossing", "frozen"], "undo brings it back, in its place")
    click(d, "#redo")
    idle(d)
    check([x["kind"] for x in rules(d)] == ["frozen"], "redo removes it again")
    click(d, "#undo")
    idle(d)
    check(board_tiles(studio) == with_fords, "the fords' marks are drawn again after the undo")
    click(d, "#redo")
    idle(d)
    check(board_tiles(studio) == before, "without the crossing the board has no marks")
    click(d, "#undo")
    idle(d)

    # A one-ford crossing keeps its ford: the reason is said.
    click(d, "#special-list li[data-index='0'] button[data-action='edit']")
    click_cell(d, "C5")
    click_cell(d, "J5")
    click_cell(d, "E5")
    wait(d, lambda drv: "delete the rule instead" in drv.find_element(By.ID, "message").text,
         "taking the last ford away is refused with the reason")
    check(rules(d)[0]["hexes"] == ["E5"], "the crossing keeps its last ford")
    click(d, "#special-form button[data-action='close']")

    # Saved: the file validates and holds the rules.
    click(d, "#save")
    idle(d)
    wait(d, lambda drv: not state(drv)["dirty"], "the scenario is saved")
    with open(path, "rb") as f:
        saved = f.read().decode()
    check(re.search(r'<crossing terrain="stream">\s*<ford at="E5"/>\s*</crossing>', saved) is not None,
          "the file holds the crossing")
    check(re.search(r'<frozen side="confederate" turn="3">\s*<unit ref="c-inf-1"/>\s*<unit ref="c-inf-2"/>'
                    r'\s*</frozen>', saved) is not None, "the file holds the frozen group")
    check(saved.startswith(original.decode().split("<objective")[0]), "the file above the rules is as it was")
    v = subprocess.run([orbat, "validate", path], capture_output=True, text=True,
                       env=dict(os.environ, ORBAT_DATADIR=os.path.join(source_root, "data")))
    check(v.returncode == 0, "orbat validate passes the saved file: %s%s" % (v.stdout, v.stderr))

    # The panel in three languages, the frozen group's form open.
    words = {"en": ("Special rules", "may neither move"), "nl": ("Bijzondere regels", "mogen niet bewegen"),
             "fr": ("Règles spéciales", "ne peuvent ni se déplacer")}
    for code in ("en", "nl", "fr"):
        set_lang(d, code)
        click(d, "#special-list li[data-index='1'] button[data-action='edit']")
        js(d, "document.getElementById('special-box').scrollIntoView()")
        title, sentence = words[code]
        check(d.find_element(By.CSS_SELECTOR, "#special-box summary").text == title, "the panel's title in " + code)
        text = d.find_element(By.CSS_SELECTOR, "#special-list li[data-index='1'] .text").text
        check(sentence in text, "the frozen group said in %s: %r" % (code, text))
        check(len(d.find_elements(By.CSS_SELECTOR, "#overlay .special-picked")) == 2,
              "its units are outlined on the board (%s)" % code)
        screenshot(d, "special-" + code)
        click(d, "#special-form button[data-action='close']")

    # The other kinds, each made in the panel: a hex picked, numbers typed.
    set_lang(d, "en")

    def add(kind):
        choose(d, "#special-kind", kind)
        click(d, "#special-add")

    def create():
        click(d, "#special-form button[data-action='create']")
        idle(d)
        click(d, "#special-form button[data-action='close']")

    add("no-entry")
    choose(d, "#special-form select[data-attr='mode']", "end")
    click_cell(d, "K4")
    create()
    add("sudden-death")
    choose(d, "#special-form select[data-attr='for']", "union")
    click_cell(d, "H3")
    create()
    add("exit")
    choose(d, "#special-form select[data-attr='side']", "confederate")
    type_into(d, "#special-form input[data-attr='vp']", "2")
    click_cell(d, "M9")
    create()
    add("schedule")
    type_into(d, "#special-form input[data-attr='turn']", "4")
    choose(d, "#special-form select[data-attr='scheduled-type']", "cavalry")
    click_cell(d, "B9")
    click_cell(d, "C9")
    create()
    add("turn-limit")
    type_into(d, "#special-form input[data-attr='turns']", "10")
    choose(d, "#special-form select[data-attr='outcome']", "draw")
    create()
    add("adjust")
    choose(d, "#special-form select[data-attr='side']", "confederate")
    type_into(d, "#special-form input[data-attr='hand']", "1")
    create()
    r = rules(d)
    check([x["kind"] for x in r] == ["crossing", "frozen", "no-entry", "sudden-death", "exit", "schedule", "turn-limit",
                                     "adjust"], "a rule of every kind is made in the panel: %s" % [x["kind"] for x in r])
    by_kind = {x["kind"]: x for x in r}
    check(by_kind["no-entry"]["hexes"] == ["K4"] and by_kind["no-entry"]["attrs"].get("mode") == "end"
          and by_kind["sudden-death"]["attrs"] == {"at": "H3", "for": "union"}
          and by_kind["exit"]["attrs"] == {"side": "confederate", "vp": "2"} and by_kind["exit"]["hexes"] == ["M9"]
          and [(u["type"], u["at"]) for u in by_kind["schedule"]["scheduled"]] == [("cavalry", "B9"), ("cavalry", "C9")]
          and by_kind["turn-limit"]["attrs"] == {"turns": "10", "outcome": "draw"}
          and by_kind["adjust"]["attrs"] == {"side": "confederate", "hand": "1"}, "each holds what was picked and typed")
    st = state(d)
    check(st["errors"] == 0, "the scenario is still valid: %s" % [x["message"] for x in st["diagnostics"]])
    # A schedule of two units made at once is one undo.
    for _ in range(3):
        click(d, "#undo")
        idle(d)
    check([x["kind"] for x in rules(d)][-1] == "exit", "three undos take back the adjust, the limit and the schedule")
    for _ in range(3):
        click(d, "#redo")
        idle(d)
    check(len(rules(d)) == 8 and len(rules(d)[5]["scheduled"]) == 2, "three redos make them again")
    screenshot(d, "special-every-kind-en")
    click(d, "#save")
    idle(d)
    v = subprocess.run([orbat, "validate", path], capture_output=True, text=True,
                       env=dict(os.environ, ORBAT_DATADIR=os.path.join(source_root, "data")))
    check(v.returncode == 0, "orbat validate passes the file with a rule of every kind: %s%s" % (v.stdout, v.stderr))

    # A square-grid scenario has no special rules: no panel.
    status, _, _ = studio.request("POST", "/api/open", {"Origin": "http://" + studio.host,
                                                       "Content-Type": "application/json"},
                                  json.dumps({"file": "square.xml"}).encode())
    check(status == 200, "a square-grid scenario opens")
    d.refresh()
    wait(d, lambda drv: js(drv, "return document.body.dataset.ready === 'true'"), "the page starts again")
    idle(d)
    check(not d.find_element(By.ID, "special-box").is_displayed(), "a square-grid scenario shows no special-rules panel")
finally:
    d.quit()
    studio.stop()
    shutil.rmtree(tmp, ignore_errors=True)
checks.finish("test_special_panel")
