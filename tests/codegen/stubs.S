/* SPDX-License-Identifier: GPL-2.0 */
/* What the kernel provides to compiled code: ftrace's __fentry__, the
 * stack-protector failure path, retpoline and return thunks. */
	.text
	.globl __fentry__, __stack_chk_fail, __x86_return_thunk
__fentry__:
	ret
__x86_return_thunk:
	ret
__stack_chk_fail:
	ud2
	.irp reg, rax, rbx, rcx, rdx, rsi, rdi, rbp, r8, r9, r10, r11, r12, r13, r14, r15
	.globl __x86_indirect_thunk_\reg
__x86_indirect_thunk_\reg:
	jmp *%\reg
	.endr
