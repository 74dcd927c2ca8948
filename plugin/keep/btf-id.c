// SPDX-License-Identifier: GPL-2.0
/*
 * Keep rule: functions that BTF ID lists name.
 *
 * include/linux/btf_ids.h: BTF_ID(func, NAME), and BTF_ID_FLAGS(func, NAME)
 * in kfunc sets, define the label __BTF_ID__func__NAME__N in .BTF_ids
 * (N from __COUNTER__ and __LINE__).  After the link resolve_btfids
 * (tools/bpf/resolve_btfids/main.c) cuts the label at its last "__" and
 * writes there the id of the BTF FUNC record named NAME; pahole writes
 * one only for a function the vmlinux has under its own name.  Nothing
 * in the label references NAME, and the lists name functions that no C
 * code calls: the kfuncs BPF programs call (6.1 net/bpf/test_run.c
 * bpf_kfunc_call_test1, noinline, global).  A build without LTO keeps
 * every global function; LTO drops those, and clones or localizes others
 * (6.1 should_fail_alloc_page, named in kernel/bpf/verifier.c's
 * btf_non_sleepable_error_inject, became should_fail_alloc_page.constprop.0):
 * resolve_btfids then warns "unresolved symbol" and the kernel refuses
 * the kfunc or the attach.
 *
 * WPA, where the list (one file) meets the function (perhaps another):
 * each function a __BTF_ID__func__ label in any file's toplevel asm names
 * is kept out of line under its name and with its own signature: a global
 * one is made visible (report made-visible, reason btf-id), a static one
 * preserved and, when no other symbol of the link has its name, never
 * renamed by partitioning (kept, reason btf-id).  asm-local.c may have
 * renamed the label NAME.ltoguard.HASH.local by then; the name is read up
 * to the first '.'.
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

#define BTF_ID_FUNC_PREFIX "__BTF_ID__func__"

/* NAME of a label __BTF_ID__func__NAME__N[.suffix], or NULL */
static char *named_function(const char *label, size_t len)
{
	size_t prefix = strlen(BTF_ID_FUNC_PREFIX), end;
	const char *dot = (const char *)memchr(label, '.', len);

	if (dot)
		len = dot - label;
	if (len <= prefix || strncmp(label, BTF_ID_FUNC_PREFIX, prefix) != 0)
		return NULL;
	/* the last "__" ends NAME, as resolve_btfids's get_id reads it */
	for (end = len; end >= prefix + 3; end--)
		if (label[end - 1] == '_' && label[end - 2] == '_')
			return xstrndup(label + prefix, end - 2 - prefix);
	return NULL;
}

/* A static keeps its name through partitioning (lto-partition.cc,
 * promote_symbol -> privatize_symbol_name: must_not_rename) when it is
 * the only symbol of the link with that name. */
static void keep_static_name(symtab_node *node, const struct lg_why *why)
{
	lg_preserve_static(node, why);
	if (lg_only_one_named(node))
		node->unique_name = 1;
}

static void keep_named(const char *name, const char *label, const char *where)
{
	symtab_node *node = lg_lookup_definition(name);
	struct lg_why why;

	if (!node || !is_a<cgraph_node *>(node))
		return;		/* not in the LTO code: asm, or not built */
	why.reason = LG_REASON_BTF_ID;
	why.detail = lg_concat("named by ", label, " in ", where, NULL);
	if (TREE_PUBLIC(node->decl))
		lg_make_visible(node, &why);
	else
		keep_static_name(node, &why);
}

struct btf_id_scan {
	const char *where;
};

static void on_label(const struct lg_asm_sym *sym, void *data)
{
	struct btf_id_scan *bs = (struct btf_id_scan *)data;
	char *name, *label;

	if (sym->role != LG_ASM_DEFINE)
		return;
	name = named_function(sym->name, sym->len);
	if (!name)
		return;
	label = xstrndup(sym->name, sym->len);
	keep_named(name, label, bs->where);
	free(label);
	free(name);
}

void lg_keep_btf_id_functions(void)
{
	asm_node *an;

	for (an = symtab->first_asm_symbol(); an; an = an->next) {
		const char *text = TREE_STRING_POINTER(an->asm_str);
		struct btf_id_scan bs = { lg_asm_origin_file(text) };

		if (!strstr(text, BTF_ID_FUNC_PREFIX))
			continue;
		lg_asm_scan(text, strlen(text), 0, on_label, &bs);
	}
}
