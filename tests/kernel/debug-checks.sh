# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by kernel-check.sh: what a distribution's debug kernel gives its
# tools, LTO against plain, for configs with DEBUG_INFO (KCONFIG part
# "btf": DWARF 5 and DEBUG_INFO_BTF).  Each check takes K, the plain
# kernel's directory P and the LTO kernel's O, both booted.
#   BTF    the kernel serves the .BTF it was linked with
#          (/sys/kernel/btf/vmlinux, init.c prints its size and CRC); every
#          named type of the plain kernel's BTF is in the LTO kernel's with
#          the same layout; resolve_btfids leaves no ID unresolved that it
#          resolves without LTO; FUNC records counted (ltoguard-btf.txt
#          says which functions LTO inlined away, dropped or renamed)
#   module BTF  the test module's BTF, made against the LTO vmlinux's,
#          is validated by the kernel and served in sysfs
#   DWARF  addr2line gives a sample of functions' addresses their own
#          name and source file, as in the plain kernel; decode_stacktrace.sh
#          gives the test module's dump_stack() frames file:line

# btf_shapes DUMP: each named type of a BTF dump (bpftool btf dump file
# VMLINUX) but functions, one
# line with its size and members (name, bit offset, what their type is,
# type ids replaced by the names they lead to), sorted
btf_shapes() {
	awk '
	/^\[[0-9]+\] / {
		id = substr($1, 2, length($1) - 2) + 0; cur = id
		kind[id] = $2
		match($0, /'\''[^'\'']*'\''/); name[id] = substr($0, RSTART + 1, RLENGTH - 2)
		ref[id] = ""; size[id] = ""; nmem[id] = 0
		for (i = 3; i <= NF; i++) {
			if ($i ~ /^(ret_)?type_id=/) { sub(/^[a-z_]*=/, "", $i); ref[id] = $i }
			else if ($i ~ /^(size|nr_elems|encoding)=/) size[id] = size[id] " " $i
		}
		next
	}
	/^\t/ {
		m = ++nmem[cur]; line = $0; sub(/^\t/, "", line)
		match(line, /'\''[^'\'']*'\''/); nm = substr(line, RSTART + 1, RLENGTH - 2)
		t = ""; off = ""
		if (match(line, /type_id=[0-9]+/)) t = substr(line, RSTART + 8, RLENGTH - 8)
		if (match(line, /bits_offset=[0-9]+/)) off = substr(line, RSTART, RLENGTH)
		if (match(line, /bitfield_size=[0-9]+/)) off = off " " substr(line, RSTART, RLENGTH)
		if (kind[cur] ~ /ENUM/) { val = line; sub(/^'\''[^'\'']*'\'' */, "", val); mem[cur, m] = nm " " val }
		else mem[cur, m] = nm " " off (t == "" ? "" : " <" t ">")
	}
	function render(id, depth,    k, s) {
		if (id == 0) return "void"
		k = kind[id]
		if (name[id] != "(anon)" || depth > 3) return k " " name[id]
		s = k
		if (ref[id] != "") s = s " " render(ref[id], depth + 1)
		if (k == "ARRAY") s = s size[id]
		return s
	}
	END {
		for (id in kind) {
			if (kind[id] ~ /^FUNC/ || name[id] == "(anon)") continue
			line = kind[id] " " name[id] size[id]
			if (ref[id] != "") line = line " -> " render(ref[id], 1)
			for (m = 1; m <= nmem[id]; m++) {
				s = mem[id, m]
				while (match(s, /<[0-9]+>/))
					s = substr(s, 1, RSTART - 1) render(substr(s, RSTART + 1, RLENGTH - 2) + 0, 1) substr(s, RSTART + RLENGTH)
				part[m] = s
			}
			# a DATASEC (.data..percpu) lists its variables in address
			# order, which LTO partitioning changes: a set
			if (kind[id] == "DATASEC")
				for (m = 2; m <= nmem[id]; m++)
					for (j = m; j > 1 && part[j - 1] > part[j]; j--) {
						s = part[j]; part[j] = part[j - 1]; part[j - 1] = s
					}
			for (m = 1; m <= nmem[id]; m++)
				line = line " | " part[m]
			print line
		}
	}' "$1" | sort
}

