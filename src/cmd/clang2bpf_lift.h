/* clang2bpf_lift.h - the half of clang2bpf that reads what clang made:
 * a function's instructions found in llvm-objdump -d's text, then lifted
 * into a column of a BPF litmus test (hexadecimal made decimal, branch
 * offsets made labels, exit the end, results stored into o[1..] made
 * moves into free registers, spills through r10 made moves; calls,
 * 64-bit immediates, other subregister and stack use refused). The other
 * half, clang2bpf.c, writes the C, drives clang and llvm-objdump, and
 * judges the lifted tests. */
#ifndef BPFMM_CLANG2BPF_LIFT_H
#define BPFMM_CLANG2BPF_LIFT_H

#include "cmd/lkmm_common.h"

/* A function's instructions and their slots (objdump's numbers). */
typedef struct {
	char **text;
	int *slot;
	int n, cap;
} bfunc;

void bfunc_free(bfunc *f);

/* The instructions of function `name` in llvm-objdump's output: 0, or -1
 * when it is not there. */
int c2b_find_function(const char *dis, const char *name, bfunc *f);

/* One function lifted into a thread's column. */
typedef struct {
	lk_column col;
	int nargs;             /* arguments, o last */
	int nout;              /* registers stored into o[1..] */
	int outreg[16];        /* their BPF registers */
	char reason[200];
} lifted;

/* Function f (named fname) into l's column (l->nargs and l->nout set by
 * the caller), its results' registers in l->outreg; 0, or -1 with
 * l->reason. */
int c2b_lift(const bfunc *f, lifted *l, const char *fname);

#endif
