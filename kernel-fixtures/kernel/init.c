// SPDX-License-Identifier: GPL-2.0
/*
 * /init of the kernel tests' initramfs: set up the function tracer on
 * ktime_get if the kernel has tracefs, load the test module (which calls
 * ktime_get, an exported function and so out of line in an LTO vmlinux
 * too), print the calls the tracer recorded from the module, time 100k getppid calls,
 * print the pass marker and reboot, which QEMU -no-reboot turns into an
 * exit (tinyconfig has no ACPI to power off with).  Under QEMU
 * -icount shift=0 the getppid time counts guest instructions.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_TRUNC);
	int ok = fd >= 0 && write(fd, text, strlen(text)) == (ssize_t)strlen(text);

	if (fd >= 0)
		close(fd);
	if (!ok)
		printf("ltoguard-init: cannot write '%s' to %s\n", text, path);
	return ok;
}

/* The function tracer, filtered to ktime_get; 0 if there is none. */
static int start_tracer(void)
{
	mkdir("/tracing", 0755);
	if (mount("nodev", "/tracing", "tracefs", 0, NULL) != 0) {
		printf("ltoguard-init: no tracefs\n");
		return 0;
	}
	return write_file("/tracing/set_ftrace_filter", "ktime_get\n") &&
	       write_file("/tracing/current_tracer", "function\n");
}

/* The trace's calls from the test module, prefixed for the log. */
static void print_trace(void)
{
	char line[512];
	FILE *f;

	write_file("/tracing/tracing_on", "0\n");
	f = fopen("/tracing/trace", "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (line[0] != '#' && strstr(line, "<-ltoguard_test_init"))
			printf("ltoguard-init: trace: %s", line);
	fclose(f);
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* Median of 5 runs of 100k getppid system calls. */
static void time_getppid(void)
{
	long long t[5];
	int r, i;

	for (r = 0; r < 5; r++) {
		long long t0 = now_ns();

		for (i = 0; i < 100000; i++)
			syscall(SYS_getppid);
		t[r] = now_ns() - t0;
	}
	qsort(t, 5, sizeof(t[0]), cmp_ll);
	printf("ltoguard-init: getppid x100000: %lld ns (median of 5, min %lld, max %lld)\n",
	       t[2], t[0], t[4]);
}

/*
 * BTF the kernel serves (CONFIG_DEBUG_INFO_BTF): /sys/kernel/btf/vmlinux,
 * the .BTF section the kernel was linked with, and with
 * DEBUG_INFO_BTF_MODULES /sys/kernel/btf/ltoguard_test, the test module's
 * .BTF, which is there only if the kernel validated it against its own
 * (kernel/bpf/btf.c btf_module_notify; with MODULE_ALLOW_BTF_MISMATCH a
 * module whose BTF fails still loads).  Each as "WHAT SIZE CRC32", the
 * CRC-32 gzip's trailer has, which the host compares with the file's
 * .BTF; nothing for a file that is not there.
 */
static void print_btf(const char *what, const char *path)
{
	unsigned long crc = 0xffffffffUL, size = 0;
	unsigned char buf[4096];
	ssize_t n, i;
	int fd, bit;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return;
	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		for (i = 0; i < n; i++) {
			crc ^= buf[i];
			for (bit = 0; bit < 8; bit++)
				crc = (crc >> 1) ^ (0xedb88320UL & -(crc & 1));
		}
		size += (unsigned long)n;
	}
	close(fd);
	printf("ltoguard-init: %s %lu %08lx\n", what, size, crc ^ 0xffffffffUL);
}

int main(void)
{
	int tracing = start_tracer();
	int fd = open("/ltoguard_test.ko", O_RDONLY);
	long rc = fd < 0 ? -1 : syscall(SYS_finit_module, fd, "", 0);

	printf("ltoguard-init: finit_module rc=%ld errno=%d\n", rc, rc ? errno : 0);
	if (tracing)
		print_trace();
	time_getppid();
	mkdir("/sys", 0755);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	print_btf("btf", "/sys/kernel/btf/vmlinux");
	print_btf("module-btf", "/sys/kernel/btf/ltoguard_test");
	if (rc == 0)
		printf("LTOGUARD-KERNEL-PASS\n");
	fflush(stdout);
	sync();
	reboot(RB_AUTOBOOT);
	return 0;
}
