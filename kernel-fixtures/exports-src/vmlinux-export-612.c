// SPDX-License-Identifier: GPL-2.0
/*
 * .vmlinux.export.c as modpost writes it for 6.12 from the .export_symbol
 * records of these files (scripts/mod/modpost.c, write_vmlinux_export_c_file).
 * Only built for the 6.12 shape.
 */
#ifdef EXPORT_612
#include "export-internal-612.h"

KSYMTAB_FUNC(add_one, "", "");
KSYMTAB_DATA(exported_var, "", "");
KSYMTAB_FUNC(gpl_mul, "_gpl", "");
KSYMTAB_FUNC(ns_fn, "", "MY_NS");
KSYMTAB_DATA(pcpu_counter, "", "");
KSYMTAB_FUNC(defined_elsewhere, "_gpl", "");
#endif
