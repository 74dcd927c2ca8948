#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench: what GCC LTO with ltoguard does to a kernel's speed, size
# and build, and what ltoguard costs in cc1.  Not a test: it asserts
# nothing about time, it prints one table (and writes it as CSV).
#
# For each kernel (KERNELS, VERSION-ARCH[-CONFIG] as make kernel-check;
# the config defaults to o2+net: tinyconfig + base + -O2 and SLUB +
# NET/INET/UNIX)
# it builds the plain and the LTO+ltoguard kernel from the same config
# with the same compiler (tests/kernel/kbuild.sh), boots each in QEMU
# under -icount shift=0 with kernel-fixtures/kernel/bench-init.c as /init
# (guest time is then a count of guest instructions) and compares:
#   guest work  each benchmark's median over BENCH_BOOTS boots of 5 runs
#               each, LTO / plain, and the spread (max - min) / median
#               of each kernel's runs;
#   size        vmlinux text, data, bss (size(1)); function code (the
#               bytes of the functions in .text) and init (the region
#               freed after boot); bzImage;
#   build       wall time of each build, the LTO vmlinux link's time and
#               peak RSS (plugin/kbuild/ltoguard-ld's log).
# Then the plugin's own cost (BENCH_COST=0 skips it), with and without
# -fplugin=ltoguard: instructions cc1 executes on real kernel files of
# the first kernel's LTO build and on synthetic files of 1k, 10k, 100k
# symbols (tests/bench/cc1-cost.sh), and lto1 on that build's vmlinux
# link (tests/bench/lto1-cost.sh).
#
# Environment: CC, PLUGIN (the Makefile sets them); KERNELS
# ("6.1-x86_64"); BENCH_WORK (scratch, build/bench); BENCH_REUSE=1 boots
# finished builds of the same config and tools again instead of
# rebuilding them (build_one in tests/kernel/kbuild.sh); BENCH_BOOTS (5);
# BENCH_COST.
set -u
cd "$(dirname "$0")/../.." || exit 1
TOP=$(pwd)
export LC_ALL=C
CC=${CC:-gcc}
KERNELS=${KERNELS:-6.1-x86_64}
[ "$KERNELS" = all ] && KERNELS="6.1-x86_64 6.1-i386 6.12-x86_64 6.12-i386"
WORK=${BENCH_WORK:-$TOP/build/bench}
REUSE=${BENCH_REUSE:-0}
BOOTS=${BENCH_BOOTS:-5}
JOBS=$(nproc)
FIX=$TOP/kernel-fixtures
. "$TOP/tests/kernel/kbuild.sh"

mkdir -p "$WORK"
csv=$WORK/bench.csv
out=$WORK/bench.txt
echo "kernel,config,metric,unit,plain,lto,ratio,plain_spread,lto_spread" >"$csv"
: >"$out"
failed=0

# results O: "name median min max runs" of each benchmark, over the runs
# of all of O's boots (each boot's "ltoguard-bench-runs: name t..."
# lines, kernel-fixtures/kernel/bench-init.c).  fork, hackbench, tcp and
# udp run a few percent more or fewer instructions from one boot to the
# next even under -icount (6.1 i386: one boot's fork median 19.96 ms,
# another's 20.70 ms), so one boot's median can mislead.
results() {
	cat "$1"/bench-[0-9]*.log | tr -d '\r' | awk -f "$TOP/tests/bench/pool-runs.awk"
}

# bench_boot O ARCH: boot O's kernel BOOTS times with the benchmark /init
# (logs O/bench-1.log ...)
bench_boot() {
	local o=$1 arch=$2 i
	rm -f "$o"/bench-[0-9]*.log
	initramfs "$o" "$arch" "$FIX/kernel/bench-init.c" "$o/bench.cpio" || return
	for ((i = 1; i <= BOOTS; i++)); do
		progress "$(basename "$o"): benchmark boot $i of $BOOTS"
		boot "$o" "$arch" "$o/bench.cpio" "$o/bench-$i.log" LTOGUARD-BENCH-DONE || return
	done
}

