/* x86_frontend.h - the x86 dialects of litmus tests, lowered to the IR of
 * litmus.h:
 *   X86_64  AT&T syntax as diy7 writes it (`movl $1,(x)`, `movl (y),%eax`,
 *           `mfence`), registers reported by their 64-bit names (rax);
 *   X86     Intel syntax (`MOV [x],$1`, `MOV EAX,[y]`, `MFENCE`), 32-bit
 *           register names (EAX).
 * See docs/x86-model.md for the event tags they give a model. */
#ifndef BPFMM_X86_FRONTEND_H
#define BPFMM_X86_FRONTEND_H

#include "litmus/frontend.h"

extern const frontend x86_64_frontend;
extern const frontend x86_frontend;

#endif
