/* diff_models.c - bpfmm diff-models: run two BPF models on the same tests,
 * print the tests whose sets of final states differ, and shrink each one
 * while the difference stays (docs/diy.md). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "base/xalloc.h"
#include "cmd/diff_models.h"
#include "cmd/diy.h"
#include "litmus/litmus_read.h"
#include "litmus/state.h"
#include "cmd/lkmm_common.h"
#include "kit/model_load.h"
#include "kit/options.h"
#include "kit/outdir.h"
#include "kit/output.h"
#include "exec/check.h"

typedef struct {
	const char *a_path, *b_path;
	const char *emit_dir;
	bool first;           /* stop after the first difference */
	bool minimise;
	bool verbose;         /* a line per test */
	bool json;            /* -json: one JSON object per test, and a summary */
	long budget;
	cat_run *a, *b;
	long ntests, ndiff, nerr;
	bool stop;
} dm;

/* ---- checking one test under both models ------------------------------ */

typedef enum { CMP_SAME, CMP_DIFF, CMP_ERROR } cmp;

static bool same_row(const litmus_test *t, const value *x, const value *y, int n)
{
	for (int k = 0; k < n; k++)
		if (!lk_same_value(t, x[k], t, y[k]))
			return false;
	return true;
}

static bool has_row(const litmus_test *t, const check_result *r, const value *row)
{
	for (int s = 0; s < r->nstates; s++)
		if (same_row(t, r->states + (size_t)s * r->nobs, row, r->nobs))
			return true;
	return false;
}

/* States only in x (not in y), printed when f is not NULL (a line each,
 * or with json the JSON field ,"only_LABEL":[...]); their count. */
static int only_in(FILE *f, bool json, const char *label, const litmus_test *t, const check_result *x,
		   const check_result *y)
{
	int n = 0;
	if (f && json)
		fprintf(f, ",\"only_%s\":[", label);
	for (int s = 0; s < x->nstates; s++) {
		const value *row = x->states + (size_t)s * x->nobs;
		if (has_row(t, y, row))
			continue;
		if (f && json) {
			if (n)
				fputc(',', f);
			json_state(f, t, x->obs, x->nobs, NULL, row);
		} else if (f) {
			fprintf(f, "  only %s: ", label);
			state_print(f, t, x->obs, x->nobs, NULL, row);   /* state.h */
			fprintf(f, "\n");
		}
		n++;
	}
	if (f && json)
		fputc(']', f);
	return n;
}

/* Check text under both models; print the difference to f when not NULL. */
static cmp compare(dm *o, const char *name, const char *text, FILE *f, int *na, int *nb, char *err, size_t errn)
{
	diag d = { .file = name };
	litmus_test *t = litmus_read_string(text, name, frontend_for_arch, &d);
	check_result ra = { 0 }, rb = { 0 };
	cmp c = CMP_ERROR;

	if (err)
		err[0] = 0;
	if (!t) {
		if (err)
			snprintf(err, errn, "%d:%d: %s", d.pos.line, d.pos.col, d.msg);
		return CMP_ERROR;
	}
	if (strcmp(t->arch, "BPF")) {
		if (err)
			snprintf(err, errn, "not a BPF test (%s)", t->arch);
		goto out;
	}
	check_opts oa = check_defaults(o->a, o->budget), ob = check_defaults(o->b, o->budget);
	if (check_test_opts(t, o->a, &oa, &ra, &d) < 0 || check_test_opts(t, o->b, &ob, &rb, &d) < 0) {
		if (err)
			snprintf(err, errn, "%s", d.msg);
		goto out;
	}
	if (ra.nobs != rb.nobs)
		goto out;
	int a = only_in(NULL, false, "", t, &ra, &rb), b = only_in(NULL, false, "", t, &rb, &ra);
	if (na)
		*na = a;
	if (nb)
		*nb = b;
	c = a || b ? CMP_DIFF : CMP_SAME;
	if (f && c == CMP_DIFF) {
		only_in(f, o->json, o->json ? "a" : "A", t, &ra, &rb);
		only_in(f, o->json, o->json ? "b" : "B", t, &rb, &ra);
	}
out:
	check_result_free(&ra);
	check_result_free(&rb);
	litmus_free(t);
	return c;
}

/* ---- the test as editable text ---------------------------------------- */

#define MAXT 8
#define MAXROWS 128

typedef struct {
	char *head;              /* "BPF NAME" and comments before the init block */
	char *init[128];         /* init entries, without ';' */
	int ninit;
	int nthreads, nrows;
	char *cell[MAXROWS][MAXT];
	char *locations;         /* "locations [...]" line or NULL */
	char *quant;             /* exists, ~exists, forall */
	char *atoms[64];         /* condition as a conjunction of atoms */
	int natoms;
	char *cond;              /* the condition when it is not a conjunction */
	char *filter;            /* "filter ..." or NULL (kept as is) */
} ltext;

