# bpfmm - build, demo, tests.  `make` builds build/bpfmm.
CC      ?= cc
CFLAGS  ?= -O2 -g
CFLAGS  += -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Wno-unused-parameter
PREFIX  ?= /usr/local
BUILD   ?= build

SRC     := $(wildcard src/*.c)
LIBSRC  := $(filter-out src/main.c,$(SRC))
LIBOBJ  := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(LIBSRC))
UNITSRC := $(wildcard tests/unit/*.c)
UNITBIN := $(patsubst tests/unit/%.c,$(BUILD)/unit/%,$(UNITSRC))

all: $(BUILD)/bpfmm

$(BUILD)/obj/%.o: src/%.c $(wildcard src/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DBPFMM_MODELDIR='"$(PREFIX)/share/bpfmm/models"' -c $< -o $@

$(BUILD)/libbpfmm.a: $(LIBOBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/bpfmm: $(BUILD)/obj/main.o $(BUILD)/libbpfmm.a
	$(CC) $(CFLAGS) $^ -o $@ -lm

$(BUILD)/unit/%: tests/unit/%.c $(BUILD)/libbpfmm.a tests/unit/unit.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Isrc $< $(BUILD)/libbpfmm.a -o $@ -lm

unit: $(UNITBIN)
	@fail=0; for t in $(UNITBIN); do $$t || fail=1; done; exit $$fail

.PHONY: all unit clean
clean:
	rm -rf build build-asan
