#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make test (what CI runs): make check-all (gcc 12 and gcc 11), then
# make kernel-check (the 6.1 x86_64 kernel: plain, LTO+ltoguard, control),
# ending with one combined "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
mkdir -p build
total_pass=0
total_fail=0
add() {
	local line
	line=$(grep -E "^$1: [0-9]+ passed, [0-9]+ failed$" "$2" | tail -n1)
	if [ -z "$line" ]; then
		echo "FAIL: $1 printed no summary"
		total_fail=$((total_fail + 1))
		return
	fi
	line=${line#*: }
	total_pass=$((total_pass + ${line%% passed*}))
	line=${line#*, }
	total_fail=$((total_fail + ${line%% failed}))
}
make --no-print-directory check-all 2>&1 | tee build/test-check-all.log
add check-all build/test-check-all.log
make --no-print-directory kernel-check 2>&1 | tee build/test-kernel-check.log
add kernel-check build/test-kernel-check.log
echo "test: $total_pass passed, $total_fail failed"
[ $total_fail -eq 0 ]
