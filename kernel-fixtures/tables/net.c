// SPDX-License-Identifier: GPL-2.0
#include "tables.h"

static int net_probe(void) { return 1; }
DRIVER(net_driver) = { "net", net_probe };
CPU_DEV(intel_cpu_dev) = { "GenuineIntel" };
