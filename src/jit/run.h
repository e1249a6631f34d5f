/* run.h - `bpfmm run`: BPF litmus tests on real JITs in QEMU guests. */
#ifndef BPFMM_RUN_H
#define BPFMM_RUN_H

#include "exec/check.h"
#include "litmus/litmus.h"

int run_main(int argc, char **argv, const char *model_dir, const char *argv0);

/* The BPF register (phys[K]) that holds test register rK in thread ti of
 * the guest's program: rK itself, but r10 (the frame pointer) is renamed
 * to a register the thread does not use (-1: none).  res: bpf.cat's
 * result for t (its observables count as used), or NULL. */
void run_phys_regs(const litmus_test *t, const check_result *res, int ti, int phys[11]);

/* Why `bpfmm run` does not run test t (res: bpf.cat's result for t), in
 * why; NULL if it runs it. */
const char *run_unsupported(const litmus_test *t, const check_result *res, char *why, size_t n);

/* The markers the guest's programs store to *(u64 *)(r10 + RUN_MARK_OFF)
 * around the registers' initial values and the test's body (run.c). */
#define RUN_MARK_OFF (-112)

/* What a console of the runner may hold, for its two readers (run --judge
 * and jit-check --dump): its bytes, and its longest line, a jit line of
 * the largest image (2 hex digits a byte of at most 64 KiB).  A console of
 * 246 tests is a few MB. */
#define RUN_MAX_CONSOLE (256L << 20)
#define RUN_MAX_LINE (2 * 65536 + 4096)
enum { RUN_MARK_INIT = 0x5a1, RUN_MARK_BODY = 0x5a2, RUN_MARK_END = 0x5a3 };

#endif
