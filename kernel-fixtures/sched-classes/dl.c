// SPDX-License-Identifier: GPL-2.0
#include "sched.h"

static int pick_dl(void)
{
	return 2;
}

DEFINE_SCHED_CLASS(dl) = {
	.name = "dl",
	.pick = pick_dl,
};
