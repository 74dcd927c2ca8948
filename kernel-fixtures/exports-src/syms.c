// SPDX-License-Identifier: GPL-2.0
/* lib/zlib_inflate/inflate_syms.c: exports of functions defined elsewhere */
#include "compiler.h"
#include EXPORT_H

extern int defined_elsewhere(int x);
EXPORT_SYMBOL_GPL(defined_elsewhere);
