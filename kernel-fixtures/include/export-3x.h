/* SPDX-License-Identifier: GPL-2.0 */
/*
 * EXPORT_SYMBOL as Linux 3.10 defines it (include/linux/export.h): a C
 * table entry __ksymtab_sym in section ___ksymtab[_gpl]+sym holding &sym
 * and the name; modpost finds exports by the __ksymtab_ symbol names.
 */
#ifndef FIXTURE_EXPORT_H
#define FIXTURE_EXPORT_H
#include "compiler.h"

struct kernel_symbol {
	unsigned long value;
	const char *name;
};

#define VMLINUX_SYMBOL_STR(x) #x

#define __EXPORT_SYMBOL(sym, sec)					\
	extern typeof(sym) sym;						\
	static const char __kstrtab_##sym[]				\
	__attribute__((section("__ksymtab_strings"), aligned(1)))	\
	= VMLINUX_SYMBOL_STR(sym);					\
	extern const struct kernel_symbol __ksymtab_##sym;		\
	__visible const struct kernel_symbol __ksymtab_##sym		\
	__used								\
	__attribute__((section("___ksymtab" sec "+" #sym), unused))	\
	= { (unsigned long)&sym, __kstrtab_##sym }

#define EXPORT_SYMBOL(sym)		__EXPORT_SYMBOL(sym, "")
#define EXPORT_SYMBOL_GPL(sym)		__EXPORT_SYMBOL(sym, "_gpl")
/* 3.x had no namespaces: the fixture's _NS exports are plain exports */
#define EXPORT_SYMBOL_NS(sym, ns)	__EXPORT_SYMBOL(sym, "")
#define EXPORT_PER_CPU_SYMBOL(var)	EXPORT_SYMBOL(var)

#endif
