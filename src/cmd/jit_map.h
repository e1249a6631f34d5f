/* jit_map.h - `bpfmm map`: compile BPF litmus tests to a native architecture
 * through a JIT mapping table (mapping.h) and compare the final states the
 * BPF model and the native model allow (docs/jit-mappings.md). */
#ifndef BPFMM_JIT_MAP_H
#define BPFMM_JIT_MAP_H

/* argv[0] is "map"; model_dir is where bundled models live. Returns the
 * exit status: 0 every test checked, 1 some test could not be, 2 usage. */
int map_main(int argc, char **argv, const char *model_dir);

#endif
