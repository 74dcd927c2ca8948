// SPDX-License-Identifier: GPL-2.0
#include "sched.h"

static int pick_stop(void)
{
	return 4;
}

DEFINE_SCHED_CLASS(stop) = {
	.name = "stop",
	.pick = pick_stop,
};
