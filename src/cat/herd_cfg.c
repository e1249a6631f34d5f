/* herd_cfg.c - herd7 configuration files (see herd_cfg.h). */
#include <ctype.h>
#include <stdbool.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cat/herd_cfg.h"
#include "base/xalloc.h"

/* Options that only change herd7's graphs or messages. */
static const char *const ignored[] = {
	"graph", "squished", "showevents", "movelabel", "fontsize", "xscale",
	"yscale", "arrowsize", "showinitrf", "showfinalrf", "showinitwrites",
	"splines", "pad", "edgeattr", "show", "nshow", "doshow", "unshow",
	"showlegend", "showkind", "shortlegend", "showthin", "texmacros",
	"dotmode", "dotcom", "condensed", "labelinit", "oneinit",
	"initpos", "finalpos", "showobserved", "edgemerge", "extrachars",
	"penwidth", "scale", "symetric", "showpo", "showfr", "showdetails",
	"showraw", "noshow", "showtoken", "showinitwrites", "showflag",
	"showfinalco", "showcutoff", "showlabel", "showpos", "gv", "evince",
	"o", "suffix", "verbose", "v", "q", "debug", "web", "dumplem",
	"cycles", "showsubjectivity", "fixed-size", "one", "dotheader",
};

/* Options that change which tests run or what they answer: a file may
 * give herd7's default (which changes nothing), any other value is
 * refused rather than ignored (NULL: no value is taken; bpfmm has its
 * own command-line option for some of them). */
static const struct {
	const char *key, *default_value;
} result_changing[] = {
	{ "through", "none" }, { "speedcheck", "false" }, { "timeout", NULL },
	{ "unroll", NULL }, { "names", NULL }, { "nonames", NULL },
	{ "excl", NULL }, { "rename", NULL }, { "kinds", NULL },
	{ "conds", NULL }, { "statelessrc11", "false" }, { "optace", NULL },
	{ "initwrites", NULL }, { "dumpes", "false" }, { "hexa", "false" },
};

static bool readable(const char *p) { return p[0] && access(p, R_OK) == 0; }

/* cwd first, then the cfg's directory; NULL if neither has it */
static char *resolve(const bpfmm_cfg *c, const char *name)
{
	char buf[PATH_MAX];

	if (readable(name))
		return xstrdup(name);
	if (name[0] != '/' && snprintf(buf, sizeof buf, "%s/%s", c->dir, name) < (int)sizeof buf &&
	    readable(buf))
		return xstrdup(buf);
	return NULL;
}

static int set_file(bpfmm_cfg *c, char **slot, const char *key, const char *arg,
		    srcpos pos, diag *d)
{
	char *p = resolve(c, arg);

	if (!p)
		return diag_error(d, pos, "%s file '%s' not found (looked in . and %s)", key, arg, c->dir);
	free(*slot);
	*slot = p;
	return 0;
}

