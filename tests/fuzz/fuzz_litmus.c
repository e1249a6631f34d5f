/* fuzz_litmus.c - fuzz target: litmus text through the reader, its
 * front-end and the check against the front-end's model. */
#include <stdlib.h>
#include <string.h>
#include "fuzz_common.h"
#include "litmus/litmus_read.h"
#include "arch/frontends.h"
#include "exec/check.h"

/* A size cap, checked after parsing and before the check: the check's
 * cost grows with the product of each read's candidate writes and each
 * location's coherence orders, so a valid test only a little larger than
 * the classic shapes can take minutes (a 4-thread Power IRIW with 12
 * accesses: 76 s in the release build, far more under ASan). Such inputs
 * are correct and only slow; they would end a campaign with a timeout.
 * An access is a load, store or store-conditional (an RMW or CAS two);
 * a thread with a backward branch counts its accesses FUZZ_LOOP_FACTOR
 * times (the default -unroll 2 runs a loop body up to 3 times). */
#define FUZZ_MAX_THREADS   6
#define FUZZ_MAX_ACCESSES  10
#define FUZZ_LOOP_FACTOR   3

static int too_large(const litmus_test *t)
{
	if (t->nthreads > FUZZ_MAX_THREADS)
		return 1;
	long total = 0;
	for (int i = 0; i < t->nthreads; i++) {
		const litmus_thread *th = &t->threads[i];
		long n = 0;
		int loops = 0;
		for (int k = 0; k < th->ncode; k++) {
			const ir_insn *in = &th->code[k];
			switch (in->op) {
			case IR_LOAD: case IR_STORE: case IR_SC: n += 1; break;
			case IR_RMW: case IR_CAS: n += 2; break;
			case IR_BRANCH: if (in->target <= k) loops = 1; break;
			default: break;
			}
		}
		total += loops ? n * FUZZ_LOOP_FACTOR : n;
	}
	return total > FUZZ_MAX_ACCESSES;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_quiet();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = 0;
	diag d = { .file = "fuzz.litmus" };
	litmus_test *t = litmus_read_string(text, "fuzz.litmus", frontend_for_arch, &d);
	free(text);
	if (!t)
		return 0;
	cat_run *run = too_large(t) ? NULL : fuzz_run_for(t->fe);
	if (run) {
		check_result res;
		/* a small budget: large tests go to outcome mode quickly */
		check_test_opts(t, run, &(check_opts){ .budget = 2000 }, &res, &d);
		check_result_free(&res);
	}
	litmus_free(t);
	return 0;
}
