// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include "tables.h"

extern struct driver __start_drivers_tbl[], __stop_drivers_tbl[];
extern const struct cpu_dev __x86_cpu_dev_start[], __x86_cpu_dev_end[];

int main(void)
{
	const struct driver *d;
	const struct cpu_dev *c;

	for (d = __start_drivers_tbl; d < __stop_drivers_tbl; d++)
		printf("driver %s probe=%d\n", d->name, d->probe());
	for (c = __x86_cpu_dev_start; c < __x86_cpu_dev_end; c++)
		printf("cpu %s\n", c->vendor);
	return 0;
}
