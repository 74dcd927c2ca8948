// SPDX-License-Identifier: GPL-2.0
/*
 * ltoguard-debug-aside: the debug info of the LTO code set aside while
 * objtool runs on it, and put back after.
 *
 *   ltoguard-debug-aside put OBJ STASH    OBJ's .debug_* sections and the
 *                                         relocations of them go to STASH;
 *                                         in OBJ they are left empty
 *   ltoguard-debug-aside back OBJ STASH   they go back into OBJ, each
 *                                         relocation naming the symbol it
 *                                         named before
 *
 * ltoguard-ltrans runs objtool on the whole LTO code of vmlinux, one
 * object (a partition is not a translation unit, see there).  objtool
 * reads every section of it and makes a struct reloc of every relocation
 * (tools/objtool/elf.c, read_sections and read_relocs), the debug
 * sections' too, though nothing in objtool reads them (check.c's
 * validate_ibt skips ".debug" by name).  With DEBUG_INFO those are most
 * of the object: on Debian's 6.1 cloud-amd64 config objtool's peak was
 * 2.9 GB, the largest process of the kernel build; kbuild's own objtool
 * runs see one object file at a time.  Set aside, they cost objtool
 * nothing.
 *
 * What objtool changes in the object it may change with them away: it
 * writes instructions and the relocations of code, adds sections after
 * the existing ones (section indices stay), and adds local symbols
 * (elf_create_section_symbol, 6.12 elf_create_prefix_symbol): each takes
 * the index of the first global symbol, which moves to the end of the
 * table, and objtool renumbers the relocations it read that name it.
 * Those of the debug sections it did not read, so "back" renumbers them:
 * a global symbol by its name (a relocatable object has one global of
 * each name), a local by its index, which must still hold the same
 * symbol.  Whatever does not match (sections renamed or filled, a symbol
 * gone or moved) is an error, and OBJ is left as objtool wrote it.
 */
#define _POSIX_C_SOURCE 200809L
#define TOOL "ltoguard-debug-aside"
#include "ltoguard-elf.h"

static const char stash_magic[8] = "LTOGDA1";

struct object {
	const char *path;
	int fd;
	Elf *elf;
	size_t shstrndx;
};

/* One set-aside section, as the stash holds it */
struct aside {
	size_t index;
	char *name;
	Elf_Type type;
	size_t size, align;
	void *bytes;
};

/* A symbol table by index: each symbol's name and st_info */
struct symbols {
	size_t n, first_global; /* sh_info: the first non-local index */
	char **name;
	unsigned char *info;
};

static void open_object(struct object *o, const char *path)
{
	o->path = path;
	o->elf = tool_open_elf(path, true, &o->fd, &o->shstrndx);
}

static void write_object(struct object *o)
{
	if (elf_update(o->elf, ELF_C_WRITE) < 0)
		tool_fail(o->path, "cannot write");
	elf_end(o->elf);
	close(o->fd);
}

static const char *section_name(const struct object *o, Elf_Scn *scn, GElf_Shdr *hdr)
{
	const char *name;

	if (!gelf_getshdr(scn, hdr))
		tool_fail(o->path, "bad section header");
	name = elf_strptr(o->elf, o->shstrndx, hdr->sh_name);
	return name ? name : "";
}

/* .debug_* that is not loaded: DWARF, which nothing at run time reads */
static bool is_debug_section(const struct object *o, size_t index)
{
	Elf_Scn *scn = elf_getscn(o->elf, index);
	GElf_Shdr hdr;

	return scn && !strncmp(section_name(o, scn, &hdr), ".debug_", 7) &&
	       !(hdr.sh_flags & SHF_ALLOC);
}

/* a debug section, or the relocations of one */
static bool goes_aside(const struct object *o, Elf_Scn *scn)
{
	GElf_Shdr hdr;

	section_name(o, scn, &hdr);
	if (hdr.sh_type == SHT_RELA || hdr.sh_type == SHT_REL)
		return is_debug_section(o, hdr.sh_info);
	return is_debug_section(o, elf_ndxscn(scn));
}

