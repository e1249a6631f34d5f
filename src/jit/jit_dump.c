/* jit_dump.c - the dump `bpfmm jit-check` reads (jit_dump.h): the
 * runner's lines, and bpftool's images named by its hold lines. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include "jit/jit_dump.h"
#include "jit/jit_bpftool.h"
#include "base/infile.h"
#include "base/xalloc.h"

_Static_assert(RUN_MAX_LINE >= 2 * BT_MAX_IMAGE + 64, "a jit line of the largest bpftool image fits");

/* One "jit TEST T HEX" line (after the "bpfmm-run: " prefix); 0 if it is
 * one, -1 (with why) if it is malformed. */
int jit_parse_line(const char *l, char **test, int *thread, unsigned char **code, size_t *len,
		   const char **why)
{
	const char *p = l + 4, *sp;
	char *end;

	*code = NULL;
	*test = NULL;
	sp = strchr(p, ' ');
	if (!sp || sp == p) {
		*why = "no test name";
		return -1;
	}
	errno = 0;
	long t = strtol(sp + 1, &end, 10);
	if (end == sp + 1 || *end != ' ' || errno || t < 0 || t > 63) {
		*why = "bad thread number";
		return -1;
	}
	const char *h = end + 1;
	size_t n = strlen(h);
	while (n && (h[n - 1] == '\r' || h[n - 1] == ' '))
		n--;
	if (n == 0 || n % 2 || n > 2 * 65536) {
		*why = n > 2 * 65536 ? "image too long" : "odd or empty hex image";
		return -1;
	}
	unsigned char *c = xmalloc(n / 2 + 1);
	for (size_t i = 0; i < n / 2; i++) {
		int a = bt_hexdigit((unsigned char)h[2 * i]), b = bt_hexdigit((unsigned char)h[2 * i + 1]);
		if (a < 0 || b < 0) {
			free(c);
			*why = "not a hex image (the JIT's code was not dumped)";
			return -1;
		}
		c[i] = (unsigned char)(a * 16 + b);
	}
	*test = xstrndup(p, (size_t)(sp - p));
	*thread = (int)t;
	*code = c;
	*len = n / 2;
	return 0;
}

/* The last "ksym TEST T ADDR" line of d for thread th of test: the
 * address mod 2^28, or -1. */
static long ksym_of(const dump *d, const char *test, int th)
{
	size_t tl = strlen(test);

	for (int k = d->nksyms - 1; k >= 0; k--) {
		const char *q = d->ksyms[k];
		char *e1, *e2;
		if (strncmp(q, test, tl) || q[tl] != ' ')
			continue;
		long t = strtol(q + tl + 1, &e1, 10);
		unsigned long long ad = strtoull(e1, &e2, 16);
		if (e1 != q + tl + 1 && e2 != e1 && !*e2 && t == th)
			return (long)(ad & 0xfffffffULL);
	}
	return -1;
}

/* Room for one more of a dump's lines of kind what (at most
 * JC_MAX_ITEMS); false (said once) past that. */
static bool dump_room(dump *d, int have, const char *path, long lineno, const char *what)
{
	if (have < JC_MAX_ITEMS)
		return true;
	if (have == JC_MAX_ITEMS)
		fprintf(stderr, "%s:%ld:1: error: more than %d %s lines; the rest are not read\n", path, lineno,
			JC_MAX_ITEMS, what);
	d->nerr++;
	return false;
}

/* One "bpfmm-run: " line p of the dump (line lineno, p at column col). */
static void dump_line(dump *d, const char *path, long lineno, int col, char *p)
{
	const char *why;

	d->nrun++;
	if (!strncmp(p, "unsupported ", 12) && dump_room(d, d->nunsupported, path, lineno, "unsupported")) {
		d->unsupported = xrealloc(d->unsupported, sizeof *d->unsupported * (d->nunsupported + 1));
		d->unsupported[d->nunsupported++] = xstrdup(p + 12);
	}
	if (!strncmp(p, "ksym ", 5) && dump_room(d, d->nksyms, path, lineno, "ksym")) {
		d->ksyms = xrealloc(d->ksyms, sizeof *d->ksyms * (d->nksyms + 1));
		d->ksyms[d->nksyms++] = xstrdup(p + 5);
	}
	if (!strncmp(p, "hold ", 5) && dump_room(d, d->nholds, path, lineno, "hold")) {
		held h;
		if (bt_parse_hold(p, &h.test, &h.thread, &h.id, &h.name, &why) < 0) {
			fprintf(stderr, "%s:%ld:%d: error: bad hold line: %s\n", path, lineno, col, why);
			d->nerr++;
			return;
		}
		d->holds = xrealloc(d->holds, sizeof *d->holds * (d->nholds + 1));
		d->holds[d->nholds++] = h;
	}
	if (strncmp(p, "jit ", 4) || !dump_room(d, d->n, path, lineno, "jit"))
		return;
	image im = { 0 };
	if (jit_parse_line(p, &im.test, &im.thread, &im.code, &im.len, &why) < 0) {
		fprintf(stderr, "%s:%ld:%d: error: bad jit line: %s\n", path, lineno, col, why);
		d->nerr++;
		return;
	}
	for (int k = 0; k < d->n; k++)
		if (d->v[k].thread == im.thread && !strcmp(d->v[k].test, im.test)) {
			/* the runner dumps each program once: which one is it? */
			fprintf(stderr, "%s:%ld:%d: error: a second image of %s thread %d (the first at line "
				"%ld)\n", path, lineno, col, im.test, im.thread, d->v[k].line);
			d->nerr++;
			d->v[k].bad = true;
			free(im.test);
			free(im.code);
			return;
		}
	/* the last "ksym" line of this image, if any */
	im.ksym28 = ksym_of(d, im.test, im.thread);
	im.line = lineno;
	d->v = xrealloc(d->v, sizeof *d->v * (d->n + 1));
	d->v[d->n++] = im;
}

