# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by run-tests.sh: the pieces of make bench that can be checked
# without building a kernel.  The benchmark /init
# (kernel-fixtures/kernel/bench-init.c) runs on the host as an ordinary
# program and must give every benchmark a result; the synthetic files of
# the plugin-cost scaling (tests/bench/synth.sh) must exercise each of
# the four shapes they claim, with the plugin acting on each; the lto1
# cost (tests/bench/lto1-cost.sh) must replay a link ltoguard-ld
# recorded and count lto1 with and without the plugin; the guest
# profile (tests/bench/guest-profile.sh) must sum a QEMU block log by
# System.map's functions and compare two profiles; the build notes must
# name the LTO link that ran (tests/bench/lto-link.awk).

bench_init_test() {
	local dir=$BUILD/bench out name bad_lines=""
	mkdir -p "$dir"
	if ! $CC -static -O2 -Wall -Wextra -Werror -o "$dir/bench-init" kernel-fixtures/kernel/bench-init.c; then
		bad "bench-init: does not compile"
		return
	fi
	out=$(timeout 300 "$dir/bench-init" 2>&1)
	for name in getppid pipe fork hackbench tcp udp; do
		# "name median min max runs", min <= median <= max, 5 runs; and
		# "ltoguard-bench-runs: name t1..t5", sorted, t3 the median,
		# which pool-runs.awk gives back for this one boot
		awk -v n="$name" '$1 == "ltoguard-bench:" && $2 == n && $4 <= $3 && $3 <= $5 && $3 > 0 && $6 == 5 { s = $3 " " $4 " " $5 }
			$1 == "ltoguard-bench-runs:" && $2 == n && NF == 7 && $3 <= $4 && $4 <= $5 && $5 <= $6 && $6 <= $7 { r = $5 " " $3 " " $7 }
			END { exit !(s != "" && s == r) }' <<<"$out" &&
			awk -f tests/bench/pool-runs.awk <<<"$out" | awk -v n="$name" -v l="$(grep "^ltoguard-bench: $name " <<<"$out")" \
				'$1 == n && "ltoguard-bench: " $0 == l { found = 1 } END { exit !found }' ||
			bad_lines="$bad_lines $name"
	done
	if [ -z "$bad_lines" ] && grep -q '^LTOGUARD-BENCH-DONE$' <<<"$out"; then
		ok "bench-init: on the host, getppid pipe fork hackbench tcp udp each gave median, min, max of 5 runs, and the runs, which pool-runs.awk gives back"
	else
		bad "bench-init: no valid result for:$bad_lines, or no done marker:"
		echo "$out"
	fi
}

# pool-runs.awk over two boots' logs: medians of all ten runs, not of
# the two boots' medians; names in order; other lines ignored; a time
# above 2^31 printed as read
pool_runs_test() {
	local got want
	got=$(printf '%s\n' 'ltoguard-bench: fork 20 10 30 5' \
		'ltoguard-bench-runs: fork 10 20 20 20 30' 'ltoguard-bench-runs: pipe 5 5 5 5 5' \
		'noise' 'ltoguard-bench-runs: fork 21 40 50 60 2796960825' 'ltoguard-bench-runs: pipe 1 2 3 4 4' |
		awk -f tests/bench/pool-runs.awk)
	want=$(printf '%s\n' 'fork 21 10 2796960825 10' 'pipe 4 1 5 10')
	if [ "$got" = "$want" ]; then
		ok "pool-runs.awk: the median, min and max of every run of two boots"
	else
		bad "pool-runs.awk: gave '$got', want '$want'"
	fi
}

