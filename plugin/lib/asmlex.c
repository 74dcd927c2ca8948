// SPDX-License-Identifier: GPL-2.0
/*
 * A lexer for GNU as text in AT&T x86 syntax, as GCC hands it to the
 * assembler: toplevel asm, basic inline asm and extended inline asm
 * templates.  It finds the symbol names the text references, defines or
 * merely declares, and which section each occurs in.
 *
 * It is deliberately not an assembler: it only needs to tell a reference
 * from everything that merely looks like a word.  Where it cannot tell, it
 * says "reference": a false reference costs one symbol LTO could have
 * dropped, a missed one costs a link error or a silently wrong kernel.
 *
 * Grammar followed (GNU as manual, "Syntax", and gas/config/tc-i386.c):
 *   statements end at a newline or ';' (x86 line separator);
 *   '#' starts a comment to end of line, C block comments are allowed;
 *   a statement is: labels ("name:", "1:"), then a directive (".word"),
 *   an assignment ("name = expr") or an instruction (prefixes, mnemonic,
 *   operands).  Registers carry '%', immediates '$'.
 * GCC's extended asm (gcc/final.cc, output_asm_insn) adds %-operands
 * ("%0", "%c[x]", "%P1", "%l[lab]"), "%%" for a literal '%', "%=" for a
 * unique number, and x86 dialect alternatives "{att|intel}".
 *
 * Plain C99, no GCC headers: built into the plugin and into the unit tests
 * and fuzzer.  Character classes are ASCII-only on purpose, like GCC's
 * safe-ctype: the locale must not change what a symbol is.
 */
#include <stddef.h>
#include <string.h>
#include "ltoguard.h"

#define SECTION_MAX 256
#define SECTION_STACK 32

struct section_state {
	char cur[SECTION_MAX];
	char prev[SECTION_MAX];
};

struct lexer {
	const char *text;
	size_t len;
	size_t pos;
	unsigned line;
	unsigned flags;
	lg_asm_sym_fn fn;
	void *ctx;
	struct section_state sec;
	unsigned depth;		/* may exceed SECTION_STACK: then pops are lost */
	int in_dialect;		/* inside "{att|intel}", past nothing yet */
	const char *alias;	/* emit() passes it on: see value_alias() */
	size_t alias_len;
	enum lg_asm_binding binding;	/* emit() passes it on, for BIND */
	/* last: lg_asm_scan does not clear it (push_section writes an
	 * entry before pop_section reads it) */
	struct section_state stack[SECTION_STACK];
};

static int at_end(const struct lexer *lx)
{
	return lx->pos >= lx->len;
}

static int peek(const struct lexer *lx, size_t ahead)
{
	size_t p = lx->pos + ahead;

	return p < lx->len ? (unsigned char)lx->text[p] : -1;
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

int lg_is_symstart(int c)
{
	return is_alpha(c) || c == '_' || c == '.';
}

int lg_is_symchar(int c)
{
	return lg_is_symstart(c) || is_digit(c) || c == '$';
}

static int is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' ||
	       c == 0;
}

static int is_extended(const struct lexer *lx)
{
	return (lx->flags & LG_ASM_EXTENDED) != 0;
}

/* A statement ends at a newline or ';' that is not inside a comment. */
static int at_statement_end(const struct lexer *lx)
{
	int c = peek(lx, 0);

	return c == -1 || c == '\n' || c == ';';
}

static void skip_block_comment(struct lexer *lx)
{
	lx->pos += 2;
	while (!at_end(lx)) {
		if (peek(lx, 0) == '*' && peek(lx, 1) == '/') {
			lx->pos += 2;
			return;
		}
		if (peek(lx, 0) == '\n')
			lx->line++;
		lx->pos++;
	}
}

static void skip_line_comment(struct lexer *lx)
{
	while (!at_end(lx) && peek(lx, 0) != '\n')
		lx->pos++;
}

/* Blanks and comments inside a statement; stops at its end. */
static void skip_space(struct lexer *lx)
{
	for (;;) {
		int c = peek(lx, 0);

		if (is_blank(c))
			lx->pos++;
		else if (c == '#')
			skip_line_comment(lx);
		else if (c == '/' && peek(lx, 1) == '*')
			skip_block_comment(lx);
		else if (c == '\\' && peek(lx, 1) == '\n') {
			lx->pos += 2;	/* line continuation */
			lx->line++;
		} else
			return;
	}
}

