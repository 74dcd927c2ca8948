#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make check: unit tests, plugin diagnostics, integration fixtures
# (tests/integration) and kernel-shape fixtures (kernel-fixtures), each
# LTO fixture built with the plugin in every variant and without it (the
# control, which must break).  Ends with "N passed, N failed".
#
# Environment (set by the Makefile): CC, PLUGIN, BUILD, UNIT_BINS, KCHECK,
# BTFTOOL.
# FIXTURES="name ..." runs only those fixtures.
set -u
cd "$(dirname "$0")/.." || exit 1
TOP=$(pwd)
# plain quotes in GCC diagnostics, whatever the caller's locale
export LC_ALL=C
. tests/lib/fixture.sh

. tests/lib/verdicts.sh

echo "ltoguard tests with $CC ($($CC -dumpfullversion)), plugin $PLUGIN"

# ---- unit tests (cmocka): count their own verdicts
for bin in $UNIT_BINS; do
	name=$(basename "$bin")
	log=$BUILD/$name.log
	"$bin" >"$log" 2>&1
	rc=$?
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log")
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log")
	if [ -z "$p$f" ] || { [ $rc -ne 0 ] && [ -z "$f" ]; }; then
		bad "unit $name crashed or printed no verdict (exit $rc)"
		cat "$log"
		continue
	fi
	for _ in $(seq 1 "${p:-0}"); do pass=$((pass + 1)); done
	for _ in $(seq 1 "${f:-0}"); do fail=$((fail + 1)); done
	echo "unit $name: ${p:-0} passed, ${f:-0} failed"
	[ -z "$f" ] || { failed="$failed\n  unit $name"; grep -E 'ERROR|FAILED' "$log"; }
done

# ---- the shell scripts; the man pages and what they share with README
. tests/lint/lint.sh
run_lint_tests
. tests/docs/docs.sh
run_docs_tests

# ---- diagnostics and precision of the plugin itself
. tests/diag/diag.sh
run_diag_tests
. tests/codegen/codegen.sh
run_codegen_tests
. tests/kcheck/kcheck.sh
run_kcheck_tests
. tests/ltrans/ltrans.sh
run_ltrans_tests
. tests/debug-aside/debug-aside.sh
run_debug_aside_tests
. tests/btf/btf.sh
run_btf_tests
. tests/bench/bench-tools.sh
run_bench_tests
. tests/dispatch/dispatch.sh
run_dispatch_tests
. tests/once/once.sh
run_once_tests
. tests/cross/cross.sh
run_cross_tests
. tests/asm-label/asm-label.sh
run_asm_label_tests
. tests/builtins/builtins.sh
run_builtins_tests
. tests/ccache/ccache.sh
run_ccache_tests

# ---- LTO fixtures
# Can this kernel run -m32 programs?  If not, qemu-i386 (qemu-user) does.
if ! detect_run32; then
	bad "-m32 programs cannot run here and qemu-i386 is missing (apt-get install qemu-user)"
fi
echo "running -m32 programs ${RUN32:-natively}${RUN32:+ (no ia32 emulation in this kernel)}"
run_fixture() {
	local dir=$1 name arch out v broke kept
	load_fixture "$dir"
	name=${dir#"$TOP"/}
	for arch in $ARCHES; do
		out=$BUILD/fixtures/$name/m$arch
		rm -rf "$out"
		if ! build "$dir" "$out/plain" "$arch" plain || ! run_prog "$out/plain" "$arch" ||
		   ! cmp -s "$out/plain/output" "$dir/$PLAIN_EXPECTED"; then
			bad "$name -m$arch: the non-LTO build does not print $PLAIN_EXPECTED"
			continue
		fi
		for v in $VARIANTS; do
			build "$dir" "$out/$v" "$arch" "$v" "$PLUGIN"
			if msg=$(verdict "$out/$v" "$dir/expected.txt" "$arch"); then
				ok "$name -m$arch $v"
			else
				bad "$name -m$arch $v with ltoguard"
				echo "$msg"
			fi
		done
		broke="" kept=""
		for v in $CONTROL_BREAKS; do
			build "$dir" "$out/$v-control" "$arch" "$v"
			if msg=$(verdict "$out/$v-control" "$dir/expected.txt" "$arch"); then
				kept="$kept $v"
			else
				broke="$broke ${v}[$(echo "$msg" | head -n1 | sed 's/^ *//' | cut -c1-70)]"
			fi
		done
		if [ -z "$kept" ]; then
			ok "$name -m$arch control without ltoguard breaks:$broke"
		else
			bad "$name -m$arch control without ltoguard still works in:$kept"
		fi
	done
}

for dir in "$TOP"/tests/integration/*/ "$TOP"/kernel-fixtures/*/; do
	dir=${dir%/}
	[ -f "$dir/case.conf" ] || continue
	if [ -n "${FIXTURES:-}" ] && ! [[ " $FIXTURES " == *" $(basename "$dir") "* ]]; then
		continue
	fi
	run_fixture "$dir"
done

verdicts_summary ""
