/*
 * loopgen - random litmus tests with loops (retry loops around a
 * load-reserved / store-conditional or a cmpxchg, spin-waits on a flag)
 * for differential testing of bounded unrolling against the reference
 * simulator with OUR .cat files (tests/diff/loop-diff.sh).
 *
 *   loopgen --arch riscv|aarch64|ppc|bpf --seed N [--count K] [--first I]
 *           [--prefix NAME] [--outdir DIR] [--offsets]
 *
 * Writes K tests PREFIX-N-IIII.litmus (default prefix: "loop-ARCH").
 * Test I of seed N is the same whatever --count and --first are.
 *
 * A test has 2 threads (3 in one test of seven) over the locations x, y
 * (and z with three threads). Each thread is 1 or 2 items (3 in one
 * thread of four; 1 with three threads), at most two loops a test (the
 * reference's time grows fast with loops), each item drawn among:
 *   - a store of 1 or 2 (RISC-V and AArch64: plain or release);
 *   - a load (plain or acquire);
 *   - a fence (RISC-V fence rw,rw / r,rw / rw,w / tso; AArch64 DMB ISH,
 *     ISHLD, ISHST; Power sync, lwsync; BPF has none: a fetch-add instead);
 *   - a retry loop: an increment (or a swap of 1 or 2) of one location
 *     that goes round until its store-conditional succeeds:
 *       RISC-V   L: lr.w[.aq|.aqrl] / addi|ori / sc.w[.rl|.aqrl] / bne L
 *       AArch64  L: LDXR|LDAXR / ADD|MOV / STXR|STLXR / CBNZ W9,L
 *       Power    L: lwarx / addi|li / stwcx. / bne L
 *       BPF      L: r0 = load; r9 = r0 + 1 (or a constant); rD = r0;
 *                r0 = cmpxchg_64(...); if r0 != rD goto L
 *     with --offsets, BPF back branches are written as bpftool prints
 *     them, with a negative offset (`goto -6`), and the test is otherwise
 *     the same (the reference reads only labels: loop-diff.sh compares
 *     bpfmm on this form with the reference on the label form);
 *   - a spin-wait until one location is non-zero (`while (x == 0)`):
 *       RISC-V beq rD,x0,L; AArch64 CBZ; Power cmpwi + beq; BPF
 *       `if rD == 0 goto L` (or its offset);
 *     a spin-wait that no other thread can release, or that waits for a
 *     value written later, is past the unrolling limit on every path;
 *   - RISC-V only: an AMO (amoadd.w / amoswap.w, any .aq/.rl);
 *     BPF only: atomic_fetch_add or xchg_64.
 * The condition (exists, one test of ten forall) is a conjunction of one
 * to three atoms over the registers the items load and the final values
 * of the locations, values drawn among those a thread can produce (0 to
 * 3), so a lost update (two increments, final value 1) or a spin-wait
 * that saw the flag and then an old value is often asked.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rng.h"

#define MAXT 3
#define MAXI 3
#define MAXC 32           /* cells per thread */
#define CELL 64
#define MAXOBS 16

enum arch { RISCV, AARCH64, PPC, BPF };
static const char *const arch_name[] = { "riscv", "aarch64", "ppc", "bpf" };
static const char *const arch_head[] = { "RISCV", "AArch64", "PPC", "BPF" };
static const char *const locname[] = { "x", "y", "z" };

typedef struct {
	enum arch a;
	int nt;
	char cell[MAXT][MAXC][CELL];
	int nc[MAXT];
	int nreg[MAXT];                   /* loaded registers used */
	char obs[MAXOBS][32];             /* "T:REG" */
	int nobs;
	int used[3];                      /* locations accessed */
	int nlab;
	int offsets;                      /* BPF: back branches as offsets */
} test;

static void emit(test *t, int th, const char *fmt, ...)
{
	va_list ap;

	if (t->nc[th] >= MAXC)
		return;
	va_start(ap, fmt);
	vsnprintf(t->cell[th][t->nc[th]++], CELL, fmt, ap);
	va_end(ap);
}

/* Address register of a location, loaded register number k, scratch. */
static const char *areg(enum arch a, int loc)
{
	static const char *const r[4][3] = {
		{ "x5", "x6", "x7" }, { "X1", "X2", "X3" },
		{ "r5", "r6", "r7" }, { "r6", "r7", "r8" } };
	return r[a][loc];
}

static void dreg(enum arch a, int k, char *buf)
{
	switch (a) {
	case RISCV: sprintf(buf, "x%d", 18 + k); break;
	case AARCH64: sprintf(buf, "W%d", 10 + k); break;
	case PPC: sprintf(buf, "r%d", 10 + k); break;
	case BPF: sprintf(buf, "r%d", 1 + k); break;
	}
}

