#!/usr/bin/python3
"""'Balance it' in orbat studio, in a real browser (Debian's chromium
through chromedriver and Selenium):

- shiloh opened, the panel opened: nothing measured yet; a run of 40 games
  of `simple` seeded 5 started from the panel in en, nl and fr: the page
  shows the report `orbat balance --format json` gives for the same
  options (the verdict in its words, each side's wins and interval);
- an edit not saved: the report is marked stale; a run now measures the
  scenario as it stands (the CLI on the edited bytes agrees), while the
  file on disk is untouched;
- a long run shows its progress and is stopped by the Stop button;
- a scenario with errors: the panel says why instead of starting;
- a square-grid scenario (mb-1861) measured as well;
- nothing is written into the scenarios' folder, and the studio's
  temporary folder goes when it stops.
Screenshots balance-en/nl/fr.png go to the folder given as the third
argument.  Skipped (77) without chromium, chromedriver or python3-selenium.

usage: test_balance.py ORBAT SOURCE_ROOT SCREENSHOT_DIR"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_kit import Checks, EditorPage, browser as chromium, click_when_ready  # noqa: E402
from studio_server import Studio  # noqa: E402

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

orbat, source_root, shots = sys.argv[1], sys.argv[2], sys.argv[3]
checks = Checks(shots)
check, wait, screenshot = checks.check, checks.wait, checks.screenshot
page = EditorPage(checks)
js, choose, idle, open_scenario, undo = page.js, page.choose, page.idle, page.open_scenario, page.undo


def panel(d, key):
    return js(d, "return document.getElementById('balance-panel').dataset[arguments[0]]", key)


def show_panel(d):
    if not d.find_element(By.ID, "balance-panel").is_displayed():
        check(click_when_ready(d, "#show-balance"), "the Balance button takes the click")
    wait(d, lambda drv: drv.find_element(By.ID, "balance-panel").is_displayed()
         and js(drv, "return document.getElementById('balance-players').options.length") > 1,
         "the balance panel opens with the players to choose")


def run(d, games, players, seed):
    """A run started from the panel; its final status once it ends."""
    js(d, "document.getElementById('balance-games').value = arguments[0];"
          "document.getElementById('balance-seed').value = arguments[1];", str(games), str(seed))
    choose(d, "balance-players", players)
    attempt = int(panel(d, "attempt") or 0)
    d.find_element(By.ID, "balance-start").click()
    # Ended: this press answered, and its run (or its refusal) over.
    wait(d, lambda drv: int(panel(drv, "attempt") or 0) > attempt
         and panel(drv, "status") in ("done", "failed", "stopped"), "the run of %d games ends" % games, 300)
    return panel(d, "status")


def cli(path, games, players, seed, lang):
    r = subprocess.run([orbat, "balance", "--format", "json", "--lang", lang, "--games", str(games),
                        "--players", players, "--seed", str(seed), path], capture_output=True, text=True)
    return json.loads(r.stdout) if r.returncode == 0 else {"exit": r.returncode, "stderr": r.stderr}


def shown_report(d):
    """What the page shows: the verdict and each row's wins."""
    # textContent: WebDriver's text makes a no-break space a plain one.
    verdict = js(d, "const v = document.getElementById('balance-verdict'); return v ? v.textContent : ''")
    wins = {tr.get_attribute("data-side"): int(tr.find_elements(By.TAG_NAME, "td")[0].text)
            for tr in d.find_elements(By.CSS_SELECTOR, "#balance-table tbody tr")}
    return verdict, wins


def agrees(d, want, what):
    verdict, wins = shown_report(d)
    expected = {**{side: want["wins"][side] for side in want.get("wins", {})}}
    check(verdict == want.get("verdict", {}).get("text") and wins == expected,
          "%s: the page shows orbat balance's report: %r %r, CLI %r" % (what, verdict[:60], wins, expected))


def paint(d, terrain, address):
    d.find_element(By.ID, "balance-close").click()
    d.find_element(By.CSS_SELECTOR, "#tray button.tool[data-terrain='%s']" % terrain).click()
    target = d.find_element(By.CSS_SELECTOR, "#overlay polygon[data-address='%s']" % address)
    ActionChains(d).move_to_element(target).click().perform()
    idle(d)
    show_panel(d)


tmp = tempfile.mkdtemp(prefix="orbat-studio-balance-")
folder = os.path.join(tmp, "scenarios")
os.makedirs(folder)
for name in ("shiloh.xml", "mb-1861.xml"):
    shutil.copyfile(os.path.join(source_root, "scenarios", name), os.path.join(folder, name))
shiloh = os.path.join(folder, "shiloh.xml")
private_tmp = os.path.join(tmp, "tmp")
os.makedirs(private_tmp)
env_tmp = os.environ.get("TMPDIR")
os.environ["TMPDIR"] = private_tmp
studio = Studio(orbat, [], folder)
if env_tmp is None:
    del os.environ["TMPDIR"]
else:
    os.environ["TMPDIR"] = env_tmp
