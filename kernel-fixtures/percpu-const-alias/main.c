// SPDX-License-Identifier: GPL-2.0
/* Reads through the const alias, writes through the variable: both
 * declarations are referenced here, as in most 6.12 x86 files. */
#include <stdio.h>
#include "percpu.h"

__attribute__((noinline)) static void report(void)
{
	printf("cpu %d top %#lx\n", smp_processor_id(), const_pcpu_hot.top_of_stack);
}

int main(void)
{
	report();
	switch_to_cpu(3);
	pcpu_hot.top_of_stack = 0x2000;
	report();
	printf("cpu %d from common.c\n", current_cpu());
	return 0;
}