static char *dupn(const char *s, size_t n)
{
	char *r = xmalloc(n + 1);
	memcpy(r, s, n);
	r[n] = 0;
	return r;
}

static char *trim(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
		n--;
	return dupn(s, n);
}

static void lt_free(ltext *l)
{
	free(l->head);
	for (int i = 0; i < l->ninit; i++)
		free(l->init[i]);
	for (int r = 0; r < l->nrows; r++)
		for (int t = 0; t < l->nthreads; t++)
			free(l->cell[r][t]);
	free(l->locations);
	free(l->quant);
	for (int i = 0; i < l->natoms; i++)
		free(l->atoms[i]);
	free(l->cond);
	free(l->filter);
	memset(l, 0, sizeof *l);
}

/* Split a condition into atoms joined by /\ (outer parentheses dropped);
 * false when it has other connectives. */
static bool split_atoms(ltext *l, const char *c)
{
	char *s = trim(c, strlen(c));
	size_t n = strlen(s);
	while (n >= 2 && s[0] == '(' && s[n - 1] == ')') {
		int depth = 0;
		bool whole = true;
		for (size_t i = 0; i < n; i++) {
			depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
			if (depth == 0 && i + 1 < n)
				whole = false;
		}
		if (!whole)
			break;
		memmove(s, s + 1, n - 2);
		s[n - 2] = 0;
		char *u = trim(s, strlen(s));
		free(s);
		s = u;
		n = strlen(s);
	}
	if (strstr(s, "\\/") || strchr(s, '~') || strchr(s, '(') || strstr(s, "=>") || strstr(s, "true") || strstr(s, "false")) {
		free(s);
		return false;
	}
	const char *p = s;
	while (*p) {
		const char *q = strstr(p, "/\\");
		size_t len = q ? (size_t)(q - p) : strlen(p);
		if (l->natoms == 64) {
			free(s);
			return false;
		}
		l->atoms[l->natoms++] = trim(p, len);
		p = q ? q + 2 : p + len;
	}
	free(s);
	return l->natoms > 0;
}

/* The head (up to the init block's '{', the first outside (* comments *))
 * and the init entries into l; the closing '}', or NULL. */
static const char *lt_init_block(const char *text, ltext *l)
{
	const char *p = text, *open = NULL;
	int com = 0;

	for (; *p; p++) {
		if (p[0] == '(' && p[1] == '*') {
			com++;
			p++;
		} else if (com && p[0] == '*' && p[1] == ')') {
			com--;
			p++;
		} else if (!com && *p == '{') {
			open = p;
			break;
		}
	}
	if (!open)
		return NULL;
	const char *close = strchr(open, '}');
	if (!close)
		return NULL;
	l->head = trim(text, (size_t)(open - text));
	for (const char *q = open + 1; q < close;) {
		const char *e = q;
		while (e < close && *e != ';')
			e++;
		char *ent = trim(q, (size_t)(e - q));
		if (*ent && l->ninit < 128)
			l->init[l->ninit++] = ent;
		else
			free(ent);
		q = e < close ? e + 1 : e;
	}
	return close;
}

/* One grid row (line, its ';' dropped): the first is the header (it sets
 * the number of threads), the others rows of cells; false when it does
 * not fit. */
static bool lt_grid_row(ltext *l, char *line, bool *header)
{
	char *cells[MAXT + 1];
	int nc = 0;
	char *s = line;

	for (;;) {
		char *bar = strchr(s, '|');
		if (nc > MAXT)
			return false;
		cells[nc++] = trim(s, bar ? (size_t)(bar - s) : strlen(s));
		if (!bar)
			break;
		s = bar + 1;
	}
	if (!*header) {
		*header = true;
		l->nthreads = nc;
	} else if (nc == l->nthreads && l->nrows < MAXROWS) {
		for (int k = 0; k < nc; k++)
			l->cell[l->nrows][k] = cells[k];
		l->nrows++;
		return true;
	} else {
		for (int k = 0; k < nc; k++)
			free(cells[k]);
		return false;
	}
	for (int k = 0; k < nc; k++)
		free(cells[k]);
	return true;
}

/* The final condition c (after the grid, locations and filter) into
 * quant and atoms, or quant and cond when it is not a conjunction. */
static bool lt_condition(ltext *l, const char *c)
{
	static const char *const qs[] = { "~exists", "exists", "forall" };

	for (int k = 0; k < 3; k++)
		if (!strncmp(c, qs[k], strlen(qs[k]))) {
			l->quant = xstrdup(qs[k]);
			if (!split_atoms(l, c + strlen(qs[k]))) {
				for (int i = 0; i < l->natoms; i++)
					free(l->atoms[i]);
				l->natoms = 0;
				l->cond = xstrdup(c + strlen(qs[k]));
			}
			break;
		}
	return l->quant != NULL;
}

