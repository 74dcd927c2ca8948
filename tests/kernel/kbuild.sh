# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Building and booting a real kernel, shared by make kernel-check
# (tests/kernel/kernel-check.sh) and make bench (tests/bench/bench.sh).
# Sourced; the caller sets TOP, WORK (scratch), FIX (kernel-fixtures),
# CC, PLUGIN, JOBS.
#
# A config is tinyconfig + base.config + ARCH.config plus the parts of
# its name, joined by "+" (e.g. "o2+net"):
#   base       nothing more (the default)
#   distro     distro.config + distro-ARCH.config + kunit.config
#   defconfig  ARCH_defconfig instead of tinyconfig
#   debian     Debian's cloud-amd64 config instead (debian_config)
#   o2         o2.config: -O2 (CC_OPTIMIZE_FOR_PERFORMANCE)
#   net        net.config: NET, INET, UNIX (the loopback device)
#   btf        btf.config: DWARF and BTF
#   kunit      kunit.config: KUnit, all tests (part of distro)

# progress WHAT...: where a run of hours is, on stderr, after the time
# since it started (bash's SECONDS): "[0:12:07] 6.1-x86_64 lto: build"
progress() {
	printf '[%d:%02d:%02d] %s\n' $((SECONDS / 3600)) $((SECONDS / 60 % 60)) $((SECONDS % 60)) "$*" >&2
}

unpack() {
	local ver=$1 src=$WORK/linux-$1
	if [ ! -f "$src/Makefile" ]; then
		local tarball=/usr/src/linux-source-$ver.tar.xz
		[ -f "$tarball" ] || { echo "no $tarball: apt-get install linux-source-$ver" >&2; return 1; }
		rm -rf "$src" "$WORK/linux-source-$ver"
		progress "unpack $tarball"
		tar xf "$tarball" -C "$WORK" && mv "$WORK/linux-source-$ver" "$src" &&
			chmod -R a-w "$src"
	fi
	echo "$src"
}

# kernel_entry ENTRY DEFAULT: a KERNELS entry, VERSION-ARCH[-CONFIG],
# into ver, arch and cfg (DEFAULT when the entry names no config)
kernel_entry() {
	ver=${1%%-*}
	arch=${1#*-}
	cfg=$2
	case $arch in *-*) cfg=${arch#*-}; arch=${arch%%-*} ;; esac
}

# kernel_make SRC O ARCH MODE TARGETS...: make with the flags of MODE.
kernel_make() {
	local src=$1 o=$2 arch=$3 mode=$4
	shift 4
	local lto="-flto -ffat-lto-objects"
	local pl="-fplugin=$PLUGIN -fplugin-arg-ltoguard-report=$o/ltoguard-report.txt"
	case $mode in
	plain)
		make -C "$src" O="$o" ARCH="$arch" CC="$CC" -j"$JOBS" "$@" ;;
	lto | noobjtool)
		# noobjtool: the same build, without objtool on the LTO code
		local skip=()
		[ "$mode" = noobjtool ] && skip=(LTOGUARD_OBJTOOL=none)
		env "${skip[@]}" LTOGUARD_CC="$CC" LTOGUARD_LTO="$pl" LTOGUARD_LD_LOG="$o/lto-link.log" \
		make -C "$src" O="$o" ARCH="$arch" CC="$CC" -j"$JOBS" KCFLAGS="$lto $pl" \
			CC_FLAGS_LTO="$lto" LD="$TOP/plugin/kbuild/ltoguard-ld" NM="$TOP/plugin/kbuild/ltoguard-nm" \
			PAHOLE="$TOP/plugin/kbuild/ltoguard-pahole" "$@" ;;
	control)
		LTOGUARD_CC=$CC LTOGUARD_LTO="" LTOGUARD_LD_LOG=$o/lto-link.log \
		make -C "$src" O="$o" ARCH="$arch" CC="$CC" -j"$JOBS" KCFLAGS="$lto" \
			CC_FLAGS_LTO="$lto" LD="$TOP/plugin/kbuild/ltoguard-ld" NM="$TOP/plugin/kbuild/ltoguard-nm" "$@" ;;
	esac
}

