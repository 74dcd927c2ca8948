// SPDX-License-Identifier: GPL-2.0
/*
 * Detector: definitions placed in an explicit section that no C code
 * references, such as tables a linker script or __start_SEC/__stop_SEC
 * walks (driver and CPU tables, __param, .init.setup, early params).
 * Without C references LTO localizes such a public definition and then
 * drops it.  Which sections count is decided in lib/names.c
 * (lg_is_table_section); the rule keeps what a non-LTO link keeps and no
 * more: statics are left alone, as cc1 drops them in any build.
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

/* Set by attribute section (or __section): not GCC's own choice. */
static bool has_user_section(symtab_node *node)
{
	return node->get_section() && !node->implicit_section &&
	       lookup_attribute("section", DECL_ATTRIBUTES(node->decl));
}

void lg_detect_sections(void)
{
	symtab_node *node;

	FOR_EACH_DEFINED_SYMBOL(node) {
		const char *section;
		struct lg_why why;

		if (!TREE_PUBLIC(node->decl) || !has_user_section(node))
			continue;
		section = node->get_section();
		if (lg_export_section_kind(section))
			continue;	/* detect-export.c has these */
		if (!lg_is_table_section(section, is_a<cgraph_node *>(node)))
			continue;
		why.reason = "section";
		why.detail = ggc_strdup(concat("section ", section, NULL));
		lg_keep_visible(node, &why);
	}
}
