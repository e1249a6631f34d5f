/* lift.c - the generic lifter of `bpfmm jit-check` (lift.h): an image's
 * instructions as llvm-objdump prints them, lifted to a thread of the
 * native litmus dialect:
 *   - the three markers run.c stores to *(u64 *)(r10 - 112) (0x5a1 before
 *     the registers' initial values, 0x5a2 before the body, 0x5a3 after it)
 *     cut the image into prologue, init, body and epilogue;
 *   - the init part is evaluated (constants, and the instance's base
 *     address the prologue spilled to r10 - 8): each register's value
 *     becomes a constant or a named location, and must equal what the
 *     test gives that register;
 *   - the epilogue's ten spills of r0..r9 give the JIT's register
 *     assignment (BPF rK -> native register), checked against the init;
 *   - the body's instructions are kept as emitted (immediates in decimal,
 *     branch targets as labels); accesses to the BPF stack become accesses
 *     to a thread-private location through a register of their own.
 * Each architecture's part is its jit_lifter (lift_ARCH.c); the table of
 * them is at the end. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jit/lift.h"
#include "jit/run.h"
#include "arch/frontends.h"
#include "base/xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof *(a))

void lift_dl_push(dlist *l, const dinsn *i)
{
	l->v = xrealloc(l->v, sizeof *l->v * (l->n + 1));
	l->v[l->n++] = *i;
}

rval *lift_rf_get(regfile *f, const char *reg)
{
	for (int i = 0; i < f->n; i++)
		if (!strcmp(f->r[i].reg, reg))
			return &f->r[i];
	if (f->n == (int)NELEM(f->r))
		return NULL;
	rval *v = &f->r[f->n++];
	snprintf(v->reg, sizeof v->reg, "%s", reg);
	v->k = V_UNKNOWN;
	return v;
}

int64_t lift_sext32(int64_t v) { return (int64_t)(int32_t)(uint32_t)v; }

int lift_refuse(lifted *lt, const char *fmt, const char *a1, const char *a2)
{
	snprintf(lt->why, sizeof lt->why, fmt, a1, a2);
	return -1;
}

/* ---- llvm-objdump's lines ------------------------------------------------------ */

bool lift_objdump_line(const jit_lifter *a, char *line, dinsn *in, long *addr)
{
	char *colon, *t1, *t2, *e;

	line[strcspn(line, "\n")] = '\0';
	*addr = strtol(line, &colon, 16);
	if (colon == line || *colon != ':' || *addr < 0 || !(t1 = strchr(colon, '\t')))
		return false;
	memset(in, 0, sizeof *in);
	t2 = strchr(t1 + 1, '\t');
	if (t2)
		*t2 = '\0';
	snprintf(in->mn, sizeof in->mn, "%s", t1 + 1);
	if (a->fix_mnemonic)
		a->fix_mnemonic(in, t1, &t2);
	if (t2) {
		/* drop llvm's comments ("// =1", and the architecture's own) */
		if ((e = strstr(t2 + 1, "//")) != NULL)
			*e = '\0';
		if (a->fix_operands)
			a->fix_operands(in->mn, t2 + 1);
		snprintf(in->ops, sizeof in->ops, "%s", t2 + 1);
		for (size_t k = strlen(in->ops); k && in->ops[k - 1] == ' '; k--)
			in->ops[k - 1] = '\0';
	}
	return in->mn[0] != '\0';
}

void lift_join(const jit_lifter *a, dinsn *in, bool *pending, dlist *l)
{
	if (a->prefix && !strcmp(in->mn, a->prefix) && !in->ops[0]) {
		*pending = true;
		return;
	}
	if (*pending) {
		char m[sizeof in->mn];
		snprintf(m, sizeof m, "%s", in->mn);
		snprintf(in->mn, sizeof in->mn, "%s %.18s", a->prefix, m);
		in->addr -= 1;
		*pending = false;
	}
	lift_dl_push(l, in);
}

/* ---- operands -------------------------------------------------------------------- */

int lift_split_ops(const char *ops, char parts[][64], int max)
{
	int n = 0, depth = 0;
	size_t k = 0;

	if (!*ops)
		return 0;
	for (const char *p = ops;; p++) {
		if (*p == '(' || *p == '[')
			depth++;
		else if (*p == ')' || *p == ']')
			depth--;
		if (*p == '\0' || (*p == ',' && depth == 0)) {
			if (n < max) {
				while (k && parts[n][k - 1] == ' ')
					k--;
				parts[n][k] = '\0';
				n++;
			}
			k = 0;
			if (!*p)
				break;
			while (p[1] == ' ')
				p++;
			continue;
		}
		if (n < max && k < 63)
			parts[n][k++] = *p;
	}
	return n;
}

