/* clang2bpf_lift.c - llvm-objdump's disassembly of a BPF function lifted
 * into a thread of a BPF litmus test (see clang2bpf_lift.h, and step 3 of
 * clang2bpf.c's head comment). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/clang2bpf_lift.h"
#include "base/xalloc.h"


void bfunc_free(bfunc *f)
{
	for (int i = 0; i < f->n; i++)
		free(f->text[i]);
	free(f->text);
	free(f->slot);
	memset(f, 0, sizeof *f);
}

/* The instructions of function `name` in llvm-objdump's output: 0, or -1
 * when it is not there. */
int c2b_find_function(const char *dis, const char *name, bfunc *f)
{
	char head[128];
	snprintf(head, sizeof head, " <%s>:\n", name);
	const char *p = strstr(dis, head);
	if (!p)
		return -1;
	p = strchr(p, '\n') + 1;
	for (;;) {
		/* clang before 17 leaves its basic-block labels in the symbol
		 * table: llvm-objdump starts a block "\nADDR <LBB0_2>:" inside
		 * the function; it goes on after it */
		if (*p == '\n') {
			const char *h = p + 1, *e = strchr(h, '\n');
			size_t hx = strspn(h, "0123456789abcdef");
			if (!e || hx == 0 || strncmp(h + hx, " <LBB", 5) || e[-1] != ':' || e[-2] != '>')
				break;
			p = e + 1;
			continue;
		}
		if (!*p)
			break;
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		char *end;
		long slot = strtol(p, &end, 10);
		if (end != p && *end == ':') {
			end++;
			while (*end == '\t' || *end == ' ')
				end++;
			if (f->n == f->cap) {
				f->cap = f->cap ? 2 * f->cap : 32;
				f->text = xrealloc(f->text, sizeof *f->text * f->cap);
				f->slot = xrealloc(f->slot, sizeof *f->slot * f->cap);
			}
			size_t l = len - (size_t)(end - p);
			while (l && (end[l - 1] == ' ' || end[l - 1] == '\t'))
				l--;
			f->text[f->n] = xmalloc(l + 1);
			memcpy(f->text[f->n], end, l);
			f->text[f->n][l] = 0;
			f->slot[f->n++] = (int)slot;
		}
		p += len + (eol ? 1 : 0);
	}
	return 0;
}

