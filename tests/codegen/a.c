// SPDX-License-Identifier: GPL-2.0
/* Code that shows each of the kernel's code-generation flags in its
 * machine code: fentry calls, stack-protector reads of %gs, indirect
 * calls through thunks, return thunks, endbr64, 32S relocations. */
#define __noipa __attribute__((noipa))

extern void (*hook)(void);
extern int table[16];
void fill(char *p);

__noipa int protected_leaf(int i)
{
	char buf[64];

	fill(buf);
	return buf[i & 63] + table[i & 15];
}

__noipa long address_of_table(void)
{
	return (long)&table[3];
}

__noipa int through_hook(int i)
{
	hook();
	return protected_leaf(i) + 1;
}

/* A notrace leaf with locals in memory: without -mno-red-zone they live
 * below %rsp. */
__noipa __attribute__((no_instrument_function)) int leaf_with_locals(int i)
{
	volatile long a = i, b = 2L * i;

	return (int)(a + b);
}