# line K CFG METRIC UNIT PLAIN LTO [PLAIN_SPREAD LTO_SPREAD]: one row of
# the table and of the CSV
line() {
	local ratio
	ratio=$(awk -v p="$5" -v l="$6" 'BEGIN { if (p > 0) printf "%.3f", l / p; else print "-" }')
	echo "$1,$2,$3,$4,$5,$6,$ratio,${7:-},${8:-}" >>"$csv"
	printf '%-16s %-8s %-26s %14s %14s %7s %10s %10s\n' "$1" "$2" "$3 ($4)" "$5" "$6" "$ratio" \
		"${7:--}" "${8:--}" >>"$out"
}

spread() { # median min max -> percent
	awk -v m="$1" -v lo="$2" -v hi="$3" 'BEGIN { printf "%.2f%%", (m > 0 ? 100 * (hi - lo) / m : 0) }'
}

guest_rows() {
	local k=$1 cfg=$2 p=$3 l=$4 name pm pmin pmax lm lmin lmax _ lto
	lto=$(results "$l")
	while read -r name pm pmin pmax _; do
		read -r lm lmin lmax _ < <(awk -v n="$name" '$1 == n { print $2, $3, $4 }' <<<"$lto")
		if [ -z "${lm:-}" ]; then
			echo "$k: $name: no result from the LTO kernel" >>"$out.notes"
			continue
		fi
		line "$k" "$cfg" "$name" ns "$pm" "$lm" "$(spread "$pm" "$pmin" "$pmax")" "$(spread "$lm" "$lmin" "$lmax")"
	done < <(results "$p")
	tr -d '\r' <"$p/bench-1.log" | grep -E 'ltoguard-bench: (.* skipped|note:)' | sed "s/^ltoguard-bench: \\(note: \\)\\{0,1\\}/$k: /" >>"$out.notes"
}

