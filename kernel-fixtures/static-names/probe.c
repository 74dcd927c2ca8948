// SPDX-License-Identifier: GPL-2.0
/*
 * A static function and a static variable that functions of the file use
 * (kernel/sched/core.c's statics that tracers and kprobes name).  With
 * its users in other LTO partitions GCC promotes each to a hidden global
 * and renames it probe_target.lto_priv.0 (lto-partition.cc,
 * promote_symbol): /proc/kallsyms, ftrace filters and BTF no longer find
 * probe_target.
 */
#include "compiler.h"

static int probe_hits;

static noinline int probe_target(int x)
{
	probe_hits++;
	return x * 3 + 1;
}

noinline int probe_first(int x)
{
	return probe_target(x) + probe_hits;
}

noinline int probe_second(int x)
{
	return probe_target(x + 1) - probe_hits;
}
