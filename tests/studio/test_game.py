#!/usr/bin/python3
"""A game against the computer through the studio's API, as the play page
drives it: a seeded game of a bundled hex scenario played to a result
(the first thing the rules owe or the referee's own `moves` answer
offers, else the end of the phase), its log written beside the scenario
and accepted by `orbat check`, resumed from that log; an illegal line
refused with the referee's message and its rule id; undo; the rules
questions; and a square-grid game started and carried through its first
purchase.  Plain http.client, no browser.

usage: test_game.py ORBAT SOURCE_ROOT"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from studio_server import Studio, folder_with  # noqa: E402

orbat, source_root = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what):
    print(("ok: " if ok else "FAIL: ") + what)
    if not ok:
        failures.append(what)
    return ok


tmp = tempfile.mkdtemp(prefix="orbat-studio-game-")
folder = folder_with(os.path.join(tmp, "scenarios"), source_root, {
    "first-bull-run.xml": "scenarios/first-bull-run.xml",
    "mb-1861.xml": "scenarios/mb-1861.xml",
    "bc-limit-draw.xml": "tests/rules/scenarios/bc-limit-draw.xml",
})
studio = Studio(orbat, ["first-bull-run.xml"], folder)
origin = {"Origin": "http://" + studio.host, "Content-Type": "application/json"}


def get(path):
    status, _, body = studio.request("GET", path)
    return status, json.loads(body)


def post(path, value):
    status, _, body = studio.request("POST", path, origin, json.dumps(value).encode())
    return status, json.loads(body)


def act(line):
    return post("/api/game/act", {"line": line})


# ---- before a game ----
status, _ = get("/api/game/state")
check(status == 404, "no game before a start: 404")

# ---- start: the user plays the union against `simple`, seed 5 ----
status, state = post("/api/game/start", {"side": "union", "player": "simple", "seed": 5})
check(status == 200, "a seeded game starts: %d" % status)
check(state.get("side") == "union" and state.get("computer") == "confederate", "the user plays the union")
check(state.get("seed") == 5 and state.get("player") == "simple", "the seed and the player are told")
check(len(state.get("hand", [])) > 0 and all(c["id"] and c["name"] for c in state["hand"]),
      "the union's hand is shown with the cards' names")
check(any(u["side"] == "confederate" for u in state.get("units", [])), "the units stand on the board")
log_name = state.get("file")
check(log_name == "first-bull-run-game.log" and os.path.exists(os.path.join(folder, log_name)),
      "the log is written beside the scenario: %s" % log_name)
status, nl = get("/api/game/state?lang=nl")
check(status == 200 and [c["name"] for c in nl["hand"]] != [c["name"] for c in state["hand"]],
      "the hand's names come in the page's language")

# ---- the hand as the deck prints it ----
check(all(len(c.get("plays", [])) == 1 and c["plays"][0]["line"] == "play union " + c["id"] for c in state["hand"]),
      "each card of the hand is offered as the play the referee takes: %s" % [c.get("plays") for c in state["hand"]])
for c in state["hand"]:
    st, headers, en_svg = studio.request("GET", "/api/game/card.png?lang=en&id=" + c["id"])
    check(st == 200 and headers.get("Content-Type") == "image/png" and en_svg.startswith(b"\x89PNG"),
          "the card %s is served as the deck prints it" % c["id"])
st, _, nl_svg = studio.request("GET", "/api/game/card.png?lang=nl&id=" + state["hand"][0]["id"])
check(st == 200 and nl_svg != studio.request("GET", "/api/game/card.png?lang=en&id=" + state["hand"][0]["id"])[2],
      "the card is printed in the page's language")
st, _, _ = studio.request("GET", "/api/game/card.png?lang=en&id=no-such-card")
check(st == 404, "a card the deck has not: 404")

# ---- refusals, with the referee's rule id ----
status, ans = act("move u-inf-1 A1")
check(status == 422 and ans.get("rule", "").startswith("bc-") and ans.get("error"),
      "an illegal line is refused with its rule id: %s" % ans)
status, ans = act("frobnicate")
check(status == 422 and ans.get("error"), "a malformed line is refused: %s" % ans.get("error"))
status, ans = get("/api/game/ask?q=weather")
check(status == 400 and ans.get("error"), "a question the referee does not know is refused")

# ---- undo: a card played (no dice) goes back ----
card = state["hand"][0]["id"]
status, ans = act("play union " + card)
check(status == 200 and ans.get("line", "").startswith("play union"), "a card is played: %s" % ans.get("line"))
lines = len(ans["state"]["log"])
status, ans = post("/api/game/undo", {})
check(status == 200 and len(ans["state"]["log"]) == lines - 1, "undo takes the card back")
check(any(c["id"] == card for c in ans["state"]["hand"]), "the card is in the hand again")


# ---- the position drawn by the map painter, as it stands ----
def board_svg():
    status, headers, body = studio.request("GET", "/api/game/board.svg?lang=en")
    check(status == 200 and headers.get("Content-Type") == "image/svg+xml" and body.startswith(b"<?xml"),
          "the game's board is an SVG of the map painter's: %d" % status)
    return body


at_start = board_svg()
status, ans = act("play union " + card)
check(status == 200 and board_svg() == at_start, "a card played moves no piece: the same drawing")
moved = None
for u in [u for u in ans["state"]["units"] if u["side"] == "union" and u.get("at")]:
    if act("order " + u["id"])[0] != 200:
        continue
    st, reach = get("/api/game/ask?q=moves+" + u["at"])
    cells = [c for a in reach.get("answers", []) for c in a.get("reachable", []) if c != u["at"]]
    if cells and act("move %s %s" % (u["id"], cells[0]))[0] == 200:
        moved = (u["id"], cells[0])
        break
check(moved is not None, "a unit of the union's is ordered and moved: %s" % (moved,))
after_move = board_svg()
check(after_move != at_start, "the drawing shows the unit where it stands now")
lines_now = len(get("/api/game/state")[1]["log"])
st, _, then = studio.request("GET", "/api/game/board.svg?lang=en&lines=%d" % (lines_now - 1))
check(st == 200 and then == at_start, "board.svg?lines=N draws the position after the log's first N lines")
st, _, now = studio.request("GET", "/api/game/board.svg?lang=en&lines=%d" % lines_now)
check(st == 200 and now == after_move, "the whole log's count draws the position as it stands")
for bad in ("abc", "", "-1", "99999"):
    st, _, _ = studio.request("GET", "/api/game/board.svg?lang=en&lines=" + bad)
    check(st == 400, "lines=%r is refused: %d" % (bad, st))
status, ans = post("/api/game/undo", {})
check(status == 200 and board_svg() == at_start, "undo draws the unit back where it stood")
status, ans = post("/api/game/undo", {})
while status == 200 and len(ans["state"]["log"]) > lines - 1:
    status, ans = post("/api/game/undo", {})
check(len(ans["state"]["log"]) == lines - 1, "the order and the card are taken back")


# ---- the game played to a result ----
def retreat_lines(unit, count):
    """The referee's own retreat answer: a line for each path it offers."""
    st, ans = get("/api/game/ask?q=retreat+%s+%d" % (unit, count))
    paths = [o["path"] for a in ans.get("answers", []) for o in a.get("outcomes", [])]
    return ["retreat %s %s" % (unit, " ".join(p)) for p in paths]


