/*
 * cgen - random C (Linux-kernel) litmus test generator, for differential
 * testing of bpfmm's C dialect against herd7 running the kernel's own
 * memory model (tests/diff/c-diff.sh).
 *
 *   cgen --seed N [--count K] [--first I] [--threads A[..B]]
 *        [--locs A[..B]] [--ops A[..B]] [--max-accesses M]
 *        [--max-cost C] [--prefix NAME] [--outdir DIR]
 *        [--after-if] [--undeclared] [--reg-cond] [--srcu] [--free-text]
 *
 * Writes K tests named PREFIX-N-IIII (I = --first .. --first+K-1) to
 * DIR/PREFIX-N-IIII.litmus (default prefix "C"). Test I of seed N is the
 * same whatever --count and --first are, so a failing test can be
 * regenerated alone.
 *
 * Shared memory: int locations x, y, z (--locs, default 2..3), sometimes
 * an atomic_t a, one or two spinlocks l0, l1. Each thread gets --ops
 * (default 2..4) top-level statements drawn from:
 *   READ_ONCE, smp_load_acquire, a plain read (rarely), WRITE_ONCE,
 *   smp_store_release, a plain write (rarely); an address dependency
 *   (READ_ONCE(*(y + (r & 0)))), a data dependency (WRITE_ONCE(*y, r + V));
 *   xchg and cmpxchg with their _relaxed/_acquire/_release forms;
 *   atomic_read/atomic_set, atomic_add, atomic_inc, atomic_fetch_add{,
 *   _relaxed,_acquire,_release}, atomic_add_return*, atomic_inc_return*,
 *   atomic_xchg, atomic_cmpxchg; smp_mb, smp_rmb, smp_wmb; a local
 *   computed from a register; if (r == V) / if (r) / if (r != V) with or
 *   without else (nesting up to two levels); a critical section
 *   spin_lock(l) ... spin_unlock(l); an RCU read-side critical section or
 *   synchronize_rcu(); with --srcu an SRCU read-side section
 *   (srcu_read_lock/unlock) or synchronize_srcu().
 * Also, as one statement each (shapes bpfmm once got wrong,
 * docs/c-dialect.md): a register set before an if on a read and again
 * in its arm (and else), then written (r1 = 1; if (r0 == 2) r1 = 3;
 * WRITE_ONCE(*y, r1);); plain accesses in an if's arm (*x = *y; or a
 * plain write) with smp_rmb() before and smp_wmb() after (or smp_mb(),
 * or none). About a quarter of the tests have a pointer p (int **,
 * initially &x): rcu_assign_pointer(*p, y) / WRITE_ONCE(*p, z),
 * rcu_dereference(*p) / READ_ONCE(*p), a comparison of the address read
 * with another used as a value (r2 = (r1 != y);, sometimes written),
 * and reads and writes through the address read.
 * About 40% of the tests (none with --no-shapes) are instead a classic
 * shape (MP, SB, LB, WRC, IRIW, 2+2W, R, S, ISA2, RWC, Z6.0, ...) whose
 * accesses are drawn among those primitives, with a random step between
 * two accesses of a thread (nothing, a fence, an address, data or
 * control dependency, critical sections, RCU; before a write that
 * follows a read also the value of a register set under an if, or plain
 * copies between u and v under a control dependency between fences) and
 * the condition of the shape (the outcome that needs a reordering). Three
 * LB shapes mostly take one of those two steps: the LKMM's plain OOTA
 * example (u to v in one thread, v to u in the other) and LB through
 * values set under ifs.
 * Every write stores a value distinct from the others of the test. The
 * condition is exists (mostly), ~exists or forall over registers that
 * hold read values and over final values of the int locations; most
 * tests also have a `locations` line naming all of those, so that the
 * States of both tools are whole outcomes.
 *
 * Constructs that bpfmm did not accept or got wrong when this generator
 * was written (being fixed elsewhere) are off unless asked for:
 *   --after-if    statements after an if (by default an if is the last
 *                 statement of its thread)
 *   --undeclared  a register used without `int rN;` (herd7 allows it)
 *   --reg-cond    condition atoms comparing two registers (0:r0=1:r1)
 *   --srcu        SRCU
 *   --free-text   a line of free text between the name line and `{`
 *
 * herd7 enumerates every rf choice times every coherence order, so a test
 * is redrawn while its estimate prod_loc (W+1)^R * W! (W writes, R reads
 * of a location, both branches of every if counted) exceeds --max-cost
 * (default 3000) or it has more than --max-accesses (default 10) memory
 * accesses. The estimate is in the test's comment.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAXT 4
#define MAXREGS 12
#define NLOC 10           /* x y z a l0 l1 s p u v */
#define BODY 8192

enum { LX, LY, LZ, LA, LL0, LL1, LS, LP, LU, LV };
static const char *const locname[NLOC] = { "x", "y", "z", "a", "l0", "l1", "s", "p", "u", "v" };
static const char *const loctype[NLOC] = {
	"int *", "int *", "int *", "atomic_t *", "spinlock_t *", "spinlock_t *",
	"struct srcu_struct *", "int **", "int *", "int *" };

/* ---------------------------------------------------------------- RNG */

#include "rng.h"

/* ------------------------------------------------------------ options */

typedef struct {
	unsigned tmin, tmax, lmin, lmax, omin, omax, max_acc;
	double max_cost;
	int after_if, undeclared, reg_cond, srcu, free_text, shapes;
} options;

/* ------------------------------------------------------- one test */

