/* diy.c - BPF litmus tests from critical cycles (bpfmm diy); docs/diy.md.
 *
 * A cycle is a list of edges; edge i goes from node i to node i+1 (mod
 * n). External edges (Rfe, Fre, Coe) go between threads, internal ones
 * stay in a thread in program order. Locations change at Pod, Dp* and
 * Fence* edges; a run of nodes between two changes is one location.
 * Writes of a location are numbered in coherence order along the cycle,
 * reads take the value the cycle gives them, and the test's `exists`
 * asks for those values (and for the co-last write when a location has
 * two or more), so it holds exactly in executions that contain the cycle.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/xalloc.h"
#include "cmd/diy.h"
#include "cmd/lkmm_common.h"
#include "kit/outdir.h"
#include "kit/options.h"

enum { DIR_R = 1, DIR_W = 2 };
/* annotations of an access: plain, acquire (R), release (W), non-fetch
 * atomic add (W: `lock ... +=`) */
enum { AN_P, AN_A, AN_L, AN_N };
static const char ann_letter[] = "PALN";

typedef enum { E_RF, E_FR, E_CO, E_POS, E_POD, E_ADDR, E_DATA, E_CTRL, E_FENCE, E_RMW } ekind;
enum { F_FA, F_XCHG, F_CAS };            /* fence flavours */
enum { RMW_FA, RMW_XCHG, RMW_CAS, RMW_ADD };

typedef struct {
	char name[32];
	ekind kind;
	bool ext;
	int src, dst;     /* DIR_R / DIR_W */
	int sa, da;       /* annotations of the source and target */
	int sub;          /* fence flavour or rmw flavour */
} edge;

#define MAXE 12
#define MAXEDGES 128
#define NREGS 10      /* r0..r9; r0 is kept for cmpxchg */

static bool changes_loc(const edge *e)
{
	return e->kind == E_POD || e->kind == E_ADDR || e->kind == E_DATA ||
	       e->kind == E_CTRL || e->kind == E_FENCE;
}

static int dir_of(char c)
{
	return c == 'R' ? DIR_R : c == 'W' ? DIR_W : 0;
}

/* Parse one edge name; false if it is not one. */
static bool parse_edge(const char *s, edge *e)
{
	static const struct { const char *p; ekind k; int ext; int src, dst; int sub; } fixed[] = {
		{ "Rfe", E_RF, 1, DIR_W, DIR_R, 0 }, { "Rfi", E_RF, 0, DIR_W, DIR_R, 0 },
		{ "Fre", E_FR, 1, DIR_R, DIR_W, 0 }, { "Fri", E_FR, 0, DIR_R, DIR_W, 0 },
		{ "Coe", E_CO, 1, DIR_W, DIR_W, 0 }, { "Coi", E_CO, 0, DIR_W, DIR_W, 0 },
		{ "RmwFA", E_RMW, 0, DIR_R, DIR_W, RMW_FA }, { "RmwXchg", E_RMW, 0, DIR_R, DIR_W, RMW_XCHG },
		{ "RmwCas", E_RMW, 0, DIR_R, DIR_W, RMW_CAS }, { "RmwAdd", E_RMW, 0, DIR_R, DIR_W, RMW_ADD },
	};
	static const struct { const char *p; ekind k; int ndirs; int sub; } pref[] = {
		/* longest first: "FenceXchgd" before "Fenced" */
		{ "FenceXchgd", E_FENCE, 2, F_XCHG }, { "FenceCasd", E_FENCE, 2, F_CAS },
		{ "Fenced", E_FENCE, 2, F_FA }, { "DpAddrd", E_ADDR, 1, 0 }, { "DpDatad", E_DATA, 1, 0 },
		{ "DpCtrld", E_CTRL, 1, 0 }, { "Pos", E_POS, 2, 0 }, { "Pod", E_POD, 2, 0 },
	};
	const char *rest = NULL;

	memset(e, 0, sizeof *e);
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0] && !rest; i++) {
		size_t n = strlen(fixed[i].p);
		if (!strncmp(s, fixed[i].p, n) && (!s[n] || (strlen(s + n) == 2 && fixed[i].k != E_RMW))) {
			e->kind = fixed[i].k;
			e->ext = fixed[i].ext;
			e->src = fixed[i].src;
			e->dst = fixed[i].dst;
			e->sub = fixed[i].sub;
			rest = s + n;
		}
	}
	for (size_t i = 0; i < sizeof pref / sizeof pref[0] && !rest; i++) {
		size_t n = strlen(pref[i].p);
		if (strncmp(s, pref[i].p, n))
			continue;
		const char *d = s + n;
		e->kind = pref[i].k;
		e->sub = pref[i].sub;
		if (pref[i].ndirs == 2) {
			e->src = dir_of(d[0]);
			e->dst = e->src ? dir_of(d[1]) : 0;
			d += 2;
		} else {
			e->src = DIR_R;
			e->dst = dir_of(d[0]);
			d += 1;
		}
		if (!e->src || !e->dst)
			return false;
		rest = d;
	}
	if (!rest)
		return false;
	if (e->kind == E_DATA && e->dst != DIR_W)
		return false;
	if (*rest) {
		const char *a = strchr(ann_letter, rest[0]), *b = strchr(ann_letter, rest[1]);
		if (strlen(rest) != 2 || !a || !b || !rest[0] || !rest[1])
			return false;
		e->sa = (int)(a - ann_letter);
		e->da = (int)(b - ann_letter);
	}
	/* acquire only on reads, release and atomic add only on writes */
	if ((e->sa == AN_A && e->src != DIR_R) || ((e->sa == AN_L || e->sa == AN_N) && e->src != DIR_W) ||
	    (e->da == AN_A && e->dst != DIR_R) || ((e->da == AN_L || e->da == AN_N) && e->dst != DIR_W))
		return false;
	snprintf(e->name, sizeof e->name, "%s", s);
	return true;
}

