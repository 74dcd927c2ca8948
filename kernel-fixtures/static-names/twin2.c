// SPDX-License-Identifier: GPL-2.0
/* A static of the same name as twin1.c's: LTO must tell them apart. */
#include "compiler.h"

static noinline int twin_step(int x)
{
	return x + 2;
}

noinline int twin2_run(int x)
{
	return twin_step(x) * twin_step(x + 2);
}