typedef struct {
	char body[BODY];
	size_t len;
	int nregs;            /* registers r0 .. r(nregs-1) */
	int loaded[MAXREGS];  /* register holds a value read from loc+1 (0: none; -1: computed) */
	int ptr[MAXREGS];     /* register holds an address read from p */
	int observed[MAXREGS];/* worth naming in the condition */
	int undeclared;       /* register left undeclared (-1: none) */
	unsigned used;        /* locations used (bit per loc) */
	int depth;            /* nesting of if blocks */
	int closed;           /* an if was emitted and --after-if is off */
	int in_lock;          /* inside a critical section of this lock + 1 */
	int in_rcu, in_srcu;
} thread_t;

typedef struct {
	rng_t *r;
	const options *o;
	thread_t th[MAXT];
	int nthreads, nlocs, has_atomic, nlocks, shape;
	int has_ptr;          /* a pointer p (int **, initially &x) */
	char shape_cond[256];
	int nextval;
	int reads[NLOC], writes[NLOC];   /* for the cost estimate */
	int accesses;
	int vals[NLOC][32], nvals[NLOC]; /* values written to each location */
} gen_t;

static void out(thread_t *t, int indent, const char *fmt, ...)
{
	va_list ap;
	if (t->len + 256 >= BODY)
		return;
	for (int i = 0; i < indent; i++)
		t->body[t->len++] = '\t';
	va_start(ap, fmt);
	t->len += (size_t)vsnprintf(t->body + t->len, BODY - t->len, fmt, ap);
	va_end(ap);
	t->body[t->len++] = '\n';
	t->body[t->len] = 0;
}

static int newval(gen_t *g, int loc)
{
	int v = ++g->nextval;
	if (g->nvals[loc] < 32)
		g->vals[loc][g->nvals[loc]++] = v;
	return v;
}

static int int_loc(gen_t *g, thread_t *t)
{
	/* x and y more often than z: threads should share locations */
	int l = (int)rnd(g->r, 100) < 50 ? LX : LY;
	if (g->nlocs > 2 && chance(g->r, 20))
		l = LZ;
	t->used |= 1u << l;
	return l;
}

static int new_reg(thread_t *t)
{
	return t->nregs < MAXREGS ? t->nregs++ : (int)(MAXREGS - 1);
}

/* a register holding a read value, or -1 */
static int some_loaded(gen_t *g, thread_t *t)
{
	int c[MAXREGS], n = 0;
	for (int i = 0; i < t->nregs; i++)
		if (t->loaded[i])
			c[n++] = i;
	return n ? c[rnd(g->r, (unsigned)n)] : -1;
}

/* a value a register read from loc could hold */
static int plausible(gen_t *g, int loc)
{
	if (loc < 0 || g->nvals[loc] == 0 || chance(g->r, 25))
		return chance(g->r, 70) ? 0 : (int)range(g->r, 1, 3);
	return g->vals[loc][rnd(g->r, (unsigned)g->nvals[loc])];
}

static void count(gen_t *g, int loc, int nr, int nw)
{
	g->reads[loc] += nr;
	g->writes[loc] += nw;
	g->accesses += nr + nw;
}

static const char *const sfx[] = { "", "_relaxed", "_acquire", "_release" };

static void gen_block(gen_t *g, thread_t *t, int indent, int nstmts);

/* an int location other than l, used by the thread */
static int other_loc(gen_t *g, thread_t *t, int l)
{
	int m = l;
	for (int i = 0; i < 8 && m == l; i++)
		m = int_loc(g, t);
	if (m == l)
		m = l == LX ? LY : LX;
	t->used |= 1u << m;
	return m;
}

/* the fences around accesses under a control dependency */
static void gap_fence(gen_t *g, thread_t *t, int indent, const char *usual)
{
	int k = (int)rnd(g->r, 10);
	if (k < 5)
		out(t, indent, "%s;", usual);
	else if (k < 7)
		out(t, indent, "smp_mb();");
}

/* Shapes bpfmm once got wrong (docs/c-dialect.md), as one statement so
 * that they come even without --after-if:
 *   a register set before an if on a read and again in its arm (and
 *   else), then written: a constant by path, no dependency;
 *   plain accesses in the arm (a plain copy *l1 = *l2, or a plain write),
 *   between smp_rmb() and smp_wmb() (or smp_mb(), or nothing): the
 *   LKMM's plain OOTA examples. */
static void gen_gap_if(gen_t *g, thread_t *t, int indent, int d)
{
	rng_t *r = g->r;
	int val = plausible(g, t->loaded[d] > 0 ? t->loaded[d] - 1 : -1);
	const char *c = chance(r, 50) ? "==" : "!=";

	if (chance(r, 50)) {
		int l = int_loc(g, t), rr = new_reg(t);
		int v1 = newval(g, l), v2 = newval(g, l);
		out(t, indent, "r%d = %d;", rr, v1);
		out(t, indent, "if (r%d %s %d)", d, c, val);
		out(t, indent + 1, "r%d = %d;", rr, v2);
		if (chance(r, 30)) {
			out(t, indent, "else");
			out(t, indent + 1, "r%d = %d;", rr, newval(g, l));
		}
		if (chance(r, 70))
			out(t, indent, "WRITE_ONCE(*%s, r%d);", locname[l], rr);
		else
			out(t, indent, "*%s = r%d;", locname[l], rr);
		count(g, l, 0, 1);
		return;
	}
	int l1 = int_loc(g, t), l2 = other_loc(g, t, l1);
	gap_fence(g, t, indent, "smp_rmb()");
	out(t, indent, "if (r%d %s %d)", d, c, val);
	if (chance(r, 75)) {
		out(t, indent + 1, "*%s = *%s;", locname[l1], locname[l2]);
		count(g, l2, 1, 0);
		/* the copy writes what l2 may hold */
		for (int i = 0; i < g->nvals[l2] && g->nvals[l1] < 32; i++)
			g->vals[l1][g->nvals[l1]++] = g->vals[l2][i];
	} else {
		out(t, indent + 1, "*%s = %d;", locname[l1], newval(g, l1));
	}
	count(g, l1, 0, 1);
	gap_fence(g, t, indent, "smp_wmb()");
}

