# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by run-tests.sh: BTF for an LTO vmlinux (ltoguard-pahole and
# ltoguard-btf), on a miniature kernel with the shapes that break pahole
# on GCC LTO DWARF: an assembler file with DWARF 5 (gas writes a
# DW_TAG_unspecified_type), init/version.c's LINUX_ELFNOTE_LTO_INFO note
# saying "no Clang LTO", cross-file inlining, a per-CPU variable.  Real
# cc1, lto1, ld and pahole; the BTF is read back with bpftool.

# btf_tree DIR: the miniature kernel's objects, compiled -g with fat LTO
btf_tree() {
	local d=$1 f
	rm -rf "$d"
	mkdir -p "$d"
	cat >"$d/thing.h" <<'EOF'
struct thing { int a; long b; char c[3]; struct thing *next; };
int thing_sum(struct thing *t);
int thing_scale(struct thing *t, int k);
EOF
	cat >"$d/a.c" <<'EOF'
#include "thing.h"
/* section-placed, as DEFINE_PER_CPU puts it */
__attribute__((section(".data..percpu"))) int pcpu_hits;
static struct thing first = { 1, 2, "x", 0 };
int entry(void) { pcpu_hits++; return thing_sum(&first) + thing_scale(&first, 3); }
EOF
	cat >"$d/b.c" <<'EOF'
#include "thing.h"
/* called from a.c only: LTO inlines it and drops its symbol */
int thing_scale(struct thing *t, int k) { return (int)t->b * k; }
/* a per-CPU variable nothing uses: ltoguard keeps it (section-placed) */
__attribute__((section(".data..percpu"))) int pcpu_spare;
/* called through a pointer the asm takes: stays */
int thing_sum(struct thing *t) { return t->a + (int)t->b + t->c[0]; }
/* a static toplevel asm names, as 6.1 lists initcalls: cc1 renames it
 * thing_setup.ltoguard.HASH, the LTO code has it under its own name */
static __attribute__((used)) int thing_setup(void) { return 5; }
asm(".pushsection .rodata\n.globl setup_table\nsetup_table: .quad thing_setup\n.popsection");
EOF
	# init/version.c: BUILD_LTO_INFO (include/linux/elfnote-lto.h) without Clang LTO
	cat >"$d/version.c" <<'EOF'
asm(".pushsection .note.Linux, \"a\"\n.balign 4\n.long 2f - 1f\n.long 4f - 3f\n.long 0x101\n"
    "1: .asciz \"Linux\"\n2: .balign 4\n3: .long 0\n4: .balign 4\n.popsection");
EOF
	printf '%s\n' '.section .note.GNU-stack, "", @progbits' '.text' '.globl asm_start' \
		'.type asm_start, @function' 'asm_start: call entry' '  lea thing_sum(%rip), %rax' '  ret' \
		'.size asm_start, .-asm_start' >"$d/head.S"
	# the kernel's linker script gives .data..percpu an output section of its own
	echo 'SECTIONS { .data..percpu : { *(.data..percpu) } } INSERT AFTER .data;' >"$d/percpu.lds"
	(cd "$d" && $CC -c -g -Wa,-gdwarf-5 -o head.o head.S) || return 1
	for f in a b version; do
		(cd "$d" && $CC -O2 -g -fno-asynchronous-unwind-tables -flto -ffat-lto-objects \
			-fplugin="$PLUGIN" -c $f.c -o $f.o) || return 1
	done
}

# btf_link DIR OUTPUT: link OUTPUT through ltoguard-ld, as link-vmlinux.sh
# links its BTF trial link
btf_link() {
	(cd "$1" && env LTOGUARD_CC="$CC" LTOGUARD_LTO="-fplugin=$PLUGIN" \
		"$TOP/plugin/kbuild/ltoguard-ld" -T percpu.lds -e asm_start -o "$2" head.o a.o b.o version.o) >"$1/link.log" 2>&1
}

# btf_records FILE KIND: the names of FILE's BTF records of KIND (FUNC,
# VAR, STRUCT), sorted, one line
btf_records() {
	bpftool btf dump file "$1" 2>/dev/null | sed -n "s/^\[[0-9]*\] $2 '\([^']*\)'.*/\1/p" | sort | paste -sd' '
}

# elf_symbols FILE TYPE: FILE's symbols of TYPE (FUNC, OBJECT), sorted
elf_symbols() {
	readelf -sW "$1" | awk -v t="$2" '$4 == t && $8 != "" { print $8 }' | sort -u | paste -sd' '
}

