#!/usr/bin/env python3
"""The man page keeps up with the program.

    check-man.py ORBAT MAN_SCD DATADIR DOCDIR [--scdoc SCDOC]

ORBAT is the built program, MAN_SCD the man page source as configured for
this build (its @DATADIR@ and @DOCDIR@ replaced by DATADIR and DOCDIR).

The commands are read from `orbat --help`, so a command added to the program
without a section in the man page fails here.  For every command:
  - the man page has a section `## COMMAND`;
  - every option that `orbat COMMAND --help` lists in its options (lines such
    as `  -o, --output DIR`) is described in that command's section;
  - every other long option its help mentions appears somewhere in the page.
The page also documents the four exit statuses, the environment variables
and the installed files under this build's real paths.

With --scdoc, the page is also turned into roff by scdoc, which must succeed
and give a subsection per command.

Prints one line per problem and a summary; exits 1 on any problem.
"""
import re
import subprocess
import sys

problems = []


def problem(text):
    problems.append(text)
    print("FAIL: " + text)


def run(args):
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, errors="replace")
    return p.returncode, p.stdout, p.stderr


def commands_from_help(orbat):
    rc, out, err = run([orbat, "--help"])
    if rc != 0:
        problem("'orbat --help' exits %d: %s" % (rc, err.strip()))
    cmds = []
    in_list = False
    for line in out.splitlines():
        if re.match(r"^\s*commands:\s*$", line, re.I):
            in_list = True
            continue
        if in_list:
            if not line.strip():
                if cmds:
                    break
                continue
            m = re.match(r"^\s+([a-z][a-z0-9-]*)(\s|$)", line)
            if m:
                cmds.append(m.group(1))
            elif not line[:1].isspace():
                break
    if not cmds:
        problem("found no command list under 'Commands:' in 'orbat --help':\n" + out)
    return cmds


OPTION_LINE = re.compile(r"^\s{1,8}(?:-[A-Za-z], )?(--[a-z][a-z0-9-]*)")
LONG_OPTION = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*)")


def options_from_help(orbat, cmd):
    rc, out, err = run([orbat, cmd, "--help"])
    if rc != 0:
        problem("'orbat %s --help' exits %d: %s" % (cmd, rc, err.strip()))
    defined = []
    mentioned = []
    for line in out.splitlines():
        m = OPTION_LINE.match(line)
        if m and m.group(1) not in defined:
            defined.append(m.group(1))
        for o in LONG_OPTION.findall(line):
            if o not in mentioned:
                mentioned.append(o)
    return defined, [o for o in mentioned if o not in defined]


def sections(scd):
    """Map each `## NAME` subsection of the page to its text."""
    found = {}
    name = None
    for line in scd.splitlines():
        m = re.match(r"^(#{1,2}) (.*)$", line)
        if m:
            name = m.group(2).strip() if m.group(1) == "##" else None
            if name is not None:
                found[name] = ""
            continue
        if name is not None:
            found[name] += line + "\n"
    return found


def main():
    args = sys.argv[1:]
    scdoc = None
    if "--scdoc" in args:
        i = args.index("--scdoc")
        scdoc = args[i + 1]
        del args[i:i + 2]
    if len(args) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    orbat, man_scd, datadir, docdir = args
    with open(man_scd, encoding="utf-8") as f:
        scd = f.read()

    leftover = sorted(set(re.findall(r"@[A-Z_]+@", scd)))
    if leftover:
        problem("the configured man page still holds %s" % ", ".join(leftover))

    cmds = commands_from_help(orbat)
    # `help` is a command too, though the list may not show it.
    if "help" not in cmds:
        cmds.append("help")
    secs = sections(scd)
    for cmd in cmds:
        if cmd not in secs:
            problem("the man page has no section '## %s' for the command %s" % (cmd, cmd))
            continue
        if "*orbat %s*" % cmd not in secs[cmd] and "*orbat* *%s*" % cmd not in secs[cmd]:
            problem("section '## %s' does not show the command's usage line" % cmd)
        if "```" not in secs[cmd]:
            problem("section '## %s' has no example" % cmd)
        if cmd == "help":
            # `orbat help CMD` is `orbat CMD --help`: it has no options of its own.
            continue
        defined, mentioned = options_from_help(orbat, cmd)
        for opt in defined:
            if not re.search(r"\*%s\*" % re.escape(opt), secs[cmd]):
                problem("'orbat %s --help' lists %s, which section '## %s' does not describe"
                        % (cmd, opt, cmd))
        for opt in mentioned:
            if not re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(opt), scd):
                problem("'orbat %s --help' mentions %s, which the man page never names"
                        % (cmd, opt))

    for head in ("NAME", "SYNOPSIS", "DESCRIPTION", "EXIT STATUS", "ENVIRONMENT",
                 "FILES", "DIAGNOSTICS", "SEE ALSO"):
        if not re.search(r"^# %s$" % head, scd, re.M):
            problem("the man page has no section '# %s'" % head)
    exits = scd.split("# EXIT STATUS", 1)[-1].split("\n# ", 1)[0]
    for code in "0123":
        if not re.search(r"^\*%s\*$" % code, exits, re.M):
            problem("EXIT STATUS does not describe status %s" % code)
    for var in ("ORBAT_DATADIR", "SOURCE_DATE_EPOCH", "PAPERSIZE", "PAPERCONF", "/etc/papersize"):
        if var not in scd:
            problem("the man page does not mention %s" % var)
    for path in (datadir + "/rulesets/", datadir + "/schema/scenario.rng",
                 docdir + "/", docdir + "/examples/"):
        if path not in scd:
            problem("FILES does not name the installed path %s" % path)
    for ref in ("*xmllint*(1)", "*pdfinfo*(1)", "*qpdf*(1)", "*papersize*(5)"):
        if ref not in scd:
            problem("SEE ALSO does not name %s" % ref)

    if scdoc:
        p = subprocess.run([scdoc], input=scd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            problem("scdoc fails on the man page: %s" % p.stderr.strip())
        else:
            if not p.stdout.startswith(".") or '.TH "orbat" "1"' not in p.stdout:
                problem("scdoc's output has no .TH header for orbat(1)")
            for cmd in cmds:
                if not re.search(r'^\.SS "?%s"?$' % re.escape(cmd), p.stdout, re.M):
                    problem("the roff page has no subsection for %s" % cmd)

    print("man page: %d commands checked, %d problems" % (len(cmds), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
