# SPDX-License-Identifier: GPL-2.0
#
# Pools the runs of several boots of one kernel (make bench,
# tests/bench/bench.sh): reads boot logs with the benchmark /init's
# "ltoguard-bench-runs: name t..." lines (kernel-fixtures/bench/
# bench-init.c) and prints "name median min max runs" per benchmark, in
# the order they first appear.  With an even number of runs the median
# is the lower middle one.
$1 == "ltoguard-bench-runs:" {
	if (!($2 in n))
		order[++k] = $2
	for (i = 3; i <= NF; i++)
		t[$2, ++n[$2]] = $i + 0
}

END {
	for (j = 1; j <= k; j++) {
		name = order[j]
		m = n[name]
		for (i = 1; i <= m; i++)
			a[i] = t[name, i]
		for (i = 2; i <= m; i++) {	# insertion sort: 25 runs
			x = a[i]
			for (h = i - 1; h >= 1 && a[h] > x; h--)
				a[h + 1] = a[h]
			a[h + 1] = x
		}
		print name, a[int((m + 1) / 2)], a[1], a[m], m
	}
}
