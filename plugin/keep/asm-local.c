// SPDX-License-Identifier: GPL-2.0
/*
 * Keep rule: labels toplevel asm defines for its own file.
 *
 * A label that toplevel asm defines without .globl or .weak is local to
 * its object file in a build without LTO.  LTO emits the toplevel asm of
 * every file of the link into one assembler file, the first LTRANS
 * partition's (lto/lto.cc, stream_out_partitions: asm_nodes_output), so:
 *   - C code of the same file that uses the label may land in another
 *     partition, where a local label cannot be reached;
 *   - two files that define the same local name clash: gas says "symbol
 *     `NAME' is already defined".
 * The kernel's shape is include/linux/btf_ids.h under DEBUG_INFO_BTF:
 * BTF_ID_LIST(name), BTF_SET_START, BTF_SET8_START and (6.12)
 * BTF_KFUNCS_START define name with ".local" in .BTF_ids, later asm
 * statements of the file fill it with one ".local __BTF_ID__KIND__NAME__N"
 * label per ID (N from __COUNTER__ and __LINE__, unique only within the
 * file), and C reads the list through "extern u32 name[]"
 * (kernel/bpf/hashtab.c htab_map_btf_ids, net/core/filter.c, ...).
 * After the link resolve_btfids writes each ID at its label, by name.
 *
 * cc1: a label the file's toplevel asm binds with .local and its C code
 * uses gets a global hidden alias NAME.ltoguard.HASH (unique to the file),
 * which the C declaration and the file's inline asm name instead (report
 * renamed, reason asm-label); the label itself stays as it is (see
 * global_alias).  A label with no binding directive
 * keeps its name and is made global by keep/asm.c (6.1 int3_magic, whose
 * name objtool and kallsyms show).
 *
 * WPA: a local label that the toplevel asm of more than one file defines
 * is renamed NAME.ltoguard.HASH in the asm of each file but the first
 * (report renamed, kind label, reason asm-local); only C-less labels are
 * left by then, such as the __BTF_ID__ labels, whose new names
 * resolve_btfids reads as before (core.c, lg_unique_name).  The asm of
 * each file stays in its order, so each list keeps its contents.
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

/* What toplevel asm defines and binds (one file in cc1, one text in WPA). */
struct label_scan {
	vec<char *> labels;		/* "name:", ".set name,", ".comm name" */
	hash_set<nofree_string_hash> *local;	/* bound with .local */
	hash_set<nofree_string_hash> *global;	/* bound with .globl or .weak */
};

static void on_label(const struct lg_asm_sym *sym, void *data)
{
	struct label_scan *ls = (struct label_scan *)data;
	char *name;

	if (sym->role != LG_ASM_DEFINE && sym->role != LG_ASM_BIND)
		return;
	name = xstrndup(sym->name, sym->len);
	if (sym->role == LG_ASM_DEFINE) {
		ls->labels.safe_push(name);
		return;
	}
	if (sym->binding == LG_BIND_LOCAL)
		ls->local->add(ggc_strdup(name));
	else
		ls->global->add(ggc_strdup(name));
	free(name);
}

static void label_scan_init(struct label_scan *ls)
{
	ls->labels = vNULL;
	ls->local = new hash_set<nofree_string_hash>;
	ls->global = new hash_set<nofree_string_hash>;
}

static void label_scan_text(struct label_scan *ls, asm_node *an)
{
	const char *text = TREE_STRING_POINTER(an->asm_str);

	lg_asm_scan(text, strlen(text), 0, on_label, ls);
}

static void label_scan_free(struct label_scan *ls)
{
	unsigned i;

	for (i = 0; i < ls->labels.length(); i++)
		free(ls->labels[i]);
	ls->labels.release();
	delete ls->local;
	delete ls->global;
}

/* Names to rename in one text, to what. */
typedef hash_map<nofree_string_hash, const char *> rename_map;

struct rename_scan {
	rename_map *renames;
	vec<lg_asm_edit> edits;
};

static void on_renamed(const struct lg_asm_sym *sym, void *data)
{
	struct rename_scan *rs = (struct rename_scan *)data;
	char *name = xstrndup(sym->name, sym->len);
	const char *const *to = rs->renames->get(name);

	if (to) {
		struct lg_asm_edit e = { sym->offset, sym->len, *to };

		rs->edits.safe_push(e);
	}
	free(name);
}

