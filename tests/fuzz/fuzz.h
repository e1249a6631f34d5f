/* fuzz.h - shared by the fuzz targets (tests/fuzz/fuzz_*.c): the
 * libFuzzer entry points, and a scratch file for inputs that the API under
 * test reads from a path. */
#ifndef BPFMM_FUZZ_H
#define BPFMM_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Write data to this process's scratch file (suffix: ".cat", ".litmus")
 * and return its path; NULL if it cannot be written. */
const char *fuzz_scratch(const uint8_t *data, size_t size, const char *suffix);

#endif
