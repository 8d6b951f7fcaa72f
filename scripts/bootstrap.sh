#!/bin/bash
# Set up a Debian 12 machine for orbat and run one of its jobs.
#
#   scripts/bootstrap.sh print   install, build, make the print set of a bundled scenario
#   scripts/bootstrap.sh test    install, build, run every test suite
#
# Installs the Debian packages it needs with apt-get (as root, or through
# sudo), so it works on a fresh machine.  Safe to run again: it only
# installs what is missing and only rebuilds what changed.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"

build_packages=(
	gcc pkg-config meson ninja-build python3
	libxml2-dev libxml2-utils
	libcairo2-dev libpango1.0-dev libharfbuzz-dev libfontconfig-dev
	libhyphen-dev hyphen-en-us hyphen-nl hyphen-fr
	libpaper-dev
	scdoc
)
test_packages=(
	libcmocka-dev valgrind clang libclang-rt-14-dev
	poppler-utils qpdf
)

install_packages() {
	local missing=()
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	echo "Installing Debian packages: ${missing[*]}"
	local sudo=()
	[ "$(id -u)" -eq 0 ] || sudo=(sudo)
	"${sudo[@]}" apt-get update -qq
	DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

configure() {
	local dir=$1; shift
	if [ ! -f "$dir/build.ninja" ]; then
		meson setup "$dir" "$@" >/dev/null
	fi
	ninja -C "$dir" >/dev/null
}

job=${1:-}
case "$job" in
print)
	install_packages "${build_packages[@]}"
	configure build
	exec scripts/print-set.sh
	;;
test)
	install_packages "${build_packages[@]}" "${test_packages[@]}"
	exec scripts/run-tests.sh
	;;
*)
	echo "usage: $0 print|test" >&2
	exit 2
	;;
esac
