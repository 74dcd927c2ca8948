# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by run-tests.sh: a label of toplevel asm that C code references
# is made global for LTO (plugin/keep/asm.c, globalize_labels), so the
# references name the symbol instead of its section.  Declared as a C
# function, it must then be a function symbol, or objtool warns
# "unexpected relocation symbol type in .rela.discard.func_stack_frame_
# non_standard: 0" where the plain build is silent (6.1 x86_64_defconfig,
# kprobes/opt.c).

# reloc_target OBJ: what the .discard relocation names
reloc_target() {
	readelf -rW "$1" | awk '/\.rela\.discard\.func_stack_frame_non_standard/ { p = 1; next }
		p && /R_X86_64_64|R_386_32/ { print $5; exit }'
}

run_asm_label_tests() {
	local d=$BUILD/asm-label src=$TOP/tests/asm-label/optprobe.c sym
	rm -rf "$d"
	mkdir -p "$d"
	if ! $CC -O2 -c "$src" -o "$d/plain.o" ||
	   ! $CC -O2 -flto -ffat-lto-objects -fplugin="$PLUGIN" -c "$src" -o "$d/lto.o"; then
		bad "asm-label: optprobe.c does not compile"
		return
	fi
	# the premise: plain, the local label is reached through its section
	if [ "$(reloc_target "$d/plain.o")" != .rodata ]; then
		bad "asm-label: the plain object's .discard relocation names $(reloc_target "$d/plain.o"), not .rodata: the test's premise is wrong"
		return
	fi
	sym=$(readelf -sW "$d/lto.o" | awk '$8 == "optprobe_template_func" { print $4, $5, $6 }')
	if [ "$(reloc_target "$d/lto.o")" = optprobe_template_func ] && [ "$sym" = "FUNC GLOBAL HIDDEN" ]; then
		ok "asm-label: an asm label C declares as a function is made a global hidden function symbol (objtool takes the reference)"
	else
		bad "asm-label: the .discard relocation names $(reloc_target "$d/lto.o"), optprobe_template_func is '$sym' (want FUNC GLOBAL HIDDEN)"
	fi
}
