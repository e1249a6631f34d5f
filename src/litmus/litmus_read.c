/* litmus_read.c - the generic litmus reader (see litmus_read.h).
 *
 * The whole file is read into one buffer and comments are blanked out first,
 * so every later step sees plain text with unchanged positions. The thread
 * grid is cut into cells in place (a NUL ends each cell) and each thread's
 * cells go to the architecture front-end.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "litmus/litmus_read.h"
#include "litmus/litmus_lex.h"
#include "base/infile.h"
#include "base/xalloc.h"

/* Deepest nesting of '~', '(' and '=>' in a condition; bounds recursion. */
/* a litmus file is read whole up to this (the largest test we know is
 * a few KB; cat files stop at 64 MiB likewise) */
#define LITMUS_MAX_FILE (16 << 20)
#define MAX_PROP_DEPTH 200
/* Most nodes in one condition; bounds the height of `/\` chains, which
 * every later pass over the tree recurses on. */
#define MAX_PROP_NODES 10000

typedef struct {
	litmus_test *t;
	const frontend *fe;
	char *text;           /* the whole file, comments blanked; cells point in */
	lexer lx;
	diag *d;
	litmus_cell **cells;  /* per thread, while the grid is being read */
	int *ncells;
	int nprops;           /* nodes in the condition being read */
} reader;

/* Arrays here only keep a count; their capacity is the next power of two,
 * so appending reallocates only when the count is 0 or a power of two.
 * Returns the (possibly moved) array. */
static void *reserve_one(void *arr, int n, size_t elem)
{
	if (n & (n - 1))
		return arr;
	return xrealloc(arr, (size_t)(n ? 2 * n : 1) * elem);
}

static char *dup_range(const char *s, size_t n)
{
	char *c = xmalloc(n + 1);

	memcpy(c, s, n);
	c[n] = '\0';
	return c;
}

static int intern(char ***names, int *n, const char *name)
{
	char **arr;
	int i;

	for (i = 0; i < *n; i++)
		if (strcmp((*names)[i], name) == 0)
			return i;
	arr = reserve_one(*names, *n, sizeof *arr);
	*names = arr;
	arr[*n] = dup_range(name, strlen(name));
	return (*n)++;
}

int litmus_reg(litmus_test *t, const char *name)
{
	char buf[CANON_REG_MAX];
	const char *c = t->fe && t->fe->canon_register ? t->fe->canon_register(name, buf) : NULL;

	return intern(&t->regs, &t->nregs, c ? c : name);
}

int litmus_sym(litmus_test *t, const char *name)
{
	return intern(&t->syms, &t->nsyms, name);
}

void prop_free(prop *p)
{
	if (!p)
		return;
	prop_free(p->l);
	prop_free(p->r);
	free(p);
}

void litmus_free(litmus_test *t)
{
	int i;

	if (!t)
		return;
	free(t->path);
	free(t->text);
	free(t->arch);
	free(t->name);
	free(t->doc);
	for (i = 0; i < t->nsyms; i++)
		free(t->syms[i]);
	free(t->syms);
	for (i = 0; i < t->nregs; i++)
		free(t->regs[i]);
	free(t->regs);
	free(t->init);
	for (i = 0; i < t->nthreads; i++) {
		free(t->threads[i].code);
		if (t->threads[i].label)
			for (int k = 0; k <= t->threads[i].ncode; k++)
				free(t->threads[i].label[k]);
		free(t->threads[i].label);
	}
	free(t->threads);
	free(t->locations);
	prop_free(t->filter);
	prop_free(t->cond);
	free(t);
}

/* ---- locations and values ---------------------------------------------- */

static int check_thread(reader *r, int thread, srcpos pos)
{
	if (thread < 0 || thread >= r->t->nthreads)
		return diag_error(r->d, pos, "thread %d does not exist (the test has %d)",
				  thread, r->t->nthreads);
	return 0;
}

/* Does `T:` or `PT:` (a thread-qualified register) come next? */
static bool peek_thread_reg(reader *r)
{
	const char *p;

	lex_skip_blanks(&r->lx);
	p = r->lx.p;
	if (*p == 'P')
		p++;
	if (*p < '0' || *p > '9')
		return false;
	while (*p >= '0' && *p <= '9')
		p++;
	return *p == ':';
}

/* `T:rN` or `PT:rN`; *at receives the position of T for a later thread
 * check. */
static int read_register(reader *r, observable *o, srcpos *at)
{
	char name[LEX_MAX_NAME];
	int64_t thread;
	srcpos npos;

	*at = lex_here(&r->lx);
	if (*r->lx.p == 'P')
		lex_advance(&r->lx, 1);
	if (lex_int(&r->lx, &thread, "a thread number"))
		return -1;
	if (thread < 0 || thread > INT_MAX)
		return diag_error(r->d, *at, "thread %lld does not exist", (long long)thread);
	if (lex_expect(&r->lx, ":"))
		return -1;
	npos = lex_here(&r->lx);
	if (*r->lx.p == '$') {   /* MIPS: `$5`, `$t0` (the name keeps its `$`) */
		size_t n = 1;
		while (n + 1 < sizeof name && lex_is_ident_char(r->lx.p[n]))
			n++;
		if (n == 1 || lex_is_ident_char(r->lx.p[n]))
			return lex_error_expected(&r->lx, "a register");
		memcpy(name, r->lx.p, n);
		name[n] = '\0';
		lex_advance(&r->lx, n);
	} else if (lex_ident(&r->lx, name, "a register")) {
		return -1;
	}
	if (!r->fe->is_register(name))
		return diag_error(r->d, npos, "invalid %s register '%s'", r->fe->arch, name);
	o->thread = (int)thread;
	o->sym = -1;
	o->reg = litmus_reg(r->t, name);
	return 0;
}

static int read_symbol(reader *r, int *sym)
{
	char name[LEX_MAX_NAME];

	if (lex_ident(&r->lx, name, "a location"))
		return -1;
	*sym = litmus_sym(r->t, name);
	return 0;
}

