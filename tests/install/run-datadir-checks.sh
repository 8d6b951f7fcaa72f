#!/bin/bash
# A missing or broken data folder, as every command meets it: one line on
# standard error that names the folder looked in, what is missing and
# ORBAT_DATADIR, exit status 3, nothing on standard output, no libxml2
# message and no output folder created.  Also: the uninstalled program finds
# the source tree's data from any folder without ORBAT_DATADIR, through the
# note meson writes beside it.
# Usage: run-datadir-checks.sh ORBAT SOURCE_ROOT INSTALLED_DATADIR
# Ends with "datadir-checks: N passed, M failed".
set -u

orbat=${1:?usage: run-datadir-checks.sh ORBAT SOURCE_ROOT INSTALLED_DATADIR}
root=${2:?usage: run-datadir-checks.sh ORBAT SOURCE_ROOT INSTALLED_DATADIR}
installed=${3:?usage: run-datadir-checks.sh ORBAT SOURCE_ROOT INSTALLED_DATADIR}
unset ORBAT_DATADIR

work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-datadir.XXXXXX")
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok: $*"; }
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }

scenario=$root/scenarios/first-bull-run.xml
log=$root/tests/rules/golden/auto-bc1999-skirmish.log

# Each command with arguments that would work with good data, so that
# whatever reads the data first is reached.  {OUT} is a fresh output folder.
commands=(
	"validate $scenario"
	"render -o {OUT} $scenario"
	"cards --ruleset battlecry-1999 -o {OUT}"
	"refcard --ruleset battlecry-1999 -o {OUT}"
	"ask $scenario los A1 B2"
	"check $scenario $log"
	"play $scenario"
)

