#!/usr/bin/env python3
"""Every rule id that orbat can print resolves through `orbat explain`.

    rule_ids.py ORBAT_BINARY SOURCE_ROOT

Collects the rule ids orbat prints, each with the ruleset it is printed for:

  (a) every [id] in the expected outputs under tests/ (*.expected), the
      ruleset taken from the scenario each output belongs to;
  (b) every full rule-id literal ("bc-3.1") in src/, and every format-id
      literal that reaches a diagnostic or a refusal (the rule argument of
      diag_add, check_error, check_warning, the *_RULE macros, the rule
      written into a referee error);
  (c) every section literal passed to the rule-id builders (game_rule,
      check_rule, ruleset_rule, fail, reason, game_say, ...), combined with
      each rule prefix it can be printed under (the hex prefixes, or the
      square ones for the square-grid files), and every section the ruleset
      data names (rule, attack-rule, flags-rule) with that ruleset's prefix;
  (d) the ids printed by real runs: `orbat validate` on every bundled and
      test scenario, `orbat play --auto` on every hex
      scenario with a few seeds, the typed play sessions of the tests (with
      their refusals), and `orbat check` on the golden game logs.

Each must resolve through `orbat explain ID --ruleset R --format json` in
en, nl and fr (a format id for every ruleset), and its title, text and
advice must differ between the three languages.  The ids of a ruleset go
to orbat explain together, one run a language.  Prints one FAIL line per
id that does not, with where it comes from, and `rule-ids: N passed, M
failed` last.
"""

import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

LANGS = ("en", "nl", "fr")
RULESET_NS = "{urn:orbat:ruleset:1}"
ID_IN_OUTPUT = re.compile(r"\[([a-z][a-z0-9]*(?:-[0-9][a-z0-9.]*)?)\]")
SECTION = re.compile(r"^[0-9]+(?:\.[a-z0-9]+)*$")
FORMAT_ID = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*$")
SEEDS = (1, 2, 3, 9)


def fail_usage(msg):
    print("rule-ids: " + msg, file=sys.stderr)
    sys.exit(2)


# ---- the rulesets: prefix and grid, with inheritance ----

def load_rulesets(root):
    raw = {}
    for path in sorted(glob.glob(os.path.join(root, "data", "rulesets", "*.xml"))):
        el = ET.parse(path).getroot()
        rules = {}
        # every rule="..." and *-rule="..." of the file, on any element
        # (the root, a card, a square unit, a step of the turn ...)
        for e in el.iter():
            tag = e.tag[len(RULESET_NS):] if e.tag.startswith(RULESET_NS) else e.tag
            for attr, value in e.attrib.items():
                if attr == "rule" or attr.endswith("-rule"):
                    key = tag + ("#" + e.get("id") if e.get("id") else "")
                    rules[key + "@" + attr] = value
        raw[el.get("id")] = {"extends": el.get("extends"), "grid": el.get("grid"),
                             "prefix": el.get("rule-prefix"), "rules": rules}

    def resolve(rid, key, depth=0):
        r = raw.get(rid)
        if r is None or depth > 8:
            return None
        if r[key] is not None:
            return r[key]
        return resolve(r["extends"], key, depth + 1) if r["extends"] else None

    def sections(rid, depth=0):
        r = raw.get(rid)
        if r is None or depth > 8:
            return {}
        out = dict(sections(r["extends"], depth + 1)) if r["extends"] else {}
        out.update(r["rules"])
        return out

    rulesets = {}
    for rid in raw:
        rulesets[rid] = {"prefix": resolve(rid, "prefix"), "grid": resolve(rid, "grid") or "hex",
                         "sections": sections(rid)}
    return rulesets


# ---- (a) expected outputs ----