int cfg_load(const char *path, bpfmm_cfg *c, diag *d)
{
	char line[4096];
	int lineno = 0;
	FILE *f;

	memset(c, 0, sizeof *c);
	d->file = path;
	f = fopen(path, "r");
	if (!f)
		return diag_error(d, (srcpos){ 0, 0 }, "cannot open configuration file");
	const char *slash = strrchr(path, '/');
	c->dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");

	while (fgets(line, sizeof line, f)) {
		char *s = line, *key, *arg, *e;
		lineno++;
		if (!strchr(line, '\n') && !feof(f)) {
			/* no option of herd7's is that long: not a .cfg file */
			fclose(f);
			return diag_error(d, (srcpos){ lineno, 1 }, "a line longer than %d bytes",
					  (int)sizeof line - 2);
		}
		if (lineno > 100000) {
			fclose(f);
			return diag_error(d, (srcpos){ lineno, 1 }, "more than 100000 lines: not a .cfg file");
		}
		while (isspace((unsigned char)*s))
			s++;
		if (!*s || *s == '#')
			continue;
		srcpos pos = { lineno, (int)(s - line) + 1 };
		if (*s == '-')  /* "-model x" is accepted too */
			s++;
		key = s;
		while (*s && !isspace((unsigned char)*s))
			s++;
		if (*s)
			*s++ = 0;
		while (isspace((unsigned char)*s))
			s++;
		arg = s;
		e = arg + strlen(arg);
		while (e > arg && isspace((unsigned char)e[-1]))
			*--e = 0;

		int rc = 0;
		if (!strcmp(key, "model") || !strcmp(key, "cat"))
			rc = set_file(c, &c->model, key, arg, pos, d);
		else if (!strcmp(key, "bell"))
			rc = set_file(c, &c->bell, key, arg, pos, d);
		else if (!strcmp(key, "macros")) {
			/* the C front-end has linux-kernel.def's table built in */
			const char *base = strrchr(arg, '/');
			base = base ? base + 1 : arg;
			if (strcmp(base, "linux-kernel.def") != 0)
				rc = diag_error(d, pos, "macros %s: bpfmm's C dialect has the macros of the kernel's "
						"linux-kernel.def built in and reads no other file", arg);
			else
				rc = set_file(c, &c->macros, key, arg, pos, d);
		}
		else if (!strcmp(key, "variant")) {
			/* herd7: a comma-separated list */
			for (char *v = strtok(arg, ", \t"); v; v = strtok(NULL, ", \t")) {
				if (c->nvariants == CFG_MAX_VARIANTS) {
					rc = diag_error(d, pos, "too many variants");
					break;
				}
				c->variants[c->nvariants++] = xstrdup(v);
			}
		} else {
			bool known = false;
			for (size_t i = 0; i < sizeof ignored / sizeof *ignored; i++)
				known |= !strcmp(key, ignored[i]);
			for (size_t i = 0; !known && i < sizeof result_changing / sizeof *result_changing; i++) {
				if (strcmp(key, result_changing[i].key))
					continue;
				known = true;
				const char *def = result_changing[i].default_value;
				if (!def || strcmp(arg, def))
					rc = diag_error(d, pos, "'%s %s' in a configuration file would change "
							"which tests run or what they answer, and bpfmm does not "
							"read it from one%s%s%s", key, arg,
							def ? " (only herd7's default is accepted: " : "",
							def ? def : "", def ? ")" : "; give bpfmm's option on the "
							"command line where it has one");
			}
			if (!known)
				rc = diag_error(d, pos, "unknown option '%s' in configuration file", key);
		}
		if (rc) {
			fclose(f);
			cfg_free(c);
			return -1;
		}
	}
	fclose(f);
	return 0;
}

int cfg_check_bell(const bpfmm_cfg *c, const char *model_path, diag *d)
{
	return c->bell ? cfg_check_bell_file(c->bell, model_path, d) : 0;
}

int cfg_check_bell_file(const char *bell, const char *model_path, diag *d)
{
	char want[PATH_MAX], a[PATH_MAX], b[PATH_MAX];
	size_t n = strlen(model_path);

	if (n > 4 && !strcmp(model_path + n - 4, ".cat") &&
	    snprintf(want, sizeof want, "%.*s.bell", (int)(n - 4), model_path) < (int)sizeof want &&
	    realpath(want, a) && realpath(bell, b) && !strcmp(a, b))
		return 0;
	return diag_error(d, (srcpos){ 0, 0 },
			  "bell file %s: bpfmm runs the .bell next to the model with the same "
			  "base name (%s), not another one", bell, model_path);
}

void cfg_free(bpfmm_cfg *c)
{
	free(c->dir);
	free(c->model);
	free(c->bell);
	free(c->macros);
	for (int i = 0; i < c->nvariants; i++)
		free(c->variants[i]);
	memset(c, 0, sizeof *c);
}