/* Every occurrence of a renamed name in AN's text (definition, binding,
 * .type/.size, use) takes its new name. */
static void rename_in_text(asm_node *an, rename_map *renames)
{
	const char *text = TREE_STRING_POINTER(an->asm_str);
	struct rename_scan rs = { renames, vNULL };

	lg_asm_scan(text, strlen(text), 0, on_renamed, &rs);
	if (!rs.edits.is_empty())
		lg_asm_set_text(an, lg_asm_apply_edits(text, rs.edits));
	rs.edits.release();
}

/* ------------------------------------------------------------------ */
/* cc1                                                                 */
/* ------------------------------------------------------------------ */

/*
 * ".globl NEW; .hidden NEW; .set NEW, NAME": a global name for the label,
 * which stays local under its own name.  Only the C declaration (and the
 * file's inline asm) take NEW: the asm's own expressions must go on
 * naming a local symbol, as gas folds ".-NAME" in btf_ids.h's
 * ".size __BTF_ID__set__NAME, .-NAME" only for one ("does not evaluate
 * to a constant" for a global).  Typed as GCC types a C function when C
 * declares it one (objtool wants a function symbol: keep/asm.c).
 */
static const char *global_alias(const char *to, const char *name, symtab_node *node)
{
	return lg_concat(lg_asm_global_hidden(to, node), "\n\t.set\t", to, ", ", name, NULL);
}

/* cc1: label -> its global alias, for the file's inline asm (keep/asm.c) */
static rename_map *aliases;

const char *lg_asm_label_alias(const char *name)
{
	const char *const *to = aliases ? aliases->get(name) : NULL;

	return to ? *to : NULL;
}

static const char *alias_for_c(const char *name, symtab_node *node)
{
	const char *file = lg_input_file();
	const char *to = lg_unique_name(name, file);
	struct lg_why why;

	symtab->change_decl_assembler_name(node->decl, get_identifier(to));
	if (!aliases)
		aliases = new rename_map;
	aliases->put(ggc_strdup(name), to);
	why.reason = LG_REASON_ASM_LABEL;
	why.detail = lg_concat("was ", name, "; .local in toplevel asm in ", file,
			       ", used from C: a global hidden alias", NULL);
	lg_report_note(node, LG_ACT_RENAMED, &why);
	return global_alias(to, name, node);
}

/* cc1: a global alias for each .local label of toplevel asm that C uses. */
void lg_keep_asm_local_labels_for_c(void)
{
	struct label_scan ls;
	hash_set<nofree_string_hash> done;
	const char *extra = "";
	asm_node *an, *last = NULL;
	unsigned i;

	label_scan_init(&ls);
	for (an = symtab->first_asm_symbol(); an; an = an->next) {
		label_scan_text(&ls, an);
		last = an;
	}
	for (i = 0; i < ls.labels.length(); i++) {
		const char *name = ls.labels[i];
		symtab_node *node;

		if (!ls.local->contains(name) || ls.global->contains(name) ||
		    done.contains(name))
			continue;
		node = lg_asm_c_use(name);
		if (!node)
			continue;
		done.add(ggc_strdup(name));
		extra = lg_concat(extra, alias_for_c(name, node), NULL);
	}
	label_scan_free(&ls);
	if (*extra)
		lg_asm_set_text(last, lg_concat(TREE_STRING_POINTER(last->asm_str),
						extra, "\n", NULL));
}

/* ------------------------------------------------------------------ */
/* WPA                                                                 */
/* ------------------------------------------------------------------ */

/* One file's toplevel asm. */
struct asm_file {
	const char *origin;	/* the file, from keep/asm.c's mark */
	struct label_scan labels;
	rename_map *renames;	/* its local labels that would clash */
};

/* One label definition, for sorting by name. */
struct label_def {
	const char *name;
	unsigned file;		/* index into the files */
	bool local;
};

static int cmp_label_def(const void *a, const void *b)
{
	const struct label_def *x = (const struct label_def *)a;
	const struct label_def *y = (const struct label_def *)b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	return x->file < y->file ? -1 : x->file > y->file;
}

/* Every file with toplevel asm, its labels scanned over all its nodes
 * (asm without keep/asm.c's mark comes from a file compiled without
 * ltoguard and is left as it is). */
