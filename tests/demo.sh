#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make demo: LTO-build every kernel fixture with ltoguard (GCC's default
# balanced partitioning, -m64 and -m32), run it, and print the plugin's
# report: what it kept, made visible, renamed or ordered, and why.
set -u
cd "$(dirname "$0")/.." || exit 1
TOP=$(pwd)
export LC_ALL=C
. tests/lib/fixture.sh

detect_run32 || echo "warning: -m32 programs cannot run here: apt-get install qemu-user"

report=$BUILD/demo/report.txt
mkdir -p "$BUILD/demo"
: >"$report"
status=0
for dir in "$TOP"/kernel-fixtures/*/; do
	dir=${dir%/}
	[ -f "$dir/case.conf" ] || continue
	load_fixture "$dir"
	for arch in $ARCHES; do
		out=$BUILD/demo/$(basename "$dir")/m$arch
		rm -rf "$out"
		if build "$dir" "$out" "$arch" slim-balanced "$PLUGIN" &&
		   verdict "$out" "$dir/expected.txt" "$arch" >/dev/null; then
			printf '%-20s -m%-2s ok     %s\n' "$(basename "$dir")" "$arch" "$DESC"
		else
			printf '%-20s -m%-2s FAILED %s\n' "$(basename "$dir")" "$arch" "$DESC"
			status=1
		fi
		[ "$arch" = 64 ] && [ -f "$out/report" ] && cat "$out/report" >>"$report"
	done
done
echo
echo "ltoguard report (-m64 builds; symbol, kind, action, reason, where referenced, where defined):"
sed "s|$TOP/||g" "$report" | cut -f2- | sort -u | column -t -s "$(printf '\t')"
echo
echo "$(sort -u "$report" | wc -l) decisions; full report: $report"
exit $status
