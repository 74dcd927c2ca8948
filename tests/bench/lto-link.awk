# SPDX-License-Identifier: GPL-2.0
#
# The last vmlinux link of ltoguard-ld's LTOGUARD_LD_LOG (make bench,
# tests/bench/bench.sh): prints "ran|reused OUTPUT SECONDS MB": whether
# that link ran LTO or reused the LTO code of an earlier link
# (LTOGUARD_LTO_CACHE=1, plugin/kbuild/ltoguard-ltrans), and the last link up
# to it that ran LTO, with its seconds and peak RSS.  The log has
# "OUTPUT SECONDS KB" per link, after the link's own step lines
# ("OUTPUT:objtool SECONDS", "OUTPUT:lto-reused N", ...).
$1 ~ /:lto-reused$/ {
	sub(/:lto-reused$/, "", $1)
	reused[$1] = 1
	next
}
NF != 3 || $1 ~ /:/ { next }
{
	r = ($1 in reused)
	delete reused[$1]
}
!r {
	o = $1
	t = $2
	m = int($3 / 1024)
}
$1 == "vmlinux" {
	how = r ? "reused" : "ran"
	last = o " " t " " m
}
END {
	if (how != "")
		print how, last
}
