#!/usr/bin/env python3
"""Every element and attribute of the RELAX NG schemas says what it means.

    check-schema-docs.py SCHEMA_DIR

For each *.rng under SCHEMA_DIR, every <element> and <attribute> pattern must
have an <a:documentation> child
(xmlns:a="http://relaxng.org/ns/compatibility/annotations/1.0") with some
text: editors show it while an author types.  Prints one line per pattern
without one, and a summary; exits 1 when any is missing or no schema is
found.
"""
import glob
import os
import sys
import xml.etree.ElementTree as ET

RNG = "{http://relaxng.org/ns/structure/1.0}"
DOC = "{http://relaxng.org/ns/compatibility/annotations/1.0}documentation"


def describe(node, parents):
    """A readable place for a pattern: its kind, its name and where it sits."""
    kind = node.tag[len(RNG):]
    name = node.get("name", "(name class)")
    where = []
    for p in parents:
        if p.tag in (RNG + "element", RNG + "define"):
            where.append("%s %s" % (p.tag[len(RNG):], p.get("name", "?")))
    return "%s '%s'%s" % (kind, name, (" in " + " > ".join(where)) if where else "")


def check(path):
    missing = []
    count = 0

    def walk(node, parents):
        nonlocal count
        if node.tag in (RNG + "element", RNG + "attribute"):
            count += 1
            docs = [c for c in node if c.tag == DOC]
            if not docs or not "".join(docs[0].itertext()).strip():
                missing.append(describe(node, parents))
        for child in node:
            walk(child, parents + [node])

    walk(ET.parse(path).getroot(), [])
    return count, missing


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    schemas = sorted(glob.glob(os.path.join(sys.argv[1], "*.rng")))
    if not schemas:
        print("FAIL: no .rng schema under %s" % sys.argv[1])
        return 1
    failed = 0
    for path in schemas:
        try:
            count, missing = check(path)
        except ET.ParseError as e:
            print("FAIL: %s: %s" % (path, e))
            failed += 1
            continue
        for m in missing:
            print("FAIL: %s: %s has no a:documentation" % (os.path.basename(path), m))
        failed += len(missing)
        print("%s: %d elements and attributes, %d undocumented"
              % (os.path.basename(path), count, len(missing)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
