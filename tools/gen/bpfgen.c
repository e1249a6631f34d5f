/*
 * bpfgen - random BPF litmus test generator for differential testing.
 *
 *   bpfgen --seed N [--count K] [--first I] [--threads A[..B]]
 *          [--locs A[..B]] [--ops A[..B]] [--max-accesses M]
 *          [--max-writes W] [--max-cost C] [--zero-percent P] [--no-acqrel]
 *          [--prefix NAME] [--outdir DIR]
 *
 * Writes K tests named PREFIX-N-IIII (I = --first .. --first+K-1) to
 * DIR/PREFIX-N-IIII.litmus, in the syntax of the BPF litmus catalogue.
 * Test I of seed N is the same whatever --count and --first are, so one
 * failing test can be regenerated alone.
 *
 * Each thread has 1..5 "operations" (an operation is one memory access,
 * possibly preceded by a few register instructions that set up its
 * value, a dependency or a branch):
 *   plain load/store (u32), load_acquire/store_release (not with
 *   --no-acqrel, for the JIT mappings, which have none),
 *   atomic_fetch_{add,or,and,xor}, xchg_64, cmpxchg_64 (with r0 set to a
 *   value that may or may not match), non-fetch `lock ... op= rS`,
 *   address dependency (rT = rN; rT -= rT; rB += rT; access via rB),
 *   data dependency (store of a value computed from a loaded register),
 *   control dependency (if rN != 0|== V goto L, skipping one or two
 *   operations).
 * Every write stores a value distinct from all other written values of
 * the test, so final states are informative, except that a few writes
 * (--zero-percent, default 5) store 0, the usual initial value, which
 * exercises "same value" corner cases (a cmpxchg 0 -> 0, a store of 0).  The condition is an
 * exists (mostly), ~exists or forall over loaded registers and memory;
 * some tests also have a `locations [...]` line.
 *
 * Register use in every thread:
 *   r0       expected value of cmpxchg_64
 *   r1..r5   results of value-returning operations (one per operation)
 *   r6..r9   addresses of x, y, z, w
 *   r10      scratch for stored values and dependencies
 *
 * The number of memory accesses is bounded (--max-accesses, default 9)
 * and so is the number of writes per location (--max-writes, default 4).
 * herd7 enumerates every rf choice times every coherence order, so a test
 * is redrawn while its estimate prod_loc (W+1)^R * W! (W writes, R reads
 * of the location) exceeds --max-cost (default 20000): with that bound
 * herd7 checks 200 tests in about 13 s of CPU. The estimate is written
 * in the test's comment.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAXT 4
#define MAXL 4
#define MAXOPS 5
#define MAXLINES 64
#define LINELEN 96

/* ---------------------------------------------------------------- RNG */

#include "rng.h"

/* ------------------------------------------------------------ the test */

enum kind {
	K_LOAD, K_STORE, K_LOAD_ACQ, K_STORE_REL, K_FETCH, K_XCHG, K_CMPXCHG,
	K_LOCK, NKIND
};
enum dep { D_NONE, D_ADDR, D_DATA };

static const char *const locname[MAXL] = { "x", "y", "z", "w" };

typedef struct {
	enum kind kind;
	enum dep dep;
	int loc;
	int value;      /* value written (or operand of fetch/lock ops) */
	int expect;     /* cmpxchg: value put in r0 */
	int aop;        /* fetch/lock: 0 add, 1 or, 2 and, 3 xor */
	int dst;        /* result register 1..5, or 0 */
	int src;        /* dependency source register, or 0 */
	int datamode;   /* data dependency: 0 copy+V, 1 and 0 +V */
	int ctrl_src;   /* > 0: this op starts a branch on r<ctrl_src> */
	int ctrl_len;   /* number of ops skipped by the branch */
	int ctrl_eq;    /* branch is "== ctrl_val" (else "!= 0") */
	int ctrl_val;
	int wsize64;    /* fetch ops: (u64 *) rather than (u32 *) */
} op_t;

typedef struct {
	int nops;
	op_t ops[MAXOPS];
} thread_t;

typedef struct {
	int nthreads, nlocs;
	thread_t th[MAXT];
	int init[MAXL];     /* initial values */
	int init_style[MAXL]; /* 0: omitted (if 0), 1: "x=V;", 2: "int x=V;" */
} test_t;