/* The pointer p (int **, initially &x): rcu_assign_pointer / WRITE_ONCE
 * of the address of x, y or z; rcu_dereference / READ_ONCE of it; a
 * comparison of the address read with another used as a value (the
 * generated RCU tests' r4 = (r1 != r4)), then used in an if, written, or
 * the pointer dereferenced. */
static void gen_ptr(gen_t *g, thread_t *t, int indent)
{
	rng_t *r = g->r;
	int c[MAXREGS], n = 0, k = (int)rnd(r, 10);

	t->used |= 1u << LP;
	for (int i = 0; i < t->nregs; i++)
		if (t->ptr[i])
			c[n++] = i;
	if (k < 3) {
		int l = int_loc(g, t);
		out(t, indent, chance(r, 50) ? "rcu_assign_pointer(*p, %s);" : "WRITE_ONCE(*p, %s);",
		    locname[l]);
		count(g, LP, 0, 1);
		return;
	}
	if (k < 6 || n == 0) {
		int rr = new_reg(t);
		out(t, indent, chance(r, 50) ? "r%d = rcu_dereference(*p);" : "r%d = READ_ONCE(*p);", rr);
		t->ptr[rr] = 1;
		t->loaded[rr] = 0;
		t->observed[rr] = 1;
		count(g, LP, 1, 0);
		return;
	}
	int pr = c[rnd(r, (unsigned)n)];
	if (k < 8) {     /* dereference it */
		int rr = new_reg(t);
		if (chance(r, 50)) {
			out(t, indent, "r%d = READ_ONCE(*r%d);", rr, pr);
			t->loaded[rr] = LX + 1;
			t->observed[rr] = 1;
			count(g, LX, 1, 0);
		} else {
			out(t, indent, "WRITE_ONCE(*r%d, %d);", pr, newval(g, LX));
			count(g, LX, 0, 1);
		}
		return;
	}
	/* compare it with an address, as a value */
	int l = int_loc(g, t), rr = new_reg(t);
	out(t, indent, "r%d = (r%d %s %s);", rr, pr, chance(r, 50) ? "!=" : "==", locname[l]);
	t->loaded[rr] = -1;
	t->observed[rr] = 1;
	if (chance(r, 50)) {
		int w = int_loc(g, t);
		out(t, indent, "WRITE_ONCE(*%s, r%d);", locname[w], rr);
		count(g, w, 0, 1);
	}
}