/* The default edge list ("all"): every edge kind, the fences in their
 * three flavours, and the annotated edges that make release writes,
 * acquire reads and non-fetch atomic writes appear in cycles. */
static const char *const all_edges[] = {
	"Rfe", "Fre", "Coe", "Rfi", "Fri", "Coi",
	"PosRR", "PosRW", "PosWR", "PosWW",
	"PodRR", "PodRW", "PodWR", "PodWW",
	"DpAddrdR", "DpAddrdW", "DpDatadW", "DpCtrldR", "DpCtrldW",
	"FencedRR", "FencedRW", "FencedWR", "FencedWW",
	"FenceXchgdWR", "FenceXchgdWW", "FenceCasdWR", "FenceCasdWW",
	"RmwFA", "RmwXchg", "RmwCas", "RmwAdd",
	"PodWWPL", "PodRWPL", "PodRRAP", "PodRWAP",
	"RfeLA", "RfeLP", "RfePA", "FreAP", "FrePL", "CoePL", "CoeLP", "CoiLP",
	"PodWRLA", "PodWWLL", "PodRRAA", "FreAL", "PodWWPN", "RfeNP", "FrePN", "CoeNP",
};

typedef struct {
	edge edges[MAXEDGES];
	int nedges;
	int size, minsize, nprocs;
	const char *cycle;     /* -cycle */
	const char *outdir;    /* -o */
	bool list;             /* -list: names only */
	bool shown;            /* -show-edges was given */
	bool quiet;
} diy_opts;

/* ---- one cycle to one test ------------------------------------------- */

typedef struct {
	const edge *e[MAXE];
	int n;
	/* per node */
	int dir[MAXE], ann[MAXE], thread[MAXE], loc[MAXE];
	int val[MAXE];        /* value read (R) / written (W) */
	bool rmw_r[MAXE], rmw_w[MAXE];
	int nthreads, nlocs;
	int final[MAXE];      /* per location: co-last value, 0 = no check */
	char why[128];        /* why the cycle gives no test */
} cyc;

static const char *const locname[] = { "x", "y", "z", "w", "u", "v", "s", "t", "p", "q", "m", "n" };

/* Check a cycle's shape and compute threads, locations and values; the
 * cycle must already end with an external edge. */
/* The edges fit together: each event's direction and annotation, enough
 * external edges, a location change that can come back; false with
 * c->why. */
static bool check_edges(cyc *c)
{
	int n = c->n, nchg = 0, next = 0;

	for (int i = 0; i < n; i++) {
		const edge *in = c->e[(i + n - 1) % n], *out = c->e[i];
		if (in->dst != out->src || in->da != out->sa) {
			snprintf(c->why, sizeof c->why, "%s then %s: the event between them does not match", in->name, out->name);
			return false;
		}
		c->dir[i] = out->src;
		c->ann[i] = out->sa;
		nchg += changes_loc(out);
		next += out->ext;
	}
	if (next < 2) {
		snprintf(c->why, sizeof c->why, "a cycle needs two external edges (Rfe, Fre, Coe) at least");
		return false;
	}
	if (nchg == 1) {
		snprintf(c->why, sizeof c->why, "one location change cannot come back to the first location");
		return false;
	}
	if (!c->e[n - 1]->ext) {
		snprintf(c->why, sizeof c->why, "internal error: cycle not rotated");
		return false;
	}
	for (int i = 0; i < n; i++) {
		c->rmw_r[i] = c->e[i]->kind == E_RMW;
		c->rmw_w[i] = c->e[(i + n - 1) % n]->kind == E_RMW;
		if (c->rmw_w[i] && c->ann[i] != AN_P) {
			snprintf(c->why, sizeof c->why, "the write of an Rmw edge cannot be annotated");
			return false;
		}
	}
	return true;
}

/* Threads (a new one after each external edge) and locations (a new one
 * after each change, numbered in node order); the node after the first
 * change, or -1 when the cycle has one location. */
static int threads_and_locations(cyc *c)
{
	int n = c->n;

	/* threads */
	int t = 0;
	for (int i = 0; i < n; i++) {
		c->thread[i] = t;
		if (c->e[i]->ext)
			t++;
	}
	c->nthreads = t;
	/* locations: a new one after each change, named in node order */
	int raw[MAXE], r = 0, first = -1;
	for (int i = 0; i < n; i++)
		if (changes_loc(c->e[(i + n - 1) % n]) && first < 0)
			first = i;
	if (first < 0) {
		for (int i = 0; i < n; i++)
			raw[i] = 0;
		r = 1;
	} else {
		for (int k = 0; k < n; k++) {
			int i = (first + k) % n;
			if (k > 0 && changes_loc(c->e[(i + n - 1) % n]))
				r++;
			raw[i] = r;
		}
		r++;
	}
	int map[MAXE];
	for (int k = 0; k < r; k++)
		map[k] = -1;
	c->nlocs = 0;
	for (int i = 0; i < n; i++) {
		if (map[raw[i]] < 0)
			map[raw[i]] = c->nlocs++;
		c->loc[i] = map[raw[i]];
	}
	return first;
}

/* Write values per location in coherence order from start, read values,
 * final values; false with c->why when one location's cycle cannot be
 * stated with values. */
