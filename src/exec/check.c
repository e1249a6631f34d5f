/* check.c - from allowed executions to final states and a verdict. */
#define _GNU_SOURCE   /* qsort_r: the comparisons need the test */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "exec/check.h"
#include "base/threads.h"
#include "base/xalloc.h"

typedef struct {
	const litmus_test *t;
	check_result *res;
	speedcheck speed;
	value *row;           /* scratch state */
	/* open-addressing set of state indices, keyed by a hash of the row */
	int *slots;
	int nslots;
	/* for merging the slices of a parallel enumeration (check_parallel):
	 * the seq of the witness's combination, and of each flag's first */
	long wit_seq;
	long *flag_seq;
} collector;

static bool obs_eq(const observable *a, const observable *b)
{
	return a->thread == b->thread && (a->thread < 0 ? a->sym == b->sym : a->reg == b->reg);
}

static void add_obs(check_result *res, observable o)
{
	for (int i = 0; i < res->nobs; i++)
		if (obs_eq(&res->obs[i], &o))
			return;
	res->obs = xrealloc(res->obs, sizeof *res->obs * (res->nobs + 1));
	res->obs[res->nobs++] = o;
}

static void add_prop_obs(check_result *res, const prop *p)
{
	if (!p)
		return;
	if (p->kind == PROP_ATOM) {
		add_obs(res, p->lhs);
		if (p->rhs_is_obs)
			add_obs(res, p->rhs_obs);
	}
	add_prop_obs(res, p->l);
	add_prop_obs(res, p->r);
}

/* registers (by thread, then name) before memory (by name) */
static int obs_cmp(const void *pa, const void *pb, void *ctx)
{
	const observable *a = pa, *b = pb;
	const litmus_test *sort_test = ctx;

	if ((a->thread < 0) != (b->thread < 0))
		return a->thread < 0 ? 1 : -1;
	if (a->thread < 0)
		return strcmp(sort_test->syms[a->sym], sort_test->syms[b->sym]);
	if (a->thread != b->thread)
		return a->thread - b->thread;
	return strcmp(sort_test->regs[a->reg], sort_test->regs[b->reg]);
}

static value obs_value(const observable *o, const check_result *res, const value *state)
{
	for (int i = 0; i < res->nobs; i++)
		if (obs_eq(&res->obs[i], o))
			return state[i];
	return value_int(0);
}

bool prop_holds(const prop *p, const check_result *res, const value *state)
{
	switch (p->kind) {
	case PROP_TRUE: return true;
	case PROP_FALSE: return false;
	case PROP_ATOM: {
		value l = obs_value(&p->lhs, res, state);
		value r = p->rhs_is_obs ? obs_value(&p->rhs_obs, res, state) : p->rhs;
		return value_eq(l, r);
	}
	case PROP_NOT: return !prop_holds(p->l, res, state);
	case PROP_AND: return prop_holds(p->l, res, state) && prop_holds(p->r, res, state);
	case PROP_OR: return prop_holds(p->l, res, state) || prop_holds(p->r, res, state);
	case PROP_IMPLIES: return !prop_holds(p->l, res, state) || prop_holds(p->r, res, state);
	}
	return false;
}

static unsigned hash_row(const value *v, int n)
{
	unsigned h = 2166136261u;
	for (int i = 0; i < n; i++) {
		h = (h ^ (unsigned)v[i].sym) * 16777619u;
		h = (h ^ (unsigned)v[i].off) * 16777619u;
		h = (h ^ (unsigned)((uint64_t)v[i].off >> 32)) * 16777619u;
	}
	return h;
}

static void grow_slots(collector *c)
{
	check_result *res = c->res;
	int ns = c->nslots ? 2 * c->nslots : 64;

	free(c->slots);
	c->slots = xmalloc(sizeof(int) * ns);
	for (int i = 0; i < ns; i++)
		c->slots[i] = -1;
	c->nslots = ns;
	for (int s = 0; s < res->nstates; s++) {
		unsigned k = hash_row(res->states + (size_t)s * res->nobs, res->nobs) & (ns - 1);
		while (c->slots[k] >= 0)
			k = (k + 1) & (ns - 1);
		c->slots[k] = s;
	}
}

