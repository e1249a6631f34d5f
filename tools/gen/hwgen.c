/*
 * hwgen - random hardware litmus tests (AArch64, RISC-V, Power, ARM, x86) for
 * differential testing of our hardware models against the reference
 * simulator's (tests/diff/hw-diff.sh).
 *
 *   hwgen --arch aarch64|aarch64-zr|aarch64-pick|aarch64-mixed|riscv|ppc|arm|x86|x86-mixed|mips --seed N [--count K] [--first I]
 *         [--prefix NAME] [--outdir DIR] [--shapes NAME,NAME...]
 *
 * Writes K tests PREFIX-N-IIII.litmus (default prefix: the arch name).
 * Test I of seed N is the same whatever --count and --first are.
 * --shapes draws only the shapes named (e.g. MP,LB,SB,CoRR: the
 * ones herd7 answers most often within its time limit in the class
 * aarch64-zr); without it every shape (the same tests as before the
 * option existed).
 *
 * Every test is a classic shape -- MP, LB, SB, S, R, 2+2W, WRC, ISA2,
 * IRIW, plus two-location coherence shapes (CoRW-like "RW+po") -- whose
 * accesses are each drawn from the architecture's forms of a read or a
 * write, and whose consecutive accesses in a thread are linked by one
 * ordering device drawn from the architecture's list (nothing, a fence,
 * an address / data / control dependency, a conditional-select pick, the
 * status of a store-conditional or the old value of an atomic used as a
 * dependency source, ...). The condition names every register an access
 * loads and the final value of every location, so the whole state set
 * is compared.
 *
 * AArch64: reads LDR LDAR LDAPR LDXR LDAXR, LD<op>{A,L,AL} with a zero
 *   operand (ADD EOR SET CLR SMAX UMAX: the value stays), CAS{A,L,AL}
 *   (compare value drawn: success or failure); writes STR STLR,
 *   LDXR/LDAXR + STXR/STLXR, SWP{A,L,AL}, LD<op>{A,L,AL} and ST<op>{L}
 *   (ADD EOR SET CLR SMAX SMIN UMAX UMIN), CAS{A,L,AL};
 *   links: DMB/DSB SY ISH ISHLD ISHST LD ST OSH NSHST..., ISB, address
 *   dependency (indexed [Xn,Xm], [Xn,Wm,SXTW|UXTW], [Xn,Xm,LSL #3], or an
 *   ADD), data dependency (into Rt, into CAS's Rs, or both), control (CBNZ,
 *   CMP + B.NE, with or without ISB), CSEL / CSINC picks of the address
 *   or of the data; the 0 behind an address or data dependency is
 *   computed by EOR, AND, UBFM, SBFM, ROR (W) + AND, LSL + LSR, or
 *   REV (W), REV16, REV32, RBIT (W) + AND;
 *   dependency sources: the loaded register, STXR's status, CAS's Rs, the
 *   old value of SWP / LD<op>, or a read of the location the access before
 *   wrote (which may read that write: local read successor).
 * AArch64, --arch aarch64-mixed: sized accesses (a64mx_access below).
 * AArch64, --arch aarch64-zr: the same, with atomics and exclusives whose
 *   destination register is XZR / WZR, reached through branches, CSEL
 *   picks or address dependencies and read back by LDR / LDAPR / LDAR
 *   (a64zr_access, a64zr_link below).
 * AArch64, --arch aarch64-pick: the pick class, CSEL / CSINC into
 *   addresses, data operands and stores around DMBs (a64pk_access,
 *   a64pk_link below).
 * RISC-V: reads lw / ld, lr.{w,d}{,.aq,.rl,.aqrl}, amoadd / amoxor /
 *   amoor / amomax with zero operand in every ordering; writes sw, lr + sc
 *   (all orderings), amoswap / amoadd / amoor / amoxor / amoand / amomin /
 *   amomax in every ordering (herd7 has no amominu / amomaxu); links:
 *   fence with every pair of r / w / rw, fence, fence.tso, address /
 *   data / control dependencies, SC result as a dependency source.
 * Power: lwz / stw, lwarx + stwcx., sync lwsync eieio isync, address /
 *   data / control (+isync) dependencies, stwcx. CR0 as a control source.
 * ARM (ARMv7): LDR / STR ([Rn] or [Rn,Rm] after an address dependency),
 *   LDREX, LDREX + STREX (the old value and the status as dependency
 *   sources); links: DMB / DSB with every option, ISB, address / data
 *   dependencies (EOR or AND #0, then ADD / ORR for data), control
 *   (CMP, SUBS or ANDS + BNE / BEQ, or CBZ / CBNZ; with or without ISB).
 * x86: MOV loads and stores, XCHG, LOCK ADD, LOCK INC, MFENCE, LFENCE,
 *   SFENCE (herd7's X86 dialect has no LOCK XADD / CMPXCHG).
 * x86, --arch x86-mixed: X86_64 sized accesses (x86mx_access below).
 * MIPS (herd7's syntax only): reads lw, ll; writes sw, ll + sc without a
 *   retry loop (the SC storing the value, or the old value plus it: a
 *   fetch-add); links: sync, address dependency (daddu of a zero made by
 *   xor / subu / andi), data dependency (ori / addiu onto such a zero),
 *   control (beq / bne against $0 or a register); the SC's status (in
 *   its register) or the LL's old value as dependency sources.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAXT 4
#define MAXA 3            /* accesses per thread */
#define MAXC 40           /* cells per thread */
#define CELL 80

#include "rng.h"

#define PICK(r, a) ((a)[rnd((r), sizeof (a) / sizeof *(a))])

/* ------------------------------------------------------------ shapes */

/* the shape being drawn is a `named` one (below): its links may draw
 * more than the default shapes' do, without changing their seeds */
static int drawing_named;

typedef struct { int loc; int w; int val; } acc;   /* w: 1 write, 0 read */
/* named: drawn only when --shapes names it (a shape added after runs
 * were recorded by seed: the default draws stay what they were) */
typedef struct { const char *name; int nt; int na[MAXT]; acc a[MAXT][MAXA]; int named; } shape;

#define R_(l) { l, 0, 0 }
#define W_(l, v) { l, 1, v }
static const shape shapes[] = {
	{ "MP", 2, { 2, 2 }, { { W_(0, 1), W_(1, 1) }, { R_(1), R_(0) } }, 0 },
	{ "LB", 2, { 2, 2 }, { { R_(0), W_(1, 1) }, { R_(1), W_(0, 1) } }, 0 },
	{ "SB", 2, { 2, 2 }, { { W_(0, 1), R_(1) }, { W_(1, 1), R_(0) } }, 0 },
	{ "S", 2, { 2, 2 }, { { W_(0, 2), W_(1, 1) }, { R_(1), W_(0, 1) } }, 0 },
	{ "R", 2, { 2, 2 }, { { W_(0, 1), W_(1, 1) }, { W_(1, 2), R_(0) } }, 0 },
	{ "2+2W", 2, { 2, 2 }, { { W_(0, 2), W_(1, 1) }, { W_(1, 2), W_(0, 1) } }, 0 },
	{ "WRC", 3, { 1, 2, 2 }, { { W_(0, 1) }, { R_(0), W_(1, 1) }, { R_(1), R_(0) } }, 0 },
	{ "ISA2", 3, { 2, 2, 2 }, { { W_(0, 1), W_(1, 1) }, { R_(1), W_(2, 1) }, { R_(2), R_(0) } }, 0 },
	{ "IRIW", 4, { 1, 2, 1, 2 }, { { W_(0, 1) }, { R_(0), R_(1) }, { W_(1, 1) }, { R_(1), R_(0) } }, 0 },
	{ "MP3", 2, { 3, 2 }, { { W_(0, 1), W_(2, 1), W_(1, 1) }, { R_(1), R_(0) } }, 0 },
	{ "LB3", 2, { 3, 2 }, { { R_(0), R_(2), W_(1, 1) }, { R_(1), W_(0, 1) } }, 0 },
	{ "CoRR", 2, { 1, 2 }, { { W_(0, 1) }, { R_(0), R_(0) } }, 0 },
	{ "RWR", 2, { 3, 2 }, { { R_(0), W_(1, 2), R_(1) }, { W_(1, 1), W_(0, 1) } }, 0 },
	{ "LB3W", 2, { 3, 2 }, { { R_(0), W_(2, 1), W_(1, 1) }, { R_(1), W_(0, 1) } }, 1 },
};
static const char *const locname[] = { "x", "y", "z" };

/* --------------------------------------------------------- a thread */

typedef struct {
	char cell[MAXC][CELL];
	int n;
	char init[16][40];      /* "X5=x" */
	int ninit;
	char obs[12][24];        /* registers named in the condition */
	int nobs;
	int nextreg;
	int label;
	int id;               /* thread number: labels are unique in a test */
	const char *pending_label; /* put on the next cell */
	int picked;           /* aarch64-pick: the last link was a pick */
	char lab[16];
} thr;

static void cell(thr *t, const char *fmt, ...)
{
	va_list ap;
	char buf[CELL - 16];     /* room for a label "Lnn: " */

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (t->n >= MAXC) {
		fprintf(stderr, "hwgen: thread too long\n");
		exit(2);
	}
	if (t->pending_label) {
		snprintf(t->cell[t->n], CELL, "%s: %s", t->pending_label, buf);
		t->pending_label = NULL;
	} else {
		snprintf(t->cell[t->n], CELL, "%s", buf);
	}
	t->n++;
}

/* An init entry of the thread; the same one twice is written once
 * (herd7 rejects a register initialised twice, e.g. two lwarx with r0). */
static void init(thr *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->init[t->ninit], sizeof t->init[0], fmt, ap);
	va_end(ap);
	for (int i = 0; i < t->ninit; i++)
		if (!strcmp(t->init[i], t->init[t->ninit]))
			return;
	t->ninit++;
}

/* the index of the init "REG=..." of t, else -1 */
static int init_of(const thr *t, const char *reg)
{
	size_t n = strlen(reg);
	for (int i = 0; i < t->ninit; i++)
		if (!strncmp(t->init[i], reg, n) && t->init[i][n] == '=')
			return i;
	return -1;
}

/* init k of t sets a register named in the condition */
static int observed_init(const thr *t, int k)
{
	for (int i = 0; i < t->nobs; i++)
		if (init_of(t, t->obs[i]) == k)
			return 1;
	return 0;
}

static void observe(thr *t, const char *reg)
{
	for (int i = 0; i < t->nobs; i++)
		if (!strcmp(t->obs[i], reg))
			return;
	snprintf(t->obs[t->nobs++], sizeof t->obs[0], "%s", reg);
}

/* A link between two accesses: what the second one gets from the first. */
typedef struct {
	char addr[24];       /* address operand to use instead of the plain one */
	char data[24];       /* register holding the value to store, or "" */
	char cmp[24];        /* AArch64: register for a CAS's compare value Rs, or "" */
	int ctrl;            /* a branch was emitted: the label goes on the access */
	int subword;         /* aarch64-mixed: data from a read through EOR / ADD, store a byte / halfword */
} linkres;