/* A litmus test's text into its parts (for minimising); false when it
 * does not have the usual shape. */
static bool lt_parse(const char *text, ltext *l)
{
	memset(l, 0, sizeof *l);
	const char *p = lt_init_block(text, l);
	if (!p)
		return false;
	/* grid: lines ending with ';' after the init block */
	p++;
	bool header = false, after = false;   /* grid header seen; a line after the grid seen */
	sbuf trail = { 0 };
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char *line = trim(p, len);
		p = e ? e + 1 : p + len;
		size_t ln = strlen(line);
		if (!after && ln && line[ln - 1] == ';' && strncmp(line, "locations", 9) && strncmp(line, "filter", 6)) {
			line[ln - 1] = 0;
			bool fits = lt_grid_row(l, line, &header);
			free(line);
			if (!fits) {
				free(trail.s);
				return false;
			}
			continue;
		}
		if (!strncmp(line, "locations", 9))
			l->locations = xstrdup(line);
		else if (!strncmp(line, "filter", 6))
			l->filter = xstrdup(line);
		else if (ln && header)
			sb_printf(&trail, "%s ", line);
		if (header && ln)
			after = true;
		free(line);
	}
	if (!header || !trail.s) {
		free(trail.s);
		return false;
	}
	char *c = trim(trail.s, strlen(trail.s));
	free(trail.s);
	bool ok = lt_condition(l, c);
	free(c);
	return ok;
}

static char *lt_text(const ltext *l)
{
	sbuf b = { 0 };
	sb_printf(&b, "%s\n{\n", l->head);
	for (int i = 0; i < l->ninit; i++)
		sb_printf(&b, "%s;%s", l->init[i], i + 1 < l->ninit ? " " : "\n");
	sb_printf(&b, "}\n");
	int w[MAXT];
	for (int t = 0; t < l->nthreads; t++) {
		w[t] = 3;
		for (int r = 0; r < l->nrows; r++)
			if ((int)strlen(l->cell[r][t]) > w[t])
				w[t] = (int)strlen(l->cell[r][t]);
	}
	for (int r = -1; r < l->nrows; r++) {
		for (int t = 0; t < l->nthreads; t++) {
			char h[8];
			snprintf(h, sizeof h, "P%d", t);
			sb_printf(&b, " %-*s %s", w[t], r < 0 ? h : l->cell[r][t], t + 1 < l->nthreads ? "|" : ";");
		}
		sb_printf(&b, "\n");
	}
	if (l->locations)
		sb_printf(&b, "%s\n", l->locations);
	if (l->filter)
		sb_printf(&b, "%s\n", l->filter);
	sb_printf(&b, "%s (", l->quant);
	if (l->cond)
		sb_printf(&b, "%s", l->cond);
	for (int i = 0; i < l->natoms; i++)
		sb_printf(&b, "%s%s", i ? " /\\ " : "", l->atoms[i]);
	sb_printf(&b, ")\n");
	return b.s;
}

static void lt_copy(ltext *d, const ltext *s)
{
	*d = *s;
	d->head = xstrdup(s->head);
	for (int i = 0; i < s->ninit; i++)
		d->init[i] = xstrdup(s->init[i]);
	for (int r = 0; r < s->nrows; r++)
		for (int t = 0; t < s->nthreads; t++)
			d->cell[r][t] = xstrdup(s->cell[r][t]);
	d->locations = s->locations ? xstrdup(s->locations) : NULL;
	d->quant = xstrdup(s->quant);
	for (int i = 0; i < s->natoms; i++)
		d->atoms[i] = xstrdup(s->atoms[i]);
	d->cond = s->cond ? xstrdup(s->cond) : NULL;
	d->filter = s->filter ? xstrdup(s->filter) : NULL;
}

/* thread number of "T:..." (an init entry or atom), else -1 */
static int thread_of(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);
	return end != s && *end == ':' ? (int)v : -1;
}

/* "T:rest" with T renumbered down by one */
static void renumber(char **s)
{
	int t = thread_of(*s);
	char *c = strchr(*s, ':');
	sbuf b = { 0 };
	sb_printf(&b, "%d%s", t - 1, c);
	free(*s);
	*s = b.s;
}

