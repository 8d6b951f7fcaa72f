"""What the studio's browser tests share: Debian's chromium driven through
chromedriver and Selenium, the checks they tell, waiting for the page, and
screenshots.  Importing it skips the test (exit 77) when chromium,
chromedriver or python3-selenium is missing, so that a test imports the
Selenium names it uses only after it."""
import os
import sys

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

try:
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    print("SKIP: python3-selenium is not installed")
    sys.exit(77)
if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
    print("SKIP: %s or %s is missing (chromium, chromium-driver)" % (CHROMIUM, CHROMEDRIVER))
    sys.exit(77)


class Checks:
    """The checks of one test, told as they come, and its end."""

    def __init__(self, shots):
        self.shots = shots
        self.failures = []
        os.makedirs(shots, exist_ok=True)

    def check(self, ok, what):
        print(("ok: " if ok else "FAIL: ") + what)
        if not ok:
            self.failures.append(what)
        return ok

    def wait(self, driver, cond, what, timeout=60):
        """Wait until cond(driver) holds; a timeout is the failure told."""
        try:
            WebDriverWait(driver, timeout).until(lambda drv: cond(drv))
            return True
        except Exception as e:  # noqa: BLE001 - a timeout is the failure told
            self.check(False, "%s (%s)" % (what, type(e).__name__))
            # The page as it stood, to be looked at beside the log.
            try:
                self.screenshot(driver, "failed-%d" % len(self.failures))
            except Exception:  # noqa: BLE001 - a browser gone cannot show it
                pass
            return False

    def screenshot(self, driver, name):
        path = os.path.join(self.shots, name + ".png")
        driver.save_screenshot(path)
        print("screenshot: " + path)

    def finish(self, name):
        if self.failures:
            # Told again at the end, with why each missed click missed, so
            # that the tail of a long log says what went wrong.
            for what in self.failures:
                print("failed: " + what)
            for why in missed_clicks:
                print("missed: " + why)
            print("%d failed" % len(self.failures))
            sys.exit(1)
        print("%s: all passed" % name)


def browser(lang, width, height):
    """A headless chromium whose browser speaks lang."""
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=%d,%d" % (width, height), "--lang=" + lang, "--no-first-run"):
        opts.add_argument(arg)
    opts.add_experimental_option("prefs", {"intl.accept_languages": lang})
    d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    d.set_page_load_timeout(60)
    return d


# Why each click given up on was not taken, in order (for Checks.finish).
missed_clicks = []


def click_when_ready(driver, css, timeout=60):
    """Click the element CSS selects once it is there and takes the click.
    The page redraws its lists when an answer arrives (the words, the
    folder), so an element found a moment ago may have been replaced: look
    it up again until the click lands rather than fail on a stale one.
    True when clicked; else why the last try failed is printed."""
    last = []

    def attempt(drv):
        try:
            el = drv.find_element(By.CSS_SELECTOR, css)
            # Into the middle of the view first, as a user scrolls to what
            # they want: WebDriver scrolls only an element out of view, so
            # one under a fixed bar at the view's edge would stay covered.
            drv.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", el)
            el.click()
            return True
        except WebDriverException as e:  # not there yet, replaced, or covered
            last[:] = [e]
            return False
    try:
        return WebDriverWait(driver, timeout).until(attempt)
    except WebDriverException:
        why = last[0].msg.splitlines()[0] if last and last[0].msg else type(last[0]).__name__ if last else "?"
        print("  the last try to click %s: %s" % (css, why))
        missed_clicks.append("%s: %s" % (css, why))
        return False


class EditorPage:
    """What a test does on the editing page as a user does it: open a
    scenario from the start page, choose in a list, undo, and wait until
    the studio has answered an edit and drawn the board again."""

    def __init__(self, checks):
        self.checks = checks

    @staticmethod
    def js(driver, script, *args):
        return driver.execute_script(script, *args)

    def choose(self, driver, select_id, value):
        self.js(driver, "const s = document.getElementById(arguments[0]); s.value = arguments[1];"
                        "s.dispatchEvent(new Event('change'));", select_id, value)

    def idle(self, driver):
        return self.checks.wait(driver, lambda drv: self.js(
            drv, "const b = document.body.dataset, s = document.getElementById('stage');"
                 "return b.busy !== 'true' && s.dataset.shows && s.dataset.generation === b.generation"),
            "the edit is answered and the board drawn again")

    def open_scenario(self, driver, name):
        if driver.find_element(By.ID, "to-start").is_displayed():
            driver.find_element(By.ID, "to-start").click()
        self.checks.wait(driver, lambda drv: drv.find_element(By.ID, "start").is_displayed(), "the start page shows")
        self.checks.check(click_when_ready(driver, "button.open[data-file='%s']" % name),
                          "the button of %s takes the click" % name)
        return self.checks.wait(
            driver, lambda drv: (self.js(drv, "return document.getElementById('stage').dataset.shows") or "")
            .startswith(name + " ") and drv.find_element(By.ID, "workspace").is_displayed(),
            "%s is on its board" % name)

    def undo(self, driver):
        driver.find_element(By.ID, "scenario-title").click()
        ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        self.idle(driver)
