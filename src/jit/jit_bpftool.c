/* jit_bpftool.c - JIT images from bpftool's output (jit_bpftool.h).
 *
 * What bpftool 6.12 prints (tools/bpf/bpftool, read for the format only;
 * docs/jit-check.md cites the lines):
 *   text, `bpftool prog dump jited PROG opcodes`: per function a header
 *   "SYMBOL:" (the kernel's symbol of the program, "bpf_prog_TAG_NAME",
 *   or "0x%016llx" / "unknown" when kallsyms does not name it), then per
 *   instruction "%4x:" and the disassembler's text on one line and "\t"
 *   followed by "%02x " for each of its bytes on the next; a blank line
 *   after each function; "; ..." lines of BTF line info;
 *   JSON, `bpftool -j prog dump jited PROG opcodes`: an array of
 *   functions {"name": SYMBOL, "insns": [...]} (or directly the array of
 *   instructions), each instruction {"pc": "0x%x", "operation": ...,
 *   "operands": [...], "opcodes": ["0x%02hhx", ...]}.
 * Only the bytes are used: the image is rebuilt from them and goes through
 * the same disassembler and lifter as the runner's own dump, whatever
 * disassembler (LLVM or libbfd) bpftool was built with. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "jit/jit_bpftool.h"
#include "base/xalloc.h"

/* ---- shared ---------------------------------------------------------------- */

/* Errors said per file; the rest only counted. */
#define BT_MAX_ERRORS 20

typedef struct {
	const char *path;
	const char *data;
	size_t n;
	FILE *err;
	int nerr;
	bt_images *out;
	size_t wo, wb;           /* where(): the offset counted up to, its line's start */
	long wl;                 /* and its line (0: nothing counted yet) */
} reader;

/* Line and column (1-based) of byte off of the input; counted on from the
 * last call's offset (the readers ask in increasing order). */
static void where(reader *r, size_t off, long *line, int *col)
{
	if (r->wl == 0 || off < r->wo) {
		r->wo = r->wb = 0;
		r->wl = 1;
	}
	for (; r->wo < off && r->wo < r->n; r->wo++)
		if (r->data[r->wo] == '\n') {
			r->wl++;
			r->wb = r->wo + 1;
		}
	*line = r->wl;
	*col = (int)(off - r->wb) + 1;
}

static void __attribute__((format(printf, 4, 5)))
rerror(reader *r, long line, int col, const char *fmt, ...)
{
	va_list ap;

	if (++r->nerr > BT_MAX_ERRORS || !r->err)
		return;
	if (r->nerr == BT_MAX_ERRORS) {
		fprintf(r->err, "%s:%ld:%d: error: too many errors; the rest of the file is not reported\n",
			r->path, line, col);
		return;
	}
	fprintf(r->err, "%s:%ld:%d: error: ", r->path, line, col);
	va_start(ap, fmt);
	vfprintf(r->err, fmt, ap);
	va_end(ap);
	fputc('\n', r->err);
}

int bt_hexdigit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

char *bt_symbol_name(const char *sym)
{
	const char *p = sym;

	if (strncmp(p, "bpf_prog_", 9))
		return NULL;
	p += 9;
	for (int i = 0; i < 16; i++, p++)
		if (bt_hexdigit((unsigned char)*p) < 0)
			return NULL;
	if (*p != '_' || !p[1])
		return NULL;
	return xstrdup(p + 1);
}

/* Append byte b to im; false when the image would be too long. */
static bool put_byte(bt_image *im, size_t *cap, unsigned char b)
{
	if (im->len >= BT_MAX_IMAGE)
		return false;
	if (im->len == *cap) {
		*cap = *cap ? 2 * *cap : 256;
		im->code = xrealloc(im->code, *cap);
	}
	im->code[im->len++] = b;
	return true;
}

static void push_image(reader *r, bt_image *im)
{
	r->out->v = xrealloc(r->out->v, sizeof *r->out->v * (size_t)(r->out->n + 1));
	r->out->v[r->out->n++] = *im;
	memset(im, 0, sizeof *im);
}

static void drop_image(bt_image *im)
{
	free(im->name);
	free(im->code);
	memset(im, 0, sizeof *im);
}

static const char hint_text[] = "dump it with `bpftool prog dump jited PROG opcodes`";
static const char hint_json[] = "dump it with `bpftool -j prog dump jited PROG opcodes`";
static const char hint_file[] = "the image is incomplete: dump it with `bpftool prog dump jited PROG file FILE`";

