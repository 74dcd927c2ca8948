// SPDX-License-Identifier: GPL-2.0
/*
 * A system call dispatcher as arch/x86/entry/syscall_64.c has it since
 * the BHI fix: one case per call, each returning another file's function.
 * small_switch is an ordinary switch calling two helpers: below the
 * rule's threshold, GCC may inline them as it likes.
 */
#include "regs.h"

long sys_call(const struct regs *r, unsigned int nr)
{
	switch (nr) {
	case 0: return sys_0(r);
	case 1: return sys_1(r);
	case 2: return sys_2(r);
	case 3: return sys_3(r);
	case 4: return sys_4(r);
	case 5: return sys_5(r);
	case 6: return sys_6(r);
	case 7: return sys_7(r);
	case 8: return sys_8(r);
	case 9: return sys_9(r);
	case 10: return sys_10(r);
	case 11: return sys_11(r);
	case 12: return sys_12(r);
	case 13: return sys_13(r);
	case 14: return sys_14(r);
	case 15: return sys_15(r);
	case 16: return sys_16(r);
	case 17: return sys_17(r);
	case 18: return sys_18(r);
	case 19: return sys_19(r);
	default: return -38;
	}
}

long small_switch(const struct regs *r, unsigned int op)
{
	switch (op) {
	case 0: return helper_a(r);
	case 1: return helper_b(r);
	default: return 0;
	}
}
