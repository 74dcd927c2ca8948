#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# guest-profile.sh O ARCH TEST OUT: where one run of a make bench guest
# test spends its instructions, per kernel function.  Not a test: a tool
# for finding what makes one kernel run more instructions than another.
#
# Boots O's kernel (a make bench or kernel-check build, ARCH x86_64 or
# i386; its initramfs/ directory is rewritten, as make bench does) under QEMU
# -icount shift=0 with kernel-fixtures/kernel/bench-init.c's TEST (getppid,
# pipe, fork, hackbench, tcp, udp) as /init: one warm-up run, then one
# run with QEMU's log of executed translation blocks switched on through
# the monitor (-d exec,nochain,in_asm, kept to kernel addresses by
# -dfilter).  The guest spins in user space before and after that run so
# that the switch lands outside it; the timer ticks of the spin are in
# the profile too (tick_periodic, timekeeping_*, a few percent).
# Each block's instructions times its executions, summed by the
# function System.map places it in (clone suffixes such as .constprop.0
# folded), go to OUT ("instructions function calls" lines, largest
# first, with a "total" line; calls are the executions of the block at
# the function's own address, i.e. its entries); the run's own guest
# time is printed.
#
#   guest-profile.sh diff A B [N]: the N (25) functions that lost and
#   gained the most instructions from profile A to profile B.
#   guest-profile.sh sum SYSTEM.MAP QEMU-LOG: the profile of a QEMU log
#   (what the boot above does with its own; tests/bench/bench-tools.sh).
#
# It found the stack-args marks that kept i386 header helpers out of line
# (docs/rules.md, Stack arguments).  Needs qemu-system-x86 and
# gcc-multilib for i386, as make bench does.
set -u
cd "$(dirname "$0")/../.." || exit 1
TOP=$(pwd)
export LC_ALL=C

# diff_profiles A B N: the total of each, then the N functions whose
# instructions fell most and the N that grew most from A to B
diff_profiles() {
	local t
	t=$(mktemp)
	awk '
		FNR == 1 { file++ }
		$2 == "total" { total[file] = $1; next }
		{ v[$2, file] = $1; name[$2] = 1 }
		END {
			printf "total %d -> %d (%.4f)\n", total[1], total[2], total[2] / total[1]
			for (f in name) print v[f, 2] - v[f, 1], f, v[f, 1] + 0, v[f, 2] + 0
		}' "$1" "$2" >"$t"
	head -n 1 "$t"
	echo "fell most (change, function, A, B):"
	tail -n +2 "$t" | sort -n | head -n "$3"
	echo "grew most:"
	tail -n +2 "$t" | sort -rn | head -n "$3"
	rm -f "$t"
}

# sum_profile MAP LOG: the profile (instructions and calls per function,
# largest first, a total line) of QEMU log LOG against System.map MAP.
# Blocks: "IN:" then one "0x...: insn" line each; each execution: a
# "Trace N: host [.../pc/...]" line (switching the log on retranslates
# the blocks; one never seen translated counts as one instruction).  Functions: System.map's text
# symbols, sorted, searched by bisection.  Addresses are compared as
# strings of System.map's width ("x" first, so awk never reads them as
# numbers), which needs no gawk.
sum_profile() {
	awk '
	function norm(h) {
		h = tolower(h)
		while (length(h) > width && substr(h, 1, 1) == "0")
			h = substr(h, 2)
		while (length(h) < width)
			h = "0" h
		return "x" h
	}
	FNR == NR {
		if ($2 ~ /^[tTwW]$/) { width = length($1); n++; addr[n] = "x" tolower($1); fn[n] = $3 }
		next
	}
	/^IN:/ { pc = ""; insns = 0; next }
	/^0x/ { if (pc == "") pc = norm(substr($1, 3, length($1) - 3)); insns++; next }
	/^Trace/ {
		if (pc != "") { size[pc] = insns; pc = "" }
		split($0, f, "/"); runs[norm(f[2])]++
	}
	END {
		for (p in runs) {
			if (n == 0 || p < addr[1])
				continue
			lo = 1; hi = n
			while (lo < hi) {
				mid = int((lo + hi + 1) / 2)
				if (addr[mid] <= p) lo = mid; else hi = mid - 1
			}
			name = fn[lo]
			sub(/\.(constprop|isra|part|cold|lto_priv)\.[0-9]+.*/, "", name)
			c = runs[p] * (p in size ? size[p] : 1)
			per[name] += c; total += c
			if (addr[lo] == p)
				calls[name] += runs[p]
		}
		print total, "total"
		for (name in per) print per[name], name, calls[name] + 0
	}' <(sort "$1") "$2" | sort -rn
}

