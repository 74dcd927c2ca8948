/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ltoguard-gcc.h: the one place that knows GCC versions.
 *
 * Modelled on the kernel's scripts/gcc-plugins/gcc-common.h: every GCC
 * header the plugin needs, in the order GCC requires, and a shim for each
 * interface that differs between the GCC releases ltoguard supports
 * (11 and 12; both checked in CI with `make check CC=gcc-11`).
 */
#ifndef LTOGUARD_GCC_H
#define LTOGUARD_GCC_H

#include "bversion.h"
#if BUILDING_GCC_VERSION < 11000
#error "ltoguard needs GCC 11 or later"
#endif

#include "gcc-plugin.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "tm.h"
#include "tree.h"
#include "rtl.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cgraph.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "stringpool.h"
#include "attribs.h"
#include "diagnostic-core.h"
#include "hash-map.h"
#include "hash-set.h"
#include "toplev.h"
#include "flags.h"
#include "output.h"
#include "target.h"
#include "tm_p.h"
#include "calls.h"
#include "varasm.h"
#include "file-prefix-map.h"
#include "alloc-pool.h"
#include "value-range.h"
#include "symbol-summary.h"
#include "ipa-prop.h"
#include "ipa-fnsummary.h"	/* perf/: size and time estimates */
#include "ipa-inline.h"		/* perf/: estimate_edge_growth, hints */
/* gcc_version, a static the version check of plugin_init reads: only in
 * the file that defines LG_PLUGIN_INIT (ltoguard.c), or every other one
 * warns that it is unused. */
#ifdef LG_PLUGIN_INIT
#include "plugin-version.h"
#endif

/* Pass methods are overridden the same way in 11 and 12. */
#define LG_OVERRIDE override

#ifndef __visible
#define __visible __attribute__((visibility("default")))
#endif

/*
 * The incoming-argument walk of gcc/function.cc (assign_parms_initialize_all):
 * targets may define INIT_CUMULATIVE_INCOMING_ARGS; the rest use
 * INIT_CUMULATIVE_ARGS for current_function_decl with N_NAMED_ARGS -1.
 */
#ifdef INIT_CUMULATIVE_INCOMING_ARGS
#define LG_INIT_INCOMING_ARGS(CUM, FNTYPE) \
	INIT_CUMULATIVE_INCOMING_ARGS(CUM, FNTYPE, NULL_RTX)
#else
#define LG_INIT_INCOMING_ARGS(CUM, FNTYPE) \
	INIT_CUMULATIVE_ARGS(CUM, FNTYPE, NULL_RTX, current_function_decl, -1)
#endif

/*
 * The assembler name of DECL as the assembler sees it: GCC marks names set
 * by asm("label") with a leading '*' (varasm.cc, set_user_assembler_name).
 */
static inline const char *lg_decl_asm_name(tree decl)
{
	const char *name = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(decl));

	return name[0] == '*' ? name + 1 : name;
}

#endif /* LTOGUARD_GCC_H */
