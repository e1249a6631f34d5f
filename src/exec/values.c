/* values.c - the value domain: the values each location may hold, and
 * in mixed-size mode the pieces written to each cell and the values a
 * read of some of its bytes may take (docs/mixed-size.md). */
#include <stdlib.h>
#include <string.h>
#include "exec/values.h"
#include "base/xalloc.h"

void mem_domain_init(mem_domain *md, const litmus_test *t)
{
	memset(md, 0, sizeof *md);
	/* Every named symbol is a location, even if no thread touches it. */
	for (int s = 0; s < t->nsyms; s++)
		mem_location(md, s, 0);
	for (int i = 0; i < t->ninit; i++) {
		const init_entry *e = &t->init[i];
		if (e->thread >= 0)
			continue;
		int l = mem_location(md, e->sym, 0);
		md->init[l] = e->val;
		md->dom[l].n = 0;
		mem_domain_add(md, l, e->val, WRITER_INIT);
	}
}

void mem_domain_free(mem_domain *md)
{
	for (int i = 0; i < md->n; i++) {
		free(md->dom[i].v);
		free(md->dom[i].who);
		free(md->dom[i].depth);
		free(md->dom[i].sdepth);
	}
	free(md->dom);
	free(md->locs);
	free(md->init);
	free(md->thread_writes);
	free(md->sym_writes);
	for (int s = 0; md->pieces && s < md->nsyms; s++)
		free(md->pieces[s].p);
	free(md->pieces);
	memset(md, 0, sizeof *md);
}

/* ---- mixed-size mode (docs/mixed-size.md) ---- */

static uint64_t bytes_mask(int off, int size)
{
	return (size >= MIXED_WIDTH ? ~(uint64_t)0 : ((uint64_t)1 << (8 * size)) - 1) << (8 * off);
}

/* The piece (off, size, v) of cell sym (v at cell positions), of depth
 * `depth`; 1 if new or now of a smaller depth (none past md->max_depth). */
static int piece_add(mem_domain *md, int sym, int off, int size, uint64_t v, int depth)
{
	mixed_pieces *ps = &md->pieces[sym];

	v &= bytes_mask(off, size);
	for (int i = 0; i < ps->n; i++) {
		mixed_piece *p = &ps->p[i];
		if (p->off != off || p->size != size || p->v != v)
			continue;
		if (depth >= p->depth)
			return 0;
		p->depth = depth;
		return 1;
	}
	if (md->max_depth > 0 && depth > md->max_depth)
		return 0;
	if (ps->n == ps->cap) {
		ps->cap = ps->cap ? 2 * ps->cap : 8;
		ps->p = xrealloc(ps->p, sizeof *ps->p * ps->cap);
	}
	ps->p[ps->n++] = (mixed_piece){ v, depth, (uint8_t)off, (uint8_t)size };
	return 1;
}

/* A list of the values of one block of bytes (at their cell positions),
 * each with its depth: the greatest depth of the pieces it takes bytes
 * from. */
typedef struct {
	uint64_t v;
	int d;
} vd;

typedef struct {
	vd *e;
	int n, cap;
} vdlist;

static void vd_push(vdlist *l, uint64_t v, int d)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		l->e = xrealloc(l->e, sizeof *l->e * l->cap);
	}
	l->e[l->n++] = (vd){ v, d };
}

static void vd_free(vdlist *l)
{
	free(l->e);
	memset(l, 0, sizeof *l);
}

static int vd_cmp(const void *a, const void *b)
{
	const vd *x = a, *y = b;

	if (x->v != y->v)
		return x->v < y->v ? -1 : 1;
	return (x->d > y->d) - (x->d < y->d);
}

/* Appends src to dst and keeps each value once, with its least depth
 * (dst ends sorted by value). */
static void vd_merge(vdlist *dst, const vdlist *src)
{
	for (int i = 0; i < src->n; i++)
		vd_push(dst, src->e[i].v, src->e[i].d);
	if (dst->n < 2)
		return;
	qsort(dst->e, (size_t)dst->n, sizeof *dst->e, vd_cmp);
	int m = 1;
	for (int i = 1; i < dst->n; i++)
		if (dst->e[i].v != dst->e[m - 1].v)
			dst->e[m++] = dst->e[i];
	dst->n = m;
}

/* Is some piece strictly inside block (off, size)? */
static bool has_inner(const mixed_pieces *ps, int off, int size)
{
	for (int i = 0; i < ps->n; i++)
		if (ps->p[i].off >= off && ps->p[i].off + ps->p[i].size <= off + size
		    && ps->p[i].size < size)
			return true;
	return false;
}

static int compose_block(mem_domain *md, int sym, int off, int size, uint64_t g, int gd,
			 vdlist *out);

/* The values of block (off, size) whose bytes come from g (of depth gd)
 * except where a smaller piece inside the block gives them: each half
 * composed on its own (the block halves of an aligned access of 2, 4 or
 * 8 bytes are the aligned blocks inside it). */