size_rows() {
	local k=$1 cfg=$2 p=$3 l=$4 i name
	local -a ps ls
	read -r -a ps < <(size "$p/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }')
	read -r -a ls < <(size "$l/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }')
	i=0
	for name in text data bss; do
		line "$k" "$cfg" "vmlinux $name" bytes "${ps[$i]}" "${ls[$i]}"
		i=$((i + 1))
	done
	line "$k" "$cfg" "function code" bytes "$(function_bytes "$p/vmlinux")" "$(function_bytes "$l/vmlinux")"
	line "$k" "$cfg" "vmlinux init" bytes "$(span "$p/vmlinux" __init_begin __init_end)" \
		"$(span "$l/vmlinux" __init_begin __init_end)"
	line "$k" "$cfg" bzImage bytes "$(stat -c %s "$p/arch/x86/boot/bzImage")" "$(stat -c %s "$l/arch/x86/boot/bzImage")"
}

# size's "text" counts every read-only section, also those of the init
# region that the kernel frees after boot (x86 vmlinux.lds.S: .init.text,
# .altinstructions, .altinstr_replacement, .exit.text), and on x86_64 the
# .text section ends 2 MB-aligned, so code that grows or shrinks within
# those 2 MB does not show.  function_bytes VMLINUX: the bytes of the
# functions in .text (FUNC symbols, each address once: identical code
# folding and aliases give one body several names), the code that stays.
function_bytes() {
	local idx
	idx=$(readelf -SW "$1" | sed -n 's/^ *\[ *\([0-9]*\)\] \.text .*/\1/p')
	readelf -sW "$1" | awk -v i="$idx" '$4 == "FUNC" && $7 == i && $3 ~ /^[0-9]+$/ && !seen[$2]++ { s += $3 }
		END { print (i == "" ? "-" : s + 0) }'
}

# span VMLINUX FROM TO: bytes between two linker-script symbols
span() {
	local -a at
	read -r -a at < <(nm "$1" | awk -v a="$2" -v b="$3" '$3 == a { x = $1 } $3 == b { y = $1 } END { print x, y }')
	[ ${#at[@]} -eq 2 ] && echo $((16#${at[1]} - 16#${at[0]})) || echo -
}

build_rows() {
	local k=$1 cfg=$2 p=$3 l=$4 how from secs rss
	line "$k" "$cfg" "build" s "$(cat "$p/build-seconds")" "$(cat "$l/build-seconds")"
	read -r how from secs rss < <(awk -f "$TOP/tests/bench/lto-link.awk" "$l/lto-link.log")
	if [ "$how" = reused ]; then
		echo "$k: the LTO vmlinux link reused the LTO code of $from (LTOGUARD_LTO_CACHE), whose link (WPA and LTRANS, objtool) took ${secs:-?} s, peak RSS ${rss:-?} MB" >>"$out.notes"
	else
		echo "$k: the LTO vmlinux link (WPA and LTRANS, objtool) took ${secs:-?} s, peak RSS ${rss:-?} MB" >>"$out.notes"
	fi
}

# slab_allocator CONFIG: the kernel's slab allocator (hackbench and the
# network tests allocate an skb a message; SLOB's first-fit walk made
# them depend on the heap's history, docs/performance.md)
slab_allocator() {
	local a
	for a in SLUB_TINY SLUB SLAB SLOB; do
		grep -q "^CONFIG_$a=y" "$1" && { echo "$a"; return; }
	done
	echo "no slab allocator"
}

: >"$out.notes"
for k in $KERNELS; do
	kernel_entry "$k" o2+net
	k=$ver-$arch
	src=$(unpack "$ver") || { echo "$k: no source" >>"$out.notes"; failed=1; continue; }
	ok=1
	for mode in plain lto; do
		o=$WORK/$k-$cfg-$mode
		progress "bench: $k $cfg $mode: build and boot ($o)"
		if ! build_one "$k-$cfg" "$mode" "$src" "$arch" "$cfg" >/dev/null; then
			echo "$k $cfg $mode: the build failed (see $o/build.log)" >>"$out.notes"
			ok=0
		elif ! bench_boot "$o" "$arch"; then
			echo "$k $cfg $mode: the benchmarks did not finish (see $o/bench-*.log)" >>"$out.notes"
			ok=0
		fi
	done
	if [ $ok = 0 ]; then
		failed=1
		continue
	fi
	p=$WORK/$k-$cfg-plain
	l=$WORK/$k-$cfg-lto
	[ -n "${tree:-}" ] || tree=$l
	guest_rows "$k" "$cfg" "$p" "$l"
	size_rows "$k" "$cfg" "$p" "$l"
	build_rows "$k" "$cfg" "$p" "$l"
	opt=$(grep -q '^CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE=y' "$p/.config" && echo -O2 || echo -Os)
	slab=$(slab_allocator "$p/.config")
	echo "$k $cfg: built with $opt and $slab, $($CC --version | head -n1), guest times in ns of QEMU -icount shift=0 (= guest instructions), medians of $BOOTS boots x 5 runs" >>"$out.notes"
done

# cost_rows NAME SCRIPT ARGS...: the CSV lines of a cost script as rows;
# a failed measurement fails the run
cost_rows() {
	local name=$1 what metric unit without with
	shift
	while IFS=, read -r what metric unit without with; do
		line "$what" - "$metric" "$unit" "$without" "$with"
	done < <(CC=$CC PLUGIN=$PLUGIN "$@" 2>>"$out.notes" ||
		echo "$name cost: some measurement failed (above)" >>"$out.notes")
	if grep -q "$name cost: some measurement failed" "$out.notes"; then
		failed=1
	fi
}

# the plugin's cost: "without" in the plain column, "with" in the lto one
if [ "${BENCH_COST:-1}" = 1 ]; then
	progress "bench: the plugin's cost in cc1 and lto1 (callgrind)"
	echo "plugin cost: plain = without -fplugin=ltoguard, lto = with; kernel files and vmlinux link of ${tree:-no kernel}" >>"$out"
	cost_rows cc1 tests/bench/cc1-cost.sh ${tree:+"$tree"}
	[ -n "${tree:-}" ] && cost_rows lto1 tests/bench/lto1-cost.sh "$tree"
fi

{
	printf '%-16s %-8s %-26s %14s %14s %7s %10s %10s\n' kernel config metric plain lto ratio \
		plain-sprd lto-sprd
	cat "$out"
	echo
	cat "$out.notes"
} >"$out.tmp" && mv "$out.tmp" "$out"
rm -f "$out.notes"
cat "$out"
echo "bench: table in $out, CSV in $csv"
exit $failed
