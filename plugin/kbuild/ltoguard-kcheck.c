// SPDX-License-Identifier: GPL-2.0
/*
 * ltoguard-kcheck: does a linked vmlinux have the tables its config's
 * code must have?  objtool (ORC, return/retpoline/static-call sites) and
 * the compiler (ftrace's __mcount_loc) write them per object; an LTO link
 * whose LTRANS code never saw objtool boots fine without them, and then
 * the unwinder, ftrace and the boot-time mitigation patching silently do
 * nothing for that code.
 *
 *   ltoguard-kcheck [--config FILE] [--baseline PLAIN-VMLINUX]
 *                   [--symbols SYMBOL-VMLINUX] VMLINUX
 *
 * Checks, each enabled by the config (default: .config next to VMLINUX;
 * all but mcount also need CONFIG_OBJTOOL, which writes those tables):
 *   return-sites     every "jmp __x86_return_thunk" is in .return_sites
 *                    (CONFIG_RETHUNK / CONFIG_MITIGATION_RETHUNK)
 *   retpoline-sites  every call/jmp to __x86_indirect_thunk_* is in
 *                    .retpoline_sites (CONFIG_RETPOLINE / ..._RETPOLINE)
 *   static-call-sites every call/jmp to a __SCT__ trampoline is in
 *                    .static_call_sites (CONFIG_HAVE_STATIC_CALL_INLINE)
 *   mcount           every "call __fentry__" is in __mcount_loc and every
 *                    entry points at one (CONFIG_DYNAMIC_FTRACE)
 *   orc              the ORC entry covering each function's first
 *                    instruction says "return address at SP+8"
 *                    (CONFIG_UNWINDER_ORC)
 *   ibt              every .ibt_endbr_seal entry is an ENDBR64 and no
 *                    sealed function has its address taken in the image
 *                    (CONFIG_X86_KERNEL_IBT; see check_ibt)
 * and every table entry points at such an instruction: the kernel patches
 * what the tables name, so a wrong entry corrupts code.  Tables are found
 * by the symbols the kernel's linker scripts put around them.
 *
 * Sites are found by decoding "e8/e9 rel32" at every byte of executable
 * sections: a random five bytes hit one of a few exact targets with
 * probability about 2^-40 per byte, and compilers reach these symbols
 * only with direct calls and jumps (never a conditional jump in GCC).
 *
 * With --baseline, a function's missing sites are excused when the same
 * function (name up to its first '.', so foo.lto_priv.0 matches foo) has
 * missing sites in the baseline too: asm code that objtool skips in the
 * plain kernel as well.  Exit status 1 when a check fails.
 *
 * With --symbols, the symbols come from SYMBOL-VMLINUX and everything else
 * from VMLINUX: a packaged kernel's image (scripts/extract-vmlinux of its
 * vmlinuz, whose ELF is vmlinux without its symbols: arch/x86/boot/
 * compressed/Makefile, objcopy -S) checked with the symbols of the build's
 * vmlinux.  The two must carry the same GNU build ID, or the symbols would
 * describe other code.
 */
#define _POSIX_C_SOURCE 200809L /* strndup */
#define TOOL "ltoguard-kcheck"
#include "ltoguard-elf.h"

struct sym {
	uint64_t addr, size;
	const char *name;
};

struct image {
	const char *path;
	int fd, symfd;
	Elf *elf;
	Elf *symelf;	/* the symbols' ELF: ELF, or --symbols' */
	bool is64;
	struct sym *funcs; /* FUNC symbols with a size, by address */
	size_t nfuncs;
	Elf_Scn *symtab;
};

struct addrs {
	uint64_t *v;
	size_t n, cap;
};

