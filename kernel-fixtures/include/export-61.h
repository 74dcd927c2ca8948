/* SPDX-License-Identifier: GPL-2.0 */
/*
 * EXPORT_SYMBOL as Linux 6.1 defines it on x86 (include/linux/export.h,
 * CONFIG_HAVE_ARCH_PREL32_RELOCATIONS): __ADDRESSABLE(sym) plus toplevel
 * asm that emits the name strings and a PREL32 table entry
 * __ksymtab_sym: .long sym - .  (CRCs left out: no MODVERSIONS here).
 */
#ifndef FIXTURE_EXPORT_H
#define FIXTURE_EXPORT_H
#include "compiler.h"

struct kernel_symbol {
	int value_offset;
	int name_offset;
	int namespace_offset;
};

#define ___EXPORT_SYMBOL(sym, sec, ns)						\
	extern typeof(sym) sym;							\
	extern const char __kstrtab_##sym[];					\
	extern const char __kstrtabns_##sym[];					\
	asm("	.section \"__ksymtab_strings\",\"aMS\",%progbits,1	\n"	\
	    "__kstrtab_" #sym ":					\n"	\
	    "	.asciz 	\"" #sym "\"					\n"	\
	    "__kstrtabns_" #sym ":					\n"	\
	    "	.asciz 	\"" ns "\"					\n"	\
	    "	.previous						\n");	\
	__KSYMTAB_ENTRY(sym, sec)

#define __KSYMTAB_ENTRY(sym, sec)					\
	__ADDRESSABLE(sym)						\
	asm("	.section \"___ksymtab" sec "+" #sym "\", \"a\"	\n"	\
	    "	.balign	4					\n"	\
	    "__ksymtab_" #sym ":				\n"	\
	    "	.long	" #sym "- .				\n"	\
	    "	.long	__kstrtab_" #sym "- .			\n"	\
	    "	.long	__kstrtabns_" #sym "- .			\n"	\
	    "	.previous					\n")

#define EXPORT_SYMBOL(sym)		___EXPORT_SYMBOL(sym, "", "")
#define EXPORT_SYMBOL_GPL(sym)		___EXPORT_SYMBOL(sym, "_gpl", "")
#define EXPORT_SYMBOL_NS(sym, ns)	___EXPORT_SYMBOL(sym, "", #ns)
#define EXPORT_SYMBOL_NS_GPL(sym, ns)	___EXPORT_SYMBOL(sym, "_gpl", #ns)
#define EXPORT_PER_CPU_SYMBOL(var)	EXPORT_SYMBOL(var)

#endif
