# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by run-tests.sh: the called-once rule (plugin/perf/called-once.c).
# tests/once/ has kernel/entry/common.c's shape: exit_work, static,
# called from exit_prepare, small and static, which has two callers in
# its file, one a global function nothing calls (LTO removes it; the file
# inlines exit_prepare into both); signal_work, a global function of
# another file called once; prepare_work, static and called once (a
# plain build inlines it too); small_helper, small; wrap.c has mm/gup.c's
# follow_page_mask shape: wrap_lookup, small, static, two callers, whose
# one call goes to lookup_work, large with what the file inlines into it
# (GCC inlines wrap_lookup into both callers first, so lookup_work ends up
# called twice and stays a call). Built four ways:
#   plain     -O2, no LTO: exit_work and signal_work stay calls,
#             exit_prepare is inlined;
#   lto       -flto with the plugin in cc1 and lto1, the rule at its
#             default (100): exit_work and signal_work (over 100
#             instructions each) must stay calls, and exit_prepare,
#             prepare_work and small_helper are inlined, as plain;
#   control   the same with -fplugin-arg-ltoguard-called-once=0 (off):
#             GCC inlines both (the test must be able to see that);
#   high      called-once=1000000, larger than any body: the same as off;
# and each program must print the plain one's result.

run_once_tests() {
	local d=$BUILD/once src=$TOP/tests/once v fn
	build_rule_programs once "$d" "$src" "exit work main wrap" control=called-once=0 high=called-once=1000000 || return
	if [ "$(calls_to "$d/plain" exit_work)" -eq 0 ] || [ "$(calls_to "$d/plain" signal_work)" -eq 0 ] ||
	   [ "$(calls_to "$d/plain" lookup_work)" -eq 0 ] ||
	   nm "$d/plain" | grep -qE 'prepare_work|exit_prepare|wrap_lookup'; then
		bad "once: the plain build does not call exit_work, signal_work and lookup_work, or keeps prepare_work, exit_prepare or wrap_lookup: the test's premise is wrong"
		return
	fi
	if [ "$(calls_to "$d/lto" exit_work)" -gt 0 ] && [ "$(calls_to "$d/lto" signal_work)" -gt 0 ]; then
		ok "once: under LTO (rule at its default) exit_work and signal_work stay calls, as plain"
	else
		bad "once: under LTO exit_work is called $(calls_to "$d/lto" exit_work) times, signal_work $(calls_to "$d/lto" signal_work)"
	fi
	for fn in exit_work signal_work; do
		if grep -qE $'\t'"$fn"$'\tfunction\tcalled-once-call\tcalled-once\t[0-9]+ instructions, and its file'"'"'s build without LTO kept [12] of its calls: not inlined' "$d/report.txt"; then
			ok "once: the report names $fn"
		else
			bad "once: no called-once-call line for $fn in the report: $(cat "$d/report.txt" 2>/dev/null)"
		fi
	done
	if ! nm "$d/lto" | grep -qE 'prepare_work|exit_prepare' && [ "$(calls_to "$d/lto" small_helper)" -eq 0 ] &&
	   ! grep -qE 'prepare_work|exit_prepare|small_helper' "$d/report.txt"; then
		ok "once: exit_prepare (its file inlines it into both callers), prepare_work (static, called once in its file) and small_helper (small) are left to GCC, which inlines them"
	else
		bad "once: exit_prepare, prepare_work or small_helper not inlined, or reported: $(nm "$d/lto" | grep -E 'prepare|small_helper')"
	fi
	# the file model's order: wrap_lookup's callers rank before its call
	# to lookup_work (perf/file-model.c, caller_copied_first)
	if ! nm "$d/lto" | grep -q wrap_lookup && ! grep -q wrap_lookup "$d/report.txt" &&
	   [ "$(calls_to "$d/lto" lookup_work)" -gt 0 ] &&
	   grep -qE $'\tlookup_work\tfunction\tcalled-once-call\t' "$d/report.txt"; then
		ok "once: wrap_lookup is inlined into both callers and lookup_work stays a call, as its file does"
	else
		bad "once: wrap_lookup kept ($(nm "$d/lto" | grep -c wrap_lookup) symbols, report: $(grep -E 'wrap_lookup|lookup_work' "$d/report.txt")) or lookup_work not kept ($(calls_to "$d/lto" lookup_work) calls)"
	fi
	for v in control high; do
		if [ "$(calls_to "$d/$v" exit_work)" -eq 0 ] && [ "$(calls_to "$d/$v" signal_work)" -eq 0 ]; then
			ok "once: $v: GCC inlines exit_work and signal_work"
		else
			bad "once: $v: exit_work or signal_work is still called (the rule acts when off or above every body)"
		fi
	done
}