synth_test() {
	local dir=$BUILD/bench shape want got fails=""
	mkdir -p "$dir"
	rm -f "$dir/synth.report"
	tests/bench/synth.sh 64 >"$dir/synth.c"
	if ! $CC -O2 -flto -ffat-lto-objects -fplugin="$PLUGIN" \
		-fplugin-arg-ltoguard-report="$dir/synth.report" -c -o "$dir/synth.o" "$dir/synth.c"; then
		bad "synth.sh: its file does not compile with the plugin"
		return
	fi
	# shape prefix, the plugin's action and reason for it: 16 each
	for want in "tbl_ renamed asm" "exp_ made-visible export" "ref_ renamed asm" "sect_ made-visible section"; do
		read -r shape _ <<<"$want"
		got=$(awk -F'\t' -v p="$shape" -v w="$want" \
			'index($2, p) == 1 && (p " " $4 " " $5) == w { n[$2] = 1 } END { print length(n) }' "$dir/synth.report")
		[ "$got" = 16 ] || fails="$fails $shape:$got"
	done
	if [ -z "$fails" ]; then
		ok "synth.sh: 64 symbols, the plugin acted on 16 of each shape (asm table, export, inline asm, section)"
	else
		bad "synth.sh: the plugin did not act on 16 symbols of each shape:$fails (see $dir/synth.report)"
	fi
}

# A two-file program linked as "vmlinux" by ltoguard-ld (so an LTO link,
# its arguments recorded) stands for the kernel tree.
lto1_cost_test() {
	local dir=$BUILD/bench/lto1 out
	command -v valgrind >/dev/null || { bad "lto1-cost: no valgrind (make deps installs it)"; return; }
	rm -rf "$dir"
	mkdir -p "$dir"
	printf 'int f(int x) { return x + 1; }\n' >"$dir/a.c"
	printf 'int f(int);\nint main(void) { return f(-1); }\n' >"$dir/b.c"
	if ! (cd "$dir" && $CC -O2 -flto -ffat-lto-objects -c a.c b.c &&
		LTOGUARD_CC=$CC LTOGUARD_LTO="-fplugin=$PLUGIN" LTOGUARD_LD_LOG=$dir/lto-link.log \
			"$TOP/plugin/kbuild/ltoguard-ld" -e main -o vmlinux a.o b.o); then
		bad "lto1-cost: the stand-in vmlinux does not link"
		return
	fi
	out=$(CC=$CC PLUGIN=$PLUGIN tests/bench/lto1-cost.sh "$dir" 2>&1)
	# "vmlinux-STAGE,lto1 instructions,instr,WITHOUT,WITH": loading the
	# plugin alone costs millions
	if awk -F, '$3 == "instr" && $5 > $4 + 1000000 { n++ } END { exit n != 2 }' <<<"$out"; then
		ok "lto1-cost: replays the recorded link; WPA and LTRANS each count more instructions with the plugin"
	else
		bad "lto1-cost: no WPA and LTRANS counts with and without the plugin: $out"
	fi
	rm "$dir/lto-link.log.vmlinux.args"
	if ! CC=$CC PLUGIN=$PLUGIN tests/bench/lto1-cost.sh "$dir" >/dev/null 2>&1; then
		ok "lto1-cost: fails when the link's arguments were not recorded"
	else
		bad "lto1-cost: succeeded without the recorded link"
	fi
}