/* one statement */
static void gen_stmt(gen_t *g, thread_t *t, int indent)
{
	rng_t *r = g->r;
	int k = (int)rnd(r, 100), l, d, rr, v;

	if (g->has_ptr && chance(r, 30)) {     /* the pointer p */
		gen_ptr(g, t, indent);
		return;
	}
	if (chance(r, 12) && !t->in_lock && !t->in_rcu && !t->in_srcu && t->depth < 2
	    && (d = some_loaded(g, t)) >= 0) {
		gen_gap_if(g, t, indent, d);
		return;
	}
	if (k < 18) {                          /* a read */
		l = int_loc(g, t);
		rr = new_reg(t);
		d = some_loaded(g, t);
		int how = (int)rnd(r, 10);
		if (how < 2 && d >= 0)
			out(t, indent, "r%d = READ_ONCE(*(%s + (r%d & 0)));", rr, locname[l], d);
		else if (how < 5)
			out(t, indent, "r%d = smp_load_acquire(%s);", rr, locname[l]);
		else if (how < 6)
			out(t, indent, "r%d = *%s;", rr, locname[l]);
		else
			out(t, indent, "r%d = READ_ONCE(*%s);", rr, locname[l]);
		t->loaded[rr] = l + 1;
		t->observed[rr] = 1;
		count(g, l, 1, 0);
	} else if (k < 36) {                   /* a write */
		l = int_loc(g, t);
		v = newval(g, l);
		d = some_loaded(g, t);
		int how = (int)rnd(r, 10);
		if (how < 2 && d >= 0) {
			out(t, indent, "WRITE_ONCE(*%s, r%d + %d);", locname[l], d, v);
			if (g->nvals[l] < 32)   /* r + v: a few more values */
				g->vals[l][g->nvals[l]++] = v + 1;
		} else if (how < 3 && d >= 0)
			out(t, indent, "WRITE_ONCE(*(%s + (r%d & 0)), %d);", locname[l], d, v);
		else if (how < 6)
			out(t, indent, "smp_store_release(%s, %d);", locname[l], v);
		else if (how < 7)
			out(t, indent, "*%s = %d;", locname[l], v);
		else
			out(t, indent, "WRITE_ONCE(*%s, %d);", locname[l], v);
		count(g, l, 0, 1);
	} else if (k < 44) {                   /* xchg / cmpxchg */
		l = int_loc(g, t);
		rr = new_reg(t);
		v = newval(g, l);
		if (chance(r, 50))
			out(t, indent, "r%d = xchg%s(%s, %d);", rr, sfx[rnd(r, 4)], locname[l], v);
		else
			out(t, indent, "r%d = cmpxchg%s(%s, %d, %d);", rr, sfx[rnd(r, 4)], locname[l],
			    plausible(g, l), v);
		t->loaded[rr] = l + 1;
		t->observed[rr] = 1;
		count(g, l, 1, 1);
	} else if (k < 54 && g->has_atomic) {  /* atomic_t */
		t->used |= 1u << LA;
		int how = (int)rnd(r, 10);
		rr = -1;
		v = (int)range(r, 1, 3);
		switch (how) {
		case 0: rr = new_reg(t); out(t, indent, "r%d = atomic_read(a);", rr); count(g, LA, 1, 0); break;
		case 1: v = newval(g, LA); out(t, indent, "atomic_set(a, %d);", v); count(g, LA, 0, 1); break;
		case 2: out(t, indent, "atomic_add(%d, a);", v); count(g, LA, 1, 1); break;
		case 3: out(t, indent, "atomic_inc(a);"); count(g, LA, 1, 1); break;
		case 4: case 5:
			rr = new_reg(t);
			out(t, indent, "r%d = atomic_fetch_add%s(%d, a);", rr, sfx[rnd(r, 4)], v);
			count(g, LA, 1, 1); break;
		case 6:
			rr = new_reg(t);
			out(t, indent, "r%d = atomic_add_return%s(%d, a);", rr, sfx[rnd(r, 4)], v);
			count(g, LA, 1, 1); break;
		case 7:
			rr = new_reg(t);
			out(t, indent, "r%d = atomic_inc_return%s(a);", rr, sfx[rnd(r, 4)]);
			count(g, LA, 1, 1); break;
		case 8:
			rr = new_reg(t); v = newval(g, LA);
			out(t, indent, "r%d = atomic_xchg%s(a, %d);", rr, sfx[rnd(r, 4)], v);
			count(g, LA, 1, 1); break;
		default:
			rr = new_reg(t); v = newval(g, LA);
			out(t, indent, "r%d = atomic_cmpxchg%s(a, %d, %d);", rr, sfx[rnd(r, 4)],
			    (int)rnd(r, 3), v);
			count(g, LA, 1, 1); break;
		}
		if (rr >= 0) {
			t->loaded[rr] = LA + 1;
			t->observed[rr] = 1;
		}
	} else if (k < 62) {                   /* a fence */
		static const char *const f[] = { "smp_mb()", "smp_rmb()", "smp_wmb()" };
		out(t, indent, "%s;", f[rnd(r, 3)]);
	} else if (k < 66 && (d = some_loaded(g, t)) >= 0) {   /* a local */
		rr = new_reg(t);
		static const char *const op[] = { "+", "-", "^", "&", "*" };
		out(t, indent, "r%d = r%d %s %d;", rr, d, op[rnd(r, 5)], (int)range(r, 1, 3));
		t->loaded[rr] = -1;
		t->observed[rr] = chance(r, 30);
	} else if (k < 80 && t->depth < 2 &&
		   (g->o->after_if || (!t->in_lock && !t->in_rcu && !t->in_srcu)) &&
		   (d = some_loaded(g, t)) >= 0) {     /* an if */
		int c = (int)rnd(r, 3);
		int val = plausible(g, t->loaded[d] > 0 ? t->loaded[d] - 1 : -1);
		if (c == 0)
			out(t, indent, "if (r%d == %d) {", d, val);
		else if (c == 1)
			out(t, indent, "if (r%d) {", d);
		else
			out(t, indent, "if (r%d != %d) {", d, val);
		t->depth++;
		int closed_before = t->closed;
		gen_block(g, t, indent + 1, (int)range(r, 1, 2));
		t->closed = closed_before;
		if (chance(r, 50)) {
			out(t, indent, "} else {");
			gen_block(g, t, indent + 1, (int)range(r, 1, 2));
		}
		out(t, indent, "}");
		t->depth--;
		if (!g->o->after_if)
			t->closed = 1;
	} else if (k < 88 && g->nlocks && !t->in_lock && !t->in_srcu) {   /* critical section */
		int lk = LL0 + (int)rnd(r, (unsigned)g->nlocks);
		t->used |= 1u << lk;
		out(t, indent, "spin_lock(%s);", locname[lk]);
		t->in_lock = lk + 1;
		gen_block(g, t, indent, (int)range(r, 1, 2));
		t->in_lock = 0;
		out(t, indent, "spin_unlock(%s);", locname[lk]);
		g->reads[lk] += 1;
		g->writes[lk] += 1;   /* the lock write; unlocks are lock.cat's */
	} else if (k < 94 && !t->in_lock && !t->in_rcu && !t->in_srcu) {   /* RCU */
		if (chance(r, 35)) {
			out(t, indent, "synchronize_rcu();");
		} else {
			out(t, indent, "rcu_read_lock();");
			t->in_rcu = 1;
			gen_block(g, t, indent, (int)range(r, 1, 2));
			t->in_rcu = 0;
			out(t, indent, "rcu_read_unlock();");
		}
	} else if (g->o->srcu && !t->in_lock && !t->in_rcu && !t->in_srcu) {   /* SRCU */
		t->used |= 1u << LS;
		if (chance(r, 35)) {
			out(t, indent, "synchronize_srcu(s);");
		} else {
			rr = new_reg(t);
			out(t, indent, "r%d = srcu_read_lock(s);", rr);
			t->in_srcu = 1;
			gen_block(g, t, indent, (int)range(r, 1, 2));
			t->in_srcu = 0;
			out(t, indent, "srcu_read_unlock(s, r%d);", rr);
		}
	} else {
		/* a plain READ_ONCE, the most common access */
		l = int_loc(g, t);
		rr = new_reg(t);
		out(t, indent, "r%d = READ_ONCE(*%s);", rr, locname[l]);
		t->loaded[rr] = l + 1;
		t->observed[rr] = 1;
		count(g, l, 1, 0);
	}
}