static Elf_Scn *symbol_table(const struct object *o, GElf_Shdr *hdr)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(o->elf, scn))) {
		section_name(o, scn, hdr);
		if (hdr->sh_type == SHT_SYMTAB)
			return scn;
	}
	tool_fail(o->path, "no symbol table");
	return NULL;
}

static void read_symbols(const struct object *o, struct symbols *s)
{
	GElf_Shdr hdr;
	Elf_Scn *scn = symbol_table(o, &hdr);
	Elf_Data *data = elf_getdata(scn, NULL);

	if (!data || !hdr.sh_entsize)
		tool_fail(o->path, "bad symbol table");
	s->n = hdr.sh_size / hdr.sh_entsize;
	s->first_global = hdr.sh_info;
	if (s->first_global > s->n)
		tool_fail(o->path, "bad symbol table (its first global is past its end)");
	s->name = tool_malloc(s->n * sizeof(*s->name));
	s->info = tool_malloc(s->n);
	for (size_t i = 0; i < s->n; i++) {
		GElf_Sym sym;
		const char *name;

		if (!gelf_getsym(data, (int)i, &sym))
			tool_fail(o->path, "bad symbol");
		name = elf_strptr(o->elf, hdr.sh_link, sym.st_name);
		s->name[i] = strdup(name ? name : "");
		if (!s->name[i])
			tool_fail(o->path, "out of memory");
		s->info[i] = sym.st_info;
	}
}

/* ------------------------------------------------------------ the stash */

static void put_bytes(FILE *f, const void *p, size_t n, const char *path)
{
	if (n && fwrite(p, 1, n, f) != n)
		tool_fail_errno(path);
}

static void put_u64(FILE *f, uint64_t v, const char *path)
{
	put_bytes(f, &v, sizeof(v), path);
}

static void get_bytes(FILE *f, void *p, size_t n, const char *path)
{
	if (n && fread(p, 1, n, f) != n)
		tool_fail(path, "not a stash of " TOOL " (truncated)");
}

/* a count or size from the stash, no larger than what is left of it */
static size_t get_size(FILE *f, const char *path, long file_size)
{
	uint64_t v;

	get_bytes(f, &v, sizeof(v), path);
	if (v > (uint64_t)file_size)
		tool_fail(path, "not a stash of " TOOL " (bad size)");
	return (size_t)v;
}

static char *get_string(FILE *f, const char *path, long file_size)
{
	size_t n = get_size(f, path, file_size);
	char *s = tool_malloc(n + 1);

	get_bytes(f, s, n, path);
	s[n] = '\0';
	return s;
}

static void put_string(FILE *f, const char *s, const char *path)
{
	put_u64(f, strlen(s), path);
	put_bytes(f, s, strlen(s), path);
}

/* ------------------------------------------------------------------ put */

static char empty[1];

static void set_aside(struct object *o, Elf_Scn *scn, FILE *stash, const char *path)
{
	GElf_Shdr hdr;
	const char *name = section_name(o, scn, &hdr);
	Elf_Data *data = elf_getdata(scn, NULL);

	if (data && elf_getdata(scn, data))
		tool_fail(o->path, "a section of more than one piece");
	put_u64(stash, elf_ndxscn(scn), path);
	put_string(stash, name, path);
	put_u64(stash, data ? data->d_type : ELF_T_BYTE, path);
	put_u64(stash, data ? data->d_align : 1, path);
	put_u64(stash, data ? data->d_size : 0, path);
	if (!data)
		return;
	put_bytes(stash, data->d_buf, data->d_size, path);
	/* not NULL: libelf writes a first piece without a buffer from the
	 * file (elf32_updatenull.c, rawdata) */
	data->d_buf = empty;
	data->d_size = 0;
	elf_flagdata(data, ELF_C_SET, ELF_F_DIRTY);
	elf_flagscn(scn, ELF_C_SET, ELF_F_DIRTY);
}

