# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# sys_futex_like must call do_futex (or an IPA clone of it), not inline it.
calls_do_futex() {
	objdump -d --no-show-raw-insn "$1" |
		awk '/^[0-9a-f]+ <sys_futex_like>:/ { f = 1; next } /^$/ { f = 0 } f' |
		grep -Eq '(call|jmp) +[0-9a-f]+ <do_futex[.>]' ||
		{ echo "    do_futex was inlined into sys_futex_like"; return 1; }
}
# futex_hash, a static inline helper with four stack words, is inlined
# (ltoguard marks only functions other files can call)
inlines_futex_hash() {
	! objdump -d --no-show-raw-insn "$1" | grep -Eq '(call|jmp) +[0-9a-f]+ <futex_hash[.>]' ||
		{ echo "    futex_hash is called, not inlined"; return 1; }
}
