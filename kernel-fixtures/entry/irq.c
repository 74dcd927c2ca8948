// SPDX-License-Identifier: GPL-2.0
/* kernel/softirq.c: a noinstr function no C code calls. */
#include "compiler.h"

int irq_exits;

__section(".noinstr.text") void irq_exit_hook(void)
{
	irq_exits++;
}