static void push(struct addrs *a, uint64_t x)
{
	if (a->n == a->cap)
		a->v = tool_grow(a->v, &a->cap, sizeof(*a->v), 1024);
	a->v[a->n++] = x;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int cmp_sym(const void *a, const void *b)
{
	return cmp_u64(&((const struct sym *)a)->addr, &((const struct sym *)b)->addr);
}

static void sort_unique(struct addrs *a)
{
	size_t i, j = 0;

	qsort(a->v, a->n, sizeof(*a->v), cmp_u64);
	for (i = 0; i < a->n; i++)
		if (j == 0 || a->v[j - 1] != a->v[i])
			a->v[j++] = a->v[i];
	a->n = j;
}

static bool contains(const struct addrs *a, uint64_t x)
{
	return bsearch(&x, a->v, a->n, sizeof(*a->v), cmp_u64) != NULL;
}

/* ------------------------------------------------------------ ELF input */

/* ELF's GNU build ID (its .note.gnu.build-id) into ID, *LEN bytes; false
 * if it has none. */
static bool build_id(Elf *elf, unsigned char *id, size_t *len)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *d;
		GElf_Nhdr nh;
		size_t off = 0, name_off, desc_off;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE || !(d = elf_getdata(scn, NULL)))
			continue;
		while ((off = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > 0) {
			if (nh.n_type != NT_GNU_BUILD_ID || nh.n_namesz != 4 ||
			    memcmp((char *)d->d_buf + name_off, "GNU", 4) != 0 || nh.n_descsz > 64)
				continue;
			memcpy(id, (char *)d->d_buf + desc_off, nh.n_descsz);
			*len = nh.n_descsz;
			return true;
		}
	}
	return false;
}

/* SYMBOLS' symbols describe IM's code: both have the same build ID. */
static void check_same_build(const struct image *im, const char *symbols)
{
	unsigned char a[64], b[64];
	size_t na, nb;

	if (!build_id(im->elf, a, &na))
		tool_fail(im->path, "no GNU build ID to match --symbols with");
	if (!build_id(im->symelf, b, &nb))
		tool_fail(symbols, "no GNU build ID to match the image with");
	if (na != nb || memcmp(a, b, na) != 0)
		tool_fail(symbols, "not the build of the image (another GNU build ID)");
}

/* IM: the ELF PATH, with the symbols of SYMBOLS (NULL: its own). */
static void open_image(struct image *im, const char *path, const char *symbols)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	size_t cap = 0;

	im->path = path;
	im->elf = tool_open_elf(path, false, &im->fd, NULL);
	im->symelf = symbols ? tool_open_elf(symbols, false, &im->symfd, NULL) : im->elf;
	if (symbols)
		check_same_build(im, symbols);
	im->is64 = gelf_getclass(im->elf) == ELFCLASS64;
	while ((scn = elf_nextscn(im->symelf, scn)))
		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB)
			im->symtab = scn;
	if (!im->symtab)
		tool_fail(symbols ? symbols : path,
			  "no symbol table (stripped? --symbols names a vmlinux that has one)");

	Elf_Data *d = elf_getdata(im->symtab, NULL);
	gelf_getshdr(im->symtab, &sh);
	if (!sh.sh_entsize)
		tool_fail(path, "symbol table with entry size 0");
	for (size_t i = 0; d && i < sh.sh_size / sh.sh_entsize; i++) {
		GElf_Sym s;

		if (!gelf_getsym(d, (int)i, &s) || GELF_ST_TYPE(s.st_info) != STT_FUNC || !s.st_size)
			continue;
		if (im->nfuncs == cap)
			im->funcs = tool_grow(im->funcs, &cap, sizeof(*im->funcs), 4096);
		const char *name = elf_strptr(im->symelf, sh.sh_link, s.st_name);

		im->funcs[im->nfuncs++] = (struct sym){ s.st_value, s.st_size, name ? name : "?" };
	}
	qsort(im->funcs, im->nfuncs, sizeof(*im->funcs), cmp_sym);
}

