// SPDX-License-Identifier: GPL-2.0
/* Exported functions and data, the way kernel/ and lib/ export them. */
#include "compiler.h"
#include EXPORT_H

int add_one(int x)
{
	return x + 1;
}
EXPORT_SYMBOL(add_one);

int gpl_mul(int x)
{
	return x * 3;
}
EXPORT_SYMBOL_GPL(gpl_mul);

int ns_fn(void)
{
	return 7;
}
EXPORT_SYMBOL_NS(ns_fn, MY_NS);

int exported_var = 42;
EXPORT_SYMBOL(exported_var);

/* DEFINE_PER_CPU: the per-cpu section, exported with EXPORT_PER_CPU_SYMBOL */
__section(".data..percpu") int pcpu_counter = 5;
EXPORT_PER_CPU_SYMBOL(pcpu_counter);
