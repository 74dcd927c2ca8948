# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by run-tests.sh: ltoguard-ld runs objtool on the LTO code, with
# the arguments it reads from a kbuild-like object tree (vmlinux.a and
# each member's .NAME.o.cmd), through plugin/kbuild/ltoguard-ltrans; real cc1,
# lto1 and ld, a stand-in objtool that records how it was called.

# ltrans_tree DIR: a.o and b.o (fat LTO objects) in vmlinux.a, their .cmd
# files ending in kbuild's objtool command, and the stand-in objtool.
ltrans_tree() {
	local d=$1 f
	rm -rf "$d"
	mkdir -p "$d/tools/objtool"
	cat >"$d/tools/objtool/objtool" <<'EOF'
#!/bin/sh
# records its arguments and the size of the .debug_info it sees; checks
# the object is one linked ELF object
echo "$@" >>objtool.calls
obj=$(eval echo "\${$#}")
readelf -h "$obj" | grep -q 'REL (Relocatable file)' || { echo "not relocatable: $obj" >&2; exit 1; }
readelf -SW "$obj" | sed -n 's/.*\] \.debug_info  *PROGBITS  *[0-9a-f]* [0-9a-f]* \([0-9a-f]*\) .*/\1/p' >>objtool.debug
EOF
	chmod +x "$d/tools/objtool/objtool"
	printf 'int b(int x);\nint a(int x) { return b(x) + 1; }\nint entry(void) { return a(41); }\n' >"$d/a.c"
	printf 'int b(int x) { return x * 2; }\n' >"$d/b.c"
	for f in a b; do
		# shellcheck disable=SC2086 # LTRANS_CFLAGS is options, one word each
		(cd "$d" && $CC -O2 ${LTRANS_CFLAGS:-} -flto -ffat-lto-objects -fplugin="$PLUGIN" -c $f.c -o $f.o) || return 1
		printf 'cmd_%s.o := gcc -O2 -c -o %s.o %s.c ; ./tools/objtool/objtool --hacks=jump_label --orc --retpoline   %s.o\n' \
			$f $f $f $f >"$d/.$f.o.cmd"
	done
	(cd "$d" && ar rcs vmlinux.a a.o b.o)
}

# ltrans_link DIR [ENV=VALUE...]: link DIR/vmlinux with ltoguard-ld
ltrans_link() {
	local d=$1
	shift
	(cd "$d" && rm -f objtool.calls objtool.debug vmlinux &&
		env LTOGUARD_CC="$CC" LTOGUARD_LTO="-fplugin=$PLUGIN" LTOGUARD_LD_LOG=ld.log "$@" \
		"$TOP/plugin/kbuild/ltoguard-ld" -e entry -o vmlinux a.o b.o) >"$d/link.log" 2>&1
}

run_ltrans_tests() {
	local d=$BUILD/ltrans calls
	if ! ltrans_tree "$d"; then
		bad "ltrans: the test objects do not build"
		return
	fi
	if ltrans_link "$d" && calls=$(cat "$d/objtool.calls" 2>/dev/null) &&
	   [ "$(wc -l <"$d/objtool.calls")" -eq 1 ] &&
	   [[ "$calls" == "--hacks=jump_label --orc --retpoline --link /"*".o" ]] &&
	   grep -q '^vmlinux:objtool ' "$d/ld.log"; then
		ok "ltrans: objtool ran once on the linked LTRANS code with kbuild's arguments and --link ($calls)"
	else
		bad "ltrans: objtool calls '${calls:-none}': $(head -n3 "$d/link.log")"
	fi
	if ltrans_link "$d" LTOGUARD_OBJTOOL=none && [ ! -f "$d/objtool.calls" ] &&
	   grep -q 'warning: LTOGUARD_OBJTOOL=none' "$d/link.log"; then
		ok "ltrans: LTOGUARD_OBJTOOL=none skips objtool, with a warning"
	else
		bad "ltrans: LTOGUARD_OBJTOOL=none: $(head -n3 "$d/link.log")"
	fi
	# objtool's failure fails the link, naming it
	sed -i 's/^readelf .*/echo "objtool: fatal" >\&2; exit 1/' "$d/tools/objtool/objtool"
	if ! ltrans_link "$d" && grep -q 'ltoguard-ltrans: objtool failed on the LTO code' "$d/link.log"; then
		ok "ltrans: an objtool failure fails the vmlinux link, with its name"
	else
		bad "ltrans: an objtool failure: $(head -n3 "$d/link.log")"
	fi
	run_ltrans_whole_test "$d"
	run_ltrans_ibt_test "$d"
	run_ltrans_cache_test "$d"
	run_ltrans_first_kallsyms_test "$d-kallsyms"
	run_ltrans_debug_test "$d-debug"
	run_ltrans_clash_test "$d-clash"
	run_ltrans_static_names_test "$d-names"
	run_module_link_test "$d"
	run_kbuild_wrapper_test "$d/kbuild"
}

# unloaded_globals BIN: global or weak symbols BIN defines in sections that
# are not loaded (debug sections), one per line
unloaded_globals() {
	readelf -SW "$1" | awk '/^ *\[ *[0-9]+\]/ { sub(/^ *\[ */, ""); idx = $1 + 0; sub(/^[0-9]+\] /, "")
		if (NF < 10 || $7 !~ /A/) print idx }' |
		awk 'NR == FNR { u[$1] = 1; next } $5 != "LOCAL" && ($7 in u) { print $8 }' - <(readelf -sW "$1")
}

# frames BIN: which CFI sections BIN has
frames() {
	readelf -SW "$1" | grep -oE '\.(eh|debug)_frame' | sort -u | tr '\n' ' '
}

# A kernel with DEBUG_INFO: objects compiled -g with the kernel's
# -fno-asynchronous-unwind-tables.  GCC's own LTO link gives LTRANS code
# an .eh_frame and leaves lto-wrapper's early debug symbols (FILE.HASH)
# weak, which the kernel's System.map and kallsyms would list; through
# ltoguard-ld, with objtool and without, the CFI is in .debug_frame and
# those symbols are local.
run_ltrans_debug_test() {
	local d=$1 v raw
	if ! LTRANS_CFLAGS="-g -fno-asynchronous-unwind-tables" ltrans_tree "$d" ||
	   ! (cd "$d" && $CC -O2 -flto -nostdlib -e entry -o raw a.o b.o); then
		bad "ltrans debug: the test objects do not build"
		return
	fi
	raw="$(frames "$d/raw")/ $(unloaded_globals "$d/raw" | wc -l) weak debug symbols"
	if [[ "$raw" != *.eh_frame* ]] || [[ "$raw" == *" 0 weak"* ]]; then
		bad "ltrans debug: GCC's own LTO link gives $raw; the test's premise (.eh_frame, weak debug symbols) is wrong"
		return
	fi
	for v in objtool none; do
		set --
		[ $v = none ] && set -- LTOGUARD_OBJTOOL=none
		if ltrans_link "$d" "$@" &&
		   [ "$(frames "$d/vmlinux")" = ".debug_frame " ] && [ -z "$(unloaded_globals "$d/vmlinux")" ]; then
			ok "ltrans debug ($v): CFI in .debug_frame, lto-wrapper's debug symbols local (GCC's own link: $raw)"
		else
			bad "ltrans debug ($v): $(frames "$d/vmlinux" 2>&1), debug symbols: $(unloaded_globals "$d/vmlinux" 2>/dev/null | head -n3 | tr '\n' ' ') $(head -n3 "$d/link.log")"
		fi
		readelf --debug-dump=info,line,frames "$d/vmlinux" >"$d/dwarf.$v" 2>&1
		[ $v = objtool ] && cp "$d/objtool.debug" "$d/objtool.debug.seen" 2>/dev/null
	done
	# objtool ran on the LTO code without its DWARF (ltoguard-debug-aside),
	# and the DWARF came back whole
	if [ "$(cat "$d/objtool.debug.seen" 2>/dev/null)" = 000000 ] && [ -s "$d/dwarf.none" ] &&
	   cmp -s "$d/dwarf.objtool" "$d/dwarf.none"; then
		ok "ltrans debug: objtool saw an empty .debug_info, and vmlinux has the DWARF of the link without objtool"
	else
		bad "ltrans debug: objtool saw .debug_info of size '$(cat "$d/objtool.debug.seen" 2>/dev/null)'; DWARF $(diff "$d/dwarf.objtool" "$d/dwarf.none" | head -n3 | tr '\n' ' ')"
	fi
	# i386 (the kernel links with -m elf_i386): the ld -r of the LTRANS
	# and early debug objects takes the link's emulation
	if ! LTRANS_CFLAGS="-m32 -g -fno-asynchronous-unwind-tables" ltrans_tree "$d-32"; then
		bad "ltrans debug (i386): the test objects do not build"
		return
	fi
	(cd "$d-32" && env LTOGUARD_CC="$CC" LTOGUARD_LTO="-fplugin=$PLUGIN" LTOGUARD_OBJTOOL=none \
		"$TOP/plugin/kbuild/ltoguard-ld" -m elf_i386 -e entry -o vmlinux a.o b.o) >"$d-32/link.log" 2>&1
	if readelf -h "$d-32/vmlinux" 2>/dev/null | grep -q 'Class: *ELF32' && [ "$(frames "$d-32/vmlinux")" = ".debug_frame " ]; then
		ok "ltrans debug (i386): the LTRANS and debug objects linked as elf_i386, CFI in .debug_frame"
	else
		bad "ltrans debug (i386): $(grep -m2 -E 'error|not supported|failed' "$d-32/link.log")"
	fi
}

# ltoguard-kbuild around a stand-in kernel Makefile that prints the
# variables it gets: the make line's, for the compiler CC= names, the
# command line's own KCFLAGS after them, every other argument passed
# through, and a summary; a command that is not make is refused.
run_kbuild_wrapper_test() {
	local d=$1 out want cc=${CC##*/}
	rm -rf "$d"
	mkdir -p "$d/src" "$d/obj"
	# shellcheck disable=SC2016 # make's $(...), not the shell's
	printf '%s\n' 'all:' \
		'	@echo "CC=$(CC) KCFLAGS=$(KCFLAGS) CC_FLAGS_LTO=$(CC_FLAGS_LTO)"' \
		'	@echo "LD=$(LD) NM=$(NM) X=$(X)"' \
		'	@echo "LTOGUARD_CC=$$LTOGUARD_CC LTOGUARD_LTO=$$LTOGUARD_LTO"' \
		'	@echo "CCACHE_EXTRAFILES=$$CCACHE_EXTRAFILES"' >"$d/src/Makefile"
	out=$(LTOGUARD_PLUGIN=/p.so LTOGUARD_ARGS=-fplugin-arg-ltoguard-keep=/k CCACHE_EXTRAFILES=/e \
		"$TOP/plugin/kbuild/ltoguard-kbuild" make -C "$d/src" O="$d/obj" CC="$cc" X=1 KCFLAGS=-DMINE 2>&1)
	want="CC=$cc KCFLAGS=-flto -ffat-lto-objects -fplugin=/p.so -fplugin-arg-ltoguard-report=$d/obj/ltoguard-report.txt -fplugin-arg-ltoguard-keep=/k -DMINE CC_FLAGS_LTO=-flto -ffat-lto-objects
LD=$TOP/plugin/kbuild/ltoguard-ld NM=$TOP/plugin/kbuild/ltoguard-nm X=1
LTOGUARD_CC=$cc LTOGUARD_LTO=-fplugin=/p.so -fplugin-arg-ltoguard-report=$d/obj/ltoguard-report.txt -fplugin-arg-ltoguard-keep=/k
CCACHE_EXTRAFILES=/e:/k"
	if [ "$(grep -v '^make' <<<"$out" | head -n4)" = "$want" ] &&
	   grep -q '^ltoguard-kbuild: summary' <<<"$out" && grep -q '^  no LTO link in this run' <<<"$out"; then
		ok "ltrans: ltoguard-kbuild passes the make line's variables for CC=$cc, the rest through, and ends with a summary"
	else
		bad "ltrans: ltoguard-kbuild gave:"
		echo "$out"
	fi
	if "$TOP/plugin/kbuild/ltoguard-kbuild" gmake -C "$d/src" >/dev/null 2>&1; [ $? -eq 2 ]; then
		ok "ltrans: ltoguard-kbuild refuses a command that is not make"
	else
		bad "ltrans: ltoguard-kbuild ran a command that is not make"
	fi
}

# NOINSTR_VALIDATION without IBT, as 6.1 x86_64_defconfig: the objects
# had objtool, the vmlinux.o pass adds --noinstr, and link-vmlinux.sh
# links vmlinux.a whole.  The LTO code gets the objects' arguments; the
# whole-program check runs apart, on the LTO code linked with the members
# that are not LTO code (entry.o, asm; early.o, C built without -flto),
# where calls between the two resolve (on the LTO code alone, each call
# into asm "leaves .noinstr.text").  entry.o's code leads, as head_64.o
# leads vmlinux.a; early.o's initcall comes after late.o's in the LTO
# link, and ltoguard-ld says so.
run_ltrans_whole_test() {
	local d=$1 calls defs order
	ltrans_tree "$d"
	cat >>"$d/tools/objtool/objtool" <<'EOF2'
case " $* " in *" --noinstr "*) nm --defined-only "$obj" | awk '$3 ~ /^(entry|start|early_fn)$/ { print $3 }' | sort | paste -sd' ' >>objtool.defs ;; esac
EOF2
	printf '.section .note.GNU-stack, "", @progbits\n.text\n.globl start, asm_fn\nstart: call entry\nasm_fn: ret\n' >"$d/entry.S"
	printf 'int early_fn(void) { return 0; }\nint (*early_call)(void) __attribute__((section(".initcall6.init"), used)) = early_fn;\n' >"$d/early.c"
	printf 'static int late_fn(void) { return 1; }\nint (*late_call)(void) __attribute__((section(".initcall6.init"), used)) = late_fn;\n' >"$d/late.c"
	printf 'cmd_vmlinux.o := ld -r -o vmlinux.o ; ./tools/objtool/objtool --noinstr --link vmlinux.o\n' >"$d/.vmlinux.o.cmd"
	(cd "$d" && $CC -c entry.S -o entry.o && $CC -O2 -c early.c -o early.o &&
		$CC -O2 -flto -ffat-lto-objects -fplugin="$PLUGIN" -c late.c -o late.o &&
		rm -f vmlinux.a && ar rcsTP vmlinux.a entry.o a.o early.o b.o late.o) ||
		{ bad "ltrans: entry.o, early.o, late.o"; return; }
	if (cd "$d" && rm -f objtool.calls objtool.defs vmlinux &&
		env LTOGUARD_CC="$CC" LTOGUARD_LTO="-fplugin=$PLUGIN" LTOGUARD_LD_LOG=ld.log \
		"$TOP/plugin/kbuild/ltoguard-ld" -e start -o vmlinux --whole-archive vmlinux.a --no-whole-archive) >"$d/link.log" 2>&1 &&
	   calls=$(sed 's| /[^ ]*$||' "$d/objtool.calls" | paste -sd'|') && defs=$(cat "$d/objtool.defs") &&
	   [ "$calls" = "--hacks=jump_label --orc --retpoline --link|--noinstr --link" ] &&
	   [ "$defs" = "early_fn entry start" ] && grep -q '^vmlinux:objtool-validate ' "$d/ld.log"; then
		ok "ltrans: the vmlinux.o pass's --noinstr runs on the LTO code linked with the objects that are not LTO code ($calls; defines $defs)"
	else
		bad "ltrans: --noinstr from vmlinux.o: '${calls:-none}', defines '${defs:-none}': $(head -n3 "$d/link.log")"
	fi
	# the asm ahead of the LTO code, as head_64.o leads vmlinux.a (ld alone
	# would put the LTO code first: "entry start early_fn")
	order=$(nm -n "$d/vmlinux" 2>/dev/null | awk '$3 ~ /^(start|entry|early_fn)$/ { print $3 }' | paste -sd' ')
	if [ "$order" = "start entry early_fn" ]; then
		ok "ltrans: vmlinux.a's asm ahead of the LTO code, C built without LTO after it ($order)"
	else
		bad "ltrans: code order '$order', expected 'start entry early_fn'"
	fi
	order=$(nm -n "$d/vmlinux" 2>/dev/null | awk '$3 ~ /_call$/ { print $3 }' | paste -sd' ')
	if [ "$order" = "late_call early_call" ] &&
	   grep -q '^ltoguard-ld: warning: early.o is not LTO code; its .initcall6.init entries now run after those of the LTO code, from late.o on' "$d/link.log" &&
	   [ "$(grep -c warning "$d/link.log")" -eq 1 ]; then
		ok "ltrans: an initcall of an object built without LTO that moves behind LTO code gets a warning naming both ($order)"
	else
		bad "ltrans: initcall order '$order': $(grep warning "$d/link.log" | head -n3)"
	fi
}

# IBT, as kbuild does it: objtool is delayed to vmlinux.o (the objects'
# .cmd files have none), and link-vmlinux.sh links vmlinux.o, the `ld -r`
# of vmlinux.a, not vmlinux.a.  The link takes vmlinux.o's inputs (the
# plugin would claim the mixed object and drop entry.o's code: start
# would be undefined); objtool runs with vmlinux.o's arguments twice
# (--noinstr apart, once on both linked together): on
# the asm objects linked into one, keeping the ENDBR of asm_fn, whose
# address c.c takes, and on the LTO code, keeping the ENDBR of a, whose
# address entry.o takes (.discard.ibt_endbr_noseal); not b, which entry.o
# only calls, nor entry, which nothing references, nor asm_end, a label
# c.c takes the address of that has no ENDBR (6.12's
# __end_entry_SYSENTER_compat: objtool would warn "data relocation to
# !ENDBR").
# ibt_link DIR [ENV=VALUE...]: link DIR/vmlinux from vmlinux.o as 6.1's
# link-vmlinux.sh does under IBT, logging to ld.log
ibt_link() {
	local d=$1
	shift
	(cd "$d" && rm -f objtool.calls objtool.noseal vmlinux &&
		env LTOGUARD_CC="$CC" LTOGUARD_LTO="-fplugin=$PLUGIN" LTOGUARD_LD_LOG=ld.log "$@" \
		"$TOP/plugin/kbuild/ltoguard-ld" -m elf_x86_64 -e start -o vmlinux vmlinux.o) >"$d/link.log" 2>&1
}

run_ltrans_ibt_test() {
	local d=$1 calls noseal
	ltrans_tree "$d"
	sed -i 's/ ; .*//' "$d/.a.o.cmd" "$d/.b.o.cmd"
	printf 'cmd_vmlinux.o := ld -m elf_x86_64 -r -o vmlinux.o  --whole-archive vmlinux.a --no-whole-archive ; ./tools/objtool/objtool --hacks=jump_label --ibt --orc --noinstr --link vmlinux.o\n' >"$d/.vmlinux.o.cmd"
	cat >>"$d/tools/objtool/objtool" <<'EOF2'
[ "$1" = --noinstr ] || readelf -rW "$obj" | awk '/^Relocation section/ { s = $3 } s ~ /ibt_endbr_noseal/ && /R_X86_64/ { print $5 }' >>objtool.noseal
EOF2
	printf '.section .note.GNU-stack, "", @progbits\n.text\n.globl start, asm_fn, asm_end\nstart: call b\nasm_fn: endbr64\nret\nasm_end:\nnop\n.data\n.quad a\n' >"$d/entry.S"
	printf 'extern void asm_fn(void), asm_end(void);\nvoid (*hook)(void) = asm_fn;\nvoid (*end)(void) = asm_end;\n' >"$d/c.c"
	printf 'static int c_init(void) { return 0; }\nint (*c_call)(void) __attribute__((section(".initcall6.init"), used)) = c_init;\n' >>"$d/c.c"
	printf 'static int nolto_init(void) { return 0; }\nint (*nolto_call)(void) __attribute__((section(".initcall6.init"), used)) = nolto_init;\n' >"$d/nolto.c"
	(cd "$d" && $CC -c entry.S -o entry.o && $CC -O2 -flto -ffat-lto-objects -fplugin="$PLUGIN" -c c.c -o c.o &&
		$CC -O2 -c nolto.c -o nolto.o &&
		rm -f vmlinux.a && ar rcsTP vmlinux.a entry.o a.o b.o c.o nolto.o &&
		ld -m elf_x86_64 -r -o vmlinux.o --whole-archive vmlinux.a --no-whole-archive) ||
		{ bad "ltrans ibt: entry.o, vmlinux.o"; return; }
	if ibt_link "$d" &&
	   calls=$(sed 's| /[^ ]*$||' "$d/objtool.calls" | sort -u) && noseal=$(sort "$d/objtool.noseal" | paste -sd' ') &&
	   [ "$(wc -l <"$d/objtool.calls")" -eq 4 ] && [ "$calls" = "$(printf -- '--hacks=jump_label --ibt --orc --link\n--noinstr --link')" ] &&
	   [ "$noseal" = "a asm_fn" ] &&
	   grep -q '^vmlinux:ibt-noseal 1$' "$d/ld.log" && grep -q '^vmlinux:asm:ibt-noseal 1$' "$d/ld.log" &&
	   grep -q '^vmlinux:asm-late:objtool ' "$d/ld.log" &&
	   [ "$(nm -n "$d/vmlinux" | awk '$3 ~ /^(start|b|c_call|nolto_call)$/ { print $3 }' | paste -sd' ')" = "start b c_call nolto_call" ] &&
	   ! grep -q warning "$d/link.log"; then
		ok "ltrans: IBT: vmlinux.o's inputs; objtool with its arguments on the asm objects (ahead of the LTO code), on the non-LTO C object (after it, initcalls in link order) and on the LTO code, --noinstr on all linked; ENDBR kept for a and asm_fn, whose addresses only the other side takes"
	else
		bad "ltrans: IBT: objtool '${calls:-none}', noseal '${noseal:-none}': $(head -n3 "$d/link.log")"
	fi
	# the same link again reuses the LTO code (the cache, on by default):
	# the asm objects objtool validates with have new temporary names
	# each link, and only their content is in the key
	cp "$d/vmlinux" "$d/vmlinux.first"
	: >"$d/ld.log"
	if ibt_link "$d" &&
	   grep -q '^vmlinux:lto-reused 1$' "$d/ld.log" && [ "$(wc -l <"$d/objtool.calls")" -eq 2 ] &&
	   cmp -s <(objdump -d "$d/vmlinux" | tail -n +3) <(objdump -d "$d/vmlinux.first" | tail -n +3); then
		ok "ltrans: IBT: the same link again reuses the LTO code (objtool on the asm objects only), the same code"
	else
		bad "ltrans: IBT: the same link again: $(paste -sd' ' "$d/ld.log") $(head -n3 "$d/link.log")"
	fi
	# the control: LTOGUARD_OBJTOOL=none leaves out the LTO code only; the
	# asm objects still get kbuild's objtool (as without IBT, where kbuild
	# runs it on them)
	if ibt_link "$d" LTOGUARD_OBJTOOL=none &&
	   [ "$(wc -l <"$d/objtool.calls")" -eq 2 ] && [ "$(grep -c ' /[^ ]*\.\(asm\|late\)\.o$' "$d/objtool.calls")" -eq 2 ]; then
		ok "ltrans: IBT with LTOGUARD_OBJTOOL=none: objtool on the asm objects only"
	else
		bad "ltrans: IBT with LTOGUARD_OBJTOOL=none: $(cat "$d/objtool.calls" 2>/dev/null) $(head -n3 "$d/link.log")"
	fi
}

# cache_link DIR CACHE OUTPUT [OBJECTS...]: link DIR/OUTPUT from a.o,
# b.o, k.o and OBJECTS with LTOGUARD_LTO_CACHE=CACHE ("-": unset, the
# default), lto1 options CACHE_LTO beside the plugin, appending to ld.log
cache_link() {
	local d=$1 cache=$2 out=$3 setting=(LTOGUARD_LTO_CACHE="$2")
	shift 3
	[ "$cache" = - ] && setting=(-u LTOGUARD_LTO_CACHE)
	(cd "$d" && env "${setting[@]}" LTOGUARD_CC="$CC" LTOGUARD_LTO="-fplugin=$PLUGIN ${CACHE_LTO:-}" \
		LTOGUARD_LD_LOG=ld.log "$TOP/plugin/kbuild/ltoguard-ld" -e entry -o "$out" a.o b.o k.o "$@") >>"$d/link.log" 2>&1
}

# cache_runs DIR: what each LTO link of ld.log did, "OUTPUT:objtool" (LTO
# ran, then objtool) or "OUTPUT:lto-reused"
cache_runs() {
	awk '/:(objtool|lto-reused) / { sub(/ [0-9.]+$/, ""); print }' "$1/ld.log" | paste -sd' '
}

# new_b DIR N: b.o with b(x) = x * N, -frandom-seed=ltoguard
new_b() {
	printf 'int b(int x) { return x * %d; }\n' "$2" >"$1/b.c"
	(cd "$1" && $CC -O2 -flto -ffat-lto-objects -frandom-seed=ltoguard -fplugin="$PLUGIN" -c b.c -o b.o)
}

# LTOGUARD_LTO_CACHE=1: link-vmlinux.sh's three links, as 6.1 makes them:
# the first without a kallsyms object, so k.c's weak reference to
# kallsyms_num is undefined there and resolved in the second: the
# resolutions differ and the second link runs LTO again; the third
# reuses the second's LTO code, objtool included, and gives the code a
# link without the cache gives.  A changed IR object, or a resolution
# that changes (an object that is not LTO code now calls b), runs LTO
# again.  (Without the cache every link runs LTO.)
run_ltrans_cache_test() {
	local d=$1 runs
	ltrans_tree "$d"
	printf 'extern const int kallsyms_num __attribute__((weak));\n__attribute__((used)) int num(void) { return &kallsyms_num ? kallsyms_num : 0; }\n' >"$d/k.c"
	printf '.section .note.GNU-stack, "", @progbits\n.section .rodata\n.globl kallsyms_num\nkallsyms_num: .long 2\n' >"$d/ksym.S"
	printf '.section .note.GNU-stack, "", @progbits\n.text\n.globl use_b\nuse_b: call b\n' >"$d/use.S"
	(cd "$d" && $CC -O2 -flto -ffat-lto-objects -fplugin="$PLUGIN" -c k.c -o k.o &&
		$CC -c ksym.S -o ksym.o && $CC -c use.S -o use.o) || { bad "ltrans cache: k.o, ksym.o, use.o"; return; }
	rm -f "$d/ld.log" "$d/objtool.calls" "$d/link.log"
	cache_link "$d" 1 .tmp_vmlinux.kallsyms1 && cache_link "$d" 1 .tmp_vmlinux.kallsyms2 ksym.o &&
		cache_link "$d" 1 vmlinux ksym.o && mv "$d/vmlinux" "$d/vmlinux.cached" &&
		cache_link "$d" 0 vmlinux ksym.o
	runs=$(cache_runs "$d")
	if [ "$runs" = ".tmp_vmlinux.kallsyms1:objtool .tmp_vmlinux.kallsyms2:objtool vmlinux:lto-reused vmlinux:objtool" ] &&
	   [ "$(wc -l <"$d/objtool.calls")" -eq 3 ] &&
	   cmp -s <(objdump -d "$d/vmlinux.cached" | tail -n +3) <(objdump -d "$d/vmlinux" | tail -n +3); then
		ok "ltrans: LTOGUARD_LTO_CACHE=1: LTO runs again where the resolutions changed (kallsyms1 -> 2), the last link reuses the LTO code, the code of a link without the cache ($runs)"
	else
		bad "ltrans: LTOGUARD_LTO_CACHE=1: links '$runs': $(grep -v '^$' "$d/link.log" | head -n3)"
	fi
	# b.o rebuilt with a fixed -frandom-seed (reproducible builds), so
	# that its LTO symbol table id, which the resolution file names, stays
	# the same: only its content says it changed
	: >"$d/ld.log"
	new_b "$d" 3 && cache_link "$d" 1 vmlinux ksym.o && cache_link "$d" 1 vmlinux ksym.o &&
		new_b "$d" 4 && cache_link "$d" 1 vmlinux ksym.o && cache_link "$d" 1 vmlinux ksym.o use.o
	runs=$(cache_runs "$d")
	if [ "$runs" = "vmlinux:objtool vmlinux:lto-reused vmlinux:objtool vmlinux:objtool" ] &&
	   objdump -d "$d/vmlinux" | grep -q 'lea .*(,%r[a-z0-9]*,4)'; then
		ok "ltrans: LTOGUARD_LTO_CACHE=1: a changed IR object and a changed resolution run LTO again ($runs)"
	else
		bad "ltrans: LTOGUARD_LTO_CACHE=1 after changes: links '$runs': $(grep -v '^$' "$d/link.log" | head -n3)"
	fi
	run_ltrans_cache_default_test "$d"
}

# The cache is on by default; a keep file is part of the key by its
# content (lto1 reads it: `num` kept global); LTOGUARD_LTO_CACHE=0 runs
# LTO and removes the kept code; another value is an error.
run_ltrans_cache_default_test() {
	local d=$1 runs CACHE_LTO="-fplugin-arg-ltoguard-keep=keep.list"
	: >"$d/ld.log"
	: >"$d/link.log"
	echo b >"$d/keep.list"
	cache_link "$d" - vmlinux ksym.o && cache_link "$d" - vmlinux ksym.o &&
		echo num >>"$d/keep.list" && cache_link "$d" - vmlinux ksym.o &&
		cache_link "$d" 0 vmlinux ksym.o
	runs=$(cache_runs "$d")
	if [ "$runs" = "vmlinux:objtool vmlinux:lto-reused vmlinux:objtool vmlinux:objtool" ] &&
	   ! ls "$d"/.tmp_vmlinux.ltoguard-lto.* >/dev/null 2>&1 &&
	   ! cache_link "$d" yes vmlinux ksym.o &&
	   grep -q 'ltoguard-ld: error: LTOGUARD_LTO_CACHE=yes' "$d/link.log"; then
		ok "ltrans: the LTO code cache is on by default, a keep file's content is in its key, LTOGUARD_LTO_CACHE=0 runs LTO and removes it, another value is an error ($runs)"
	else
		bad "ltrans: the cache by default, keep file: links '$runs': $(grep -v '^$' "$d/link.log" | head -n3)"
	fi
}

# kallsyms_61: Linux 6.1's scripts/kallsyms, built once from
# linux-source-6.1 (one C file, no kernel header)
kallsyms_61() {
	local dir=$TOP/build/kallsyms-6.1 src=linux-source-6.1
	if [ ! -x "$dir/kallsyms" ]; then
		[ -f /usr/src/$src.tar.xz ] || return 1
		rm -rf "$dir" && mkdir -p "$dir" &&
			tar xf /usr/src/$src.tar.xz -C "$dir" $src/scripts/kallsyms.c &&
			$CC -O2 -o "$dir/kallsyms" "$dir/$src/scripts/kallsyms.c" || return 1
	fi
	echo "$dir/kallsyms"
}

# kallsyms_link DIR OUTPUT [KALLSYMS-OBJECT]: one of 6.1 link-vmlinux.sh's
# links (kallsyms_step), in a tree with kbuild's kconfig and exported
# assembler flags, then its kallsyms object OUTPUT.o as kallsyms_step
# makes it
kallsyms_link() {
	local d=$1 out=$2
	shift 2
	(cd "$d" && export CC LINUXINCLUDE="-I$d/include" &&
		env LTOGUARD_CC="$CC" LTOGUARD_LTO="-fplugin=$PLUGIN" LTOGUARD_LD_LOG=ld.log \
			"$TOP/plugin/kbuild/ltoguard-ld" -e entry -o "$out" head.o a.o b.o k.o "$@" &&
		nm -n "$out" >"$out.syms" && scripts/kallsyms --all-symbols "$out.syms" >"$out.S" &&
		$CC "$LINUXINCLUDE" -c -o "$out.o" "$out.S") >>"$d/link.log" 2>&1
}

# kallsyms_steps DIR: link-vmlinux.sh's three links as 6.1 makes them,
# the kallsyms object of each in the next; "OUTPUT:objtool" (LTO ran) or
# "OUTPUT:lto-reused" for each (cache_runs)
kallsyms_steps() {
	rm -f "$1/ld.log" "$1"/.tmp_vmlinux.ltoguard-lto.*
	kallsyms_link "$1" .tmp_vmlinux.kallsyms1 && kallsyms_link "$1" .tmp_vmlinux.kallsyms2 .tmp_vmlinux.kallsyms1.o &&
		kallsyms_link "$1" vmlinux .tmp_vmlinux.kallsyms2.o && cache_runs "$1"
}

