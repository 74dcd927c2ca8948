// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

int int3_selftest(void);

int main(void)
{
	printf("int3 selftest %d\n", int3_selftest());
	return 0;
}
