// SPDX-License-Identifier: GPL-2.0
/*
 * net/core/filter.c (6.1): a BTF_ID_LIST with .local binding read by the
 * file's C (here the same name as maps.c's), a sorted BTF_SET read
 * through its count, and BTF_ID_LIST_GLOBAL (btf_sock_ids), a .globl
 * list other files read.  Labels of toplevel asm with no binding
 * directive and with .weak, read from C, complete the binding shapes.
 */
#include <stdio.h>
#include "btf_ids.h"

#line 100
BTF_ID_LIST(same_ids)
BTF_ID_FLAGS(func, bpf_obj_new, 21)
BTF_ID_FLAGS(func, bpf_sk_release, 22)
BTF_ID_FLAGS(func, bpf_sk_assign, 23)

BTF_SET_START(sock_set)
BTF_ID(struct, sock)
BTF_ID(struct, tcp_sock)
BTF_ID(struct, udp_sock)
BTF_SET_END(sock_set)

BTF_ID_LIST_GLOBAL(btf_sock_ids, 3)
BTF_ID_FLAGS(struct, inet_sock, 31)

asm(".pushsection .rodata\n"
    "unbound_label:\n"
    "\t.long 41\n"
    ".popsection\n");
extern u32 unbound_label[];

asm(".pushsection .rodata\n"
    ".weak weak_label\n"
    "weak_label:\n"
    "\t.long 51\n"
    ".popsection\n");
extern u32 weak_label[];

/* kfuncs: global, noinline, called by no C code (see maps.c) */
noinline void bpf_sk_release(void *sk)
{
	asm volatile("" : : "r"(sk) : "memory");
}

noinline int bpf_sk_assign(void *sk, int fd)
{
	return sk ? fd : -1;
}

noinline void sock_show(void)
{
	printf("sock same_ids: %u %u %u %u %u %u\n", same_ids[0], same_ids[1],
	       same_ids[2], same_ids[3], same_ids[4], same_ids[5]);
	printf("sock set: cnt %u, %d bytes\n", sock_set.cnt,
	       (int)((char *)&sock_set.ids[3] - (char *)&sock_set));
	printf("labels: %u %u\n", unbound_label[0], weak_label[0]);
}
