// SPDX-License-Identifier: GPL-2.0
/*
 * /init of make bench's initramfs: guest-side kernel benchmarks.  Each
 * test runs once to warm up and then RUNS times; the median, minimum
 * and maximum are printed in nanoseconds of guest time.  Under QEMU
 * -icount shift=0 one nanosecond of guest time is one guest
 * instruction, so these are instruction counts of the kernel paths
 * (plus the few user instructions of each loop, the same in both
 * kernels).
 *
 *   getppid    null system call loop
 *   pipe       ping-pong of one byte between two processes over pipes
 *   fork       fork + _exit + waitpid
 *   hackbench  groups of senders and receivers over AF_UNIX socketpairs
 *              (pipes if the kernel has no AF_UNIX), as perf bench
 *              sched messaging does
 *   tcp, udp   one-byte round trips over the loopback device
 *
 * A test the kernel cannot run (no INET for tcp and udp) prints
 * "skipped" with the reason; "note:" lines say what a test used.  Run as an ordinary program (not PID 1) it
 * does the same and exits, which is how it is tested on the host.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <sys/ioctl.h>
#include <sys/reboot.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define RUNS 5

#define GETPPID_CALLS 100000
#define PIPE_ROUNDS 2000
#define FORKS 200
#define HB_GROUPS 2
#define HB_PAIRS 5 /* senders and receivers per group */
#define HB_MESSAGES 20 /* per sender and receiver */
#define HB_SIZE 100
#define NET_ROUNDS 1000

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void die(const char *what)
{
	printf("ltoguard-bench: error: %s: %s\n", what, strerror(errno));
	fflush(stdout);
	_exit(1);
}

/* read or write exactly n bytes; a child that fails exits non-zero */
static void xfer(int fd, void *buf, size_t n, int writing)
{
	char *p = buf;

	while (n) {
		ssize_t r = writing ? write(fd, p, n) : read(fd, p, n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			die(writing ? "write" : "read");
		p += r;
		n -= (size_t)r;
	}
}

static void reap(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status))
		die("child failed");
}

/* echo ROUNDS one-byte messages from IN back to OUT, in a child */
static pid_t echo_child(int in, int out, int rounds, int close1, int close2)
{
	pid_t pid = fork();
	char c;

	if (pid < 0)
		die("fork");
	if (pid)
		return pid;
	if (close1 >= 0)
		close(close1);
	if (close2 >= 0)
		close(close2);
	while (rounds--) {
		xfer(in, &c, 1, 0);
		xfer(out, &c, 1, 1);
	}
	_exit(0);
}

/* ROUNDS round trips of one byte (write OUT, read IN); their time */
static long long ping(int out, int in, int rounds)
{
	long long t0 = now_ns();
	char c = 'x';

	while (rounds--) {
		xfer(out, &c, 1, 1);
		xfer(in, &c, 1, 0);
	}
	return now_ns() - t0;
}

static long long bench_getppid(void)
{
	long long t0 = now_ns();
	int i;

	for (i = 0; i < GETPPID_CALLS; i++)
		syscall(SYS_getppid);
	return now_ns() - t0;
}

static long long bench_pipe(void)
{
	int to[2], from[2];
	long long t;
	pid_t pid;

	if (pipe(to) || pipe(from))
		die("pipe");
	pid = echo_child(to[0], from[1], PIPE_ROUNDS, to[1], from[0]);
	close(to[0]);
	close(from[1]);
	t = ping(to[1], from[0], PIPE_ROUNDS);
	close(to[1]);
	close(from[0]);
	reap(pid);
	return t;
}

static long long bench_fork(void)
{
	long long t0 = now_ns();
	int i;

	for (i = 0; i < FORKS; i++) {
		pid_t pid = fork();

		if (pid < 0)
			die("fork");
		if (pid == 0)
			_exit(0);
		reap(pid);
	}
	return now_ns() - t0;
}

static const char *hb_channel = "AF_UNIX socketpairs";

/* a channel: [0] the receiver reads, [1] senders write */
static void channel(int fd[2])
{
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, fd) == 0)
		return;
	hb_channel = "pipes (no AF_UNIX)";
	if (pipe(fd))
		die("pipe");
}

/*
 * perf bench sched messaging's shape: in each group every sender writes
 * HB_MESSAGES messages to every receiver of its group; the receivers
 * read them all.  All processes start together on a pipe the parent
 * closes; the time is from there until the last one is reaped.
 */
