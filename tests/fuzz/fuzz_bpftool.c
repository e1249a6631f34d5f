/* fuzz_bpftool.c - fuzz target: what `bpfmm jit-check --bpftool` reads from
 * a user's machine (src/jit/jit_bpftool.c): bpftool's text or JSON of a
 * JIT image with its opcodes, and the runner's hold lines. */
#include <stdlib.h>
#include "fuzz_common.h"
#include "jit/jit_bpftool.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_quiet();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bt_fuzz((const char *)data, size);
	return 0;
}
