#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# lto1-cost.sh LTO-TREE: instructions lto1 executes on the vmlinux link
# of LTO-TREE (a kernel built by kbuild.sh's lto mode, whose ltoguard-ld
# kept the link's arguments in lto-link.log.vmlinux.args), with and
# without ltoguard, counted by valgrind's callgrind:
#   - WPA (lto1 -fwpa), where the plugin does its work (its IPA pass,
#     before whole-program): the link is replayed twice, with
#     LTOGUARD_LTO with and without -fplugin=ltoguard, side by side;
#   - LTRANS, where the plugin's pass is gated off (plugin/ltoguard.c)
#     and its cost is loading and reading its arguments: LTRANS partition
#     0 of the replay with the plugin, compiled with and without the
#     -fplugin options (the same input).
# GCC's driver runs every lto1 through -wrapper (it reaches WPA and
# LTRANS in COLLECT_GCC_OPTIONS); the replay with the plugin stops after
# the measured LTRANS, so its link fails on purpose; neither writes
# anything in the tree (they run in a directory of links to it).
# One line per stage on stdout: "what,metric,unit,without,with".
# Environment: CC, PLUGIN.
set -u
cd "$(dirname "$0")/../.." || exit 1
TOP=$(pwd)
CC=${CC:-gcc}
tree=${1:?usage: lto1-cost.sh LTO-TREE}
args=$tree/lto-link.log.vmlinux.args
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

command -v valgrind >/dev/null || { echo "lto1 cost: no valgrind (apt-get install valgrind)" >&2; exit 1; }
if [ ! -f "$args" ]; then
	echo "lto1 cost: $args is missing: $tree was not linked by this ltoguard-ld with LTOGUARD_LD_LOG" >&2
	exit 1
fi

# The -wrapper program.  COST_TAG says which replay runs it.
cat >"$tmp/lto1-wrap" <<'EOF'
#!/bin/sh
cg() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@"; }
case " $* " in
*" -fwpa"*)
	cg "$@" 2>"$COST_DIR/wpa-$COST_TAG.log" ;;
*" -fltrans "*)
	# partition 0 of the replay with the plugin, the same every time;
	# the other partitions compile as usual (failing them could stop the
	# LTRANS make before partition 0 starts)
	case "$COST_TAG $* " in "with "*".ltrans0.o "*) ;; *) exec "$@" ;; esac
	cg "$@" 2>"$COST_DIR/ltrans-with.log" &
	for a in "$@"; do
		shift
		case $a in -fplugin=* | -fplugin-arg-*) ;; *) set -- "$@" "$a" ;; esac
	done
	cg "$@" 2>"$COST_DIR/ltrans-without.log"
	wait
	exit 1 ;;
*)
	exec "$@" ;;
esac
EOF
chmod +x "$tmp/lto1-wrap"

# replay TAG LTO-OPTIONS: the vmlinux link again, in a directory of links
# to the tree's entries (the link's paths are relative to the tree)
replay() {
	local d=$tmp/$1 f a=()
	mkdir -p "$d"
	for f in "$tree"/* "$tree"/.[!.]*; do
		[ "${f##*/}" = vmlinux ] || ln -s "$(readlink -f "$f")" "$d/${f##*/}"
	done
	mapfile -d '' a <"$args"
	(cd "$d" && env -u LTOGUARD_LD_LOG COST_DIR="$tmp" COST_TAG="$1" LTOGUARD_CC="$CC" LTOGUARD_LTO="$2 -wrapper $tmp/lto1-wrap" \
		LTOGUARD_OBJTOOL=none "$TOP/plugin/kbuild/ltoguard-ld" "${a[@]}") >"$tmp/$1.log" 2>&1
}

# collected LOG: the instructions callgrind counted; nothing if lto1 failed
collected() {
	[ -f "$1" ] && sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$1" | tail -n1
}

replay without "" &
replay with "-fplugin=$PLUGIN -fplugin-arg-ltoguard-report=$tmp/report.txt"
wait
failed=0
for stage in wpa ltrans; do
	w=$(collected "$tmp/$stage-without.log")
	x=$(collected "$tmp/$stage-with.log")
	if [ -z "$w" ] || [ -z "$x" ]; then
		echo "lto1 cost: $stage: callgrind measured nothing; the replays said:" >&2
		grep -hv '^==' "$tmp"/*.log | grep -m3 -E 'error|fatal' >&2
		failed=1
		continue
	fi
	echo "vmlinux-$stage,lto1 instructions,instr,$w,$x"
done
exit $failed
