// SPDX-License-Identifier: GPL-2.0
/*
 * Perf rule: a large function that its own file's build could not inline as
 * "called once" stays a call under LTO.
 *
 * GCC inlines a function that has one caller into it whatever its size
 * (ipa-inline.cc, inline_functions_called_once and
 * want_inline_function_to_all_callers_p, up to --param
 * max-inline-functions-called-once-insns=4000): the offline body goes
 * away, which GCC counts as a gain, and the call's frequency does not
 * matter.  A build without LTO can do that only to a static function
 * with one call in its file.  Under LTO a global function with one
 * caller anywhere is one too, and so is a static function whose other
 * callers LTO removed; their bodies land in the caller, cold paths
 * included, and the caller's prologue pays for their registers and
 * stack on its fast path.  On 6.1 x86_64 syscall_exit_work
 * (kernel/entry/common.c: its second caller, the global
 * syscall_exit_to_user_mode_work, has no user on x86_64 without IA32
 * emulation and is removed) went under unlikely() into
 * syscall_exit_to_user_mode, which then saved two registers and 0x30
 * bytes of stack on every system call, and arch_do_signal_or_restart
 * (arch/x86/kernel/signal.c) into exit_to_user_mode_prepare.
 *
 * So in WPA, before the inliner, each call that its file's build without
 * LTO kept as a call (perf/file-model.c models that build's inliner: across
 * files nothing, within a file small callees and functions called once)
 * to a function whose body as its file made it is at least N
 * instructions in GCC's estimate (-fplugin-arg-ltoguard-called-once=N,
 * default 100; 0 is off) is made uninlinable (lg_forbid_inlining, as GCC
 * marks a call it must not inline).  Left to GCC: calls the file
 * inlined, smaller callees (ordinary LTO inlining), callees declared
 * inline or always_inline, callers with attribute flatten (the flatten
 * rule), dispatchers (perf/dispatch.c leaves their inlining to GCC: a
 * jump table of tail calls costs its caller no frame).  Each callee is
 * reported as "called-once-call".
 *
 * docs/rules.md has what each form of it measured (N = 100 on the
 * four o2+net kernels, other N on 6.1 x86_64).  The first form counted
 * only the callee's own size and called "inlined by its file" only a
 * static function with one call; it kept
 * syscall_exit_to_user_mode_prepare as a call (static, 11 instructions,
 * two callers, one of them the removed global), which its file inlines
 * into both callers by the small-function heuristics.
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

/* WPA: the call E, to CALLEE, stays a call: its file kept it, and CALLEE
 * is large enough for the rule and not left to GCC. */
static bool keeps_call(struct lg_file_model *model, cgraph_edge *e, cgraph_node *callee,
		       int limit)
{
	if (lg_call_left_to_gcc(e, callee))
		return false;
	return !lg_file_inlines_call(model, e) && lg_file_body_size(model, callee) >= limit;
}

static void report_kept(cgraph_node *callee, int size, int n)
{
	char detail[200];
	struct lg_why why = { LG_REASON_CALLED_ONCE, detail };

	snprintf(detail, sizeof(detail),
		 "%d instructions, and its file's build without LTO kept "
		 "%d of its calls: not inlined "
		 "(-fplugin-arg-ltoguard-called-once=0 inlines them)", size, n);
	lg_report_note(callee, LG_ACT_CALLED_ONCE_CALL, &why);
}

/* WPA: every direct call (through aliases too) that its file kept, to a
 * large function, stays a call.  All decisions are taken before any is
 * applied: the model reads which calls can be inlined. */
static void keep_large_calls(int limit)
{
	struct lg_file_model *model = lg_file_model_new();
	hash_map<cgraph_node *, int> kept;
	auto_vec<cgraph_edge *> calls;
	cgraph_node *node;
	cgraph_edge *e;
	unsigned i;

	FOR_EACH_DEFINED_FUNCTION(node)
		for (e = node->callees; e; e = e->next_callee)
			if (keeps_call(model, e, e->callee->ultimate_alias_target(), limit))
				calls.safe_push(e);
	FOR_EACH_VEC_ELT(calls, i, e)
		if (lg_forbid_inlining(e))
			kept.get_or_insert(e->callee->ultimate_alias_target())++;
	FOR_EACH_DEFINED_FUNCTION(node) {
		int *n = kept.get(node);

		if (n)
			report_kept(node, lg_file_body_size(model, node), *n);
	}
	lg_file_model_free(model);
}

void lg_perf_keep_large_called_once(void)
{
	int limit = lg_opts.called_once_given ? lg_opts.called_once : LG_CALLED_ONCE_DEFAULT;

	if (limit > 0)
		keep_large_calls(limit);
}
