/* fuzz_map.c - fuzz target: a BPF test through `bpfmm map` (mapping
 * table, native test generated and read back, both models). The
 * architecture is chosen by a hash of the input, so corpus files stay
 * plain litmus tests. */
#include <stdlib.h>
#include <string.h>
#include "fuzz_common.h"
#include "jit/jit_map.h"
#include "cat/model_dir.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_quiet();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const arch[] = { "riscv64", "arm64", "x86-64", "powerpc", "s390x",
					    "loongarch64" };
	unsigned h = 2166136261u;
	for (size_t i = 0; i < size; i++)
		h = (h ^ data[i]) * 16777619u;
	const char *path = fuzz_scratch(data, size, ".litmus");
	if (!path)
		return 0;
	char *argv[] = { "map", "--arch", (char *)arch[h % 6], (char *)path, NULL };
	char mdir[MODEL_DIR_MAX];
	map_main(4, argv, model_dir(mdir));
	return 0;
}