/* What an access leaves for the link after it: dependency sources. */
typedef struct {
	char src[4][24];
	int n;
	int wloc;        /* AArch64: the location the access wrote, or -1 */
} srcs;

static void add_src(srcs *s, const char *reg)
{
	if (s->n < 4)
		snprintf(s->src[s->n++], sizeof s->src[0], "%s", reg);
}

/* ================================================================ AArch64 */

/* An exclusive pair's results: its status register <x>st observed (and
 * a dependency source), and 30% of the time its old value <x>o too (x:
 * the register letter, 'X' or RISC-V's 'x'). */
static void excl_results(rng_t *r, thr *t, srcs *out, char x, int o, int st)
{
	char b[24];

	sprintf(b, "%c%d", x, st);
	observe(t, b);
	add_src(out, b);
	if (chance(r, 30)) {
		sprintf(b, "%c%d", x, o);
		observe(t, b);
		add_src(out, b);
	}
}

static const char *const a64_ord[] = { "", "A", "L", "AL" };
static const char *const a64_ops[] = { "ADD", "EOR", "SET", "CLR", "SMAX", "SMIN", "UMAX", "UMIN" };
/* the operations that leave a location unchanged when the operand is 0 */
static const char *const a64_ops0[] = { "ADD", "EOR", "SET", "CLR", "SMAX", "UMAX" };

static int a64_reg(thr *t) { return t->nextreg++; }

/* the register holding location loc's address */
static void a64_locreg(thr *t, int loc, char *out)
{
	sprintf(out, "X%d", 20 + loc);
	char buf[24];
	sprintf(buf, "X%d=%s", 20 + loc, locname[loc]);
	for (int i = 0; i < t->ninit; i++)
		if (!strcmp(t->init[i], buf))
			return;
	init(t, "%s", buf);
}

/* The address of an access: "[Xa]", or through the link's register. */
static void a64_address(rng_t *r, thr *t, int loc, const linkres *lk, int indexed_ok, char *out)
{
	char base[16];

	a64_locreg(t, loc, base);
	if (!lk->addr[0]) {
		sprintf(out, "[%s]", base);
		return;
	}
	/* lk->addr holds a register whose value is 0 and depends on the source */
	if (indexed_ok && chance(r, 70)) {
		int k = (int)rnd(r, 4);
		const char *n = lk->addr + 1;
		if (k == 0)
			sprintf(out, "[%s,X%s]", base, n);
		else if (k == 1)
			sprintf(out, "[%s,W%s,SXTW]", base, n);
		else if (k == 2)
			sprintf(out, "[%s,W%s,UXTW]", base, n);
		else
			sprintf(out, "[%s,X%s,LSL #3]", base, n);
		return;
	}
	int d = a64_reg(t);
	cell(t, "ADD X%d,%s,%s", d, base, lk->addr);
	sprintf(out, "[X%d]", d);
}

/* A register holding value v (or the link's data register). */
static void a64_value(thr *t, int v, const linkres *lk, char *out)
{
	if (lk->data[0]) {
		strcpy(out, lk->data);
		return;
	}
	int d = a64_reg(t);
	cell(t, "MOV W%d,#%d", d, v);
	sprintf(out, "W%d", d);
}

/* A load M (LDR, LDAR, ...) of loc into a fresh W register, observed and
 * kept as a source of dependencies */
static void a64_load(rng_t *r, thr *t, int loc, const linkres *lk, const char *m, srcs *out)
{
	char ad[48], v[24];

	a64_address(r, t, loc, lk, !strcmp(m, "LDR"), ad);
	int d = a64_reg(t);
	cell(t, "%s W%d,%s", m, d, ad);
	sprintf(v, "X%d", d);
	observe(t, v);
	add_src(out, v);
}

static void a64_access(rng_t *r, thr *t, const acc *a, const linkres *lk, srcs *out)
{
	char ad[48], v[24];
	int k;

	out->n = 0;
	out->wloc = a->w ? a->loc : -1;
	if (!a->w) {
		k = (int)rnd(r, 10);
		if (k <= 5) {       /* plain or ordered load */
			static const char *const lds[] = { "LDR", "LDR", "LDAR", "LDAPR", "LDXR", "LDAXR" };
			a64_load(r, t, a->loc, lk, PICK(r, lds), out);
		} else if (k <= 7) {  /* LD<op> with a zero operand: a read that rewrites */
			a64_address(r, t, a->loc, lk, 0, ad);
			int z = a64_reg(t), d = a64_reg(t);
			cell(t, "MOV W%d,#0", z);
			cell(t, "LD%s%s W%d,W%d,%s", PICK(r, a64_ops0), PICK(r, a64_ord), z, d, ad);
			sprintf(v, "X%d", d);
			observe(t, v);
			add_src(out, v);
		} else {             /* CAS that may succeed or fail */
			a64_address(r, t, a->loc, lk, 0, ad);
			int s = a64_reg(t), n = a64_reg(t);
			/* Rs: compare value 0 or 1 (success or failure), from
			 * the link (a dependency on Rs) or a MOV */
			if (lk->cmp[0])
				s = atoi(lk->cmp + 1);
			else
				cell(t, "MOV W%d,#%d", s, (int)rnd(r, 2));
			if (lk->data[0])
				strcpy(v, lk->data);
			else {
				cell(t, "MOV W%d,#%d", n, 5 + (int)rnd(r, 2));
				sprintf(v, "W%d", n);
			}
			cell(t, "CAS%s W%d,%s,%s", PICK(r, a64_ord), s, v, ad);
			sprintf(v, "X%d", s);
			observe(t, v);
			add_src(out, v);
		}
		return;
	}
	k = (int)rnd(r, 12);
	if (k <= 2) {
		const char *m = k == 2 ? "STLR" : "STR";
		a64_address(r, t, a->loc, lk, k != 2, ad);
		a64_value(t, a->val, lk, v);
		cell(t, "%s %s,%s", m, v, ad);
	} else if (k <= 5) {         /* exclusive pair */
		a64_address(r, t, a->loc, lk, 0, ad);
		a64_value(t, a->val, lk, v);
		int o = a64_reg(t), s = a64_reg(t);
		cell(t, "%s W%d,%s", chance(r, 50) ? "LDXR" : "LDAXR", o, ad);
		cell(t, "%s W%d,%s,%s", chance(r, 50) ? "STXR" : "STLXR", s, v, ad);
		excl_results(r, t, out, 'X', o, s);
	} else if (k <= 7) {         /* SWP / LD<op> */
		a64_address(r, t, a->loc, lk, 0, ad);
		a64_value(t, a->val, lk, v);
		int o = a64_reg(t);
		if (k == 6)
			cell(t, "SWP%s %s,W%d,%s", PICK(r, a64_ord), v, o, ad);
		else
			cell(t, "LD%s%s %s,W%d,%s", PICK(r, a64_ops), PICK(r, a64_ord), v, o, ad);
		char b[24];
		sprintf(b, "X%d", o);
		observe(t, b);
		add_src(out, b);
	} else if (k == 8) {         /* ST<op> */
		static const char *const so[] = { "", "L" };
		a64_address(r, t, a->loc, lk, 0, ad);
		a64_value(t, a->val, lk, v);
		cell(t, "ST%s%s %s,%s", PICK(r, a64_ops), PICK(r, so), v, ad);
	} else {                     /* CAS expecting the initial value */
		a64_address(r, t, a->loc, lk, 0, ad);
		int s = a64_reg(t);
		if (lk->cmp[0])      /* Rs = 0 computed from the link's source */
			s = atoi(lk->cmp + 1);
		else
			cell(t, "MOV W%d,#0", s);
		a64_value(t, a->val, lk, v);
		cell(t, "CAS%s W%d,%s,%s", PICK(r, a64_ord), s, v, ad);
		char b[24];
		sprintf(b, "X%d", s);
		observe(t, b);
		add_src(out, b);
	}
}

/* Xd = 0, computed from src (a value 0..6) by one of several
 * instructions: a dependency of Xd on src. */
static void a64_zero(rng_t *r, thr *t, int d, const char *src)
{
	switch (rnd(r, 12)) {
	case 0: case 1: cell(t, "EOR X%d,%s,%s", d, src, src); break;
	case 2: cell(t, "AND X%d,%s,#128", d, src); break;
	case 3: cell(t, "UBFM X%d,%s,#8,#15", d, src); break;   /* bits 8..15 */
	case 4: cell(t, "SBFM X%d,%s,#4,#7", d, src); break;    /* bits 4..7 */
	case 5:                                                  /* rotate, then mask */
		cell(t, "ROR W%d,W%s,#7", d, src + 1);
		cell(t, "AND X%d,X%d,#1", d, d);
		break;
	case 6:
		cell(t, "LSL X%d,%s,#40", d, src);
		cell(t, "LSR X%d,X%d,#60", d, d);
		break;
	case 7:
		cell(t, "UBFM X%d,%s,#60,#3", d, src);           /* bits 0..3 up to 4..7 */
		cell(t, "LSR X%d,X%d,#8", d, d);
		break;
	/* byte / bit reversals move the low bits up (to bits 24..31,
	 * 8..15 or 29..31: below bit 32, where herd7's 32-bit untyped
	 * registers agree), then mask */
	case 8:
		cell(t, "REV W%d,W%s", d, src + 1);
		cell(t, "AND X%d,X%d,#1", d, d);
		break;
	case 9:
		cell(t, "REV16 X%d,%s", d, src);
		cell(t, "AND X%d,X%d,#255", d, d);
		break;
	case 10:
		cell(t, "RBIT W%d,W%s", d, src + 1);
		cell(t, "AND X%d,X%d,#1", d, d);
		break;
	default:
		cell(t, "REV32 X%d,%s", d, src);
		cell(t, "AND X%d,X%d,#1", d, d);
		break;
	}
}

/* A branch on src (CBNZ, or CMP + B.NE) to the next cell. */
static void a64_branch(rng_t *r, thr *t, const char *src)
{
	sprintf(t->lab, "L%d%d", t->id, t->label++);
	if (chance(r, 50))
		cell(t, "CBNZ %s,%s", src, t->lab);
	else {
		cell(t, "CMP %s,#1", src);
		cell(t, "B.NE %s", t->lab);
	}
	t->pending_label = t->lab;
}

/* The link between two accesses of one thread: after the first (whose
 * dependency sources are in s), before the second b. */
