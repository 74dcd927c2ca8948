#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# make kernel-check: real kernels from Debian's linux-source packages,
# tinyconfig plus kernel-fixtures/kernel/configs/*.config, each built three ways:
#   plain     no LTO (the reference),
#   lto       -flto -ffat-lto-objects, ltoguard in cc1 and in the vmlinux
#             LTO link (plugin/kbuild/ltoguard-ld),
#   control   the same LTO build without ltoguard: it must fail to link or
#             to boot, and what it did is recorded.  For the distro config
#             with objtool (x86_64) the control is instead the LTO build
#             with ltoguard but without objtool on the LTO code
#             (LTOGUARD_OBJTOOL=none): ltoguard-kcheck must fail it.
# The out-of-tree module kernel-fixtures/kernel/kmod is built against each
# kernel that links; each is booted in QEMU (software emulation) with an
# initramfs whose static /init loads the module and prints a pass marker.
# The LTO kernel must boot, load the module, run its built-in initcalls
# in the plain kernel's order, and keep every export of the plain kernel
# global; LTO must really have happened.
#
# Configs (KCONFIG, or a third part of a KERNELS entry):
#   base       tinyconfig + base.config + ARCH.config (the default)
#   distro     base + distro.config + distro-ARCH.config + kunit.config:
#              -O2, ORC or frame pointers, ftrace, retpolines, return
#              thunks, SLS, jump labels, stack protector, KUnit; checked
#              with ltoguard-kcheck, the function tracer, a stack trace,
#              return-thunk patching and KUnit's results against plain's
#   defconfig  ARCH_defconfig + base.config (hours on 2 cores; not in CI)
#   debian     Debian's cloud-amd64 config (linux-config-VERSION), x86_64,
#              modules reduced with localmodconfig (kbuild.sh's
#              debian_config; about an hour and a half here; not in CI)
# and the parts tests/kernel/kbuild.sh knows, joined by "+" (o2, net:
# make bench's; e.g. KCONFIG=o2+net checks the benchmark kernels; btf:
# DWARF and BTF, checked by tests/kernel/debug-checks.sh, e.g.
# KCONFIG=distro+btf, about 40 minutes here, not in CI).
#
# Environment: CC, PLUGIN, KCHECK (set by the Makefile); KERNELS
# ("6.1-x86_64" by default; VERSION-ARCH[-CONFIG], ARCH x86_64 or i386;
# "all" for the four of KCONFIG); KCONFIG (base); KERNEL_WORK (scratch,
# default build/kernel); KERNEL_REUSE=1 keeps finished builds of the
# same config and tools (build_one in kbuild.sh): a defconfig run stopped
# half-way goes on from its last finished build.  The source tree is
# made read-only: every build uses O=.
set -u
cd "$(dirname "$0")/../.." || exit 1
TOP=$(pwd)
export LC_ALL=C
CC=${CC:-gcc}
KERNELS=${KERNELS:-6.1-x86_64}
KCONFIG=${KCONFIG:-base}
[ "$KERNELS" = all ] && KERNELS="6.1-x86_64 6.1-i386 6.12-x86_64 6.12-i386"
WORK=${KERNEL_WORK:-$TOP/build/kernel}
REUSE=${KERNEL_REUSE:-0}
JOBS=$(nproc)
FIX=$TOP/kernel-fixtures
. "$TOP/tests/kernel/kbuild.sh"
. "$TOP/tests/kernel/debug-checks.sh"

. "$TOP/tests/lib/verdicts.sh"
mkdir -p "$WORK"
table=$WORK/table.txt
: >"$table"

# The initcalls a boot ran, in order, with compiler suffixes taken off.
initcall_order() {
	sed -n 's/.*calling  *\([^+ ]*\)+.*/\1/p' "$1" | sed 's/\..*//'
}

# How many of the test module's imports carry a CRC (its __versions
# section: CRC and name per imported symbol, MODVERSIONS).
module_crcs() {
	objcopy -O binary --only-section=__versions "$1" /dev/stdout 2>/dev/null |
		tr -c 'A-Za-z0-9_\n' '\n' | grep -cE '^(kstrtoint|ktime_get|jiffies|insert_resource_expand_to_fit)$'
}

# Cross-file inlining: global functions that the plain kernel calls (so
# some caller, in a non-LTO build one in another file, did not inline
# them) and that the LTO kernel no longer has under any name.
inlined_everywhere() {
	comm -12 <(objdump -d --no-show-raw-insn "$1" |
			sed -n 's/.*call *[0-9a-f]* <\([^+>]*\)>$/\1/p' | sort -u) \
		<(readelf -sW "$1" | awk '$4 == "FUNC" && $5 == "GLOBAL" { print $8 }' | sort -u) |
		comm -23 - <(readelf -sW "$2" | awk '$4 == "FUNC" { print $8 }' | sed 's/[.].*//' | sort -u) |
		wc -l
}

global_funcs() {
	readelf -sW "$1" | awk '$4 == "FUNC" && $5 == "GLOBAL" && $6 == "DEFAULT"' | wc -l
}

all_funcs() {
	readelf -sW "$1" | awk '$4 == "FUNC"' | wc -l
}

