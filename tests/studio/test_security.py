#!/usr/bin/python3
"""orbat studio treats every request as hostile: without the token, with a
wrong one, with a Host other than its loopback address, a write from
another origin (an edit, undo, redo, save or new among them), a path out
of the folder (%2e%2e, a symbolic link) to read or to save, a new file over
an old one, a malformed or oversized edit, a body too large, a malformed
request line or header: each is refused with its 4xx status, changes
nothing, and the server answers the next good request as before.
Plain http.client and sockets, no browser.

usage: test_security.py ORBAT SOURCE_ROOT"""
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from studio_server import Studio, folder_with  # noqa: E402

orbat, source_root = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what):
    print(("ok: " if ok else "FAIL: ") + what)
    if not ok:
        failures.append(what)


tmp = tempfile.mkdtemp(prefix="orbat-studio-sec-")
folder = folder_with(os.path.join(tmp, "scenarios"), source_root, {
    "antietam.xml": "scenarios/antietam.xml",
    "shiloh.xml": "scenarios/shiloh.xml",
})
# A scenario outside the folder, and a link to it from inside.
folder_with(tmp, source_root, {"secret.xml": "scenarios/first-bull-run.xml"})
os.symlink(os.path.join(tmp, "secret.xml"), os.path.join(folder, "link-out.xml"))

studio = Studio(orbat, ["antietam.xml"], folder)


def still_answers(after):
    status, _, body = studio.request("GET", "/api/files")
    check(status == 200 and b"antietam.xml" in body, "the server still answers after " + after)


def refused(what, expect, method, path, headers=None, body=None, cookie=True, must_not=None):
    status, hdrs, data = studio.request(method, path, headers, body, cookie)
    ok = status in (expect if isinstance(expect, tuple) else (expect,))
    if must_not is not None:
        ok = ok and must_not not in data
    check(ok, "%s: %d" % (what, status))
    still_answers(what)
    return hdrs


def raw(what, data, expect_prefix=b"HTTP/1.1 4"):
    s = socket.create_connection(("127.0.0.1", studio.port), timeout=30)
    s.sendall(data)
    answer = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            answer += chunk
            if b"\r\n\r\n" in answer:
                break
    except socket.timeout:
        pass
    s.close()
    check(answer.startswith(expect_prefix), "%s: %r" % (what, answer[:40]))
    still_answers(what)


# What the good requests get, with the security headers.
status, hdrs, body = studio.request("GET", "/api/state")
check(status == 200 and json.loads(body)["file"] == "antietam.xml", "the state with the cookie")
check(hdrs.get("Content-Security-Policy") == "default-src 'self'", "Content-Security-Policy default-src 'self'")
check(hdrs.get("X-Content-Type-Options") == "nosniff", "X-Content-Type-Options nosniff")
check(hdrs.get("Cache-Control") == "no-store", "Cache-Control no-store")
status, hdrs, body = studio.request("GET", "/?token=" + studio.token, cookie=False)
cookie = hdrs.get("Set-Cookie", "")
check(status == 200 and cookie.startswith("%s=%s;" % (studio.cookie_name, studio.token)) and "HttpOnly" in cookie
      and "SameSite=Strict" in cookie, "the token of the address sets the cookie: %s" % cookie)
status, _, _ = studio.request("GET", "/api/state", {"Host": "localhost:%d" % studio.port})
check(status == 200, "localhost:PORT is a Host of the server")

# The token.
refused("no token", 403, "GET", "/api/state", cookie=False)
refused("no token on the page", 403, "GET", "/", cookie=False)
refused("a wrong token in the address", 403, "GET", "/?token=" + "0" * 32, cookie=False)
refused("a wrong token in the cookie", 403, "GET", "/api/state", {"Cookie": studio.cookie_name + "=" + "f" * 32}, cookie=False)
refused("the token under another port's cookie name", 403, "GET", "/api/state",
        {"Cookie": "orbat_token_%d=%s" % (studio.port + 1, studio.token)}, cookie=False)