static void a64_link(rng_t *r, thr *t, const srcs *s, const acc *b, linkres *lk)
{
	static const char *const opts[] = {
		"SY", "ISH", "ISHLD", "ISHST", "LD", "ST", "OSH", "OSHLD", "OSHST", "NSH", "NSHLD", "NSHST",
	};
	memset(lk, 0, sizeof *lk);
	int k = (int)rnd(r, 16);
	const char *src = s->n ? s->src[rnd(r, (unsigned)s->n)] : NULL;
	char rb[24];

	if (k >= 6 && s->wloc >= 0 && chance(r, 30)) {
		/* read the location just written back (lrs: it may read that
		 * write) and depend on that read */
		char base[24];
		int e = a64_reg(t);
		a64_locreg(t, s->wloc, base);
		cell(t, "LDR W%d,[%s]", e, base);
		sprintf(rb, "X%d", e);
		observe(t, rb);
		src = rb;
	}
	if (k <= 1)
		return;
	if (k <= 4) {
		cell(t, "%s %s", chance(r, 80) ? "DMB" : "DSB", PICK(r, opts));
		return;
	}
	if (k == 5) {
		cell(t, "ISB");
		return;
	}
	if (!src) {                          /* nothing to depend on: a fence */
		cell(t, "DMB %s", PICK(r, opts));
		return;
	}
	int d = a64_reg(t);
	if (k <= 8) {                        /* address dependency */
		a64_zero(r, t, d, src);
		sprintf(lk->addr, "X%d", d);
		if (chance(r, 20))
			cell(t, "ISB");
		return;
	}
	if (k <= 10) {                       /* data dependency (Rt, CAS's Rs) */
		if (b->w) {
			a64_zero(r, t, d, src);
			cell(t, "ADD W%d,W%d,#%d", d, d, b->val);
			sprintf(lk->data, "W%d", d);
		}
		if (!b->w || chance(r, 40)) {  /* into the compare value of a CAS */
			int c = b->w ? a64_reg(t) : d;
			a64_zero(r, t, c, src);
			if (!b->w && chance(r, 50))
				cell(t, "ADD W%d,W%d,#1", c, c);
			sprintf(lk->cmp, "W%d", c);
		}
		return;
	}
	if (k <= 12) {                       /* control dependency */
		a64_branch(r, t, src);
		if (chance(r, 35))
			cell(t, "ISB");
		lk->ctrl = 1;
		return;
	}
	/* a pick: CSEL / CSINC of the address or of the data */
	cell(t, "CMP %s,#%d", src, (int)rnd(r, 2));
	if (b->w && chance(r, 50)) {
		int e = a64_reg(t), f = a64_reg(t);
		if (chance(r, 50)) {
			cell(t, "MOV W%d,#%d", e, b->val);
			cell(t, "MOV W%d,#%d", f, b->val);
			cell(t, "CSEL W%d,W%d,W%d,%s", d, e, f, chance(r, 50) ? "EQ" : "NE");
		} else {   /* CSINC Rd,Rn,Rm,cond: cond ? Rn : Rm+1 */
			cell(t, "MOV W%d,#%d", e, b->val);
			cell(t, "MOV W%d,#%d", f, b->val - 1);
			cell(t, "CSINC W%d,W%d,W%d,%s", d, e, f, chance(r, 50) ? "EQ" : "NE");
		}
		sprintf(lk->data, "W%d", d);
	} else {
		int z = a64_reg(t);
		if (chance(r, 60)) {
			cell(t, "MOV X%d,#0", z);
			cell(t, "CSEL X%d,X%d,XZR,%s", d, z, chance(r, 50) ? "EQ" : "NE");
		} else {
			cell(t, "MOV X%d,#-1", z);
			cell(t, "CSINC X%d,XZR,X%d,%s", d, z, chance(r, 50) ? "EQ" : "NE");
		}
		sprintf(lk->addr, "X%d", d);
	}
}

/* ================================================ AArch64: zero registers */

/*
 * --arch aarch64-zr (issue 29): the AArch64 tests above, with the class
 * they never drew -- atomics and exclusives whose destination register is
 * XZR / WZR (SWP Rs,WZR; LD<op> Rs,WZR; ST<op>; CAS WZR,Rt; LDXR / LDAXR
 * WZR + STXR / STLXR), reached through a branch (CBNZ, CMP + B.NE), a
 * CSEL pick of their address or data, or an address dependency, and
 * followed by a local read (LDR, LDAPR, LDAR) that may read their own
 * write. Such an atomic stands for a shape's write, for a shape's read
 * (then observed by the read after it), or sits between two accesses on a
 * location `uN` of thread N only (X23), reached from the first access and
 * read back before the link to the second. Everything else is drawn as for
 * --arch aarch64 (a64_access, a64_link).
 */
#define ZR_MAXREG 14     /* registers above this are left to the links */
#define ZR_MAXCELL 22    /* no intermediate atomic in a longer thread */

static void zr_observe(thr *t, const char *reg)
{
	if (t->nobs < (int)(sizeof t->obs / sizeof *t->obs))
		observe(t, reg);
}

/* A read of the location at base right after an access to it (it may
 * read that access's write): observed and a dependency source. */
static void zr_readback(rng_t *r, thr *t, const char *base, srcs *out)
{
	static const char *const lds[] = { "LDR", "LDAPR", "LDAPR", "LDAR" };
	char b[24];
	int e = a64_reg(t);

	cell(t, "%s W%d,[%s]", PICK(r, lds), e, base);
	sprintf(b, "X%d", e);
	zr_observe(t, b);
	add_src(out, b);
}

/* An atomic or exclusive pair writing v (a register or WZR) to ad, whose
 * destination register is WZR. */
static void zr_rmw(rng_t *r, thr *t, const char *ad, const char *v, srcs *out)
{
	static const char *const so[] = { "", "L" };
	char b[24];

	switch (rnd(r, 6)) {
	case 0:
		cell(t, "SWP%s %s,WZR,%s", PICK(r, a64_ord), v, ad);
		break;
	case 1:
		cell(t, "LD%s%s %s,WZR,%s", PICK(r, a64_ops), PICK(r, a64_ord), v, ad);
		break;
	case 2:
		cell(t, "ST%s%s %s,%s", PICK(r, a64_ops), PICK(r, so), v, ad);
		break;
	case 3:   /* compares with 0 (the initial value), result dropped */
		cell(t, "CAS%s WZR,%s,%s", PICK(r, a64_ord), v, ad);
		break;
	default: {  /* exclusive pair loading into WZR; status kept or dropped */
		int s = a64_reg(t);
		cell(t, "%s WZR,%s", chance(r, 50) ? "LDXR" : "LDAXR", ad);
		if (chance(r, 15)) {
			cell(t, "%s WZR,%s,%s", chance(r, 50) ? "STXR" : "STLXR", v, ad);
			break;
		}
		cell(t, "%s W%d,%s,%s", chance(r, 50) ? "STXR" : "STLXR", s, v, ad);
		sprintf(b, "X%d", s);
		zr_observe(t, b);
		add_src(out, b);
		break;
	}
	}
}

/* A shape's access, drawn among the zero-destination forms (or as for
 * --arch aarch64), then maybe read back. */
static void a64zr_access(rng_t *r, thr *t, const acc *a, const linkres *lk, srcs *out)
{
	char ad[48], v[24], base[24];

	/* a shape's read is rarely made an atomic: another write to x or y
	 * in a 3- or 4-thread shape multiplies the coherence orders */
	if (chance(r, a->w ? 30 : 75) || t->nextreg > ZR_MAXREG) {
		a64_access(r, t, a, lk, out);
		if (a->w && chance(r, 40) && t->nextreg <= ZR_MAXREG) {
			a64_locreg(t, a->loc, base);
			zr_readback(r, t, base, out);
		}
		return;
	}
	out->n = 0;
	out->wloc = a->loc;
	a64_locreg(t, a->loc, base);
	a64_address(r, t, a->loc, lk, 0, ad);
	if (a->w) {
		if (chance(r, 12))
			strcpy(v, "WZR");
		else
			a64_value(t, a->val, lk, v);
		zr_rmw(r, t, ad, v, out);
		if (chance(r, 65))
			zr_readback(r, t, base, out);
		return;
	}
	/* a read: an atomic that leaves the value (operand 0, or the
	 * link's compare register) or writes 0, or a load into WZR; the
	 * read after it observes the location */
	const char *op = lk->cmp[0] ? lk->cmp : "WZR";
	switch (rnd(r, 5)) {
	case 0:
		cell(t, "LD%s%s %s,WZR,%s", PICK(r, a64_ops0), PICK(r, a64_ord), op, ad);
		break;
	case 1:
		cell(t, "SWP%s WZR,WZR,%s", PICK(r, a64_ord), ad);
		break;
	default: {
		static const char *const lds[] = { "LDXR", "LDAXR", "LDAR", "LDAPR", "LDR" };
		cell(t, "%s WZR,%s", PICK(r, lds), ad);
		out->wloc = -1;
		break;
	}
	}
	zr_readback(r, t, base, out);
}

/* The link between two accesses: half the time, first a zero-destination
 * atomic on the thread's own `uN`, reached from the first access (branch,
 * CSEL pick of its address or data, address dependency), and read back;
 * then a link as for --arch aarch64 from that read (or nothing: an LDAPR
 * or LDAR orders by itself). */
static void a64zr_link(rng_t *r, thr *t, const srcs *s, const acc *b, linkres *lk)
{
	const char *src = s->n ? s->src[rnd(r, (unsigned)s->n)] : NULL;
	char ad[48], v[24];
	srcs mid = { .n = 0, .wloc = s->wloc };

	char uinit[24];
	int ninit = t->ninit;

	memset(lk, 0, sizeof *lk);
	snprintf(uinit, sizeof uinit, "X23=u%d", t->id);   /* a location of this thread only */
	init(t, "%s", uinit);
	int again = t->ninit == ninit;       /* one such atomic per thread */
	if (again || !src || t->nextreg > ZR_MAXREG - 4 || t->n > ZR_MAXCELL || chance(r, 50)) {
		t->ninit = ninit;
		a64_link(r, t, s, b, lk);
		return;
	}
	int k = (int)rnd(r, 4), d = a64_reg(t);
	strcpy(ad, "[X23]");
	if (chance(r, 15))
		strcpy(v, "WZR");
	else
		sprintf(v, "W%d", a64_reg(t));
	if (k == 0) {                      /* branch */
		a64_branch(r, t, src);
	} else if (k == 1) {               /* CSEL pick of the address */
		int z = a64_reg(t), e = a64_reg(t);
		cell(t, "CMP %s,#%d", src, (int)rnd(r, 2));
		cell(t, "MOV X%d,#0", z);
		cell(t, "CSEL X%d,X%d,XZR,%s", d, z, chance(r, 50) ? "EQ" : "NE");
		cell(t, "ADD X%d,X23,X%d", e, d);
		sprintf(ad, "[X%d]", e);
	} else if (k == 2 && v[1] != 'Z') { /* CSEL pick of the data */
		int f = a64_reg(t);
		cell(t, "CMP %s,#%d", src, (int)rnd(r, 2));
		cell(t, "MOV %s,#1", v);
		cell(t, "MOV W%d,#2", f);
		cell(t, "CSEL W%d,%s,W%d,%s", d, v, f, chance(r, 50) ? "EQ" : "NE");
		sprintf(v, "W%d", d);
	} else {                           /* address dependency */
		int e = a64_reg(t);
		a64_zero(r, t, d, src);
		cell(t, "ADD X%d,X23,X%d", e, d);
		sprintf(ad, "[X%d]", e);
	}
	if (v[1] != 'Z' && k != 2)
		cell(t, "MOV %s,#%d", v, 1 + (int)rnd(r, 3));
	zr_rmw(r, t, ad, v, &mid);
	mid.n = 0;                         /* the read back is the source */
	zr_readback(r, t, "X23", &mid);
	if (chance(r, 25))
		add_src(&mid, src);
	if (chance(r, 25))
		return;                    /* the LDAPR / LDAR (or nothing) */
	a64_link(r, t, &mid, b, lk);
}