static void observe(test *t, int th, const char *reg)
{
	if (t->nobs < MAXOBS)
		snprintf(t->obs[t->nobs++], sizeof t->obs[0], "%d:%s", th, reg);
}

/* The register of a new load, observed in the condition (the full name
 * AArch64 prints in its final state is the X form). */
static void newreg(test *t, int th, char *buf)
{
	int k = t->nreg[th]++;

	dreg(t->a, k, buf);
	if (t->a == AARCH64) {
		char x[16];
		snprintf(x, sizeof x, "X%d", 10 + k);
		observe(t, th, x);
	} else {
		observe(t, th, buf);
	}
}

static void store(test *t, rng_t *g, int th, int loc)
{
	int v = (int)range(g, 1, 2);
	const char *A = areg(t->a, loc);

	switch (t->a) {
	case RISCV:
		emit(t, th, "ori x28,x0,%d", v);
		emit(t, th, chance(g, 30) ? "sw.rl x28,0(%s)" : "sw x28,0(%s)", A);
		break;
	case AARCH64:
		emit(t, th, "MOV W8,#%d", v);
		emit(t, th, chance(g, 30) ? "STLR W8,[%s]" : "STR W8,[%s]", A);
		break;
	case PPC:
		emit(t, th, "li r8,%d", v);
		emit(t, th, "stw r8,0(%s)", A);
		break;
	case BPF:
		if (chance(g, 30)) {
			emit(t, th, "r9 = %d", v);
			emit(t, th, "store_release((u64 *)(%s + 0), r9)", A);
		} else {
			emit(t, th, "*(u64 *)(%s + 0) = %d", A, v);
		}
		break;
	}
}

static void load(test *t, rng_t *g, int th, int loc)
{
	char r[8];
	const char *A = areg(t->a, loc);
	int acq = chance(g, 30);

	newreg(t, th, r);
	switch (t->a) {
	case RISCV: emit(t, th, acq ? "lw.aq %s,0(%s)" : "lw %s,0(%s)", r, A); break;
	case AARCH64: emit(t, th, acq ? "LDAR %s,[%s]" : "LDR %s,[%s]", r, A); break;
	case PPC: emit(t, th, "lwz %s,0(%s)", r, A); break;
	case BPF:
		if (acq)
			emit(t, th, "%s = load_acquire((u64 *)(%s + 0))", r, A);
		else
			emit(t, th, "%s = *(u64 *)(%s + 0)", r, A);
		break;
	}
}

static void fence(test *t, rng_t *g, int th, int loc)
{
	static const char *const rv[] = { "fence rw,rw", "fence r,rw", "fence rw,w", "fence.tso" };
	static const char *const arm[] = { "DMB ISH", "DMB ISHLD", "DMB ISHST" };
	static const char *const ppc[] = { "sync", "lwsync" };
	char r[8];

	switch (t->a) {
	case RISCV: emit(t, th, "%s", rv[rnd(g, 4)]); break;
	case AARCH64: emit(t, th, "%s", arm[rnd(g, 3)]); break;
	case PPC: emit(t, th, "%s", ppc[rnd(g, 2)]); break;
	case BPF:   /* no fence in BPF: a fully ordered fetch-add or xchg */
		newreg(t, th, r);
		emit(t, th, "%s = %d", r, (int)range(g, 1, 2));
		if (chance(g, 50))
			emit(t, th, "%s = atomic_fetch_add((u64 *)(%s + 0), %s)", r, areg(t->a, loc), r);
		else
			emit(t, th, "%s = xchg_64(%s + 0, %s)", r, areg(t->a, loc), r);
		break;
	}
}

/* A branch back to label `lab`, `back` instructions before it (BPF). */
static void bpf_back(test *t, rng_t *g, int th, const char *cond, const char *lab, int back)
{
	(void)g;
	if (!t->offsets)
		emit(t, th, "if %s goto %s", cond, lab);
	else
		emit(t, th, "if %s goto %d", cond, -(back + 1));
}

