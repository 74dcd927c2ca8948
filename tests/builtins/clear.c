// SPDX-License-Identifier: GPL-2.0
/*
 * Callers of the builtin, as the kernel's i386 code calls it
 * (asm/string_32.h: #define memset(s, c, count) __builtin_memset(...)):
 * a 16-byte structure (mm_init's rss_stat), a page (clear_page) and a
 * size GCC cannot know; and strlen, which is not the rule's business.
 * `used` keeps them in the linked program.
 */
#include <stddef.h>

#define memset(s, c, count) __builtin_memset(s, c, count)

struct rss_stat {
	long count[4];
};

__attribute__((used)) void clear_rss(struct rss_stat *r)
{
	memset(r, 0, sizeof(*r));
}

__attribute__((used)) void clear_page(void *page)
{
	memset(page, 0, 4096);
}

__attribute__((used)) void clear_n(void *p, size_t n)
{
	memset(p, 0, n);
}

__attribute__((used)) size_t name_len(const char *name)
{
	return __builtin_strlen(name);
}

void _start(void)
{
	for (;;)
		;
}
