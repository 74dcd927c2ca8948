// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

unsigned int entry_futex(void);
long futex_result;
extern int futex_calls;
void futex_rehash(unsigned int key);

int main(void)
{
	unsigned int clobbered = entry_futex();

	futex_rehash(clobbered + 7);

	if (clobbered)
		printf("saved user registers clobbered: mask 0x%x\n", clobbered);
	else
		printf("saved user registers intact\n");
	printf("result %ld, do_futex ran %d time(s)\n", futex_result, futex_calls);
	return 0;
}
