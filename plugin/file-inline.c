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
 * (ipa-inline.cc, ipa_inline) works through the calls in order of its
 * badness, and the order decides: each inlining changes the sizes and
 * call counts the next decision sees.  The model follows it in three
 * phases:
 *
 *  1. first_in_file: frequent calls to a static function called only
 *     there, small enough to inline (the unit shrinks: GCC takes these
 *     first); they make their callers larger.
 *  2. small_in_file (inline_small_functions, want_inline_small_function_p):
 *     a call whose growth (GCC's estimate of the callee's size in the
 *     call's context, phase 1 included, less the call statement) is
 *     under --param max-inline-insns-auto (15 at -O2; more with hints or
 *     a big speedup), or max-inline-insns-single for a callee declared
 *     inline, is inlined if the call is hot or inlining into every call
 *     does not grow the file.  Every copy of the callee then carries its
 *     own calls: kernel/entry/common.c inlines
 *     syscall_exit_to_user_mode_prepare (11 instructions) into both of
 *     its callers, so syscall_exit_work is called twice there, and stays
 *     a call.
 *  3. once_in_file (inline_functions_called_once): a static function
 *     with one call left, counted per copy of its callers, is inlined
 *     into it whatever its size.
 *
 * Checked against GCC on real files: tests/bench/file-inline-check.sh.
 * Only calls inside one file count (a plain build never inlines across
 * files), and each file's own options decide (opt_for_fn: a function
 * keeps its -O level and params under LTO).  GCC's own estimators
 * (ipa-inline.h) give the sizes, times and hints.  The model is still an
 * estimate: GCC's exact order, profile feedback and the unit and stack
 * growth limits are left out.
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"
#include "ipa-fnsummary.h"
#include "ipa-inline.h"

typedef hash_map<cgraph_node *, int> node_counts;

/* Memo of one WPA walk: copies of a body per function, and body sizes. */
struct lg_file_model {
	node_counts copies;	/* copies_of */
	node_counts bodies;	/* body_size */
	node_counts firsts;	/* body_size, FIRST_PHASE */
};

/* The calls a body size counts as inlined: phase 1's only (the size
 * GCC's later decisions see), or all three phases'. */
enum body_kind { FIRST_PHASE, ALL_PHASES };

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

/* Only direct calls reach NODE: address not taken, not forced out, no
 * aliases (cgraph.cc, can_remove_if_no_direct_calls_and_refs_p). */
static bool only_called(cgraph_node *node)
{
	ipa_ref *ref;

	return !node->address_taken && !node->force_output && !DECL_PRESERVE_P(node->decl) &&
	       !node->iterate_direct_aliases(0, ref);
}

/* NODE's offline body goes away once every call is inlined: static and
 * only called. */
static bool removable(cgraph_node *node)
{
	return !TREE_PUBLIC(node->decl) && only_called(node);
}

/* NODE's offline body goes away under LTO once every call is inlined:
 * only called, and static or made local by whole-program
 * (ipa-visibility.cc), which it does when the linker saw no reference
 * from outside the IR (LDPR_PREVAILING_DEF_IRONLY) and nothing asked to
 * keep it visible. */
bool lg_removable_under_lto(cgraph_node *node)
{
	if (!only_called(node) || lookup_attribute("externally_visible", DECL_ATTRIBUTES(node->decl)))
		return false;
	return !TREE_PUBLIC(node->decl) || node->resolution == LDPR_PREVAILING_DEF_IRONLY;
}

/* A call E, to CALLEE, whose inlining the rules leave to GCC, whatever
 * its size: CALLEE has no body here, is an alias or thunk, is declared
 * inline or always_inline (its author meant it inlined), or is a
 * dispatcher (detect-dispatch.c: a jump table of tail calls costs its
 * caller no frame); or the caller has attribute flatten (the flatten
 * rule, detect-flatten.c, decides how far that reaches). */
bool lg_call_left_to_gcc(cgraph_edge *e, cgraph_node *callee)
{
	tree decl = callee->decl;
	tree attrs = DECL_ATTRIBUTES(decl);

	return !callee->definition || callee->alias || callee->thunk ||
	       DECL_DECLARED_INLINE_P(decl) || DECL_DISREGARD_INLINE_LIMITS(decl) ||
	       lookup_attribute("always_inline", attrs) ||
	       lookup_attribute(LG_DISPATCH_ATTR, attrs) ||
	       lookup_attribute("flatten", DECL_ATTRIBUTES(e->caller->decl));
}

/* The call E can be inlined at all (can_inline_edge_p's final reasons),
 * and GCC has the summaries to estimate it. */
