// SPDX-License-Identifier: GPL-2.0
/* mm/gup.c's shape (follow_page_mask, net/ipv4/ip_output.c's
 * ip_finish_output alike): wrap_lookup is small and static with two
 * callers in its file, and its one call goes to lookup_work, static,
 * called only there, and large with lookup_tail, which its file inlines
 * into it as called once.  GCC ranks the calls to wrap_lookup first
 * (inlining it everywhere removes its body and grows each caller a
 * little), so lookup_work is called twice by the time GCC weighs it, and
 * stays a call; wrap_lookup is inlined.  A model that put lookup_work
 * into wrap_lookup first would call wrap_lookup large and keep its
 * calls. */
#include "once.h"

static void lookup_tail(struct regs *r)
{
	FORTY_NOTES(r, 11);
}

static void lookup_work(struct regs *r)
{
	note(r->a[0] + 13);
	note(r->a[1] * 13);
	note(r->a[2] ^ 13);
	note(r->a[3] - 13);
	if (r->a[4] & 1)
		lookup_tail(r);
	note(r->a[5] + 17);
	note(r->a[6] * 17);
}

/* Its calls pass six arguments, so inlining it grows each caller less
 * than its body: more than the early inliner takes (ipa-inline.cc,
 * early-inlining-insns), and less than the body it removes. */
static int wrap_lookup(struct regs *r, int k, int a, int b, int c, int d)
{
	lookup_work(r);
	return r->a[k & 7] * a + r->a[(k + 1) & 7] * b + r->a[(k + c) & 7] - d + r->flags;
}

int lookup_one(struct regs *r, int x, int y)
{
	return wrap_lookup(r, x, y, x + y, x - 1, y + 3);
}

int lookup_two(struct regs *r, int x, int y)
{
	return wrap_lookup(r, y, x, x * y, y - 1, x + 5) * 3;
}