refused("the token under the cookie name of no port", 403, "GET", "/api/state",
        {"Cookie": "orbat_token=" + studio.token}, cookie=False)
refused("the token in the address of an API call", 403, "GET", "/api/state?token=" + studio.token, cookie=False)
refused("the token of the address on a static file", 403, "GET", "/static/studio.js?token=" + studio.token,
        cookie=False)

# The Host (DNS rebinding) and the Origin of a write.
refused("a foreign Host", 421, "GET", "/api/state", {"Host": "evil.example:%d" % studio.port})
refused("another port in the Host", 421, "GET", "/api/state", {"Host": "127.0.0.1:%d" % (studio.port + 1)})
refused("a Host without the port", 421, "GET", "/api/state", {"Host": "127.0.0.1"})
open_body = json.dumps({"file": "shiloh.xml"}).encode()
refused("a write from another origin", 403, "POST", "/api/open",
        {"Origin": "http://evil.example", "Content-Type": "application/json"}, open_body)
refused("a write without an Origin", 403, "POST", "/api/open", {"Content-Type": "application/json"}, open_body)
refused("a write from another port's origin", 403, "POST", "/api/open",
        {"Origin": "http://127.0.0.1:%d" % (studio.port + 1)}, open_body)
origin = {"Origin": "http://" + studio.host, "Content-Type": "application/json"}
status, _, body = studio.request("POST", "/api/open", origin, open_body)
check(status == 200 and json.loads(body)["file"] == "shiloh.xml", "a write from the studio's own origin")
refused("a method other than GET and POST", 405, "PUT", "/api/state", origin, b"{}")
# The cells with their outlines, and after an edit their facts alone
# (?outlines=0); any other value of it is taken as asking for them.
for query, outlined in (("", True), ("&outlines=0", False), ("&outlines=zzz", True)):
    status, _, body = studio.request("GET", "/api/cells?lang=en" + query)
    cells = json.loads(body)["cells"] if status == 200 else []
    check(status == 200 and len(cells) > 100 and all(("points" in c) == outlined and "standing" in c for c in cells),
          "the cells%s %s their outlines" % (query or "", "with" if outlined else "without"))

# Edits, undo, redo, save and new: the same guards as every write, and a
# save only ever inside the folder.
def read(path):
    with open(path, "rb") as f:
        return f.read()


shiloh = os.path.join(folder, "shiloh.xml")
shiloh_bytes = read(shiloh)
secret_bytes = read(os.path.join(tmp, "secret.xml"))
edit_body = json.dumps({"op": "terrain", "at": "C3", "type": "woods"}).encode()
evil = {"Origin": "http://evil.example", "Content-Type": "application/json"}
for call, body in (("/api/edit", edit_body), ("/api/save", b"{}"), ("/api/undo", b"{}"), ("/api/redo", b"{}"),
                   ("/api/new", json.dumps({"ruleset": "battlecry-1999", "file": "evil.xml"}).encode())):
    refused("%s from another origin" % call, 403, "POST", call, evil, body)
    refused("%s without an Origin" % call, 403, "POST", call, {"Content-Type": "application/json"}, body)
# The game's writes: a start, an action, an undo, a resume, each refused
# from another origin, without one, or without the token; no log written.
game_start = json.dumps({"seed": 1}).encode()
for call, body in (("/api/game/start", game_start), ("/api/game/act", b'{"line": "draw"}'),
                   ("/api/game/undo", b"{}"), ("/api/game/resume", b'{"file": "antietam.xml"}')):
    refused("%s from another origin" % call, 403, "POST", call, evil, body)
    refused("%s without an Origin" % call, 403, "POST", call, {"Content-Type": "application/json"}, body)
    refused("%s without the token" % call, 403, "POST", call, dict(evil, Origin="http://" + studio.host), body,
            cookie=False)
