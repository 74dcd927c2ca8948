# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by run-tests.sh: shellcheck over every shell script of the
# project (the kbuild wrappers, the test harnesses, runners and
# benchmarks, .ci/run, the fixtures' case.conf files), and the wrappers'
# shape: each ends in `main "$@"`.

# shell_scripts: every file of the project that is a shell script, by
# name (*.sh) or by its first line, one per line
shell_scripts() {
	{
		find plugin tests kernel-fixtures -name '*.sh'
		find plugin .ci -type f ! -name '*.*' -exec grep -l '^#!/usr/bin/env bash' {} +
	} | sort -u
}

run_lint_tests() {
	local scripts confs out f missing=""
	if ! command -v shellcheck >/dev/null; then
		bad "lint: shellcheck is not installed (make deps installs it)"
		return
	fi
	mapfile -t scripts < <(shell_scripts)
	if out=$(shellcheck -x -P SCRIPTDIR "${scripts[@]}" 2>&1); then
		ok "lint: shellcheck, ${#scripts[@]} scripts"
	else
		bad "lint: shellcheck"
		echo "$out"
	fi
	# case.conf sets the variables tests/lib/fixture.sh reads (SC2034)
	mapfile -t confs < <(find tests kernel-fixtures -name case.conf | sort)
	if out=$(shellcheck -x -P SCRIPTDIR -s bash -e SC2034 "${confs[@]}" 2>&1); then
		ok "lint: shellcheck, ${#confs[@]} fixture case.conf files"
	else
		bad "lint: shellcheck of case.conf"
		echo "$out"
	fi
	for f in plugin/kbuild/ltoguard-ld plugin/kbuild/ltoguard-ltrans plugin/kbuild/ltoguard-nm plugin/kbuild/ltoguard-pahole \
		plugin/kbuild/ltoguard-kbuild; do
		[ "$(tail -n1 "$f")" = 'main "$@"' ] || missing="$missing $f"
	done
	if [ -z "$missing" ]; then
		ok "lint: the kbuild wrappers end in main \"\$@\""
	else
		bad "lint: not ending in main \"\$@\":$missing"
	fi
}