/* A string literal, with backslash escapes; may not cross a newline. */
static void skip_string(struct lexer *lx)
{
	lx->pos++;
	while (!at_end(lx)) {
		int c = peek(lx, 0);

		if (c == '\\' && lx->pos + 1 < lx->len && peek(lx, 1) != '\n')
			lx->pos += 2;
		else if (c == '"') {
			lx->pos++;
			return;
		} else if (c == '\n')
			return;
		else
			lx->pos++;
	}
}

static size_t scan_name(struct lexer *lx)
{
	size_t start = lx->pos;

	while (!at_end(lx) && lg_is_symchar(peek(lx, 0)))
		lx->pos++;
	return lx->pos - start;
}

static void emit(struct lexer *lx, size_t start, size_t len,
		 enum lg_asm_role role)
{
	struct lg_asm_sym sym;

	/* "." is the location counter; .L names are assembler-local labels. */
	if (len == 1 && lx->text[start] == '.')
		return;
	if (len >= 2 && lx->text[start] == '.' && lx->text[start + 1] == 'L')
		return;
	sym.name = lx->text + start;
	sym.len = len;
	sym.offset = start;
	sym.line = lx->line;
	sym.role = role;
	sym.section = lx->sec.cur;
	sym.alias = lx->alias;
	sym.alias_len = lx->alias_len;
	sym.binding = lx->binding;
	lx->fn(&sym, lx->ctx);
}

static int word_is(const struct lexer *lx, size_t start, size_t len,
		   const char *word)
{
	return strlen(word) == len && memcmp(lx->text + start, word, len) == 0;
}

static int word_in(const struct lexer *lx, size_t start, size_t len,
		   const char *const *list)
{
	for (; *list; list++)
		if (word_is(lx, start, len, *list))
			return 1;
	return 0;
}

/*
 * '%' in the text.  In extended asm GCC substitutes operands: "%0",
 * "%c[name]", "%P1", "%l[label]", "%=" and "%%" (which leaves '%' and so
 * a register name behind).  Anywhere else '%' prefixes a register.
 */
static void skip_percent(struct lexer *lx)
{
	lx->pos++;
	if (is_extended(lx)) {
		int c = peek(lx, 0);

		if (c == '%') {		/* "%%reg": a register */
			lx->pos++;
			scan_name(lx);
			return;
		}
		if (c == '=' || c == '{' || c == '|' || c == '}') {
			lx->pos++;
			return;
		}
		if (is_alpha(c) && (is_digit(peek(lx, 1)) || peek(lx, 1) == '['))
			lx->pos++;	/* operand modifier letter: %c0, %P[x] */
		if (peek(lx, 0) == '[') {
			while (!at_end(lx) && !at_statement_end(lx) &&
			       peek(lx, 0) != ']')
				lx->pos++;
			if (peek(lx, 0) == ']')
				lx->pos++;
			return;
		}
		if (is_digit(peek(lx, 0))) {
			while (is_digit(peek(lx, 0)))
				lx->pos++;
			return;
		}
	}
	scan_name(lx);		/* register name, "%progbits" and such */
}

/* "{att|intel}": only the first alternative is AT&T text. */
static void skip_dialect_rest(struct lexer *lx)
{
	while (!at_end(lx) && peek(lx, 0) != '}') {
		if (peek(lx, 0) == '\n')
			lx->line++;
		lx->pos++;
	}
	if (!at_end(lx))
		lx->pos++;
	lx->in_dialect = 0;
}

/*
 * Operands and data expressions to the end of the statement: every name is
 * reported with ROLE (LG_ASM_USE, or LG_ASM_DECLARE for symbol lists).
 */
static void scan_operands(struct lexer *lx, enum lg_asm_role role)
{
	for (;;) {
		int c;

		skip_space(lx);
		if (at_statement_end(lx))
			return;
		c = peek(lx, 0);
		if (c == '"') {
			skip_string(lx);
		} else if (c == '\'') {
			/* character constant: 'c or '\n, never the newline */
			lx->pos++;
			if (peek(lx, 0) == '\\')
				lx->pos++;
			if (peek(lx, 0) != '\n' && !at_end(lx))
				lx->pos++;
		} else if (c == '%') {
			skip_percent(lx);
		} else if (c == '@') {
			/* relocation or type suffix: sym@PLT, @progbits */
			lx->pos++;
			scan_name(lx);
		} else if (c == '\\') {
			/* macro parameter: \arg, \() */
			lx->pos++;
			scan_name(lx);
		} else if (is_digit(c)) {
			/* numbers and numeric local labels: 0x1f, 1b, 2f */
			while (!at_end(lx) && lg_is_symchar(peek(lx, 0)))
				lx->pos++;
		} else if (lg_is_symstart(c)) {
			size_t start = lx->pos;
			size_t len = scan_name(lx);

			emit(lx, start, len, role);
		} else if (c == '{' && is_extended(lx)) {
			lx->in_dialect = 1;
			lx->pos++;
		} else if (c == '|' && lx->in_dialect) {
			skip_dialect_rest(lx);
		} else if (c == '}' && lx->in_dialect) {
			lx->in_dialect = 0;
			lx->pos++;
		} else {
			lx->pos++;
		}
	}
}