/* Index of the state equal to row, adding it if new. */
static int intern_state(collector *c, const value *row)
{
	check_result *res = c->res;
	int n = res->nobs;

	if (2 * (res->nstates + 1) > c->nslots)
		grow_slots(c);
	unsigned k = hash_row(row, n) & (c->nslots - 1);
	while (c->slots[k] >= 0) {
		const value *s = res->states + (size_t)c->slots[k] * n;
		if (!memcmp(s, row, sizeof(value) * n))
			return c->slots[k];
		k = (k + 1) & (c->nslots - 1);
	}
	if (res->nstates == res->capstates) {
		res->capstates = res->capstates ? 2 * res->capstates : 16;
		res->states = xrealloc(res->states, sizeof(value) * n * res->capstates + 1);
		res->holds = xrealloc(res->holds, sizeof(bool) * res->capstates);
	}
	int s = res->nstates++;
	memcpy(res->states + (size_t)s * n, row, sizeof(value) * n);
	res->holds[s] = prop_holds(c->t->cond, res, row);
	c->slots[k] = s;
	return s;
}

static void add_flag(collector *c, const char *name, long seq)
{
	check_result *res = c->res;

	for (int i = 0; i < res->nflags; i++)
		if (!strcmp(res->flags[i], name))
			return;
	res->flags = xrealloc(res->flags, sizeof(char *) * (res->nflags + 1));
	c->flag_seq = xrealloc(c->flag_seq, sizeof(long) * (res->nflags + 1));
	c->flag_seq[res->nflags] = seq;
	res->flags[res->nflags++] = xstrdup(name);
}

void witness_free(witness *w)
{
	free(w->thread);
	free(w->tags);
	free(w->po);
	memset(w, 0, sizeof *w);
}

/* Copy execution x (one block for the arrays, one for the relations). */
void witness_take(witness *wt, const execution *x, bool holds)
{
	const evstruct *es = x->es;
	int n = es->n, w = es->w;

	witness_free(wt);
	wt->valid = true;
	wt->holds = holds;
	wt->n = n;
	wt->w = w;
	wt->thread = xcalloc((size_t)n * 3 + 1, sizeof(int));
	wt->sym = wt->thread + n;
	wt->insn = wt->thread + 2 * n;
	wt->po = xcalloc((size_t)n * w * 3 + (size_t)n * (2 * sizeof(value) + 1) / sizeof(word) + 2,
			sizeof(word));
	wt->rf = wt->po + (size_t)n * w;
	wt->co = wt->po + (size_t)2 * n * w;
	wt->rval = (value *)(wt->po + (size_t)3 * n * w);
	wt->wval = wt->rval + n;
	wt->kind = (uint8_t *)(wt->wval + n);
	wt->tags = xcalloc((size_t)n + 1, sizeof(tagmask));
	for (int e = 0; e < n; e++) {
		wt->thread[e] = es->thread[e];
		wt->sym[e] = execution_loc_sym(x, es->loc[e]);
		wt->insn[e] = es->insn[e];
		wt->kind[e] = es->kind[e];
		wt->tags[e] = es->tags[e];
		wt->rval[e] = es->rval[e];
		wt->wval[e] = es->wval[e];
	}
	rel_copy(wt->po, es->po, n);
	rel_copy(wt->rf, x->rf, n);
	if (x->co)
		rel_copy(wt->co, x->co, n);
}

/* -speedcheck: can an execution whose proposition holds (or not) decide
 * the condition? */
static bool relevant(const litmus_test *t, bool holds)
{
	return t->quant == Q_FORALL ? !holds : holds;
}

/* The traces of threads 0..npicked-1 chosen, co not yet (skip_combination). */
typedef struct {
	const litmus_test *t;
	const mem_domain *md;
	const trace *const *traces;
	int npicked;
} partial;

/* An observable's value when only some threads' traces are chosen: a
 * register's once its thread's trace is; a location's, once every
 * thread's is, when every write that may be co-last (a thread's write,
 * else the initial one) stores the same value. */
