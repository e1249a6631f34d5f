/* explain.h - `bpfmm explain TEST [STATE]`: why a final state is forbidden
 * (the check that rejects each candidate execution reaching it, with a
 * shortest cycle of the check's relation), or how it is reached (one
 * allowed execution and the checks it passes). docs/explain.md. */
#ifndef BPFMM_EXPLAIN_H
#define BPFMM_EXPLAIN_H

#include <stdbool.h>
#include <stdio.h>
#include "cat/cat.h"
#include "litmus/litmus.h"

/* Explain `state` (condition syntax; NULL: the proposition of t's
 * condition) of test t under model m, whose run is `run` (it is put in
 * explain mode for the call, and back after). Prints to out; with dot,
 * also a Graphviz picture of the first explained execution. Loops are
 * unrolled `unroll` times (herd7's -unroll; -1: the default). With json,
 * one JSON object on one line instead of the text (bpfmm explain --help;
 * d->file is its "file"). Returns 0,
 * or -1 with an error in d. */
int explain_test(litmus_test *t, cat_model *m, cat_run *run, const char *state,
		 int unroll, bool json, FILE *out, FILE *dot, diag *d);

#endif
