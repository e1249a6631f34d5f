/* enumerate.c - traces, event structures, rf choices (see enumerate.h).
 * This is where rf is enumerated; co is enumerated by the model's
 * `with co from ...` (cat_co.c). */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "exec/enumerate.h"
#include "exec/prepass.h"
#include "litmus/frontend.h"
#include "base/xalloc.h"

typedef struct {
	const litmus_test *t;
	mem_domain *md;
	trace_list *tl;
	const trace **pick;
	const trace **best;   /* with stats->loop: the combination that names
	                      * the warning's label (probe_cut) */
	cat_run *run;
	execution_fn fn;
	execution_fn candidate;   /* bpfmm explain: every rf given to the model */
	void *arg;
	enum_stats *stats;
	diag *d;
	bool stop;
	bool failed;          /* stopped on an error recorded in d */
	combination_fn skip;  /* enum_limits.skip */
	double cpu_deadline;  /* enum_limits.cpu_deadline, 0: none */
	bool process_clock;   /* enum_limits.process_clock */
	unsigned ticks;       /* steps since the clock was last read */
	bool timed_out;
	void (*note)(void *); /* enum_limits.note, NULL once called */
	void *note_arg;
	double note_at;
	long maxpaths;        /* enum_limits.maxpaths */

	evstruct es;
	int *base;            /* each thread's first event in the
	                       * numbering of build_events (event_layout) */
	int *reads;           /* events that read */
	int nreads;
	int *cands, *ncand;   /* per read: candidate writes */
	word *rf, *thin;      /* current rf; scratch for the thin-air check */
	bool run_has_es;      /* the cat run's program stage is of es */
	int *alo, *asize;     /* mixed-size: per event, the first byte
	                       * location and the size of its access */
	int *copy;            /* per event: the read whose value a write
	                       * stores unchanged, else -1 (tevent.copy) */
	long seq;             /* whole combinations that were not cut, so far */
	enum_dealer *dealer;  /* enum_limits: NULL, or this slice's dealer */
	long lo, hi;          /* then: the chunk of seq numbers it claimed last */
	/* Early justification (need_reads): per thread, per trace, its
	 * reads that only another thread's write can justify, each with
	 * the threads some path of which writes that value there (in
	 * mixed-size mode, per byte). NULL: not used (more than 63
	 * threads). */
	struct need_list **need;   /* per thread: one per trace */
} enumerator;

/* ---- event structures ---- */

static void evstruct_free(evstruct *es)
{
	free(es->thread); free(es->loc); free(es->rval); free(es->wval);
	free(es->kind); free(es->tags); free(es->insn);
	free(es->R);
	for (int t = 0; t < es->ntags; t++)
		free(es->tagset[t]);
	free(es->tagset);
	free(es->po);
	memset(es, 0, sizeof *es);
}

/* Allocates the arrays of an event structure of n events, ninit of them
 * initial writes (events 0..ninit-1). */
static void alloc_events(enumerator *E, int n, int ninit)
{
	const litmus_test *t = E->t;
	evstruct *es = &E->es;
	int w = rel_words(n);

	free(E->copy);
	E->copy = xzalloc(sizeof(int) * n);
	for (int e = 0; e < n; e++)
		E->copy[e] = -1;
	es->n = n;
	es->w = w;
	es->ninit = ninit;
	es->mixed = E->md->mixed;
	es->thread = xzalloc(sizeof(int) * n);
	es->loc = xzalloc(sizeof(int) * n);
	es->rval = xzalloc(sizeof(value) * n);
	es->wval = xzalloc(sizeof(value) * n);
	es->kind = xzalloc(n);
	es->tags = xzalloc(sizeof(tagmask) * n);
	es->insn = xzalloc(sizeof(int) * n);
	/* sets and relations share two blocks */
	word *sets = xzalloc(sizeof(word) * w * 6);
	es->R = sets; es->W = sets + w; es->M = sets + 2 * w;
	es->F = sets + 3 * w; es->IW = sets + 4 * w; es->all = sets + 5 * w;
	es->ntags = t->fe ? t->fe->ntags : 0;
	es->tagset = xzalloc(sizeof(word *) * (es->ntags + 1));
	for (int k = 0; k < es->ntags; k++)
		es->tagset[k] = xzalloc(sizeof(word) * w);
	size_t rsz = (size_t)n * w;
	word *rels = xzalloc(sizeof(word) * rsz * (es->mixed ? 15 : 14));
	es->po = rels; es->addr = rels + rsz; es->data = rels + 2 * rsz;
	es->ctrl = rels + 3 * rsz; es->rmw = rels + 4 * rsz; es->sameloc = rels + 5 * rsz;
	es->ext = rels + 6 * rsz; es->intl = rels + 7 * rsz; es->id = rels + 8 * rsz;
	es->valdep = rels + 9 * rsz;
	es->pick = rels + 10 * rsz;
	es->scdata = rels + 11 * rsz;
	es->pickaddr = rels + 12 * rsz;
	/* rels + 13*rsz: spare, used by the thin-air check */
	E->thin = rels + 13 * rsz;
	es->si = es->mixed ? rels + 14 * rsz : es->id;
}

/* The sets and the relations that follow from each event's own fields.
 * intl, ext and sameloc are built a row at a time from the set of each
 * thread and of each location (once per combination of traces). */
static void finish_events(enumerator *E)
{
	evstruct *es = &E->es;
	int n = es->n, w = es->w, nth = E->t->nthreads, maxloc = -1;

	for (int e = 0; e < n; e++) {
		set_add(es->all, e);
		if (es->kind[e] & EV_R)
			set_add(es->R, e);
		if (es->kind[e] & EV_W)
			set_add(es->W, e);
		if (es->kind[e] & (EV_R | EV_W))
			set_add(es->M, e);
		if (es->kind[e] & EV_F)
			set_add(es->F, e);
		for (int k = 0; k < es->ntags; k++)
			if (es->tags[e] & ((tagmask)1 << k))
				set_add(es->tagset[k], e);
		rel_add(es->id, w, e, e);
		if (es->loc[e] > maxloc)
			maxloc = es->loc[e];
	}
	word *thr = xzalloc(sizeof(word) * w * (size_t)(nth + maxloc + 2));
	word *locs = thr + (size_t)w * nth;
	for (int e = 0; e < n; e++) {
		if (es->thread[e] >= 0)
			set_add(thr + (size_t)w * es->thread[e], e);
		if (es->loc[e] >= 0)
			set_add(locs + (size_t)w * es->loc[e], e);
	}
	for (int e = 0; e < n; e++) {
		word *in = REL_ROW(es->intl, w, e);
		if (es->thread[e] >= 0)
			set_copy(in, thr + (size_t)w * es->thread[e], w);
		else
			set_add(in, e);
		set_diff(REL_ROW(es->ext, w, e), es->all, in, w);
		if (es->loc[e] >= 0)
			set_copy(REL_ROW(es->sameloc, w, e), locs + (size_t)w * es->loc[e], w);
	}
	free(thr);
}