run_btf_tests() {
	local d=$BUILD/btf out funcs vars thing control
	if ! command -v pahole >/dev/null || ! command -v bpftool >/dev/null; then
		bad "btf: no pahole or bpftool (make deps installs dwarves and bpftool)"
		return
	fi
	if ! btf_tree "$d" || ! btf_link "$d" .tmp_vmlinux.btf ||
	   ! (cd "$d" && ld -T percpu.lds -e asm_start -o plain head.o a.o b.o version.o &&
		"$TOP/plugin/kbuild/ltoguard-ltrans" --own-names plain && pahole -J plain); then
		bad "btf: the miniature kernel does not build: $(head -n3 "$d/link.log")"
		return
	fi
	cp "$d/.tmp_vmlinux.btf" "$d/control"
	# the premise: LTO inlined thing_scale and kept thing_sum
	if [[ " $(elf_symbols "$d/.tmp_vmlinux.btf" FUNC) " != *" thing_sum "* ]] ||
	   [[ " $(elf_symbols "$d/.tmp_vmlinux.btf" FUNC) " == *" thing_scale "* ]]; then
		bad "btf: LTO's functions are $(elf_symbols "$d/.tmp_vmlinux.btf" FUNC); the test's premise (thing_scale inlined away) is wrong"
		return
	fi
	out=$(cd "$d" && "$TOP/plugin/kbuild/ltoguard-pahole" -J .tmp_vmlinux.btf 2>&1)
	funcs=$(btf_records "$d/.tmp_vmlinux.btf" FUNC)
	vars=$(btf_records "$d/.tmp_vmlinux.btf" VAR)
	thing=$(pahole -F btf -C thing "$d/.tmp_vmlinux.btf" 2>&1)
	if [ "$funcs" = "asm_start entry thing_setup thing_sum" ] && [ "$vars" = "pcpu_hits pcpu_spare" ] &&
	   [ "$thing" = "$(pahole -F btf -C thing "$d/plain")" ] && [[ "$thing" == *"struct thing *"*next* ]] &&
	   [ "$(cat "$d/ltoguard-btf.txt")" = "function thing_scale" ]; then
		ok "btf: ltoguard-pahole gives the LTO link the types of the link without LTO and FUNC records for its own functions ($funcs: thing_setup, renamed for the assembler, under its own name), thing_scale reported"
	else
		bad "btf: ltoguard-pahole: FUNC '$funcs' VAR '$vars' ($out)"
		echo "$thing"
	fi
	# a per-CPU variable the LTO kernel lacks gets no VAR record: the
	# plain link's symbol for it is hidden, the others stay
	objcopy --strip-symbol=pcpu_spare "$d/.tmp_vmlinux.btf" "$d/lto-nospare" && cp "$d/plain" "$d/plain3"
	out=$("$BTFTOOL" "$d/lto-nospare" "$d/plain3" 2>&1 | paste -sd' ')
	if [ "$out" = "percpu pcpu_spare function thing_scale" ] && pahole -J "$d/plain3" &&
	   [ "$(btf_records "$d/plain3" VAR)" = pcpu_hits ] && [ "$(btf_records "$d/plain3" FUNC)" = "asm_start entry thing_setup thing_sum" ] &&
	   [ "$(elf_symbols "$d/plain3" OBJECT)" = "$(elf_symbols "$d/plain" OBJECT | sed 's/ pcpu_spare//')" ]; then
		ok "btf: ltoguard-btf hides a per-CPU variable the LTO kernel lacks ($out)"
	else
		bad "btf: ltoguard-btf with pcpu_spare missing: '$out', VAR '$(btf_records "$d/plain3" VAR)'"
	fi
	# the control: pahole alone on the same LTO link
	pahole -J "$d/control" >/dev/null 2>&1
	control=$(btf_records "$d/control" STRUCT)
	if [[ " $control " != *" thing "* ]]; then
		ok "btf: pahole alone on the LTO link gives no struct thing (structs: '${control}')"
	else
		bad "btf: pahole alone on the LTO link has struct thing: the control does not fail"
	fi
	# bad input: a clear error, nothing written
	out=$("$BTFTOOL" "$d/a.c" "$d/plain3" 2>&1)
	if [ $? -eq 2 ] && [[ "$out" == "ltoguard-btf: error: $d/a.c: not an ELF file"* ]]; then
		ok "btf: ltoguard-btf refuses a file that is not ELF ($out)"
	else
		bad "btf: ltoguard-btf on a C file: $out"
	fi
	# modules and links ltoguard-ld did not make go to pahole untouched
	cp "$d/plain" "$d/plain2"
	rm -f "$d/ltoguard-btf.txt"
	if (cd "$d" && "$TOP/plugin/kbuild/ltoguard-pahole" -J plain2) && [ ! -f "$d/ltoguard-btf.txt" ] &&
	   [ "$(btf_records "$d/plain2" FUNC)" = "$(btf_records "$d/plain" FUNC)" ] &&
	   [ "$("$TOP/plugin/kbuild/ltoguard-pahole" --version)" = "$(pahole --version)" ]; then
		ok "btf: ltoguard-pahole passes --version and a link without LTO to pahole"
	else
		bad "btf: ltoguard-pahole on a link without LTO"
	fi
}