/* `T:rN`, `x` or `[x]`, with the thread checked against the grid. */
static int read_location(reader *r, observable *o)
{
	srcpos at;

	o->pos = lex_here(&r->lx);
	if (peek_thread_reg(r))
		return read_register(r, o, &at) || check_thread(r, o->thread, at) ? -1 : 0;
	o->thread = -1;
	o->reg = -1;
	if (!lex_accept(&r->lx, "["))
		return read_symbol(r, &o->sym);
	return read_symbol(r, &o->sym) || lex_expect(&r->lx, "]") ? -1 : 0;
}

/* An integer (up to 2^64-1, taken as its 64-bit pattern), or a symbol
 * standing for its address. */
static int read_value(reader *r, value *v)
{
	if (lex_peek_number(&r->lx)) {
		*v = value_int(0);
		return lex_int_bits64(&r->lx, &v->off, "a value");
	}
	lex_accept(&r->lx, "&");    /* `&x` (C) means the same as `x` */
	if (!lex_peek_ident(&r->lx))
		return lex_error_expected(&r->lx, "a value");
	*v = value_addr(0);
	return read_symbol(r, &v->sym);
}

/* An init value: a value, or one wrapped in a macro of the front-end's
 * init_wrappers, `ATOMIC_INIT(1)`, which stands for the value itself. */
static int read_init_value(reader *r, value *v)
{
	const char *const *w = r->fe->init_wrappers;

	for (; w && *w; w++)
		if (lex_accept_word(&r->lx, *w))
			return lex_expect(&r->lx, "(") || read_value(r, v) || lex_expect(&r->lx, ")")
			       ? -1 : 0;
	return read_value(r, v);
}

/* ---- header ------------------------------------------------------------ */

static void skip_spaces(lexer *lx)
{
	while (*lx->p == ' ' || *lx->p == '\t' || *lx->p == '\r')
		lex_advance(lx, 1);
}

/* `ARCH NAME` on the first line; the name is any run of non-blanks. */
static int read_header(reader *r, frontend_lookup_fn lookup)
{
	lexer *lx = &r->lx;
	char arch[LEX_MAX_NAME];
	srcpos at;
	const char *start;

	if (lex_at_end(lx))
		return diag_error(r->d, lx->pos, "empty file (expected 'ARCH NAME')");
	at = lx->pos;
	if (lex_ident(lx, arch, "an architecture keyword"))
		return -1;
	r->fe = lookup(arch);
	if (!r->fe)
		return diag_error(r->d, at, "unknown architecture '%s'", arch);
	/* the lookup ignores case; the keyword does not, as in herd7 */
	if (strcmp(r->fe->arch, arch))
		return diag_error(r->d, at, "unknown architecture '%s' (did you mean '%s'? "
				  "architecture keywords are case-sensitive)", arch, r->fe->arch);
	r->t->fe = r->fe;
	r->t->big_endian = r->fe->big_endian;
	r->t->arch = dup_range(arch, strlen(arch));
	skip_spaces(lx);
	if (*lx->p == '\n' || *lx->p == '\0')
		return diag_error(r->d, lx->pos, "missing test name after '%s'", arch);
	for (start = lx->p; *lx->p && !lex_is_blank(*lx->p); )
		lex_advance(lx, 1);
	r->t->name = dup_range(start, (size_t)(lx->p - start));
	skip_spaces(lx);
	/* an optional second name in parentheses: `PPC co6 (CoSix)` */
	if (*lx->p == '(') {
		while (*lx->p && *lx->p != ')' && *lx->p != '\n')
			lex_advance(lx, 1);
		if (*lx->p != ')')
			return diag_error(r->d, lx->pos, "unterminated '(' after the test name");
		lex_advance(lx, 1);
		skip_spaces(lx);
	}
	if (*lx->p != '\n' && *lx->p != '\0')
		return diag_error(r->d, lx->pos, "unexpected text after the test name");
	return 0;
}

/* Optional "doc string", then optional `Key=value` lines (as written by
 * test generators), all before the init block. */
static int read_preamble(reader *r)
{
	lexer *lx = &r->lx;
	const char *start, *q;
	srcpos at = lex_here(lx);

	if (lex_accept(lx, "\"")) {
		start = lx->p;
		q = strchr(start, '"');
		/* herd7 reads a doc string that is never closed up to the end
		 * of its line (ppc-catalogue co8) */
		bool closed = q != NULL;
		if (!closed)
			q = start + strcspn(start, "\n");
		r->t->doc = dup_range(start, (size_t)(q - start));
		lex_advance(lx, (size_t)(q - start) + closed);
	}
	/* lines in parentheses (free text) before the init block */
	while (lex_accept(lx, "(")) {
		q = strchr(lx->p, ')');
		if (!q)
			return diag_error(r->d, at, "unterminated '('");
		lex_advance(lx, (size_t)(q - lx->p) + 1);
	}
	while (lex_peek_ident(lx)) {
		for (q = lx->p; lex_is_ident_char(*q); q++)
			;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '=')
			break;
		while (*lx->p && *lx->p != '\n')
			lex_advance(lx, 1);
	}
	return 0;
}

/* ---- init block -------------------------------------------------------- */

static bool same_target(const init_entry *a, const init_entry *b)
{
	if (a->thread != b->thread)
		return false;
	return a->thread == -1 ? a->sym == b->sym : a->reg == b->reg;
}

/* `[type] T:rN = v`, `[type] x = v`, `[type] [x] = v`, or `type x` (zero).
 * A type is any words and '*'s before the location; it is not kept. */
