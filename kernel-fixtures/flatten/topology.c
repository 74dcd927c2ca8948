// SPDX-License-Identifier: GPL-2.0
/* Another file's function: the call from the __flatten function into it
 * stays a call, as in a non-LTO build. */
#include "flatten.h"

int cpu_distance(int a, int b)
{
	volatile int d = 0;
	int i;

	for (i = 0; i < a + b; i++) {
		d += (i ^ a) & 3;
		d -= (i * b) % 7;
		d ^= i >> 1;
		d += i % 5 ? 2 : 9;
		d += b / (i + 1);
	}
	return d;
}