# lto_runs LOG: "RUNS LINKS": of the vmlinux links in ltoguard-ld's log
# ("OUTPUT SECONDS PEAK-KB" each), how many ran LTO; the others reused
# the LTO code ("OUTPUT:lto-reused N", ltoguard-ltrans)
lto_runs() {
	awk 'NF == 3 && $1 !~ /:/ { links++ } $1 ~ /:lto-reused$/ { reused++ }
		END { print links - reused, links + 0 }' "$1"
}

# exported names of a vmlinux: its __ksymtab_NAME labels
exports_of() {
	# not the section symbols __ksymtab_gpl and __ksymtab_strings, which
	# readelf names in vmlinux files linked with --emit-relocs (defconfig)
	readelf -sW "$1" | awk '$4 != "SECTION" { print $8 }' | sed -n 's/^__ksymtab_//p' | sort -u
}

# The frames of the test module's dump_stack(), "? " kept for the
# unreliable ones the unwinder guessed.
stack_frames() {
	sed -n '/ltoguard-kmod: stack trace:/,/ltoguard-kmod: end of stack trace/p' "$1" |
		sed -n 's/^\[[^]]*\] *//; s/^ *\(? \)\{0,1\}\([A-Za-z0-9_.]*\)+0x[0-9a-f]*\/.*/\1\2/p'
}

# The reliable frames from the test module's on, names without suffixes.
reliable_chain() {
	stack_frames "$1" | grep -v '^? ' | sed 's/[.].*//' | sed -n '/^ltoguard_test_init$/,$p'
}

getppid_ns() {
	sed -n 's/^ltoguard-init: getppid x100000: \([0-9]*\) ns.*/\1/p' "$1" | head -n1
}

# objtool warnings of a build, as "function: message" (LTRANS objects
# have temporary names, offsets move)
objtool_warnings() {
	grep 'warning: objtool: ' "$1" | sed 's/.*warning: objtool: //; s/^\([A-Za-z0-9_]*\)[.+][^:]*:/\1:/' | sort -u
}

# The code symbols at _text, where the decompressor's jump lands in the
# plain kernel: head_64.S's startup_64 (head_32.S's startup_32), whose
# object leads vmlinux.a (scripts/head-object-list.txt).  Not _text and
# _stext themselves.
head_symbols() {
	nm "$1" | awk '{ v[NR] = $1; t[NR] = $2; n[NR] = $3 } $3 == "_text" { a = $1 }
		END { for (i = 1; i <= NR; i++) if (v[i] == a && t[i] ~ /^[Tt]$/ && n[i] !~ /^_s?text$/) print n[i] }' |
		sort | paste -sd' '
}

check_head() {
	local k=$1 p=$2 o=$3 want got
	want=$(head_symbols "$p/vmlinux")
	got=$(head_symbols "$o/vmlinux")
	if [ -n "$want" ] && [ "$want" = "$got" ]; then
		ok "$k LTO+ltoguard: $got at _text, as in the plain kernel"
	else
		bad "$k LTO+ltoguard: '$got' at _text, the plain kernel has '$want' there"
	fi
}

# Where a boot log warned: "file:line" of each WARNING and BUG (the
# kernel's own checks, e.g. apply_ibt_endbr on a seal entry that is no
# ENDBR, jump_label on an unexpected instruction).
boot_warnings() {
	grep -oE '(WARNING: CPU: [0-9]+ PID: [0-9]+ at|kernel BUG at) [^ ]+' "$1" | sed 's/.* //' | sort -u
}

check_boot_warnings() {
	local k=$1 p=$2 o=$3 new
	new=$(comm -13 <(boot_warnings "$p/boot.log") <(boot_warnings "$o/boot.log"))
	if [ -z "$new" ]; then
		ok "$k LTO+ltoguard: no kernel warning at boot that the plain kernel does not print ($(boot_warnings "$o/boot.log" | wc -l) in all)"
	else
		bad "$k LTO+ltoguard: kernel warnings at boot the plain kernel does not print: $(echo "$new" | head -3 | tr '\n' ' ')"
	fi
}

# MODULE_SIG: the LTO kernel booted with module.sig_enforce=1 and loaded
# the test module signed with the tree's key (sign_module in kbuild.sh),
# which its keyring (certs/system_certificates.S, asm) holds; the same
# module unsigned is rejected (the check's control).
check_module_signature() {
	local k=$1 o=$2 arch=$3 log=$2/boot-unsigned.log
	if ! module_loaded "$o/boot.log" ||
	   ! grep -q 'module.sig_enforce=1' "$o/boot.log"; then
		bad "$k LTO+ltoguard: the signed module did not load with module.sig_enforce=1: $(grep -m1 -E 'finit_module|Loading of' "$o/boot.log")"
		return
	fi
	initramfs "$o" "$arch" "$FIX/kernel/init.c" "$o/initramfs-unsigned.cpio" "$o/kmod/ltoguard_test.ko.unsigned"
	if ! boot "$o" "$arch" "$o/initramfs-unsigned.cpio" "$log" &&
	   grep -q 'Loading of unsigned module is rejected' "$log"; then
		ok "$k LTO+ltoguard: with module.sig_enforce=1 the signed module loaded and the unsigned one was rejected"
	else
		bad "$k LTO+ltoguard: the unsigned module was not rejected: $(grep -m1 -E 'finit_module|Loading of' "$log")"
	fi
}