static bool known_value(const observable *o, const partial *x, value *v)
{
	bool written = false;

	if (o->thread >= 0) {
		if (o->thread >= x->npicked)
			return false;
		*v = x->traces[o->thread]->regs[o->reg];
		return true;
	}
	if (x->npicked < x->t->nthreads || x->md->mixed)
		return false;   /* mixed-size: the bytes' last writes decide */
	for (int ti = 0; ti < x->npicked; ti++)
		for (int i = 0; i < x->traces[ti]->nev; i++) {
			const tevent *e = &x->traces[ti]->ev[i];
			if (!(e->kind & EV_W) || e->loc != o->sym)
				continue;
			if (written && !value_eq(*v, e->wv))
				return false;
			written = true;
			*v = e->wv;
		}
	if (!written)
		*v = x->md->init[o->sym];
	return true;
}

/* Three-valued proposition: 0 false, 1 true, 2 not known yet. */
static int prop_maybe(const prop *p, const partial *x)
{
	switch (p->kind) {
	case PROP_TRUE: return 1;
	case PROP_FALSE: return 0;
	case PROP_ATOM: {
		value l, r = p->rhs;
		if (!known_value(&p->lhs, x, &l) || (p->rhs_is_obs && !known_value(&p->rhs_obs, x, &r)))
			return 2;
		return value_eq(l, r);
	}
	case PROP_NOT: {
		int a = prop_maybe(p->l, x);
		return a == 2 ? 2 : !a;
	}
	case PROP_AND: case PROP_OR: case PROP_IMPLIES: {
		int a = prop_maybe(p->l, x), b = prop_maybe(p->r, x);
		if (p->kind == PROP_IMPLIES)
			a = a == 2 ? 2 : !a;
		int absorb = p->kind == PROP_AND ? 0 : 1;   /* decides alone */
		if (a == absorb || b == absorb)
			return absorb;
		return a == 2 || b == 2 ? 2 : a;
	}
	}
	return 2;
}

/* Without -speedcheck: only the filter, which is exact (an execution
 * it rejects counts nowhere: not in States, the witnesses or the flags,
 * on_execution), so combinations that already fail it need no model.
 * The emulated locks of bench/lock-shape.sh are the case: `filter`
 * keeps the executions where every cmpxchg_acquire took the lock. */
static int skip_filtered(void *arg, const litmus_test *t, const mem_domain *md,
			 const trace *const *traces, int npicked)
{
	partial x = { t, md, traces, npicked };

	(void)arg;
	return prop_maybe(t->filter, &x) == 0;
}

/* -speedcheck, before the model: drop the combinations of traces that
 * start with these when their final state already fails the filter or
 * cannot decide the condition. */
static int skip_combination(void *arg, const litmus_test *t, const mem_domain *md,
			    const trace *const *traces, int npicked)
{
	partial x = { t, md, traces, npicked };

	if (t->filter && skip_filtered(arg, t, md, traces, npicked))
		return 1;
	int h = prop_maybe(t->cond, &x);
	return h != 2 && !relevant(t, h);
}

static int on_execution(void *arg, const execution *x)
{
	collector *c = arg;
	check_result *res = c->res;

	for (int i = 0; i < res->nobs; i++) {
		const observable *o = &res->obs[i];
		if (o->thread >= 0)
			c->row[i] = x->traces[o->thread]->regs[o->reg];
		else
			c->row[i] = execution_final_memory(x, o->sym);
		/* canonical padding-free copy for hashing and memcmp */
		value v = { c->row[i].sym, c->row[i].off };
		memset(&c->row[i], 0, sizeof c->row[i]);
		c->row[i] = v;
	}
	if (c->t->filter && !prop_holds(c->t->filter, res, c->row))
		return 0;
	if (c->speed != SPEED_FALSE && !relevant(c->t, prop_holds(c->t->cond, res, c->row)))
		return 0;
	int s = intern_state(c, c->row);
	if (res->holds[s])
		res->pos++;
	else
		res->neg++;
	if (!res->wit.valid || (res->holds[s] && !res->wit.holds)) {
		witness_take(&res->wit, x, res->holds[s]);
		c->wit_seq = x->seq;
	}
	for (int i = 0; i < x->nflags; i++)
		add_flag(c, x->flags[i], x->seq);
	return c->speed == SPEED_FAST;   /* the condition is decided */
}

