/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What modpost generates from the .export_symbol records in Linux 6.12
 * (include/linux/export-internal.h, used by .vmlinux.export.c): the PREL32
 * __ksymtab entries and name strings the module loader walks.
 */
#ifndef FIXTURE_EXPORT_INTERNAL_H
#define FIXTURE_EXPORT_INTERNAL_H
#include "compiler.h"

#define __KSYM_ALIGN	".balign 4"
#define __KSYM_REF(sym)	".long " #sym "- ."

#define __KSYMTAB(name, sym, sec, ns)						\
	asm("	.section \"__ksymtab_strings\",\"aMS\",%progbits,1"	"\n"	\
	    "__kstrtab_" #name ":"					"\n"	\
	    "	.asciz \"" #name "\""					"\n"	\
	    "__kstrtabns_" #name ":"					"\n"	\
	    "	.asciz \"" ns "\""					"\n"	\
	    "	.previous"						"\n"	\
	    "	.section \"___ksymtab" sec "+" #name "\", \"a\""	"\n"	\
	    __KSYM_ALIGN						"\n"	\
	    "__ksymtab_" #name ":"					"\n"	\
	    __KSYM_REF(sym)						"\n"	\
	    "	" __KSYM_REF(__kstrtab_ ##name)				"\n"	\
	    "	" __KSYM_REF(__kstrtabns_ ##name)			"\n"	\
	    "	.previous"						"\n"	\
	)

#define KSYMTAB_FUNC(name, sec, ns)	__KSYMTAB(name, name, sec, ns)
#define KSYMTAB_DATA(name, sec, ns)	__KSYMTAB(name, name, sec, ns)

#endif
