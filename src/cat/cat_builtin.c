/* cat_builtin.c - built-in sets, relations and primitives (cat_builtin.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cat/cat_builtin.h"
#include "cat/cat_compile.h"
#include "base/xalloc.h"

static const char *const prim_names[] = { "domain", "range", "co_orders", "different-values" };
enum { PRIM_DOMAIN, PRIM_RANGE, PRIM_CO_ORDERS, PRIM_DIFFERENT_VALUES };

/* Names are interned once; later calls with the same literal hit the
 * small pointer cache instead of hashing the string again. */
static int intern_cached(builtins *b, const char *name)
{
	unsigned h = (unsigned)((uintptr_t)name >> 3) & (BUILTIN_CACHE - 1);

	for (unsigned k = h; k < h + BUILTIN_CACHE; k++) {
		unsigned i = k & (BUILTIN_CACHE - 1);
		if (b->keys[i] == name)
			return b->syms[i];
		if (!b->keys[i]) {
			b->keys[i] = name;
			return b->syms[i] = cat_intern(b->names, name);
		}
	}
	return cat_intern(b->names, name);
}

static void put(builtins *b, const char *name, val *v)
{
	int sym = intern_cached(b, name);

	if (sym >= b->cap) {
		int ncap = sym + 256;
		b->tab = xrealloc(b->tab, sizeof *b->tab * ncap);
		memset(b->tab + b->cap, 0, sizeof *b->tab * (ncap - b->cap));
		b->cap = ncap;
	}
	b->tab[sym] = v;
}

static val *mk(arena *a, vkind k, word *bits)
{
	val *v = arena_alloc(a, sizeof *v);
	v->k = k;
	v->bits = bits;
	return v;
}

void builtin_init(builtins *b, cat_names *names, const char *const *tag_names, int ntags)
{
	memset(b, 0, sizeof *b);
	b->names = names;
	b->tag_names = tag_names;
	b->ntags = ntags;
	b->rf_sym = cat_intern(names, "rf");
	for (int i = 0; i < NPRIM; i++)
		b->prim_sym[i] = cat_intern(names, prim_names[i]);
}

void builtin_free(builtins *b)
{
	free(b->tab);
	memset(b, 0, sizeof *b);
}

static word *rel_new(arena *a, int n) { return arena_alloc(a, sizeof(word) * n * rel_words(n)); }

void builtin_set_events(builtins *b, const evstruct *es, arena *a)
{
	int n = es->n, w = es->w;

	b->es = es;
	b->n = n;
	b->w = w;
	for (int i = 0; i < b->cap; i++)
		b->tab[i] = NULL;
	b->zero_set = arena_alloc(a, sizeof(word) * w);
	b->zero_rel = rel_new(a, n);

	put(b, "_", mk(a, V_SET, es->all));
	put(b, "R", mk(a, V_SET, es->R));
	put(b, "W", mk(a, V_SET, es->W));
	put(b, "M", mk(a, V_SET, es->M));
	put(b, "F", mk(a, V_SET, es->F));
	put(b, "IW", mk(a, V_SET, es->IW));
	put(b, "Exp", mk(a, V_SET, es->M));
	/* final writes, branches, implicit accesses: none in our events */
	put(b, "FW", mk(a, V_SET, b->zero_set));
	put(b, "B", mk(a, V_SET, b->zero_set));
	put(b, "NExp", mk(a, V_SET, b->zero_set));
	for (int t = 0; t < b->ntags && t < es->ntags; t++)
		put(b, b->tag_names[t], mk(a, V_SET, es->tagset[t]));

	put(b, "po", mk(a, V_REL, es->po));
	put(b, "addr", mk(a, V_REL, es->addr));
	put(b, "data", mk(a, V_REL, es->data));
	put(b, "ctrl", mk(a, V_REL, es->ctrl));
	put(b, "pick-dep", mk(a, V_REL, es->pick));
	put(b, "pick-addr-dep", mk(a, V_REL, es->pickaddr));
	put(b, "stxr-data", mk(a, V_REL, es->scdata));
	put(b, "rmw", mk(a, V_REL, es->rmw));
	/* herd7's BPF has `amo` = `rmw` (docs/bpf-event-tags.md); only the
	 * BPF front-end has both X and SC tags */
	bool has_x = false, has_sc = false;
	for (int t = 0; t < b->ntags; t++) {
		has_x |= !strcmp(b->tag_names[t], "X");
		has_sc |= !strcmp(b->tag_names[t], "SC");
	}
	if (has_x && has_sc)
		put(b, "amo", mk(a, V_REL, es->rmw));
	put(b, "loc", mk(a, V_REL, es->sameloc));
	put(b, "ext", mk(a, V_REL, es->ext));
	put(b, "int", mk(a, V_REL, es->intl));
	put(b, "id", mk(a, V_REL, es->id));
	/* mixed-size: the byte events of one access (id otherwise) */
	put(b, "si", mk(a, V_REL, es->si));
	put(b, "sm", mk(a, V_REL, es->si));
	/* the read and write of one RMW: value flows from one to the other */
	put(b, "iico_data", mk(a, V_REL, es->rmw));
	put(b, "iico_ctrl", mk(a, V_REL, b->zero_rel));
	word *si = rel_new(a, n);
	rel_union(si, es->rmw, es->id, n);
	rel_inv(b->zero_rel, es->rmw, n);   /* borrow zero_rel as scratch... */
	rel_union(si, si, b->zero_rel, n);
	rel_clear(b->zero_rel, n);          /* ...and give it back empty */
	put(b, "same-instance", mk(a, V_REL, si));
	put(b, "0", mk(a, V_EMPTY, NULL));

	for (int i = 0; i < NPRIM; i++) {
		val *p = mk(a, V_PRIM, NULL);
		p->sym = b->prim_sym[i];
		put(b, prim_names[i], p);
	}
}

