#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make check-all: make check with every supported GCC that is installed
# (gcc 12, Debian 12's default, and gcc 11); a missing one is a failure,
# since CI installs both.  Ends with one combined "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 1
. tests/lib/summary.sh
for cc in gcc-12 gcc-11; do
	log=build/check-$cc.log
	mkdir -p build
	if ! command -v $cc >/dev/null; then
		echo "FAIL: $cc is not installed (make deps installs it)"
		total_fail=$((total_fail + 1))
		continue
	fi
	echo "=== make check CC=$cc"
	make --no-print-directory check CC=$cc 2>&1 | tee "$log"
	add_summary "make check CC=$cc" "$log"
done
echo "check-all: $total_pass passed, $total_fail failed"
[ $total_fail -eq 0 ]