/* ---- one test on several threads (check_opts.threads) ----
 * Every slice walks the same combinations of traces and takes the
 * chunks of them it claims from one dealer (enum_dealer), with its own
 * clone of the cat run and its own collector; the results are merged as
 * the one enumeration would have made them: states are a set (sorted later), counts add up, and
 * the witness and the order of the flags follow the combinations' seq,
 * which is their order in a sequential enumeration (an execution of a
 * smaller seq comes first; one combination is one slice's). A slice that
 * fails, runs out of budget or finds nothing to enumerate leaves the
 * test to the sequential path, which reports it as always. */
typedef struct {
	const litmus_test *t;
	cat_run *run;
	collector c;
	check_result res;
	enum_limits lim;
	diag d;
	int st;
} slice;

static void *run_slice(void *arg)
{
	slice *sl = arg;

	sl->st = enumerate_limited(sl->t, sl->run, on_execution, &sl->c, &sl->lim, &sl->res.stats,
				   &sl->d);
	return NULL;
}

static void slice_free(slice *sl, bool own_run)
{
	free(sl->res.stats.syms);
	witness_free(&sl->res.wit);
	free(sl->res.states);
	free(sl->res.holds);
	for (int i = 0; i < sl->res.nflags; i++)
		free(sl->res.flags[i]);
	free(sl->res.flags);
	free(sl->c.row);
	free(sl->c.slots);
	free(sl->c.flag_seq);
	if (own_run)
		cat_run_free(sl->run);
}

typedef struct {
	const char *name;
	long seq;
	int slice, idx;
} flag_at;

static int flag_at_cmp(const void *pa, const void *pb)
{
	const flag_at *a = pa, *b = pb;

	if (a->seq != b->seq)
		return a->seq < b->seq ? -1 : 1;
	if (a->slice != b->slice)
		return a->slice - b->slice;
	return a->idx - b->idx;
}

/* The slices' results into c (whose res has no state yet). */
static void merge_slices(collector *c, slice *sl, int ns)
{
	check_result *res = c->res;
	int best = -1, nf = 0;

	res->stats = sl[0].res.stats;   /* skipped, loop, syms: the same walk */
	sl[0].res.stats.syms = NULL;
	res->stats.candidates = res->stats.allowed = 0;
	for (int k = 0; k < ns; k++) {
		const check_result *r = &sl[k].res;
		res->stats.candidates += r->stats.candidates;
		res->stats.allowed += r->stats.allowed;
		res->pos += r->pos;
		res->neg += r->neg;
		for (int s = 0; s < r->nstates; s++)
			intern_state(c, r->states + (size_t)s * r->nobs);
		nf += r->nflags;
		/* the sequential witness: the first execution whose proposition
		 * holds, else the first one */
		if (r->wit.valid && (best < 0 || (r->wit.holds && !sl[best].res.wit.holds) ||
				     (r->wit.holds == sl[best].res.wit.holds &&
				      sl[k].c.wit_seq < sl[best].c.wit_seq)))
			best = k;
	}
	if (best >= 0) {
		res->wit = sl[best].res.wit;
		memset(&sl[best].res.wit, 0, sizeof sl[best].res.wit);
	}
	flag_at *fa = xcalloc((size_t)nf + 1, sizeof *fa);
	nf = 0;
	for (int k = 0; k < ns; k++)
		for (int i = 0; i < sl[k].res.nflags; i++)
			fa[nf++] = (flag_at){ sl[k].res.flags[i], sl[k].c.flag_seq[i], k, i };
	qsort(fa, nf, sizeof *fa, flag_at_cmp);
	for (int i = 0; i < nf; i++)
		add_flag(c, fa[i].name, fa[i].seq);
	free(fa);
}

/* In the mode run is in (outcome, budget: as given to cat_run_set_mode),
 * with the exact mode's budget shared by the slices, so that it runs out when the
 * sequential enumeration's would. Returns 0, -2 when the budget ran out
 * (the caller goes on in outcome mode), -3 past lim->cpu_deadline (on
 * the process's clock: every slice stops), or 1: not done in parallel
 * (the caller enumerates sequentially). */
