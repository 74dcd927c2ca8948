/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ltoguard: declarations shared by the GCC plugin and its GCC-free parts.
 *
 * Everything declared here is plain C99 and needs no GCC header: the GNU as
 * lexer, option parsing, the keep-list reader and the report writer.  The
 * plugin glue (compiled as C++) calls them; tests/unit and tests/fuzz build
 * them on their own.
 */
#ifndef LTOGUARD_H
#define LTOGUARD_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* GNU as (AT&T x86) lexer: asmlex.c                                   */
/* ------------------------------------------------------------------ */

/* What a symbol name in asm text is doing there. */
enum lg_asm_role {
	LG_ASM_USE,	/* used in an operand or data expression: a reference */
	LG_ASM_DEFINE,	/* defined by the text: "name:", ".set name,", ".comm name" */
	LG_ASM_DECLARE,	/* only named by .type/.size/.hidden/...: no reference */
	LG_ASM_BIND	/* given a binding by .globl/.global/.weak/.local */
};

/* .globl/.global, .weak, .local */
enum lg_asm_binding { LG_BIND_GLOBAL, LG_BIND_WEAK, LG_BIND_LOCAL };

struct lg_asm_sym {
	const char *name;	/* points into the scanned text, not NUL-terminated */
	size_t len;
	size_t offset;		/* byte offset of name in the text */
	unsigned line;		/* 1-based line within the text */
	enum lg_asm_role role;
	const char *section;	/* section in force, NUL-terminated; "" if unknown */
	/* For the USE in ".set A, B" (".equ A, B", "A = B") whose whole value
	 * is the one symbol B: A, not NUL-terminated; else NULL. */
	const char *alias;
	size_t alias_len;
	enum lg_asm_binding binding;	/* for a BIND: which directive gave it */
};

/* Flags for lg_asm_scan. */
#define LG_ASM_EXTENDED 1u	/* GCC extended asm: %0, %[x], %%, %=, {a|b} */

typedef void (*lg_asm_sym_fn)(const struct lg_asm_sym *sym, void *ctx);

/*
 * Scan LEN bytes of assembler TEXT and call FN for every symbol name in it.
 * Comments, strings, registers, directives, mnemonics, numeric and .L local
 * labels, operand placeholders and relocation suffixes (@PLT) are not
 * symbols.  Never reads past LEN, never fails: malformed text is skipped.
 */
void lg_asm_scan(const char *text, size_t len, unsigned flags,
		 lg_asm_sym_fn fn, void *ctx);

/* ------------------------------------------------------------------ */
/* Plugin arguments: options.c                                         */
/* ------------------------------------------------------------------ */

#define LG_MAX_KEEP_FILES 16

struct lg_options {
	const char *report;		/* -fplugin-arg-ltoguard-report=FILE */
	const char *keep[LG_MAX_KEEP_FILES];	/* -fplugin-arg-ltoguard-keep=FILE */
	int nkeep;
	int verbose;			/* -fplugin-arg-ltoguard-verbose */
	int stack_args;			/* -fplugin-arg-ltoguard-stack-args=N */
	int stack_args_given;		/* ... was given (else the default) */
	int flatten_program;		/* -fplugin-arg-ltoguard-flatten=program */
	int dispatch;			/* -fplugin-arg-ltoguard-dispatch=N */
	int dispatch_given;		/* ... was given (else the default) */
	int builtins;			/* -fplugin-arg-ltoguard-builtins=MODE */
	int called_once;		/* -fplugin-arg-ltoguard-called-once=N */
	int called_once_given;		/* ... was given (else the default) */
	int cross_growth;		/* -fplugin-arg-ltoguard-cross-growth=N */
	int cross_growth_given;		/* ... was given (else the default) */
};

/*
 * The stack-argument rule's default: functions that receive this many
 * argument words or more on the stack are marked noinline on 32-bit
 * targets.  4 catches the seed's do_futex (7 arguments, regparm(3): 4 on
 * the stack) and leaves 3- and 4-argument kernel helpers (0 and 1 stack
 * words under the kernel's -mregparm=3) inlinable.
 */
