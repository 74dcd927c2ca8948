// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: a large function that its own file's build could not inline as
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
 * So in WPA, before the inliner, each call to a function whose body is
 * at least N instructions in GCC's estimate (file_body_size;
 * -fplugin-arg-ltoguard-called-once=N; 0, the default, is off) and that
 * its own file could not inline as called once is made uninlinable
 * (lg_keep_call, as GCC marks a call it must not inline).  Its file
 * could do that to a static function, address not taken, without
 * aliases, with one call: counted here, before whole-program
 * (ipa-visibility.cc) makes globals local and removes what nothing
 * calls, the call graph is the one each file's own IPA inliner saw (the
 * IR is written after early inlining).
 * Left to GCC: smaller callees (ordinary LTO inlining), callees declared
 * inline or always_inline, callers with attribute flatten (the flatten
 * rule), dispatchers (detect-dispatch.c leaves their inlining to GCC: a
 * jump table of tail calls costs its caller no frame).  Each callee is
 * reported as "called-once-call".
 *
 * Off by default.  Measured on 6.1 x86_64 o2+net (README, Performance),
 * N = 20 makes the function code 3.2% smaller than the plain kernel's
 * (LTO alone: 2.6% larger) but getppid 2.5% and pipe 1.3% slower: it
 * also keeps calls the plain build inlines.  A small static function
 * with two callers, one of them a global function LTO removes
 * (syscall_exit_to_user_mode_prepare), is "large" here with its
 * called-once callee (syscall_exit_work) counted in, but its own file
 * inlines it into each caller, each with a call to that callee.  Telling
 * those apart needs a model of the file's small-function inlining too.
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"
#include "ipa-fnsummary.h"

/* NODE's file alone may inline it into its only call
 * (ipa-inline.cc, want_inline_function_to_all_callers_p:
 * can_remove_node_now_p needs a local function). */
static bool once_in_file(cgraph_node *node)
{
	int calls = 0;
	cgraph_edge *e;
	ipa_ref *ref;

	if (TREE_PUBLIC(node->decl) || node->address_taken || node->force_output ||
	    DECL_PRESERVE_P(node->decl) || node->iterate_direct_aliases(0, ref))
		return false;
	for (e = node->callers; e && calls < 2; e = e->next_caller)
		calls++;
	return calls == 1;
}

/* WPA: CALLEE is one the rule leaves to GCC, whatever its size. */
static bool inlining_left_to_gcc(cgraph_node *callee)
{
	tree decl = callee->decl;
	tree attrs = DECL_ATTRIBUTES(decl);

	return !callee->definition || DECL_DECLARED_INLINE_P(decl) ||
	       DECL_DISREGARD_INLINE_LIMITS(decl) ||
	       lookup_attribute("always_inline", attrs) ||
	       lookup_attribute(LG_DISPATCH_ATTR, attrs) || once_in_file(callee);
}

/* WPA: GCC's estimate of NODE's own body, in instructions; 0 if none. */
static int self_size(cgraph_node *node)
{
	ipa_size_summary *s = ipa_size_summaries ? ipa_size_summaries->get(node) : NULL;

	return s ? s->self_size : 0;
}

/*
 * WPA: NODE's body as its own file's build makes it: its own size plus
 * that of each callee the file inlines as called once, recursively.  The
 * IR holds those callees apart (the file's IPA inliner had not run), so
 * self_size alone undercounts: 6.1 arch_do_signal_or_restart is 32
 * instructions, and with handle_signal, setup_rt_frame and
 * __setup_rt_frame, which arch/x86/kernel/signal.c inlines into it, 497.
 * DEPTH bounds the walk (a static function that only calls itself is
 * "called once" too).
 */
static int file_body_size(cgraph_node *node, int depth)
{
	int size = self_size(node);
	cgraph_edge *e;

	if (depth == 0)
		return size;
	for (e = node->callees; e; e = e->next_callee) {
		cgraph_node *callee = e->callee->ultimate_alias_target();

		if (callee != node && callee->definition && !e->call_stmt_cannot_inline_p &&
		    once_in_file(callee))
			size += file_body_size(callee, depth - 1);
	}
	return size;
}

#define FILE_BODY_DEPTH 8

typedef hash_map<cgraph_node *, int> node_counts;

/* file_body_size of CALLEE, computed once per WPA (SIZES). */
static int body_size(cgraph_node *callee, node_counts *sizes)
{
	bool known;
	int &size = sizes->get_or_insert(callee, &known);

	if (!known)
		size = file_body_size(callee, FILE_BODY_DEPTH);
	return size;
}

/* WPA: CALLEE, the ultimate target of a call from CALLER, is large
 * enough for the rule and not left to GCC. */
static bool keeps_calls(cgraph_node *caller, cgraph_node *callee, int limit,
			node_counts *sizes)
{
	if (callee->alias || callee->thunk || inlining_left_to_gcc(callee))
		return false;
	if (lookup_attribute("flatten", DECL_ATTRIBUTES(caller->decl)))
		return false;
	return body_size(callee, sizes) >= limit;
}

static void report_kept(cgraph_node *callee, int size, int n)
{
	char detail[200];
	struct lg_why why = { "called-once", detail };

	snprintf(detail, sizeof(detail),
		 "%d instructions, and its own file could not inline it as "
		 "called once: %d calls not inlined "
		 "(-fplugin-arg-ltoguard-called-once=0, the default, inlines them)", size, n);
	lg_report_note(callee, "called-once-call", &why);
}

/* WPA: every direct call (through aliases too) to a large function that
 * its own file could not inline as called once stays a call. */
static void keep_large_calls(int limit)
{
	node_counts kept, sizes;
	cgraph_node *node;
	cgraph_edge *e;

	FOR_EACH_DEFINED_FUNCTION(node) {
		for (e = node->callees; e; e = e->next_callee) {
			cgraph_node *callee = e->callee->ultimate_alias_target();

			if (keeps_calls(node, callee, limit, &sizes) && lg_keep_call(e))
				kept.get_or_insert(callee)++;
		}
	}
	FOR_EACH_DEFINED_FUNCTION(node) {
		int *n = kept.get(node);

		if (n)
			report_kept(node, *sizes.get(node), *n);
	}
}

void lg_keep_large_called_once(void)
{
	int limit = lg_opts.called_once_given ? lg_opts.called_once : LG_CALLED_ONCE_DEFAULT;

	if (limit > 0 && lg_stage == LG_STAGE_WPA)
		keep_large_calls(limit);
}
