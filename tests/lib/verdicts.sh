# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# A harness's verdicts (make check, kernel-check, the package test): ok and
# bad print a PASS or FAIL line and count it; verdicts_summary [PREFIX]
# lists what failed and prints the "PREFIXN passed, N failed" line that
# tests/lib/summary.sh adds up, and is true when nothing failed.
pass=0
fail=0
failed=""
ok() { pass=$((pass + 1)); echo "PASS: $*"; }
bad() { fail=$((fail + 1)); failed="$failed\n  $*"; echo "FAIL: $*"; }

verdicts_summary() {
	[ $fail -eq 0 ] || printf "failed:%b\n" "$failed"
	echo "${1:-}$pass passed, $fail failed"
	[ $fail -eq 0 ]
}
