// SPDX-License-Identifier: GPL-2.0
/*
 * The GNU as lexer: what is a reference and what only looks like one.
 * Each case lists the text, the flags, and what the lexer must report as
 * "use:NAME", "def:NAME" or "decl:NAME" (in order, with @section where
 * the case cares about sections).
 */
#include "unit.h"

struct collect {
	char buf[4096];
	int with_section;
};

static void on_sym(const struct lg_asm_sym *sym, void *ctx)
{
	struct collect *c = ctx;
	static const char *const role[] = { "use", "def", "decl", "bind" };
	size_t n = strlen(c->buf);

	snprintf(c->buf + n, sizeof(c->buf) - n, "%s%s:%.*s", n ? " " : "",
		 role[sym->role], (int)sym->len, sym->name);
	if (sym->alias) {
		n = strlen(c->buf);
		snprintf(c->buf + n, sizeof(c->buf) - n, "=%.*s", (int)sym->alias_len, sym->alias);
	}
	if (c->with_section) {
		n = strlen(c->buf);
		snprintf(c->buf + n, sizeof(c->buf) - n, "@%s", sym->section);
	}
}

static const char *lex(const char *text, unsigned flags, int with_section)
{
	static struct collect c;

	memset(&c, 0, sizeof(c));
	c.with_section = with_section;
	lg_asm_scan(text, strlen(text), flags, on_sym, &c);
	return c.buf;
}

#define BASIC 0
#define EXT LG_ASM_EXTENDED

struct lex_case {
	const char *text;
	unsigned flags;
	const char *expect;
};