/* ================================================ AArch64: pick dependencies */

/*
 * --arch aarch64-pick (issue 39): the AArch64 pick class. Most links are a
 * CSEL / CSINC on the flags of a CMP of the value read before (a pick),
 * whose result feeds
 *   - the address of the next access (both choices 0: the location stays),
 *   - a data operand: the picked register is an operand of an EOR or ADD
 *     whose result is the address offset or the value stored,
 *   - a store: the picked register is the value stored (by STR / STLR, or
 *     SWP, LD<op>, CAS as for --arch aarch64; its two choices may differ),
 * the picked registers being constants or a zero computed from the read
 * (then the pick also carries a data dependency); the picked register
 * goes through memory a fifth of the time (STR to the thread's own `uN`,
 * X23, and LDR back: herd7's dependencies through memory); a DMB (SY ISH
 * ISHLD LD ST ISHST) comes before the CMP or between the pick and the
 * access half the time, and the link after a picked access is a DMB half
 * the time (a pick, then a barrier before a write: pick-ordered-before
 * through lob). A pick into the address or a data operand may also give
 * the zero to a CAS's compare register Rs (the access is then a CAS).
 * A fifth of the links are drawn as for --arch aarch64 (fences,
 * dependencies, nothing). Accesses: LDR LDAPR LDAR, STR STLR, CAS, and a
 * quarter as for --arch aarch64. Meant for --shapes (LB, LB3, LB3W, MP,
 * S: the LB shapes put a pick between a read and a write, LB3 a picked
 * read before a write, LB3W a picked write before a write, with nothing
 * between the two writes 40% of the time).
 */
static void a64pk_access(rng_t *r, thr *t, const acc *a, const linkres *lk, srcs *out)
{
	char ad[48], v[24];

	if (chance(r, 25)) {
		a64_access(r, t, a, lk, out);
		return;
	}
	out->n = 0;
	out->wloc = a->w ? a->loc : -1;
	if (lk->cmp[0]) {   /* a CAS whose Rs is the picked zero */
		int n = a64_reg(t);
		a64_address(r, t, a->loc, lk, 0, ad);
		if (lk->data[0])
			strcpy(v, lk->data);
		else {
			cell(t, "MOV W%d,#%d", n, a->w ? a->val : 5);
			sprintf(v, "W%d", n);
		}
		cell(t, "CAS%s %s,%s,%s", PICK(r, a64_ord), lk->cmp, v, ad);
		sprintf(v, "X%s", lk->cmp + 1);
		observe(t, v);
		add_src(out, v);
		return;
	}
	if (!a->w) {
		static const char *const lds[] = { "LDR", "LDR", "LDR", "LDAPR", "LDAR" };
		a64_load(r, t, a->loc, lk, PICK(r, lds), out);
		return;
	}
	const char *m = chance(r, 75) ? "STR" : "STLR";
	a64_address(r, t, a->loc, lk, !strcmp(m, "STR"), ad);
	a64_value(t, a->val, lk, v);
	cell(t, "%s %s,%s", m, v, ad);
}

static void a64pk_link(rng_t *r, thr *t, const srcs *s, const acc *b, linkres *lk)
{
	static const char *const dmbs[] = { "SY", "ISH", "ISHLD", "LD", "ST", "ISHST" };
	const char *src = s->n ? s->src[rnd(r, (unsigned)s->n)] : NULL;
	int k = (int)rnd(r, 10);

	/* LB3W: nothing between a picked write and the next write (the
	 * write waits for the address of the first: pick-addr-dep ; [M] ;
	 * po ; [W]); only in the named shapes, so that the others' seeds
	 * draw what they drew */
	if (t->picked && drawing_named && chance(r, 40)) {
		memset(lk, 0, sizeof *lk);
		t->picked = 0;
		return;
	}
	if (t->picked && chance(r, 50)) {   /* a barrier after the picked access */
		memset(lk, 0, sizeof *lk);
		cell(t, "DMB %s", PICK(r, dmbs));
		t->picked = 0;
		return;
	}
	t->picked = 0;
	if (!src || k >= 8 || t->nextreg > 11) {
		a64_link(r, t, s, b, lk);
		return;
	}
	memset(lk, 0, sizeof *lk);
	t->picked = 1;
	int dmb = (int)rnd(r, 4);        /* 0: before the CMP, 1: after the pick */
	int to = b->w ? k % 3 : k % 2;   /* 0 address, 1 data operand, 2 store */
	int d = a64_reg(t), e = a64_reg(t);
	const char *cond = chance(r, 50) ? "EQ" : "NE";
	int zero_from_read = chance(r, 40);

	if (dmb == 0)
		cell(t, "DMB %s", PICK(r, dmbs));
	if (zero_from_read)              /* the picked zero depends on the read too */
		a64_zero(r, t, e, src);
	cell(t, "CMP %s,#%d", src, (int)rnd(r, 2));
	if (to < 2) {                    /* a zero either way */
		if (!zero_from_read)
			cell(t, "MOV X%d,#0", e);
		if (chance(r, 50)) {
			cell(t, "CSEL X%d,X%d,XZR,%s", d, e, cond);
		} else {   /* CSINC Rd,Rn,Rm,cond: cond ? Rn : Rm + 1 */
			int f = a64_reg(t);
			cell(t, "MOV X%d,#-1", f);
			cell(t, "CSINC X%d,X%d,X%d,%s", d, e, f, cond);
		}
		if (to == 1) {               /* through an EOR / ADD */
			int g = a64_reg(t);
			if (chance(r, 50))
				cell(t, "EOR X%d,X%d,X%d", g, d, d);
			else
				cell(t, "ADD X%d,X%d,X%d", g, d, zero_from_read ? e : d);
			d = g;
		}
		if (chance(r, 20)) {         /* through memory: the thread's uN */
			int g = a64_reg(t);
			init(t, "X23=u%d", t->id);
			cell(t, "STR W%d,[X23]", d);   /* uN is an int, as x, y */
			cell(t, "LDR W%d,[X23]", g);
			d = g;
		}
		if (chance(r, 25))           /* a CAS expecting the zero */
			sprintf(lk->cmp, "W%d", d);
		if (to == 1 && b->w && chance(r, 50)) {   /* the value stored */
			cell(t, "ADD W%d,W%d,#%d", d, d, b->val);
			sprintf(lk->data, "W%d", d);
		} else {
			sprintf(lk->addr, "X%d", d);
		}
	} else {                         /* the value stored: val, or val or val + 2 */
		int f = a64_reg(t), other = chance(r, 30) ? b->val + 2 : b->val;
		if (zero_from_read)
			cell(t, "ADD W%d,W%d,#%d", e, e, b->val);
		else
			cell(t, "MOV W%d,#%d", e, b->val);
		if (chance(r, 50)) {
			cell(t, "MOV W%d,#%d", f, other);
			cell(t, "CSEL W%d,W%d,W%d,%s", d, e, f, cond);
		} else {   /* CSINC Rd,Rn,Rm,cond: cond ? Rn : Rm + 1 */
			cell(t, "MOV W%d,#%d", f, other - 1);
			cell(t, "CSINC W%d,W%d,W%d,%s", d, e, f, cond);
		}
		sprintf(lk->data, "W%d", d);
	}
	if (dmb == 1)
		cell(t, "DMB %s", PICK(r, dmbs));
}

/* ============================================== AArch64: mixed-size accesses */

/*
 * --arch aarch64-mixed (issue 29): the shapes with every access drawn with
 * a size (byte, halfword, word, doubleword) at an aligned offset of its
 * 64-bit location (LDRB LDRH LDRSB LDRSH LDR W/X, LDARB/H, LDAPRB/H,
 * LD{A}XRB/H alone, LDP of both words; STRB STRH STR W/X, STLRB/H, STP of
 * both words; SWPB/H, LD<op>B/H and ST<op>B/H with ADD EOR SET CLR SMAX
 * SMIN UMAX UMIN; LD{A}XR{B,H} + ST{L}XR{B,H}; CAS{A,L,AL}{B,H} and
 * CAS W / X expecting 0 or the value others write, its Rs observed),
 * values that span bytes (0x101...), links as for --arch aarch64 (a
 * CAS's Rs may come from the link's data dependency), plus (issue 39)
 * data-dependent sub-word stores: the value loaded before, through EOR
 * (to zero) + ADD or through an ADD, stored by STRB / STRH / STLRB /
 * STLRH (a64mx_link); and several writes per location: a plain store or
 * CAS of a byte, halfword or word is followed, 30% of the time (60% after
 * such a data-dependent store, then wider), by a second plain store of
 * another size or offset to the same location (mx_more_write). (Since
 * the exclusive / pair / min-max forms, and again since issue 39's
 * forms, a seed draws other tests than before.)
 * Run with -variant mixed on both tools (tests/diff/hw-diff.sh).
 */
static const char *const mx_ops[] = { "ADD", "EOR", "SET", "CLR", "SMAX", "SMIN", "UMAX", "UMIN" };
static const char *const mx_ops0[] = { "ADD", "EOR", "SET", "CLR", "SMAX", "UMAX" };   /* x op 0 = x */

/* [Xn] or [Xn,#off] for an access of `size` bytes (plain forms only). */
static void mx_address(rng_t *r, thr *t, int loc, const linkres *lk, int size, int plain, char *ad)
{
	a64_address(r, t, loc, lk, 0, ad);
	if (plain && size < 8 && chance(r, 50)) {
		int off = size * (int)rnd(r, (unsigned)(8 / size));
		size_t n = strlen(ad);
		if (off && ad[n - 1] == ']' && !strchr(ad, ','))
			sprintf(ad + n - 1, ",#%d]", off);
	}
}

/* "B", "H" or "" (W / X register) for an access of `size` bytes. */
static const char *mx_sfx(int size)
{
	return size == 1 ? "B" : size == 2 ? "H" : "";
}

/* A second plain store to location loc after a write of `size` bytes:
 * another size (wider than `size` when `wider`) or offset, value val + 2. */
static void mx_more_write(rng_t *r, thr *t, int loc, int val, int size, int wider)
{
	static const int sizes[] = { 1, 2, 4, 8 };
	static const char *const s1[] = { "STRB", "STRB", "STLRB" };
	static const char *const s2[] = { "STRH", "STRH", "STLRH" };
	static const char *const s4[] = { "STR", "STR", "STLR" };
	static const linkres none;
	int size2 = PICK(r, sizes), d = a64_reg(t);
	char ad[48];

	if (wider && size2 <= size)
		size2 = size * 2;
	val += 2;       /* in one byte: a read of it may feed an address */
	const char *m = size2 == 1 ? PICK(r, s1) : size2 == 2 ? PICK(r, s2) : PICK(r, s4);
	mx_address(r, t, loc, &none, size2, !strncmp(m, "STR", 3), ad);
	cell(t, "MOV W%d,#%d", d, val);
	cell(t, "%s %c%d,%s", m, size2 == 8 ? 'X' : 'W', d, ad);
}