typedef struct {
	uint64_t seed;
	unsigned first, count;
	unsigned tlo, thi, llo, lhi, olo, ohi;
	unsigned max_acc, max_writes;
	double max_cost;
	unsigned zero_percent;
	int no_acqrel;      /* --no-acqrel: no load_acquire / store_release */
	const char *prefix, *outdir;
} opts_t;

static int is_write(enum kind k)
{
	return k != K_LOAD && k != K_LOAD_ACQ;
}

static int has_result(enum kind k)
{
	return k == K_LOAD || k == K_LOAD_ACQ || k == K_FETCH || k == K_XCHG ||
	       k == K_CMPXCHG;
}

/* Values a location may hold: initial value and every written operand. */
static int loc_values(const test_t *t, int loc, int *vals)
{
	int n = 0;
	vals[n++] = t->init[loc];
	for (int i = 0; i < t->nthreads; i++)
		for (int j = 0; j < t->th[i].nops; j++) {
			const op_t *o = &t->th[i].ops[j];
			if (o->loc == loc && is_write(o->kind))
				vals[n++] = o->value;
		}
	return n;
}

/*
 * Rough size of the reference's search: for each location, every read
 * may read from the initial value or any write, and the writes may come
 * in any coherence order: prod over locations of (W+1)^R * W!.
 */
static double cost(const test_t *t)
{
	double c = 1;
	for (int l = 0; l < t->nlocs; l++) {
		int w = 0, rd = 0;
		for (int i = 0; i < t->nthreads; i++)
			for (int j = 0; j < t->th[i].nops; j++) {
				const op_t *o = &t->th[i].ops[j];
				if (o->loc != l) continue;
				if (is_write(o->kind)) w++;
				if (o->kind != K_STORE && o->kind != K_STORE_REL) rd++;
			}
		for (int k = 0; k < rd; k++) c *= w + 1;
		for (int k = 2; k <= w; k++) c *= k;
	}
	return c;
}