/* ---- text ---------------------------------------------------------------- */

typedef struct {
	bt_image cur;
	size_t cap;
	bool open, bad, insns;   /* an image is open; it had an error; it has instruction lines */
	bool pending;            /* an instruction line waits for its bytes */
	long pend_line, pend_pc;
} tstate;

/* The open image ends (a new header, or the end of the input at line). */
static void text_close(reader *r, tstate *s, bool at_header, long line)
{
	if (!s->open)
		return;
	if (s->pending && !s->bad && s->cur.len > 0)
		/* the instructions before it have their bytes: not a missing
		 * `opcodes`, the output stops inside this one */
		rerror(r, s->pend_line, 1, "no opcode bytes after the instruction at offset 0x%lx, the "
		       "instructions before it have theirs: %s", s->pend_pc,
		       at_header ? "its bytes line is missing" : "the output is cut short");
	else if (s->pending && !s->bad)
		rerror(r, s->pend_line, 1, "no opcode bytes after the instruction at offset 0x%lx (%s)",
		       s->pend_pc, hint_text);
	else if (!s->bad && s->cur.len == 0 && !(at_header && !s->insns))
		rerror(r, line, 1, "no instructions after the header at line %ld", s->cur.line);
	else if (!s->bad && s->cur.len > 0) {
		push_image(r, &s->cur);
		s->cap = 0;
	}
	/* a header followed by a header: bpftool's prototype line "PROTO:"
	 * before the symbol (BTF), nothing to keep */
	drop_image(&s->cur);
	s->cap = 0;
	s->open = s->bad = s->insns = s->pending = false;
}

static void text_open(tstate *s, long line, char *name)
{
	memset(&s->cur, 0, sizeof s->cur);
	s->cur.name = name;
	s->cur.line = line;
	s->cur.col = 1;
	s->cap = 0;
	s->open = true;
	s->bad = s->insns = s->pending = false;
}

/* An error in the open image: said once, the image left out. */
static void __attribute__((format(printf, 5, 6)))
text_bad(reader *r, tstate *s, long line, int col, const char *fmt, ...)
{
	if (!s->bad) {
		char msg[400];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(msg, sizeof msg, fmt, ap);
		va_end(ap);
		rerror(r, line, col, "%s", msg);
	}
	s->bad = true;
	s->pending = false;
}

/* The opcode line "\tB1 B2 ... " of the pending instruction (l: after the
 * leading blanks, at column col0). */
static void text_bytes(reader *r, tstate *s, const char *l, size_t n, long line, int col0)
{
	size_t i = 0;
	int nb = 0;

	s->pending = false;
	while (i < n) {
		if (l[i] == ' ' || l[i] == '\t') {
			i++;
			continue;
		}
		int a = bt_hexdigit((unsigned char)l[i]), b = i + 1 < n ? bt_hexdigit((unsigned char)l[i + 1]) : -1;
		if (a < 0 || b < 0 || (i + 2 < n && l[i + 2] != ' ' && l[i + 2] != '\t')) {
			text_bad(r, s, line, col0 + (int)i, "not a byte on the opcode line (two hexadecimal digits)");
			return;
		}
		if (!put_byte(&s->cur, &s->cap, (unsigned char)(a * 16 + b))) {
			text_bad(r, s, line, col0 + (int)i, "image too long (more than %d bytes)", BT_MAX_IMAGE);
			return;
		}
		nb++;
		i += 2;
	}
	if (nb == 0)
		text_bad(r, s, line, 1, "no opcode bytes for the instruction at offset 0x%lx: bpftool's "
			 "disassembler could not decode it; %s", s->pend_pc, hint_file);
}

