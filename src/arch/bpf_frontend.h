/* bpf_frontend.h - the BPF dialect of litmus tests (eBPF assembly as LLVM
 * and the kernel print it), lowered to the IR of litmus.h. */
#ifndef BPFMM_BPF_FRONTEND_H
#define BPFMM_BPF_FRONTEND_H

#include "litmus/frontend.h"

extern const frontend bpf_frontend;

#endif
