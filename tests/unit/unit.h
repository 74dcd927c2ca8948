/* SPDX-License-Identifier: GPL-2.0 */
/* Common includes for the cmocka unit tests of ltoguard's GCC-free parts. */
#ifndef LTOGUARD_UNIT_H
#define LTOGUARD_UNIT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ltoguard.h"

#endif