static int compose_split(mem_domain *md, int sym, int off, int size, uint64_t g, int gd,
			 vdlist *out)
{
	if (size == 1 || !has_inner(&md->pieces[sym], off, size)) {
		vd_push(out, g & bytes_mask(off, size), gd);
		return 0;
	}
	int h = size / 2, st = 0;
	vdlist lo = { 0 }, hi = { 0 };
	if (compose_block(md, sym, off, h, g, gd, &lo) < 0 ||
	    compose_block(md, sym, off + h, h, g, gd, &hi) < 0 ||
	    (long)lo.n * hi.n > MIXED_MAX_VALUES) {
		st = -1;   /* the halves' values are distinct, so are their pairs */
	} else {
		for (int i = 0; i < lo.n; i++)
			for (int j = 0; j < hi.n; j++)
				vd_push(out, lo.e[i].v | hi.e[j].v,
					lo.e[i].d > hi.e[j].d ? lo.e[i].d : hi.e[j].d);
	}
	vd_free(&lo);
	vd_free(&hi);
	return st;
}

/* The values of block (off, size), strictly inside the read, governed
 * by g: g's bytes, or a piece written exactly at the block takes over
 * (a read paired with whole writes: the write of a byte is the
 * smallest write access the read takes bytes from that covers it).
 * Distinct values, each with its least depth. -1: too many. */
static int compose_block(mem_domain *md, int sym, int off, int size, uint64_t g, int gd,
			 vdlist *out)
{
	const mixed_pieces *ps = &md->pieces[sym];
	vdlist part = { 0 };
	int st = compose_split(md, sym, off, size, g, gd, &part);

	vd_merge(out, &part);
	for (int i = 0; i < ps->n && st == 0; i++) {
		if (ps->p[i].off != off || ps->p[i].size != size)
			continue;
		part.n = 0;
		st = compose_split(md, sym, off, size, ps->p[i].v, ps->p[i].depth, &part);
		vd_merge(out, &part);
	}
	vd_free(&part);
	return st < 0 || out->n > MIXED_MAX_VALUES ? -1 : 0;
}

/* Adds to the domain of access location l every value a read of its
 * bytes may take (docs/mixed-size.md, "Guessing values"): from a piece
 * that covers them all (the initial value at least), except where
 * pieces inside them give bytes, recursively. */
static int mixed_fill(mem_domain *md, int l)
{
	int64_t key = md->locs[l].off;
	int sym = md->locs[l].sym, off = mixed_key_off(key), size = mixed_key_size(key);
	const mixed_pieces *ps = &md->pieces[sym];
	vdlist all = { 0 }, part = { 0 };
	int st = 0, grew = 0;

	for (int i = 0; i < ps->n && st == 0; i++) {
		const mixed_piece *p = &ps->p[i];
		if (p->off > off || p->off + p->size < off + size)
			continue;
		part.n = 0;
		st = compose_split(md, sym, off, size, p->v, p->depth, &part);
		vd_merge(&all, &part);
		if (all.n > MIXED_MAX_VALUES)
			st = -1;
	}
	if (st < 0)
		md->too_many = true;
	for (int i = 0; i < all.n && st == 0; i++)
		grew |= mem_domain_add_depth(md, l, value_int((int64_t)(all.e[i].v >> (8 * off))),
					     ~(uint64_t)0, all.e[i].d);
	vd_free(&all);
	vd_free(&part);
	return grew;
}

int mem_domain_mixed(mem_domain *md, const litmus_test *t, diag *d)
{
	md->mixed = true;
	md->nsyms = t->nsyms;
	md->pieces = xzalloc(sizeof *md->pieces * (t->nsyms + 1));
	for (int s = 0; s < t->nsyms; s++) {
		value v = md->init[s];
		if (v.sym >= 0) {
			srcpos pos = { 0, 0 };
			for (int i = 0; i < t->ninit; i++)
				if (t->init[i].thread < 0 && t->init[i].sym == s)
					pos = t->init[i].pos;
			return diag_error(d, pos, "mixed-size: the initial value of %s is an address, "
					  "which cannot be split into bytes (not supported)", t->syms[s]);
		}
		piece_add(md, s, 0, MIXED_WIDTH, (uint64_t)v.off, 0);
	}
	return 0;
}

int mem_domain_mixed_write(mem_domain *md, int loc, int64_t v, int depth)
{
	int sym = md->locs[loc].sym, off = mixed_key_off(md->locs[loc].off);
	int size = mixed_key_size(md->locs[loc].off);

	if (!piece_add(md, sym, off, size, (uint64_t)v << (8 * off), depth))
		return 0;
	int grew = 0;
	for (int l = md->nsyms; l < md->n; l++)
		if (md->locs[l].sym == sym)
			grew |= mixed_fill(md, l);
	return grew;
}