# The distro checks: each takes K, the plain and the LTO object trees.
check_tables() {
	local k=$1 p=$2 o=$3
	if "$KCHECK" --baseline "$p/vmlinux" "$o/vmlinux" >"$o/kcheck.txt" 2>&1; then
		ok "$k LTO+ltoguard: ltoguard-kcheck: $(sed 's/^PASS: \([^:]*\): \([0-9]*\) \([a-z]*\).*/\1 \2 \3/' "$o/kcheck.txt" | paste -sd, | sed 's/,/, /g')"
	else
		bad "$k LTO+ltoguard: ltoguard-kcheck: $(grep -v '^PASS' "$o/kcheck.txt" | head -3 | tr '\n' ' ')"
	fi
}

check_tracer() {
	local k=$1 o=$3
	if grep -q 'ltoguard-init: trace: .*ktime_get <-ltoguard_test_init' "$o/boot.log"; then
		ok "$k LTO+ltoguard: the function tracer recorded the module's ktime_get call"
	else
		bad "$k LTO+ltoguard: the function tracer recorded nothing: $(grep -m1 -E 'ftrace|ltoguard-init: (no tracefs|cannot)' "$o/boot.log")"
	fi
}

# The unwound chain from the module's frame on: the plain kernel's frames
# that are still functions in the LTO kernel, in order ("? name" lines are
# stale return addresses the unwinder prints beside the chain, not part
# of it; LTO changes what is stale), ending at the same entry frame.
check_stack() {
	local k=$1 p=$2 o=$3 n f
	reliable_chain "$p/boot.log" >"$o/stack-plain.txt"
	reliable_chain "$o/boot.log" >"$o/stack-lto.txt"
	readelf -sW "$o/vmlinux" | awk '$4 == "FUNC" { sub(/[.].*/, "", $8); print $8 }' | sort -u >"$o/lto-funcs.txt"
	n=$(wc -l <"$o/stack-lto.txt")
	f=$(tail -n1 "$o/stack-plain.txt")
	if [ "$n" -gt 2 ] && [ "$(tail -n1 "$o/stack-lto.txt")" = "$f" ] &&
	   awk 'FILENAME == ARGV[1] { have[$1] = 1; next }
		FILENAME == ARGV[2] { lto[++nl] = $1; next }
		$1 in have { want[++nw] = $1 }
		END { j = 1; for (i = 1; i <= nl && j <= nw; i++) if (lto[i] == want[j]) j++; exit j <= nw }' \
		"$o/lto-funcs.txt" "$o/stack-lto.txt" "$o/stack-plain.txt"; then
		ok "$k LTO+ltoguard: dump_stack() unwound $n frames through LTO code to $f: $(tr '\n' ' ' <"$o/stack-lto.txt")"
	else
		bad "$k LTO+ltoguard: dump_stack() chain differs from plain ($(tr '\n' ' ' <"$o/stack-plain.txt")): $(stack_frames "$o/boot.log" | tr '\n' ' ')"
	fi
}

# mitigations=off: the LTO kernel patched the return thunks the plain one
# patches (only what objtool listed: none on i386).
check_returns() {
	local k=$1 p=$2 o=$3 n
	local patched='ltoguard-kmod: returns [a-z_]*: thunk-jumps=0 patched-rets=[1-9]'
	n=$(grep -c "$patched" "$o/boot.log")
	if [ "$(grep -c "$patched" "$p/boot.log")" -ne 2 ]; then
		echo "$k: return thunks: the plain kernel does not patch them either: $(grep 'ltoguard-kmod: returns' "$p/boot.log" | tr '\n' ' ')" >>"$table.reasons"
	elif [ "$n" -eq 2 ]; then
		ok "$k LTO+ltoguard: mitigations=off patched the return thunks of kstrtoint and ktime_get"
	else
		bad "$k LTO+ltoguard: return thunks left unpatched: $(grep 'ltoguard-kmod: returns' "$o/boot.log" | tr '\n' ' ')"
	fi
}

check_objtool_warnings() {
	local k=$1 p=$2 o=$3 n
	objtool_warnings "$p/build.log" >"$p/objtool-warnings.txt"
	objtool_warnings "$o/build.log" >"$o/objtool-warnings.txt"
	n=$(comm -13 "$p/objtool-warnings.txt" "$o/objtool-warnings.txt" | wc -l)
	if [ "$n" -eq 0 ]; then
		ok "$k LTO+ltoguard: no objtool warning the plain build does not print ($(wc -l <"$o/objtool-warnings.txt") in all)"
	else
		bad "$k LTO+ltoguard: $n objtool warnings the plain build does not print: $(comm -13 "$p/objtool-warnings.txt" "$o/objtool-warnings.txt" | head -3 | tr '\n' ' ')"
	fi
}

# kunit_results SRC LOG: each KUnit test case a boot log reports, as
# "suite.case<TAB>STATUS" (PASS, SKIP, FAIL, ERROR: kunit_json.py's
# words; a parameter's case name may have spaces),
# read by the kernel's own KTAP parser (kunit.py parse) and sorted.
# Nested groups (6.12 reads parameters as one) join their names by ".".
kunit_results() {
	# -B: no __pycache__ in the read-only source tree (root could write it)
	python3 -B "$1/tools/testing/kunit/kunit.py" parse --json="$2.kunit.json" "$2" >"$2.kunit.txt" 2>&1
	jq -r 'def cases($p): (.test_cases[] | "\($p)\(.name)\t\(.status)"),
			(.sub_groups[] | cases($p + .name + "."));
		.sub_groups[] | cases(.name + ".")' "$2.kunit.json" 2>/dev/null | sort
}

