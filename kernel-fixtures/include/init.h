/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Initcalls as Linux 6.1 defines them on x86 (include/linux/init.h with
 * CONFIG_HAVE_ARCH_PREL32_RELOCATIONS, no LTO_CLANG): __ADDRESSABLE(fn)
 * plus toplevel asm placing "__initcall__<id>: .long fn - ." in
 * .initcall<level>.init.  fn is usually static, and often named alike in
 * several files (setup, init, foo_init).
 */
#ifndef FIXTURE_INIT_H
#define FIXTURE_INIT_H
#include "compiler.h"

typedef int (*initcall_t)(void);
typedef int initcall_entry_t;

static inline initcall_t initcall_from_entry(const initcall_entry_t *entry)
{
	return (initcall_t)((const char *)entry + *entry);
}

#define __init __section(".init.text")

#define __initcall_id(fn)					\
	__PASTE(__KBUILD_MODNAME,				\
	__PASTE(__,						\
	__PASTE(__COUNTER__,					\
	__PASTE(_,						\
	__PASTE(__LINE__,					\
	__PASTE(_, fn))))))

#define __initcall_name(prefix, __iid, id)			\
	__PASTE(__,						\
	__PASTE(prefix,						\
	__PASTE(__,						\
	__PASTE(__iid, id))))

#define __initcall_section(__sec, __iid)			\
	#__sec ".init"

#define ____define_initcall(fn, __unused, __name, __sec)	\
	__ADDRESSABLE(fn)					\
	asm(".section	\"" __sec "\", \"a\"		\n"	\
	    __stringify(__name) ":			\n"	\
	    ".long	" __stringify(fn) " - .		\n"	\
	    ".previous					\n");

#define __unique_initcall(fn, id, __sec, __iid)			\
	____define_initcall(fn,					\
		__initcall_stub(fn, __iid, id),			\
		__initcall_name(initcall, __iid, id),		\
		__initcall_section(__sec, __iid))

#define __initcall_stub(fn, __iid, id)	fn

#define ___define_initcall(fn, id, __sec)			\
	__unique_initcall(fn, id, __sec, __initcall_id(fn))

#define __define_initcall(fn, id) ___define_initcall(fn, id, .initcall##id)

#define core_initcall(fn)		__define_initcall(fn, 1)
#define subsys_initcall(fn)		__define_initcall(fn, 4)
#define device_initcall(fn)		__define_initcall(fn, 6)
#define late_initcall(fn)		__define_initcall(fn, 7)

#endif
