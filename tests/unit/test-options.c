// SPDX-License-Identifier: GPL-2.0
/* -fplugin-arg-ltoguard-KEY[=VALUE] parsing. */
#include "unit.h"

static void test_known(void **state)
{
	struct lg_options o;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_null(lg_option_apply(&o, "report", "r.txt"));
	assert_null(lg_option_apply(&o, "keep", "k1"));
	assert_null(lg_option_apply(&o, "keep", "k2"));
	assert_null(lg_option_apply(&o, "verbose", NULL));
	assert_string_equal(o.report, "r.txt");
	assert_int_equal(o.nkeep, 2);
	assert_string_equal(o.keep[1], "k2");
	assert_int_equal(o.verbose, 1);
}

/* Every argument of the table (--help's, README's, the man page's) is
 * one lg_option_apply takes with a value of its syntax, and the message
 * for an unknown one and the help name each. */
static void test_argument_table(void **state)
{
	const char *unknown;
	size_t i;

	(void)state;
	unknown = lg_option_apply(&(struct lg_options){ 0 }, "bogus", NULL);
	for (i = 0; i < lg_argument_count; i++) {
		const struct lg_argument *a = &lg_arguments[i];
		struct lg_options o = { 0 };
		char value[64], spelled[96];

		/* FILE, N or the first of a|b|c */
		snprintf(value, sizeof(value), "%s", a->value);
		value[strcspn(value, "|")] = 0;
		if (strcmp(value, "FILE") == 0)
			strcpy(value, "/dev/null");
		else if (strcmp(value, "N") == 0)
			strcpy(value, "1");
		assert_null(lg_option_apply(&o, a->key, *a->value ? value : NULL));
		snprintf(spelled, sizeof(spelled), "-fplugin-arg-ltoguard-%s%s%s\n", a->key,
			 *a->value ? "=" : "", a->value);
		assert_non_null(strstr(lg_help_text(), spelled));
		snprintf(spelled, sizeof(spelled), " %s%s%s", a->key, *a->value ? "=" : "", a->value);
		assert_non_null(strstr(unknown, spelled));
		assert_true(strlen(a->help) > 0 && strlen(a->help) < 72);
	}
	/* the keys lg_option_apply knows: report, keep, verbose, the four
	 * thresholds, flatten, builtins */
	assert_int_equal(lg_argument_count, 9);
}

static void test_errors(void **state)
{
	struct lg_options o;
	int i;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_non_null(strstr(lg_option_apply(&o, "repot", "x"), "not an ltoguard argument"));
	assert_non_null(strstr(lg_option_apply(&o, "report", NULL), "needs a value"));
	assert_non_null(strstr(lg_option_apply(&o, "keep", ""), "empty"));
	assert_non_null(strstr(lg_option_apply(&o, "verbose", "1"), "no value"));
	assert_null(lg_option_apply(&o, "report", "a"));
	assert_non_null(strstr(lg_option_apply(&o, "report", "b"), "twice"));
	for (i = 0; i < LG_MAX_KEEP_FILES; i++)
		assert_null(lg_option_apply(&o, "keep", "k"));
	assert_non_null(lg_option_apply(&o, "keep", "k"));
	assert_non_null(strstr(lg_option_apply(&o, "stack-args", NULL), "needs a value"));
	assert_non_null(strstr(lg_option_apply(&o, "stack-args", "x"), "whole number"));
	assert_non_null(strstr(lg_option_apply(&o, "stack-args", "-1"), "whole number"));
	assert_non_null(strstr(lg_option_apply(&o, "stack-args", "4x"), "whole number"));
	assert_non_null(strstr(lg_option_apply(&o, "stack-args", "1001"), "whole number"));
	assert_int_equal(o.stack_args_given, 0);
}

static void test_stack_args(void **state)
{
	struct lg_options o;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_null(lg_option_apply(&o, "stack-args", "0"));
	assert_int_equal(o.stack_args, 0);
	assert_int_equal(o.stack_args_given, 1);
	assert_null(lg_option_apply(&o, "stack-args", "7"));
	assert_int_equal(o.stack_args, 7);
}