# kunit_counts RESULTS: "N suites, P passed, S skipped, F failed"
kunit_counts() {
	awk -F'\t' '{ sub(/[.].*/, "", $1); suite[$1] = 1; n[$2]++ }
		END { printf "%d suites, %d passed, %d skipped, %d failed\n", length(suite), n["PASS"], n["SKIP"], n["FAIL"] + n["ERROR"] }' "$1"
}

# kunit_passed RESULTS: the cases that passed, sorted
kunit_passed() {
	awk -F'\t' '$2 == "PASS" { print $1 }' "$1"
}

# kunit_lost PLAIN LTO: the cases that pass in PLAIN's results and do
# not pass (or do not run) in LTO's
kunit_lost() {
	comm -23 <(kunit_passed "$1") <(kunit_passed "$2")
}

# check_kunit K SRC PLAIN LTO: every KUnit case the plain kernel passes,
# the LTO kernel passes.  The comparison is first shown to fail: LTO's
# log with its first passing case's line turned "not ok" must lose it.
check_kunit() {
	local k=$1 src=$2 p=$3 o=$4 lost
	kunit_results "$src" "$p/boot.log" >"$p/kunit.txt"
	kunit_results "$src" "$o/boot.log" >"$o/kunit.txt"
	if ! grep -q '	PASS$' "$p/kunit.txt"; then
		bad "$k: the plain kernel ran no KUnit case that passed (see $p/boot.log.kunit.txt)"
		return
	fi
	# a case's line: "    ok N name", after the console's time stamp if any
	sed '0,/^\(\(\[[^]]*\] *\)\{0,1\}    \)ok \([0-9]\)/s//\1not ok \3/' \
		"$o/boot.log" >"$o/boot-flipped.log"
	kunit_results "$src" "$o/boot-flipped.log" >"$o/kunit-flipped.txt"
	if [ "$(kunit_lost "$p/kunit.txt" "$o/kunit-flipped.txt" | wc -l)" -ne 1 ]; then
		bad "$k: the KUnit comparison does not see one case turned \"not ok\" in the LTO log: it proves nothing"
		return
	fi
	lost=$(kunit_lost "$p/kunit.txt" "$o/kunit.txt")
	if [ -z "$lost" ]; then
		ok "$k LTO+ltoguard: KUnit $(kunit_counts "$o/kunit.txt"); plain $(kunit_counts "$p/kunit.txt")"
	else
		bad "$k LTO+ltoguard: $(echo "$lost" | wc -l) KUnit cases pass plain but not LTO: $(echo "$lost" | head -5 | tr '\n' ' ')"
	fi
	comm -13 "$p/kunit.txt" "$o/kunit.txt" | sed "s/^/$k KUnit, LTO differs from plain: /" >>"$table.reasons"
}

# distro_checks K PLAIN LTO: what the config's objtool, ftrace, unwinder
# and mitigations must give the LTO kernel as they give the plain one.
distro_checks() {
	local c=$3/.config
	if [ -n "${KCHECK:-}" ] && grep -Eq '^CONFIG_(UNWINDER_ORC|DYNAMIC_FTRACE|(MITIGATION_)?RETHUNK|(MITIGATION_)?RETPOLINE|HAVE_STATIC_CALL_INLINE|X86_KERNEL_IBT)=y' "$c"; then
		check_tables "$@"
	fi
	grep -q '^CONFIG_FUNCTION_TRACER=y' "$c" && check_tracer "$@"
	grep -Eq '^CONFIG_(UNWINDER_ORC|FRAME_POINTER)=y' "$c" && check_stack "$@"
	grep -Eq '^CONFIG_(MITIGATION_)?RETHUNK=y' "$c" && check_returns "$@"
	grep -q '^CONFIG_OBJTOOL=y' "$c" && check_objtool_warnings "$@"
	echo "$1 getppid x100000 under -icount (ns = guest instructions): plain $(getppid_ns "$2/boot.log"), lto $(getppid_ns "$3/boot.log")" >>"$table.reasons"
}

# text_of VMLINUX: its .text, as bytes
text_of() {
	objcopy -O binary -j .text "$1" /dev/stdout
}

# packaging_lines: the ltoguard-kbuild lines of docs/kernel.md's
# Packaging section (debian/rules, RPM %build, bindeb-pkg, binrpm-pkg),
# make's $(VAR) read as the shell's "$VAR", each distinct line once
# shellcheck disable=SC2016 # sed writes a "$VAR" for bash -c to expand
packaging_lines() {
	awk '/^## Packaging$/ { on = 1; next } on && /^## / { exit }
		on { sub(/^[ \t]+/, ""); if (index($0, "ltoguard-kbuild make ") == 1) print }' "$TOP/docs/kernel.md" |
		sed 's/\$(\([A-Z_]*\))/"$\1"/g' | awk '!seen[$0]++'
}

# first_file PATH...: the first PATH that is a file (of a glob's matches)
first_file() {
	local f
	for f in "$@"; do
		[ -f "$f" ] && { echo "$f"; return 0; }
	done
	return 1
}

