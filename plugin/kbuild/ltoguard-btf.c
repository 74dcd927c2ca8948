// SPDX-License-Identifier: GPL-2.0
/*
 * ltoguard-btf: let pahole describe an LTO kernel from the DWARF of the
 * same kernel linked without LTO.
 *
 *   ltoguard-btf LTO-VMLINUX PLAIN-VMLINUX
 *
 * pahole cannot read the DWARF of a GCC LTO link: LTRANS units refer to
 * the early debug info of each source file with DW_FORM_ref_addr across
 * units.  pahole 1.24 reads units one by one unless the kernel's
 * LINUX_ELFNOTE_LTO_INFO note says "Clang LTO" (dwarf_loader.c,
 * cus__merging_cu; include/linux/elfnote-lto.h), stops at the first
 * reference it cannot resolve, and leaves .BTF with a handful of types;
 * merged, the assembler units' DW_TAG_unspecified_type shift every type
 * id after them and btf__dedup fails.
 *
 * The fat objects' own code carries ordinary per-file DWARF of the same
 * sources, so the same link without the LTO plugin (PLAIN-VMLINUX) has
 * every type the kernel has, with the layout it has.  What pahole takes
 * from the symbol table must be the LTO kernel's, though: a FUNC record
 * for each STT_FUNC symbol whose name the DWARF knows (btf_encoder.c,
 * btf_encoder__collect_function, matched by name), a VAR record for each
 * STT_OBJECT symbol of .data..percpu (matched by address, so it must be
 * the plain link's symbol).  So this tool turns, in PLAIN-VMLINUX, each
 * function symbol that LTO-VMLINUX has no function of that name for, and
 * each per-CPU variable it has no per-CPU variable of that name for, into
 * STT_NOTYPE: pahole then writes no record for what the LTO kernel
 * inlined away, dropped or renamed (foo.lto_priv.0 and foo.constprop.0
 * are not foo; ltoguard's foo.ltoguard.HASH is foo again in both links,
 * ltoguard-ltrans --own-names), and a BPF program can attach only to what
 * exists.  It prints each such symbol, "function NAME" or
 * "percpu NAME", and changes nothing else.
 */
#define _POSIX_C_SOURCE 200809L
#define TOOL "ltoguard-btf"
#include "ltoguard-elf.h"

#define PERCPU_SECTION ".data..percpu"

struct elf_file {
	const char *path;
	int fd;
	Elf *elf;
	Elf_Scn *symtab;
	GElf_Shdr symtab_hdr;
	size_t percpu; /* section index of .data..percpu, 0 for none */
};

/* The names of what a kernel has, sorted: functions and per-CPU variables */
struct names {
	const char **v;
	size_t n, cap;
};

static void open_elf(struct elf_file *f, const char *path, bool write)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	f->path = path;
	f->elf = tool_open_elf(path, write, &f->fd, &shstrndx);
	f->symtab = NULL;
	f->percpu = 0;
	while ((scn = elf_nextscn(f->elf, scn))) {
		GElf_Shdr hdr;
		const char *name;

		if (!gelf_getshdr(scn, &hdr))
			tool_fail(path, "bad section header");
		name = elf_strptr(f->elf, shstrndx, hdr.sh_name);
		if (hdr.sh_type == SHT_SYMTAB) {
			f->symtab = scn;
			f->symtab_hdr = hdr;
		} else if (name && !strcmp(name, PERCPU_SECTION)) {
			f->percpu = elf_ndxscn(scn);
		}
	}
	if (!f->symtab)
		tool_fail(path, "no symbol table");
}

static bool is_percpu_var(const struct elf_file *f, const GElf_Sym *sym)
{
	return f->percpu && sym->st_shndx == f->percpu &&
	       GELF_ST_TYPE(sym->st_info) == STT_OBJECT;
}