/* Remove thread th: its column, init entries and condition atoms. */
static bool lt_drop_thread(ltext *l, int th)
{
	if (l->nthreads < 2 || l->cond)
		return false;
	if (l->locations) {
		/* locations [a; b; ...]: drop the thread's, renumber later ones */
		char *open = strchr(l->locations, '['), *close = open ? strchr(open, ']') : NULL;
		if (!open || !close)
			return false;
		sbuf b = { 0 };
		sb_printf(&b, "locations [");
		int kept = 0;
		for (char *q = open + 1; q < close;) {
			char *e = q;
			while (e < close && *e != ';')
				e++;
			char *item = trim(q, (size_t)(e - q));
			int t = thread_of(item);
			if (*item && t != th) {
				if (t > th)
					renumber(&item);
				sb_printf(&b, "%s%s", kept++ ? "; " : "", item);
			}
			free(item);
			q = e < close ? e + 1 : e;
		}
		sb_printf(&b, "]");
		free(l->locations);
		l->locations = kept ? b.s : NULL;
		if (!kept)
			free(b.s);
	}
	for (int r = 0; r < l->nrows; r++) {
		free(l->cell[r][th]);
		memmove(&l->cell[r][th], &l->cell[r][th + 1], sizeof(char *) * (l->nthreads - th - 1));
	}
	l->nthreads--;
	int k = 0;
	for (int i = 0; i < l->ninit; i++) {
		int t = thread_of(l->init[i]);
		if (t == th) {
			free(l->init[i]);
			continue;
		}
		if (t > th)
			renumber(&l->init[i]);
		l->init[k++] = l->init[i];
	}
	l->ninit = k;
	k = 0;
	for (int i = 0; i < l->natoms; i++) {
		int t = thread_of(l->atoms[i]);
		if (t == th) {
			free(l->atoms[i]);
			continue;
		}
		if (t > th)
			renumber(&l->atoms[i]);
		l->atoms[k++] = l->atoms[i];
	}
	l->natoms = k;
	return l->natoms > 0;
}

/* Drop rows where every cell is empty. */
static void lt_compact(ltext *l)
{
	int k = 0;
	for (int r = 0; r < l->nrows; r++) {
		bool empty = true;
		for (int t = 0; t < l->nthreads; t++)
			empty &= !l->cell[r][t][0];
		if (empty) {
			for (int t = 0; t < l->nthreads; t++)
				free(l->cell[r][t]);
			continue;
		}
		for (int t = 0; t < l->nthreads; t++)
			l->cell[k][t] = l->cell[r][t];
		k++;
	}
	l->nrows = k;
}

static int count_insns(const ltext *l)
{
	int n = 0;
	for (int r = 0; r < l->nrows; r++)
		for (int t = 0; t < l->nthreads; t++)
			n += l->cell[r][t][0] && !strchr(l->cell[r][t], ':');
	return n;
}

/* Try a candidate: keep it (replace cur) when the difference stays. */
static bool try_cand(dm *o, const char *name, ltext *cur, ltext *cand)
{
	lt_compact(cand);
	char *text = lt_text(cand);
	cmp c = compare(o, name, text, NULL, NULL, NULL, NULL, 0);
	free(text);
	if (c == CMP_DIFF) {
		lt_free(cur);
		*cur = *cand;
		return true;
	}
	lt_free(cand);
	return false;
}

/* Shrink a distinguishing test; returns the text (malloc) or NULL. */
static char *minimise(dm *o, const char *name, const char *text)
{
	ltext cur, cand;
	if (!lt_parse(text, &cur))
		return NULL;
	bool changed = true;
	while (changed) {
		changed = false;
		/* the locations line and whole threads first, then condition
		 * atoms, single instructions (last rows first), init entries */
		if (cur.locations) {
			lt_copy(&cand, &cur);
			free(cand.locations);
			cand.locations = NULL;
			changed |= try_cand(o, name, &cur, &cand);
		}
		for (int th = cur.nthreads - 1; th >= 0; th--) {
			lt_copy(&cand, &cur);
			if (lt_drop_thread(&cand, th) && try_cand(o, name, &cur, &cand))
				changed = true;
			else if (cand.head)
				lt_free(&cand);
		}
		for (int i = cur.natoms - 1; i >= 0 && cur.natoms > 1; i--) {
			lt_copy(&cand, &cur);
			free(cand.atoms[i]);
			memmove(&cand.atoms[i], &cand.atoms[i + 1], sizeof(char *) * (cand.natoms - i - 1));
			cand.natoms--;
			changed |= try_cand(o, name, &cur, &cand);
		}
		for (int r = cur.nrows - 1; r >= 0; r--)
			for (int t = 0; t < cur.nthreads; t++) {
				if (r >= cur.nrows || !cur.cell[r][t][0] || strchr(cur.cell[r][t], ':'))
					continue;   /* labels stay */
				lt_copy(&cand, &cur);
				cand.cell[r][t][0] = 0;
				changed |= try_cand(o, name, &cur, &cand);
			}
		for (int i = cur.ninit - 1; i >= 0; i--) {
			lt_copy(&cand, &cur);
			free(cand.init[i]);
			memmove(&cand.init[i], &cand.init[i + 1], sizeof(char *) * (cand.ninit - i - 1));
			cand.ninit--;
			changed |= try_cand(o, name, &cur, &cand);
		}
	}
	lt_compact(&cur);
	char *r = lt_text(&cur);
	lt_free(&cur);
	return r;
}

