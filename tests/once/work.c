// SPDX-License-Identifier: GPL-2.0
/* arch/x86/kernel/signal.c's shape: arch_do_signal_or_restart, global
 * and called once from another file, is small in the IR, but its file
 * inlines the large static setup_frame (handle_signal, __setup_rt_frame)
 * into it; and a small function every LTO build should inline. */
#include "once.h"

static void setup_frame(struct regs *r)
{
	FORTY_NOTES(r, 7);
}

void signal_work(struct regs *r)
{
	if (r->a[1])
		setup_frame(r);
}

int small_helper(int x)
{
	return x + 1;
}