/* The console log path: its "bpfmm-run: " lines into d; -1 (said) if it
 * cannot be read.  Lines are read into a buffer of JC_MAX_LINE bytes (a
 * longer one is an error if it is the runner's), the file up to
 * JC_MAX_DUMP bytes. */
int read_dump_stream(FILE *f, const char *path, dump *d)
{
	char *line = xmalloc(JC_MAX_LINE + 1);
	long lineno = 0, total = 0, n;
	const char *pre = "bpfmm-run: ";
	bool whole;
	int rc = 0;

	while ((n = line_read(f, line, JC_MAX_LINE, &whole, JC_MAX_DUMP - total)) >= 0) {
		char *p = strstr(line, pre);
		lineno++;
		total += n;
		if (!whole && p) {
			fprintf(stderr, "%s:%ld:1: error: a line longer than %d bytes (no JIT image is "
				"that long)\n", path, lineno, JC_MAX_LINE);
			d->nerr++;
		} else if (p) {
			int col = (int)(p - line) + (int)strlen(pre) + 1;
			p += strlen(pre);
			p[strcspn(p, "\r")] = '\0';
			dump_line(d, path, lineno, col, p);
		}
		if (total >= JC_MAX_DUMP) {
			fprintf(stderr, "%s:%ld:1: error: the dump is larger than %ld MiB, more than any "
				"`bpfmm run` console; not read further\n", path, lineno, JC_MAX_DUMP >> 20);
			d->nerr++;
			break;
		}
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: error: cannot read the dump: %s\n", path, strerror(errno));
		rc = -1;
	}
	free(line);
	return rc;
}

int read_dump(const char *path, dump *d)
{
	FILE *f = fopen(path, "r");

	memset(d, 0, sizeof *d);
	if (!f) {
		fprintf(stderr, "%s: error: cannot read the dump: %s\n", path, strerror(errno));
		return -1;
	}
	int rc = read_dump_stream(f, path, d);
	fclose(f);
	return rc;
}

/* ---- images from bpftool (jit_bpftool.h) ------------------------------------- */

/* The file name of path without its directory and from its first '.' on. */
static char *file_stem(const char *path)
{
	const char *b = strrchr(path, '/');

	b = b ? b + 1 : path;
	return xstrndup(b, strcspn(b, "."));
}

/* The hold line of the program named name (or whose id is name). */
static const held *held_by_name(const dump *d, const char *name)
{
	char idtext[32];

	for (int k = 0; k < d->nholds; k++) {
		snprintf(idtext, sizeof idtext, "%lu", d->holds[k].id);
		if (!strcmp(d->holds[k].name, name) || !strcmp(idtext, name))
			return &d->holds[k];
	}
	return NULL;
}

/* Image im of file path (one of n in it) as the code of the program its
 * name or the file's names; 0, or 1 (said). */
