#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# cc1-cost.sh [KERNEL-TREE]: instructions cc1 executes with and without
# -fplugin=ltoguard, counted by valgrind's callgrind (instructions, not
# seconds: this machine is shared and has no hardware counters for perf).
# One line per file on stdout, "what,metric,unit,without,with":
#   - real kernel files (BENCH_CC1_FILES, default kernel/fork.c
#     net/ipv4/tcp.c) compiled with the command kbuild recorded
#     in KERNEL-TREE's .NAME.o.cmd (an LTO+ltoguard build: -flto
#     -ffat-lto-objects, the plugin), to assembly, with PLUGIN in place of
#     the recorded plugin, and without it;
#   - synthetic files of BENCH_SYNTH (1000 10000 100000) symbols in the
#     kernel's shapes (tests/bench/synth.sh), -O2 -flto -ffat-lto-objects;
#     the table's notes give the plugin's instructions per symbol, which
#     stay flat if its cost grows linearly.
# With and without run side by side (callgrind's counts do not depend on
# load).  Environment: CC, PLUGIN.
set -u
cd "$(dirname "$0")/../.." || exit 1
CC=${CC:-gcc}
tree=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

command -v valgrind >/dev/null || { echo "cc1 cost: no valgrind (apt-get install valgrind)" >&2; exit 1; }

# instructions DIR CMD: the most any process of CMD (run by sh in DIR)
# executed: cc1's, beside the driver's and sh's; nothing if CMD failed
# (valgrind exits with its client's status)
instructions() {
	local log
	log=$(mktemp -p "$tmp")
	if ! (cd "$1" && valgrind --tool=callgrind --callgrind-out-file=/dev/null --trace-children=yes \
		sh -c "$2" >/dev/null 2>"$log"); then
		echo "cc1 cost: a compile failed: $(grep -v '^==' "$log" | grep -m1 -E 'error|fatal')" >&2
		return 1
	fi
	sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$log" | sort -n | tail -n1
}

# pair DIR WITHOUT WITH: "without with", the two measured in parallel
pair() {
	instructions "$1" "$2" >"$tmp/without" &
	instructions "$1" "$3" >"$tmp/with"
	wait
	echo "$(cat "$tmp/without") $(cat "$tmp/with")"
}

# kbuild_cmd TREE FILE.c: the recorded compile of FILE.o, to assembly
kbuild_cmd() {
	local c
	c=$1/$(dirname "$2")/.$(basename "$2" .c).o.cmd
	[ -f "$c" ] || return 1
	sed -n '1s/^cmd_[^ ]* := //p' "$c" | sed 's/ ; .*//; s/-Wp,-MMD,[^ ]* //; s/ -c -o [^ ]*/ -S -o OUT/'
}

real_files() {
	local f cmd without with w x
	for f in ${BENCH_CC1_FILES:-kernel/fork.c net/ipv4/tcp.c}; do
		if ! cmd=$(kbuild_cmd "$tree" "$f") || ! echo "$cmd" | grep -q -- '-fplugin='; then
			echo "cc1 cost: $f: no LTO+ltoguard compile recorded in $tree" >&2
			failed=1
			continue
		fi
		with=$(echo "$cmd" | sed "s|-fplugin=[^ ]*|-fplugin=$PLUGIN|; s|-fplugin-arg-ltoguard-report=[^ ]*|-fplugin-arg-ltoguard-report=$tmp/report.txt|; s|OUT|$tmp/with.s|")
		without=$(echo "$cmd" | sed "s/-fplugin=[^ ]*//; s/-fplugin-arg-ltoguard-[^ ]*//g; s|OUT|$tmp/without.s|")
		read -r w x < <(pair "$tree" "$without" "$with")
		if [ -z "$w" ] || [ -z "$x" ]; then
			echo "cc1 cost: $f: callgrind measured nothing" >&2
			failed=1
			continue
		fi
		echo "$f,cc1 instructions,instr,$w,$x"
	done
}

synthetic() {
	local n w x flags="-O2 -flto -ffat-lto-objects -S"
	for n in ${BENCH_SYNTH:-1000 10000 100000}; do
		tests/bench/synth.sh "$n" >"$tmp/synth-$n.c"
		read -r w x < <(pair "$tmp" "$CC $flags -o without.s synth-$n.c" \
			"$CC $flags -fplugin=$PLUGIN -o with.s synth-$n.c")
		if [ -z "$w" ] || [ -z "$x" ]; then
			echo "cc1 cost: synthetic $n: callgrind measured nothing" >&2
			failed=1
			continue
		fi
		echo "synthetic-$n,cc1 instructions,instr,$w,$x"
		awk -v n="$n" -v w="$w" -v x="$x" 'BEGIN {
			printf "cc1 cost: synthetic %d symbols: the plugin ran %.0f instructions, %.0f a symbol\n", n, x - w, (x - w) / n }' >&2
	done
}

failed=0
[ -n "$tree" ] && real_files
synthetic
exit $failed
