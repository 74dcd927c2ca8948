// SPDX-License-Identifier: GPL-2.0
/*
 * The decision report (-fplugin-arg-ltoguard-report=FILE).
 *
 * One line per decision, tab-separated, sorted, so the same input gives
 * the same bytes.  Under make -j dozens of compilers append to one file:
 * each writes its whole block with O_APPEND under an exclusive flock(2),
 * so no line is torn, interleaved or lost (a plain O_APPEND write could
 * still be split by a signal or a short write on a full disk).
 * Plain C99 plus POSIX, no GCC headers.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ltoguard.h"

#define NFIELDS 6

struct lg_report {
	char *(*rows)[NFIELDS];
	size_t n, cap;
};

#define LG_WORD(id, word) word,
static const char *const action_words[] = { LG_ACTIONS(LG_WORD) };
static const char *const reason_words[] = { LG_REASONS(LG_WORD) };
#undef LG_WORD

const char *lg_action_name(enum lg_action action)
{
	return (unsigned)action < LG_ACTION_COUNT ? action_words[action] : NULL;
}

const char *lg_reason_name(enum lg_reason reason)
{
	return (unsigned)reason < LG_REASON_COUNT ? reason_words[reason] : NULL;
}

struct lg_report *lg_report_new(void)
{
	return calloc(1, sizeof(struct lg_report));
}

/* A copy of S with tabs and newlines made blanks: one field, one line. */
static char *field_dup(const char *s)
{
	char *d, *p;

	d = strdup(s ? s : "-");
	if (!d)
		abort();
	for (p = d; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
	return d;
}

void lg_report_add(struct lg_report *r, const struct lg_decision *d)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 32;
		void *rows = realloc(r->rows, cap * sizeof(*r->rows));

		if (!rows)
			abort();
		r->rows = rows;
		r->cap = cap;
	}
	r->rows[r->n][0] = field_dup(d->symbol);
	r->rows[r->n][1] = field_dup(d->kind);
	r->rows[r->n][2] = field_dup(lg_action_name(d->action));
	r->rows[r->n][3] = field_dup(lg_reason_name(d->reason));
	r->rows[r->n][4] = field_dup(d->detail);
	r->rows[r->n][5] = field_dup(d->defined);
	r->n++;
}

size_t lg_report_count(const struct lg_report *r)
{
	return r->n;
}

static int row_cmp(const void *a, const void *b)
{
	char *const *x = a, *const *y = b;
	int i, c;

	for (i = 0; i < NFIELDS; i++)
		if ((c = strcmp(x[i], y[i])) != 0)
			return c;
	return 0;
}

char *lg_report_format(const struct lg_report *r, size_t *len)
{
	size_t i, size = 1, n = 0;
	char *buf;
	int f;

	qsort(r->rows, r->n, sizeof(*r->rows), row_cmp);
	for (i = 0; i < r->n; i++)
		for (f = 0; f < NFIELDS; f++)
			size += strlen(r->rows[i][f]) + 1;
	size += r->n * sizeof("ltoguard\t");
	buf = malloc(size);
	if (!buf)
		abort();
	for (i = 0; i < r->n; i++) {
		if (i && row_cmp(r->rows[i - 1], r->rows[i]) == 0)
			continue;
		memcpy(buf + n, "ltoguard", 8);
		n += 8;
		for (f = 0; f < NFIELDS; f++) {
			size_t l = strlen(r->rows[i][f]);

			buf[n++] = '\t';
			memcpy(buf + n, r->rows[i][f], l);
			n += l;
		}
		buf[n++] = '\n';
	}
	buf[n] = 0;
	*len = n;
	return buf;
}

static int write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t w = write(fd, buf, len);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return errno;
		}
		buf += w;
		len -= (size_t)w;
	}
	return 0;
}

/* Is MODE a file a report may go to: a regular file, or a character
 * device such as /dev/null?  A FIFO or a socket could keep every
 * compiler of the build waiting for its reader. */
static int report_errno(mode_t mode)
{
	if (S_ISREG(mode) || S_ISCHR(mode))
		return 0;
	return S_ISDIR(mode) ? EISDIR : EINVAL;
}

/* PATH opened to append to (created if need be), or -1 with errno set;
 * never waits on a FIFO. */
static int open_report(const char *path)
{
	struct stat st;
	int fd, err;

	if (stat(path, &st) == 0 && (err = report_errno(st.st_mode))) {
		errno = err;
		return -1;
	}
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0666);
	if (fd < 0)
		return -1;
	err = fstat(fd, &st) < 0 ? errno : report_errno(st.st_mode);
	if (err) {
		close(fd);
		errno = err;
		return -1;
	}
	return fd;
}

int lg_report_append(const struct lg_report *r, const char *path)
{
	size_t len;
	char *buf;
	int fd, err;

	if (r->n == 0)
		return 0;
	buf = lg_report_format(r, &len);
	fd = open_report(path);
	if (fd < 0) {
		err = errno;
		free(buf);
		return err;
	}
	while (flock(fd, LOCK_EX) < 0)
		if (errno != EINTR) {
			err = errno;
			goto out;
		}
	err = write_all(fd, buf, len);
	flock(fd, LOCK_UN);
out:
	if (close(fd) < 0 && !err)
		err = errno;
	free(buf);
	return err;
}

int lg_report_probe(const char *path)
{
	int fd = open_report(path);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

void lg_report_free(struct lg_report *r)
{
	size_t i;
	int f;

	if (!r)
		return;
	for (i = 0; i < r->n; i++)
		for (f = 0; f < NFIELDS; f++)
			free(r->rows[i][f]);
	free(r->rows);
	free(r);
}
