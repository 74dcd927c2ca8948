/* A static named by toplevel asm (the 6.1 initcall shape). */
static int setup_static(void) { return 42; }
static void *__attribute__((used, section(".discard.addressable")))
	__addressable_setup_static = (void *)&setup_static;
asm(".pushsection .data.rel.ro.tbl, \"aw\"\n"
    ".globl tbl_entry\ntbl_entry:\n.long setup_static - .\n.popsection");
