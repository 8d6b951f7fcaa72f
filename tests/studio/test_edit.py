#!/usr/bin/python3
"""Editing a scenario in orbat studio, in a real browser (Debian's chromium
through chromedriver and Selenium), by clicks and keys only:

- from the start page, a new battlecry-1999 scenario: terrain painted by a
  drag (undone and redone as one edit), units of both sides and a general
  placed, hand sizes and victory set, a unit dragged onto a river (the
  diagnostic appears, its cell outlined) and off it again (it goes), a
  piece deleted with the Delete key, a name set in the inspector, the
  title in the description panel, saved with Ctrl+S; `orbat validate`
  then passes the file;
- the same on the square grid (mb-remastered): a mountain painted, a unit
  put at sea and taken off, a city placed, the first side changed, the
  ruleset's general Grant taken off and placed again by his name;
- a new noord-zuid scenario: a brigade made of two units with the brigade
  tool (its units outlined on the board), one taken out again in the
  inspector; a reserve unit added from the tray with its entry cell picked
  on the board (entry cells outlined), moved and another deleted in the
  inspector; a unit's figures and weapon and an objective's Dutch name set
  in the inspector; saved, `orbat validate` passes it; a reserve on the
  battlecry-1999 board too;
- every bundled scenario opened and saved unchanged: byte for byte;
- a scenario edited in many ways and undone back to the start with Ctrl+Z:
  byte for byte, and no longer marked unsaved;
- the page in nl and fr, a refused edit's reason in the page's language;
- closing the page with unsaved edits asks first (beforeunload).
Screenshots go to the folder given as the third argument.
Skipped (77) without chromium, chromedriver or python3-selenium.

usage: test_edit.py ORBAT SOURCE_ROOT SCREENSHOT_DIR"""
import glob
import os
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


def browser(lang):
    return chromium(lang, 1500, 950)


def js(d, script, *args):
    return d.execute_script(script, *args)


def idle(d, what="the edit is answered and the board drawn again"):
    """Every edit sent is answered, and the board shows the last state."""
    return wait(d, lambda drv: js(drv, "const b = document.body.dataset, s = document.getElementById('stage');"
                                  "return b.busy !== 'true' && s.dataset.shows"
                                  " && s.dataset.generation === b.generation"), what)


def state(d):
    """The server's state of the open scenario (read only, to check)."""
    return d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/state').then(r => r.json()).then(done, e => done(null));")


def cell(d, address):
    return d.find_element(By.CSS_SELECTOR, "#overlay polygon[data-address='%s']" % address)


def click_cell(d, address):
    ActionChains(d).move_to_element(cell(d, address)).click().perform()
    idle(d)


def drag_cells(d, addresses):
    chain = ActionChains(d).move_to_element(cell(d, addresses[0])).click_and_hold()
    for a in addresses[1:]:
        chain = chain.move_to_element(cell(d, a))
    chain.release().perform()
    idle(d)


def click(d, css):
    """Click what css selects once it takes the click: the page redraws
    its panels when an answer arrives, so the element found a moment ago
    may be replaced or not yet laid out."""
    if not click_when_ready(d, css, 20):
        checks.check(False, "a click on " + css)


def tool(d, css):
    click(d, "#tray button.tool" + css)


def keys(d, *combo):
    chain = ActionChains(d)
    mods = [k for k in combo[:-1]]
    for k in mods:
        chain = chain.key_down(k)
    chain = chain.send_keys(combo[-1])
    for k in reversed(mods):
        chain = chain.key_up(k)
    chain.perform()


def set_field(d, css, value):
    """Type into a panel's field and leave it (the edit is sent on change)."""
    el = d.find_element(By.CSS_SELECTOR, css)
    if el.tag_name == "select":
        el.click()
        el.find_element(By.CSS_SELECTOR, "option[value='%s']" % value).click()
        click(d, "#scenario-title")
    else:
        el.click()
        el.send_keys(Keys.CONTROL, "a")
        el.send_keys(value, Keys.TAB)
    idle(d)