int lift_parse_imm(const char *s, int64_t *v)
{
	char *e;
	bool neg = false;

	if (*s == '#' || *s == '$')
		s++;
	if (*s == '-') {
		neg = true;
		s++;
	}
	if (!*s)
		return -1;
	errno = 0;
	uint64_t u = strtoull(s, &e, 0);
	if (*e || errno)
		return -1;
	*v = neg ? (int64_t)(0 - u) : (int64_t)u;
	return 0;
}

void lift_canon_reg(const jit_lifter *a, const char *s, char *out, size_t n)
{
	out[0] = '\0';
	if (a->canon_reg)
		a->canon_reg(a, s, out, n);
	else if (strlen(s) < 5 && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789") == strlen(s))
		snprintf(out, n, "%s", s);
}

bool lift_mem_paren(const jit_lifter *a, const char *s, char *base, size_t n, int64_t *off, bool index)
{
	char b[64] = "";
	const char *lp = strchr(s, '(');

	*off = 0;
	if (!lp || s[strlen(s) - 1] != ')')
		return false;
	const char *cm = strchr(lp, ',');
	if (cm && !index)
		return false;
	if (lp != s) {
		char o[64];
		snprintf(o, sizeof o, "%.*s", (int)(lp - s), s);
		if (lift_parse_imm(o, off) < 0)
			return false;
	}
	snprintf(b, sizeof b, "%.*s", (int)(strlen(lp) - 2), lp + 1);
	if (cm) {
		/* S390X "D(X,B)": the JIT puts the address in the index field
		 * and 0 in the base (EMIT6_DISP_LH(op, reg, dst, REG_0, off));
		 * register 0 there means none, so one of X and B is the address
		 * register */
		char *y = strchr(b, ',');
		*y++ = '\0';
		bool x0 = !strcmp(b, "0") || !strcmp(b, "%r0"), y0 = !strcmp(y, "0") || !strcmp(y, "%r0");
		if (x0 == y0)
			return false;
		if (x0)
			memmove(b, y, strlen(y) + 1);
	}
	lift_canon_reg(a, b, base, n);
	return base[0] != '\0';
}

bool lift_parse_mem(const jit_lifter *a, const char *s, char *base, size_t n, int64_t *off)
{
	if (a->parse_mem)
		return a->parse_mem(a, s, base, n, off);
	return lift_mem_paren(a, s, base, n, off, false);
}

bool lift_is_stackreg(const jit_lifter *a, const char *canon)
{
	for (size_t k = 0; k < NELEM(a->stackbase); k++)
		if (a->stackbase[k] && !strcmp(canon, a->stackbase[k]))
			return true;
	return false;
}

/* ---- evaluation of the init part --------------------------------------------- */

/* What instruction in gives its destination in f (a->eval); -1 when it
 * cannot say. */
static int eval(const jit_lifter *a, regfile *f, const dinsn *in)
{
	char o[4][64], d[8] = "";
	int n = lift_split_ops(in->ops, o, 4);

	if (n >= 2)
		lift_canon_reg(a, o[0], d, sizeof d);
	return a->eval(a, f, in->mn, o, n, d[0] ? lift_rf_get(f, d) : NULL);
}

/* Is in a 64-bit store of the register src to memory (a->spill)? */
static bool is_spill(const jit_lifter *a, const dinsn *in, const char *src)
{
	for (size_t k = 0; k < NELEM(a->spill); k++)
		if (a->spill[k] && !strcmp(in->mn, a->spill[k]))
			return !a->spill_reg || src[0] == a->spill_reg;
	return false;
}

bool lift_is_ret(const jit_lifter *a, const dinsn *in)
{
	for (size_t k = 0; k < NELEM(a->ret) && a->ret[k]; k++) {
		size_t ml = strcspn(a->ret[k], " ");
		if (strlen(in->mn) == ml && !strncmp(in->mn, a->ret[k], ml)
		    && (!a->ret[k][ml] || !strcmp(in->ops, a->ret[k] + ml + 1)))
			return true;
	}
	return false;
}

int lift_find_ret(const jit_lifter *a, const dlist *l, int i)
{
	for (; i < l->n; i++)
		if (lift_is_ret(a, &l->v[i]))
			return i;
	return -1;
}

int lift_eval_ld_mv(const jit_lifter *a, regfile *f, const char *m, char o[][64], int n, rval *rd,
		    const char *ld, const char *mv, vkind *k, int64_t *v)
{
	char s1[8];
	int64_t off;
	rval *rs;

	if (!strcmp(m, ld) && n == 2 && lift_parse_mem(a, o[1], s1, sizeof s1, &off) && lift_is_stackreg(a, s1)) {
		rd->k = V_BASE;
		rd->v = 0;
		return 0;
	}
	lift_canon_reg(a, o[1], s1, sizeof s1);
	if (!s1[0] || !(rs = lift_rf_get(f, s1)) || rs->k == V_UNKNOWN)
		return -1;
	*k = rs->k;
	*v = rs->v;
	if (!strcmp(m, mv) && n == 2) {
		rd->k = *k;
		rd->v = *v;
		return 0;
	}
	return 1;
}

int lift_eval_add(const jit_lifter *a, regfile *f, const char *rt_name, vkind k, int64_t v, rval *rd)
{
	char s2[8];
	rval *rt;

	lift_canon_reg(a, rt_name, s2, sizeof s2);
	if (!s2[0] || !(rt = lift_rf_get(f, s2)) || rt->k == V_UNKNOWN || (k == V_BASE && rt->k == V_BASE))
		return -1;
	rd->k = k == V_BASE || rt->k == V_BASE ? V_BASE : V_CONST;
	rd->v = v + rt->v;
	return 0;
}

/* ---- markers, epilogue --------------------------------------------------- */

/* Is l->v[i] the store of a marker to the BPF stack?  The marker's value,
 * and in *first the first instruction of its sequence; else 0. */
static int64_t marker_at(const jit_lifter *a, const dlist *l, int i, int *first)
{
	const dinsn *in = &l->v[i];
	char o[3][64], base[8], src[8];
	int64_t off, imm;
	int n = lift_split_ops(in->ops, o, 3);

	if (a->store_imm) {
		if (!a->store_imm(a, in, &imm) || n != 2 || !lift_parse_mem(a, o[1], base, sizeof base, &off)
		    || !lift_is_stackreg(a, base))
			return 0;
		*first = i;
		return imm;
	}
	if (!is_spill(a, in, o[0]) || n != 2 || i == 0 || !lift_parse_mem(a, o[1], base, sizeof base, &off)
	    || !lift_is_stackreg(a, base))
		return 0;
	lift_canon_reg(a, o[0], src, sizeof src);
	regfile f = { .n = 0 };
	if (eval(a, &f, &l->v[i - 1]) < 0)
		return 0;
	rval *v = lift_rf_get(&f, src);
	if (!v || v->k != V_CONST)
		return 0;
	*first = i - 1;
	return v->v;
}

static const char *marker_name(int k)
{
	return k == 0 ? "0x5a1" : k == 1 ? "0x5a2" : "0x5a3";
}

/* The three markers `bpfmm run` puts around the initial values and the
 * body (mk: their instructions, first: where each marker's sequence
 * starts); 0, or refused. */
static int find_markers(const jit_lifter *a, const dlist *l, lifted *lt, int mk[3], int first[3])
{
	static const int64_t magic[3] = { RUN_MARK_INIT, RUN_MARK_BODY, RUN_MARK_END };

	for (int i = 0; i < l->n; i++) {
		int f = -1;
		int64_t v = marker_at(a, l, i, &f);
		for (int k = 0; k < 3; k++)
			if (v == magic[k]) {
				if (mk[k] >= 0)
					return lift_refuse(lt, "marker %s found twice%s", marker_name(k), "");
				mk[k] = i;
				first[k] = f;
			}
	}
	for (int k = 0; k < 3; k++)
		if (mk[k] < 0) {
			lt->broken = mk[0] < 0 && mk[1] < 0 && mk[2] < 0 ? JC_NOMARK : JC_CUT;
			return lift_refuse(lt, "marker %s not found%s", marker_name(k), "");
		}
	if (!(mk[0] < first[1] && mk[1] <= first[2])) {
		lt->broken = JC_NOMARK;
		return lift_refuse(lt, "markers out of order%s%s", "", "");
	}
	return 0;
}

/* The epilogue after the end marker at end spills r0..r9 in order, 8
 * bytes apart: their native registers into lt->native; 0, or refused. */
static int lift_epilogue(const jit_lifter *a, const dlist *l, int end, lifted *lt)
{
	int64_t prev = 0;
	char s[200];

	for (int k = 0; k < 10; k++) {
		int i = end + 1 + k;
		char o[2][64], base[8];
		int64_t off;
		if (i >= l->n) {
			char kb[16];
			snprintf(kb, sizeof kb, "%d", k);
			lt->broken = JC_CUT;
			return lift_refuse(lt, "the code ends after %s of the epilogue's 10 spills (r0..r9)%s", kb, "");
		}
		if (lift_split_ops(l->v[i].ops, o, 2) != 2)
			return lift_refuse(lt, "the epilogue does not spill r0..r9%s%s", "", "");
		const char *src = o[0], *mem = o[1];   /* the same order in every dialect */
		if (!is_spill(a, &l->v[i], src) || !lift_parse_mem(a, mem, base, sizeof base, &off)
		    || !lift_is_stackreg(a, base) || (k && off != prev - 8)) {
			snprintf(s, sizeof s, "%.23s %.150s", l->v[i].mn, l->v[i].ops);
			return lift_refuse(lt, "the epilogue does not spill r0..r9 (`%s`)%s", s, "");
		}
		prev = off;
		lift_canon_reg(a, src, lt->native[k], sizeof lt->native[k]);
	}
	return 0;
}

/* Both ends agree: the registers the epilogue reads hold the test's
 * initial values (expected) when the body starts (f: the values the
 * initial code gives); 0, or refused. */
static int check_initial(regfile *f, const rval expected[10], lifted *lt)
{
	for (int k = 0; k < 10; k++) {
		rval *v = lift_rf_get(f, lt->native[k]);
		if (!v || v->k != expected[k].k || v->v != expected[k].v) {
			char want[64], got[64];
			snprintf(want, sizeof want, "r%d=%s%" PRId64, k, expected[k].k == V_BASE ? "base+" : "",
				 expected[k].v);
			if (!v || v->k == V_UNKNOWN)
				snprintf(got, sizeof got, "%s not set", lt->native[k]);
			else
				snprintf(got, sizeof got, "%s=%s%" PRId64, lt->native[k],
					 v->k == V_BASE ? "base+" : "", v->v);
			lt->broken = JC_ALIEN;
			return lift_refuse(lt, "the initial values do not match the test (want %s, the code gives %s)",
					   want, got);
		}
	}
	return 0;
}

/* ---- the body ---------------------------------------------------------------- */

/* The instructions between markers and what lifting them collects. */
typedef struct {
	const jit_lifter *a;
	const dlist *l;
	int ti;
	long lo, hi;             /* the body's offsets: branches stay within */
	bool *labels;            /* per instruction (l->n: the body's end) */
	long slot;               /* the stack slot's offset, LONG_MIN: none */
	lifted *lt;
} body;

static bool default_is_branch(const char *mn)
{
	return mn[0] == 'b' || mn[0] == 'j' || !strncmp(mn, "cb", 2) || !strncmp(mn, "tb", 2);
}

/* Operand o (a branch target, "0x76 <sym+0x76>" or bare, an offset in the
 * blob) of in as a label into t; 0, or refused. */
static int body_target(body *b, const dinsn *in, char *o, char *t, size_t n)
{
	const dlist *l = b->l;
	char *lt_ = strchr(o, '<');

	if (lt_)
		*lt_ = '\0';
	long target = strtol(o, NULL, 16);
	if (b->a->branch_target && b->a->branch_target(l, in, &target, b->lt) < 0)
		return -1;
	target -= l->start;   /* llvm prints offsets in the blob */
	int idx = -1;
	for (int j = 0; j < l->n; j++)
		if (l->v[j].addr == target)
			idx = j;
	if (target < b->lo || target > b->hi || (target < b->hi && idx < 0)) {
		char s[200];
		snprintf(s, sizeof s, "%.23s to offset %ld", in->mn, target);
		return lift_refuse(b->lt, "a branch leaves the body: `%s`%s", s, "");
	}
	b->labels[idx < 0 ? l->n : idx] = true;
	snprintf(t, n, "L%dA%ld", b->ti, target);
	return 0;
}

/* Operand o with its hexadecimal immediates and offsets in decimal, into t. */
static void body_decimal(const char *o, char *t, size_t n)
{
	size_t tl = 0;
	const char *p = o;

	while (*p && tl < n - 24) {
		if ((p[0] == '0' && p[1] == 'x') || (p[0] == '-' && p[1] == '0' && p[2] == 'x')) {
			char *e;
			bool neg = *p == '-';
			unsigned long long u = strtoull(p + (neg ? 3 : 2), &e, 16);
			int64_t v = neg ? -(int64_t)u : (int64_t)u;
			tl += (size_t)snprintf(t + tl, n - tl, "%" PRId64, v);
			p = e;
		} else {
			t[tl++] = *p++;
		}
	}
	t[tl] = '\0';
}

/* Operands with decimal immediates, the stack slot through stackreg,
 * branch targets as labels. */
static int body_ops(body *b, const dinsn *in, char *out, size_t n)
{
	const jit_lifter *a = b->a;
	char o[4][64];
	int no = lift_split_ops(in->ops, o, 4);
	size_t len = 0;

	out[0] = '\0';
	if (a->fix_body_ops)
		a->fix_body_ops(in, o, &no);
	for (int k = 0; k < no; k++) {
		char t[96], base[8];
		int64_t off;
		bool bare = a->is_bare_branch && k == no - 1 && a->is_bare_branch(in->mn)
			    && !strncmp(o[k], "0x", 2);
		if (bare || (strchr(o[k], '<') && (a->is_branch ? a->is_branch : default_is_branch)(in->mn))) {
			if (body_target(b, in, o[k], t, sizeof t) < 0)
				return -1;
		} else if (lift_parse_mem(a, o[k], base, sizeof base, &off) && lift_is_stackreg(a, base)) {
			if (b->slot != LONG_MIN && b->slot != off)
				return lift_refuse(b->lt, "the body uses two stack slots (%s)%s", in->ops, "");
			b->slot = off;
			snprintf(t, sizeof t, a->slotfmt, a->stackreg);
		} else if (!a->mem_operand || !a->mem_operand(a, in, o[k], t, sizeof t)) {
			body_decimal(o[k], t, sizeof t);
		}
		len += (size_t)snprintf(out + len, len < n ? n - len : 0, "%s%s", k ? ", " : "", t);
	}
	return 0;
}

static void push(lifted *lt, const char *s)
{
	lt->cells = xrealloc(lt->cells, sizeof *lt->cells * (lt->ncells + 1));
	lt->cells[lt->ncells++] = xstrdup(s);
}

/* Instruction i's text into *text; 0, or refused. */
static int body_insn(body *b, int i, char **text)
{
	const jit_lifter *a = b->a;
	const dinsn *in = &b->l->v[i];
	char ops[256], rr[8], o[4][64];
	int no = lift_split_ops(in->ops, o, 4);

	/* the register the stack slot gets must be free */
	for (int k = 0; k < no; k++) {
		lift_canon_reg(a, o[k], rr, sizeof rr);
		if (rr[0] && !strcmp(rr, a->stackreg))
			return lift_refuse(b->lt, "the body uses %s, the register of the stack slot%s", a->stackreg, "");
	}
	if (body_ops(b, in, ops, sizeof ops) < 0)
		return -1;
	if (!a->spelling || !(*text = a->spelling(in->mn, ops))) {
		size_t tl = strlen(in->mn) + strlen(ops) + 2;
		*text = xmalloc(tl);
		snprintf(*text, tl, "%s%s%s", in->mn, ops[0] ? " " : "", ops);
	}
	return 0;
}

/* The body, instructions b0 .. b1-1, into lt's lines with labels
 * L<ti>A<addr> where branches land; *slot: the stack slot it uses
 * (LONG_MIN: none); 0, or refused. */
static int lift_body(const jit_lifter *a, const dlist *l, int ti, int b0, int b1, lifted *lt, long *slot)
{
	body b = { a, l, ti, l->v[b0 < l->n ? b0 : b1].addr, l->v[b1].addr,
		   xcalloc((size_t)l->n + 1, sizeof (bool)), LONG_MIN, lt };
	char **text = xcalloc((size_t)(b1 - b0) + 1, sizeof *text);
	char s[200];
	int rc = 0;

	for (int i = b0; i < b1 && rc == 0; i++)
		rc = body_insn(&b, i, &text[i - b0]);
	if (a->body_pass && rc == 0)
		rc = a->body_pass(a, l, ti, b0, b1, b.labels, text, lt);
	for (int i = b0; i <= b1 && rc == 0; i++) {
		if (b.labels[i == b1 ? l->n : i] || (i == b1 && b.labels[b1])) {
			snprintf(s, sizeof s, "L%dA%ld:", ti, l->v[i].addr);
			push(lt, s);
		}
		for (char *p = i < b1 ? text[i - b0] : NULL, *nl; p; p = nl ? nl + 1 : NULL) {
			if ((nl = strchr(p, '\n')) != NULL)
				*nl = '\0';
			push(lt, p);
		}
	}
	for (int i = 0; i < b1 - b0; i++)
		free(text[i]);
	free(text);
	free(b.labels);
	*slot = b.slot;
	return rc;
}

/* ---- a thread ----------------------------------------------------------------- */

/* jit_lift() on the code itself (after a->prepass). */
static int lift_code(const jit_lifter *a, const dlist *l, int ti, const rval expected[10], lifted *lt)
{
	int mk[3] = { -1, -1, -1 }, first[3] = { -1, -1, -1 };
	char s[200];
	long slot;
	if (find_markers(a, l, lt, mk, first))
		return -1;
	/* init */
	regfile f = { .n = 0 };
	for (int i = mk[0] + 1; i < first[1]; i++)
		if (eval(a, &f, &l->v[i]) < 0) {
			snprintf(s, sizeof s, "%.23s %.150s", l->v[i].mn, l->v[i].ops);
			return lift_refuse(lt, "cannot evaluate `%s` among the initial values%s", s, "");
		}
	if (lift_epilogue(a, l, mk[2], lt))
		return -1;
	if (a->returns ? !a->returns(a, l, mk[2] + 11) : lift_find_ret(a, l, mk[2] + 11) < 0) {
		lt->broken = JC_CUT;
		return lift_refuse(lt, "the code ends after the epilogue's spills, before the JIT's return%s%s", "", "");
	}
	if (expected && check_initial(&f, expected, lt))
		return -1;
	int rc = lift_body(a, l, ti, mk[1] + 1, first[2], lt, &slot);
	if (rc == 0 && slot != LONG_MIN)
		snprintf(lt->extra, sizeof lt->extra, " %d:%s=stack%d;", ti, a->stackreg, ti);
	return rc;
}

int jit_lift(const jit_lifter *a, const dlist *l, int ti, const rval expected[10], lifted *lt)
{
	memset(lt, 0, sizeof *lt);
	if (l->n == 0) {
		lt->broken = JC_NOMARK;
		return lift_refuse(lt, "no instructions (llvm-objdump could not decode the image)%s%s", "", "");
	}
	if (!a->prepass)
		return lift_code(a, l, ti, expected, lt);
	dlist pre;
	int rc = a->prepass(l, &pre, lt);
	if (rc == 0)
		rc = lift_code(a, &pre, ti, expected, lt);
	free(pre.v);
	return rc;
}

void lift_free(lifted *lt)
{
	for (int i = 0; i < lt->ncells; i++)
		free(lt->cells[i]);
	free(lt->cells);
	lt->cells = NULL;
	lt->ncells = 0;
}

/* ---- the table ------------------------------------------------------------------- */

/* One row per JIT architecture (lift_ARCH.c), in the order jit-check
 * lists them. */
extern const jit_lifter lift_riscv, lift_arm64, lift_x86, lift_mips, lift_ppc, lift_s390, lift_loongarch;

static const jit_lifter *const lifters[] = {
	&lift_riscv, &lift_arm64, &lift_x86, &lift_mips, &lift_ppc, &lift_s390, &lift_loongarch,
};

const jit_lifter *lifter_nth(size_t i)
{
	return i < NELEM(lifters) ? lifters[i] : NULL;
}

size_t lifter_count(void)
{
	return NELEM(lifters);
}

const char *lifter_name(const jit_lifter *a)
{
	return frontend_arch_name(a->fe);
}

const jit_lifter *lifter_by_name(const char *name)
{
	for (size_t i = 0; i < NELEM(lifters); i++)
		if (!strcmp(lifter_name(lifters[i]), name))
			return lifters[i];
	return NULL;
}
