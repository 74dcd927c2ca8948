// SPDX-License-Identifier: GPL-2.0
/*
 * Keep-list files (-fplugin-arg-ltoguard-keep=FILE): symbol names, one per
 * line, for references no compiler can see (a linker script assignment, a
 * symbol looked up by name at run time).  '#' starts a comment.
 * Plain C99, no GCC headers.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ltoguard.h"

static const char not_a_name[] = "is not one symbol name";
static const char too_long[] = "has a name longer than 4095 characters";
static const char nul_byte[] = "has a NUL byte";

static int is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Parse one line [p, end): NULL if fine (FN called for a name), else
 * what is wrong with it. */
static const char *parse_line(const char *p, const char *end, unsigned line,
			      lg_keep_fn fn, void *ctx)
{
	char name[LG_KEEP_NAME_MAX + 1];
	const char *start;
	size_t len;

	while (p < end && is_space((unsigned char)*p))
		p++;
	if (p == end || *p == '#')
		return NULL;
	if (!lg_is_symstart((unsigned char)*p))
		return not_a_name;
	start = p;
	while (p < end && lg_is_symchar((unsigned char)*p))
		p++;
	len = (size_t)(p - start);
	while (p < end && is_space((unsigned char)*p))
		p++;
	if (p != end && *p != '#')
		return not_a_name;	/* a second word or a stray character */
	if (len >= sizeof(name))
		return too_long;
	memcpy(name, start, len);
	name[len] = 0;
	fn(name, line, ctx);
	return NULL;
}

unsigned lg_keep_parse(const char *text, size_t len, lg_keep_fn fn, void *ctx,
		       const char **why)
{
	const char *p = text, *end = text + len;
	unsigned line = 1;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *bad;

		if (!eol)
			eol = end;
		bad = memchr(p, 0, (size_t)(eol - p)) ? nul_byte : parse_line(p, eol, line, fn, ctx);
		if (bad) {
			if (why)
				*why = bad;
			return line;
		}
		p = eol + 1;
		line++;
	}
	return 0;
}

/* Open PATH for reading without waiting on a FIFO, and check that it is
 * a file to read: a descriptor, or -1 with errno set. */
static int open_readable(const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), err;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0)
		goto fail;
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		goto fail;
	}
	if (!S_ISREG(st.st_mode) && !S_ISCHR(st.st_mode)) {
		errno = EINVAL;
		goto fail;
	}
	return fd;
fail:
	err = errno;
	close(fd);
	errno = err;
	return -1;
}

/* BUF grown to hold at least NEED bytes (its size in *CAP), at most
 * LIMIT; NULL (BUF freed) if memory runs out. */
static char *grow(char *buf, size_t *cap, size_t need, size_t limit)
{
	size_t size = *cap ? *cap : 8192;
	char *nb;

	while (size < need)
		size *= 2;
	if (size > limit)
		size = limit;
	nb = realloc(buf, size);
	if (!nb)
		free(buf);
	*cap = size;
	return nb;
}

char *lg_read_file(const char *path, size_t max, size_t *len)
{
	int fd = open_readable(path), err = 0;
	char *buf = NULL;
	size_t cap = 0, n = 0;

	if (fd < 0)
		return NULL;
	/* Up to MAX + 1 bytes, which tells a file of MAX bytes from a larger
	 * one, and a byte for the NUL. */
	while (n <= max) {
		ssize_t got;

		if (n + 1 >= cap && !(buf = grow(buf, &cap, n + 2, max + 2))) {
			err = ENOMEM;
			break;
		}
		got = read(fd, buf + n, cap - 1 - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			err = errno == EAGAIN ? EINVAL : errno;
			break;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	close(fd);
	if (!err && n > max)
		err = EFBIG;
	if (err) {
		free(buf);
		errno = err;
		return NULL;
	}
	if (!buf && !(buf = malloc(1))) {
		errno = ENOMEM;
		return NULL;
	}
	buf[n] = 0;
	*len = n;
	return buf;
}

const char *lg_file_error(int err)
{
	switch (err) {
	case EFBIG:
		return "larger than the limit";
	case EINVAL:
		return "not a regular file";
	default:
		return strerror(err);
	}
}