static void gen_block(gen_t *g, thread_t *t, int indent, int nstmts)
{
	for (int i = 0; i < nstmts && !t->closed; i++)
		gen_stmt(g, t, indent);
}

static double cost(const gen_t *g)
{
	double c = 1;
	for (int l = 0; l < NLOC; l++) {
		int w = g->writes[l], rd = g->reads[l];
		for (int i = 0; i < rd; i++)
			c *= w + 1;
		for (int i = 2; i <= w; i++)
			c *= i;
	}
	return c;
}

static void atom(gen_t *g, char *buf, size_t n)
{
	rng_t *r = g->r;
	/* a register of some thread that holds a read value */
	int cand_t[MAXT * MAXREGS], cand_r[MAXT * MAXREGS], nc = 0;
	for (int ti = 0; ti < g->nthreads; ti++)
		for (int i = 0; i < g->th[ti].nregs; i++)
			if (g->th[ti].observed[i])
				cand_t[nc] = ti, cand_r[nc++] = i;
	if (g->o->reg_cond && nc >= 2 && chance(r, 15)) {
		int a = (int)rnd(r, (unsigned)nc), b = (int)rnd(r, (unsigned)nc);
		if (a != b) {
			snprintf(buf, n, "%d:r%d=%d:r%d", cand_t[a], cand_r[a], cand_t[b], cand_r[b]);
			return;
		}
	}
	if (nc && chance(r, 70)) {
		int c = (int)rnd(r, (unsigned)nc);
		int ld = g->th[cand_t[c]].loaded[cand_r[c]];
		if (g->th[cand_t[c]].ptr[cand_r[c]]) {
			/* an address: of x (p's initial value) or of a location
			 * some thread names (herd7 refuses others) */
			int l = (int)rnd(r, 3);
			unsigned used = 1u << LX;
			for (int ti = 0; ti < g->nthreads; ti++)
				used |= g->th[ti].used;
			if (!((used >> l) & 1))
				l = LX;
			snprintf(buf, n, "%d:r%d=%s", cand_t[c], cand_r[c], locname[l]);
			return;
		}
		snprintf(buf, n, "%d:r%d=%d", cand_t[c], cand_r[c], plausible(g, ld > 0 ? ld - 1 : -1));
		return;
	}
	/* the final value of a location some thread uses */
	int locs[4], nl = 0;
	for (int l = 0; l <= LA; l++)
		for (int ti = 0; ti < g->nthreads; ti++)
			if ((g->th[ti].used >> l) & 1) {
				locs[nl++] = l;
				break;
			}
	if (nl == 0) {
		snprintf(buf, n, "0:r0=0");
		return;
	}
	int l = locs[rnd(r, (unsigned)nl)];
	snprintf(buf, n, "%s=%d", locname[l], plausible(g, l));
}


/* ------------------------------------------------ classic shapes */

/* Threads separated by '|', accesses "Wx1" (write 1 to x), "Ry0" (read
 * y, expected 0); after ';' final values "x=2". The condition asks for
 * the expected values: the outcome that needs reordering. */
static const char *const shapes[] = {
	"Wx1 Wy1 | Ry1 Rx0",                   /* MP */
	"Wx1 Ry0 | Wy1 Rx0",                   /* SB */
	"Rx1 Wy1 | Ry1 Wx1",                   /* LB */
	"Wx1 | Rx1 Wy1 | Ry1 Rx0",             /* WRC */
	"Wx1 | Wy1 | Rx1 Ry0 | Ry1 Rx0",       /* IRIW */
	"Wx1 Wy2 | Wy1 Wx2 ; x=1 y=1",         /* 2+2W */
	"Wx1 Wy1 | Wy2 Rx0 ; y=2",             /* R */
	"Wx2 Wy1 | Ry1 Wx1 ; x=2",             /* S */
	"Wx1 Wy1 | Ry1 Wz1 | Rz1 Rx0",         /* ISA2 */
	"Wx1 | Rx1 Ry0 | Wy1 Rx0",             /* RWC */
	"Wx1 Wy1 | Ry1 Wz1 | Wz2 Rx0 ; z=2",   /* Z6.0 */
	"Rx1 Wy1 | Ry1 Wz1 | Rz1 Wx1",         /* LB, 3 threads */
	"Wx1 Rx1 Ry0 | Wy1 Ry1 Rx0",           /* SB with own reads */
	/* a leading mark forces the step before each write that follows a
	 * read (mostly): '*' plain copies under a control dependency
	 * between fences, '#' the value a register set under an if */
	"*Rx1 Wy1 | Ry1 Wx1",                  /* LB, the LKMM's plain OOTA */
	"#Rx1 Wy1 | Ry1 Wx1",                  /* LB, values set under ifs */
	"#Rx1 Wy1 | Ry1 Wz1 | Rz1 Wx1",        /* LB, 3 threads */
};

/* One shape, each access drawn among the primitives that make it and
 * each step between two accesses of a thread among: nothing, a fence,
 * an address, data or control dependency, critical sections, an RCU
 * read-side section or a grace period. */
