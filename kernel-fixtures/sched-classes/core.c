// SPDX-License-Identifier: GPL-2.0
/*
 * sched_init()'s "Make sure the linker didn't screw up" check, as in
 * kernel/sched/core.c (6.1).  Every definition is visible to LTO, and
 * once the classes are local symbols GCC decides that distinct objects
 * cannot be adjacent: the check folds to true and the program aborts.
 */
#include <stdio.h>
#include <stdlib.h>
#include "sched.h"

#define BUG_ON(c) do { if (c) { printf("BUG at %s:%d\n", __FILE__, __LINE__); fflush(stdout); abort(); } } while (0)

__attribute__((noinline)) static void sched_init(void)
{
	BUG_ON(&idle_sched_class != &fair_sched_class + 1 ||
	       &fair_sched_class != &rt_sched_class + 1 ||
	       &rt_sched_class   != &dl_sched_class + 1);
	BUG_ON(&dl_sched_class != &stop_sched_class + 1);
}

/* The current task's class, as task_struct::sched_class holds it. */
static const struct sched_class *current_class = &fair_sched_class;

int main(void)
{
	const struct sched_class *class;

	sched_init();
	for_each_class(class)
		printf("class %s pick=%d\n", class->name, class->pick());
	printf("rt above fair: %d\n", sched_class_above(&rt_sched_class, current_class));
	printf("idle above fair: %d\n", sched_class_above(&idle_sched_class, current_class));
	return 0;
}
