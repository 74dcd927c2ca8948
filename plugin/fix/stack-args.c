// SPDX-License-Identifier: GPL-2.0
/*
 * Fix rule: functions that receive many arguments on the stack, marked
 * noinline on 32-bit targets.
 *
 * On i386 a callee owns its incoming stack-argument area and may reuse
 * it.  asmlinkage functions called from entry code have argument slots
 * that overlap the saved user registers (pt_regs); gcc 4.7 LTO inlined the
 * 7-argument do_futex into sys_futex and reused such a slot, corrupting
 * user EBP (Andi Kleen's LTO series, patch 74/74, "a ticking time bomb").
 * The generic cure: a function with N or more argument words on the stack
 * is never inlined, so its arguments stay in a frame of its own.
 *
 * Counting is left to the target, as assign_parms does for the incoming
 * side (gcc/function.cc): INIT_CUMULATIVE_INCOMING_ARGS, then per
 * parameter apply_pass_by_reference_rules, function_incoming_arg,
 * arg_partial_bytes and function_arg_advance.  That honours -mregparm=3,
 * regparm(0) (asmlinkage), fastcall, 64-bit arguments taking two words,
 * variadic functions (whose named arguments i386 passes on the stack),
 * structs by value and a hidden struct-return pointer.
 *
 * The mark is attribute noinline plus DECL_UNINLINABLE, both streamed into
 * the LTO IR; IPA clones (constprop, isra) copy the decl and so keep it.
 *
 * A static function whose address is not taken is left alone: a header's
 * static inline helper (clocksource_delta's three u64, inet_match,
 * __inet_lookup), or a file's own (mm/slub.c's slab_post_alloc_hook under
 * SLUB_TINY).  Every call it has is a direct call in its own file, where
 * a build without LTO may inline it as well, so LTO inlines it nowhere
 * new.  Marked, it stayed a call in every file of the LTO kernel: this
 * runs before the early inliner, so the mark reached each file's own
 * inlining too (6.1 i386 tcp ran ktime_get's clocksource_delta and the
 * socket lookup's __inet_lookup and inet_match as calls; docs/rules.md,
 * Stack arguments).  A static function whose address is taken may be called
 * from another file once LTO makes an indirect call direct, so it is
 * still marked.
 *
 * noinline alone is not enough.  Once the worker is a real call, GCC turns
 * "return do_futex(...)" in the asmlinkage function into a sibling call
 * and stores the worker's stack arguments into its own incoming slots,
 * which are the saved user registers (checked with gcc 11 and 12 -m32 -O2;
 * the kernel's old asmlinkage_protect() existed for this).  So an
 * asmlinkage function (regparm(0) on a 32-bit target, the kernel's
 * definition of asmlinkage on i386) that receives arguments on the stack
 * also gets no sibling calls: a per-function optimization node with
 * -fno-optimize-sibling-calls, which LTO streams and applies in LTRANS.
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

static int words_of(const function_arg_info &arg)
{
	HOST_WIDE_INT size = arg.type ? int_size_in_bytes(arg.type)
				      : (HOST_WIDE_INT)GET_MODE_SIZE(arg.mode).to_constant();

	if (size <= 0)
		return 0;	/* empty or variable-sized: nothing fixed on the stack */
	return (int)((size + UNITS_PER_WORD - 1) / UNITS_PER_WORD);
}

/* Argument words FNDECL receives on the stack; cfun must be its function. */
static int count_incoming_stack_words(tree fndecl)
{
	CUMULATIVE_ARGS cum_v;
	cumulative_args_t cum;
	tree fntype = TREE_TYPE(fndecl);
	tree parm;
	int words = 0;

	LG_INIT_INCOMING_ARGS(cum_v, fntype);
	cum = pack_cumulative_args(&cum_v);

	/* A hidden struct-return pointer comes first (assign_parms_augmented_arg_list). */
	if (aggregate_value_p(DECL_RESULT(fndecl), fndecl) &&
	    !targetm.calls.struct_value_rtx(fntype, 1)) {
		function_arg_info arg(build_pointer_type(TREE_TYPE(fntype)), true);

		if (!targetm.calls.function_incoming_arg(cum, arg))
			words += words_of(arg);
		targetm.calls.function_arg_advance(cum, arg);
	}

	for (parm = DECL_ARGUMENTS(fndecl); parm; parm = DECL_CHAIN(parm)) {
		tree type = DECL_ARG_TYPE(parm) ? DECL_ARG_TYPE(parm) : TREE_TYPE(parm);
		/* "named" as assign_parm_find_data_types means it */
		bool named = !cfun->stdarg || DECL_CHAIN(parm) ||
			     targetm.calls.strict_argument_naming(cum);
		function_arg_info arg(type, named);
		rtx reg;

		if (type == error_mark_node || !COMPLETE_TYPE_P(type))
			return 0;
		apply_pass_by_reference_rules(&cum_v, arg);
		reg = targetm.calls.function_incoming_arg(cum, arg);
		if (!reg)
			words += words_of(arg);
		else
			words += (targetm.calls.arg_partial_bytes(cum, arg) +
				  UNITS_PER_WORD - 1) / UNITS_PER_WORD;
		targetm.calls.function_arg_advance(cum, arg);
	}
	return words;
}

static int stack_words(cgraph_node *node)
{
	tree saved_decl = current_function_decl;
	int words;

	push_cfun(DECL_STRUCT_FUNCTION(node->decl));
	current_function_decl = node->decl;
	words = count_incoming_stack_words(node->decl);
	current_function_decl = saved_decl;
	pop_cfun();
	return words;
}

/* asmlinkage on i386: an explicit regparm(0) on the function's type. */
static bool is_asmlinkage(tree decl)
{
	tree attr = lookup_attribute("regparm", TYPE_ATTRIBUTES(TREE_TYPE(decl)));

	if (!attr || !TREE_VALUE(attr))
		return false;
	return integer_zerop(TREE_VALUE(TREE_VALUE(attr)));
}

/* A static function called only directly: its own file's inliner, with
 * or without LTO, decides where it goes (see the comment at the top). */
static bool called_only_in_its_file(cgraph_node *node)
{
	return !TREE_PUBLIC(node->decl) && !node->address_taken;
}

/* The threshold in force: the argument, or the default on 32-bit targets. */
static int threshold(void)
{
	if (lg_opts.stack_args_given)
		return lg_opts.stack_args;
	return UNITS_PER_WORD == 4 ? LG_STACK_ARGS_DEFAULT : 0;
}

void lg_fix_stack_args(void)
{
	int limit = threshold();
	cgraph_node *node;

	if (limit == 0)
		return;
	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
		tree decl = node->decl;
		int words;
		char detail[96];
		struct lg_why why = { LG_REASON_STACK_ARGS, detail };

		if (!DECL_STRUCT_FUNCTION(decl) ||
		    lookup_attribute("always_inline", DECL_ATTRIBUTES(decl)))
			continue;
		words = stack_words(node);
		if (words > 0 && UNITS_PER_WORD == 4 && is_asmlinkage(decl)) {
			snprintf(detail, sizeof(detail),
				 "asmlinkage, %d argument words on the stack owned by its caller",
				 words);
			lg_forbid_sibcalls(node, &why);
		}
		if (words < limit || called_only_in_its_file(node))
			continue;
		snprintf(detail, sizeof(detail),
			 "%d argument words on the stack, threshold %d", words, limit);
		lg_mark_noinline(node, &why);
	}
}