#define LG_STACK_ARGS_DEFAULT 4
#define LG_STACK_ARGS_MAX 1000

/*
 * The dispatcher rule's default: a switch whose cases tail-call this many
 * distinct functions of other files keeps those calls (perf/dispatch.c).
 * The kernel's system call dispatchers have hundreds; 16 leaves ordinary
 * switches that call a few helpers to GCC's inliner.
 */
#define LG_DISPATCH_DEFAULT 16
#define LG_DISPATCH_MAX 100000

/*
 * The called-once rule's default (perf/called-once.c).  With N, a call that
 * the callee's own file kept as a call without LTO (perf/file-model.c's
 * model) to a function of N instructions or more (GCC's estimate, with
 * what its file inlines into it) stays a call under LTO; 0 is off.
 * Measured with make bench (o2+net, docs/rules.md): at 100, 22 of
 * the 24 guest tests of the four kernels run fewer instructions than
 * plain (6.1 x86_64 getppid 0.920 of plain, 1.010 with the rule off;
 * 6.12 i386 hackbench and udp stay at plain's, as with the rule off); at
 * 20 the code is smaller, but fork and udp lose LTO's gain.
 */
#define LG_CALLED_ONCE_DEFAULT 100
#define LG_CALLED_ONCE_MAX 1000000

/*
 * The cross-file rule's default (perf/cross-file.c).  With N, a call to
 * another file's function not declared inline stays a call when GCC
 * estimates that inlining it grows the caller by N instructions or more
 * and saves the caller little of its time; 0 is off.  Measured on 6.1
 * x86_64 o2+net (docs/rules.md): at 6 the function code is 0.976
 * of plain (1.024 with the rule off) and all six guest tests still run
 * fewer instructions than plain; at 1 the code is 0.956, but fork,
 * hackbench and tcp come within 1% of plain.  6.12 x86_64 at 6: code
 * 0.981 (1.027 off), the guest tests as with the rule off.
 */
#define LG_CROSS_GROWTH_DEFAULT 6
#define LG_CROSS_GROWTH_MAX 1000000

/*
 * The builtin rule's modes (perf/builtins.c): calls to __builtin_memset
 * and friends that the program defines in C stay builtin calls when their
 * size is a constant (the default, 0), all of them, or none (GCC inlines
 * the program's definition into them).
 */
enum lg_builtins_mode { LG_BUILTINS_CONSTANT, LG_BUILTINS_ALL, LG_BUILTINS_INLINE };

/*
 * The arguments, in the order --help, README.md and ltoguard(7) list them
 * (tests/docs checks that the three agree): KEY, its =VALUE syntax ("" for
 * none) and a line of help.
 */
struct lg_argument {
	const char *key;
	const char *value;
	const char *help;
};
extern const struct lg_argument lg_arguments[];
extern const size_t lg_argument_count;

/* The plugin's --help text: a line, then each argument on a line of its
 * own and its help indented below; static storage, built on the first
 * call. */
const char *lg_help_text(void);

/*
 * Apply one -fplugin-arg-ltoguard-KEY[=VALUE].  VALUE is NULL when no '='
 * was given.  Returns NULL on success, else a message (static storage)
 * that names what was wrong; the caller reports it as an error.
 */
const char *lg_option_apply(struct lg_options *opts, const char *key,
			    const char *value);

/* ------------------------------------------------------------------ */
/* Keep-list files: keeplist.c                                         */
/* ------------------------------------------------------------------ */

typedef void (*lg_keep_fn)(const char *name, unsigned line, void *ctx);

/* The longest name a keep list may hold (the kernel's KSYM_NAME_LEN is
 * 512), and the largest keep file read: a keep list names symbols, and
 * a larger file (keep=/dev/zero) is a mistake, not a list. */
