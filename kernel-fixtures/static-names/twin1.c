// SPDX-License-Identifier: GPL-2.0
/* A static of the same name as twin2.c's: LTO must tell them apart. */
#include "compiler.h"

static noinline int twin_step(int x)
{
	return x + 1;
}

noinline int twin1_run(int x)
{
	return twin_step(x) * twin_step(x + 1);
}
