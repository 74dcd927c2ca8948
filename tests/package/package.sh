#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The Debian package (make deb), part of make test: it builds, lintian
# finds nothing, and what it installs works by name for gcc 12 and gcc 11:
# unpacked (dpkg -x, -iplugindir) always, and installed with dpkg -i when
# run as root on a machine where no ltoguard package is installed yet (CI);
# then it is removed again.  The program is tests/integration's
# inline-asm-crossfile, whose global symbols only ltoguard keeps.
# Ends with "package: N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 1
TOP=$(pwd)
export LC_ALL=C
. tests/lib/fixture.sh

. tests/lib/verdicts.sh

D=$TOP/build/package
FX=$TOP/tests/integration/inline-asm-crossfile

# by_name CC OUT [PLUGIN-DIR]: the fixture compiled with -fplugin=ltoguard
# (from PLUGIN-DIR, -iplugindir, if given) and LTO-linked with it (lto1
# takes no -iplugindir: with PLUGIN-DIR the link names the file in it);
# it prints what its expected.txt says and keeps the symbols only asm
# names global
by_name() {
	local cc=$1 out=$2 f compile=(-fplugin=ltoguard) link=(-fplugin=ltoguard)
	if [ -n "${3:-}" ]; then
		compile=(-iplugindir="$3" -fplugin=ltoguard)
		link=(-fplugin="$3/ltoguard.so")
	fi
	mkdir -p "$out"
	for f in a b; do
		"$cc" -O2 -mno-red-zone -flto "${compile[@]}" -c "$FX/$f.c" -o "$out/$f.o" || return 1
	done
	"$cc" -O2 -flto "${link[@]}" -fplugin-arg-ltoguard-report="$out/report" \
		"$out/a.o" "$out/b.o" -o "$out/prog" &&
		[ "$("$out/prog")" = "$(cat "$FX/expected.txt")" ] &&
		expect_global "$out/prog" bump_counter >/dev/null && expect_global "$out/prog" counter >/dev/null &&
		grep -q 'made-visible' "$out/report"
}

rm -rf "$D"
mkdir -p "$D"
if ! make --no-print-directory deb >"$D/make.log" 2>&1; then
	bad "make deb: $(tail -n3 "$D/make.log")"
	verdicts_summary "package: "
	exit 1
fi
deb=$(ls "$TOP"/build/ltoguard_*.deb)
ok "make deb: $(basename "$deb"), $(stat -c %s "$deb") bytes"

if tags=$(lintian --tag-display-limit 0 "$deb" 2>&1 | grep -E '^[EW]: '); then
	bad "lintian: $tags"
else
	ok "lintian: no error or warning"
fi

dpkg -x "$deb" "$D/root"
for cc in gcc-12 gcc-11; do
	dir=$("$cc" -print-file-name=plugin)
	if by_name "$cc" "$D/unpacked-$cc" "$D/root$dir"; then
		ok "unpacked: $cc compiles inline-asm-crossfile with -fplugin=ltoguard by name and LTO-links it"
	else
		bad "unpacked: $cc and the package's plugin"
	fi
done

if [ "$(id -u)" != 0 ]; then
	echo "package: not root, so not installed (dpkg -i)"
elif dpkg-query -W -f='${Status}' ltoguard 2>/dev/null | grep -q 'ok installed'; then
	echo "package: an ltoguard package is installed on this machine; not replaced"
elif ! dpkg -i "$deb" >"$D/dpkg.log" 2>&1; then
	bad "dpkg -i: $(tail -n3 "$D/dpkg.log")"
else
	for cc in gcc-12 gcc-11; do
		if by_name "$cc" "$D/installed-$cc"; then
			ok "installed: $cc compiles and LTO-links inline-asm-crossfile with -fplugin=ltoguard by name"
		else
			bad "installed: $cc and /usr's plugin"
		fi
	done
	pages=$(man -w ltoguard ltoguard-kbuild 2>/dev/null | tr '\n' ' ')
	if [ "$(command -v ltoguard-kbuild)" = /usr/bin/ltoguard-kbuild ] &&
	   ltoguard-kcheck 2>&1 | grep -q usage && [ "$(wc -w <<<"$pages")" = 2 ]; then
		ok "installed: ltoguard-kbuild and ltoguard-kcheck on PATH, man finds $pages"
	else
		bad "installed: commands or man pages missing ($pages)"
	fi
	dpkg -r ltoguard >>"$D/dpkg.log" 2>&1 || bad "dpkg -r ltoguard: $(tail -n1 "$D/dpkg.log")"
fi
verdicts_summary "package: "
