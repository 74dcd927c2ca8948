// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

typedef unsigned int u32;
extern u32 btf_sock_ids[];

void maps_show(void);
void sock_show(void);

int main(void)
{
	maps_show();
	sock_show();
	printf("btf_sock_ids: %u %u\n", btf_sock_ids[0], btf_sock_ids[1]);
	return 0;
}
