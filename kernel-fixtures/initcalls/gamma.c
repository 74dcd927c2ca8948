// SPDX-License-Identifier: GPL-2.0
/* One of several files that each have a static "setup" initcall. */
#include <stdio.h>
#include "init.h"

#define __KBUILD_MODNAME kmod_gamma

static int __init setup(void)
{
	printf("gamma: setup (device_initcall)\n");
	return 0;
}
device_initcall(setup);

static int __init init(void)
{
	printf("gamma: init (core_initcall)\n");
	return 0;
}
core_initcall(init);