if [ "${1:-}" = sum ]; then
	[ $# -eq 3 ] || { echo "usage: guest-profile.sh sum SYSTEM.MAP QEMU-LOG" >&2; exit 2; }
	sum_profile "$2" "$3"
	exit
fi
if [ "${1:-}" = diff ]; then
	[ $# -ge 3 ] || { echo "usage: guest-profile.sh diff A B [N]" >&2; exit 2; }
	diff_profiles "$2" "$3" "${4:-25}"
	exit 0
fi

[ $# -eq 4 ] || { echo "usage: guest-profile.sh O ARCH TEST OUT | diff A B [N]" >&2; exit 2; }
o=$1 arch=$2 test=$3 out=$4
case $test in getppid | pipe | fork | hackbench | tcp | udp) ;; *)
	echo "guest-profile: no test $test" >&2; exit 2 ;;
esac
case $arch in
x86_64) kernel=0xffffffff80000000+0x7fffffff ;;
i386) kernel=0xc0000000+0x3fffffff ;;
*) echo "guest-profile: ARCH is x86_64 or i386" >&2; exit 2 ;;
esac
for f in "$o/arch/x86/boot/bzImage" "$o/System.map" "$o/kmod/ltoguard_test.ko"; do
	[ -f "$f" ] || { echo "guest-profile: no $f: is $o a make bench or kernel-check build?" >&2; exit 1; }
done
CC=${CC:-gcc}
. "$TOP/tests/kernel/kbuild.sh"
tmp=$(mktemp -d)
trap 'kill "$qp" 2>/dev/null; rm -rf "$tmp"' EXIT
qp=

# /init: bench-init.c's test functions, another main
cat >"$tmp/profile-init.c" <<EOF
#define main bench_main
#include "$TOP/kernel-fixtures/kernel/bench-init.c"
#undef main

/* seconds of host time in user space (-dfilter keeps it out of the log) */
static void spin(void)
{
	volatile unsigned long i;

	for (i = 0; i < 400000000UL; i++)
		;
}

int main(void)
{
	long long t;

	setvbuf(stdout, NULL, _IOLBF, 0);
	loopback_up();
	bench_$test();
	printf("PROFILE-GO\n");
	spin();
	t = bench_$test();
	printf("PROFILE-END $test %lld\n", t);
	spin();
	printf("LTOGUARD-BENCH-DONE\n");
	sync();
	reboot(RB_AUTOBOOT);
	return 0;
}
EOF
# (initramfs and qemu_command: the same /init packing and QEMU command
# line as make bench's boots, tests/kernel/kbuild.sh)
initramfs "$o" "$arch" "$tmp/profile-init.c" "$tmp/init.cpio" ||
	{ echo "guest-profile: the profile /init does not build" >&2; exit 1; }

# monitor CMD: one command to QEMU's monitor (bash's /dev/tcp)
port=$((40000 + $$ % 20000))
monitor() {
	local i
	for ((i = 0; i < 50; i++)); do
		exec 3<>"/dev/tcp/127.0.0.1/$port" 2>/dev/null && break
		sleep 0.1
	done
	[ "$i" -lt 50 ] || { echo "guest-profile: no QEMU monitor on port $port" >&2; return 1; }
	printf '%s\n' "$1" >&3
	sleep 0.3
	exec 3>&-
}

# wait_for TEXT: until the serial log has TEXT, while QEMU runs
wait_for() {
	until grep -q "$1" "$tmp/serial"; do
		kill -0 "$qp" 2>/dev/null || { echo "guest-profile: QEMU ended before $1" >&2; return 1; }
		sleep 0.05
	done
}

: >"$tmp/serial"
qemu_command "$o" "$arch" "$tmp/init.cpio"
"${QEMU_COMMAND[@]}" -monitor "tcp:127.0.0.1:$port,server,nowait" -D "$tmp/qemu.log" -dfilter "$kernel" \
	</dev/null >"$tmp/serial" 2>&1 &
qp=$!
wait_for PROFILE-GO && monitor "log exec,nochain,in_asm" &&
	wait_for PROFILE-END && monitor "log none" || exit 1
wait "$qp"
qp=

sum_profile "$o/System.map" "$tmp/qemu.log" >"$out" || exit 1
grep -a PROFILE-END "$tmp/serial" | tr -d '\r' | awk '{ print "guest-profile: " $2 " ran " $3 " ns of guest time (= instructions)" }'
