/* riscv_frontend.h - the RISCV dialect of litmus tests (RV32/RV64 assembly
 * as diy7 and the RISC-V ISA manual write it), lowered to the IR of
 * litmus.h. See docs/riscv-model.md for the event tags it gives a model. */
#ifndef BPFMM_RISCV_FRONTEND_H
#define BPFMM_RISCV_FRONTEND_H

#include "litmus/frontend.h"

extern const frontend riscv_frontend;

#endif