/* Addresses of the symbols whose name is NAME, or starts with it if PREFIX. */
static void symbol_addrs(const struct image *im, const char *name, bool prefix, struct addrs *out)
{
	GElf_Shdr sh;
	Elf_Data *d = elf_getdata(im->symtab, NULL);
	size_t len = strlen(name);

	gelf_getshdr(im->symtab, &sh);
	for (size_t i = 0; d && i < sh.sh_size / sh.sh_entsize; i++) {
		GElf_Sym s;
		const char *n;

		if (!gelf_getsym(d, (int)i, &s) || s.st_shndx == SHN_UNDEF)
			continue;
		n = elf_strptr(im->symelf, sh.sh_link, s.st_name);
		if (n && (prefix ? strncmp(n, name, len) == 0 : strcmp(n, name) == 0))
			push(out, s.st_value);
	}
	sort_unique(out);
}

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const unsigned char *p)
{
	return le32(p) | (uint64_t)le32(p + 4) << 32;
}

/* BASE + the signed 32-bit displacement at P. */
static uint64_t rel32(uint64_t base, const unsigned char *p)
{
	return base + (uint64_t)(int64_t)(int32_t)le32(p);
}

/* The one address of symbol NAME, or 0. */
static uint64_t symbol_addr(const struct image *im, const char *name)
{
	struct addrs a = { 0 };
	uint64_t v;

	symbol_addrs(im, name, false, &a);
	v = a.n == 1 ? a.v[0] : 0;
	free(a.v);
	return v;
}

static const unsigned char *image_bytes(const struct image *im, uint64_t addr, size_t len);

/*
 * The bytes of a table the linker script delimits with START and STOP
 * symbols (the kernel's vmlinux.lds.h and arch/x86/kernel/vmlinux.lds.S
 * name every table this tool reads), or NULL with *LEN 0.
 */
static const unsigned char *table_bytes(const struct image *im, const char *start, const char *stop,
					uint64_t *addr, size_t *len)
{
	uint64_t a = symbol_addr(im, start), b = symbol_addr(im, stop);

	*addr = a;
	*len = a && b > a ? (size_t)(b - a) : 0;
	return *len ? image_bytes(im, a, *len) : NULL;
}

/*
 * A table of s32 self-relative entries (objtool's *_sites, ORC's ip
 * table): the entry at address A holds T - A.  STRIDE is the entry size.
 */
static void rel32_table(const struct image *im, const char *start, const char *stop, size_t stride,
			struct addrs *out)
{
	uint64_t addr;
	size_t len;
	const unsigned char *p = table_bytes(im, start, stop, &addr, &len);

	for (size_t off = 0; p && off + 4 <= len; off += stride)
		push(out, rel32(addr + off, p + off));
	sort_unique(out);
}

/* Bytes of the loaded image at ADDR..ADDR+LEN, or NULL. */
static const unsigned char *image_bytes(const struct image *im, uint64_t addr, size_t len)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(im->elf, scn))) {
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC) || sh.sh_type == SHT_NOBITS)
			continue;
		if (addr < sh.sh_addr || addr + len > sh.sh_addr + sh.sh_size)
			continue;
		d = elf_getdata(scn, NULL);
		return d && d->d_buf ? (unsigned char *)d->d_buf + (addr - sh.sh_addr) : NULL;
	}
	return NULL;
}

/* __mcount_loc: absolute addresses between __start/__stop_mcount_loc. */
static void mcount_table(const struct image *im, struct addrs *out)
{
	size_t w = im->is64 ? 8 : 4, len;
	uint64_t addr;
	const unsigned char *p = table_bytes(im, "__start_mcount_loc", "__stop_mcount_loc", &addr, &len);

	for (size_t o = 0; p && o + w <= len; o += w) {
		uint64_t a = w == 8 ? le64(p + o) : le32(p + o);

		/* zero: padding between objects' tables, or an entry scripts/
		 * sorttable cleared; ftrace_process_locs skips both */
		if (a)
			push(out, a);
	}
	sort_unique(out);
}