# members_compiled LOG O [EXCEPT]: how many objects of O's vmlinux.a the
# make whose output LOG is recompiled (kbuild recompiles every object
# whose command line changed), but EXCEPT
members_compiled() {
	comm -12 <(sed -n 's/^  CC\( \[M\]\)\{0,1\} *//p' "$1" | grep -vx "${3:-}" | sort -u) \
		<(cd "$2" && ar t vmlinux.a | sort -u) | wc -l
}

# packaged_kernel K O ROOT: the kernel and modules a package unpacked into
# ROOT holds are the LTO tree O's: its vmlinuz, through extract-vmlinux,
# passes ltoguard-kcheck with O's symbols (the same GNU build ID) against
# the plain kernel as baseline, with the package's config; every module
# is O's.  Prints what it found, or why not; false if not.
packaged_kernel() {
	local k=$1 o=$2 root=$3 image config ko n=0
	if ! image=$(first_file "$root"/boot/vmlinuz-*) || ! config=$(first_file "$root"/boot/config-*); then
		echo "no boot/vmlinuz-* or config-* in the package"
		return 1
	fi
	"$o/source/scripts/extract-vmlinux" "$image" >"$root.elf" 2>/dev/null ||
		{ echo "extract-vmlinux found no kernel in $image"; return 1; }
	if ! "$KCHECK" --config "$config" --baseline "$WORK/$k-plain/vmlinux" --symbols "$o/vmlinux" \
		"$root.elf" >"$root.kcheck" 2>&1; then
		echo "ltoguard-kcheck: $(grep -v '^PASS' "$root.kcheck" | head -n2 | tr '\n' ' ')"
		return 1
	fi
	while IFS= read -r ko; do
		cmp -s "$ko" "$o/${ko#*/lib/modules/*/kernel/}" || { echo "module ${ko##*/} is not the tree's"; return 1; }
		n=$((n + 1))
	done < <(find "$root/lib/modules" -name '*.ko')
	echo "$(basename "$image") passes ltoguard-kcheck ($(grep -c '^PASS' "$root.kcheck") checks), $n modules the tree's"
}

# packaging_checks K SRC ARCH O: docs/kernel.md's Packaging lines, run in
# the LTO tree O with their variables set.  The build line (debian/rules,
# RPM %build), vmlinux removed first: ltoguard-kbuild sets what this
# script's make line sets, so no object of vmlinux.a is recompiled (a
# relink compiles init/version-timestamp.c and the boot image's files in
# any build), vmlinux has the same .text, and the summary is printed.
# bindeb-pkg and binrpm-pkg: nothing recompiled but init/version.o (the
# package's build version), and the kernel packaged is the LTO one.
packaging_checks() {
	local k=$1 src=$2 arch=$3 o=$4 line target log n why root pkg
	while IFS= read -r line; do
		target=${line##* }
		log=$o/packaging-$target.log
		progress "$k lto: $target through ltoguard-kbuild, as docs/kernel.md says (log $log)"
		[ "$target" = all ] && { text_of "$o/vmlinux" >"$o/vmlinux.text"; rm -f "$o/vmlinux"; }
		if ! PATH=$TOP/plugin/kbuild:$PATH KSRC=$src KOBJ=$o KARCH=$arch KCC=$CC JOBS=$JOBS \
			LTOGUARD_PLUGIN=$PLUGIN bash -c "$line" >"$log" 2>&1; then
			bad "$k packaging: '$line' failed: $(grep -m1 -E 'error|Error' "$log")"
			continue
		fi
		if ! grep -q '^  ltoguard-kcheck ' "$log" || ! grep -q "^  report: $o/ltoguard-report.txt" "$log"; then
			bad "$k packaging: $target: no ltoguard-kbuild summary (see $log)"
			continue
		fi
		case $target in
		all)
			n=$(members_compiled "$log" "$o")
			if [ "$n" -eq 0 ] && [ -f "$o/vmlinux" ] && cmp -s "$o/vmlinux.text" <(text_of "$o/vmlinux"); then
				ok "$k ltoguard-kbuild make all (debian/rules, RPM %build): no object of vmlinux.a recompiled, vmlinux relinked with the same .text ($(grep -c '^  link ' "$log") links in the summary)"
			else
				bad "$k ltoguard-kbuild make all: $n objects of vmlinux.a recompiled, or vmlinux differs (see $log)"
			fi
			rm -f "$o/vmlinux.text" ;;
		bindeb-pkg | binrpm-pkg)
			n=$(members_compiled "$log" "$o" init/version.o)
			root=$o/packaged-$target
			rm -rf "$root" "$root.elf"
			mkdir -p "$root"
			# the kernel's package, as the packaging tool named it
			if [ "$target" = bindeb-pkg ]; then
				pkg=$(sed -n "s/^dpkg-deb: building package 'linux-image-[^']*[0-9]' in '\(.*\)'\.$/\1/p" "$log")
				(cd "$o" && dpkg -x "$pkg" "$root")
			else
				pkg=$(sed -n 's|^Wrote: \(.*/kernel-[0-9][^/]*\.rpm\)$|\1|p' "$log")
				(cd "$root" && rpm2cpio "$pkg" | cpio -idm --quiet)
			fi
			if [ "$n" -eq 0 ] && why=$(packaged_kernel "$k" "$o" "$root"); then
				ok "$k ltoguard-kbuild make $target: $why"
			else
				bad "$k ltoguard-kbuild make $target: $n objects of vmlinux.a recompiled; ${why:-}"
			fi ;;
		*)
			bad "$k packaging: docs/kernel.md has a line this check does not know: $line" ;;
		esac
	done < <(packaging_lines)
}