/* One byte of a value, little endian (mixed-size mode). */
static uint8_t byte_of(int64_t v, int k) { return (uint8_t)(((uint64_t)v >> (8 * k)) & 0xff); }

/* Byte q of a value read or written, as the event of that byte holds
 * it; an address stays whole. */
static value byte_value(value v, int q)
{
	return v.sym >= 0 ? v : value_int(byte_of(v.off, q));
}

/* Where the events of the picked traces go. Their events (accesses,
 * fences...) are numbered thread by thread, thread ti's from
 * E->base[ti]; access k becomes events first[k] .. first[k] + cnt[k] - 1
 * of the structure: one event, or in mixed-size mode (docs/mixed-size.md)
 * one per byte it accesses, bytes pos0[k].. of cell[k] (-1: no location),
 * at location cell * MIXED_WIDTH + byte. */
typedef struct {
	int *first, *cnt, *pos0, *cell;
	int nacc;            /* accesses */
} event_layout;

/* Lays the picked traces out after the ninit initial writes (one per
 * location, or per byte of each cell); returns the number of events. */
static int layout_events(enumerator *E, event_layout *L, int ninit)
{
	const litmus_test *t = E->t;
	const mem_domain *md = E->md;
	int n = ninit, nacc = 0, k = 0;

	for (int ti = 0; ti < t->nthreads; ti++)
		nacc += E->pick[ti]->nev;
	L->first = xzalloc(sizeof(int) * 4 * (nacc + 1));
	L->cnt = L->first + (nacc + 1);
	L->pos0 = L->first + 2 * (nacc + 1);
	L->cell = L->first + 3 * (nacc + 1);
	L->nacc = nacc;
	for (int ti = 0; ti < t->nthreads; ti++) {
		const trace *tr = E->pick[ti];
		E->base[ti] = k;
		for (int i = 0; i < tr->nev; i++, k++) {
			const tevent *te = &tr->ev[i];
			L->first[k] = n;
			L->cnt[k] = 1;
			L->cell[k] = -1;
			if (md->mixed && te->loc >= 0) {
				/* an event of a location that is no access: byte 0 */
				const location *l = &md->locs[te->loc];
				L->cell[k] = l->sym;
				if (te->kind & (EV_R | EV_W)) {
					L->pos0[k] = mixed_key_off(l->off);
					L->cnt[k] = mixed_key_size(l->off);
				}
			}
			n += L->cnt[k];
		}
	}
	return n;
}

/* The initial writes: one per location, or in mixed-size mode one per
 * byte of each cell, the bytes of a cell related by si. */
static void init_events(enumerator *E)
{
	const mem_domain *md = E->md;
	evstruct *es = &E->es;

	for (int l = 0; l < es->ninit; l++) {
		es->thread[l] = -1;
		es->loc[l] = l;
		es->rval[l] = es->wval[l] = md->mixed
			? byte_value(md->init[l / MIXED_WIDTH], l % MIXED_WIDTH) : md->init[l];
		es->kind[l] = EV_W;
		es->insn[l] = -1;
		set_add(es->IW, l);
		if (md->mixed)
			for (int b = 0; b < MIXED_WIDTH; b++)
				rel_add(es->si, es->w, l, l - l % MIXED_WIDTH + b);
	}
}

/* The events of thread ti's trace: their fields, si (the bytes of one
 * access) and rmw (byte q of the read to byte q of the write). */
static void thread_events(enumerator *E, const event_layout *L, int ti)
{
	const trace *tr = E->pick[ti];
	const mem_domain *md = E->md;
	evstruct *es = &E->es;
	int b = E->base[ti], w = es->w;

	for (int i = 0; i < tr->nev; i++) {
		const tevent *te = &tr->ev[i];
		int x = b + i;
		for (int q = 0; q < L->cnt[x]; q++) {
			int e = L->first[x] + q;
			es->thread[e] = ti;
			es->loc[e] = !md->mixed ? te->loc
				: L->cell[x] < 0 ? -1 : L->cell[x] * MIXED_WIDTH + L->pos0[x] + q;
			es->rval[e] = md->mixed ? byte_value(te->rv, q) : te->rv;
			es->wval[e] = md->mixed ? byte_value(te->wv, q) : te->wv;
			es->kind[e] = te->kind;
			es->tags[e] = te->tags;
			es->insn[e] = te->insn;
			/* a write of a read's value, unchanged: byte q of it */
			if (te->copy >= 0 && q < L->cnt[b + te->copy])
				E->copy[e] = L->first[b + te->copy] + q;
			if (md->mixed)
				for (int q2 = 0; q2 < L->cnt[x]; q2++)
					rel_add(es->si, w, e, L->first[x] + q2);
			if (te->rmw_read >= 0 && q < L->cnt[b + te->rmw_read])
				rel_add(es->rmw, w, L->first[b + te->rmw_read] + q, e);
		}
	}
}

/* po and the dependencies between the events of thread ti's trace, from
 * the accesses to each of their bytes. The two events of one atomic
 * instruction are in po only where the dialect says so (ir_insn.rmw_po). */
static void thread_relations(enumerator *E, const event_layout *L, int ti)
{
	const trace *tr = E->pick[ti];
	const litmus_thread *th = &E->t->threads[ti];
	evstruct *es = &E->es;
	int b = E->base[ti], w = es->w;

	for (int i = 0; i < tr->nev; i++) {
		const tevent *te = &tr->ev[i];
		int x = b + i;
		bool rmw_po = te->insn >= 0 && th->code[te->insn].rmw_po;
		const uint64_t *da = trace_deps(tr, i, DEP_ADDR), *dd = trace_deps(tr, i, DEP_DATA);
		const uint64_t *dc = trace_deps(tr, i, DEP_CTRL), *dp = trace_deps(tr, i, DEP_PICK);
		const uint64_t *dv = trace_deps(tr, i, DEP_VDEP);
		const uint64_t *ds = trace_deps(tr, i, DEP_SCDATA);
		const uint64_t *dpa = trace_deps(tr, i, DEP_PADDR);
		for (int j = 0; j < i; j++) {
			int y = b + j;
			bool po = te->rmw_read != j || te->insn != tr->ev[j].insn || rmw_po;
			bool addr = dep_has(da, j), data = dep_has(dd, j), ctrl = dep_has(dc, j);
			bool pick = dep_has(dp, j), vdep = dep_has(dv, j), scdata = dep_has(ds, j);
			bool paddr = dep_has(dpa, j);
			if (!(po || addr || data || ctrl || pick || vdep || scdata || paddr))
				continue;
			for (int p1 = 0; p1 < L->cnt[y]; p1++)
				for (int p2 = 0; p2 < L->cnt[x]; p2++) {
					int f = L->first[y] + p1, e = L->first[x] + p2;
					if (po)
						rel_add(es->po, w, f, e);
					if (addr)
						rel_add(es->addr, w, f, e);
					if (data)
						rel_add(es->data, w, f, e);
					if (ctrl)
						rel_add(es->ctrl, w, f, e);
					if (pick)
						rel_add(es->pick, w, f, e);
					if (paddr)
						rel_add(es->pickaddr, w, f, e);
					/* a copy's byte depends on that byte only */
					if (vdep && (te->copy != j || p1 == p2))
						rel_add(es->valdep, w, f, e);
					if (scdata)
						rel_add(es->scdata, w, f, e);
				}
		}
	}
}