static void retry(test *t, rng_t *g, int th, int loc)
{
	char r[8], lab[8];
	const char *A = areg(t->a, loc);
	int inc = chance(g, 70), v = (int)range(g, 1, 2);

	snprintf(lab, sizeof lab, "L%d", t->nlab++);
	newreg(t, th, r);
	emit(t, th, "%s:", lab);
	switch (t->a) {
	case RISCV: {
		static const char *const lr[] = { "lr.w", "lr.w", "lr.w.aq", "lr.w.aqrl" };
		static const char *const sc[] = { "sc.w", "sc.w", "sc.w.rl", "sc.w.aqrl" };
		emit(t, th, "%s %s,0(%s)", lr[rnd(g, 4)], r, A);
		if (inc)
			emit(t, th, "addi x28,%s,1", r);
		else
			emit(t, th, "ori x28,x0,%d", v);
		emit(t, th, "%s x29,x28,0(%s)", sc[rnd(g, 4)], A);
		emit(t, th, "bne x29,x0,%s", lab);
		break;
	}
	case AARCH64:
		emit(t, th, "%s %s,[%s]", chance(g, 30) ? "LDAXR" : "LDXR", r, A);
		if (inc)
			emit(t, th, "ADD W8,%s,#1", r);
		else
			emit(t, th, "MOV W8,#%d", v);
		emit(t, th, "%s W9,W8,[%s]", chance(g, 30) ? "STLXR" : "STXR", A);
		emit(t, th, "CBNZ W9,%s", lab);
		break;
	case PPC:
		emit(t, th, "lwarx %s,r0,%s", r, A);
		if (inc)
			emit(t, th, "addi r8,%s,1", r);
		else
			emit(t, th, "li r8,%d", v);
		emit(t, th, "stwcx. r8,r0,%s", A);
		emit(t, th, "bne %s", lab);
		break;
	case BPF: {
		char c[24];
		emit(t, th, "r0 = *(u64 *)(%s + 0)", A);
		if (inc) {
			emit(t, th, "r9 = r0");
			emit(t, th, "r9 += 1");
		} else {
			emit(t, th, "r9 = %d", v);
		}
		emit(t, th, "%s = r0", r);
		emit(t, th, "r0 = cmpxchg_64(%s + 0, r0, r9)", A);
		snprintf(c, sizeof c, "r0 != %s", r);
		bpf_back(t, g, th, c, lab, inc ? 5 : 4);
		break;
	}
	}
}

static void spin(test *t, rng_t *g, int th, int loc)
{
	char r[8], lab[8];
	const char *A = areg(t->a, loc);
	int acq = chance(g, 30);

	snprintf(lab, sizeof lab, "L%d", t->nlab++);
	newreg(t, th, r);
	emit(t, th, "%s:", lab);
	switch (t->a) {
	case RISCV:
		emit(t, th, acq ? "lw.aq %s,0(%s)" : "lw %s,0(%s)", r, A);
		emit(t, th, "beq %s,x0,%s", r, lab);
		break;
	case AARCH64:
		emit(t, th, acq ? "LDAR %s,[%s]" : "LDR %s,[%s]", r, A);
		emit(t, th, "CBZ %s,%s", r, lab);
		break;
	case PPC:
		emit(t, th, "lwz %s,0(%s)", r, A);
		emit(t, th, "cmpwi %s,0", r);
		emit(t, th, "beq %s", lab);
		break;
	case BPF: {
		char c[24];
		if (acq)
			emit(t, th, "%s = load_acquire((u64 *)(%s + 0))", r, A);
		else
			emit(t, th, "%s = *(u64 *)(%s + 0)", r, A);
		snprintf(c, sizeof c, "%s == 0", r);
		bpf_back(t, g, th, c, lab, 1);
		break;
	}
	}
}

static void amo(test *t, rng_t *g, int th, int loc)
{
	static const char *const ord[] = { "", ".aq", ".rl", ".aqrl" };
	char r[8];

	newreg(t, th, r);
	emit(t, th, "ori x28,x0,%d", (int)range(g, 1, 2));
	emit(t, th, "%s%s %s,x28,(%s)", chance(g, 50) ? "amoadd.w" : "amoswap.w",
	     ord[rnd(g, 4)], r, areg(t->a, loc));
}

static void make(test *t, enum arch a, rng_t *g, int offsets)
{
	memset(t, 0, sizeof *t);
	t->a = a;
	t->offsets = offsets;
	t->nt = chance(g, 15) ? 3 : 2;
	int nloc = t->nt == 3 ? 3 : 2;
	int loops = 0;
	for (int th = 0; th < t->nt; th++) {
		int n = t->nt == 3 ? 1 : (int)range(g, 1, chance(g, 25) ? MAXI : 2);
		for (int k = 0; k < n; k++) {
			int loc = (int)rnd(g, nloc), c = (int)rnd(g, 100);
			t->used[loc] = 1;
			/* at most two loops a test: herd7's time grows fast */
			if (c < 30 && loops < 2) {
				retry(t, g, th, loc);
				loops++;
			} else if (c < 45 && loops < 2) {
				spin(t, g, th, loc);
				loops++;
			} else if (c < 65) {
				store(t, g, th, loc);
			} else if (c < 82) {
				load(t, g, th, loc);
			} else if (c < 92 || a == PPC || a == AARCH64) {
				fence(t, g, th, loc);
			} else {
				if (a == RISCV)
					amo(t, g, th, loc);
				else
					fence(t, g, th, loc);
			}
		}
	}
}

