# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by run-tests.sh: builds through ccache.  Objects compiled with
# the plugin through ccache, missed and hit, are the objects of the same
# compile without it; a rebuild hits; a changed plugin (same path, other
# content), a changed plugin argument and, with CCACHE_EXTRAFILES as
# ltoguard-kbuild sets it, a changed keep file miss.  The plugin goes by
# its path: by name (-fplugin=ltoguard) ccache cannot see the file and
# hits after a plugin changes (checked here too, as the reason).

# cc_stats: "misses hits" since ccache -z
cc_stats() {
	ccache --print-stats | awk '$1 == "cache_miss" { m = $2 } $1 ~ /_cache_hit$/ { h += $2 }
		END { print m + 0, h + 0 }'
}

# ccache_compile D OUT ARGS...: one LTO compile of tests/diag/precision.c
# through ccache into D/OUT, with a fixed -frandom-seed (LTO section names
# take a random number otherwise)
ccache_compile() {
	local d=$1 out=$2
	shift 2
	ccache "$CC" -O2 -flto -frandom-seed=1 "$@" -c "$TOP/tests/diag/precision.c" -o "$d/$out"
}

run_ccache_tests() {
	local d=$BUILD/ccache pl want got
	if ! command -v ccache >/dev/null; then
		bad "ccache: not installed (make deps installs it)"
		return
	fi
	rm -rf "$d"
	mkdir -p "$d/plugin"
	cp "$PLUGIN" "$d/plugin/ltoguard.so"
	pl=-fplugin=$d/plugin/ltoguard.so
	export CCACHE_DIR=$d/cache CCACHE_NOHASHDIR=1
	ccache -z >/dev/null

	# the same objects, missed and hit, as without ccache
	"$CC" -O2 -flto -frandom-seed=1 "$pl" -c "$TOP/tests/diag/precision.c" -o "$d/plain.o"
	ccache_compile "$d" miss.o "$pl" && ccache_compile "$d" hit.o "$pl"
	got=$(cc_stats)
	if [ "$got" = "1 1" ] && cmp -s "$d/plain.o" "$d/miss.o" && cmp -s "$d/plain.o" "$d/hit.o"; then
		ok "ccache: a miss and a hit give the object of the compile without ccache"
	else
		bad "ccache: misses and hits '$got', want '1 1', or the objects differ"
	fi

	# what must miss: a plugin argument, the plugin's content, a keep file
	# named in CCACHE_EXTRAFILES; each compile twice, the second a hit
	ccache -z >/dev/null
	ccache_compile "$d" a1.o "$pl" -fplugin-arg-ltoguard-called-once=50
	ccache_compile "$d" a2.o "$pl" -fplugin-arg-ltoguard-called-once=50
	printf '\n' >>"$d/plugin/ltoguard.so"
	ccache_compile "$d" p1.o "$pl"
	ccache_compile "$d" p2.o "$pl"
	echo really_called >"$d/keep"
	CCACHE_EXTRAFILES=$d/keep ccache_compile "$d" k1.o "$pl" -fplugin-arg-ltoguard-keep="$d/keep"
	echo other_name >"$d/keep"
	CCACHE_EXTRAFILES=$d/keep ccache_compile "$d" k2.o "$pl" -fplugin-arg-ltoguard-keep="$d/keep"
	CCACHE_EXTRAFILES=$d/keep ccache_compile "$d" k3.o "$pl" -fplugin-arg-ltoguard-keep="$d/keep"
	got=$(cc_stats)
	want="4 3"
	if [ "$got" = "$want" ]; then
		ok "ccache: a plugin argument, the plugin's content and a keep file in CCACHE_EXTRAFILES are in its key"
	else
		bad "ccache: misses and hits '$got', want '$want'"
	fi

	# the reason the plugin goes by its path: by name, a changed plugin hits
	ccache -z >/dev/null
	ccache_compile "$d" n1.o -iplugindir="$d/plugin" -fplugin=ltoguard
	printf '\n' >>"$d/plugin/ltoguard.so"
	ccache_compile "$d" n2.o -iplugindir="$d/plugin" -fplugin=ltoguard
	got=$(cc_stats)
	if [ "$got" = "1 1" ]; then
		ok "ccache: -fplugin=ltoguard by name hits after the plugin changed (why ltoguard-kbuild gives the path)"
	else
		bad "ccache: by name: misses and hits '$got' (ccache now hashes a plugin by name: docs to update)"
	fi
	unset CCACHE_DIR CCACHE_NOHASHDIR
}
