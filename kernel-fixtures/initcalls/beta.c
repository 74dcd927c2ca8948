// SPDX-License-Identifier: GPL-2.0
/* One of several files that each have a static "setup" initcall. */
#include <stdio.h>
#include "init.h"

#define __KBUILD_MODNAME kmod_beta

static int __init setup(void)
{
	printf("beta: setup (device_initcall)\n");
	return 0;
}
device_initcall(setup);

static int __init init(void)
{
	printf("beta: init (core_initcall)\n");
	return 0;
}
core_initcall(init);

static int __init late(void)
{
	printf("beta: late (late_initcall)\n");
	return 0;
}
late_initcall(late);