static int check_parallel(const litmus_test *t, cat_run *run, collector *c, const enum_limits *lim,
			  int nslices, const int *final_locs, int nfinal, long budget, bool outcome,
			  diag *d)
{
	slice *sl = xcalloc((size_t)nslices, sizeof *sl);
	pthread_t *tid = xcalloc((size_t)nslices, sizeof *tid);
	bool *started = xcalloc((size_t)nslices, sizeof *started);
	enum_dealer dealer;
	atomic_long leaves;
	int st = 0;
	bool over = false, timed_out = false;

	atomic_init(&dealer.next, 0);
	atomic_init(&leaves, 0);
	for (int k = 0; k < nslices; k++) {
		sl[k].t = t;
		sl[k].run = k ? cat_run_clone(run) : run;
		if (k)
			cat_run_set_mode(sl[k].run, outcome, final_locs, nfinal, budget);
		cat_run_share_budget(sl[k].run, &leaves);
		sl[k].res.obs = c->res->obs;
		sl[k].res.nobs = c->res->nobs;
		sl[k].res.quant = c->res->quant;
		sl[k].res.speed = c->res->speed;
		sl[k].c = (collector){ .t = t, .res = &sl[k].res, .speed = c->speed,
				       .row = xcalloc(c->res->nobs + 1, sizeof(value)) };
		sl[k].lim = *lim;
		sl[k].lim.dealer = &dealer;
		sl[k].d = *d;
	}
	for (int k = 1; k < nslices; k++)
		started[k] = thread_start(&tid[k], run_slice, &sl[k]) == 0;
	run_slice(&sl[0]);
	for (int k = 1; k < nslices; k++) {
		if (started[k])
			pthread_join(tid[k], NULL);
		else
			run_slice(&sl[k]);   /* no thread: this one does it */
	}
	cat_run_share_budget(run, NULL);
	for (int k = 0; k < nslices; k++) {
		over |= sl[k].st == -2;
		timed_out |= sl[k].st == -3;
		if ((sl[k].st != 0 && sl[k].st != -2 && sl[k].st != -3) || sl[k].d.failed)
			st = 1;
	}
	if (!st && (timed_out || over))
		st = timed_out ? -3 : -2;   /* nothing merged */
	if (!st) {
		merge_slices(c, sl, nslices);
		*d = sl[0].d;
		/* a warning only another slice met (none is known to exist:
		 * the model's warnings come before any combination) */
		for (int k = 1; k < nslices; k++)
			for (int i = 0; i < sl[k].d.nwarn; i++)
				diag_warning(d, sl[k].d.wpos[i], "%s", sl[k].d.wmsg[i]);
	}
	for (int k = 0; k < nslices; k++)
		slice_free(&sl[k], k > 0);
	free(sl);
	free(tid);
	free(started);
	return st;
}

/* Does thread ti write register reg (any instruction with it as dst)? */
static bool writes_reg(const litmus_test *t, int ti, int reg)
{
	for (int i = 0; i < t->threads[ti].ncode; i++)
		if (t->threads[ti].code[i].dst == reg)
			return true;
	return false;
}

static int thread_index(const litmus_test *t, int id)
{
	for (int ti = 0; ti < t->nthreads; ti++)
		if (t->threads[ti].id == id)
			return ti;
	return -1;
}

static bool init_sets(const litmus_test *t, int thread, int reg, int sym)
{
	for (int i = 0; i < t->ninit; i++)
		if (t->init[i].thread == thread && (thread < 0 ? t->init[i].sym == sym : t->init[i].reg == reg))
			return true;
	return false;
}

/* Written locations whose names are near symbol s's: one or two edits
 * away for names of three characters or more; with `short_names` also
 * one edit (a letter replaced, added or dropped) for shorter ones, where
 * `x` for `w` is as likely as `y`, so up to three are named. Writes
 * " for 'x' or 'y'" to buf ("" for none); returns how many. */
static int near_written(const litmus_test *t, const sym_use *u, int s, bool short_names,
			char *buf, size_t size)
{
	size_t len = strlen(t->syms[s]), used = 0;
	int found = 0;

	buf[0] = '\0';
	for (int o = 0; o < t->nsyms && found < 3; o++) {
		bool is_short = len < 3 || strlen(t->syms[o]) < 3;
		if (o == s || !(u[o].access & 2) || (is_short && !short_names))
			continue;
		if (diag_distance(t->syms[s], t->syms[o]) > (is_short ? 1 : 2))
			continue;
		if (used < size)
			used += (size_t)snprintf(buf + used, size - used, "%s'%s'",
						 found ? " or " : " for ", t->syms[o]);
		found++;
	}
	return found;
}

