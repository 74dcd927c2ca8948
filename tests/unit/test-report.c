// SPDX-License-Identifier: GPL-2.0
/*
 * The report: sorted, deduplicated, one line per decision, and appended
 * whole by concurrent writers.
 */
#define _DEFAULT_SOURCE
#include "unit.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void add(struct lg_report *r, const char *sym, enum lg_action action)
{
	struct lg_decision d = { sym, "function", action, LG_REASON_ASM,
				 "toplevel asm in a.c", "a.c:3" };

	lg_report_add(r, &d);
}

static void test_format_sorted_unique(void **state)
{
	struct lg_report *r = lg_report_new();
	size_t len;
	char *text;

	(void)state;
	add(r, "zeta", LG_ACT_KEPT);
	add(r, "alpha", LG_ACT_MADE_VISIBLE);
	add(r, "zeta", LG_ACT_KEPT);
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
	struct lg_decision d = { "s", "variable", LG_ACT_KEPT, LG_REASON_KEEP_LIST,
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
				add(r, name, LG_ACT_MADE_VISIBLE);
			}
			_exit(lg_report_append(r, path) != 0);
		}
	}
	for (i = 0; i < 16; i++) {
		wait(&status);
		assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	text = lg_read_file(path, 1u << 20, &len);
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
	add(r, "x", LG_ACT_KEPT);
	assert_int_not_equal(lg_report_append(r, "/nonexistent-dir/report"), 0);
	assert_int_not_equal(lg_report_probe("/nonexistent-dir/report"), 0);
	lg_report_free(r);
}

/* A FIFO, with or without a reader, is refused at once, never waited
 * on; a directory is refused; /dev/null takes a report. */
static void test_report_not_a_file(void **state)
{
	char dir[] = "/tmp/ltoguard-report-XXXXXX", fifo[64];
	struct lg_report *r = lg_report_new();
	int reader;

	(void)state;
	add(r, "x", LG_ACT_KEPT);
	assert_non_null(mkdtemp(dir));
	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(lg_report_probe(fifo), EINVAL);
	assert_int_equal(lg_report_append(r, fifo), EINVAL);
	reader = open(fifo, O_RDONLY | O_NONBLOCK);
	assert_true(reader >= 0);
	assert_int_equal(lg_report_probe(fifo), EINVAL);
	close(reader);
	unlink(fifo);
	assert_int_equal(lg_report_probe(dir), EISDIR);
	rmdir(dir);
	assert_int_equal(lg_report_probe("/dev/null"), 0);
	assert_int_equal(lg_report_append(r, "/dev/null"), 0);
	lg_report_free(r);
}

/* Every action and reason has a word of its own: lowercase letters and
 * dashes, no two alike, none outside the list. */
static void check_words(const char *(*name)(int), int count)
{
	int i, j;

	for (i = 0; i < count; i++) {
		const char *w = name(i);

		assert_non_null(w);
		assert_true(*w && strspn(w, "abcdefghijklmnopqrstuvwxyz-") == strlen(w));
		for (j = 0; j < i; j++)
			assert_string_not_equal(w, name(j));
	}
	assert_null(name(count));
	assert_null(name(-1));
}

static const char *action_word(int i)
{
	return lg_action_name((enum lg_action)i);
}

static const char *reason_word(int i)
{
	return lg_reason_name((enum lg_reason)i);
}

static void test_vocabulary_words(void **state)
{
	(void)state;
	check_words(action_word, LG_ACTION_COUNT);
	check_words(reason_word, LG_REASON_COUNT);
	assert_string_equal(lg_action_name(LG_ACT_MADE_VISIBLE), "made-visible");
	assert_string_equal(lg_reason_name(LG_REASON_EXPORT_GPL), "export-gpl");
}

/*
 * The words README.md's "## Report" section lists in the first column of
 * its table headed "| TABLE |" (action or reason), in backquotes, one
 * row each: appended to WORDS, which has room for MAX.  Returns how many.
 */
static int readme_words(const char *readme, const char *table, char words[][32], int max)
{
	const char *p = strstr(readme, "\n## Report\n"), *end;
	char header[32];
	int in_table = 0, n = 0;

	assert_non_null(p);
	end = strstr(p + 1, "\n## ");
	if (!end)
		end = p + strlen(p);
	snprintf(header, sizeof(header), "| %s |", table);
	for (p = strchr(p + 1, '\n') + 1; p < end; p = strchr(p, '\n') + 1) {
		const char *w, *q;

		if (*p != '|')
			in_table = 0;
		else if (strncmp(p, header, strlen(header)) == 0)
			in_table = 1;
		else if (in_table && strncmp(p, "| `", 3) == 0) {
			w = p + 3;
			q = strchr(w, '`');
			assert_non_null(q);
			assert_true(q - w < 32 && n < max);
			memcpy(words[n], w, q - w);
			words[n++][q - w] = 0;
		}
	}
	return n;
}

/* README's list of TABLE words is the code's: each word once, no other. */
static void check_readme(const char *readme, const char *table,
			 const char *(*name)(int), int count)
{
	char words[64][32];
	int n = readme_words(readme, table, words, 64), i, j, found;

	for (i = 0; i < n; i++) {
		for (found = 0, j = 0; j < count; j++)
			found += strcmp(words[i], name(j)) == 0;
		if (found != 1)
			fail_msg("README.md's %s `%s` is not one of the code's", table, words[i]);
	}
	for (j = 0; j < count; j++) {
		for (found = 0, i = 0; i < n; i++)
			found += strcmp(words[i], name(j)) == 0;
		if (found != 1)
			fail_msg("the code's %s `%s` is listed %d times in README.md", table,
				 name(j), found);
	}
	assert_int_equal(n, count);
}

static void test_readme_vocabulary(void **state)
{
	size_t len;
	char *readme = lg_read_file(LG_README, 1u << 20, &len);

	(void)state;
	assert_non_null(readme);
	check_readme(readme, "action", action_word, LG_ACTION_COUNT);
	check_readme(readme, "reason", reason_word, LG_REASON_COUNT);
	free(readme);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format_sorted_unique),
		cmocka_unit_test(test_fields_cannot_break_lines),
		cmocka_unit_test(test_concurrent_append),
		cmocka_unit_test(test_unwritable),
		cmocka_unit_test(test_report_not_a_file),
		cmocka_unit_test(test_vocabulary_words),
		cmocka_unit_test(test_readme_vocabulary),
	};

	return cmocka_run_group_tests_name("report", tests, NULL, NULL);
}
