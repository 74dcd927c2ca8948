// SPDX-License-Identifier: GPL-2.0
#include "tables.h"

static int blk_probe(void) { return 2; }
DRIVER(blk_driver) = { "blk", blk_probe };
CPU_DEV(amd_cpu_dev) = { "AuthenticAMD" };