# check_tree K SRC: root ignores the tree's missing write bits, so check
# that no build wrote into it (O= builds only).
check_tree() {
	local written
	written=$(find "$2" -newer "$WORK/$1.stamp" -print -quit)
	if [ -z "$written" ]; then
		ok "$1: the source tree was not written to (O= builds only)"
	else
		bad "$1: the build wrote into the source tree: $written"
	fi
}

# distro_config_check K O ARCH: the distro fragment's options really are
# in the .config (kconfig drops what a version or arch cannot have;
# both spellings of the 6.9 renames count).
distro_config_check() {
	local k=$1 c=$2/.config arch=$3 missing="" opt
	local want="FUNCTION_TRACER DYNAMIC_FTRACE JUMP_LABEL STACKPROTECTOR_STRONG KALLSYMS_ALL CC_OPTIMIZE_FOR_PERFORMANCE RETPOLINE"
	case $arch in
	x86_64) want="$want UNWINDER_ORC RETHUNK SLS X86_KERNEL_IBT" ;;
	*) want="$want FRAME_POINTER" ;;
	esac
	for opt in $want; do
		grep -Eq "^CONFIG_(MITIGATION_)?$opt=y" "$c" || missing="$missing $opt"
	done
	if [ -z "$missing" ]; then
		ok "$k: the config has$(for opt in $want; do printf ' %s' "$opt"; done)"
	else
		bad "$k: the distro config lacks$missing (see $2/merge-config.log)"
	fi
}

