/* cat_co.c - coherence orders: the model's `with co from ...`, co
 * enumerated per location as extensions of what must precede what, in
 * exact mode every order, in outcome mode one per choice of co-last
 * writes of the observed locations. */
#include "cat/cat_eval.h"


/* A read-modify-write's write w may not be placed at pos of location l
 * when a write of another thread than its read's is placed between the
 * write its read reads from and pos: the model rejects every such order
 * (rmw & (fre ; coe)), so none is enumerated. */
static bool breaks_atomicity(const cat_run *r, const co_search *cs, int l, int pos, int w)
{
	int rd = cs->amo_read[w], src = cs->amo_src[w];

	if (rd < 0 || src < 0 || !set_has(cs->placed, src))
		return false;
	for (int p = cs->at[src] + 1; p < pos; p++)
		if (r->es->thread[cs->order[cs->start[l] + p]] != r->es->thread[rd])
			return true;
	return false;
}

static int co_place(cat_run *r, co_search *cs, int l, int pos, const cat_instr *in,
		    const kont *k, env *en);

/* Mixed-size mode: placing write w next at location l puts it before
 * every write of l not placed yet; does one of those come before w at
 * another byte the two accesses share, already ordered (both placed)? Write accesses are ordered whole (the engine drops every
 * co with co ; si ; co ; si reflexive, enumerate.c torn_write), so no
 * such order is enumerated. */
static bool torn_place(const cat_run *r, const co_search *cs, int l, int w)
{
	const evstruct *es = r->es;
	int ww = r->w;

	for (int i = 0; i < cs->len[l]; i++) {
		int u = cs->ws[cs->start[l] + i];
		if (u == w || set_has(cs->placed, u))
			continue;
		const word *su = REL_ROW(es->si, ww, u);
		for (int x = set_next(REL_ROW(es->si, ww, w), ww, 0); x >= 0;
		     x = set_next(REL_ROW(es->si, ww, w), ww, x + 1)) {
			if (x == w || !set_has(cs->placed, x))
				continue;
			for (int y = set_next(su, ww, 0); y >= 0; y = set_next(su, ww, y + 1))
				if (y != u && es->loc[y] == es->loc[x] && set_has(cs->placed, y)
				    && cs->mpos[y] < cs->mpos[x])
					return true;
		}
	}
	return false;
}

static int co_place(cat_run *r, co_search *cs, int l, int pos, const cat_instr *in,
		    const kont *k, env *en)
{
	if (l == cs->nloc)
		return co_complete(r, cs, in, k, en);
	if (pos == cs->len[l])
		return co_place(r, cs, l + 1, 0, in, k, en);
	int st = ST_REJECT;
	for (int i = 0; i < cs->len[l] && !r->call.stop && !(r->mode.outcome_mode && r->call.found); i++) {
		int w = cs->ws[cs->start[l] + i];
		if (set_has(cs->placed, w))
			continue;
		/* every write that must precede w is placed already */
		bool ready = true;
		for (int j = 0; j < cs->len[l]; j++) {
			int u = cs->ws[cs->start[l] + j];
			if (u != w && !set_has(cs->placed, u) && rel_has(cs->must, r->w, u, w)) {
				ready = false;
				break;
			}
		}
		if (!ready || (cs->amo_read && breaks_atomicity(r, cs, l, pos, w))
		    || (cs->mpos && torn_place(r, cs, l, w)))
			continue;
		set_add(cs->placed, w);
		cs->order[cs->start[l] + pos] = w;
		if (cs->at)
			cs->at[w] = pos;
		if (cs->mpos)
			cs->mpos[w] = pos;
		int sub = co_place(r, cs, l, pos + 1, in, k, en);
		set_del(cs->placed, w);
		if (sub == ST_ERR || sub == ST_REJECT_ALL || sub == ST_BUDGET)
			return sub;
		if (sub == ST_OK)
			st = ST_OK;
	}
	return st;
}

/* Outcome mode: for each choice of co-last write of the observed
 * locations (one that no other write must follow), look for ONE allowed
 * order ending that way. The number of outcomes is small even when the
 * number of coherence orders is astronomical. */
static int co_by_outcome(cat_run *r, co_search *cs, int f, const word *must,
			 const cat_instr *in, const kont *k, env *en)
{
	int n = r->n, w = r->w;

	if (f == r->mode.nfinal_locs) {
		rel_copy(cs->must, must, n);
		r->call.found = false;
		int st = co_place(r, cs, 0, 0, in, k, en);
		r->call.found = false;
		return st;
	}
	int l = r->mode.final_locs[f];
	if (l >= cs->nloc || cs->len[l] == 0)
		return co_by_outcome(r, cs, f + 1, must, in, k, en);
	word *next = arena_alloc(&r->ar[1], sizeof(word) * n * w);
	int st = ST_REJECT;
	for (int i = 0; i < cs->len[l] && !r->call.stop; i++) {
		int last = cs->ws[cs->start[l] + i];
		if (!set_empty(REL_ROW(must, w, last), w))
			continue;            /* something must come after it */
		rel_copy(next, must, n);
		for (int j = 0; j < cs->len[l]; j++)
			if (j != i)
				rel_add(next, w, cs->ws[cs->start[l] + j], last);
		rel_plus(next, next, n);
		if (!rel_irreflexive(next, n))
			continue;
		int sub = co_by_outcome(r, cs, f + 1, next, in, k, en);
		if (sub == ST_ERR || sub == ST_REJECT_ALL)
			return sub;
		if (sub == ST_OK)
			st = ST_OK;
	}
	return st;
}

