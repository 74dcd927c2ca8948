// SPDX-License-Identifier: GPL-2.0
/* Keep-list parsing and file reading. */
#include "unit.h"
#include <errno.h>
#include <unistd.h>

static char got[1024];

static void on_name(const char *name, unsigned line, void *ctx)
{
	size_t n = strlen(got);

	(void)ctx;
	snprintf(got + n, sizeof(got) - n, "%s%s:%u", n ? " " : "", name, line);
}

static unsigned parse(const char *text)
{
	got[0] = 0;
	return lg_keep_parse(text, strlen(text), on_name, NULL);
}

static void test_names_and_comments(void **state)
{
	(void)state;
	assert_int_equal(parse("# header\njiffies_64\n\n  spaced  \t\n"
			       "with_comment # why\nlast"), 0);
	assert_string_equal(got, "jiffies_64:2 spaced:4 with_comment:5 last:6");
	assert_int_equal(parse("dotted.name.lto_priv\r\n"), 0);
	assert_string_equal(got, "dotted.name.lto_priv:1");
	assert_int_equal(parse(""), 0);
	assert_string_equal(got, "");
}

static void test_bad_lines(void **state)
{
	(void)state;
	assert_int_equal(parse("ok\ntwo words\n"), 2);
	assert_int_equal(parse("9starts_with_digit"), 1);
	assert_int_equal(parse("a\nb\nsemi;colon"), 3);
	assert_int_equal(lg_keep_parse("a\0b", 3, on_name, NULL), 1);
}

static void test_read_file(void **state)
{
	char path[] = "/tmp/ltoguard-keep-XXXXXX";
	int fd = mkstemp(path);
	size_t len = 0;
	char *text;

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "x\ny\n", 4), 4);
	close(fd);
	text = lg_read_file(path, &len);
	assert_non_null(text);
	assert_int_equal(len, 4);
	assert_string_equal(text, "x\ny\n");
	free(text);
	unlink(path);
	errno = 0;
	assert_null(lg_read_file(path, &len));
	assert_int_equal(errno, ENOENT);
	assert_null(lg_read_file("/", &len));	/* a directory */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_and_comments),
		cmocka_unit_test(test_bad_lines),
		cmocka_unit_test(test_read_file),
	};

	return cmocka_run_group_tests_name("keeplist", tests, NULL, NULL);
}
