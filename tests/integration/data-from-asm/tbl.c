/* Toplevel asm builds a pointer table to variables of another file. */
asm(".pushsection .data.rel.ro.ptrs, \"aw\"\n"
    ".globl ptrs\nptrs:\n"
    "\t.quad config_a, config_b + 4\n"
    ".popsection");