static void warn_unaccessed(const litmus_test *t, const sym_use *u, int s, srcpos pos, diag *d)
{
	char hint[256];

	near_written(t, u, s, true, hint, sizeof hint);
	diag_warning(d, pos, "location '%s' is accessed by no thread (a typo%s?)", t->syms[s], hint);
}

/* An observable of the condition or filter (registers: only when `regs`)
 * that nothing can change: a typo that silently decides the verdict. */
static void warn_obs(const litmus_test *t, const sym_use *u, const observable *o, bool regs, diag *d)
{
	if (o->thread >= 0) {
		int ti = thread_index(t, o->thread);
		if (regs && ti >= 0 && !writes_reg(t, ti, o->reg) && !init_sets(t, o->thread, o->reg, -1))
			diag_warning(d, o->pos, "%d:%s is neither written by P%d nor set by the init, "
				     "so it is always 0 (a typo?)", o->thread, t->regs[o->reg], o->thread);
	} else if (!u[o->sym].access) {
		warn_unaccessed(t, u, o->sym, o->pos, d);
	}
}

static void warn_prop(const litmus_test *t, const sym_use *u, const prop *p, diag *d)
{
	if (!p)
		return;
	if (p->kind == PROP_ATOM) {
		warn_obs(t, u, &p->lhs, true, d);
		if (p->rhs_is_obs)
			warn_obs(t, u, &p->rhs_obs, true, d);
	}
	warn_prop(t, u, p->l, d);
	warn_prop(t, u, p->r, d);
}

/* Warnings for names that change nothing, the usual sign of a typo
 * (`dat=0`, `1:r1=dta`, `exists (1:r5=1)` where P1 writes r4): a location
 * the init sets, or the condition or filter names, that no thread
 * accesses; a register of the condition or filter that its thread never
 * writes and the init does not set; a location threads only read, never
 * initialised, whose name is one or two edits from a written one. */
static void warn_typos(const litmus_test *t, const check_result *res, diag *d)
{
	const sym_use *u = res->stats.syms;
	char hint[256];

	if (!u)
		return;
	for (int i = 0; i < t->ninit; i++) {
		const init_entry *e = &t->init[i];
		if (e->thread == -1 && !u[e->sym].access)
			warn_unaccessed(t, u, e->sym, e->pos, d);
		else if (e->thread != -1 && e->val.sym >= 0 && !u[e->val.sym].access
			 && near_written(t, u, e->val.sym, false, hint, sizeof hint) > 0)
			warn_unaccessed(t, u, e->val.sym, e->pos, d);
	}
	warn_prop(t, u, t->cond, d);
	warn_prop(t, u, t->filter, d);
	for (int i = 0; i < t->nlocations; i++)
		warn_obs(t, u, &t->locations[i], false, d);
	for (int s = 0; s < t->nsyms; s++)
		if (u[s].access == 1 && !init_sets(t, -1, -1, s)
		    && near_written(t, u, s, false, hint, sizeof hint) > 0)
			diag_warning(d, u[s].pos, "location '%s' is read but never written nor "
				     "initialised, so every read returns 0 (a typo%s?)", t->syms[s], hint);
}

typedef struct {
	const litmus_test *t;
	int nobs;
} state_order;

static int state_cmp(const void *pa, const void *pb, void *ctx)
{
	const value *a = pa, *b = pb;
	const state_order *so = ctx;
	const litmus_test *sort_test = so->t;

	for (int i = 0; i < so->nobs; i++) {
		/* herd7: integers before addresses, addresses by symbol name */
		if ((a[i].sym < 0) != (b[i].sym < 0))
			return a[i].sym < 0 ? -1 : 1;
		if (a[i].sym != b[i].sym) {
			int c = strcmp(sort_test->syms[a[i].sym], sort_test->syms[b[i].sym]);
			if (c)
				return c;
		}
		if (a[i].off != b[i].off)
			return a[i].off < b[i].off ? -1 : 1;
	}
	return 0;
}

static void reset_counts(check_result *res)
{
	witness_free(&res->wit);
	res->nstates = 0;
	res->pos = res->neg = 0;
	for (int i = 0; i < res->nflags; i++)
		free(res->flags[i]);
	res->nflags = 0;
}

bool check_mode_mixed(const cat_run *run)
{
	return cat_run_has_variant(run, "mixed");
}

