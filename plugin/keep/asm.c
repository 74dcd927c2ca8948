// SPDX-License-Identifier: GPL-2.0
/*
 * Keep rule: symbols named by asm text.
 *
 * GCC cannot see inside asm strings, so a symbol that only asm names looks
 * unused to LTO: it is localized, renamed or dropped (ipa-visibility.cc
 * makes what only IR references local; docs/design.md).
 * The kernel's shapes: EXPORT_SYMBOL's asm tables (4.19+), initcalls and
 * other .long fn - . tables, SYSCALL_ALIAS .set aliases, calls from inline
 * asm (paravirt thunks, static_call, noinstr entry code).
 *
 * cc1 (PLUGIN_ALL_IPA_PASSES_START, before ipa-visibility and the early
 * inliner) lexes every toplevel asm and every inline asm statement:
 *   - a public definition named by asm is kept visible (core.c);
 *   - a static named by asm gets a name no file can clash with, and the
 *     asm text is rewritten to that name;
 *   - names inline asm uses that this file does not define are carried to
 *     lto1 in a comment-only toplevel asm ("#ltoguard-ref NAME WHERE"):
 *     WPA has no function bodies, but it has every file's toplevel asm.
 * Each toplevel asm also gets a trailing "#ltoguard-from FILE" comment so
 * that WPA can say which file a reference came from.
 *
 * The other direction: a label toplevel asm defines without .globl, which
 * C in the same file calls (6.1 int3_magic in arch/x86/kernel/alternative.c).
 * All toplevel asm goes to the first LTO partition; a caller in another
 * one cannot reach a local label.  cc1 appends ".globl; .hidden" for it.
 *
 * WPA (a pass before whole-program) lexes all toplevel asm of the link and
 * reads the carried names, then keeps the definitions they name visible:
 * that covers asm in file A naming a symbol defined in file B.
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

#define REF_MARK "#ltoguard-ref "
#define FROM_MARK "#ltoguard-from "

/* ".set ALIAS, TARGET" in toplevel asm, TARGET defined in this file. */
struct set_alias {
	char *alias;
	symtab_node *target;
};

struct scan {
	const char *where;	/* "toplevel asm in foo.c", "asm in f at foo.c:3" */
	bool inline_asm;
	vec<lg_asm_edit> edits;
	vec<set_alias> aliases;	/* toplevel, cc1 */
	vec<char *> labels;	/* names the text defines (toplevel, cc1) */
	vec<char *> bound;	/* names it gives a binding (.globl, .local) */
	vec<char *> global;	/* ... with .globl or .global (toplevel) */
	vec<char *> weak;	/* ... with .weak (toplevel) */
};

/* Names inline asm uses that this file does not define, for WPA. */
static auto_vec<char *> *carried;
static hash_set<nofree_string_hash> *carried_set;
/* Statics already warned about in WPA. */
static hash_set<nofree_string_hash> *warned;

static const char *describe(const struct scan *sc, const struct lg_asm_sym *sym)
{
	char line[32];

	snprintf(line, sizeof(line), ", asm line %u", sym->line);
	if (*sym->section)
		return lg_concat(sc->where, line, ", section ", sym->section,
				 NULL);
	return lg_concat(sc->where, line, NULL);
}

static void carry(const char *name, const char *where)
{
	if (!carried) {
		carried = new auto_vec<char *>;
		carried_set = new hash_set<nofree_string_hash>;
	}
	if (carried_set->contains(name))
		return;
	carried_set->add(xstrdup(name));
	carried->safe_push(concat(name, " ", where, NULL));
}

static void warn_static_in_wpa(symtab_node *node, const struct lg_why *why)
{
	const char *name = lg_decl_asm_name(node->decl);

	if (node->unique_name || DECL_PRESERVE_P(node->decl))
		return;
	if (!warned)
		warned = new hash_set<nofree_string_hash>;
	if (warned->add(ggc_strdup(name)))
		return;
	warning_at(DECL_SOURCE_LOCATION(node->decl), 0,
		   "ltoguard: static %qs is named by %<asm%> (%s); LTO may rename "
		   "or localize it: compile its file with %<-fplugin=ltoguard%>",
		   name, why->detail);
	lg_report_note(node, LG_ACT_UNPROTECTED, why);
}