/*
 * The bytes of the next section after *SCN that the image loads
 * (SHF_ALLOC, PROGBITS) and whose SHF_EXECINSTR is EXEC; its header in
 * *SH.  NULL after the last.
 */
static const unsigned char *next_section(const struct image *im, Elf_Scn **scn, bool exec, GElf_Shdr *sh,
					 size_t *size)
{
	while ((*scn = elf_nextscn(im->elf, *scn))) {
		Elf_Data *d;

		if (!gelf_getshdr(*scn, sh) || !(sh->sh_flags & SHF_ALLOC) || sh->sh_type != SHT_PROGBITS ||
		    !(sh->sh_flags & SHF_EXECINSTR) != !exec)
			continue;
		if ((d = elf_getdata(*scn, NULL)) && d->d_buf) {
			*size = d->d_size;
			return d->d_buf;
		}
	}
	return NULL;
}

/* Every e8/e9 rel32 in executable sections whose target is in TARGETS. */
static void direct_branches(const struct image *im, const struct addrs *targets, struct addrs *out,
			    struct addrs *prefixed)
{
	/* PREFIXED gets the address of a 0x2e byte before a site: a listed
	 * site may start there (the kernel's -mindirect-branch-cs-prefix) */
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	const unsigned char *b;
	size_t size;

	while ((b = next_section(im, &scn, true, &sh, &size))) {
		for (size_t i = 0; i + 5 <= size; i++) {
			uint64_t at = sh.sh_addr + i, to;

			if (b[i] != 0xe8 && b[i] != 0xe9)
				continue;
			to = rel32(at + 5, b + i + 1);
			if (!im->is64)
				to &= 0xffffffffu;
			if (!contains(targets, to))
				continue;
			push(out, at);
			/* -mindirect-branch-cs-prefix: the site may start at a CS prefix */
			if (prefixed && i && b[i - 1] == 0x2e)
				push(prefixed, at - 1);
		}
	}
	sort_unique(out);
	if (prefixed)
		sort_unique(prefixed);
}

