// SPDX-License-Identifier: GPL-2.0
/* init/main.c, do_initcalls(): run every level in order. */
#include <stdio.h>
#include "init.h"

extern initcall_entry_t __initcall_start[], __initcall_end[];

int main(void)
{
	initcall_entry_t *e;

	for (e = __initcall_start; e < __initcall_end; e++)
		initcall_from_entry(e)();
	printf("%d initcalls\n", (int)(__initcall_end - __initcall_start));
	return 0;
}