static int put(const char *obj, const char *path)
{
	struct object o;
	struct symbols syms;
	Elf_Scn *scn = NULL;
	size_t n = 0;
	FILE *stash;

	open_object(&o, obj);
	read_symbols(&o, &syms);
	while ((scn = elf_nextscn(o.elf, scn)))
		n += goes_aside(&o, scn);
	stash = fopen(path, "wb");
	if (!stash)
		tool_fail_errno(path);
	put_bytes(stash, stash_magic, sizeof(stash_magic), path);
	put_u64(stash, syms.n, path);
	put_u64(stash, syms.first_global, path);
	for (size_t i = 0; i < syms.n; i++) {
		put_bytes(stash, &syms.info[i], 1, path);
		put_string(stash, syms.name[i], path);
	}
	put_u64(stash, n, path);
	while ((scn = elf_nextscn(o.elf, scn)))
		if (goes_aside(&o, scn))
			set_aside(&o, scn, stash, path);
	if (fclose(stash))
		tool_fail_errno(path);
	if (n)	/* without debug info there is nothing to rewrite */
		write_object(&o);
	return 0;
}

/* ----------------------------------------------------------------- back */

/* The stash's symbol table and sections, read back */
struct stash {
	struct symbols syms;
	size_t n;
	struct aside *sec;
};

static void read_stash(struct stash *st, const char *path)
{
	FILE *f = fopen(path, "rb");
	char magic[sizeof(stash_magic)];
	long size;

	if (!f)
		tool_fail_errno(path);
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		tool_fail(path, "cannot read");
	get_bytes(f, magic, sizeof(magic), path);
	if (memcmp(magic, stash_magic, sizeof(magic)))
		tool_fail(path, "not a stash of " TOOL);
	st->syms.n = get_size(f, path, size);
	st->syms.first_global = get_size(f, path, size);
	if (st->syms.first_global > st->syms.n)
		tool_fail(path, "not a stash of " TOOL " (bad symbol table)");
	st->syms.name = tool_malloc(st->syms.n * sizeof(char *));
	st->syms.info = tool_malloc(st->syms.n);
	for (size_t i = 0; i < st->syms.n; i++) {
		get_bytes(f, &st->syms.info[i], 1, path);
		st->syms.name[i] = get_string(f, path, size);
	}
	st->n = get_size(f, path, size);
	st->sec = tool_malloc(st->n * sizeof(*st->sec));
	for (size_t i = 0; i < st->n; i++) {
		struct aside *a = &st->sec[i];

		a->index = get_size(f, path, size);
		a->name = get_string(f, path, size);
		a->type = (Elf_Type)get_size(f, path, size);
		a->align = get_size(f, path, size);
		a->size = get_size(f, path, size);
		a->bytes = tool_malloc(a->size);
		get_bytes(f, a->bytes, a->size, path);
	}
	fclose(f);
}

/* The global symbols of a table, sorted by name for bsearch */
struct globals {
	const struct symbols *syms;
	size_t n;
	size_t *index;
};

static const struct symbols *sorting; /* qsort has no context argument */

static int by_name(const void *a, const void *b)
{
	return strcmp(sorting->name[*(const size_t *)a], sorting->name[*(const size_t *)b]);
}

static void sort_globals(struct globals *g, const struct symbols *s)
{
	g->syms = s;
	g->n = s->n - s->first_global;
	g->index = tool_malloc(g->n * sizeof(*g->index));
	for (size_t i = 0; i < g->n; i++)
		g->index[i] = s->first_global + i;
	sorting = s;
	qsort(g->index, g->n, sizeof(*g->index), by_name);
}

static int name_vs_global(const void *key, const void *elem)
{
	return strcmp(key, sorting->name[*(const size_t *)elem]);
}

static size_t find_global(const struct globals *g, const char *name)
{
	const size_t *hit;

	sorting = g->syms;
	hit = bsearch(name, g->index, g->n, sizeof(*g->index), name_vs_global);
	return hit ? *hit : SIZE_MAX;
}

