/*
 * kernel/time/posix-stubs.c with SYSCALL_ALIAS
 * (arch/x86/include/asm/syscall_wrapper.h, 6.1):
 * asm(".globl alias; .set alias, target") beside the target, which no C
 * code references.
 */
#define SYSCALL_ALIAS(alias, name) \
	asm(".globl " #alias "\n\t.set " #alias ", " #name)

long sys_ni_posix_timers(void)
{
	return -38;	/* -ENOSYS */
}
SYSCALL_ALIAS(sys_timer_create, sys_ni_posix_timers);
