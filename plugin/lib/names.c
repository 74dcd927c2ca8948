// SPDX-License-Identifier: GPL-2.0
/*
 * What the kernel's section and symbol names mean to ltoguard.
 * Plain C99, no GCC headers.
 */
#include <string.h>
#include "ltoguard.h"

unsigned long lg_hash32(const char *s)
{
	unsigned long h = 2166136261ul;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h = (h * 16777619ul) & 0xfffffffful;
	}
	return h;
}

static int starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/*
 * The sections EXPORT_SYMBOL writes its table entries to
 * (include/linux/export.h):
 *   2.6:       "__ksymtab", "__ksymtab_gpl", "__ksymtab_unused", ...
 *   3.x-6.4:   "___ksymtab+sym", "___ksymtab_gpl+sym" (sorted by the
 *              linker script), asm entries since 4.19 on PREL32 arches;
 *   6.5+:      ".export_symbol" records read by modpost.
 * The CRC and string sections (__kcrctab, __ksymtab_strings) name no
 * exported symbol.
 */
int lg_export_section_kind(const char *section, enum lg_reason *reason)
{
	if (!section)
		return 0;
	if (strcmp(section, ".export_symbol") == 0) {
		*reason = LG_REASON_EXPORT;
		return 1;
	}
	if (starts_with(section, "___ksymtab") || starts_with(section, "__ksymtab")) {
		const char *rest = section + (section[2] == '_' ? 10 : 9);

		if (starts_with(section, "__ksymtab_strings"))
			return 0;
		*reason = starts_with(rest, "_gpl") ? LG_REASON_EXPORT_GPL : LG_REASON_EXPORT;
		return 1;
	}
	return 0;
}

static int is_c_identifier(const char *s)
{
	if (!*s || (s[0] >= '0' && s[0] <= '9'))
		return 0;
	for (; *s; s++)
		if (!lg_is_symchar((unsigned char)*s) || *s == '.' || *s == '$')
			return 0;
	return 1;
}

/*
 * A public definition placed in an explicit section is kept when the
 * section is a table that something outside C walks:
 *   - any variable in an explicit section: a non-LTO link keeps every
 *     global, and data is placed in a named section only to be collected
 *     there (driver tables, __param, .init.setup, per-cpu areas, ...);
 *   - a function or variable in a section whose name is a C identifier:
 *     GNU ld defines __start_SEC/__stop_SEC for exactly those, so code can
 *     walk the section without naming its members.
 * Functions in ordinary placement sections (.init.text, .noinstr.text,
 * .sched.text) are not kept for their section alone: nothing walks those,
 * and an unreferenced one is dead in the LTO link as it would be anywhere.
 * Statics are never kept for their section: a non-LTO compile drops an
 * unused static too, which is why the kernel marks those __used.
 * ".discard*" sections (__ADDRESSABLE's .discard.addressable) are thrown
 * away by the kernel's linker script: nothing there is a table.
 */
int lg_is_table_section(const char *section, int is_function)
{
	if (!section || !*section || starts_with(section, ".discard"))
		return 0;
	if (!is_function)
		return 1;
	return is_c_identifier(section);
}
