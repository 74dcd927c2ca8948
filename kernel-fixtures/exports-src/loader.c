// SPDX-License-Identifier: GPL-2.0
/*
 * The module loader's view of the export tables (kernel/module/main.c,
 * find_symbol): walk __ksymtab and __ksymtab_gpl between the linker
 * script's bounds and resolve a name to an address.  A "module" asks for
 * each symbol by name only: it has no C reference to any of them.
 */
#include <stdio.h>
#include <string.h>
#include "compiler.h"
#include EXPORT_H

#ifdef KSYMTAB_PREL32
/* 4.19+ (and what modpost generates for 6.5+): PREL32 entries */
struct ksym_prel32 {
	int value_offset;
	int name_offset;
	int namespace_offset;
};
typedef struct ksym_prel32 ksym_t;

static const void *offset_to_ptr(const int *off)
{
	return (const char *)off + *off;
}
#define KSYM_VALUE(s) offset_to_ptr(&(s)->value_offset)
#define KSYM_NAME(s) ((const char *)offset_to_ptr(&(s)->name_offset))
#define KSYM_NS(s) ((const char *)offset_to_ptr(&(s)->namespace_offset))
#else
typedef struct kernel_symbol ksym_t;
#define KSYM_VALUE(s) ((const void *)(s)->value)
#define KSYM_NAME(s) ((s)->name)
#define KSYM_NS(s) ""
#endif

extern const ksym_t __start___ksymtab[], __stop___ksymtab[];
extern const ksym_t __start___ksymtab_gpl[], __stop___ksymtab_gpl[];

static const void *lookup(const ksym_t *start, const ksym_t *stop,
			  const char *name, const char **ns)
{
	const ksym_t *s;

	for (s = start; s < stop; s++)
		if (strcmp(KSYM_NAME(s), name) == 0) {
			*ns = KSYM_NS(s);
			return KSYM_VALUE(s);
		}
	return NULL;
}

const void *resolve(const char *name, int *gpl, const char **ns)
{
	const void *p = lookup(__start___ksymtab, __stop___ksymtab, name, ns);

	*gpl = 0;
	if (!p) {
		p = lookup(__start___ksymtab_gpl, __stop___ksymtab_gpl, name, ns);
		*gpl = p != NULL;
	}
	return p;
}
