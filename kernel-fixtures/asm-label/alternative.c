// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/kernel/alternative.c (6.1): int3_magic is defined by toplevel
 * asm, without .globl, and called from C in the same file.  LTO puts all
 * toplevel asm in the first partition; a caller elsewhere cannot reach a
 * local label.
 */
#include "compiler.h"

extern int int3_magic(unsigned int *ptr);

asm (
"	.pushsection	.init.text, \"ax\", @progbits\n"
"	.type		int3_magic, @function\n"
"int3_magic:\n"
#ifdef __x86_64__
"	movl	$1, (%rdi)\n"
#else
"	movl	4(%esp), %eax\n"
"	movl	$1, (%eax)\n"
#endif
"	movl	$7, %eax\n"
"	ret\n"
"	.size		int3_magic, .-int3_magic\n"
"	.popsection\n"
);

noinline int int3_selftest(void)
{
	unsigned int val = 0;
	int r = int3_magic(&val);

	return r * 10 + (int)val;
}
