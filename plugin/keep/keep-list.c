// SPDX-License-Identifier: GPL-2.0
/*
 * Keep rule: the keep list (-fplugin-arg-ltoguard-keep=FILE), for references
 * no compiler can see: a symbol a linker script assigns from
 * (jiffies = jiffies_64), one a later link stage or a tool looks up by
 * name.  The files are read once at plugin_init (errors name the file and
 * line); names are matched against the symbol table in cc1 and in WPA.
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

struct keep_name {
	const char *name;
	const char *origin;	/* FILE:LINE of the keep list entry */
};

static auto_vec<keep_name> *names;

struct parse_ctx {
	const char *file;
};

static void on_name(const char *name, unsigned line, void *data)
{
	struct parse_ctx *pc = (struct parse_ctx *)data;
	char buf[32];
	keep_name k;

	snprintf(buf, sizeof(buf), ":%u", line);
	k.name = xstrdup(name);
	k.origin = concat(pc->file, buf, NULL);
	names->safe_push(k);
}

bool lg_keep_list_load(void)
{
	bool ok = true;
	int i;

	names = new auto_vec<keep_name>;
	for (i = 0; i < lg_opts.nkeep; i++) {
		struct parse_ctx pc = { lg_opts.keep[i] };
		size_t len;
		unsigned bad;
		const char *why;
		char *text = lg_read_file(lg_opts.keep[i], LG_KEEP_FILE_MAX, &len);

		if (!text && errno == EFBIG) {
			error("ltoguard: cannot read %<-fplugin-arg-ltoguard-keep=%s%>: "
			      "larger than %u bytes: not a keep list", lg_opts.keep[i],
			      LG_KEEP_FILE_MAX);
			ok = false;
			continue;
		}
		if (!text) {
			error("ltoguard: cannot read %<-fplugin-arg-ltoguard-keep=%s%>: %s",
			      lg_opts.keep[i], lg_file_error(errno));
			ok = false;
			continue;
		}
		bad = lg_keep_parse(text, len, on_name, &pc, &why);
		if (bad) {
			error("ltoguard: %<-fplugin-arg-ltoguard-keep=%s%>: line %u %s",
			      lg_opts.keep[i], bad, why);
			ok = false;
		}
		free(text);
	}
	return ok;
}

void lg_keep_listed_symbols(void)
{
	unsigned i;

	if (!names)
		return;
	for (i = 0; i < names->length(); i++) {
		symtab_node *node = lg_lookup_definition((*names)[i].name);
		struct lg_why why = { LG_REASON_KEEP_LIST, (*names)[i].origin };

		if (!node)
			continue;
		if (TREE_PUBLIC(node->decl))
			lg_make_visible(node, &why);
		else
			lg_preserve_static(node, &why);
	}
}
