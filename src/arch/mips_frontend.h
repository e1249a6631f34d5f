/* mips_frontend.h - the MIPS litmus dialect (herd7's `MIPS`). */
#ifndef BPFMM_MIPS_FRONTEND_H
#define BPFMM_MIPS_FRONTEND_H

#include "litmus/frontend.h"

extern const frontend mips_frontend;

#endif