/* ---- driving ---------------------------------------------------------- */

/* The test shrunk while it still differs (minimise), written to --emit's
 * folder too; NULL when it cannot be split into a grid. sz: threads and
 * instructions before and after. */
static char *shrunk(dm *o, const char *name, const char *text, int sz[4])
{
	ltext before, after;

	sz[0] = sz[1] = sz[2] = sz[3] = 0;
	if (lt_parse(text, &before)) {
		sz[0] = before.nthreads;
		sz[1] = count_insns(&before);
		lt_free(&before);
	}
	char *m = minimise(o, name, text);
	if (!m || !lt_parse(m, &after)) {
		free(m);
		return NULL;
	}
	sz[2] = after.nthreads;
	sz[3] = count_insns(&after);
	lt_free(&after);
	if (o->emit_dir) {
		/* a file's name without folder and .litmus */
		char stem[512];
		const char *base = strrchr(name, '/');
		outdir_stem(base ? base + 1 : name, stem, sizeof stem);
		FILE *f = outdir_open(o->emit_dir, stem, "litmus", "diff-models");
		if (f) {
			fputs(m, f);
			outdir_close(f, o->emit_dir, stem, "litmus", "diff-models");
		}
	}
	return m;
}

/* -json: one object per test, {"file":NAME,"result":"same"|"differ"|
 * "error"}, with "error":MSG, or "only_a" / "only_b" (the states only
 * one model allows) and, unless --no-minimise, "minimal": {"text",
 * "threads":[BEFORE,AFTER], "instructions":[BEFORE,AFTER], "only_a",
 * "only_b"} or null (not split into a grid). */
static void one_json(dm *o, const char *name, const char *text, cmp c, const char *err)
{
	json_begin(stdout, name);
	json_field(stdout, "result", c == CMP_ERROR ? "error" : c == CMP_SAME ? "same" : "differ");
	if (c == CMP_ERROR)
		json_field(stdout, "error", err[0] ? err : "the test cannot be checked");
	if (c == CMP_DIFF) {
		compare(o, name, text, stdout, NULL, NULL, NULL, 0);
		if (o->minimise) {
			int sz[4];
			char *m = shrunk(o, name, text, sz);
			if (m) {
				fputs(",\"minimal\":{\"text\":", stdout);
				json_quote(stdout, m);
				printf(",\"threads\":[%d,%d],\"instructions\":[%d,%d]", sz[0], sz[2], sz[1], sz[3]);
				compare(o, name, m, stdout, NULL, NULL, NULL, 0);
				fputc('}', stdout);
			} else {
				json_field(stdout, "minimal", NULL);
			}
			free(m);
		}
	}
	json_end(stdout);
}

/* A test that differs, as text: its states, then the minimal test. */
static void one_text(dm *o, const char *name, const char *text, int na, int nb)
{
	printf("DIFF %s: %d state%s only in A, %d only in B\n", name, na, na == 1 ? "" : "s", nb);
	compare(o, name, text, stdout, NULL, NULL, NULL, 0);
	if (o->minimise) {
		int sz[4];
		char *m = shrunk(o, name, text, sz);
		if (m) {
			printf("  minimal (threads %d -> %d, instructions %d -> %d):\n", sz[0], sz[2], sz[1], sz[3]);
			for (const char *p = m; *p;) {
				const char *e = strchr(p, '\n');
				size_t len = e ? (size_t)(e - p + 1) : strlen(p);
				printf("    %.*s", (int)len, p);
				p += len;
			}
			compare(o, name, m, stdout, NULL, NULL, NULL, 0);
		} else {
			printf("  (not minimised: the test text could not be split into a grid)\n");
		}
		free(m);
	}
}

static int one(const char *name, const char *text, void *ctx)
{
	dm *o = ctx;
	int na = 0, nb = 0;
	char err[600];

	o->ntests++;
	cmp c = compare(o, name, text, NULL, &na, &nb, err, sizeof err);
	o->nerr += c == CMP_ERROR;
	o->ndiff += c == CMP_DIFF;
	if (o->json)
		one_json(o, name, text, c, err);
	else if (c == CMP_ERROR)
		printf("ERROR %s: %s\n", name, err[0] ? err : "the test cannot be checked");
	else if (c == CMP_SAME && o->verbose)
		printf("SAME %s\n", name);
	else if (c == CMP_DIFF)
		one_text(o, name, text, na, nb);
	fflush(stdout);
	if (c == CMP_DIFF && o->first)
		o->stop = true;
	return c == CMP_DIFF && o->first;
}