# debian_config SRC O ARCH: Debian's own config of SRC's version
# (package linux-config-VERSION), cloud-amd64, as a local build of it must
# change it: no Debian certificate files (SYSTEM_TRUSTED_KEYS,
# SYSTEM_REVOCATION_KEYS: Debian's build sets them, and kbuild fails on
# a path it cannot read), modules signed with kbuild's generated key
# (MODULE_SIG_KEY), and modules reduced with localmodconfig to the list
# kernel-fixtures/kernel/configs/debian.lsmod.  bookworm's linux-config
# has no 686-pae config: x86_64 only.
debian_config() {
	local src=$1 o=$2 arch=$3 ver config
	ver=$(make -s -C "$src" kernelversion | cut -d. -f1,2)
	config=/usr/src/linux-config-$ver/config.amd64_none_cloud-amd64.xz
	[ "$arch" = x86_64 ] || { echo "Debian's config: x86_64 only (bookworm has no 686-pae config)"; return 1; }
	[ -f "$config" ] || { echo "no $config: apt-get install linux-config-$ver"; return 1; }
	xz -dc "$config" >"$o/.config" &&
		"$src/scripts/config" --file "$o/.config" --set-str SYSTEM_TRUSTED_KEYS "" \
			--set-str SYSTEM_REVOCATION_KEYS "" --set-str MODULE_SIG_KEY certs/signing_key.pem &&
		make -s -C "$src" O="$o" ARCH="$arch" CC="$CC" olddefconfig >"$o/debian-config.log" 2>&1 &&
		make -s -C "$src" O="$o" ARCH="$arch" CC="$CC" LSMOD="$FIX/kernel/configs/debian.lsmod" \
			localmodconfig >>"$o/debian-config.log" 2>&1
}