/* Mixed-size mode: per event, the first byte location and the size of
 * its access (E->alo, E->asize; an initial write's access is its cell). */
static void access_extents(enumerator *E, const event_layout *L)
{
	int n = E->es.n, ninit = E->es.ninit;

	free(E->alo);
	E->alo = xzalloc(sizeof(int) * 2 * (n + 1));
	E->asize = E->alo + n + 1;
	for (int c = 0; c < ninit; c++) {
		E->alo[c] = c - c % MIXED_WIDTH;
		E->asize[c] = MIXED_WIDTH;
	}
	for (int x = 0; x < L->nacc; x++)
		for (int q = 0; q < L->cnt[x]; q++) {
			E->alo[L->first[x] + q] = L->cell[x] < 0 ? -1
				: L->cell[x] * MIXED_WIDTH + L->pos0[x];
			E->asize[L->first[x] + q] = L->cnt[x];
		}
}

/* The event structure of the picked traces: the initial writes, then
 * each thread's events. In mixed-size mode (docs/mixed-size.md) each
 * access is one event per byte, with that byte of the value (little
 * endian); the byte events of one access are related by si, not by po;
 * po, the dependencies and the thread come from the access. */
static void build_events(enumerator *E)
{
	const litmus_test *t = E->t;
	const mem_domain *md = E->md;
	event_layout L;
	int ninit = md->mixed ? md->nsyms * MIXED_WIDTH : md->n;

	evstruct_free(&E->es);
	int n = layout_events(E, &L, ninit);
	alloc_events(E, n, ninit);
	init_events(E);
	for (int ti = 0; ti < t->nthreads; ti++) {
		thread_events(E, &L, ti);
		thread_relations(E, &L, ti);
	}
	if (md->mixed)
		access_extents(E, &L);
	free(L.first);
	finish_events(E);
}

/* ---- rf ---- */

/* A read whose rf the model computes itself (ir_insn.model_rf): the
 * engine gives it no rf edge. */
static bool model_rf(const litmus_test *t, int thread, int insn)
{
	return thread >= 0 && insn >= 0 && t->threads[thread].code[insn].model_rf;
}

/* rf ; valdep cyclic: a value justifies itself (out of thin air).
 *
 * herd7 solves the equations of an execution's values, an rf edge being
 * "read = write" and a write's value a function of the reads it comes
 * from. A cycle whose every write stores what a read returned, unchanged
 * (E->copy: `*a = *b;` in two threads, each reading the other's write,
 * the LKMM's plain OOTA examples, which its model does not forbid)
 * leaves one unknown that herd7 keeps as a symbolic value (S16): the
 * execution exists. Any other cycle (a write of r + 1, of r & 1, ...)
 * herd7 cannot solve, and drops the execution. So a cycle through a
 * value dependency that is not such a copy is thin air; a cycle of
 * copies is not, and is taken once, with one value for the unknown: the
 * initial value of the location of the cycle's first read (the value
 * 0 of an unwritten location; herd7 prints the symbol where a final
 * state shows it, bpfmm that value). */
static bool thin_air(enumerator *E)
{
	evstruct *es = &E->es;
	int n = es->n, w = es->w;

	rel_union(E->thin, E->rf, es->valdep, n);
	if (rel_acyclic(E->thin, n))
		return false;
	word *plus = xzalloc(sizeof(word) * (size_t)n * w);
	bool thin = false;
	rel_plus(plus, E->thin, n);
	for (int a = 0; a < n && !thin; a++)
		for (int b = 0; b < n && !thin; b++)
			if (rel_has(es->valdep, w, a, b) && E->copy[b] != a && rel_has(plus, w, b, a))
				thin = true;   /* a cycle through a computed value */
	/* cycles of copies: every read on one returns the unknown, taken as
	 * the initial value of its first read's location */
	for (int r = 0; r < n && !thin; r++) {
		if (!(es->kind[r] & EV_R) || !rel_has(plus, w, r, r))
			continue;
		if (es->kind[r] & EV_W) {   /* a one-event atomic computes its write */
			thin = true;
			break;
		}
		int first = r;
		for (int q = 0; q < r; q++)
			if ((es->kind[q] & EV_R) && rel_has(plus, w, r, q) && rel_has(plus, w, q, r)) {
				first = q;
				break;
			}
		if (!value_eq(es->rval[r], es->wval[es->loc[first]]))
			thin = true;
	}
	free(plus);
	return thin;
}

/* One step of the enumeration: past the CPU limit, stop (reading the
 * clock every 64 steps; a step is a candidate or an allowed execution). */
static bool out_of_time(enumerator *E)
{
	if ((E->cpu_deadline <= 0 && !E->note) || E->timed_out)
		return E->timed_out;
	if (++E->ticks % 64 != 0)
		return false;
	if (E->note && enum_wall_seconds() >= E->note_at) {   /* a slow test: said once */
		E->note(E->note_arg);
		E->note = NULL;
	}
	if (E->cpu_deadline > 0 && enum_cpu_seconds(E->process_clock) >= E->cpu_deadline) {
		E->timed_out = true;
		E->stop = true;
	}
	return E->timed_out;
}

/* Mixed-size mode: are two write accesses in co one way at one byte and
 * the other way at another (co ; si ; co ; si reflexive)? herd7 has no
 * such execution, whatever the model: writes are ordered whole
 * (measured, docs/mixed-size.md). */
