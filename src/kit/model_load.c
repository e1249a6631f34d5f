/* model_load.c - load a cat model with the one include-path rule (see
 * model_load.h). */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>
#include "kit/model_load.h"
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

/* A variant the model never tests would change nothing, silently: most
 * likely a typo, or a variant of another model. herd7 refuses a variant
 * it does not know (exit 2); here the model says what it knows. The
 * execution stage reads `mixed` itself (docs/mixed-size.md), whatever
 * the model. */
static int unknown_variant(const model_spec *s, const cat_model *m, diag *d)
{
	const char *known[32];
	int n = cat_model_variants(m, known, 32);

	for (int i = 0; s->variants && s->variants[i]; i++) {
		const char *v = s->variants[i];
		bool found = !strcmp(v, "mixed");
		for (int k = 0; k < n && k < 32 && !found; k++)
			found = !strcmp(known[k], v);
		if (found)
			continue;
		char list[512] = "";
		size_t len = 0;
		for (int k = 0; k < n && k < 32 && len < sizeof list; k++)
			len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", k ? ", " : "", known[k]);
		return diag_error(d, (srcpos){ 0, 0 },
				  "variant '%s' is tested nowhere in this model, so it would change "
				  "nothing (%s%s%s)", v, n ? "the model's variants: " :
				  "the model tests no variant; mixed is always taken", list, n > 32 ? ", ..." : "");
	}
	return 0;
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
	if (*mp && unknown_variant(s, *mp, d) < 0) {
		cat_model_free(*mp);
		*mp = NULL;
	}
	return *mp ? cat_run_new(*mp, s->fe->tag_names, s->fe->ntags) : NULL;
}