static int write_test(enum arch a, unsigned long long seed, int i, const char *prefix,
		      const char *dir, int offsets)
{
	rng_t g = { seed * 0x100000001B3ull + (unsigned long long)i * 0x9E3779B97F4A7C15ull + a };
	test t;
	char name[96], path[1200];

	make(&t, a, &g, offsets);
	snprintf(name, sizeof name, "%s-%llu-%04d", prefix, seed, i);
	snprintf(path, sizeof path, "%s/%s.litmus", dir, name);
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "loopgen: %s: %s\n", path, strerror(errno));
		return 1;
	}
	fprintf(f, "%s %s\n", arch_head[a], name);
	fprintf(f, "(* loopgen --arch %s --seed %llu, test %d *)\n{\n", arch_name[a], seed, i);
	for (int th = 0; th < t.nt; th++) {
		for (int l = 0; l < 3; l++)
			if (t.used[l])
				fprintf(f, "%d:%s=%s; ", th, areg(a, l), locname[l]);
		fprintf(f, "\n");
	}
	fprintf(f, "}\n");
	/* the grid */
	int w[MAXT], rows = 0;
	for (int th = 0; th < t.nt; th++) {
		w[th] = 3;
		for (int c = 0; c < t.nc[th]; c++) {
			int l = (int)strlen(t.cell[th][c]);
			if (l > w[th])
				w[th] = l;
		}
		if (t.nc[th] > rows)
			rows = t.nc[th];
	}
	for (int th = 0; th < t.nt; th++) {
		char p[8];
		snprintf(p, sizeof p, "P%d", th);
		fprintf(f, " %-*s %s", w[th], p, th + 1 < t.nt ? "|" : ";\n");
	}
	for (int r = 0; r < rows; r++)
		for (int th = 0; th < t.nt; th++)
			fprintf(f, " %-*s %s", w[th], r < t.nc[th] ? t.cell[th][r] : "",
				th + 1 < t.nt ? "|" : ";\n");
	/* the condition: 1 to 3 atoms over observed registers and locations */
	int natoms = (int)range(&g, 1, 3);
	char seen[8][20];
	int nseen = 0;
	int forall = chance(&g, 10);
	fprintf(f, "%s (", forall ? "forall" : "exists");
	for (int k = 0; k < natoms; k++) {
		char what[20];
		int pick = (int)rnd(&g, (unsigned)t.nobs + 2);
		if (pick < t.nobs) {
			snprintf(what, sizeof what, "%s", t.obs[pick]);
		} else {
			int l = (int)rnd(&g, 3);
			while (!t.used[l])
				l = (l + 1) % 3;
			snprintf(what, sizeof what, "%s", locname[l]);
		}
		int dup = 0;
		for (int s = 0; s < nseen; s++)
			dup |= !strcmp(seen[s], what);
		if (dup)
			continue;
		snprintf(seen[nseen++], sizeof seen[0], "%s", what);
		int v = chance(&g, 60) ? (int)range(&g, 0, 1) : (int)range(&g, 2, 3);
		fprintf(f, "%s%s=%d", nseen > 1 ? (forall && chance(&g, 50) ? " \\/ " : " /\\ ") : "",
			what, v);
	}
	fprintf(f, ")\n");
	fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	int a = -1;
	unsigned long long seed = 1;
	int count = 100, first = 0, offsets = 0;
	const char *prefix = NULL, *dir = ".";

	for (int i = 1; i < argc; i++) {
		const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(o, "--arch") && v) {
			for (int k = 0; k < 4; k++)
				if (!strcmp(v, arch_name[k]))
					a = k;
			if (a < 0) {
				fprintf(stderr, "loopgen: unknown arch %s\n", v);
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
		} else if (!strcmp(o, "--offsets")) {
			offsets = 1;
			continue;
		} else {
			fprintf(stderr, "usage: loopgen --arch riscv|aarch64|ppc|bpf --seed N [--count K] "
				"[--first I] [--prefix NAME] [--outdir DIR] [--offsets]\n");
			return 2;
		}
		i++;
	}
	if (a < 0) {
		fprintf(stderr, "loopgen: --arch is required\n");
		return 2;
	}
	if (mkdir(dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "loopgen: %s: %s\n", dir, strerror(errno));
		return 2;
	}
	char pre[32];
	snprintf(pre, sizeof pre, "loop-%s", arch_name[a]);
	for (int i = first; i < first + count; i++)
		if (write_test((enum arch)a, seed, i, prefix ? prefix : pre, dir, offsets))
			return 1;
	return 0;
}
