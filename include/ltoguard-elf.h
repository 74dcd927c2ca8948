/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ltoguard-elf.h: what the libelf host tools (ltoguard-kcheck,
 * ltoguard-btf, ltoguard-debug-aside) share: one way to report bad input,
 * to open an ELF file and to grow an array.
 *
 * Each tool is one C99 file that defines TOOL, its name, before including
 * this header; kbuild's host tools (scripts/, tools/objtool) are built the
 * same way, one program per directory of sources and no library between
 * them.  The tools exit 2 on bad input, as ltoguard-ld and ltoguard-ltrans
 * do: their answers are 0 and 1.
 */
#ifndef LTOGUARD_ELF_H
#define LTOGUARD_ELF_H

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef TOOL
#error "define TOOL, the tool's name, before including ltoguard-elf.h"
#endif

/* "TOOL: error: WHERE: WHAT", and libelf's reason when it has one (a
 * failed libelf call leaves it in elf_errno), then exit 2. */
__attribute__((noreturn))
static inline void tool_fail(const char *where, const char *what)
{
	int err = elf_errno();

	if (err)
		fprintf(stderr, TOOL ": error: %s: %s: %s\n", where, what, elf_errmsg(err));
	else
		fprintf(stderr, TOOL ": error: %s: %s\n", where, what);
	exit(2);
}

/* The same for a failed system call, with errno's reason. */
__attribute__((noreturn))
static inline void tool_fail_errno(const char *where)
{
	fprintf(stderr, TOOL ": error: %s: %s\n", where, strerror(errno));
	exit(2);
}

static inline void *tool_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		tool_fail_errno("malloc");
	return p;
}

/* V, an array of *CAP elements of SIZE bytes, grown to twice as many
 * (FIRST when it has none yet). */
static inline void *tool_grow(void *v, size_t *cap, size_t size, size_t first)
{
	size_t n = *cap ? 2 * *cap : first;

	if (n > SIZE_MAX / size) {
		errno = ENOMEM;
		tool_fail_errno("realloc");
	}
	v = realloc(v, n * size);
	if (!v)
		tool_fail_errno("realloc");
	*cap = n;
	return v;
}

/* PATH as an ELF file, read-only or (WRITE) for elf_update; its file
 * descriptor goes to *FD, and the index of its section name table to
 * *SHSTRNDX unless that is NULL.  A file that is not ELF, or has no
 * section name table to give, is an error. */
static inline Elf *tool_open_elf(const char *path, bool write, int *fd, size_t *shstrndx)
{
	Elf *elf;

	if (elf_version(EV_CURRENT) == EV_NONE)
		tool_fail("libelf", "version mismatch");
	*fd = open(path, write ? O_RDWR : O_RDONLY);
	if (*fd < 0)
		tool_fail_errno(path);
	elf = elf_begin(*fd, write ? ELF_C_RDWR : ELF_C_READ, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF || gelf_getclass(elf) == ELFCLASSNONE)
		tool_fail(path, "not an ELF file");
	if (shstrndx && elf_getshdrstrndx(elf, shstrndx))
		tool_fail(path, "no section name table");
	return elf;
}

#endif /* LTOGUARD_ELF_H */