# The dice of a start: rolled by the studio or typed in, nothing else.
for dice in ("loaded", 3, "", ["manual"], {"manual": True}):
    refused("a game whose dice are %r" % (dice,), 400, "POST", "/api/game/start", origin,
            json.dumps({"seed": 1, "dice": dice}).encode())
check(studio.request("GET", "/api/game/state")[0] == 404
      and not [n for n in os.listdir(folder) if n.endswith(".log")], "the refused game writes started nothing")
for name in ("../secret.xml", "link-out.xml", "/etc/passwd", "%2e%2e/secret.xml"):
    refused("a game resumed from %r" % name, (400, 404), "POST", "/api/game/resume", origin,
            json.dumps({"file": name}).encode())
state = json.loads(studio.request("GET", "/api/state")[2])
check(state["generation"] == 0 and not state["dirty"] and read(shiloh) == shiloh_bytes
      and not os.path.exists(os.path.join(folder, "evil.xml")), "the refused writes changed nothing")
# A die picture: only a face of the open ruleset's die, behind the token.
refused("a die picture without the token", 403, "GET", "/api/game/die.svg?lang=en&face=flag", cookie=False)
for face in ("../secret.xml", "%2e%2e%2fsecret", "<script>", "7", "0", "x" * 5000):
    refused("a die of face %r" % face[:20], 404 if len(face) < 100 else (400, 404, 414), "GET",
            "/api/game/die.svg?lang=en&face=" + face)
status, headers, body = studio.request("GET", "/api/game/die.svg?lang=en&face=sabres")
check(status == 200 and headers.get("Content-Type", "").startswith("image/svg+xml") and b"<script" not in body,
      "a face of the die is a picture: %d" % status)
for name in ("../secret.xml", "../escaped.xml", "link-out.xml", "/tmp/orbat-escaped.xml", "sub/x.xml",
             ".hidden.xml", "%2e%2e/secret.xml", "", 7):
    refused("save as %r" % (name,), (400, 403), "POST", "/api/save", origin, json.dumps({"file": name}).encode())
check(read(os.path.join(tmp, "secret.xml")) == secret_bytes and not os.path.exists(os.path.join(tmp, "escaped.xml"))
      and not os.path.exists("/tmp/orbat-escaped.xml") and read(shiloh) == shiloh_bytes,
      "no save reached a file out of the folder")
for what, body, expect in (("over a file of the folder", {"ruleset": "battlecry-1999", "file": "antietam.xml"}, 409),
                           ("out of the folder", {"ruleset": "battlecry-1999", "file": "../new.xml"}, 409),
                           ("through the link", {"ruleset": "battlecry-1999", "file": "link-out.xml"}, 409),
                           ("not an .xml file", {"ruleset": "battlecry-1999", "file": "new.txt"}, 409),
                           ("of no ruleset", {"ruleset": "no-such-game", "file": "new.xml"}, 422),
                           ("without a file", {"ruleset": "battlecry-1999"}, 400)):
    refused("a new scenario " + what, expect, "POST", "/api/new", origin, json.dumps(body).encode())
check(read(os.path.join(folder, "antietam.xml")) == read(os.path.join(source_root, "scenarios/antietam.xml"))
      and not os.path.exists(os.path.join(folder, "new.xml")), "no new scenario overwrote or made a file")
for what, body in (("not JSON", b"{\"op\": "), ("an array", b"[]")):
    refused("an edit " + what, 400, "POST", "/api/edit", origin, body)
for what, body in (("of an unknown op", {"op": "explode"}), ("of an unknown piece", {"op": "add", "piece": "dragon"}),
                   ("with a number for a string", {"op": "terrain", "at": 3}),
                   ("with seventeen attributes", {"op": "add", "piece": "unit", "side": "union",
                                                  "attrs": [["a%d" % i, "v"] for i in range(17)]}),
                   ("off the board", {"op": "add", "piece": "unit", "side": "union",
                                      "attrs": [["id", "u-far"], ["type", "infantry"], ["at", "Z99"]]}),
                   ("of a missing piece", {"op": "delete", "piece": "unit", "key": "no-such-unit"})):
    refused("an edit " + what, 422, "POST", "/api/edit", origin, json.dumps(body).encode())
