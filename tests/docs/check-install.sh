#!/bin/bash
# What `meson install` puts in place for a user and a packager.
#
#   check-install.sh MESON BUILD_DIR SOURCE_ROOT PREFIX DATADIR MANDIR WITH_MAN
#
# Installs the build into a temporary DESTDIR (without rebuilding) and checks:
#   - the docs under DATADIR/doc/orbat: README.md, scenario-format.md,
#     game-log.md, ruleset-format.md, balance.md;
#   - every bundled scenario of SOURCE_ROOT/scenarios under
#     DATADIR/doc/orbat/examples, and that the installed program accepts each
#     of them with the installed data;
#   - when WITH_MAN is 1, MANDIR/man1/orbat.1, which names the installed data
#     and docs by their real paths under PREFIX.
# DATADIR and MANDIR are meson's options (relative to PREFIX, or absolute).
# Prints one line per problem and a summary; exits 1 on any problem.
set -u
if [ $# -ne 7 ]; then
	echo "usage: $0 MESON BUILD_DIR SOURCE_ROOT PREFIX DATADIR MANDIR WITH_MAN" >&2
	exit 2
fi
meson=$1 build=$2 src=$3 prefix=$4 datadir=$5 mandir=$6 with_man=$7

# meson's own rule: an absolute option stands, a relative one is under the prefix.
under_prefix() {
	case $1 in
	/*) printf '%s\n' "$1" ;;
	*) printf '%s/%s\n' "$prefix" "$1" ;;
	esac
}
datadir=$(under_prefix "$datadir")
mandir=$(under_prefix "$mandir")
docdir=$datadir/doc/orbat

# Outside the build tree: a program installed under the build root would take
# itself for an uninstalled one.
dest=$(mktemp -d "${TMPDIR:-/tmp}/orbat-install.XXXXXX") || exit 2
trap 'rm -rf -- "$dest"' EXIT

fail=0
pass=0
problem() {
	echo "FAIL: $*"
	fail=$((fail + 1))
}
ok() {
	pass=$((pass + 1))
}

if ! "$meson" install -C "$build" --destdir "$dest" --no-rebuild --quiet >"$dest.log" 2>&1; then
	echo "FAIL: meson install --destdir failed:"
	cat "$dest.log"
	rm -f "$dest.log"
	exit 1
fi
rm -f "$dest.log"

for doc in README.md scenario-format.md game-log.md ruleset-format.md balance.md; do
	if [ -s "$dest$docdir/$doc" ]; then ok; else problem "$docdir/$doc is not installed"; fi
done

shopt -s nullglob
scenarios=("$src"/scenarios/*.xml)
[ ${#scenarios[@]} -gt 0 ] || problem "no bundled scenario under $src/scenarios"
for f in "${scenarios[@]}"; do
	name=$(basename -- "$f")
	inst=$dest$docdir/examples/$name
	if [ ! -f "$inst" ]; then
		problem "$docdir/examples/$name is not installed (list it in scenarios/meson.build)"
	elif ! cmp -s -- "$f" "$inst"; then
		problem "$docdir/examples/$name differs from scenarios/$name"
	else
		ok
	fi
done

# The installed program with the installed data accepts the installed examples.
bin=$dest$prefix/bin/orbat
if [ -x "$bin" ]; then
	for f in "$dest$docdir"/examples/*.xml; do
		if out=$(ORBAT_DATADIR=$dest$datadir/orbat "$bin" validate -q "$f" 2>&1); then
			ok
		else
			problem "the installed orbat rejects the installed example $(basename -- "$f"): $out"
		fi
	done
else
	problem "$prefix/bin/orbat is not installed"
fi

if [ "$with_man" = 1 ]; then
	man=$dest$mandir/man1/orbat.1
	if [ ! -s "$man" ]; then
		problem "$mandir/man1/orbat.1 is not installed"
	else
		ok
		# roff text: scdoc writes "\&" after dots and may escape hyphens.
		plain=$(sed -e 's/\\&//g' -e 's/\\-/-/g' -- "$man")
		for path in "$datadir/orbat/rulesets/" "$datadir/orbat/schema/scenario.rng" "$docdir/examples/"; do
			if grep -qF -- "$path" <<<"$plain"; then ok; else problem "the installed man page does not name $path"; fi
		done
		if grep -q '@[A-Z_]*@' "$man"; then problem "the installed man page holds an unreplaced @VARIABLE@"; else ok; fi
	fi
fi

echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
