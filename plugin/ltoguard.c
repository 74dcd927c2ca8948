// SPDX-License-Identifier: GPL-2.0
/*
 * ltoguard: keep what asm text, linker scripts and later link stages
 * reference alive and global through GCC link-time optimization.
 *
 * Where it runs (docs/design.md):
 *   cc1:  PLUGIN_ALL_IPA_PASSES_START, before ipa-visibility, the early
 *         inliner and the function summaries; the decl bits it sets are
 *         streamed into the LTO IR (lto-streamer-out.cc).  Function bodies
 *         are available here and nowhere later, so inline asm is read here.
 *   lto1: -fplugin= on the compile line does not reach lto1 (lto-wrapper
 *         passes only the link line's), so the same plugin goes on the
 *         link line too; in WPA an IPA pass runs right before
 *         "whole-program" (ipa-visibility.cc), with the whole program's
 *         symbol table and toplevel asm but no function bodies, and a
 *         second one right after "inline", before partitioning.  In
 *         LTRANS it does nothing.
 *
 * The rules and the stage each runs in: the table below.  Arguments:
 * lib/options.c and README.md.
 */
#define LG_PLUGIN_INIT
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

__visible int plugin_is_GPL_compatible;

struct lg_options lg_opts;
enum lg_stage lg_stage;

/* The help text (gcc -v --help -fplugin=ltoguard) is lib/options.c's
 * table of arguments, which README.md and ltoguard(7) list too. */
static struct plugin_info ltoguard_info = {
	.version = LG_VERSION,
	.help = NULL,
};

/*
 * Every rule, in the order it runs, and the stages it runs in:
 *   cc1  PLUGIN_ALL_IPA_PASSES_START of a compile that writes LTO IR
 *        (bodies exist; the decl bits set here are streamed);
 *   WPA  the IPA pass before whole-program in lto1 (every file's symbols
 *        and toplevel asm, no bodies; LTRANS gets the decisions through
 *        the IR);
 *   LATE the IPA pass after inline in lto1, before partitioning: what is
 *        left out of line then is what LTRANS emits.
 * A rule that works differently in the two stages has an entry for each.
 * Each rule's argument is in its file and in README.md.
 */
struct lg_rule {
	const char *name;	/* the rule, as README's table names it */
	unsigned stages;	/* LG_STAGE_CC1, _WPA, _WPA_LATE */
	void (*run)(void);
};

#define CC1 LG_STAGE_CC1
#define WPA LG_STAGE_WPA
#define LATE LG_STAGE_WPA_LATE

static const struct lg_rule rules[] = {
	/* fix: an unmodified kernel compiles with -flto at all */
	{ "section-conflict",	CC1,		lg_fix_section_conflicts },
	/* keep: what asm, linker scripts and later links reference */
	{ "export",		CC1 | WPA,	lg_keep_exports },
	{ "asm-local",		CC1,		lg_keep_asm_local_labels_for_c },
	{ "asm-local",		WPA,		lg_keep_asm_local_labels_apart },
	{ "asm",		CC1,		lg_keep_asm_named_in_file },
	{ "asm",		WPA,		lg_keep_asm_named_in_link },
	{ "btf-id",		WPA,		lg_keep_btf_id_functions },
	{ "static-names",	LATE,		lg_keep_static_names },
	{ "section",		CC1 | WPA,	lg_keep_section_tables },
	{ "keep-list",		CC1 | WPA,	lg_keep_listed_symbols },
	/* fix: what LTO breaks */
	{ "stack-args",		CC1,		lg_fix_stack_args },
	{ "flatten",		WPA,		lg_fix_flatten_to_file },
	/* perf: inlining that costs more than it gains */
	{ "dispatch",		CC1,		lg_perf_mark_dispatchers },
	{ "dispatch",		WPA,		lg_perf_keep_dispatch_calls },
	{ "builtins",		WPA,		lg_perf_keep_builtin_expansion },
	{ "called-once",	WPA,		lg_perf_keep_large_called_once },
	{ "cross-growth",	WPA,		lg_perf_keep_growing_cross_file_calls },
};

#undef CC1
#undef WPA
#undef LATE

static void run_rules(enum lg_stage stage)
{
	size_t i;

	lg_stage = stage;
	for (i = 0; i < ARRAY_SIZE(rules); i++)
		if (rules[i].stages & stage)
			rules[i].run();
}

/*
 * cc1: before any IPA pass, while every function body is there.  Only
 * when cc1 writes LTO IR: without -flto nothing is lost, so the plugin
 * changes nothing (and the rules need not check again).
 */
static void on_all_ipa_passes_start(void *gcc_data, void *user_data)
{
	(void)gcc_data;
	(void)user_data;
	if (in_lto_p || !flag_generate_lto)
		return;
	run_rules(LG_STAGE_CC1);
}

