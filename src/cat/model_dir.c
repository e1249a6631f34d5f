/* model_dir.c - find the directory of the bundled cat models: the
 * environment, next to the executable, or the install prefix (model_dir.h). */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cat/model_dir.h"

#ifndef BPFMM_MODELDIR
#define BPFMM_MODELDIR "/usr/local/share/bpfmm/models"
#endif

const char *model_dir(char *dir)
{
	char exe[PATH_MAX], probe[PATH_MAX + 32];
	const char *env = getenv("BPFMM_MODELDIR");

	if (env && *env)
		return env;
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len > 0) {
		exe[len] = 0;
		char *d = dirname(exe);
		static const char *const rel[] = { "../models", "../share/bpfmm/models" };
		for (int i = 0; i < 2; i++) {
			snprintf(dir, MODEL_DIR_MAX, "%s/%s", d, rel[i]);
			snprintf(probe, sizeof probe, "%s/lib/stdlib.cat", dir);
			if (access(probe, R_OK) == 0) {
				/* name it without "build/..": messages print it */
				char real[PATH_MAX];
				if (realpath(dir, real) && strlen(real) < MODEL_DIR_MAX)
					memcpy(dir, real, strlen(real) + 1);
				return dir;
			}
		}
	}
	return BPFMM_MODELDIR;
}
