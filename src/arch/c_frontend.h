/* c_frontend.h - the C dialect of litmus tests (the Linux kernel's, as used
 * by tools/memory-model): threads are functions `P0(int *x) { ... }`,
 * lowered to the IR of litmus.h with the event tags the Linux-kernel
 * memory model (linux-kernel.bell / lock.cat) expects. See docs/c-dialect.md. */
#ifndef BPFMM_C_FRONTEND_H
#define BPFMM_C_FRONTEND_H

#include "litmus/frontend.h"

extern const frontend c_frontend;

#endif
