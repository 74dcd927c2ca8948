# SPDX-License-Identifier: GPL-2.0
#
# Pools the runs of several boots of one kernel (make bench,
# tests/bench/bench.sh): reads boot logs with the benchmark /init's
# "ltoguard-bench-runs: name t..." lines (kernel-fixtures/kernel/
# bench-init.c) and prints "name median min max runs" per benchmark, in
# the order they first appear.  With an even number of runs the median
# is the lower middle one.  Times are kept and printed as read, compared
# as numbers: mawk prints a number above 2^31 as 2.31078e+09.
$1 == "ltoguard-bench-runs:" {
	if (!($2 in n))
		order[++k] = $2
	for (i = 3; i <= NF; i++)
		t[$2, ++n[$2]] = $i
}

END {
	for (j = 1; j <= k; j++) {
		name = order[j]
		m = n[name]
		for (i = 1; i <= m; i++)
			at[i] = i
		for (i = 2; i <= m; i++) {	# insertion sort of run numbers: 25 runs
			x = at[i]
			for (h = i - 1; h >= 1 && t[name, at[h]] + 0 > t[name, x] + 0; h--)
				at[h + 1] = at[h]
			at[h + 1] = x
		}
		print name, t[name, at[int((m + 1) / 2)]], t[name, at[1]], t[name, at[m]], m
	}
}
