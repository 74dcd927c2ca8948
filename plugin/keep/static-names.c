// SPDX-License-Identifier: GPL-2.0
/*
 * Keep rule: static functions and variables keep their names.
 *
 * LTO splits the program into partitions; a static that code of another
 * partition calls or reads becomes a hidden global, and GCC renames it
 * NAME.lto_priv.N on the way, "to avoid possible conflict with symbols
 * defined out of the LTO world" (lto-partition.cc, promote_symbol ->
 * privatize_symbol_name).  The kernel finds functions by name: kallsyms
 * (/proc/kallsyms, oops and stack traces), ftrace's filters, kprobes and
 * perf probe, BPF fentry and kprobe programs, and the BTF FUNC records
 * pahole writes only for functions under their own name.  On the 6.1
 * distro config with DEBUG_INFO_BTF 3,864 functions were FOO.lto_priv.0:
 * "echo FOO > set_ftrace_filter" and "perf probe FOO" no longer find them.
 *
 * WPA, after inlining (what is out of line then is what LTRANS emits)
 * and before partitioning: a static definition whose name no other
 * symbol of the link has (GCC's must_not_rename: node->unique_name) keeps
 * it.  Out of the LTO world the name may still exist, in an asm object
 * or one built without LTO; ltoguard-ltrans therefore makes every hidden
 * symbol of the linked LTO code local (objcopy --localize-hidden) before
 * the rest of the link sees it.  Names with a '.' are GCC's own (clones,
 * __func__.0) and are left as they are.  Report name-kept, reason
 * by-name.
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

/* NODE is a static definition GCC may rename when it promotes it */
static bool renamable_static(symtab_node *node)
{
	tree decl = node->decl;

	if (!node->definition || node->alias || node->weakref || node->unique_name)
		return false;
	if (TREE_PUBLIC(decl) || DECL_EXTERNAL(decl) || !node->real_symbol_p())
		return false;
	if (cgraph_node *cnode = dyn_cast<cgraph_node *>(node))
		if (cnode->inlined_to || cnode->clone_of)
			return false;
	return !strchr(lg_decl_asm_name(decl), '.');
}

void lg_keep_static_names(void)
{
	symtab_node *node;
	struct lg_why why = { LG_REASON_BY_NAME, "no other symbol of the link has this name" };

	FOR_EACH_SYMBOL(node) {
		if (!renamable_static(node) || !lg_only_one_named(node))
			continue;
		node->unique_name = 1;
		lg_report_note(node, LG_ACT_NAME_KEPT, &why);
	}
}
