// SPDX-License-Identifier: GPL-2.0
/* Keep-list parsing and file reading. */
#include "unit.h"
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

static char got[1024];

static void on_name(const char *name, unsigned line, void *ctx)
{
	size_t n = strlen(got);

	(void)ctx;
	snprintf(got + n, sizeof(got) - n, "%s%s:%u", n ? " " : "", name, line);
}

static const char *why;

static unsigned parse(const char *text)
{
	got[0] = 0;
	why = NULL;
	return lg_keep_parse(text, strlen(text), on_name, NULL, &why);
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
	assert_string_equal(why, "is not one symbol name");
	assert_int_equal(parse("9starts_with_digit"), 1);
	assert_int_equal(parse("a\nb\nsemi;colon"), 3);
	assert_int_equal(lg_keep_parse("a\0b", 3, on_name, NULL, &why), 1);
	assert_string_equal(why, "has a NUL byte");
	assert_int_equal(lg_keep_parse("a\0b", 3, on_name, NULL, NULL), 1);
}

/* A name of LG_KEEP_NAME_MAX characters is one; a longer one says so. */
static void test_long_names(void **state)
{
	char text[LG_KEEP_NAME_MAX + 8];

	(void)state;
	memset(text, 'x', LG_KEEP_NAME_MAX);
	strcpy(text + LG_KEEP_NAME_MAX, "\n");
	assert_int_equal(parse(text), 0);
	memset(text, 'x', LG_KEEP_NAME_MAX + 1);
	strcpy(text + LG_KEEP_NAME_MAX + 1, "\n");
	assert_int_equal(parse(text), 1);
	assert_string_equal(why, "has a name longer than 4095 characters");
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
	text = lg_read_file(path, 4, &len);
	assert_non_null(text);
	assert_int_equal(len, 4);
	assert_string_equal(text, "x\ny\n");
	free(text);
	errno = 0;
	assert_null(lg_read_file(path, 3, &len));	/* one byte over */
	assert_int_equal(errno, EFBIG);
	unlink(path);
	errno = 0;
	assert_null(lg_read_file(path, 100, &len));
	assert_int_equal(errno, ENOENT);
	assert_null(lg_read_file("/", 100, &len));
	assert_int_equal(errno, EISDIR);
}

/* An endless file stops at the limit; a FIFO is refused, not waited on;
 * an empty file is an empty list. */
static void test_read_limits(void **state)
{
	char dir[] = "/tmp/ltoguard-fifo-XXXXXX", fifo[64];
	size_t len = 1;
	char *text;

	(void)state;
	errno = 0;
	assert_null(lg_read_file("/dev/zero", 100000, &len));
	assert_int_equal(errno, EFBIG);
	assert_non_null(mkdtemp(dir));
	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	errno = 0;
	assert_null(lg_read_file(fifo, 100, &len));
	assert_int_equal(errno, EINVAL);
	assert_string_equal(lg_file_error(EINVAL), "not a regular file");
	unlink(fifo);
	rmdir(dir);
	text = lg_read_file("/dev/null", 100, &len);
	assert_non_null(text);
	assert_int_equal(len, 0);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_and_comments),
		cmocka_unit_test(test_bad_lines),
		cmocka_unit_test(test_long_names),
		cmocka_unit_test(test_read_file),
		cmocka_unit_test(test_read_limits),
	};

	return cmocka_run_group_tests_name("keeplist", tests, NULL, NULL);
}
