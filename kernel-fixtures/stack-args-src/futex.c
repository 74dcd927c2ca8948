// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/futex.c of 2012 reduced: asmlinkage sys_futex calls the
 * 7-argument do_futex, which the kernel's -mregparm=3 passes with four
 * arguments on the stack.  SEED_NOINLINE applies the seed patch (a
 * hand-written noinline on do_futex).
 */
#define asmlinkage __attribute__((regparm(0)))
#define fastcall3 __attribute__((regparm(3)))
#ifdef SEED_NOINLINE
#define seed_noinline __attribute__((noinline))
#else
#define seed_noinline
#endif

typedef unsigned int u32;

int futex_calls;
unsigned int futex_hashes;

/* A header's static inline helper with as many stack words: a build
 * without LTO inlines it into its callers, so LTO may too (check.sh).
 * Called apart from do_futex, whose size decides whether a build
 * without LTO inlines it into sys_futex_like (gcc 11 then does not). */
static inline fastcall3 u32 futex_hash(u32 a, u32 b, u32 c, u32 d, u32 e, u32 f, u32 g)
{
	return (a ^ b) + (c ^ d) * (e | 1) + (f ^ g);
}

void futex_rehash(u32 key)
{
	futex_hashes += futex_hash(key, key >> 1, key >> 2, key >> 3, key >> 4, key >> 5, key >> 6);
}

seed_noinline fastcall3 long do_futex(u32 uaddr, int op, u32 val, u32 timeout,
				      u32 uaddr2, u32 val2, u32 val3)
{
	futex_calls++;
	return (long)((uaddr >> 28) + (op >> 24) + (val >> 20) + timeout +
		      (uaddr2 >> 16) + val2 + (val3 >> 12));
}

asmlinkage long sys_futex_like(u32 uaddr, int op, u32 val, u32 utime,
			       u32 uaddr2, u32 val3)
{
	u32 val2 = 0;

	if (op == 3)
		val2 = utime;
	return do_futex(uaddr, op, val, 0, uaddr2, val2, val3);
}