bool lg_inlinable_call(cgraph_edge *e, cgraph_node *callee)
{
	ipa_fn_summary *f;

	if (!callee->definition || e->call_stmt_cannot_inline_p ||
	    DECL_UNINLINABLE(callee->decl) || callee == e->caller || !ipa_fn_summaries)
		return false;
	f = ipa_fn_summaries->get(callee);
	return f && f->inlinable && ipa_fn_summaries->get(e->caller) &&
	       ipa_call_summaries->get(e);
}

/* The call E, to CALLEE, is one its file's inliner could take. */
static bool file_inlinable(cgraph_edge *e, cgraph_node *callee)
{
	return in_file_call(e, callee) && lg_inlinable_call(e, callee);
}

static int copies_of(struct lg_file_model *m, cgraph_node *node, int depth);

/* ipa-inline.cc, inline_insns_auto and inline_insns_single: a limit
 * param of CALLER's, raised by --param inline-heuristics-hint-percent when
 * GCC's hints say inlining pays. */
static int insns_limit(cgraph_node *caller, int param, bool hint)
{
	if (!hint)
		return param;
	return param * opt_for_fn(caller->decl, param_inline_heuristics_hint_percent) / 100;
}

#define AUTO_LIMIT(e, hint) \
	insns_limit((e)->caller, opt_for_fn((e)->caller->decl, param_max_inline_insns_auto), hint)
#define SINGLE_LIMIT(e, hint) \
	insns_limit((e)->caller, opt_for_fn((e)->caller->decl, param_max_inline_insns_single), hint)

int lg_auto_inline_limit(cgraph_edge *e)
{
	return AUTO_LIMIT(e, true);
}

/* GCC's estimate of NODE's own body, in instructions; 0 if none. */
static int self_size(cgraph_node *node)
{
	ipa_size_summary *s = ipa_size_summaries ? ipa_size_summaries->get(node) : NULL;

	return s ? s->self_size : 0;
}

/* CALLEE has one call in the IR. */
static bool one_call(cgraph_node *callee)
{
	return callee->callers && !callee->callers->next_caller;
}

static int body_size(struct lg_file_model *m, cgraph_node *node, enum body_kind kind,
		     int depth);
static bool inlines_call(struct lg_file_model *m, cgraph_edge *e, int depth);

/* ipa-inline.h, estimate_edge_growth of E in its file: CALLEE's size in
 * the call's context, with what phase 1 inlined into CALLEE first, less
 * the call statement. */
static int file_growth(struct lg_file_model *m, cgraph_edge *e, cgraph_node *callee)
{
	return estimate_edge_growth(e) + body_size(m, callee, FIRST_PHASE, FILE_BODY_DEPTH) -
	       self_size(callee);
}

/* Phase 1: E is a call its file inlined before any other: a call on at
 * least half of its caller's runs to a static function called only
 * there, small enough for phase 2's rules (its growth under --param
 * max-inline-insns-single), which inlining removes.  GCC's badness
 * (ipa-inline.cc, edge_badness) puts such calls first: the unit shrinks
 * and the speedup counts the call's frequency.  kernel/entry/common.c
 * inlines arch_exit_to_user_mode_prepare (48 instructions) into
 * exit_to_user_mode_prepare (15) this way, and then finds the latter too
 * large to inline into its three callers; a call under unlikely()
 * (syscall_exit_work's) waits until its caller went into its callers. */
static bool first_in_file(struct lg_file_model *m, cgraph_edge *e, cgraph_node *callee)
{
	if (!removable(callee) || !one_call(callee) || e->sreal_frequency() < sreal(1, -1))
		return false;
	return file_growth(m, e, callee) < SINGLE_LIMIT(e, false);
}

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

/* Phase 3: NODE's file inlined its only call as called once. */
static bool once_in_file(struct lg_file_model *m, cgraph_node *node, int depth)
{
	return removable(node) && calls_in_file(m, node, depth) == 1;
}

/* ipa-inline.cc, big_speedup_p: inlining E saves more than --param
 * inline-min-speedup percent of the caller's time with the call's. */
bool lg_big_speedup(cgraph_edge *e)
{
	sreal unspec, spec = estimate_edge_time(e, &unspec);
	sreal freq = e->sreal_frequency();
	sreal caller_time = ipa_fn_summaries->get(e->caller)->time;
	sreal call_time = ipa_call_summaries->get(e)->call_stmt_time;
	sreal before = (freq > 0 ? unspec * freq : unspec >> 11) + caller_time;
	sreal after = (freq > 0 ? spec * freq : spec >> 11) - call_time * freq + caller_time;

	if (after <= 0)
		after = ((sreal)1) >> 8;
	return (before - after) * 100 >
	       before * opt_for_fn(e->caller->decl, param_inline_min_speedup);
}

/* ipa-inline-analysis.cc, growth_positive_p: inlining CALLEE into every
 * call (KNOWN growing by GROWTH) grows the code, the offline body it
 * removes counted in.  Only a static function's body goes away, and all
 * its callers are in its file.  A call counts once per copy of its
 * caller: GCC inlines the small callers first (their growth is smaller),
 * so a static function whose one caller went into two places has two
 * calls by then.  GCC's own reads min_size, which WPA has not computed
 * when this runs (ipa_update_overall_fn_summary, called by the inliner),
 * so each call's growth in its context is used instead. */