/* One line l[0..n) (no newline) at line number line. */
static void text_line(reader *r, tstate *s, const char *l, size_t n, long line)
{
	size_t sp = 0, hx;

	if (n && l[n - 1] == '\r')
		n--;
	if (memchr(l, '\0', n)) {
		if (!s->open)
			text_open(s, line, NULL);
		text_bad(r, s, line, 1, "a NUL byte (not bpftool's text output)");
		return;
	}
	while (sp < n && (l[sp] == ' ' || l[sp] == '\t'))
		sp++;
	/* the bytes' line: bpftool starts it with a tab; a terminal or an
	 * editor may have made it spaces (the line then has only bytes) */
	size_t bytes = sp;       /* how far the line is hexadecimal digits and spaces */
	while (bytes < n && (l[bytes] == ' ' || bt_hexdigit((unsigned char)l[bytes]) >= 0))
		bytes++;
	if (s->pending && sp > 0 && (l[0] == '\t' || bytes == n)) {
		text_bytes(r, s, l + sp, n - sp, line, (int)sp + 1);
		return;
	}
	if (sp == n) {
		/* bpftool ends each function with an empty line; after an
		 * instruction it is where its bytes should have been */
		if (s->pending)
			text_bad(r, s, s->pend_line, 1, "no opcode bytes after the instruction at offset 0x%lx (%s)",
				 s->pend_pc, hint_text);
		return;
	}
	if (l[sp] == ';')
		return;                  /* "; ..." BTF line info */
	if (sp == 0 && l[n - 1] == ':') {
		for (hx = 0; hx + 1 < n && bt_hexdigit((unsigned char)l[hx]) >= 0; hx++)
			;
		if (hx + 1 < n) {
			/* a function's header (not "%4x:" with an empty text) */
			text_close(r, s, true, line);
			char *sym = xstrndup(l, n - 1);
			text_open(s, line, bt_symbol_name(sym));
			free(sym);
			return;
		}
	}
	if (s->open && s->bad)
		return;                  /* skipped up to the next header */
	for (hx = sp; hx < n && bt_hexdigit((unsigned char)l[hx]) >= 0; hx++)
		;
	if (hx > sp && hx < n && l[hx] == ':') {
		/* "%4x:" and the instruction's text */
		if (s->pending) {
			text_bad(r, s, s->pend_line, 1, "no opcode bytes after the instruction at offset 0x%lx (%s)",
				 s->pend_pc, hint_text);
			return;
		}
		if (!s->open)
			text_open(s, line, NULL);
		long pc = 0;
		for (size_t i = sp; i < hx && pc <= BT_MAX_IMAGE; i++)
			pc = pc * 16 + bt_hexdigit((unsigned char)l[i]);
		if (pc != (long)s->cur.len) {
			if (pc > BT_MAX_IMAGE)
				text_bad(r, s, line, (int)sp + 1, "an instruction at an offset past %d bytes", BT_MAX_IMAGE);
			else
				text_bad(r, s, line, (int)sp + 1, "an instruction at offset 0x%lx where the bytes so far "
					 "end at 0x%zx (a line missing or out of order)", pc, s->cur.len);
			return;
		}
		s->pending = true;
		s->insns = true;
		s->pend_line = line;
		s->pend_pc = pc;
		return;
	}
	if (!s->open)
		text_open(s, line, NULL);
	if (l[0] == '\t')
		text_bad(r, s, line, 1, "opcode bytes without an instruction line before them");
	else
		text_bad(r, s, line, 1, "not a line of `bpftool prog dump jited PROG opcodes`");
}

static void read_text(reader *r)
{
	tstate s = { .open = false };
	long line = 0;
	size_t i = 0;

	while (i < r->n) {
		const char *nl = memchr(r->data + i, '\n', r->n - i);
		size_t e = nl ? (size_t)(nl - r->data) : r->n;
		line++;
		text_line(r, &s, r->data + i, e - i, line);
		i = e + 1;
	}
	text_close(r, &s, false, line);
}

/* ---- JSON ---------------------------------------------------------------- */

typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } jtype;

typedef struct jv {
	jtype t;
	char *s;                 /* J_STR: the string (NUL-free), J_NUM: its text */
	struct jv *v;            /* J_ARR, J_OBJ: the elements / member values */
	char **k;                /* J_OBJ: the member names */
	int n, cap;
	size_t off;              /* where it starts */
} jv;

typedef struct {
	reader *r;
	size_t i;
	int depth;
	bool failed;
} jparser;

#define J_MAX_DEPTH 64

static void jfree(jv *v)
{
	for (int i = 0; i < v->n; i++) {
		jfree(&v->v[i]);
		if (v->k)
			free(v->k[i]);
	}
	free(v->v);
	free(v->k);
	free(v->s);
	memset(v, 0, sizeof *v);
}

static void jerr(jparser *p, size_t off, const char *what)
{
	long line;
	int col;

	if (p->failed)
		return;
	p->failed = true;
	where(p->r, off, &line, &col);
	rerror(p->r, line, col, "bad JSON: %s", what);
}

static void jws(jparser *p)
{
	while (p->i < p->r->n && strchr(" \t\r\n", p->r->data[p->i]) && p->r->data[p->i])
		p->i++;
}