check_opts check_defaults(const cat_run *run, long budget)
{
	return (check_opts){ .budget = budget, .mixed = check_mode_mixed(run) };
}

/* res (cleared) set up for t: what a state shows (the condition's and
 * locations' observables, sorted, then the filter's, needed to evaluate
 * it but not shown); returns how many are shown. */
static int observables(const litmus_test *t, check_result *res, speedcheck speed)
{
	memset(res, 0, sizeof *res);
	res->speed = speed;
	res->quant = t->quant;
	add_prop_obs(res, t->cond);
	for (int i = 0; i < t->nlocations; i++)
		add_obs(res, t->locations[i]);
	int shown = res->nobs;
	add_prop_obs(res, t->filter);
	if (shown > 1)   /* res->obs is NULL when nothing is observed */
		qsort_r(res->obs, shown, sizeof *res->obs, obs_cmp, (void *)t);
	return shown;
}

/* The event locations of the memory observables (the model's final
 * writes, cat_run_set_mode): memory symbols are locations 0..nsyms-1
 * (mem_domain_init), or in mixed-size mode their bytes (enumerate.c,
 * build_events). Returns how many, at most nobs * MIXED_WIDTH. */
static int final_locations(const check_result *res, bool mixed, int *final_locs)
{
	int nfinal = 0;

	for (int i = 0; i < res->nobs; i++)
		if (res->obs[i].thread < 0) {
			if (!mixed)
				final_locs[nfinal++] = res->obs[i].sym;
			else
				for (int b = 0; b < MIXED_WIDTH; b++)
					final_locs[nfinal++] = res->obs[i].sym * MIXED_WIDTH + b;
		}
	return nfinal;
}

/* One enumeration into c (on o->threads slices when par), exact counts
 * unless outcome; the enumerate_limited status. */
static int enumerate_into(const litmus_test *t, cat_run *run, collector *c, const enum_limits *lim,
			  const check_opts *o, bool par, const int *final_locs, int nfinal,
			  long budget, bool outcome, diag *d)
{
	int st = par ? check_parallel(t, run, c, lim, o->threads, final_locs, nfinal, budget,
				      outcome, d) : 1;
	if (st == 1)
		st = enumerate_limited(t, run, on_execution, c, lim, &c->res->stats, d);
	return st;
}

/* The enumeration of check_test_opts, redone in outcome mode (one
 * witness per outcome, from the start) when the budget runs out. */
static int collect(const litmus_test *t, cat_run *run, const check_opts *o, collector *c,
		   diag *d)
{
	check_result *res = c->res;
	enum_limits lim = { .skip = o->speed != SPEED_FALSE ? skip_combination
					: t->filter ? skip_filtered : NULL,
			    .unroll_set = o->unroll_set, .unroll = o->unroll, .mixed = o->mixed,
			    .maxpaths = o->maxpaths };
	int final_locs[res->nobs * MIXED_WIDTH + 1];
	int nfinal = final_locations(res, o->mixed, final_locs);

	/* mixed-size: no outcome mode, which keeps one co per outcome where
	 * enumerate.c's torn-read check may need another (no budget) */
	cat_run_set_mode(run, false, final_locs, nfinal, o->mixed ? 0 : o->budget);
	/* several threads: not with -speedcheck fast (where to stop depends
	 * on the order) or mixed sizes; -speedcheck true only drops
	 * combinations, the same in every slice; -timeout then counts the
	 * CPU time of the process (of all the slices) */
	bool par = o->threads > 1 && o->speed != SPEED_FAST;
	lim.process_clock = par;
	if (o->note) {
		lim.note = o->note;
		lim.note_arg = o->note_arg;
		lim.note_at = enum_wall_seconds() + o->note_after;
	}
	if (o->timeout > 0)
		lim.cpu_deadline = enum_cpu_seconds(par) + o->timeout;
	int st = enumerate_into(t, run, c, &lim, o, par, final_locs, nfinal, o->budget, false, d);
	if (st == -2) {   /* over budget */
		reset_counts(res);
		free(res->stats.syms);
		res->stats.syms = NULL;
		free(c->slots);
		c->slots = NULL;
		c->nslots = 0;
		res->outcome_mode = true;
		cat_run_set_mode(run, true, final_locs, nfinal, 0);
		st = enumerate_into(t, run, c, &lim, o, par, final_locs, nfinal, 0, true, d);
	}
	cat_run_set_mode(run, false, NULL, 0, 0);
	return st;
}

