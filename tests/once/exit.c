// SPDX-License-Identifier: GPL-2.0
/* kernel/entry/common.c's shape: syscall_exit_work is static with two
 * callers, one of them a global function nothing calls (LTO removes it,
 * and exit_work becomes "called once"); prepare_work is static with one
 * call, which a plain build inlines too. */
#include "once.h"

static void exit_work(struct regs *r)
{
	TWENTY_NOTES(r, 3);
	r->flags = 0;
}

void exit_to_user(struct regs *r)
{
	if (__builtin_expect(r->flags & 1, 0))
		exit_work(r);
	while (__builtin_expect(r->flags & 2, 0)) {
		signal_work(r);
		r->flags &= ~2;
	}
	r->a[0] = small_helper(r->a[0]);
}

void exit_to_user_work(struct regs *r)
{
	exit_work(r);
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
