/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The i386 system call entry of the seed patch's era (entry_32.S,
 * SAVE_ALL + call *sys_call_table): the saved user registers are pushed
 * as a pt_regs-like frame, and the same slots are the stack arguments of
 * the asmlinkage handler.  A handler that writes into its incoming
 * argument slots corrupts the user's registers.
 *
 * unsigned int entry_futex(void): makes the call and returns a bit per
 * saved register that is no longer what was saved (0: frame intact).
 */
	.text
	.globl	entry_futex
	.type	entry_futex, @function
entry_futex:
	pushl	%ebx
	pushl	%esi
	pushl	%edi
	pushl	%ebp
	pushl	$0x66666666		/* user ebp: 6th argument, val3 */
	pushl	$0x55555555		/* user edi: uaddr2 */
	pushl	$0x44444444		/* user esi: utime */
	pushl	$0x33333333		/* user edx: val */
	pushl	$0x22222222		/* user ecx: op */
	pushl	$0x11111111		/* user ebx: uaddr */
	call	sys_futex_like
	movl	%eax, futex_result
	xorl	%eax, %eax
	cmpl	$0x11111111, 0(%esp)
	je	1f
	orl	$1, %eax
1:	cmpl	$0x22222222, 4(%esp)
	je	1f
	orl	$2, %eax
1:	cmpl	$0x33333333, 8(%esp)
	je	1f
	orl	$4, %eax
1:	cmpl	$0x44444444, 12(%esp)
	je	1f
	orl	$8, %eax
1:	cmpl	$0x55555555, 16(%esp)
	je	1f
	orl	$16, %eax
1:	cmpl	$0x66666666, 20(%esp)
	je	1f
	orl	$32, %eax
1:	addl	$24, %esp
	popl	%ebp
	popl	%edi
	popl	%esi
	popl	%ebx
	ret
	.size	entry_futex, .-entry_futex
	.section .note.GNU-stack,"",@progbits