/* Skip the rest of a statement, still keeping track of lines. */
static void skip_statement(struct lexer *lx)
{
	while (!at_statement_end(lx)) {
		int c = peek(lx, 0);

		if (c == '"')
			skip_string(lx);
		else if (c == '#')
			skip_line_comment(lx);
		else if (c == '/' && peek(lx, 1) == '*')
			skip_block_comment(lx);
		else
			lx->pos++;
	}
}

/* ------------------------------------------------------------------ */
/* Sections                                                            */
/* ------------------------------------------------------------------ */

static void set_section(struct lexer *lx, const char *name, size_t len)
{
	if (len >= SECTION_MAX)
		len = SECTION_MAX - 1;
	memcpy(lx->sec.prev, lx->sec.cur, SECTION_MAX);
	memcpy(lx->sec.cur, name, len);
	lx->sec.cur[len] = 0;
}

/* The section name operand: "quoted" or bare up to a comma or blank. */
static void read_section_name(struct lexer *lx)
{
	size_t start;

	skip_space(lx);
	if (peek(lx, 0) == '"') {
		start = ++lx->pos;
		while (!at_end(lx) && peek(lx, 0) != '"' && peek(lx, 0) != '\n')
			lx->pos += (peek(lx, 0) == '\\' && lx->pos + 1 < lx->len) ? 2 : 1;
		set_section(lx, lx->text + start, lx->pos - start);
		if (peek(lx, 0) == '"')
			lx->pos++;
	} else {
		start = lx->pos;
		while (!at_statement_end(lx) && peek(lx, 0) != ',' &&
		       !is_blank(peek(lx, 0)) && peek(lx, 0) != '#')
			lx->pos++;
		set_section(lx, lx->text + start, lx->pos - start);
	}
	/* flags, type and group name name no symbol we track */
	skip_statement(lx);
}

static void push_section(struct lexer *lx)
{
	if (lx->depth < SECTION_STACK)
		lx->stack[lx->depth] = lx->sec;
	lx->depth++;
}

static void pop_section(struct lexer *lx)
{
	if (lx->depth == 0)
		return;		/* as would complain; nothing to restore */
	lx->depth--;
	if (lx->depth < SECTION_STACK)
		lx->sec = lx->stack[lx->depth];
}

static void swap_previous(struct lexer *lx)
{
	char tmp[SECTION_MAX];

	memcpy(tmp, lx->sec.cur, SECTION_MAX);
	memcpy(lx->sec.cur, lx->sec.prev, SECTION_MAX);
	memcpy(lx->sec.prev, tmp, SECTION_MAX);
}

/* ------------------------------------------------------------------ */
/* Directives                                                          */
/* ------------------------------------------------------------------ */

/* Directives whose operands are never symbols we must keep. */
static const char *const no_symbol_directives[] = {
	".ascii", ".asciz", ".string", ".string8", ".string16", ".string32",
	".string64", ".file", ".loc", ".loc_mark_labels", ".ident", ".align",
	".balign", ".balignw", ".balignl", ".p2align", ".p2alignw",
	".p2alignl", ".incbin", ".include", ".arch", ".code16", ".code16gcc",
	".code32", ".code64", ".intel_syntax", ".att_syntax",
	".intel_mnemonic", ".att_mnemonic", ".ifdef", ".ifndef", ".ifnotdef",
	".ifc", ".ifnc", ".ifeqs", ".ifnes", ".ifb", ".ifnb", ".else",
	".endif", ".macro", ".endm", ".exitm", ".purgem", ".endr", ".err",
	".error", ".warning", ".print", ".title", ".sbttl", ".psize",
	".eject", ".list", ".nolist", ".altmacro", ".noaltmacro",
	".subsection", ".symver", ".version", ".stabs", ".stabn", ".stabd",
	".linefile", ".nops", ".uleb128", ".sleb128", NULL
};

