// SPDX-License-Identifier: GPL-2.0
/*
 * The program's own memset, in the shape of the kernel's i386 one
 * (arch/x86/lib/memcpy_32.c, asm/string_32.h __memset_generic), and
 * strlen (lib/string.c), compiled -ffreestanding as the kernel does.
 */
#include <stddef.h>

void *memset(void *s, int c, size_t count)
{
	int d0, d1;

	asm volatile("rep stosb"
		     : "=&c"(d0), "=&D"(d1)
		     : "a"(c), "1"(s), "0"(count)
		     : "memory");
	return s;
}

size_t strlen(const char *s)
{
	const char *p;

	for (p = s; *p; p++)
		;
	return p - s;
}