static void on_symbol(const struct lg_asm_sym *sym, void *data)
{
	struct scan *sc = (struct scan *)data;
	char *name;
	const char *renamed;
	symtab_node *node;
	struct lg_why why;

	if (sym->role == LG_ASM_DEFINE && !sc->inline_asm) {
		sc->labels.safe_push(xstrndup(sym->name, sym->len));
		return;
	}
	if (sym->role == LG_ASM_BIND) {
		sc->bound.safe_push(xstrndup(sym->name, sym->len));
		if (sym->binding == LG_BIND_GLOBAL)
			sc->global.safe_push(xstrndup(sym->name, sym->len));
		else if (sym->binding == LG_BIND_WEAK)
			sc->weak.safe_push(xstrndup(sym->name, sym->len));
		return;
	}
	if (sym->role != LG_ASM_USE)
		return;
	name = xstrndup(sym->name, sym->len);
	renamed = lg_renamed(name);
	if (!renamed && sc->inline_asm)
		renamed = lg_asm_label_alias(name);
	node = renamed ? NULL : lg_lookup_definition(name);
	if (!lg_export_section_kind(sym->section, &why.reason))
		why.reason = LG_REASON_ASM;
	why.detail = describe(sc, sym);

	if (node && TREE_PUBLIC(node->decl)) {
		lg_make_visible(node, &why);
	} else if (node && lg_stage == LG_STAGE_CC1) {
		renamed = lg_rename_static_for_asm(node, &why);
	} else if (node) {
		warn_static_in_wpa(node, &why);
	} else if (!renamed && sc->inline_asm && lg_stage == LG_STAGE_CC1) {
		carry(name, why.detail);
	}
	if (renamed) {
		struct lg_asm_edit e = { sym->offset, sym->len, renamed };

		sc->edits.safe_push(e);
	}
	if (node && sym->alias && !sc->inline_asm && lg_stage == LG_STAGE_CC1) {
		struct set_alias a = { xstrndup(sym->alias, sym->alias_len), node };

		sc->aliases.safe_push(a);
	}
	free(name);
}

/* TEXT with every edit applied, in GC memory; edits are in text order. */
char *lg_asm_apply_edits(const char *text, const vec<lg_asm_edit> &edits)
{
	size_t len = strlen(text), extra = 0, at = 0, n = 0;
	unsigned i;
	char *out;

	for (i = 0; i < edits.length(); i++)
		extra += strlen(edits[i].name);
	out = (char *)ggc_internal_alloc(len + extra + 1);
	for (i = 0; i < edits.length(); i++) {
		size_t l = strlen(edits[i].name);

		memcpy(out + n, text + at, edits[i].offset - at);
		n += edits[i].offset - at;
		memcpy(out + n, edits[i].name, l);
		n += l;
		at = edits[i].offset + edits[i].len;
	}
	memcpy(out + n, text + at, len - at);
	out[n + len - at] = 0;
	return out;
}

/* Lex TEXT; returns the rewritten text, or NULL if nothing was renamed. */
static char *scan_text(const char *text, unsigned flags, struct scan *sc)
{
	char *out = NULL;

	sc->edits = vNULL;
	sc->labels = vNULL;
	sc->bound = vNULL;
	sc->global = vNULL;
	sc->weak = vNULL;
	sc->aliases = vNULL;
	lg_asm_scan(text, strlen(text), flags, on_symbol, sc);
	if (!sc->edits.is_empty())
		out = lg_asm_apply_edits(text, sc->edits);
	sc->edits.release();
	return out;
}

static void free_names(vec<char *> *names)
{
	unsigned i;

	for (i = 0; i < names->length(); i++)
		free((*names)[i]);
	names->release();
}

/* The scan's binding lists and unclaimed aliases. */
static void free_bindings(struct scan *sc)
{
	unsigned i;

	free_names(&sc->bound);
	free_names(&sc->global);
	free_names(&sc->weak);
	for (i = 0; i < sc->aliases.length(); i++)
		free(sc->aliases[i].alias);
	sc->aliases.release();
}

