// SPDX-License-Identifier: GPL-2.0
/*
 * Fix rule: attribute flatten stays within its file under LTO.
 *
 * flatten inlines every call in the function, recursively, into it
 * (ipa-inline.cc, flatten_function).  GCC applies it twice: the early
 * inliner in cc1 (only bodies of the same file exist there), and the IPA
 * inliner, which under LTO runs in WPA with every body of the program.
 * A kernel __flatten function written for its file (6.1 mm/percpu.c,
 * pcpu_build_alloc_info) then pulls in the transitive closure of the
 * whole kernel's call graph: the x86_64_defconfig WPA grew by about
 * 100 MB a second to 23.5 GB in flatten_function's recursion.
 *
 * So in WPA, before the IPA inliner, the attribute is dropped from every
 * function that has it: the cc1 early inliner has already flattened the
 * file's own calls into it, which is what the same file gives a non-LTO
 * build, and calls into other files stay calls.  The IPA inliner then
 * treats the function like any other, inside its usual growth limits.
 * -fplugin-arg-ltoguard-flatten=program keeps the attribute (GCC's own
 * behaviour, flattening across files).  Each function is reported as
 * "flatten-file".
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

/* DECL_ATTRIBUTES without "flatten"; copied first, since attribute lists
 * may share tails between declarations. */
static tree without_flatten(tree attrs)
{
	return remove_attribute("flatten", copy_list(attrs));
}

void lg_fix_flatten_to_file(void)
{
	struct lg_why why = {
		LG_REASON_FLATTEN,
		"attribute flatten: only the calls to functions of its own file "
		"are flattened (-fplugin-arg-ltoguard-flatten=program for all)"
	};
	cgraph_node *node;

	if (lg_opts.flatten_program)
		return;
	FOR_EACH_FUNCTION(node) {
		tree decl = node->decl;

		if (!lookup_attribute("flatten", DECL_ATTRIBUTES(decl)))
			continue;
		DECL_ATTRIBUTES(decl) = without_flatten(DECL_ATTRIBUTES(decl));
		if (node->definition)
			lg_report_note(node, LG_ACT_FLATTEN_FILE, &why);
	}
}
