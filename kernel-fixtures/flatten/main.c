// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include "flatten.h"

int main(void)
{
	printf("alloc_info=%d other=%d distance=%d\n", pcpu_build_alloc_info(10),
	       pcpu_other_user(10), cpu_distance(3, 4));
	return 0;
}
