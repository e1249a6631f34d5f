/* fuzz_litmus.c - fuzz target: litmus text through the reader, its
 * front-end and the check against the front-end's model. */
#include <stdlib.h>
#include <string.h>
#include "fuzz_common.h"
#include "litmus/litmus_read.h"
#include "arch/frontends.h"
#include "exec/check.h"

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
	cat_run *run = fuzz_run_for(t->fe);
	if (run) {
		check_result res;
		/* a small budget: large tests go to outcome mode quickly */
		check_test(t, run, 2000, &res, &d);
		check_result_free(&res);
	}
	litmus_free(t);
	return 0;
}