/* Hexadecimal numbers in decimal, the ` <sym+off>` of branches dropped. */
static void normalise(const char *in, char *out, size_t n)
{
	size_t k = 0;
	for (const char *p = in; *p && k + 24 < n;) {
		if (*p == '<' && p > in && p[-1] == ' ' && (p[1] == '_' || (p[1] >= 'a' && p[1] <= 'z') ||
							     (p[1] >= 'A' && p[1] <= 'Z')))
			break;   /* ` <sym+off>` after a jump */
		bool word_start = p == in || !(p[-1] == '_' || (p[-1] >= '0' && p[-1] <= '9') ||
					       (p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z'));
		if (word_start && p[0] == '0' && p[1] == 'x') {
			char *end;
			unsigned long long v = strtoull(p + 2, &end, 16);
			k += (size_t)snprintf(out + k, n - k, "%llu", v);
			p = end;
			continue;
		}
		out[k++] = *p++;
	}
	while (k && out[k - 1] == ' ')
		k--;
	out[k] = 0;
}

/* Whether text mentions register `w` + digits (a 32-bit subregister). */
static bool mentions_subreg(const char *s)
{
	for (const char *p = s; (p = strchr(p, 'w')); p++)
		if ((p == s || p[-1] == ' ' || p[-1] == '(') && p[1] >= '0' && p[1] <= '9')
			return true;
	return false;
}

/* The 32-bit moves clang writes for small values, as 64-bit BPF (both
 * zero-extend): `wD = N` (0 <= N < 2^31) is `rD = N`; `wD = wS` is rD =
 * rS with the upper half cleared, written as three instructions joined
 * by '\n' (split into cells by the caller). -1 for any other. */
static int subreg_move(char *s, size_t n)
{
	int d, r, len = 0;
	long long v;
	if (sscanf(s, "w%d = w%d%n", &d, &r, &len) == 2 && !s[len]) {
		snprintf(s, n, "r%d = r%d\nr%d <<= 32\nr%d >>= 32", d, r, d, d);
		return 0;
	}
	if (sscanf(s, "w%d = %lld%n", &d, &v, &len) == 2 && !s[len] && v >= 0 && v < 0x80000000LL) {
		snprintf(s, n, "r%d = %lld", d, v);
		return 0;
	}
	return -1;
}

static void mark_regs(const char *s, bool *used)
{
	for (const char *p = s; (p = strchr(p, 'r')); p++)
		if ((p == s || p[-1] == ' ' || p[-1] == '(' || p[-1] == '-') && p[1] >= '0' && p[1] <= '9') {
			int r = atoi(p + 1);
			if (r >= 0 && r <= 10)
				used[r] = true;
		}
}


#define lift_refuse(l, ...) lk_refuse((l)->reason, sizeof (l)->reason, __VA_ARGS__)

static int free_reg(bool *used)
{
	for (int r = 9; r >= 0; r--)
		if (!used[r]) {
			used[r] = true;
			return r;
		}
	return -1;
}

/* One function being lifted. */
typedef struct {
	const bfunc *f;
	lifted *l;
	const char *fname;
	int n, oreg;            /* instructions; o's register */
	bool ovalid;            /* o's register still holds o */
	bool used[11];          /* registers the code mentions */
	bool *target;           /* per instruction (and past the end): a label */
	char (*txt)[160];       /* the instructions, normalised */
	int spill_off[16], spill_reg[16], nspill;
} lifter;

/* The instruction j whose slot (into *slot) is that of i plus 1 plus the
 * goto's offset at g; n when it is none (past the end). */
static int goto_target(const lifter *lf, int i, const char *g, long *slot)
{
	int j;

	*slot = lf->f->slot[i] + 1 + strtol(g + 5, NULL, 10);
	for (j = 0; j < lf->n && lf->f->slot[j] != *slot; j++)
		;
	return j;
}

/* Normalise the code, refuse what cannot be lifted, mark branch targets;
 * 0 or -1. */
static int lift_scan(lifter *lf)
{
	for (int i = 0; i < lf->n; i++) {
		char *t = lf->txt[i];
		normalise(lf->f->text[i], t, sizeof lf->txt[i]);
		mark_regs(t, lf->used);
		if (!strncmp(t, "call", 4))
			return lift_refuse(lf->l, "%s: a call (%s)", lf->fname, t), -1;
		if (strstr(t, " ll"))
			return lift_refuse(lf->l, "%s: a 64-bit immediate load (%s)", lf->fname, t), -1;
		if (mentions_subreg(t) && subreg_move(t, sizeof lf->txt[i]) < 0)
			return lift_refuse(lf->l, "%s: a 32-bit subregister (%s)", lf->fname, t), -1;
		mark_regs(t, lf->used);
	}
	for (int i = 0; i < lf->n; i++) {
		const char *g = strstr(lf->txt[i], "goto ");
		if (!g)
			continue;
		long slot;
		int j = goto_target(lf, i, g, &slot);
		if (j == lf->n && slot != lf->f->slot[lf->n - 1] + 1)
			return lift_refuse(lf->l, "%s: a jump into an instruction (%s)", lf->fname, lf->txt[i]), -1;
		lf->target[j] = true;
	}
	return 0;
}

/* A spill or reload through r10 (s) as a move to or from a register of
 * the slot's own; 0 or -1. */
static int lift_spill(lifter *lf, const char *s)
{
	char line[200];
	long long off;
	int r, reg, k, len = 0;
	bool store = sscanf(s, "*(u64 *)(r10 - %lld) = r%d%n", &off, &r, &len) == 2 && !s[len];
	bool load = !store && sscanf(s, "r%d = *(u64 *)(r10 - %lld)%n", &r, &off, &len) == 2 && !s[len];

	if (!store && !load)
		return lift_refuse(lf->l, "%s: stack use beyond spills (%s)", lf->fname, s), -1;
	for (k = 0; k < lf->nspill && lf->spill_off[k] != off; k++)
		;
	if (k == lf->nspill) {
		if (lf->nspill == 16 || (reg = free_reg(lf->used)) < 0)
			return lift_refuse(lf->l, "%s: no free register for a spill slot", lf->fname), -1;
		lf->spill_off[lf->nspill] = (int)off;
		lf->spill_reg[lf->nspill++] = reg;
	}
	if (store)
		snprintf(line, sizeof line, "r%d = r%d", lf->spill_reg[k], r);
	else
		snprintf(line, sizeof line, "r%d = r%d", r, lf->spill_reg[k]);
	lk_col_line(&lf->l->col, line);
	return 0;
}

/* Instruction i into the column: exit, spill, a result stored into o[k]
 * (a move to that result's register), a branch, or as it is; 0 or -1. */
static int lift_insn(lifter *lf, int i)
{
	lifted *l = lf->l;
	char line[200], srcop[64], *s = lf->txt[i];
	int r, r2, len = 0;
	long long off;

	if (!strcmp(s, "exit")) {
		if (i + 1 < lf->n) {
			lf->target[lf->n] = true;
			snprintf(line, sizeof line, "goto L%d", lf->n);
			lk_col_line(&l->col, line);
		}
		return 0;
	}
	if (strstr(s, "r10"))
		return lift_spill(lf, s);
	if (sscanf(s, "*(u64 *)(r%d + %lld) = %63s%n", &r, &off, srcop, &len) == 3 && !s[len] &&
	    r == lf->oreg && off >= 8) {
		int j = (int)(off / 8 - 1);
		if (!lf->ovalid || off % 8 || j >= l->nout)
			return lift_refuse(l, "%s: a store to o[%lld] that is not a result", lf->fname, off / 8), -1;
		if (l->outreg[j] < 0 && (l->outreg[j] = free_reg(lf->used)) < 0)
			return lift_refuse(l, "%s: no free register for a result", lf->fname), -1;
		snprintf(line, sizeof line, "r%d = %s", l->outreg[j], srcop);
		lk_col_line(&l->col, line);
		return 0;
	}
	/* the register an instruction writes; o's register is then gone */
	if (sscanf(s, "r%d %n", &r2, &len) == 1 && r2 == lf->oreg) {
		lf->ovalid = false;
	} else if (!lf->ovalid) {
		char base[24];
		snprintf(base, sizeof base, "(r%d ", lf->oreg);
		if (strstr(s, base))
			return lift_refuse(l, "%s: an access through o's register after it was reused", lf->fname), -1;
	}
	const char *g = strstr(s, "goto ");
	long slot;
	if (g) {
		snprintf(line, sizeof line, "%.*sgoto L%d", (int)(g - s), s, goto_target(lf, i, g, &slot));
		lk_col_line(&l->col, line);
		return 0;
	}
	for (char *nl; (nl = strchr(s, '\n')); s = nl + 1) {   /* a 32-bit move */
		*nl = 0;
		lk_col_line(&l->col, s);
	}
	lk_col_line(&l->col, s);
	return 0;
}

/* Function f (named fname) into l's column, its results' registers in
 * l->outreg; 0, or -1 with l->reason. */
int c2b_lift(const bfunc *f, lifted *l, const char *fname)
{
	lifter lf = { .f = f, .l = l, .fname = fname, .n = f->n, .oreg = l->nargs, .ovalid = true };
	int rc = -1;

	lf.target = xcalloc((size_t)f->n + 1, 1);
	lf.txt = xmalloc(sizeof *lf.txt * (size_t)(f->n + 1));
	for (int j = 0; j < l->nout; j++)
		l->outreg[j] = -1;
	if (lift_scan(&lf))
		goto out;
	for (int i = 0; i < lf.n; i++) {
		if (lf.target[i])
			lk_col_set_label(&l->col, "L%d", i);
		if (lift_insn(&lf, i))
			goto out;
	}
	if (lf.target[lf.n])
		lk_col_set_label(&l->col, "L%d", lf.n);
	lk_col_flush_label(&l->col);
	for (int j = 0; j < l->nout; j++)
		if (l->outreg[j] < 0) {
			lift_refuse(l, "%s: result %d never stored", fname, j);
			goto out;
		}
	rc = 0;
out:
	free(lf.target);
	free(lf.txt);
	return rc;
}
