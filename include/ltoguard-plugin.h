/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Declarations shared by the plugin's GCC glue: the core that applies
 * decisions and the detectors that find what must survive LTO.
 * Include after ltoguard-gcc.h.
 */
#ifndef LTOGUARD_PLUGIN_H
#define LTOGUARD_PLUGIN_H

#include "ltoguard.h"

/* Where the plugin runs: cc1 writing IR, or lto1 in WPA (bits, so that
 * a rule can run in both). */
enum lg_stage { LG_STAGE_CC1 = 1, LG_STAGE_WPA = 2, LG_STAGE_WPA_LATE = 4 };

extern struct lg_options lg_opts;
extern enum lg_stage lg_stage;

/*
 * Why a rule acted: REASON is a word of the report's vocabulary
 * (ltoguard.h, LG_REASONS); DETAIL says where the reference is
 * ("toplevel asm in foo.c, asm line 3, section ___ksymtab+frob") or what
 * the rule measured.
 */
struct lg_why {
	enum lg_reason reason;
	const char *detail;
};

/* core.c */

/*
 * A public definition referenced from outside the IR: keep it and keep it
 * global under its own name (attribute externally_visible and used, which
 * ipa-visibility.cc honours in cgraph_externally_visible_p and which are
 * streamed into the LTO IR).  Returns true if anything changed.
 */
bool lg_make_visible(symtab_node *node, const struct lg_why *why);

/*
 * A static definition that asm text names.  LTO renames such statics when
 * another file has one of the same name (lto-partition.cc, rename_statics)
 * and leaves them local to their partition while all toplevel asm goes to
 * the first one.  In cc1 give it a name no other file can have, make it a
 * hidden global (what LTO's own promote_symbol does) and mark it
 * unique_name so LTO never renames it.  Returns the new assembler name, or
 * NULL if the static was left alone (in WPA, or an alias).
 */
const char *lg_rename_static_for_asm(symtab_node *node, const struct lg_why *why);

/* A static named by a keep list: keep it under its name. */
bool lg_preserve_static(symtab_node *node, const struct lg_why *why);

/*
 * Never inline NODE (attribute noinline and DECL_UNINLINABLE, streamed
 * into the IR and copied to IPA clones).  Returns true if that is new.
 */
bool lg_mark_noinline(cgraph_node *node, const struct lg_why *why);

/*
 * In WPA: never inline the call E, the way GCC marks a call it must not
 * inline (call_stmt_cannot_inline_p with a final inline_failed reason,
 * ipa-inline.cc can_inline_edge_p).  Returns true if that is new.
 */
bool lg_forbid_inlining(cgraph_edge *e);

/*
 * No sibling calls in NODE: its incoming stack arguments belong to its
 * asm caller (a per-function -fno-optimize-sibling-calls, streamed).
 */
bool lg_forbid_sibcalls(cgraph_node *node, const struct lg_why *why);

/* What a static was renamed to by lg_rename_static_for_asm, or NULL. */
const char *lg_renamed(const char *old_name);

/* NODE's section was set by attribute section (__section), not chosen by
 * GCC (-ffunction-sections, .rodata.str, ...). */
bool lg_has_user_section(symtab_node *node);

/* The definition the assembler name NAME refers to here, or NULL. */
symtab_node *lg_lookup_definition(const char *name);
/* No other symbol of the symbol table has NODE's assembler name: GCC's
 * partitioning need not rename it (lto-partition.cc, must_not_rename). */
bool lg_only_one_named(symtab_node *node);

/* Record a decision for the report (and a note under -verbose). */
void lg_report_note(symtab_node *node, enum lg_action action,
		    const struct lg_why *why);

/* The same for a label only asm defines (no symtab node): kind "label",
 * DEFINED where (the file whose toplevel asm defines it). */
void lg_report_label(const char *name, const char *defined, enum lg_action action,
		     const struct lg_why *why);

/* Asm text edits (keep/asm.c): NAME replaces LEN bytes at OFFSET. */
struct lg_asm_edit {
	size_t offset;
	size_t len;
	const char *name;
};
/* TEXT with EDITS (in text order) applied, in GC memory. */
char *lg_asm_apply_edits(const char *text, const vec<lg_asm_edit> &edits);
/* The declaration of NAME if C code of this file uses it, else NULL. */
symtab_node *lg_asm_c_use(const char *name);
/* ".globl NAME; .hidden NAME" (and ".type NAME, @function" for a C
 * function NODE), in GC memory. */
