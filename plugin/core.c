// SPDX-License-Identifier: GPL-2.0
/*
 * The core: applies the detectors' decisions to GCC's symbol table and
 * records each one for the report and the verbose notes.
 *
 * What keeps a symbol through LTO is decided in gcc/ipa-visibility.cc:
 * cgraph_externally_visible_p and varpool_node::externally_visible_p keep a
 * public definition global when it has DECL_PRESERVE_P (attribute used) or
 * attribute externally_visible.  Both live on the decl and are streamed
 * into the LTO IR (lto-streamer-out.cc), unlike node->externally_visible
 * and node->force_output, which WPA recomputes.  So the core only ever
 * changes the decl.
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

static struct lg_report *report;
static hash_map<nofree_string_hash, const char *> *renames;

const char *lg_concat(const char *first, ...)
{
	size_t len = 0;
	const char *s;
	char *out, *p;
	va_list ap;

	va_start(ap, first);
	for (s = first; s; s = va_arg(ap, const char *))
		len += strlen(s);
	va_end(ap);
	out = p = (char *)ggc_internal_alloc(len + 1);
	va_start(ap, first);
	for (s = first; s; s = va_arg(ap, const char *)) {
		size_t l = strlen(s);

		memcpy(p, s, l);
		p += l;
	}
	va_end(ap);
	*p = 0;
	return out;
}

const char *lg_loc_string(location_t loc)
{
	expanded_location x = expand_location(loc);
	char buf[64];

	if (!x.file)
		return "-";
	snprintf(buf, sizeof(buf), ":%d", x.line);
	return lg_concat(x.file, buf, NULL);
}

static const char *kind_of(symtab_node *node)
{
	return is_a<cgraph_node *>(node) ? "function" : "variable";
}

static void report_decision(const struct lg_decision *d, location_t loc)
{
	if (!report)
		report = lg_report_new();
	lg_report_add(report, d);
	if (lg_opts.verbose)
		inform(loc, "ltoguard: %s %qs %s: %s (%s)", d->kind, d->symbol,
		       lg_action_name(d->action), lg_reason_name(d->reason), d->detail);
}

void lg_report_note(symtab_node *node, enum lg_action action,
		    const struct lg_why *why)
{
	struct lg_decision d;

	d.symbol = lg_decl_asm_name(node->decl);
	d.kind = kind_of(node);
	d.action = action;
	d.reason = why->reason;
	d.detail = why->detail;
	d.defined = lg_loc_string(DECL_SOURCE_LOCATION(node->decl));
	report_decision(&d, DECL_SOURCE_LOCATION(node->decl));
}

void lg_report_label(const char *name, const char *defined, enum lg_action action,
		     const struct lg_why *why)
{
	struct lg_decision d;

	d.symbol = name;
	d.kind = "label";
	d.action = action;
	d.reason = why->reason;
	d.detail = why->detail;
	d.defined = defined;
	report_decision(&d, UNKNOWN_LOCATION);
}

static bool has_attr(tree decl, const char *name)
{
	return lookup_attribute(name, DECL_ATTRIBUTES(decl)) != NULL_TREE;
}

static void add_attr(tree decl, const char *name)
{
	if (!has_attr(decl, name))
		DECL_ATTRIBUTES(decl) = tree_cons(get_identifier(name), NULL_TREE,
						  DECL_ATTRIBUTES(decl));
}

bool lg_has_user_section(symtab_node *node)
{
	return node->get_section() && !node->implicit_section &&
	       has_attr(node->decl, "section");
}

symtab_node *lg_lookup_definition(const char *name)
{
	symtab_node *node;

	for (node = symtab_node::get_for_asmname(get_identifier(name)); node;
	     node = node->next_sharing_asm_name) {
		if (node->definition && !DECL_EXTERNAL(node->decl))
			return node;
	}
	return NULL;
}

bool lg_only_one_named(symtab_node *node)
{
	symtab_node *first = symtab_node::get_for_asmname(DECL_ASSEMBLER_NAME(node->decl));

	return first == node && !node->next_sharing_asm_name;
}

bool lg_make_visible(symtab_node *node, const struct lg_why *why)
{
	tree decl = node->decl;

	if (!TREE_PUBLIC(decl))
		return false;
	if (DECL_PRESERVE_P(decl) && has_attr(decl, "externally_visible"))
		return false;	/* already safe, e.g. __visible __used */
	DECL_PRESERVE_P(decl) = 1;
	add_attr(decl, "externally_visible");
	lg_report_note(node, LG_ACT_MADE_VISIBLE, why);
	return true;
}

bool lg_preserve_static(symtab_node *node, const struct lg_why *why)
{
	if (TREE_PUBLIC(node->decl) || DECL_PRESERVE_P(node->decl))
		return false;
	DECL_PRESERVE_P(node->decl) = 1;
	lg_report_note(node, LG_ACT_KEPT, why);
	return true;
}

