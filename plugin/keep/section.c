// SPDX-License-Identifier: GPL-2.0
/*
 * Keep rule: definitions placed in an explicit section that no C code
 * references, such as tables a linker script or __start_SEC/__stop_SEC
 * walks (driver and CPU tables, __param, .init.setup, early params).
 * Without C references LTO localizes such a public definition and then
 * drops it.  Which sections count is decided in lib/names.c
 * (lg_is_table_section); the rule keeps what a non-LTO link keeps and no
 * more: statics are left alone, as cc1 drops them in any build.
 *
 * Order is meaning in such tables (the kernel probes .apicdrivers and
 * .x86_cpu_dev.init entries in link order), and LTO emits variables in
 * its own order unless a symbol is no_reorder (lto-partition.cc and
 * cgraphunit.cc, output_in_order).  So every table entry, static or
 * public, kept by us or by __used, is marked no_reorder: the bit is
 * streamed, and LTO then keeps the entries in link order as ld would.
 *
 * Keeping such a definition externally visible also keeps comparisons of
 * its address opaque.  Once LTO has localized two section-placed objects
 * into one unit, GCC 11 and 12 take the distinct objects to be unrelated
 * and fold sched_init()'s BUG_ON(&idle_sched_class != &fair_sched_class
 * + 1 || ...) to true, though the linker script puts them side by side.
 * With the definitions still externally visible (or __used) they leave
 * the comparison to run time, as the non-LTO build does.
 * kernel-fixtures/sched-classes shows the fold without the plugin.
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

static void keep_in_order(symtab_node *node, const struct lg_why *why)
{
	if (node->no_reorder)
		return;
	node->no_reorder = 1;
	if (!TREE_PUBLIC(node->decl))
		lg_report_note(node, LG_ACT_ORDERED, why);
}

void lg_keep_section_tables(void)
{
	symtab_node *node;

	FOR_EACH_DEFINED_SYMBOL(node) {
		const char *section;
		struct lg_why why;
		bool is_function = is_a<cgraph_node *>(node);

		if (!lg_has_user_section(node))
			continue;
		section = node->get_section();
		if (lg_export_section_kind(section, &why.reason))
			continue;	/* keep/export.c has these */
		if (!lg_is_table_section(section, is_function))
			continue;
		why.reason = LG_REASON_SECTION;
		why.detail = lg_concat("section ", section, NULL);
		if (!is_function && (TREE_PUBLIC(node->decl) ||
				     DECL_PRESERVE_P(node->decl)))
			keep_in_order(node, &why);
		if (TREE_PUBLIC(node->decl))
			lg_make_visible(node, &why);
	}
}
