/* bpf_frontend.h - the BPF dialect of litmus tests (eBPF assembly as LLVM
 * and the kernel print it), lowered to the IR of litmus.h. */
#ifndef BPFMM_BPF_FRONTEND_H
#define BPFMM_BPF_FRONTEND_H

#include "litmus/frontend.h"

extern const frontend bpf_frontend;

/* Would Linux 6.12's verifier refuse a thread of this BPF test as it
 * stands?  One rule so far, the one that decides whether some JIT
 * sequences are safe (docs/jit-mappings.md): a value-returning atomic
 * whose loaded register is its own address register (`r7 =
 * atomic_fetch_add((u64 *)(r7 + 0), r7)`, or cmpxchg through r0).
 * check_atomic_rmw() marks the load register unknown before it checks the
 * access through the address register, so the program does not load.
 * Also a byte or halfword atomic (`lock *(u8 *)...`), which the front-end
 * reads but check_atomic_rmw() refuses (BPF atomics are 32 or 64 bits).
 * Returns true and writes the reason to why (n bytes) if so. */
bool bpf_verifier_refuses(const litmus_test *t, char *why, size_t n);

#endif