static void a64mx_access(rng_t *r, thr *t, const acc *a, const linkres *lk, srcs *out)
{
	static const int sizes[] = { 1, 2, 4, 8 };
	int size = PICK(r, sizes), k = (int)rnd(r, 13);

	if (a->w && lk->subword) {   /* a data-dependent byte / halfword store */
		size = chance(r, 50) ? 1 : 2;
		k = 0;
	}
	char ad[48], v[24], b[24], rr = size == 8 ? 'X' : 'W';

	out->n = 0;
	out->wloc = a->w ? a->loc : -1;
	if (!a->w) {
		int d = a64_reg(t);
		if (k == 10 && size == 8) {     /* LDP: both words of the location */
			int d2 = a64_reg(t);
			a64_address(r, t, a->loc, lk, 0, ad);
			cell(t, "LDP W%d,W%d,%s", d, d2, ad);
			sprintf(b, "X%d", d2);
			observe(t, b);
			add_src(out, b);
		} else if (k >= 10 && size <= 2) {   /* an exclusive load alone */
			a64_address(r, t, a->loc, lk, 0, ad);
			cell(t, "LD%sXR%s W%d,%s", chance(r, 50) ? "A" : "", mx_sfx(size), d, ad);
		} else if (k <= 6 || size > 2) {
			static const char *const l1[] = { "LDRB", "LDRB", "LDRSB", "LDARB", "LDAPRB" };
			static const char *const l2[] = { "LDRH", "LDRH", "LDRSH", "LDARH", "LDAPRH" };
			static const char *const l4[] = { "LDR", "LDR", "LDAR", "LDAPR" };
			const char *m = size == 1 ? PICK(r, l1) : size == 2 ? PICK(r, l2) : PICK(r, l4);
			int plain = !strncmp(m, "LDR", 3);
			mx_address(r, t, a->loc, lk, size, plain, ad);
			cell(t, "%s %c%d,%s", m, rr, d, ad);
		} else {           /* LD<op>B/H with a zero operand */
			int z = a64_reg(t);
			a64_address(r, t, a->loc, lk, 0, ad);
			cell(t, "MOV W%d,#0", z);
			cell(t, "LD%s%s%s W%d,W%d,%s", PICK(r, mx_ops0), PICK(r, a64_ord), mx_sfx(size),
			     z, d, ad);
		}
		sprintf(v, "X%d", d);
		observe(t, v);
		add_src(out, v);
		return;
	}
	/* a value that spans bytes half the time (the shape's value in
	 * each byte of the access) */
	int val = a->val;
	if (size > 1 && chance(r, 50))
		val = a->val * 0x101;
	if (lk->data[0])
		strcpy(v, lk->data);
	else {
		int d = a64_reg(t);
		cell(t, "MOV W%d,#%d", d, val);
		sprintf(v, "W%d", d);
	}
	v[0] = rr;
	if (k == 11) {          /* LD{A}XR{B,H} + ST{L}XR{B,H} */
		int o = a64_reg(t), st = a64_reg(t);
		a64_address(r, t, a->loc, lk, 0, ad);
		cell(t, "LD%sXR%s %c%d,%s", chance(r, 50) ? "A" : "", mx_sfx(size), rr, o, ad);
		cell(t, "ST%sXR%s W%d,%s,%s", chance(r, 50) ? "L" : "", mx_sfx(size), st, v, ad);
		excl_results(r, t, out, 'X', o, st);
		return;
	}
	if (k == 12 && size == 8) {   /* STP: the value in both words */
		v[0] = 'W';
		a64_address(r, t, a->loc, lk, 0, ad);
		cell(t, "STP %s,%s,%s", v, v, ad);
		return;
	}
	if (k == 10) {          /* CAS{A,L,AL}{B,H}, CAS W / X */
		int s;
		a64_address(r, t, a->loc, lk, 0, ad);
		if (lk->cmp[0]) {    /* Rs = 0 computed from the link's source */
			s = atoi(lk->cmp + 1);
		} else {             /* the initial value, or what others write */
			s = a64_reg(t);
			cell(t, "MOV W%d,#%d", s, chance(r, 50) ? 0 : size > 1 && chance(r, 50) ? a->val * 0x101 : a->val);
		}
		cell(t, "CAS%s%s %c%d,%s,%s", PICK(r, a64_ord), mx_sfx(size), rr, s, v, ad);
		sprintf(b, "X%d", s);
		observe(t, b);
		add_src(out, b);
		if (size < 8 && chance(r, 30) && t->nextreg < 14)
			mx_more_write(r, t, a->loc, a->val, size, 0);
		return;
	}
	if (k <= 6 || size > 2 || k == 12) {
		static const char *const s1[] = { "STRB", "STRB", "STLRB" };
		static const char *const s2[] = { "STRH", "STRH", "STLRH" };
		static const char *const s4[] = { "STR", "STR", "STLR" };
		const char *m = size == 1 ? PICK(r, s1) : size == 2 ? PICK(r, s2) : PICK(r, s4);
		mx_address(r, t, a->loc, lk, size, !strncmp(m, "STR", 3), ad);
		cell(t, "%s %s,%s", m, v, ad);
		if (size < 8 && chance(r, lk->subword ? 60 : 30) && t->nextreg < 14)
			mx_more_write(r, t, a->loc, a->val, size, lk->subword);
		return;
	}
	a64_address(r, t, a->loc, lk, 0, ad);
	const char *sz = mx_sfx(size);
	if (k == 9) {
		cell(t, "ST%s%s%s %s,%s", PICK(r, mx_ops), chance(r, 50) ? "L" : "", sz, v, ad);
		return;
	}
	int o = a64_reg(t);
	if (k == 7)
		cell(t, "SWP%s%s %s,W%d,%s", PICK(r, a64_ord), sz, v, o, ad);
	else
		cell(t, "LD%s%s%s %s,W%d,%s", PICK(r, mx_ops), PICK(r, a64_ord), sz, v, o, ad);
	sprintf(b, "X%d", o);
	observe(t, b);
	add_src(out, b);
}

/* The link of --arch aarch64-mixed: before a write, 25% of the time a
 * data dependency that keeps the value read (ADD of the shape's value)
 * or zeroes it first (EOR, then ADD), stored as a byte or halfword
 * (linkres.subword); else as for --arch aarch64. */
static void a64mx_link(rng_t *r, thr *t, const srcs *s, const acc *b, linkres *lk)
{
	if (!b->w || !s->n || t->nextreg >= 14 || !chance(r, 25)) {
		a64_link(r, t, s, b, lk);
		return;
	}
	memset(lk, 0, sizeof *lk);
	const char *src = s->src[rnd(r, (unsigned)s->n)];
	int d = a64_reg(t);
	if (chance(r, 50)) {
		cell(t, "EOR W%d,W%s,W%s", d, src + 1, src + 1);
		cell(t, "ADD W%d,W%d,#%d", d, d, b->val);
	} else {
		cell(t, "ADD W%d,W%s,#%d", d, src + 1, b->val);
	}
	sprintf(lk->data, "W%d", d);
	lk->subword = 1;
}

/* ================================================================ RISC-V */

static const char *const rv_ord[] = { "", ".aq", ".rl", ".aqrl" };

static void rv_locreg(thr *t, int loc, char *out)
{
	char buf[24];
	sprintf(out, "x%d", 20 + loc);
	sprintf(buf, "x%d=%s", 20 + loc, locname[loc]);
	for (int i = 0; i < t->ninit; i++)
		if (!strcmp(t->init[i], buf))
			return;
	init(t, "%s", buf);
}

static int rv_reg(thr *t)
{
	return 5 + t->nextreg++;   /* x5 .. x19 */
}

static void rv_address(thr *t, int loc, const linkres *lk, char *out)
{
	char base[24];
	rv_locreg(t, loc, base);
	if (!lk->addr[0]) {
		sprintf(out, "0(%s)", base);
		return;
	}
	int d = rv_reg(t);
	cell(t, "add x%d,%s,%s", d, base, lk->addr);
	sprintf(out, "0(x%d)", d);
}

static void rv_value(thr *t, int v, const linkres *lk, char *out)
{
	if (lk->data[0]) {
		strcpy(out, lk->data);
		return;
	}
	int d = rv_reg(t);
	cell(t, "ori x%d,x0,%d", d, v);
	sprintf(out, "x%d", d);
}

static void rv_access(rng_t *r, thr *t, const acc *a, const linkres *lk, srcs *out)
{
	/* herd7 takes amomin / amomax, not amominu / amomaxu */
	static const char *const amos[] = { "amoswap", "amoadd", "amoor", "amoxor", "amoand",
					    "amomin", "amomax" };
	char ad[48], v[24], b[16];
	const char *sz = chance(r, 50) ? "w" : "d";
	int k;

	out->n = 0;
	if (!a->w) {
		k = (int)rnd(r, 10);
		rv_address(t, a->loc, lk, ad);
		int d = rv_reg(t);
		if (k <= 4)
			cell(t, "l%s x%d,%s", sz, d, ad);
		else if (k <= 6)
			cell(t, "lr.%s%s x%d,%s", sz, PICK(r, rv_ord), d, ad);
		else
			cell(t, "%s.%s%s x%d,x0,%s", k == 9 ? (chance(r, 50) ? "amoor" : "amomax")
			     : k == 8 ? "amoadd" : "amoxor", sz,
			     PICK(r, rv_ord), d, ad);
		sprintf(b, "x%d", d);
		observe(t, b);
		add_src(out, b);
		return;
	}
	k = (int)rnd(r, 10);
	rv_address(t, a->loc, lk, ad);
	rv_value(t, a->val, lk, v);
	if (k <= 3) {
		cell(t, "s%s %s,%s", sz, v, ad);
	} else if (k <= 6) {
		int o = rv_reg(t), s = rv_reg(t);
		cell(t, "lr.%s%s x%d,%s", sz, PICK(r, rv_ord), o, ad);
		cell(t, "sc.%s%s x%d,%s,%s", sz, PICK(r, rv_ord), s, v, ad);
		excl_results(r, t, out, 'x', o, s);
	} else {
		int o = rv_reg(t);
		cell(t, "%s.%s%s x%d,%s,%s", PICK(r, amos), sz, PICK(r, rv_ord), o, v, ad);
		sprintf(b, "x%d", o);
		observe(t, b);
		add_src(out, b);
	}
}

