# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Adding up "N passed, N failed" summaries of sub-runs (check-all, test).
total_pass=0
total_fail=0

# add_summary WHAT LOG [PREFIX]: add LOG's last "PREFIXN passed, N failed"
# line to the totals; a run without one counts as one failure.
add_summary() {
	local what=$1 log=$2 prefix=${3:-} line
	line=$(grep -E "^${prefix}[0-9]+ passed, [0-9]+ failed$" "$log" | tail -n1)
	if [ -z "$line" ]; then
		echo "FAIL: $what printed no summary"
		total_fail=$((total_fail + 1))
		return
	fi
	line=${line#"$prefix"}
	total_pass=$((total_pass + ${line%% passed*}))
	line=${line#*, }
	total_fail=$((total_fail + ${line%% failed}))
}