d = chromium("en-US", 1500, 1000)
try:
    d.get(studio.url)
    wait(d, lambda drv: js(drv, "return document.body.dataset.ready === 'true'"), "the page starts")
    if open_scenario(d, "shiloh.xml"):
        show_panel(d)
        # The panel asks the studio what it last ran once it opens: the
        # answer comes after the players' list, so it is waited for.
        wait(d, lambda drv: panel(drv, "status") == "none"
             and "Start" in drv.find_element(By.ID, "balance-status").text,
             "nothing is measured yet, and the panel says how to begin")
        players = [o.get_attribute("value") for o in d.find_elements(By.CSS_SELECTOR, "#balance-players option")]
        check(players[0] == "" and "simple" in players and "strong,simple" in players,
              "the players: the default, each player, each pair: %r" % players)

        # The same report as the command line, in each language.
        for lang in ("en", "nl", "fr"):
            if lang != "en":
                choose(d, "lang", lang)
                wait(d, lambda drv: js(drv, "return document.documentElement.lang") == lang
                     and (js(drv, "return document.getElementById('stage').dataset.shows") or "").endswith(" " + lang),
                     "the page in " + lang)
            check(run(d, 40, "simple", 5) == "done", "a run of 40 games in %s is done" % lang)
            agrees(d, cli(shiloh, 40, "simple", 5, lang), "40 games in " + lang)
            words = js(d, "return document.getElementById('balance-panel').textContent")
            check("{" not in words and "}" not in words, "every word of the panel is filled in, in %s" % lang)
            label = js(d, "const s = document.getElementById('balance-players');"
                          "return s.options[s.selectedIndex].textContent")
            check(label == {"en": "simple on both sides", "nl": "simple aan beide kanten",
                            "fr": "simple des deux côtés"}[lang], "the players are named in %s: %r" % (lang, label))
            screenshot(d, "balance-" + lang)
        choose(d, "lang", "en")
        wait(d, lambda drv: js(drv, "return document.documentElement.lang") == "en", "the page in English again")

        # Pairs of two players: the seats swap.
        check(run(d, 20, "strong,simple", 2) == "done", "a paired run is done")
        agrees(d, cli(shiloh, 20, "strong,simple", 2, "en"), "strong against simple")

        # An edit not saved: the report is stale; a run measures the edit.
        paint(d, "woods", "A1")
        # The panel asks the studio again once it opens: the mark comes
        # with that answer, not with the click.
        wait(d, lambda drv: panel(drv, "stale") == "true"
             and "changed" in drv.find_element(By.ID, "balance-status").text,
             "after an edit the report is marked stale")
        check(run(d, 40, "simple", 5) == "done" and panel(d, "stale") == "false", "measured again, it is current")
        # The bytes the run was given lie in the studio's private folder
        # while its report is shown: the scenario as edited, not as saved.
        given = [os.path.join(root, f) for root, _, files in os.walk(private_tmp) for f in files
                 if f == "shiloh.xml"]
        with open(shiloh, "rb") as f:
            original = f.read()
        if check(len(given) == 1, "the run's copy of the scenario is in the private folder: %r" % given):
            with open(given[0], "rb") as f:
                copy = f.read()
            check(copy != original and b"A1" in copy, "the run was given the edit not yet saved")
            agrees(d, cli(given[0], 40, "simple", 5, "en"), "the edited scenario")
        check(original == open(os.path.join(source_root, "scenarios", "shiloh.xml"), "rb").read(),
              "the file on disk is untouched by the run")

        # A long run: its progress, then Stop.
        js(d, "document.getElementById('balance-games').value = '100000'")
        choose(d, "balance-players", "simple")
        d.find_element(By.ID, "balance-start").click()
        wait(d, lambda drv: panel(drv, "status") == "running" and drv.find_element(By.ID, "balance-progress")
             .is_displayed() and int(js(drv, "return document.getElementById('balance-progress').value")) > 0,
             "a long run shows its progress")
        check(not d.find_element(By.ID, "balance-start").is_enabled(), "Start waits while a run goes on")
        screenshot(d, "balance-running-en")
        d.find_element(By.ID, "balance-stop").click()
        wait(d, lambda drv: panel(drv, "status") == "stopped", "Stop ends the run")
        check("Stopped" in d.find_element(By.ID, "balance-status").text, "the panel says it was stopped")

        # A scenario with errors: why, not a run.
        paint(d, "river", "B4")
        errors = js(d, "return document.getElementById('diag-list').querySelectorAll('li.error').length")
        if check(errors > 0, "a unit on a river (B4) is an error"):
            check(run(d, 10, "simple", 1) == "failed", "a run of a scenario with errors is refused")
            text = d.find_element(By.ID, "balance-status").text
            check("error" in text and "Diagnostics" in text, "the page says why: %r" % text)
        undo(d)
        undo(d)
        d.find_element(By.ID, "balance-close").click()

    # The square grid.
    if open_scenario(d, "mb-1861.xml"):
        show_panel(d)
        check(run(d, 20, "simple", 3) == "done", "a square-grid run is done")
        agrees(d, cli(os.path.join(folder, "mb-1861.xml"), 20, "simple", 3, "en"), "mb-1861")
finally:
    d.quit()
check(sorted(os.listdir(folder)) == ["mb-1861.xml", "shiloh.xml"], "nothing is written into the scenarios' folder")
studio.stop()
check(os.listdir(private_tmp) == [], "the studio's temporary folder goes when it stops")
shutil.rmtree(tmp, ignore_errors=True)
checks.finish("studio balance")