# plugin_control K SRC ARCH CFG: the same LTO build without ltoguard must
# break; then the floor: every symbol the control could not link (what
# LTO alone drops or hides while asm, linker scripts or exports need it)
# must be defined in the LTO+ltoguard vmlinux.
plugin_control() {
	local k=$1 src=$2 arch=$3 cfg=$4 o=$WORK/$1-control n c missing
	# (it stops at the first failure: the full matrix must fit an hour)
	if ! build_one "$k" control "$src" "$arch" "$cfg"; then
		n=$(grep -c 'undefined reference' "$o/build.log")
		c=$(grep -oE '[^ ]+\.o\] Error' "$o/build.log" | sort -u | wc -l)
		if [ "$c" -gt 0 ]; then
			ok "$k control without ltoguard does not compile ($c failed objects before make stopped; $(grep -m1 -o 'error: .*' "$o/build.log"))"
			row "$k" control "no-compile:$c"
		elif [ "$n" -gt 0 ]; then
			ok "$k control without ltoguard fails to link ($n undefined references)"
			row "$k" control "no-link:$n"
		else
			# stopped, killed, out of disk: no evidence either way
			bad "$k control without ltoguard failed, but neither to compile nor to link: $(grep -m1 -E 'Error|Terminated|Killed' "$o/build.log")"
			row "$k" control "failed"
		fi
	elif ! boot "$o" "$arch"; then
		ok "$k control without ltoguard links but does not boot"
		row "$k" control "no-boot"
	else
		bad "$k control without ltoguard builds and boots: the test proves nothing"
		row "$k" control "boots"
	fi

	if [ -f "$WORK/$k-lto/vmlinux" ] && grep -q 'undefined reference' "$o/build.log"; then
		grep -o "undefined reference to \`[^']*'" "$o/build.log" | sed "s/.*\`//; s/'\$//" |
			sort -u >"$o/floor.txt"
		# a static named by asm is defined as NAME.ltoguard.HASH: the
		# report's "renamed" lines say "was NAME"
		readelf -sW "$WORK/$k-lto/vmlinux" | awk '$7 != "UND" { print $8 }' |
			sort -u >"$o/lto-defined.txt"
		missing=$(comm -23 "$o/floor.txt" <({ cat "$o/lto-defined.txt"
			awk -F'\t' 'FNR == NR { def[$1] = 1; next }
				$4 == "renamed" && def[$2] { sub(/^was /, "", $6); sub(/;.*/, "", $6); print $6 }' \
				"$o/lto-defined.txt" "$WORK/$k-lto/ltoguard-report.txt"; } | sort -u))
		if [ -z "$missing" ]; then
			ok "$k LTO+ltoguard: all $(wc -l <"$o/floor.txt") symbols the control could not link are defined"
		else
			bad "$k LTO+ltoguard lacks symbols the control could not link: $(echo "$missing" | head -5 | tr '\n' ' ')"
		fi
	fi
}

# objtool_control K SRC ARCH CFG: the LTO build with ltoguard but no
# objtool on the LTO code; the completeness check must fail it.
objtool_control() {
	local k=$1 o=$WORK/$1-noobjtool result
	if ! build_one "$k" noobjtool "$2" "$3" "$4"; then
		bad "$k control (LTO without objtool on LTO code) does not build"
		row "$k" noobjtool "NO-BUILD"
		return
	fi
	"$KCHECK" --baseline "$WORK/$k-plain/vmlinux" "$o/vmlinux" >"$o/kcheck.txt" 2>&1
	if [ $? -eq 1 ]; then
		ok "$k control without objtool on LTO code fails ltoguard-kcheck: $(grep -m1 '^FAIL' "$o/kcheck.txt")"
	else
		bad "$k control without objtool on LTO code passes ltoguard-kcheck: the check proves nothing"
	fi
	if boot "$o" "$3"; then
		result="kcheck-fails,boots"
	else
		result="kcheck-fails,no-boot"
	fi
	row "$k" noobjtool "$result"
	if grep -q LTOGUARD-KERNEL-PASS "$o/boot.log"; then
		echo "$k noobjtool control boots: $(grep -m1 -E 'ftrace: (No functions|allocating)' "$o/boot.log"); getppid $(getppid_ns "$o/boot.log") ns" >>"$table.reasons"
	else
		echo "$k noobjtool control does not boot: $(grep -m1 -E 'Fatal kernel bug|kernel BUG|Kernel panic' "$o/boot.log" ||
			echo "no kernel output at all")" >>"$table.reasons"
	fi
}

row() {
	local k=$1 mode=$2 o=$WORK/$1-$2 result=$3 link="-" sizes=(- - -) g="-" a="-"
	[ -f "$o/lto-link.log" ] && link=$(awk '$1 == "vmlinux" { printf "%ss/%dMB", $2, $3 / 1024 }' "$o/lto-link.log")
	if [ -f "$o/vmlinux" ]; then
		read -ra sizes < <(size "$o/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }')
		g=$(global_funcs "$o/vmlinux")
		a=$(all_funcs "$o/vmlinux")
	fi
	printf '%-18s %-9s %5ss %14s %9s %9s %9s %7s %7s  %s\n' "$k" "$mode" \
		"$(cat "$o/build-seconds" 2>/dev/null || echo -)" "${link:--}" "${sizes[@]}" "$g" "$a" \
		"$result" >>"$table"
}

# The whole run is one function, called on the file's last line with its
# exit: bash has read all of it before the run starts, so editing this
# file during an hour-long run cannot change that run.
main() {
	local kernel_no=0 kernels
	kernels=$(wc -w <<<"$KERNELS")
	for k in $KERNELS; do
		kernel_no=$((kernel_no + 1))
		progress "kernel $kernel_no of $kernels: $k"
		kernel_entry "$k" "$KCONFIG"
		# base keeps its old name (build/kernel/6.1-x86_64-lto ...)
		k=$ver-$arch
		[ "$cfg" = base ] || k=$k-$cfg
		src=$(unpack "$ver") || { bad "$k: no source"; continue; }
		stamp=$WORK/$k.stamp
		touch "$stamp"

		# plain: the reference
		if build_one "$k" plain "$src" "$arch" "$cfg" && boot "$WORK/$k-plain" "$arch"; then
			ok "$k plain builds, boots and loads the module"
			row "$k" plain "boots"
			[ "$cfg" = distro ] && distro_config_check "$k" "$WORK/$k-plain" "$arch"
		else
			bad "$k plain kernel does not build or boot (see $WORK/$k-plain)"
			row "$k" plain "BROKEN"
			continue
		fi

		# lto: ltoguard on every compile and on the vmlinux link
		o=$WORK/$k-lto
		if ! build_one "$k" lto "$src" "$arch" "$cfg"; then
			bad "$k LTO+ltoguard does not build: $(grep -m1 -E 'error|undefined' "$o/build.log" "$o/kmod.log" 2>/dev/null)"
			row "$k" lto "NO-BUILD"
		elif ! grep -q '^vmlinux ' "$o/lto-link.log" 2>/dev/null; then
			bad "$k LTO+ltoguard: the vmlinux link was not an LTO link"
			row "$k" lto "NOT-LTO"
		elif ! boot "$o" "$arch"; then
			bad "$k LTO+ltoguard does not boot: $(grep -m1 -E 'Kernel panic|BUG|ltoguard-init' "$o/boot.log")"
			row "$k" lto "NO-BOOT"
		else
			ok "$k LTO+ltoguard builds, boots and loads the module"
			row "$k" lto "boots"
			if grep -q "ltoguard-kmod: kstrtoint rc=0 value=42 ktime_get=ok ns=ok jiffies=ok" "$o/boot.log"; then
				ok "$k LTO+ltoguard: the module used EXPORT_SYMBOL, _GPL, _NS_GPL and an exported variable"
				# MODVERSIONS: the loader compared these CRCs with the LTO vmlinux's
				n=$(module_crcs "$o/kmod/ltoguard_test.ko")
				if [ "$n" -gt 0 ] && ! grep -q "disagrees about version" "$o/boot.log"; then
					ok "$k LTO+ltoguard: the module's $n symbol CRCs matched the LTO vmlinux (MODVERSIONS)"
				else
					bad "$k LTO+ltoguard: no symbol CRCs in the module, or a CRC mismatch"
				fi
			else
				bad "$k LTO+ltoguard: module output wrong: $(grep -m1 ltoguard-kmod "$o/boot.log")"
			fi
			n=$(initcall_order "$o/boot.log" | wc -l)
			if [ "$n" -gt 0 ] &&
			   diff <(initcall_order "$WORK/$k-plain/boot.log") <(initcall_order "$o/boot.log") >"$o/initcalls.diff"; then
				ok "$k LTO+ltoguard: $n initcalls ran in the plain kernel's order"
			else
				bad "$k LTO+ltoguard: initcall order differs from plain (see $o/initcalls.diff)"
			fi
			check_boot_warnings "$k" "$WORK/$k-plain" "$o"
			grep -q '^CONFIG_MODULE_SIG=y' "$o/.config" && check_module_signature "$k" "$o" "$arch"
			check_head "$k" "$WORK/$k-plain" "$o"
			# global or weak (memcpy, abort are weak in the plain kernel too)
			lost=$(comm -23 <(exports_of "$WORK/$k-plain/vmlinux") \
				<(readelf -sW "$o/vmlinux" | awk '($5 == "GLOBAL" || $5 == "WEAK") && $6 == "DEFAULT" { print $8 }' | sort -u))
			# jiffies is defined by the linker script (jiffies = jiffies_64), as ABS
			lost=$(echo "$lost" | grep -vx -e '' -e jiffies)
			if [ -z "$lost" ]; then
				ok "$k LTO+ltoguard: all $(exports_of "$WORK/$k-plain/vmlinux" | wc -l) exports of the plain kernel are global"
			else
				bad "$k LTO+ltoguard: exports not global: $(echo "$lost" | head -5 | tr '\n' ' ')"
			fi
			pg=$(global_funcs "$WORK/$k-plain/vmlinux")
			lg=$(global_funcs "$o/vmlinux")
			pa=$(all_funcs "$WORK/$k-plain/vmlinux")
			la=$(all_funcs "$o/vmlinux")
			inl=$(inlined_everywhere "$WORK/$k-plain/vmlinux" "$o/vmlinux")
			if [ "$lg" -lt "$pg" ] && [ "$la" -lt "$pa" ] && [ "$inl" -gt 0 ]; then
				ok "$k LTO happened: global functions $pg -> $lg, all functions $pa -> $la, $inl global functions called in the plain kernel inlined into every caller"
			else
				bad "$k LTO did not happen: global functions $pg -> $lg, all functions $pa -> $la, $inl inlined everywhere"
			fi
			# one LTO run per build: the kallsyms and BTF links reuse its
			# code (the LTO code cache, 6.1's first kallsyms object)
			read -r runs links < <(lto_runs "$o/lto-link.log")
			if [ "$runs" -eq 1 ]; then
				ok "$k LTO+ltoguard: LTO ran once; the other $((links - 1)) vmlinux links reused its code"
			else
				bad "$k LTO+ltoguard: LTO ran in $runs of the $links vmlinux links ($o/lto-link.log)"
			fi
		fi

		# objtool's tables, tracing, unwinding, return patching; and
		# the distro tree made again through ltoguard-kbuild
		if [ -f "$WORK/$k-lto/boot.log" ] && grep -q LTOGUARD-KERNEL-PASS "$WORK/$k-lto/boot.log"; then
			distro_checks "$k" "$WORK/$k-plain" "$WORK/$k-lto"
			debug_checks "$k" "$WORK/$k-plain" "$WORK/$k-lto"
			grep -q '^CONFIG_KUNIT=y' "$WORK/$k-lto/.config" &&
				check_kunit "$k" "$src" "$WORK/$k-plain" "$WORK/$k-lto"
			[ "$cfg" = distro ] && packaging_checks "$k" "$src" "$arch" "$WORK/$k-lto"
		fi

		# the control: what must break without ltoguard's part.  base:
		# the plugin; distro with objtool (x86_64): objtool on LTO code;
		# defconfig and debian: none, plain and LTO only (each LTO build
		# takes most of an hour here)
		case $cfg in
		defconfig* | debian*) ;;
		distro)	if grep -q '^CONFIG_OBJTOOL=y' "$WORK/$k-plain/.config"; then
				objtool_control "$k" "$src" "$arch" "$cfg"
			else
				plugin_control "$k" "$src" "$arch" "$cfg"
			fi ;;
		*)	plugin_control "$k" "$src" "$arch" "$cfg" ;;
		esac

		check_tree "$k" "$src"

		# what ltoguard kept, by reason, and the floor those must contain
		r=$WORK/$k-lto/ltoguard-report.txt
		if [ -f "$r" ]; then
			echo "ltoguard decisions for $k (unique symbol/action/reason):" >>"$table.reasons"
			cut -f2,4,5 "$r" | sort -u | cut -f2,3 | sort | uniq -c | sort -rn >>"$table.reasons"
			if [ -f "$WORK/$k-control/floor.txt" ]; then
				echo "floor: $(exports_of "$WORK/$k-plain/vmlinux" | wc -l) exports in the plain vmlinux," \
					"$(wc -l <"$WORK/$k-control/floor.txt") symbols the control could not link" >>"$table.reasons"
			else
				echo "floor: $(exports_of "$WORK/$k-plain/vmlinux" | wc -l) exports in the plain vmlinux" >>"$table.reasons"
			fi
		fi
	done

	echo
	printf '%-18s %-9s %6s %14s %9s %9s %9s %7s %7s  %s\n' kernel build time "LTO link" text data bss glob-fn all-fn result
	cat "$table"
	[ -f "$table.reasons" ] && { echo; cat "$table.reasons"; rm -f "$table.reasons"; }
	verdicts_summary "kernel-check: "
}

# one line: bash has read the exit before main runs
main "$@"; exit $?
