/* sparc_frontend.h - the SPARC dialect of litmus tests (our own syntax,
 * herd7 has none: docs/sparc-model.md), lowered to the IR of litmus.h.
 * Its model is models/sparc.cat (TSO). */
#ifndef BPFMM_SPARC_FRONTEND_H
#define BPFMM_SPARC_FRONTEND_H

#include "litmus/frontend.h"

extern const frontend sparc_frontend;

#endif