def hover_terrain(d, address):
    ActionChains(d).move_to_element(cell(d, address)).perform()
    wait(d, lambda drv: drv.find_element(By.ID, "hover-address").text == address, "hovering " + address, 10)
    return d.find_element(By.ID, "hover-terrain").text


def diag_cells(d):
    return js(d, "return [...document.querySelectorAll('#diag-list li')].map(li => li.textContent)")


def unit_at(st, address):
    return [u["id"] for u in st["pieces"]["units"] if (u["at"] or "").upper() == address]


def outlined(d, name):
    return sorted(js(d, "return [...document.querySelectorAll('#overlay .%s')].map(p => p.dataset.address)" % name))


def inspector_title(d):
    return js(d, "const h = document.querySelector('#inspector h3'); return h ? h.textContent : ''")


def reserves(st):
    return {u["id"]: u for u in st["pieces"]["units"] if u["reserve"]}


def add_reserve(d, side, type_, address):
    """A reserve unit from the tray: its type, "to reserve", its entry cell."""
    tool(d, "[data-side='%s'][data-type='%s']" % (side, type_))
    tool(d, "[data-side='%s'][data-tool='reserve']" % side)
    before = set(reserves(state(d)))
    click_cell(d, address)
    added = [u for k, u in reserves(state(d)).items() if k not in before]
    return added[0] if added else None


def start_page(d):
    if d.find_element(By.ID, "to-start").is_displayed():
        click(d, "#to-start")
    wait(d, lambda drv: drv.find_element(By.ID, "start").is_displayed(), "the start page shows")


def new_scenario(d, ruleset, name):
    start_page(d)
    field = d.find_element(By.CSS_SELECTOR, "input.new-file[data-ruleset='%s']" % ruleset)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(name)
    check(click_when_ready(d, "button.new[data-ruleset='%s']" % ruleset), "the new button of %s takes the click" % ruleset)
    return wait(d, lambda drv: js(drv, "return document.getElementById('stage').dataset.shows") == name + " en",
                "the new scenario %s is on its board" % name)


def open_scenario(d, name):
    start_page(d)
    check(click_when_ready(d, "button.open[data-file='%s']" % name), "the button of %s takes the click" % name)
    # The editor shown again, not only the board's mark: the stage keeps
    # the name of the scenario it showed last while the start page is up.
    return wait(d, lambda drv: (js(drv, "return document.getElementById('stage').dataset.shows") or "")
                .startswith(name + " ") and drv.find_element(By.ID, "workspace").is_displayed()
                and not drv.find_element(By.ID, "start").is_displayed(), "%s is on its board" % name)


def validate(path):
    r = subprocess.run([orbat, "validate", path], capture_output=True, text=True)
    return r.returncode, (r.stdout + r.stderr).strip()


def read(path):
    with open(path, "rb") as f:
        return f.read()


tmp = tempfile.mkdtemp(prefix="orbat-studio-edit-")
folder = os.path.join(tmp, "scenarios")
os.makedirs(folder)
bundled = sorted(glob.glob(os.path.join(source_root, "scenarios", "*.xml")))
for src in bundled:
    shutil.copyfile(src, os.path.join(folder, os.path.basename(src)))
