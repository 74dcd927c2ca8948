// SPDX-License-Identifier: GPL-2.0
/*
 * A model, in WPA, of what each file's own build without LTO inlined.
 *
 * Rules that keep LTO's code shape close to the plain kernel's
 * (detect-once.c) must tell a call the plain build kept from one it
 * inlined.  The LTO IR holds each function as its file's early inliner
 * left it (ipa-inline.cc, early_inliner: always_inline and tiny callees
 * are already in), and the call graph, counted before whole-program
 * (ipa-visibility.cc) makes globals local and removes what nothing
 * calls, is the one each file's own IPA inliner saw.  That inliner
 * (ipa-inline.cc, ipa_inline) does two things a model has to follow:
 *
 *  1. inline_small_functions: a call whose growth (the callee's size
 *     less the call statement's) is under --param max-inline-insns-auto
 *     (15 at -O2), or max-inline-insns-single for a callee declared
 *     inline, is inlined if the call is hot or inlining into every
 *     caller does not grow the file (want_inline_small_function_p,
 *     growth_positive_p; hints and big_speedup_p are left out).  Every
 *     copy of the callee then carries its own calls: kernel/entry/
 *     common.c inlines syscall_exit_to_user_mode_prepare (11
 *     instructions) into both of its callers, so syscall_exit_work is
 *     called twice there, and stays a call.
 *  2. inline_functions_called_once: then a static function with one
 *     call left is inlined into it whatever its size.
 *
 * Only calls inside one file count (a plain build never inlines across
 * files), and each file's own options decide (opt_for_fn: a function
 * keeps its -O level and params under LTO).  The model is an estimate:
 * context-dependent sizes, hints, profile and unit-growth limits are
 * left out, and it errs towards "the file inlined it".
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"
#include "ipa-fnsummary.h"

typedef hash_map<cgraph_node *, int> node_counts;

/* Memo of one WPA walk: copies of a body per function, and body sizes. */
struct lg_file_model {
	node_counts copies;
	node_counts bodies;
};

/* Bounds on the walks up the call graph (copies of callers) and down it
 * (bodies of callees): a static function that only calls itself is
 * "called once" too, and a memo only bounds the work, not the stack. */
#define FILE_MODEL_DEPTH 8
#define FILE_BODY_DEPTH 64

struct lg_file_model *lg_file_model_new(void)
{
	return new lg_file_model;
}

void lg_file_model_free(struct lg_file_model *m)
{
	delete m;
}

/* E is a call inside one file, one its build without LTO saw. */
static bool in_file_call(cgraph_edge *e, cgraph_node *callee)
{
	return e->caller->lto_file_data == callee->lto_file_data;
}

/* NODE's offline body goes away once every call is inlined: static,
 * address not taken, no aliases (cgraph.cc,
 * can_remove_if_no_direct_calls_and_refs_p). */
static bool removable(cgraph_node *node)
{
	ipa_ref *ref;

	return !TREE_PUBLIC(node->decl) && !node->address_taken && !node->force_output &&
	       !DECL_PRESERVE_P(node->decl) && !node->iterate_direct_aliases(0, ref);
}

/* The call E can be inlined at all (can_inline_edge_p's final reasons). */
static bool inlinable_call(cgraph_edge *e, cgraph_node *callee)
{
	return callee->definition && !e->call_stmt_cannot_inline_p &&
	       !DECL_UNINLINABLE(callee->decl) && callee != e->caller &&
	       ipa_size_summaries && ipa_size_summaries->get(callee) &&
	       ipa_call_summaries->get(e);
}

/* ipa-inline.h, estimate_edge_growth, without the call's context. */
static int call_growth(cgraph_edge *e, cgraph_node *callee)
{
	return ipa_size_summaries->get(callee)->size - ipa_call_summaries->get(e)->call_stmt_size;
}

static int copies_of(struct lg_file_model *m, cgraph_node *node, int depth);

/* How many calls to NODE its file's code has once each caller that the
 * file inlined elsewhere is counted once per copy. */
static int calls_in_file(struct lg_file_model *m, cgraph_node *node, int depth)
{
	int calls = 0;
	cgraph_edge *e;

	for (e = node->callers; e && calls < 2; e = e->next_caller)
		if (in_file_call(e, node))
			calls += copies_of(m, e->caller, depth - 1);
	return calls;
}

/* Step 2: NODE's file inlined its only call as called once. */
static bool once_in_file(struct lg_file_model *m, cgraph_node *node, int depth)
{
	return removable(node) && calls_in_file(m, node, depth) == 1;
}