static void gen_shape(gen_t *g, char *cond, size_t ncond)
{
	rng_t *r = g->r;
	const char *sp = shapes[rnd(r, sizeof shapes / sizeof *shapes)];
	int force = *sp == '*' ? 4 : *sp == '#' ? 3 : 0;
	int ti = 0;
	size_t cl = 0;
	int ctrl_open[MAXT] = { 0 };
	int prev_reg[MAXT], prev_read[MAXT], rcu[MAXT] = { 0 };

	g->nlocs = 3;
	cond[0] = 0;
	for (int i = 0; i < MAXT; i++)
		prev_reg[i] = -1, prev_read[i] = 0;
	for (const char *p = sp; *p && *p != ';'; p++) {
		thread_t *t = &g->th[ti];
		if (*p == '|') {
			ti++;
			continue;
		}
		if (*p != 'W' && *p != 'R')
			continue;
		int isw = *p == 'W', l = p[1] - 'x', v = p[2] - '0';   /* x y z: LX LY LZ */
		t->used |= 1u << l;
		int ind = 1 + ctrl_open[ti];
		int d = prev_reg[ti], dep = 0;   /* 1 addr, 2 data */
		if (d >= 0 || t->nregs || t->len) {   /* the step before this access */
			int k = (int)rnd(r, 100);
			if (force && prev_read[ti] && isw && chance(r, 80))
				k = force == 3 ? 90 : 95;
			if (k < 25)
				;
			else if (k < 40)
				out(t, ind, "smp_mb();");
			else if (k < 47)
				out(t, ind, isw ? "smp_wmb();" : "smp_rmb();");
			else if (k < 62 && prev_read[ti])
				dep = 1;
			else if (k < 72 && prev_read[ti] && isw)
				dep = 2;
			else if (k < 84 && prev_read[ti] && ctrl_open[ti] < 2 &&
				 (!rcu[ti] || g->o->after_if)) {   /* rcu_read_unlock() would follow the if */
				out(t, ind, "if (r%d == %d) {", d, t->loaded[d] > 0 ? t->observed[d] - 1 : 0);
				ctrl_open[ti]++;
				ind++;
			} else if (k < 90 && !rcu[ti]) {
				out(t, ind, "synchronize_rcu();");
			} else if (k < 95 && prev_read[ti] && isw) {
				dep = 3;   /* the value: a register set under an if */
			} else if (k >= 95 && prev_read[ti] && isw) {
				/* plain copies under a control dependency,
				 * between fences: u to v in even threads, v to
				 * u in odd ones (the LKMM's plain OOTA shape) */
				int from = ti % 2 ? LV : LU, to = ti % 2 ? LU : LV;
				t->used |= 1u << LU | 1u << LV;
				/* the forced shape mostly as explanation.txt
				 * has it: smp_rmb() before, smp_wmb() after */
				if (force == 4 && chance(r, 70))
					out(t, ind, "smp_rmb();");
				else
					gap_fence(g, t, ind, "smp_rmb()");
				out(t, ind, "if (r%d == %d)", d, t->observed[d] - 1);
				out(t, ind + 1, "*%s = *%s;", locname[to], locname[from]);
				if (force == 4 && chance(r, 70))
					out(t, ind, "smp_wmb();");
				else
					gap_fence(g, t, ind, "smp_wmb()");
				count(g, from, 1, 0);
				count(g, to, 0, 1);
			}
		}
		if (rcu[ti] == 0 && chance(r, 5) && !ctrl_open[ti]) {
			out(t, ind, "rcu_read_lock();");
			rcu[ti] = 1;
		}
		int locked = !ctrl_open[ti] && !rcu[ti] && chance(r, 10);
		if (locked) {
			t->used |= 1u << LL0;
			g->nlocks = 1;
			out(t, ind, "spin_lock(l0);");
		}
		if (isw) {
			int k = (int)rnd(r, 100);
			if (dep == 1)
				out(t, ind, "WRITE_ONCE(*(%s + (r%d & 0)), %d);", locname[l], d, v);
			else if (dep == 3) {
				/* v where the read saw what the shape expects,
				 * else 7: a constant by path, no dependency */
				int rr = new_reg(t);
				out(t, ind, "r%d = %d;", rr, v);
				out(t, ind, "if (r%d != %d)", d, t->observed[d] - 1);
				out(t, ind + 1, "r%d = 7;", rr);
				out(t, ind, "WRITE_ONCE(*%s, r%d);", locname[l], rr);
			} else if (dep == 2)
				out(t, ind, "WRITE_ONCE(*%s, (r%d & 0) + %d);", locname[l], d, v);
			else if (k < 55)
				out(t, ind, "WRITE_ONCE(*%s, %d);", locname[l], v);
			else if (k < 80)
				out(t, ind, "smp_store_release(%s, %d);", locname[l], v);
			else if (k < 95) {
				int rr = new_reg(t);
				out(t, ind, "r%d = xchg%s(%s, %d);", rr, sfx[rnd(r, 4)], locname[l], v);
			} else
				out(t, ind, "*%s = %d;", locname[l], v);
			count(g, l, 0, 1);
			prev_read[ti] = 0;
		} else {
			int rr = new_reg(t), k = (int)rnd(r, 100);
			if (dep == 1)
				out(t, ind, "r%d = READ_ONCE(*(%s + (r%d & 0)));", rr, locname[l], d);
			else if (k < 65)
				out(t, ind, "r%d = READ_ONCE(*%s);", rr, locname[l]);
			else if (k < 95)
				out(t, ind, "r%d = smp_load_acquire(%s);", rr, locname[l]);
			else
				out(t, ind, "r%d = *%s;", rr, locname[l]);
			t->loaded[rr] = l + 1;
			t->observed[rr] = v + 1;   /* the expected value, + 1 */
			prev_reg[ti] = rr;
			prev_read[ti] = 1;
			count(g, l, 1, 0);
			cl += (size_t)snprintf(cond + cl, ncond - cl, "%s%d:r%d=%d", cl ? " /\\ " : "", ti, rr, v);
		}
		if (locked)
			out(t, ind, "spin_unlock(l0);");
		p += 2;
	}
	for (int i = 0; i <= ti; i++) {
		thread_t *t = &g->th[i];
		while (ctrl_open[i] > 0) {
			out(t, ctrl_open[i], "}");
			ctrl_open[i]--;
		}
		if (rcu[i])
			out(t, 1, "rcu_read_unlock();");
		t->closed = 1;
	}
	g->nthreads = ti + 1;
	const char *fin = strchr(sp, ';');
	for (const char *p = fin ? fin + 1 : ""; *p; p++)
		if (*p >= 'x' && *p <= 'z' && p[1] == '=')
			cl += (size_t)snprintf(cond + cl, ncond - cl, "%s%s=%c", cl ? " /\\ " : "",
					       locname[*p == 'z' ? LZ : *p - 'x'], p[2]);
}