studio = Studio(orbat, [], folder)
d = browser("en-US")
try:
    d.get(studio.url)
    wait(d, lambda drv: js(drv, "return document.body.dataset.ready === 'true'"), "the page starts")
    screenshot(d, "edit-start-en")

    # A new hex scenario from the start page.
    if new_scenario(d, "battlecry-1999", "made.xml"):
        st = state(d)
        check(st["file"] == "made.xml" and st["dirty"] and not st["can_undo"], "a new scenario is unsaved, nothing to undo")
        check(not os.path.exists(os.path.join(folder, "made.xml")), "nothing is written before a save")

        # Paint woods by a drag: one edit to undo and redo.
        tool(d, "[data-terrain='woods']")
        drag_cells(d, ["D7", "E7", "E8"])
        check([hover_terrain(d, a) for a in ("D7", "E7", "E8")] == ["Woods"] * 3, "a drag paints three cells woods")
        click(d, "#scenario-title")
        keys(d, Keys.CONTROL, "z")
        idle(d)
        check([hover_terrain(d, a) for a in ("D7", "E7", "E8")] == ["Clear"] * 3, "Ctrl+Z takes the whole drag back")
        keys(d, Keys.CONTROL, "y")
        idle(d)
        check(hover_terrain(d, "E8") == "Woods", "Ctrl+Y paints it again")
        tool(d, "[data-terrain='hill']")
        click_cell(d, "I2")
        tool(d, "[data-tool='erase']")
        click_cell(d, "B2")
        check(hover_terrain(d, "I2") == "Hill" and hover_terrain(d, "B2") == "Clear", "a click paints, the eraser clears")

        # Units of both sides and a general.
        tool(d, "[data-side='union'][data-type='cavalry']")
        click_cell(d, "D8")
        tool(d, "[data-side='union'][data-type='general']")
        click_cell(d, "D8")
        tool(d, "[data-side='confederate'][data-type='infantry']")
        click_cell(d, "C1")
        tool(d, "[data-side='confederate'][data-type='artillery']")
        click_cell(d, "J2")
        st = state(d)
        check(unit_at(st, "D8") and unit_at(st, "C1") and unit_at(st, "J2"), "units of both sides stand where placed")
        check(any((g["at"] or "").upper() == "D8" and g["side"] == "union" for g in st["pieces"]["generals"]),
              "a general stands with the cavalry")

        # Delete with the key: the artillery just placed.
        tool(d, "[data-tool='select']")
        click_cell(d, "J2")
        check(d.find_element(By.ID, "inspector-box").is_displayed(), "a click selects the piece: the inspector opens")
        keys(d, Keys.DELETE)
        idle(d)
        check(not unit_at(state(d), "J2"), "the Delete key removes the selected piece")

        # The inspector: the cavalry's name.
        click_cell(d, "D8")
        set_field(d, "#inspector input[data-field='name']", "Test Horse")
        check(any(u["name"] == "Test Horse" for u in state(d)["pieces"]["units"]), "the inspector names the unit")
        screenshot(d, "edit-inspector-en")

        # Battle info: hand sizes and victory.
        set_field(d, "fieldset[data-side='union'] input[data-field='cards']", "6")
        set_field(d, "fieldset[data-side='confederate'] input[data-field='cards']", "5")
        set_field(d, "fieldset[data-side='union'] input[data-field='victory']", "5")
        set_field(d, "fieldset[data-side='confederate'] input[data-field='victory']", "6")
        sides = {s["id"]: s for s in state(d)["info"]["sides"]}
        check((sides["union"]["cards"], sides["confederate"]["cards"], sides["union"]["victory"],
               sides["confederate"]["victory"]) == (6, 5, 5, 6), "hand sizes and victory are set: %s" % sides)

        # The description: a title in French.
        click(d, "#show-texts")
        set_field(d, "#texts-fields input[data-field='title-fr']", "La ferme du moulin")
        check(state(d)["texts"]["title"]["fr"] == "La ferme du moulin", "the description panel sets the French title")
        screenshot(d, "edit-texts-en")
        click(d, "#texts-close")

        # A unit dragged onto the river: the diagnostic; dragged off: gone.
        check(state(d)["errors"] == 0, "no errors before the unit goes into the river")
        tool(d, "[data-terrain='river']")
        click_cell(d, "B3")
        tool(d, "[data-tool='select']")
        drag_cells(d, ["C1", "B3"])
        st = state(d)
        river = [x for x in st["diagnostics"] if x.get("cell") == "B3" and x["severity"] == "error"]
        check(unit_at(st, "B3") and river, "a unit on the river gives an error at B3: %s" % st["diagnostics"])
        marked = js(d, "return document.querySelector('#diag-list li.error') !== null")
        check(marked, "the diagnostic is listed")
        click(d, "#diag-list li.error.has-cell")
        check(js(d, "return [...document.querySelectorAll('#overlay .marked')].map(p => p.dataset.address)") == ["B3"],
              "the diagnostic's cell is outlined")
        screenshot(d, "edit-diagnostic-en")
        drag_cells(d, ["B3", "C1"])
        st = state(d)
        check(st["errors"] == 0 and unit_at(st, "C1"), "dragged off the river, the error goes")

        # A reserve: the union's home row is row 9.
        r = add_reserve(d, "union", "infantry", "A9")
        check(r and (r["entry"] or "").upper() == "A9" and r["side"] == "union" and not r["at"],
              "a reserve unit enters at A9 on the battlecry board: %s" % r)
        check("A9" in outlined(d, "entry"), "its entry cell is outlined")

        # Save with Ctrl+S; the file passes orbat validate.
        click(d, "#scenario-title")
        keys(d, Keys.CONTROL, "s")
        idle(d)
        check(wait(d, lambda drv: not drv.find_element(By.ID, "dirty").is_displayed(), "the unsaved marker goes"),
              "Ctrl+S saves")
        path = os.path.join(folder, "made.xml")
        rc, out = validate(path)
        check(rc == 0, "orbat validate passes the scenario made in the studio: %s" % out)
        text = read(path).decode()
        check("Test Horse" in text and "La ferme du moulin" in text and 'cards="6"' in text,
              "the file holds the edits")
        screenshot(d, "edit-saved-en")

    # The square grid.
    if new_scenario(d, "mb-remastered", "made-square.xml"):
        tool(d, "[data-terrain='mountain']")
        click_cell(d, "B2")
        check(hover_terrain(d, "B2") == "Mountains", "a mountain painted on the square grid")
        tool(d, "[data-side='confederate'][data-type='cavalry']")
        click_cell(d, "M5")
        st = state(d)
        check(any(x.get("cell") == "M5" for x in st["diagnostics"]), "a unit at sea gives an error at M5")
        tool(d, "[data-tool='select']")
        drag_cells(d, ["M5", "D6"])
        st = state(d)
        check(st["errors"] == 0 and unit_at(st, "D6"), "moved ashore, the error goes")
        tool(d, "[data-side='confederate'][data-tool='city']")
        click_cell(d, "D5")
        check(any((c["at"] or "").upper() == "D5" for c in state(d)["pieces"]["cities"]), "a city placed on D5")
        set_field(d, "#inspector input[data-field='name']", "Lexington")
        set_field(d, "#inspector select[data-field='side']", "union")
        click(d, "fieldset[data-side='confederate'] input[data-field='first']")
        idle(d)
        sides = {s["id"]: s["first"] for s in state(d)["info"]["sides"]}
        check(sides == {"union": False, "confederate": True}, "the confederates play first: %s" % sides)
        # The ruleset's general by his name: Grant taken off C4 and put back.
        tool(d, "[data-tool='select']")
        for _ in range(4):
            if inspector_title(d).startswith("General"):
                break
            click_cell(d, "C4")
        check(inspector_title(d) == "General Grant", "the inspector names the ruleset's general: %r"
              % inspector_title(d))
        keys(d, Keys.DELETE)
        idle(d)
        check(not any(g["id"] == "grant" for g in state(d)["pieces"]["generals"]), "Grant is taken off")
        check([b.text for b in d.find_elements(By.CSS_SELECTOR, "#tray button.tool[data-general]")]
              == ["Grant", "Sheridan", "Lee", "Jackson"], "the tray offers the ruleset's generals by name")
        tool(d, "[data-side='union'][data-general='grant']")
        click_cell(d, "C4")
        generals = {g["id"]: (g["at"] or "").upper() for g in state(d)["pieces"]["generals"]}
        check(generals.get("grant") == "C4", "Grant placed by his name, with his id: %s" % generals)
        check(js(d, "return document.querySelector(\"#inspector select[data-field='id']\").value") == "grant",
              "the inspector offers the side's generals by name")
        # A ship's cargo: listed in the ship's inspector, each unit in it
        # with the attributes a unit aboard has (no cell, no figures).
        tool(d, "[data-tool='select']")
        for _ in range(4):
            if inspector_title(d).startswith("Ship"):
                break
            click_cell(d, "E9")
        cargo = js(d, "return [...document.querySelectorAll('#inspector ul.cargo button')].map(b => b.dataset.key)")
        check(cargo == ["c-inf-5"], "the gunboat's inspector lists its cargo: %s" % cargo)
        if cargo:
            click(d, "#inspector ul.cargo button")
            fields = js(d, "return [...document.querySelectorAll('#inspector [data-field]')].map(f => f.dataset.field)")
            check(fields == ["id", "type", "player", "name"], "a unit aboard: id, type, player, name: %s" % fields)
        screenshot(d, "edit-square-en")
        click(d, "#save")
        idle(d)
        rc, out = validate(os.path.join(folder, "made-square.xml"))
        check(rc == 0, "orbat validate passes the square scenario made in the studio: %s" % out)

    # noord-zuid: brigades, reserves and the full inspector.
    if new_scenario(d, "noord-zuid", "made-nz.xml"):
        tool(d, "[data-side='union'][data-type='infantry']")
        click_cell(d, "B3")
        new = unit_at(state(d), "B3")
        check(new, "an infantry unit placed on B3, beside Quincy on C3")
        new = new[0] if new else ""
        tool(d, "[data-side='union'][data-tool='brigade']")
        click_cell(d, "B3")
        bde = [b for b in state(d)["pieces"]["brigades"] if new in b["units"].split()]
        check(bde and bde[0]["general"] == "u-quincy", "a click with the brigade tool makes a brigade led by the "
              "general who leads none: %s" % bde)
        click_cell(d, "C3")
        bde = [b for b in state(d)["pieces"]["brigades"] if new in b["units"].split()]
        check(bde and bde[0]["units"].split() == [new, "u-inf-4"], "a second click puts u-inf-4 in it: %s" % bde)
        check(outlined(d, "grouped") == ["B3", "C3"], "the brigade's units are outlined: %s" % outlined(d, "grouped"))
        listed = js(d, "return [...document.querySelectorAll('#tray .side-lists[data-side=union] ul.brigades button')]"
                       ".map(b => b.textContent)")
        check(listed == ["u-harmon-bde (4)", "u-quincy-bde (2)"], "the tray lists the union's brigades: %s" % listed)
        screenshot(d, "edit-brigade-en")
        tool(d, "[data-tool='select']")
        click_cell(d, "B3")
        set_field(d, "#inspector select[data-field='brigade']", "")
        st = state(d)
        bde = {b["id"]: b["units"] for b in st["pieces"]["brigades"]}
        check(bde.get("u-quincy-bde") == "u-inf-4", "the inspector takes the unit out of its brigade: %s" % bde)

        # A unit renamed in the inspector: its brigade follows.
        click_cell(d, "C3")
        set_field(d, "#inspector input[data-field='id']", "u-maine")
        bde = {b["id"]: b["units"] for b in state(d)["pieces"]["brigades"]}
        check(bde.get("u-quincy-bde") == "u-maine", "a renamed unit keeps its brigade: %s" % bde)
        click_cell(d, "B3")

        # The unit's figures and weapon (the values its type allows).
        set_field(d, "#inspector input[data-field='figures']", "6")
        set_field(d, "#inspector select[data-field='weapon']", "rifle")
        options = js(d, "return [...document.querySelectorAll(\"#inspector select[data-field='quality'] option\")]"
                        ".map(o => o.value)")
        check(options == ["", "veteran", "experienced", "recruit"], "infantry quality from the ruleset: %s" % options)
        check(not d.find_elements(By.CSS_SELECTOR, "#inspector [data-field='state']"),
              "no cavalry state for infantry")
        u = [x for x in state(d)["pieces"]["units"] if x["id"] == new]
        check(u and u[0]["figures"] == 6 and u[0]["weapon"] == "rifle", "figures and weapon set: %s" % u)

        # An objective's name in Dutch.
        click_cell(d, "F5")
        set_field(d, "#inspector input[data-field='name-nl']", "De molen")
        names = state(d)["pieces"]["objectives"][0]["names"]
        check(names["nl"] == "De molen", "the objective's Dutch name: %s" % names)

        # Reserves: entry cells on the home rows, listed per side.
        r = add_reserve(d, "union", "cavalry", "A1")
        check(r and (r["entry"] or "").upper() == "A1" and not r["at"], "a union reserve enters at A1: %s" % r)
        gone = add_reserve(d, "confederate", "artillery", "A9")
        check(gone and (gone["entry"] or "").upper() == "A9", "a confederate reserve enters at A9: %s" % gone)
        check(outlined(d, "entry") == ["A1", "A9"], "the entry cells are outlined: %s" % outlined(d, "entry"))
        listed = js(d, "return [...document.querySelectorAll('#tray ul.reserves button')].map(b => b.dataset.key)")
        check(r and gone and listed == [r["id"], gone["id"]], "the tray lists each side's reserves: %s" % listed)
        if r and gone:
            click(d, "#tray ul.reserves button[data-key='%s']" % gone["id"])
            click(d, "#delete-piece")
            idle(d)
            check(list(reserves(state(d))) == [r["id"]], "the inspector deletes a reserve")
            click(d, "#tray ul.reserves button[data-key='%s']" % r["id"])
            set_field(d, "#inspector input[data-field='entry']", "B1")
            check((reserves(state(d))[r["id"]]["entry"] or "").upper() == "B1", "the inspector moves its entry")
            check(outlined(d, "entry") == ["B1"], "the new entry cell is outlined")
            screenshot(d, "edit-reserve-en")
        click(d, "#save")
        idle(d)
        path = os.path.join(folder, "made-nz.xml")
        rc, out = validate(path)
        check(rc == 0, "orbat validate passes the noord-zuid scenario made in the studio: %s" % out)
        text = read(path).decode()
        check('<reserve>' in text and 'entry="B1"' in text and 'De molen' in text and 'weapon="rifle"' in text,
              "the file holds the reserve, the Dutch name and the weapon")
        for code in ("nl", "fr"):
            js(d, "const s = document.getElementById('lang'); s.value = arguments[0];"
                  "s.dispatchEvent(new Event('change'));", code)
            wait(d, lambda drv: js(drv, "return document.getElementById('stage').dataset.shows") == "made-nz.xml "
                 + code, "the board in " + code)
            click(d, "#tray ul.brigades button[data-key='u-harmon-bde']")
            check(outlined(d, "grouped") == ["F3", "G3", "H3"], "in %s the brigade is outlined" % code)
            screenshot(d, "edit-brigade-" + code)
        js(d, "const s = document.getElementById('lang'); s.value = 'en'; s.dispatchEvent(new Event('change'));")
        wait(d, lambda drv: js(drv, "return document.getElementById('stage').dataset.shows") == "made-nz.xml en",
             "the board in en")

    # Every bundled scenario opened and saved unchanged: byte for byte.
    for src in bundled:
        name = os.path.basename(src)
        if open_scenario(d, name):
            click(d, "#save")
            idle(d)
            check(read(os.path.join(folder, name)) == read(src), "%s saved unchanged is byte-identical" % name)

    # Many edits, all undone with Ctrl+Z: the file as it was.
    name = "first-bull-run.xml" if os.path.exists(os.path.join(folder, "first-bull-run.xml")) \
        else os.path.basename(bundled[0])
    if open_scenario(d, name):
        st = state(d)
        unit = st["pieces"]["units"][0]
        tool(d, "[data-terrain='woods']")
        drag_cells(d, ["B2", "C2"])
        tool(d, "[data-tool='erase']")
        click_cell(d, unit["at"].upper())
        tool(d, "[data-tool='select']")
        click_cell(d, unit["at"].upper())
        set_field(d, "#inspector input[data-field='name']", "Renamed")
        keys(d, Keys.DELETE)
        idle(d)
        set_field(d, "fieldset[data-side='union'] input[data-field='victory']", "9")
        click(d, "#show-texts")
        set_field(d, "#texts-fields textarea[data-field='briefing-nl']", "Een nieuwe inleiding.")
        click(d, "#texts-close")
        check(state(d)["dirty"], "edited, the scenario is unsaved")
        for _ in range(40):
            if not d.find_element(By.ID, "undo").is_enabled():
                break
            click(d, "#scenario-title")
            keys(d, Keys.CONTROL, "z")
            idle(d)
        st = state(d)
        check(not st["can_undo"] and st["can_redo"] and not st["dirty"], "undone to the start: nothing unsaved")
        click(d, "#save")
        idle(d)
        check(read(os.path.join(folder, name)) == read(os.path.join(source_root, "scenarios", name)),
              "%s undone to the start and saved is byte-identical" % name)

    # nl and fr: the words, and a refused edit's reason in the language.
    if open_scenario(d, "made.xml"):
        for code, undo_word in (("nl", "Ongedaan maken"), ("fr", "Annuler")):
            js(d, "const s = document.getElementById('lang'); s.value = arguments[0];"
                  "s.dispatchEvent(new Event('change'));", code)
            wait(d, lambda drv: js(drv, "return document.getElementById('stage').dataset.shows") == "made.xml " + code,
                 "the board in " + code)
            # The word the page wrote, whether or not the button is laid
            # out at this instant (a hidden one reads '' through .text).
            word = js(d, "return document.getElementById('undo').textContent.trim()")
            check(word == undo_word, "the undo button in %s: %r" % (code, word))
            tool(d, "[data-tool='select']")
            click_cell(d, "D8")
            set_field(d, "#inspector input[data-field='at']", "Z99")
            message = js(d, "return document.getElementById('message').textContent")
            if code == "fr":
                check("impossible\u00a0: la case est mal écrite ou hors du plateau" in message,
                      "the refusal in French, a no-break space before ':': %r" % message)
            else:
                check("Deze wijziging kan niet: het veld" in message, "the refusal in Dutch: %r" % message)
            screenshot(d, "edit-inspector-" + code)
            click(d, "#show-texts")
            screenshot(d, "edit-texts-" + code)
            click(d, "#texts-close")
            start_page(d)
            screenshot(d, "edit-start-" + code)
            open_scenario(d, "made.xml")

    # Unsaved edits: closing the page asks first (WebDriver itself accepts
    # a beforeunload prompt, so the page's answer to the event is read).
    if open_scenario(d, "made.xml"):
        asks = "const e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e);" \
               "return e.defaultPrevented"
        check(not js(d, asks), "with nothing unsaved, closing the page does not ask")
        tool(d, "[data-terrain='woods']")
        click_cell(d, "A9")
        check(js(d, asks), "with unsaved edits, closing the page asks first")
        click(d, "#scenario-title")
        keys(d, Keys.CONTROL, "z")
        idle(d)
        check(not js(d, asks), "undone, closing the page no longer asks")
finally:
    d.quit()
studio.stop()
shutil.rmtree(tmp)
checks.finish("studio edit test")