/* Directives that list symbols without referencing them. */
static const char *const bind_directives[] = {
	".globl", ".global", ".weak", ".local", NULL
};
static const char *const declare_directives[] = {
	".hidden", ".protected", ".internal", ".extern", NULL
};

/* Directives whose first operand is a symbol they define. */
static const char *const define_directives[] = {
	".set", ".equ", ".equiv", ".eqv", ".comm", ".lcomm", ".weakref", NULL
};

/*
 * After "A," of .set (or "A =") : if the value is one symbol and nothing
 * else, emit it as a USE that names A as its alias (keep/asm.c turns
 * such aliases of C definitions into GCC aliases) and return 1.  Else
 * leave the position alone and return 0.
 */
static int value_alias(struct lexer *lx, size_t astart, size_t alen)
{
	size_t save = lx->pos, start, len;

	skip_space(lx);
	if (lg_is_symstart(peek(lx, 0)) && peek(lx, 0) != '.') {
		start = lx->pos;
		len = scan_name(lx);
		skip_space(lx);
		if (at_statement_end(lx)) {
			lx->alias = lx->text + astart;
			lx->alias_len = alen;
			emit(lx, start, len, LG_ASM_USE);
			lx->alias = NULL;
			lx->alias_len = 0;
			return 1;
		}
	}
	lx->pos = save;
	return 0;
}

static void define_then_use(struct lexer *lx, size_t dstart, size_t dlen)
{
	size_t start, len;

	skip_space(lx);
	if (!lg_is_symstart(peek(lx, 0))) {
		skip_statement(lx);
		return;
	}
	start = lx->pos;
	len = scan_name(lx);
	emit(lx, start, len, LG_ASM_DEFINE);
	/* .comm/.lcomm: size and alignment follow, no symbols */
	if (word_is(lx, dstart, dlen, ".comm") ||
	    word_is(lx, dstart, dlen, ".lcomm")) {
		skip_statement(lx);
		return;
	}
	/* .equiv and .eqv refuse redefinition, .weakref is no alias */
	if (word_is(lx, dstart, dlen, ".set") || word_is(lx, dstart, dlen, ".equ")) {
		size_t save = lx->pos;

		skip_space(lx);
		if (peek(lx, 0) == ',') {
			lx->pos++;
			if (value_alias(lx, start, len))
				return;
		}
		lx->pos = save;
	}
	scan_operands(lx, LG_ASM_USE);
}

/* .type sym,@function  /  .size sym, .-sym: the first symbol is only
 * declared; the caller reads the rest of the statement. */
static void declare_first(struct lexer *lx)
{
	skip_space(lx);
	if (lg_is_symstart(peek(lx, 0))) {
		size_t start = lx->pos;
		size_t len = scan_name(lx);

		emit(lx, start, len, LG_ASM_DECLARE);
	}
}

static void directive(struct lexer *lx, size_t start, size_t len)
{
	if (word_is(lx, start, len, ".section")) {
		read_section_name(lx);
	} else if (word_is(lx, start, len, ".pushsection")) {
		push_section(lx);
		read_section_name(lx);
	} else if (word_is(lx, start, len, ".popsection")) {
		pop_section(lx);
		skip_statement(lx);
	} else if (word_is(lx, start, len, ".previous")) {
		swap_previous(lx);
		skip_statement(lx);
	} else if (word_is(lx, start, len, ".text") ||
		   word_is(lx, start, len, ".data") ||
		   word_is(lx, start, len, ".bss")) {
		set_section(lx, lx->text + start, len);
		skip_statement(lx);
	} else if (len > 5 && memcmp(lx->text + start, ".cfi_", 5) == 0 &&
		   !word_is(lx, start, len, ".cfi_personality") &&
		   !word_is(lx, start, len, ".cfi_lsda")) {
		skip_statement(lx);	/* registers and offsets */
	} else if (word_in(lx, start, len, no_symbol_directives)) {
		skip_statement(lx);
	} else if (word_in(lx, start, len, bind_directives)) {
		lx->binding = word_is(lx, start, len, ".weak") ? LG_BIND_WEAK :
			      word_is(lx, start, len, ".local") ? LG_BIND_LOCAL : LG_BIND_GLOBAL;
		scan_operands(lx, LG_ASM_BIND);
	} else if (word_in(lx, start, len, declare_directives)) {
		scan_operands(lx, LG_ASM_DECLARE);
	} else if (word_is(lx, start, len, ".type")) {
		declare_first(lx);
		skip_statement(lx);	/* @function, %object */
	} else if (word_is(lx, start, len, ".size")) {
		/* the size is an expression whose names are used: btf_ids.h's
		 * BTF_SET_END is ".size __BTF_ID__set__NAME, .-NAME", and a
		 * rename of NAME must reach it too, or gas finds the size
		 * "does not evaluate to a constant" */
		declare_first(lx);
		scan_operands(lx, LG_ASM_USE);
	} else if (word_in(lx, start, len, define_directives)) {
		define_then_use(lx, start, len);
	} else {
		/* data (.long, .quad, ...), .if, .org, .fill, unknown: expressions */
		scan_operands(lx, LG_ASM_USE);
	}
}