/* An enumeration that found nothing to show: an error when there was no
 * candidate execution at all, else a warning (States 0). Returns -1 on
 * the error. */
static int say_empty(const litmus_test *t, const check_result *res, speedcheck speed, diag *d)
{
	/* no candidate execution, but paths past the unrolling limit would
	 * have been some: as herd7, States 0 and "Loop" (main.c warns) */
	if (res->stats.candidates == 0 && !res->stats.loop && !res->stats.skipped)
		return diag_error(d, d->nwarn ? d->wpos[0] : (srcpos){ 1, 1 },
				  "the test has no candidate execution, so nothing to check: %s",
				  d->nwarn ? "every path of some thread was dropped (see the warning)"
					   : "no choice of the threads' paths lets each read take its "
					     "value from a write");
	/* -speedcheck: no relevant execution is an answer, not a sign of a
	 * wrong model */
	if (res->nstates == 0 && !(res->stats.candidates == 0 && res->stats.loop)
	    && speed == SPEED_FALSE)
		diag_warning(d, (srcpos){ 1, 1 }, t->filter && res->stats.allowed
			     ? "the filter excludes every allowed execution (States 0)"
			     : t->filter && res->stats.skipped
			     ? "no execution passes both the filter and the model (States 0)"
			     : "the model forbids all %ld candidate executions (States 0): "
			       "is it the model of this test's architecture?",
			     res->stats.candidates);
	return 0;
}

/* The states as printed: the filter-only observables dropped (the first
 * `shown` are kept), sorted as herd7 sorts them, each state's `holds`
 * kept with it. */
static void sort_states(const litmus_test *t, check_result *res, int shown)
{
	if (shown < res->nobs) {
		for (int s = 0; s < res->nstates; s++)
			memmove(res->states + (size_t)s * shown, res->states + (size_t)s * res->nobs,
				sizeof(value) * shown);
		res->nobs = shown;
	}
	int n = res->nobs + 1;
	value *tmp = xmalloc(sizeof(value) * n * (res->nstates + 1));
	for (int s = 0; s < res->nstates; s++) {
		memcpy(tmp + (size_t)s * n, res->states + (size_t)s * res->nobs, sizeof(value) * res->nobs);
		tmp[(size_t)s * n + res->nobs] = value_int(res->holds[s]);
	}
	state_order so = { t, res->nobs };
	qsort_r(tmp, res->nstates, sizeof(value) * n, state_cmp, &so);
	for (int s = 0; s < res->nstates; s++) {
		memcpy(res->states + (size_t)s * res->nobs, tmp + (size_t)s * n, sizeof(value) * res->nobs);
		res->holds[s] = tmp[(size_t)s * n + res->nobs].off;
	}
	free(tmp);
}

int check_test_opts(const litmus_test *t, cat_run *run, const check_opts *o, check_result *res,
		    diag *d)
{
	struct timespec t0, t1;
	collector c = { .t = t, .res = res, .speed = o->speed };

	clock_gettime(CLOCK_MONOTONIC, &t0);
	int shown = observables(t, res, o->speed);
	c.row = xcalloc(res->nobs + 1, sizeof(value));
	int st = collect(t, run, o, &c, d);
	free(c.row);
	free(c.slots);
	free(c.flag_seq);
	if (st == -3) {
		res->timed_out = true;
		return 0;
	}
	if (st < 0 || say_empty(t, res, o->speed, d) < 0)
		return -1;
	warn_typos(t, res, d);
	sort_states(t, res, shown);
	switch (t->quant) {
	case Q_EXISTS: res->ok = res->pos > 0; break;
	case Q_NOT_EXISTS: res->ok = res->pos == 0; break;
	case Q_FORALL: res->ok = res->neg == 0; break;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	res->seconds = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	return 0;
}

void check_result_free(check_result *res)
{
	free(res->stats.syms);
	witness_free(&res->wit);
	free(res->obs);
	free(res->states);
	free(res->holds);
	for (int i = 0; i < res->nflags; i++)
		free(res->flags[i]);
	free(res->flags);
	memset(res, 0, sizeof *res);
}
