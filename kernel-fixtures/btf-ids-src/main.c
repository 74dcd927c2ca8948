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

/*
 * security/bpf/hooks.c (6.1): a static array with the name of
 * kernel/bpf/bpf_lsm.c's BTF_SET (bpf_lsm_hooks); here the names of
 * sock.c's BTF_SET and maps.c's BTF_SET8.  In one LTO link the lists'
 * labels must give way to the C symbols, and BTF_SET_END's ".size
 * __BTF_ID__set__NAME, .-NAME" must follow them.
 */
__attribute__((used)) static u32 sock_set[] = { 61, 62 };
__attribute__((used)) static const char maps_kfunc_set[] = "hooks";

int main(void)
{
	if (bpf_obj_new(16) != 16)
		printf("bpf_obj_new is wrong\n");
	maps_show();
	sock_show();
	printf("btf_sock_ids: %u %u\n", btf_sock_ids[0], btf_sock_ids[1]);
	printf("%s: %u %u\n", maps_kfunc_set, sock_set[0], sock_set[1]);
	return 0;
}
