// SPDX-License-Identifier: GPL-2.0
/*
 * The report: sorted, deduplicated, one line per decision, and appended
 * whole by concurrent writers.
 */
#define _DEFAULT_SOURCE
#include "unit.h"
#include <sys/wait.h>
#include <unistd.h>

static void add(struct lg_report *r, const char *sym, const char *action)
{
	struct lg_decision d = { sym, "function", action, "asm",
				 "toplevel asm in a.c", "a.c:3" };

	lg_report_add(r, &d);
}

static void test_format_sorted_unique(void **state)
{
	struct lg_report *r = lg_report_new();
	size_t len;
	char *text;

	(void)state;
	add(r, "zeta", "kept");
	add(r, "alpha", "made-visible");
	add(r, "zeta", "kept");
	assert_int_equal(lg_report_count(r), 3);
	text = lg_report_format(r, &len);
	assert_string_equal(text,
		"ltoguard\talpha\tfunction\tmade-visible\tasm\ttoplevel asm in a.c\ta.c:3\n"
		"ltoguard\tzeta\tfunction\tkept\tasm\ttoplevel asm in a.c\ta.c:3\n");
	assert_int_equal(len, strlen(text));
	free(text);
	lg_report_free(r);
}

static void test_fields_cannot_break_lines(void **state)
{
	struct lg_report *r = lg_report_new();
	struct lg_decision d = { "s", "variable", "kept", "keep-list",
				 "odd\tfile\nname", NULL };
	size_t len;
	char *text;

	(void)state;
	lg_report_add(r, &d);
	text = lg_report_format(r, &len);
	assert_string_equal(text, "ltoguard\ts\tvariable\tkept\tkeep-list\todd file name\t-\n");
	free(text);
	lg_report_free(r);
}

/* 16 processes x 200 lines into one file: every line arrives whole. */
static void test_concurrent_append(void **state)
{
	char path[] = "/tmp/ltoguard-report-XXXXXX";
	int fd = mkstemp(path), i, status;
	size_t len;
	char *text, *line;
	int lines = 0;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	for (i = 0; i < 16; i++) {
		if (fork() == 0) {
			struct lg_report *r = lg_report_new();
			char name[64];
			int k;

			for (k = 0; k < 200; k++) {
				snprintf(name, sizeof(name),
					 "writer%02d_symbol_with_a_long_name_%03d", i, k);
				add(r, name, "made-visible");
			}
			_exit(lg_report_append(r, path) != 0);
		}
	}
	for (i = 0; i < 16; i++) {
		wait(&status);
		assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	text = lg_read_file(path, &len);
	assert_non_null(text);
	for (line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		assert_int_equal(strncmp(line, "ltoguard\twriter", 15), 0);
		assert_non_null(strstr(line, "\ta.c:3"));
		lines++;
	}
	assert_int_equal(lines, 16 * 200);
	free(text);
	unlink(path);
}

static void test_unwritable(void **state)
{
	struct lg_report *r = lg_report_new();

	(void)state;
	add(r, "x", "kept");
	assert_int_not_equal(lg_report_append(r, "/nonexistent-dir/report"), 0);
	assert_int_not_equal(lg_report_probe("/nonexistent-dir/report"), 0);
	lg_report_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format_sorted_unique),
		cmocka_unit_test(test_fields_cannot_break_lines),
		cmocka_unit_test(test_concurrent_append),
		cmocka_unit_test(test_unwritable),
	};

	return cmocka_run_group_tests_name("report", tests, NULL, NULL);
}