static int read_init_entry(reader *r)
{
	lexer *lx = &r->lx;
	litmus_test *t = r->t;
	init_entry e = { .thread = -1, .reg = -1, .sym = -1 }, *arr;
	char name[LEX_MAX_NAME];
	bool typed = false, have_name = false;
	observable o;
	int i;

	e.pos = lex_here(lx);
	for (;;) {
		if (lex_accept(lx, "%")) {   /* herd7 symbolic register: %x0 */
			char reg[LEX_MAX_NAME + 1] = "%";
			if (lex_ident(lx, reg + 1, "a register name"))
				return -1;
			e.thread = INIT_EVERY_THREAD;
			e.reg = litmus_reg(t, reg);
			break;
		}
		if (peek_thread_reg(r)) {
			if (read_register(r, &o, &e.pos))
				return -1;
			e.thread = o.thread;
			e.reg = o.reg;
			break;
		}
		if (lex_accept(lx, "[")) {
			if (read_symbol(r, &e.sym) || lex_expect(lx, "]"))
				return -1;
			break;
		}
		e.pos = lex_here(lx);
		if (lex_ident(lx, name, "a location"))
			return -1;
		have_name = true;
		if (!lex_peek_ident(lx) && !lex_peek_number(lx) && *lx->p != '*'
		    && *lx->p != '[' && *lx->p != '%')
			break;
		/* The word was part of a type. */
		typed = true;
		have_name = false;
		while (lex_accept(lx, "*"))
			;
	}
	if (have_name)
		e.sym = litmus_sym(t, name);
	if (lex_accept(lx, "=")) {
		if (read_init_value(r, &e.val))
			return -1;
	} else if (typed) {
		e.val = value_int(0);
	} else {
		return lex_expect(lx, "=");
	}
	for (i = 0; i < t->ninit; i++)
		if (same_target(&t->init[i], &e))
			return diag_error(r->d, e.pos, "location initialised twice");
	arr = reserve_one(t->init, t->ninit, sizeof *arr);
	t->init = arr;
	t->init[t->ninit++] = e;
	return 0;
}

static int read_init(reader *r)
{
	lexer *lx = &r->lx;

	if (lex_expect(lx, "{"))
		return -1;
	for (;;) {
		if (lex_accept(lx, "}"))
			return 0;
		if (lex_accept(lx, ";"))
			continue;
		if (lex_at_end(lx))
			return diag_error(r->d, lx->pos, "unexpected end of file in the init block");
		if (read_init_entry(r))
			return -1;
		if (lex_accept(lx, "}"))
			return 0;
		if (!lex_accept(lx, ";"))
			return lex_error_expected(lx, "';' or '}'");
	}
}

/* ---- thread grid ------------------------------------------------------- */

static bool is_row_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* A word at p (after blanks) one or two edits from a condition keyword
 * and followed by '(' or '[', as in `exist (`: the keyword it misspells
 * (the word in word[LEX_MAX_NAME]), or NULL. */
static const char *misspelt_keyword(const char *p, char *word)
{
	static const char *const words[] = { "exists", "forall", "locations", "filter" };
	size_t n = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '~')
		p++;
	while (lex_is_ident_char(p[n]) && n + 1 < LEX_MAX_NAME) {
		word[n] = p[n];
		n++;
	}
	word[n] = '\0';
	for (p += n; *p == ' ' || *p == '\t'; p++)
		;
	if (!n || (*p != '(' && *p != '['))
		return NULL;
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (strcmp(word, words[i]) && diag_distance(word, words[i]) <= 2)
			return words[i];
	return NULL;
}

static int misspelt_error(reader *r, srcpos at, const char *word, const char *kw)
{
	return diag_error(r->d, at, "unknown keyword '%s' (did you mean '%s'?)", word, kw);
}

/* Does the condition part (or the end of the file) start here? */
static bool at_grid_end(lexer *lx)
{
	static const char *const words[] = { "exists", "forall", "locations", "filter" };
	size_t i, n;

	if (lex_at_end(lx) || *lx->p == '~')
		return true;
	for (i = 0; i < sizeof words / sizeof *words; i++) {
		n = strlen(words[i]);
		if (strncmp(lx->p, words[i], n) == 0 && !lex_is_ident_char(lx->p[n]))
			return true;
	}
	return false;
}

/* Cut the row at the lexer (one line, ended by ';') into cells split on '|',
 * trimmed and NUL-terminated in place, and move past the ';'. */
static int split_row(reader *r, litmus_cell **cells, int *n)
{
	lexer *lx = &r->lx;
	char *row = r->text + (lx->p - r->text), *semi, *cs, *ce, *end;
	litmus_cell *arr;

	for (semi = row; *semi && *semi != ';' && *semi != '\n'; semi++)
		;
	if (*semi != ';') {
		for (end = semi; end > row && is_row_blank(end[-1]); end--)
			;
		lx->pos.col += (int)(end - row);
		return diag_error(r->d, lx->pos, "expected ';' at the end of the row");
	}
	*n = 0;
	*cells = NULL;
	for (cs = row; cs <= semi; cs = ce + 1) {
		/* `|=` is an operator (BPF), not a separator. */
		for (ce = cs; ce < semi && (*ce != '|' || ce[1] == '='); ce++)
			;
		arr = reserve_one(*cells, *n, sizeof *arr);
		*cells = arr;
		for (end = ce; end > cs && is_row_blank(end[-1]); end--)
			;
		while (cs < end && is_row_blank(*cs))
			cs++;
		arr[*n].text = cs;
		arr[*n].pos = lx->pos;
		arr[*n].pos.col += (int)(cs - row);
		(*n)++;
		*end = '\0';
	}
	lx->p = semi + 1;
	lx->pos.col += (int)(semi + 1 - row);
	return 0;
}