static void rv_link(rng_t *r, thr *t, const srcs *s, const acc *b, linkres *lk)
{
	/* herd7's RISC-V parser takes only r, w, rw (no i / o sets) */
	static const char *const sets[] = { "r", "w", "rw" };
	memset(lk, 0, sizeof *lk);
	int k = (int)rnd(r, 14);
	const char *src = s->n ? s->src[rnd(r, (unsigned)s->n)] : NULL;

	if (k <= 1)
		return;
	if (k <= 5) {
		if (k == 5)
			cell(t, chance(r, 50) ? "fence.tso" : "fence");
		else
			cell(t, "fence %s,%s", PICK(r, sets), PICK(r, sets));
		return;
	}
	if (!src) {
		cell(t, "fence rw,rw");
		return;
	}
	int d = rv_reg(t);
	if (k <= 8) {
		cell(t, "xor x%d,%s,%s", d, src, src);
		sprintf(lk->addr, "x%d", d);
		return;
	}
	if (k <= 10 && b->w) {
		cell(t, "xor x%d,%s,%s", d, src, src);
		cell(t, "ori x%d,x%d,%d", d, d, b->val);
		sprintf(lk->data, "x%d", d);
		return;
	}
	sprintf(t->lab, "LC%d%d", t->id, t->label++);
	cell(t, "%s %s,x0,%s", chance(r, 50) ? "bne" : "beq", src, t->lab);
	t->pending_label = t->lab;
	lk->ctrl = 1;
}

/* ================================================================ Power */

static int ppc_reg(thr *t) { return 5 + t->nextreg++; }

static void ppc_locreg(thr *t, int loc, char *out)
{
	char buf[24];
	sprintf(out, "r%d", 20 + loc);
	sprintf(buf, "r%d=%s", 20 + loc, locname[loc]);
	for (int i = 0; i < t->ninit; i++)
		if (!strcmp(t->init[i], buf))
			return;
	init(t, "%s", buf);
}

static void ppc_access(rng_t *r, thr *t, const acc *a, const linkres *lk, srcs *out)
{
	char base[24], v[24], b[24], zb[24];
	out->n = 0;
	ppc_locreg(t, a->loc, base);
	const char *idx = lk->addr[0] ? lk->addr : NULL;
	if (!a->w) {
		int d = ppc_reg(t);
		if (chance(r, 80)) {
			if (idx)
				cell(t, "lwzx r%d,%s,%s", d, idx, base);
			else
				cell(t, "lwz r%d,0(%s)", d, base);
		} else {
			cell(t, "lwarx r%d,%s,%s", d, idx ? idx : "r0", base);
			if (!idx)
				init(t, "r0=0");
		}
		sprintf(b, "r%d", d);
		observe(t, b);
		add_src(out, b);
		return;
	}
	if (lk->data[0])
		strcpy(v, lk->data);
	else {
		int d = ppc_reg(t);
		cell(t, "li r%d,%d", d, a->val);
		sprintf(v, "r%d", d);
	}
	if (chance(r, 70)) {
		if (idx)
			cell(t, "stwx %s,%s,%s", v, idx, base);
		else
			cell(t, "stw %s,0(%s)", v, base);
	} else {
		int o = ppc_reg(t);
		const char *ix = idx;
		if (!ix) {
			int z = ppc_reg(t);
			cell(t, "li r%d,0", z);
			sprintf(zb, "r%d", z);
			ix = zb;
		}
		cell(t, "lwarx r%d,%s,%s", o, ix, base);
		cell(t, "stwcx. %s,%s,%s", v, ix, base);
		sprintf(b, "r%d", o);
		observe(t, b);
		add_src(out, "cr0");
		add_src(out, b);
	}
}

static void ppc_link(rng_t *r, thr *t, const srcs *s, const acc *b, linkres *lk)
{
	static const char *const fences[] = { "sync", "lwsync", "eieio", "isync" };
	memset(lk, 0, sizeof *lk);
	int k = (int)rnd(r, 12);
	const char *src = s->n ? s->src[rnd(r, (unsigned)s->n)] : NULL;

	if (k <= 1)
		return;
	if (k <= 4) {
		cell(t, "%s", PICK(r, fences));
		return;
	}
	if (!src) {
		cell(t, "sync");
		return;
	}
	if (!strcmp(src, "cr0") || k >= 10) {     /* control (+isync) */
		sprintf(t->lab, "LC%d%d", t->id, t->label++);
		if (strcmp(src, "cr0"))
			cell(t, "cmpwi %s,0", src);
		cell(t, "%s %s", chance(r, 50) ? "bne" : "beq", t->lab);
		t->pending_label = t->lab;
		if (chance(r, 40))
			cell(t, "isync");
		lk->ctrl = 1;
		return;
	}
	int d = ppc_reg(t);
	cell(t, "xor r%d,%s,%s", d, src, src);
	if (k <= 7 || !b->w) {
		sprintf(lk->addr, "r%d", d);
		return;
	}
	cell(t, "addi r%d,r%d,%d", d, d, b->val);
	sprintf(lk->data, "r%d", d);
}

/* ================================================================ ARM (ARMv7) */

/* R0..R9 for values (wrapping: a test reuses registers rather than run
 * out), R10..R12 for the locations x, y, z */
static int arm_reg(thr *t) { return t->nextreg++ % 10; }

static void arm_locreg(thr *t, int loc, char *out)
{
	sprintf(out, "R%d", 10 + loc);
	init(t, "R%d=%s", 10 + loc, locname[loc]);
}

/* The memory operand of an access: [base], or [base,idx] after an
 * address dependency; exclusive accesses take no index, so they get an
 * ADD into a register first. */
static void arm_address(thr *t, const char *base, const linkres *lk, int excl, char *out)
{
	if (!lk->addr[0]) {
		sprintf(out, "[%s]", base);
	} else if (!excl) {
		sprintf(out, "[%s,%s]", base, lk->addr);
	} else {
		int e = arm_reg(t);
		cell(t, "ADD R%d,%s,%s", e, lk->addr, base);
		sprintf(out, "[R%d]", e);
	}
}

static void arm_access(rng_t *r, thr *t, const acc *a, const linkres *lk, srcs *out)
{
	char base[24], m[64], v[24], b[24];
	out->n = 0;
	arm_locreg(t, a->loc, base);
	int excl = chance(r, a->w ? 30 : 20);
	arm_address(t, base, lk, excl, m);
	if (!a->w) {
		int d = arm_reg(t);
		cell(t, "%s R%d,%s", excl ? "LDREX" : "LDR", d, m);
		sprintf(b, "R%d", d);
		observe(t, b);
		add_src(out, b);
		return;
	}
	if (lk->data[0]) {
		strcpy(v, lk->data);
	} else {
		int d = arm_reg(t);
		cell(t, "MOV R%d,#%d", d, a->val);
		sprintf(v, "R%d", d);
	}
	if (!excl) {
		cell(t, "STR %s,%s", v, m);
		return;
	}
	int o = arm_reg(t), st = arm_reg(t);
	cell(t, "LDREX R%d,%s", o, m);
	cell(t, "STREX R%d,%s,%s", st, v, m);
	sprintf(b, "R%d", o);
	observe(t, b);
	add_src(out, b);
	sprintf(b, "R%d", st);
	observe(t, b);
	add_src(out, b);
}

static void arm_link(rng_t *r, thr *t, const srcs *s, const acc *b, linkres *lk)
{
	static const char *const opts[] = {
		"", "", "", " SY", " ST", " ST", " ISH", " ISHST", " NSH", " OSH", " OSHST", " NSHST",
	};
	memset(lk, 0, sizeof *lk);
	int k = (int)rnd(r, 14);
	const char *src = s->n ? s->src[rnd(r, (unsigned)s->n)] : NULL;

	if (k <= 1)
		return;
	if (k <= 4) {
		cell(t, "%s%s", chance(r, 75) ? "DMB" : "DSB", PICK(r, opts));
		return;
	}
	if (k == 5) {
		cell(t, "ISB");
		return;
	}
	if (!src) {
		cell(t, "DMB");
		return;
	}
	if (k >= 11) {                          /* control (+ISB) */
		sprintf(t->lab, "LC%d%d", t->id, t->label++);
		int c = (int)rnd(r, 4);
		if (c == 0) {
			cell(t, "%s %s,%s", chance(r, 50) ? "CBZ" : "CBNZ", src, t->lab);
		} else {
			if (c == 1)
				cell(t, "CMP %s,#%d", src, (int)rnd(r, 2));
			else if (c == 2)
				cell(t, "SUBS R%d,%s,#1", arm_reg(t), src);
			else
				cell(t, "ANDS R%d,%s,#1", arm_reg(t), src);
			cell(t, "%s %s", chance(r, 50) ? "BNE" : "BEQ", t->lab);
		}
		t->pending_label = t->lab;
		if (chance(r, 40))
			cell(t, "ISB");
		lk->ctrl = 1;
		return;
	}
	int d = arm_reg(t);
	if (chance(r, 70))
		cell(t, "EOR R%d,%s,%s", d, src, src);
	else
		cell(t, "AND R%d,%s,#0", d, src);
	if (k <= 8 || !b->w) {                  /* address dependency */
		sprintf(lk->addr, "R%d", d);
		return;
	}
	cell(t, "%s R%d,R%d,#%d", chance(r, 50) ? "ADD" : "ORR", d, d, b->val);   /* data */
	sprintf(lk->data, "R%d", d);
}

/* ================================================================ x86 */

static const char *const x86_regs[] = { "EAX", "EBX", "ECX", "EDX", "ESI", "EDI" };

static void x86_access(rng_t *r, thr *t, const acc *a, const linkres *lk, srcs *out)
{
	const char *l = locname[a->loc];
	const char *d = x86_regs[t->nextreg++ % 6];
	(void)lk;
	out->n = 0;
	if (!a->w) {
		if (chance(r, 80)) {
			cell(t, "MOV %s,[%s]", d, l);
		} else {   /* a locked read that writes back what it read */
			cell(t, "MOV %s,$0", d);
			cell(t, "LOCK ADD [%s],%s", l, d);
			return;
		}
		observe(t, d);
		return;
	}
	int k = (int)rnd(r, 6);
	if (k <= 2) {
		cell(t, "MOV [%s],$%d", l, a->val);
	} else if (k == 3) {
		cell(t, "MOV %s,$%d", d, a->val);
		cell(t, "XCHG [%s],%s", l, d);
		observe(t, d);
	} else if (k == 4) {
		cell(t, "LOCK ADD [%s],$%d", l, a->val);
	} else {
		cell(t, "LOCK INC [%s]", l);
	}
}

static void x86_link(rng_t *r, thr *t, const srcs *s, const acc *b, linkres *lk)
{
	static const char *const f[] = { "MFENCE", "LFENCE", "SFENCE" };
	(void)s;
	(void)b;
	memset(lk, 0, sizeof *lk);
	if (chance(r, 40))
		cell(t, "%s", PICK(r, f));
}

/* ====================================================== x86: mixed-size */

/*
 * --arch x86-mixed (issue 29): X86_64 (AT&T) tests of the shapes with
 * every access drawn with a size suffix (movb movw movl movq, xchgX,
 * lock addX, lock incX) and the register of that width (%al %ax %eax
 * %rax), at an aligned offset of its 64-bit location (OFF(%r8) with
 * r8 = x, r9 = y, r10 = z); values that span bytes (257, 514) half the
 * time; links: nothing or mfence (herd7's X86_64 has no lfence / sfence).
 * Issue 39 added: `lock cmpxchgX` of every size (written as herd7 reads
 * it, memory operand first; the accumulator %rax set to 0 or the value
 * others write, cut to the access's size, and observed); several writes
 * per location (a plain store of a byte, word or long followed, 30% of
 * the time, by another plain store to the same location, x86mx_more);
 * data-dependent stores (x86mx_link: the register a read loaded, copied,
 * plus the shape's value by addq, or xor-ed to zero first, stored at the
 * next write's size). %rax is the accumulator only, the other accesses
 * use rbx rcx rdx rsi rdi; since issue 39 a seed draws other tests.
 * A thread's first cmpxchg of 1, 2 or 4 bytes gets, 40% of the time,
 * an accumulator with bits above the access set (its init, since
 * herd7's X86_64 has no shift to build one): a successful `cmpxchgl`
 * leaves them, a failing one clears them (2026-12-08; seeds draw other
 * tests from then on).
 * Values never carry out of an access (herd7 does not wrap them,
 * docs/mixed-size.md). Run with -variant mixed on both tools.
 */
