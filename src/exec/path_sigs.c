/* path_sigs.c - what herd7's Loop check sees of a thread's path that is
 * never an execution (a cut or incoherent one): signatures, so that
 * paths it cannot tell apart are kept once (thread_path.h). */
#include <stdlib.h>
#include <string.h>
#include "exec/thread_path.h"
#include "base/xalloc.h"

static void put(bytes *s, const void *p, size_t n)
{
	if (n == 0)
		return;   /* p may be NULL then (no choices yet): memcpy's is not */
	if (s->n + n > s->cap) {
		s->cap = (s->n + n) * 2 + 64;
		s->b = xrealloc(s->b, s->cap);
	}
	memcpy(s->b + s->n, p, n);
	s->n += n;
}

static int cmp_read(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(int) + sizeof(value));
}

/* Events a signature keeps whole: keep[i] set on entry for those kept
 * whatever follows (writes, fences); then also every read whose value
 * reaches a kept event (its value dependency, or the read of its rmw).
 * num[i]: the kept event's number among the kept ones, -1 for others. */
static void keep_closure(const runner *r, int n, int *keep, int *num)
{
	int k = 0;

	for (int i = n - 1; i >= 0; i--)
		for (int j = i + 1; j < n && !keep[i]; j++)
			if (keep[j] && (dep_has(r->evdeps + ((size_t)j * DEP_NSETS + DEP_VDEP) * r->w, i)
					|| r->ev[j].rmw_read == i))
				keep[i] = 1;
	for (int i = 0; i < n; i++)
		num[i] = keep[i] ? k++ : -1;
}

/* The kept events in order (kind, location, values, rmw read, the kept
 * events their value depends on), then only the set of (location,
 * value) of the others: sorted, without repeats. */
static void put_events(const runner *r, int n, const int *keep, const int *num, bytes *s)
{
	bytes rd = { 0 };
	int end = -1;

	for (int i = 0; i < n; i++) {
		const tevent *e = &r->ev[i];
		if (!keep[i]) {
			put(&rd, &e->loc, sizeof e->loc);
			put(&rd, &e->rv, sizeof e->rv);
			continue;
		}
		int rm = e->rmw_read >= 0 ? num[e->rmw_read] : -1;
		put(s, &e->kind, sizeof e->kind);
		put(s, &e->loc, sizeof e->loc);
		put(s, &e->rv, sizeof e->rv);
		put(s, &e->wv, sizeof e->wv);
		put(s, &rm, sizeof rm);
		const uint64_t *vd = r->evdeps + ((size_t)i * DEP_NSETS + DEP_VDEP) * r->w;
		for (int j = 0; j < i; j++)
			if (keep[j] && dep_has(vd, j))
				put(s, &num[j], sizeof num[j]);
		put(s, &end, sizeof end);
	}
	size_t rsz = sizeof(int) + sizeof(value), nr = rd.n / rsz, m = 0;
	if (nr)
		qsort(rd.b, nr, rsz, cmp_read);
	for (size_t i = 0; i < nr; i++)
		if (m == 0 || memcmp(rd.b + (m - 1) * rsz, rd.b + i * rsz, rsz))
			memmove(rd.b + m++ * rsz, rd.b + i * rsz, rsz);
	if (m)
		put(s, rd.b, m * rsz);
	free(rd.b);
}

/* Kept whole in every signature: a write, a fence (or other event that
 * is not a read of a location). */
static bool always_kept(const tevent *e)
{
	return (e->kind & EV_W) || !(e->kind & EV_R) || e->loc < 0;
}

/* What the Loop check (enumerate.c, probe_cut) and the warning's label
 * see of a cut path, which is never an execution: its choices and loop
 * head, its writes and the reads whose value reaches one (in order, with
 * their values and value dependencies: the thin-air check), and only the
 * set of (location, value) of its other reads (each needs some write of
 * its value). A retry loop whose every attempt fails guesses each read's
 * value among all its location's values: without this, its cut paths are
 * the product of those guesses. */
static void cut_signature(const runner *r, const pathpos *p, bool cut, bytes *s)
{
	int n = p->nev;
	int *keep = xrealloc(NULL, sizeof(int) * (n ? n : 1));
	int *num = xrealloc(NULL, sizeof(int) * (n ? n : 1));

	for (int i = 0; i < n; i++)
		keep[i] = always_kept(&r->ev[i]);
	keep_closure(r, n, keep, num);
	int at = cut ? r->cut_at : -1;
	put(s, &at, sizeof at);
	put(s, &p->ndec, sizeof p->ndec);
	put(s, r->dec, (size_t)p->ndec);
	put_events(r, n, keep, num, s);
	free(num);
	free(keep);
}

/* Is signature s (n bytes at b, malloc'd) in the table? If not, it is
 * added and the table owns it; if so, it is freed. */
bool sig_seen(sig_table *t, unsigned char *b, size_t n)
{
	uint64_t h = 1469598103934665603ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 1099511628211ull;
	if (2 * (t->n + 1) > t->cap) {   /* grow: rehash */
		size_t cap = t->cap ? 2 * t->cap : 256;
		struct sig *v = xzalloc(sizeof *v * cap);
		for (size_t i = 0; i < t->cap; i++)
			if (t->v[i].b) {
				size_t j = t->v[i].h & (cap - 1);
				while (v[j].b)
					j = (j + 1) & (cap - 1);
				v[j] = t->v[i];
			}
		free(t->v);
		t->v = v;
		t->cap = cap;
	}
	size_t j = h & (t->cap - 1);
	for (; t->v[j].b; j = (j + 1) & (t->cap - 1))
		if (t->v[j].h == h && t->v[j].len == n && !memcmp(t->v[j].b, b, n)) {
			free(b);
			return true;
		}
	t->v[j] = (struct sig){ h, n, b };   /* b is never NULL: see the callers */
	t->n++;
	return false;
}