static const struct sym *func_at(const struct image *im, uint64_t addr)
{
	size_t lo = 0, hi = im->nfuncs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (im->funcs[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo && addr < im->funcs[lo - 1].addr + im->funcs[lo - 1].size)
		return &im->funcs[lo - 1];
	return NULL;
}

/* ------------------------------------------------------------ checks */

/*
 * ORC: the entry that covers each function's first instruction (the last
 * one at or before it: objtool writes an entry only where the state
 * changes, arch/x86/kernel/unwind_orc.c looks up the last one at or below
 * the ip) must say what every function entry is: the return address at
 * SP+8.  Code objtool never saw is covered by whatever entry precedes it,
 * usually the "undefined" one objtool ends each section with.
 * struct orc_entry (arch/x86/include/asm/orc_types.h, 6.1 and 6.12):
 * s16 sp_offset, s16 bp_offset, then sp_reg in the low 4 bits.
 */
#define ORC_ENTRY_SIZE 6
#define ORC_REG_SP 5

static bool orc_is_function_entry(const unsigned char *e)
{
	int16_t sp_offset = (int16_t)(e[0] | e[1] << 8);

	return (e[4] & 0xf) == ORC_REG_SP && sp_offset == 8;
}

/* Function names (up to the first '.') a check found lacking. */
struct names {
	char **v;
	size_t n, cap;
};

static void add_name(struct names *s, const char *full)
{
	size_t len = strcspn(full, ".");

	for (size_t i = 0; i < s->n; i++)
		if (strlen(s->v[i]) == len && strncmp(s->v[i], full, len) == 0)
			return;
	if (s->n == s->cap)
		s->v = tool_grow(s->v, &s->cap, sizeof(*s->v), 64);
	s->v[s->n] = strndup(full, len);
	s->n++;
}

static bool has_name(const struct names *s, const char *full)
{
	size_t len = strcspn(full, ".");

	for (size_t i = 0; s && i < s->n; i++)
		if (strlen(s->v[i]) == len && strncmp(s->v[i], full, len) == 0)
			return true;
	return false;
}

struct result {
	size_t sites, listed, missing, excused, stray;
	struct names lacking; /* functions with a missing site or a stray entry */
	uint64_t first_stray;  /* the first entry pointing elsewhere */
	char first[512];      /* the first few, for the message */
};

static void note_missing(struct result *r, const struct image *im, uint64_t at, const struct names *excuse)
{
	const struct sym *f = func_at(im, at);
	const char *name = f ? f->name : "?";
	char buf[160];

	if (excuse && has_name(excuse, name)) {
		r->excused++;
		return;
	}
	add_name(&r->lacking, name);
	r->missing++;
	if (r->missing <= 4) {
		if (f)
			snprintf(buf, sizeof(buf), "%s%s+0x%llx", r->missing > 1 ? ", " : "", name,
				 (unsigned long long)(at - f->addr));
		else
			snprintf(buf, sizeof(buf), "%s0x%llx", r->missing > 1 ? ", " : "",
				 (unsigned long long)at);
		strncat(r->first, buf, sizeof(r->first) - strlen(r->first) - 1);
	}
}

/*
 * SITES (instructions found, PREFIXED their possible CS-prefix starts)
 * against TABLE (what the kernel will patch).
 */
static void compare_sites(const struct image *im, const struct addrs *sites, const struct addrs *prefixed,
			  const struct addrs *table, const struct names *excuse, struct result *r)
{
	r->sites = sites->n;
	for (size_t i = 0; i < sites->n; i++) {
		uint64_t at = sites->v[i];

		if (contains(table, at) || (contains(prefixed, at - 1) && contains(table, at - 1)))
			r->listed++;
		else
			note_missing(r, im, at, excuse);
	}
	for (size_t i = 0; i < table->n; i++) {
		const struct sym *f;

		if (contains(sites, table->v[i]) || contains(prefixed, table->v[i]))
			continue;
		f = func_at(im, table->v[i]);
		if (excuse && has_name(excuse, f ? f->name : "?")) {
			r->excused++;
			continue;
		}
		add_name(&r->lacking, f ? f->name : "?");
		r->stray++;
		if (!r->first_stray)
			r->first_stray = table->v[i];
	}
}


static void check_orc(const struct image *im, const struct names *excuse, struct result *r)
{
	struct addrs ips = { 0 };
	uint64_t ip0, orc0;
	size_t iplen, orclen;
	const unsigned char *ip = table_bytes(im, "__start_orc_unwind_ip", "__stop_orc_unwind_ip", &ip0, &iplen);
	const unsigned char *orc = table_bytes(im, "__start_orc_unwind", "__stop_orc_unwind", &orc0, &orclen);
	size_t n = iplen / 4;

	if (!ip || !orc || orclen / ORC_ENTRY_SIZE != n)
		n = 0;
	/* the table is sorted at build time (scripts/sorttable), ips with it */
	for (size_t i = 0; i < n; i++)
		push(&ips, rel32(ip0 + 4 * i, ip + 4 * i));
	r->listed = n;
	for (size_t i = 0; i < im->nfuncs; i++) {
		const struct sym *f = &im->funcs[i];
		size_t lo = 0, hi = ips.n;

		/* a .cold part is entered by a jump from its function's body */
		if (strstr(f->name, ".cold"))
			continue;
		/* the last entry at or before f->addr */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (ips.v[mid] <= f->addr)
				lo = mid + 1;
			else
				hi = mid;
		}
		r->sites++;
		if (lo == 0 || !orc_is_function_entry(orc + (lo - 1) * ORC_ENTRY_SIZE))
			note_missing(r, im, f->addr, excuse);
	}
	free(ips.v);
}