static void scan_files(vec<asm_file> *files)
{
	hash_map<nofree_string_hash, unsigned> index;
	asm_node *an;

	for (an = symtab->first_asm_symbol(); an; an = an->next) {
		const char *origin = lg_asm_origin_file(TREE_STRING_POINTER(an->asm_str));
		unsigned *at;

		if (!origin)
			continue;
		at = index.get(origin);
		if (!at) {
			struct asm_file f;

			f.origin = origin;
			f.renames = NULL;
			label_scan_init(&f.labels);
			files->safe_push(f);
			index.put(origin, files->length() - 1);
			at = index.get(origin);
		}
		label_scan_text(&(*files)[*at].labels, an);
	}
}

/* The labels each file defines, each once per file. */
static void collect_labels(vec<asm_file> &files, vec<label_def> *defs)
{
	unsigned f, i;

	for (f = 0; f < files.length(); f++) {
		struct label_scan *ls = &files[f].labels;
		hash_set<nofree_string_hash> seen;

		for (i = 0; i < ls->labels.length(); i++) {
			const char *name = ggc_strdup(ls->labels[i]);
			struct label_def d = { name, f, !ls->global->contains(name) };

			if (!seen.add(name))
				defs->safe_push(d);
		}
		label_scan_free(ls);
	}
}

/* A definition of NAME that is not asm's: a C symbol LTO may emit into
 * the same assembler file as the asm. */
static bool defined_in_c(const char *name)
{
	symtab_node *node = symtab_node::get_for_asmname(get_identifier(name));

	return node && node->definition;
}

/* Definitions of one name [FROM, TO) in DEFS: rename the local ones that
 * would clash: all of them when a file or C defines it global, else all
 * but the first (which keeps the name a build without LTO shows). */
static void separate_clashing(vec<label_def> &defs, unsigned from, unsigned to,
			      vec<asm_file> &files)
{
	bool any_global = defined_in_c(defs[from].name);
	unsigned i, kept = to;
	struct lg_why why;

	for (i = from; i < to; i++)
		any_global |= !defs[i].local;
	if (to - from < 2 && !any_global)
		return;
	for (i = from; i < to; i++) {
		struct asm_file *f = &files[defs[i].file];
		const char *new_name;

		if (!defs[i].local)
			continue;
		if (!any_global && kept == to) {
			kept = i;
			continue;
		}
		new_name = lg_concat(lg_unique_name(defs[i].name, f->origin), ".local", NULL);
		if (!f->renames)
			f->renames = new rename_map;
		f->renames->put(defs[i].name, new_name);
		why.reason = LG_REASON_ASM_LOCAL;
		why.detail = kept < to ?
			lg_concat("was ", defs[i].name, "; toplevel asm in ",
				  files[defs[kept].file].origin, " defines it too", NULL) :
			lg_concat("was ", defs[i].name, "; a global symbol of the link has the name",
				  NULL);
		lg_report_label(new_name, f->origin, LG_ACT_RENAMED, &why);
	}
}

/* WPA: local labels of toplevel asm that would clash in the one
 * assembler file LTO puts all toplevel asm into. */
void lg_keep_asm_local_labels_apart(void)
{
	auto_vec<asm_file> files;
	auto_vec<label_def> defs;
	hash_map<nofree_string_hash, rename_map *> renames_of;
	asm_node *an;
	unsigned i, j;

	scan_files(&files);
	collect_labels(files, &defs);
	defs.qsort(cmp_label_def);
	for (i = 0; i < defs.length(); i = j) {
		for (j = i + 1; j < defs.length() && strcmp(defs[j].name, defs[i].name) == 0; j++)
			;
		separate_clashing(defs, i, j, files);
	}
	for (i = 0; i < files.length(); i++)
		if (files[i].renames)
			renames_of.put(files[i].origin, files[i].renames);
	for (an = symtab->first_asm_symbol(); an; an = an->next) {
		const char *origin = lg_asm_origin_file(TREE_STRING_POINTER(an->asm_str));
		rename_map **renames = origin ? renames_of.get(origin) : NULL;

		if (renames)
			rename_in_text(an, *renames);
	}
	for (i = 0; i < files.length(); i++)
		delete files[i].renames;
}
