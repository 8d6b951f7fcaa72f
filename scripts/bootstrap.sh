#!/bin/bash
# Set up a Debian 12 machine for orbat and run one of its jobs.
#
#   scripts/bootstrap.sh print   install, build, make the print set of the bundled scenarios
#   scripts/bootstrap.sh test    install, build, run every test suite (what CI runs)
#
# Installs the Debian packages it needs with apt-get, as root or through
# sudo, so it works on a fresh (even minimal) Debian 12.  Quiet when all
# goes well; when a step fails, it shows that step's whole output and one
# line saying which step failed and what to do.  Safe to run again, and the
# two jobs in either order: it installs only what is missing and rebuilds
# only what changed.  Run through sudo, it builds as the user who owns the
# clone, so that build/ and output/ stay theirs.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here" || exit 1

# The print job: compiler, meson, the libraries and the man page tool.
# libc6-dev is named because gcc only recommends it.
build_packages=(
	gcc libc6-dev pkg-config meson ninja-build python3
	libxml2-dev libxml2-utils
	libcairo2-dev libpango1.0-dev libharfbuzz-dev libfontconfig-dev
	libhyphen-dev hyphen-en-us hyphen-nl hyphen-fr
	libpaper-dev libedit-dev zlib1g-dev
	libmicrohttpd-dev libjansson-dev libpoppler-glib-dev
	scdoc
)
# The test job adds cmocka, the checkers and the PDF clients the suites use;
# ghostscript (with its CMYK profile) for `orbat cards --cmyk`; chromium,
# its driver and Selenium for the studio's browser tests.
test_packages=(
	libcmocka-dev valgrind clang libclang-rt-14-dev
	poppler-utils qpdf jq fontconfig ghostscript
	chromium chromium-driver python3-selenium
)

say() { echo "bootstrap: $*" >&2; }

logs=$(mktemp -d "${TMPDIR:-/tmp}/orbat-bootstrap.XXXXXX") || exit 1
trap 'rm -rf "$logs"' EXIT

# step WHAT HINT COMMAND...: run COMMAND with its output set aside; when it
# fails, show all of that output, then one line naming the step and what to
# do, and stop.
step() {
	local what=$1 hint=$2; shift 2
	"$@" >"$logs/step.log" 2>&1
	local status=$?
	[ "$status" -eq 0 ] && return 0
	cat "$logs/step.log" >&2
	say "$what failed (exit status $status); $hint"
	exit 1
}

# Root rights for apt-get: none needed as root, sudo otherwise.
as_root=()
get_root() {
	[ "$(id -u)" -eq 0 ] && return 0
	if ! command -v sudo >/dev/null; then
		say "installing Debian packages needs root, and sudo is not installed;" \
			"run this as root (su -c 'bash scripts/bootstrap.sh ${job}') or install sudo"
		exit 1
	fi
	# Ask for the password now, on the terminal, not in the middle of a
	# captured step.
	if ! sudo -v; then
		say "sudo could not give root rights for apt-get (not in the sudoers" \
			"file, no terminal, or a wrong password); run this as root or through a working sudo"
		exit 1
	fi
	as_root=(sudo)
}

install_packages() {
	if ! command -v apt-get >/dev/null || ! command -v dpkg-query >/dev/null; then
		say "this script sets up Debian 12 with apt-get, which this system lacks;" \
			"install the equivalents of: $* and build with meson (see README.md)"
		exit 1
	fi
	local missing=()
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	get_root
	say "installing ${#missing[@]} Debian packages: ${missing[*]}"
	step "apt-get update" \
		"apt-get could not read the package lists: check the network and the sources in /etc/apt/sources.list and /etc/apt/sources.list.d/, then run this again" \
		"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
	step "apt-get install" \
		"apt-get could not install the packages: see its messages above (network, disk space, a held or broken package), fix that and run this again" \
		"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
		apt-get install -y --no-install-recommends "${missing[@]}"
}

# The browser tests need the name "localhost": chromedriver reaches
# Chromium by it.  Every installed Debian has it in /etc/hosts; a minimal
# root made by debootstrap has no /etc/hosts at all, so give it the
# loopback lines an installed system has.
name_localhost() {
	getent hosts localhost >/dev/null && return 0
	get_root
	say "localhost does not resolve on this machine; adding it to /etc/hosts for the browser tests"
	printf '127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' |
		"${as_root[@]}" tee -a /etc/hosts >/dev/null
}

# Build as the owner of the clone when run through sudo: only apt-get needs
# root, and a root-owned build/ would break the next run without sudo.
as_user=()
if [ "$(id -u)" -eq 0 ] && [ -n "${SUDO_USER:-}" ] && [ "$SUDO_USER" != root ] &&
	[ "$(stat -c %U "$here")" = "$SUDO_USER" ]; then
	as_user=(runuser -u "$SUDO_USER" --)
fi

# A build folder left by a run as another user (root) cannot be written.
check_writable() {
	local dir=$1
	if [ -e "$dir" ] && ! "${as_user[@]}" test -w "$dir"; then
		say "$here/$dir belongs to $(stat -c %U "$dir"), maybe from an earlier run as root;" \
			"remove it (sudo rm -rf $dir) and run this again"
		exit 1
	fi
}

# Configure (once) and build the print job's folder: tests disabled, so it
# needs no test package.
build_print() {
	local dir=build
	check_writable "$dir"
	check_writable .
	# meson takes up a folder whose setup failed where it left off.
	[ -f "$dir/build.ninja" ] ||
		step "meson setup" \
			"fix what meson reports above (its full log: $dir/meson-logs/meson-log.txt) and run this again" \
			"${as_user[@]}" meson setup "$dir" -Dtests=disabled
	step "the build (ninja)" \
		"the compiler's messages above say what failed; fix it and run this again (only what changed is rebuilt)" \
		"${as_user[@]}" ninja -C "$dir"
}

job=${1:-}
case "$job" in
print)
	install_packages "${build_packages[@]}"
	build_print
	# The print set is the job's product: its output is shown as it comes.
	"${as_user[@]}" scripts/print-set.sh
	status=$?
	if [ "$status" -ne 0 ]; then
		say "making the print set failed (exit status $status); the messages above name the scenario and the product that failed"
		exit 1
	fi
	;;
test)
	install_packages "${build_packages[@]}" "${test_packages[@]}"
	name_localhost
	check_writable .
	# Its own build folders and report; it ends with the summary line
	# "tests: N passed, M failed" and says above it what failed.
	exec "${as_user[@]}" scripts/run-tests.sh
	;;
*)
	echo "usage: $0 print|test" >&2
	exit 2
	;;
esac