/*
 * IBT: objtool lists in .ibt_endbr_seal the ENDBR of each function whose
 * address no relocation it saw takes; the kernel poisons those at boot
 * (apply_ibt_endbr, arch/x86/kernel/alternative.c), so on an IBT CPU an
 * indirect call to such a function faults.  QEMU's TCG has no IBT: only
 * this check can see a wrong seal.  Every entry must be an ENDBR64, and
 * no sealed function's address may be taken anywhere in the image:
 *   - a 64-bit pointer in data (function pointer tables, ops structs),
 *     except in the tables that name functions without calling them,
 *     which objtool skips too (tools/objtool/check.c, validate_ibt):
 *     _kprobe_blacklist and _error_injection_whitelist;
 *   - "mov $imm32" (REX.W c7 /0, sign-extended: -mcmodel=kernel's way to
 *     load an address) or "lea disp32(%rip)" (REX.W 8d, mod 00 rm 101);
 *   - an export: __ksymtab and __ksymtab_gpl entries, whose first field
 *     is the s32 self-relative address (struct kernel_symbol, 12 bytes).
 * Only these forms are decoded: a miss weakens the check, never fails it.
 */
static const unsigned char endbr64[4] = { 0xf3, 0x0f, 0x1e, 0xfa };

/* Pointers in data sections to a sealed address. */
static void ibt_data_refs(const struct image *im, const struct addrs *sealed, struct addrs *taken)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	const unsigned char *b;
	size_t size, kprobe_len, inject_len;
	uint64_t kprobe, inject;

	/* the tables objtool skips, looked up once */
	table_bytes(im, "__start_kprobe_blacklist", "__stop_kprobe_blacklist", &kprobe, &kprobe_len);
	table_bytes(im, "__start_error_injection_whitelist", "__stop_error_injection_whitelist", &inject,
		    &inject_len);
	while ((b = next_section(im, &scn, false, &sh, &size))) {
		for (size_t o = (8 - sh.sh_addr % 8) % 8; o + 8 <= size; o += 8) {
			uint64_t v = le64(b + o), at = sh.sh_addr + o;

			if (contains(sealed, v) && !(at >= kprobe && at - kprobe < kprobe_len) &&
			    !(at >= inject && at - inject < inject_len))
				push(taken, v);
		}
	}
}

/* Length of a ModRM operand (ModRM, SIB, displacement) at P. */
static size_t modrm_len(const unsigned char *p)
{
	unsigned mod = p[0] >> 6, rm = p[0] & 7;
	size_t n = 1 + (mod != 3 && rm == 4);

	if (mod == 1)
		return n + 1;
	if (mod == 2 || (mod == 0 && rm == 5) || (mod == 0 && rm == 4 && (p[1] & 7) == 5))
		return n + 4;
	return n;
}

/* Addresses of sealed functions that code loads with mov $imm32 or lea. */
static void ibt_code_refs(const struct image *im, const struct addrs *sealed, struct addrs *taken)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	const unsigned char *b;
	size_t size;

	while ((b = next_section(im, &scn, true, &sh, &size))) {
		for (size_t i = 0; i + 12 <= size; i++) {
			const unsigned char *op = b + i + 1;
			uint64_t v;

			if ((b[i] & 0xf8) != 0x48)
				continue;
			if (op[0] == 0xc7 && (op[1] & 0x38) == 0) { /* mov $imm32, r/m64 */
				size_t n = modrm_len(op + 1);

				v = (uint64_t)(int64_t)(int32_t)le32(op + 1 + n);
			} else if (op[0] == 0x8d && (op[1] & 0xc7) == 0x05) { /* lea disp32(%rip) */
				v = rel32(sh.sh_addr + i + 7, op + 2);
			} else {
				continue;
			}
			if (contains(sealed, v))
				push(taken, v);
		}
	}
}

