/* lkmm_common.c - helpers shared by c2bpf.c and lkmm_map.c (see
 * lkmm_common.h). */
#include <glob.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lkmm_common.h"

#ifndef BPFMM_MODELDIR
#define BPFMM_MODELDIR "/usr/local/share/bpfmm/models"
#endif

/* ---- growing strings ---------------------------------------------------- */

void sb_printf(sbuf *b, const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0)
		return;
	if (b->n + len + 1 > b->cap) {
		b->cap = (b->n + len + 1) * 2;
		b->s = realloc(b->s, b->cap);
		if (!b->s)
			abort();
	}
	va_start(ap, fmt);
	vsnprintf(b->s + b->n, len + 1, fmt, ap);
	va_end(ap);
	b->n += len;
}

bool lk_has_tag(const litmus_test *t, tagmask m, const char *name)
{
	for (int i = 0; i < t->fe->ntags; i++)
		if ((m >> i & 1) && !strcmp(t->fe->tag_names[i], name))
			return true;
	return false;
}

/* RCU, SRCU, locks: refused with the family's name */
const char *lk_unsupported_family(const litmus_test *t, tagmask m)
{
	static const struct { const char *tag, *family; } fam[] = {
		{ "Rcu-lock", "RCU" }, { "Rcu-unlock", "RCU" }, { "Sync-rcu", "RCU" },
		{ "Srcu-lock", "SRCU" }, { "Srcu-unlock", "SRCU" }, { "Sync-srcu", "SRCU" },
		{ "After-srcu-read-unlock", "SRCU" },
		{ "LKR", "locks" }, { "LKW", "locks" }, { "UL", "locks" }, { "LF", "locks" },
		{ "RL", "locks" }, { "RU", "locks" }, { "After-spinlock", "locks" },
		{ "After-unlock-lock", "locks" },
	};
	for (size_t i = 0; i < sizeof fam / sizeof *fam; i++)
		if (lk_has_tag(t, m, fam[i].tag))
			return fam[i].family;
	return NULL;
}

static bool readable(const char *p) { return p[0] && access(p, R_OK) == 0; }

const char *lk_model_dir(void)
{
	static char dir[PATH_MAX];
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
			snprintf(dir, sizeof dir, "%s/%s", d, rel[i]);
			snprintf(probe, sizeof probe, "%s/lib/stdlib.cat", dir);
			if (readable(probe))
				return dir;
		}
	}
	return BPFMM_MODELDIR;
}

/* The kernel's tools/memory-model: -I, $LKMM_DIR, ., the conformance cache. */
const char *lk_lkmm_dir(const char *opt)
{
	static char dir[PATH_MAX];
	char probe[PATH_MAX + 32];
	const char *home = getenv("HOME");

	if (opt)
		return opt;
	if (getenv("LKMM_DIR") && *getenv("LKMM_DIR"))
		return getenv("LKMM_DIR");
	if (readable("linux-kernel.cat"))
		return ".";
	if (home) {
		glob_t g = { 0 };
		snprintf(probe, sizeof probe, "%s/.cache/bpfmm-lkmm/*/tools/memory-model/linux-kernel.cat", home);
		if (glob(probe, 0, NULL, &g) == 0 && g.gl_pathc > 0) {
			snprintf(dir, sizeof dir, "%s", g.gl_pathv[0]);
			*strrchr(dir, '/') = 0;
			globfree(&g);
			return dir;
		}
		globfree(&g);
	}
	return NULL;
}

cat_run *lk_load_model(const char *path, const char *extra, const frontend *fe, cat_model **mp, diag *d)
{
	char here[PATH_MAX], lib[PATH_MAX + 8];
	const char *mdir = lk_model_dir();
	const char *inc[5];
	int n = 0;

	snprintf(here, sizeof here, "%s", path);
	snprintf(lib, sizeof lib, "%s/lib", mdir);
	inc[n++] = dirname(here);
	if (extra)
		inc[n++] = extra;
	inc[n++] = lib;
	inc[n++] = mdir;
	inc[n] = NULL;
	d->file = path;
	*mp = cat_model_load(path, inc, NULL, d);
	return *mp ? cat_run_new(*mp, fe->tag_names, fe->ntags) : NULL;
}

bool lk_same_value(const litmus_test *ta, value a, const litmus_test *tb, value b)
{
	if ((a.sym < 0) != (b.sym < 0) || a.off != b.off)
		return false;
	return a.sym < 0 || !strcmp(ta->syms[a.sym], tb->syms[b.sym]);
}