static const char *const x86mx_r64[] = { "rbx", "rcx", "rdx", "rsi", "rdi" };
static const char *const x86mx_r32[] = { "ebx", "ecx", "edx", "esi", "edi" };
static const char *const x86mx_r16[] = { "bx", "cx", "dx", "si", "di" };
static const char *const x86mx_r8[] = { "bl", "cl", "dl", "sil", "dil" };

static const char *x86mx_reg(int i, int size)
{
	const char *const *t = size == 8 ? x86mx_r64 : size == 4 ? x86mx_r32
		: size == 2 ? x86mx_r16 : x86mx_r8;
	return t[i % 5];
}

static const char x86mx_sfx[] = { 0, 'b', 'w', 0, 'l', 0, 0, 0, 'q' };

/* OFF(%rN) for location loc: an aligned offset for `size` bytes half the time */
static void x86mx_addr(rng_t *r, int loc, int size, char *ad)
{
	int off = size < 8 && chance(r, 50) ? size * (int)rnd(r, (unsigned)(8 / size)) : 0;
	if (off)
		sprintf(ad, "%d(%%r%d)", off, 8 + loc);
	else
		sprintf(ad, "(%%r%d)", 8 + loc);
}

/* another plain store to loc after a write of `size` bytes: value val + 2 */
static void x86mx_more(rng_t *r, thr *t, int loc, int val, int size)
{
	static const int sizes[] = { 1, 2, 4, 8 };
	int size2 = PICK(r, sizes);
	char ad[24];

	(void)size;
	val += 2;
	if (size2 > 1 && chance(r, 50))
		val *= 0x101;
	x86mx_addr(r, loc, size2, ad);
	cell(t, "mov%c $%d,%s", x86mx_sfx[size2], val, ad);
}

static void x86mx_access(rng_t *r, thr *t, const acc *a, const linkres *lk, srcs *out)
{
	static const int sizes[] = { 1, 2, 4, 8 };
	int size = PICK(r, sizes), ri = t->nextreg++;
	char ad[24], o[24];
	char c = x86mx_sfx[size];

	out->n = 0;
	init(t, "r%d=%s", 8 + a->loc, locname[a->loc]);
	x86mx_addr(r, a->loc, size, ad);
	if (!a->w) {
		if (chance(r, 85)) {
			cell(t, "mov%c %s,%%%s", c, ad, x86mx_reg(ri, size));
			snprintf(o, sizeof o, "%s", x86mx_reg(ri, 8));
			observe(t, o);
			add_src(out, o);
		} else {   /* a locked read that writes back what it read */
			cell(t, "lock add%c $0,%s", c, ad);
		}
		return;
	}
	int val = size > 1 && chance(r, 50) ? a->val * 0x101 : a->val;
	if (lk->data[0]) {      /* the link's register (x86mx_link) */
		int d = atoi(lk->data);
		if (chance(r, 75))
			cell(t, "mov%c %%%s,%s", c, x86mx_reg(d, size), ad);
		else {
			cell(t, "xchg%c %%%s,%s", c, x86mx_reg(d, size), ad);
			observe(t, x86mx_reg(d, 8));
		}
		return;
	}
	int k = (int)rnd(r, 9);
	if (k >= 7) {           /* lock cmpxchgX, memory operand first (herd7's order) */
		static const int64_t mask[] = { 0, 0xff, 0xffff, 0, 0xffffffff, 0, 0, 0, -1 };
		int cmp = chance(r, 50) ? 0 : (int)((chance(r, 50) ? a->val * 0x101 : a->val) & mask[size]);
		int first = 1;
		for (int i = 0; i < t->nobs; i++)
			first = first && strcmp(t->obs[i], "rax") != 0;
		if (first && size < 8 && chance(r, 40))
			/* bits above the access's size in the accumulator: the
			 * comparison ignores them, success keeps them, failure
			 * loads the old value (zero-extended for a long) */
			init(t, "rax=%lld", (long long)cmp +
			     ((long long)(1 + rnd(r, 3)) << (size == 4 ? 32 : 8 * size)));
		else
			cell(t, "movq $%d,%%rax", cmp);
		cell(t, "movq $%d,%%%s", val, x86mx_reg(ri, 8));
		cell(t, "lock cmpxchg%c %s,%%%s", c, ad, x86mx_reg(ri, size));
		observe(t, "rax");
		return;
	}
	if (k <= 1) {
		cell(t, "mov%c $%d,%s", c, val, ad);
		if (size < 8 && chance(r, 30))
			x86mx_more(r, t, a->loc, a->val, size);
	} else if (k == 2) {
		cell(t, "movq $%d,%%%s", val, x86mx_reg(ri, 8));
		cell(t, "mov%c %%%s,%s", c, x86mx_reg(ri, size), ad);
		if (size < 8 && chance(r, 30))
			x86mx_more(r, t, a->loc, a->val, size);
	} else if (k <= 4) {
		cell(t, "movq $%d,%%%s", val, x86mx_reg(ri, 8));
		cell(t, "xchg%c %%%s,%s", c, x86mx_reg(ri, size), ad);
		snprintf(o, sizeof o, "%s", x86mx_reg(ri, 8));
		observe(t, o);
	} else if (k == 5) {
		cell(t, "lock add%c $%d,%s", c, val, ad);
	} else {
		cell(t, "lock inc%c %s", c, ad);
	}
}

/* herd7 (5feffe4) rejects, with "Size mismatch", a test with a locked
 * byte or word ADD / INC smaller than every plain access (mov, xchg) of
 * the test and than 4 bytes: measured, a herd7 limit, not x86's. */
static int x86mx_herd_ok(thr *th, int nt)
{
	static const char *const sz = "bwlq";
	int plain = 4, locked = 8;

	for (int i = 0; i < nt; i++)
		for (int c = 0; c < th[i].n; c++) {
			const char *p = th[i].cell[c], *q = strchr(p, ':');
			int k;
			if (q && q[1] == ' ')
				p = q + 2;   /* a label */
			if (!strchr(p, '('))
				continue;
			if (!strncmp(p, "lock ", 5)) {
				/* after "lock add" / "lock inc" / "lock cmpxchg" */
				p += !strncmp(p, "lock cmpxchg", 12) ? 12 : 8;
				k = (int)(strchr(sz, *p) - sz);
				if (1 << k < locked)
					locked = 1 << k;
			} else {
				p += !strncmp(p, "mov", 3) ? 3 : 4;
				k = (int)(strchr(sz, *p) - sz);
				if (1 << k < plain)
					plain = 1 << k;
			}
		}
	return locked >= plain;
}

/* nothing or mfence; before a write, 30% of the time a data dependency:
 * the register read before, copied and plus the shape's value (or xor-ed
 * to zero, then plus it), to be stored (x86mx_access) */
static void x86mx_link(rng_t *r, thr *t, const srcs *s, const acc *b, linkres *lk)
{
	memset(lk, 0, sizeof *lk);
	if (chance(r, 40))
		cell(t, "mfence");
	if (!b->w || !s->n || !chance(r, 30))
		return;
	const char *src = s->src[rnd(r, (unsigned)s->n)];
	int d = t->nextreg++;
	const char *dr = x86mx_reg(d, 8);
	if (chance(r, 50)) {
		cell(t, "movq %%%s,%%%s", src, dr);
	} else {
		cell(t, "movq %%%s,%%%s", src, dr);
		cell(t, "xorq %%%s,%%%s", src, dr);
	}
	cell(t, "addq $%d,%%%s", b->val, dr);
	sprintf(lk->data, "%d", d % 5);
}

/* ================================================================ MIPS */

/* herd7's MIPS syntax only (lib/MIPSParser.mly): lw / sw, ll / sc, sync,
 * li, addu, addiu, ori, xor, andi, beq / bne; registers $N. Locations in
 * $20..$22, everything else from $5 up. */

static int mips_reg(thr *t) { return 5 + t->nextreg++; }   /* $5 .. $19 */

/* "0($b)" with $b = 20 + loc holding the location (in the init), or
 * through a register computed from the link's zero */
static void mips_address(thr *t, int loc, const linkres *lk, char *out)
{
	init(t, "$%d=%s", 20 + loc, locname[loc]);   /* init() keeps one of each */
	if (lk->addr[0]) {
		int d = mips_reg(t);
		cell(t, "daddu $%d,$%d,%s", d, 20 + loc, lk->addr);
		sprintf(out, "0($%d)", d);
	} else {
		sprintf(out, "0($%d)", 20 + loc);
	}
}

/* register $reg: named in the condition and a dependency source */
static void mips_keep(thr *t, srcs *out, int reg)
{
	char name[16];
	sprintf(name, "$%d", reg);
	observe(t, name);
	add_src(out, name);
}

static void mips_access(rng_t *r, thr *t, const acc *a, const linkres *lk, srcs *out)
{
	char ad[48], vb[16];
	const char *v = lk->data;   /* the value to store: the link's, or li */

	out->n = 0;
	out->wloc = -1;
	mips_address(t, a->loc, lk, ad);
	if (!a->w) {
		int d = mips_reg(t);
		cell(t, "%s $%d,%s", chance(r, 75) ? "lw" : "ll", d, ad);
		mips_keep(t, out, d);
		return;
	}
	if (!*v) {
		int d = mips_reg(t);
		cell(t, "li $%d,%d", d, a->val);
		sprintf(vb, "$%d", d);
		v = vb;
	}
	int k = (int)rnd(r, 10);
	if (k <= 4) {
		cell(t, "sw %s,%s", v, ad);
		return;
	}
	/* retry-free LL/SC: the SC writes the value (k <= 7) or the old
	 * value plus it (a fetch-add); its register then holds the status */
	int o = mips_reg(t), s = mips_reg(t);
	cell(t, "ll $%d,%s", o, ad);
	if (k <= 7)
		cell(t, "ori $%d,%s,0", s, v);
	else
		cell(t, "addu $%d,$%d,%s", s, o, v);
	cell(t, "sc $%d,%s", s, ad);
	mips_keep(t, out, s);
	if (chance(r, 30))
		mips_keep(t, out, o);
}

/* $d = 0, computed from src (a value 0..8) */
static void mips_zero(rng_t *r, thr *t, int d, const char *src)
{
	switch (rnd(r, 3)) {
	case 0: cell(t, "xor $%d,%s,%s", d, src, src); break;
	case 1: cell(t, "andi $%d,%s,128", d, src); break;
	default:
		cell(t, "subu $%d,%s,%s", d, src, src);
		break;
	}
}