static bool in_names(const vec<char *> &names, const char *name)
{
	unsigned i;

	for (i = 0; i < names.length(); i++)
		if (strcmp(names[i], name) == 0)
			return true;
	return false;
}

/* The declaration of NAME if C code of this file uses it, else NULL. */
symtab_node *lg_asm_c_use(const char *name)
{
	symtab_node *node = symtab_node::get_for_asmname(get_identifier(name));

	if (!node || node->definition || !node->referred_to_p())
		return NULL;
	return node;
}

/* ".globl NAME; .hidden NAME", and ".type NAME, @function" when NODE,
 * C's declaration of it, is a function; in GC memory. */
const char *lg_asm_global_hidden(const char *name, symtab_node *node)
{
	return lg_concat("\n\t.globl\t", name, "\n\t.hidden\t", name,
			 is_a<cgraph_node *>(node) ? lg_concat("\n\t.type\t", name,
							    ", @function", NULL) : "",
			 NULL);
}

/*
 * Labels this asm defines without a binding that C code of this file
 * references: ".globl NAME; .hidden NAME" lines to append, or "".
 * A label C declares as a function also gets ".type NAME, @function",
 * the type GCC gives a C function: a reference to a local label is
 * relative to its section, one to a global names the symbol, and objtool
 * takes a function symbol or a section there, not an untyped symbol
 * (tools/objtool/check.c, add_ignores: "unexpected relocation symbol
 * type in .rela.discard.func_stack_frame_non_standard: 0" for 6.1's
 * arch/x86/kernel/kprobes/opt.c, STACK_FRAME_NON_STANDARD(
 * optprobe_template_func) of a label in its toplevel asm).
 */
static const char *globalize_labels(struct scan *sc)
{
	const char *extra = "";
	unsigned i;

	for (i = 0; i < sc->labels.length(); i++) {
		const char *name = sc->labels[i];
		symtab_node *node;
		struct lg_why why;

		if (in_names(sc->bound, name))
			continue;
		node = lg_asm_c_use(name);
		if (!node)
			continue;
		why.reason = LG_REASON_ASM_LABEL;
		why.detail = lg_concat("defined by ", sc->where,
				       ", called from C", NULL);
		lg_report_note(node, LG_ACT_MADE_GLOBAL, &why);
		extra = lg_concat(extra, lg_asm_global_hidden(name, node), NULL);
	}
	free_names(&sc->labels);
	free_bindings(sc);
	return extra;
}

/*
 * ".globl A; .set A, B" (the kernel's SYSCALL_ALIAS, e.g. 6.1
 * kernel/time/posix-stubs.c: __x64_sys_timer_create = sys_ni_posix_timers)
 * with B defined in this file.  LTO emits all toplevel asm in the first
 * LTRANS partition; when B lands in another one, B is undefined there and
 * gas silently drops A (it cannot equate a symbol to an undefined one),
 * so callers of A in other partitions fail to link: 6.1 x86_64 with -O2
 * puts x64_sys_call apart from the asm.  So A also becomes what
 * __attribute__((alias("B"))) would make it: a GCC alias, which LTO keeps
 * in B's partition (lto-partition.cc adds aliases with their target).
 * The asm's own .set stays: .set may be repeated, and in B's absence it
 * is dropped as before.  Only global A (.globl or .weak in the same asm).
 */
