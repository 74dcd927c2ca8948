// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

typedef unsigned int u32;
extern u32 btf_sock_ids[];

void maps_show(void);
void sock_show(void);

/* named by BTF_ID_FLAGS in maps.c and sock.c, called here with a
 * constant: LTO would clone it (bpf_obj_new.constprop.0) and drop it */
__attribute__((noinline)) int bpf_obj_new(int size)
{
	return size > 0 ? size : 0;
}

int main(void)
{
	if (bpf_obj_new(16) != 16)
		printf("bpf_obj_new is wrong\n");
	maps_show();
	sock_show();
	printf("btf_sock_ids: %u %u\n", btf_sock_ids[0], btf_sock_ids[1]);
	return 0;
}