def scenario_ruleset(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            m = re.search(r'<scenario\b[^>]*\bruleset="([^"]*)"', f.read())
        return m.group(1) if m else None
    except OSError:
        return None


def find_scenario(name, dirs):
    for d in dirs:
        p = os.path.join(d, name)
        if os.path.isfile(p):
            return p
    return None


def log_scenarios(golden_dir):
    """LOG -> scenario path, from a golden folder's `cases` file."""
    out = {}
    cases = os.path.join(golden_dir, "cases")
    if os.path.isfile(cases):
        for line in open(cases, encoding="utf-8"):
            words = line.split()
            if len(words) >= 2 and not words[0].startswith("#"):
                out[words[0]] = os.path.normpath(os.path.join(golden_dir, words[1]))
    return out


def scenario_dirs(root):
    return [os.path.join(root, "scenarios"), os.path.join(root, "tests", "rules", "scenarios")]


def collect_expected(root, rulesets, found):
    for path in sorted(glob.glob(os.path.join(root, "tests", "**", "*.expected"), recursive=True)):
        d = os.path.dirname(path)
        base = os.path.basename(path)[: -len(".expected")]
        rel = os.path.relpath(path, root)
        default = None
        sibling = os.path.join(d, base + ".xml")
        if os.path.isfile(sibling):
            default = scenario_ruleset(sibling)
        logs = log_scenarios(d)
        if base + ".log" in logs:
            default = scenario_ruleset(logs[base + ".log"])
        current = default
        for n, line in enumerate(open(path, encoding="utf-8", errors="replace"), 1):
            # "== SCENARIO.xml query..." heads the answers of one scenario
            m = re.match(r"^== (\S+\.xml)\b", line)
            if m:
                p = find_scenario(m.group(1), [d] + scenario_dirs(root))
                current = scenario_ruleset(p) if p else default
            for rid in ID_IN_OUTPUT.findall(line):
                ruleset = current if current in rulesets else None
                found.add(rid, ruleset, "%s:%d" % (rel, n))


# ---- (b) and (c) the sources ----

def strip_comments(src):
    """C source without comments; string and character literals kept, line
    numbers kept."""
    out = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if c == "/" and src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * src.count("\n", i, j))
            i = j
        elif c == "/" and src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            out.append(src[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def call_args(src, start):
    """The top-level arguments of the call whose '(' is at start, and the
    index after its ')'."""
    args, depth, i, cur = [], 0, start, []
    n = len(src)
    while i < n:
        c = src[i]
        if c in "\"'":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            cur.append(src[i:j + 1])
            i = j + 1
            continue
        if c in "([{":
            depth += 1
            if depth == 1:
                i += 1
                continue
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                args.append("".join(cur).strip())
                return args, i + 1
        elif c == "," and depth == 1:
            args.append("".join(cur).strip())
            cur = []
            i += 1
            continue
        cur.append(c)
        i += 1
    return args, n


def literals(expr):
    return [bytes(m, "utf-8").decode("unicode_escape") for m in re.findall(r'"((?:[^"\\]|\\.)*)"', expr)]


def calls(src, name):
    """(line, args) of every call of `name` (not a definition or prototype)."""
    for m in re.finditer(r"(?<![\w.>])" + re.escape(name) + r"\s*\(", src):
        before = src[max(0, m.start() - 40):m.start()]
        # skip definitions and prototypes: "static bool fail(" / "void game_rule("
        if re.search(r"\b(?:void|bool|int|char|const char \*|static [\w ]+\*?)\s*$", before):
            continue
        args, _ = call_args(src, m.end() - 1)
        yield src.count("\n", 0, m.start()) + 1, args


# The rule-id builders: function -> index of the section argument.
SECTION_BUILDERS = {
    "game_rule": 1, "check_rule": 1, "ruleset_rule": 1, "rule": 1,
    "fail": 2, "reason": 2, "game_say": 3, "game_fail": 2, "answer_error": 3, "occupant_at": 3,
}
# Functions that take a finished rule id: function -> index of the rule argument.
RULE_SINKS = {"diag_add": 5, "check_error": 2, "check_warning": 2, "rules_fail": 1}


def collect_sources(root, rulesets, found, counts):
    hex_prefixes = sorted({r["prefix"] for r in rulesets.values() if r["grid"] == "hex" and r["prefix"]})
    square_prefixes = sorted({r["prefix"] for r in rulesets.values() if r["grid"] == "square" and r["prefix"]})
    all_prefixes = sorted({r["prefix"] for r in rulesets.values() if r["prefix"]})
    full_id = re.compile(r"^(?:%s)-[0-9][a-z0-9.]*$" % "|".join(map(re.escape, all_prefixes)))
    files = sorted(glob.glob(os.path.join(root, "src", "**", "*.[ch]"), recursive=True))
    sources = {}
    defines = {}
    for path in files:
        src = strip_comments(open(path, encoding="utf-8", errors="replace").read())
        sources[path] = src
        for m in re.finditer(r'^\s*#\s*define\s+(\w+)\s+"([^"]*)"', src, re.M):
            defines[m.group(1)] = m.group(2)

    def where(path, line):
        return "%s:%d" % (os.path.relpath(path, root), line)

    for path, src in sources.items():
        # (b) full rule ids written out
        for m in re.finditer(r'"([^"\\\n]*)"', src):
            if full_id.match(m.group(1)):
                line = src.count("\n", 0, m.start()) + 1
                prefix = m.group(1).split("-", 1)[0]
                for rid, r in rulesets.items():
                    if r["prefix"] == prefix:
                        found.add(m.group(1), rid, where(path, line))
                counts["b"] += 1
        # (b) the *_RULE macros are rule ids by name
        for m in re.finditer(r'^\s*#\s*define\s+(\w+_RULE)\s+"([^"]*)"', src, re.M):
            line = src.count("\n", 0, m.start()) + 1
            found.add(m.group(2), None, where(path, line))
            counts["b"] += 1
        # (b) the rule argument of the diagnostics sinks
        for fn, idx in RULE_SINKS.items():
            for line, args in calls(src, fn):
                if len(args) <= idx:
                    continue
                arg = args[idx]
                values = literals(arg)
                if not values and re.match(r"^[A-Z_][A-Z0-9_]*$", arg) and arg in defines:
                    values = [defines[arg]]
                for v in values:
                    if FORMAT_ID.match(v) and not full_id.match(v):
                        found.add(v, None, where(path, line))
                        counts["b"] += 1
        # (b) rule ids written into a referee error: snprintf(err->rule, ...)
        for line, args in calls(src, "snprintf"):
            if len(args) >= 3 and re.search(r"(?:->|\.)rule$", args[0]):
                vals = literals(args[2])
                if vals and vals[0] == "%s" and len(args) >= 4:
                    vals = literals(args[3])
                for v in vals:
                    if FORMAT_ID.match(v) and "%" not in v:
                        found.add(v, None, where(path, line))
                        counts["b"] += 1
        # (c) sections given to the builders, and sections kept in rule variables
        rel = os.path.relpath(path, root)
        if not (rel.startswith(os.path.join("src", "rules")) or rel.startswith(os.path.join("src", "validate"))):
            continue
        # the square-grid files: *square* and the square game's sq*.c
        base = os.path.basename(path)
        prefixes = square_prefixes if "square" in base or base.startswith("sq") else hex_prefixes
        sections = []
        for fn, idx in SECTION_BUILDERS.items():
            for line, args in calls(src, fn):
                if len(args) > idx:
                    sections += [(line, v) for v in literals(args[idx])]
        for m in re.finditer(r'\b(?:rule|section|stack)\s*=\s*([^;]*);', src):
            line = src.count("\n", 0, m.start()) + 1
            sections += [(line, v) for v in literals(m.group(1))]
        for line, sec in sections:
            if not SECTION.match(sec):
                continue
            counts["c"] += 1
            for prefix in prefixes:
                for rid, r in rulesets.items():
                    if r["prefix"] == prefix:
                        found.add("%s-%s" % (prefix, sec), rid, where(path, line))

    # (c) the sections the ruleset data names, with that ruleset's prefix
    for rid, r in rulesets.items():
        for key, sec in r["sections"].items():
            if r["prefix"] and SECTION.match(sec):
                counts["c"] += 1
                found.add("%s-%s" % (r["prefix"], sec), rid,
                          "data/rulesets/%s.xml <%s>" % (rid, key.replace("@", " ")))


# ---- (d) real runs ----

def run(cmd, cwd=None, stdin=None):
    p = subprocess.run(cmd, cwd=cwd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=600)
    return p.returncode, p.stdout.decode("utf-8", "replace") + p.stderr.decode("utf-8", "replace")


def collect_runs(orbat, root, rulesets, found, counts):
    scenarios = sorted(p for d in scenario_dirs(root) for p in glob.glob(os.path.join(d, "*.xml")))
    jobs = []
    for path in scenarios:
        rid = scenario_ruleset(path)
        jobs.append((rid if rid in rulesets else None, "validate %s" % os.path.relpath(path, root),
                     [orbat, "validate", path], None, None))
        if rid not in rulesets or rulesets[rid]["grid"] != "hex":
            continue
        for seed in SEEDS:
            jobs.append((rid, "play --auto --seed %d %s" % (seed, os.path.relpath(path, root)),
                         [orbat, "play", "--auto", "--seed", str(seed), path], None, None))
    # Sessions typed into orbat play, with their refusals: the header names
    # the seed and the scenario, "(seed 7, bc-duel.xml)".
    for session in sorted(glob.glob(os.path.join(root, "tests", "**", "play-session*.txt"), recursive=True)):
        with open(session, encoding="utf-8") as f:
            text = f.read()
        m = re.search(r"seed (\d+), ([\w.-]+\.xml)", text)
        path = find_scenario(m.group(2), [os.path.dirname(session), os.path.join(os.path.dirname(session), "scenarios")]
                             + scenario_dirs(root)) if m else None
        if not path:
            found.problem("collect", "%s names no scenario and seed" % os.path.relpath(session, root))
            continue
        rid = scenario_ruleset(path)
        jobs.append((rid if rid in rulesets else None, "play --seed %s %s < %s" % (
            m.group(1), m.group(2), os.path.relpath(session, root)),
            [orbat, "play", "--seed", m.group(1), path], None, text.encode("utf-8")))
    golden = os.path.join(root, "tests", "rules", "golden")
    for log, scenario in sorted(log_scenarios(golden).items()):
        rid = scenario_ruleset(scenario)
        jobs.append((rid if rid in rulesets else None, "check %s" % log,
                     [orbat, "check", scenario, os.path.join(golden, log)], golden, None))
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = pool.map(lambda j: (j, run(j[2], cwd=j[3], stdin=j[4])), jobs)
        for (rid, what, _, _, _), (rc, out) in results:
            counts["d"] += 1
            if rc not in (0, 1):
                found.problem("run", "orbat %s exits %d:\n%s" % (what, rc, out[-2000:]))
            for n, line in enumerate(out.splitlines(), 1):
                for rule in ID_IN_OUTPUT.findall(line):
                    found.add(rule, rid, "orbat %s, output line %d" % (what, n))


# ---- checking ----

class Found:
    def __init__(self):
        self.ids = {}       # (id, ruleset) -> [origins]
        self.problems = []

    def add(self, rid, ruleset, origin):
        self.ids.setdefault((rid, ruleset), []).append(origin)

    def problem(self, what, text):
        self.problems.append((what, text))


def explain(orbat, rids, ruleset, lang):
    cmd = [orbat, "explain"] + list(rids) + ["--format", "json", "--lang", lang]
    if ruleset:
        cmd += ["--ruleset", ruleset]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace").strip()


def explain_group(orbat, rids, ruleset, lang):
    """{rid: JSON answer, or a reason why there is none} for the ids of one
    ruleset in one language: one run of orbat explain for them all (one
    JSON object a line, in their order; an id that fails prints none),
    then one run for each id without an answer, for its own message."""
    rc, out, err = explain(orbat, rids, ruleset, lang)
    docs = []
    for line in out.splitlines():
        try:
            docs.append(json.loads(line))
        except ValueError:
            docs.append(None)
    answers, j = {}, 0
    for rid in rids:
        doc = docs[j] if j < len(docs) else None
        if isinstance(doc, dict) and doc.get("id", "").lower() == rid.lower():
            answers[rid] = doc
            j += 1
            continue
        rc1, out1, err1 = explain(orbat, [rid], ruleset, lang)
        if rc1 != 0:
            answers[rid] = "orbat explain %s%s --lang %s exits %d: %s" % (
                rid, " --ruleset " + ruleset if ruleset else "", lang, rc1, err1)
            continue
        try:
            doc = json.loads(out1)
        except ValueError as e:
            answers[rid] = "orbat explain --format json gives no JSON (%s)" % e
            continue
        answers[rid] = doc if doc.get("id", "").lower() == rid.lower() else \
            "orbat explain %s answers for '%s'" % (rid, doc.get("id"))
    return answers


def verdict(rid, answers):
    """A list of reasons why the id does not resolve; empty when it does.
    answers: {lang: JSON answer or a reason}."""
    for lang in LANGS:
        if isinstance(answers[lang], str):
            return [answers[lang]]
    reasons = []
    for field in ("title", "text", "advice"):
        texts = {lang: " ".join((answers[lang].get(field) or "").split()) for lang in LANGS}
        for lang in LANGS:
            if not texts[lang]:
                reasons.append("no %s in %s" % (field, lang))
        for i, a in enumerate(LANGS):
            for b in LANGS[i + 1:]:
                if texts[a] and texts[a] == texts[b]:
                    reasons.append("the %s is the same in %s and %s" % (field, a, b))
    return reasons


def main():
    if len(sys.argv) != 3:
        fail_usage("usage: rule_ids.py ORBAT_BINARY SOURCE_ROOT")
    orbat = os.path.abspath(sys.argv[1])
    root = os.path.abspath(sys.argv[2])
    if not os.access(orbat, os.X_OK):
        fail_usage("%s is not an executable" % orbat)
    rulesets = load_rulesets(root)
    if not rulesets:
        fail_usage("no rulesets under %s/data/rulesets" % root)
    found = Found()
    counts = {"b": 0, "c": 0, "d": 0}
    collect_expected(root, rulesets, found)
    collect_sources(root, rulesets, found, counts)
    collect_runs(orbat, root, rulesets, found, counts)
    # The collectors must find something, or this test proves nothing.
    expected_ids = sum(1 for origins in found.ids.values() if any(".expected:" in o for o in origins))
    for what, n in (("ids in expected outputs", expected_ids), ("rule ids in src/", counts["b"]),
                     ("section literals in src/", counts["c"]), ("runs of orbat", counts["d"])):
        if n == 0:
            found.problem("collect", "found no %s: the collector is broken" % what)

    keys = sorted(found.ids, key=lambda k: (k[0], k[1] or ""))
    # The ids of a ruleset go to orbat explain together, a run per language.
    groups = sorted({(ruleset or "", lang) for _, ruleset in keys for lang in LANGS})
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        answers = dict(zip(groups, pool.map(
            lambda g: explain_group(orbat, [rid for rid, rs in keys if (rs or "") == g[0]], g[0] or None, g[1]),
            groups)))
    verdicts = [verdict(rid, {lang: answers[(ruleset or "", lang)][rid] for lang in LANGS})
                for rid, ruleset in keys]
    passed = failed = 0
    for (rid, ruleset), reasons in zip(keys, verdicts):
        if not reasons:
            passed += 1
            continue
        failed += 1
        origins = found.ids[(rid, ruleset)]
        print("FAIL %s (%s)" % (rid, ruleset or "every ruleset"))
        for r in reasons:
            print("  " + r)
        for o in origins[:5]:
            print("  printed by " + o)
        if len(origins) > 5:
            print("  ... and %d more places" % (len(origins) - 5))
    for what, text in found.problems:
        failed += 1
        print("FAIL %s: %s" % (what, text))
    print("rule-ids: %d passed, %d failed (%d ids from expected outputs, %d source literals, "
          "%d section literals, %d runs)" % (passed, failed, expected_ids, counts["b"], counts["c"], counts["d"]))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
