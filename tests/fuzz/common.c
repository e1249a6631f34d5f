/* common.c - what the fuzz targets share: models loaded once per
 * front-end, and a quiet process. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz_common.h"
#include "cat/model_dir.h"

/* A model that every front-end's tags fit: sequential consistency. */
static const char sc_model[] = "\"fuzz SC\"\ninclude \"cos.cat\"\nacyclic po | rf | co | fr as sc\n";

void fuzz_incdirs(const char *inc[3])
{
	static char lib[4096], mbuf[MODEL_DIR_MAX];
	const char *mdir = model_dir(mbuf);
	snprintf(lib, sizeof lib, "%s/lib", mdir);
	inc[0] = lib;
	inc[1] = mdir;
	inc[2] = NULL;
}

static struct { const frontend *fe; cat_model *m; cat_run *run; } cache[32];
static int ncache;

cat_run *fuzz_run_for(const frontend *fe)
{
	for (int i = 0; i < ncache; i++)
		if (cache[i].fe == fe)
			return cache[i].run;
	if (ncache == 32)
		return NULL;
	const char *inc[3];
	char path[4200];
	fuzz_incdirs(inc);
	snprintf(path, sizeof path, "%s/%s", inc[1], fe->default_model ? fe->default_model : "");   /* the model directory */
	FILE *f = fe->default_model ? fopen(path, "r") : NULL;
	if (f)
		fclose(f);
	else {
		const char *p = fuzz_scratch((const uint8_t *)sc_model, sizeof sc_model - 1, ".sc.cat");
		if (!p)
			return NULL;
		snprintf(path, sizeof path, "%s", p);
	}
	diag d = { .file = path };
	cat_model *m = cat_model_load(path, inc, NULL, &d);
	if (!m) {
		diag_print(&d);
		abort();   /* a bundled model must load */
	}
	cache[ncache].fe = fe;
	cache[ncache].m = m;
	cache[ncache].run = cat_run_new(m, fe->tag_names, fe->ntags);
	return cache[ncache++].run;
}

void fuzz_quiet(void)
{
	if (!getenv("BPFMM_FUZZ_VERBOSE")) {
		if (!freopen("/dev/null", "w", stdout))
			abort();
	}
}