#define LG_KEEP_NAME_MAX 4095
#define LG_KEEP_FILE_MAX (16u << 20)

/*
 * Parse a keep list: one symbol name per line, '#' starts a comment, blank
 * lines are ignored.  Calls FN with each name (NUL-terminated, valid only
 * during the call).  Returns 0, or the 1-based number of the first bad
 * line; then *WHY (if not NULL) says what is wrong with it, as a phrase
 * that follows "line N": "is not one symbol name" (a second word, a
 * character no symbol has), "has a name longer than 4095 characters",
 * "has a NUL byte".
 */
unsigned lg_keep_parse(const char *text, size_t len, lg_keep_fn fn, void *ctx,
		       const char **why);

/*
 * Read a whole file of at most MAX bytes into a malloc'd, NUL-terminated
 * buffer; *LEN receives its length.  Returns NULL if it cannot, with
 * errno: EFBIG when the file is larger than MAX, EINVAL when it is
 * neither a regular file nor a character device (a FIFO or a socket,
 * which could keep the compiler waiting; it is not even opened for long),
 * EISDIR for a directory, else what open or read said.
 */
char *lg_read_file(const char *path, size_t max, size_t *len);

/* What went wrong with a file lg_read_file or the report could not use:
 * a phrase for EFBIG and EINVAL, strerror's for the rest. */
const char *lg_file_error(int err);

/* ------------------------------------------------------------------ */
/* Report: report.c                                                    */
/* ------------------------------------------------------------------ */

/*
 * The report's vocabulary, one list each: what was done to a symbol (its
 * ACTION) and why (its REASON).  X(ID, "word") builds both the enum and
 * the words (lg_action_name, lg_reason_name); README.md's "Report"
 * section lists the same words, and tests/unit/test-report.c checks that
 * the two agree.
 */
#define LG_ACTIONS(X)							\
	X(MADE_VISIBLE, "made-visible")	/* keep: global under its own name */ \
	X(MADE_GLOBAL, "made-global")	/* keep: an asm label gets .globl */ \
	X(MADE_ALIAS, "made-alias")	/* keep: a .set alias made a GCC alias */ \
	X(RENAMED, "renamed")		/* keep: NAME.ltoguard.HASH, unique to its file */ \
	X(KEPT, "kept")			/* keep: a static kept under its name */ \
	X(NAME_KEPT, "name-kept")	/* keep: a static GCC promotes keeps its name */ \
	X(ORDERED, "ordered")		/* keep: a static table entry in link order */ \
	X(UNPROTECTED, "unprotected")	/* keep: too late for a static (warning) */ \
	X(SECTION_DROPPED, "section-dropped") /* fix: a declaration's section */ \
	X(NOINLINE, "noinline")		/* fix: never inlined */		\
	X(NO_SIBCALL, "no-sibcall")	/* fix: no sibling calls in it */	\
	X(FLATTEN_FILE, "flatten-file")	/* fix: flatten stays in its file */ \
	X(DISPATCH_TAIL_CALLS, "dispatch-tail-calls") /* perf */		\
	X(BUILTIN_EXPAND, "builtin-expand")	/* perf */			\
	X(CALLED_ONCE_CALL, "called-once-call")	/* perf */			\
	X(CROSS_FILE_CALL, "cross-file-call")	/* perf */