static int one_file(dm *o, const char *path, const char *display)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		char err[600];
		snprintf(err, sizeof err, "cannot read: %s", strerror(errno));
		if (o->json)
			one_json(o, path, "", CMP_ERROR, err);
		else
			printf("ERROR %s: %s\n", path, err);
		o->ntests++;
		o->nerr++;
		return 0;
	}
	sbuf b = { 0 };
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		sb_printf(&b, "%.*s", (int)n, buf);
	fclose(f);
	int st = one(display ? display : path, b.s ? b.s : "", o);
	free(b.s);
	return st;
}

/* bpfgen: $BPFGEN, next to the bpfmm executable, or ../libexec/bpfmm/ */
static bool find_bpfgen(const char *self, char *out, size_t n)
{
	const char *env = getenv("BPFGEN");
	if (env && *env) {
		snprintf(out, n, "%s", env);
		return access(out, X_OK) == 0;
	}
	char exe[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len <= 0) {
		snprintf(exe, sizeof exe, "%s", self);
		len = (ssize_t)strlen(exe);
	}
	exe[len] = 0;
	char *dir = dirname(exe);
	snprintf(out, n, "%s/bpfgen", dir);
	if (access(out, X_OK) == 0)
		return true;
	snprintf(out, n, "%s/../libexec/bpfmm/bpfgen", dir);
	return access(out, X_OK) == 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_random(dm *o, const char *self, long count, const char *seed)
{
	char gen[PATH_MAX + 32], tmpl[] = "/tmp/bpfmm-diff-XXXXXX";
	if (!find_bpfgen(self, gen, sizeof gen)) {
		fprintf(stderr, "bpfmm diff-models: --random needs bpfgen (set BPFGEN, or build it: make build/bpfgen; make install puts it in libexec/bpfmm)\n");
		return 2;
	}
	if (!mkdtemp(tmpl)) {
		fprintf(stderr, "bpfmm diff-models: cannot make a temporary folder: %s\n", strerror(errno));
		return 2;
	}
	char cnt[32];
	snprintf(cnt, sizeof cnt, "%ld", count);
	pid_t pid = fork();
	if (pid == 0) {
		int fd = open("/dev/null", 1);
		if (fd >= 0)
			dup2(fd, 1);
		execl(gen, gen, "--seed", seed, "--count", cnt, "--outdir", tmpl, (char *)NULL);
		_exit(127);
	}
	int st = 0;
	if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
		fprintf(stderr, "bpfmm diff-models: %s failed\n", gen);
		st = 2;
	} else {
		st = 0;
	}
	DIR *d = opendir(tmpl);
	char **names = NULL;
	int nn = 0;
	struct dirent *e;
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		names = xrealloc(names, sizeof *names * (nn + 1));
		names[nn++] = xstrdup(e->d_name);
	}
	if (d)
		closedir(d);
	qsort(names, nn, sizeof *names, cmp_str);
	for (int i = 0; i < nn; i++) {
		char path[PATH_MAX + 300];
		snprintf(path, sizeof path, "%s/%s", tmpl, names[i]);
		if (!st && !o->stop && strstr(names[i], ".litmus"))
			one_file(o, path, names[i]);
		unlink(path);
		free(names[i]);
	}
	free(names);
	rmdir(tmpl);
	return st;
}

enum { DM_HELP = 1, DM_DIY, DM_RANDOM, DM_SEED, DM_FIRST, DM_NO_MINIMISE, DM_EMIT, DM_VERBOSE };

