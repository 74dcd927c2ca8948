// SPDX-License-Identifier: GPL-2.0
/*
 * Perf rule: a dispatcher keeps its tail calls into other files.
 *
 * A dispatcher is a switch whose cases each return the result of a call
 * to a different function: the kernel's system call tables since the
 * 2024 BHI fix (arch/x86/entry/syscall_64.c, x64_sys_call: "case nr:
 * return __x64_sys_read(regs);" for every system call; ia32_sys_call
 * and x32 alike).  Compiled alone it is a jump table into tail calls,
 * with no frame.  Under LTO every callee is in reach and each is called
 * once, so GCC's IPA inliner (ipa-inline.cc) takes almost all of them:
 * inlining a function called once removes its body, which its size
 * accounting counts as a gain whatever the size (-fno-inline-functions-
 * called-once does not stop it).  On 6.1 x86_64 x64_sys_call grew from
 * 352 to 4,219 instructions and every system call, getppid included,
 * paid the merged function's prologue and epilogue: six callee-saved
 * registers, the frame pointer and a stack realignment.
 *
 * So in cc1, where bodies exist, a function with a switch whose cases
 * are tail calls to at least N (-fplugin-arg-ltoguard-dispatch=N,
 * default 16, 0 = off) distinct functions defined in other files gets
 * the internal attribute "ltoguard dispatch" (streamed with the decl).
 * In WPA, before the inliner, every call edge from such a function to a
 * function of another file is made uninlinable, the way GCC marks an
 * edge it must not inline (call_stmt_cannot_inline_p with a final
 * inline_failed reason, ipa-inline.cc can_inline_edge_p).  Calls into
 * its own file, and the dispatcher's own inlining into its callers, are
 * left to GCC.  The plain kernel never inlined across files, so this
 * keeps its code shape exactly there.  Reported as "dispatch-tail-calls".
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

/* The first statement of BB that is not a label, a debug statement or a
 * nop, starting at GSI. */
static gimple *next_real_stmt(gimple_stmt_iterator *gsi)
{
	for (; !gsi_end_p(*gsi); gsi_next(gsi)) {
		gimple *stmt = gsi_stmt(*gsi);

		switch (gimple_code(stmt)) {
		case GIMPLE_LABEL:
		case GIMPLE_DEBUG:
		case GIMPLE_NOP:
		case GIMPLE_PREDICT:
			continue;
		default:
			return stmt;
		}
	}
	return NULL;
}

/* BB only returns (a return statement after labels), as the return block
 * of lowered GIMPLE does. */
static bool only_returns(basic_block bb)
{
	gimple_stmt_iterator gsi = gsi_start_bb(bb);
	gimple *stmt = next_real_stmt(&gsi);

	return stmt && gimple_code(stmt) == GIMPLE_RETURN;
}

/*
 * The function a switch case BB tail-calls: BB is "[x =] f (...);" and
 * then returns, itself or through a block that only returns.  NULL if
 * BB is anything else.
 */
static tree tail_callee(basic_block bb)
{
	gimple_stmt_iterator gsi = gsi_start_bb(bb);
	gimple *call = next_real_stmt(&gsi);
	gimple *after;

	if (!call || !is_gimple_call(call) || !gimple_call_fndecl(call))
		return NULL_TREE;
	gsi_next(&gsi);
	after = next_real_stmt(&gsi);
	if (after)
		return gimple_code(after) == GIMPLE_RETURN ? gimple_call_fndecl(call) : NULL_TREE;
	if (!single_succ_p(bb))
		return NULL_TREE;
	if (single_succ(bb) == EXIT_BLOCK_PTR_FOR_FN(cfun) || only_returns(single_succ(bb)))
		return gimple_call_fndecl(call);
	return NULL_TREE;
}

/* Not defined in this file: the plain build could never inline it. */
static bool defined_elsewhere(tree fndecl)
{
	cgraph_node *callee = cgraph_node::get(fndecl);

	if (!callee)
		return true;
	callee = callee->ultimate_alias_target();
	return !callee->definition;
}

/* How many distinct functions of other files the cases of the switch
 * ending BB tail-call.  (The set exists only for switches: this runs on
 * every block of every function cc1 compiles for LTO.) */
static int switch_callees(basic_block bb)
{
	hash_set<tree> callees;
	edge e;
	edge_iterator ei;

	FOR_EACH_EDGE(e, ei, bb->succs) {
		tree callee = tail_callee(e->dest);

		if (callee && defined_elsewhere(callee))
			callees.add(callee);
	}
	return callees.elements();
}

/* How many distinct functions of other files the largest switch of the
 * current function tail-calls from its cases. */
static int dispatched_callees(void)
{
	basic_block bb;
	int best = 0;

	FOR_EACH_BB_FN(bb, cfun) {
		gimple_stmt_iterator last = gsi_last_nondebug_bb(bb);

		if (!gsi_end_p(last) && gimple_code(gsi_stmt(last)) == GIMPLE_SWITCH)
			best = MAX(best, switch_callees(bb));
	}
	return best;
}

static void mark_dispatchers(int limit)
{
	cgraph_node *node;

	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
		tree decl = node->decl;
		function *fn = DECL_STRUCT_FUNCTION(decl);
		int n;

		if (!fn || !fn->cfg || lookup_attribute(LG_DISPATCH_ATTR, DECL_ATTRIBUTES(decl)))
			continue;
		push_cfun(fn);
		n = dispatched_callees();
		pop_cfun();
		if (n < limit)
			continue;
		DECL_ATTRIBUTES(decl) = tree_cons(get_identifier(LG_DISPATCH_ATTR),
						  build_int_cst(integer_type_node, n),
						  DECL_ATTRIBUTES(decl));
	}
}

/* In WPA: NODE's calls into other files stay calls.  Returns how many. */
static int keep_calls(cgraph_node *node)
{
	cgraph_edge *e;
	int n = 0;

	for (e = node->callees; e; e = e->next_callee) {
		cgraph_node *callee = e->callee->ultimate_alias_target();

		if (callee->lto_file_data != node->lto_file_data && lg_forbid_inlining(e))
			n++;
	}
	return n;
}

static void apply_dispatchers(void)
{
	cgraph_node *node;

	FOR_EACH_DEFINED_FUNCTION(node) {
		tree attr = lookup_attribute(LG_DISPATCH_ATTR, DECL_ATTRIBUTES(node->decl));
		char detail[160];
		struct lg_why why = { LG_REASON_DISPATCH, detail };
		int n;

		if (!attr || !(n = keep_calls(node)))
			continue;
		snprintf(detail, sizeof(detail),
			 "switch of tail calls to %d functions of other files: "
			 "%d calls not inlined (-fplugin-arg-ltoguard-dispatch=0 inlines them)",
			 (int)tree_to_shwi(TREE_VALUE(attr)), n);
		lg_report_note(node, LG_ACT_DISPATCH_TAIL_CALLS, &why);
	}
}

/* The threshold in force: the argument or the default; 0 is off. */
static int threshold(void)
{
	return lg_opts.dispatch_given ? lg_opts.dispatch : LG_DISPATCH_DEFAULT;
}

/* cc1: mark the dispatchers while their bodies exist. */
void lg_perf_mark_dispatchers(void)
{
	if (threshold() > 0)
		mark_dispatchers(threshold());
}

/* WPA: the marked dispatchers' calls into other files stay calls. */
void lg_perf_keep_dispatch_calls(void)
{
	if (threshold() > 0)
		apply_dispatchers();
}