/* `P0 | P1 | ... ;` numbered 0..n-1 in order. */
static int read_thread_header(reader *r)
{
	litmus_test *t = r->t;
	litmus_cell *cells = NULL;
	int n = 0, i, rc = -1;

	if (at_grid_end(&r->lx))
		return diag_error(r->d, r->lx.pos, "missing thread grid (P0 | P1 ... ;)");
	if (split_row(r, &cells, &n))
		goto out;
	t->threads = xcalloc((size_t)n, sizeof *t->threads);
	r->cells = xcalloc((size_t)n, sizeof *r->cells);
	r->ncells = xcalloc((size_t)n, sizeof *r->ncells);
	for (i = 0; i < n; i++) {
		const char *s = cells[i].text;
		char *endp = NULL;
		long v = -1;

		errno = 0;
		if (s[0] == 'P' && s[1] >= '0' && s[1] <= '9')
			v = strtol(s + 1, &endp, 10);
		if (v < 0 || *endp || errno) {
			rc = diag_error(r->d, cells[i].pos, "expected a thread name P%d, found '%s'", i, s);
			goto out;
		}
		/* Threads so far are P0..P(i-1), so a smaller number repeats one. */
		if (v < i) {
			rc = diag_error(r->d, cells[i].pos, "duplicate thread P%ld", v);
			goto out;
		}
		if (v != i) {
			rc = diag_error(r->d, cells[i].pos,
					"threads must be numbered in order: expected P%d, found P%ld", i, v);
			goto out;
		}
		t->threads[i].id = i;
		t->nthreads = i + 1;
	}
	rc = 0;
out:
	free(cells);
	return rc;
}

/* Rows of instruction cells until the condition part begins. */
static int read_rows(reader *r)
{
	litmus_test *t = r->t;
	litmus_cell *row, *arr;
	int n, i;

	while (!at_grid_end(&r->lx)) {
		char word[LEX_MAX_NAME];
		const char *kw = misspelt_keyword(r->lx.p, word);
		if (kw)
			return misspelt_error(r, lex_here(&r->lx), word, kw);
		if (split_row(r, &row, &n))
			return -1;
		if (n > t->nthreads) {
			diag_error(r->d, row[t->nthreads].pos,
				   "row has %d cells but the test has %d threads", n, t->nthreads);
			free(row);
			return -1;
		}
		/* herd7 refuses a short row too ("mismatch in instruction
		 * lines"): its cells would land in the wrong threads' columns
		 * if a '|' was forgotten. The error is at the row's ';'. */
		if (n < t->nthreads) {
			diag_error(r->d, (srcpos){ r->lx.pos.line, r->lx.pos.col - 1 },
				   "row has %d cell%s but the test has %d threads (a missing '|'?)",
				   n, n == 1 ? "" : "s", t->nthreads);
			free(row);
			return -1;
		}
		for (i = 0; i < n; i++) {
			if (!row[i].text[0])
				continue;
			arr = reserve_one(r->cells[i], r->ncells[i], sizeof *arr);
			r->cells[i] = arr;
			arr[r->ncells[i]++] = row[i];
		}
		free(row);
	}
	return 0;
}


static bool thread_uses(const litmus_thread *th, int reg)
{
	for (int k = 0; k < th->ncode; k++) {
		const ir_insn *in = &th->code[k];
		if (in->dst == reg || (in->a.kind == OPND_REG && in->a.reg == reg) ||
		    (in->b.kind == OPND_REG && in->b.reg == reg) ||
		    (in->c.kind == OPND_REG && in->c.reg == reg))
			return true;
	}
	return false;
}

/* herd7's symbolic registers (`%x0=x` in the init block) belong to the
 * thread whose code names them: give each entry that thread (a copy per
 * thread if several do; none: the entry has no effect and goes). */
static int bind_symbolic_registers(reader *r)
{
	litmus_test *t = r->t;
	int n = t->ninit;

	for (int i = 0; i < n; i++) {
		init_entry e = t->init[i];
		if (e.thread != INIT_EVERY_THREAD)
			continue;
		t->init[i].thread = -3;   /* dropped below unless a thread uses it */
		for (int ti = 0; ti < t->nthreads; ti++) {
			if (!thread_uses(&t->threads[ti], e.reg))
				continue;
			if (t->init[i].thread == -3) {
				t->init[i].thread = ti;
				continue;
			}
			init_entry *arr = reserve_one(t->init, t->ninit, sizeof *arr);
			t->init = arr;
			e.thread = ti;
			t->init[t->ninit++] = e;
		}
	}
	int k = 0;
	for (int i = 0; i < t->ninit; i++)
		if (t->init[i].thread != -3)
			t->init[k++] = t->init[i];
	t->ninit = k;
	return 0;
}

static int read_grid(reader *r)
{
	litmus_test *t = r->t;
	int i;

	if (read_thread_header(r))
		return -1;
	/* Init entries came before the grid told how many threads there are. */
	for (i = 0; i < t->ninit; i++)
		if (t->init[i].thread >= 0 && check_thread(r, t->init[i].thread, t->init[i].pos))
			return -1;
	if (read_rows(r))
		return -1;
	for (i = 0; i < t->nthreads; i++)
		if (r->fe->parse_thread(t, i, r->cells[i], r->ncells[i], r->d))
			return -1;
	return bind_symbolic_registers(r);
}

/* ---- non-grid bodies (frontend.parse_body) ----------------------------- */

/* The dialect named by the header, read before comments are stripped: a
 * dialect with parse_body needs its code kept out of `(* *)` stripping. */
static const frontend *peek_frontend(const char *p, frontend_lookup_fn lookup)
{
	char arch[LEX_MAX_NAME];
	size_t n = 0;

	while (lex_is_blank(*p))
		p++;
	if (!lex_is_ident_start(*p))
		return NULL;
	while (lex_is_ident_char(*p) && n + 1 < sizeof arch)
		arch[n++] = *p++;
	arch[n] = '\0';
	return lookup(arch);
}

static bool word_at(const char *p, const char *w)
{
	size_t n = strlen(w);
	return strncmp(p, w, n) == 0 && !lex_is_ident_char(p[n]);
}

/* p at a `(*`: the character after its matching `*)` (nested comments
 * counted, nothing else special inside), or NULL when it never closes. The
 * one comment-skipping step of the scans below that run before comments
 * are stripped. */
static char *skip_comment(char *p)
{
	int depth = 0;

	for (; *p; p++) {
		if (p[0] == '(' && p[1] == '*') {
			depth++;
			p++;
		} else if (p[0] == '*' && p[1] == ')') {
			p++;
			if (--depth == 0)
				return p + 1;
		}
	}
	return NULL;
}

