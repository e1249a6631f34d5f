/* aarch64_frontend.h - the AArch64 dialect of litmus tests (A64 assembly as
 * diy7 and the Arm litmus catalogues write it), lowered to the IR of
 * litmus.h. See docs/aarch64-model.md for the event tags it gives a model. */
#ifndef BPFMM_AARCH64_FRONTEND_H
#define BPFMM_AARCH64_FRONTEND_H

#include "litmus/frontend.h"

extern const frontend aarch64_frontend;

#endif
