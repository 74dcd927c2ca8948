/*
 * A static, __used, called by name from inline asm in its own file (the
 * paravirt thunk shape).  LTO can put the caller and the static in
 * different partitions, where the local name does not reach.
 */
#include <stdio.h>

static int hits;

static void __attribute__((used)) native_hook(void)
{
	hits++;
}

void __attribute__((noinline)) pv_call(void)
{
	asm volatile("call native_hook" ::: "memory", "cc", "rax", "rcx",
		     "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11");
}

int get_hits(void)
{
	return hits;
}