def offers(state, ordered):
    """The lines to try in turn for the user's decision now: what the
    rules owe first (a retreat to a cell the referee offers), else a card,
    orders one unit at a time, battles of the units ordered, the draw."""
    me = state["side"]
    tries = []
    for due in state["dues"]:
        step, unit = due.get("step"), due.get("unit")
        if step == "retreat" and unit:
            tries += retreat_lines(unit, due.get("count", 1)) + ["retreat " + unit]
        elif step and unit:
            tries.append("%s %s" % (step, unit))
        if due["kind"] == "may":
            tries.append("pass")
    if tries:
        return tries
    tries += ["play %s %s" % (me, c["id"]) for c in state["hand"]]
    mine = [u["id"] for u in state["units"] if u["side"] == me and u.get("alive", True) and u.get("at")]
    tries += ["order " + u for u in mine if u not in ordered]
    enemies = [u["id"] for u in state["units"] if u["side"] != me and u.get("alive", True) and u.get("at")]
    tries += ["battle %s %s" % (u, e) for u in ordered for e in enemies]
    tries += ["draw", "discard %s %s" % (me, state["hand"][0]["id"]) if state["hand"] else "pass"]
    return tries


def play_on(limit):
    """Take the user's decisions until the game is over; the computer
    plays between them.  The count of lines taken."""
    taken = 0
    ordered = []
    battled = set()
    for _ in range(limit):
        status, state = get("/api/game/state")
        if state.get("over") or not state.get("yours"):
            return taken, state
        for line in offers(state, [u for u in ordered if u not in battled]):
            status, ans = act(line)
            if status == 200:
                taken += 1
                words = line.split()
                if words[0] == "order":
                    ordered.append(words[1])
                elif words[0] == "battle":
                    battled.add(words[1])
                elif words[0] == "draw":
                    ordered, battled = [], set()
                break
        else:
            return taken, state
    return taken, get("/api/game/state")[1]