static void make_gcc_alias(const char *alias, symtab_node *target, bool weak,
			   const char *where)
{
	tree id = get_identifier(alias);
	const char *target_name = lg_decl_asm_name(target->decl);
	symtab_node *existing = symtab_node::get_for_asmname(id);
	tree decl;
	symtab_node *node;
	struct lg_why why;

	if (existing && (existing->definition || existing->alias))
		return;
	if (existing && TREE_CODE(existing->decl) != TREE_CODE(target->decl))
		return;
	if (existing) {
		decl = existing->decl;
	} else {
		tree type = TREE_TYPE(target->decl);

		/*
		 * Callers in other files declare A with their own prototype
		 * (__x64_sys_alarm takes a pt_regs pointer, its target takes
		 * nothing).  An unprototyped type with the target's return type
		 * matches any of them: lto-symtab.cc compares argument types
		 * only when both declarations have a prototype.
		 */
		if (TREE_CODE(type) == FUNCTION_TYPE)
			type = build_function_type(TREE_TYPE(type), NULL_TREE);
		decl = build_decl(DECL_SOURCE_LOCATION(target->decl),
				  TREE_CODE(target->decl), id, type);
		SET_DECL_ASSEMBLER_NAME(decl, id);
	}
	TREE_PUBLIC(decl) = 1;
	DECL_EXTERNAL(decl) = 0;
	TREE_STATIC(decl) = 1;
	TREE_USED(decl) = 1;
	if (weak)
		declare_weak(decl);
	/* what c-attribs.cc (handle_alias_ifunc_attribute) sets */
	if (TREE_CODE(decl) == FUNCTION_DECL)
		DECL_INITIAL(decl) = error_mark_node;
	DECL_ATTRIBUTES(decl) = tree_cons(get_identifier("alias"),
		build_tree_list(NULL_TREE, build_string(strlen(target_name), target_name)),
		DECL_ATTRIBUTES(decl));
	if (TREE_CODE(decl) == FUNCTION_DECL)
		node = cgraph_node::create_alias(decl, target->decl);
	else
		node = varpool_node::create_alias(decl, target->decl);
	if (!node->resolve_alias(target))
		return;
	why.reason = LG_REASON_ASM;
	why.detail = lg_concat(".set ", alias, ", ", target_name, " in ", where, NULL);
	lg_report_note(node, LG_ACT_MADE_ALIAS, &why);
	lg_make_visible(node, &why);
}

static void make_gcc_aliases(struct scan *sc)
{
	unsigned i;

	for (i = 0; i < sc->aliases.length(); i++) {
		struct set_alias *a = &sc->aliases[i];

		if (in_names(sc->global, a->alias) || in_names(sc->weak, a->alias))
			make_gcc_alias(a->alias, a->target,
				       in_names(sc->weak, a->alias), sc->where);
		free(a->alias);
	}
	sc->aliases.release();
}

void lg_asm_set_text(asm_node *an, const char *text)
{
	tree s = build_string(strlen(text) + 1, text);

	TREE_TYPE(s) = TREE_TYPE(an->asm_str);
	an->asm_str = s;
}

/* ------------------------------------------------------------------ */
/* cc1                                                                 */
/* ------------------------------------------------------------------ */

static void scan_inline_asm(gasm *stmt, cgraph_node *fn)
{
	struct scan sc;
	char *out;
	unsigned flags = gimple_asm_input_p(stmt) ? 0 : LG_ASM_EXTENDED;

	sc.where = lg_concat("asm in ", lg_decl_asm_name(fn->decl), " at ",
			     lg_loc_string(gimple_location(stmt)), NULL);
	sc.inline_asm = true;
	out = scan_text(gimple_asm_string(stmt), flags, &sc);
	free_bindings(&sc);
	if (out)
		stmt->string = out;
}

static tree scan_stmt_cb(gimple_stmt_iterator *gsi, bool *handled,
			 struct walk_stmt_info *wi)
{
	gimple *stmt = gsi_stmt(*gsi);

	if (gasm *as = dyn_cast<gasm *>(stmt))
		scan_inline_asm(as, (cgraph_node *)wi->info);
	*handled = false;
	return NULL_TREE;
}

static void scan_function_bodies(void)
{
	cgraph_node *node;

	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
		function *fn = DECL_STRUCT_FUNCTION(node->decl);
		basic_block bb;

		if (!fn)
			continue;
		if (fn->cfg) {
			FOR_EACH_BB_FN(bb, fn) {
				gimple_stmt_iterator gsi;

				for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi);
				     gsi_next(&gsi))
					if (gasm *as = dyn_cast<gasm *>(gsi_stmt(gsi)))
						scan_inline_asm(as, node);
			}
		} else if (gimple_body(node->decl)) {
			struct walk_stmt_info wi;

			memset(&wi, 0, sizeof(wi));
			wi.info = node;
			walk_gimple_seq(gimple_body(node->decl), scan_stmt_cb,
					NULL, &wi);
		}
	}
}