void sig_table_free(sig_table *t)
{
	for (size_t i = 0; i < t->cap; i++)
		free(t->v[i].b);
	free(t->v);
	*t = (sig_table){ 0 };
}

/* Is a cut (or incoherent) path with the same signature already kept?
 * If not, remember this one's. */
bool cut_seen(runner *r, const pathpos *p, bool cut)
{
	bytes s = { 0 };

	cut_signature(r, p, cut, &s);
	return sig_seen(&r->cuts, s.b, s.n);   /* s starts with cut_at */
}

/* Registers live before each instruction: read on some path from there
 * before being written. A path's registers count only at the end of
 * paths that are executions; for the paths head_signature is for (cut
 * ones) they do not, so nothing is live at the end. IR_PICK may keep its
 * destination: it reads it. */
void live_regs(runner *r)
{
	const litmus_thread *th = r->th;
	int lw = r->lw = (r->nregs + 63) / 64 ? (r->nregs + 63) / 64 : 1;
	uint64_t *live = r->live = xzalloc(sizeof(uint64_t) * lw * (th->ncode + 1));
	uint64_t *in = xzalloc(sizeof(uint64_t) * lw);

	for (bool changed = true; changed;) {
		changed = false;
		for (int i = th->ncode - 1; i >= 0; i--) {
			const ir_insn *x = &th->code[i];
			uint64_t *out = live + (size_t)i * lw;
			memset(in, 0, sizeof(uint64_t) * lw);
			if (x->op != IR_BRANCH || x->cmp != CMP_ALWAYS)
				for (int k = 0; k < lw; k++)
					in[k] = live[(size_t)(i + 1) * lw + k];
			if (x->op == IR_BRANCH)
				for (int k = 0; k < lw; k++)
					in[k] |= live[(size_t)x->target * lw + k];
			if (x->dst >= 0 && x->op != IR_PICK && x->op != IR_BRANCH
			    && x->op != IR_STORE && x->op != IR_FENCE)
				in[x->dst >> 6] &= ~((uint64_t)1 << (x->dst & 63));
			const opnd *o[3] = { &x->a, &x->b, &x->c };
			for (int k = 0; k < 3; k++)
				if (o[k]->kind == OPND_REG)
					in[o[k]->reg >> 6] |= (uint64_t)1 << (o[k]->reg & 63);
			if (x->op == IR_PICK && x->dst >= 0)
				in[x->dst >> 6] |= (uint64_t)1 << (x->dst & 63);
			if (memcmp(in, out, sizeof(uint64_t) * lw)) {
				memcpy(out, in, sizeof(uint64_t) * lw);
				changed = true;
			}
		}
	}
	free(in);
}

/* What the rest of an incoherent path (of use to the Loop check only)
 * can make of it, when it jumps back to a loop head: two paths with the
 * same signature there end in paths of the same cut_signature, so the
 * second need not go on. It holds the path's position, its choices, its loop counts and
 * reservation, the registers live at the head (values, and the reads
 * their values come from), and its events as cut_signature sees them,
 * except that a read stays whole if a live register or the reservation
 * may still make it feed a write. */
void head_signature(const runner *r, const pathpos *p, bytes *s)
{
	int n = p->nev, end = -1;
	int *keep = xrealloc(NULL, sizeof(int) * (n ? n : 1));
	int *num = xrealloc(NULL, sizeof(int) * (n ? n : 1));
	const uint64_t *live = r->live + (size_t)p->pc * r->lw;

	for (int i = 0; i < n; i++) {
		keep[i] = always_kept(&r->ev[i]) || i == p->lr_ev - 1;
		for (int g = 0; g < r->nregs && !keep[i]; g++)
			if (((live[g >> 6] >> (g & 63)) & 1) && dep_has(rs(r, g, VTAINT), i))
				keep[i] = 1;
	}
	keep_closure(r, n, keep, num);
	int parity = p->nsrc & 1, lr = p->lr_ev > 0 ? num[p->lr_ev - 1] : -1;
	put(s, &p->pc, sizeof p->pc);
	put(s, &parity, sizeof parity);
	put(s, &p->lastpc, sizeof p->lastpc);
	put(s, &lr, sizeof lr);
	put(s, &p->lr_loc, sizeof p->lr_loc);
	put(s, &p->nscopes, sizeof p->nscopes);
	put(s, p->scope_end, sizeof(int) * (size_t)p->nscopes);
	put(s, r->jumps, sizeof(int) * (size_t)r->nheads);
	put(s, &p->ndec, sizeof p->ndec);
	put(s, r->dec, (size_t)p->ndec);
	for (int g = 0; g < r->nregs; g++) {
		if (!((live[g >> 6] >> (g & 63)) & 1))
			continue;
		put(s, &g, sizeof g);
		put(s, &r->val[g], sizeof r->val[g]);
		put(s, &r->unknown[g], 1);
		const uint64_t *vt = rs(r, g, VTAINT);
		for (int i = 0; i < n; i++)
			if (dep_has(vt, i))
				put(s, &num[i], sizeof num[i]);
		put(s, &end, sizeof end);
	}
	put_events(r, n, keep, num, s);
	free(num);
	free(keep);
}