static void generate1(test_t *t, rng_t *r, const opts_t *o)
{
	int writes[MAXL] = { 0 };
	int next_value = 1;
	unsigned acc = 0;

	memset(t, 0, sizeof *t);
	t->nthreads = (int)range(r, o->tlo, o->thi);
	t->nlocs = (int)range(r, o->llo, o->lhi);
	for (int l = 0; l < t->nlocs; l++) {
		t->init_style[l] = (int)rnd(r, 3);
		t->init[l] = chance(r, 15) ? 100 + l : 0;
		if (t->init[l] && !t->init_style[l])
			t->init_style[l] = 1;
	}
	/* Every thread gets at least one access: reserve them. */
	unsigned reserve = (unsigned)t->nthreads;
	for (int i = 0; i < t->nthreads; i++) {
		thread_t *th = &t->th[i];
		int want = (int)range(r, o->olo, o->ohi);
		int nres = 0, inside = 0;   /* result regs; ops left in a branch */
		int labels = 0;
		reserve--;
		for (int j = 0; j < want; j++) {
			if (acc + reserve >= o->max_acc && j > 0)
				break;
			op_t *op = &th->ops[th->nops];
			memset(op, 0, sizeof *op);
			op->loc = (int)rnd(r, (unsigned)t->nlocs);
			/* kind, weighted */
			unsigned w[NKIND] = { 22, 22, 10, 10, 12, 6, 8, 6 };
			unsigned tot = 0, pick;
			if (o->no_acqrel)   /* for JITs that have no such instruction */
				w[K_LOAD_ACQ] = w[K_STORE_REL] = 0;
			for (int k = 0; k < NKIND; k++) tot += w[k];
			pick = rnd(r, tot);
			int k = 0;
			while (pick >= w[k]) pick -= w[k++];
			op->kind = (enum kind)k;
			if (is_write(op->kind) && writes[op->loc] >= (int)o->max_writes) {
				/* try another location, else make it a load */
				int found = -1;
				for (int l = 0; l < t->nlocs; l++)
					if (writes[l] < (int)o->max_writes) { found = l; break; }
				if (found >= 0) op->loc = found;
				else op->kind = chance(r, 50) || o->no_acqrel ? K_LOAD : K_LOAD_ACQ;
			}
			if (is_write(op->kind)) {
				writes[op->loc]++;
				/* rarely a 0: a write of the initial value */
				op->value = chance(r, o->zero_percent) ? 0 : next_value++;
			}
			if (op->kind == K_FETCH || op->kind == K_LOCK)
				op->aop = chance(r, 50) ? 0 : (int)range(r, 1, 3);
			if (op->kind == K_FETCH)
				op->wsize64 = chance(r, 25);
			if (has_result(op->kind))
				op->dst = ++nres;
			/* dependencies on an earlier result of this thread */
			if (nres > (op->dst ? 1 : 0) && chance(r, 35)) {
				int avail = op->dst ? op->dst - 1 : nres;
				op->src = (int)range(r, 1, (unsigned)avail);
				if (is_write(op->kind) && op->kind != K_CMPXCHG && chance(r, 60)) {
					op->dep = D_DATA;
					op->datamode = (int)rnd(r, 2);
				} else {
					op->dep = D_ADDR;
				}
			}
			/* control dependency: branch over this op and maybe the next */
			if (!inside && labels < 2 && nres > (op->dst ? 1 : 0) &&
			    j + 1 < want && chance(r, 25)) {
				int avail = op->dst ? op->dst - 1 : nres;
				op->ctrl_src = (int)range(r, 1, (unsigned)avail);
				op->ctrl_len = (int)range(r, 1, 2);
				op->ctrl_eq = chance(r, 30);
				inside = op->ctrl_len;
				labels++;
			}
			if (inside) inside--;
			th->nops++;
			acc++;
		}
		/* a branch running past the last op ends at the end of the thread */
		for (int j = 0; j < th->nops; j++) {
			op_t *op = &th->ops[j];
			if (op->ctrl_src && j + op->ctrl_len > th->nops)
				op->ctrl_len = th->nops - j;
		}
	}
	/* values that depend on the whole program */
	for (int i = 0; i < t->nthreads; i++)
		for (int j = 0; j < t->th[i].nops; j++) {
			op_t *op = &t->th[i].ops[j];
			int vals[64], n = loc_values(t, op->loc, vals);
			if (op->kind == K_CMPXCHG) {
				/* a value some execution may find, or one none can */
				op->expect = chance(r, 80) ? vals[rnd(r, (unsigned)n)] : 99;
			}
			if (op->ctrl_src && op->ctrl_eq) {
				/* the branch register was loaded from some location */
				const op_t *s = NULL;
				for (int m = 0; m < j; m++)
					if (t->th[i].ops[m].dst == op->ctrl_src)
						s = &t->th[i].ops[m];
				int sv[64], sn = loc_values(t, s->loc, sv);
				op->ctrl_val = sv[rnd(r, (unsigned)sn)];
			}
		}
}

/* Draw tests until one is within the cost bound (deterministic). */
static void generate(test_t *t, rng_t *r, const opts_t *o)
{
	for (int tries = 0; ; tries++) {
		generate1(t, r, o);
		if (cost(t) <= o->max_cost || tries >= 1000)
			return;
	}
}

/* ------------------------------------------------------------- output */

typedef struct {
	char line[MAXLINES][LINELEN];
	int n;
} column_t;

static void emit(column_t *c, const char *fmt, ...)
{
	va_list ap;
	if (c->n >= MAXLINES) {
		fprintf(stderr, "bpfgen: internal error: too many lines\n");
		exit(2);
	}
	va_start(ap, fmt);
	vsnprintf(c->line[c->n++], LINELEN, fmt, ap);
	va_end(ap);
}

static const char *const aopname[4] = { "add", "or", "and", "xor" };
static const char *const aopsym[4] = { "+=", "|=", "&=", "^=" };

/* Put the value of op into r10 (for stores that need a register). */
static void emit_value(column_t *c, const op_t *op)
{
	if (op->dep == D_DATA) {
		emit(c, "r10 = r%d", op->src);
		if (op->datamode == 1)
			emit(c, "r10 &= 0");
		emit(c, "r10 += %d", op->value);
	} else {
		emit(c, "r10 = %d", op->value);
	}
}