bool lg_mark_noinline(cgraph_node *node, const struct lg_why *why)
{
	tree decl = node->decl;

	if (DECL_UNINLINABLE(decl) && has_attr(decl, "noinline"))
		return false;
	DECL_UNINLINABLE(decl) = 1;
	add_attr(decl, "noinline");
	lg_report_note(node, LG_ACT_NOINLINE, why);
	return true;
}

bool lg_forbid_inlining(cgraph_edge *e)
{
	if (e->call_stmt_cannot_inline_p)
		return false;
	e->call_stmt_cannot_inline_p = 1;
	e->inline_failed = CIF_FUNCTION_NOT_INLINABLE;
	return true;
}

bool lg_forbid_sibcalls(cgraph_node *node, const struct lg_why *why)
{
	tree decl = node->decl;
	tree old = DECL_FUNCTION_SPECIFIC_OPTIMIZATION(decl);
	struct cl_optimization saved;

	if (!old)
		old = optimization_default_node;
	if (!TREE_OPTIMIZATION(old)->x_flag_optimize_sibling_calls)
		return false;
	/* as c-family's parse_optimize_options builds an optimize attribute */
	cl_optimization_save(&saved, &global_options, &global_options_set);
	cl_optimization_restore(&global_options, &global_options_set,
				TREE_OPTIMIZATION(old));
	global_options.x_flag_optimize_sibling_calls = 0;
	global_options_set.x_flag_optimize_sibling_calls = 1;
	DECL_FUNCTION_SPECIFIC_OPTIMIZATION(decl) =
		build_optimization_node(&global_options, &global_options_set);
	cl_optimization_restore(&global_options, &global_options_set, &saved);
	lg_report_note(node, LG_ACT_NO_SIBCALL, why);
	return true;
}

const char *lg_renamed(const char *old_name)
{
	const char **found;

	if (!renames)
		return NULL;
	found = renames->get(old_name);
	return found ? *found : NULL;
}

/*
 * A name no other translation unit can have: NAME.ltoguard.HASH, where
 * HASH is taken from FILE, the main input file's name as
 * -fmacro-prefix-map rewrites it for __FILE__ (lg_input_file), so that
 * it is the same in every build of the same sources wherever the tree is
 * (reproducible builds, same report).  Dots keep it out of the C
 * namespace, as GCC's own .lto_priv.N does; the suffix has no '_', so
 * resolve_btfids, which cuts a __BTF_ID__ name at its last "__", still
 * finds the type or function it names (tools/bpf/resolve_btfids/main.c,
 * get_id).
 */
const char *lg_unique_name(const char *name, const char *file)
{
	char suffix[32];

	snprintf(suffix, sizeof(suffix), ".ltoguard.%08lx", lg_hash32(file));
	return lg_concat(name, suffix, NULL);
}

/* cc1: the main input file as __FILE__ names it (-fmacro-prefix-map:
 * the kernel passes -fmacro-prefix-map=$(srctree)/=) */
const char *lg_input_file(void)
{
	return remap_macro_filename(main_input_filename ? main_input_filename : "");
}

static tree unique_name_for(const char *name)
{
	return get_identifier(lg_unique_name(name, lg_input_file()));
}

const char *lg_rename_static_for_asm(symtab_node *node, const struct lg_why *why)
{
	tree decl = node->decl;
	const char *old_name = ggc_strdup(lg_decl_asm_name(decl));
	const char *new_name;
	struct lg_why renamed_why;

	if (lg_stage != LG_STAGE_CC1)
		return NULL;
	if (TREE_PUBLIC(decl) || DECL_EXTERNAL(decl))
		return NULL;
	if (node->alias) {
		/* a static alias: keep its target alive; the alias is a name */
		DECL_PRESERVE_P(decl) = 1;
		lg_report_note(node, LG_ACT_KEPT, why);
		return NULL;
	}
	symtab->change_decl_assembler_name(decl, unique_name_for(old_name));
	new_name = ggc_strdup(lg_decl_asm_name(decl));
	TREE_PUBLIC(decl) = 1;
	DECL_VISIBILITY(decl) = VISIBILITY_HIDDEN;
	DECL_VISIBILITY_SPECIFIED(decl) = 1;
	DECL_PRESERVE_P(decl) = 1;
	add_attr(decl, "externally_visible");
	node->unique_name = 1;
	if (!renames)
		renames = new hash_map<nofree_string_hash, const char *>;
	renames->put(old_name, new_name);
	renamed_why.reason = why->reason;
	renamed_why.detail = lg_concat("was ", old_name, "; ", why->detail, NULL);
	lg_report_note(node, LG_ACT_RENAMED, &renamed_why);
	return new_name;
}

void lg_report_finish(void)
{
	int err;

	if (!lg_opts.report || !report)
		return;
	err = lg_report_append(report, lg_opts.report);
	if (err)
		error("ltoguard: cannot write %<-fplugin-arg-ltoguard-report=%s%>: %s",
		      lg_opts.report, lg_file_error(err));
	lg_report_free(report);
	report = NULL;
}