# A special rule's edits: the same guards, and what the format cannot hold
# refused with its reason.
rule_body = json.dumps({"op": "add", "piece": "rule", "type": "crossing", "items": "C3"}).encode()
refused("a special rule's edit from another origin", 403, "POST", "/api/edit", evil, rule_body)
refused("a special rule's edit without an Origin", 403, "POST", "/api/edit", {"Content-Type": "application/json"},
        rule_body)
refused("a special rule's edit without the token", (401, 403), "POST", "/api/edit", origin, rule_body, cookie=False)
for what, body in (("with a list for its hexes", {"op": "add", "piece": "rule", "type": "crossing", "items": ["C3"]}),
                   ("with a negative index", {"op": "delete", "piece": "rule", "index": -1}),
                   ("of an unknown kind", {"op": "add", "piece": "rule", "type": "blockade", "items": "C3"}),
                   ("with a ford off the board", {"op": "add", "piece": "rule", "type": "crossing", "items": "C3 Z99"}),
                   ("with markup for a ford", {"op": "add", "piece": "rule", "type": "crossing",
                                               "items": "<ford at=\"C3\"/>"}),
                   ("without its fords", {"op": "add", "piece": "rule", "type": "crossing"}),
                   ("of a rule not there", {"op": "delete", "piece": "rule", "index": 4000000000}),
                   ("of a ford of no rule", {"op": "add", "piece": "rule-hex", "index": 7, "at": "C3"}),
                   ("with a side of no one", {"op": "add", "piece": "rule", "type": "exit", "items": "A1",
                                              "attrs": [["side", "evil\" onload=\"x"]]})):
    status, _, data = studio.request("POST", "/api/edit", origin, json.dumps(body).encode())
    check(status == 422 and json.loads(data).get("reason", "").startswith("edit-"),
          "a special rule's edit %s is refused with its reason: %d %s" % (what, status, data[:120]))
    still_answers("a special rule's edit " + what)
refused("an undo with nothing to undo", 422, "POST", "/api/undo", origin, b"{}")
raw("an edit body over 1 MiB",
    ("POST /api/edit HTTP/1.1\r\nHost: %s\r\nCookie: %s=%s\r\nOrigin: http://%s\r\n"
     "Content-Type: application/json\r\nContent-Length: %d\r\n\r\n"
     % (studio.host, studio.cookie_name, studio.token, studio.host, 1024 * 1024 + 10)).encode() + b"{\"op\": \"" + b"x" * 65536,
    b"HTTP/1.1 413")
raw("a save of a body over 1 MiB",
    ("POST /api/save HTTP/1.1\r\nHost: %s\r\nCookie: %s=%s\r\nOrigin: http://%s\r\n"
     "Content-Type: application/json\r\nContent-Length: %d\r\n\r\n"
     % (studio.host, studio.cookie_name, studio.token, studio.host, 2 * 1024 * 1024)).encode() + b"{\"file\": \"big.xml\", \"pad\": \""
    + b"p" * 65536, b"HTTP/1.1 413")
check(read(shiloh) == shiloh_bytes and json.loads(studio.request("GET", "/api/state")[2])["generation"] == 0,
      "the refused edits changed nothing")
# The good ones go through: an edit, its undo and redo, a save.
status, _, body = studio.request("POST", "/api/edit", origin, edit_body)
check(status == 200 and json.loads(body)["dirty"] and json.loads(body)["can_undo"], "an edit from the studio's page")
edited = json.loads(body).get("cells", {})
check(len(edited.get("tiles", [])) > 1 and len(edited.get("cells", [])) > 100
      and not [c for c in edited["cells"] if "points" in c],
      "the edit's answer brings the board's tiles and cells, without the outlines the page has")
