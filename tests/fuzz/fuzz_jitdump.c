/* fuzz_jitdump.c - fuzz target: a whole dump as `bpfmm jit-check --dump`
 * reads it, its images checked, padded into one blob, disassembled by the
 * real llvm-objdump-19 and cut back into images, then lifted: the path
 * the fuzz target `jit` stops short of (a truncated dump once made it
 * write without end).  The input's first byte picks the architecture. */
#include <stdlib.h>
#include "fuzz_common.h"
#include "jit/jit_check.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_quiet();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	jit_check_fuzz_dump((const char *)data, size);
	return 0;
}