static long long bench_hackbench(void)
{
	pid_t pids[HB_GROUPS * HB_PAIRS * 2];
	int go[2], np = 0, g, i, j, m;
	long long t0;
	char c;

	if (pipe(go))
		die("pipe");
	for (g = 0; g < HB_GROUPS; g++) {
		int ch[HB_PAIRS][2];

		for (i = 0; i < HB_PAIRS; i++)
			channel(ch[i]);
		for (i = 0; i < HB_PAIRS * 2; i++) {
			pid_t pid = fork();

			if (pid < 0)
				die("fork");
			if (pid == 0) {
				char buf[HB_SIZE] = { 0 };

				close(go[1]);
				if (read(go[0], &c, 1) != 0)
					die("start pipe");
				if (i < HB_PAIRS) { /* receiver i */
					for (m = 0; m < HB_PAIRS * HB_MESSAGES; m++)
						xfer(ch[i][0], buf, HB_SIZE, 0);
				} else { /* sender */
					for (m = 0; m < HB_MESSAGES; m++)
						for (j = 0; j < HB_PAIRS; j++)
							xfer(ch[j][1], buf, HB_SIZE, 1);
				}
				_exit(0);
			}
			pids[np++] = pid;
		}
		for (i = 0; i < HB_PAIRS; i++) {
			close(ch[i][0]);
			close(ch[i][1]);
		}
	}
	close(go[0]);
	t0 = now_ns();
	close(go[1]);
	while (np)
		reap(pids[--np]);
	return now_ns() - t0;
}

/* bring up lo (tinyconfig has no userspace to do it); 0 if no INET */
static int loopback_up(void)
{
	struct ifreq ifr;
	int s = socket(AF_INET, SOCK_DGRAM, 0);

	if (s < 0)
		return 0;
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	if (ioctl(s, SIOCGIFFLAGS, &ifr) < 0)
		die("SIOCGIFFLAGS lo");
	ifr.ifr_flags |= IFF_UP;
	if (ioctl(s, SIOCSIFFLAGS, &ifr) < 0)
		die("SIOCSIFFLAGS lo");
	close(s);
	return 1;
}

static struct sockaddr_in loopback(void)
{
	struct sockaddr_in a;

	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

static int bound_socket(int type, struct sockaddr_in *a)
{
	socklen_t len = sizeof(*a);
	int s = socket(AF_INET, type, 0);

	*a = loopback();
	if (s < 0 || bind(s, (struct sockaddr *)a, sizeof(*a)) ||
	    getsockname(s, (struct sockaddr *)a, &len))
		die("socket/bind");
	return s;
}

/* the round trips only: connection set-up is not timed */
static long long bench_tcp(void)
{
	struct sockaddr_in a;
	int l = bound_socket(SOCK_STREAM, &a), c, s, one = 1;
	long long t;
	pid_t pid;

	c = socket(AF_INET, SOCK_STREAM, 0);
	if (listen(l, 1) || c < 0 || connect(c, (struct sockaddr *)&a, sizeof(a)))
		die("listen/connect");
	s = accept(l, NULL, NULL);
	if (s < 0)
		die("accept");
	setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	pid = echo_child(s, s, NET_ROUNDS, c, l);
	close(s);
	close(l);
	t = ping(c, c, NET_ROUNDS);
	close(c);
	reap(pid);
	return t;
}

static long long bench_udp(void)
{
	struct sockaddr_in a, b;
	int sa = bound_socket(SOCK_DGRAM, &a), sb = bound_socket(SOCK_DGRAM, &b);
	long long t;
	pid_t pid;

	if (connect(sa, (struct sockaddr *)&b, sizeof(b)) ||
	    connect(sb, (struct sockaddr *)&a, sizeof(a)))
		die("connect");
	pid = echo_child(sb, sb, NET_ROUNDS, sa, -1);
	close(sb);
	t = ping(sa, sa, NET_ROUNDS);
	close(sa);
	reap(pid);
	return t;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/*
 * one warm-up run, then RUNS: "name median min max runs", and each run's
 * time in "ltoguard-bench-runs: name t..." (sorted), which make bench
 * pools over several boots: fork, hackbench and the network tests run a
 * few percent more or fewer instructions from one boot to the next even
 * under -icount, so one boot's median can mislead.
 */
static void run(const char *name, long long (*fn)(void))
{
	long long t[RUNS];
	int r;

	fn();
	for (r = 0; r < RUNS; r++)
		t[r] = fn();
	qsort(t, RUNS, sizeof(t[0]), cmp_ll);
	printf("ltoguard-bench: %s %lld %lld %lld %d\n", name, t[RUNS / 2], t[0], t[RUNS - 1], RUNS);
	printf("ltoguard-bench-runs: %s", name);
	for (r = 0; r < RUNS; r++)
		printf(" %lld", t[r]);
	printf("\n");
	fflush(stdout);
}

int main(void)
{
	int net;

	setvbuf(stdout, NULL, _IOLBF, 0);
	run("getppid", bench_getppid);
	run("pipe", bench_pipe);
	run("fork", bench_fork);
	run("hackbench", bench_hackbench);
	printf("ltoguard-bench: note: hackbench over %s\n", hb_channel);
	net = loopback_up();
	if (net) {
		run("tcp", bench_tcp);
		run("udp", bench_udp);
	} else {
		printf("ltoguard-bench: tcp skipped (no AF_INET: %s)\n", strerror(errno));
		printf("ltoguard-bench: udp skipped (no AF_INET)\n");
	}
	printf("LTOGUARD-BENCH-DONE\n");
	fflush(stdout);
	if (getpid() == 1) {
		sync();
		reboot(RB_AUTOBOOT);
	}
	return 0;
}
