// SPDX-License-Identifier: GPL-2.0
/* Defines the variable and reads the const alias (cpu/common.c shape). */
#include "percpu.h"

DEFINE_PER_CPU_ALIGNED(struct pcpu_hot, pcpu_hot) = {
	.cpu_number = 0,
	.top_of_stack = 0x1000,
};

void switch_to_cpu(int cpu)
{
	pcpu_hot.cpu_number = cpu;
}

int current_cpu(void)
{
	return smp_processor_id();
}
