// SPDX-License-Identifier: GPL-2.0
/*
 * A model, in WPA, of what each file's own build without LTO inlined.
 *
 * Rules that keep LTO's code shape close to the plain kernel's
 * (perf/called-once.c) must tell a call the plain build kept from one it
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
 *     early); they make their callers larger, unless GCC ranks a call
 *     into the caller before them (its badness, ipa-inline.cc
 *     edge_badness, computed here as GCC first enqueues each call): then
 *     the caller is copied first and the callee no longer called once.
 *     A call's growth counts the phase-1 callees ranked before it.
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
 * Checked against GCC on real files: tests/bench/file-model-check.sh.
 * Only calls inside one file count (a plain build never inlines across
 * files), and each file's own options decide (opt_for_fn: a function
 * keeps its -O level and params under LTO).  GCC's own estimators
 * (ipa-inline.h) give the sizes, times and hints.  The model is still an
 * estimate: GCC's exact order, profile feedback and the unit and stack
 * growth limits are left out.
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

typedef hash_map<cgraph_node *, int> node_counts;

/* Memo of one WPA walk: copies of a body per function, body sizes, and
 * per call its badness and whether phase 1 takes it. */
struct lg_file_model {
	node_counts copies;			/* copies_of */
	node_counts bodies;			/* body_size */
	node_counts growths;			/* file_overall_growth */
	hash_map<cgraph_edge *, sreal> badness;	/* file_badness */
	hash_map<cgraph_edge *, bool> firsts;	/* first_in_file */
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
 * dispatcher (perf/dispatch.c: a jump table of tail calls costs its
 * caller no frame); or the caller has attribute flatten (the flatten
 * rule, fix/flatten.c, decides how far that reaches). */
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

static bool inlines_call(struct lg_file_model *m, cgraph_edge *e, int depth);
static int first_body(struct lg_file_model *m, cgraph_node *node, cgraph_edge *weighed,
		      int depth);
static sreal file_badness(struct lg_file_model *m, cgraph_edge *e, cgraph_node *callee);

/* ipa-inline.h, estimate_edge_growth of E in its file: CALLEE's size in
 * the call's context, with what phase 1 inlined into CALLEE before GCC
 * came to E, less the call statement. */
static int file_growth(struct lg_file_model *m, cgraph_edge *e, cgraph_node *callee)
{
	return estimate_edge_growth(e) - self_size(callee) + first_body(m, callee, e, FILE_BODY_DEPTH);
}

/* ipa-inline-analysis.cc, estimate_growth, in the file's view: the
 * growth of inlining NODE into every call of its file, less its body
 * when that goes away (static, only called, every call inlinable).  What
 * GCC stores as the summary's growth before it starts
 * (inline_small_functions).  Memoized: a function with many callers
 * would otherwise be walked once per call. */
static int file_overall_growth(struct lg_file_model *m, cgraph_node *node)
{
	bool known, all = true;
	int *memo = &m->growths.get_or_insert(node, &known);
	int growth = 0;
	cgraph_edge *e;

	if (known)
		return *memo;
	for (e = node->callers; e; e = e->next_caller) {
		if (!in_file_call(e, node))
			continue;
		if (!lg_inlinable_call(e, node))
			all = false;
		else
			growth += estimate_edge_growth(e);
	}
	if (all && removable(node))
		growth -= ipa_size_summaries->get(node)->size;
	*m->growths.get(node) = growth;
	return growth;
}

/* ipa-inline.cc, edge_badness (with inlining_speedup) as GCC first
 * enqueues the call E to CALLEE: the inliner takes the lowest first.
 * Without profile feedback, as the kernel builds.  A call that does not
 * grow its caller goes before any that does; otherwise the time saved
 * (times the call's frequency) over the growth, the caller's new size
 * and, when inlining CALLEE everywhere grows the unit, the square of
 * that growth.  GCC's wrapper penalty for split functions is left out. */
static sreal compute_badness(struct lg_file_model *m, cgraph_edge *e, cgraph_node *callee)
{
	int growth = estimate_edge_growth(e), overall;
	sreal unspec, spec, freq, speedup, denominator, badness;
	ipa_hints hints;

	if (growth <= 0)	/* before the time and hint estimates it needs not */
		return sreal(-SREAL_MIN_SIG + growth) << (SREAL_MAX_EXP / 256);
	overall = file_overall_growth(m, callee);
	spec = estimate_edge_time(e, &unspec);
	freq = e->sreal_frequency();
	speedup = unspec - spec + ipa_call_summaries->get(e)->call_stmt_time;
	denominator = growth;
	hints = estimate_edge_hints(e);
	speedup = freq > 0 ? speedup * freq : speedup >> 11;
	if (speedup <= 0)
		speedup = sreal(1, -8);
	if (overall > 0)
		denominator *= overall < 256 ? overall * overall : overall + 256 * 256 - 256;
	denominator *= ipa_size_summaries->get(e->caller)->size + growth;
	badness = -speedup / denominator;
	/* negative: each shift by n makes it 2^n times more urgent */
	if ((hints & (INLINE_HINT_indirect_call | INLINE_HINT_loop_iterations |
		      INLINE_HINT_loop_stride)) || overall <= 0)
		badness = badness.shift(2);
	if (hints & INLINE_HINT_builtin_constant_p)
		badness = badness.shift(4);
	if (hints & INLINE_HINT_same_scc)
		badness = badness.shift(-3);
	else if (hints & INLINE_HINT_in_scc)
		badness = badness.shift(-2);
	if (DECL_DISREGARD_INLINE_LIMITS(callee->decl))
		badness = badness.shift(4);
	else if (hints & INLINE_HINT_declared_inline)
		badness = badness.shift(3);
	return badness;
}

static sreal file_badness(struct lg_file_model *m, cgraph_edge *e, cgraph_node *callee)
{
	sreal *memo = m->badness.get(e);

	if (!memo) {
		m->badness.put(e, compute_badness(m, e, callee));
		memo = m->badness.get(e);
	}
	return *memo;
}

/* want_inline_small_function_p's first tests on GCC's first estimates:
 * the call E to CALLEE does not grow its caller, or grows it less than
 * the limit for its kind and runs often enough. */
static bool small_at_start(cgraph_edge *e, cgraph_node *callee)
{
	int growth = estimate_edge_growth(e);
	int limit = DECL_DECLARED_INLINE_P(callee->decl) ? SINGLE_LIMIT(e, false)
							 : AUTO_LIMIT(e, false);

	return growth <= 0 || (growth < limit && e->maybe_hot_p());
}

/* The caller of E gets more than one copy before E is weighed: a call
 * to it in its file that GCC takes first (lower badness) and that passes
 * the small-function tests, when its body stays (it is not removable, or
 * has another call).  Returns the first such call, or NULL.
 * 6.1 net/ipv4/ip_output.c inlines ip_finish_output (8 instructions,
 * growth 0) into ip_output and ip_mc_output before anything else, so
 * __ip_finish_output, called once in the IR, is called twice by then and
 * stays a call; mm/gup.c inlines follow_page_mask (16) into its two
 * callers before its chain of follow_p4d_mask, follow_pud_mask, ... goes
 * into it. */
static cgraph_edge *caller_copied_first(struct lg_file_model *m, cgraph_edge *e,
					cgraph_node *callee)
{
	cgraph_node *caller = e->caller;
	sreal badness = file_badness(m, e, callee);
	cgraph_edge *f, *first = NULL;

	if (removable(caller) && one_call(caller))
		return NULL;
	for (f = caller->callers; f; f = f->next_caller)
		if (file_inlinable(f, caller) && small_at_start(f, caller) &&
		    file_badness(m, f, caller) < badness) {
			badness = file_badness(m, f, caller);
			first = f;
		}
	return first;
}

/* Phase 1: E is a call its file inlined before any other: a call on at
 * least half of its caller's runs to a static function called only
 * there, small enough for phase 2's rules (its growth under --param
 * max-inline-insns-single), which inlining removes.  GCC's badness
 * (ipa-inline.cc, edge_badness) puts such calls early: the unit shrinks
 * and the speedup counts the call's frequency; but a call into the
 * caller that GCC ranks earlier copies the caller first
 * (caller_copied_first).  kernel/entry/common.c inlines
 * arch_exit_to_user_mode_prepare (48 instructions) into
 * exit_to_user_mode_prepare (15) this way, and then finds the latter too
 * large to inline into its three callers; a call under unlikely()
 * (syscall_exit_work's) waits until its caller went into its callers. */
static bool first_in_file(struct lg_file_model *m, cgraph_edge *e, cgraph_node *callee)
{
	bool *memo = m->firsts.get(e), first;

	if (memo)
		return *memo;
	m->firsts.put(e, false);	/* a call met again on the way down */
	first = removable(callee) && one_call(callee) && e->sreal_frequency() >= sreal(1, -1) &&
		file_growth(m, e, callee) < SINGLE_LIMIT(e, false) &&
		!caller_copied_first(m, e, callee);
	m->firsts.put(e, first);
	return first;
}

/* NODE's body when GCC weighs the call WEIGHED to it: its own size and
 * the growth (in its call's context) of each phase-1 callee GCC ranked
 * before WEIGHED and so inlined first, recursively.  WEIGHED's badness is
 * only computed when there is such a callee.  6.1
 * kernel/workqueue.c inlines start_flush_work (48 instructions) into
 * __flush_work before insert_wq_barrier goes into it: the outer call
 * ranks first there.  Phase-1 callees have one call each, so this walks
 * a tree. */
static int first_body(struct lg_file_model *m, cgraph_node *node, cgraph_edge *weighed,
		      int depth)
{
	int size = self_size(node);
	cgraph_edge *e;

	if (depth <= 0)
		return size;
	for (e = node->callees; e; e = e->next_callee) {
		cgraph_node *callee = e->callee->ultimate_alias_target();

		if (file_inlinable(e, callee) && first_in_file(m, e, callee) &&
		    file_badness(m, e, callee) <
			    file_badness(m, weighed, weighed->callee->ultimate_alias_target()))
			size += estimate_edge_growth(e) - self_size(callee) +
				first_body(m, callee, weighed, depth - 1);
	}
	return size;
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

/* ipa-inline.cc, big_speedup_p: inlining E, run FREQ times in a
 * function that takes CALLER_TIME, saves more than --param
 * inline-min-speedup percent of that time with the call's. */
static bool speedup_over(cgraph_edge *e, sreal freq, sreal caller_time)
{
	sreal unspec, spec = estimate_edge_time(e, &unspec);
	sreal call_time = ipa_call_summaries->get(e)->call_stmt_time;
	sreal before = (freq > 0 ? unspec * freq : unspec >> 11) + caller_time;
	sreal after = (freq > 0 ? spec * freq : spec >> 11) - call_time * freq + caller_time;

	if (after <= 0)
		after = ((sreal)1) >> 8;
	return (before - after) * 100 >
	       before * opt_for_fn(e->caller->decl, param_inline_min_speedup);
}

/* big_speedup_p for E in its caller as the IR has it */
bool lg_big_speedup(cgraph_edge *e)
{
	return speedup_over(e, e->sreal_frequency(), ipa_fn_summaries->get(e->caller)->time);
}

/* big_speedup_p weighs a call against the function its caller ends up
 * in (the inline root, with the call's frequency there).  When GCC
 * copies the caller into its callers before it weighs E
 * (caller_copied_first), that is the first of them, larger than the
 * caller alone, if the caller's own body goes away: 6.1
 * ip_finish_output's call to __ip_finish_output is a big speedup for
 * ip_finish_output (16 time units) but not inside ip_output (57), where
 * GCC weighs it.  A caller whose body stays (kernel/signal.c's global
 * recalc_sigpending) still has E in its own context there. */
static bool file_big_speedup(struct lg_file_model *m, cgraph_edge *e, cgraph_node *callee)
{
	cgraph_edge *f;
	sreal f_freq;

	if (!removable(e->caller))
		return lg_big_speedup(e);	/* the offline copy stays, with E as it is */
	f = caller_copied_first(m, e, callee);
	if (!f)
		return lg_big_speedup(e);
	f_freq = f->sreal_frequency();
	return speedup_over(e, e->sreal_frequency() * f_freq,
			    ipa_fn_summaries->get(f->caller)->time +
				    ipa_fn_summaries->get(e->caller)->time * f_freq);
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
			  (apply || growth >= SINGLE_LIMIT(e, true) || !file_big_speedup(m, e, callee));
	else
		limited = (!opt_for_fn(caller, flag_inline_functions) &&
			   growth >= opt_for_fn(caller, param_max_inline_insns_small)) ||
			  (growth >= AUTO_LIMIT(e, apply) &&
			   (apply || growth >= AUTO_LIMIT(e, true) || !file_big_speedup(m, e, callee)));
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