static int generate(const options *o, uint64_t seed, unsigned idx, const char *name, FILE *f)
{
	rng_t rs = { seed * 0x100000001B3ull ^ (0xC0FFEEull + idx * 0x9E3779B97F4A7C15ull) };
	gen_t *g = calloc(1, sizeof *g);
	if (!g)
		return -1;
	for (int attempt = 0;; attempt++) {
		memset(g, 0, sizeof *g);
		g->r = &rs;
		g->o = o;
		g->nthreads = (int)range(&rs, o->tmin, o->tmax);
		g->nlocs = (int)range(&rs, o->lmin, o->lmax);
		g->has_atomic = chance(&rs, 40);
		g->nlocks = chance(&rs, 35) ? (int)range(&rs, 1, 2) : 0;
		g->has_ptr = chance(&rs, 25);
		for (int ti = 0; ti < MAXT; ti++)
			g->th[ti].undeclared = -1;
		if (o->shapes && chance(&rs, 40)) {
			g->has_atomic = 0;
			g->nlocks = 0;
			g->has_ptr = 0;
			g->shape = 1;
			gen_shape(g, g->shape_cond, sizeof g->shape_cond);
		}
		for (int ti = 0; ti < g->nthreads && !g->shape; ti++) {
			thread_t *t = &g->th[ti];
			t->undeclared = -1;
			gen_block(g, t, 1, (int)range(&rs, o->omin, o->omax));
			/* a thread that only reads or only writes makes fewer
			 * shapes (MP, LB, SB, ...): usually add the other kind */
			if (!t->closed && chance(&rs, 70)) {
				int reads = strstr(t->body, "READ_ONCE") || strstr(t->body, "acquire(") ||
					    strstr(t->body, "= *");
				int writes = strstr(t->body, "WRITE_ONCE") || strstr(t->body, "release(") ||
					     strstr(t->body, "xchg") || strstr(t->body, "*x =") ||
					     strstr(t->body, "*y =") || strstr(t->body, "*z =");
				if (!reads || !writes) {
					int l = int_loc(g, t);
					if (!writes) {
						out(t, 1, "WRITE_ONCE(*%s, %d);", locname[l], newval(g, l));
						count(g, l, 0, 1);
					} else {
						int rr = new_reg(t);
						out(t, 1, "r%d = READ_ONCE(*%s);", rr, locname[l]);
						t->loaded[rr] = l + 1;
						t->observed[rr] = 1;
						count(g, l, 1, 0);
					}
				}
			}
		}
		if (g->accesses <= (int)o->max_acc && cost(g) <= o->max_cost && g->accesses > 1)
			break;
		if (attempt > 1000) {
			free(g);
			return -1;
		}
	}
	fprintf(f, "C %s\n", name);
	if (o->free_text && chance(&rs, 50))
		fprintf(f, chance(&rs, 50) ? "Generated by cgen, free text before the init block\n"
					   : "\"a quoted line of free text\"\n");
	fprintf(f, "(* cgen: %d threads, %d accesses, herd cost estimate %.0f *)\n",
		g->nthreads, g->accesses, cost(g));
	fprintf(f, "{\n");
	if (g->has_atomic && chance(&rs, 30))
		fprintf(f, "\tatomic_t a = ATOMIC_INIT(%d);\n", (int)range(&rs, 1, 2));
	unsigned used_all = 0;
	for (int ti = 0; ti < g->nthreads; ti++)
		used_all |= g->th[ti].used;
	if ((used_all >> LP) & 1)
		fprintf(f, "\tint *p = &x;\n");
	fprintf(f, "}\n\n");
	unsigned all = 0;
	for (int ti = 0; ti < g->nthreads; ti++)
		all |= g->th[ti].used;
	for (int ti = 0; ti < g->nthreads; ti++) {
		thread_t *t = &g->th[ti];
		fprintf(f, "P%d(", ti);
		int first = 1;
		for (int l = 0; l < NLOC; l++)
			if ((t->used >> l) & 1) {
				fprintf(f, "%s%s%s", first ? "" : ", ", loctype[l], locname[l]);
				first = 0;
			}
		if (first)
			fprintf(f, "int *%s", locname[LX]);
		fprintf(f, ")\n{\n");
		if (o->undeclared && t->nregs && chance(&rs, 30))
			t->undeclared = (int)rnd(&rs, (unsigned)t->nregs);
		for (int i = 0; i < t->nregs; i++) {
			if (i == t->undeclared)
				continue;
			if (chance(&rs, 15))
				fprintf(f, "\tint r%d = 0;\n", i);
			else
				fprintf(f, "\tint r%d;\n", i);
		}
		if (t->nregs)
			fprintf(f, "\n");
		fputs(t->body, f);
		fprintf(f, "}\n\n");
	}
	/* a locations line naming every register that holds a read value
	 * and every int location, so that States show whole outcomes */
	if (chance(&rs, 85)) {
		fprintf(f, "locations [");
		for (int ti = 0; ti < g->nthreads; ti++)
			for (int i = 0; i < g->th[ti].nregs; i++)
				if (g->th[ti].observed[i])
					fprintf(f, "%d:r%d; ", ti, i);
		for (int l = 0; l <= LA; l++)
			if ((all >> l) & 1)
				fprintf(f, "%s; ", locname[l]);
		fprintf(f, "]\n");
	}
	/* the condition */
	if (g->shape) {
		fprintf(f, "%s (%s)\n", chance(&rs, 85) ? "exists" : "~exists", g->shape_cond);
		free(g);
		return 0;
	}
	char a[64];
	int natoms = (int)range(&rs, 1, 3);
	int kind = (int)rnd(&rs, 10);
	fprintf(f, "%s (", kind < 8 ? "exists" : kind < 9 ? "~exists" : "forall");
	for (int i = 0; i < natoms; i++) {
		atom(g, a, sizeof a);
		if (i)
			fprintf(f, chance(&rs, 80) ? " /\\ " : " \\/ ");
		if (chance(&rs, 10))
			fprintf(f, "~%s", a);
		else
			fprintf(f, "%s", a);
	}
	fprintf(f, ")\n");
	free(g);
	return 0;
}

