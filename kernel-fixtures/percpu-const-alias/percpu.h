/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The shape of arch/x86/include/asm/current.h in Linux 6.12: a writable
 * per-cpu variable and a const alias of it, declared in the same section;
 * the linker script defines the alias (PROVIDE(const_pcpu_hot = pcpu_hot)
 * in arch/x86/kernel/vmlinux.lds.S).  Readers use the const alias so the
 * compiler may keep its value, writers the variable itself.
 */
#ifndef PERCPU_H
#define PERCPU_H

#define PER_CPU_SECTION ".data..percpu..shared_aligned"
#define DECLARE_PER_CPU_ALIGNED(type, name) \
	extern __attribute__((section(PER_CPU_SECTION))) __typeof__(type) name
#define DEFINE_PER_CPU_ALIGNED(type, name) \
	__attribute__((section(PER_CPU_SECTION), aligned(64))) __typeof__(type) name

struct pcpu_hot {
	int cpu_number;
	unsigned long top_of_stack;
};

DECLARE_PER_CPU_ALIGNED(struct pcpu_hot, pcpu_hot);
/* const-qualified alias to pcpu_hot, aliased by linker. */
DECLARE_PER_CPU_ALIGNED(const struct pcpu_hot, const_pcpu_hot);

void switch_to_cpu(int cpu);
int current_cpu(void);

static inline int smp_processor_id(void)
{
	return const_pcpu_hot.cpu_number;
}

#endif
