/*
 * A function that only something outside the compiler references (a
 * debugger script, a later link stage, a kallsyms lookup by name): the
 * keep list names it.
 */
#include <stdio.h>

int debug_dump(void)
{
	return puts("dump");
}

int main(void)
{
	puts("main");
	return 0;
}
