# SPDX-License-Identifier: GPL-2.0
# Sourced by run-tests.sh: the pieces of make bench that can be checked
# without building a kernel.  The benchmark /init
# (kernel-fixtures/bench/bench-init.c) runs on the host as an ordinary
# program and must give every benchmark a result; the synthetic files of
# the plugin-cost scaling (tests/bench/synth.sh) must exercise each of
# the four shapes they claim, with the plugin acting on each.

bench_init_test() {
	local dir=$BUILD/bench out name bad_lines=""
	mkdir -p "$dir"
	if ! $CC -static -O2 -Wall -Wextra -Werror -o "$dir/bench-init" kernel-fixtures/bench/bench-init.c; then
		bad "bench-init: does not compile"
		return
	fi
	out=$(timeout 300 "$dir/bench-init" 2>&1)
	for name in getppid pipe fork hackbench tcp udp; do
		# "name median min max runs", min <= median <= max, 5 runs
		awk -v n="$name" '$1 == "ltoguard-bench:" && $2 == n && $4 <= $3 && $3 <= $5 && $3 > 0 && $6 == 5 { found = 1 }
			END { exit !found }' <<<"$out" || bad_lines="$bad_lines $name"
	done
	if [ -z "$bad_lines" ] && grep -q '^LTOGUARD-BENCH-DONE$' <<<"$out"; then
		ok "bench-init: on the host, getppid pipe fork hackbench tcp udp each gave median, min, max of 5 runs"
	else
		bad "bench-init: no valid result for:$bad_lines, or no done marker:"
		echo "$out"
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

run_bench_tests() {
	bench_init_test
	synth_test
}