static bool number_values(cyc *c, int first)
{
	int n = c->n;

	/* write numbering: per location, in coherence order along its run.
	 * A single-location cycle is cut after its first Fr or Co edge. */
	int start = first;
	int brk = -1;
	if (first < 0) {
		/* one location all round: the cycle contradicts coherence. The
		 * values can state it when it has at most one Fr or Co edge, cut
		 * there; a read that the cut Fr leaves must not also read from
		 * a write of the cycle (Rfe Fre). */
		int nfrco = 0;
		start = 0;
		for (int i = 0; i < n; i++)
			if (c->e[i]->kind == E_FR || c->e[i]->kind == E_CO) {
				nfrco++;
				brk = i;
			}
		if (nfrco > 1) {
			snprintf(c->why, sizeof c->why, "one location with two or more Fr/Co edges: coherence order cannot be observed");
			return false;
		}
		if (brk >= 0) {
			start = (brk + 1) % n;
			if (c->e[brk]->kind == E_FR && c->e[(brk + n - 1) % n]->kind == E_RF) {
				snprintf(c->why, sizeof c->why, "a read that both reads from and is fr-before a write of one location");
				return false;
			}
		}
	}
	int count[MAXE] = { 0 };
	for (int k = 0; k < n; k++) {
		int i = (start + k) % n;
		if (c->dir[i] == DIR_W)
			c->val[i] = ++count[c->loc[i]];
	}
	/* read values: from the write it reads (Rf), else the co-predecessor
	 * of the write it is fr-before or whose rmw it is, else the value a
	 * same-location po-predecessor has (Pos), else the initial 0 */
	for (int pass = 0; pass < 2; pass++)
		for (int k = 0; k < n; k++) {
			int i = (start + k) % n, p = (i + n - 1) % n, s = (i + 1) % n;
			const edge *in = c->e[p], *out = c->e[i];
			if (c->dir[i] != DIR_R)
				continue;
			if (in->kind == E_RF)
				c->val[i] = c->val[p];
			else if (out->kind == E_FR || out->kind == E_RMW)
				c->val[i] = c->val[s] - 1;
			else if (in->kind == E_POS)
				c->val[i] = c->val[p];
			else
				c->val[i] = 0;
		}
	for (int l = 0; l < c->nlocs; l++)
		c->final[l] = 0;
	for (int l = 0; l < c->nlocs; l++) {
		if (count[l] < 2)
			continue;
		c->final[l] = count[l];
		if (brk >= 0 && c->e[brk]->kind == E_CO)
			c->final[l] = 1;   /* the cut Co edge says its target is co-last */
	}
	return true;
}

/* Values the instructions cannot produce; false with c->why. */
static bool check_values(cyc *c)
{
	int n = c->n;

	for (int i = 0; i < n; i++) {
		const edge *out = c->e[i];
		if (out->kind == E_RMW && (out->sub == RMW_FA || out->sub == RMW_ADD) &&
		    c->val[(i + 1) % n] <= c->val[i]) {
			snprintf(c->why, sizeof c->why, "%s would have to add a negative number", out->name);
			return false;
		}
		if (c->dir[i] == DIR_W && c->ann[i] == AN_N) {
			/* lock += delta: delta from the co-predecessor's value */
			if (c->val[i] < 1) {
				snprintf(c->why, sizeof c->why, "bad atomic add");
				return false;
			}
		}
		if (c->nlocs > (int)(sizeof locname / sizeof locname[0])) {
			snprintf(c->why, sizeof c->why, "too many locations");
			return false;
		}
	}
	return true;
}

/* A cycle's threads, locations and values; false (c->why) when it cannot
 * be a test. */
static bool analyse(cyc *c)
{
	if (!check_edges(c))
		return false;
	int first = threads_and_locations(c);
	return number_values(c, first) && check_values(c);
}

typedef struct {
	int addr[MAXE];         /* per location: address register, -1 */
	int faddr;              /* fence dummy's address register */
	bool used[NREGS];
	int lastuse[MAXE];      /* per location: last node using it */
} regs;

static int take(regs *g)
{
	for (int r = 1; r < NREGS; r++)
		if (!g->used[r]) {
			g->used[r] = true;
			return r;
		}
	return -1;
}

/* The classic family a cycle belongs to, from the kinds of its external
 * edges in thread order (the catalogue's MP, SB, LB, S, R, 2+2W, WRC,
 * ISA2, RWC, W+RWC, IRIW), or NULL. A thread "starts writing" when its
 * in-edge is Fre/Coe or its first access is a write. */
static const char *family(const cyc *c)
{
	int k[MAXE], nodes[MAXE] = { 0 }, t = 0;
	if (c->nlocs < 2)
		return NULL;   /* coherence tests (CoRR, ...) are no family */
	for (int i = 0; i < c->n; i++) {
		nodes[c->thread[i]]++;
		if (c->e[i]->ext)
			k[t++] = c->e[i]->kind;
	}
	int nrf = 0, nfr = 0, nco = 0;
	for (int i = 0; i < t; i++) {
		nrf += k[i] == E_RF;
		nfr += k[i] == E_FR;
		nco += k[i] == E_CO;
	}
	if (t == 2) {
		if (nrf == 1 && nfr == 1) return "MP";
		if (nfr == 2) return "SB";
		if (nrf == 2) return "LB";
		if (nrf == 1 && nco == 1) return "S";
		if (nco == 1 && nfr == 1) return "R";
		if (nco == 2) return "2+2W";
		return NULL;
	}
	/* thread u: in-edge k[u-1], out-edge k[u] */
	if (t == 3 && nrf == 2 && nfr == 1)
		for (int u = 0; u < 3; u++)
			if (k[(u + 2) % 3] == E_FR && k[u] == E_RF)
				return nodes[u] == 1 ? "WRC" : "ISA2";
	if (t == 3 && nrf == 1 && nfr == 2)
		for (int u = 0; u < 3; u++)
			if (k[(u + 2) % 3] == E_FR && k[u] == E_RF)
				return nodes[u] == 1 ? "RWC" : "W+RWC";
	if (t == 4 && nrf == 2 && nfr == 2) {
		bool iriw = true;
		for (int u = 0; u < 4; u++)
			if (k[u] == E_RF && (k[(u + 3) % 4] != E_FR || nodes[u] != 1))
				iriw = false;
		if (iriw)
			return "IRIW";
	}
	return NULL;
}

/* Build the test text of an analysed cycle into b; false (c->why) if
 * it needs more registers than BPF has. */