static bool is_function(const GElf_Sym *sym)
{
	return GELF_ST_TYPE(sym->st_info) == STT_FUNC;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void add_name(struct names *s, const char *name)
{
	if (s->n == s->cap)
		s->v = tool_grow(s->v, &s->cap, sizeof(*s->v), 4096);
	s->v[s->n++] = name;
}

static bool has_name(const struct names *s, const char *name)
{
	return s->n && bsearch(&name, s->v, s->n, sizeof(*s->v), compare_names);
}

/* The names of LTO's functions and per-CPU variables; they point into
 * LTO's string table, which stays mapped while LTO's Elf is open. */
static void read_lto_names(const struct elf_file *lto, struct names *funcs, struct names *percpu)
{
	Elf_Data *data = elf_getdata(lto->symtab, NULL);
	size_t i, count = lto->symtab_hdr.sh_size / lto->symtab_hdr.sh_entsize;

	for (i = 1; data && i < count; i++) {
		GElf_Sym sym;
		const char *name;

		if (!gelf_getsym(data, (int)i, &sym))
			tool_fail(lto->path, "bad symbol");
		name = elf_strptr(lto->elf, lto->symtab_hdr.sh_link, sym.st_name);
		if (!name || !*name)
			continue;
		if (is_function(&sym))
			add_name(funcs, name);
		else if (is_percpu_var(lto, &sym))
			add_name(percpu, name);
	}
	qsort(funcs->v, funcs->n, sizeof(*funcs->v), compare_names);
	qsort(percpu->v, percpu->n, sizeof(*percpu->v), compare_names);
}

/* In PLAIN, hide from pahole what LTO does not have; the count hidden */
static size_t hide_missing(struct elf_file *plain, const struct names *funcs,
			   const struct names *percpu)
{
	Elf_Data *data = elf_getdata(plain->symtab, NULL);
	size_t i, hidden = 0, count = plain->symtab_hdr.sh_size / plain->symtab_hdr.sh_entsize;

	for (i = 1; data && i < count; i++) {
		GElf_Sym sym;
		const char *name, *kind;

		if (!gelf_getsym(data, (int)i, &sym))
			tool_fail(plain->path, "bad symbol");
		name = elf_strptr(plain->elf, plain->symtab_hdr.sh_link, sym.st_name);
		if (!name || !*name)
			continue;
		if (is_function(&sym) && !has_name(funcs, name))
			kind = "function";
		else if (is_percpu_var(plain, &sym) && !has_name(percpu, name))
			kind = "percpu";
		else
			continue;
		printf("%s %s\n", kind, name);
		sym.st_info = GELF_ST_INFO(GELF_ST_BIND(sym.st_info), STT_NOTYPE);
		if (!gelf_update_sym(data, (int)i, &sym))
			tool_fail(plain->path, "cannot update a symbol");
		hidden++;
	}
	if (hidden)
		elf_flagdata(data, ELF_C_SET, ELF_F_DIRTY);
	return hidden;
}

int main(int argc, char **argv)
{
	struct elf_file lto, plain;
	struct names funcs = { 0 }, percpu = { 0 };

	if (argc != 3) {
		fprintf(stderr, "usage: " TOOL " LTO-VMLINUX PLAIN-VMLINUX\n");
		return 2;
	}
	open_elf(&lto, argv[1], false);
	open_elf(&plain, argv[2], true);
	read_lto_names(&lto, &funcs, &percpu);
	if (hide_missing(&plain, &funcs, &percpu)) {
		/* keep the file's layout: only symbol types change */
		elf_flagelf(plain.elf, ELF_C_SET, ELF_F_LAYOUT);
		if (elf_update(plain.elf, ELF_C_WRITE) < 0)
			tool_fail(plain.path, "cannot write");
	}
	elf_end(plain.elf);
	elf_end(lto.elf);
	close(plain.fd);
	close(lto.fd);
	free(funcs.v);
	free(percpu.v);
	return 0;
}
