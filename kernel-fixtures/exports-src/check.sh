# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# modpost's view of the binary, shared by the three export fixtures:
# every exported symbol is global under its own name ("local symbol was
# exported" otherwise), and the table labels modpost reads are there.
EXPORTS="add_one gpl_mul ns_fn exported_var pcpu_counter defined_elsewhere"

check_exports() {
	local bin=$1 label_prefix=$2 m="" s
	for s in $EXPORTS; do
		m="$m$(expect_global "$bin" "$s")"
		[ -z "$label_prefix" ] || m="$m$(expect_present "$bin" "$label_prefix$s")"
	done
	[ -z "$m" ] || { echo "$m"; return 1; }
}