/* One thread's code being written: its registers, its rows (at most 62),
 * the init entries and condition atoms it adds. */
typedef struct {
	cyc *c;
	int t;
	regs g;
	char **rows;
	int nr;
	sbuf *init, *cond;
	int res;               /* result register of the previous node, -1 */
	enum { EM_OK, EM_NOREGS, EM_NOROWS, EM_FAIL } err;
} temit;

static bool row(temit *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool row(temit *e, const char *fmt, ...)
{
	char line[256];
	va_list ap;

	if (e->nr >= 62) {
		e->err = EM_NOROWS;
		return false;
	}
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	e->rows[e->nr++] = xstrdup(line);
	return true;
}

/* in helpers returning bool: a row, or stop; a free register into v, or stop */
#define ROW(...) do { if (!row(e, __VA_ARGS__)) return false; } while (0)
#define TAKE(v) do { if (((v) = take(&e->g)) < 0) { e->err = EM_NOREGS; return false; } } while (0)

/* The thread's nodes' address registers and its fence dummy's, with
 * their init entries. */
static bool thread_registers(temit *e, const int *nodes, int nn)
{
	cyc *c = e->c;
	bool fence = false;

	for (int l = 0; l < MAXE; l++) {
		e->g.addr[l] = -1;
		e->g.lastuse[l] = -1;
	}
	e->g.used[0] = true;
	for (int k = 0; k < nn; k++) {
		e->g.lastuse[c->loc[nodes[k]]] = nodes[k];
		if (k > 0 && c->e[nodes[k - 1]]->kind == E_FENCE)
			fence = true;
	}
	for (int k = 0; k < nn; k++) {
		int l = c->loc[nodes[k]];
		if (e->g.addr[l] < 0) {
			TAKE(e->g.addr[l]);
			sb_printf(e->init, "%d:r%d=%s; ", e->t, e->g.addr[l], locname[l]);
		}
	}
	if (fence) {
		TAKE(e->g.faddr);
		sb_printf(e->init, "%d:r%d=f%d; ", e->t, e->g.faddr, e->t);
	}
	if (e->init->n && e->init->s[e->init->n - 1] == ' ')
		e->init->s[--e->init->n] = 0;
	sb_printf(e->init, "\n");
	return true;
}

/* What the edge into node i adds before it: an address dependency (*a
 * becomes the register *s holding the address), a control dependency, or
 * a fence on the thread's dummy. */
static bool edge_before(temit *e, const edge *in, int i, int *a, int *s)
{
	int v;

	if ((in->kind == E_ADDR || in->kind == E_DATA || in->kind == E_CTRL) && e->res < 0) {
		snprintf(e->c->why, sizeof e->c->why, "%s from an access with no result register", in->name);
		e->err = EM_FAIL;
		return false;
	}
	if (in->kind == E_ADDR) {
		TAKE(*s);
		ROW("r%d = r%d", *s, e->res);
		ROW("r%d ^= r%d", *s, *s);
		ROW("r%d += r%d", *s, *a);
		*a = *s;
	} else if (in->kind == E_CTRL) {
		ROW("if r%d == 99 goto LC%02d", e->res, i);
		ROW("LC%02d:", i);
	} else if (in->kind == E_FENCE) {
		TAKE(v);
		if (in->sub == F_FA) {
			ROW("r%d = 1", v);
			ROW("r%d = atomic_fetch_add((u64 *)(r%d + 0), r%d)", v, e->g.faddr, v);
		} else if (in->sub == F_XCHG) {
			ROW("r%d = 1", v);
			ROW("r%d = xchg_64(r%d + 0, r%d)", v, e->g.faddr, v);
		} else {
			/* 0 -> 0 on the thread's own dummy: always succeeds */
			ROW("r0 = 0");
			ROW("r%d = 0", v);
			ROW("r0 = cmpxchg_64(r%d + 0, r0, r%d)", e->g.faddr, v);
		}
		e->g.used[v] = false;
	}
	return true;
}

/* The read-modify-write at node i (its write is node i + 1) on address a. */
static bool emit_rmw(temit *e, int i, int a)
{
	cyc *c = e->c;
	int w = (i + 1) % c->n, sub = c->e[i]->sub;
	int vr = c->val[i], vw = c->val[w];
	int d = -1, v;

	/* the result register is the value operand (BPF_FETCH) */
	if (sub != RMW_ADD)
		TAKE(d);
	if (sub == RMW_FA) {
		ROW("r%d = %d", d, vw - vr);
		ROW("r%d = atomic_fetch_add((u64 *)(r%d + 0), r%d)", d, a, d);
	} else if (sub == RMW_XCHG) {
		ROW("r%d = %d", d, vw);
		ROW("r%d = xchg_64(r%d + 0, r%d)", d, a, d);
	} else if (sub == RMW_CAS) {
		TAKE(v);
		ROW("r0 = %d", vr);
		ROW("r%d = %d", v, vw);
		ROW("r0 = cmpxchg_64(r%d + 0, r0, r%d)", a, v);
		ROW("r%d = r0", d);
		e->g.used[v] = false;
	} else {
		TAKE(v);
		ROW("r%d = %d", v, vw - vr);
		ROW("lock *(u64 *)(r%d + 0) += r%d", a, v);
		e->g.used[v] = false;
	}
	if (d >= 0)
		sb_printf(e->cond, "%s%d:r%d=%d", e->cond->n ? " /\\ " : "", e->t, d, vr);
	e->res = d;
	return true;
}

/* The read at node i from address a (into a itself when this is the last
 * use of location l's address register). */
static bool emit_read(temit *e, int i, int a, int l, bool last)
{
	cyc *c = e->c;
	int d;

	if (last && a == e->g.addr[l])
		d = a, e->g.addr[l] = -1;
	else
		TAKE(d);
	if (c->ann[i] == AN_A)
		ROW("r%d = load_acquire((u32 *)(r%d + 0))", d, a);
	else
		ROW("r%d = *(u32 *)(r%d + 0)", d, a);
	sb_printf(e->cond, "%s%d:r%d=%d", e->cond->n ? " /\\ " : "", e->t, d, c->val[i]);
	e->res = d;
	return true;
}

/* The write at node i to address a (data: its value depends on the
 * previous read). */
static bool emit_write(temit *e, int i, int a, bool data)
{
	cyc *c = e->c;
	int v = c->val[i], r;

	if (c->ann[i] == AN_N)
		v = 1;   /* writes are numbered 1, 2, ... in co order: +1 from the co-predecessor */
	if (data || c->ann[i] != AN_P) {
		TAKE(r);
		if (data) {
			ROW("r%d = r%d", r, e->res);
			ROW("r%d ^= r%d", r, r);
			ROW("r%d += %d", r, v);
		} else {
			ROW("r%d = %d", r, v);
		}
		if (c->ann[i] == AN_L)
			ROW("store_release((u32 *)(r%d + 0), r%d)", a, r);
		else if (c->ann[i] == AN_N)
			ROW("lock *(u64 *)(r%d + 0) += r%d", a, r);
		else
			ROW("*(u32 *)(r%d + 0) = r%d", a, r);
		e->g.used[r] = false;
	} else {
		ROW("*(u32 *)(r%d + 0) = %d", a, v);
	}
	e->res = -1;
	return true;
}

/* The code of thread e->t, node by node. */
static bool emit_thread(temit *e)
{
	cyc *c = e->c;
	int n = c->n, nodes[MAXE], nn = 0;

	for (int i = 0; i < n; i++)
		if (c->thread[i] == e->t)
			nodes[nn++] = i;
	if (!thread_registers(e, nodes, nn))
		return false;
	for (int k = 0; k < nn; k++) {
		int i = nodes[k];
		const edge *in = k > 0 ? c->e[nodes[k - 1]] : NULL;
		int l = c->loc[i], a = e->g.addr[l], s = -1;
		if (in && in->kind == E_RMW)
			continue;   /* the write of an rmw: emitted with its read */
		if (in && !edge_before(e, in, i, &a, &s))
			return false;
		/* the address register is free after its last use */
		bool last = e->g.lastuse[l] == i || (c->rmw_r[i] && e->g.lastuse[l] == (i + 1) % n);
		bool ok = c->rmw_r[i] ? emit_rmw(e, i, a)
			: c->dir[i] == DIR_R ? emit_read(e, i, a, l, last)
			: emit_write(e, i, a, in && in->kind == E_DATA);
		if (!ok)
			return false;
		if (s >= 0)
			e->g.used[s] = false;
		if (last && e->g.addr[l] >= 0) {
			e->g.used[e->g.addr[l]] = false;
			e->g.addr[l] = -1;
		}
	}
	return true;
}
#undef ROW
#undef TAKE

/* The test's text: name, cycle, family, init, the grid (columns padded),
 * the condition. */
static void print_test(const cyc *c, const char *name, sbuf *b, char *rows[][64], const int *ncode,
		       int lines, const char *init, const char *cond)
{
	int width[MAXE];

	sb_printf(b, "BPF %s\n(* bpfmm diy cycle:", name);
	for (int i = 0; i < c->n; i++)
		sb_printf(b, " %s", c->e[i]->name);
	sb_printf(b, " *)\n");
	const char *fam = family(c);
	if (fam)
		sb_printf(b, "(* family: %s *)\n", fam);
	sb_printf(b, "{\n%s}\n", init ? init : "");
	for (int t = 0; t < c->nthreads; t++) {
		width[t] = 3;
		for (int k = 0; k < ncode[t]; k++)
			if ((int)strlen(rows[t][k]) > width[t])
				width[t] = (int)strlen(rows[t][k]);
	}
	for (int k = -1; k < lines; k++) {
		for (int t = 0; t < c->nthreads; t++) {
			char head[8];
			snprintf(head, sizeof head, "P%d", t);
			const char *cell = k < 0 ? head : k < ncode[t] ? rows[t][k] : "";
			sb_printf(b, " %-*s %s", width[t], cell, t + 1 < c->nthreads ? "|" : ";");
		}
		sb_printf(b, "\n");
	}
	sb_printf(b, "exists (%s)\n", cond);
}

/* The cycle as a BPF test named name into b; false with c->why. */
static bool emit(cyc *c, const char *name, sbuf *b)
{
	sbuf init = { 0 }, cond = { 0 };
	int ncode[MAXE] = { 0 }, lines = 0;
	char *rows[MAXE][64];
	bool ok = true;

	for (int t = 0; t < c->nthreads && ok; t++) {
		temit e = { .c = c, .t = t, .g = { .faddr = -1 }, .rows = rows[t], .init = &init, .cond = &cond,
			    .res = -1 };
		ok = emit_thread(&e);
		ncode[t] = e.nr;
		if (e.nr > lines)
			lines = e.nr;
		if (e.err == EM_NOREGS)
			snprintf(c->why, sizeof c->why, "thread P%d needs more registers than r1..r9", t);
		else if (e.err == EM_NOROWS)
			snprintf(c->why, sizeof c->why, "thread P%d needs more than 62 instructions", t);
	}
	if (ok) {
		for (int l = 0; l < c->nlocs; l++)
			if (c->final[l])
				sb_printf(&cond, "%s%s=%d", cond.n ? " /\\ " : "", locname[l], c->final[l]);
		if (!cond.n) {
			snprintf(c->why, sizeof c->why, "nothing to observe");
			ok = false;
		}
	}
	if (ok)
		print_test(c, name, b, rows, ncode, lines, init.s, cond.s);
	for (int t = 0; t < c->nthreads; t++)
		for (int k = 0; k < ncode[t]; k++)
			free(rows[t][k]);
	free(init.s);
	free(cond.s);
	return ok;
}

/* Rotate so that the cycle ends with an external edge and, among such
 * rotations, the sequence of edge indices is smallest. */
static void canonical(const int *idx, int n, const diy_opts *o, int *out)
{
	bool have = false;
	for (int r = 0; r < n; r++) {
		if (!o->edges[idx[(r + n - 1) % n]].ext)
			continue;
		int cand[MAXE];
		for (int k = 0; k < n; k++)
			cand[k] = idx[(r + k) % n];
		bool less = !have;
		for (int k = 0; k < n && !less; k++)
			if (cand[k] != out[k]) {
				less = cand[k] < out[k];
				break;
			}
		if (less) {
			memcpy(out, cand, sizeof(int) * n);
			have = true;
		}
	}
	if (!have)
		memcpy(out, idx, sizeof(int) * n);
}

static void cycle_name(const cyc *c, char *name, size_t len)
{
	size_t p = 0;
	name[0] = 0;
	for (int i = 0; i < c->n; i++)
		p += (size_t)snprintf(name + p, p < len ? len - p : 0, "%s%s", i ? "+" : "", c->e[i]->name);
}

/* ---- generation ---------------------------------------------------- */

typedef struct {
	const diy_opts *o;
	diy_sink sink;
	void *ctx;
	int idx[MAXE];
	long count, skipped;
	bool stop;
	FILE *all;
} gen;

static int produce(gen *g, const int *idx, int n)
{
	cyc c = { .n = n };
	char name[MAXE * 32];
	sbuf b = { 0 };

	for (int k = 0; k < n; k++)
		c.e[k] = &g->o->edges[idx[k]];
	if (!analyse(&c)) {
		g->skipped++;
		return 0;
	}
	if (c.nthreads > g->o->nprocs) {
		g->skipped++;
		return 0;
	}
	cycle_name(&c, name, sizeof name);
	if (!emit(&c, name, &b)) {
		g->skipped++;
		free(b.s);
		return 0;
	}
	g->count++;
	int st = g->sink(name, b.s, g->ctx);
	free(b.s);
	return st;
}

static void dfs(gen *g, int depth, int n, int ext)
{
	const diy_opts *o = g->o;

	if (g->stop)
		return;
	if (depth == n) {
		const edge *last = &o->edges[g->idx[n - 1]], *first = &o->edges[g->idx[0]];
		if (ext < 2 || !last->ext || last->dst != first->src || last->da != first->sa)
			return;
		int can[MAXE];
		canonical(g->idx, n, o, can);
		if (memcmp(can, g->idx, sizeof(int) * n))
			return;
		if (produce(g, g->idx, n))
			g->stop = true;
		return;
	}
	for (int k = 0; k < o->nedges && !g->stop; k++) {
		const edge *e = &o->edges[k];
		if (depth > 0) {
			const edge *p = &o->edges[g->idx[depth - 1]];
			if (p->dst != e->src || p->da != e->sa)
				continue;
		}
		if (ext + e->ext > o->nprocs)
			continue;
		/* the canonical rotation starts a thread: its first edge's
		 * predecessor (the last edge) is external; and it is the
		 * smallest rotation, so no later edge may be smaller than the
		 * first unless it follows an internal edge */
		if (depth > 0 && k < g->idx[0] && o->edges[g->idx[depth - 1]].ext)
			continue;
		g->idx[depth] = k;
		dfs(g, depth + 1, n, ext + e->ext);
	}
}

static const char diy_head[] =
"Usage: bpfmm diy [-size N] [-minsize N] [-nprocs N] [-edges \"E1 E2 ...\"]\n"
"                 [-cycle \"E1 E2 ...\"] [-o DIR] [-list] [-q]\n"
"\n"
"Generate BPF litmus tests (herd7 syntax) from critical cycles, in the\n"
"manner of herdtools7's diy7. A cycle is a list of edges between memory\n"
"accesses; each test is written so that its `exists` condition holds\n"
"exactly in the executions that contain the cycle: the registers of its\n"
"reads hold the values the cycle gives them and, for a location with two\n"
"or more writes, the final value is that of the coherence-last write.\n"
"\n"
"Edges (X, Y are R or W):\n"
"  Rfe Rfi     write -> read of the same location that reads from it\n"
"              (e: other thread, i: same thread)\n"
"  Fre Fri     read -> write that overwrites the value it read\n"
"  Coe Coi     write -> coherence-later write of the same location\n"
"  PosXY       program order, same location\n"
"  PodXY       program order, different locations\n"
"  DpAddrdR DpAddrdW  address dependency from a read (r ^= r; r += addr)\n"
"  DpDatadW    data dependency into the value of a write\n"
"  DpCtrldR DpCtrldW  control dependency (if r == 99 goto L; L:)\n"
"  FencedXY    program order through an atomic_fetch_add on a per-thread\n"
"              dummy location (a full barrier), different locations\n"
"  FenceXchgdXY, FenceCasdXY  the same with xchg_64, with a cmpxchg_64\n"
"              that succeeds (0 -> 0)\n"
"  RmwFA RmwXchg RmwCas  read -> write of one value-returning atomic\n"
"              (atomic_fetch_add, xchg_64, successful cmpxchg_64)\n"
"  RmwAdd      read -> write of a non-fetch `lock *(u64 *)(r + 0) += r`\n"
"An edge name may end with two annotation letters, for its source and\n"
"its target access: P plain (the default), A load_acquire (reads),\n"
"L store_release (writes), N a non-fetch atomic add used as a write\n"
"(writes). PodWWPL: a plain write, then in program order a release\n"
"write; RfeLA: a release write read by an acquire read. Consecutive\n"
"edges must agree on the access between them (direction and letter).\n"
"\n"
"Options:\n";

static const char diy_tail[] =
"\n"
"Tests are named after their cycle, edges joined by '+' (Fre+PodWW+Rfe+\n"
"PodRR), rotated so that the cycle ends with an external edge and its\n"
"edge names are smallest (byte order) among such rotations; so a cycle\n"
"has one name whatever -edges lists. Tests come out by size, then in\n"
"that order, the same for the same options. Thread P0 starts\n"
"with the cycle's first edge; locations are x, y, z, ... in order of\n"
"first access; fence dummies f0, f1, ... A second comment names the\n"
"classic family when the external edges make one (MP, SB, LB, S, R,\n"
"2+2W, WRC, ISA2, RWC, W+RWC, IRIW). Cycles that cannot make a\n"
"test are skipped (counted in the summary): an access pattern needing\n"
"more than the registers r1..r9 of a thread, an atomic add that would\n"
"have to add a negative number, nothing to observe.\n"
"\n"
"Exit status: 0 tests generated; 1 the -cycle is not a valid cycle or a\n"
"file could not be written; 2 bad command line or output folder.\n";

enum { DIY_HELP = 1, DIY_SHOW_EDGES, DIY_SIZE, DIY_MINSIZE, DIY_NPROCS, DIY_EDGES, DIY_CYCLE, DIY_OUT,
       DIY_LIST, DIY_QUIET };

static const opt_row diy_rows[] = {
	OPT_OWN(DIY_SIZE, "-size", "N", "longest cycle, in edges (default 4; at most 12)"),
	OPT_OWN(DIY_MINSIZE, "-minsize", "N", "shortest cycle (default 2)"),
	OPT_OWN(DIY_NPROCS, "-nprocs", "N", "at most N threads (= external edges; default 4)"),
	OPT_OWN(DIY_EDGES, "-edges", "\"...\"", "the edges to combine, separated by blanks or commas\n"
		"(default: all, the list `bpfmm diy -show-edges` prints)"),
	OPT_OWN(DIY_CYCLE, "-cycle", "\"...\"", "one test from this cycle (rotated so that it starts a\n"
		"thread; error if it is not a valid cycle)"),
	OPT_OWN(DIY_OUT, "-o", "DIR", "write DIR/NAME.litmus per test and the list DIR/@all;\n"
		"DIR is created if missing (default: tests on stdout)"),
	OPT_OWN(DIY_LIST, "-list", NULL, "print the test names only"),
	OPT_OWN(DIY_SHOW_EDGES, "-show-edges", NULL, "print the default edge list and exit"),
	OPT_OWN(DIY_QUIET, "-q", NULL, "no summary line on stderr"),
	OPT_OWN(DIY_HELP, "-h, --help", NULL, "this text"),
	/* spellings --help does not show */
	OPT_OWN(DIY_SIZE, "--size", "N", NULL),
	OPT_OWN(DIY_MINSIZE, "--minsize", "N", NULL),
	OPT_OWN(DIY_NPROCS, "--nprocs", "N", NULL),
	OPT_OWN(DIY_EDGES, "--edges", "\"...\"", NULL),
	OPT_OWN(DIY_CYCLE, "--cycle", "\"...\"", NULL),
	OPT_OWN(DIY_LIST, "--list", NULL, NULL),
	OPT_OWN(DIY_HELP, "-help", NULL, NULL),
	OPT_END,
};

static const opt_spec diy_spec = {
	.cmd = "diy", .head = diy_head, .rows = diy_rows, .col = 15, .tail = diy_tail,
};

static int add_edges(diy_opts *o, const char *list, FILE *err)
{
	char buf[4096];
	snprintf(buf, sizeof buf, "%s", list);
	for (char *tok = strtok(buf, " ,\t\n"); tok; tok = strtok(NULL, " ,\t\n")) {
		edge e;
		if (!parse_edge(tok, &e)) {
			fprintf(err, "bpfmm diy: unknown edge '%s' (see bpfmm diy --help)\n", tok);
			return 2;
		}
		bool dup = false;
		for (int k = 0; k < o->nedges; k++)
			dup |= !strcmp(o->edges[k].name, e.name);
		if (dup)
			continue;
		if (o->nedges == MAXEDGES) {
			fprintf(err, "bpfmm diy: too many edges\n");
			return 2;
		}
		o->edges[o->nedges++] = e;
	}
	return 0;
}

static int edge_cmp(const void *a, const void *b)
{
	return strcmp(((const edge *)a)->name, ((const edge *)b)->name);
}

static int num_arg(const char *opt, const char *s, int lo, int hi, int *out, FILE *err)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (!*s || *end || v < lo || v > hi) {
		fprintf(err, "bpfmm diy: %s wants a number from %d to %d, not '%s'\n", opt, lo, hi, s);
		return 2;
	}
	*out = (int)v;
	return 0;
}