static void check_ibt(const struct image *im, const struct names *excuse, struct result *r)
{
	struct addrs sealed = { 0 }, taken = { 0 }, exported = { 0 };

	rel32_table(im, "__ibt_endbr_seal", "__ibt_endbr_seal_end", 4, &sealed);
	r->sites = sealed.n;
	for (size_t i = 0; i < sealed.n; i++) {
		const unsigned char *p = image_bytes(im, sealed.v[i], 4);

		if (p && memcmp(p, endbr64, 4) == 0)
			continue;
		r->stray++;
		if (!r->first_stray)
			r->first_stray = sealed.v[i];
	}
	ibt_data_refs(im, &sealed, &taken);
	ibt_code_refs(im, &sealed, &taken);
	rel32_table(im, "__start___ksymtab", "__stop___ksymtab", 12, &exported);
	rel32_table(im, "__start___ksymtab_gpl", "__stop___ksymtab_gpl", 12, &exported);
	for (size_t i = 0; i < exported.n; i++)
		if (contains(&sealed, exported.v[i]))
			push(&taken, exported.v[i]);
	sort_unique(&taken);
	r->listed = sealed.n - taken.n;
	for (size_t i = 0; i < taken.n; i++)
		note_missing(r, im, taken.v[i], excuse);
	free(sealed.v);
	free(taken.v);
	free(exported.v);
}

enum check { RETURN, RETPOLINE, STATIC_CALL, MCOUNT, ORC, IBT, NCHECKS };

static const char *const check_name[NCHECKS] = {
	"return-sites", "retpoline-sites", "static-call-sites", "mcount", "orc", "ibt",
};

/* What a check's counts are: sites, listed, missing. */
static const char *const check_counts[NCHECKS][3] = {
	[RETURN] = { "sites", "listed", "missing" },
	[RETPOLINE] = { "sites", "listed", "missing" },
	[STATIC_CALL] = { "sites", "listed", "missing" },
	[MCOUNT] = { "sites", "listed", "missing" },
	[ORC] = { "functions", "ORC entries", "missing" },
	[IBT] = { "sealed ENDBRs", "with no address taken", "sealed with the address taken" },
};

static void run_check(enum check c, const struct image *im, const struct names *excuse, struct result *r)
{
	struct addrs targets = { 0 }, sites = { 0 }, prefixed = { 0 }, table = { 0 };

	memset(r, 0, sizeof(*r));
	switch (c) {
	case RETURN:
		symbol_addrs(im, "__x86_return_thunk", false, &targets);
		rel32_table(im, "__return_sites", "__return_sites_end", 4, &table);
		break;
	case RETPOLINE:
		symbol_addrs(im, "__x86_indirect_thunk_", true, &targets);
		rel32_table(im, "__retpoline_sites", "__retpoline_sites_end", 4, &table);
		break;
	case STATIC_CALL:
		symbol_addrs(im, "__SCT__", true, &targets);
		rel32_table(im, "__start_static_call_sites", "__stop_static_call_sites", 8, &table);
		break;
	case MCOUNT:
		symbol_addrs(im, "__fentry__", false, &targets);
		mcount_table(im, &table);
		break;
	case ORC:
		check_orc(im, excuse, r);
		return;
	case IBT:
		check_ibt(im, excuse, r);
		return;
	case NCHECKS:
		break;
	}
	direct_branches(im, &targets, &sites, &prefixed);
	compare_sites(im, &sites, &prefixed, &table, excuse, r);
	free(prefixed.v);
	free(targets.v);
	free(sites.v);
	free(table.v);
}

/* ------------------------------------------------------------ config */

static const char *const *check_options(enum check c);

/* Is "OPT=y" one of the lines LINE (with its newline) starts? */
static bool line_sets(const char *line, const char *opt)
{
	size_t n = strlen(opt);

	return strncmp(line, opt, n) == 0 && strncmp(line + n, "=y", 2) == 0;
}

