/* arm_frontend.h - the ARM dialect of litmus tests (32-bit ARMv7 assembly
 * as herd7 reads it), lowered to the IR of litmus.h. See docs/arm-model.md
 * for the instructions and the event tags it gives a model. */
#ifndef BPFMM_ARM_FRONTEND_H
#define BPFMM_ARM_FRONTEND_H

#include "litmus/frontend.h"

extern const frontend arm_frontend;

#endif
