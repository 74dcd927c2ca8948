// SPDX-License-Identifier: GPL-2.0
/*
 * Defined here, exported from another file (the zlib_inflateReset and
 * xz_dec_reset shape: EXPORT_SYMBOL in a *_syms.c file).
 */
int defined_elsewhere(int x)
{
	return x * x;
}
