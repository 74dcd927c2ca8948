// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include "once.h"

static unsigned long sum;

__attribute__((noinline)) void note(int x)
{
	sum = sum * 31 + (unsigned int)x;
}

int main(void)
{
	struct regs r = { 7, { 1, 2, 3, 4, 5, 6, 7, 8 } };

	prepare(&r);
	exit_to_user(&r);
	r.flags = 3;
	exit_to_user(&r);
	r.a[4] = lookup_one(&r, 2, 3);
	r.a[4] = lookup_two(&r, 4, r.a[4]);
	printf("%lu %d %d\n", sum, r.a[0], r.a[4]);
	return 0;
}
