/* outdir.c - output folders and file names (outdir.h). */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include "kit/outdir.h"

static void who(const char *cmd)
{
	fprintf(stderr, "bpfmm%s%s: ", cmd ? " " : "", cmd ? cmd : "");
}

int outdir_prepare(const char *dir, const char *cmd, const char *option)
{
	char path[PATH_MAX];
	struct stat st;

	if (!dir[0] || strlen(dir) >= sizeof path) {
		who(cmd);
		fprintf(stderr, "%s '%s': not a usable folder name\n", option, dir);
		return 2;
	}
	strcpy(path, dir);
	/* create each missing component, parents first */
	for (char *p = path + 1;; p++) {
		if (*p && *p != '/')
			continue;
		char c = *p;
		*p = '\0';
		if (mkdir(path, 0777) < 0 && errno != EEXIST) {
			who(cmd);
			fprintf(stderr, "%s %s: cannot create %s: %s\n", option, dir, path, strerror(errno));
			return 2;
		}
		*p = c;
		if (!c)
			break;
	}
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		who(cmd);
		fprintf(stderr, "%s %s: not a folder\n", option, dir);
		return 2;
	}
	return 0;
}

void outdir_stem(const char *name, char *out, size_t n)
{
	size_t len = strlen(name), k = 0;

	if (len > 7 && !strcmp(name + len - 7, ".litmus"))
		len -= 7;
	for (size_t i = 0; i < len && k + 1 < n; i++) {
		char c = name[i];
		bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
			    || strchr("+-._=,", c);
		out[k++] = keep ? c : '_';
	}
	out[k] = '\0';
	if (!strcmp(out, ".") || !strcmp(out, "..") || !k)
		snprintf(out, n, "_");
}

FILE *outdir_open(const char *dir, const char *stem, const char *suffix, const char *cmd)
{
	char path[PATH_MAX];
	int len = snprintf(path, sizeof path, "%s/%s.%s", dir, stem, suffix);
	FILE *f = len > 0 && (size_t)len < sizeof path ? fopen(path, "w") : NULL;

	if (!f) {
		who(cmd);
		fprintf(stderr, "cannot write %s/%s.%s: %s\n", dir, stem, suffix,
			len > 0 && (size_t)len < sizeof path ? strerror(errno) : "path too long");
	}
	return f;
}

int outdir_close(FILE *f, const char *dir, const char *stem, const char *suffix, const char *cmd)
{
	bool bad = ferror(f);

	if (fclose(f) != 0 || bad) {
		who(cmd);
		fprintf(stderr, "cannot write %s/%s.%s: %s\n", dir, stem, suffix, strerror(errno));
		return 1;
	}
	return 0;
}
