/* jit_check.h - `bpfmm jit-check`: lift the code a kernel BPF JIT emitted
 * for a litmus test (dumped by the `bpfmm run` guest) to the native litmus
 * dialect and judge it like `bpfmm map` (docs/jit-check.md). */
#ifndef BPFMM_JIT_CHECK_H
#define BPFMM_JIT_CHECK_H

#include <stddef.h>

/* argv[0] is "jit-check". Returns the exit status (see --help). */
int jit_check_main(int argc, char **argv, const char *model_dir, const char *self);

/* The fuzz target's entry (tests/fuzz/fuzz_jit.c): a dump or disassembly
 * text read and lifted, nothing run.  Returns 0. */
int jit_check_fuzz(const char *data, size_t n);

/* The fuzz target `jitdump` (tests/fuzz/fuzz_jitdump.c): data[0] picks the
 * architecture, the rest is read as a dump whose images are checked,
 * disassembled with llvm-objdump-19 and lifted as `jit-check` does
 * before it judges (padding, image boundaries, the markers).  Returns 0. */
int jit_check_fuzz_dump(const char *data, size_t n);

#endif