taken, state = play_on(3000)
check(state.get("over") and state.get("winner") is not None,
      "the game is played to a result (%d lines of the user's, winner %s, stopped %s)"
      % (taken, state.get("winner"), state.get("stopped")))
computer_lines = [l for l in state["log"] if l["computer"]]
check(len(computer_lines) > 0 and any(":" in l["line"] for l in computer_lines),
      "the computer's actions are in the log, with their dice")

# ---- the log: accepted by orbat check, resumed ----
log_path = os.path.join(folder, log_name)
r = subprocess.run([orbat, "check", os.path.join(folder, "first-bull-run.xml"), log_path],
                   capture_output=True, text=True)
check(r.returncode == 0, "orbat check accepts the studio's log: %s%s" % (r.stdout[-300:], r.stderr[-300:]))
with open(log_path) as f:
    saved = f.read().splitlines()
check(saved == [l["line"] for l in state["log"]], "the log file holds the game's lines, whole")

status, saved_list = get("/api/game/logs")
check(status == 200 and log_name in saved_list.get("logs", []), "the saved games are listed for resume: %s" % saved_list)
status, resumed = post("/api/game/resume", {"file": log_name, "side": "union"})
check(status == 200 and [l["line"] for l in resumed["log"]] == saved and resumed.get("over"),
      "the log is resumed to the same position: %d" % status)
status, ans = post("/api/game/resume", {"file": "../secret.log"})
check(status in (400, 404), "a log outside the folder is not resumed: %d" % status)