/* End of a body starting at p: the first condition keyword outside braces,
 * parentheses, comments (C ones, and `(* *)` where `(*` cannot be code:
 * outside braces and parentheses) and character or string literals (or the
 * end of the text). */
static char *find_body_end(char *p)
{
	int depth = 0, parens = 0;

	for (; *p; p++) {
		if (p[0] == '/' && p[1] == '/') {
			while (p[1] && p[1] != '\n')
				p++;
		} else if (p[0] == '/' && p[1] == '*') {
			for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
				;
			if (!*p)
				return p;
			p++;
		} else if (p[0] == '(' && p[1] == '*' && depth <= 0 && parens <= 0) {
			char *after = skip_comment(p);
			if (!after)
				return p + strlen(p);
			p = after - 1;
		} else if (*p == '"' || *p == '\'') {
			char q = *p;
			while (p[1] && p[1] != q && p[1] != '\n')
				p++;
			if (p[1] == q)
				p++;
		} else if (*p == '{') {
			depth++;
		} else if (*p == '}') {
			depth--;
		} else if (*p == '(') {
			parens++;
		} else if (*p == ')') {
			parens--;
		} else if (depth <= 0 && parens <= 0 && !lex_is_ident_char(p[-1])) {
			const char *q = p + 1;
			if (*p == '~') {
				while (lex_is_blank(*q))
					q++;
				if (word_at(q, "exists"))
					return p;
			} else if (word_at(p, "locations") || word_at(p, "filter")
				   || word_at(p, "exists") || word_at(p, "forall")) {
				return p;
			}
		}
	}
	return p;
}

/* Comment stripping for a dialect with parse_body: `(* *)` comments are
 * blanked everywhere except in the body (between the init block and the
 * condition), which is left for the front-end. Positions do not move. */
static int strip_comments_around_body(char *text, diag *d)
{
	char *p = text, *body, *end, *save;
	int depth;
	size_t n;

	/* the init block: the first '{' outside comments and strings */
	for (; *p; p++) {
		if (p[0] == '(' && p[1] == '*') {
			char *after = skip_comment(p);
			if (!after)
				return lex_strip_comments(text, d);  /* it reports the comment */
			p = after - 1;
		} else if (*p == '"') {
			while (p[1] && p[1] != '"')
				p++;
			if (p[1])
				p++;
		} else if (*p == '{') {
			break;
		}
	}
	if (!*p)
		return lex_strip_comments(text, d);  /* read_init will complain */
	for (depth = 0; *p; p++) {
		if (*p == '{')
			depth++;
		else if (*p == '}' && --depth == 0)
			break;
	}
	if (!*p)
		return lex_strip_comments(text, d);
	body = p + 1;
	end = find_body_end(body);
	n = (size_t)(end - body);
	save = xmalloc(n + 1);
	memcpy(save, body, n);
	for (p = body; p < end; p++)
		if (*p != '\n')
			*p = ' ';
	int rc = lex_strip_comments(text, d);
	memcpy(body, save, n);
	free(save);
	return rc;
}

/* Position of `to` in a text whose `from` is at pos. */
static srcpos pos_after(srcpos pos, const char *from, const char *to)
{
	for (; from < to; from++) {
		if (*from == '\n') {
			pos.line++;
			pos.col = 1;
		} else {
			pos.col++;
		}
	}
	return pos;
}

static int read_body(reader *r)
{
	litmus_test *t = r->t;
	char *start = (char *)r->lx.p, *end = find_body_end(start), c;
	int i, rc, depth = 0;

	/* a misspelt `exists (` would be read as more code */
	for (char *p = start; p < end; p++) {
		char word[LEX_MAX_NAME];
		const char *kw;
		if (*p == '{' || *p == '}')
			depth += *p == '{' ? 1 : -1;
		else if ((p == start || p[-1] == '\n') && depth == 0 && (kw = misspelt_keyword(p, word))) {
			while (*p == ' ' || *p == '\t')
				p++;
			return misspelt_error(r, pos_after(r->lx.pos, start, p), word, kw);
		}
	}
	c = *end;
	*end = '\0';
	rc = r->fe->parse_body(t, start, r->lx.pos, r->d);
	*end = c;
	if (rc)
		return -1;
	lex_advance(&r->lx, (size_t)(end - start));
	for (i = 0; i < t->ninit; i++)
		if (t->init[i].thread >= 0 && check_thread(r, t->init[i].thread, t->init[i].pos))
			return -1;
	return 0;
}

/* ---- condition --------------------------------------------------------- */

static prop *read_implies(reader *r, int depth);

static prop *new_prop(reader *r, prop_kind kind, prop *l, prop *rr)
{
	prop *p;

	if (++r->nprops > MAX_PROP_NODES) {
		diag_error(r->d, r->lx.pos, "condition too large (more than %d terms)",
			   MAX_PROP_NODES);
		prop_free(l);
		prop_free(rr);
		return NULL;
	}
	p = xcalloc(1, sizeof *p);
	p->kind = kind;
	p->l = l;
	p->r = rr;
	return p;
}

/* `loc = value`, `loc <> value` (or `!=`: herd7 reads it as `~(loc =
 * value)` and prints it so) or `loc == loc`. The right of `=` may also
 * be a register `T:r` or a bracketed location `[y]` (herd7 compares the
 * two final values: `0:r1=1:r2`, `x=[y]`); a bare `y` there is the
 * address of y, a value. We take them after `!=` too. */