static int add_bpftool_image(dump *d, const char *dumpf, const char *path, bt_image *im, int n)
{
	char *stem = file_stem(path);
	const char *name = im->name ? im->name : stem;
	const held *h = NULL;
	int rc = 1;
	char where[PATH_MAX + 32];

	if (im->line > 0)
		snprintf(where, sizeof where, "%s:%ld:%d", path, im->line, im->col);
	else
		snprintf(where, sizeof where, "%s", path);   /* a raw image: the whole file */

	if (!im->name && n > 1)
		fprintf(stderr, "%s: error: which program? bpftool's header does not name it "
			"(bpf_prog_TAG_NAME) and the file holds %d images\n", where, n);
	else if (!(h = held_by_name(d, name)))
		fprintf(stderr, "%s: error: no program '%s' in the hold lines of %s "
			"(`bpfrun --hold` names each program it keeps loaded)\n", where,
			name, dumpf);
	else
		rc = 0;
	free(stem);
	if (rc)
		return rc;
	image *old = NULL;
	for (int k = 0; k < d->n; k++)
		if (d->v[k].thread == h->thread && !strcmp(d->v[k].test, h->test))
			old = &d->v[k];
	if (old && old->from) {
		fprintf(stderr, "%s: error: a second image of %s thread %d (the first from %s)\n", where, h->test, h->thread, old->from);
		return 1;
	}
	if (old && (old->len != im->len || memcmp(old->code, im->code, im->len))) {
		fprintf(stderr, "%s: error: the image of %s thread %d differs from the runner's jit "
			"line (%s:%ld); judged: bpftool's\n", where, h->test, h->thread, dumpf,
			old->line);
		rc = 1;
	}
	if (!old) {
		d->v = xrealloc(d->v, sizeof *d->v * (d->n + 1));
		old = &d->v[d->n++];
		*old = (image){ .test = xstrdup(h->test), .thread = h->thread,
				.ksym28 = ksym_of(d, h->test, h->thread) };
	}
	free(old->code);
	old->code = im->code;
	old->len = im->len;
	old->from = xstrdup(path);
	old->line = im->line;
	old->col = im->col;
	im->code = NULL;
	return rc;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files of bpftool's output to read: path, or the files of the
 * directory path (not those starting with '.'), in name order. */
static char **bpftool_files(const char *path, int *n)
{
	struct stat st;
	char **v = NULL;
	DIR *dir;
	struct dirent *e;

	*n = 0;
	if (stat(path, &st) < 0 || !S_ISDIR(st.st_mode) || !(dir = opendir(path))) {
		v = xmalloc(sizeof *v);
		v[(*n)++] = xstrdup(path);
		return v;
	}
	while ((e = readdir(dir)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		size_t l = strlen(path) + strlen(e->d_name) + 2;
		char *f = xmalloc(l);
		snprintf(f, l, "%s/%s", path, e->d_name);
		if (stat(f, &st) < 0 || !S_ISREG(st.st_mode)) {
			free(f);
			continue;
		}
		v = xrealloc(v, sizeof *v * (size_t)(*n + 1));
		v[(*n)++] = f;
	}
	closedir(dir);
	if (*n)
		qsort(v, (size_t)*n, sizeof *v, cmp_str);
	else
		fprintf(stderr, "%s: error: no file in the directory\n", path);
	return v;
}

/* Every image of the --bpftool / --image inputs into d; the number of
 * errors (said). */
int jit_read_bpftool(dump *d, const char *dumpf, const char *const *paths, const bool *raw, int npaths)
{
	int nerr = 0;

	for (int i = 0; i < npaths; i++) {
		int nf;
		char **files = bpftool_files(paths[i], &nf);
		nerr += nf == 0;
		for (int k = 0; k < nf; k++) {
			bt_images b = { 0 };
			nerr += bt_read_file(files[k], raw[i], &b, stderr);
			for (int j = 0; j < b.n; j++)
				nerr += add_bpftool_image(d, dumpf, files[k], &b.v[j], b.n);
			bt_free(&b);
			free(files[k]);
		}
		free(files);
	}
	return nerr;
}

void jit_dump_free(dump *d)
{
	for (int i = 0; i < d->n; i++) {
		free(d->v[i].test);
		free(d->v[i].code);
		free(d->v[i].from);
	}
	for (int i = 0; i < d->nunsupported; i++)
		free(d->unsupported[i]);
	free(d->unsupported);
	for (int i = 0; i < d->nksyms; i++)
		free(d->ksyms[i]);
	free(d->ksyms);
	for (int i = 0; i < d->nholds; i++) {
		free(d->holds[i].test);
		free(d->holds[i].name);
	}
	free(d->holds);
	free(d->v);
}

/* Where image im came from, for messages: "DUMP:LINE:COL" (a jit line),
 * "FILE:LINE:COL" (bpftool's text or JSON) or "FILE" (a raw image). */
void jit_img_where(const image *im, const char *dumpf, char *buf, size_t n)
{
	if (im->from && im->line <= 0)
		snprintf(buf, n, "%s", im->from);
	else if (im->from)
		snprintf(buf, n, "%s:%ld:%d", im->from, im->line, im->col > 0 ? im->col : 1);
	else
		snprintf(buf, n, "%s:%ld:%d", dumpf, im->line, im->col > 0 ? im->col : 1);
}
