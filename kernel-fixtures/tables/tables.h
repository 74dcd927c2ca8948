/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tables the kernel builds from section-placed definitions that no C
 * code names: walked between __start_SEC/__stop_SEC (GNU ld defines them
 * for sections named like C identifiers) or between linker-script symbols
 * (the .x86_cpu_dev.init / __x86_cpu_dev_start shape).
 */
#include "compiler.h"

struct driver {
	const char *name;
	int (*probe)(void);
};

struct cpu_dev {
	const char *vendor;
};

#define DRIVER(n) struct driver __section("drivers_tbl") __aligned(sizeof(void *)) n
#define CPU_DEV(n) const struct cpu_dev __section(".x86_cpu_dev.init") __aligned(sizeof(void *)) n