static prop *read_atom(reader *r)
{
	prop *p;
	bool differs;

	if (lex_at_end(&r->lx)) {
		diag_error(r->d, r->lx.pos, "unexpected %s in the condition", r->lx.end_name);
		return NULL;
	}
	if (!lex_peek_number(&r->lx) && !lex_peek_ident(&r->lx) && *r->lx.p != '[') {
		lex_error_expected(&r->lx, "a location or '('");
		return NULL;
	}
	if (!(p = new_prop(r, PROP_ATOM, NULL, NULL)))
		return NULL;
	if (read_location(r, &p->lhs))
		goto fail;
	if (lex_accept(&r->lx, "==")) {
		p->rhs_is_obs = true;
		if (read_location(r, &p->rhs_obs))
			goto fail;
		return p;
	}
	differs = lex_accept(&r->lx, "<>") || lex_accept(&r->lx, "!=");
	if (!differs && lex_expect(&r->lx, "="))
		goto fail;
	lex_skip_blanks(&r->lx);
	if (peek_thread_reg(r) || *r->lx.p == '[') {
		p->rhs_is_obs = true;
		if (read_location(r, &p->rhs_obs))
			goto fail;
	} else if (read_value(r, &p->rhs)) {
		goto fail;
	}
	return differs ? new_prop(r, PROP_NOT, p, NULL) : p;
fail:
	prop_free(p);
	return NULL;
}

static prop *read_unary(reader *r, int depth)
{
	prop *p;

	if (depth > MAX_PROP_DEPTH) {
		diag_error(r->d, lex_here(&r->lx), "condition nested too deeply");
		return NULL;
	}
	if (lex_accept(&r->lx, "~") || lex_accept_word(&r->lx, "not")) {
		p = read_unary(r, depth + 1);
		return p ? new_prop(r, PROP_NOT, p, NULL) : NULL;
	}
	srcpos open = lex_here(&r->lx);
	if (lex_accept(&r->lx, "(")) {
		p = read_implies(r, depth + 1);
		if (p && !lex_accept(&r->lx, ")")) {
			if (lex_at_end(&r->lx))
				diag_error(r->d, open, "this '(' is never closed");
			else
				lex_expect(&r->lx, ")");
			prop_free(p);
			return NULL;
		}
		return p;
	}
	if (lex_accept_word(&r->lx, "true"))
		return new_prop(r, PROP_TRUE, NULL, NULL);
	if (lex_accept_word(&r->lx, "false"))
		return new_prop(r, PROP_FALSE, NULL, NULL);
	return read_atom(r);
}

/* Binary operators of one precedence level, left-associative. */
static prop *read_binary(reader *r, int depth, const char *op, prop_kind kind,
			 prop *(*operand)(reader *, int))
{
	prop *p = operand(r, depth), *q;

	while (p && lex_accept(&r->lx, op)) {
		if (!(q = operand(r, depth))) {
			prop_free(p);
			return NULL;
		}
		p = new_prop(r, kind, p, q);
	}
	return p;
}

static prop *read_and(reader *r, int depth)
{
	return read_binary(r, depth, "/\\", PROP_AND, read_unary);
}

static prop *read_or(reader *r, int depth)
{
	return read_binary(r, depth, "\\/", PROP_OR, read_and);
}

/* `=>` binds loosest and groups to the right. */
static prop *read_implies(reader *r, int depth)
{
	prop *p = read_or(r, depth), *q;

	if (!p || !lex_accept(&r->lx, "=>"))
		return p;
	if (depth > MAX_PROP_DEPTH || !(q = read_implies(r, depth + 1))) {
		if (depth > MAX_PROP_DEPTH)
			diag_error(r->d, lex_here(&r->lx), "condition nested too deeply");
		prop_free(p);
		return NULL;
	}
	return new_prop(r, PROP_IMPLIES, p, q);
}

/* `[loc; loc; ...]` */
static int read_locations(reader *r)
{
	litmus_test *t = r->t;
	observable o, *arr;

	if (lex_expect(&r->lx, "["))
		return -1;
	for (;;) {
		if (lex_accept(&r->lx, "]"))
			return 0;
		if (lex_accept(&r->lx, ";"))
			continue;
		if (lex_at_end(&r->lx))
			return diag_error(r->d, r->lx.pos, "unexpected end of file in locations");
		if (read_location(r, &o))
			return -1;
		arr = reserve_one(t->locations, t->nlocations, sizeof o);
		t->locations = arr;
		t->locations[t->nlocations++] = o;
		if (lex_accept(&r->lx, "]"))
			return 0;
		if (!lex_accept(&r->lx, ";"))
			return lex_error_expected(&r->lx, "';' or ']'");
	}
}

/* Optional `locations [...]` and `filter PROP` (once each, either order),
 * then the quantified condition, then nothing. */
static int read_tail(reader *r)
{
	litmus_test *t = r->t;
	lexer *lx = &r->lx;
	bool have_locations = false;
	srcpos at;

	for (;;) {
		at = lex_here(lx);
		if (lex_accept_word(lx, "locations")) {
			if (have_locations)
				return diag_error(r->d, at, "more than one 'locations' clause");
			have_locations = true;
			if (read_locations(r))
				return -1;
		} else if (lex_accept_word(lx, "filter")) {
			if (t->filter)
				return diag_error(r->d, at, "more than one 'filter' clause");
			r->nprops = 0;
			if (!(t->filter = read_implies(r, 0)))
				return -1;
		} else if (lex_accept_word(lx, "exists")) {
			t->quant = Q_EXISTS;
			break;
		} else if (lex_accept_word(lx, "forall")) {
			t->quant = Q_FORALL;
			break;
		} else if (lex_accept(lx, "~")) {
			if (!lex_accept_word(lx, "exists"))
				return lex_error_expected(lx, "'exists' after '~'");
			t->quant = Q_NOT_EXISTS;
			break;
		} else if (lex_at_end(lx)) {
			/* no condition: herd7 reads `forall (true)` */
			t->quant = Q_FORALL;
			t->cond = new_prop(r, PROP_TRUE, NULL, NULL);
			return t->cond ? 0 : -1;
		} else {
			char word[LEX_MAX_NAME];
			const char *kw = misspelt_keyword(lx->p, word);
			if (kw)
				return misspelt_error(r, at, word, kw);
			return lex_error_expected(lx, "exists, ~exists or forall");
		}
	}
	r->nprops = 0;
	if (!(t->cond = read_implies(r, 0)))
		return -1;
	lex_accept(lx, ";");   /* herd7 accepts `exists (...);` */
	/* `<< ... >>` blocks (display options of herd7's tools) may follow */
	while (lex_accept(lx, "<<")) {
		const char *q = strstr(lx->p, ">>");
		if (!q)
			return diag_error(r->d, lx->pos, "unterminated '<<' block");
		lex_advance(lx, (size_t)(q - lx->p) + 2);
	}
	if (!lex_at_end(lx))
		return diag_error(r->d, lx->pos, "unexpected text after the condition");
	return 0;
}

