#!/bin/bash
# Packaging as a distribution builds orbat, on two copies of the source in
# two different folders:
#   - -Dtests=disabled configures and builds, with no test program;
#   - meson install --destdir puts the binary, the data and the man page
#     where they belong, and nothing of the build folder;
#   - the installed program runs on the installed data;
#   - strings finds neither the source nor the build folder in the binary;
#   - the two installed binaries are byte-identical (reproducible builds).
# Usage: run-install-checks.sh SOURCE_ROOT.  Builds in a temporary folder;
# exits 77 (skipped) without strings or cmp.  Ends with
# "install-checks: N passed, M failed".
set -u

root=${1:?usage: run-install-checks.sh SOURCE_ROOT}
unset ORBAT_DATADIR DESTDIR

for tool in meson ninja strings cmp tar; do
	if ! command -v "$tool" >/dev/null; then
		echo "install-checks: skipped, $tool is not installed"
		exit 77
	fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/orbat-install.XXXXXX")
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok: $*"; }
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }
check() {
	local what=$1; shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}

# The source files without any build folder: what git tracks (and new
# files not yet added) in a checkout, else everything but build*/output/.
copy_source() {
	local dest=$1
	mkdir -p "$dest"
	if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		(cd "$root" && git ls-files -z --cached --others --exclude-standard |
			tar --null --ignore-failed-read -T - -cf - 2>/dev/null) | tar -C "$dest" -xf -
	else
		tar -C "$root" --exclude=./.git --exclude='./build*' --exclude=./output -cf - . |
			tar -C "$dest" -xf -
	fi
}

# build NAME SOURCE: configure with tests disabled, build, install into
# $work/NAME-dest; its output in $work/NAME.log.
build() {
	local name=$1 src=$2
	(
		cd "$src" &&
		meson setup build -Dtests=disabled --prefix=/usr --buildtype=debugoptimized &&
		ninja -C build &&
		meson install -C build --destdir "$work/$name-dest"
	) >"$work/$name.log" 2>&1
}

# Two copies at different depths and under different names.
src_a=$work/a/orbat
src_b=$work/second/copy/orbat-elsewhere
copy_source "$src_a"
copy_source "$src_b"

if build a "$src_a"; then
	pass "-Dtests=disabled configures, builds and installs ($src_a)"
else
	fail "-Dtests=disabled build in $src_a"
	tail -40 "$work/a.log" | sed 's/^/  | /'
fi
check "  meson reports the tests disabled" grep -Eq 'tests *: *disabled' "$work/a.log"
check "  no cmocka looked for" grep -q 'Dependency cmocka skipped' "$work/a.log"
if [ -d "$src_a/build" ] && [ -z "$(find "$src_a/build" -name 'test_*' -type f -perm -u+x 2>/dev/null)" ]; then
	pass "  no test program built"
else
	fail "  test programs were built: $(find "$src_a/build" -name 'test_*' -type f -perm -u+x 2>/dev/null | head -3)"
fi

dest=$work/a-dest
bin=$dest/usr/bin/orbat
check "binary installed in usr/bin" test -x "$bin"
for f in rulesets/battlecry-1999.xml rulesets/noord-zuid.xml rulesets/mb-remastered.xml \
	schema/scenario.rng i18n/strings.xml i18n/cards.xml layouts/print.xml layouts/cards.xml \
	fonts/NotoSans-Regular.ttf fonts/OldStandard-Regular.ttf fonts/NotoSans-LICENSE.txt; do
	check "data installed: usr/share/orbat/$f" test -f "$dest/usr/share/orbat/$f"
done
# orbat studio's page: every file of data/studio installed, and nothing in
# it that a browser would fetch from elsewhere (the studio works offline;
# the SVG namespace is a name, not an address).
for f in "$src_a"/data/studio/*; do
	check "studio page installed: usr/share/orbat/studio/${f##*/}" test -f "$dest/usr/share/orbat/studio/${f##*/}"
done
outside=$(grep -Eoh "(https?:)?//[A-Za-z0-9.-]+" "$dest/usr/share/orbat/studio/"* | grep -v '^http://www.w3.org$' | sort -u | head -3)
check "the studio's page names no address outside the server${outside:+: $outside}" test -z "$outside"
# scdoc is one of the packages the README's commands install: without it
# no man page is built, and that is a failure here, not a skip.
check "man page installed in usr/share/man/man1 (scdoc builds it)" test -s "$dest/usr/share/man/man1/orbat.1"
leftovers=$(find "$dest" -name 'orbat-uninstalled-datadir' -o -name '*.a' -o -name 'meson-*' | head -3)
check "nothing of the build folder installed${leftovers:+: $leftovers}" test -z "$leftovers"

# The installed program on the installed data: the data as installed is
# complete and usable.
if ORBAT_DATADIR=$dest/usr/share/orbat "$bin" validate "$src_a/scenarios/first-bull-run.xml" >"$work/run.out" 2>&1; then
	pass "installed program validates a scenario with the installed data"
else
	fail "installed program on the installed data: $(head -3 "$work/run.out")"
fi
if ORBAT_DATADIR=$dest/usr/share/orbat "$bin" render --lang en -o "$work/render" "$src_a/scenarios/mb-1861.xml" >"$work/run.out" 2>&1; then
	pass "installed program renders with the installed fonts and layouts"
else
	fail "installed program render: $(head -3 "$work/run.out")"
fi

# No path of the build machine: neither copy's source or build folder, nor
# the original tree, nor the temporary folder they all live in.
if [ -f "$bin" ]; then
	strings -a "$bin" >"$work/strings.txt"
	for path in "$work" "$src_a" "$src_a/build" "$root"; do
		hits=$(grep -F -c "$path" "$work/strings.txt")
		if [ "$hits" -eq 0 ]; then
			pass "strings finds no $path in the installed binary"
		else
			fail "strings finds $path $hits times in the installed binary: $(grep -F "$path" "$work/strings.txt" | head -2 | tr '\n' ' ')"
		fi
	done
fi
# Without ORBAT_DATADIR the installed program reads /usr/share/orbat (here
# not installed, unless this machine has orbat installed).
if [ -e /usr/share/orbat ]; then
	echo "skipped: /usr/share/orbat exists on this machine"
else
	env -u ORBAT_DATADIR "$bin" validate "$src_a/scenarios/first-bull-run.xml" >"$work/run.out" 2>&1
	status=$?
	if [ "$status" -eq 3 ] && grep -q '^orbat validate: no orbat data in /usr/share/orbat (the folder does not exist), where it was installed' "$work/run.out"; then
		pass "the installed program looks for its data in /usr/share/orbat"
	else
		fail "the installed program without its data: exit $status, $(head -2 "$work/run.out")"
	fi
fi

if build b "$src_b"; then
	pass "second copy builds and installs ($src_b)"
else
	fail "second copy build in $src_b"
	tail -40 "$work/b.log" | sed 's/^/  | /'
fi
if cmp "$bin" "$work/b-dest/usr/bin/orbat"; then
	pass "the two installed binaries are byte-identical"
else
	fail "the installed binaries of $src_a and $src_b differ"
fi
if cmp "$src_a/build/src/orbat" "$src_b/build/src/orbat" >/dev/null; then
	pass "the two uninstalled binaries are byte-identical too"
else
	fail "the uninstalled binaries differ"
fi
check "each uninstalled program's note names its own source tree" \
	test "$(cat "$src_b/build/src/orbat-uninstalled-datadir" 2>/dev/null)" = "$src_b/data"

echo "install-checks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