static int parse_range(const char *s, unsigned *lo, unsigned *hi)
{
	char *end;
	unsigned long a = strtoul(s, &end, 10), b = a;
	if (end == s)
		return -1;
	if (end[0] == '.' && end[1] == '.') {
		const char *p = end + 2;
		b = strtoul(p, &end, 10);
		if (end == p)
			return -1;
	}
	if (*end || a > b || b > 1000)
		return -1;
	*lo = (unsigned)a;
	*hi = (unsigned)b;
	return 0;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: cgen --seed N [--count K] [--first I] [--threads A[..B]] [--locs A[..B]]\n"
		"            [--ops A[..B]] [--max-accesses M] [--max-cost C] [--prefix NAME]\n"
		"            [--outdir DIR] [--after-if] [--undeclared] [--reg-cond] [--srcu]\n"
		"            [--free-text] [--no-shapes]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	options o = { 2, 3, 2, 3, 2, 4, 10, 3000, 0, 0, 0, 0, 0, 1 };
	uint64_t seed = 0;
	int have_seed = 0;
	unsigned count = 1, first = 0;
	const char *prefix = "C", *outdir = ".";

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--after-if")) { o.after_if = 1; continue; }
		if (!strcmp(a, "--undeclared")) { o.undeclared = 1; continue; }
		if (!strcmp(a, "--reg-cond")) { o.reg_cond = 1; continue; }
		if (!strcmp(a, "--srcu")) { o.srcu = 1; continue; }
		if (!strcmp(a, "--free-text")) { o.free_text = 1; continue; }
		if (!strcmp(a, "--no-shapes")) { o.shapes = 0; continue; }
		if (!v)
			usage();
		i++;
		if (!strcmp(a, "--seed")) { seed = strtoull(v, NULL, 10); have_seed = 1; }
		else if (!strcmp(a, "--count")) count = (unsigned)strtoul(v, NULL, 10);
		else if (!strcmp(a, "--first")) first = (unsigned)strtoul(v, NULL, 10);
		else if (!strcmp(a, "--threads")) { if (parse_range(v, &o.tmin, &o.tmax) || o.tmin < 1 || o.tmax > MAXT) usage(); }
		else if (!strcmp(a, "--locs")) { if (parse_range(v, &o.lmin, &o.lmax) || o.lmin < 1 || o.lmax > 3) usage(); }
		else if (!strcmp(a, "--ops")) { if (parse_range(v, &o.omin, &o.omax) || o.omin < 1) usage(); }
		else if (!strcmp(a, "--max-accesses")) o.max_acc = (unsigned)strtoul(v, NULL, 10);
		else if (!strcmp(a, "--max-cost")) o.max_cost = strtod(v, NULL);
		else if (!strcmp(a, "--prefix")) prefix = v;
		else if (!strcmp(a, "--outdir")) outdir = v;
		else usage();
	}
	if (!have_seed)
		usage();
	if (mkdir(outdir, 0777) && errno != EEXIST) {
		perror(outdir);
		return 1;
	}
	for (unsigned i = first; i < first + count; i++) {
		char name[128], path[4096];
		snprintf(name, sizeof name, "%s-%" PRIu64 "-%04u", prefix, seed, i);
		snprintf(path, sizeof path, "%s/%s.litmus", outdir, name);
		FILE *f = fopen(path, "w");
		if (!f) {
			perror(path);
			return 1;
		}
		if (generate(&o, seed, i, name, f)) {
			fprintf(stderr, "cgen: cannot draw test %u within the bounds\n", i);
			fclose(f);
			return 1;
		}
		if (fclose(f)) {
			perror(path);
			return 1;
		}
	}
	return 0;
}
