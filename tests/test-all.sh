#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make test (what CI runs): make check-all (gcc 12 and gcc 11), then
# make kernel-check on the 6.1 x86_64 kernel with the base and the distro
# config (plain, LTO+ltoguard, control each; KERNELS overrides), then the
# Debian package (tests/package: built, lintian, installed and used by
# name), ending with one combined "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 1
mkdir -p build
. tests/lib/summary.sh
make --no-print-directory check-all 2>&1 | tee build/test-check-all.log
add_summary "make check-all" build/test-check-all.log "check-all: "
KERNELS=${KERNELS:-"6.1-x86_64 6.1-x86_64-distro"} \
	make --no-print-directory kernel-check 2>&1 | tee build/test-kernel-check.log
add_summary "make kernel-check" build/test-kernel-check.log "kernel-check: "
tests/package/package.sh 2>&1 | tee build/test-package.log
add_summary "the Debian package" build/test-package.log "package: "
echo "test: $total_pass passed, $total_fail failed"
[ $total_fail -eq 0 ]