static void emit_thread(column_t *c, const thread_t *th, int tid)
{
	int pending[MAXOPS + 1]; /* label to place after op j, or -1 */
	int nlabel = 0;

	for (int j = 0; j <= MAXOPS; j++) pending[j] = -1;
	for (int j = 0; j < th->nops; j++) {
		const op_t *op = &th->ops[j];
		int base = 6 + op->loc;

		if (op->ctrl_src) {
			int lab = nlabel++;
			if (op->ctrl_eq)
				emit(c, "if r%d == %d goto L%d%d", op->ctrl_src, op->ctrl_val, tid, lab);
			else
				emit(c, "if r%d != 0 goto L%d%d", op->ctrl_src, tid, lab);
			pending[j + op->ctrl_len - 1] = lab;
		}
		if (op->dep == D_ADDR) {
			emit(c, "r10 = r%d", op->src);
			emit(c, "r10 -= r10");
			emit(c, "r%d += r10", base);
		}
		switch (op->kind) {
		case K_LOAD:
			emit(c, "r%d = *(u32 *)(r%d + 0)", op->dst, base);
			break;
		case K_LOAD_ACQ:
			emit(c, "r%d = load_acquire((u32 *)(r%d + 0))", op->dst, base);
			break;
		case K_STORE:
			if (op->dep == D_DATA) {
				emit_value(c, op);
				emit(c, "*(u32 *)(r%d + 0) = r10", base);
			} else {
				emit(c, "*(u32 *)(r%d + 0) = %d", base, op->value);
			}
			break;
		case K_STORE_REL:
			emit_value(c, op);
			emit(c, "store_release((u32 *)(r%d + 0), r10)", base);
			break;
		case K_FETCH:
			if (op->dep == D_DATA) {
				emit_value(c, op);
				emit(c, "r%d = r10", op->dst);
			} else {
				emit(c, "r%d = %d", op->dst, op->value);
			}
			emit(c, "r%d = atomic_fetch_%s((%s *)(r%d + 0), r%d)", op->dst,
			     aopname[op->aop], op->wsize64 ? "u64" : "u32", base, op->dst);
			break;
		case K_XCHG:
			if (op->dep == D_DATA) {
				emit_value(c, op);
				emit(c, "r%d = r10", op->dst);
			} else {
				emit(c, "r%d = %d", op->dst, op->value);
			}
			emit(c, "r%d = xchg_64(r%d + 0, r%d)", op->dst, base, op->dst);
			break;
		case K_CMPXCHG:
			emit(c, "r0 = %d", op->expect);
			emit_value(c, op);
			emit(c, "r0 = cmpxchg_64(r%d + 0, r0, r10)", base);
			emit(c, "r%d = r0", op->dst);
			break;
		case K_LOCK:
			emit_value(c, op);
			emit(c, "lock *(u32 *)(r%d + 0) %s r10", base, aopsym[op->aop]);
			break;
		default:
			break;
		}
		if (pending[j] >= 0)
			emit(c, "L%d%d:", tid, pending[j]);
	}
}

/* One atom of the condition: register T:rN or memory location. */
typedef struct { int tid, reg, loc; } obs_t;