void builtin_set_rf(builtins *b, const word *rf, arena *a)
{
	put(b, "rf", mk(a, V_REL, (word *)rf));
}

val *builtin_lookup(builtins *b, int sym)
{
	return sym < b->cap ? b->tab[sym] : NULL;
}

bool builtin_is(const builtins *b, int sym, const val *v)
{
	/* rf changes under a cached closure's feet: always capture it */
	return sym < b->cap && b->tab[sym] == v && sym != b->rf_sym;
}

val *builtin_apply(builtins *b, int prim, val *arg, arena *a)
{
	int n = b->n, w = b->w;
	const val *only = NULL;

	/* co_orders(r, S): the orders of the writes in S only */
	if (prim == b->prim_sym[PRIM_CO_ORDERS] && arg->k == V_TUPLE && arg->nitems == 2) {
		only = arg->items[1];
		arg = arg->items[0];
		if (only->k != V_SET && only->k != V_EMPTY) {
			strcpy(b->err, "co_orders(r, S): S must be a set of events");
			return NULL;
		}
	}
	if (arg->k != V_REL && arg->k != V_EMPTY) {
		strcpy(b->err, "expects a relation");
		return NULL;
	}
	word *r = arg->k == V_REL ? arg->bits : b->zero_rel;
	if (prim == b->prim_sym[PRIM_DOMAIN] || prim == b->prim_sym[PRIM_RANGE]) {
		val *v = mk(a, V_SET, arena_alloc(a, sizeof(word) * w));
		if (prim == b->prim_sym[PRIM_DOMAIN])
			rel_domain(v->bits, r, n);
		else
			rel_range(v->bits, r, n);
		return v;
	}
	if (prim == b->prim_sym[PRIM_CO_ORDERS]) {
		val *v = mk(a, V_COSPACE, r);
		if (only) {
			/* items[0]: the set of writes to order */
			v->items = arena_alloc(a, sizeof *v->items);
			v->items[0] = only->k == V_SET ? (val *)only : mk(a, V_SET, b->zero_set);
			v->nitems = 1;
		}
		return v;
	}
	if (prim == b->prim_sym[PRIM_DIFFERENT_VALUES]) {
		/* the pairs of r whose events carry different values (the value
		 * read by a read, written by a write) */
		const evstruct *es = b->es;
		val *v = mk(a, V_REL, rel_new(a, n));
		for (int i = 0; i < n; i++)
			for (int j = set_next(REL_ROW(r, w, i), w, 0); j >= 0;
			     j = set_next(REL_ROW(r, w, i), w, j + 1)) {
				b->values_used = true;
				value vi = (es->kind[i] & EV_R) ? es->rval[i] : es->wval[i];
				value vj = (es->kind[j] & EV_R) ? es->rval[j] : es->wval[j];
				if (!value_eq(vi, vj))
					rel_add(v->bits, w, i, j);
			}
		return v;
	}
	strcpy(b->err, "unknown primitive");
	return NULL;
}

void builtin_uniproc_co(const evstruct *es, const word *rf, word *must)
{
	int n = es->n, w = es->w;
	int src[n > 0 ? n : 1];     /* write each read reads from */

	for (int i = 0; i < n; i++)
		src[i] = -1;
	for (int j = 0; j < n; j++)
		for (int i = set_next(REL_ROW(rf, w, j), w, 0); i >= 0;
		     i = set_next(REL_ROW(rf, w, j), w, i + 1))
			src[i] = j;
	for (int a = 0; a < n; a++) {
		/* a one-event atomic reads a write that is co-before itself */
		if ((es->kind[a] & EV_W) && src[a] >= 0 && src[a] != a)
			rel_add(must, w, src[a], a);
		if (es->loc[a] < 0)
			continue;
		const word *pa = REL_ROW(es->po, w, a);
		for (int b = set_next(pa, w, 0); b >= 0; b = set_next(pa, w, b + 1)) {
			if (es->loc[a] != es->loc[b])
				continue;
			/* a before b in program order, same location: the latest
			 * write a has seen or made is co-before what b sees or makes */
			int wa = (es->kind[a] & EV_W) ? a : src[a];
			if (wa < 0)
				continue;
			if ((es->kind[b] & EV_W) && wa != b)
				rel_add(must, w, wa, b);              /* CoWW, CoRW */
			if ((es->kind[b] & EV_R) && src[b] >= 0 && src[b] != wa && src[b] != b)
				rel_add(must, w, wa, src[b]);         /* CoWR, CoRR */
		}
	}
	/* the initial write comes first */
	for (int i = 0; i < es->ninit; i++)
		for (int j = es->ninit; j < n; j++)
			if ((es->kind[j] & EV_W) && es->loc[j] == es->loc[i])
				rel_add(must, w, i, j);
}
