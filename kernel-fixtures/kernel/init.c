// SPDX-License-Identifier: GPL-2.0
/*
 * /init of the kernel tests' initramfs: load the test module, say so,
 * print the pass marker and reboot, which QEMU -no-reboot turns into an
 * exit (tinyconfig has no ACPI to power off with).
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/reboot.h>
#include <sys/syscall.h>

int main(void)
{
	int fd = open("/ltoguard_test.ko", O_RDONLY);
	long rc = fd < 0 ? -1 : syscall(SYS_finit_module, fd, "", 0);

	printf("ltoguard-init: finit_module rc=%ld\n", rc);
	if (rc == 0)
		printf("LTOGUARD-KERNEL-PASS\n");
	fflush(stdout);
	sync();
	reboot(RB_AUTOBOOT);
	return 0;
}
