# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The kernel's code-generation flags must reach the LTO code.  lto-wrapper
# takes -m options from the objects' IR and per-function optimization
# options from each function, but -pg is neither: without it on the link
# line lto1 emits no __fentry__ call at all (ftrace then finds nothing).
# With it on the link line, only functions compiled with -pg get one.
#
# tests/codegen/ is built three ways with the x86_64 kernel's flags (b.c
# without -pg, as kbuild builds files that must not be traced):
#   plain     no LTO, ld -q (relocations kept, for the cmodel check);
#   lto       fat LTO objects, linked by plugin/kbuild/ltoguard-ld as "vmlinux";
#   control   the same objects linked by gcc -flto itself;
# and each feature is counted in the linked code.  lto must match plain
# for every feature; the control must lose at least one.
# Sourced by run-tests.sh (ok/bad counters); x86_64 only.

CODEGEN=$TOP/tests/codegen
CODEGEN_FLAGS="-O2 -mcmodel=kernel -mno-red-zone -fno-pic -fno-PIE -pg -mfentry
	-mrecord-mcount -fpatchable-function-entry=4,2 -fstack-protector-strong
	-mstack-protector-guard=tls -mstack-protector-guard-reg=gs
	-mindirect-branch=thunk-extern -mindirect-branch-register
	-mfunction-return=thunk-extern -mharden-sls=all -fcf-protection=branch"

section_size() {
	local hex
	hex=$(readelf -SW "$1" | sed -n "s/.*] $2 *[A-Z_]* *[0-9a-f]* [0-9a-f]* \([0-9a-f]*\) .*/\1/p")
	echo $((0x${hex:-0}))
}

# codegen_features BIN: one "name=count" per feature, in a fixed order.
codegen_features() {
	local bin=$1 dis
	dis=$(objdump -dr "$bin")
	echo "fentry-calls=$(grep -c 'call.*<__fentry__>' <<<"$dis")"
	echo "mcount_loc-bytes=$(section_size "$bin" __mcount_loc)"
	echo "patchable-entry-bytes=$(section_size "$bin" __patchable_function_entries)"
	echo "stack-guard-reads=$(grep -c '%gs:0x28' <<<"$dis")"
	echo "indirect-thunk-calls=$(grep -c 'call.*<__x86_indirect_thunk_' <<<"$dis")"
	echo "return-thunk-jumps=$(grep -c 'jmp.*<__x86_return_thunk>' <<<"$dis")"
	echo "endbr64=$(grep -c 'endbr64' <<<"$dis")"
	echo "R_X86_64_32S=$(grep -c 'R_X86_64_32S' <<<"$dis")"
	echo "red-zone-uses=$(grep -cE -- '-0x[0-9a-f]+\(%rsp\)' <<<"$dis")"
}

run_codegen_tests() {
	local d=$BUILD/codegen f flags
	rm -rf "$d"
	mkdir -p "$d/plain" "$d/lto" "$d/control"
	for f in a b; do
		flags=$CODEGEN_FLAGS
		# b.c as kbuild builds a file with CFLAGS_REMOVE_b.o = $(CC_FLAGS_FTRACE)
		[ $f = a ] || flags=${CODEGEN_FLAGS/-pg -mfentry/}
		# shellcheck disable=SC2086 # FLAGS are words
		if ! $CC $flags -c "$CODEGEN/$f.c" -o "$d/plain/$f.o" ||
		   ! $CC $flags -flto -ffat-lto-objects -fplugin="$PLUGIN" \
			-c "$CODEGEN/$f.c" -o "$d/lto/$f.o"; then
			bad "codegen: compile $f.c"
			return
		fi
	done
	$CC -c "$CODEGEN/stubs.S" -o "$d/stubs.o"
	if ! ld -q -e entry -o "$d/plain/vmlinux" "$d/plain/a.o" "$d/plain/b.o" "$d/stubs.o" \
		>"$d/plain/link.log" 2>&1; then
		bad "codegen: plain link: $(head -n1 "$d/plain/link.log")"
		return
	fi
	if ! (cd "$d/lto" && LTOGUARD_CC=$CC LTOGUARD_LTO="-fplugin=$PLUGIN" LTOGUARD_LD_LOG=lto.log \
		"$TOP/plugin/kbuild/ltoguard-ld" -q -e entry -o vmlinux a.o b.o ../stubs.o) >"$d/lto/link.log" 2>&1 ||
	   ! grep -q '^vmlinux ' "$d/lto/lto.log"; then
		bad "codegen: ltoguard-ld LTO link: $(head -n1 "$d/lto/link.log")"
		return
	fi
	$CC -flto -nostdlib -no-pie -Wl,-q -Wl,-e,entry -o "$d/control/vmlinux" "$d/lto/a.o" "$d/lto/b.o" \
		"$d/stubs.o" >"$d/control/link.log" 2>&1
	codegen_features "$d/plain/vmlinux" >"$d/plain/features"
	codegen_features "$d/lto/vmlinux" >"$d/lto/features"
	codegen_features "$d/control/vmlinux" >"$d/control/features"
	# the red-zone count is 0 with -mno-red-zone; it must be able to see one
	# shellcheck disable=SC2086
	$CC ${CODEGEN_FLAGS/-mno-red-zone/} -c "$CODEGEN/a.c" -o "$d/red-zone.o"
	if [ "$(codegen_features "$d/red-zone.o" | sed -n 's/^red-zone-uses=//p')" = 0 ]; then
		bad "codegen: without -mno-red-zone no red-zone use is seen: the check is blind"
	fi
	# every other feature must be there to be lost
	if grep -v '^red-zone' "$d/plain/features" | grep -q '=0$'; then
		bad "codegen: the plain build lacks a feature: $(grep '=0$' "$d/plain/features" | tr '\n' ' ')"
	elif cmp -s "$d/plain/features" "$d/lto/features"; then
		ok "codegen: flags reach LTRANS: $(tr '\n' ' ' <"$d/lto/features")"
	else
		bad "codegen: LTO code differs from plain: $(diff "$d/plain/features" "$d/lto/features" | grep '^>' | tr '\n' ' ')"
	fi
	if cmp -s "$d/plain/features" "$d/control/features"; then
		bad "codegen: control (gcc -flto link) loses nothing: the test proves nothing"
	else
		ok "codegen: control (gcc -flto link) loses: $(diff "$d/plain/features" "$d/control/features" | grep '^>' | cut -c3- | tr '\n' ' ')"
	fi
}
