# bpfmm - build, demo, tests.  `make` builds build/bpfmm.
CC      ?= cc
CFLAGS  ?= -O2 -g
CFLAGS  += -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Wno-unused-parameter
# Sources are grouped by stage (src/README.md); headers are included as
# "stage/name.h" relative to src/.
CPPFLAGS += -Isrc
PREFIX  ?= /usr/local
BUILD   ?= build

SRC     := $(wildcard src/*/*.c)
HDR     := $(wildcard src/*/*.h)
LIBSRC  := $(filter-out src/cmd/main.c,$(SRC))
LIBOBJ  := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(LIBSRC))
UNITSRC := $(wildcard tests/unit/*.c)
UNITBIN := $(patsubst tests/unit/%.c,$(BUILD)/unit/%,$(UNITSRC))

all: $(BUILD)/bpfmm

$(BUILD)/obj/%.o: src/%.c $(HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -DBPFMM_MODELDIR='"$(PREFIX)/share/bpfmm/models"' -c $< -o $@

$(BUILD)/libbpfmm.a: $(LIBOBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/bpfmm: $(BUILD)/obj/cmd/main.o $(BUILD)/libbpfmm.a
	$(CC) $(CFLAGS) $^ -o $@ -lm -pthread

$(BUILD)/unit/%: tests/unit/%.c $(BUILD)/libbpfmm.a tests/unit/unit.h tests/unit/unit_model.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Isrc $< $(BUILD)/libbpfmm.a -o $@ -lm -pthread

# Each unit test prints "unit NAME: P passed, F failed"; sum them up.
unit: $(UNITBIN)
	@st=0; for t in $(UNITBIN); do $$t || st=1; done 2>&1 | tee $(BUILD)/unit.log; \
	awk '/^unit .*passed/ { p += $$3; f += $$5 } END { printf "%d passed, %d failed\n", p, f; exit f > 0 }' $(BUILD)/unit.log

# ---- the test command: `make check` ----------------------------------
SHARED    ?= $(abspath ../shared)
CATALOGUE ?= $(SHARED)/conformance/bpf-catalogue
ASAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

deps:
	@sh scripts/deps.sh core

check: deps all
	@SHARED=$(SHARED) SUITES="$(SUITES)" sh tests/run-all.sh \
	  "unit=$(MAKE) -s unit" \
	  "layers=sh tests/scripts/layers.sh" \
	  "shape=sh tests/scripts/shape.sh" \
	  "own-tests=sh tests/scripts/own-tests.sh build/bpfmm" \
	  "bpf-mixed=sh tests/scripts/bpf-mixed.sh build/bpfmm" \
	  "repo=sh tests/scripts/repo.sh" \
	  "bad-input=sh tests/scripts/bad-input.sh build/bpfmm" \
	  "catalogue=if [ -d $(CATALOGUE)/tests ]; then sh tests/scripts/verdicts.sh $(CATALOGUE) build/bpfmm; else echo 'SKIP: no $(CATALOGUE)'; fi" \
	  "asan=$(MAKE) -s asan-check" \
	  "cli=sh tests/scripts/cli.sh build/bpfmm" \
	  "riscv=sh tests/conformance/riscv.sh" \
	  "aarch64=sh tests/conformance/aarch64.sh" \
	  "x86=sh tests/conformance/x86.sh" \
	  "ppc=sh tests/conformance/ppc.sh" \
	  "lkmm-cache=sh tests/scripts/lkmm-tree-test.sh" \
	  "lkmm=sh tests/conformance/lkmm.sh" \
	  "checklitmus=sh tests/conformance/checklitmus.sh" \
	  "c-corpus=sh tests/conformance/c-corpus.sh" \
	  "c2bpf=sh tests/conformance/c2bpf.sh" \
	  "clang2bpf=sh tests/conformance/clang2bpf.sh" \
	  "lkmm-map=sh tests/conformance/lkmm-map.sh" \
	  "golden=bash tests/golden/golden.sh build/bpfmm" \
	  "emitted-herd7=SHARED=$(SHARED) sh tests/scripts/emitted-herd7.sh build/bpfmm" \
	  "jit-mappings=sh tests/map/run.sh" \
	  "jit-mappings-random=sh tests/map/random.sh" \
	  "herd-diff=$(MAKE) -s $(BUILD)/bpfgen >/dev/null && SHARED=$(SHARED) BPFGEN=$(BUILD)/bpfgen sh tests/diff/herd-diff.sh 200 1" \
	  "c-diff=$(MAKE) -s $(BUILD)/cgen >/dev/null && SHARED=$(SHARED) CGEN=$(BUILD)/cgen sh tests/diff/c-diff.sh 100 1" \
	  "hw-diff=$(MAKE) -s $(BUILD)/hwgen >/dev/null && SHARED=$(SHARED) MIPS_COUNT=20 MIXED_COUNT=40 ZR_FLAGS=\"--shapes $(HW_ZR_SHAPES)\" PICK_COUNT=20 PICK_FLAGS=\"--shapes $(HW_PICK_SHAPES)\" sh tests/diff/hw-slice.sh 60 1" \
	  "loop-diff=$(MAKE) -s $(BUILD)/loopgen >/dev/null && SHARED=$(SHARED) sh tests/diff/loop-diff.sh 10 1" \
	  "herdtools7-patch=sh kernel/herdtools7/test.sh" \
	  "engine=sh tests/scripts/engine.sh build/bpfmm" \
	  "no-globals=sh tests/scripts/no-globals.sh build/obj" \
	  "parallel=sh tests/scripts/parallel.sh build/bpfmm" \
	  "instructions=sh tests/conformance/instructions.sh" \
	  "fuzz-replay=$(MAKE) -s fuzz-replay" \
	  "kernel-judge=bash kernel/tests/judge-test.sh" \
	  "kernel-series=bash kernel/tests/series-test.sh" \
	  "kernel=bash kernel/check.sh --variants 'riscv64 arm64'" \
	  "locks=SHARED=$(SHARED) sh tests/locks/run.sh" \
	  "bpf-run=RUN_ARCHES='riscv64 arm64' RUN_OPTS='--instances 64 --passes 1' bash tests/run/suite.sh" \
	  "jit-check=bash tests/jit-check/suite.sh" \
	  "hostile-dump=bash tests/jit-check/hostile.sh" \
	  "kernel-model=bash kernel/model-check.sh --jit-only --no-mips" \
	  "bpf-run-judge=sh tests/run/judge-test.sh" \
	  "boot-watchdog=bash tests/run/boot-test.sh" \
	  "explain=SHARED=$(SHARED) sh tests/scripts/explain.sh build/bpfmm" \
	  "diy=$(MAKE) -s $(BUILD)/bpfgen >/dev/null && SHARED=$(SHARED) sh tests/diy/suite.sh" \
	  "diy-coverage=SHARED=$(SHARED) sh tests/diy/coverage.sh" \
	  "web=SHARED=$(SHARED) sh tests/web/smoke.sh" \
	  $(CHECK_EXTRA)

# The same suites under AddressSanitizer and UBSan, in build-asan/.
asan-check:
	@$(MAKE) -s BUILD=build-asan CFLAGS='$(ASAN_FLAGS)' all unit >/dev/null
	@ASAN_OPTIONS=detect_leaks=0 sh -c '\
	  for t in build-asan/unit/*; do $$t >/dev/null || exit 1; done && \
	  sh tests/scripts/verdicts.sh tests/litmus/bpf build-asan/bpfmm >/dev/null && \
	  sh tests/scripts/bad-input.sh build-asan/bpfmm >/dev/null && \
	  if [ -d $(CATALOGUE)/tests ]; then sh tests/scripts/verdicts.sh $(CATALOGUE) build-asan/bpfmm >/dev/null; fi' \
	  && echo "asan: 1 passed, 0 failed" || { echo "asan: 0 passed, 1 failed"; exit 1; }

# ---- the main job on bundled examples: `make demo` ---------------------
demo: deps all
	@sh scripts/demo.sh

install: all $(BUILD)/bpfgen
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/bpfmm/models/lib
	install -m 755 $(BUILD)/bpfmm $(DESTDIR)$(PREFIX)/bin/bpfmm
	install -m 644 models/*.cat $(DESTDIR)$(PREFIX)/share/bpfmm/models/
	install -m 644 models/lib/*.cat $(DESTDIR)$(PREFIX)/share/bpfmm/models/lib/
	install -d $(DESTDIR)$(PREFIX)/share/bpfmm/mappings
	install -m 644 mappings/* $(DESTDIR)$(PREFIX)/share/bpfmm/mappings/
	install -d $(DESTDIR)$(PREFIX)/share/doc/bpfmm/docs
	install -m 644 README.md $(DESTDIR)$(PREFIX)/share/doc/bpfmm/
	install -m 644 docs/*.md $(DESTDIR)$(PREFIX)/share/doc/bpfmm/docs/
	install -m 755 scripts/herd7 $(DESTDIR)$(PREFIX)/bin/bpfmm-herd7
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 man/bpfmm.1 $(DESTDIR)$(PREFIX)/share/man/man1/bpfmm.1
	install -d $(DESTDIR)$(PREFIX)/libexec/bpfmm
	install -m 755 $(BUILD)/bpfgen $(DESTDIR)$(PREFIX)/libexec/bpfmm/bpfgen
	ln -sf ../../bin/bpfmm-herd7 $(DESTDIR)$(PREFIX)/libexec/bpfmm/herd7

.PHONY: all unit clean check deps asan-check demo install
clean:
	rm -rf build build-asan build-fuzz

# ---- fuzzing (tests/fuzz/, docs/fuzzing.md) ----------------------------
# `make fuzz`: build the six libFuzzer targets with clang (ASan + UBSan)
# in build-fuzz/ and run each for FUZZ_SECONDS, one after the other; new
# inputs go to build-fuzz/corpus-T, faults to build-fuzz/crash-T-*.
# `make fuzz-replay` (part of `make check`): every file of the corpus
# (tests/fuzz/corpus/T) once through its target, built with gcc and
# ASan/UBSan and a standalone main.
FUZZ_TARGETS ?= litmus cat map jit jitdump bpftool
FUZZ_CC      ?= clang-14
FUZZ_SECONDS ?= 60
# libFuzzer's -timeout is wall-clock time: on a loaded machine a legitimate
# 2-second input (a 4-thread test under ASan) passed 20 s. Runaways end at
# the evaluator's own limits (docs/cat-dialect.md) long before 120 s.
FUZZ_TIMEOUT ?= 120
FUZZ_FLAGS   = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
FUZZ_COMMON  = tests/fuzz/common.c tests/fuzz/scratch.c

fuzz-build:
	@sh scripts/deps.sh fuzz
	@$(MAKE) -s BUILD=build-fuzz CC=$(FUZZ_CC) CFLAGS='$(FUZZ_FLAGS) -fsanitize=fuzzer-no-link' build-fuzz/libbpfmm.a
	@for t in $(FUZZ_TARGETS); do \
	  $(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -Isrc tests/fuzz/fuzz_$$t.c $(FUZZ_COMMON) \
	    build-fuzz/libbpfmm.a -o build-fuzz/fuzz-$$t -lm -pthread || exit 1; done

fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do mkdir -p build-fuzz/corpus-$$t; \
	  echo "fuzz-$$t: $(FUZZ_SECONDS) s"; \
	  ASAN_OPTIONS=detect_leaks=0 nice -n 19 build-fuzz/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) \
	    -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=2560 -print_final_stats=1 -artifact_prefix=build-fuzz/crash-$$t- \
	    build-fuzz/corpus-$$t tests/fuzz/corpus/$$t 2>&1 | tail -12 || exit 1; done

fuzz-replay:
	@$(MAKE) -s BUILD=build-asan CFLAGS='$(ASAN_FLAGS)' build-asan/libbpfmm.a >/dev/null
	@for t in $(FUZZ_TARGETS); do \
	  $(CC) $(ASAN_FLAGS) -Isrc tests/fuzz/fuzz_$$t.c tests/fuzz/replay.c $(FUZZ_COMMON) \
	    build-asan/libbpfmm.a -o build-asan/replay-$$t -lm -pthread || exit 1; done
	@sh tests/scripts/fuzz-replay.sh build-asan $(FUZZ_TARGETS)

.PHONY: fuzz fuzz-build fuzz-replay

# --- bench / diff (bench/, tests/diff/) ---
# `make bench`: bpfmm vs herd7 timings (catalogue, scaling family).
# `make diff-check`: bpfmm vs herd7 on the catalogue + 200 random BPF tests,
# then on tests/litmus/c + 500 random C tests with the kernel's model, then
# on LOOP_COUNT random loop tests per dialect (tests/diff/loop-diff.sh).
# `make hw-diff-check`: our hardware models vs herd7's (tests/diff/hw-diff.sh).
$(BUILD)/bpfgen: tools/gen/bpfgen.c tools/gen/rng.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< -o $@

$(BUILD)/hwgen: tools/gen/hwgen.c tools/gen/rng.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< -o $@

$(BUILD)/loopgen: tools/gen/loopgen.c tools/gen/rng.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< -o $@

bench: all $(BUILD)/hwgen
	@SHARED=$(SHARED) sh bench/catalogue.sh
	@SHARED=$(SHARED) sh bench/scaling.sh
	@SHARED=$(SHARED) sh bench/locks.sh
	@SHARED=$(SHARED) HWGEN=$(BUILD)/hwgen sh bench/modes.sh

$(BUILD)/cgen: tools/gen/cgen.c tools/gen/rng.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< -o $@

LOOP_COUNT ?= 500
diff-check: all $(BUILD)/bpfgen $(BUILD)/cgen $(BUILD)/loopgen
	@SHARED=$(SHARED) BPFGEN=$(BUILD)/bpfgen sh tests/diff/herd-diff.sh 200 1
	@SHARED=$(SHARED) CGEN=$(BUILD)/cgen sh tests/diff/c-diff.sh 500 1
	@SHARED=$(SHARED) sh tests/diff/loops.sh 12 1
	@SHARED=$(SHARED) sh tests/diff/loop-diff.sh $(LOOP_COUNT) 1
	@$(MAKE) -s hw-diff-check

# `make hw-diff-check`: our hardware models against herd7's own,
# HW_COUNT generated tests of each seed in HW_SEED per architecture
# (tests/diff/hw-diff.sh): 2500 per architecture, about an hour on 2 cores
# (AArch64 ~12 min per 500, the others ~1-2 min; MIPS, three comparisons
# per test, 8-18 min per 500 on a loaded machine; tests/diff/README.md).
# Then the AArch64 pick class (issue 29, docs/aarch64-model.md):
# HW_ZR_COUNT tests of each seed in HW_ZR_SEED of `hwgen --arch aarch64-zr`
# drawn from the shapes HW_ZR_SHAPES (those herd7 answers most often within
# its time limit; MP3 and LB3 of this class take it 4 s of CPU a test,
# most of them over its 5 s limit), about 20 min per 300 on 2 cores;
# then the pick class of issue 39 (`hwgen --arch aarch64-pick`, CSEL /
# CSINC into addresses, data operands and stores, around DMBs):
# HW_PICK_COUNT tests of each seed in HW_PICK_SEED, shapes HW_PICK_SHAPES,
# about 1 min per 250 (docs/aarch64-model.md).
# `make diff-check` runs it after the BPF and C comparisons.
HW_SEED ?= 3,4,5,6,7
HW_COUNT ?= 500
HW_ZR_SEED ?= 43,44,45,46
HW_ZR_COUNT ?= 300
HW_ZR_SHAPES ?= MP,LB,SB,CoRR
HW_PICK_SEED ?= 11,12,13,14
HW_PICK_COUNT ?= 250
HW_PICK_SHAPES ?= LB,LB3,LB3W,MP,S
hw-diff-check: all $(BUILD)/hwgen
	@SHARED=$(SHARED) HWGEN=$(BUILD)/hwgen PICK_COUNT=0 sh tests/diff/hw-slice.sh $(HW_COUNT) $(HW_SEED)
	@SHARED=$(SHARED) HWGEN=$(BUILD)/hwgen ZR_FLAGS="--shapes $(HW_ZR_SHAPES)" \
		sh tests/diff/hw-slice.sh $(HW_ZR_COUNT) $(HW_ZR_SEED) aarch64-zr
	@SHARED=$(SHARED) HWGEN=$(BUILD)/hwgen PICK_FLAGS="--shapes $(HW_PICK_SHAPES)" \
		sh tests/diff/hw-slice.sh $(HW_PICK_COUNT) $(HW_PICK_SEED) aarch64-pick

.PHONY: bench diff-check hw-diff-check
# --- end bench / diff ---

# --- kernel (kernel/) ---
# riscv .aq/.rl atomics patch series, built and booted in QEMU; see docs/kernel.md.
# `make clang2bpf-versions`: clang2bpf with clang 13, 14, 15, 16 and 19
# (installed by scripts/deps.sh clang-versions), the tables by version
# checked against docs/clang-to-bpf.md (scripts/clang-versions.sh; outside
# make check: four more compilers to install).
clang2bpf-versions: all
	@CHECK=1 sh scripts/clang-versions.sh

.PHONY: clang2bpf-versions

# kernel-judge-test: fast (no kernel build).  kernel-check: the whole flow
# (installs missing Debian packages when root; tree and builds under ~/.cache/bpfmm).
# kernel-series: the two series to post, in build/kernel-series/{riscv,model},
# From: and Signed-off-by: from `git config user.name/user.email` (refused
# when unset; the committed patches carry no identity).
.PHONY: kernel-check kernel-judge-test kernel-series
kernel-series:
	bash kernel/series.sh
kernel-judge-test:
	bash kernel/tests/judge-test.sh

kernel-check: kernel-judge-test
	bash kernel/check.sh

# The BPF memory-model documentation patch (kernel/model-series) and the
# JIT fixes (kernel/jit-fixes): git am, checkpatch, get_maintainer.pl,
# what the document cites (kernel/doc-check.sh: its examples under bpfmm
# and herd7, its catalogue tests), htmldocs, LoongArch LLVM builds,
# the MIPS JIT's objects (gcc-mips64el-linux-gnuabi64).
# bpfmm run on real JITs in QEMU guests (tests/run/suite.sh): the riscv64,
# arm64 and x86_64 kernels of kernel-check (all built with the BPF
# options; x86_64 built here), the catalogue, corpus and 200 random tests,
# and a broken-JIT riscv64 kernel (incremental build) that must be caught.
# Suite bpf-run of `make check` runs 64 instances per test on riscv64 and
# arm64 only (the x86_64 kernel build alone is 8-9 minutes of a cold run,
# which the 45-minute budget does not have); this target 256, all three.
.PHONY: bpf-run-check
bpf-run-check: all
	bash tests/run/suite.sh

# The recorded dumps of suite jit-check (tests/jit-check/fixtures): the
# bpf-run guests booted once each with the fixture's tests (docs/jit-check.md).
.PHONY: jit-check-fixture
jit-check-fixture:
	bash scripts/jit-check-fixture.sh

# The guests beyond riscv64, arm64 and x86_64 (outside make check: a cold
# kernel build each): mips64el (QEMU malta), mips64el-fixed (kernel/
# kernel/jit-fixes/mips), ppc64le (QEMU pseries) and s390x (QEMU
# s390-ccw-virtio), bpfmm run and jit-check on each (docs/jit-check.md).
.PHONY: jit-check-all
jit-check-all: all
	bash scripts/jit-check-all.sh

.PHONY: kernel-model-check
kernel-model-check: all
	bash kernel/model-check.sh

# --- web (web/, docs/web.md) ---
# `make web`: the engine compiled to WebAssembly by emcc (Debian's
# emscripten) and the static page, in build/web; `make serve` serves it on
# 127.0.0.1 only; `make web-check` drives it in headless Chromium and
# compares every own BPF test and the kernel's C litmus tests with
# build/bpfmm (tests/web/, build/web-test/screenshot.png).
EMCC     ?= emcc
WEB_PORT ?= 8765
WASMOBJ  := $(patsubst src/%.c,$(BUILD)/wasm-obj/%.o,$(SRC)) $(BUILD)/wasm-obj/compat.o
WEBSRC   := $(wildcard web/*.*)

$(BUILD)/wasm-obj/%.o: src/%.c $(HDR) web/compat/compat.h
	@mkdir -p $(dir $@)
	$(EMCC) $(CPPFLAGS) -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wno-unused-parameter \
	  -include web/compat/compat.h -DBPFMM_MODELDIR='"/bpfmm/models"' -c $< -o $@

$(BUILD)/wasm-obj/compat.o: web/compat/compat.c web/compat/compat.h
	@mkdir -p $(dir $@)
	$(EMCC) -O2 -std=c11 -Wall -c $< -o $@

$(BUILD)/web/bpfmm.wasm: $(WASMOBJ) $(WEBSRC) scripts/web-build.sh $(wildcard models/*.cat models/lib/*.cat mappings/*)
	@BUILD=$(BUILD) SHARED=$(SHARED) EMCC=$(EMCC) sh scripts/web-build.sh $(WASMOBJ)

web:
	@sh scripts/deps.sh web
	@$(MAKE) -s $(BUILD)/web/bpfmm.wasm

serve: web
	@echo "bpfmm: http://127.0.0.1:$(WEB_PORT)/ (Ctrl-C to stop)"
	@cd $(BUILD)/web && exec python3 -m http.server --bind 127.0.0.1 $(WEB_PORT)

web-check: web all
	@SHARED=$(SHARED) sh tests/web/check.sh

.PHONY: web serve web-check