static void test_flatten(void **state)
{
	struct lg_options o;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_int_equal(o.flatten_program, 0);
	assert_null(lg_option_apply(&o, "flatten", "program"));
	assert_int_equal(o.flatten_program, 1);
	assert_null(lg_option_apply(&o, "flatten", "file"));
	assert_int_equal(o.flatten_program, 0);
	assert_non_null(strstr(lg_option_apply(&o, "flatten", NULL), "=file"));
	assert_non_null(strstr(lg_option_apply(&o, "flatten", "all"), "=program"));
	assert_non_null(strstr(lg_option_apply(&o, "nosuch", NULL), "flatten=file|program"));
}

static void test_builtins(void **state)
{
	struct lg_options o;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_int_equal(o.builtins, LG_BUILTINS_CONSTANT);
	assert_null(lg_option_apply(&o, "builtins", "inline"));
	assert_int_equal(o.builtins, LG_BUILTINS_INLINE);
	assert_null(lg_option_apply(&o, "builtins", "all"));
	assert_int_equal(o.builtins, LG_BUILTINS_ALL);
	assert_null(lg_option_apply(&o, "builtins", "constant"));
	assert_int_equal(o.builtins, LG_BUILTINS_CONSTANT);
	assert_non_null(strstr(lg_option_apply(&o, "builtins", NULL), "=constant"));
	assert_non_null(strstr(lg_option_apply(&o, "builtins", "expand"), "=inline"));
	assert_non_null(strstr(lg_option_apply(&o, "builtins", ""), "=all"));
	assert_non_null(strstr(lg_option_apply(&o, "nosuch", NULL), "builtins=constant|all|inline"));
}

/* One =N rule threshold: unset until given; "0" (off) and OK are taken;
 * OVER is refused as outside RANGE and each of BAD (NULL-ended) as no
 * whole number, leaving the value at OK; the list of known arguments
 * names NAME=N.  VALUE and GIVEN are offsets in struct lg_options. */
struct threshold_case {
	const char *name;
	size_t value, given;
	const char *ok;
	int ok_value;
	const char *over, *range;
	const char *bad[4];
};

static void check_threshold(const struct threshold_case *c)
{
	struct lg_options o;
	const int *value = (const int *)((const char *)&o + c->value);
	const int *given = (const int *)((const char *)&o + c->given);
	char known[64];
	int i;

	memset(&o, 0, sizeof(o));
	assert_int_equal(*given, 0);
	assert_null(lg_option_apply(&o, c->name, "0"));
	assert_int_equal(*value, 0);
	assert_int_equal(*given, 1);
	assert_null(lg_option_apply(&o, c->name, c->ok));
	assert_int_equal(*value, c->ok_value);
	assert_non_null(strstr(lg_option_apply(&o, c->name, NULL), "0 turns the rule off"));
	assert_non_null(strstr(lg_option_apply(&o, c->name, c->over), c->range));
	for (i = 0; c->bad[i]; i++)
		assert_non_null(strstr(lg_option_apply(&o, c->name, c->bad[i]), "whole number"));
	assert_int_equal(*value, c->ok_value);
	snprintf(known, sizeof(known), "%s=N", c->name);
	assert_non_null(strstr(lg_option_apply(&o, "nosuch", NULL), known));
}

static void test_dispatch(void **state)
{
	static const struct threshold_case c = {
		"dispatch", offsetof(struct lg_options, dispatch),
		offsetof(struct lg_options, dispatch_given), "100000", 100000,
		"100001", "0 to 100000", { "-1", "16k", "99999999999999999999", NULL },
	};

	(void)state;
	check_threshold(&c);
}

static void test_called_once(void **state)
{
	static const struct threshold_case c = {
		"called-once", offsetof(struct lg_options, called_once),
		offsetof(struct lg_options, called_once_given), "1000000", 1000000,
		"1000001", "0 to 1000000", { "-5", "40 ", NULL },
	};

	(void)state;
	check_threshold(&c);
}

static void test_cross_growth(void **state)
{
	static const struct threshold_case c = {
		"cross-growth", offsetof(struct lg_options, cross_growth),
		offsetof(struct lg_options, cross_growth_given), "8", 8,
		"1000001", "0 to 1000000", { "-1", "8x", NULL },
	};

	(void)state;
	check_threshold(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known),
		cmocka_unit_test(test_argument_table),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_stack_args),
		cmocka_unit_test(test_flatten),
		cmocka_unit_test(test_dispatch),
		cmocka_unit_test(test_builtins),
		cmocka_unit_test(test_called_once),
		cmocka_unit_test(test_cross_growth),
	};

	return cmocka_run_group_tests_name("options", tests, NULL, NULL);
}