static bool growth_positive(struct lg_file_model *m, cgraph_node *callee, cgraph_edge *known,
			    int growth, int depth)
{
	int total = 0, n = 10;
	cgraph_edge *e;

	if (!removable(callee))
		return growth > 0;
	for (e = callee->callers; e && n > 0; e = e->next_caller, n--) {
		if (!lg_inlinable_call(e, callee))
			return true;
		total += (e == known ? growth : estimate_edge_growth(e)) *
			 copies_of(m, e->caller, depth - 1);
	}
	return total > ipa_size_summaries->get(callee)->size;
}

/* Phase 2: ipa-inline.cc, want_inline_small_function_p, for the call E
 * to CALLEE, with GCC's own estimates of the call in its context
 * (estimate_edge_growth: __mmput's set_mm_exe_file(mm, NULL) grows by 5,
 * not by its 20).  Without profile feedback, as the kernel builds, and
 * without GCC's quick check on min_size (see growth_positive). */
static bool small_in_file(struct lg_file_model *m, cgraph_edge *e, cgraph_node *callee,
			  int depth)
{
	tree caller = e->caller->decl;
	bool declared = DECL_DECLARED_INLINE_P(callee->decl);
	int growth, hints;
	bool apply, limited;

	if (DECL_DISREGARD_INLINE_LIMITS(callee->decl))
		return true;
	if (!declared && !opt_for_fn(caller, flag_inline_small_functions))
		return false;
	growth = file_growth(m, e, callee);
	if (growth <= opt_for_fn(caller, param_max_inline_insns_size))
		return true;
	hints = estimate_edge_hints(e);
	apply = hints & (INLINE_HINT_indirect_call | INLINE_HINT_known_hot |
			 INLINE_HINT_loop_iterations | INLINE_HINT_loop_stride);
	if (declared)
		limited = growth >= SINGLE_LIMIT(e, apply) &&
			  (apply || growth >= SINGLE_LIMIT(e, true) || !lg_big_speedup(e));
	else
		limited = (!opt_for_fn(caller, flag_inline_functions) &&
			   growth >= opt_for_fn(caller, param_max_inline_insns_small)) ||
			  (growth >= AUTO_LIMIT(e, apply) &&
			   (apply || growth >= AUTO_LIMIT(e, true) || !lg_big_speedup(e)));
	if (declared && limited)
		return false;
	if (limited || !e->maybe_hot_p())
		return growth < SINGLE_LIMIT(e, false) && !growth_positive(m, callee, e, growth, depth);
	return true;
}

static bool inlines_call(struct lg_file_model *m, cgraph_edge *e, int depth)
{
	cgraph_node *callee = e->callee->ultimate_alias_target();

	if (!file_inlinable(e, callee))
		return false;
	return first_in_file(m, e, callee) || small_in_file(m, e, callee, depth) ||
	       once_in_file(m, callee, depth);
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

static bool counted_in_body(struct lg_file_model *m, cgraph_edge *e, enum body_kind kind)
{
	cgraph_node *callee = e->callee->ultimate_alias_target();

	if (kind == ALL_PHASES)
		return inlines_call(m, e, FILE_MODEL_DEPTH);
	return file_inlinable(e, callee) && first_in_file(m, e, callee);
}

/* NODE's body as its own file made it: its own size plus that of each
 * callee the file inlined into it (KIND), recursively.  The IR holds
 * those callees apart, so self_size alone undercounts: 6.1
 * arch_do_signal_or_restart is 32 instructions, and with handle_signal,
 * setup_rt_frame and __setup_rt_frame, which arch/x86/kernel/signal.c
 * inlines into it as called once, 497.  Memoized; a function met again
 * on the way down (recursion) counts its own size only. */
static int body_size(struct lg_file_model *m, cgraph_node *node, enum body_kind kind,
		     int depth)
{
	node_counts *memos = kind == FIRST_PHASE ? &m->firsts : &m->bodies;
	bool known;
	int *memo = &memos->get_or_insert(node, &known);
	int size = self_size(node);
	cgraph_edge *e;

	if (known)
		return *memo;
	*memo = size;
	if (depth <= 0)
		return size;
	for (e = node->callees; e; e = e->next_callee)
		if (counted_in_body(m, e, kind))
			size += body_size(m, e->callee->ultimate_alias_target(), kind, depth - 1);
	*memos->get(node) = size;
	return size;
}

int lg_file_body_size(struct lg_file_model *m, cgraph_node *node)
{
	return body_size(m, node, ALL_PHASES, FILE_BODY_DEPTH);
}
