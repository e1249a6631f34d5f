/* loongarch_frontend.h - the LoongArch dialect of litmus tests (LA64
 * assembly as the GNU assembler writes it), lowered to the IR of litmus.h.
 * See docs/loongarch-model.md for the syntax and the event tags. */
#ifndef BPFMM_LOONGARCH_FRONTEND_H
#define BPFMM_LOONGARCH_FRONTEND_H

#include "litmus/frontend.h"

extern const frontend loongarch_frontend;

#endif
