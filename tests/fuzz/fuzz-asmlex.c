// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for the GCC-free parsers: the GNU as lexer (basic and
 * extended asm) and the keep-list parser.  Every reported symbol must lie
 * inside the input and look like a symbol; ASan/UBSan catch the rest.
 * Run with `make fuzz` (FUZZ_SECONDS=N).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ltoguard.h"

struct bounds {
	const char *text;
	size_t len;
};

static void on_sym(const struct lg_asm_sym *sym, void *ctx)
{
	const struct bounds *b = ctx;
	size_t i;

	if (sym->name != b->text + sym->offset || sym->len == 0 ||
	    sym->offset + sym->len > b->len || !lg_is_symstart((unsigned char)sym->name[0]))
		abort();
	for (i = 1; i < sym->len; i++)
		if (!lg_is_symchar((unsigned char)sym->name[i]))
			abort();
	if (strlen(sym->section) >= 256)
		abort();
}

static void on_name(const char *name, unsigned line, void *ctx)
{
	(void)ctx;
	if (!*name || line == 0)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* a private copy with no terminator: the lexer must honour LEN */
	char *text = malloc(size ? size : 1);
	struct bounds b = { text, size };

	if (!text)
		return 0;
	memcpy(text, data, size);
	lg_asm_scan(text, size, 0, on_sym, &b);
	lg_asm_scan(text, size, LG_ASM_EXTENDED, on_sym, &b);
	lg_keep_parse(text, size, on_name, NULL, NULL);
	free(text);
	return 0;
}