status, _, body = studio.request("POST", "/api/undo", origin, b"{}")
check(status == 200 and not json.loads(body)["dirty"] and json.loads(body)["can_redo"], "its undo")
status, _, body = studio.request("POST", "/api/redo", origin, b"{}")
check(status == 200 and json.loads(body)["dirty"], "its redo")
status, _, body = studio.request("POST", "/api/save", origin, b"{}")
check(status == 200 and not json.loads(body)["dirty"] and read(shiloh) != shiloh_bytes, "the save writes the file")
status, _, body = studio.request("POST", "/api/open", origin, open_body)

# Paths out of the folders.
for path in ("/static/%2e%2e/%2e%2e/meson.build", "/static/..%2f..%2fmeson.build", "/static/%2e%2e%2fi18n%2fstudio.xml",
             "/static/../../../../etc/passwd", "/fonts/%2e%2e%2fstudio%2findex.html", "/static/.hidden",
             "/static/%2fetc%2fpasswd"):
    refused("traversal " + path, (403, 404), "GET", path, must_not=b"root:")
for name in ("../secret.xml", "%2e%2e/secret.xml", "link-out.xml", "/etc/passwd", ".", "", "sub/../antietam.xml"):
    refused("open %r" % name, (400, 404), "POST", "/api/open", origin, json.dumps({"file": name}).encode())
status, _, body = studio.request("GET", "/api/files")
check(b"link-out.xml" not in body and b"secret" not in body, "the start page leaves out the link out of the folder")
refused("a malformed JSON body", 400, "POST", "/api/open", origin, b"{\"file\": ")
refused("a body that is not an object", 400, "POST", "/api/open", origin, b"[1, 2]")
refused("an unknown language", 400, "GET", "/api/state?lang=de")
refused("an unknown rule", 404, "GET", "/api/explain?rule=no-such-rule")
refused("an unknown call", 404, "GET", "/api/nothing")

# The print preview: the same guards, every parameter checked, and nothing
# written into the scenarios' folder.
for path in ("/api/preview", "/api/preview/page?n=1", "/api/preview.pdf"):
    refused("%s before any preview" % path, 404, "GET", path)
    refused("%s without the token" % path, 403, "GET", path, cookie=False)
sheet = json.dumps({"product": "scenario-sheet", "lang": "en", "paper": "a4"}).encode()
refused("a preview from another origin", 403, "POST", "/api/preview", evil, sheet)
refused("a preview without an Origin", 403, "POST", "/api/preview", {"Content-Type": "application/json"}, sheet)
refused("a preview without the token", 403, "POST", "/api/preview", origin, sheet, cookie=False)
for what, body in (("of an unknown product", {"product": "poster", "paper": "a4"}),
                   ("of a path for a product", {"product": "../../../etc/passwd", "paper": "a4"}),
                   ("of a product and a path", {"product": "map-tiles/../rosters", "paper": "a4"}),
                   ("without a product", {"paper": "a4"}),
                   ("of an unknown paper", {"product": "map-tiles", "paper": "a3"}),
                   ("of a path for a paper", {"product": "map-tiles", "paper": "../a4"}),
                   ("of an unknown language", {"product": "map-tiles", "paper": "a4", "lang": "de"}),
                   ("of a number for a language", {"product": "map-tiles", "paper": "a4", "lang": 3})):
    refused("a preview " + what, 400, "POST", "/api/preview", origin, json.dumps(body).encode())
refused("a preview body that is not JSON", 400, "POST", "/api/preview", origin, b"{\"product\": ")
refused("a preview page written to", 405, "POST", "/api/preview/page", origin, b"{}")
refused("a preview in an unknown language", 400, "GET", "/api/preview?lang=de")
status, _, body = studio.request("POST", "/api/preview", origin, sheet)
made = json.loads(body) if status == 200 else {}
check(status == 200 and made.get("pages", 0) > 0 and tmp.encode() not in body and b"/tmp" not in body,
      "a good preview is made, its answer naming no folder: %d" % status)
