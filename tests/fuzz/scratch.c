/* scratch.c - one scratch file per process and suffix, rewritten for each
 * input (the loaders under test read paths, not memory). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fuzz.h"

static void cleanup(void);

static struct { const char *suffix; char path[64]; } files[4];
static int nfiles;

static void cleanup(void)
{
	for (int i = 0; i < nfiles; i++)
		unlink(files[i].path);
}

const char *fuzz_scratch(const uint8_t *data, size_t size, const char *suffix)
{
	int i;

	for (i = 0; i < nfiles && strcmp(files[i].suffix, suffix); i++)
		;
	if (i == nfiles) {
		if (nfiles == 4)
			return NULL;
		if (nfiles == 0)
			atexit(cleanup);
		const char *tmp = getenv("TMPDIR");
		files[i].suffix = suffix;
		snprintf(files[i].path, sizeof files[i].path, "%s/bpfmm-fuzz-%ld%s",
			 tmp && *tmp && strlen(tmp) < 32 ? tmp : "/tmp", (long)getpid(), suffix);
		nfiles++;
	}
	FILE *f = fopen(files[i].path, "wb");
	if (!f)
		return NULL;
	if (size && fwrite(data, 1, size, f) != size) {
		fclose(f);
		return NULL;
	}
	fclose(f);
	return files[i].path;
}
