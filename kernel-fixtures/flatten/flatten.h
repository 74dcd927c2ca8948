/* SPDX-License-Identifier: GPL-2.0 */
int cpu_distance(int a, int b);
int pcpu_build_alloc_info(int n);
int pcpu_other_user(int n);