/* ---- entry points ------------------------------------------------------ */

/* Length of a `key = value` line at p (herd7's info lines, through the
 * newline), 0 if p does not start one. */
static size_t info_line(const char *p)
{
	const char *q = p;

	if (!((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z')))
		return 0;
	while ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9')
	       || *q == '_' || *q == '/' || *q == '.' || *q == '-')
		q++;
	while (*q == ' ' || *q == '\t' || *q == '\r')
		q++;
	if (*q != '=' || !(q = strchr(q, '\n')))
		return 0;
	return (size_t)(q + 1 - p);
}

/* herd7 reads the text between the test-name line (with its comments) and
 * the `{` of the init block as free text, after an optional "doc string":
 * an unclosed `(*`, a second name line, anything. Blank it (newlines
 * kept, so positions do not move) before comments are stripped. Without
 * a `{` nothing is blanked, and read_init reports what is there.
 *
 * Which `{` starts the init block follows herd7's splitter, a lexer that
 * takes the longest of: a newline, `(*` (a comment, nested, skipped
 * whole), `{` (the init block), a `key = value` line, or a run of text
 * up to a newline or a `{`; of two as long, the first named. So `(*`
 * opens a comment only where the run from it is no longer: followed at
 * once by a newline or a `{` (a `(*` line on its own, as generated tests
 * write their header comments). Elsewhere the run wins and a `{` later
 * on the line, even one inside `(* ... *)`, starts the init block. */
static void blank_preamble(char *text)
{
	char *p = text, *q;

	for (; *p && *p != '\n'; p++)   /* the name line, comments and all */
		if (p[0] == '(' && p[1] == '*') {
			if (!(q = skip_comment(p)))
				return;   /* unterminated comment: reported by the stripper */
			p = q - 1;
		}
	q = p;
	while (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n')
		q++;
	if (*q == '"') {        /* the doc string, as read_preamble reads it */
		char *e = strchr(q + 1, '"');
		p = e ? e + 1 : q + 1 + strcspn(q + 1, "\n");
	}
	char *init = NULL, *start = p;
	while (*p && !init) {
		size_t run = strcspn(p, "\n{"), info = info_line(p);
		if (*p == '\n')
			p++;
		else if (*p == '{')
			init = p;
		else if (p[0] == '(' && p[1] == '*' && run <= 2 && info <= 2) {
			if (!(q = skip_comment(p)))
				return;
			p = q;
		} else
			p += info > run ? info : run;
	}
	if (!init)
		return;
	for (p = start; p < init; p++)
		if (*p != '\n')
			*p = ' ';
}

/* A thread written in the other layout than the header's dialect uses,
 * at the start of a line: `P0 |` or `P0 ;` (a grid) under a C header,
 * `P0(` (a C function) under a grid dialect's header. Its error says the
 * header is the likely mistake. */
static int check_layout(const char *text, const frontend *fe, diag *d)
{
	for (const char *line = text; line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		const char *p = line;
		while (*p == ' ' || *p == '\t')
			p++;
		if (p[0] != 'P' || p[1] < '0' || p[1] > '9')
			continue;
		const char *q = p + 1;
		while (*q >= '0' && *q <= '9')
			q++;
		while (*q == ' ' || *q == '\t')
			q++;
		srcpos at = pos_after((srcpos){ 1, 1 }, text, p);
		if (fe->parse_body && (*q == '|' || *q == ';'))
			return diag_error(d, at, "the header says %s, but the threads are a grid "
					  "(P0 | P1 ;) as in tests of the other architectures: "
					  "is the header's architecture right?", fe->arch);
		if (!fe->parse_body && *q == '(')
			return diag_error(d, at, "the header says %s, but %.*s(...) is a C thread "
					  "function: is the header's architecture right?",
					  fe->arch, (int)(q - p), p);
	}
	return 0;
}

/* Parse text (owned, modified in place) into a new test. */
static litmus_test *read_text(char *text, const char *name, frontend_lookup_fn lookup,
			      diag *d)
{
	reader r = { .text = text, .d = d };
	srcpos start = { 1, 1 };
	int rc = -1, i;

	if (!d->file)
		d->file = name;
	r.t = xcalloc(1, sizeof *r.t);
	r.t->path = dup_range(name, strlen(name));
	lex_init(&r.lx, text, start, "end of file", d);
	{
		const frontend *fe = peek_frontend(text, lookup);
		blank_preamble(text);
		rc = fe ? check_layout(text, fe, d) : 0;
		if (!rc)
			rc = fe && fe->parse_body ? strip_comments_around_body(text, d)
						  : lex_strip_comments(text, d);
	}
	if (!rc)
		rc = read_header(&r, lookup);
	if (!rc)
		rc = read_preamble(&r);
	if (!rc)
		rc = read_init(&r);
	if (!rc)
		rc = r.fe->parse_body ? read_body(&r) : read_grid(&r);
	if (!rc)
		rc = read_tail(&r);
	if (r.cells)
		for (i = 0; i < r.t->nthreads; i++)
			free(r.cells[i]);
	free(r.cells);
	free(r.ncells);
	free(text);
	if (rc) {
		litmus_free(r.t);
		return NULL;
	}
	return r.t;
}

litmus_test *litmus_read_string(const char *text, const char *name,
				frontend_lookup_fn lookup, diag *d)
{
	char *copy = dup_range(text, strlen(text));

	if (!name)
		name = "<string>";
	litmus_test *t = read_text(copy, name, lookup, d);
	if (t)
		t->text = dup_range(text, strlen(text));
	return t;
}

/* A NUL byte would silently cut the text short; report where it is. */
static int check_no_nul(const char *buf, size_t n, diag *d)
{
	const char *nul = memchr(buf, '\0', n), *p;
	srcpos pos = { 1, 1 };

	if (!nul)
		return 0;
	for (p = buf; p < nul; p++) {
		if (*p == '\n') {
			pos.line++;
			pos.col = 1;
		} else {
			pos.col++;
		}
	}
	return diag_error(d, pos, "NUL byte in the file");
}

litmus_test *litmus_read_file(const char *path, frontend_lookup_fn lookup, diag *d)
{
	size_t len;
	char *buf;

	if (!d->file)
		d->file = path;
	if (!(buf = file_read_all(path, LITMUS_MAX_FILE, &len))) {
		if (errno == EFBIG)
			diag_error(d, (srcpos){ 0, 0 }, "larger than %d MiB: not a litmus test",
				   LITMUS_MAX_FILE >> 20);
		else
			diag_error(d, (srcpos){ 0, 0 }, "cannot open: %s", strerror(errno));
		return NULL;
	}
	if (check_no_nul(buf, len, d)) {
		free(buf);
		return NULL;
	}
	return read_text(buf, path, lookup, d);
}

/* ---- a condition's proposition on its own (bpfmm explain STATE) ---- */

/* Where STATE names memory symbol `sym`: an observable's position, else
 * the first whole-word occurrence of its name in `text` (a value such as
 * 0:r1=zz), else the start. */
static srcpos prop_sym_pos(const prop *p, int sym, const char *name, const char *text)
{
	srcpos at = { 0, 0 };

	for (; p && !at.line; p = p->r) {
		if (p->kind == PROP_ATOM) {
			if (p->lhs.thread < 0 && p->lhs.sym == sym)
				return p->lhs.pos;
			if (p->rhs_is_obs && p->rhs_obs.thread < 0 && p->rhs_obs.sym == sym)
				return p->rhs_obs.pos;
		}
		at = prop_sym_pos(p->l, sym, name, NULL);
	}
	if (at.line || !text)
		return at;
	size_t n = strlen(name);
	for (const char *q = strstr(text, name); q; q = strstr(q + 1, name)) {
		bool word_before = q > text && (isalnum((unsigned char)q[-1]) || q[-1] == '_');
		bool word_after = isalnum((unsigned char)q[n]) || q[n] == '_';
		if (!word_before && !word_after)
			return (srcpos){ 1, (int)(q - text) + 1 };
	}
	return (srcpos){ 1, 1 };
}

prop *litmus_read_prop(litmus_test *t, const char *text, const char *name, diag *d)
{
	char *copy = dup_range(text, strlen(text));
	int nsyms = t->nsyms;
	reader r = { .t = t, .fe = t->fe, .text = copy, .d = d };
	prop *p = NULL;

	if (!d->file)
		d->file = name;
	lex_init(&r.lx, copy, (srcpos){ 1, 1 }, "end of STATE", d);
	if (lex_at_end(&r.lx))
		diag_error(d, r.lx.pos, "empty state (expected e.g. \"0:r1=1 /\\ x=2\")");
	else if ((p = read_implies(&r, 0)) && !lex_at_end(&r.lx)) {
		diag_error(d, r.lx.pos, "unexpected text after the state");
		prop_free(p);
		p = NULL;
	}
	if (p && t->nsyms > nsyms) {
		diag_error(d, prop_sym_pos(p, nsyms, t->syms[nsyms], text),
			   "location '%s' is not one of the test's", t->syms[nsyms]);
		prop_free(p);
		p = NULL;
	}
	free(copy);
	return p;
}

/* ---- a replacement condition (herd7's -conds) ---- */

/* Positions of a replacement condition are in another file than the
 * test's: later warnings about it name the test without a position. */
static void prop_forget_pos(prop *p)
{
	for (; p; p = p->r) {
		p->lhs.pos = (srcpos){ 0, 0 };
		p->rhs_obs.pos = (srcpos){ 0, 0 };
		prop_forget_pos(p->l);
	}
}

int litmus_replace_cond(litmus_test *t, const char *text, srcpos at, diag *d)
{
	char *copy = dup_range(text, strlen(text));
	int nsyms = t->nsyms;
	reader r = { .t = t, .fe = t->fe, .text = copy, .d = d };
	quantifier q = Q_EXISTS;
	prop *p = NULL;

	lex_init(&r.lx, copy, at, "end of text", d);
	if (lex_accept_word(&r.lx, "exists"))
		q = Q_EXISTS;
	else if (lex_accept_word(&r.lx, "forall"))
		q = Q_FORALL;
	else if (lex_accept(&r.lx, "~") && lex_accept_word(&r.lx, "exists"))
		q = Q_NOT_EXISTS;
	else {
		lex_error_expected(&r.lx, "exists, ~exists or forall");
		free(copy);
		return -1;
	}
	if ((p = read_implies(&r, 0))) {
		lex_accept(&r.lx, ";");
		if (!lex_at_end(&r.lx)) {
			diag_error(d, r.lx.pos, "unexpected text after the condition");
			prop_free(p);
			p = NULL;
		}
	}
	if (p && t->nsyms > nsyms) {
		srcpos sp = prop_sym_pos(p, nsyms, t->syms[nsyms], NULL);
		diag_error(d, sp.line ? sp : at, "location '%s' is not one of test %s's",
			   t->syms[nsyms], t->name);
		prop_free(p);
		p = NULL;
	}
	/* a failed read may have interned names: the test keeps its own */
	for (int i = nsyms; i < t->nsyms; i++)
		free(t->syms[i]);
	t->nsyms = nsyms;
	free(copy);
	if (!p)
		return -1;
	prop_forget_pos(p);
	prop_free(t->cond);
	t->cond = p;
	t->quant = q;
	return 0;
}
