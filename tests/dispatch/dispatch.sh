# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by run-tests.sh: the dispatcher rule (plugin/perf/dispatch.c).
# tests/dispatch/ is a system call dispatcher in the shape of 6.1's
# x64_sys_call (20 cases, each returning another file's function) and a
# two-case switch, built three ways:
#   plain     -O2, no LTO: the dispatcher is a jump table into tail calls;
#   lto       -flto with the plugin in cc1 and lto1: it must stay that;
#   control   the same with -fplugin-arg-ltoguard-dispatch=0: GCC inlines
#             the calls (the test must be able to see that);
# and each program must print the plain one's result.

# tail_jumps BIN FN: how many jumps FN makes to sys_N functions
tail_jumps() {
	function_code "$1" "$2" | grep -cE 'jmp +[0-9a-f]+ <sys_[0-9]+>'
}

run_dispatch_tests() {
	local d=$BUILD/dispatch src=$TOP/tests/dispatch n got
	build_rule_programs dispatch "$d" "$src" "calls dispatch main" control=dispatch=0 || return
	n=$(tail_jumps "$d/plain" sys_call)
	if [ "$n" -ne 20 ]; then
		bad "dispatch: the plain dispatcher makes $n tail jumps, not 20: the test's premise is wrong"
		return
	fi
	got=$(tail_jumps "$d/lto" sys_call)
	if [ "$got" -eq 20 ] && grep -q $'\tsys_call\tfunction\tdispatch-tail-calls\tdispatch\tswitch of tail calls to 20 functions of other files: 20 calls not inlined' "$d/report.txt"; then
		ok "dispatch: under LTO the dispatcher keeps its 20 tail calls, as plain, and the report says so"
	else
		bad "dispatch: under LTO the dispatcher makes $got tail jumps (plain 20); report: $(cat "$d/report.txt" 2>/dev/null)"
	fi
	if grep -q small_switch "$d/report.txt"; then
		bad "dispatch: a two-case switch was taken for a dispatcher"
	else
		ok "dispatch: a two-case switch is left to GCC"
	fi
	got=$(tail_jumps "$d/control" sys_call)
	if [ "$got" -lt 20 ]; then
		ok "dispatch: with -dispatch=0 GCC inlines into the dispatcher ($got of 20 tail jumps left)"
	else
		bad "dispatch: with -dispatch=0 the dispatcher still makes $got tail jumps: the test cannot fail"
	fi
}
