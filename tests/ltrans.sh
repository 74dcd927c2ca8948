# SPDX-License-Identifier: GPL-2.0
# Sourced by run-tests.sh: ltoguard-ld runs objtool on the LTO code, with
# the arguments it reads from a kbuild-like object tree (vmlinux.a and
# each member's .NAME.o.cmd), through plugin/ltoguard-ltrans; real cc1,
# lto1 and ld, a stand-in objtool that records how it was called.

# ltrans_tree DIR: a.o and b.o (fat LTO objects) in vmlinux.a, their .cmd
# files ending in kbuild's objtool command, and the stand-in objtool.
ltrans_tree() {
	local d=$1 f
	rm -rf "$d"
	mkdir -p "$d/tools/objtool"
	cat >"$d/tools/objtool/objtool" <<'EOF'
#!/bin/sh
# records its arguments; checks the object is one linked ELF object
echo "$@" >>objtool.calls
obj=$(eval echo "\${$#}")
readelf -h "$obj" | grep -q 'REL (Relocatable file)' || { echo "not relocatable: $obj" >&2; exit 1; }
EOF
	chmod +x "$d/tools/objtool/objtool"
	printf 'int b(int x);\nint a(int x) { return b(x) + 1; }\nint entry(void) { return a(41); }\n' >"$d/a.c"
	printf 'int b(int x) { return x * 2; }\n' >"$d/b.c"
	for f in a b; do
		(cd "$d" && $CC -O2 -flto -ffat-lto-objects -fplugin="$PLUGIN" -c $f.c -o $f.o) || return 1
		printf 'cmd_%s.o := gcc -O2 -c -o %s.o %s.c ; ./tools/objtool/objtool --hacks=jump_label --orc --retpoline   %s.o\n' \
			$f $f $f $f >"$d/.$f.o.cmd"
	done
	(cd "$d" && ar rcs vmlinux.a a.o b.o)
}

# ltrans_link DIR [ENV=VALUE...]: link DIR/vmlinux with ltoguard-ld
ltrans_link() {
	local d=$1
	shift
	(cd "$d" && rm -f objtool.calls vmlinux &&
		env LTOGUARD_CC="$CC" LTOGUARD_LTO="-fplugin=$PLUGIN" LTOGUARD_LD_LOG=ld.log "$@" \
		"$TOP/plugin/ltoguard-ld" -e entry -o vmlinux a.o b.o) >"$d/link.log" 2>&1
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
	# IBT: kbuild's whole-vmlinux.o objtool pass cannot be done per link
	printf 'cmd_vmlinux.o := ld -r -o vmlinux.o ; ./tools/objtool/objtool --ibt --orc --link vmlinux.o\n' >"$d/.vmlinux.o.cmd"
	if ! ltrans_link "$d" && grep -q 'error: CONFIG_X86_KERNEL_IBT' "$d/link.log"; then
		ok "ltrans: an IBT kernel is refused with an error"
	else
		bad "ltrans: an IBT kernel: $(head -n3 "$d/link.log")"
	fi
}