static void write_test(FILE *f, const test_t *t, const char *name, rng_t *r)
{
	column_t col[MAXT];
	int width[MAXT], rows = 0;

	fprintf(f, "BPF %s\n", name);
	fprintf(f, "(* generated by bpfgen; cost estimate %.0f *)\n", cost(t));
	fprintf(f, "{\n");
	for (int i = 0; i < t->nthreads; i++) {
		for (int l = 0; l < t->nlocs; l++)
			fprintf(f, "%s%d:r%d=%s;", l ? " " : "", i, 6 + l, locname[l]);
		fprintf(f, "\n");
	}
	for (int l = 0; l < t->nlocs; l++) {
		if (t->init_style[l] == 1)
			fprintf(f, "%s=%d;\n", locname[l], t->init[l]);
		else if (t->init_style[l] == 2)
			fprintf(f, "int %s=%d;\n", locname[l], t->init[l]);
	}
	fprintf(f, "}\n");

	for (int i = 0; i < t->nthreads; i++) {
		col[i].n = 0;
		emit(&col[i], "P%d", i);
		emit_thread(&col[i], &t->th[i], i);
		width[i] = 0;
		for (int k = 0; k < col[i].n; k++) {
			int w = (int)strlen(col[i].line[k]);
			if (w > width[i]) width[i] = w;
		}
		if (col[i].n > rows) rows = col[i].n;
	}
	for (int k = 0; k < rows; k++) {
		for (int i = 0; i < t->nthreads; i++) {
			const char *s = k < col[i].n ? col[i].line[k] : "";
			fprintf(f, " %-*s %s", width[i], s, i + 1 < t->nthreads ? "|" : ";");
		}
		fprintf(f, "\n");
	}

	/* candidate observations */
	obs_t obs[MAXT * MAXOPS + MAXL];
	int nobs = 0;
	for (int i = 0; i < t->nthreads; i++)
		for (int j = 0; j < t->th[i].nops; j++)
			if (t->th[i].ops[j].dst)
				obs[nobs++] = (obs_t){ i, t->th[i].ops[j].dst, t->th[i].ops[j].loc };
	int nregs = nobs;
	for (int l = 0; l < t->nlocs; l++)
		obs[nobs++] = (obs_t){ -1, 0, l };

	/* pick 1..3 distinct atoms, registers preferred */
	int chosen[3], nch = (int)range(r, 1, 3), used[MAXT * MAXOPS + MAXL] = { 0 };
	if (nch > nobs) nch = nobs;
	for (int c = 0; c < nch; c++) {
		int k;
		do {
			if (nregs > 0 && chance(r, 70)) k = (int)rnd(r, (unsigned)nregs);
			else k = (int)rnd(r, (unsigned)nobs);
		} while (used[k]);
		used[k] = 1;
		chosen[c] = k;
	}

	/* locations: some of the rest */
	if (chance(r, 30)) {
		int first = 1;
		for (int k = 0; k < nobs; k++) {
			if (used[k] || chance(r, 40)) continue;
			fprintf(f, "%s", first ? "locations [" : "; ");
			if (obs[k].tid >= 0) fprintf(f, "%d:r%d", obs[k].tid, obs[k].reg);
			else fprintf(f, "%s", locname[obs[k].loc]);
			first = 0;
		}
		if (!first) fprintf(f, "]\n");
	}

	unsigned q = rnd(r, 100);
	fprintf(f, "%s (", q < 85 ? "exists" : q < 95 ? "~exists" : "forall");
	int disj = chance(r, 20);
	for (int c = 0; c < nch; c++) {
		const obs_t *ob = &obs[chosen[c]];
		int vals[64], n = loc_values(t, ob->loc, vals);
		int v = vals[rnd(r, (unsigned)n)];
		if (c) fprintf(f, " %s ", disj ? "\\/" : "/\\");
		if (ob->tid >= 0) fprintf(f, "%d:r%d=%d", ob->tid, ob->reg, v);
		else if (chance(r, 50)) fprintf(f, "[%s]=%d", locname[ob->loc], v);
		else fprintf(f, "%s=%d", locname[ob->loc], v);
	}
	fprintf(f, ")\n");
}

/* --------------------------------------------------------------- main */

static void usage(FILE *f)
{
	fprintf(f,
	    "usage: bpfgen --seed N [--count K] [--first I] [--threads A[..B]]\n"
	    "              [--locs A[..B]] [--ops A[..B]] [--max-accesses M]\n"
	    "              [--max-writes W] [--max-cost C] [--zero-percent P]\n"
	    "              [--no-acqrel] [--prefix NAME] [--outdir DIR]\n"
	    "Writes K random BPF litmus tests DIR/NAME-N-IIII.litmus\n"
	    "(defaults: --count 1 --first 0 --threads 2..4 --locs 2..4 --ops 1..5\n"
	    " --max-accesses 9 --max-writes 4 --max-cost 20000 --zero-percent 5\n"
	    " --prefix gen --outdir .)\n");
}

static int parse_uint(const char *s, unsigned long long *v)
{
	char *end;
	if (!s || !*s) return 0;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return !errno && *end == 0;
}

static int parse_range(const char *s, unsigned *lo, unsigned *hi,
                       unsigned min, unsigned max)
{
	unsigned long long a, b;
	char buf[64];
	const char *dots;
	if (!s || strlen(s) >= sizeof buf) return 0;
	dots = strstr(s, "..");
	if (dots) {
		memcpy(buf, s, (size_t)(dots - s));
		buf[dots - s] = 0;
		if (!parse_uint(buf, &a) || !parse_uint(dots + 2, &b)) return 0;
	} else {
		if (!parse_uint(s, &a)) return 0;
		b = a;
	}
	if (a < min || b > max || a > b) return 0;
	*lo = (unsigned)a;
	*hi = (unsigned)b;
	return 1;
}

