#!/usr/bin/python3
"""The print preview of orbat studio, in a real browser (Debian's chromium
through chromedriver and Selenium):

- a hex scenario (antietam) and a square one (mb-1861) opened from the
  start page; the scenario sheet, the overview and the tiles previewed in
  en, nl and fr on A4 and US Letter: the page count the panel shows is
  pdfinfo's count of the PDF served, its paper is the one chosen, it
  passes qpdf --check, it is offered under a plain file name, and the
  first page's image loads;
- an edit not saved: the preview is marked stale, made again it shows the
  edit (the page image changes) while the file on disk is unchanged;
- an edit that makes the scenario invalid: the preview says why instead
  of showing pages; undone, it is made again;
- the studio stays under 100 MiB, and its temporary folder goes when it
  stops.
Screenshots preview-en/nl/fr.png go to the folder given as the third
argument.  Skipped (77) without chromium, chromedriver or python3-selenium.

usage: test_preview.py ORBAT SOURCE_ROOT SCREENSHOT_DIR"""
import os
import re
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

# pdfinfo's page size, in points, of each paper (either orientation).
PAPER_POINTS = {"a4": (595, 842), "letter": (612, 792)}


def panel(d, key):
    return js(d, "return document.getElementById('preview-panel').dataset[arguments[0]]", key)


def show_panel(d):
    # The page may still be putting the scenario up: click once it takes it.
    if not d.find_element(By.ID, "preview-panel").is_displayed():
        check(click_when_ready(d, "#show-preview"), "the Preview button takes the click")
    wait(d, lambda drv: drv.find_element(By.ID, "preview-panel").is_displayed(), "the preview panel opens", 10)


def make(d, button="preview-make"):
    """Click the button that makes the preview; wait for it to be ready or
    failed.  The status it ends in."""
    before = panel(d, "serial") or ""
    d.find_element(By.ID, button).click()
    wait(d, lambda drv: panel(drv, "status") == "failed"
         or (panel(drv, "status") == "ready" and panel(drv, "serial") != before), "the preview is made", 120)
    return panel(d, "status")


def fetch(path):
    status, headers, body = studio.request("GET", path)
    return status, headers, body


def pdfinfo(path):
    out = subprocess.run(["pdfinfo", path], capture_output=True, text=True).stdout
    pages = re.search(r"^Pages:\s+(\d+)", out, re.M)
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", out, re.M)
    return (int(pages.group(1)) if pages else -1,
            tuple(sorted(round(float(v)) for v in size.groups())) if size else None)


def first_image_loads(d):
    return wait(d, lambda drv: js(drv, "const i = document.querySelector('#preview-pages img');"
                                  "return !!i && i.complete && i.naturalWidth > 0"), "the first page's image loads", 60)


def preview(d, scenario, product, lang, paper):
    """Make one preview in the page and check what is shown and served."""
    what = "%s %s in %s on %s" % (scenario, product, lang, paper)
    show_panel(d)
    choose(d, "preview-product", product)
    choose(d, "preview-lang", lang)
    choose(d, "preview-paper", paper)
    if not check(make(d) == "ready", "the preview of %s is made" % what):
        print("  status: " + d.find_element(By.ID, "preview-status").text)
        return
    shown = int(panel(d, "pages"))
    status_text = d.find_element(By.ID, "preview-status").text
    check(str(shown) in status_text, "the panel says how many pages (%r)" % status_text)
    captions = js(d, "return [...document.querySelectorAll('#preview-pages figcaption')].map(c => c.textContent)")
    check(len(captions) == shown and captions and str(shown) in captions[-1],
          "a labelled image a page: %r" % captions[-1:])
    first_image_loads(d)
    status, headers, pdf = fetch("/api/preview.pdf")
    path = os.path.join(tmp, "served.pdf")
    with open(path, "wb") as f:
        f.write(pdf)
    check(status == 200 and headers.get("Content-Type") == "application/pdf", "the PDF of %s is served" % what)
    stem = os.path.splitext(scenario)[0]
    check(re.search(r'filename="%s-%s-%s-%s\.pdf"' % (re.escape(stem), product, lang, paper),
                    headers.get("Content-Disposition", "")) is not None,
          "it is offered as a file: %r" % headers.get("Content-Disposition"))
    pages, size = pdfinfo(path)
    check(pages == shown, "the page count shown (%d) is the PDF's (%d) for %s" % (shown, pages, what))
    check(size == PAPER_POINTS[paper], "the PDF is on %s paper (%r)" % (paper, size))
    q = subprocess.run(["qpdf", "--check", path], capture_output=True, text=True)
    check(q.returncode == 0, "the PDF of %s passes qpdf --check" % what)
    status, headers, png = fetch("/api/preview/page?n=%d" % shown)
    check(status == 200 and png.startswith(b"\x89PNG"), "its last page is served as a PNG")


def paint_beside_preview(d, terrain, address):
    """Close the preview, paint a cell on the board, open it again."""
    d.find_element(By.ID, "preview-close").click()
    d.find_element(By.CSS_SELECTOR, "#tray button.tool[data-terrain='%s']" % terrain).click()
    target = d.find_element(By.CSS_SELECTOR, "#overlay polygon[data-address='%s']" % address)
    ActionChains(d).move_to_element(target).click().perform()
    idle(d)
    show_panel(d)


def page_png(n=1):
    return fetch("/api/preview/page?n=%d" % n)[2]


