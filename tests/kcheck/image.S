/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A miniature vmlinux for tests/kcheck/kcheck.sh: the symbols and tables that
 * ltoguard-kcheck compares.  -DUNLISTED leaves g's return jump out of
 * .return_sites (what LTO code without objtool looks like), -DSTRAY adds
 * an entry pointing at no jump, -DNO_ORC_G gives g no ORC entry of its own,
 * -DNO_MCOUNT leaves g's __fentry__ call out of __mcount_loc.
 * IBT: ibt_free is sealed (nothing takes its address but the kprobe
 * blacklist); -DSEAL=NAME seals one more: ibt_data (a pointer in .data),
 * ibt_mov (mov $imm32), ibt_lea (lea disp(%rip)), ibt_export (__ksymtab),
 * or g_ret, a jump, not an ENDBR.
 */
	/* another section, as in the kernel (a rel32 jump, never a short one) */
	.section .text.thunks, "ax"
	.globl __x86_return_thunk, __fentry__, __x86_indirect_thunk_rax
	.type __x86_return_thunk, @function
__x86_return_thunk:
	ret
	int3
	.size __x86_return_thunk, . - __x86_return_thunk
	.type __fentry__, @function
__fentry__:
	ret
	.size __fentry__, . - __fentry__
	.type __x86_indirect_thunk_rax, @function
__x86_indirect_thunk_rax:
	jmp *%rax
	.size __x86_indirect_thunk_rax, . - __x86_indirect_thunk_rax

	.text
	.globl f
	.type f, @function
f:
f_fentry:
	call __fentry__
f_call:
	call __x86_indirect_thunk_rax
	/* a rel32 that is data, not a branch to a thunk */
	movl $0x12345678, %eax
f_ret:
	jmp __x86_return_thunk
f_end:
	.size f, . - f

	.type g, @function
g:
g_fentry:
	call __fentry__
	nop
g_ret:
	jmp __x86_return_thunk
g_end:
	.size g, . - g

	/* IBT: each function starts with its ENDBR */
	.irp name, ibt_free, ibt_data, ibt_mov, ibt_lea, ibt_export
	.type \name, @function
\name:
	endbr64
	ret
	.size \name, . - \name
	.endr
	.type ibt_user, @function
ibt_user:
	endbr64
	movq $ibt_mov, %rax
	leaq ibt_lea(%rip), %rax
	ret
	.size ibt_user, . - ibt_user

	.section .return_sites, "a"
	.globl __return_sites, __return_sites_end
__return_sites:
	.long f_ret - .
#ifndef UNLISTED
	.long g_ret - .
#endif
#ifdef STRAY
	.long g_end - 1 - .
#endif
__return_sites_end:

	.section .retpoline_sites, "a"
	.globl __retpoline_sites, __retpoline_sites_end
__retpoline_sites:
	.long f_call - .
__retpoline_sites_end:

	/*
	 * ORC: ip table and entries in parallel, sorted.  Each function starts
	 * with "sp_reg=SP(5), sp_offset=8"; f_end gets the undefined entry
	 * objtool ends a section with, which covers g when g has no entry.
	 */
	.section .orc_unwind_ip, "a"
	.globl __start_orc_unwind_ip, __stop_orc_unwind_ip
__start_orc_unwind_ip:
	.long f - .
	.long f_end - .
#ifndef NO_ORC_G
	.long g - .
#endif
	.irp name, ibt_free, ibt_data, ibt_mov, ibt_lea, ibt_export, ibt_user
	.long \name - .
	.endr
	.long __x86_return_thunk - .
	.long __fentry__ - .
	.long __x86_indirect_thunk_rax - .
__stop_orc_unwind_ip:
	.section .orc_unwind, "a"
	.globl __start_orc_unwind, __stop_orc_unwind
__start_orc_unwind:
	.short 8, 0, 5		/* f */
	.short 0, 0, 0		/* f_end: undefined */
#ifndef NO_ORC_G
	.short 8, 0, 5		/* g */
#endif
	.rept 6			/* ibt_* */
	.short 8, 0, 5
	.endr
	.short 8, 0, 5
	.short 8, 0, 5
	.short 8, 0, 5
__stop_orc_unwind:

	.section .init.data, "aw"
	.globl __start_mcount_loc, __stop_mcount_loc
__start_mcount_loc:
	.quad 0			/* padding, or an entry sorttable cleared: skipped */
	.quad f_fentry
#ifndef NO_MCOUNT
	.quad g_fentry
#endif
__stop_mcount_loc:

	.section .ibt_endbr_seal, "a"
	.globl __ibt_endbr_seal, __ibt_endbr_seal_end
__ibt_endbr_seal:
	.long ibt_free - .
#ifdef SEAL
	.long SEAL - .
#endif
__ibt_endbr_seal_end:

	.data
	.quad ibt_data
	.globl __start_kprobe_blacklist, __stop_kprobe_blacklist
__start_kprobe_blacklist:
	.quad ibt_free
__stop_kprobe_blacklist:

	.section __ksymtab, "a"
	.globl __start___ksymtab, __stop___ksymtab
__start___ksymtab:
	.long ibt_export - ., 0, 0
__stop___ksymtab:
