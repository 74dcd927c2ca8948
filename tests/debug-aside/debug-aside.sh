# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by run-tests.sh: ltoguard-debug-aside, which ltoguard-ltrans
# runs around objtool on the LTO code.  Real objects (gcc -g, ld -r) and a
# real objtool: Linux 6.12's, built once from Debian's linux-source-6.12
# into build/objtool-6.12.  Its --prefix (call depth tracking, 6.12 x86_64)
# adds a local __pfx_ symbol before each function, which moves a global
# symbol to the end of the table each time (tools/objtool/elf.c,
# elf_create_symbol): the case where putting the DWARF back must renumber.

ASIDE_TOOL=$TOP/build/ltoguard-debug-aside

# objtool_612: the path of 6.12's objtool, built on first use; fails
# when Debian's linux-source-6.12 is not installed
objtool_612() {
	local dir=$TOP/build/objtool-6.12 src=linux-source-6.12
	if [ ! -x "$dir/$src/tools/objtool/objtool" ]; then
		[ -f /usr/src/$src.tar.xz ] || return 1
		rm -rf "$dir" && mkdir -p "$dir" &&
			tar xf /usr/src/$src.tar.xz -C "$dir" $src/tools $src/scripts $src/include/uapi \
				$src/include/linux/objtool_types.h $src/arch/x86/lib $src/arch/x86/include &&
			make -s -C "$dir/$src/tools/objtool" -j"$(nproc)" >"$dir/build.log" 2>&1 || return 1
	fi
	echo "$dir/$src/tools/objtool/objtool"
}

# aside_objects DIR [CFLAGS...]: DIR/all.o, two -g files linked with ld -r
# as ltoguard-ltrans links the LTRANS objects; their statics get a
# __pfx_ symbol from objtool --prefix, six of them, enough to move the
# globals the DWARF names (counter and other_global, DW_OP_addr)
aside_objects() {
	local d=$1 f emulation=elf_x86_64
	shift
	[[ " $* " == *" -m32 "* ]] && emulation=elf_i386
	rm -rf "$d" && mkdir -p "$d" || return 1
	cat >"$d/t1.c" <<'EOF'
int counter = 1;
int helper(int x);
int twice(int x) { return helper(x) * 2 + counter; }
static int s1(int x) { return x * counter; }
static int s2(int x) { return x - counter; }
int (*pick1(int i))(int) { return i ? s1 : s2; }
EOF
	cat >"$d/t2.c" <<'EOF'
extern int counter;
int other_global = 7;
int helper(int x) { return x + counter + other_global; }
static int s3(int x) { return x * other_global; }
static int s4(int x) { return x - other_global; }
static int s5(int x) { return x + other_global; }
static int s6(int x) { return x / other_global; }
int (*pick2(int i))(int) { return i ? s3 : s4; }
int (*pick3(int i))(int) { return i ? s5 : s6; }
EOF
	for f in t1 t2; do
		$CC -O2 -g -fno-pic -fpatchable-function-entry=16,16 "$@" -c "$d/$f.c" -o "$d/$f.o" || return 1
	done
	ld -m $emulation -r -o "$d/all.o" "$d/t1.o" "$d/t2.o"
}

# object_contents OBJ: what OBJ holds, whatever its layout (libelf lays
# sections out in index order, ld -r does not always): symbols,
# relocations by symbol name, every section's bytes
object_contents() {
	readelf -rsW "$1" | sed 's/at offset 0x[0-9a-f]*//'
	objdump -s "$1" | tail -n +3
}

# symbol_index OBJ NAME: NAME's index in OBJ's symbol table
symbol_index() {
	readelf -sW "$1" | awk -v n="$2" '$8 == n { sub(/:$/, "", $1); print $1 }'
}

run_debug_aside_tests() {
	local d=$BUILD/debug-aside objtool out m
	for m in -m64 -m32; do
		if ! aside_objects "$d$m" "$m"; then
			bad "debug-aside ($m): the test objects do not build"
			continue
		fi
		cp "$d$m/all.o" "$d$m/round.o"
		if "$ASIDE_TOOL" put "$d$m/round.o" "$d$m/stash" &&
		   [ -z "$(readelf -SW "$d$m/round.o" | awk '/\] \.(rela?\.)?debug_/ && $6 !~ /^0+$/')" ] &&
		   "$ASIDE_TOOL" back "$d$m/round.o" "$d$m/stash" &&
		   [ "$(object_contents "$d$m/all.o")" = "$(object_contents "$d$m/round.o")" ]; then
			ok "debug-aside ($m): put empties the .debug_* sections and their relocations, back gives the ld -r object's contents"
		else
			bad "debug-aside ($m): the round trip changed $d$m/round.o"
		fi
	done

	# with 6.12's objtool between put and back: the object objtool writes
	# when it reads the DWARF itself, and objtool must have moved a global
	# that the DWARF names (else the test could not fail)
	if ! objtool=$(objtool_612); then
		bad "debug-aside: cannot build 6.12's objtool (apt-get install linux-source-6.12 libelf-dev)"
		return
	fi
	d=$d-m64
	cp "$d/all.o" "$d/direct.o"
	cp "$d/all.o" "$d/aside.o"
	"$objtool" --orc --prefix=16 --link "$d/direct.o" 2>/dev/null
	"$ASIDE_TOOL" put "$d/aside.o" "$d/stash" &&
		"$objtool" --orc --prefix=16 --link "$d/aside.o" 2>/dev/null &&
		"$ASIDE_TOOL" back "$d/aside.o" "$d/stash"
	out="counter $(symbol_index "$d/all.o" counter) -> $(symbol_index "$d/direct.o" counter)"
	if [ "$(symbol_index "$d/all.o" counter)" = "$(symbol_index "$d/direct.o" counter)" ]; then
		bad "debug-aside objtool: objtool --prefix did not move the global the DWARF names ($out); the test proves nothing"
	elif [ "$(object_contents "$d/direct.o")" = "$(object_contents "$d/aside.o")" ]; then
		ok "debug-aside objtool 6.12 --prefix: the same object as objtool reading the DWARF itself ($out, renumbered)"
	else
		bad "debug-aside objtool: differs from objtool on the whole object: $(diff <(object_contents "$d/direct.o") \
			<(object_contents "$d/aside.o") | head -n4 | tr '\n' ' ')"
	fi

	# what does not fit is an error naming it, and leaves the object alone
	cp "$d/all.o" "$d/other.o"
	"$ASIDE_TOOL" put "$d/other.o" "$d/stash2"
	cp "$d/direct.o" "$d/wrong.o"
	out=$("$ASIDE_TOOL" back "$d/wrong.o" "$d/stash2" 2>&1)
	if [ $? -eq 2 ] && [[ "$out" == *"error: $d/wrong.o: .debug_"*" was filled while set aside"* ]] &&
	   cmp -s "$d/direct.o" "$d/wrong.o"; then
		ok "debug-aside: a stash put back into an object that has its DWARF is refused ($out)"
	else
		bad "debug-aside: back into a full object: '$out'"
	fi
	head -c 100 "$d/stash2" >"$d/short"
	out=$("$ASIDE_TOOL" back "$d/other.o" "$d/short" 2>&1)
	if [ $? -eq 2 ] && [[ "$out" == *"error: $d/short: not a stash of ltoguard-debug-aside"* ]]; then
		ok "debug-aside: a truncated stash is refused ($out)"
	else
		bad "debug-aside: a truncated stash: '$out'"
	fi
	out=$("$ASIDE_TOOL" put "$d/t1.c" "$d/stash3" 2>&1)
	if [ $? -eq 2 ] && [[ "$out" == *"error: $d/t1.c: not an ELF file"* ]]; then
		ok "debug-aside: a file that is not ELF is refused ($out)"
	else
		bad "debug-aside: put on a C file: '$out'"
	fi
}