static int jvalue(jparser *p, jv *out);

static int jstring(jparser *p, char **out)
{
	const char *d = p->r->data;
	size_t cap = 16, len = 0, start = p->i;
	char *s = xmalloc(cap);

	p->i++;                          /* the opening quote */
	for (;;) {
		if (p->i >= p->r->n) {
			free(s);
			jerr(p, start, "a string without its closing quote");
			return -1;
		}
		unsigned char c = (unsigned char)d[p->i++];
		if (c == '"')
			break;
		if (c < 0x20) {
			free(s);
			jerr(p, p->i - 1, "a control character in a string");
			return -1;
		}
		if (c == '\\') {
			if (p->i >= p->r->n) {
				free(s);
				jerr(p, start, "a string without its closing quote");
				return -1;
			}
			char e = d[p->i++];
			const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t", *q = e ? strchr(from, e) : NULL;
			if (q) {
				c = (unsigned char)to[q - from];
			} else if (e == 'u') {
				unsigned v = 0;
				for (int k = 0; k < 4; k++) {
					int h = p->i < p->r->n ? bt_hexdigit((unsigned char)d[p->i]) : -1;
					if (h < 0) {
						free(s);
						jerr(p, p->i, "a bad \\u escape");
						return -1;
					}
					v = v * 16 + (unsigned)h;
					p->i++;
				}
				c = v && v < 0x80 ? (unsigned char)v : '?';
			} else {
				free(s);
				jerr(p, p->i - 1, "a bad escape in a string");
				return -1;
			}
		}
		if (len + 2 > cap)
			s = xrealloc(s, cap *= 2);
		s[len++] = (char)c;
	}
	s[len] = '\0';
	*out = s;
	return 0;
}

/* The elements of an array (obj false) or the members of an object. */
static int jcontainer(jparser *p, jv *out, bool obj)
{
	char close = obj ? '}' : ']';

	out->t = obj ? J_OBJ : J_ARR;
	p->i++;
	jws(p);
	if (p->i < p->r->n && p->r->data[p->i] == close) {
		p->i++;
		return 0;
	}
	for (;;) {
		char *key = NULL;
		jws(p);
		if (obj) {
			if (p->i >= p->r->n || p->r->data[p->i] != '"') {
				jerr(p, p->i, "expected a member name (a string)");
				return -1;
			}
			if (jstring(p, &key) < 0)
				return -1;
			jws(p);
			if (p->i >= p->r->n || p->r->data[p->i] != ':') {
				free(key);
				jerr(p, p->i, "expected ':' after a member name");
				return -1;
			}
			p->i++;
		}
		if (out->n == out->cap) {
			out->cap = out->cap ? 2 * out->cap : 4;
			out->v = xrealloc(out->v, sizeof *out->v * (size_t)out->cap);
			if (obj)
				out->k = xrealloc(out->k, sizeof *out->k * (size_t)out->cap);
		}
		memset(&out->v[out->n], 0, sizeof out->v[out->n]);
		if (obj)
			out->k[out->n] = key;
		out->n++;
		if (jvalue(p, &out->v[out->n - 1]) < 0)
			return -1;
		jws(p);
		if (p->i < p->r->n && p->r->data[p->i] == ',') {
			p->i++;
			continue;
		}
		if (p->i < p->r->n && p->r->data[p->i] == close) {
			p->i++;
			return 0;
		}
		jerr(p, p->i, obj ? "expected ',' or '}'" : "expected ',' or ']'");
		return -1;
	}
}

static int jvalue(jparser *p, jv *out)
{
	const char *d = p->r->data;

	jws(p);
	out->off = p->i;
	if (p->i >= p->r->n) {
		jerr(p, p->i, "unexpected end of the input");
		return -1;
	}
	char c = d[p->i];
	if (c == '[' || c == '{') {
		if (p->depth >= J_MAX_DEPTH) {
			jerr(p, p->i, "nested too deep");
			return -1;
		}
		p->depth++;
		int rc = jcontainer(p, out, c == '{');
		p->depth--;
		return rc;
	}
	if (c == '"') {
		out->t = J_STR;
		return jstring(p, &out->s);
	}
	static const struct { const char *w; jtype t; } words[] = {
		{ "null", J_NULL }, { "true", J_BOOL }, { "false", J_BOOL },
	};
	for (size_t k = 0; k < sizeof words / sizeof *words; k++) {
		size_t wl = strlen(words[k].w);
		if (p->r->n - p->i >= wl && !memcmp(d + p->i, words[k].w, wl)) {
			out->t = words[k].t;
			p->i += wl;
			return 0;
		}
	}
	size_t s = p->i;
	while (p->i < p->r->n && d[p->i] && strchr("+-0123456789.eE", d[p->i]))
		p->i++;
	if (p->i == s) {
		jerr(p, p->i, "expected a value");
		return -1;
	}
	out->t = J_NUM;
	out->s = xstrndup(d + s, p->i - s);
	return 0;
}

