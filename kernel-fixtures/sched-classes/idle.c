// SPDX-License-Identifier: GPL-2.0
#include "sched.h"

static int pick_idle(void)
{
	return 4;
}

DEFINE_SCHED_CLASS(idle) = {
	.name = "idle",
	.pick = pick_idle,
};
