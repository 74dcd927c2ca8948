// SPDX-License-Identifier: GPL-2.0
/*
 * -fplugin-arg-ltoguard-KEY[=VALUE] parsing.  Plain C99, no GCC headers:
 * the plugin turns a returned message into a GCC error.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ltoguard.h"

const struct lg_argument lg_arguments[] = {
	{ "report", "FILE", "append one line per decision to FILE" },
	{ "keep", "FILE", "keep the symbols FILE names, one a line (repeatable)" },
	{ "verbose", "", "a note at each decision" },
	{ "stack-args", "N", "noinline for N+ stack argument words (default 4 on 32-bit, 0 = off)" },
	{ "flatten", "file|program", "how far attribute flatten reaches under LTO (default file)" },
	{ "dispatch", "N", "a switch of tail calls to N+ other files' functions keeps them (16)" },
	{ "builtins", "constant|all|inline", "which builtin calls the program defines stay builtin (constant)" },
	{ "called-once", "N", "calls its file kept, to a function of N+ insns, stay calls (100)" },
	{ "cross-growth", "N", "calls across files growing their caller by N+ insns stay calls (6)" },
};
const size_t lg_argument_count = sizeof(lg_arguments) / sizeof(lg_arguments[0]);

/* "-fplugin-arg-ltoguard-KEY[=VALUE]" of A into BUF (SIZE bytes) */
static void spell(char *buf, size_t size, const struct lg_argument *a)
{
	snprintf(buf, size, "-fplugin-arg-ltoguard-%s%s%s", a->key, *a->value ? "=" : "", a->value);
}

const char *lg_help_text(void)
{
	static char text[2048];
	size_t i, n;

	if (*text)
		return text;
	n = (size_t)snprintf(text, sizeof(text),
			     "keeps export-, asm- and section-referenced symbols through LTO\n");
	for (i = 0; i < lg_argument_count && n < sizeof(text); i++) {
		char arg[96];

		spell(arg, sizeof(arg), &lg_arguments[i]);
		n += (size_t)snprintf(text + n, sizeof(text) - n, "  %s\n      %s\n", arg,
				      lg_arguments[i].help);
	}
	return text;
}

static const char *need_value(const char *value)
{
	if (!value)
		return "needs a value (=FILE)";
	if (!*value)
		return "has an empty value";
	return NULL;
}

/* =N for a rule's threshold: 0 to MAX, digits only; RANGE is the
 * message for anything else. */
static const char *whole_number(const char *value, long max, const char *range, int *out)
{
	char *end;
	long n;

	if (!value || !*value)
		return "needs a value (=N, 0 turns the rule off)";
	if (value[0] < '0' || value[0] > '9')
		return range;
	n = strtol(value, &end, 10);
	if (*end || n > max)
		return range;
	*out = (int)n;
	return NULL;
}

/* =NAMES[i] for a rule's mode (NAMES NULL-terminated, the default
 * first): *OUT becomes i; BAD is the message for anything else. */
static const char *one_of(const char *value, const char *const names[],
			  const char *bad, int *out)
{
	int i;

	for (i = 0; value && names[i]; i++) {
		if (strcmp(value, names[i]) == 0) {
			*out = i;
			return NULL;
		}
	}
	return bad;
}

static const char *const flatten_modes[] = { "file", "program", NULL };
/* in the order of enum lg_builtins_mode */
static const char *const builtins_modes[] = { "constant", "all", "inline", NULL };

/* The rules' thresholds, =N each: the value and its _given flag. */
struct threshold {
	const char *key;
	long max;
	const char *range;	/* whole_number's message */
	size_t value, given;	/* offsets in struct lg_options */
};

#define THRESHOLD(key, max, range, member) \
	{ key, max, range, offsetof(struct lg_options, member), \
	  offsetof(struct lg_options, member##_given) }

static const struct threshold thresholds[] = {
	THRESHOLD("stack-args", LG_STACK_ARGS_MAX, "needs a whole number from 0 to 1000", stack_args),
	THRESHOLD("dispatch", LG_DISPATCH_MAX, "needs a whole number from 0 to 100000", dispatch),
	THRESHOLD("called-once", LG_CALLED_ONCE_MAX, "needs a whole number from 0 to 1000000",
		  called_once),
	THRESHOLD("cross-growth", LG_CROSS_GROWTH_MAX, "needs a whole number from 0 to 1000000",
		  cross_growth),
};

static int *field(struct lg_options *opts, size_t offset)
{
	return (int *)((char *)opts + offset);
}

/* The message for an unknown argument, which names the known ones. */
static const char *unknown_argument(void)
{
	static char text[512];
	size_t i, n;

	if (*text)
		return text;
	n = (size_t)snprintf(text, sizeof(text), "is not an ltoguard argument (known:");
	for (i = 0; i < lg_argument_count && n < sizeof(text); i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%s %s%s%s", i ? "," : "",
				      lg_arguments[i].key, *lg_arguments[i].value ? "=" : "",
				      lg_arguments[i].value);
	if (n < sizeof(text))
		snprintf(text + n, sizeof(text) - n, ")");
	return text;
}

const char *lg_option_apply(struct lg_options *opts, const char *key,
			    const char *value)
{
	const struct threshold *t;
	const char *bad;

	if (strcmp(key, "report") == 0) {
		if ((bad = need_value(value)))
			return bad;
		if (opts->report)
			return "given twice";
		opts->report = value;
		return NULL;
	}
	if (strcmp(key, "keep") == 0) {
		if ((bad = need_value(value)))
			return bad;
		if (opts->nkeep == LG_MAX_KEEP_FILES)
			return "given more than 16 times";
		opts->keep[opts->nkeep++] = value;
		return NULL;
	}
	if (strcmp(key, "verbose") == 0) {
		if (value)
			return "takes no value";
		opts->verbose = 1;
		return NULL;
	}
	for (t = thresholds; t < thresholds + sizeof(thresholds) / sizeof(thresholds[0]); t++) {
		if (strcmp(key, t->key) != 0)
			continue;
		if ((bad = whole_number(value, t->max, t->range, field(opts, t->value))))
			return bad;
		*field(opts, t->given) = 1;
		return NULL;
	}
	if (strcmp(key, "flatten") == 0)
		return one_of(value, flatten_modes,
			      "needs a value: =file (the default) or =program",
			      &opts->flatten_program);
	if (strcmp(key, "builtins") == 0)
		return one_of(value, builtins_modes,
			      "needs a value: =constant (the default), =all or =inline",
			      &opts->builtins);
	return unknown_argument();
}
