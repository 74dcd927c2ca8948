# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by run-tests.sh: the builtin rule (plugin/perf/builtins.c).
# tests/builtins/ is the kernel's i386 memset in miniature: memset.c
# defines memset as inline asm "rep stosb" (arch/x86/lib/memcpy_32.c),
# clear.c calls __builtin_memset on 16 bytes, a page and an unknown size
# (asm/string_32.h); strlen, defined and called the same way, is not the
# rule's business.  Built five ways, -m32 -O2 -ffreestanding:
#   plain     no LTO: GCC expands each builtin call for its size;
#   lto       -flto with the plugin in cc1 and lto1 (builtins=constant):
#             the two calls of a constant size are expanded as plain,
#             the third gets the program's memset inlined;
#   all       builtins=all: all three as plain;
#   control   builtins=inline, and
#   noplugin  -flto alone: GCC inlines the program's memset into each
#             call (the test must be able to see that).

# builtin_shape BIN FN: FN's instructions without addresses and constants
builtin_shape() {
	function_code "$1" "$2" | cut -f2- | sed 's/ *<.*//; s/0x[0-9a-f]*//g; s/[0-9a-f]\{6,\}//g'
}

# builtin_like_plain DIR VARIANT FN: FN of VARIANT is the plain build's
builtin_like_plain() {
	[ -n "$(builtin_shape "$1/plain" "$3")" ] &&
		[ "$(builtin_shape "$1/$2" "$3")" = "$(builtin_shape "$1/plain" "$3")" ]
}

run_builtins_tests() {
	local d=$BUILD/builtins src=$TOP/tests/builtins v f flags fn inlined
	local pl="-flto -fplugin=$PLUGIN -fplugin-arg-ltoguard-report=$d/report"
	rm -rf "$d"
	mkdir -p "$d"
	for v in plain lto all control noplugin; do
		case $v in
		plain) flags="" ;;
		lto) flags="$pl.lto" ;;
		all) flags="$pl.all -fplugin-arg-ltoguard-builtins=all" ;;
		control) flags="$pl.control -fplugin-arg-ltoguard-builtins=inline" ;;
		noplugin) flags="-flto" ;;
		esac
		for f in memset clear; do
			# shellcheck disable=SC2086
			$CC -m32 -O2 -march=i686 -ffreestanding $flags -c "$src/$f.c" -o "$d/$f.$v.o" ||
				{ bad "builtins: $v: compile $f.c"; return; }
		done
		# shellcheck disable=SC2086
		$CC -m32 -O2 -nostdlib -static $flags "$d/memset.$v.o" "$d/clear.$v.o" -o "$d/$v" ||
			{ bad "builtins: $v: link"; return; }
	done
	if builtin_shape "$d/plain" clear_page | grep -q 'rep stos %al'; then
		bad "builtins: the plain clear_page is a rep stosb: the test's premise is wrong"
		return
	fi
	for fn in clear_rss clear_page; do
		if builtin_like_plain "$d" lto $fn; then
			ok "builtins: under LTO $fn's constant-size __builtin_memset is expanded as in the plain build"
		else
			bad "builtins: under LTO $fn differs from the plain build: $(builtin_shape "$d/lto" $fn | tr '\n' ';')"
		fi
	done
	if builtin_shape "$d/lto" clear_n | grep -q 'rep stos %al'; then
		ok "builtins: under LTO the unknown-size call in clear_n is left to GCC (memset inlined)"
	else
		bad "builtins: under LTO clear_n did not get the program's memset: $(builtin_shape "$d/lto" clear_n | tr '\n' ';')"
	fi
	inlined=""
	for fn in clear_rss clear_page clear_n; do
		builtin_like_plain "$d" all $fn || inlined="$inlined $fn"
	done
	if [ -z "$inlined" ]; then
		ok "builtins: with builtins=all all three calls are expanded as in the plain build"
	else
		bad "builtins: with builtins=all these differ from the plain build:$inlined"
	fi
	if grep -q $'\tmemset\tfunction\tbuiltin-expand\tbuiltin\t2 of 3 calls to __builtin_memset (those of a constant size) are expanded as the builtin, not inlined' "$d/report.lto" &&
		grep -q $'\tbuiltin-expand\tbuiltin\t3 of 3 calls to __builtin_memset are expanded' "$d/report.all"; then
		ok "builtins: the report names memset and how many of its builtin calls were kept"
	else
		bad "builtins: no builtin-expand line for memset; reports: $(cat "$d"/report.* 2>/dev/null)"
	fi
	if grep -q strlen "$d/report.lto" "$d/report.all"; then
		bad "builtins: the rule took strlen, which GCC does not expand by size"
	else
		ok "builtins: __builtin_strlen is left to GCC"
	fi
	for v in control noplugin; do
		inlined=0
		for fn in clear_rss clear_page clear_n; do
			builtin_shape "$d/$v" $fn | grep -q 'rep stos %al' && inlined=$((inlined + 1))
		done
		if [ $inlined -eq 3 ]; then
			ok "builtins: $v: GCC inlines the program's memset (rep stosb) into all 3 callers"
		else
			bad "builtins: $v: the program's memset is inlined into $inlined of 3 callers: the test cannot fail"
		fi
	done
}
