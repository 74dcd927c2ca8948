# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by run-tests.sh: the man pages (docs/man/*.scd, rendered by
# scdoc) build and render without a warning, every installed command has
# one, and what is written in several places agrees: the arguments of
# ltoguard(7), README.md's Arguments table and the plugin's --help (built
# from plugin/lib/options.c's table); the report vocabulary of ltoguard(7)
# and README.md (which tests/unit ties to the code's).

MAN_SRC=$TOP/docs/man

# section_lines FILE HEADING: the lines after the line HEADING ("## Name")
# up to the next heading of its level or a higher one
section_lines() {
	awk -v h="$2" 'BEGIN { split(h, lv, " "); level = length(lv[1]) }
		$0 == h { on = 1; next }
		on && /^#+ / { split($0, w, " "); if (length(w[1]) <= level) exit }
		on' "$1"
}

# man_terms SCD HEADING: the terms of a definition list under HEADING
# (lines that start with *), without scdoc's markup
man_terms() {
	section_lines "$1" "$2" | grep '^\*' | tr -d '*_' | sed 's/\\//g'
}

# readme_column HEADING [TABLE]: the first column of the Markdown tables
# under HEADING (of the table headed "| TABLE |" only, if given), in
# backquotes, one per line
readme_column() {
	section_lines "$TOP/README.md" "$1" | awk -v t="${2:-}" '
		!/^\|/ { in_t = 0; next }
		t == "" || index($0, "| " t " |") == 1 { in_t = 1 }
		in_t && /^\| `/ { split($0, c, "`"); print c[2] }' | sed 's/\\|/|/g'
}

# help_arguments: the arguments the plugin's --help lists (cc1 prints
# the plugins' help on stderr)
help_arguments() {
	"$($CC -print-prog-name=cc1)" -quiet -fplugin="$PLUGIN" --help /dev/null 2>&1 |
		sed -n 's/^ *-fplugin-arg-ltoguard-\([^ ]*\)$/\1/p'
}

# same WHAT A B: A and B (lists, one item a line) are the same, in order
same() {
	if [ -n "$2" ] && [ "$2" = "$3" ]; then
		ok "docs: $1 ($(wc -l <<<"$2") items)"
	else
		bad "docs: $1 differ"
		diff <(echo "$2") <(echo "$3") | sed 's/^/    /'
	fi
}

run_docs_tests() {
	local d=$BUILD/man scd page out cmd missing=""
	mkdir -p "$d"
	if ! command -v scdoc >/dev/null; then
		bad "docs: scdoc is not installed (make deps installs it)"
		return
	fi
	for scd in "$MAN_SRC"/*.scd; do
		page=$(basename "$scd" .scd)
		if ! scdoc <"$scd" >"$d/$page" 2>"$d/$page.log"; then
			bad "docs: scdoc $page: $(head -n1 "$d/$page.log")"
		elif out=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$d/$page" 2>&1 >/dev/null) && [ -z "$out" ]; then
			ok "docs: $page renders without a warning"
		else
			bad "docs: $page: $out"
		fi
	done
	for cmd in ltoguard-ld ltoguard-ltrans ltoguard-nm ltoguard-kcheck ltoguard-kbuild ltoguard-pahole ltoguard-btf ltoguard-debug-aside; do
		[ -f "$MAN_SRC/$cmd.1.scd" ] || missing="$missing $cmd"
	done
	if [ -z "$missing" ]; then
		ok "docs: every installed command has a man page"
	else
		bad "docs: no man page for:$missing"
	fi
	same "arguments of ltoguard(7) and README.md" \
		"$(man_terms "$MAN_SRC/ltoguard.7.scd" "# ARGUMENTS")" "$(readme_column "## Arguments")"
	same "arguments of ltoguard(7) and the plugin's --help" \
		"$(man_terms "$MAN_SRC/ltoguard.7.scd" "# ARGUMENTS")" "$(help_arguments)"
	same "report actions of ltoguard(7) and README.md" \
		"$(man_terms "$MAN_SRC/ltoguard.7.scd" "## Actions")" "$(readme_column "## Report" action)"
	same "report reasons of ltoguard(7) and README.md" \
		"$(man_terms "$MAN_SRC/ltoguard.7.scd" "## Reasons")" "$(readme_column "## Report" reason)"
}
