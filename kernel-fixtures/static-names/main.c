// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include "compiler.h"

int probe_first(int x);
int probe_second(int x);
int twin1_run(int x);
int twin2_run(int x);

int main(void)
{
	printf("probe %d %d\n", probe_first(2), probe_second(3));
	printf("twins %d %d\n", twin1_run(4), twin2_run(5));
	return 0;
}
