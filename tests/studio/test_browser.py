#!/usr/bin/python3
"""orbat studio in a real browser (Debian's chromium through chromedriver
and Selenium): the start page lists the folder's scenarios, a hex and a
square scenario open with their boards drawn, hovering a cell shows its
address, a diagnostic's rule id opens its text with its cell outlined,
the page speaks en, nl and fr, and a page without the token is refused.
Screenshots go to the folder given as the third argument.
Skipped (77) without chromium, chromedriver or python3-selenium.

usage: test_browser.py ORBAT SOURCE_ROOT SCREENSHOT_DIR"""
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_kit import Checks, browser as chromium, click_when_ready  # noqa: E402
from studio_server import Studio, folder_with  # noqa: E402

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

orbat, source_root, shots = sys.argv[1], sys.argv[2], sys.argv[3]
checks = Checks(shots)
check, wait, screenshot = checks.check, checks.wait, checks.screenshot


def browser(lang):
    return chromium(lang, 1400, 900)


def board_ready(d, file, lang="en"):
    return d.execute_script(
        "const tiles = [...document.querySelectorAll('#board-tiles img')];"
        "return !document.getElementById('workspace').hidden && tiles.length > 0"
        " && tiles.every(img => img.complete && img.naturalWidth > 0)"
        " && document.getElementById('stage').dataset.shows === arguments[0];", "%s %s" % (file, lang))


def open_scenario(d, file):
    d.find_element(By.ID, "to-start").click() if d.find_element(By.ID, "to-start").is_displayed() else None
    wait(d, lambda drv: drv.find_elements(By.CSS_SELECTOR, "button.open[data-file='%s']" % file),
         "the start page lists " + file)
    check(click_when_ready(d, "button.open[data-file='%s']" % file), "the button of %s takes the click" % file)
    return wait(d, lambda drv: board_ready(drv, file), "the board of %s is drawn" % file)


def hover(d, address):
    cell = d.find_element(By.CSS_SELECTOR, "#overlay polygon[data-address='%s']" % address)
    ActionChains(d).move_to_element(cell).perform()
    ok = wait(d, lambda drv: drv.find_element(By.ID, "hover-address").text == address,
              "hovering %s shows its address" % address)
    return ok and d.find_element(By.ID, "hover-card").is_displayed()