static const struct lex_case cases[] = {
	/* instructions: the mnemonic is not a symbol, operands are */
	{ "call foo", BASIC, "use:foo" },
	{ "\tjmp\tbar\n\tcall baz\n", BASIC, "use:bar use:baz" },
	{ "call foo@PLT", BASIC, "use:foo" },
	{ "mov foo@GOTPCREL(%rip), %rax", BASIC, "use:foo" },
	{ "lea sym+8(%rip), %rdi", BASIC, "use:sym" },
	{ "movl $sym, %eax", BASIC, "use:sym" },
	{ "mov %gs:pcpu_var, %eax", BASIC, "use:pcpu_var" },
	{ "jmp *table(,%rax,8)", BASIC, "use:table" },
	{ "lock; incl counter", BASIC, "use:counter" },
	{ "lock incl counter", BASIC, "use:counter" },
	{ "rep movsb", BASIC, "" },
	{ "ret; int3", BASIC, "" },
	/* registers, with and without extended asm's %% */
	{ "mov %rax, %rbx", BASIC, "" },
	{ "mov %%rax, %0", EXT, "" },
	{ "pushq %%rbp; movq %%rsp, %%rbp", EXT, "" },
	/* operand placeholders */
	{ "call %P0", EXT, "" },
	{ "call %c[func]", EXT, "" },
	{ "mov %a1, %k0\n jmp %l[out]", EXT, "" },
	{ "1: .long 1b - %=", EXT, "" },
	{ "call %P[thunk]; call helper", EXT, "use:helper" },
	/* comments and strings name nothing */
	{ "# call foo\ncall bar", BASIC, "use:bar" },
	{ "call bar # foo", BASIC, "use:bar" },
	{ "/* call foo\n call foo2 */ call bar", BASIC, "use:bar" },
	{ ".asciz \"foo\"\n.ascii \"call foo\\\" bar\"", BASIC, "" },
	{ ".byte 'a, ';\n call x", BASIC, "use:x" },
	{ ".byte '\n call x", BASIC, "use:x" },
	/* directives that declare, not reference */
	{ ".globl foo\n.weak bar, baz\n.local l", BASIC, "bind:foo bind:bar bind:baz bind:l" },
	{ ".type foo, @function\n.size foo, .-foo", BASIC, "decl:foo decl:foo use:foo" },
	/* the size is an expression (btf_ids.h BTF_SET_END) */
	{ ".size __BTF_ID__set__s, .-s", BASIC, "decl:__BTF_ID__set__s use:s" },
	{ ".type f, %function\n.type g,#function", BASIC, "decl:f decl:g" },
	{ ".hidden h\n.extern e", BASIC, "decl:h decl:e" },
	/* labels: defined by the text */
	{ "foo: bar: .long baz", BASIC, "def:foo def:bar use:baz" },
	{ "1: jmp 1b\n2: jmp 2f", BASIC, "" },
	{ ".Lfoo: jmp .Lfoo", BASIC, "" },
	/* aliases */
	/* (use:B=A: the value of A is exactly the symbol B) */
	{ ".set alias, target", BASIC, "def:alias use:target=alias" },
	{ ".equ a2, t2 + 4", BASIC, "def:a2 use:t2" },
	{ "a3 = t3", BASIC, "def:a3 use:t3=a3" },
	{ ".globl a4\n\t.set   a4,t4 # comment\ncall a4", BASIC,
	  "bind:a4 def:a4 use:t4=a4 use:a4" },
	{ ".set a5, t5; call x", BASIC, "def:a5 use:t5=a5 use:x" },
	{ ".set a6, .", BASIC, "def:a6" },
	{ ".set a7, t7 - 1", BASIC, "def:a7 use:t7" },
	{ ".weakref w, t", BASIC, "def:w use:t" },
	{ ".equiv a8, t8", BASIC, "def:a8 use:t8" },
	{ ".equ a9, t9", BASIC, "def:a9 use:t9=a9" },
	{ ".comm buf, 64, 8", BASIC, "def:buf" },
	/* data */
	{ ".long sym - .", BASIC, "use:sym" },
	{ ".quad sym+8, other", BASIC, "use:sym use:other" },
	{ ".balign 8\n.p2align 4, 0x90\n.long 0x1f", BASIC, "" },
	/* macros: parameters and the macro line are not symbols */
	{ ".macro m arg\ncall \\arg\n.endm\nm target", BASIC, "use:target" },
	{ ".cfi_startproc\n.cfi_offset %rbp, -16\n.cfi_endproc", BASIC, "" },
	{ ".ifdef sym\n.endif", BASIC, "" },
	/* x86 dialect alternatives: only AT&T counts */
	{ "{movl %0, att_sym|mov intel_sym, %0}", EXT, "use:att_sym" },
	/* separators and continuation */
	{ "call a; call b\ncall c", BASIC, "use:a use:b use:c" },
	/* malformed text: no crash, no runaway */
	{ "call \"unterminated", BASIC, "" },
	{ "/* unterminated comment call x", BASIC, "" },
	{ "%", EXT, "" },
	{ "%[", EXT, "" },
	{ "'", BASIC, "" },
	{ "", BASIC, "" },
};

static void test_table(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *got = lex(cases[i].text, cases[i].flags, 0);

		if (strcmp(got, cases[i].expect) != 0)
			fail_msg("case %zu \"%s\": got \"%s\", want \"%s\"", i,
				 cases[i].text, got, cases[i].expect);
	}
}

/* The three EXPORT_SYMBOL shapes as the kernel's export.h emits them. */
static void test_export_61(void **state)
{
	(void)state;
	assert_string_equal(
		lex("\t.section \"___ksymtab_gpl+frob\", \"a\"\t\n"
		    "\t.balign\t4\t\t\t\t\t\n"
		    "__ksymtab_frob:\t\t\t\t\n"
		    "\t.long\tfrob- .\t\t\t\t\n"
		    "\t.long\t__kstrtab_frob- .\t\t\t\n"
		    "\t.long\t__kstrtabns_frob- .\t\t\t\n"
		    "\t.previous\t\t\t\t\t\n", BASIC, 1),
		"def:__ksymtab_frob@___ksymtab_gpl+frob "
		"use:frob@___ksymtab_gpl+frob "
		"use:__kstrtab_frob@___ksymtab_gpl+frob "
		"use:__kstrtabns_frob@___ksymtab_gpl+frob");
	assert_string_equal(
		lex("\t.section \"__ksymtab_strings\",\"aMS\",%progbits,1\t\n"
		    "__kstrtab_frob:\n\t.asciz \t\"frob\"\n"
		    "\t.previous\n", BASIC, 1),
		"def:__kstrtab_frob@__ksymtab_strings");
}

