/* model_load.c - load a cat model with the one include-path rule (see
 * model_load.h). */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>
#include "cmd/model_load.h"
#include "cat/model_dir.h"
#include "base/xalloc.h"

static bool readable(const char *p) { return p[0] && access(p, R_OK) == 0; }

/* DIR/NAME into path; false when it does not fit */
static bool join(char *path, size_t n, const char *dir, const char *name)
{
	return (size_t)snprintf(path, n, "%s/%s", dir, name) < n;
}

bool model_find(const char *name, bool cwd, const char *const *incdirs, int nincdirs,
		const char *mdir, char *path, size_t n)
{
	snprintf(path, n, "%s", name);
	if (strchr(name, '/') || (cwd && readable(path)))
		return readable(path);
	for (int i = 0; i < nincdirs; i++)
		if (join(path, n, incdirs[i], name) && readable(path))
			return true;
	return join(path, n, mdir, name) && readable(path);
}

cat_run *model_load(const model_spec *s, cat_model **mp, diag *d)
{
	char here[PATH_MAX], lib[PATH_MAX + 8], mbuf[MODEL_DIR_MAX];
	const char *mdir = s->mdir ? s->mdir : model_dir(mbuf);
	const char **inc = xmalloc(sizeof *inc * ((size_t)s->nincdirs + 4));
	int n = 0;

	snprintf(here, sizeof here, "%s", s->path);
	snprintf(lib, sizeof lib, "%s/lib", mdir);
	inc[n++] = dirname(here);
	for (int i = 0; i < s->nincdirs; i++)
		inc[n++] = s->incdirs[i];
	inc[n++] = lib;
	inc[n++] = mdir;
	inc[n] = NULL;
	d->file = s->path;   /* errors in the model are reported against it */
	*mp = cat_model_load(s->path, inc, s->variants, d);
	free(inc);
	return *mp ? cat_run_new(*mp, s->fe->tag_names, s->fe->ntags) : NULL;
}