int main(int argc, char **argv)
{
	opts_t o = { .seed = 0, .first = 0, .count = 1, .tlo = 2, .thi = 4, .llo = 2, .lhi = 4,
		     .olo = 1, .ohi = 5, .max_acc = 9, .max_writes = 4, .max_cost = 20000,
		     .zero_percent = 5, .no_acqrel = 0, .prefix = "gen", .outdir = "." };
	int have_seed = 0;
	unsigned long long v;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *arg = i + 1 < argc ? argv[i + 1] : NULL;
		int ok = 1;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) { usage(stdout); return 0; }
		else if (!strcmp(a, "--seed")) { ok = parse_uint(arg, &v); o.seed = v; have_seed = 1; i++; }
		else if (!strcmp(a, "--count")) { ok = parse_uint(arg, &v) && v <= 1000000; o.count = (unsigned)v; i++; }
		else if (!strcmp(a, "--first")) { ok = parse_uint(arg, &v) && v <= 1000000; o.first = (unsigned)v; i++; }
		else if (!strcmp(a, "--threads")) { ok = parse_range(arg, &o.tlo, &o.thi, 2, MAXT); i++; }
		else if (!strcmp(a, "--locs")) { ok = parse_range(arg, &o.llo, &o.lhi, 1, MAXL); i++; }
		else if (!strcmp(a, "--ops")) { ok = parse_range(arg, &o.olo, &o.ohi, 1, MAXOPS); i++; }
		else if (!strcmp(a, "--max-accesses")) { ok = parse_uint(arg, &v) && v >= 1 && v <= MAXT * MAXOPS; o.max_acc = (unsigned)v; i++; }
		else if (!strcmp(a, "--max-writes")) { ok = parse_uint(arg, &v) && v >= 1 && v <= MAXT * MAXOPS; o.max_writes = (unsigned)v; i++; }
		else if (!strcmp(a, "--max-cost")) { ok = parse_uint(arg, &v) && v >= 1; o.max_cost = (double)v; i++; }
		else if (!strcmp(a, "--no-acqrel")) { o.no_acqrel = 1; }
		else if (!strcmp(a, "--zero-percent")) { ok = parse_uint(arg, &v) && v <= 100; o.zero_percent = (unsigned)v; i++; }
		else if (!strcmp(a, "--prefix")) { ok = arg && *arg && !strpbrk(arg, " \t/|;"); o.prefix = arg; i++; }
		else if (!strcmp(a, "--outdir")) { ok = arg != NULL; o.outdir = arg; i++; }
		else {
			fprintf(stderr, "bpfgen: unknown option '%s'\n", a);
			usage(stderr);
			return 2;
		}
		if (!ok) {
			fprintf(stderr, "bpfgen: bad or missing value for %s\n", a);
			usage(stderr);
			return 2;
		}
	}
	if (!have_seed) {
		fprintf(stderr, "bpfgen: --seed is required\n");
		usage(stderr);
		return 2;
	}
	if (o.max_acc < o.tlo) o.max_acc = o.tlo; /* one access per thread at least */
	if (mkdir(o.outdir, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "bpfgen: cannot create %s: %s\n", o.outdir, strerror(errno));
		return 1;
	}
	for (unsigned k = 0; k < o.count; k++) {
		unsigned idx = o.first + k;
		char name[128], path[4096];
		rng_t r;
		test_t t;
		FILE *f;

		/* one independent stream per (seed, index) */
		r.s = o.seed * 0x100000001B3ull ^ ((uint64_t)idx << 32 | idx);
		splitmix(&r.s);
		snprintf(name, sizeof name, "%s-%" PRIu64 "-%04u", o.prefix, o.seed, idx);
		if ((size_t)snprintf(path, sizeof path, "%s/%s.litmus", o.outdir, name) >= sizeof path) {
			fprintf(stderr, "bpfgen: path too long\n");
			return 1;
		}
		generate(&t, &r, &o);
		f = fopen(path, "w");
		if (!f) {
			fprintf(stderr, "bpfgen: cannot write %s: %s\n", path, strerror(errno));
			return 1;
		}
		write_test(f, &t, name, &r);
		if (fclose(f) != 0) {
			fprintf(stderr, "bpfgen: error writing %s\n", path);
			return 1;
		}
	}
	return 0;
}
