// SPDX-License-Identifier: GPL-2.0
/*
 * -fplugin-arg-ltoguard-KEY[=VALUE] parsing.  Plain C99, no GCC headers:
 * the plugin turns a returned message into a GCC error.
 */
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

/* =DEFAULT or =OTHER for a rule's mode: *OUT becomes 0 or 1; BAD is
 * the message for anything else. */
static const char *one_of(const char *value, const char *dflt, const char *other,
			  const char *bad, int *out)
{
	if (value && strcmp(value, dflt) == 0)
		*out = 0;
	else if (value && strcmp(value, other) == 0)
		*out = 1;
	else
		return bad;
	return NULL;
}

const char *lg_option_apply(struct lg_options *opts, const char *key,
			    const char *value)
{
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
	if (strcmp(key, "stack-args") == 0) {
		if ((bad = whole_number(value, LG_STACK_ARGS_MAX,
					"needs a whole number from 0 to 1000", &opts->stack_args)))
			return bad;
		opts->stack_args_given = 1;
		return NULL;
	}
	if (strcmp(key, "dispatch") == 0) {
		if ((bad = whole_number(value, LG_DISPATCH_MAX,
					"needs a whole number from 0 to 100000", &opts->dispatch)))
			return bad;
		opts->dispatch_given = 1;
		return NULL;
	}
	if (strcmp(key, "flatten") == 0)
		return one_of(value, "file", "program",
			      "needs a value: =file (the default) or =program",
			      &opts->flatten_program);
	if (strcmp(key, "builtins") == 0)
		return one_of(value, "expand", "inline",
			      "needs a value: =expand (the default) or =inline",
			      &opts->builtins_inline);
	return "is not an ltoguard argument (known: report=FILE, keep=FILE, "
	       "verbose, stack-args=N, flatten=file|program, dispatch=N, "
	       "builtins=expand|inline)";
}
