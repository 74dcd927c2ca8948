# SPDX-License-Identifier: GPL-2.0
#
# ltoguard: a GCC plugin that keeps asm-, export- and section-referenced
# symbols alive and global through link-time optimization.  `make help`
# lists the targets; README.md says what each does.

# The version of the plugin (its --help) and of the Debian package.
VERSION := 1.0

ifeq ($(origin CC),default)
CC := gcc
endif
# The plugin is C++ for GCC's headers: use the g++ of the same release.
ifeq ($(origin CXX),default)
CXX := $(subst gcc,g++,$(CC))
endif

GCC_MAJOR := $(shell $(CC) -dumpversion 2>/dev/null | cut -d. -f1)
PLUGIN_DIR := $(shell $(CC) -print-file-name=plugin 2>/dev/null)
BUILD := build/gcc-$(GCC_MAJOR)
PLUGIN := $(BUILD)/ltoguard.so
KCHECK := build/ltoguard-kcheck
BTFTOOL := build/ltoguard-btf
ASIDE := build/ltoguard-debug-aside

NO_PLUGIN_GOALS := clean deps help man deb unit fuzz test check-all
ifneq ($(filter-out $(NO_PLUGIN_GOALS),$(or $(MAKECMDGOALS),all)),)
ifeq ($(GCC_MAJOR),)
$(error ltoguard: $(CC) is not a working GCC: install it (apt-get install gcc) or pass CC=gcc-N)
endif
ifeq ($(wildcard $(PLUGIN_DIR)/include/gcc-plugin.h),)
$(error ltoguard: no GCC plugin headers for $(CC): install them with apt-get install gcc-$(GCC_MAJOR)-plugin-dev)
endif
endif

LIB_SRCS := plugin/lib/asmlex.c plugin/lib/keeplist.c plugin/lib/names.c \
	    plugin/lib/options.c plugin/lib/report.c