typedef struct {
	const diy_opts *o;
	diy_sink user;
	void *uctx;
	FILE *all;
	int failed;
} outctx;

static int to_outputs(const char *name, const char *text, void *ctx)
{
	outctx *oc = ctx;
	const diy_opts *o = oc->o;

	if (o->list) {
		printf("%s\n", name);
		return 0;
	}
	if (oc->user)
		return oc->user(name, text, oc->uctx);
	if (o->outdir) {
		char stem[512];
		outdir_stem(name, stem, sizeof stem);
		FILE *f = outdir_open(o->outdir, stem, "litmus", "diy");
		if (!f) {
			oc->failed = 1;
			return 1;
		}
		fputs(text, f);
		if (outdir_close(f, o->outdir, stem, "litmus", "diy")) {
			oc->failed = 1;
			return 1;
		}
		fprintf(oc->all, "%s.litmus\n", stem);
		return 0;
	}
	fputs(text, stdout);
	return 0;
}

static int run(diy_opts *o, diy_sink user, void *uctx, FILE *err)
{
	outctx oc = { .o = o, .user = user, .uctx = uctx };
	gen g = { .o = o, .sink = to_outputs, .ctx = &oc };
	int status = 0;

	if (!o->nedges && add_edges(o, "", err))
		return 2;
	if (o->outdir && !user && !o->list) {
		if (outdir_prepare(o->outdir, "diy", "-o"))
			return 2;
		char path[4096];
		snprintf(path, sizeof path, "%s/@all", o->outdir);
		oc.all = fopen(path, "w");
		if (!oc.all) {
			fprintf(err, "bpfmm diy: cannot write %s\n", path);
			return 2;
		}
	}
	if (o->cycle) {
		diy_opts one = *o;
		one.nedges = 0;
		if (add_edges(&one, o->cycle, err)) {
			status = 2;
			goto out;
		}
		qsort(one.edges, one.nedges, sizeof one.edges[0], edge_cmp);
		/* the cycle as given, not deduplicated */
		char buf[4096];
		int n = 0, idx[MAXE];
		snprintf(buf, sizeof buf, "%s", o->cycle);
		for (char *tok = strtok(buf, " ,\t\n"); tok; tok = strtok(NULL, " ,\t\n")) {
			if (n == MAXE) {
				fprintf(err, "bpfmm diy: a cycle has at most %d edges\n", MAXE);
				status = 2;
				goto out;
			}
			for (int k = 0; k < one.nedges; k++)
				if (!strcmp(one.edges[k].name, tok))
					idx[n] = k;
			n++;
		}
		if (n < 2) {
			fprintf(err, "bpfmm diy: -cycle needs two edges at least\n");
			status = 2;
			goto out;
		}
		int can[MAXE];
		canonical(idx, n, &one, can);
		cyc c = { .n = n };
		for (int k = 0; k < n; k++)
			c.e[k] = &one.edges[can[k]];
		sbuf b = { 0 };
		char name[MAXE * 32];
		cycle_name(&c, name, sizeof name);
		if (!analyse(&c) || !emit(&c, name, &b)) {
			fprintf(err, "bpfmm diy: -cycle \"%s\": %s\n", o->cycle, c.why);
			free(b.s);
			status = 1;
			goto out;
		}
		to_outputs(name, b.s, &oc);
		free(b.s);
		g.count = 1;
	} else {
		for (int n = o->minsize; n <= o->size && !g.stop; n++)
			dfs(&g, 0, n, 0);
	}
	fflush(stdout);
	if (!o->quiet && !user)
		fprintf(err, "bpfmm diy: %ld tests (%ld cycles skipped)%s%s\n", g.count, g.skipped,
			o->outdir && !o->list ? " in " : "", o->outdir && !o->list ? o->outdir : "");
	status = oc.failed;
out:
	if (oc.all && fclose(oc.all)) {
		fprintf(err, "bpfmm diy: cannot write %s/@all\n", o->outdir);
		status = 1;
	}
	return status;
}