# configure SRC O ARCH CONFIG
configure() {
	local src=$1 o=$2 arch=$3 part start=tinyconfig
	local frags=("$FIX/kernel/configs/base.config" "$FIX/kernel/configs/$arch.config")
	for part in ${4//+/ }; do
		case $part in
		base) ;;
		distro) frags+=("$FIX/kernel/configs/distro.config" "$FIX/kernel/configs/distro-$arch.config"
			"$FIX/kernel/configs/kunit.config") ;;
		defconfig) start=defconfig ;;
		# Debian's config is taken as it is: no base fragments
		debian) start=debian frags=() ;;
		o2 | net | btf | kunit) frags+=("$FIX/kernel/configs/$part.config") ;;
		*) echo "unknown config part $part (base, distro, defconfig, debian, o2, net, btf, kunit)"; return 1 ;;
		esac
	done
	rm -rf "$o"
	mkdir -p "$o"
	if [ "$start" = debian ]; then
		debian_config "$src" "$o" "$arch" || return 1
	else
		make -s -C "$src" O="$o" ARCH="$arch" CC="$CC" $start >/dev/null || return 1
	fi
	: >"$o/merge-config.log"
	if [ ${#frags[@]} -gt 0 ]; then
		"$src/scripts/kconfig/merge_config.sh" -m -O "$o" "$o/.config" \
			"${frags[@]}" >"$o/merge-config.log" 2>&1 || return 1
	fi
	make -s -C "$src" O="$o" ARCH="$arch" CC="$CC" olddefconfig >>"$o/merge-config.log" 2>&1
}

# initramfs O ARCH [INIT.c CPIO KO]: CPIO (O/initramfs.cpio) with the
# static /init built from INIT.c (kernel-fixtures/kernel/init.c) and the
# test module KO (O/kmod/ltoguard_test.ko) as /ltoguard_test.ko.
initramfs() {
	local o=$1 arch=$2 init=${3:-$FIX/kernel/init.c} cpio=${4:-$1/initramfs.cpio} m=-m64
	local ko=${5:-$1/kmod/ltoguard_test.ko}
	[ "$arch" = i386 ] && m=-m32
	rm -rf "$o/initramfs"
	mkdir -p "$o/initramfs"
	$CC $m -static -O2 "$init" -o "$o/initramfs/init" || return 1
	cp "$ko" "$o/initramfs/ltoguard_test.ko"
	(cd "$o/initramfs" && printf 'init\nltoguard_test.ko\n' | cpio -o -H newc 2>/dev/null) >"$cpio"
}

# module_loaded LOG: in the boot whose console is LOG, /init loaded the
# test module (finit_module succeeded)
module_loaded() {
	tr -d '\r' <"$1" | grep -q '^ltoguard-init: finit_module rc=0 errno=0$'
}

# sign_module O KO: with MODULE_SIG, KO signed with the key kbuild made
# for O (certs/signing_key.pem; its certificate is built into the
# kernel's keyring), as modules_install signs the tree's own modules
# (MODULE_SIG_ALL); the unsigned module is kept as KO.unsigned.  Such
# kernels boot with module.sig_enforce=1 (qemu_command).
sign_module() {
	local o=$1 ko=$2 hash
	grep -q '^CONFIG_MODULE_SIG=y' "$o/.config" || return 0
	hash=$(sed -n 's/^CONFIG_MODULE_SIG_HASH="\(.*\)"$/\1/p' "$o/.config")
	cp "$ko" "$ko.unsigned" &&
		"$o/scripts/sign-file" "$hash" "$o/certs/signing_key.pem" "$o/certs/signing_key.x509" "$ko"
}

# boot O ARCH [CPIO LOG MARKER]: QEMU with -icount shift=0, so that
# guest time counts guest instructions (init.c's getppid timing);
# configs with return thunks boot with mitigations=off, where the kernel
# patches every listed return jump back to a plain ret.  True if LOG
# (O/boot.log) has MARKER (the test module's pass marker).
boot() {
	local o=$1 arch=$2 cpio=${3:-$1/initramfs.cpio} log=${4:-$1/boot.log}
	local marker=${5:-LTOGUARD-KERNEL-PASS}
	progress "$(basename "$o"): boot in QEMU (log $log)"
	qemu_command "$o" "$arch" "$cpio"
	timeout 600 "${QEMU_COMMAND[@]}" -monitor none </dev/null >"$log" 2>&1
	grep -q "$marker" "$log"
}

# qemu_command O ARCH CPIO: QEMU_COMMAND, the QEMU command line (without
# a monitor) that boot runs, also for tests/bench/guest-profile.sh
qemu_command() {
	local o=$1 arch=$2 cpio=$3 qemu=qemu-system-x86_64 extra=""
	[ "$arch" = i386 ] && qemu="qemu-system-i386"
	grep -Eq '^CONFIG_(MITIGATION_)?RETHUNK=y' "$o/.config" && extra=" mitigations=off"
	grep -q '^CONFIG_MODULE_SIG=y' "$o/.config" && extra="$extra module.sig_enforce=1"
	QEMU_COMMAND=("$qemu" -icount shift=0 -kernel "$o/arch/x86/boot/bzImage" -initrd "$cpio"
		-append "console=ttyS0 initcall_debug ignore_loglevel panic=-1 oops=panic$extra"
		-nographic -no-reboot -m 512)
}

# build_id O MODE: what made O's kernel: the compiler, the .config and,
# for the LTO modes, the ltoguard parts in the build (plugin, LD, LTRANS
# and NM wrappers).  The kernel sources are read-only (unpack).
build_id() {
	$CC --version | head -n1
	sha256sum <"$1/.config"
	[ "$2" = plain ] ||
		sha256sum "$PLUGIN" "$TOP/plugin/kbuild/ltoguard-ld" "$TOP/plugin/kbuild/ltoguard-ltrans" \
			"$TOP/plugin/kbuild/ltoguard-nm" | cut -d' ' -f1
}

# reusable O MODE SRC ARCH CFG: O holds a finished build (build_one wrote
# its build-id) that configure and the tools would make the same again.
reusable() {
	local o=$1 mode=$2 new=$1.reuse same=1
	[ -f "$o/build-id" ] && [ -f "$o/vmlinux" ] && [ -f "$o/arch/x86/boot/bzImage" ] || return 1
	configure "$3" "$new" "$4" "$5" || { rm -rf "$new"; return 1; }
	cmp -s "$new/.config" "$o/.config" && cmp -s <(build_id "$o" "$mode") "$o/build-id" || same=0
	rm -rf "$new"
	[ $same = 1 ]
}

# build_one K MODE SRC ARCH CFG: configure and build WORK/K-MODE, then
# the test module and the initramfs.  With REUSE=1 (KERNEL_REUSE,
# BENCH_REUSE) a finished build of the same config and tools is kept
# (build-seconds keeps its first measurement): a defconfig run takes
# hours here and may stop before its end.
build_one() {
	local k=$1 mode=$2 src=$3 arch=$4 cfg=$5 o=$WORK/$1-$2 t0 t1
	if [ "${REUSE:-0}" = 1 ] && reusable "$o" "$mode" "$src" "$arch" "$cfg"; then
		progress "$k $mode: reusing the build of $(date -r "$o/build-id" '+%F %T')"
	else
		progress "$k $mode: configure ($cfg)"
		configure "$src" "$o" "$arch" "$cfg" || { echo "configure failed"; return 2; }
		progress "$k $mode: build (log $o/build.log)"
		t0=$(date +%s)
		kernel_make "$src" "$o" "$arch" "$mode" all >"$o/build.log" 2>&1
		local rc=$?
		t1=$(date +%s)
		echo $((t1 - t0)) >"$o/build-seconds"
		local verdict="done"
		[ $rc -eq 0 ] || verdict=FAILED
		progress "$k $mode: build $verdict in $((t1 - t0)) s"
		[ $rc -eq 0 ] || return 1
		build_id "$o" "$mode" >"$o/build-id"
	fi
	progress "$k $mode: test module and initramfs"
	rm -rf "$o/kmod"
	mkdir -p "$o/kmod"
	cp "$FIX/kernel/kmod/Kbuild" "$FIX/kernel/kmod/ltoguard_test.c" "$o/kmod/"
	kernel_make "$src" "$o" "$arch" "$mode" M="$o/kmod" modules >"$o/kmod.log" 2>&1 ||
		{ echo "module build failed"; return 3; }
	sign_module "$o" "$o/kmod/ltoguard_test.ko" || { echo "module signing failed"; return 3; }
	initramfs "$o" "$arch" || return 3
	return 0
}