/*
 * An IPA_PASS, because passes.cc (position_pass) only inserts a new pass
 * next to a reference pass of the same type, and whole-program is one.
 * It has no summaries: it reads nothing but the symbol table.
 */
#define WPA_PASS_DATA(name) {					\
	IPA_PASS,		/* type */				\
	name,			/* name */				\
	OPTGROUP_NONE,		/* optinfo_flags */			\
	TV_NONE,		/* tv_id */				\
	0,			/* properties_required */		\
	0,			/* properties_provided */		\
	0,			/* properties_destroyed */		\
	0,			/* todo_flags_start */			\
	0,			/* todo_flags_finish */			\
}

static const pass_data wpa_pass_data = WPA_PASS_DATA("ltoguard");
/* after "inline": what inlining left out of line is what gets emitted */
static const pass_data wpa_late_pass_data = WPA_PASS_DATA("ltoguard-late");

class wpa_pass : public ipa_opt_pass_d {
	const pass_data &data;
	enum lg_stage stage;

public:
	wpa_pass(gcc::context *ctxt, const pass_data &d, enum lg_stage s)
		: ipa_opt_pass_d(d, ctxt,
				 NULL,	/* generate_summary */
				 NULL,	/* write_summary */
				 NULL,	/* read_summary */
				 NULL,	/* write_optimization_summary */
				 NULL,	/* read_optimization_summary */
				 NULL,	/* stmt_fixup */
				 0,	/* function_transform_todo_flags_start */
				 NULL,	/* function_transform */
				 NULL),	/* variable_transform */
		  data(d), stage(s)
	{}

	virtual opt_pass *clone() LG_OVERRIDE
	{
		return new wpa_pass(m_ctxt, data, stage);
	}

	/* WPA only: LTRANS gets the decisions through the IR. */
	virtual bool gate(function *) LG_OVERRIDE
	{
		return in_lto_p && !flag_ltrans;
	}

	virtual unsigned int execute(function *) LG_OVERRIDE
	{
		run_rules(stage);
		return 0;
	}
};

/* A wpa_pass for STAGE, next to the first instance of the IPA pass REF */
static void register_wpa_pass(struct plugin_name_args *info, const pass_data &data,
			      enum lg_stage stage, const char *ref,
			      enum pass_positioning_ops pos)
{
	struct register_pass_info pass_info;

	pass_info.pass = new wpa_pass(g, data, stage);
	pass_info.reference_pass_name = ref;
	pass_info.ref_pass_instance_number = 1;
	pass_info.pos_op = pos;
	register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &pass_info);
}

static void on_finish(void *gcc_data, void *user_data)
{
	(void)gcc_data;
	(void)user_data;
	lg_report_finish();
}

static bool parse_arguments(struct plugin_name_args *info)
{
	bool ok = true;
	int i;

	for (i = 0; i < info->argc; i++) {
		const char *bad = lg_option_apply(&lg_opts, info->argv[i].key,
						  info->argv[i].value);

		if (bad) {
			error("ltoguard: %<-fplugin-arg-ltoguard-%s%> %s",
			      info->argv[i].key, bad);
			ok = false;
		}
	}
	if (lg_opts.report) {
		int err = lg_report_probe(lg_opts.report);

		if (err) {
			error("ltoguard: cannot write %<-fplugin-arg-ltoguard-report=%s%>: %s",
			      lg_opts.report, lg_file_error(err));
			ok = false;
		}
	}
	return lg_keep_list_load() && ok;
}

__visible int plugin_init(struct plugin_name_args *info,
			  struct plugin_gcc_version *version)
{
	if (!plugin_default_version_check(version, &gcc_version)) {
		error("ltoguard: this plugin was built for GCC %s, but GCC %s "
		      "loaded it; rebuild it with %<make CC=gcc-%d%>",
		      gcc_version.basever, version->basever,
		      atoi(version->basever));
		return 1;
	}
	ltoguard_info.help = lg_help_text();
	register_callback(info->base_name, PLUGIN_INFO, NULL, &ltoguard_info);
	if (!parse_arguments(info))
		return 0;	/* errors given; the compilation fails */

	register_callback(info->base_name, PLUGIN_ALL_IPA_PASSES_START,
			  on_all_ipa_passes_start, NULL);
	register_wpa_pass(info, wpa_pass_data, LG_STAGE_WPA, "whole-program",
			  PASS_POS_INSERT_BEFORE);
	register_wpa_pass(info, wpa_late_pass_data, LG_STAGE_WPA_LATE, "inline",
			  PASS_POS_INSERT_AFTER);
	register_callback(info->base_name, PLUGIN_FINISH, on_finish, NULL);
	return 0;
}
