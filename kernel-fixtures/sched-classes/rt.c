// SPDX-License-Identifier: GPL-2.0
#include "sched.h"

static int pick_rt(void)
{
	return 2;
}

DEFINE_SCHED_CLASS(rt) = {
	.name = "rt",
	.pick = pick_rt,
};