# btf_count DUMP KIND: how many records of KIND a BTF dump has
btf_count() {
	grep -c "^\[[0-9]*\] $2 " "$1"
}

# section_crc VMLINUX: "SIZE CRC32" of its .BTF, as init.c prints the
# kernel's (the CRC of gzip's trailer)
section_crc() {
	local tmp
	tmp=$(mktemp)
	objcopy --dump-section .BTF="$tmp" "$1" "$tmp.elf" 2>/dev/null
	rm -f "$tmp.elf"
	printf '%s %s\n' "$(stat -c %s "$tmp")" "$(gzip -c "$tmp" | tail -c8 | od -An -tx4 -N4 | tr -d ' ')"
	rm -f "$tmp"
}

# btf_served O WHAT: "SIZE CRC32" of the BTF the test /init read from sysfs
# in O's boot ("btf": vmlinux's, "module-btf": the test module's)
btf_served() {
	tr -d '\r' <"$1/boot.log" | sed -n "s/^ltoguard-init: $2 //p"
}

# unresolved LOG: resolve_btfids's unresolved names in a build log
unresolved() {
	sed -n 's/^WARN: resolve_btfids: unresolved symbol //p' "$1" | sort -u
}

check_btf() {
	local k=$1 p=$2 o=$3 served want missing new
	served=$(btf_served "$o" btf)
	want=$(section_crc "$o/vmlinux")
	if [ -n "$served" ] && [ "$served" = "$want" ]; then
		ok "$k LTO+ltoguard: /sys/kernel/btf/vmlinux is vmlinux's .BTF ($served)"
	else
		bad "$k LTO+ltoguard: /sys/kernel/btf/vmlinux '${served:-none}', vmlinux's .BTF '$want'"
	fi
	bpftool btf dump file "$p/vmlinux" >"$o/btf-plain.txt"
	bpftool btf dump file "$o/vmlinux" >"$o/btf-lto.txt"
	btf_shapes "$o/btf-plain.txt" >"$o/btf-plain.shapes"
	btf_shapes "$o/btf-lto.txt" >"$o/btf-lto.shapes"
	missing=$(comm -23 "$o/btf-plain.shapes" "$o/btf-lto.shapes" | wc -l)
	if [ -s "$o/btf-plain.shapes" ] && [ "$missing" = 0 ]; then
		ok "$k LTO+ltoguard: all $(wc -l <"$o/btf-plain.shapes") named types of the plain kernel's BTF, same layout; FUNC records $(btf_count "$o/btf-lto.txt" FUNC) (plain $(btf_count "$o/btf-plain.txt" FUNC); $(wc -l <"$o/ltoguard-btf.txt" 2>/dev/null || echo ?) functions LTO inlined away, dropped or renamed)"
	else
		bad "$k LTO+ltoguard: $missing named BTF types missing or different: $(comm -23 "$o/btf-plain.shapes" "$o/btf-lto.shapes" | head -n2 | cut -c1-160)"
	fi
	new=$(comm -13 <(unresolved "$p/build.log") <(unresolved "$o/build.log") | paste -sd' ')
	if [ -z "$new" ]; then
		ok "$k LTO+ltoguard: resolve_btfids resolved every ID the plain kernel's resolves ($(unresolved "$p/build.log" | wc -l) unresolved in both)"
	else
		bad "$k LTO+ltoguard: resolve_btfids left unresolved: $new"
	fi
}

# sample_functions P O: 40 global functions both kernels have, spread over
# the LTO kernel's symbol table, "NAME ADDRESS" (the LTO kernel's address).
# Not objtool's __pfx_NAME and __cfi_NAME (6.12 call depth tracking,
# FineIBT): they name the padding before a function, which no function's
# DWARF covers (the plain kernel's addr2line gives "??"; in an LTRANS
# unit the line table may go on from the function before).
sample_functions() {
	readelf -sW "$1/vmlinux" | awk '$4 == "FUNC" && $5 == "GLOBAL" && $8 !~ /^__(pfx|cfi)_/ { print $8 }' |
		sort -u >"$2/plain-globals.txt"
	readelf -sW "$2/vmlinux" | awk '$4 == "FUNC" && $5 == "GLOBAL" && $3 > 0 { print $8, $2 }' | sort -u |
		awk 'NR == FNR { have[$1] = 1; next } $1 in have' "$2/plain-globals.txt" - |
		awk '{ all[NR] = $0 } END { for (i = 1; i <= 40 && NR; i++) print all[int((i - 0.5) * NR / 40) + 1] }'
}

