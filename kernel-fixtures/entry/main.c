// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

void entry_syscall(long nr);
extern int irq_exits;

int main(void)
{
	entry_syscall(39);
	entry_syscall(110);
	printf("irq exits: %d\n", irq_exits);
	return 0;
}
