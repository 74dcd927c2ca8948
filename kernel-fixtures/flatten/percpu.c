// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's one __flatten function, 6.1 mm/percpu.c
 * pcpu_build_alloc_info: flatten inlines every call, recursively.  In a
 * non-LTO build that means the calls into this file; under LTO, GCC's IPA
 * inliner flattens again with every body of the program (the defconfig
 * WPA grew to 23.5 GB).
 */
#include "flatten.h"

/* big enough, and called twice, that only flatten inlines it */
static int pcpu_group_size(int n)
{
	volatile int acc = 0;
	int i;

	for (i = 0; i < n; i++) {
		acc += i * 3;
		acc ^= i << 2;
		acc += (i & 7) ? 1 : 5;
		acc -= i / 3;
		acc += n % (i + 1);
	}
	return acc;
}

int __attribute__((flatten, noinline)) pcpu_build_alloc_info(int n)
{
	return pcpu_group_size(n) + cpu_distance(n, n + 1);
}

int __attribute__((noinline)) pcpu_other_user(int n)
{
	return pcpu_group_size(n + 1);
}
