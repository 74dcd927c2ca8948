// SPDX-License-Identifier: GPL-2.0
/*
 * Perf rule: a call into another file's function, one its author did not
 * declare inline, stays a call when inlining it grows its caller.
 *
 * A build without LTO never inlines across files: what the kernel means
 * to inline sits in headers as static inline, and a function in a .c
 * file is a call for every other file.  Under LTO, GCC's small-function
 * heuristics (ipa-inline.cc, want_inline_small_function_p) inline any
 * call whose growth is under --param max-inline-insns-auto (15 at -O2)
 * and whose caller is not cold, whatever file the callee came from.  On
 * 6.12 x86_64 (o2+net) that is 19,255 cross-module inlinings in WPA
 * ("Unit growth for small function inlining: 668039->826971"), led by
 * mutex_unlock (696 calls, 7 instructions each) and mutex_lock (640);
 * the kernel's code ended 2.7% larger than plain, while the guest tests
 * gained from a few of them only.
 *
 * So in WPA, before the inliner, a direct call whose callee is defined
 * in another file (cross_module_call_p in ipa-inline.cc: the callee's
 * lto_file_data differs and it is no merged extern inline or comdat),
 * is not declared inline, and whose inlining GCC estimates to grow the
 * caller by N instructions or more (estimate_edge_growth,
 * -fplugin-arg-ltoguard-cross-growth=N, default LG_CROSS_GROWTH_DEFAULT;
 * 0 is off) but less than GCC's small-function inliner could take at all
 * (max-inline-insns-auto with hints), is made uninlinable
 * (lg_forbid_inlining).  Left to GCC: calls whose inlining is a big speedup
 * for their caller (big_speedup_p: a thin wrapper such as getppid, whose
 * call to __task_pid_nr_ns is most of its time; without this exception
 * getppid ran 9% more instructions), callees declared inline or
 * always_inline, dispatchers (perf/dispatch.c), callers with attribute
 * flatten, and callees that go away when inlined everywhere (removable
 * under LTO, and the growth of all their calls is no more than their
 * body: GCC's inline_functions_called_once and growth_positive_p shrink
 * the code with them).  Each callee is reported as "cross-file-call".
 *
 * docs/rules.md has what each N measured.
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

/* ipa-inline.cc, cross_module_call_p: E's callee came from another file
 * (not one merged from several: extern inline, comdat). */
static bool cross_file(cgraph_edge *e, cgraph_node *callee)
{
	return e->caller->lto_file_data != callee->lto_file_data &&
	       !callee->merged_extern_inline && !callee->merged_comdat &&
	       !DECL_COMDAT(callee->decl);
}

/* At most this many callers are summed to see whether inlining a
 * callee everywhere shrinks the code (growth_positive_p's bound). */
#define CROSS_CALLERS_MAX 10

/* Inlining CALLEE into every call shrinks the code: it is removable
 * under LTO and its calls together grow by no more than its body. */
static bool shrinks_when_inlined_everywhere(cgraph_node *callee)
{
	int total = 0, n = CROSS_CALLERS_MAX;
	cgraph_edge *e;

	if (!lg_removable_under_lto(callee))
		return false;
	for (e = callee->callers; e; e = e->next_caller) {
		if (--n < 0 || !lg_inlinable_call(e, callee))
			return false;
		total += estimate_edge_growth(e);
	}
	return total <= ipa_size_summaries->get(callee)->size;
}

/* WPA: the call E, to CALLEE, grows its caller by LIMIT or more and is
 * a call across files that the rule keeps.  *GROWTH is the estimate. */
static bool keeps_call(cgraph_edge *e, cgraph_node *callee, int limit, int *growth)
{
	if (lg_call_left_to_gcc(e, callee) || !cross_file(e, callee) ||
	    !lg_inlinable_call(e, callee))
		return false;
	*growth = estimate_edge_growth(e);
	return *growth >= limit && *growth < lg_auto_inline_limit(e) && !lg_big_speedup(e) &&
	       !shrinks_when_inlined_everywhere(callee);
}

/* What the rule kept of one callee: calls, and their largest growth. */
struct cross_kept {
	int calls;
	int growth;
};

static void report_kept(cgraph_node *callee, const struct cross_kept *k)
{
	char detail[200];
	struct lg_why why = { LG_REASON_CROSS_GROWTH, detail };

	snprintf(detail, sizeof(detail),
		 "inlining %d of its calls from other files would grow each "
		 "caller by up to %d instructions: not inlined "
		 "(-fplugin-arg-ltoguard-cross-growth=0 inlines them)", k->calls, k->growth);
	lg_report_note(callee, LG_ACT_CROSS_FILE_CALL, &why);
}

/* WPA: decide every call first (the estimates read which calls can be
 * inlined), then keep them and report each callee once. */
static void keep_growing_calls(int limit)
{
	hash_map<cgraph_node *, cross_kept> kept;
	auto_vec<cgraph_edge *> calls;
	auto_vec<int> growths;
	cgraph_node *node;
	cgraph_edge *e;
	unsigned i;
	int growth;

	FOR_EACH_DEFINED_FUNCTION(node)
		for (e = node->callees; e; e = e->next_callee)
			if (keeps_call(e, e->callee->ultimate_alias_target(), limit, &growth)) {
				calls.safe_push(e);
				growths.safe_push(growth);
			}
	FOR_EACH_VEC_ELT(calls, i, e) {
		bool known;
		cross_kept &k = kept.get_or_insert(e->callee->ultimate_alias_target(), &known);

		if (!known)
			k.calls = k.growth = 0;
		if (lg_forbid_inlining(e)) {
			k.calls++;
			k.growth = MAX(k.growth, growths[i]);
		}
	}
	FOR_EACH_DEFINED_FUNCTION(node) {
		cross_kept *k = kept.get(node);

		if (k && k->calls)
			report_kept(node, k);
	}
}

void lg_perf_keep_growing_cross_file_calls(void)
{
	int limit = lg_opts.cross_growth_given ? lg_opts.cross_growth : LG_CROSS_GROWTH_DEFAULT;

	if (limit > 0 && ipa_fn_summaries)
		keep_growing_calls(limit);
}
