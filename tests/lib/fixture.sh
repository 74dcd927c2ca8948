# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Build and run one LTO fixture, with and without the plugin.
#
# A fixture is a directory with a case.conf (sourced here) and sources.
# case.conf may set:
#   DESC             one line: what the fixture reproduces
#   SRCDIR           where the sources are (default: the fixture directory)
#   SRCS             sources, relative to SRCDIR (default: *.c *.S there)
#   ARCHES           "64", "32" or "64 32" (default "64")
#   CFLAGS_EXTRA     extra compile flags (the fixture's -D, -I)
#   LDFLAGS_EXTRA    extra link flags (linker script fragments)
#   PLUGIN_ARGS      extra -fplugin-arg-ltoguard-... (keep lists)
#   VARIANTS         the LTO variants to build (default: $ALL_VARIANTS)
#   PLAIN_EXPECTED   what the non-LTO build prints, when the fixture shows
#                    a hazard that is not LTO's alone (default expected.txt)
#   CONTROL_BREAKS   variants where the build without the plugin must break
#                    (default: all of $VARIANTS)
# and may define check_binary BIN REPORT, which returns non-zero when the
# binary is wrong in a way its output cannot show (a lost or local symbol).
#
# The expected output is expected.txt, and must also equal the output of
# the same sources built -O2 without LTO.

# balanced is GCC's default partitioning, one puts everything in one
# LTRANS unit, max gives every symbol its own: the harshest test of
# references that cross partitions.
ALL_VARIANTS="slim-balanced fat-balanced slim-one fat-one slim-max fat-max"

variant_flags() {
	local v=$1 f="-flto"
	case $v in fat-*) f="$f -ffat-lto-objects" ;; esac
	case $v in
	*-one) f="$f -flto-partition=one" ;;
	*-max) f="$f -flto-partition=max" ;;
	esac
	echo "$f"
}

# sym_bind BIN NAME: "BINDING VISIBILITY" of NAME in BIN's symbol table,
# or "none".
sym_bind() {
	readelf -sW "$1" | awk -v n="$2" '$8 == n { print $5, $6; found=1; exit }
		END { if (!found) print "none" }'
}

# Global under its own name with default visibility, as a non-LTO build
# leaves it (LTO's promotion of a localized symbol gives GLOBAL HIDDEN).
expect_global() {
	local b
	b=$(sym_bind "$1" "$2")
	[ "$b" = "GLOBAL DEFAULT" ] || { echo "    $2 is $b in $(basename "$1"), want GLOBAL DEFAULT"; return 1; }
}

expect_present() {
	local b
	b=$(sym_bind "$1" "$2")
	[ "$b" != none ] || { echo "    $2 missing from $(basename "$1")"; return 1; }
}

expect_absent() {
	local b
	b=$(sym_bind "$1" "$2")
	[ "$b" = none ] || { echo "    $2 is in $(basename "$1") ($b), should be gone"; return 1; }
}

# build FIXTURE_DIR OUT ARCH MODE [PLUGIN]
#   MODE: plain, or one of $VARIANTS.  With PLUGIN (the .so), LTO builds
#   run it in cc1 and in lto1, writing OUT/report.
build() {
	local out=$2 arch=$3 mode=$4 plugin=${5:-}
	local flags="-O2 -m$arch" lto="" pl="" src obj objs=""
	[ "$mode" = plain ] || lto=$(variant_flags "$mode")
	if [ -n "$plugin" ]; then
		pl="-fplugin=$plugin -fplugin-arg-ltoguard-report=$out/report"
		for a in $PLUGIN_ARGS; do pl="$pl $a"; done
	fi
	mkdir -p "$out"
	rm -f "$out/report"
	for src in $SRCS; do
		obj=$out/$(basename "${src%.*}").o
		# shellcheck disable=SC2086
		$CC $flags $lto $pl $CFLAGS_EXTRA -I"$SRCDIR" -c "$SRCDIR/$src" -o "$obj" \
			>>"$out/build.log" 2>&1 || return 1
		objs="$objs $obj"
	done
	# shellcheck disable=SC2086
	$CC $flags $lto $pl $objs $LDFLAGS_EXTRA -o "$out/prog" >>"$out/build.log" 2>&1
}

# run_prog OUT ARCH: run OUT/prog, output to OUT/output; fails if it
# fails.  -m32 programs run under qemu-i386 where the kernel has no ia32
# emulation (RUN32, set by run-tests.sh).
run_prog() {
	local runner=""
	[ "$2" != 32 ] || runner=${RUN32:-}
	# shellcheck disable=SC2086
	timeout 20 $runner "$1/prog" >"$1/output" 2>&1
}

