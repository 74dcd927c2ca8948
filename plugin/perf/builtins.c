// SPDX-License-Identifier: GPL-2.0
/*
 * Perf rule: a call to a builtin keeps GCC's expansion of the builtin under
 * LTO when the program defines the library function itself.
 *
 * The kernel writes memset as __builtin_memset (i386: asm/string_32.h)
 * and defines memset in C (i386: arch/x86/lib/memcpy_32.c, an inline asm
 * "rep stosb"; lib/string.c for the str* and mem* functions an
 * architecture does not provide).  Compiled alone, each call is expanded
 * by GCC at RTL time for its size and alignment (builtins.cc,
 * expand_builtin_memset): memset(p, 0, 16) is four moves and clear_page's
 * memset(p, 0, 4096) a "rep stosl", and only calls it cannot expand
 * become calls to the kernel's function.  Under LTO the builtin is its
 * own declaration (lto-symtab.cc, lto_symtab_prevailing_decl) but its
 * symbol becomes a transparent alias of the program's definition
 * (lto_symtab_merge_symbols_1), and GCC's IPA inliner inlines that
 * definition through the alias into every call: 6.1 i386 got 783 inlined
 * memset and 837 memcpy bodies, each 16-byte clear a "rep stosb" of 16
 * iterations and each cleared page one of 4,096 (+15% guest instructions
 * on fork+exit+wait, which clears its page tables).
 *
 * So in WPA, before the inliner, each call to such a builtin whose size
 * argument is a constant (ipa-prop's jump function, IPA_JF_CONST) is
 * made uninlinable (lg_forbid_inlining, as GCC marks a call it must not
 * inline), and the definition is not versioned (ipa-cp.cc
 * ipcp_versionable_function_p, IPA-SRA): a clone would take the calls
 * away from the builtin declaration, and RTL expands only calls to that.
 * Those calls are expanded as the plain build expands them.  Calls of an
 * unknown size are left to GCC: a plain build makes them an alignment
 * prologue, a loop or "rep stosl" and a tail (~40 instructions at each
 * site), where the inlined definition is three; measured on 6.1 i386
 * o2+net, keeping those calls too (builtins=all) made text 2.7% larger
 * and fork 1.2% slower than this default (builtins=constant).  Only the
 * memory block builtins, which RTL expands by size (expanded_by_size), and
 * only calls to the builtin: calls that name the function itself are left
 * to GCC.  -fplugin-arg-ltoguard-builtins=inline is GCC's own behaviour.
 * Each definition is reported as "builtin-expand".
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

/*
 * The builtins GCC expands at RTL time by their size and alignment
 * (builtins.cc, expand_builtin_memcpy, _memmove, _memset, _bzero: moves,
 * "rep movs"/"rep stos" or a loop, by the target's stringop strategy).
 * Other builtins a program defines (memcmp, strlen, strcpy, sprintf
 * ...) are folded in cc1 where they can be (memcmp for equality becomes
 * __builtin_memcmp_eq, which no program defines) and otherwise are
 * library calls, so inlining the program's definition into them is an
 * ordinary LTO gain, left to GCC.  6.1 x86_64 defines 15 of those in
 * lib/string.c and none of these four (memcpy_64.S, memset_64.S).
 */
static bool expanded_by_size(tree decl)
{
	switch (DECL_FUNCTION_CODE(decl)) {
	case BUILT_IN_MEMCPY:
	case BUILT_IN_MEMPCPY:
	case BUILT_IN_MEMMOVE:
	case BUILT_IN_MEMSET:
	case BUILT_IN_BZERO:
		return true;
	default:
		return false;
	}
}

/* The program's definition that calls to the builtin BUILTIN bind to,
 * or NULL when the builtin is not an alias of a definition with IR. */
static cgraph_node *program_definition(cgraph_node *builtin)
{
	cgraph_node *def;

	if (!builtin->alias || !fndecl_built_in_p(builtin->decl, BUILT_IN_NORMAL) ||
	    !expanded_by_size(builtin->decl))
		return NULL;
	def = builtin->ultimate_alias_target();
	if (def == builtin || !def->definition || def->alias || !def->lto_file_data)
		return NULL;
	return def;
}

/* Call E's size argument (memset's third, bzero's second) is a constant
 * in its caller, as ipa-prop's jump functions, read in WPA, tell. */
static bool constant_size(cgraph_edge *e, tree builtin)
{
	int arg = DECL_FUNCTION_CODE(builtin) == BUILT_IN_BZERO ? 1 : 2;
	ipa_edge_args *args = ipa_edge_args_sum ? ipa_edge_args_sum->get(e) : NULL;

	if (!args || ipa_get_cs_argument_count(args) <= arg)
		return false;
	return ipa_get_ith_jump_func(args, arg)->type == IPA_JF_CONST;
}

/* BUILTIN's calls stay builtin calls (with ONLY_CONSTANT, those of a
 * constant size).  Returns how many were inlinable; *ALL counts all. */
static int keep_builtin_calls(cgraph_node *builtin, bool only_constant, int *all)
{
	cgraph_edge *e;
	int n = 0;

	*all = 0;
	for (e = builtin->callers; e; e = e->next_caller) {
		++*all;
		if ((!only_constant || constant_size(e, builtin->decl)) && lg_forbid_inlining(e))
			n++;
	}
	return n;
}

void lg_perf_keep_builtin_expansion(void)
{
	bool only_constant = lg_opts.builtins == LG_BUILTINS_CONSTANT;
	cgraph_node *node;

	if (lg_opts.builtins == LG_BUILTINS_INLINE)
		return;
	FOR_EACH_FUNCTION(node) {
		cgraph_node *def = program_definition(node);
		char detail[240];
		struct lg_why why = { LG_REASON_BUILTIN, detail };
		int n, all;

		if (!def)
			continue;
		n = keep_builtin_calls(node, only_constant, &all);
		if (n == 0)
			continue;
		def->versionable = 0;
		def->can_change_signature = 0;
		snprintf(detail, sizeof(detail),
			 "%d of %d calls to %s%s are expanded as the builtin, not inlined "
			 "(-fplugin-arg-ltoguard-builtins=inline inlines them)",
			 n, all, IDENTIFIER_POINTER(DECL_NAME(node->decl)),
			 only_constant ? " (those of a constant size)" : "");
		lg_report_note(def, LG_ACT_BUILTIN_EXPAND, &why);
	}
}
