/* select.c - herd7's test selection and condition options (see select.h).
 *
 * What herd7 does with them, as observed on herd7 itself:
 *  - -names FILE: one test name per line, the line up to its first space
 *    (a line starting with '#' is a comment, an empty line nothing); only
 *    the tests named run. Repeated: the union. -oknames A,B: the same
 *    names on the command line.
 *  - -excl FILE / -nonames A,B: the tests named do not run.
 *  - -conds FILE: lines `NAME "CONDITION"`, the condition quantified
 *    (`exists (...)`, `~exists ...`, `forall ...`); it replaces the final
 *    condition of test NAME. Within a file the last line for a name wins;
 *    across files (repeated -conds), the first file naming it.
 *  - -kinds FILE: lines `NAME KIND`, KIND Allowed, Forbidden or Required;
 *    the quantifier of test NAME's condition becomes exists, ~exists or
 *    forall (after -conds). Same precedence.
 * A test that does not run prints nothing at all.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kit/select.h"
#include "litmus/litmus_read.h"
#include "base/infile.h"
#include "base/xalloc.h"

/* The whole of path (a list of names or conditions: at most 16 MiB),
 * NUL-terminated; NULL with the error in d. */
static char *slurp(const char *path, diag *d)
{
	size_t len;
	char *buf = file_read_all(path, (size_t)16 << 20, &len);

	if (!buf) {
		diag_error(d, (srcpos){ 0, 0 }, "%s%s", errno == EFBIG ? "larger than 16 MiB" : "cannot open: ",
			   errno == EFBIG ? "" : strerror(errno));
		return NULL;
	}
	if (memchr(buf, '\0', len)) {
		diag_error(d, (srcpos){ 0, 0 }, "NUL byte in the file");
		free(buf);
		return NULL;
	}
	return buf;
}

static void add_name(char ***v, int *n, const char *s, size_t len)
{
	*v = xrealloc(*v, sizeof **v * (size_t)(*n + 1));
	(*v)[(*n)++] = xstrndup(s, len);
}

/* -names / -excl FILE: the first word (up to a space) of each line */
static int read_names(const char *path, char ***v, int *n, diag *d)
{
	char *buf = slurp(path, d);

	if (!buf)
		return -1;
	for (char *line = buf, *next; *line; line = next) {
		char *nl = strchr(line, '\n');
		next = nl ? nl + 1 : line + strlen(line);
		size_t len = (size_t)((nl ? nl : next) - line);
		if (line[0] == '#')
			continue;
		char *sp = memchr(line, ' ', len);
		if (sp)
			len = (size_t)(sp - line);
		if (len)
			add_name(v, n, line, len);
	}
	free(buf);
	return 0;
}

/* -oknames / -nonames A,B,... */
static void split_names(const char *list, char ***v, int *n)
{
	for (const char *p = list, *c; *p; p = *c ? c + 1 : c) {
		c = strchr(p, ',');
		if (!c)
			c = p + strlen(p);
		if (c > p)
			add_name(v, n, p, (size_t)(c - p));
	}
}

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

static const char *const kind_words[] = { "Allowed", "Forbidden", "Required" };

/* -conds / -kinds FILE: `NAME "CONDITION"` / `NAME KIND` lines */
static int read_pairs(const char *path, bool conds, int file, sel_entry **v, int *n, diag *d)
{
	char *buf = slurp(path, d);
	int ln = 0;

	if (!buf)
		return -1;
	for (char *line = buf, *next; *line; line = next) {
		char *nl = strchr(line, '\n');
		next = nl ? nl + 1 : line + strlen(line);
		if (nl)
			*nl = '\0';
		ln++;
		if (line[0] == '#')
			continue;
		char *p = line, *name, *val;
		while (blank(*p))
			p++;
		if (!*p)
			continue;
		name = p;
		while (*p && !blank(*p) && *p != '"')
			p++;
		char *name_end = p;
		if (name_end == name) {
			diag_error(d, (srcpos){ ln, (int)(p - line) + 1 }, "expected a test name");
			goto fail;
		}
		if (!blank(*p)) {
			diag_error(d, (srcpos){ ln, (int)(p - line) + 1 },
				   conds ? "expected a blank, then \"CONDITION\", after the test name"
					 : "expected a blank, then a kind, after the test name");
			goto fail;
		}
		while (blank(*p))
			p++;
		srcpos at = { ln, (int)(p - line) + 1 };
		if (conds) {
			if (*p != '"') {
				diag_error(d, at, "expected \"CONDITION\" after the test name");
				goto fail;
			}
			val = ++p;
			at.col++;
			p = strchr(p, '"');
			if (!p) {
				diag_error(d, (srcpos){ ln, at.col - 1 }, "this '\"' is never closed");
				goto fail;
			}
			*p++ = '\0';
		} else {
			val = p;
			while (*p && !blank(*p))
				p++;
			char c = *p;
			*p = '\0';
			bool known = false;
			for (size_t k = 0; k < sizeof kind_words / sizeof *kind_words; k++)
				known |= !strcmp(val, kind_words[k]);
			if (!known) {
				diag_error(d, at, "'%s' is not a kind (Allowed, Forbidden or Required)", val);
				goto fail;
			}
			*p = c;
			if (c)
				*p++ = '\0';
		}
		while (blank(*p))
			p++;
		if (*p) {
			diag_error(d, (srcpos){ ln, (int)(p - line) + 1 }, "unexpected text after the %s",
				   conds ? "condition" : "kind");
			goto fail;
		}
		*v = xrealloc(*v, sizeof **v * (size_t)(*n + 1));
		(*v)[(*n)++] = (sel_entry){ xstrndup(name, (size_t)(name_end - name)), xstrdup(val),
					    file, path, at };
	}
	free(buf);
	return 0;
fail:
	free(buf);
	return -1;
}

