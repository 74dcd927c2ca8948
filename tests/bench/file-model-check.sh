#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# file-model-check.sh O FILE.o...: how often plugin/perf/file-model.c's
# model of a file's own inlining calls a call "kept" that GCC inlined.
# Not a test (it needs a built kernel tree): a measurement for the
# called-once rule's notes.
#
# For each FILE.o of the plain kernel build in O it compiles the file
# again with the command kbuild recorded (.FILE.o.cmd): once as kbuild
# did (plain), once with -flto, then links the IR alone (-r) twice, with
# the plugin at its defaults (the called-once rule at N = 100) and with
# -fplugin-arg-ltoguard-called-once=1, which keeps every call the model
# says the file kept, however small the callee.  One file's LTO link sees
# the file's own call graph, so GCC makes the file's decisions again;
# every call N = 1 adds is a call the model wrongly called kept.  An i386
# tree's files (-m32 in kbuild's command) link with -m32.  (A call the
# model wrongly called inlined is left to GCC, which inlines or keeps it
# as the file did, so it cannot show here.)  Prints, per file and in total, the direct call
# sites (call or jmp to a symbol, clone suffixes dropped) of the three.
#
# Environment: CC (gcc), PLUGIN (build/gcc-<major>/ltoguard.so),
# CHECK_WORK (scratch, build/file-model-check).
set -u
cd "$(dirname "$0")/../.." || exit 1
TOP=$(pwd)
CC=${CC:-gcc}
PLUGIN=${PLUGIN:-$TOP/build/gcc-$($CC -dumpversion | cut -d. -f1)/ltoguard.so}
WORK=${CHECK_WORK:-$TOP/build/file-model-check}
O=$(cd "$1" && pwd) || exit 1
shift

# call_sites OBJ: "callee count" of OBJ's direct calls and tail calls
call_sites() {
	objdump -dr --no-show-raw-insn "$1" | awk '
	function count(name) { sub(/\..*/, "", name); if (name != "") n[name]++ }
	pending != "" {
		if ($0 ~ /R_(X86_64|386)_(PLT32|PC32)/) { name = $NF; sub(/[-+]0x[0-9a-f]+$/, "", name); count(name) }
		else count(pending)
		pending = ""
	}
	/\t(call|jmp) +[0-9a-f]+ <[^>+]+>$/ { pending = $NF; gsub(/[<>]/, "", pending); next }
	/\t(call|jmp) +[0-9a-f]+ <[^>]+\+0x[0-9a-f]+>$/ { pending = "."; next }
	END { for (k in n) if (k !~ /^__x86_(return_thunk|indirect)/) print k, n[k] }' | sort
}

sum() { awk '{ s += $2 } END { print s + 0 }' "$1"; }

# recorded_cmd O FILE.o: kbuild's compile command for FILE.o, without its
# dependency output and what follows the compiler (objtool, ...)
recorded_cmd() {
	sed -n 's/^\(saved\)\{0,1\}cmd_[^ ]* := //p' "$1/$(dirname "$2")/.$(basename "$2").cmd" |
		head -n1 | sed 's/ ; .*//; s/-Wp,-MMD,[^ ]*//'
}

total_plain=0 total_off=0 total_rule=0 total_extra=0 files=0
for f in "$@"; do
	d=$WORK/$(echo "$f" | tr / _)
	rm -rf "$d"
	mkdir -p "$d"
	cmd=$(recorded_cmd "$O" "$f")
	[ -n "$cmd" ] || { echo "$f: no recorded command" >&2; continue; }
	(cd "$O" && eval "${cmd/-o $f/-o $d/plain.o}" && eval "${cmd/-o $f/-o $d/ir.o} -flto") \
		>"$d/cc1.log" 2>&1 || { echo "$f: compile failed ($d/cc1.log)" >&2; continue; }
	for v in off rule; do
		args=()
		# an i386 tree's IR links with -m32, as its vmlinux link does
		case $cmd in *" -m32 "*) args=(-m32) ;; esac
		[ $v = rule ] && args+=(-fplugin-arg-ltoguard-called-once=1)
		$CC -flto -r -nostdlib -flinker-output=nolto-rel -fplugin="$PLUGIN" "${args[@]}" \
			"$d/ir.o" -o "$d/$v.o" >>"$d/lto.log" 2>&1 ||
			{ echo "$f: LTO link failed ($d/lto.log)" >&2; continue 2; }
	done
	for v in plain off rule; do call_sites "$d/$v.o" >"$d/$v.calls"; done
	extra=$(join -a1 -a2 -e0 -o0,1.2,2.2 "$d/off.calls" "$d/rule.calls" |
		awk '$3 > $2 { s += $3 - $2 } END { print s + 0 }')
	echo "$f: call sites plain $(sum "$d/plain.calls"), LTO $(sum "$d/off.calls"), LTO with called-once=1 $(sum "$d/rule.calls"), $extra kept that GCC inlines"
	total_plain=$((total_plain + $(sum "$d/plain.calls")))
	total_off=$((total_off + $(sum "$d/off.calls")))
	total_rule=$((total_rule + $(sum "$d/rule.calls")))
	total_extra=$((total_extra + extra))
	files=$((files + 1))
done
echo "$files files: call sites plain $total_plain, LTO $total_off, LTO with called-once=1 $total_rule, $total_extra kept that GCC inlines"
