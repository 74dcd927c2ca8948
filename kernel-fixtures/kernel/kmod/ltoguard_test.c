// SPDX-License-Identifier: GPL-2.0
/*
 * An out-of-tree module that uses what an LTO vmlinux must still export:
 * an EXPORT_SYMBOL function, an EXPORT_SYMBOL_GPL function, a namespaced
 * export and an exported variable (jiffies, which only the linker script
 * defines, as an alias of jiffies_64).
 *
 * For the distro config (kernel-check KCONFIG=distro) it also prints a
 * stack trace through vmlinux code (the unwinder: ORC on x86_64, frame
 * pointers on i386) and, with return thunks configured, whether the
 * kernel patched the return jumps of an exported vmlinux function at boot
 * (which it does only for the sites objtool listed in .return_sites).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/jiffies.h>
#include <linux/timekeeping.h>
#include <linux/ioport.h>
#include <linux/kallsyms.h>

#if defined(CONFIG_RETHUNK) || defined(CONFIG_MITIGATION_RETHUNK)
#define HAVE_RETURN_THUNK 1
extern void __x86_return_thunk(void);

/*
 * Return jumps in FN that still go to __x86_return_thunk, and returns
 * patched to "ret; int3" (arch/x86/kernel/alternative.c, apply_returns).
 * FN's size comes from kallsyms ("%pS": name+0x0/0xSIZE).
 */
static void count_returns(const char *name, void *fn)
{
	const unsigned char *p = fn;
	unsigned long size = 0, i;
	int jumps = 0, rets = 0;
	char buf[KSYM_SYMBOL_LEN];
	const char *slash;

	snprintf(buf, sizeof(buf), "%pS", fn);
	slash = strchr(buf, '/');
	if (!slash || kstrtoul(slash + 1, 16, &size) || !size) {
		pr_info("ltoguard-kmod: returns %s: no size in '%s'\n", name, buf);
		return;
	}
	for (i = 0; i + 5 <= size; i++) {
		long to = (long)(p + i + 5) + *(const int *)(p + i + 1);

		if (p[i] == 0xe9 && to == (long)__x86_return_thunk)
			jumps++;
		if (p[i] == 0xc3 && p[i + 1] == 0xcc)
			rets++;
	}
	pr_info("ltoguard-kmod: returns %s: thunk-jumps=%d patched-rets=%d\n", name, jumps, rets);
}
#endif

MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(CXL);

static int __init ltoguard_test_init(void)
{
	int value = 0;
	int rc = kstrtoint("42", 10, &value);		/* EXPORT_SYMBOL */
	ktime_t now = ktime_get();			/* EXPORT_SYMBOL_GPL */
	/* EXPORT_SYMBOL_NS_GPL(..., CXL): resolved at load, namespace checked */
	void *ns_sym = (void *)insert_resource_expand_to_fit;
	unsigned long j = jiffies;			/* exported variable */

	pr_info("ltoguard-kmod: kstrtoint rc=%d value=%d ktime_get=%s ns=%s jiffies=%s\n",
		rc, value, now > 0 ? "ok" : "bad", ns_sym ? "ok" : "bad",
		j == (unsigned long)jiffies_64 || j + 1000 > (unsigned long)jiffies_64 ? "ok" : "bad");
#ifdef HAVE_RETURN_THUNK
	count_returns("kstrtoint", kstrtoint);
	count_returns("ktime_get", ktime_get);
#endif
	pr_info("ltoguard-kmod: stack trace:\n");
	dump_stack();
	pr_info("ltoguard-kmod: end of stack trace\n");
	return 0;
}
module_init(ltoguard_test_init);

static void __exit ltoguard_test_exit(void)
{
}
module_exit(ltoguard_test_exit);
