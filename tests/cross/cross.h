/* SPDX-License-Identifier: GPL-2.0 */
/* The cross-file rule's test program (tests/cross/cross.sh). */
struct lock {
	int owner;
	int waiters;
	int count;
};

/* lock.c: kernel/locking/mutex.c's shape */
void lock_take(struct lock *l, int who);	/* a few instructions: grows callers */
int lock_weight(const struct lock *l, int x);	/* grows callers a little */
int lock_owner(const struct lock *l);		/* one load: inlining shrinks */
void lock_setup(struct lock *l, int n);		/* called once, from main.c */

/* user.c */
int user_a(struct lock *l, const int *v, int x);	/* one lock_take */
int user_b(struct lock *l, const int *v, int x);	/* two */
int user_fast(struct lock *l, int x);			/* one, and little else */
