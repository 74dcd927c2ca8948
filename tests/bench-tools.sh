# SPDX-License-Identifier: GPL-2.0
# Sourced by run-tests.sh: the pieces of make bench that can be checked
# without building a kernel.  The benchmark /init
# (kernel-fixtures/bench/bench-init.c) runs on the host as an ordinary
# program and must give every benchmark a result; the synthetic files of
# the plugin-cost scaling (tests/bench/synth.sh) must exercise each of
# the four shapes they claim, with the plugin acting on each; the lto1
# cost (tests/bench/lto1-cost.sh) must replay a link ltoguard-ld
# recorded and count lto1 with and without the plugin.

bench_init_test() {
	local dir=$BUILD/bench out name bad_lines=""
	mkdir -p "$dir"
	if ! $CC -static -O2 -Wall -Wextra -Werror -o "$dir/bench-init" kernel-fixtures/bench/bench-init.c; then
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
			"$TOP/plugin/ltoguard-ld" -e main -o vmlinux a.o b.o); then
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

run_bench_tests() {
	bench_init_test
	pool_runs_test
	synth_test
	lto1_cost_test
}
