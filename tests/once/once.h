/* SPDX-License-Identifier: GPL-2.0 */
/* The called-once rule's test program (tests/once/once.sh). */
struct regs {
	int flags;
	int a[8];
};

void note(int x);			/* main.c, noinline: keeps bodies large */
void signal_work(struct regs *r);	/* work.c: large in its file, called once */
int small_helper(int x);		/* work.c: small, LTO inlines it */
void exit_to_user(struct regs *r);	/* exit.c */
void exit_to_user_work(struct regs *r);	/* exit.c: never called */
void prepare(struct regs *r);		/* exit.c */
int lookup_one(struct regs *r, int x, int y);	/* wrap.c */
int lookup_two(struct regs *r, int x, int y);	/* wrap.c */

/* twenty calls to note() */
#define TWENTY_NOTES(r, k) do {						\
	note((r)->a[0] * (k)); note((r)->a[1] + (k)); note((r)->a[2] - (k)); \
	note((r)->a[3] ^ (k)); note((r)->a[4] * (k)); note((r)->a[5] + (k)); \
	note((r)->a[6] - (k)); note((r)->a[7] ^ (k)); note((r)->a[0] + 2 * (k)); \
	note((r)->a[1] * 3); note((r)->a[2] * 5); note((r)->a[3] * 7);	\
	note((r)->a[4] * 11); note((r)->a[5] * 13); note((r)->a[6] * 17); \
	note((r)->a[7] * 19); note((r)->a[0] * 23); note((r)->a[1] * 29); \
	note((r)->a[2] * 31); note((r)->a[3] * 37);			\
} while (0)

/* forty calls to note(): a body well over the rule's default of 100
 * instructions */
#define FORTY_NOTES(r, k) do {						\
	TWENTY_NOTES(r, k);						\
	TWENTY_NOTES(r, (k) + 1);					\
} while (0)
