// SPDX-License-Identifier: GPL-2.0
/*
 * An out-of-tree module that uses what an LTO vmlinux must still export:
 * an EXPORT_SYMBOL function, an EXPORT_SYMBOL_GPL function, a namespaced
 * export and an exported variable (jiffies, which only the linker script
 * defines, as an alias of jiffies_64).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/jiffies.h>
#include <linux/timekeeping.h>
#include <linux/ioport.h>

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
	return 0;
}
module_init(ltoguard_test_init);

static void __exit ltoguard_test_exit(void)
{
}
module_exit(ltoguard_test_exit);
