# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by run-tests.sh: the cross-file rule (plugin/perf/cross-file.c).
# tests/cross/ has kernel/locking/mutex.c's shape: lock.c defines
# lock_take (inlining grows a caller by 8 instructions, GCC's estimate;
# called from user.c and main.c),
# lock_weight (inlining grows a caller by 4: under the default; its
# address is taken, so LTO keeps its body), lock_owner (one load:
# inlining shrinks its callers) and lock_setup (called once, from
# main.c).  Four calls to lock_take sit beside other
# work (user_a, user_b twice, main); one is most of a thin wrapper's
# time (user_fast).  Built four ways:
#   plain    -O2, no LTO: every one is a call (the test's premise);
#   lto      -flto with the plugin in cc1 and lto1, the rule at its
#            default (6): the four calls beside other work stay calls and
#            lock_take is reported; user_fast's call, lock_owner and
#            lock_setup are left to GCC, which inlines them, and so are
#            the calls to lock_weight (growth 4 < 6);
#   low      the same with -fplugin-arg-ltoguard-cross-growth=4: the
#            calls to lock_weight stay calls too (what the default
#            leaves to GCC is left by the threshold, not by chance);
#   control  the same with -fplugin-arg-ltoguard-cross-growth=0 (off):
#            GCC inlines lock_take too (the test must be able to see it);
# and each program must print the plain one's result.

run_cross_tests() {
	local d=$BUILD/cross src=$TOP/tests/cross
	build_rule_programs cross "$d" "$src" "lock user main" low=cross-growth=4 control=cross-growth=0 || return
	if [ "$(calls_to "$d/plain" lock_take)" -ne 5 ] || [ "$(calls_to "$d/plain" lock_weight)" -ne 2 ] || [ "$(calls_to "$d/plain" lock_owner)" -eq 0 ] ||
	   [ "$(calls_to "$d/plain" lock_setup)" -eq 0 ]; then
		bad "cross: the plain build does not call lock_take five times, lock_weight twice, lock_owner and lock_setup: the test's premise is wrong"
		return
	fi
	if [ "$(calls_to "$d/lto" lock_take)" -eq 4 ] && [ "$(calls_in "$d/lto" user_fast lock_take)" -eq 0 ]; then
		ok "cross: under LTO (rule at its default) lock_take stays a call beside other work (four places), and is inlined into the thin wrapper"
	else
		bad "cross: under LTO lock_take is called $(calls_to "$d/lto" lock_take) times, not 4"
	fi
	if grep -qE $'\tlock_take\tfunction\tcross-file-call\tcross-growth\tinlining 4 of its calls from other files would grow each caller by up to [0-9]+ instructions: not inlined' "$d/report.txt"; then
		ok "cross: the report names lock_take"
	else
		bad "cross: no cross-file-call line for lock_take in the report: $(cat "$d/report.txt" 2>/dev/null)"
	fi
	if ! nm "$d/lto" | grep -qE 'lock_owner|lock_setup' && ! grep -qE 'lock_owner|lock_setup' "$d/report.txt"; then
		ok "cross: lock_owner (inlining shrinks) and lock_setup (called once) are left to GCC, which inlines them"
	else
		bad "cross: lock_owner or lock_setup not inlined, or reported: $(nm "$d/lto" | grep -E 'lock_')"
	fi
	if [ "$(calls_to "$d/lto" lock_weight)" -eq 0 ] && ! grep -q lock_weight "$d/report.txt" &&
	   [ "$(calls_to "$d/low" lock_weight)" -eq 2 ]; then
		ok "cross: lock_weight (growth 4) is left to GCC at the default and kept as a call at cross-growth=4"
	else
		bad "cross: lock_weight called $(calls_to "$d/lto" lock_weight) times at the default (want 0), $(calls_to "$d/low" lock_weight) at cross-growth=4 (want 2)"
	fi
	if [ "$(calls_to "$d/control" lock_take)" -eq 0 ]; then
		ok "cross: control: GCC inlines lock_take"
	else
		bad "cross: control: lock_take is still called (the rule acts when off)"
	fi
}