/*
 * The checks CONFIG asks for, one bit per enum check, read in one pass:
 * a check's option (either spelling), and CONFIG_OBJTOOL for all but
 * mcount, since the sites tables and ORC are objtool's (none on i386).
 */
static unsigned config_checks(const char *config)
{
	FILE *f = fopen(config, "r");
	char line[512];
	unsigned wanted = 0;
	bool objtool = false;

	if (!f)
		tool_fail_errno(config);
	while (fgets(line, sizeof(line), f)) {
		objtool |= line_sets(line, "CONFIG_OBJTOOL");
		for (enum check c = 0; c < NCHECKS; c++)
			for (const char *const *o = check_options(c); *o; o++)
				if (line_sets(line, *o))
					wanted |= 1u << c;
	}
	fclose(f);
	return objtool ? wanted : wanted & 1u << MCOUNT;
}

static const char *const *check_options(enum check c)
{
	static const char *const opts[NCHECKS][3] = {
		[RETURN] = { "CONFIG_RETHUNK", "CONFIG_MITIGATION_RETHUNK", NULL },
		[RETPOLINE] = { "CONFIG_RETPOLINE", "CONFIG_MITIGATION_RETPOLINE", NULL },
		[STATIC_CALL] = { "CONFIG_HAVE_STATIC_CALL_INLINE", NULL, NULL },
		[MCOUNT] = { "CONFIG_DYNAMIC_FTRACE", NULL, NULL },
		[ORC] = { "CONFIG_UNWINDER_ORC", NULL, NULL },
		[IBT] = { "CONFIG_X86_KERNEL_IBT", NULL, NULL },
	};
	return opts[c];
}

static void usage(void)
{
	fputs("usage: ltoguard-kcheck [--config FILE] [--baseline PLAIN-VMLINUX] "
	      "[--symbols SYMBOL-VMLINUX] VMLINUX\n", stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *config = NULL, *baseline = NULL, *symbols = NULL, *path = NULL;
	char defconfig[4096];
	struct image im = { 0 }, base = { 0 };
	unsigned wanted;
	int failed = 0;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
			config = argv[++i];
		else if (strcmp(argv[i], "--baseline") == 0 && i + 1 < argc)
			baseline = argv[++i];
		else if (strcmp(argv[i], "--symbols") == 0 && i + 1 < argc)
			symbols = argv[++i];
		else if (argv[i][0] == '-' || path)
			usage();
		else
			path = argv[i];
	}
	if (!path)
		usage();
	if (!config) {
		const char *slash = strrchr(path, '/');

		snprintf(defconfig, sizeof(defconfig), "%.*s.config",
			 slash ? (int)(slash - path + 1) : 0, path);
		config = defconfig;
	}
	open_image(&im, path, symbols);
	if (baseline)
		open_image(&base, baseline, NULL);
	wanted = config_checks(config);

	for (enum check c = 0; c < NCHECKS; c++) {
		struct result r, b;

		if (!(wanted & 1u << c))
			continue;
		if (baseline)
			run_check(c, &base, NULL, &b);
		run_check(c, &im, baseline ? &b.lacking : NULL, &r);
		bool ok = r.missing == 0 && (c == ORC || r.stray == 0);
		printf("%s: %s: %zu %s, %zu %s, %zu %s", ok ? "PASS" : "FAIL", check_name[c], r.sites,
		       check_counts[c][0], r.listed, check_counts[c][1], r.missing, check_counts[c][2]);
		if (r.missing)
			printf(" in %zu functions (first: %s)", r.lacking.n, r.first);
		if (r.excused)
			printf(", %zu more excused (missing in the baseline too)", r.excused);
		if (c != ORC)
			printf(", %zu entries pointing elsewhere", r.stray);
		if (r.stray)
			printf(" (first: 0x%llx)", (unsigned long long)r.first_stray);
		putchar('\n');
		failed |= !ok;
	}
	return failed;
}
