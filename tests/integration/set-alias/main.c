#include <stdio.h>

long sys_timer_create(void);
long call_timer_create(void);

int main(void)
{
	printf("timer_create: %ld\n", sys_timer_create());
	printf("from another file: %ld\n", call_timer_create());
	return 0;
}
