// SPDX-License-Identifier: GPL-2.0
/*
 * -fplugin-arg-ltoguard-KEY[=VALUE] parsing.  Plain C99, no GCC headers:
 * the plugin turns a returned message into a GCC error.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "ltoguard.h"

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
	return "is not an ltoguard argument (known: report=FILE, keep=FILE, "
	       "verbose, stack-args=N, flatten=file|program, dispatch=N, "
	       "builtins=constant|all|inline, called-once=N, cross-growth=N)";
}
