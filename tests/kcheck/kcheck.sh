# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by run-tests.sh: ltoguard-kcheck on miniature vmlinux images
# (tests/kcheck/image.S, assembled and linked with the real tools), each
# with one table entry left out or wrong.  KCHECK is the tool.

# kcheck_case NAME EXPECT-RC GREP ASFLAGS [KCHECK-ARGS...]
kcheck_case() {
	local name=$1 want=$2 pattern=$3 asflags=$4 dir=$BUILD/kcheck out rc
	shift 4
	mkdir -p "$dir"
	# shellcheck disable=SC2086
	if ! $CC -c $asflags -o "$dir/$name.o" tests/kcheck/image.S ||
	   ! ld --build-id -o "$dir/$name" -e f "$dir/$name.o"; then
		bad "kcheck $name: the test image does not build"
		return
	fi
	out=$("$KCHECK" --config tests/kcheck/config "$@" "$dir/$name" 2>&1)
	rc=$?
	if [ "$rc" -eq "$want" ] && grep -qE "$pattern" <<<"$out"; then
		ok "kcheck $name: exit $rc, $(grep -m1 -E "$pattern" <<<"$out")"
	else
		bad "kcheck $name: exit $rc (want $want), no line matching '$pattern' in:"
		echo "$out"
	fi
}

# --symbols: a packaged kernel's image has no symbols (objcopy -S, as the
# kernel's bzImage payload); the build's vmlinux gives them, if it is the
# same build (GNU build ID)
run_kcheck_symbols_tests() {
	local k=$BUILD/kcheck out want
	objcopy -S "$k/complete" "$k/complete.image"
	objcopy -S "$k/unlisted-return" "$k/unlisted-return.image"
	want=$("$KCHECK" --config tests/kcheck/config "$k/complete" 2>&1)
	if out=$("$KCHECK" --config tests/kcheck/config --symbols "$k/complete" "$k/complete.image" 2>&1) &&
	   [ "$out" = "$want" ]; then
		ok "kcheck --symbols: an image without symbols checked with its build's gives the build's verdict"
	else
		bad "kcheck --symbols: '$out', want '$want'"
	fi
	out=$("$KCHECK" --config tests/kcheck/config --symbols "$k/unlisted-return" "$k/unlisted-return.image" 2>&1)
	if [ $? -eq 1 ] && grep -q '^FAIL: return-sites: 2 sites, 1 listed, 1 missing' <<<"$out"; then
		ok "kcheck --symbols: the image's own tables are checked (one entry left out fails)"
	else
		bad "kcheck --symbols on an image with an entry left out: $out"
	fi
	out=$("$KCHECK" --config tests/kcheck/config --symbols "$k/complete" "$k/unlisted-return.image" 2>&1)
	if [ $? -eq 2 ] && grep -q 'complete: not the build of the image (another GNU build ID)' <<<"$out"; then
		ok "kcheck --symbols: the symbols of another build are an error"
	else
		bad "kcheck --symbols with another build's symbols: $out"
	fi
	ld -o "$k/no-build-id" -e f "$k/complete.o"
	out=$("$KCHECK" --config tests/kcheck/config --symbols "$k/no-build-id" "$k/complete.image" 2>&1)
	if [ $? -eq 2 ] && grep -q 'no GNU build ID to match the image with' <<<"$out"; then
		ok "kcheck --symbols: a vmlinux without a build ID is an error"
	else
		bad "kcheck --symbols without a build ID: $out"
	fi
}

run_kcheck_tests() {
	kcheck_case complete 0 '^PASS: return-sites: 2 sites, 2 listed, 0 missing' ""
	kcheck_case all-pass 0 '^PASS: orc: 11 functions, 12 ORC entries, 0 missing$' ""
	kcheck_case ibt 0 '^PASS: ibt: 1 sealed ENDBRs, 1 with no address taken, 0 sealed with the address taken, 0 entries pointing elsewhere$' ""
	local name
	for name in ibt_data ibt_mov ibt_lea ibt_export; do
		kcheck_case "sealed-$name" 1 "^FAIL: ibt: 2 sealed ENDBRs, 1 with no address taken, 1 sealed with the address taken in 1 functions \\(first: $name\\+0x0\\)" -DSEAL=$name
	done
	kcheck_case sealed-no-endbr 1 '^FAIL: ibt: 2 sealed ENDBRs, 2 with no address taken, 0 sealed with the address taken, 1 entries pointing elsewhere' -DSEAL=g_ret
	kcheck_case unlisted-return 1 '^FAIL: return-sites: 2 sites, 1 listed, 1 missing in 1 functions \(first: g\+0x6\)' -DUNLISTED
	kcheck_case stray-entry 1 '^FAIL: return-sites: .* 1 entries pointing elsewhere' -DSTRAY
	kcheck_case no-orc 1 '^FAIL: orc: .* 1 missing in 1 functions \(first: g\+0x0\)$' -DNO_ORC_G
	kcheck_case no-mcount 1 '^FAIL: mcount: 2 sites, 1 listed, 1 missing' -DNO_MCOUNT
	kcheck_case retpoline 0 '^PASS: retpoline-sites: 1 sites, 1 listed' ""
	# what the baseline lacks too is excused, and counted
	kcheck_case baseline-excuses 0 'PASS: return-sites: .*, 1 more excused' -DUNLISTED \
		--baseline "$BUILD/kcheck/unlisted-return"
	# without objtool (i386) there are no sites tables to demand
	kcheck_case no-objtool 0 '^PASS: mcount: 2 sites, 2 listed, 0 missing, 0 entries pointing elsewhere$' -DUNLISTED \
		--config tests/kcheck/config-i386
	# a config without the options checks nothing
	kcheck_case no-config 0 '^$' -DUNLISTED --config /dev/null
	local out
	out=$("$KCHECK" --config tests/kcheck/config tests/kcheck/config 2>&1)
	if [ $? -eq 2 ] && grep -q 'tests/kcheck/config: not an ELF file' <<<"$out"; then
		ok "kcheck: a file that is not ELF is an error naming it"
	else
		bad "kcheck: a file that is not ELF: $out"
	fi
	strip -o "$BUILD/kcheck/stripped" "$BUILD/kcheck/complete"
	out=$("$KCHECK" --config tests/kcheck/config "$BUILD/kcheck/stripped" 2>&1)
	if [ $? -eq 2 ] && grep -q 'stripped: no symbol table' <<<"$out"; then
		ok "kcheck: a stripped vmlinux is an error"
	else
		bad "kcheck: a stripped vmlinux: $out"
	fi
	run_kcheck_symbols_tests
	out=$("$KCHECK" /nonexistent/vmlinux 2>&1)
	if [ $? -eq 2 ] && grep -q 'ltoguard-kcheck: error: /nonexistent/vmlinux: No such file' <<<"$out"; then
		ok "kcheck: a missing vmlinux is an error naming it"
	else
		bad "kcheck: a missing vmlinux: $out"
	fi
}
