/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The shape of kernel/sched/sched.h (6.1, 6.12): each scheduling class is
 * a const object in a section of its own, the linker script lays them out
 * in priority order (SCHED_DATA in include/asm-generic/vmlinux.lds.h),
 * and C code compares their addresses: sched_init() checks the layout
 * with BUG_ON, sched_class_above() orders classes by address, and
 * for_each_class() walks from one linker-script symbol to the other.
 */
#ifndef SCHED_CLASSES_H
#define SCHED_CLASSES_H

struct sched_class {
	const char *name;
	int (*pick)(void);
	long pad[2];
};

#define DEFINE_SCHED_CLASS(name) \
const struct sched_class name##_sched_class \
	__attribute__((aligned(__alignof__(struct sched_class)))) \
	__attribute__((section("__" #name "_sched_class")))

extern const struct sched_class stop_sched_class;
extern const struct sched_class dl_sched_class;
extern const struct sched_class rt_sched_class;
extern const struct sched_class fair_sched_class;
extern const struct sched_class idle_sched_class;

extern const struct sched_class __sched_class_highest[];
extern const struct sched_class __sched_class_lowest[];

#define for_class_range(class, _from, _to) \
	for (class = (_from); class < (_to); class++)
#define for_each_class(class) \
	for_class_range(class, __sched_class_highest, __sched_class_lowest)
#define sched_class_above(_a, _b)	((_a) < (_b))

#endif
