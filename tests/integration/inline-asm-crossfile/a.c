/* Inline asm that names a function and a variable of another file. */
#include <stdio.h>

long read_counter(void)
{
	long v;

	asm volatile("call bump_counter\n\t"
		     "mov counter(%%rip), %0" : "=r"(v) :
		     : "memory", "cc", "rax", "rcx", "rdx", "rsi", "rdi",
		       "r8", "r9", "r10", "r11");
	return v;
}

int main(void)
{
	read_counter();
	printf("counter %ld\n", read_counter());
	return 0;
}