# A log cut halfway resumes to the game as it stood there.
half = os.path.join(folder, "half.log")
with open(half, "w") as f:
    f.write("\n".join(saved[:len(saved) // 2]) + "\n")
status, resumed = post("/api/game/resume", {"file": "half.log", "side": "union"})
check(status == 200 and len(resumed["log"]) >= len(saved) // 2, "a log cut halfway is resumed: %d" % status)

# A log whose dice were changed does not follow from its seed.
bad = os.path.join(folder, "bad.log")
with open(bad, "w") as f:
    for line in saved:
        if line.startswith("battle") and ":" in line:
            head, faces = line.split(":", 1)
            faces = " ".join("flag" if x != "flag" else "sabres" for x in faces.split())
            line = head + ": " + faces
        f.write(line + "\n")
status, ans = post("/api/game/resume", {"file": "bad.log"})
check(status == 422 and ans.get("error"), "a log whose dice were changed is refused: %s" % ans.get("error"))

# ---- a card for a section the player names ----
status, state = post("/api/game/start", {"side": "union", "player": "simple", "seed": 6})
fire = [c for c in state.get("hand", []) if c["card"] == "fire"]
check(fire and sorted(p.get("section") or "" for p in fire[0]["plays"]) == ["centre", "left", "right"],
      "a card played for a section offers the three sections: %s" % (fire and fire[0].get("plays")))
others = [c for c in state.get("hand", []) if c["card"] != "fire"]
check(all(not p.get("section") for c in others for p in c["plays"]), "a card of its own flank names no section")
if fire:
    status, ans = act([p["line"] for p in fire[0]["plays"] if p.get("section") == "centre"][0])
    check(status == 200 and ans["line"] == "play union fire centre", "the card is played for the centre")
    check(all(not c.get("plays") for c in ans["state"]["hand"]), "no card is offered once one is played")
os.remove(os.path.join(folder, state["file"]))

# ---- questions on the position ----
status, state = post("/api/game/start", {"side": "confederate", "player": "simple", "seed": 11})
check(status == 200 and state.get("file") == "first-bull-run-game-2.log",
      "a new game never overwrites a saved one: %s" % state.get("file"))
check(len([l for l in state["log"] if l["computer"]]) > 0 or state.get("to_play") == "confederate",
      "the computer opens when its side plays first")
mine = [u for u in state["units"] if u["side"] == "confederate" and u.get("at")]
status, ans = get("/api/game/ask?q=moves+" + mine[0]["at"])
check(status == 200 and len(ans.get("answers", [])) == 1, "the referee's moves answer comes as JSON")
enemy = [u for u in state["units"] if u["side"] == "union" and u.get("at")]
status, ans = get("/api/game/ask?q=dice+%s+%s" % (mine[0]["at"], enemy[0]["at"]))
check(status == 200 and ans.get("answers"), "the dice answer comes as JSON")
status, ans = get("/api/game/ask?q=los+%s+%s" % (mine[0]["at"], enemy[0]["at"]))
check(status == 200 and ans.get("answers"), "the los answer comes as JSON")

# ---- Short Supply: the enemy units it may name, as buttons ----
status, _ = post("/api/open", {"file": "first-bull-run.xml"})
status, state = post("/api/game/start", {"side": "union", "player": "simple", "seed": 5})
pieces = state.get("units", []) + state.get("generals", [])
check(pieces and all(p.get("name") and p["name"] != p["id"] for p in pieces)
      and {"Howard’s Brigade", "Irvin McDowell"} <= {p["name"] for p in pieces},
      "every unit and general of the game carries its name as the maps give it")
if check(status == 200 and "short-supply" in [c["id"] for c in state.get("hand", [])],
         "a seeded game whose hand holds Short Supply"):
    st, ans = post("/api/game/act?lang=fr", {"line": "play union short-supply"})
    named = [o for o in ans.get("state", {}).get("offers", []) if o["kind"] == "order"]
    enemies = {u["id"] for u in ans.get("state", {}).get("units", []) if u["side"] == "confederate" and u.get("at")}
    check(st == 200 and named and {o["line"].split()[1] for o in named} <= enemies
          and all(o["text"].startswith("Ravitaillement insuffisant\u00a0: ") for o in named),
          "after Short Supply each enemy unit it may name is a button, said in French: %r"
          % [o.get("text") for o in named[:2]])
    if named:
        st, ans = act(named[0]["line"])
        check(st == 200, "the unit named falls back: %s" % ans.get("error"))

# ---- a scenario's turn limit ends the game in a draw, with its rule ----
status, _ = post("/api/open", {"file": "bc-limit-draw.xml"})
status, state = post("/api/game/start", {"side": "union", "player": "simple", "seed": 1})
playable = [c for c in state.get("hand", []) if c.get("plays")]
if check(status == 200 and playable, "a game on a scenario of one turn a side starts"):
    act(playable[0]["plays"][0]["line"])
    st, ans = act("draw")
    over = ans.get("state", {})
    check(st == 200 and over.get("over") and over.get("winner") == "draw" and over.get("result_rule") == "turn-limit"
          and "draw" in over.get("result", ""),
          "after each side's turn the game is over, drawn by the turn limit, the rule named: %r"
          % {k: over.get(k) for k in ("over", "winner", "result", "result_rule")})

# ---- a square scenario: started, its first purchase ----
status, _ = post("/api/open", {"file": "mb-1861.xml"})
check(status == 200, "the square scenario opens")
status, _ = get("/api/game/state")
check(status == 404, "opening another scenario ends the game")
status, state = post("/api/game/start", {"seed": 3, "player": "simple"})
check(status == 200 and state.get("grid") == "square", "a square game starts: %d %s" % (status, state.get("error")))
if status == 200:
    st, ans = get("/api/game/ask?q=buy+infantry")
    check(st == 200 and ans.get("answers"), "the referee answers whether infantry may be bought: %s" % ans)
    # The offers in the page's words, the pieces named as the maps name
    # them, with their squares.
    said = {lang: {o["line"]: o.get("text") for o in get("/api/game/state?lang=" + lang)[1].get("offers", [])}
            for lang in ("en", "nl", "fr")}
    check(said["en"].get("buy infantry") == "Buy Infantry" and said["nl"].get("roll") == "Gooien voor beweging"
          and said["fr"].get("buy cavalry") == "Acheter Cavalerie",
          "each offer is said in the page's language: %r" % {lang: list(v.values())[:3] for lang, v in said.items()})
    st, ans = act("buy infantry")
    check(st == 200 and ans["line"] == "buy infantry", "a first purchase is taken: %s" % ans.get("error"))
    st, ans = post("/api/game/act?lang=fr", {"line": "roll"})
    attacks = [o for o in ans.get("state", {}).get("offers", []) if o["kind"] == "attack"]
    check(st == 200 and attacks and all(" attaque " in o["text"] and "(" in o["text"] and "u-" not in o["text"]
                                        for o in attacks),
          "after the roll, each attack is said with the pieces' names and squares, never their ids: %r"
          % [o.get("text") for o in attacks[:3]])
    board_svg()
status, ans = post("/api/game/start", {"side": "nobody"})
check(status == 400 and ans.get("error"), "a side the scenario has not is refused")
status, ans = post("/api/game/start", {"player": "nobody"})
check(status == 400 and ans.get("error"), "a player the program has not is refused")

studio.stop()

# ---- orbat studio --play: the game is under way when the page opens ----
saved_logs = len([f for f in os.listdir(folder) if f.startswith("first-bull-run-game")])
studio = Studio(orbat, ["--play", "--side", "confederate", "--player", "simple", "first-bull-run.xml"], folder)
status, state = get("/api/game/state")
check(status == 200 and state.get("side") == "confederate" and state.get("player") == "simple"
      and state.get("file") == "first-bull-run-game-%d.log" % (saved_logs + 1),
      "--play starts the game on the scenario, its log beside the %d saved: %d %s"
      % (saved_logs, status, state.get("file")))
studio.stop()
r = subprocess.run([orbat, "studio", "--play"], cwd=folder, capture_output=True, text=True)
check(r.returncode == 2 and "--play" in r.stderr, "--play without a scenario is a usage error")
r = subprocess.run([orbat, "studio", "--play", "--side", "nobody", "first-bull-run.xml"], cwd=folder,
                   capture_output=True, text=True, timeout=30)
check(r.returncode == 2 and "nobody" in r.stderr, "--play with a side the scenario has not is refused: %s" % r.stderr)
shutil.rmtree(tmp)
if failures:
    print("%d failed" % len(failures))
    sys.exit(1)
print("all passed")