const char *lg_asm_global_hidden(const char *name, symtab_node *node);
/* Replace a toplevel asm's text. */
void lg_asm_set_text(asm_node *an, const char *text);
/* The file whose cc1 wrote a toplevel asm (its "#ltoguard-from" line), or
 * NULL for asm of a file compiled without ltoguard. */
const char *lg_asm_origin_file(const char *text);

/* cc1: the global alias keep/asm-local.c gave a .local label of toplevel
 * asm that C uses, which the file's inline asm names instead; or NULL. */
const char *lg_asm_label_alias(const char *name);

/* NAME.ltoguard.HASH, HASH from FILE: a name no other file's has. */
const char *lg_unique_name(const char *name, const char *file);

/* cc1: the main input file as __FILE__ names it. */
const char *lg_input_file(void);

/* Write the report (if asked for); called once at PLUGIN_FINISH. */
void lg_report_finish(void);

/* concat() of the NULL-terminated strings, in GC memory (nothing to free). */
const char *lg_concat(const char *first, ...);

/* "file:line" of LOC, in GC memory. */
const char *lg_loc_string(location_t loc);

/*
 * The rules, one file each; ltoguard.c's table says in which stage each
 * runs and in which order.
 */

/* keep/: what asm, linker scripts and later link stages reference. */
void lg_keep_exports(void);			/* keep/export.c */
void lg_keep_asm_named_in_file(void);		/* keep/asm.c, cc1 */
void lg_keep_asm_named_in_link(void);		/* keep/asm.c, WPA */
void lg_keep_asm_local_labels_for_c(void);	/* keep/asm-local.c, cc1 */
void lg_keep_asm_local_labels_apart(void);	/* keep/asm-local.c, WPA */
void lg_keep_btf_id_functions(void);		/* keep/btf-id.c, WPA */
void lg_keep_static_names(void);		/* keep/static-names.c, WPA */
void lg_keep_section_tables(void);		/* keep/section.c */
void lg_keep_listed_symbols(void);		/* keep/keep-list.c */
bool lg_keep_list_load(void);			/* keep/keep-list.c, at plugin_init */

/* fix/: what LTO breaks or cannot build. */
void lg_fix_section_conflicts(void);		/* fix/section-conflict.c */
void lg_fix_stack_args(void);			/* fix/stack-args.c */
void lg_fix_flatten_to_file(void);		/* fix/flatten.c */

/* perf/: inlining that costs the kernel more than it gains. */
void lg_perf_mark_dispatchers(void);		/* perf/dispatch.c, cc1 */
void lg_perf_keep_dispatch_calls(void);		/* perf/dispatch.c, WPA */
void lg_perf_keep_builtin_expansion(void);	/* perf/builtins.c */
void lg_perf_keep_large_called_once(void);	/* perf/called-once.c */
void lg_perf_keep_growing_cross_file_calls(void); /* perf/cross-file.c */
/* The internal attribute perf/dispatch.c gives a dispatcher in cc1
 * (streamed with the decl); the other perf rules leave such callees to
 * GCC. */
#define LG_DISPATCH_ATTR "ltoguard dispatch"

/* perf/file-model.c: in WPA, a model of what each file's own build without
 * LTO inlined (state for one walk of the call graph). */
struct lg_file_model;
struct lg_file_model *lg_file_model_new(void);
void lg_file_model_free(struct lg_file_model *m);
/* That build inlined the call E. */
bool lg_file_inlines_call(struct lg_file_model *m, cgraph_edge *e);
/* NODE's body, in GCC's size estimate, as its file made it: with the
 * callees the file inlined into it. */
int lg_file_body_size(struct lg_file_model *m, cgraph_node *node);
/* The call E can be inlined, and GCC's summaries can estimate it. */
bool lg_inlinable_call(cgraph_edge *e, cgraph_node *callee);
/* ipa-inline.cc, inline_insns_auto with hints: the growth under which
 * GCC's small-function inliner may take E's callee (not declared
 * inline). */
int lg_auto_inline_limit(cgraph_edge *e);
/* ipa-inline.cc, big_speedup_p: inlining E saves a large share of its
 * caller's time. */
bool lg_big_speedup(cgraph_edge *e);
/* NODE's body goes away under LTO once every call to it is inlined. */
bool lg_removable_under_lto(cgraph_node *node);
/* The rules leave inlining the call E to CALLEE to GCC (declared
 * inline, a dispatcher, a flatten caller, ...). */
bool lg_call_left_to_gcc(cgraph_edge *e, cgraph_node *callee);

#endif /* LTOGUARD_PLUGIN_H */