# expect_broken LABEL PROGRAM DATADIR REGEX: every command run by PROGRAM
# (with ORBAT_DATADIR=DATADIR unless DATADIR is -) fails with exit 3 and
# exactly one line matching REGEX (extended, after "orbat CMD: ").
expect_broken() {
	local label=$1 program=$2 dir=$3 regex=$4
	local line cmd out status
	for line in "${commands[@]}"; do
		cmd=${line%% *}
		out=$work/out-$RANDOM
		# shellcheck disable=SC2086 # the command line is split on purpose
		set -- ${line//\{OUT\}/$out}
		if [ "$dir" = - ]; then
			"$program" "$@" </dev/null >"$work/stdout" 2>"$work/stderr"
		else
			ORBAT_DATADIR=$dir "$program" "$@" </dev/null >"$work/stdout" 2>"$work/stderr"
		fi
		status=$?
		local problems=()
		[ "$status" -eq 3 ] || problems+=("exit $status, expected 3")
		[ ! -s "$work/stdout" ] || problems+=("wrote to standard output")
		[ "$(wc -l <"$work/stderr")" -eq 1 ] || problems+=("$(wc -l <"$work/stderr") lines on standard error, expected 1")
		grep -Eq "^orbat $cmd: $regex" "$work/stderr" || problems+=("message does not match: $regex")
		grep -q 'ORBAT_DATADIR' "$work/stderr" || problems+=("message does not name ORBAT_DATADIR")
		if grep -Eiq 'I/O warning|xmlRelaxNG|failed to load|parser error' "$work/stderr"; then
			problems+=("a libxml2 message reached the terminal")
		fi
		[ ! -e "$out" ] || problems+=("created $out")
		if [ ${#problems[@]} -eq 0 ]; then
			pass "$label: $cmd"
		else
			fail "$label: $cmd: ${problems[*]}"
			sed 's/^/  | /' "$work/stderr"
		fi
	done
}

# Regular expressions for the folder names (they hold no special
# characters: mktemp's are letters and digits).
w=$work

mkdir "$work/empty"
expect_broken "empty folder" "$orbat" "$work/empty" \
	"no orbat data in $w/empty \(rulesets/ is missing\); set ORBAT_DATADIR to the folder that holds rulesets/ and schema/\$"

expect_broken "folder that does not exist" "$orbat" "$work/nowhere" \
	"no orbat data in $w/nowhere \(the folder does not exist\); set ORBAT_DATADIR"

echo text >"$work/a-file"
expect_broken "a file, not a folder" "$orbat" "$work/a-file" \
	"no orbat data in $w/a-file \(it is not a folder\)"

# The source tree itself is a wrong guess a user may well make.
expect_broken "the source tree instead of its data/" "$orbat" "$root" \
	"no orbat data in .* \(rulesets/ is missing\)"

mkdir -p "$work/no-rulesets/rulesets"
expect_broken "rulesets/ without a ruleset" "$orbat" "$work/no-rulesets" \
	"no orbat data in $w/no-rulesets \(rulesets/ holds no ruleset\)"

# A copy of the data with one part taken away at a time.
partial() {
	local name=$1 remove=$2
	cp -rL "$root/data" "$work/$name"
	rm -rf "${work:?}/$name/$remove"
}
partial no-schema schema
expect_broken "schema/ removed" "$orbat" "$work/no-schema" \
	"incomplete orbat data in $w/no-schema \(schema/scenario.rng is missing\)"
partial no-layouts layouts/print.xml
expect_broken "layouts/print.xml removed" "$orbat" "$work/no-layouts" \
	"incomplete orbat data in $w/no-layouts \(layouts/print.xml is missing\)"
partial no-strings i18n
expect_broken "i18n/ removed" "$orbat" "$work/no-strings" \
	"incomplete orbat data in $w/no-strings \(i18n/strings.xml is missing\)"
partial no-fonts fonts
mkdir "$work/no-fonts/fonts"
expect_broken "fonts/ emptied" "$orbat" "$work/no-fonts" \
	"incomplete orbat data in $w/no-fonts \(fonts/ holds no font\)"

# A complete copy works: the checks above fail for what they removed.
partial complete nothing-removed
if ORBAT_DATADIR=$work/complete "$orbat" validate "$scenario" >/dev/null 2>&1; then
	pass "a complete copy of data/ is accepted"
else
	fail "a complete copy of data/ is refused"
fi

# Help needs no data.
for line in "${commands[@]}"; do
	cmd=${line%% *}
	if ORBAT_DATADIR=$work/empty "$orbat" "$cmd" --help >/dev/null 2>&1; then
		pass "$cmd --help works without data"
	else
		fail "$cmd --help fails without data"
	fi
done

# The uninstalled program, run from another folder without ORBAT_DATADIR,
# reads the source tree's data through the note beside it.
note=$(dirname "$orbat")/orbat-uninstalled-datadir
if [ "$(cat "$note" 2>/dev/null)" = "$root/data" ]; then
	pass "the note beside the built program names $root/data"
else
	fail "the note $note does not name $root/data"
fi
if (cd "$work" && "$orbat" validate "$scenario" >/dev/null 2>&1); then
	pass "uninstalled program run from another folder finds the data"
else
	fail "uninstalled program run from another folder does not find the data"
fi

# The same binary with a note naming a folder that is gone (a source tree
# moved after the build).
mkdir "$work/moved"
cp "$orbat" "$(dirname "$orbat")/orbat-full" "$work/moved/"
echo "$work/gone/data" >"$work/moved/orbat-uninstalled-datadir"
expect_broken "source tree moved away" "$work/moved/orbat" - \
	"no orbat data in $w/gone/data \(the folder does not exist\), the source tree this program was built from; set ORBAT_DATADIR"

# The same binary without the note is an installed program: it reads the
# installed data folder, here not installed (or removed).
mkdir "$work/alone"
cp "$orbat" "$(dirname "$orbat")/orbat-full" "$work/alone/"
if [ -e "$installed" ]; then
	echo "skipped: $installed exists on this machine, so the installed-data-removed case cannot be shown"
else
	expect_broken "installed data removed" "$work/alone/orbat" - \
		"no orbat data in $installed \(the folder does not exist\), where it was installed; reinstall orbat or set ORBAT_DATADIR"
fi

echo "datadir-checks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
