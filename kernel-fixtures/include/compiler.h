/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's compiler helpers the fixtures need, as Linux 6.1 defines
 * them (include/linux/compiler_types.h, compiler_attributes.h,
 * compiler.h, stringify.h), reduced to user space.
 */
#ifndef FIXTURE_COMPILER_H
#define FIXTURE_COMPILER_H

#define __used			__attribute__((__used__))
#define __section(s)		__attribute__((__section__(s)))
#define __aligned(x)		__attribute__((__aligned__(x)))
#define noinline		__attribute__((__noinline__))
#define __visible		__attribute__((__externally_visible__))

#define __stringify_1(x...)	#x
#define __stringify(x...)	__stringify_1(x)

#define ___PASTE(a, b)		a##b
#define __PASTE(a, b)		___PASTE(a, b)
#define __UNIQUE_ID(prefix)	__PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)

/* include/linux/compiler.h, 6.1: keep a symbol referenced from C */
#define ___ADDRESSABLE(sym, __attrs) \
	static void * __used __attrs \
		__UNIQUE_ID(__PASTE(__addressable_,sym)) = (void *)&sym;
#define __ADDRESSABLE(sym) \
	___ADDRESSABLE(sym, __section(".discard.addressable"))

#if __SIZEOF_POINTER__ == 8
#define ASM_PTR ".quad"
#define ASM_ALIGN_PTR ".balign 8"
#else
#define ASM_PTR ".long"
#define ASM_ALIGN_PTR ".balign 4"
#endif

#endif