/* growth_positive_p within one file: inlining CALLEE into every call of
 * its file grows the code (or its body stays anyway). */
static bool growth_positive(cgraph_node *callee, int growth)
{
	int min_size = ipa_fn_summaries->get(callee)->min_size;
	int total = 0;
	cgraph_edge *e;

	if (!removable(callee))
		return growth > 0;
	for (e = callee->callers; e; e = e->next_caller) {
		ipa_call_summary *c = ipa_call_summaries->get(e);

		if (!c)
			return true;
		total += min_size - c->call_stmt_size;
	}
	return total > ipa_size_summaries->get(callee)->size;
}

/* Step 1: want_inline_small_function_p for the call E. */
static bool small_in_file(cgraph_edge *e, cgraph_node *callee)
{
	tree caller = e->caller->decl;
	int growth = call_growth(e, callee);
	int single = opt_for_fn(caller, param_max_inline_insns_single);
	bool hot = e->maybe_hot_p();
	bool big;

	if (!DECL_DECLARED_INLINE_P(callee->decl) &&
	    !opt_for_fn(caller, flag_inline_small_functions))
		return false;
	if (growth <= opt_for_fn(caller, param_max_inline_insns_size))
		return true;
	if (DECL_DECLARED_INLINE_P(callee->decl))
		return growth < single && (hot || !growth_positive(callee, growth));
	big = growth >= opt_for_fn(caller, param_max_inline_insns_auto) ||
	      (!opt_for_fn(caller, flag_inline_functions) &&
	       growth >= opt_for_fn(caller, param_max_inline_insns_small));
	if (big)
		return growth < single && !growth_positive(callee, growth);
	return hot || !growth_positive(callee, growth);
}

static bool inlines_call(struct lg_file_model *m, cgraph_edge *e, int depth)
{
	cgraph_node *callee = e->callee->ultimate_alias_target();

	if (!in_file_call(e, callee) || !inlinable_call(e, callee))
		return false;
	return small_in_file(e, callee) || once_in_file(m, callee, depth);
}

/* How many copies of NODE's body its file's code has: one offline copy
 * unless it is removable and inlined everywhere, plus one inside each
 * copy of each caller it is inlined into.  Memoized; a function met
 * again on the way up (recursion) counts once. */
static int copies_of(struct lg_file_model *m, cgraph_node *node, int depth)
{
	bool known, offline;
	int *memo, n = 0;
	cgraph_edge *e;

	if (depth <= 0)
		return 1;
	memo = &m->copies.get_or_insert(node, &known);
	if (known)
		return *memo;
	*memo = 1;
	offline = !removable(node) || !node->callers;
	for (e = node->callers; e; e = e->next_caller) {
		if (inlines_call(m, e, depth))
			n += copies_of(m, e->caller, depth - 1);
		else
			offline = true;
	}
	n += offline;
	*m->copies.get(node) = n;
	return n;
}

bool lg_file_inlines_call(struct lg_file_model *m, cgraph_edge *e)
{
	return inlines_call(m, e, FILE_MODEL_DEPTH);
}

/* GCC's estimate of NODE's own body, in instructions; 0 if none. */
static int self_size(cgraph_node *node)
{
	ipa_size_summary *s = ipa_size_summaries ? ipa_size_summaries->get(node) : NULL;

	return s ? s->self_size : 0;
}

/* NODE's body as its own file made it: its own size plus that of each
 * callee the file inlined into it, recursively.  The IR holds those
 * callees apart, so self_size alone undercounts: 6.1
 * arch_do_signal_or_restart is 32 instructions, and with handle_signal,
 * setup_rt_frame and __setup_rt_frame, which arch/x86/kernel/signal.c
 * inlines into it as called once, 497.  Memoized; a function met again
 * on the way down (recursion) counts its own size only. */
static int body_size(struct lg_file_model *m, cgraph_node *node, int depth)
{
	bool known;
	int *memo = &m->bodies.get_or_insert(node, &known);
	int size = self_size(node);
	cgraph_edge *e;

	if (known)
		return *memo;
	*memo = size;
	if (depth <= 0)
		return size;
	for (e = node->callees; e; e = e->next_callee)
		if (inlines_call(m, e, FILE_MODEL_DEPTH))
			size += body_size(m, e->callee->ultimate_alias_target(), depth - 1);
	*m->bodies.get(node) = size;
	return size;
}

int lg_file_body_size(struct lg_file_model *m, cgraph_node *node)
{
	return body_size(m, node, FILE_BODY_DEPTH);
}