static const jv *jmember(const jv *o, const char *k)
{
	for (int i = 0; o->t == J_OBJ && i < o->n; i++)
		if (!strcmp(o->k[i], k))
			return &o->v[i];
	return NULL;
}

static void __attribute__((format(printf, 3, 4)))
jerror_at(reader *r, const jv *v, const char *fmt, ...)
{
	long line;
	int col;
	char msg[400];
	va_list ap;

	if (r->nerr >= BT_MAX_ERRORS) {
		r->nerr++;       /* not said: where() costs a pass over the input */
		return;
	}
	where(r, v->off, &line, &col);
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	rerror(r, line, col, "%s", msg);
}

/* "0x..." (bpftool's "0x%x" / "0x%02hhx"): its value, or -1. */
static long jhex(const jv *v, int maxdigits)
{
	long x = 0;

	if (v->t != J_STR || strncmp(v->s, "0x", 2) || !v->s[2] || (int)strlen(v->s + 2) > maxdigits)
		return -1;
	for (const char *q = v->s + 2; *q; q++) {
		int h = bt_hexdigit((unsigned char)*q);
		if (h < 0)
			return -1;
		x = x * 16 + h;
	}
	return x;
}

/* One function's instruction records into an image named name (taken). */
static void json_insns(reader *r, const jv *arr, char *name, const jv *at)
{
	bt_image im = { .name = name };
	size_t cap = 0;
	long line;

	where(r, at->off, &line, &im.col);
	im.line = line;
	if (arr->t != J_ARR || arr->n == 0) {
		jerror_at(r, arr, "%s", arr->t != J_ARR ? "\"insns\" is not an array" : "no instructions");
		drop_image(&im);
		return;
	}
	for (int i = 0; i < arr->n; i++) {
		const jv *in = &arr->v[i], *pc = jmember(in, "pc"), *op = jmember(in, "opcodes");
		if (in->t != J_OBJ) {
			jerror_at(r, in, "an instruction record is not an object");
			drop_image(&im);
			return;
		}
		long at_pc = pc ? jhex(pc, 8) : -1;
		if (at_pc < 0) {
			jerror_at(r, pc ? pc : in, "no \"pc\" of the form \"0x...\" in the instruction record");
			drop_image(&im);
			return;
		}
		if (at_pc != (long)im.len) {
			jerror_at(r, pc, "an instruction at offset 0x%lx where the bytes so far end at 0x%zx "
				  "(a record missing or out of order)", at_pc, im.len);
			drop_image(&im);
			return;
		}
		if (!op || op->t != J_ARR) {
			jerror_at(r, op ? op : in, "no \"opcodes\" array in the instruction record (%s)", hint_json);
			drop_image(&im);
			return;
		}
		if (op->n == 0) {
			jerror_at(r, op, "no opcode bytes for the instruction at offset 0x%lx: bpftool's "
				  "disassembler could not decode it; %s", at_pc, hint_file);
			drop_image(&im);
			return;
		}
		for (int k = 0; k < op->n; k++) {
			long b = jhex(&op->v[k], 2);
			if (b < 0) {
				jerror_at(r, &op->v[k], "an opcode byte is not a string \"0xHH\"");
				drop_image(&im);
				return;
			}
			if (!put_byte(&im, &cap, (unsigned char)b)) {
				jerror_at(r, &op->v[k], "image too long (more than %d bytes)", BT_MAX_IMAGE);
				drop_image(&im);
				return;
			}
		}
	}
	push_image(r, &im);
}

/* One top-level value: bpftool's array of functions or of instructions
 * (null: what `-j ... file FILE` prints). */