static bool torn_write(const enumerator *E, const word *co)
{
	const evstruct *es = &E->es;
	int n = es->n, w = es->w;

	/* two write accesses ordered one way at one byte, the other way at
	 * another (co ; si ; co ; si reflexive) */
	for (int a = 0; co && a < n; a++) {
		if (!(es->kind[a] & EV_W))
			continue;
		/* the other bytes of a's access (at most MIXED_WIDTH - 1) */
		int sib[MIXED_WIDTH], ns = 0;
		for (int a2 = 0; a2 < n && ns < MIXED_WIDTH; a2++)
			if (a2 != a && rel_has(es->si, w, a, a2))
				sib[ns++] = a2;
		if (!ns)
			continue;
		for (int b = 0; b < n; b++) {
			if (!rel_has(co, w, a, b))
				continue;
			for (int k = 0; k < ns; k++)
				for (int b2 = 0; b2 < n; b2++)
					if (es->loc[b2] == es->loc[sib[k]] && rel_has(co, w, b2, sib[k])
					    && rel_has(es->si, w, b, b2))
						return true;
		}
	}
	return false;
}

/* Mixed-size mode: may read bytes r0 and r1 of one read access take
 * their bytes from writes w0 and w1? As herd7 pairs them (measured,
 * docs/mixed-size.md): a write access the read takes a byte from gives
 * it every byte they share, except those given by smaller write
 * accesses. */
static bool covers(const enumerator *E, int wr, int loc)
{
	return loc >= E->alo[wr] && loc < E->alo[wr] + E->asize[wr];
}

static bool pair_whole(const enumerator *E, int r0, int w0, int r1, int w1)
{
	const evstruct *es = &E->es;

	if (rel_has(es->si, es->w, w0, w1))
		return true;   /* the same write access */
	if (covers(E, w0, es->loc[r1]) && E->asize[w1] >= E->asize[w0])
		return false;
	if (covers(E, w1, es->loc[r0]) && E->asize[w0] >= E->asize[w1])
		return false;
	return true;
}

/* Read k takes write wr: whole with the reads before it of its access? */
static bool rf_whole(const enumerator *E, int k, int wr)
{
	const evstruct *es = &E->es;
	int r = E->reads[k];

	for (int j = k - 1; j >= 0; j--) {
		int r1 = E->reads[j];
		if (!rel_has(es->si, es->w, r, r1))
			continue;
		for (int f = 0; f < es->n; f++)
			if (rel_has(E->rf, es->w, f, r1)) {
				if (!pair_whole(E, r, wr, r1, f))
					return false;
				break;
			}
	}
	return true;
}

static int judged(void *arg, const cat_verdict *v)
{
	enumerator *E = arg;
	execution x = { E->t, E->md, &E->es, E->pick, E->rf, v->co, v->flags, v->nflags, E->seq - 1 };

	if (E->es.mixed && torn_write(E, v->co))
		return 0;

	/* an allowed execution on a path with no meaning: as herd7, the test
	 * is an error (thread_exec.h, trace.bad) */
	for (int ti = 0; ti < E->t->nthreads; ti++)
		if (E->pick[ti]->bad) {
			diag_error(E->d, E->pick[ti]->bad_pos, "%s", E->pick[ti]->bad);
			E->stop = true;
			E->failed = true;
			return 1;
		}
	E->stats->allowed++;
	if (E->fn(E->arg, &x) || out_of_time(E)) {
		E->stop = true;
		return 1;
	}
	return 0;
}

static int choose_rf(enumerator *E, int k)
{
	evstruct *es = &E->es;

	if (E->stop)
		return 0;
	if (k == E->nreads) {
		/* explain mode: the model judges thin-air candidates too */
		if (!E->candidate && thin_air(E))
			return 0;
		E->stats->candidates++;
		if (out_of_time(E))
			return 0;
		if (E->candidate) {
			execution x = { E->t, E->md, &E->es, E->pick, E->rf, NULL, NULL, 0, E->seq - 1 };
			if (E->candidate(E->arg, &x))
				return 0;
		}
		long st = cat_run_eval(E->run, E->rf, judged, E, E->d);
		return st < 0 ? (int)st : 0;
	}
	int r = E->reads[k];
	for (int c = 0; c < E->ncand[k]; c++) {
		int wr = E->cands[k * es->n + c];
		if (es->mixed && !rf_whole(E, k, wr))
			continue;
		rel_add(E->rf, es->w, wr, r);
		int st = choose_rf(E, k + 1);
		REL_ROW(E->rf, es->w, wr)[r >> 6] &= ~((word)1 << (r & 63));
		if (st < 0)
			return st;
	}
	return 0;
}

static int probe_cut(enumerator *E, int k);

/* Do a and b differ at most in the values of their events?  Everything
 * the model's program stage reads (kinds, tags, threads, locations,
 * instructions, sets, relations) is compared; the thin-air scratch
 * relation (after pickaddr) is not. */
static bool same_shape(const evstruct *a, const evstruct *b)
{
	int n = a->n, w = a->w;
	size_t rsz = (size_t)n * w;

	if (n != b->n || w != b->w || a->ninit != b->ninit || a->mixed != b->mixed ||
	    a->ntags != b->ntags || !a->thread)
		return false;
	if (memcmp(a->thread, b->thread, sizeof(int) * n) || memcmp(a->loc, b->loc, sizeof(int) * n) ||
	    memcmp(a->kind, b->kind, (size_t)n) || memcmp(a->tags, b->tags, sizeof(tagmask) * n) ||
	    memcmp(a->insn, b->insn, sizeof(int) * n) ||
	    memcmp(a->R, b->R, sizeof(word) * w * 6) ||
	    memcmp(a->po, b->po, sizeof(word) * rsz * 13))
		return false;
	for (int k = 0; k < a->ntags; k++)
		if (memcmp(a->tagset[k], b->tagset[k], sizeof(word) * w))
			return false;
	return !a->mixed || !memcmp(a->si, b->si, sizeof(word) * rsz);
}