# The GCC glue: plugin_init and the rule table, the core that applies
# decisions, and one file per rule, by what it is for.
GLUE_SRCS := plugin/ltoguard.c plugin/core.c \
	     $(wildcard plugin/keep/*.c plugin/fix/*.c plugin/perf/*.c)
HEADERS := $(wildcard include/*.h)

WARN := -Wall -Wextra -Wno-unused-parameter
# as Debian builds packages (dpkg-buildflags): fortified, relro, bindnow
HARDEN := -D_FORTIFY_SOURCE=2 -fstack-protector-strong
LDHARDEN := -Wl,-z,relro -Wl,-z,now
LIB_CFLAGS := -std=c99 -O2 -g $(WARN) $(HARDEN) -pedantic -Iinclude
# As the kernel builds scripts/gcc-plugins: C-style sources compiled as C++.
GLUE_CXXFLAGS := -x c++ -std=gnu++14 -O2 -g $(WARN) $(HARDEN) -Wno-missing-field-initializers \
	-fno-rtti -fno-exceptions -fasynchronous-unwind-tables \
	-fPIC -fvisibility=hidden -Iinclude -I$(PLUGIN_DIR)/include -DLG_VERSION='"$(VERSION)"'

LIB_OBJS := $(patsubst plugin/lib/%.c,$(BUILD)/lib/%.o,$(LIB_SRCS))
PIC_LIB_OBJS := $(patsubst plugin/lib/%.c,$(BUILD)/pic/%.o,$(LIB_SRCS))
GLUE_OBJS := $(patsubst plugin/%.c,$(BUILD)/%.o,$(GLUE_SRCS))

.SECONDARY:
.PHONY: all man deb help check check-all test unit demo install kernel-flags clean deps fuzz kernel-check bench FORCE
.DELETE_ON_ERROR:

all: plugin/ltoguard.so $(KCHECK) $(BTFTOOL) $(ASIDE)

help:
	@echo 'ltoguard targets (CC=gcc-11 for gcc 11; README.md has the details):'
	@echo '  make               build plugin/ltoguard.so and build/ltoguard-kcheck for $$(CC)'
	@echo '  make deps          install the Debian 12 packages all of this needs (as root)'
	@echo '  make demo          LTO-build the kernel-shape fixtures with the plugin, print its report'
	@echo '  make check         unit tests, shellcheck, diagnostics, rule tests, LTO fixtures'
	@echo '  make check-all     make check for gcc 12 and gcc 11'
	@echo '  make kernel-check  real Linux kernels: plain, LTO+ltoguard, control (KERNELS=, KCONFIG=)'
	@echo '  make test          check-all, then kernel-check of the 6.1 x86_64 base and distro kernels (CI)'
	@echo '  make bench         plain vs LTO+ltoguard kernels: guest instructions, size, build and plugin cost'
	@echo '  make fuzz          libFuzzer on the asm lexer and the keep-list parser (FUZZ_SECONDS=60)'
	@echo '  make install       the plugin into $$(CC)'"'"'s plugin directory, the kbuild tools into BINDIR,'
	@echo '                     man pages into MANDIR (DESTDIR honoured)'
	@echo '  make man           the man pages, build/man/ (from docs/man/*.scd, scdoc)'
	@echo '  make deb           build/ltoguard_VERSION_ARCH.deb: plugin for gcc 12 and 11, tools, man pages'
	@echo '  make kernel-flags  print the kbuild make line for this compiler'
	@echo '  make clean         remove build/ and plugin/ltoguard.so'

# plugin/ltoguard.so is the last build, for whichever $(CC) that was.
plugin/ltoguard.so: $(PLUGIN) FORCE
	@cmp -s $< $@ || cp $< $@

$(PLUGIN): $(GLUE_OBJS) $(PIC_LIB_OBJS)
	$(CXX) -shared $(LDHARDEN) -o $@ $^

$(BUILD)/%.o: plugin/%.c $(HEADERS)
	@mkdir -p $(@D)
	$(CXX) $(GLUE_CXXFLAGS) -c -o $@ $<

$(BUILD)/pic/%.o: plugin/lib/%.c include/ltoguard.h
	@mkdir -p $(@D)
	$(CC) $(LIB_CFLAGS) -fPIC -fvisibility=hidden -c -o $@ $<

$(BUILD)/lib/%.o: plugin/lib/%.c include/ltoguard.h
	@mkdir -p $(@D)
	$(CC) $(LIB_CFLAGS) -c -o $@ $<

# The libelf host tools, one C file each, not part of the plugin:
# ltoguard-kcheck checks a kernel image, ltoguard-btf serves
# ltoguard-pahole, ltoguard-debug-aside serves ltoguard-ltrans.
$(KCHECK) $(BTFTOOL) $(ASIDE): build/ltoguard-%: plugin/kbuild/ltoguard-%.c include/ltoguard-elf.h
	@mkdir -p $(@D)
	$(CC) $(LIB_CFLAGS) $(LDHARDEN) -o $@ $< -lelf

# ---------------------------------------------------------------- tests

UNIT_TESTS := asmlex keeplist options report names
UNIT_BINS := $(patsubst %,$(BUILD)/unit/test-%,$(UNIT_TESTS))

$(BUILD)/unit/test-%: tests/unit/test-%.c $(LIB_OBJS) tests/unit/unit.h
	@mkdir -p $(@D)
	$(CC) $(LIB_CFLAGS) -std=gnu99 -DLG_README='"$(CURDIR)/README.md"' -o $@ $< $(LIB_OBJS) -lcmocka

unit: $(UNIT_BINS)

check: $(PLUGIN) $(UNIT_BINS) $(KCHECK) $(BTFTOOL) $(ASIDE)
	@CC=$(CC) PLUGIN=$(abspath $(PLUGIN)) BUILD=$(abspath $(BUILD)) KCHECK=$(abspath $(KCHECK)) \
		BTFTOOL=$(abspath $(BTFTOOL)) \
		UNIT_BINS="$(abspath $(UNIT_BINS))" tests/run-tests.sh

check-all:
	@tests/check-all.sh

# What CI runs: check-all, then kernel-check.
test:
	@tests/test-all.sh

demo: $(PLUGIN)
	@CC=$(CC) PLUGIN=$(abspath $(PLUGIN)) BUILD=$(abspath $(BUILD)) tests/demo.sh

# Real kernels (tests/kernel/kernel-check.sh); KERNELS="6.1-x86_64 ..." or "all" picks.
kernel-check: $(PLUGIN) $(KCHECK) $(BTFTOOL) $(ASIDE)
	@CC=$(CC) PLUGIN=$(abspath $(PLUGIN)) KCHECK=$(abspath $(KCHECK)) tests/kernel/kernel-check.sh

# Benchmarks (tests/bench/bench.sh), not tests: KERNELS as for kernel-check.
bench: $(PLUGIN) $(ASIDE)
	@CC=$(CC) PLUGIN=$(abspath $(PLUGIN)) tests/bench/bench.sh

BINDIR ?= /usr/local/bin
MANDIR ?= /usr/local/share/man

# Man pages, from docs/man/*.scd (scdoc): ltoguard(7) and one per command.
MAN_SRCS := $(wildcard docs/man/*.scd)
MAN_PAGES := $(patsubst docs/man/%.scd,build/man/%,$(MAN_SRCS))

build/man/%: docs/man/%.scd
	@mkdir -p $(@D)
	scdoc <$< >$@

man: $(MAN_PAGES)

install: $(PLUGIN) $(KCHECK) $(BTFTOOL) $(ASIDE) $(MAN_PAGES)
	install -D -m 0644 $(PLUGIN) $(DESTDIR)$(PLUGIN_DIR)/ltoguard.so
	install -D -m 0755 plugin/kbuild/ltoguard-ld $(DESTDIR)$(BINDIR)/ltoguard-ld
	install -D -m 0755 plugin/kbuild/ltoguard-ltrans $(DESTDIR)$(BINDIR)/ltoguard-ltrans
	install -D -m 0755 $(KCHECK) $(DESTDIR)$(BINDIR)/ltoguard-kcheck
	install -D -m 0755 plugin/kbuild/ltoguard-nm $(DESTDIR)$(BINDIR)/ltoguard-nm
	install -D -m 0755 plugin/kbuild/ltoguard-pahole $(DESTDIR)$(BINDIR)/ltoguard-pahole
	install -D -m 0755 $(BTFTOOL) $(DESTDIR)$(BINDIR)/ltoguard-btf
	install -D -m 0755 $(ASIDE) $(DESTDIR)$(BINDIR)/ltoguard-debug-aside
	install -D -m 0755 plugin/kbuild/ltoguard-kbuild $(DESTDIR)$(BINDIR)/ltoguard-kbuild
	install -D -m 0644 -t $(DESTDIR)$(MANDIR)/man1 $(filter %.1,$(MAN_PAGES))
	install -D -m 0644 -t $(DESTDIR)$(MANDIR)/man7 $(filter %.7,$(MAN_PAGES))

# The kbuild make line for this compiler, once installed (README).
kernel-flags:
	@echo 'make KCFLAGS="-flto -ffat-lto-objects -fplugin=ltoguard"' \
	  'CC_FLAGS_LTO="-flto -ffat-lto-objects" LD=$(BINDIR)/ltoguard-ld' \
	  'NM=$(BINDIR)/ltoguard-nm PAHOLE=$(BINDIR)/ltoguard-pahole' \
	  'LTOGUARD_CC=$(CC) LTOGUARD_LTO="-fplugin=ltoguard"'

deps:
	apt-get update
	apt-get install -y --no-install-recommends make gcc g++ gcc-12-plugin-dev \
		gcc-11 g++-11 gcc-11-plugin-dev gcc-multilib g++-multilib \
		gcc-11-multilib libcmocka-dev binutils libc6-dev qemu-user \
		linux-source-6.1 linux-source-6.12 linux-config-6.1 linux-config-6.12 \
		qemu-system-x86 flex bison bc libelf-dev libssl-dev \
		cpio time bsdextrautils valgrind shellcheck scdoc man-db ccache \
		dpkg-dev lintian fakeroot rpm rsync kmod dwarves bpftool python3 jq gdb

clean:
	rm -rf build plugin/ltoguard.so

# ---------------------------------------------------------------- package
# A Debian package (dpkg-deb): the plugin for gcc 12 and gcc 11 in each
# compiler's plugin directory, the kbuild tools in /usr/bin, the man
# pages, the documents.  Its Depends pin each GCC to the version the plugin
# was built for: a plugin loads only into that GCC.
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null)
DEB := build/ltoguard_$(VERSION)_$(DEB_ARCH).deb
DEB_ROOT := build/deb/root
DEB_GCCS := gcc-12 gcc-11
DEB_DOC := $(DEB_ROOT)/usr/share/doc/ltoguard
# The maintainer: Debian's DEBFULLNAME and DEBEMAIL (as dch takes them),
# else the author of the last commit.
DEB_MAINTAINER ?= $(if $(DEBEMAIL),$(or $(DEBFULLNAME),ltoguard) <$(DEBEMAIL)>,$(shell git log -1 --format='%an <%ae>' 2>/dev/null))
# reproducible: file times and dates from the last commit (only for
# this target: kbuild reads SOURCE_DATE_EPOCH too)
DEB_EPOCH := $(or $(SOURCE_DATE_EPOCH),$(shell git log -1 --format=%ct 2>/dev/null),0)

deb: $(DEB)

$(DEB): Makefile $(MAN_PAGES) $(wildcard plugin/*.c plugin/*/*.c plugin/kbuild/* include/*.h docs/*.md) README.md LICENSE
	rm -rf build/deb
	set -e; for cc in $(DEB_GCCS); do \
		$(MAKE) --no-print-directory CC=$$cc install DESTDIR=$(abspath $(DEB_ROOT)) \
			BINDIR=/usr/bin MANDIR=/usr/share/man; \
	done
	strip --strip-unneeded --remove-section=.comment --remove-section=.note \
		$(DEB_ROOT)/usr/bin/ltoguard-kcheck $(DEB_ROOT)/usr/bin/ltoguard-btf \
		$(DEB_ROOT)/usr/bin/ltoguard-debug-aside \
		$(DEB_ROOT)/usr/lib/gcc/*/*/plugin/ltoguard.so
	gzip -9n $(DEB_ROOT)/usr/share/man/man*/*
	install -D -m 0644 -t $(DEB_DOC) README.md
	install -D -m 0644 -t $(DEB_DOC)/docs docs/*.md
	gzip -9n $(DEB_DOC)/docs/*.md
	printf '%s\n' 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
		'Upstream-Name: ltoguard' '' 'Files: *' \
		"Copyright: $$(date -u -d @$(DEB_EPOCH) +%Y) the ltoguard authors" \
		'License: GPL-2' ' On Debian systems the GNU General Public License version 2 is in' \
		' /usr/share/common-licenses/GPL-2.' >$(DEB_DOC)/copyright
	printf '%s\n' 'ltoguard ($(VERSION)) unstable; urgency=medium' '' \
		'  * Built from the ltoguard sources by make deb.' '' \
		" -- $(DEB_MAINTAINER)  $$(date -R -u -d @$(DEB_EPOCH))" \
		| gzip -9n >$(DEB_DOC)/changelog.gz
	mkdir -p build/deb/shlibs/debian $(DEB_ROOT)/DEBIAN
	printf 'Source: ltoguard\n\nPackage: ltoguard\nArchitecture: any\n' >build/deb/shlibs/debian/control
	cd build/deb/shlibs && dpkg-shlibdeps -O -e$(abspath $(DEB_ROOT))/usr/bin/ltoguard-kcheck \
		-e$(abspath $(DEB_ROOT))/usr/bin/ltoguard-btf \
		-e$(abspath $(DEB_ROOT))/usr/bin/ltoguard-debug-aside 2>/dev/null \
		| sed -n 's/^shlibs:Depends=//p' >../shlibs.depends
	{ printf '%s\n' 'Package: ltoguard' 'Version: $(VERSION)' 'Architecture: $(DEB_ARCH)' \
		'Maintainer: $(DEB_MAINTAINER)' 'Section: devel' 'Priority: optional'; \
	  printf 'Depends: %s, binutils, make, gawk | mawk, bc, time' "$$(cat build/deb/shlibs.depends)"; \
	  for cc in $(DEB_GCCS); do printf ', %s (= %s)' $$cc "$$(dpkg-query -W -f='$${Version}' $$cc)"; done; \
	  printf '\n%s\n' 'Installed-Size: '"$$(du -sk --exclude=DEBIAN $(DEB_ROOT) | cut -f1)"; \
	  printf '%s\n' \
		'Description: GCC plugin and kbuild tools for link-time optimized Linux kernels' \
		' ltoguard keeps what asm text, linker scripts and later link stages' \
		' reference alive and global through GCC link-time optimization, fixes' \
		' what LTO breaks in the kernel and keeps out inlining that costs more' \
		' than it gains, so that an unmodified Linux tree builds, boots and loads' \
		' modules with GCC LTO. This package has the plugin for gcc 12 and gcc' \
		' 11, ltoguard-kbuild (a prefix to make), the LD and NM wrappers kbuild' \
		' uses and ltoguard-kcheck, which checks a linked kernel for objtool' \
		' tables.'; } >$(DEB_ROOT)/DEBIAN/control
	cd $(DEB_ROOT) && find usr -type f -exec md5sum {} + | sort -k2 >DEBIAN/md5sums
	find $(DEB_ROOT) -exec touch -h -d @$(DEB_EPOCH) {} +
	SOURCE_DATE_EPOCH=$(DEB_EPOCH) dpkg-deb --root-owner-group -Zxz --build $(DEB_ROOT) $@

FORCE:

# ---------------------------------------------------------------- fuzzing
# libFuzzer (clang) on the lexer and keep-list parser, ASan and UBSan on.
FUZZ_SECONDS ?= 60
FUZZ_BIN := build/fuzz/fuzz-asmlex

$(FUZZ_BIN): tests/fuzz/fuzz-asmlex.c $(LIB_SRCS) include/ltoguard.h
	@mkdir -p $(@D)
	clang -std=c99 -g -O1 -Iinclude -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all -o $@ tests/fuzz/fuzz-asmlex.c $(LIB_SRCS)

fuzz: $(FUZZ_BIN)
	@mkdir -p build/fuzz/corpus
	$(FUZZ_BIN) -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
		build/fuzz/corpus tests/fuzz/corpus