static const opt_row dm_rows[] = {
	OPT_TEXT("Tests come from the files given, and/or:"),
	OPT_OWN(DM_DIY, "--diy", "\"OPTS\"", "the tests `bpfmm diy OPTS` generates, checked as they\n"
		"are generated (no files), smallest cycles first;\n"
		"e.g. --diy \"-size 4 -nprocs 2\""),
	OPT_OWN(DM_RANDOM, "--random", "N", "N random tests of tools/gen/bpfgen (seed S, --seed) in a\n"
		"temporary folder, removed afterwards; bpfgen is found\n"
		"through $BPFGEN, next to bpfmm, or in\n"
		"../libexec/bpfmm/ (make install)"),
	OPT_OWN(DM_SEED, "--seed", "S", "the seed of --random N (the two go together)"),
	OPT_TEXT("Options:"),
	OPT_OWN(DM_FIRST, "--first", NULL, "stop after the first test that differs"),
	OPT_OWN(DM_NO_MINIMISE, "--no-minimise", NULL, "do not shrink the tests that differ"),
	OPT_OWN(DM_EMIT, "--emit", "DIR", "write each minimal test to DIR/NAME.litmus"),
	OPT_SHARED(OPT_INCDIR, "-I", "DIR", "also look for included cat files in DIR, repeatable\n"
		   "(the models' own folders, models/lib and the model\n"
		   "directory are searched already)"),
	OPT_SHARED(OPT_BUDGET, "-budget", "N", "as for bpfmm (default " CHECK_BUDGET_TEXT ")"),
	OPT_OWN(DM_VERBOSE, "-v", NULL, "also print SAME NAME for tests that agree"),
	OPT_SHARED(OPT_JSON, "-json", NULL, "one JSON object per line instead: per test\n"
		   "{\"file\",\"result\":\"same\"|\"differ\"|\"error\"} with\n"
		   "\"error\", or \"only_a\"/\"only_b\" (lists of states) and\n"
		   "\"minimal\" ({\"text\",\"threads\":[before,after],\n"
		   "\"instructions\":[before,after],\"only_a\",\"only_b\"}, or\n"
		   "null); then {\"summary\":{\"tests\",\"differ\",\"errors\",\n"
		   "\"seconds\",\"a\",\"b\"}}"),
	OPT_OWN(DM_HELP, "-h, --help", NULL, "this text"),
	OPT_OWN(DM_NO_MINIMISE, "--no-minimize", NULL, NULL),
	OPT_END,
};

static const opt_spec dm_spec = {
	.cmd = "diff-models",
	.head =
"Usage: bpfmm diff-models [OPTIONS] A.cat B.cat [FILE.litmus...]\n"
"       bpfmm diff-models [OPTIONS] A.cat B.cat --diy \"DIY OPTIONS\"\n"
"       bpfmm diff-models [OPTIONS] A.cat B.cat --random N --seed S\n"
"\n"
"Check BPF litmus tests under two cat models and print every test whose\n"
"set of final states differs:\n"
"  DIFF NAME: N states only in A, M only in B\n"
"    only A: 0:r1=1; 1:r2=0;      (a final state A allows and B forbids)\n"
"    only B: ...\n"
"    minimal (threads 3 -> 2, instructions 12 -> 4):\n"
"      the test shrunk while some final state still differs: whole\n"
"      threads (with their init entries and condition atoms), condition\n"
"      atoms, the locations line, instructions (labels stay) and init\n"
"      entries are removed one at a time, as long as the candidate still\n"
"      parses, runs under both models and shows a difference; then the\n"
"      states that differ in it\n"
"and end with the summary line\n"
"  diff-models: T tests, D differ, E errors, S s\n"
"\n",
	.rows = dm_rows,
	.col = 19,
	.tail =
"\n"
"Exit status: 0 no test differs and every test was checked; 1 some test\n"
"differs; 2 bad command line, a model that cannot be read, or a test that\n"
"cannot be read or checked under one of the models (ERROR NAME: reason;\n"
"the other tests are still compared).\n",
	.dash_operand = true,
};

/* The command line: models, tests and where else tests come from. */
typedef struct {
	const char **files, *models[2], *diy, *seed;
	int nfiles, nmodels;
	long random;          /* --random N, -1 */
	cmd_opts so;          /* -I, -budget */
} dm_line;

/* One of diff-models' own options (an id of dm_rows), v its argument;
 * 0, or -1 after a message. */
static int dm_option(dm *o, dm_line *l, int id, const char *v)
{
	char *end;

	switch (id) {
	case DM_DIY:
		l->diy = v;
		break;
	case DM_RANDOM:
		l->random = strtol(v, &end, 10);
		if (*end || !*v || l->random < 1)
			return fprintf(stderr, "bpfmm diff-models: --random wants a positive count, not '%s'\n", v),
			       -1;
		break;
	case DM_SEED:
		l->seed = v;
		strtoul(l->seed, &end, 10);
		if (*end || !*l->seed)
			return fprintf(stderr, "bpfmm diff-models: --seed wants a number, not '%s'\n", l->seed), -1;
		break;
	case DM_FIRST:
		o->first = true;
		break;
	case DM_NO_MINIMISE:
		o->minimise = false;
		break;
	case DM_EMIT:
		o->emit_dir = v;
		break;
	case DM_VERBOSE:
		o->verbose = true;
		break;
	}
	return 0;
}

/* An operand: model A, model B, then the tests; -1 after a message. */
static int dm_operand(dm_line *l, const char *a)
{
	if (l->nmodels < 2) {
		size_t n = strlen(a);
		if (n > 7 && !strcmp(a + n - 7, ".litmus")) {
			/* a test where a model belongs: say so, not "no tests" */
			fprintf(stderr, "bpfmm diff-models: '%s' is a litmus test, but model %s is "
				"missing: give two models first (A.cat B.cat FILE.litmus...)\n"
				"Try 'bpfmm diff-models --help'.\n", a, l->nmodels ? "B" : "A");
			return -1;
		}
		l->models[l->nmodels++] = a;
	} else {
		l->files[l->nfiles++] = a;
	}
	return 0;
}