void mem_domain_mixed_seed(mem_domain *md, int64_t v, unsigned sizes)
{
	for (int s = 0; s < md->nsyms; s++)
		for (int size = 1; size <= MIXED_WIDTH; size *= 2)
			if (sizes & (unsigned)size)
				for (int off = 0; off < MIXED_WIDTH; off += size)
					piece_add(md, s, off, size, (uint64_t)v << (8 * off), 0);
}

void mem_domain_mixed_seed_at(mem_domain *md, int64_t v, int sym, int off, int size)
{
	piece_add(md, sym, off, size, (uint64_t)v << (8 * off), 0);
}

int mem_domain_mixed_location(mem_domain *md, int sym, int off, int size)
{
	int n = md->n, l = mem_location(md, sym, mixed_key(off, size));

	if (md->n != n) {
		md->dom[l].n = 0;
		uint64_t init = (uint64_t)md->init[sym].off;
		uint64_t mask = size == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * size)) - 1;
		md->init[l] = value_int((int64_t)((init >> (8 * off)) & mask));
		mixed_fill(md, l);
	}
	return l;
}

int mem_location(mem_domain *md, int sym, int64_t off)
{
	for (int i = 0; i < md->n; i++)
		if (md->locs[i].sym == sym && md->locs[i].off == off)
			return i;
	if (md->n == md->cap) {
		md->cap = md->cap ? 2 * md->cap : 8;
		md->locs = xrealloc(md->locs, sizeof *md->locs * md->cap);
		md->dom = xrealloc(md->dom, sizeof *md->dom * md->cap);
		md->init = xrealloc(md->init, sizeof *md->init * md->cap);
	}
	int l = md->n++;
	md->locs[l] = (location){ sym, off };
	md->dom[l] = (value_set){ 0 };
	md->init[l] = value_int(0);
	mem_domain_add(md, l, md->init[l], WRITER_INIT);
	return l;
}

int mem_domain_add_depth(mem_domain *md, int loc, value v, uint64_t who, int depth)
{
	return mem_domain_add_depthv(md, loc, v, who, depth, NULL);
}

int mem_domain_add_depthv(mem_domain *md, int loc, value v, uint64_t who, int depth,
			  const uint8_t *sdepth)
{
	value_set *s = &md->dom[loc];
	int nsv = sdepth ? md->nsv : 0;

	for (int i = 0; i < s->n; i++)
		if (value_eq(s->v[i], v)) {
			int st = 0;
			if (depth < s->depth[i]) {
				s->depth[i] = depth;
				st = 1;
			}
			if (nsv && s->sdepth)
				for (int k = 0; k < nsv; k++)
					if (sdepth[k] < s->sdepth[(size_t)i * nsv + k]) {
						s->sdepth[(size_t)i * nsv + k] = sdepth[k];
						st = 1;
					}
			if ((s->who[i] | who) == s->who[i])
				return st;
			s->who[i] |= who;
			return 1;
		}
	if (md->max_depth > 0 && depth > md->max_depth)
		return 0;
	for (int k = 0; k < nsv; k++)
		if (md->sym_writes[k] < 255 && sdepth[k] > md->sym_writes[k])
			return 0;   /* needs more writes to symbol k than there are */
	if (s->n == s->cap) {
		int ncap = s->cap ? 2 * s->cap : 4;
		s->v = xrealloc(s->v, sizeof *s->v * ncap);
		s->who = xrealloc(s->who, sizeof *s->who * ncap);
		s->depth = xrealloc(s->depth, sizeof *s->depth * ncap);
		if (s->sdepth)   /* each slot is written when its value is added */
			s->sdepth = xrealloc(s->sdepth, (size_t)ncap * md->nsv);
		s->cap = ncap;
	}
	if (nsv && !s->sdepth)
		s->sdepth = xzalloc((size_t)s->cap * nsv);   /* the values so far: 0 */
	if (s->sdepth)
		for (int k = 0; k < md->nsv; k++)
			s->sdepth[(size_t)s->n * md->nsv + k] = nsv ? sdepth[k] : 0;
	s->who[s->n] = who;
	s->depth[s->n] = depth;
	s->v[s->n++] = v;
	return 1;
}

int mem_domain_add(mem_domain *md, int loc, value v, uint64_t who)
{
	return mem_domain_add_depth(md, loc, v, who, 0);
}

int mem_domain_depth(const mem_domain *md, int loc, value v, uint8_t *sdepth)
{
	const value_set *s = &md->dom[loc];

	for (int i = 0; i < s->n; i++)
		if (value_eq(s->v[i], v)) {
			for (int k = 0; sdepth && s->sdepth && k < md->nsv; k++)
				if (s->sdepth[(size_t)i * md->nsv + k] > sdepth[k])
					sdepth[k] = s->sdepth[(size_t)i * md->nsv + k];
			return s->depth[i];
		}
	return 0;
}