static int judge_structure(enumerator *E, bool cut)
{
	evstruct *es = &E->es;
	int n;

	/* The combinations of traces that differ only in the values read
	 * (an RCU ring of 16 readers has 65,536 of them, one shape) keep the
	 * program stage the model computed: the new values are moved into
	 * the old structure, whose arrays the cached values point into. */
	evstruct old = *es;
	word *oldthin = E->thin;
	memset(es, 0, sizeof *es);
	build_events(E);
	n = es->n;
	if (!cut && E->run_has_es && !cat_run_values_used(E->run) && same_shape(&old, es)) {
		value *rv = old.rval, *wv = old.wval;
		old.rval = es->rval;
		old.wval = es->wval;
		es->rval = rv;
		es->wval = wv;
		evstruct_free(es);
		*es = old;
		E->thin = oldthin;
	} else {
		evstruct_free(&old);
		E->run_has_es = !cut;
		if (!cut)
			cat_run_set_events(E->run, es);
	}
	free(E->reads);
	free(E->cands);
	free(E->ncand);
	free(E->rf);
	E->reads = xzalloc(sizeof(int) * n);
	E->cands = xzalloc(sizeof(int) * n * n);
	E->ncand = xzalloc(sizeof(int) * n);
	E->rf = xzalloc(sizeof(word) * n * es->w);
	E->nreads = 0;
	for (int r = 0; r < n; r++) {
		if (!(es->kind[r] & EV_R) || model_rf(E->t, es->thread[r], es->insn[r]))
			continue;
		int k = E->nreads++, c = 0;
		E->reads[k] = r;
		/* not the write of its own read-modify-write, which comes after
		 * the read in every dialect even where the two are not in po */
		for (int wr = 0; wr < n; wr++)
			if (wr != r && (es->kind[wr] & EV_W) && es->loc[wr] == es->loc[r] &&
			    value_eq(es->wval[wr], es->rval[r]) && !rel_has(es->rmw, es->w, r, wr))
				E->cands[k * n + c++] = wr;
		if (c == 0)
			return 0;   /* a guess no write can justify */
		E->ncand[k] = c;
	}
	if (cut) {
		int st = probe_cut(E, 0);
		return st < 0 ? st : 0;
	}
	return choose_rf(E, 0);
}

/* Mixed-size: does write x store byte b at byte p of symbol sym? */
static bool writes_byte(const mem_domain *md, const tevent *x, int sym, int p, uint8_t b)
{
	if (!(x->kind & EV_W) || x->loc < 0 || x->wv.sym >= 0)
		return false;
	const location *lw = &md->locs[x->loc];
	int o2 = mixed_key_off(lw->off), s2 = mixed_key_size(lw->off);
	return lw->sym == sym && p >= o2 && p < o2 + s2 && byte_of(x->wv.off, p - o2) == b;
}

/* Mixed-size mode: does each byte of each read of the picked traces have
 * a write of that byte (the initial value, or an access of some trace
 * that covers it, not the read's own event)? */
static bool bytes_justified(const enumerator *E)
{
	const litmus_test *t = E->t;
	const mem_domain *md = E->md;

	for (int ti = 0; ti < t->nthreads; ti++) {
		const trace *tr = E->pick[ti];
		for (int i = 0; i < tr->nev; i++) {
			const tevent *r = &tr->ev[i];
			if (!(r->kind & EV_R) || r->loc < 0 || r->rv.sym >= 0 || model_rf(t, ti, r->insn))
				continue;
			const location *lr = &md->locs[r->loc];
			int off = mixed_key_off(lr->off), size = mixed_key_size(lr->off);
			for (int q = 0; q < size; q++) {
				int p = off + q;
				uint8_t b = byte_of(r->rv.off, q);
				if (byte_of(md->init[lr->sym].off, p) == b)
					continue;
				bool found = false;
				for (int tj = 0; tj < t->nthreads && !found; tj++) {
					const trace *tw = E->pick[tj];
					for (int j = 0; j < tw->nev && !found; j++)
						found = (tj != ti || j != i) &&
							writes_byte(md, &tw->ev[j], lr->sym, p, b);
				}
				if (!found)
					return false;
			}
		}
	}
	return true;
}

/* Can every read of the picked traces be given a write of its value?
 * Most combinations of guesses fail this; checking it on the traces
 * avoids building their event structures. */
static bool reads_justified(const enumerator *E)
{
	const litmus_test *t = E->t;

	if (E->md->mixed)
		return bytes_justified(E);   /* a read's bytes may come from several writes */
	for (int ti = 0; ti < t->nthreads; ti++) {
		const trace *tr = E->pick[ti];
		for (int i = 0; i < tr->nev; i++) {
			const tevent *r = &tr->ev[i];
			if (!(r->kind & EV_R) || value_eq(E->md->init[r->loc], r->rv) ||
			    model_rf(t, ti, r->insn))
				continue;
			bool found = false;
			for (int tj = 0; tj < t->nthreads && !found; tj++) {
				const trace *tw = E->pick[tj];
				for (int j = 0; j < tw->nev && !found; j++)
					found = (tw->ev[j].kind & EV_W) && tw->ev[j].loc == r->loc &&
						(tj != ti || j != i) && value_eq(tw->ev[j].wv, r->rv);
			}
			if (!found)
				return false;
		}
	}
	return true;
}

/* Early justification. reads_justified asks, of a whole combination,
 * that every read be given a write of its value; most combinations fail
 * it, and a test of several threads with many paths each has far more
 * combinations than executions (a four-thread x86 test of bpfgen: 1856 x
 * 507 x 30 x 30 of them, about 20 executions). The same question can be
 * asked of a prefix: once threads 0..ti are picked, a read whose value
 * no picked write stores and no path of an unpicked thread writes fails
 * every completion of it. need_reads lists, per trace, the reads that
 * only another thread can justify, with the threads that can (some path
 * of theirs writes that value there; in mixed-size mode, each byte of a
 * read as bytes_justified asks it); prefix_justified is the check.
 * It only drops combinations reads_justified would reject, so the
 * executions, their order and the rest are the same. */
typedef struct { int ev, byte; uint64_t who; } need_read;
struct need_list { need_read *r; int n, cap; };

/* A write as need_reads looks it up: (location, value), or in
 * mixed-size mode one byte of it, (symbol, byte position, byte). */
typedef struct { int loc, sym; int64_t off; } wkey;