guest_profile_test() {
	local d=$BUILD/guest-profile gp=tests/bench/guest-profile.sh want
	mkdir -p "$d"
	printf '%s\n' "c1000000 T f_a" "c1000040 t f_b.constprop.0" "c1000080 T f_c" \
		"c1000100 D some_data" >"$d/System.map"
	trace() { printf 'Trace 0: 0x7f00 [00000000/%s/004002b0/ff020200] \n' "$@"; }
	{
		# f_a: a block of 3 run twice (its entry: two calls); f_b's
		# clone: 2, three times, not at its entry; f_c: 1 once and a
		# block the log never translated (1) twice, then its entry once
		printf 'IN: f_a\n0xc1000000:  nop\n0xc1000001:  nop\n0xc1000002:  ret\n\n'
		trace c1000000 c1000000
		printf 'IN: \n0xc1000050:  nop\n0xc1000051:  ret\n\n'
		trace c1000050 c1000050 c1000050
		printf 'IN: \n0xc1000090:  ret\n\n'
		trace c1000090 c1000084 c1000084 c1000080
	} >"$d/qemu.log"
	want=$'16 total\n6 f_b 0\n6 f_a 2\n4 f_c 1'
	if [ "$($gp sum "$d/System.map" "$d/qemu.log")" = "$want" ]; then
		ok "guest-profile: a QEMU block log summed by function (block sizes, clones folded, data ignored, entries counted as calls)"
	else
		bad "guest-profile: sum gives $($gp sum "$d/System.map" "$d/qemu.log" | tr '\n' ' '), not ${want//$'\n'/ }"
	fi
	printf '%s\n' "15 total" "6 f_b" "6 f_a" "3 f_c" >"$d/a"
	printf '%s\n' "20 total" "10 f_a" "6 f_b" "4 f_d" >"$d/b"
	if $gp diff "$d/a" "$d/b" 1 | tr '\n' '|' | grep -qx 'total 15 -> 20 (1.3333)|fell most (change, function, A, B):|-3 f_c 3 0|grew most:|4 f_[ad] [0-9]* [0-9]*|'; then
		ok "guest-profile: diff names the totals and the functions that fell and grew most"
	else
		bad "guest-profile: diff: $($gp diff "$d/a" "$d/b" 1 | tr '\n' '|')"
	fi
}

# lto-link.awk: the last vmlinux link of an ltoguard-ld log, without the
# cache (every link ran LTO) and with it (6.1's three links: the second
# ran LTO again, the last reused its code), and a log of both appended
# (a relink), where the last vmlinux link decides
lto_link_test() {
	local plain cached got
	plain=$(printf '%s\n' '.tmp_vmlinux.kallsyms1:objtool 1.4' '.tmp_vmlinux.kallsyms1 71.6 231520' \
		'.tmp_vmlinux.kallsyms2 70.6 231636' 'vmlinux:objtool 1.7' 'vmlinux 68.8 231524')
	cached=$(printf '%s\n' '.tmp_vmlinux.kallsyms1 57.1 231620' '.tmp_vmlinux.kallsyms2:objtool 1.3' \
		'.tmp_vmlinux.kallsyms2 60.8 231656' 'vmlinux:lto-reused 1' 'vmlinux 1.0 78704')
	got=$(awk -f tests/bench/lto-link.awk <<<"$plain"; awk -f tests/bench/lto-link.awk <<<"$cached"
		printf '%s\n%s\n' "$cached" "$plain" | awk -f tests/bench/lto-link.awk)
	if [ "$got" = "$(printf '%s\n' 'ran vmlinux 68.8 226' 'reused .tmp_vmlinux.kallsyms2 60.8 226' 'ran vmlinux 68.8 226')" ]; then
		ok "lto-link.awk: the LTO vmlinux link, or the link whose LTO code it reused (LTOGUARD_LTO_CACHE)"
	else
		bad "lto-link.awk: gave '$got'"
	fi
}

# kbuild.sh's progress lines (make kernel-check, make bench): the time
# since the run started, then what it is doing, on stderr
progress_test() {
	local got
	got=$(. tests/kernel/kbuild.sh; SECONDS=3725; progress "6.1-x86_64 lto: build" 2>&1 >/dev/null)
	if [ "$got" = "[1:02:05] 6.1-x86_64 lto: build" ]; then
		ok "kbuild.sh progress: $got"
	else
		bad "kbuild.sh progress: '$got', want '[1:02:05] 6.1-x86_64 lto: build' on stderr"
	fi
}

run_bench_tests() {
	progress_test
	bench_init_test
	pool_runs_test
	lto_link_test
	synth_test
	lto1_cost_test
	guest_profile_test
}
