/* s390x_frontend.h - the S390X dialect of litmus tests (z/Architecture
 * assembly in the herd style of the other dialects: `lg r1,0(r2)`,
 * `laag r3,r3,0(r2)`, `bcr 14,0`), lowered to the IR of litmus.h.
 * See docs/s390x-model.md for the event tags it gives a model. */
#ifndef BPFMM_S390X_FRONTEND_H
#define BPFMM_S390X_FRONTEND_H

#include "litmus/frontend.h"

extern const frontend s390x_frontend;

#endif