static int wkey_cmp(const void *a, const void *b)
{
	const wkey *x = a, *y = b;

	if (x->loc != y->loc)
		return x->loc < y->loc ? -1 : 1;
	if (x->sym != y->sym)
		return x->sym < y->sym ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* A set of wkeys, kept sorted and unique by wset_compact, which
 * wset_add also calls when it runs out of room: its memory stays near
 * twice the distinct keys, however many paths write the same ones. */
typedef struct { wkey *v; size_t n, cap; } wset;

static void wset_compact(wset *w)
{
	size_t u = 0;

	if (w->n == 0)
		return;
	qsort(w->v, w->n, sizeof(wkey), wkey_cmp);
	for (size_t i = 0; i < w->n; i++)
		if (u == 0 || wkey_cmp(&w->v[u - 1], &w->v[i]))
			w->v[u++] = w->v[i];
	w->n = u;
}

static void wset_add(wset *w, wkey k)
{
	if (w->n == w->cap) {
		wset_compact(w);
		if (2 * w->n >= w->cap) {
			w->cap = w->cap ? 2 * w->cap : 64;
			w->v = xrealloc(w->v, sizeof(wkey) * w->cap);
		}
	}
	w->v[w->n++] = k;
}

/* Does write x store what item q of read r needs? */
static bool writes_needed(const mem_domain *md, const tevent *x, const tevent *r, int byte)
{
	if (byte < 0)
		return (x->kind & EV_W) && x->loc == r->loc && value_eq(x->wv, r->rv);
	const location *lr = &md->locs[r->loc];
	return writes_byte(md, x, lr->sym, mixed_key_off(lr->off) + byte, byte_of(r->rv.off, byte));
}

static void need_add(struct need_list *nl, int ev, int byte, uint64_t who)
{
	if (nl->n == nl->cap) {
		nl->cap = nl->cap ? 2 * nl->cap : 2;
		nl->r = xrealloc(nl->r, sizeof(need_read) * nl->cap);
	}
	nl->r[nl->n++] = (need_read){ ev, byte, who };
}

static void need_reads(enumerator *E)
{
	const litmus_test *t = E->t;
	const mem_domain *md = E->md;
	int n = t->nthreads;

	if (n > 63)
		return;
	wset *ws = xzalloc(sizeof(wset) * n);
	for (int tj = 0; tj < n; tj++) {
		for (int k = 0; k < E->tl[tj].n; k++) {
			const trace *tr = &E->tl[tj].v[k];
			for (int i = 0; i < tr->nev; i++) {
				const tevent *x = &tr->ev[i];
				if (!(x->kind & EV_W))
					continue;
				if (!md->mixed) {
					wset_add(&ws[tj], (wkey){ x->loc, x->wv.sym, x->wv.off });
					continue;
				}
				if (x->loc < 0 || x->wv.sym >= 0)
					continue;
				const location *lw = &md->locs[x->loc];
				int o2 = mixed_key_off(lw->off), s2 = mixed_key_size(lw->off);
				for (int q = 0; q < s2; q++)
					wset_add(&ws[tj], (wkey){ lw->sym, o2 + q, byte_of(x->wv.off, q) });
			}
		}
		wset_compact(&ws[tj]);
	}
	E->need = xzalloc(sizeof(struct need_list *) * n);
	for (int ti = 0; ti < n; ti++) {
		E->need[ti] = xzalloc(sizeof(struct need_list) * (E->tl[ti].n + 1));
		for (int k = 0; k < E->tl[ti].n; k++) {
			const trace *tr = &E->tl[ti].v[k];
			struct need_list *nl = &E->need[ti][k];
			for (int i = 0; i < tr->nev; i++) {
				const tevent *r = &tr->ev[i];
				if (!(r->kind & EV_R) || model_rf(t, ti, r->insn))
					continue;
				int nb = 1;
				if (md->mixed) {
					if (r->loc < 0 || r->rv.sym >= 0)
						continue;   /* as bytes_justified */
					nb = mixed_key_size(md->locs[r->loc].off);
				} else if (value_eq(md->init[r->loc], r->rv)) {
					continue;
				}
				for (int q = 0; q < nb; q++) {
					int byte = md->mixed ? q : -1;
					wkey key = { r->loc, r->rv.sym, r->rv.off };
					if (md->mixed) {
						const location *lr = &md->locs[r->loc];
						int p = mixed_key_off(lr->off) + q;
						uint8_t b = byte_of(r->rv.off, q);
						if (byte_of(md->init[lr->sym].off, p) == b)
							continue;
						key = (wkey){ lr->sym, p, b };
					}
					bool own = false;
					for (int j = 0; j < tr->nev && !own; j++)
						own = j != i && writes_needed(md, &tr->ev[j], r, byte);
					if (own)
						continue;
					uint64_t who = 0;
					for (int tj = 0; tj < n; tj++)
						if (tj != ti && ws[tj].n &&
						    bsearch(&key, ws[tj].v, ws[tj].n, sizeof(wkey), wkey_cmp))
							who |= (uint64_t)1 << tj;
					need_add(nl, i, byte, who);
				}
			}
		}
	}
	for (int tj = 0; tj < n; tj++)
		free(ws[tj].v);
	free(ws);
}

static void need_free(enumerator *E)
{
	struct need_list **per = E->need;

	if (!per)
		return;
	for (int ti = 0; ti < E->t->nthreads; ti++) {
		for (int k = 0; per[ti] && k < E->tl[ti].n; k++)
			free(per[ti][k].r);
		free(per[ti]);
	}
	free(per);
	E->need = NULL;
}

/* Threads 0..ti are picked: can each of their reads still be given a
 * write (need_reads)? A read is checked at the first level where every
 * thread that may write its value is picked: thread ti's own reads, and
 * the earlier threads' reads that wait for ti and no later thread (the
 * others were settled at an earlier level, with the same picks). */
static bool prefix_justified(const enumerator *E, int ti)
{
	struct need_list **per = E->need;
	uint64_t unpicked = ti + 1 >= 64 ? 0 : ~(((uint64_t)1 << (ti + 1)) - 1);

	for (int tk = 0; tk <= ti; tk++) {
		const trace *tr = E->pick[tk];
		const struct need_list *nl = &per[tk][tr - E->tl[tk].v];
		for (int q = 0; q < nl->n; q++) {
			if ((nl->r[q].who & unpicked) || (tk < ti && !(nl->r[q].who >> ti & 1)))
				continue;
			const tevent *r = &tr->ev[nl->r[q].ev];
			bool found = false;
			for (int tj = 0; tj <= ti && !found; tj++) {
				if (tj == tk || !(nl->r[q].who >> tj & 1))
					continue;
				const trace *tw = E->pick[tj];
				for (int j = 0; j < tw->nev && !found; j++)
					found = writes_needed(E->md, &tw->ev[j], r, nl->r[q].byte);
			}
			if (!found)
				return false;
		}
	}
	return true;
}

/* The combination picked for threads 0..n-1 against the best one so far,
 * in herd7's order: threads in order, each by trace_path_cmp. */
static int prefix_cmp(const enumerator *E, int n)
{
	for (int ti = 0; ti < n; ti++) {
		int c = trace_path_cmp(E->pick[ti], E->best[ti], ti);
		if (c)
			return c;
	}
	return 0;
}

/* A combination with a cut trace (a path past the unrolling limit) is
 * never an execution; as in herd7, it only marks the test ("Loop") when
 * its reads can be given writes without a thin-air cycle. The warning
 * names a loop head of the first such combination in herd7's order
 * (prefix_cmp): its first thread's with a cut path. */
static int probe_cut(enumerator *E, int k)
{
	evstruct *es = &E->es;

	if (k == E->nreads) {
		if (thin_air(E))
			return 0;
		E->stats->loop = true;
		for (int ti = 0; ti < E->t->nthreads; ti++)
			E->best[ti] = E->pick[ti];
		for (int ti = 0; ti < E->t->nthreads; ti++)
			if (E->pick[ti]->cut) {
				E->stats->cut_thread = ti;
				E->stats->cut_insn = E->pick[ti]->cut_at;
				break;
			}
		return 1;
	}
	int r = E->reads[k];
	for (int c = 0; c < E->ncand[k]; c++) {
		int wr = E->cands[k * es->n + c];
		rel_add(E->rf, es->w, wr, r);
		int st = probe_cut(E, k + 1);
		REL_ROW(E->rf, es->w, wr)[r >> 6] &= ~((word)1 << (r & 63));
		if (st)
			return st;
	}
	return 0;
}

/* Is combination seq this slice's (enum_dealer)? Called for every seq
 * in increasing order. */
static bool claimed(enumerator *E, long seq)
{
	if (seq >= E->hi) {
		long k = atomic_fetch_add(&E->dealer->next, 1);
		E->lo = k < ENUM_FINE ? k : ENUM_FINE + (k - ENUM_FINE) * ENUM_CHUNK;
		E->hi = k < ENUM_FINE ? k + 1 : E->lo + ENUM_CHUNK;
	}
	return seq >= E->lo;
}

static int pick_traces(enumerator *E, int ti, bool cut, bool incoherent)
{
	if (E->stop)
		return 0;
	if (ti == E->t->nthreads) {
		if (out_of_time(E))
			return 0;
		if (incoherent && !cut)
			return 0;   /* no execution, and nothing to mark the test */
		if (cut && E->stats->loop && prefix_cmp(E, ti) >= 0)
			return 0;   /* not before the combination that names the label */
		/* a slice of a parallel enumeration takes the chunks it
		 * claims; the cut ones, which only mark the test, are
		 * everyone's */
		if (!cut && E->dealer && !claimed(E, E->seq++))
			return 0;
		if (!reads_justified(E))
			return 0;
		return judge_structure(E, cut);
	}
	for (int i = 0; i < E->tl[ti].n; i++) {
		const trace *tr = &E->tl[ti].v[i];
		E->pick[ti] = tr;
		/* a cut combination is no execution: only one that comes
		 * before the label's combination is worth a look */
		bool probe = cut || tr->cut || incoherent || tr->incoherent;
		if (probe && E->stats->loop && prefix_cmp(E, ti + 1) > 0)
			continue;
		if (E->need && !prefix_justified(E, ti))
			continue;
		if (E->skip && E->skip(E->arg, E->t, E->md, E->pick, ti + 1)) {
			E->stats->skipped++;
			continue;
		}
		int st = pick_traces(E, ti + 1, cut || tr->cut, incoherent || tr->incoherent);
		if (st < 0)
			return st;
	}
	return 0;
}

static int enumerate(const litmus_test *t, cat_run *run, execution_fn fn, execution_fn candidate,
		     void *arg, const value *seed, int nseed, const enum_limits *lim,
		     enum_stats *stats, diag *d);

int enumerate_executions(const litmus_test *t, cat_run *run, execution_fn fn, void *arg,
			 enum_stats *stats, diag *d)
{
	return enumerate(t, run, fn, NULL, arg, NULL, 0, NULL, stats, d);
}

int enumerate_limited(const litmus_test *t, cat_run *run, execution_fn fn, void *arg,
		      const enum_limits *lim, enum_stats *stats, diag *d)
{
	return enumerate(t, run, fn, NULL, arg, NULL, 0, lim, stats, d);
}

int enumerate_candidates(const litmus_test *t, cat_run *run, execution_fn fn,
			 execution_fn candidate, void *arg, const value *seed, int nseed,
			 int unroll, bool mixed, enum_stats *stats, diag *d)
{
	enum_limits lim = { .unroll_set = unroll >= 0, .unroll = unroll, .mixed = mixed };

	return enumerate(t, run, fn, candidate, arg, seed, nseed, &lim, stats, d);
}

/* The value domain before any thread runs: the initial values, the
 * seeds (values a read may guess although no write is known to store
 * them yet: a value that only a read of itself would let be written),
 * and in mixed-size mode the cells' bytes. Returns 0, or -1 (error in d:
 * a mixed-size access outside mixed-size mode...). */
static int initial_domain(mem_domain *md, const litmus_test *t, bool mixed, bool explaining,
			  const value *seed, int nseed, diag *d)
{
	mem_domain_init(md, t);
	for (int l = 0; l < md->n; l++)
		for (int i = 0; i < nseed; i++)
			mem_domain_add(md, l, seed[i], ~WRITER_INIT);
	seed_set seeds;
	seed_conditional_values(md, t, &seeds);
	for (int ti = 0; ti < t->nthreads && !mixed; ti++)
		if (t->threads[ti].mixed)
			return diag_error(d, t->threads[ti].mixed_pos, "P%d: a mixed-size access (byte / "
					  "halfword, or at an address offset) is modelled only with "
					  "-variant mixed (docs/mixed-size.md)", t->threads[ti].id);
	if (!mixed)
		return 0;
	if (explaining)
		return diag_error(d, (srcpos){ 0, 0 }, "mixed-size tests (-variant mixed) "
				  "cannot be explained yet");
	if (mem_domain_mixed(md, t, d) < 0)
		return -1;
	/* the seeds: each as a write of the size of a conditional write that
	 * may store it, where that write may be (every aligned offset of
	 * every cell when its address is not known) */
	for (int i = 0; i < seeds.n; i++)
		mem_domain_mixed_seed(md, seeds.v[i], seeds.any[i]);
	for (int i = 0; i < seeds.nat; i++)
		mem_domain_mixed_seed_at(md, seeds.v[seeds.at[i].seed], seeds.at[i].sym,
					 seeds.at[i].off, seeds.at[i].size);
	return 0;
}

/* Runs every thread over the domain until it stops growing (each
 * thread's writes are in it): E->tl holds the threads' traces. Returns
 * 0, or -1 (error in d). */
static int grow_domain(enumerator *E, mem_domain *md, int unroll_limit, diag *d)
{
	const litmus_test *t = E->t;
	bool loops;

	md->thread_writes = xzalloc(sizeof(int) * (t->nthreads + 1));
	int rounds = domain_rounds(t, unroll_limit, &loops, &md->max_depth, md->thread_writes);
	if (!md->mixed && t->nsyms > 0 && t->nsyms <= SDEPTH_SYMS) {
		md->sym_writes = xzalloc(sizeof(int) * t->nsyms);
		if (symbol_write_bounds(t, unroll_limit, md->sym_writes)) {
			md->nsv = t->nsyms;
		} else {
			free(md->sym_writes);
			md->sym_writes = NULL;
		}
	}
	if (md->mixed) {
		/* no pruning by writers: values are made of bytes (depths are
		 * per byte, thread_exec.c) */
		free(md->thread_writes);
		md->thread_writes = NULL;
	}
	guess_mode mode = md->mixed ? GUESS_ANY : cat_run_requires_coherence(E->run) ? GUESS_COHERENT
			  : cat_run_forbids_future_reads(E->run) ? GUESS_NO_FUTURE : GUESS_ANY;
	for (int round = 0;; round++) {
		int grew = 0;
		if (round == rounds) {
			if (!loops)
				return 0;   /* deeper values need longer chains than exist */
			return diag_error(d, (srcpos){ 0, 0 },
					  "the values written do not settle after %d rounds "
					  "(a loop that keeps computing new values?)", rounds);
		}
		for (int ti = 0; ti < t->nthreads; ti++) {
			trace_list_free(&E->tl[ti]);
			if (thread_traces(t, ti, md, mode, unroll_limit, E->maxpaths, &E->tl[ti], &grew, d) < 0)
				return -1;
		}
		if (md->too_many)
			return diag_error(d, (srcpos){ 0, 0 }, "mixed-size: an access may read more "
					  "than %d values (combinations of the bytes written)",
					  MIXED_MAX_VALUES);
		if (!grew)
			return 0;
	}
}

/* How the threads' traces use each memory symbol (enum_stats.syms). */
static sym_use *symbol_uses(const enumerator *E)
{
	const litmus_test *t = E->t;
	sym_use *syms = xzalloc(sizeof *syms * (t->nsyms + 1));

	for (int ti = 0; ti < t->nthreads; ti++)
		for (int i = 0; i < E->tl[ti].n; i++)
			for (int k = 0; k < E->tl[ti].v[i].nev; k++) {
				const tevent *ev = &E->tl[ti].v[i].ev[k];
				if (ev->loc < 0)
					continue;
				sym_use *u = &syms[E->md->locs[ev->loc].sym];
				if (!u->access)
					u->pos = t->threads[ti].code[ev->insn].pos;
				u->access |= ((ev->kind & EV_R) ? 1 : 0) | ((ev->kind & EV_W) ? 2 : 0);
			}
	return syms;
}

static void enumerator_free(enumerator *E)
{
	need_free(E);   /* before the traces it indexes */
	for (int ti = 0; ti < E->t->nthreads; ti++)
		trace_list_free(&E->tl[ti]);
	free(E->tl);
	free(E->pick);
	free(E->best);
	free(E->base);
	free(E->reads);
	free(E->cands);
	free(E->ncand);
	free(E->rf);
	free(E->copy);
	free(E->alo);
	evstruct_free(&E->es);
}

static int enumerate(const litmus_test *t, cat_run *run, execution_fn fn, execution_fn candidate,
		     void *arg, const value *seed, int nseed, const enum_limits *lim,
		     enum_stats *stats, diag *d)
{
	mem_domain md;
	enumerator E = { .t = t, .md = &md, .run = run, .fn = fn, .candidate = candidate,
			 .arg = arg, .stats = stats, .d = d,
			 .skip = lim ? lim->skip : NULL,
			 .cpu_deadline = lim ? lim->cpu_deadline : 0,
			 .process_clock = lim && lim->process_clock,
			 .note = lim ? lim->note : NULL, .note_arg = lim ? lim->note_arg : NULL,
			 .note_at = lim ? lim->note_at : 0,
			 .dealer = lim ? lim->dealer : NULL,
			 .maxpaths = lim ? lim->maxpaths : 0 };
	int unroll_limit = lim && lim->unroll_set ? (lim->unroll < 0 ? 0 : lim->unroll)
			   : UNROLL_DEFAULT;

	memset(stats, 0, sizeof *stats);
	stats->cut_thread = stats->cut_insn = -1;
	if (initial_domain(&md, t, lim && lim->mixed, candidate != NULL, seed, nseed, d) < 0) {
		mem_domain_free(&md);
		return -1;
	}
	E.tl = xzalloc(sizeof(trace_list) * (t->nthreads + 1));
	E.pick = xzalloc(sizeof(trace *) * (t->nthreads + 1));
	E.best = xzalloc(sizeof(trace *) * (t->nthreads + 1));
	E.base = xzalloc(sizeof(int) * (t->nthreads + 1));
	int st = grow_domain(&E, &md, unroll_limit, d);
	if (st == 0) {
		stats->syms = symbol_uses(&E);
		need_reads(&E);
		st = pick_traces(&E, 0, false, false);
		if (E.failed)
			st = -1;
		else if (E.timed_out && st == 0)
			st = -3;
	}
	enumerator_free(&E);
	mem_domain_free(&md);
	return st;
}

int execution_loc_sym(const execution *x, int loc)
{
	if (loc < 0)
		return -1;
	return x->es->mixed ? loc / MIXED_WIDTH : x->md->locs[loc].sym;
}

double enum_wall_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

double enum_cpu_seconds(bool process)
{
	struct timespec ts;

	clock_gettime(process ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

value execution_final_memory(const execution *x, int loc)
{
	const evstruct *es = x->es;
	int last = -1;

	if (es->mixed) {   /* the co-last write of each byte */
		uint64_t v = 0;
		for (int b = 0; b < MIXED_WIDTH; b++) {
			int bl = loc * MIXED_WIDTH + b, lb = bl;   /* the initial write */
			for (int e = es->ninit; e < es->n; e++) {
				if (!(es->kind[e] & EV_W) || es->loc[e] != bl)
					continue;
				bool has_succ = false;
				for (int f = 0; f < es->n && !has_succ; f++)
					has_succ = f != e && x->co && rel_has(x->co, es->w, e, f);
				if (!has_succ)
					lb = e;
			}
			v |= ((uint64_t)es->wval[lb].off & 0xff) << (8 * b);
		}
		return value_int((int64_t)v);
	}

	for (int e = 0; e < es->n; e++) {
		if (!(es->kind[e] & EV_W) || es->loc[e] != loc)
			continue;
		bool has_succ = false;
		for (int f = 0; f < es->n && !has_succ; f++)
			if (f != e && x->co && rel_has(x->co, es->w, e, f))
				has_succ = true;
		if (!has_succ && (last < 0 || es->thread[e] >= 0))
			last = e;
	}
	return last >= 0 ? es->wval[last] : value_int(0);
}
