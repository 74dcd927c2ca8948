// SPDX-License-Identifier: GPL-2.0
/* Functions of one file that the others call (tests/cross/cross.sh). */
#include "cross.h"

void lock_take(struct lock *l, int who)
{
	if (l->owner) {
		l->waiters++;
		if (l->waiters > 8)
			l->count -= l->waiters;
	} else {
		l->owner = who;
	}
	l->count += who;
}

/* A little more than the call it replaces: inlining grows a caller by
 * fewer instructions than the rule's default, so the rule leaves it to
 * GCC.  main.c also takes its address, so its body stays under LTO (the
 * rule's exception for a callee that inlining removes does not apply). */
int lock_weight(const struct lock *l, int x)
{
	int w = l->waiters * x + (l->count >> 1);

	if (l->owner > x)
		w -= l->owner;
	return w;
}

int lock_owner(const struct lock *l)
{
	return l->owner;
}

void lock_setup(struct lock *l, int n)
{
	l->owner = 0;
	l->waiters = n & 3;
	l->count = n * 7;
	if (n > 4)
		l->waiters += l->count >> 2;
}