static void scan_toplevel_asm_cc1(void)
{
	const char *file = lg_input_file();
	asm_node *an;

	for (an = symtab->first_asm_symbol(); an; an = an->next) {
		struct scan sc;
		const char *text = TREE_STRING_POINTER(an->asm_str);
		char *out;

		const char *globals;

		sc.where = lg_concat("toplevel asm in ", file, NULL);
		sc.inline_asm = false;
		out = scan_text(text, 0, &sc);
		make_gcc_aliases(&sc);
		globals = globalize_labels(&sc);
		/* Tell WPA where this text came from; a comment to as. */
		out = concat(out ? out : text, globals,
			     "\n" FROM_MARK, file, "\n", NULL);
		lg_asm_set_text(an, out);
		free(out);
	}
}

static int cmp_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One comment-only toplevel asm that carries inline-asm names to WPA. */
static void emit_carried(void)
{
	size_t size = 1;
	unsigned i;
	char *text, *p;

	if (!carried)
		return;
	carried->qsort(cmp_strings);
	for (i = 0; i < carried->length(); i++)
		size += strlen(REF_MARK) + strlen((*carried)[i]) + 1;
	text = p = XNEWVEC(char, size);
	for (i = 0; i < carried->length(); i++)
		p += sprintf(p, REF_MARK "%s\n", (*carried)[i]);
	symtab->finalize_toplevel_asm(build_string(strlen(text) + 1, text));
	free(text);
}

/* ------------------------------------------------------------------ */
/* WPA                                                                 */
/* ------------------------------------------------------------------ */

/* The file a toplevel asm came from, from its "#ltoguard-from" line;
 * NULL for asm of a file compiled without ltoguard. */
const char *lg_asm_origin_file(const char *text)
{
	const char *from = strstr(text, "\n" FROM_MARK);
	const char *end;

	if (!from)
		return NULL;
	from += strlen("\n" FROM_MARK);
	end = strchr(from, '\n');
	return end ? ggc_alloc_string(from, end - from) : from;
}

static const char *asm_origin(const char *text)
{
	const char *file = lg_asm_origin_file(text);

	return file ? lg_concat("toplevel asm in ", file, NULL) : "toplevel asm";
}

/* "#ltoguard-ref NAME WHERE" lines: names inline asm used in some file. */
static void read_carried(const char *text)
{
	const char *line;

	for (line = strstr(text, REF_MARK); line;
	     line = strstr(line + 1, REF_MARK)) {
		const char *name = line + strlen(REF_MARK);
		const char *sp = strchr(name, ' ');
		const char *eol = strchr(name, '\n');
		char *sym;
		symtab_node *node;
		struct lg_why why;

		if (line != text && line[-1] != '\n')
			continue;
		if (!sp || !eol || sp > eol)
			continue;
		sym = xstrndup(name, sp - name);
		node = lg_lookup_definition(sym);
		why.reason = LG_REASON_ASM;
		why.detail = ggc_alloc_string(sp + 1, eol - sp - 1);
		if (node && TREE_PUBLIC(node->decl))
			lg_make_visible(node, &why);
		free(sym);
	}
}

static void scan_toplevel_asm_wpa(void)
{
	asm_node *an;

	for (an = symtab->first_asm_symbol(); an; an = an->next) {
		const char *text = TREE_STRING_POINTER(an->asm_str);
		struct scan sc;

		sc.where = asm_origin(text);
		sc.inline_asm = false;
		scan_text(text, 0, &sc);
		free_names(&sc.labels);
		free_bindings(&sc);
		read_carried(text);
	}
}

/* cc1: the file's toplevel and inline asm. */
void lg_keep_asm_named_in_file(void)
{
	scan_toplevel_asm_cc1();
	scan_function_bodies();
	emit_carried();
}

/* WPA: every file's toplevel asm and the names cc1 carried. */
void lg_keep_asm_named_in_link(void)
{
	scan_toplevel_asm_wpa();
}
