// SPDX-License-Identifier: GPL-2.0
#include "sched.h"

static int pick_fair(void)
{
	return 4;
}

DEFINE_SCHED_CLASS(fair) = {
	.name = "fair",
	.pick = pick_fair,
};
