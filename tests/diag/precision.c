/* Names that only look like references must not keep anything alive. */
#include <stdio.h>

void only_in_comment(void) { puts("comment"); }
void only_in_string(void) { puts("string"); }
void only_in_directive(void) { puts("directive"); }
void only_in_register_slot(void) { puts("register"); }
void really_called(void) { puts("called"); }

asm("# call only_in_comment\n"
    "/* call only_in_comment too */\n"
    "\t.pushsection .rodata.precision, \"a\"\n"
    "\t.ascii \"only_in_string\"\n"
    "\t.popsection\n"
    "\t.globl only_in_directive\n"
    "\t.type only_in_directive, @function\n");

void user(void)
{
	asm volatile("mov %%rax, %%rax # only_in_register_slot\n\tcall really_called"
		     ::: "rax", "memory");
}

int main(void)
{
	user();
	return 0;
}