def peak_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        return int(re.search(r"^VmHWM:\s+(\d+) kB", f.read(), re.M).group(1))


tmp = tempfile.mkdtemp(prefix="orbat-studio-preview-")
folder = os.path.join(tmp, "scenarios")
os.makedirs(folder)
for name in ("antietam.xml", "mb-1861.xml"):
    shutil.copyfile(os.path.join(source_root, "scenarios", name), os.path.join(folder, name))
# The studio's own temporary folder, to see that it goes.
private_tmp = os.path.join(tmp, "tmp")
os.makedirs(private_tmp)
old_tmpdir = os.environ.get("TMPDIR")
os.environ["TMPDIR"] = private_tmp
studio = Studio(orbat, [], folder)
if old_tmpdir is None:
    del os.environ["TMPDIR"]
else:
    os.environ["TMPDIR"] = old_tmpdir
d = chromium("en-US", 1500, 1000)
try:
    d.get(studio.url)
    wait(d, lambda drv: js(drv, "return document.body.dataset.ready === 'true'"), "the page starts")

    if open_scenario(d, "antietam.xml"):
        show_panel(d)
        check(panel(d, "status") == "none" and js(d, "return document.getElementById('preview-lang').value") == "en",
              "nothing is previewed yet, in the page's language")
        for product, lang, paper in (("scenario-sheet", "en", "a4"), ("map-overview", "nl", "letter"),
                                     ("map-tiles", "fr", "a4"), ("scenario-sheet", "fr", "letter")):
            preview(d, "antietam", product, lang, paper)
        check(len(os.listdir(private_tmp)) == 1 and not any(f.endswith(".pdf") for f in os.listdir(folder)),
              "the preview is made in a private temporary folder, never in the scenarios' folder")

        # An edit not saved: stale, then made again with the edit.
        choose(d, "preview-product", "map-overview")
        choose(d, "preview-lang", "en")
        choose(d, "preview-paper", "a4")
        make(d)
        before = page_png()
        paint_beside_preview(d, "woods", "A1")
        check(panel(d, "stale") == "true", "after an edit the preview is marked stale")
        check(make(d, "preview-remake") == "ready" and panel(d, "stale") == "false", "made again, it is current")
        after = page_png()
        check(before.startswith(b"\x89PNG") and after.startswith(b"\x89PNG") and before != after,
              "the preview shows the edit not yet saved")
        with open(os.path.join(folder, "antietam.xml"), "rb") as f, \
                open(os.path.join(source_root, "scenarios", "antietam.xml"), "rb") as g:
            check(f.read() == g.read(), "the file on disk is untouched")

        # An invalid scenario: the reason, not a blank.
        paint_beside_preview(d, "river", "D2")
        errors = js(d, "return document.getElementById('diag-list').querySelectorAll('li.error').length")
        if check(errors > 0, "a unit on a river is an error"):
            check(make(d) == "failed", "the preview of a scenario with errors fails")
            text = d.find_element(By.ID, "preview-status").text
            check("error" in text and "Diagnostics" in text, "the page says why: %r" % text)
            check(js(d, "return document.querySelectorAll('#preview-pages img').length") == 0, "and shows no page")
            screenshot(d, "preview-errors-en")
            undo(d)
            check(make(d) == "ready", "undone, the preview is made again")
        first_image_loads(d)
        screenshot(d, "preview-en")
        # Back to the file as it was, so that leaving it does not ask.
        d.find_element(By.ID, "preview-close").click()
        undo(d)
        check(not js(d, "return document.getElementById('dirty').hidden === false"), "undone to the file as saved")

    if open_scenario(d, "mb-1861.xml"):
        show_panel(d)
        check(panel(d, "status") == "none", "another scenario starts without a preview")
        for product, lang, paper in (("map-tiles", "nl", "letter"), ("map-overview", "fr", "a4"),
                                     ("scenario-sheet", "en", "letter")):
            preview(d, "mb-1861", product, lang, paper)

finally:
    d.quit()

# A browser that speaks Dutch or French: the page, and so the preview's
# language, follow it.
for code, word in (("nl", "Afdrukvoorbeeld"), ("fr", "Aperçu avant impression")):
    d = chromium(code, 1500, 1000)
    try:
        d.get(studio.url)
        wait(d, lambda drv: js(drv, "return document.body.dataset.ready === 'true'"), "the page starts in " + code)
        if open_scenario(d, "antietam.xml"):
            show_panel(d)
            check(d.find_element(By.CSS_SELECTOR, "#preview-panel h2").text == word, "the panel's title in " + code)
            check(js(d, "return document.getElementById('preview-lang').value") == code,
                  "the preview is in the page's language " + code)
            if check(make(d) == "ready", "the sheet previewed in " + code):
                first_image_loads(d)
                caption = d.find_element(By.CSS_SELECTOR, "#preview-pages figcaption").text
                check(caption == ("Pagina 1 van " if code == "nl" else "Page 1 sur ") + panel(d, "pages"),
                      "the page's label in %s: %r" % (code, caption))
            screenshot(d, "preview-" + code)
    finally:
        d.quit()
peak = peak_kib(studio.proc.pid)
check(peak < 100 * 1024, "the studio stayed under 100 MiB (%d KiB at most)" % peak)
studio.stop()
check(os.listdir(private_tmp) == [], "the studio's temporary folder is gone after it stops")
shutil.rmtree(tmp, ignore_errors=True)
checks.finish("studio preview")
