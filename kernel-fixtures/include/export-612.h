/* SPDX-License-Identifier: GPL-2.0 */
/*
 * EXPORT_SYMBOL as Linux 6.12 defines it (include/linux/export.h):
 * __ADDRESSABLE(sym) plus an asm record in ".export_symbol": license,
 * namespace, then a pointer to sym.  modpost reads the records and the
 * __export_symbol_sym labels from vmlinux.o and rejects a local target.
 */
#ifndef FIXTURE_EXPORT_H
#define FIXTURE_EXPORT_H
#include "compiler.h"

#define __EXPORT_SYMBOL_REF(sym)	\
	ASM_ALIGN_PTR " ; " ASM_PTR " " #sym

#define ___EXPORT_SYMBOL(sym, license, ns)		\
	".section \".export_symbol\",\"a\"	; "	\
	"__export_symbol_" #sym ":		; "	\
	"	.asciz \"" license "\"		; "	\
	"	.asciz \"" ns "\"		; "	\
	__EXPORT_SYMBOL_REF(sym) "		; "	\
	".previous"

#define _EXPORT_SYMBOL(sym, license, ns)		\
	extern typeof(sym) sym;				\
	__ADDRESSABLE(sym)				\
	asm(___EXPORT_SYMBOL(sym, license, ns))

#define EXPORT_SYMBOL(sym)		_EXPORT_SYMBOL(sym, "", "")
#define EXPORT_SYMBOL_GPL(sym)		_EXPORT_SYMBOL(sym, "GPL", "")
#define EXPORT_SYMBOL_NS(sym, ns)	_EXPORT_SYMBOL(sym, "", #ns)
#define EXPORT_SYMBOL_NS_GPL(sym, ns)	_EXPORT_SYMBOL(sym, "GPL", #ns)
#define EXPORT_PER_CPU_SYMBOL(var)	EXPORT_SYMBOL(var)

#endif
