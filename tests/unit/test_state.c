/* test_state.c - final states in herd7's syntax (src/litmus/state.c): what the
 * printer writes, the parser reads back, on a real BPF test checked with a
 * model that allows every candidate execution. */
#include <stdlib.h>
#include <unistd.h>
#include "unit.h"
#include "cat/cat.h"
#include "exec/check.h"
#include "arch/frontends.h"
#include "litmus/litmus_read.h"
#include "litmus/state.h"
#include "base/xalloc.h"

static const char test[] =
	"BPF state-syntax\n"
	"{\n0:r1=x; 0:r2=y; 1:r1=x; 1:r3=y;\n}\n"
	"P0                   | P1 ;\n"
	"*(u64 *)(r1 + 0) = 1 | r2 = *(u64 *)(r1 + 0) ;\n"
	"*(u64 *)(r2 + 0) = 2 | r4 = r3 ;\n"
	"locations [x; 1:r4]\n"
	"exists (1:r2=1)\n";

int main(void)
{
	diag d = { .file = "state-syntax" };
	litmus_test *t = litmus_read_string(test, "state-syntax", frontend_for_arch, &d);
	CHECK(t != NULL);
	if (!t)
		return unit_done("state");

	/* printing, item by item as herd7 does */
	observable obs[3] = {
		{ .thread = 1, .reg = litmus_reg(t, "r2"), .sym = -1 },
		{ .thread = 1, .reg = litmus_reg(t, "r4"), .sym = -1 },
		{ .thread = -1, .reg = -1, .sym = litmus_sym(t, "x") },
	};
	value row[3] = { value_int(-1), { .sym = litmus_sym(t, "y"), .off = 8 }, value_int(1) };
	char *s = state_string(t, obs, 3, NULL, row);
	CHECK_STR(s, "1:r2=-1; 1:r4=y+8; [x]=1;");

	/* ... and read back, in any order */
	value back[3];
	CHECK(state_parse(s, t, obs, 3, back, NULL, 0) == 0);
	for (int i = 0; i < 3; i++)
		CHECK(value_eq(back[i], row[i]));
	free(s);
	CHECK(state_parse("[x]=0x10;  1:r4=y; 1:r2=7;", t, obs, 3, back, NULL, 0) == 0);
	CHECK(value_eq(back[0], value_int(7)) && back[1].sym == litmus_sym(t, "y") && back[1].off == 0
	      && value_eq(back[2], value_int(16)));

	/* what it refuses, and why */
	char err[200];
	CHECK(state_parse("1:r2=1; [x]=1;", t, obs, 3, back, err, sizeof err) < 0);
	CHECK_STR(err, "no value for 1:r4");
	CHECK(state_parse("1:r2=1; 1:r2=1; 1:r4=0; [x]=1;", t, obs, 3, back, err, sizeof err) < 0);
	CHECK(strstr(err, "given twice") != NULL);
	CHECK(state_parse("0:r2=1; 1:r4=0; [x]=1;", t, obs, 3, back, err, sizeof err) < 0);
	CHECK(strstr(err, "not an observable") != NULL);
	CHECK(state_parse("1:r2=z; 1:r4=0; [x]=1;", t, obs, 3, back, err, sizeof err) < 0);
	CHECK(strstr(err, "bad value") != NULL);
	CHECK(state_parse("1:r2=1 1:r4=0; [x]=1;", t, obs, 3, back, err, sizeof err) < 0);
	CHECK(state_parse("x=1;", t, obs + 2, 1, back, err, sizeof err) < 0);

	/* every state the checker finds round-trips */
	char path[] = "/tmp/bpfmm-unit-stateXXXXXX";
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	CHECK(f != NULL);
	if (f) {
		fputs("\"everything\"\n", f);
		fclose(f);
		diag dm = { 0 };
		const char *inc[] = { NULL };
		cat_model *m = cat_model_load(path, inc, NULL, &dm);
		CHECK(m != NULL);
		cat_run *run = m ? cat_run_new(m, t->fe->tag_names, t->fe->ntags) : NULL;
		check_result res = { 0 };
		CHECK(run && check_test_opts(t, run, &(check_opts){ 0 }, &res, &d) == 0);
		CHECK(res.nstates == 2 && res.nobs == 3);   /* 1:r2=0 or 1 */
		value *got = xmalloc(sizeof(value) * (res.nobs + 1));
		for (int k = 0; k < res.nstates; k++) {
			const value *r = res.states + (size_t)k * res.nobs;
			char *st = state_string(t, res.obs, res.nobs, NULL, r);
			CHECK(st && state_parse(st, t, res.obs, res.nobs, got, NULL, 0) == 0);
			for (int i = 0; i < res.nobs; i++)
				CHECK(value_eq(got[i], r[i]));
			free(st);
		}
		free(got);
		check_result_free(&res);
		if (run)
			cat_run_free(run);
		if (m)
			cat_model_free(m);
		unlink(path);
	}
	litmus_free(t);
	return unit_done("state");
}