/* Orders per location that extend `base`; when the model demands
 * coherence, also the orders uniproc forces (write-write in po, and what
 * reads observe), which prunes without changing the verdict. With `only`
 * (co_orders(r, S)), the orders of the writes in S: writes outside S get
 * no place, so orders that differ only in where they would go are not
 * enumerated again and again (lock.cat's unlocks, which it merges into
 * co itself). */
int with_co(cat_run *r, const cat_instr *in, const kont *k, env *en, const word *base,
	    const word *only)
{
	const evstruct *es = r->es;
	int n = r->n, w = r->w;
	arena *a = &r->ar[1];
	co_search cs = { 0 };

	cs.must = arena_alloc(a, sizeof(word) * n * w);
	cs.placed = arena_alloc(a, sizeof(word) * w);
	rel_copy(cs.must, base, n);
	if (r->m->coherent && !r->explain.all)
		builtin_uniproc_co(es, r->call.rf, cs.must);
	/* only same-location write pairs matter */
	for (int i = 0; i < n; i++) {
		word *ri = REL_ROW(cs.must, w, i);
		if (!(es->kind[i] & EV_W)) {
			set_clear(ri, w);
		} else if (es->loc[i] >= 0) {
			set_inter(ri, ri, es->W, w);
			set_inter(ri, ri, REL_ROW(es->sameloc, w, i), w);
		} else {
			for (int j = set_next(ri, w, 0); j >= 0; j = set_next(ri, w, j + 1))
				if (!(es->kind[j] & EV_W) || es->loc[j] != es->loc[i])
					set_del(ri, j);
		}
	}
	/* a write outside `only` passes its constraints on before it goes */
	rel_plus(cs.must, cs.must, n);
	if (only)
		for (int i = 0; i < n; i++) {
			if (!set_has(only, i))
				set_clear(REL_ROW(cs.must, w, i), w);
			else
				set_inter(REL_ROW(cs.must, w, i), REL_ROW(cs.must, w, i), only, w);
		}
	if (!rel_irreflexive(cs.must, n))
		return ST_REJECT;

	int maxloc = 0;
	for (int i = 0; i < n; i++)
		if ((es->kind[i] & EV_W) && es->loc[i] + 1 > maxloc)
			maxloc = es->loc[i] + 1;
	cs.nloc = maxloc;
	cs.start = arena_alloc(a, sizeof(int) * (maxloc + 1));
	cs.len = arena_alloc(a, sizeof(int) * (maxloc + 1));
	cs.ws = arena_alloc(a, sizeof(int) * (n + 1));
	cs.order = arena_alloc(a, sizeof(int) * (n + 1));
	/* the writes of each location, in event order (a counting sort) */
	for (int i = 0; i < n; i++)
		if ((es->kind[i] & EV_W) && es->loc[i] >= 0 && (!only || set_has(only, i)))
			cs.len[es->loc[i]]++;
	for (int l = 0, m = 0; l < maxloc; l++) {
		cs.start[l] = m;
		m += cs.len[l];
		cs.len[l] = 0;
	}
	for (int i = 0; i < n; i++)
		if ((es->kind[i] & EV_W) && es->loc[i] >= 0 && (!only || set_has(only, i))) {
			int l = es->loc[i];
			cs.ws[cs.start[l] + cs.len[l]++] = i;
		}
	/* the check is on co: not for another name bound to orders. With
	 * `only`, the writes left out are not placed, so never in between;
	 * the model's co, which adds them (lock.cat), contains this one. */
	if (cat_run_requires_atomicity(r) && in->sym == r->co_sym && !es->mixed) {
		cs.amo_read = arena_alloc(a, sizeof(int) * (n + 1) * 3);
		cs.amo_src = cs.amo_read + n + 1;
		cs.at = cs.amo_src + n + 1;
		for (int i = 0; i < n; i++)
			cs.amo_read[i] = cs.amo_src[i] = cs.at[i] = -1;
		for (int rd = 0; rd < n; rd++)
			for (int wr = set_next(REL_ROW(es->rmw, w, rd), w, 0); wr >= 0;
			     wr = set_next(REL_ROW(es->rmw, w, rd), w, wr + 1)) {
				/* fre ; coe joins only accesses of one location:
				 * an exclusive pair of two locations is not held
				 * to it (and its read's write is placed elsewhere) */
				if (es->loc[rd] != es->loc[wr] || es->loc[wr] < 0)
					continue;
				cs.amo_read[wr] = rd;
				for (int s = 0; s < n; s++)
					if (rel_has(r->call.rf, w, s, rd))
						cs.amo_src[wr] = s;
			}
	}
	if (es->mixed && in->sym == r->co_sym)
		cs.mpos = arena_alloc(a, sizeof(int) * (n + 1));
	if (r->mode.outcome_mode) {
		word *must = arena_alloc(a, sizeof(word) * n * w);
		rel_copy(must, cs.must, n);
		return co_by_outcome(r, &cs, 0, must, in, k, en);
	}
	return co_place(r, &cs, 0, 0, in, k, en);
}
