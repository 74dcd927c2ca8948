# SPDX-License-Identifier: GPL-2.0
# Sourced by run-tests.sh: the builtin rule (plugin/detect-builtins.c).
# tests/builtins/ is the kernel's i386 memset in miniature: memset.c
# defines memset as inline asm "rep stosb" (arch/x86/lib/memcpy_32.c),
# clear.c calls __builtin_memset on 16 bytes, a page and an unknown size
# (asm/string_32.h); strlen, defined and called the same way, is not the
# rule's business.  Built four ways, -m32 -O2 -ffreestanding:
#   plain     no LTO: GCC expands each builtin call for its size;
#   lto       -flto with the plugin in cc1 and lto1: the same code;
#   control   the same with -fplugin-arg-ltoguard-builtins=inline, and
#   noplugin  -flto alone: GCC inlines the program's memset into each
#             call (the test must be able to see that).

# builtin_shape BIN FN: FN's instructions without addresses and constants
builtin_shape() {
	objdump -d --no-show-raw-insn "$1" |
		awk -v fn="<$2>:" '$2 == fn { p = 1; next } p && /^$/ { p = 0 } p' |
		cut -f2- | sed 's/ *<.*//; s/0x[0-9a-f]*//g; s/[0-9a-f]\{6,\}//g'
}

run_builtins_tests() {
	local d=$BUILD/builtins src=$TOP/tests/builtins v f flags fn differ
	rm -rf "$d"
	mkdir -p "$d"
	for v in plain lto control noplugin; do
		case $v in
		plain) flags="" ;;
		lto) flags="-flto -fplugin=$PLUGIN -fplugin-arg-ltoguard-report=$d/report.txt" ;;
		control) flags="-flto -fplugin=$PLUGIN -fplugin-arg-ltoguard-builtins=inline" ;;
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
	for fn in clear_rss clear_page clear_n; do
		if [ -n "$(builtin_shape "$d/plain" $fn)" ] &&
			[ "$(builtin_shape "$d/lto" $fn)" = "$(builtin_shape "$d/plain" $fn)" ]; then
			ok "builtins: under LTO $fn's __builtin_memset is expanded as in the plain build"
		else
			bad "builtins: under LTO $fn differs from the plain build: $(builtin_shape "$d/lto" $fn | tr '\n' ';')"
		fi
	done
	if grep -q $'\tmemset\tfunction\tbuiltin-expand\tbuiltin\t3 calls to __builtin_memset are expanded as the builtin, not inlined' "$d/report.txt"; then
		ok "builtins: the report names memset and its 3 builtin calls"
	else
		bad "builtins: no builtin-expand line for memset; report: $(cat "$d/report.txt" 2>/dev/null)"
	fi
	if grep -q strlen "$d/report.txt"; then
		bad "builtins: the rule took strlen, which GCC does not expand by size"
	else
		ok "builtins: __builtin_strlen is left to GCC"
	fi
	for v in control noplugin; do
		differ=0
		for fn in clear_rss clear_page clear_n; do
			builtin_shape "$d/$v" $fn | grep -q 'rep stos %al' && differ=$((differ + 1))
		done
		if [ $differ -eq 3 ]; then
			ok "builtins: $v: GCC inlines the program's memset (rep stosb) into all 3 callers"
		else
			bad "builtins: $v: the program's memset is inlined into $differ of 3 callers: the test cannot fail"
		fi
	done
}