#define LG_REASONS(X)							\
	X(EXPORT, "export")		/* EXPORT_SYMBOL, _NS */		\
	X(EXPORT_GPL, "export-gpl")	/* EXPORT_SYMBOL_GPL, _NS_GPL */	\
	X(ASM, "asm")			/* named by toplevel or inline asm */	\
	X(ASM_LABEL, "asm-label")	/* defined by asm, called from C */	\
	X(ASM_LOCAL, "asm-local")	/* a local asm label another file has */ \
	X(BTF_ID, "btf-id")		/* named by a BTF_ID(func, ...) label */ \
	X(BY_NAME, "by-name")		/* kallsyms, ftrace, kprobes, BTF find it by name */ \
	X(SECTION, "section")		/* a table in an explicit section */	\
	X(KEEP_LIST, "keep-list")	/* -fplugin-arg-ltoguard-keep=FILE */	\
	X(SECTION_CONFLICT, "section-conflict") /* a conflict only -flto raises */ \
	X(STACK_ARGS, "stack-args")	/* stack-args=N */			\
	X(FLATTEN, "flatten")		/* flatten=file|program */		\
	X(DISPATCH, "dispatch")		/* dispatch=N */			\
	X(BUILTIN, "builtin")		/* builtins=constant|all|inline */	\
	X(CALLED_ONCE, "called-once")	/* called-once=N */			\
	X(CROSS_GROWTH, "cross-growth")	/* cross-growth=N */

#define LG_ACTION_ENUM(id, word) LG_ACT_##id,
#define LG_REASON_ENUM(id, word) LG_REASON_##id,
enum lg_action { LG_ACTIONS(LG_ACTION_ENUM) LG_ACTION_COUNT };
enum lg_reason { LG_REASONS(LG_REASON_ENUM) LG_REASON_COUNT };
#undef LG_ACTION_ENUM
#undef LG_REASON_ENUM

/* The word of an action or reason ("made-visible", "export"); NULL for a
 * value outside the list. */
const char *lg_action_name(enum lg_action action);
const char *lg_reason_name(enum lg_reason reason);

struct lg_decision {
	const char *symbol;	/* assembler name after the decision */
	const char *kind;	/* "function" or "variable" */
	enum lg_action action;
	enum lg_reason reason;
	const char *detail;	/* where the reference is, or why */
	const char *defined;	/* file:line of the definition */
};

struct lg_report;

struct lg_report *lg_report_new(void);
/* Copies every string of D. */
void lg_report_add(struct lg_report *r, const struct lg_decision *d);
size_t lg_report_count(const struct lg_report *r);
/*
 * Format all decisions, sorted and without duplicates, one line each:
 *   ltoguard<TAB>symbol<TAB>kind<TAB>action<TAB>reason<TAB>detail<TAB>defined
 * Returns a malloc'd NUL-terminated buffer; *LEN gets its length.
 */
char *lg_report_format(const struct lg_report *r, size_t *len);
/*
 * Append the formatted report to PATH with one write(2) under an exclusive
 * flock, so that parallel compilers never tear or lose a line.  Returns 0 or
 * an errno value.
 */
int lg_report_append(const struct lg_report *r, const char *path);
/* Open PATH for appending (creating it) and close it again: 0 or errno
 * (EINVAL for a FIFO or socket, EISDIR for a directory; lg_file_error
 * says it in words).  lg_report_append takes the same files. */
int lg_report_probe(const char *path);
void lg_report_free(struct lg_report *r);

/* ------------------------------------------------------------------ */
/* Small helpers: names.c                                              */
/* ------------------------------------------------------------------ */

/* Is C a character of a GNU as symbol name (after the first)? */
int lg_is_symchar(int c);
/* Could C start a GNU as symbol name? */
int lg_is_symstart(int c);
/* 32-bit FNV-1a of S, for suffixes that must not differ between runs. */
unsigned long lg_hash32(const char *s);

/*
 * Export tables of the kernel.  If SECTION is a section the kernel's
 * EXPORT_SYMBOL shapes write to, set *REASON to the kind of export it
 * records (EXPORT or EXPORT_GPL) and return 1; else return 0.
 */
int lg_export_section_kind(const char *section, enum lg_reason *reason);

/*
 * Does a definition in explicit section SECTION belong to a table that
 * only a linker script or __start_/__stop_ symbols walk?  See names.c.
 */
int lg_is_table_section(const char *section, int is_function);

#ifdef __cplusplus
}
#endif

#endif /* LTOGUARD_H */
