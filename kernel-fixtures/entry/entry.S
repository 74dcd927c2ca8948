/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Entry code in a .S file calling C (arch/x86/entry/entry_64.S calls
 * do_syscall_64, entry_32.S do_int80_syscall_32).  The linker reports
 * this reference to LTO itself; the fixture checks that stays so.
 */
	.text
	.globl	entry_syscall
	.type	entry_syscall, @function
entry_syscall:
#ifdef __x86_64__
	pushq	%rbp
	movq	%rsp, %rbp
	andq	$-16, %rsp
	call	do_syscall_64
	movq	%rbp, %rsp
	popq	%rbp
#else
	pushl	%ebp
	movl	%esp, %ebp
	andl	$-16, %esp
	subl	$12, %esp
	pushl	8(%ebp)
	call	do_int80_syscall_32
	movl	%ebp, %esp
	popl	%ebp
#endif
	ret
	.size	entry_syscall, .-entry_syscall
	.section .note.GNU-stack,"",@progbits
