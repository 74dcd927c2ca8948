// SPDX-License-Identifier: GPL-2.0
/*
 * 6.1 arch/x86/kernel/kprobes/opt.c: optprobe_template_func is a label of
 * toplevel asm in .rodata, with no binding and no type, declared as a C
 * function and named by STACK_FRAME_NON_STANDARD: a pointer in a
 * .discard section that only objtool reads (add_ignores, which takes a
 * function symbol or a section there and warns on anything else).
 */
asm(".pushsection .rodata\n"
    "optprobe_template_func:\n"
    "	.byte 0x90\n"
    ".popsection\n");

void optprobe_template_func(void);

static void *__func_stack_frame_non_standard_optprobe_template_func
	__attribute__((used, section(".discard.func_stack_frame_non_standard"))) =
	optprobe_template_func;