pages = made.get("pages", 1)
for n in ("0", "-1", "abc", "1e3", "../1", "1/../2", "", "99999999999999999999"):
    refused("preview page %r" % n, 400, "GET", "/api/preview/page?n=" + n)
refused("a preview page past the last", 404, "GET", "/api/preview/page?n=%d" % (pages + 1))
refused("a preview page without n", 400, "GET", "/api/preview/page")
status, headers, body = studio.request("GET", "/api/preview/page?n=%d" % pages)
check(status == 200 and headers.get("Content-Type") == "image/png" and body.startswith(b"\x89PNG"),
      "the last page of the preview as a PNG")
status, headers, body = studio.request("GET", "/api/preview.pdf")
check(status == 200 and body.startswith(b"%PDF-") and headers.get("X-Content-Type-Options") == "nosniff"
      and re.fullmatch(r'inline; filename="[A-Za-z0-9_.-]+-scenario-sheet-en-a4\.pdf"',
                       headers.get("Content-Disposition", "")) is not None,
      "the preview's PDF, with the security headers and a plain file name")
check(not [f for f in os.listdir(folder) if not f.endswith(".xml")], "the preview wrote nothing into the folder")

# "Balance it": the same guards, every parameter checked, a run that
# reports what `orbat balance` reports, a stop that ends it, and nothing
# written into the scenarios' folder.
refused("a balance run from another origin", 403, "POST", "/api/balance", evil, b'{"games": 4}')
refused("a balance run without the token", 403, "POST", "/api/balance", origin, b'{"games": 4}', cookie=False)
refused("a balance run's facts without the token", 403, "GET", "/api/balance", cookie=False)
refused("a balance stop from another origin", 403, "POST", "/api/balance/stop", evil, b"{}")
for what, body in (("without games", {}), ("of no game", {"games": 0}), ("of too many games", {"games": 100001}),
                   ("of games as text", {"games": "12"}), ("of a negative seed", {"games": 4, "seed": -1}),
                   ("of an unknown player", {"games": 4, "players": "nobody"}),
                   ("of three players", {"games": 4, "players": "simple,simple,simple"}),
                   ("of a player and an option", {"games": 4, "players": "simple --jobs=64"}),
                   ("of a path for a player", {"games": 4, "players": "../../bin/sh"}),
                   ("of an unknown language", {"games": 4, "lang": "de"})):
    refused("a balance run " + what, 400, "POST", "/api/balance", origin, json.dumps(body).encode())
refused("a balance body that is not JSON", 400, "POST", "/api/balance", origin, b'{"games": ')
refused("a balance stop read", 405, "GET", "/api/balance/stop")
status, _, body = studio.request("GET", "/api/balance")
check(status == 200 and json.loads(body) == {"state": "none", "serial": 0}, "no balance run before the first")
status, _, body = studio.request("POST", "/api/balance", origin, json.dumps(
    {"games": 30, "players": "simple", "seed": 5, "lang": "fr"}).encode())
check(status == 200 and json.loads(body)["state"] in ("running", "done") and b"/tmp" not in body,
      "a balance run starts, its answer naming no folder: %d %r" % (status, body[:120]))
facts = {}
for _ in range(600):
    facts = json.loads(studio.request("GET", "/api/balance")[2])
    if facts["state"] != "running":
        break
    time.sleep(0.1)
cli = subprocess.run([orbat, "balance", "--format", "json", "--lang", "fr", "--games", "30", "--players", "simple",
                      "--seed", "5", os.path.join(folder, "shiloh.xml")], capture_output=True, text=True)