load_fixture() {
	FIXTURE=$1
	unset -f check_binary
	# shellcheck disable=SC2034 # DESC, ARCHES, PLAIN_EXPECTED: run-tests.sh reads them
	DESC="" SRCDIR=$FIXTURE SRCS="" ARCHES=64 CFLAGS_EXTRA="" LDFLAGS_EXTRA="" \
		PLUGIN_ARGS="" VARIANTS=$ALL_VARIANTS CONTROL_BREAKS="" PLAIN_EXPECTED=expected.txt
	# shellcheck disable=SC1091
	. "$FIXTURE/case.conf"
	CONTROL_BREAKS=${CONTROL_BREAKS:-$VARIANTS}
	SRCDIR=$(cd "$FIXTURE" && cd "$SRCDIR" && pwd)
	if [ -z "$SRCS" ]; then
		SRCS=$(cd "$SRCDIR" && find . -maxdepth 1 \( -name '*.c' -o -name '*.S' \) |
			sed 's|^\./||' | sort | tr '\n' ' ')
	fi
	CFLAGS_EXTRA=${CFLAGS_EXTRA//@FIXTURE@/$FIXTURE}
	LDFLAGS_EXTRA=${LDFLAGS_EXTRA//@FIXTURE@/$FIXTURE}
	PLUGIN_ARGS=${PLUGIN_ARGS//@FIXTURE@/$FIXTURE}
}

# verdict OUT EXPECTED ARCH: 0 if OUT/prog built, ran, printed EXPECTED and
# passed check_binary; else prints why and returns 1.
verdict() {
	local out=$1 expected=$2 arch=$3
	if [ ! -x "$out/prog" ]; then
		echo "    build failed: $(grep -m1 -E 'error|undefined' "$out/build.log")"
		return 1
	fi
	if ! run_prog "$out" "$arch"; then
		echo "    run failed: $(tail -n1 "$out/output")"
		return 1
	fi
	if ! cmp -s "$out/output" "$expected"; then
		echo "    output differs: $(diff "$expected" "$out/output" | grep -m1 '^[<>]')"
		return 1
	fi
	if declare -F check_binary >/dev/null; then
		check_binary "$out/prog" "$out/report" || return 1
	fi
	return 0
}

# detect_run32: set RUN32 to qemu-i386 when this kernel cannot run -m32
# programs itself (no ia32 emulation); returns 1 if neither can.
detect_run32() {
	RUN32=""
	printf 'int main(void){return 0;}\n' >"$BUILD/probe32.c"
	if $CC -m32 "$BUILD/probe32.c" -o "$BUILD/probe32" 2>/dev/null &&
	   ! "$BUILD/probe32" 2>/dev/null; then
		command -v qemu-i386 >/dev/null || return 1
		RUN32=qemu-i386
	fi
	return 0
}

# build_program D SRC V FLAGS FILE...: compile SRC/FILE.c for each FILE
# with FLAGS into D/FILE.V.o and link them into D/V (tests/dispatch/dispatch.sh,
# tests/once/once.sh: one program, built plain, with the plugin and as the
# control).  Says what failed with bad() and returns 1.
build_program() {
	local d=$1 src=$2 v=$3 flags=$4 f objs=()
	shift 4
	for f in "$@"; do
		# shellcheck disable=SC2086
		$CC $flags -c "$src/$f.c" -o "$d/$f.$v.o" || { bad "$(basename "$src"): $v: compile $f.c"; return 1; }
		objs+=("$d/$f.$v.o")
	done
	# shellcheck disable=SC2086
	$CC $flags "${objs[@]}" -o "$d/$v" || { bad "$(basename "$src"): $v: link"; return 1; }
}

# build_rule_programs NAME D SRC "FILES" [VARIANT=ARG]...: a rule's test
# program (tests/once/once.sh, dispatch.sh, cross.sh) built as D/plain (-O2),
# D/lto (-flto, the plugin at its defaults, report D/report.txt) and one
# D/VARIANT each with -fplugin-arg-ltoguard-ARG (the controls); each must
# print what plain prints.
build_rule_programs() {
	# shellcheck disable=SC2153 # PLUGIN: the plugin under test, from the Makefile
	local name=$1 d=$2 src=$3 files=$4 lto="-O2 -flto -fplugin=$PLUGIN" arg v want got
	shift 4
	rm -rf "$d"
	mkdir -p "$d"
	# shellcheck disable=SC2086
	build_program "$d" "$src" plain "-O2" $files &&
		build_program "$d" "$src" lto "$lto -fplugin-arg-ltoguard-report=$d/report.txt" $files || return
	for arg in "$@"; do
		# shellcheck disable=SC2086
		build_program "$d" "$src" "${arg%%=*}" "$lto -fplugin-arg-ltoguard-${arg#*=}" $files || return
	done
	want=$("$d/plain")
	for v in lto "${@%%=*}"; do
		got=$("$d/$v")
		[ "$got" = "$want" ] || bad "$name: $v prints $got, plain $want"
	done
}

# calls_to BIN FN: how many calls BIN makes to FN or a clone of it
calls_to() {
	objdump -d --no-show-raw-insn "$1" | grep -cE "(call|jmp) +[0-9a-f]+ <$2([.][^>]*)?>"
}

# function_code BIN FN: the instructions of FN's own code in BIN (its
# objdump lines, without the symbol's header)
function_code() {
	objdump -d --no-show-raw-insn "$1" |
		awk -v fn="<$2>:" '/^[0-9a-f]+ </ { in_fn = ($2 == fn); next } in_fn'
}

# calls_in BIN FN CALLEE: how many calls FN's own code in BIN makes to
# CALLEE or a clone of it
calls_in() {
	function_code "$1" "$2" | grep -cE "(call|jmp) +[0-9a-f]+ <$3([.][^>]*)?>"
}
