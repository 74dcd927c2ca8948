// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/entry/common.c: the C side of the entry, called only from
 * entry.S; it leaves through a function of another file that it calls
 * from inline asm by name (the 6.1 shape in which LTO lost irq_exit_rcu
 * and other .noinstr.text calls).
 */
#include <stdio.h>
#include "compiler.h"

#ifdef __x86_64__
#define CALL_CLOBBERS "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11"
#else
#define CALL_CLOBBERS "eax", "ecx", "edx"
#endif

static void exit_to_user_mode(void)
{
	asm volatile("call irq_exit_hook" ::: "memory", "cc", CALL_CLOBBERS);
}

#ifdef __x86_64__
void do_syscall_64(long nr)
#else
void do_int80_syscall_32(long nr)
#endif
{
	printf("syscall %ld\n", nr);
	exit_to_user_mode();
}