/* The command line into o and l; -1 to go on, else the exit status. */
static int dm_parse(dm *o, dm_line *l, int argc, char **argv)
{
	const char *v;
	int id;

	for (int i = 1; i < argc; i++) {
		switch ((id = opt_next(&dm_spec, argc, argv, &i, &v, &l->so))) {
		case OPT_FAIL:
			return 2;
		case OPT_TAKEN:
			break;
		case OPT_OPERAND:
			if (dm_operand(l, v))
				return 2;
			break;
		case DM_HELP:
			opt_help(stdout, &dm_spec);
			return 0;
		default:
			if (dm_option(o, l, id, v))
				return 2;
		}
	}
	o->budget = l->so.budget;
	o->json = l->so.json;
	if (l->nmodels < 2)
		return opt_usage_error("diff-models", "two models needed (A.cat B.cat)%s", "");
	if ((l->random >= 0) != (l->seed != NULL)) {
		fprintf(stderr, "bpfmm diff-models: --random N and --seed S go together\n");
		return 2;
	}
	if (!l->nfiles && !l->diy && l->random < 0) {
		fprintf(stderr, "bpfmm diff-models: no tests (give files, --diy or --random)\n");
		return 2;
	}
	return -1;
}

/* Both models (with the BPF front-end); -1 after the error. */
static int dm_load(dm *o, const dm_line *l, cat_model **ma, cat_model **mb)
{
	const frontend *fe = frontend_for_arch("BPF");
	model_spec sa = { l->models[0], NULL, l->so.incdirs, l->so.nincdirs, NULL, fe };
	model_spec sb = { l->models[1], NULL, l->so.incdirs, l->so.nincdirs, NULL, fe };
	diag da = { 0 }, db = { 0 };

	o->a_path = l->models[0];
	o->b_path = l->models[1];
	if (!(o->a = model_load(&sa, ma, &da))) {
		diag_print(&da);
		return -1;
	}
	if (!(o->b = model_load(&sb, mb, &db))) {
		diag_print(&db);
		cat_run_free(o->a);
		cat_model_free(*ma);
		return -1;
	}
	return 0;
}

/* --diy "OPTS": OPTS split at blanks ("..." groups), the tests diy makes
 * checked; diy's status. */
static int dm_diy(dm *o, const char *opts)
{
	char *buf = xstrdup(opts), *av[256];
	int ac = 0;

	for (char *p = buf; *p && ac < 255;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		char *start = p, *w = p;
		bool q = false;
		while (*p && (q || (*p != ' ' && *p != '\t'))) {
			if (*p == '"')
				q = !q;
			else
				*w++ = *p;
			p++;
		}
		if (*p)
			p++;
		*w = 0;
		av[ac++] = start;
	}
	int st = diy_generate(ac, av, one, o, stderr);
	free(buf);
	return st;
}

int diff_models_main(int argc, char **argv, const char *model_dir, const char *self)
{
	dm o = { .minimise = true };
	const char *files[argc > 0 ? argc : 1];
	dm_line l = { .files = files, .random = -1 };
	cat_model *ma = NULL, *mb = NULL;
	int status = 0;

	opt_init(&l.so, 0);
	if ((status = dm_parse(&o, &l, argc, argv)) >= 0)
		return status;
	status = 0;
	if (o.emit_dir && outdir_prepare(o.emit_dir, "diff-models", "--emit"))
		return 2;
	if (dm_load(&o, &l, &ma, &mb))
		return 2;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 0; i < l.nfiles && !o.stop; i++)
		one_file(&o, files[i], NULL);
	if (l.diy && !o.stop && dm_diy(&o, l.diy))
		status = 2;
	if (l.random >= 0 && !o.stop && run_random(&o, self, l.random, l.seed))
		status = 2;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	if (o.json) {
		printf("{\"summary\":{\"tests\":%ld,\"differ\":%ld,\"errors\":%ld,\"seconds\":%.2f,\"a\":",
		       o.ntests, o.ndiff, o.nerr, secs);
		json_quote(stdout, o.a_path);
		fputs(",\"b\":", stdout);
		json_quote(stdout, o.b_path);
		fputs("}}\n", stdout);
	} else {
		printf("diff-models: %ld tests, %ld differ, %ld errors, %.2f s (A=%s B=%s)\n",
		       o.ntests, o.ndiff, o.nerr, secs, o.a_path, o.b_path);
	}
	cat_run_free(o.a);
	cat_run_free(o.b);
	cat_model_free(ma);
	cat_model_free(mb);
	if (status || o.nerr)
		return 2;
	return o.ndiff ? 1 : 0;
}
