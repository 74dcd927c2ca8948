// SPDX-License-Identifier: GPL-2.0
/*
 * ltoguard: keep what asm text, linker scripts and later link stages
 * reference alive and global through GCC link-time optimization.
 *
 * Where it runs (background.md, 2):
 *   cc1:  PLUGIN_ALL_IPA_PASSES_START, before ipa-visibility, the early
 *         inliner and the function summaries; the decl bits it sets are
 *         streamed into the LTO IR.  Function bodies are available here
 *         and nowhere later, so inline asm is read here.
 *   lto1: -fplugin= on the compile line does not reach lto1, so the same
 *         plugin goes on the link line too; in WPA a simple IPA pass runs
 *         right before "whole-program" (ipa-visibility.cc), with the whole
 *         program's symbol table and toplevel asm but no function bodies.
 *         In LTRANS it does nothing.
 *
 * Arguments: -fplugin-arg-ltoguard-report=FILE, -keep=FILE (repeatable),
 * -verbose, -stack-args=N, -flatten=file|program, -dispatch=N,
 * -builtins=constant|all|inline, -called-once=N, -cross-growth=N.  See
 * README.md.
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"
#include "plugin-version.h"

__visible int plugin_is_GPL_compatible;

struct lg_options lg_opts;
enum lg_stage lg_stage;

static struct plugin_info ltoguard_info = {
	.version = "1.0",
	.help = "keeps export-, asm- and section-referenced symbols through LTO\n"
		"  -fplugin-arg-ltoguard-report=FILE  append one line per decision\n"
		"  -fplugin-arg-ltoguard-keep=FILE    keep the symbols listed in FILE\n"
		"  -fplugin-arg-ltoguard-verbose      a note at each decision\n"
		"  -fplugin-arg-ltoguard-stack-args=N noinline for N+ stack argument words\n"
		"                                     (default 4 on 32-bit targets, 0 = off)\n"
		"  -fplugin-arg-ltoguard-flatten=file|program  how far attribute flatten\n"
		"                                     reaches under LTO (default file)\n"
		"  -fplugin-arg-ltoguard-dispatch=N   a switch of tail calls to N+ functions\n"
		"                                     of other files keeps them (default 16,\n"
		"                                     0 = off)\n"
		"  -fplugin-arg-ltoguard-builtins=constant|all|inline  calls to a\n"
		"                                     builtin the program defines stay\n"
		"                                     builtin calls: those of a constant\n"
		"                                     size (default), all, or none\n"
		"  -fplugin-arg-ltoguard-called-once=N  calls to a function of N+\n"
		"                                     instructions that its own file kept\n"
		"                                     as calls stay calls (default 100,\n"
		"                                     0 = off)\n"
		"  -fplugin-arg-ltoguard-cross-growth=N  calls to another file's\n"
		"                                     function not declared inline stay\n"
		"                                     calls when inlining grows the caller\n"
		"                                     by N+ instructions (default 6,\n"
		"                                     0 = off)\n",
};

static void run_detectors(void)
{
	lg_detect_exports();
	lg_detect_asm();
	lg_detect_sections();
	lg_detect_keeplist();
	lg_detect_stack_args();
	lg_limit_flatten();
	lg_keep_dispatch_tail_calls();
	lg_keep_builtin_expansion();
	lg_keep_large_called_once();
	lg_keep_growing_cross_file_calls();
}

/*
 * cc1: before any IPA pass, while every function body is there.  Only
 * when cc1 writes LTO IR: without -flto nothing is lost, so the plugin
 * changes nothing (and the detectors need not check again).
 */
static void on_all_ipa_passes_start(void *gcc_data, void *user_data)
{
	(void)gcc_data;
	(void)user_data;
	if (in_lto_p || !flag_generate_lto)
		return;
	lg_stage = LG_STAGE_CC1;
	lg_resolve_section_conflicts();
	run_detectors();
}

/*
 * An IPA_PASS, because passes.cc (position_pass) only inserts a new pass
 * next to a reference pass of the same type, and whole-program is one.
 * It has no summaries: it reads nothing but the symbol table.
 */
static const pass_data wpa_pass_data = {
	IPA_PASS,		/* type */
	"ltoguard",		/* name */
	OPTGROUP_NONE,		/* optinfo_flags */
	TV_NONE,		/* tv_id */
	0,			/* properties_required */
	0,			/* properties_provided */
	0,			/* properties_destroyed */
	0,			/* todo_flags_start */
	0,			/* todo_flags_finish */
};

class wpa_pass : public ipa_opt_pass_d {
public:
	wpa_pass(gcc::context *ctxt)
		: ipa_opt_pass_d(wpa_pass_data, ctxt,
				 NULL,	/* generate_summary */
				 NULL,	/* write_summary */
				 NULL,	/* read_summary */
				 NULL,	/* write_optimization_summary */
				 NULL,	/* read_optimization_summary */
				 NULL,	/* stmt_fixup */
				 0,	/* function_transform_todo_flags_start */
				 NULL,	/* function_transform */
				 NULL)	/* variable_transform */
	{}

	virtual opt_pass *clone() LG_OVERRIDE
	{
		return new wpa_pass(m_ctxt);
	}

	/* WPA only: LTRANS gets the decisions through the IR. */
	virtual bool gate(function *) LG_OVERRIDE
	{
		return in_lto_p && !flag_ltrans;
	}

	virtual unsigned int execute(function *) LG_OVERRIDE
	{
		lg_stage = LG_STAGE_WPA;
		run_detectors();
		return 0;
	}
};

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
			      lg_opts.report, xstrerror(err));
			ok = false;
		}
	}
	return lg_keeplist_load() && ok;
}

__visible int plugin_init(struct plugin_name_args *info,
			  struct plugin_gcc_version *version)
{
	struct register_pass_info pass_info;

	if (!plugin_default_version_check(version, &gcc_version)) {
		error("ltoguard: this plugin was built for GCC %s, but GCC %s "
		      "loaded it; rebuild it with %<make CC=gcc-%d%>",
		      gcc_version.basever, version->basever,
		      atoi(version->basever));
		return 1;
	}
	register_callback(info->base_name, PLUGIN_INFO, NULL, &ltoguard_info);
	if (!parse_arguments(info))
		return 0;	/* errors given; the compilation fails */

	register_callback(info->base_name, PLUGIN_ALL_IPA_PASSES_START,
			  on_all_ipa_passes_start, NULL);
	pass_info.pass = new wpa_pass(g);
	pass_info.reference_pass_name = "whole-program";
	pass_info.ref_pass_instance_number = 1;
	pass_info.pos_op = PASS_POS_INSERT_BEFORE;
	register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &pass_info);
	register_callback(info->base_name, PLUGIN_FINISH, on_finish, NULL);
	return 0;
}
