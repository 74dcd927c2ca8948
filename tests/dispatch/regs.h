/* SPDX-License-Identifier: GPL-2.0 */
struct regs {
	long a, b, c;
};

long sink(long x);
long sys_call(const struct regs *r, unsigned int nr);
long small_switch(const struct regs *r, unsigned int op);
long sys_0(const struct regs *r);
long sys_1(const struct regs *r);
long sys_2(const struct regs *r);
long sys_3(const struct regs *r);
long sys_4(const struct regs *r);
long sys_5(const struct regs *r);
long sys_6(const struct regs *r);
long sys_7(const struct regs *r);
long sys_8(const struct regs *r);
long sys_9(const struct regs *r);
long sys_10(const struct regs *r);
long sys_11(const struct regs *r);
long sys_12(const struct regs *r);
long sys_13(const struct regs *r);
long sys_14(const struct regs *r);
long sys_15(const struct regs *r);
long sys_16(const struct regs *r);
long sys_17(const struct regs *r);
long sys_18(const struct regs *r);
long sys_19(const struct regs *r);
long helper_a(const struct regs *r);
long helper_b(const struct regs *r);
