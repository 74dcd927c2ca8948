// SPDX-License-Identifier: GPL-2.0
/* Functions of one file that the others call (tests/cross.sh). */
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
