/* fuzz_jit.c - fuzz target: the text `bpfmm jit-check` reads (a guest's
 * dump lines, llvm-objdump's disassembly) through its parsers and its
 * lifter, for the architecture the input's first byte picks. */
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
	jit_check_fuzz((const char *)data, size);
	return 0;
}
