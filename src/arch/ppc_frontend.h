/* ppc_frontend.h - the PPC dialect of litmus tests (Power assembly as diy7
 * and the "Herding cats" catalogue write it), lowered to the IR of
 * litmus.h. See docs/ppc-model.md for the event tags it gives a model. */
#ifndef BPFMM_PPC_FRONTEND_H
#define BPFMM_PPC_FRONTEND_H

#include "litmus/frontend.h"

extern const frontend ppc_frontend;

#endif