# 6.1's kallsyms tables are weak (kernel/kallsyms_internal.h), undefined
# in link-vmlinux.sh's first link, which has no kallsyms object: with
# CONFIG_KALLSYMS ltoguard-ld links an empty one made by scripts/kallsyms
# into it, as 6.12 does, so every link has the same resolutions and LTO
# runs once.  The code is that of a link that runs LTO with the real
# tables.  Control: the tree without CONFIG_KALLSYMS, where ltoguard-ld
# adds nothing, runs LTO twice.
run_ltrans_first_kallsyms_test() {
	local d=$1 tool runs control
	if ! tool=$(kallsyms_61); then
		bad "ltrans: cannot build 6.1's scripts/kallsyms (apt-get install linux-source-6.1)"
		return
	fi
	ltrans_tree "$d" || { bad "ltrans kallsyms: the test objects do not build"; return; }
	mkdir -p "$d/scripts" "$d/include/config" "$d/include/asm"
	cp "$tool" "$d/scripts/kallsyms"
	printf '#define BITS_PER_LONG 64\n' >"$d/include/asm/bitsperlong.h"
	printf 'extern const unsigned int kallsyms_num_syms __attribute__((weak));\n__attribute__((used)) unsigned int num(void) { return &kallsyms_num_syms ? kallsyms_num_syms : 0; }\n' >"$d/k.c"
	printf '.section .note.GNU-stack, "", @progbits\n.text\n.globl _text\n_text: ret\n' >"$d/head.S"
	(cd "$d" && $CC -O2 -flto -ffat-lto-objects -fplugin="$PLUGIN" -c k.c -o k.o && $CC -c head.S -o head.o) ||
		{ bad "ltrans kallsyms: k.o, head.o"; return; }
	: >"$d/link.log"
	printf 'CONFIG_KALLSYMS=y\nCONFIG_KALLSYMS_ALL=y\n' >"$d/include/config/auto.conf"
	runs=$(kallsyms_steps "$d") && cp "$d/vmlinux" "$d/vmlinux.once" &&
		LTOGUARD_LTO_CACHE=0 kallsyms_link "$d" vmlinux .tmp_vmlinux.kallsyms2.o
	printf 'CONFIG_KALLSYMS_ALL=y\n' >"$d/include/config/auto.conf"
	control=$(kallsyms_steps "$d")
	if [ "$runs" = ".tmp_vmlinux.kallsyms1:objtool .tmp_vmlinux.kallsyms2:lto-reused vmlinux:lto-reused" ] &&
	   cmp -s <(objdump -d "$d/vmlinux.once" | tail -n +3) <(objdump -d "$d/vmlinux" | tail -n +3) &&
	   [ "$control" = ".tmp_vmlinux.kallsyms1:objtool .tmp_vmlinux.kallsyms2:objtool vmlinux:lto-reused" ]; then
		ok "ltrans: 6.1's weak kallsyms tables: an empty kallsyms object in the first link, LTO runs once ($runs), the code of an LTO run with the real tables; without CONFIG_KALLSYMS twice ($control)"
	else
		bad "ltrans: 6.1's kallsyms links: '$runs', control '$control': $(grep -v '^$' "$d/link.log" | head -n3)"
	fi
}

# A static that LTO promotes keeps its name (keep/static-names.c) while an
# asm object defines a global of the same name, as asm and C built
# without LTO may: ltoguard-ltrans makes the LTO code's hidden symbols
# local, so the link neither fails ("multiple definition") nor binds the
# asm's call to the C static.  Max partitioning puts clash and its
# callers apart, as the kernel's balanced partitions do.
run_ltrans_clash_test() {
	local d=$1 target asm_clash
	rm -rf "$d"
	mkdir -p "$d"
	printf '%s\n' 'static __attribute__((noinline)) int clash(int x) { return x + 1; }' \
		'__attribute__((noinline)) int c_a(int x) { return clash(x) * 2; }' \
		'__attribute__((noinline)) int c_b(int x) { return clash(x) * 3; }' \
		'int asm_call(int x);' 'int entry(void) { return c_a(1) + c_b(2) + asm_call(3); }' >"$d/c.c"
	# shellcheck disable=SC2016 # $100 and %eax are asm, not the shell's
	printf '%s\n' '.section .note.GNU-stack, "", @progbits' '.text' '.globl clash, asm_call' \
		'.type clash, @function' 'clash: mov $100, %eax' '  ret' \
		'.type asm_call, @function' 'asm_call: call clash' '  ret' >"$d/s.S"
	if ! (cd "$d" && $CC -c s.S -o s.o && $CC -O2 -flto -ffat-lto-objects -fplugin="$PLUGIN" -c c.c -o c.o); then
		bad "ltrans clash: the test objects do not build"
		return
	fi
	(cd "$d" && env LTOGUARD_CC="$CC" LTOGUARD_LTO="-fplugin=$PLUGIN -flto-partition=max" \
		"$TOP/plugin/kbuild/ltoguard-ld" -e entry -o vmlinux c.o s.o) >"$d/link.log" 2>&1
	asm_clash=$(readelf -sW "$d/vmlinux" 2>/dev/null | awk '$8 == "clash" && $5 == "GLOBAL" { print $2 }' | sed 's/^0*//')
	target=$(objdump -d "$d/vmlinux" 2>/dev/null | awk '/<asm_call>:/ { getline; print $(NF - 1) }')
	if [ -n "$asm_clash" ] && [ "$target" = "$asm_clash" ] &&
	   readelf -sW "$d/vmlinux" | awk '$8 == "clash" && $5 == "LOCAL"' | grep -q .; then
		ok "ltrans clash: the promoted static clash keeps its name, local; asm's call goes to asm's global clash ($target)"
	else
		bad "ltrans clash: asm_call calls '$target', asm's clash '$asm_clash': $(head -n3 "$d/link.log")"
	fi
}

