// SPDX-License-Identifier: GPL-2.0
/*
 * Keep rule: EXPORT_SYMBOL in its C shape (2.6 and 3.x, include/linux/export.h
 * before 4.19, and later kernels on architectures without PREL32):
 *
 *   static const char __kstrtab_frob[] __section("__ksymtab_strings") = "frob";
 *   const struct kernel_symbol __ksymtab_frob __used
 *	__section("___ksymtab+frob") = { (unsigned long)&frob, __kstrtab_frob };
 *
 * The table entry keeps frob referenced, but LTO still localizes frob
 * (and may rename it frob.lto_priv.0 in another partition); modules then
 * cannot link against it.  modpost finds exports by the __ksymtab_ symbol
 * names, so the entry must keep its name too.
 *
 * The asm shapes (4.19-6.4 "___ksymtab+sym" asm, 6.5+ ".export_symbol")
 * are found by the asm detector, which names the section they are in.
 * This detector runs in cc1 and in WPA, where an EXPORT_SYMBOL in one file
 * meets the definition from another (zlib_inflateReset, xz_dec_reset).
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

#define KSYMTAB_PREFIX "__ksymtab_"

static void keep_entry(varpool_node *entry, const struct lg_why *why)
{
	if (TREE_PUBLIC(entry->decl))
		lg_make_visible(entry, why);
	else if (!entry->unique_name) {
		/* a static entry: never let LTO rename it (must_not_rename) */
		entry->unique_name = 1;
		DECL_PRESERVE_P(entry->decl) = 1;
		lg_report_note(entry, LG_ACT_KEPT, why);
	}
}

static void check_entry(varpool_node *entry)
{
	const char *section = entry->get_section();
	const char *name = lg_decl_asm_name(entry->decl);
	const char *sym;
	symtab_node *target;
	struct lg_why why;

	if (!lg_export_section_kind(section, &why.reason) ||
	    strncmp(name, KSYMTAB_PREFIX, strlen(KSYMTAB_PREFIX)) != 0)
		return;
	sym = name + strlen(KSYMTAB_PREFIX);
	why.detail = lg_concat("table entry ", name, " in section ", section,
			       " at ",
			       lg_loc_string(DECL_SOURCE_LOCATION(entry->decl)),
			       NULL);
	keep_entry(entry, &why);
	target = lg_lookup_definition(sym);
	if (target && TREE_PUBLIC(target->decl))
		lg_make_visible(target, &why);
	else if (target && lg_stage == LG_STAGE_CC1)
		/* EXPORT_SYMBOL of a static: the kernel rejects it at link
		 * time ("local symbol was exported") in any build. */
		warning_at(DECL_SOURCE_LOCATION(target->decl), 0,
			   "ltoguard: %qs is exported but static", sym);
}

void lg_keep_exports(void)
{
	varpool_node *node;

	FOR_EACH_DEFINED_VARIABLE(node)
		if (node->get_section())
			check_entry(node);
}
