// SPDX-License-Identifier: GPL-2.0
/*
 * The system calls of the dispatcher test (tests/dispatch/dispatch.sh): each uses
 * a value across a call, so inlined into the dispatcher it needs
 * callee-saved registers there, as the kernel's do.
 */
#include "regs.h"

long sys_0(const struct regs *r)
{
	long x = r->a * 1;

	return sink(x) + x + r->b;
}

long sys_1(const struct regs *r)
{
	long x = r->a * 2;

	return sink(x) + x + r->b;
}

long sys_2(const struct regs *r)
{
	long x = r->a * 3;

	return sink(x) + x + r->b;
}

long sys_3(const struct regs *r)
{
	long x = r->a * 4;

	return sink(x) + x + r->b;
}

long sys_4(const struct regs *r)
{
	long x = r->a * 5;

	return sink(x) + x + r->b;
}

long sys_5(const struct regs *r)
{
	long x = r->a * 6;

	return sink(x) + x + r->b;
}

long sys_6(const struct regs *r)
{
	long x = r->a * 7;

	return sink(x) + x + r->b;
}

long sys_7(const struct regs *r)
{
	long x = r->a * 8;

	return sink(x) + x + r->b;
}

long sys_8(const struct regs *r)
{
	long x = r->a * 9;

	return sink(x) + x + r->b;
}

long sys_9(const struct regs *r)
{
	long x = r->a * 10;

	return sink(x) + x + r->b;
}

long sys_10(const struct regs *r)
{
	long x = r->a * 11;

	return sink(x) + x + r->b;
}

long sys_11(const struct regs *r)
{
	long x = r->a * 12;

	return sink(x) + x + r->b;
}

long sys_12(const struct regs *r)
{
	long x = r->a * 13;

	return sink(x) + x + r->b;
}

long sys_13(const struct regs *r)
{
	long x = r->a * 14;

	return sink(x) + x + r->b;
}

long sys_14(const struct regs *r)
{
	long x = r->a * 15;

	return sink(x) + x + r->b;
}

long sys_15(const struct regs *r)
{
	long x = r->a * 16;

	return sink(x) + x + r->b;
}

long sys_16(const struct regs *r)
{
	long x = r->a * 17;

	return sink(x) + x + r->b;
}

long sys_17(const struct regs *r)
{
	long x = r->a * 18;

	return sink(x) + x + r->b;
}

long sys_18(const struct regs *r)
{
	long x = r->a * 19;

	return sink(x) + x + r->b;
}

long sys_19(const struct regs *r)
{
	long x = r->a * 20;

	return sink(x) + x + r->b;
}

long helper_a(const struct regs *r)
{
	return sink(r->a) + r->c;
}

long helper_b(const struct regs *r)
{
	return sink(r->b) - r->c;
}
