// SPDX-License-Identifier: GPL-2.0
/* A module: resolves what it imports by name, calls and reads it. */
#include <stdio.h>

const void *resolve(const char *name, int *gpl, const char **ns);

static const void *import(const char *name)
{
	const char *ns = "";
	int gpl;
	const void *p = resolve(name, &gpl, &ns);

	printf("%s: %s%s%s%s\n", name, p ? "resolved" : "MISSING",
	       gpl ? " gpl" : "", *ns ? " ns=" : "", ns);
	return p;
}

int main(void)
{
	int (*add_one)(int) = (int (*)(int))import("add_one");
	int (*gpl_mul)(int) = (int (*)(int))import("gpl_mul");
	int (*ns_fn)(void) = (int (*)(void))import("ns_fn");
	int (*defined_elsewhere)(int) = (int (*)(int))import("defined_elsewhere");
	const int *exported_var = import("exported_var");
	const int *pcpu_counter = import("pcpu_counter");

	if (!add_one || !gpl_mul || !ns_fn || !defined_elsewhere ||
	    !exported_var || !pcpu_counter)
		return 1;
	printf("add_one(1)=%d gpl_mul(2)=%d ns_fn()=%d defined_elsewhere(5)=%d\n",
	       add_one(1), gpl_mul(2), ns_fn(), defined_elsewhere(5));
	printf("exported_var=%d pcpu_counter=%d\n", *exported_var, *pcpu_counter);
	return 0;
}