/* Old symbol index -> the index that symbol has in NOW */
static size_t *renumbering(const struct symbols *was, const struct symbols *now, const char *obj)
{
	size_t *to = tool_malloc(was->n * sizeof(*to));
	struct globals g;

	sort_globals(&g, now);
	for (size_t i = 0; i < was->n; i++) {
		if (i < was->first_global) {
			if (i >= now->first_global || now->info[i] != was->info[i] ||
			    strcmp(now->name[i], was->name[i])) {
				fprintf(stderr, TOOL ": error: %s: local symbol %zu ('%s') is no longer at its index\n",
					obj, i, was->name[i]);
				exit(2);
			}
			to[i] = i;
		} else if ((to[i] = find_global(&g, was->name[i])) == SIZE_MAX) {
			fprintf(stderr, TOOL ": error: %s: global symbol '%s' is gone\n", obj, was->name[i]);
			exit(2);
		}
	}
	free(g.index);
	return to;
}

static void renumber_relocations(const struct object *o, Elf_Data *data, bool rela,
				 const size_t *to, size_t nsyms)
{
	const char *obj = o->path;
	size_t entry = gelf_fsize(o->elf, data->d_type, 1, EV_CURRENT);
	size_t n;

	if (!entry)
		tool_fail(obj, "a relocation section of an unknown kind");
	n = data->d_size / entry;

	for (size_t i = 0; i < n; i++) {
		GElf_Rela r;
		GElf_Rel rel;
		size_t sym;

		if (rela ? !gelf_getrela(data, (int)i, &r) : !gelf_getrel(data, (int)i, &rel))
			tool_fail(obj, "bad relocation");
		if (!rela) {
			r.r_offset = rel.r_offset;
			r.r_info = rel.r_info;
		}
		sym = GELF_R_SYM(r.r_info);
		if (sym >= nsyms)
			tool_fail(obj, "a relocation names no symbol of the stash");
		r.r_info = GELF_R_INFO(to[sym], GELF_R_TYPE(r.r_info));
		rel.r_info = r.r_info;
		if (rela ? !gelf_update_rela(data, (int)i, &r) : !gelf_update_rel(data, (int)i, &rel))
			tool_fail(obj, "cannot renumber a relocation");
	}
}

static void put_back(struct object *o, struct aside *a, const size_t *to, size_t nsyms)
{
	Elf_Scn *scn = elf_getscn(o->elf, a->index);
	GElf_Shdr hdr;
	Elf_Data *data;

	if (!scn || strcmp(section_name(o, scn, &hdr), a->name)) {
		fprintf(stderr, TOOL ": error: %s: section %zu is not %s\n", o->path, a->index, a->name);
		exit(2);
	}
	data = elf_getdata(scn, NULL);
	if (data && data->d_size) {
		fprintf(stderr, TOOL ": error: %s: %s was filled while set aside\n", o->path, a->name);
		exit(2);
	}
	if (!data && !(data = elf_newdata(scn)))
		tool_fail(o->path, "cannot restore a section");
	data->d_buf = a->bytes;
	data->d_size = a->size;
	data->d_type = a->type;
	data->d_align = a->align;
	if (hdr.sh_type == SHT_RELA || hdr.sh_type == SHT_REL)
		renumber_relocations(o, data, hdr.sh_type == SHT_RELA, to, nsyms);
	elf_flagdata(data, ELF_C_SET, ELF_F_DIRTY);
	elf_flagscn(scn, ELF_C_SET, ELF_F_DIRTY);
}

static int back(const char *obj, const char *path)
{
	struct object o;
	struct stash st;
	struct symbols now;
	size_t *to;

	read_stash(&st, path);
	if (!st.n)
		return 0;
	open_object(&o, obj);
	read_symbols(&o, &now);
	to = renumbering(&st.syms, &now, obj);
	for (size_t i = 0; i < st.n; i++)
		put_back(&o, &st.sec[i], to, st.syms.n);
	write_object(&o);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "put"))
		return put(argv[2], argv[3]);
	if (argc == 4 && !strcmp(argv[1], "back"))
		return back(argv[2], argv[3]);
	fprintf(stderr, "usage: " TOOL " put OBJ STASH | back OBJ STASH\n");
	return 2;
}
