/* fuzz_cat.c - fuzz target: model text through the cat parser, compiler
 * and evaluator, judging one fixed small BPF test. */
#include <stdlib.h>
#include <string.h>
#include "fuzz_common.h"
#include "litmus/litmus_read.h"
#include "arch/frontends.h"
#include "exec/check.h"

static litmus_test *test;

static const char mp[] =
	"BPF MP+rel+acq\n"
	"{ 0:r1=x; 0:r2=y; 0:r6=1; 1:r1=x; 1:r2=y; }\n"
	"P0                                 | P1 ;\n"
	"*(u32 *)(r1 + 0) = 1               | r4 = load_acquire((u32 *)(r2 + 0)) ;\n"
	"store_release((u32 *)(r2 + 0), r6) | r5 = *(u32 *)(r1 + 0) ;\n"
	"exists (1:r4=1 /\\ 1:r5=0)\n";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	diag d = { .file = "mp.litmus" };
	fuzz_quiet();
	test = litmus_read_string(mp, "mp.litmus", frontend_for_arch, &d);
	if (!test) {
		diag_print(&d);
		abort();
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_scratch(data, size, ".cat");
	const char *inc[3];
	if (!path)
		return 0;
	fuzz_incdirs(inc);
	diag d = { .file = path };
	cat_model *m = cat_model_load(path, inc, NULL, &d);
	if (!m)
		return 0;
	cat_run *run = cat_run_new(m, test->fe->tag_names, test->fe->ntags);
	/* runaway models end at the evaluator's limits; keep them quick here */
	cat_run_set_memory_limit(run, (size_t)64 << 20);
	check_result res;
	check_test_opts(test, run, &(check_opts){ .budget = 2000 }, &res, &d);
	check_result_free(&res);
	cat_run_free(run);
	cat_model_free(m);
	return 0;
}