check(facts.get("state") == "done" and facts.get("played") == 30 and facts.get("total") == 30
      and cli.returncode == 0 and facts.get("report") == json.loads(cli.stdout),
      "the run's report is orbat balance's, in French, 30 of 30 games played: %r" % {
          k: v for k, v in facts.items() if k != "report"})
status, _, body = studio.request("POST", "/api/balance", origin, b'{"games": 100000}')
check(status == 200 and json.loads(body)["state"] == "running", "a long balance run starts")
refused("a second run while one goes on", 409, "POST", "/api/balance", origin, b'{"games": 4}')
status, _, body = studio.request("POST", "/api/balance/stop", origin, b"{}")
check(status == 200 and json.loads(body)["state"] == "stopped", "a stop ends it: %d %r" % (status, body[:80]))
check(not [f for f in os.listdir(folder) if not f.endswith(".xml")], "the balance run wrote nothing into the folder")

# Bodies too large, announced or sent in chunks.
# The answer comes as soon as the length is read: the body is never taken.
raw("a body over 1 MiB",
    ("POST /api/open HTTP/1.1\r\nHost: %s\r\nCookie: %s=%s\r\nOrigin: http://%s\r\n"
     "Content-Length: %d\r\n\r\n" % (studio.host, studio.cookie_name, studio.token, studio.host, 1024 * 1024 + 1)).encode()
    + b"x" * 65536, b"HTTP/1.1 413")
raw("a chunked body over 1 MiB",
    ("POST /api/open HTTP/1.1\r\nHost: %s\r\nCookie: %s=%s\r\nOrigin: http://%s\r\n"
     "Transfer-Encoding: chunked\r\n\r\n" % (studio.host, studio.cookie_name, studio.token, studio.host)).encode()
    + b"".join(b"%x\r\n" % 65536 + b"y" * 65536 + b"\r\n" for _ in range(18)) + b"0\r\n\r\n",
    b"HTTP/1.1 413")
raw("an absurd Content-Length",
    ("POST /api/open HTTP/1.1\r\nHost: %s\r\nCookie: %s=%s\r\nOrigin: http://%s\r\n"
     "Content-Length: 99999999999999999999999\r\n\r\n" % (studio.host, studio.cookie_name, studio.token, studio.host)).encode())

# Malformed requests.
raw("a request line without a version", b"GET /\r\n\r\n")
raw("a request line with a fourth word", ("GET / HTTP/1.1 extra\r\nHost: %s\r\n\r\n" % studio.host).encode())
raw("a request line with another protocol", b"GET / FOO/1.1\r\n\r\n")
# A line of one word has no address to answer for: libmicrohttpd closes
# the connection without a word; what matters is that the server goes on.
raw("a request line of one word", b"GARBAGE\r\n\r\n", b"")
raw("a header without a colon", ("GET /api/state HTTP/1.1\r\nHost %s\r\n\r\n" % studio.host).encode())
raw("no Host at all", b"GET /api/state HTTP/1.1\r\n\r\n")
raw("a header too large", ("GET /api/state HTTP/1.1\r\nHost: %s\r\nX-Big: %s\r\n\r\n"
                           % (studio.host, "z" * 200000)).encode())
raw("a binary request", bytes(range(256)) + b"\r\n\r\n", b"HTTP/1.1 4")
studio.stop()

# --listen is allowed, loudly.
proc = subprocess.Popen([orbat, "studio", "--listen", "127.0.0.2"], cwd=folder, stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE, text=True)
line = proc.stdout.readline()
proc.send_signal(signal.SIGINT)
rc = proc.wait(timeout=30)
err = proc.stderr.read()
check(line.startswith("http://127.0.0.2:") and "WARNING" in err and rc == 0,
      "--listen prints its address and a warning, and stops cleanly: %r %r" % (line, err[:80]))
proc.stdout.close()
proc.stderr.close()

shutil.rmtree(tmp)
if failures:
    print("%d failed" % len(failures))
    sys.exit(1)
print("studio security test: all passed")
