// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/bpf/hashtab.c and arraymap.c (6.1): each defines its own
 * BTF_ID_LIST with .local binding (htab_map_btf_ids, array_map_btf_ids),
 * which the file's C code reads, and a BTF_SET8 of kfuncs (6.12:
 * BTF_KFUNCS_START).  Here both files name their list
 * same_ids, as the kernel's BPF selftests do, and a list of flags shows
 * whose contents a reader sees.  The #line makes this file's first BTF_ID
 * the same symbol as sock.c's (__COUNTER__ and __LINE__ agree): in a
 * build without LTO each is local to its object.
 */
#include <stdio.h>
#include "btf_ids.h"

#line 100
BTF_ID_LIST(same_ids)
BTF_ID_FLAGS(func, bpf_obj_new, 11)
BTF_ID_UNUSED
BTF_ID_FLAGS(func, bpf_map_update, 12)

#ifdef BTF_IDS_612
BTF_KFUNCS_START(maps_kfunc_set)
BTF_ID_FLAGS(func, bpf_map_sum, 0x5)
BTF_ID_FLAGS(func, bpf_map_acquire, 0x3)
BTF_KFUNCS_END(maps_kfunc_set)
#else
BTF_SET8_START(maps_kfunc_set)
BTF_ID_FLAGS(func, bpf_map_sum, 0x5)
BTF_ID_FLAGS(func, bpf_map_acquire, 0x3)
BTF_SET8_END(maps_kfunc_set)
#endif

/*
 * The functions the lists name.  Kfuncs (net/bpf/test_run.c,
 * bpf_kfunc_call_test1): global and noinline, called by no C code, only by
 * BPF programs through their BTF ids.  bpf_map_update: a static the file's
 * C calls.
 */
noinline int bpf_map_sum(const int *v, int n)
{
	int s = 0;

	while (n-- > 0)
		s += *v++;
	return s;
}

noinline void *bpf_map_acquire(void *p)
{
	return p;
}

static noinline u32 bpf_map_update(u32 x)
{
	return x * 3;
}

noinline void maps_show(void)
{
	unsigned int i;

	if (bpf_map_update(same_ids[0]) != same_ids[0] * 3)
		printf("bpf_map_update is wrong\n");

	printf("maps same_ids: %u %u %u %u %u\n", same_ids[0], same_ids[1],
	       same_ids[2], same_ids[3], same_ids[4]);
	printf("maps kfunc set: cnt %u, set flags %u, %d bytes, flags",
	       maps_kfunc_set.cnt, maps_kfunc_set.flags,
	       (int)((char *)&maps_kfunc_set.pairs[2] - (char *)&maps_kfunc_set));
	for (i = 0; i < 2; i++)
		printf(" %#x", maps_kfunc_set.pairs[i].flags);
	printf("\n");
}