/* -show-edges: the default edges, one line */
static void show_edges(void)
{
	for (size_t k = 0; k < sizeof all_edges / sizeof all_edges[0]; k++)
		printf("%s%s", k ? " " : "", all_edges[k]);
	printf("\n");
}

/* One option (an id of diy_rows), v its argument, into o; 0, or 2 after
 * a message */
static int diy_option(diy_opts *o, int id, const char *a, const char *v, FILE *err)
{
	switch (id) {
	case DIY_SIZE:
		return num_arg(a, v, 2, MAXE, &o->size, err);
	case DIY_MINSIZE:
		return num_arg(a, v, 2, MAXE, &o->minsize, err);
	case DIY_NPROCS:
		return num_arg(a, v, 2, MAXE, &o->nprocs, err);
	case DIY_EDGES:
		return add_edges(o, v, err);
	case DIY_CYCLE:
		o->cycle = v;
		break;
	case DIY_OUT:
		o->outdir = v;
		break;
	case DIY_LIST:
		o->list = true;
		break;
	case DIY_QUIET:
		o->quiet = true;
		break;
	}
	return 0;
}

static int parse_opts(int argc, char **argv, diy_opts *o, FILE *err, bool *help)
{
	*o = (diy_opts){ .size = 4, .minsize = 2, .nprocs = 4 };
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *v;
		int id = opt_next(&diy_spec, argc, argv, &i, &v, NULL);
		switch (id) {
		case OPT_FAIL:
			return 2;
		case OPT_OPERAND:
			fprintf(err, "bpfmm diy: unknown argument '%s'\nTry 'bpfmm diy --help'.\n", a);
			return 2;
		case DIY_HELP:
			*help = true;
			return 0;
		case DIY_SHOW_EDGES:
			show_edges();
			o->shown = *help = true;
			return 0;
		default:
			if (diy_option(o, id, a, v, err))
				return 2;
		}
	}
	if (o->minsize > o->size) {
		fprintf(err, "bpfmm diy: -minsize %d is more than -size %d\n", o->minsize, o->size);
		return 2;
	}
	if (!o->nedges && !o->cycle) {
		for (size_t k = 0; k < sizeof all_edges / sizeof all_edges[0]; k++)
			if (add_edges(o, all_edges[k], err))
				return 2;
	}
	/* edges in name order: the canonical rotation and the order of the
	 * tests do not depend on the order the edges were given in */
	qsort(o->edges, o->nedges, sizeof o->edges[0], edge_cmp);
	return 0;
}

int diy_generate(int argc, char **argv, diy_sink sink, void *ctx, FILE *err)
{
	diy_opts o;
	bool help = false;
	int st = parse_opts(argc, argv, &o, err, &help);
	if (st || help)
		return st;
	o.list = false;
	o.outdir = NULL;
	return run(&o, sink, ctx, err);
}

int diy_main(int argc, char **argv, const char *model_dir, const char *self)
{
	diy_opts o;
	bool help = false;
	int st = parse_opts(argc - 1, argv + 1, &o, stderr, &help);
	if (help) {
		if (!o.shown)
			opt_help(stdout, &diy_spec);
		return 0;
	}
	if (st)
		return st;
	return run(&o, NULL, NULL, stderr);
}
