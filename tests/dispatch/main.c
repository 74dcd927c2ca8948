// SPDX-License-Identifier: GPL-2.0
/* Calls every system call through the dispatcher, through pointers so
 * that LTO cannot inline the dispatchers themselves into main. */
#include <stdio.h>
#include "regs.h"

long sink(long x)
{
	asm volatile("" : "+r"(x));
	return x;
}

long (*volatile call)(const struct regs *, unsigned int) = sys_call;
long (*volatile small)(const struct regs *, unsigned int) = small_switch;

int main(void)
{
	struct regs r = { 3, 5, 7 };
	long sum = 0;
	unsigned int nr;

	for (nr = 0; nr < 22; nr++)
		sum = sum * 3 + call(&r, nr);
	sum += small(&r, 0) + small(&r, 1);
	printf("%ld\n", sum);
	return 0;
}