# where VMLINUX < "NAME ADDRESS": "NAME FUNCTION FILE" per line, the
# outermost function and the source file addr2line gives for ADDRESS
where() {
	local names
	names=$(cat)
	awk '{ print "0x" $2 }' <<<"$names" | addr2line -a -f -i -e "$1" | awk '
		/^0x[0-9a-f]+$/ { if (n) print fn, file; n++; k = 0; next }
		{ if (k++ % 2 == 0) fn = $0
		  else { file = $0; sub(/[: ].*/, "", file); sub(/.*\//, "", file) } }
		END { if (n) print fn, file }' | paste -d' ' <(awk '{ print $1 }' <<<"$names") -
}

# reread VMLINUX SAMPLE WHERE: WHERE (rows "NAME FUNCTION FILE" of
# SAMPLE's functions, as where gives them) with each file addr2line gave
# as "<artificial>" read again by gdb.  binutils 2.40's addr2line names
# some rows of an LTRANS unit's DWARF 5 line table after the unit,
# "<artificial>", where gdb, readelf --debug-dump=decodedline and
# llvm-symbolizer read the file the row names (6.1 Debian cloud-amd64:
# 493 of 38,532 functions' first addresses; the kernel built without LTO
# has no such unit)
reread() {
	local args=() addr
	while read -r _ addr; do
		args+=(-ex "info line *0x$addr")
	done < <(awk 'NR == FNR { if ($3 == "<artificial>") want[$1] = 1; next } $1 in want' "$3" "$2")
	if [ ${#args[@]} -eq 0 ]; then
		cat "$3"
		return
	fi
	gdb -batch -nx "${args[@]}" "$1" 2>/dev/null |
		sed -n -e 's|^Line [0-9]* of "\([^"]*\)".*|\1|p' -e 's/^No line number information.*/??/p' |
		sed 's|.*/||' | awk 'NR == FNR { file[++n] = $0; next }
			$3 == "<artificial>" { $3 = file[++i] } { print }' - "$3"
}

check_dwarf() {
	local k=$1 p=$2 o=$3 wrong header artificial
	sample_functions "$p" "$o" >"$o/dwarf-sample.txt"
	where "$o/vmlinux" <"$o/dwarf-sample.txt" >"$o/dwarf-lto.addr2line"
	artificial=$(awk '$3 == "<artificial>"' "$o/dwarf-lto.addr2line" | wc -l)
	reread "$o/vmlinux" "$o/dwarf-sample.txt" "$o/dwarf-lto.addr2line" >"$o/dwarf-lto.txt"
	readelf -sW "$p/vmlinux" | awk 'NR == FNR { want[$1] = 1; next } $4 == "FUNC" && $5 == "GLOBAL" && ($8 in want) { print $8, $2 }' \
		"$o/dwarf-sample.txt" - | sort -u -k1,1 | where "$p/vmlinux" >"$o/dwarf-plain.txt"
	# the function must be the same; the file too, but for code a macro of
	# a header expands (TRACE_EVENT's __traceiter_*), whose lines LTO's
	# DWARF may give to the header rather than the .c file
	wrong=$(join "$o/dwarf-lto.txt" "$o/dwarf-plain.txt" |
		awk '$1 != $2 || ($3 != $5 && $3 !~ /\.h$/) { print $1 " -> " $2 " " $3 " (plain " $5 ")" }')
	header=$(join "$o/dwarf-lto.txt" "$o/dwarf-plain.txt" | awk '$3 != $5 && $3 ~ /\.h$/' | wc -l)
	if [ "$(wc -l <"$o/dwarf-lto.txt")" -ge 20 ] && [ -z "$wrong" ] &&
	   [ "$(join "$o/dwarf-lto.txt" "$o/dwarf-plain.txt" | wc -l)" = "$(wc -l <"$o/dwarf-lto.txt")" ]; then
		ok "$k LTO+ltoguard: addr2line names the function and source file of $(wc -l <"$o/dwarf-lto.txt") sampled functions as in the plain kernel ($header in the header whose macro made them; $artificial files addr2line gave as <artificial>, read by gdb)"
	else
		bad "$k LTO+ltoguard: addr2line: $(head -n3 <<<"$wrong" | paste -sd';')"
	fi
	decoded_frames "$p" | from_caller >"$o/decoded-plain.txt"
	decoded_frames "$o" | from_caller >"$o/decoded.txt"
	# the same functions in the same source files; lines may move
	if [ -s "$o/decoded-plain.txt" ] &&
	   [ "$(sed 's/:[0-9]*$//' "$o/decoded.txt")" = "$(sed 's/:[0-9]*$//' "$o/decoded-plain.txt")" ]; then
		ok "$k LTO+ltoguard: decode_stacktrace.sh gives dump_stack()'s $(wc -l <"$o/decoded.txt") frames the plain kernel's functions and files: $(paste -sd' ' "$o/decoded.txt")"
	else
		bad "$k LTO+ltoguard: decode_stacktrace.sh: '$(paste -sd' ' "$o/decoded.txt")', plain '$(paste -sd' ' "$o/decoded-plain.txt")'"
	fi
}

# from_caller: decoded frames ("FUNCTION FILE:LINE") from the first that
# is not the stack dump's own (dump_stack, dump_stack_lvl, show_stack).
# Which of those the trace shows depends on inlining: plain 6.12 starts at
# dump_stack_lvl, which calls show_stack; LTO inlines show_stack
# (arch/x86/kernel/dumpstack.c) into dump_stack_lvl (lib/dump_stack.c),
# which then tail-calls __show_trace_log_lvl, and the trace starts at
# dump_stack's caller.
from_caller() {
	awk 'seen || $1 !~ /^(dump_stack|dump_stack_lvl|show_stack)$/ { seen = 1; print }'
}

# decoded_frames DIR: the test module's dump_stack() trace from DIR's boot
# log through the kernel's decode_stacktrace.sh, "FUNCTION FILE:LINE" per
# frame it resolved ("func (a.h:137 lib/dump_stack.c:110)": the last is
# the function's own line, the others what was inlined there; PRINTK_TIME
# puts "[    2.107497] " before it, addr2line may add "(discriminator 1)")
decoded_frames() {
	local src
	src=$(readlink -f "$1/source")
	sed -n '/ltoguard-kmod: stack trace:/,/ltoguard-kmod: end of stack trace/p' "$1/boot.log" | tr -d '\r' |
		"$src/scripts/decode_stacktrace.sh" "$1/vmlinux" "$src" "$1/kmod" 2>/dev/null |
		sed -n -e 's/^\[ *[0-9.]*\] //' -e 's/ (discriminator [0-9]*)//g' \
			-e 's/^ *\([A-Za-z0-9_.]*\) (\([^)]* \)\{0,1\}\([^ )]*:[0-9]*\)) *.*/\1 \3/p' |
		sed 's| [^ ]*/| |'
}

# DEBUG_INFO_BTF_MODULES: the test module has its own .BTF, made against
# the LTO vmlinux's (pahole --btf_base), and the kernel serves it as
# /sys/kernel/btf/ltoguard_test (init.c prints its size and CRC), which it
# does only for a module whose BTF it validated against its own: loading
# alone proves nothing where MODULE_ALLOW_BTF_MISMATCH lets a module with
# bad BTF load (Debian's configs)
check_module_btf() {
	local k=$1 o=$3 ko=$3/kmod/ltoguard_test.ko served want
	served=$(btf_served "$o" module-btf)
	want=$(section_crc "$ko")
	if [ -n "$served" ] && [ "$served" = "$want" ]; then
		ok "$k LTO+ltoguard: the LTO kernel validated the test module's BTF and serves it (/sys/kernel/btf/ltoguard_test: $served)"
	else
		bad "$k LTO+ltoguard: the test module's .BTF is '$want', the kernel serves '${served:-nothing}': $(tr -d '\r' <"$o/boot.log" | grep -m1 -E 'BTF mismatch|validate module|finit_module')"
	fi
}

debug_checks() {
	local c=$3/.config
	grep -q '^CONFIG_DEBUG_INFO_BTF=y' "$c" && check_btf "$@"
	grep -q '^CONFIG_DEBUG_INFO_BTF_MODULES=y' "$c" && check_module_btf "$@"
	grep -q '^CONFIG_DEBUG_INFO=y' "$c" && check_dwarf "$@"
}
