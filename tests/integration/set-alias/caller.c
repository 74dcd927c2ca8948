/*
 * A caller of the alias in a file of its own: under -flto-partition=max it
 * lands in another LTRANS partition than the toplevel asm (always the
 * first), where the .set alias only exists if GCC knows it (6.1 x86_64
 * -O2: x64_sys_call calling __x64_sys_alarm = sys_ni_posix_timers).
 */
long sys_timer_create(void);

__attribute__((noinline)) long call_timer_create(void)
{
	return sys_timer_create() - 1;
}