tmp = tempfile.mkdtemp(prefix="orbat-studio-")
folder = folder_with(os.path.join(tmp, "scenarios"), source_root, {
    "antietam.xml": "scenarios/antietam.xml",
    "mb-1861.xml": "scenarios/mb-1861.xml",
    "unit-on-river.xml": "tests/golden/invalid/63-unit-on-river.xml",
})
studio = Studio(orbat, [], folder)
d = browser("en-US")
try:
    # Without the token: refused, nothing of the page served.
    d.get("http://%s/" % studio.host)
    body = d.find_element(By.TAG_NAME, "body").text
    check("token" in body and not d.find_elements(By.ID, "board-tiles"), "the page without the token is refused")

    d.get(studio.url)
    wait(d, lambda drv: drv.execute_script("return document.body.dataset.ready === 'true'"), "the page starts")
    check("token" not in d.current_url, "the token leaves the address bar")
    names = [b.get_attribute("data-file") for b in d.find_elements(By.CSS_SELECTOR, "button.open")]
    check(names == ["antietam.xml", "mb-1861.xml", "unit-on-river.xml"], "the start page lists the folder: %s" % names)
    check(len(d.find_elements(By.CSS_SELECTOR, "#ruleset-list li")) >= 2, "the start page lists the rulesets")
    screenshot(d, "start-en")

    # A hex board, zoomed and panned, hovered.
    if open_scenario(d, "antietam.xml"):
        cells = d.execute_script("return document.querySelectorAll('#overlay polygon').length")
        check(cells > 100, "the hex board has its cells outlined (%d)" % cells)
        check(hover(d, "C3"), "the hover card shows hex C3")
        terrain = d.find_element(By.ID, "hover-terrain").text
        check(terrain != "", "the hover card names the terrain")
        before = d.execute_script("return document.getElementById('stage').style.transform")
        d.find_element(By.ID, "zoom-in").click()
        after = d.execute_script("return document.getElementById('stage').style.transform")
        check(before != after, "zooming changes the view")
        # From a cell where nothing stands: a press on a piece would move it.
        empty = d.find_element(By.CSS_SELECTOR, "#overlay polygon[data-address='G6']")
        ActionChains(d).move_to_element(empty).click_and_hold().move_by_offset(60, 40).release().perform()
        panned = d.execute_script("return document.getElementById('stage').style.transform")
        check(panned != after, "dragging pans the board")
        d.find_element(By.ID, "zoom-fit").click()
        hover(d, "F5")
        screenshot(d, "hex-en")

    # A square board.
    if open_scenario(d, "mb-1861.xml"):
        check(hover(d, "B2"), "the hover card shows square B2")
        check(d.find_element(By.ID, "fact-grid").text == "squares", "the facts name the square grid")
        screenshot(d, "square-en")

    # A diagnostic: its rule's text, its cell outlined.
    if open_scenario(d, "unit-on-river.xml"):
        rules = [b.text for b in d.find_elements(By.CSS_SELECTOR, "#diag-list button.rule")]
        check("bc-6" in rules, "the diagnostics list rule bc-6: %s" % rules)
        d.find_element(By.CSS_SELECTOR, "#diag-list button.rule[data-rule='bc-6']").click()
        wait(d, lambda drv: drv.find_element(By.ID, "explain").is_displayed(), "the rule's text opens")
        en_text = d.find_element(By.ID, "explain-text").text
        check(len(en_text) > 40, "the explain text is there")
        marked = d.execute_script(
            "return [...document.querySelectorAll('#overlay polygon.marked')].map(p => p.dataset.address)")
        check(marked == ["G5"], "the diagnostic's cell is outlined: %s" % marked)
        screenshot(d, "diagnostics-en")

        for code, word in (("nl", "1 fout"), ("fr", "1 erreur")):
            d.execute_script("const s = document.getElementById('lang'); s.value = arguments[0];"
                             "s.dispatchEvent(new Event('change'));", code)
            check(wait(d, lambda drv: drv.execute_script("return document.documentElement.lang") == code
                       and word in drv.find_element(By.ID, "diag-summary").text
                       and board_ready(drv, "unit-on-river.xml", code), "the page speaks " + code),
                  "the page and its board in " + code)
            d.find_element(By.CSS_SELECTOR, "#diag-list button.rule[data-rule='bc-6']").click()
            wait(d, lambda drv: drv.find_element(By.ID, "explain").is_displayed()
                 and drv.find_element(By.ID, "explain-text").text not in ("", en_text),
                 "the rule's text in " + code)
            hover(d, "G5")
            screenshot(d, "diagnostics-" + code)
        d.find_element(By.ID, "to-start").click()
        wait(d, lambda drv: drv.find_element(By.ID, "start").is_displayed(), "back to the start page")
        screenshot(d, "start-fr")

    # A second studio on another port, in the same browser: each keeps its
    # own cookie, and the first page goes on working.
    other = Studio(orbat, [], folder)
    try:
        d.execute_script("window.open(arguments[0], 'other')", other.url)
        first = d.current_window_handle
        d.switch_to.window("other")
        wait(d, lambda drv: drv.execute_script("return document.body.dataset.ready === 'true'"),
             "the second studio's page starts")
        d.switch_to.window(first)
        status = d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch('/api/files').then(r => done(r.status), () => done(0));")
        check(status == 200, "the first studio still answers its page after a second one opened (%s)" % status)
        names = d.execute_script("return document.cookie")
        check(names == "", "the token's cookie is out of the page's scripts' reach (HttpOnly)")
    finally:
        other.stop()
finally:
    d.quit()

# The browser's own language is the page's first language.
d = browser("nl")
try:
    d.get(studio.url)
    wait(d, lambda drv: drv.execute_script("return document.body.dataset.ready === 'true'"), "the page starts in nl")
    check(d.execute_script("return document.documentElement.lang") == "nl", "a Dutch browser gets the page in Dutch")
    check(d.find_element(By.ID, "lang").get_attribute("value") == "nl", "the language selector shows nl")
    screenshot(d, "open-nl")
    # A scenario opened and the language changed at once, before the open
    # is answered: the scenario is shown, in the language chosen last.
    if d.find_element(By.ID, "to-start").is_displayed():
        d.find_element(By.ID, "to-start").click()
    wait(d, lambda drv: drv.find_element(By.ID, "start").is_displayed()
         and drv.find_elements(By.CSS_SELECTOR, "button.open[data-file='mb-1861.xml']"),
         "the start page lists mb-1861.xml")
    d.execute_script("document.querySelector(\"button.open[data-file='mb-1861.xml']\").click();"
                     "const s = document.getElementById('lang'); s.value = 'fr';"
                     "s.dispatchEvent(new Event('change'));")
    wait(d, lambda drv: board_ready(drv, "mb-1861.xml", "fr") and not drv.find_element(By.ID, "start").is_displayed(),
         "opened while the language changes, the scenario shows in French")
finally:
    d.quit()
studio.stop()
shutil.rmtree(tmp)
checks.finish("studio browser test")
