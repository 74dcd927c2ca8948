# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Diagnostics and precision of the plugin: bad arguments are GCC errors
# that name the argument; names asm only appears to mention keep nothing;
# the report is reproducible.  Sourced by run-tests.sh (ok/bad counters).

DIAG=$TOP/tests/diag

# diag NAME WANT_RC REGEX CMD...: CMD exits WANT_RC ("0" or "fail") and
# its output matches REGEX.
diag() {
	local name=$1 want=$2 regex=$3 log rc
	shift 3
	log=$BUILD/diag/$name.log
	mkdir -p "$BUILD/diag"
	"$@" >"$log" 2>&1
	rc=$?
	if [ "$want" = any ]; then :
	elif [ "$want" = fail ] && [ $rc -eq 0 ]; then
		bad "diag $name: succeeded, want failure"
	elif [ "$want" = 0 ] && [ $rc -ne 0 ]; then
		bad "diag $name: failed (exit $rc)"; cat "$log"
	elif ! grep -Eq -- "$regex" "$log"; then
		bad "diag $name: output lacks /$regex/"; cat "$log"
	elif grep -q "internal compiler error" "$log"; then
		bad "diag $name: ICE"; cat "$log"
	else
		ok "diag $name"
	fi
}

run_diag_tests() {
	local d=$BUILD/diag src=$DIAG/precision.c pl="-fplugin=$PLUGIN"
	mkdir -p "$d"
	diag unknown-arg fail "error: ltoguard: '-fplugin-arg-ltoguard-bogus' is not an ltoguard argument" \
		"$CC" -flto -c "$src" -o "$d/x.o" "$pl" -fplugin-arg-ltoguard-bogus=1
	diag report-needs-value fail "error: ltoguard: '-fplugin-arg-ltoguard-report' needs a value" \
		"$CC" -flto -c "$src" -o "$d/x.o" "$pl" -fplugin-arg-ltoguard-report
	diag keep-unreadable fail "error: ltoguard: cannot read '-fplugin-arg-ltoguard-keep=$d/none': No such file" \
		"$CC" -flto -c "$src" -o "$d/x.o" "$pl" -fplugin-arg-ltoguard-keep="$d/none"
	printf 'good_name\ntwo words\n' >"$d/bad.keep"
	diag keep-bad-line fail "keep=$d/bad.keep'?: line 2 is not one symbol name" \
		"$CC" -flto -c "$src" -o "$d/x.o" "$pl" -fplugin-arg-ltoguard-keep="$d/bad.keep"
	diag report-unwritable fail "error: ltoguard: cannot write '-fplugin-arg-ltoguard-report=/nonexistent/r'" \
		"$CC" -flto -c "$src" -o "$d/x.o" "$pl" -fplugin-arg-ltoguard-report=/nonexistent/r
	# the limits: a name longer than LG_KEEP_NAME_MAX, a keep file larger
	# than LG_KEEP_FILE_MAX, files that would keep cc1 waiting (timeout:
	# a hang fails too)
	head -c 4096 /dev/zero | tr '\0' x >"$d/long.keep"
	diag keep-long-name fail "keep=$d/long.keep'?: line 1 has a name longer than 4095 characters" \
		"$CC" -flto -c "$src" -o "$d/x.o" "$pl" -fplugin-arg-ltoguard-keep="$d/long.keep"
	diag keep-endless fail "cannot read '-fplugin-arg-ltoguard-keep=/dev/zero': larger than 16777216 bytes: not a keep list" \
		timeout 60 "$CC" -flto -c "$src" -o "$d/x.o" "$pl" -fplugin-arg-ltoguard-keep=/dev/zero
	rm -f "$d/fifo"
	mkfifo "$d/fifo"
	diag keep-fifo fail "cannot read '-fplugin-arg-ltoguard-keep=$d/fifo': not a regular file" \
		timeout 60 "$CC" -flto -c "$src" -o "$d/x.o" "$pl" -fplugin-arg-ltoguard-keep="$d/fifo"
	diag report-fifo fail "cannot write '-fplugin-arg-ltoguard-report=$d/fifo': not a regular file" \
		timeout 60 "$CC" -flto -c "$src" -o "$d/x.o" "$pl" -fplugin-arg-ltoguard-report="$d/fifo"
	diag report-directory fail "cannot write '-fplugin-arg-ltoguard-report=$d': Is a directory" \
		"$CC" -flto -c "$src" -o "$d/x.o" "$pl" -fplugin-arg-ltoguard-report="$d"
	diag verbose-note 0 "precision.c:8:6: note: ltoguard: function 'really_called' made-visible: asm \(asm in user at .*precision.c:20" \
		"$CC" -O2 -flto -c "$src" -o "$d/x.o" "$pl" -fplugin-arg-ltoguard-verbose -fdiagnostics-plain-output

	# a plugin built for another GCC: a clear error, never a crash
	local other=""
	case $($CC -dumpversion) in
	12*) command -v gcc-11 >/dev/null && other=gcc-11 ;;
	*) command -v gcc-12 >/dev/null && other=gcc-12 ;;
	esac
	if [ -n "$other" ]; then
		diag wrong-gcc fail "ltoguard.so|ltoguard: this plugin was built for GCC" \
			$other -flto -c "$src" -o "$d/x.o" "$pl"
	fi

	# make install honours DESTDIR, and -fplugin=ltoguard then works by name
	local plugdir
	plugdir=$($CC -print-file-name=plugin)
	rm -rf "$d/root"
	if make -s -C "$TOP" install CC="$CC" DESTDIR="$d/root" >"$d/install.log" 2>&1 &&
	   [ -f "$d/root$plugdir/ltoguard.so" ] && [ -x "$d/root/usr/local/bin/ltoguard-ld" ] && [ -x "$d/root/usr/local/bin/ltoguard-nm" ] &&
	   [ -x "$d/root/usr/local/bin/ltoguard-kbuild" ] && [ -x "$d/root/usr/local/bin/ltoguard-pahole" ] &&
	   [ -x "$d/root/usr/local/bin/ltoguard-btf" ] && [ -x "$d/root/usr/local/bin/ltoguard-debug-aside" ]; then
		diag install-by-name 0 "note: ltoguard: function 'really_called' made-visible" \
			"$CC" -O2 -flto -c "$src" -o "$d/x.o" -iplugindir="$d/root$plugdir" \
			-fplugin=ltoguard -fplugin-arg-ltoguard-verbose
		local page pages=""
		for page in ltoguard ltoguard-ld ltoguard-ltrans ltoguard-nm ltoguard-kcheck ltoguard-kbuild \
			ltoguard-pahole ltoguard-btf ltoguard-debug-aside; do
			pages="$pages $(MANPATH="$d/root/usr/local/share/man" man -w "$page" 2>/dev/null |
				sed "s|^$d/root||")"
		done
		if [ "$(wc -w <<<"$pages")" = 9 ]; then
			ok "diag make install: man finds every page:$pages"
		else
			bad "diag make install: man finds only:$pages"
		fi
	else
		bad "diag make install DESTDIR: no $d/root$plugdir/ltoguard.so or one of the kbuild tools"; cat "$d/install.log"
	fi

	# precision: only the name a real instruction uses is kept
	if "$CC" -O2 -flto "$pl" -fplugin-arg-ltoguard-report="$d/precision.report" \
		"$src" -o "$d/precision" >"$d/precision.log" 2>&1 && "$d/precision" >/dev/null; then
		local m=""
		for s in only_in_comment only_in_string only_in_directive only_in_register_slot; do
			m="$m$(expect_absent "$d/precision" "$s")"
		done
		m="$m$(expect_global "$d/precision" really_called)"
		if [ -z "$m" ]; then ok "diag precision: comment/string/directive/register names dropped, call kept"
		else bad "diag precision"; echo "$m"; fi
	else
		bad "diag precision: build or run failed"; cat "$d/precision.log"
	fi

	# stack-argument words, counted by the target's own hooks (-m32)
	local sig=$DIAG/stack-args-sig.c
	rm -f "$d/sig.report" "$d/sig64.report" "$d/sig64-default.report"
	if "$CC" -m32 -O2 -flto -c "$sig" -o "$d/sig.o" "$pl" -fplugin-arg-ltoguard-stack-args=1 \
		-fplugin-arg-ltoguard-report="$d/sig.report" 2>"$d/sig.log" &&
	   awk -F'\t' '$4 == "noinline" { split($6, w, " "); print $2, w[1] }' "$d/sig.report" |
		sort | diff -u "$DIAG/stack-args-sig.expected" - >"$d/sig.diff"; then
		ok "diag stack-args counts: $(wc -l <"$DIAG/stack-args-sig.expected") signatures as i386 passes them"
	else
		bad "diag stack-args counts"; cat "$d/sig.log" "$d/sig.diff"
	fi
	# 64-bit: the rule is off unless asked for; asked, it counts the same way
	"$CC" -m64 -O2 -flto -c "$sig" -o "$d/sig.o" "$pl" -fplugin-arg-ltoguard-report="$d/sig64-default.report" 2>/dev/null
	"$CC" -m64 -O2 -flto -c "$sig" -o "$d/sig.o" "$pl" -fplugin-arg-ltoguard-stack-args=1 \
		-fplugin-arg-ltoguard-report="$d/sig64.report" 2>/dev/null
	if ! grep -q noinline "$d/sig64-default.report" 2>/dev/null &&
	   grep -q "int7_default	function	noinline	stack-args	1 argument words" "$d/sig64.report"; then
		ok "diag stack-args on -m64: off by default, 7th int argument counted when asked"
	else
		bad "diag stack-args on -m64"; cat "$d/sig64-default.report" "$d/sig64.report" 2>/dev/null
	fi
	# -m64 keeps inlining the fixture's 7-argument do_futex
	local fx=$TOP/kernel-fixtures/stack-args-src
	if "$CC" -m64 -O2 -flto "$pl" "$fx/futex.c" -x c - -o "$d/futex64" 2>/dev/null <<<'long sys_futex_like(unsigned,int,unsigned,unsigned,unsigned,unsigned); int main(void){return (int)sys_futex_like(1,2,3,4,5,6) & 0;}' &&
	   expect_absent "$d/futex64" do_futex >/dev/null && ! objdump -d "$d/futex64" | grep -q "<do_futex"; then
		ok "diag stack-args: -m64 build still inlines do_futex"
	else
		bad "diag stack-args: -m64 build did not inline do_futex"
	fi

	# the same input gives the same report bytes
	rm -f "$d/r1" "$d/r2"
	"$CC" -O2 -flto -c "$src" -o "$d/x.o" "$pl" -fplugin-arg-ltoguard-report="$d/r1"
	"$CC" -O2 -flto -c "$src" -o "$d/x.o" "$pl" -fplugin-arg-ltoguard-report="$d/r2"
	if [ -s "$d/r1" ] && cmp -s "$d/r1" "$d/r2"; then ok "diag report reproducible"
	else bad "diag report reproducible"; fi

	# renamed statics do not depend on where the tree is (-fmacro-prefix-map)
	local t names=""
	for t in tree1 tree2; do
		mkdir -p "$d/$t/sub"
		cp "$DIAG/static-asm.c" "$d/$t/sub/"
		"$CC" -O2 -flto -ffat-lto-objects -c "$d/$t/sub/static-asm.c" -o "$d/$t/s.o" "$pl" \
			-fmacro-prefix-map="$d/$t/=" 2>/dev/null
		names="$names $(readelf -sW "$d/$t/s.o" | grep -o 'setup_static[.]ltoguard[.][0-9a-f]*' | sort -u)"
	done
	local got
	read -ra got <<<"$names"
	if [ ${#got[@]} -eq 2 ] && [ "${got[0]}" = "${got[1]}" ] &&
	   [ "${got[0]}" = "setup_static.ltoguard.$(printf '%s' sub/static-asm.c | tests/lib/fnv1a.sh)" ]; then
		ok "diag renamed static is the same in two trees: ${got[0]}"
	else
		bad "diag renamed static differs between trees:$names"
	fi

	# a static named by asm whose file was compiled without the plugin:
	# WPA cannot rename it any more, so it says so
	"$CC" -O2 -flto -c "$DIAG/static-asm.c" -o "$d/static-asm.o"
	"$CC" -O2 -flto -c "$DIAG/main.c" -o "$d/main.o"
	diag wpa-static-warning any "warning: ltoguard: static 'setup_static' is named by 'asm'.*compile its file with '-fplugin=ltoguard'" \
		"$CC" -O2 -flto "$pl" -fdiagnostics-plain-output "$d/static-asm.o" "$d/main.o" -o "$d/static-asm"
}