static void mips_link(rng_t *r, thr *t, const srcs *s, const acc *b, linkres *lk)
{
	memset(lk, 0, sizeof *lk);
	int k = (int)rnd(r, 13);
	const char *src = s->n ? s->src[rnd(r, (unsigned)s->n)] : NULL;

	if (k <= 2)
		return;
	if (k <= 5 || !src) {
		cell(t, "sync");
		return;
	}
	int d = mips_reg(t);
	if (k <= 7) {                         /* address dependency */
		mips_zero(r, t, d, src);
		sprintf(lk->addr, "$%d", d);
		return;
	}
	if (k <= 9 && b->w) {                 /* data dependency */
		mips_zero(r, t, d, src);
		cell(t, "%s $%d,$%d,%d", chance(r, 50) ? "ori" : "addiu", d, d, b->val);
		sprintf(lk->data, "$%d", d);
		return;
	}
	/* control dependency: beq / bne against $0 or a register */
	sprintf(t->lab, "LC%d%d", t->id, t->label++);
	if (chance(r, 70))
		cell(t, "%s %s,$0,%s", chance(r, 50) ? "bne" : "beq", src, t->lab);
	else {
		cell(t, "li $%d,1", d);
		cell(t, "%s %s,$%d,%s", chance(r, 50) ? "bne" : "beq", src, d, t->lab);
	}
	t->pending_label = t->lab;
	lk->ctrl = 1;
}

/* ============================================================= the test */

typedef struct {
	const char *name, *header;
	void (*access)(rng_t *, thr *, const acc *, const linkres *, srcs *);
	void (*link)(rng_t *, thr *, const srcs *, const acc *, linkres *);
} arch;

static const arch arches[] = {
	{ "aarch64", "AArch64", a64_access, a64_link },
	{ "aarch64-zr", "AArch64", a64zr_access, a64zr_link },
	{ "aarch64-mixed", "AArch64", a64mx_access, a64mx_link },
	{ "aarch64-pick", "AArch64", a64pk_access, a64pk_link },
	{ "riscv", "RISCV", rv_access, rv_link },
	{ "ppc", "PPC", ppc_access, ppc_link },
	{ "arm", "ARM", arm_access, arm_link },
	{ "x86", "X86", x86_access, x86_link },
	{ "x86-mixed", "X86_64", x86mx_access, x86mx_link },
	{ "mips", "MIPS", mips_access, mips_link },
};

/* Draws the threads of test idx of seed (attempt 0; later attempts are
 * other draws, see write_test) into th; returns the shape. */
static const char *only_shapes;    /* --shapes: a comma-separated list, or NULL */

static int shape_wanted(const shape *sh)
{
	const char *p = only_shapes;
	size_t n = strlen(sh->name);

	if (!p)
		return !sh->named;
	for (; *p; p += strcspn(p, ","), p += *p == ',')
		if (strcspn(p, ",") == n && !strncmp(p, sh->name, n))
			return 1;
	return 0;
}

static const shape *draw_test(const arch *ar, uint64_t seed, int idx, int attempt, thr *th,
			      int *written, rng_t *r)
{
	uint64_t s = seed * 1000003ull + (uint64_t)idx * 7919ull + 17 + (uint64_t)attempt * 104729ull;
	*r = (rng_t){ splitmix(&s) };
	/* the k-th of the shapes wanted (--shapes) */
	unsigned nsh = 0, k;
	for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++)
		nsh += shape_wanted(&shapes[i]);
	k = rnd(r, nsh);
	const shape *sh = shapes;
	for (;; sh++)
		if (shape_wanted(sh) && k-- == 0)
			break;
	drawing_named = sh->named;

	memset(th, 0, sizeof *th * MAXT);
	memset(written, 0, sizeof *written * 3);
	for (int i = 0; i < sh->nt; i++) {
		thr *t = &th[i];
		t->id = i;
		srcs sr = { .n = 0, .wloc = -1 };
		linkres lk;
		memset(&lk, 0, sizeof lk);
		for (int j = 0; j < sh->na[i]; j++) {
			const acc *a = &sh->a[i][j];
			if (j > 0)
				ar->link(r, t, &sr, a, &lk);
			ar->access(r, t, a, &lk, &sr);
			if (a->w)
				written[a->loc] = 1;
		}
		if (t->pending_label)
			cell(t, "NOP");
	}
	return sh;
}

static int write_test(const arch *ar, uint64_t seed, int idx, const char *prefix, const char *dir)
{
	thr th[MAXT];
	int written[3];
	char name[96], path[512];
	rng_t r;
	const shape *sh;

	/* x86-mixed: a test herd7 rejects (x86mx_herd_ok) is drawn again */
	for (int attempt = 0;; attempt++) {
		sh = draw_test(ar, seed, idx, attempt, th, written, &r);
		if (strcmp(ar->name, "x86-mixed") || x86mx_herd_ok(th, sh->nt))
			break;
	}
	snprintf(name, sizeof name, "%s-%llu-%04d", prefix, (unsigned long long)seed, idx);
	snprintf(path, sizeof path, "%s/%s.litmus", dir, name);
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "hwgen: %s: %s\n", path, strerror(errno));
		return -1;
	}
	fprintf(f, "%s %s\n\"%s shape, generated by hwgen --arch %s --seed %llu\"\n{\n", ar->header,
		name, sh->name, ar->name, (unsigned long long)seed);
	int typed = !strcmp(ar->name, "aarch64-mixed") || !strcmp(ar->name, "x86-mixed");
	for (int i = 0; i < sh->nt; i++) {
		int printed = 0;
		for (int k = 0; k < th[i].ninit; k++) {
			if (typed && observed_init(&th[i], k))
				continue;   /* with the typed declarations below */
			fprintf(f, "%d:%s; ", i, th[i].init[k]);
			printed++;
		}
		if (printed)
			fprintf(f, "\n");
	}
	if (!strcmp(ar->name, "aarch64-mixed") || !strcmp(ar->name, "x86-mixed")) {
		/* 64-bit locations and observed registers (herd7 prints an
		 * undeclared register as a 32-bit int) */
		for (int l = 0; l < 3; l++) {
			int used = 0;
			for (int i = 0; i < sh->nt; i++)
				for (int j = 0; j < sh->na[i]; j++)
					used |= sh->a[i][j].loc == l;
			if (used)
				fprintf(f, "uint64_t %s=0; ", locname[l]);
		}
		for (int i = 0; i < sh->nt; i++)
			for (int k = 0; k < th[i].nobs; k++) {
				/* an observed register with an initial value
				 * (x86-mixed's accumulator): declared once, typed */
				int v = init_of(&th[i], th[i].obs[k]);
				if (v >= 0)
					fprintf(f, "uint64_t %d:%s; ", i, th[i].init[v]);
				else
					fprintf(f, "uint64_t %d:%s; ", i, th[i].obs[k]);
			}
		fprintf(f, "\n");
	}
	fprintf(f, "}\n");
	int maxc = 0;
	for (int i = 0; i < sh->nt; i++)
		if (th[i].n > maxc)
			maxc = th[i].n;
	int w[MAXT];
	for (int i = 0; i < sh->nt; i++) {
		w[i] = 4;
		for (int c = 0; c < th[i].n; c++)
			if ((int)strlen(th[i].cell[c]) + 1 > w[i])
				w[i] = (int)strlen(th[i].cell[c]) + 1;
	}
	for (int i = 0; i < sh->nt; i++) {
		char p[24];
		sprintf(p, "P%d", i);
		fprintf(f, " %-*s%s", w[i], p, i + 1 < sh->nt ? "|" : ";\n");
	}
	for (int c = 0; c < maxc; c++)
		for (int i = 0; i < sh->nt; i++)
			fprintf(f, " %-*s%s", w[i], c < th[i].n ? th[i].cell[c] : "", i + 1 < sh->nt ? "|" : ";\n");
	/* the condition: every observed register = 0 or 1 (drawn), and the
	 * written locations in a `locations` line */
	int first = 1;
	fprintf(f, "locations [");
	for (int l = 0; l < 3; l++)
		if (written[l])
			fprintf(f, "%s;", locname[l]);
	fprintf(f, "]\nexists (");
	for (int i = 0; i < sh->nt; i++)
		for (int k = 0; k < th[i].nobs; k++) {
			fprintf(f, "%s%d:%s=%d", first ? "" : " /\\ ", i, th[i].obs[k], (int)rnd(&r, 2));
			first = 0;
		}
	if (first)
		fprintf(f, "%s=1", locname[0]);
	fprintf(f, ")\n");
	fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	const arch *ar = NULL;
	unsigned long long seed = 1;
	int count = 100, first = 0;
	const char *prefix = NULL, *dir = ".";

	for (int i = 1; i < argc; i++) {
		const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(o, "--arch") && v) {
			for (size_t k = 0; k < sizeof arches / sizeof *arches; k++)
				if (!strcmp(v, arches[k].name))
					ar = &arches[k];
			if (!ar) {
				fprintf(stderr, "hwgen: unknown arch %s\n", v);
				return 2;
			}
		} else if (!strcmp(o, "--seed") && v) {
			seed = strtoull(v, NULL, 10);
		} else if (!strcmp(o, "--count") && v) {
			count = atoi(v);
		} else if (!strcmp(o, "--first") && v) {
			first = atoi(v);
		} else if (!strcmp(o, "--prefix") && v) {
			prefix = v;
		} else if (!strcmp(o, "--outdir") && v) {
			dir = v;
		} else if (!strcmp(o, "--shapes") && v) {
			only_shapes = v;
		} else {
			fprintf(stderr, "usage: hwgen --arch aarch64|aarch64-zr|aarch64-pick|aarch64-mixed|riscv|ppc|arm|x86|x86-mixed|mips --seed N [--count K] "
				"[--first I] [--prefix NAME] [--outdir DIR] [--shapes NAME,...]\n");
			return 2;
		}
		i++;
	}
	if (!ar) {
		fprintf(stderr, "hwgen: --arch is required\n");
		return 2;
	}
	if (only_shapes) {
		/* every name must be a shape, and one at least */
		const char *p = only_shapes;
		int any = 0;
		for (; *p; p += strcspn(p, ","), p += *p == ',') {
			size_t n = strcspn(p, ","), k;
			for (k = 0; k < sizeof shapes / sizeof *shapes; k++)
				if (strlen(shapes[k].name) == n && !strncmp(p, shapes[k].name, n))
					break;
			if (k == sizeof shapes / sizeof *shapes) {
				fprintf(stderr, "hwgen: --shapes: unknown shape '%.*s'\n", (int)n, p);
				return 2;
			}
			any = 1;
		}
		if (!any) {
			fprintf(stderr, "hwgen: --shapes: no shape named\n");
			return 2;
		}
	}
	if (mkdir(dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "hwgen: %s: %s\n", dir, strerror(errno));
		return 2;
	}
	for (int i = first; i < first + count; i++)
		if (write_test(ar, seed, i, prefix ? prefix : ar->name, dir))
			return 1;
	return 0;
}