# Two files each list a static "setup" in toplevel asm, as 6.1 lists its
# initcalls: cc1 renames each setup.ltoguard.HASH (keep/asm.c), so that
# the one assembler file LTO puts all toplevel asm in has no clash.  GCC's
# own LTO link keeps those names (the control); ltoguard-ltrans gives them
# their own name back, local, each asm table still pointing at its file's
# function.
run_ltrans_static_names_test() {
	local d=$1 f gcc_names names want got
	rm -rf "$d"
	mkdir -p "$d"
	for f in p q; do
		printf '%s
' "static __attribute__((noinline)) int setup(int x) { return x + '$f'; }" \
			"asm(\".pushsection .rodata\\n.globl ${f}_table\\n${f}_table: .quad setup\\n.popsection\");" \
			"int ${f}_call(int x) { return setup(x); }" >"$d/$f.c"
	done
	printf '%s\n' 'int p_call(int), q_call(int);' 'int entry(void) { return p_call(1) + q_call(2); }' >"$d/m.c"
	for f in p q m; do
		(cd "$d" && $CC -O2 -flto -ffat-lto-objects -fplugin="$PLUGIN" -c $f.c -o $f.o) || { bad "ltrans names: $f.c does not build"; return; }
	done
	(cd "$d" && $CC -O2 -flto -fplugin="$PLUGIN" -nostdlib -no-pie -e entry -o gcc-link p.o q.o m.o &&
		env LTOGUARD_CC="$CC" LTOGUARD_LTO="-fplugin=$PLUGIN" \
		"$TOP/plugin/kbuild/ltoguard-ld" -e entry -o vmlinux p.o q.o m.o) >"$d/link.log" 2>&1
	gcc_names=$(readelf -sW "$d/gcc-link" 2>/dev/null | awk '$4 == "FUNC" && $8 ~ /^setup/ { print $8 }' | sort | paste -sd' ')
	names=$(readelf -sW "$d/vmlinux" 2>/dev/null | awk '$4 == "FUNC" && $8 ~ /^setup/ { print $5, $8 }' | sort | paste -sd' ')
	# each table's word is the address of the setup its file defines
	want=$(readelf -sW "$d/vmlinux" 2>/dev/null | awk '$4 == "FUNC" && $8 == "setup" { print $2 }' | sed 's/^0*//' | sort | paste -sd' ')
	got=$(for f in p q; do quad_at "$d/vmlinux" ${f}_table; done | sort | paste -sd' ')
	if [[ "$gcc_names" == *setup.ltoguard.*setup.ltoguard.* ]] && [ "$names" = "LOCAL setup LOCAL setup" ] &&
	   [ "$(echo "$want" | wc -w)" = 2 ] && [ "$got" = "$want" ]; then
		ok "ltrans names: the statics asm names are setup.ltoguard.HASH in GCC's link ($gcc_names), local setup twice in ltoguard's, each table at its own"
	else
		bad "ltrans names: GCC's link '$gcc_names', ltoguard's '$names', tables '$got', functions '$want': $(head -n3 "$d/link.log")"
	fi
}

# quad_at BIN SYMBOL: the 64-bit word at SYMBOL in BIN, in hex without
# leading zeros
quad_at() {
	local a
	a=$(readelf -sW "$1" | awk -v s="$2" '$8 == s { print $2 }')
	[ -n "$a" ] || return 1
	objdump -s --start-address="0x$a" --stop-address="$(printf '0x%x' $((16#$a + 8)))" "$1" |
		awk '/^ [0-9a-f]+ / { print $2 $3 }' | sed 's/\(..\)/\1 /g' |
		awk '{ for (i = NF; i > 0; i--) printf "%s", $i; print "" }' | sed 's/^0*//'
}

# A module's .ko (kbuild's modfinal: ld -r of fat objects) leaves
# ltoguard-ld without its objects' LTO IR: plain ld -r keeps it (the
# premise), binutils' nm then lists the IR's symbols.
run_module_link_test() {
	local d=$1 lto_sections
	(cd "$d" && ld -r -o premise.ko a.o b.o && "$TOP/plugin/kbuild/ltoguard-ld" -r -o m.ko a.o b.o) >"$d/ko.log" 2>&1
	lto_sections=$(readelf -SW "$d/premise.ko" 2>/dev/null | grep -c '\.gnu\.lto_')
	if [ "$lto_sections" -gt 0 ] && ! readelf -SW "$d/m.ko" | grep -q '\.gnu\.\(debug\)\{0,1\}lto_' &&
	   nm "$d/m.ko" | grep -q ' T a$' && [ "$(stat -c %s "$d/m.ko")" -lt "$(stat -c %s "$d/premise.ko")" ]; then
		ok "ltrans: a module's ld -r drops the $lto_sections LTO IR sections ld keeps ($(stat -c %s "$d/premise.ko") -> $(stat -c %s "$d/m.ko") bytes); nm lists its code"
	else
		bad "ltrans: module link: $(head -n3 "$d/ko.log") $(readelf -SW "$d/m.ko" 2>&1 | grep -m2 lto_)"
	fi
}
