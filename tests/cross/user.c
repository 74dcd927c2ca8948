// SPDX-License-Identifier: GPL-2.0
/* Callers in another file than lock.c (tests/cross/cross.sh); noinline, so
 * that each keeps its own code for the test to read. */
#include "cross.h"

/* Some work beside each lock_take: inlining it saves these callers a
 * small share of their time (pipe_read's shape). */
static int mix(const int *v, int n, int x)
{
	int i, s = x;

	for (i = 0; i < n; i++)
		s = s * 31 + (v[i] ^ x);
	return s;
}

__attribute__((noinline)) int user_a(struct lock *l, const int *v, int x)
{
	int s = mix(v, 16, x);

	lock_take(l, s & 15);
	return lock_owner(l) + lock_weight(l, s) + s;
}

__attribute__((noinline)) int user_b(struct lock *l, const int *v, int x)
{
	int s = mix(v, 16, x + 1);

	lock_take(l, s & 7);
	s = mix(v, 16, s);
	lock_take(l, s & 3);
	return lock_owner(l) * 2 + lock_weight(l, x) + s;
}

/* A thin wrapper (getppid's shape): lock_take is most of its time. */
__attribute__((noinline)) int user_fast(struct lock *l, int x)
{
	lock_take(l, x);
	return lock_owner(l);
}