static void test_export_612(void **state)
{
	(void)state;
	assert_string_equal(
		lex(".section \".export_symbol\",\"a\" ; "
		    "__export_symbol_frob: ; .asciz \"GPL\" ; .asciz \"NS\" ; "
		    ".balign 8 ; .quad frob ; .previous", BASIC, 1),
		"def:__export_symbol_frob@.export_symbol use:frob@.export_symbol");
}

static void test_sections(void **state)
{
	(void)state;
	assert_string_equal(
		lex(".long a\n.pushsection .foo, \"a\"\n.long b\n"
		    ".pushsection .bar\n.long c\n.popsection\n.long d\n"
		    ".popsection\n.long e\n.text\n.long f\n.data\n.long g\n"
		    ".previous\n.long h\n.section .x.y,\"ax\",@progbits\n.long i",
		    BASIC, 1),
		"use:a@ use:b@.foo use:c@.bar use:d@.foo use:e@ use:f@.text "
		"use:g@.data use:h@.text use:i@.x.y");
	/* unbalanced .popsection is ignored, not a crash */
	assert_string_equal(lex(".popsection\n.long z", BASIC, 1), "use:z@");
}

struct lines {
	unsigned line[8];
	size_t offset[8];
	int n;
};

static void on_line(const struct lg_asm_sym *sym, void *ctx)
{
	struct lines *l = ctx;

	if (l->n < 8) {
		l->line[l->n] = sym->line;
		l->offset[l->n++] = sym->offset;
	}
}

static void test_positions(void **state)
{
	const char *text = "nop\n/* two\nlines */ call x\n\n# c\njmp y";
	struct lines l;

	(void)state;
	memset(&l, 0, sizeof(l));
	lg_asm_scan(text, strlen(text), 0, on_line, &l);
	assert_int_equal(l.n, 2);
	assert_int_equal(l.line[0], 3);
	assert_int_equal(l.line[1], 6);
	assert_memory_equal(text + l.offset[0], "x", 1);
	assert_memory_equal(text + l.offset[1], "y", 1);
}

/* LEN bounds the scan: nothing past it is read or reported. */
static void test_length_bound(void **state)
{
	static const char text[] = "call a\ncall b";
	struct collect c;

	(void)state;
	memset(&c, 0, sizeof(c));
	lg_asm_scan(text, 7, 0, on_sym, &c);
	assert_string_equal(c.buf, "use:a");
}

static void on_bind(const struct lg_asm_sym *sym, void *ctx)
{
	static const char kind[] = { 'g', 'w', 'l' };
	char *out = ctx;

	if (sym->role == LG_ASM_BIND) {
		size_t n = strlen(out);

		out[n] = kind[sym->binding];
		out[n + 1] = '\0';
	}
}

/* which directive gave each binding, also after a label */
static void test_binding_kind(void **state)
{
	const char *text = ".globl a\n.global b\n.weak c, d\n.local e\n1: .weak f; .globl g";
	char out[16] = "";

	(void)state;
	lg_asm_scan(text, strlen(text), 0, on_bind, out);
	assert_string_equal(out, "ggwwlwg");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_export_61),
		cmocka_unit_test(test_export_612),
		cmocka_unit_test(test_sections),
		cmocka_unit_test(test_positions),
		cmocka_unit_test(test_length_bound),
		cmocka_unit_test(test_binding_kind),
	};

	return cmocka_run_group_tests_name("asmlex", tests, NULL, NULL);
}
