// SPDX-License-Identifier: GPL-2.0
/* kernel/entry/common.c's shape: exit_work (syscall_exit_work) is
 * static, called from exit_prepare (syscall_exit_to_user_mode_prepare),
 * small and static, which has two callers, one of them a global function
 * nothing calls (LTO removes it, and both become "called once").  The
 * file inlines exit_prepare into both callers, each copy calling
 * exit_work.  prepare_work is static with one call, which a plain build
 * inlines too. */
#include "once.h"

static void exit_work(struct regs *r)
{
	FORTY_NOTES(r, 3);
	r->flags = 0;
}

/* small, but more than the early inliner takes (ipa-inline.cc,
 * early-inlining-insns): the IR keeps it apart, as the kernel's */
static void exit_prepare(struct regs *r)
{
	int flags = r->flags;

	if (flags & 8)
		note(flags);
	if (__builtin_expect(flags & 1, 0))
		exit_work(r);
	r->a[7] += flags;
}

void exit_to_user(struct regs *r)
{
	exit_prepare(r);
	while (__builtin_expect(r->flags & 2, 0)) {
		signal_work(r);
		r->flags &= ~2;
	}
	r->a[0] = small_helper(r->a[0]);
}

void exit_to_user_work(struct regs *r)
{
	exit_prepare(r);
}

static void prepare_work(struct regs *r)
{
	TWENTY_NOTES(r, 5);
}

void prepare(struct regs *r)
{
	if (r->flags & 4)
		prepare_work(r);
}
