// SPDX-License-Identifier: GPL-2.0
/*
 * Keep-list files (-fplugin-arg-ltoguard-keep=FILE): symbol names, one per
 * line, for references no compiler can see (a linker script assignment, a
 * symbol looked up by name at run time).  '#' starts a comment.
 * Plain C99, no GCC headers.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ltoguard.h"

#define NAME_MAX_LEN 4096

static int is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Parse one line [p, end): 0 if fine (FN called for a name), else -1. */
static int parse_line(const char *p, const char *end, unsigned line,
		      lg_keep_fn fn, void *ctx)
{
	char name[NAME_MAX_LEN];
	const char *start;
	size_t len;

	while (p < end && is_space((unsigned char)*p))
		p++;
	if (p == end || *p == '#')
		return 0;
	if (!lg_is_symstart((unsigned char)*p))
		return -1;
	start = p;
	while (p < end && lg_is_symchar((unsigned char)*p))
		p++;
	len = (size_t)(p - start);
	while (p < end && is_space((unsigned char)*p))
		p++;
	if (p != end && *p != '#')
		return -1;	/* a second word or a stray character */
	if (len >= sizeof(name))
		return -1;
	memcpy(name, start, len);
	name[len] = 0;
	fn(name, line, ctx);
	return 0;
}

unsigned lg_keep_parse(const char *text, size_t len, lg_keep_fn fn, void *ctx)
{
	const char *p = text, *end = text + len;
	unsigned line = 1;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));

		if (!eol)
			eol = end;
		if (memchr(p, 0, (size_t)(eol - p)) ||
		    parse_line(p, eol, line, fn, ctx))
			return line;
		p = eol + 1;
		line++;
	}
	return 0;
}

char *lg_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0;

	if (!f)
		return NULL;
	for (;;) {
		size_t got;

		if (cap - n < 4096) {
			char *nb = realloc(buf, cap ? cap * 2 : 8192);

			if (!nb) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = nb;
			cap = cap ? cap * 2 : 8192;
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		int err = errno ? errno : EIO;

		free(buf);
		fclose(f);
		errno = err;
		return NULL;
	}
	fclose(f);
	buf[n] = 0;
	*len = n;
	return buf;
}
