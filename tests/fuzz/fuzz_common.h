#ifndef BPFMM_FUZZ_COMMON_H
#define BPFMM_FUZZ_COMMON_H

#include "fuzz.h"
#include "cat/cat.h"
#include "litmus/frontend.h"

/* models/lib, models, NULL */
void fuzz_incdirs(const char *inc[3]);
/* The front-end's bundled model (or a small SC model when it has none
 * here, e.g. C's linux-kernel.cat), loaded once. */
cat_run *fuzz_run_for(const frontend *fe);
/* stdout to /dev/null unless BPFMM_FUZZ_VERBOSE is set */
void fuzz_quiet(void);

#endif