/* ------------------------------------------------------------------ */
/* Statements                                                          */
/* ------------------------------------------------------------------ */

/* Instruction prefixes: the word after one is still a mnemonic. */
static const char *const prefixes[] = {
	"lock", "rep", "repe", "repz", "repne", "repnz", "data16", "data32",
	"addr16", "addr32", "rex", "rex64", "notrack", "bnd", "xacquire",
	"xrelease", "cs", "ds", "es", "fs", "gs", "ss", NULL
};

/* Labels at the start of a statement: "name:", "1:", "%=:" */
static void scan_labels(struct lexer *lx)
{
	for (;;) {
		size_t save = lx->pos, start, len;
		unsigned save_line = lx->line;

		skip_space(lx);
		start = lx->pos;
		if (is_digit(peek(lx, 0))) {
			while (is_digit(peek(lx, 0)))
				lx->pos++;
			len = 0;
		} else if (lg_is_symstart(peek(lx, 0))) {
			len = scan_name(lx);
		} else {
			return;
		}
		skip_space(lx);
		if (peek(lx, 0) == ':') {
			lx->pos++;
			if (len)
				emit(lx, start, len, LG_ASM_DEFINE);
			continue;
		}
		lx->pos = save;
		lx->line = save_line;
		return;
	}
}

static void statement(struct lexer *lx)
{
	size_t start, len;

	scan_labels(lx);
	skip_space(lx);
	if (is_extended(lx) && peek(lx, 0) == '{') {
		/* "{movl|mov} ...": the mnemonic is inside the alternatives */
		lx->in_dialect = 1;
		lx->pos++;
		skip_space(lx);
	}
	if (!lg_is_symstart(peek(lx, 0))) {
		scan_operands(lx, LG_ASM_USE);
		return;
	}
	start = lx->pos;
	len = scan_name(lx);
	if (lx->text[start] == '.' && len > 1) {
		directive(lx, start, len);
		return;
	}
	skip_space(lx);
	if (peek(lx, 0) == '=' && peek(lx, 1) != '=') {
		/* "name = expr" is .set */
		lx->pos++;
		emit(lx, start, len, LG_ASM_DEFINE);
		if (!value_alias(lx, start, len))
			scan_operands(lx, LG_ASM_USE);
		return;
	}
	/* start..len is a mnemonic (or a prefix, then the mnemonic) */
	while (word_in(lx, start, len, prefixes) && lg_is_symstart(peek(lx, 0)) &&
	       peek(lx, 0) != '.') {
		start = lx->pos;
		len = scan_name(lx);
		skip_space(lx);
	}
	scan_operands(lx, LG_ASM_USE);
}

void lg_asm_scan(const char *text, size_t len, unsigned flags,
		 lg_asm_sym_fn fn, void *ctx)
{
	struct lexer lx;

	/*
	 * Everything but the 16 KB section stack starts zeroed.  Copying a
	 * zeroed lexer whole cost 17 KB of memcpy per asm text: in WPA, which
	 * scans every toplevel asm of the kernel (13,677 on 6.1 x86_64
	 * tinyconfig+net), 232M instructions, 2% of lto1 (callgrind,
	 * tests/bench/lto1-cost.sh).
	 */
	memset(&lx, 0, offsetof(struct lexer, stack));
	lx.text = text;
	lx.len = len;
	lx.line = 1;
	lx.flags = flags;
	lx.fn = fn;
	lx.ctx = ctx;
	while (!at_end(&lx)) {
		size_t before = lx.pos;

		statement(&lx);
		if (peek(&lx, 0) == '\n')
			lx.line++;
		if (!at_end(&lx))
			lx.pos++;	/* the separator */
		if (lx.pos == before)
			lx.pos++;	/* cannot happen; never loop forever */
	}
}
