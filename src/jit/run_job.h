/* run_job.h - what `bpfmm run` hands its guest (run_job.c): a BPF litmus
 * test read, checked with bpf.cat and sc-bpf.cat, laid out in memory (its
 * locations and result slots), each thread translated to a BPF program
 * (its registers: run_phys_regs, run.h) or the reason it cannot run; the
 * job file of such tests (docs/runtime-testing.md). */
#ifndef BPFMM_RUN_JOB_H
#define BPFMM_RUN_JOB_H

#include <stdbool.h>
#include <stdio.h>
#include "cat/cat.h"
#include "exec/check.h"
#include "litmus/litmus.h"

/* A BPF model loaded for run (bpf.cat, sc-bpf.cat). */
typedef struct {
	cat_model *m;
	cat_run *run;
} bpf_model;

/* One test of a run. */
typedef struct {
	const litmus_test *t;
	check_result res;       /* bpf.cat's allowed states; res.obs: what is shown */
	check_result sc;        /* the states of interleavings (sc-bpf.cat) */
	int *slot;              /* per obs: result slot (registers), -1 memory */
	int nslots, stride;
	const char *unsupported;
	char why[200];
	bool big_endian;        /* the guest's (s390x): moff */
} run_test;

/* mdir/name loaded for the BPF front-end; -1 (said). */
int run_load_model(const char *mdir, const char *name, bpf_model *bm);

/* Read and check one test (ninst instances a pass, big_endian the
 * guest's); 0 if it can be run (rt->unsupported may be set), -1 (said). */
int run_prepare(run_test *rt, const char *file, bpf_model *bm, bpf_model *sc, int ninst, bool big_endian);

/* The test's entry in the job file f: its layout, observed values and one
 * program per thread. */
void run_write_job(FILE *f, run_test *rt, int ninst);

void run_test_free(run_test *rt);

#endif