int sel_option(test_select *s, int argc, char **argv, int *i)
{
	static const char *const opts[] = { "-names", "-excl", "-oknames", "-nonames", "-conds", "-kinds" };
	const char *a = argv[*i];
	size_t k = 0;

	while (k < sizeof opts / sizeof *opts && strcmp(a, opts[k]) && (a[0] != '-' || strcmp(a + 1, opts[k])))
		k++;
	if (k == sizeof opts / sizeof *opts)
		return 0;
	if (*i + 1 >= argc) {
		fprintf(stderr, "bpfmm: %s needs %s\nTry 'bpfmm --help'.\n", a,
			k == 2 || k == 3 ? "a list of test names" : "a file");
		return -1;
	}
	const char *v = argv[++*i];
	diag d = { .file = v };
	int rc = 0;
	switch (k) {
	case 0:
		s->some_names = true;
		rc = read_names(v, &s->names, &s->nnames, &d);
		break;
	case 1:
		rc = read_names(v, &s->excl, &s->nexcl, &d);
		break;
	case 2:
		s->some_names = true;
		split_names(v, &s->names, &s->nnames);
		break;
	case 3:
		split_names(v, &s->excl, &s->nexcl);
		break;
	case 4:
		rc = read_pairs(v, true, s->cond_files++, &s->conds, &s->nconds, &d);
		break;
	default:
		rc = read_pairs(v, false, s->kind_files++, &s->kinds, &s->nkinds, &d);
		break;
	}
	if (rc < 0) {
		diag_print(&d);
		return -2;
	}
	return 1;
}

static bool among(char *const *v, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(v[i], name))
			return true;
	return false;
}

bool sel_wanted(const test_select *s, const char *name)
{
	return (!s->some_names || among(s->names, s->nnames, name)) && !among(s->excl, s->nexcl, name);
}

bool sel_unwanted_file(const test_select *s, const char *path)
{
	char line[512], name[256];
	FILE *f;
	bool got = false;

	if ((!s->some_names && !s->nexcl) || !(f = fopen(path, "r")))
		return false;
	/* the header: the first line that is not blank, ARCH NAME ... */
	for (int k = 0; k < 1000 && fgets(line, sizeof line, f); k++) {
		char arch[64];
		int n = sscanf(line, "%63s %255s", arch, name);
		if (n == 0 || n == EOF)
			continue;
		got = n == 2;
		break;
	}
	fclose(f);
	return got && !sel_wanted(s, name);
}

/* The entry for name: the last line of the first file that has one. */
static const sel_entry *lookup(const sel_entry *v, int n, const char *name)
{
	const sel_entry *best = NULL;

	for (int i = 0; i < n; i++)
		if (!strcmp(v[i].name, name) && (!best || v[i].file == best->file))
			best = &v[i];
	return best;
}

int sel_apply(const test_select *s, litmus_test *t, diag *d)
{
	const sel_entry *c = lookup(s->conds, s->nconds, t->name);
	const sel_entry *k = lookup(s->kinds, s->nkinds, t->name);

	if (c) {
		diag cd = { .file = c->path };
		if (litmus_replace_cond(t, c->value, c->at, &cd) < 0) {
			*d = cd;
			return -1;
		}
	}
	if (k)
		t->quant = k->value[0] == 'A' ? Q_EXISTS : k->value[0] == 'F' ? Q_NOT_EXISTS : Q_FORALL;
	return 0;
}

static void free_entries(sel_entry *v, int n)
{
	for (int i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].value);
	}
	free(v);
}

void sel_free(test_select *s)
{
	for (int i = 0; i < s->nnames; i++)
		free(s->names[i]);
	for (int i = 0; i < s->nexcl; i++)
		free(s->excl[i]);
	free(s->names);
	free(s->excl);
	free_entries(s->conds, s->nconds);
	free_entries(s->kinds, s->nkinds);
	*s = (test_select){ 0 };
}