static void json_top(reader *r, const jv *v)
{
	if (v->t == J_NULL)
		return;
	if (v->t != J_ARR) {
		jerror_at(r, v, "expected the array `bpftool -j prog dump jited` prints");
		return;
	}
	if (v->n == 0) {
		jerror_at(r, v, "no instructions");
		return;
	}
	if (!jmember(&v->v[0], "insns")) {
		json_insns(r, v, NULL, v);
		return;
	}
	for (int i = 0; i < v->n; i++) {
		const jv *f = &v->v[i], *insns = jmember(f, "insns"), *name = jmember(f, "name");
		if (!insns) {
			jerror_at(r, f, "a function without \"insns\"");
			continue;
		}
		json_insns(r, insns, name && name->t == J_STR ? bt_symbol_name(name->s) : NULL, f);
	}
}

static void read_json(reader *r)
{
	jparser p = { .r = r };

	for (;;) {
		jws(&p);
		if (p.i >= r->n)
			return;
		jv v = { .t = J_NULL };
		int rc = jvalue(&p, &v);
		if (rc == 0)
			json_top(r, &v);
		jfree(&v);
		if (rc < 0)
			return;
	}
}

/* ---- entry points ------------------------------------------------------------ */

int bt_read(const char *path, const char *data, size_t n, bt_images *out, FILE *err)
{
	reader r = { .path = path, .data = data, .n = n, .err = err, .out = out };
	size_t i = 0;

	while (i < n && strchr(" \t\r\n", data[i]) && data[i])
		i++;
	if (i == n) {
		rerror(&r, 1, 1, "empty: no output of `bpftool prog dump jited`");
		return r.nerr;
	}
	if (data[i] == '[' || data[i] == '{' || !strncmp(data + i, "null", n - i < 4 ? n - i : 4))
		read_json(&r);
	else
		read_text(&r);
	return r.nerr;
}

int bt_read_file(const char *path, bool raw, bt_images *out, FILE *err)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 4096, n = 0, got;
	char *data;
	int rc;

	if (!f) {
		fprintf(err, "%s: error: cannot read it: %s\n", path, strerror(errno));
		return 1;
	}
	data = xmalloc(cap);
	while ((got = fread(data + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			if (cap >= BT_MAX_FILE)
				break;
			data = xrealloc(data, cap *= 2);
		}
	}
	bool err_read = ferror(f) != 0;
	fclose(f);
	if (err_read || n >= BT_MAX_FILE || (raw && n > BT_MAX_IMAGE) || (raw && n == 0)) {
		fprintf(err, "%s: error: %s\n", path, err_read ? "cannot read it"
			: raw && n == 0 ? "an empty image" : "too long for a JIT image");
		free(data);
		return 1;
	}
	if (raw) {
		bt_image im = { .code = (unsigned char *)data, .len = n, .line = 0, .col = 0 };
		out->v = xrealloc(out->v, sizeof *out->v * (size_t)(out->n + 1));
		out->v[out->n++] = im;
		return 0;
	}
	rc = bt_read(path, data, n, out, err);
	free(data);
	return rc;
}

int bt_parse_hold(const char *l, char **test, int *thread, unsigned long *id, char **name, const char **why)
{
	char t[256], nm[32], extra[2];
	int th, used = 0;
	unsigned long v;

	*test = *name = NULL;
	if (sscanf(l, "hold %255s %d %lu %31s%n %1s", t, &th, &v, nm, &used, extra) != 4 || !used) {
		*why = "not \"hold TEST T ID NAME\"";
		return -1;
	}
	if (th < 0 || th > 63) {
		*why = "bad thread number";
		return -1;
	}
	if (strlen(nm) > 15 || strspn(nm, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.")
	    != strlen(nm)) {
		*why = "not a BPF program name (at most 15 letters, digits, '_' or '.')";
		return -1;
	}
	*test = xstrdup(t);
	*name = xstrdup(nm);
	*thread = th;
	*id = v;
	return 0;
}

void bt_free(bt_images *b)
{
	for (int i = 0; i < b->n; i++)
		drop_image(&b->v[i]);
	free(b->v);
	b->v = NULL;
	b->n = 0;
}

int bt_fuzz(const char *data, size_t n)
{
	bt_images b = { 0 };

	bt_read("(fuzz)", data, n, &b, NULL);
	bt_free(&b);
	/* the same bytes as the runner's hold lines */
	char *text = xstrndup(data, n), *save = NULL;
	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char *p = strstr(l, "hold "), *test, *name;
		int th;
		unsigned long id;
		const char *why;
		if (p && bt_parse_hold(p, &test, &th, &id, &name, &why) == 0) {
			free(test);
			free(name);
		}
	}
	free(text);
	return 0;
}
