// SPDX-License-Identifier: GPL-2.0
/* The cross-file rule's test program: prints what the locks end as. */
#include <stdio.h>
#include "cross.h"

/* lock_weight's address is taken: its body stays whatever LTO inlines */
int (*volatile weigh)(const struct lock *, int) = lock_weight;

int main(int argc, char **argv)
{
	struct lock l;
	int v[16], i, s = 0;

	(void)argv;
	for (i = 0; i < 16; i++)
		v[i] = i * i + argc;
	lock_setup(&l, argc + 5);
	for (i = 0; i < 100; i++)
		s += user_a(&l, v, i) + user_b(&l, v, i) + user_fast(&l, i);
	for (i = 0; i < 16; i++)
		s ^= v[i] << (i & 7);
	lock_take(&l, s);
	s += weigh(&l, argc);
	printf("%d %d %d %d\n", s, l.owner, l.waiters, l.count);
	return 0;
}
