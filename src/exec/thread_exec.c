/* thread_exec.c - run a thread's IR over every guess of its read values. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "exec/thread_exec.h"
#include "exec/thread_path.h"
#include "base/xalloc.h"

#define MAX_STEPS 4096        /* per path: litmus threads are short */
#define MAX_WORDS 1024        /* words per dependency set: 65536 events */

void trace_list_free(trace_list *l)
{
	for (int i = 0; i < l->n; i++) {
		free(l->v[i].ev);
		free(l->v[i].deps);
		free(l->v[i].regs);
		free(l->v[i].bad);
		free(l->v[i].dec);
	}
	free(l->v);
	memset(l, 0, sizeof *l);
	l->cut_insn = -1;
}


static bool compare(cmp_op op, value a, value b, bool *out)
{
	if (op == CMP_ALWAYS) {
		*out = true;
		return true;
	}
	if (op == CMP_EQ || op == CMP_NE) {
		*out = value_eq(a, b) == (op == CMP_EQ);
		return true;
	}
	if (a.sym >= 0 || b.sym >= 0)
		return false;
	uint64_t x = (uint64_t)a.off, y = (uint64_t)b.off;
	int64_t sx = a.off, sy = b.off;
	switch (op) {
	case CMP_LT: *out = x < y; break;
	case CMP_LE: *out = x <= y; break;
	case CMP_GT: *out = x > y; break;
	case CMP_GE: *out = x >= y; break;
	case CMP_SLT: *out = sx < sy; break;
	case CMP_SLE: *out = sx <= sy; break;
	case CMP_SGT: *out = sx > sy; break;
	case CMP_SGE: *out = sx >= sy; break;
	case CMP_SET: *out = (x & y) != 0; break;
	default: return false;
	}
	return true;
}

/* ---- the path search ---- */

/* Saving and restoring the path state around a fork. */
static char *save_state(runner *r)
{
	if (r->depth == r->nframes) {
		r->frames = xrealloc(r->frames, sizeof *r->frames * (r->nframes + 1));
		r->frames[r->nframes++] = xrealloc(NULL, r->state_size);
	}
	char *f = r->frames[r->depth++];
	memcpy(f, r->state, r->state_size);
	return f;
}

static void restore_state(runner *r, const char *f)
{
	memcpy(r->state, f, r->state_size);
}

static void operands_ptaint(runner *r, const ir_insn *in)
{
	ds_copy(r->xctrl, oset(r, &in->a, PTAINT), r->w);
	ds_or(r->xctrl, oset(r, &in->b, PTAINT), r->w);
	ds_or(r->xctrl, oset(r, &in->c, PTAINT), r->w);
}

static value value_of(const opnd *o, const runner *r)
{
	if (o->kind == OPND_REG)
		return r->val[o->reg];
	if (o->kind == OPND_IMM)
		return o->imm;
	return value_int(0);
}

/* Register dst gets value v and sets taint / vtaint / ptaint (NULL:
 * empty). The sets may be dst's own or scratch sets. */
static void set_reg(runner *r, int dst, value v, const uint64_t *taint, const uint64_t *vtaint,
		    const uint64_t *ptaint)
{
	r->val[dst] = v;
	r->copy1[dst] = 0;
	if (taint != rs(r, dst, TAINT))
		ds_copy(rs(r, dst, TAINT), taint, r->w);
	if (vtaint != rs(r, dst, VTAINT))
		ds_copy(rs(r, dst, VTAINT), vtaint, r->w);
	if (ptaint != rs(r, dst, PTAINT))
		ds_copy(rs(r, dst, PTAINT), ptaint, r->w);
}

static bool unknown_of(const runner *r, const opnd *o)
{
	return o->kind == OPND_REG && r->unknown[o->reg];
}

/* A register that holds what read event e returned. */
static void read_result(runner *r, int dst, value v, int e)
{
	r->val[dst] = v;
	r->copy1[dst] = e + 1;
	r->unknown[dst] = 1;
	ds_clear(rs(r, dst, TAINT), r->w);
	ds_bit(rs(r, dst, TAINT), e);
	ds_copy(rs(r, dst, VTAINT), rs(r, dst, TAINT), r->w);
	ds_clear(rs(r, dst, PTAINT), r->w);
}

/* Emits an event whose address, data and value dependencies are the sets
 * addr, data and vdep (NULL: empty); its ctrl is the path's plus the
 * instruction's pick dependencies. Returns its index, -1 on error, -2
 * when the path has more events than the sets hold (thread_traces then
 * starts again with wider sets). */
static int emit(runner *r, pathpos *p, const ir_insn *in, uint8_t kind, int loc,
		value rv, value wv, tagmask tags, const uint64_t *addr, const uint64_t *data,
		const uint64_t *vdep)
{
	if (p->nev >= 64 * r->w) {
		r->overflow = true;
		return -2;
	}
	if (r->md->mixed && loc >= 0 && (kind & (EV_R | EV_W))) {
		/* an access keeps only its own bytes */
		int size = mixed_key_size(r->md->locs[loc].off);
		uint64_t mask = size == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * size)) - 1;
		if (kind & EV_W) {
			if (wv.sym >= 0)
				return diag_error(r->d, in->pos, "P%d: mixed-size: storing an address "
						  "is not supported (it has no bytes)", r->th->id);
			wv.off = (int64_t)((uint64_t)wv.off & mask);
		}
		if (rv.sym < 0)
			rv.off = (int64_t)((uint64_t)rv.off & mask);
	}
	int e = p->nev++;
	r->ev[e] = (tevent){ .kind = kind, .loc = loc, .rv = rv, .wv = wv, .tags = tags,
			     .insn = (int)(in - r->th->code), .rmw_read = -1, .copy = -1 };
	ds_copy(evdep(r, e, DEP_ADDR), addr, r->w);
	ds_copy(evdep(r, e, DEP_DATA), data, r->w);
	ds_copy(evdep(r, e, DEP_CTRL), r->ctrl, r->w);
	ds_or(evdep(r, e, DEP_CTRL), r->xctrl, r->w);
	ds_copy(evdep(r, e, DEP_PICK), r->xctrl, r->w);
	ds_copy(evdep(r, e, DEP_VDEP), vdep, r->w);
	ds_clear(evdep(r, e, DEP_SCDATA), r->w);
	/* operand a is a memory access's address (litmus.h) */
	if (loc >= 0 && (kind & (EV_R | EV_W)) && (in->op == IR_LOAD || in->op == IR_STORE ||
	    in->op == IR_RMW || in->op == IR_CAS || in->op == IR_SC))
		ds_and(evdep(r, e, DEP_PADDR), r->xctrl, oset(r, &in->a, PTAINT), r->w);
	else
		ds_clear(evdep(r, e, DEP_PADDR), r->w);
	/* a write's value joins the domain at once: a later read of this
	 * very path may have to return it (not a write of an incoherent
	 * path: it only decides "Loop", and its values could grow without
	 * end) */
	if ((kind & EV_W) && !p->incoherent) {
		/* depth and, per symbol, sdepth (values.h): the greatest of
		 * the reads the value is computed from, plus this write */
		int d = 0, nsv = r->md->mixed ? 0 : r->md->nsv;
		uint8_t sd[SDEPTH_SYMS] = { 0 };
		for (int j = 0; vdep && j < e; j++)
			if (((vdep[j >> 6] >> (j & 63)) & 1) && (r->ev[j].kind & EV_R) && r->ev[j].loc >= 0) {
				int dj = mem_domain_depth(r->md, r->ev[j].loc, r->ev[j].rv, nsv ? sd : NULL);
				d = dj > d ? dj : d;
			}
		/* a one-event atomic computes its value from its own read
		 * (but xchg: from its operand only) */
		if ((kind & EV_R) && in->op == IR_RMW && in->alu != ALU_MOVB) {
			int dj = mem_domain_depth(r->md, loc, rv, nsv ? sd : NULL);
			d = dj > d ? dj : d;
		}
		if (r->md->mixed) {
			if (mem_domain_mixed_write(r->md, loc, wv.off, d + 1))
				*r->grew = 1;
		} else {
			int sym = r->md->locs[loc].sym;
			if (nsv && sym >= 0 && sym < nsv && sd[sym] < 255)
				sd[sym]++;
			if (mem_domain_add_depthv(r->md, loc, wv, r->self, d + 1, nsv ? sd : NULL))
				*r->grew = 1;
		}
	}
	return e;
}

/* Is an incoherent path at pc (one that is never an execution) of any
 * use? Only for herd7's Loop check: if it may still be cut (a backward
 * branch at or after pc), or, not cut, as a loop-only trace beside
 * another thread's cut path (trace.incoherent). */
static bool incoherent_useful(const runner *r, int pc)
{
	return pc <= r->last_back || r->others_loop;
}

static int finish(runner *r, pathpos *p, bool cut)
{
	trace_list *l = r->out;

	if (p->incoherent && !cut && !incoherent_useful(r, p->pc))
		return 0;   /* never an execution, and no other path is cut */
	if ((cut || p->incoherent) && cut_seen(r, p, cut))
		return 0;   /* the Loop check would see the same as a kept one */
	if (r->maxpaths >= 0 && l->n >= r->maxpaths)
		return diag_error(r->d, (srcpos){ 0, 0 },
				  "thread P%d has more than %ld paths; the test is too large "
				  "(-maxpaths N raises the limit, 0 removes it)",
				  r->th->id, r->maxpaths);
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		l->v = xrealloc(l->v, sizeof *l->v * l->cap);
	}
	trace *tr = &l->v[l->n++];
	size_t nd = (size_t)p->nev * DEP_NSETS * r->w;
	tr->nev = p->nev;
	tr->w = r->w;
	tr->cut = cut;
	tr->cut_at = cut ? r->cut_at : -1;
	tr->incoherent = p->incoherent && !cut;
	tr->bad = NULL;
	tr->ndec = p->ndec;
	tr->dec = xrealloc(NULL, p->ndec ? (size_t)p->ndec : 1);
	if (p->ndec)
		memcpy(tr->dec, r->dec, (size_t)p->ndec);
	tr->ev = xrealloc(NULL, sizeof *tr->ev * (p->nev ? p->nev : 1));
	memcpy(tr->ev, r->ev, sizeof *tr->ev * p->nev);
	tr->deps = xrealloc(NULL, sizeof *tr->deps * (nd ? nd : 1));
	memcpy(tr->deps, r->evdeps, sizeof *tr->deps * nd);
	tr->regs = xrealloc(NULL, sizeof *tr->regs * (r->nregs ? r->nregs : 1));
	memcpy(tr->regs, r->val, sizeof *tr->regs * r->nregs);
	return 0;
}

static int run(runner *r, pathpos p);

/* Record a choice of the path (trace.dec) at instruction in: second is
 * false for the branch not taken and the store-conditional's success.
 * The bit is 0 for the outcome herd7 gives first in P0. Measured with
 * herd7 (tests/litmus/engine/tests/loop-label-*): its order flips with
 * the parity of the number of instructions the path ran before (a nop,
 * which we drop, counts there), and it is the success first for a
 * RISC-V sc.w at an even count, the not-taken side first for a branch
 * at an odd count; ir_insn.alt_swap flips it (Power, AArch64 STXR). */
static void choose(runner *r, pathpos *p, const ir_insn *in, bool second)
{
	bool bit = second ^ ((p->nsrc - 1) & 1) ^ (in->op == IR_BRANCH) ^ in->alt_swap;

	if (p->ndec == r->dec_cap) {
		r->dec_cap = r->dec_cap ? 2 * r->dec_cap : 64;
		r->dec = xrealloc(r->dec, (size_t)r->dec_cap);
	}
	r->dec[p->ndec++] = bit;
}

/* herd7 meets a thread's paths in the order of their choices (trace.dec),
 * the first differing one deciding, 0 first in P0, P2, P4..., 1 first in
 * P1, P3... With the warning's rule (enumerate.c, probe_cut) this gives
 * herd7's label on the tests we measured. */
int trace_path_cmp(const trace *a, const trace *b, int ti)
{
	int n = a->ndec < b->ndec ? a->ndec : b->ndec;
	for (int i = 0; i < n; i++)
		if (a->dec[i] != b->dec[i]) {
			int c = a->dec[i] < b->dec[i] ? -1 : 1;
			return ti % 2 ? -c : c;
		}
	return a->ndec < b->ndec ? -1 : a->ndec > b->ndec;
}

/* v as the test writes it: 3, x, x+8 */
static const char *value_text(const litmus_test *t, value v, char *buf, size_t n)
{
	if (v.sym < 0)
		snprintf(buf, n, "%" PRId64, v.off);
	else if (v.off)
		snprintf(buf, n, "%s%+" PRId64, t->syms[v.sym], v.off);
	else
		snprintf(buf, n, "%s", t->syms[v.sym]);
	return buf;
}

/* A path that reaches an operation with no meaning (herd7: a user
 * error) stops there as a `bad` trace: an execution the model allows with
 * it makes the test an error (enumerate.c); dropping the path silently
 * would change the verdict. The trace keeps the events and registers the
 * path has so far. Returns 0, or -1 on error. */
static int meaningless(runner *r, pathpos *p, const ir_insn *in, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int meaningless(runner *r, pathpos *p, const ir_insn *in, const char *fmt, ...)
{
	char msg[400], full[440];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(full, sizeof full, "P%d: %s", r->th->id, msg);
	if (p->incoherent)
		return 0;   /* not an execution: see read_each */
	if (finish(r, p, false) < 0)
		return -1;
	trace *tr = &r->out->v[r->out->n - 1];
	tr->bad = xrealloc(NULL, strlen(full) + 1);
	strcpy(tr->bad, full);
	tr->bad_pos = in->pos;
	return 0;
}

/* "r1 holds 0" or "the address is 0" */
static const char *operand_text(const runner *r, const opnd *o, value v, char *buf, size_t n)
{
	char vb[128];

	value_text(r->t, v, vb, sizeof vb);
	if (o->kind == OPND_REG)
		snprintf(buf, n, "%s holds %s", r->t->regs[o->reg], vb);
	else
		snprintf(buf, n, "the operand is %s", vb);
	return buf;
}

/* The address operand of a memory instruction: must be a location.
 * Returns 1; 0 for an integer (the path stops as a `bad` trace, see
 * meaningless: herd7 rejects a "non symbolic address"), or for an address
 * past a symbol (no execution takes this path, with a warning: herd7 has
 * no initial write there either); -1 on error. */
static int address_of(runner *r, pathpos *p, const ir_insn *in, int *loc)
{
	value a = value_of(&in->a, r);
	char what[200], at[128];

	if (a.sym < 0)
		return meaningless(r, p, in, "%s, not the address of a location "
				   "(an access through a register that holds no address)",
				   operand_text(r, &in->a, a, what, sizeof what));
	if (r->md->mixed) {
		int size = in->size ? in->size : MIXED_WIDTH;
		int64_t o = a.off + in->off;
		if (o < 0 || o + size > MIXED_WIDTH || o % size) {
			value_text(r->t, (value){ a.sym, o }, at, sizeof at);
			return meaningless(r, p, in, "mixed-size: an access of %d bytes at %s "
					   "(accesses must be aligned and inside the %d-byte location)",
					   size, at, MIXED_WIDTH);
		}
		/* big endian: memory byte o is byte 7 - o of the cell's value */
		if (r->t->big_endian)
			o = MIXED_WIDTH - size - o;
		*loc = mem_domain_mixed_location(r->md, a.sym, (int)o, size);
		return 1;
	}
	if (a.off + in->off != 0) {
		value_text(r->t, (value){ a.sym, a.off + in->off }, at, sizeof at);
		diag_warning(r->d, in->pos, "P%d: an access at %s, which is no location "
			     "(each location is one cell at offset 0): executions that "
			     "make it are dropped", r->th->id, at);
		return 0;
	}
	*loc = mem_location(r->md, a.sym, 0);
	return 1;
}

static int no_alu(runner *r, pathpos *p, const ir_insn *in, value a, value b)
{
	char x[128], y[128];

	return meaningless(r, p, in, "arithmetic on %s and %s has no value "
			   "(an address can only be added to, subtracted from or compared)",
			   value_text(r->t, a, x, sizeof x), value_text(r->t, b, y, sizeof y));
}

static int no_compare(runner *r, pathpos *p, const ir_insn *in, value a, value b)
{
	char x[128], y[128];

	return meaningless(r, p, in, "cannot order %s and %s (an address is only == or != another value)",
			   value_text(r->t, a, x, sizeof x), value_text(r->t, b, y, sizeof y));
}

/* Can this thread's read of loc return domain entry i? As r->mode says
 * (see thread_exec.h). */
static bool may_read(const runner *r, const pathpos *p, int loc, int i)
{
	const value_set *s = &r->md->dom[loc];

	if (r->mode == GUESS_ANY)
		return true;
	if (s->who[i] & ~r->self & ~WRITER_INIT)
		return true;                     /* another thread writes it */
	if (r->mode == GUESS_NO_FUTURE) {
		/* only this thread (or the init) writes it: not a po-later
		 * write of this path, which would also make an own write
		 * feed back into the read that computes it */
		if (s->who[i] & WRITER_INIT)
			return true;
		for (int e = p->nev - 1; e >= 0; e--)
			if ((r->ev[e].kind & EV_W) && r->ev[e].loc == loc && value_eq(r->ev[e].wv, s->v[i]))
				return true;
		return false;
	}
	for (int e = p->nev - 1; e >= 0; e--)   /* own latest write, if any */
		if ((r->ev[e].kind & EV_W) && r->ev[e].loc == loc)
			return value_eq(r->ev[e].wv, s->v[i]);
	return (s->who[i] & WRITER_INIT) != 0;
}

/* Does this path have the value v it reads at loc before event `upto`
 * from its own earlier writes or the initial value, as r->mode lets a
 * read have them? */
static bool own_value(const runner *r, int upto, int loc, value v)
{
	for (int e = upto - 1; e >= 0; e--)
		if ((r->ev[e].kind & EV_W) && r->ev[e].loc == loc) {
			if (value_eq(r->ev[e].wv, v))
				return true;
			if (r->mode == GUESS_COHERENT)
				return false;   /* only the latest own write */
		}
	return value_eq(r->md->init[loc], v);
}

#define MAX_WANTED 64

typedef struct {
	int n;
	int loc[MAX_WANTED];
	value v[MAX_WANTED];
	uint64_t by[MAX_WANTED];   /* threads that write it */
	int to[MAX_WANTED];        /* the thread it is matched to */
	int load[62];
	uint64_t seen;
} wanted_set;

static bool wanted_match(wanted_set *s, const int *cap, int k)
{
	for (int t = 0; t < 62; t++) {
		uint64_t b = (uint64_t)1 << t;
		if (!(s->by[k] & b) || (s->seen & b))
			continue;
		s->seen |= b;
		if (s->load[t] < cap[t]) {
			s->load[t]++;
			s->to[k] = t;
			return true;
		}
		for (int j = 0; j < s->n; j++)
			if (j != k && s->to[j] == t && wanted_match(s, cap, j)) {
				s->to[k] = t;
				return true;
			}
	}
	return false;
}

/* A read of a value its path cannot have from itself (own_value) needs a
 * write of another thread, and each write event gives one (location,
 * value); a thread performs at most md->thread_writes of them in one
 * execution. Can the writers of this path's such values, and of v at loc,
 * give them all? (A matching of values to threads with capacities: a
 * retry loop next to an atomic of another thread otherwise guesses every
 * value the atomic could ever write, in each attempt.) Checked only where
 * a read never has a po-later write of its own thread. */
static bool writers_suffice(const runner *r, const pathpos *p, int loc, value v)
{
	const mem_domain *md = r->md;

	if (!md->thread_writes || (r->mode != GUESS_COHERENT && r->mode != GUESS_NO_FUTURE)
	    || own_value(r, p->nev, loc, v))
		return true;
	wanted_set ws, *s = &ws;
	int cap[62];
	bool ok = true;

	s->n = 0;
	memset(s->load, 0, sizeof s->load);
	for (int t = 0; t < 62; t++)
		cap[t] = t < r->t->nthreads ? md->thread_writes[t] : 0;
	for (int e = 0; e <= p->nev && ok; e++) {
		int l = loc;
		value x = v;
		if (e < p->nev) {
			const tevent *ev = &r->ev[e];
			if (!(ev->kind & EV_R) || ev->loc < 0 || r->th->code[ev->insn].model_rf
			    || own_value(r, e, ev->loc, ev->rv))
				continue;
			l = ev->loc;
			x = ev->rv;
		}
		int k = 0;
		while (k < s->n && !(s->loc[k] == l && value_eq(s->v[k], x)))
			k++;
		if (k < s->n)
			continue;      /* one write gives every read of it */
		const value_set *d = &md->dom[l];
		uint64_t by = 0;
		for (int i = 0; i < d->n; i++)
			if (value_eq(d->v[i], x)) {
				by = d->who[i] & ~r->self & ~WRITER_INIT;
				break;
			}
		if (by >> 62)
			return true;   /* threads past 62 share a bit */
		bool unbounded = false;
		for (int t = 0; t < 62; t++)
			if (((by >> t) & 1) && cap[t] < 0)
				unbounded = true;
		if (unbounded)
			continue;      /* a thread with no bound can give it */
		if (s->n == MAX_WANTED)
			return true;
		s->loc[k] = l;
		s->v[k] = x;
		s->by[k] = by;
		s->to[k] = -1;
		s->n++;
		s->seen = 0;
		ok = wanted_match(s, cap, k);
	}
	return ok;
}

/* The read of a read-modify-write made of two events (IR_RMW with split,
 * IR_CAS). Its one operand is the address: only the address's pick
 * dependencies are the read's. A picked value to write, or a CAS's
 * picked compare operand, is the write's alone (herd7's Arm pick-data-dep
 * ends at the write): the read does not wait for the choice, so what an
 * ISB orders after such a read is not ordered after the picking read. */
static int emit_rmw_read(runner *r, pathpos *q, const ir_insn *in, int loc, value old,
			 tagmask tags, const uint64_t *addr, const uint64_t *vaddr)
{
	dset all = tmp(r, T_DATA);

	ds_copy(all, r->xctrl, r->w);
	ds_copy(r->xctrl, oset(r, &in->a, PTAINT), r->w);
	int e = emit(r, q, in, EV_R, loc, old, old, tags, addr, NULL, vaddr);
	ds_copy(r->xctrl, all, r->w);
	return e;
}

/* The write of a two-event read-modify-write, linked by rmw to its read
 * `er`. Returns its index, or < 0 as emit does. */
static int emit_linked_write(runner *r, pathpos *q, const ir_insn *in, int loc, value v,
			     int er, const uint64_t *addr, const uint64_t *data, const uint64_t *vdep)
{
	int ew = emit(r, q, in, EV_W, loc, v, v, in->tags_w, addr, data, vdep);

	if (ew >= 0)
		r->ev[ew].rmw_read = er;
	return ew;
}

/* Mixed-size mode: the operands of a read-modify-write of `size` bytes
 * (1, 2 or 4) as the instruction compares them, on the narrow value:
 * sign-extended for a signed min / max (sign), else zero-extended (the
 * unsigned min / max, the comparison of a CAS). An address is kept. The
 * other operations need nothing: the write keeps the low bytes. */
static value narrow(value v, int size, bool sign)
{
	uint64_t m = ((uint64_t)1 << (8 * size)) - 1, x = (uint64_t)v.off & m;

	if (v.sym >= 0)
		return v;
	if (sign && (x >> (8 * size - 1)) & 1)
		x |= ~m;
	return value_int((int64_t)x);
}

/* The helpers of read_value return 1 for the path to go on past the
 * instruction, else what read_value returns (0, or < 0). addr: the
 * address's dependencies; vaddr: cleared (no value flow from an
 * address, DEP_VDEP). */

/* A load: one read event. */
static int load_events(runner *r, pathpos *q, const ir_insn *in, int loc, value old,
		       dset addr, dset vaddr)
{
	int e = emit(r, q, in, EV_R, loc, old, old, in->tags_r, addr, NULL, vaddr);

	if (e < 0)
		return e;
	read_result(r, in->dst, old, e);
	if (in->reserve) {
		q->lr_ev = e + 1;
		q->lr_loc = loc;
	}
	return 1;
}

/* IR_RMW: fetch, xchg and lock atomics are ONE event that both reads and
 * writes (as in herd7's BPF semantics), or with in->split a read and a
 * write linked by rmw (LKMM); herd7 also counts a dependency into the
 * operand as addr. */
static int rmw_events(runner *r, pathpos *q, const ir_insn *in, int loc, value old,
		      dset addr, dset vaddr)
{
	int w = r->w;
	value nv, ov = old, bv = value_of(&in->b, r);

	if (r->md->mixed && in->size && in->size < MIXED_WIDTH
	    && in->alu >= ALU_SMIN && in->alu <= ALU_UMAX) {
		bool sign = in->alu == ALU_SMIN || in->alu == ALU_SMAX;
		ov = narrow(ov, in->size, sign);
		bv = narrow(bv, in->size, sign);
	}
	if (!ir_alu(in->alu, ov, bv, &nv))
		return no_alu(r, q, in, old, value_of(&in->b, r));
	const uint64_t *data = oset(r, &in->b, TAINT), *vdata = oset(r, &in->b, VTAINT);
	dset vall = tmp(r, T_X);
	ds_copy(vall, vaddr, w);
	ds_or(vall, vdata, w);
	int e;
	if (in->split) {
		e = emit_rmw_read(r, q, in, loc, old, in->tags_r, addr, vaddr);
		if (e < 0)
			return e;
		ds_bit(vall, e);
		int ew = emit_linked_write(r, q, in, loc, nv, e, addr, data, vall);
		if (ew < 0)
			return ew;
	} else {
		dset ad = tmp(r, T_Y);
		ds_copy(ad, addr, w);
		ds_or(ad, data, w);
		e = emit(r, q, in, EV_R | EV_W, loc, old, nv, in->tags_r | in->tags_w, ad, data, vall);
		if (e < 0)
			return e;
	}
	if (in->dst >= 0)
		read_result(r, in->dst, old, e);
	return 1;
}

/* The write of a successful CAS that has a value to write, linked by rmw
 * to its read er. An Arm CAS writes only if its compare operand matches
 * the value read: the write has a pick dependency on both. Returns the
 * write's index, or < 0 as emit does. */
static int cas_write(runner *r, pathpos *q, const ir_insn *in, int loc, value nv, int er,
		     dset addr, dset vaddr)
{
	int w = r->w;
	dset xc = tmp(r, T_Y);

	ds_copy(xc, r->xctrl, w);
	if (in->pick) {
		ds_or(r->xctrl, oset(r, &in->b, TAINT), w);
		ds_bit(r->xctrl, er);
	}
	/* a value computed from the read depends on it, as an IR_RMW write
	 * does */
	dset vall = tmp(r, T_X);
	ds_copy(vall, vaddr, w);
	ds_or(vall, oset(r, &in->c, VTAINT), w);
	if (in->alu_new)
		ds_bit(vall, er);
	int ew = emit_linked_write(r, q, in, loc, nv, er, addr, oset(r, &in->c, TAINT), vall);
	ds_copy(r->xctrl, xc, w);
	return ew;
}

/* On success the Arm CAS may also be seen as writing back its compare
 * operand, equal to the value read: dst then depends on that operand,
 * and on the read er only through the comparison. Both are executions:
 * this runs the rest of the path that way. The operand's sets are those
 * before the fork (saved, read_each's state). Returns 0, or < 0. */
static int cas_pick_fork(runner *r, const pathpos *q, const ir_insn *in, value old, int er,
			 const char *saved)
{
	int w = r->w;
	char *mid = save_state(r);
	const char *b0 = saved + ((char *)r->rset - r->state);
	const uint64_t *bt = NULL, *bv = NULL, *bp = NULL;

	if (in->b.kind == OPND_REG) {
		bt = (const uint64_t *)b0 + ((size_t)in->b.reg * NREGSETS + TAINT) * w;
		bv = (const uint64_t *)b0 + ((size_t)in->b.reg * NREGSETS + VTAINT) * w;
		bp = (const uint64_t *)b0 + ((size_t)in->b.reg * NREGSETS + PTAINT) * w;
	}
	dset pt = tmp(r, T_X);
	ds_copy(pt, bp, w);
	ds_bit(pt, er);
	set_reg(r, in->dst, old, bt, bv, pt);
	r->unknown[in->dst] = 1;
	pathpos q2 = *q;
	q2.pc++;
	int st = run(r, q2);
	restore_state(r, mid);
	r->depth--;
	return st;
}

/* IR_CAS: a read, and a write linked by rmw on success (atomic_add_unless
 * succeeds on a difference, in->cmp). */
static int cas_events(runner *r, pathpos *q, const ir_insn *in, int loc, value old,
		      dset addr, dset vaddr, const char *saved)
{
	value exp = value_of(&in->b, r);

	if (r->md->mixed && exp.sym < 0) {
		/* mixed-size: the comparison is on the access's bytes
		 * (BPF cmpxchg32 compares the low 32 bits of r0) */
		int size = mixed_key_size(r->md->locs[loc].off);
		if (size < 8)
			exp.off = (int64_t)((uint64_t)exp.off & (((uint64_t)1 << (8 * size)) - 1));
	}
	bool ok = value_eq(old, exp) != (in->cmp == CMP_NE);
	value nv = value_of(&in->c, r);
	int st;
	if (ok && in->alu_new && !ir_alu(in->alu, old, nv, &nv))
		return no_alu(r, q, in, old, nv);   /* no meaning (an address times ...) */
	/* a fully ordered CAS is fenced only when it succeeds; the value is
	 * known, so the fence can go first */
	if (ok && in->tags_fence_ok
	    && (st = emit(r, q, in, EV_F, -1, value_int(0), value_int(0), in->tags_fence_ok,
			  NULL, NULL, NULL)) < 0)
		return st;
	int er = emit_rmw_read(r, q, in, loc, old, ok ? in->tags_r : in->tags_fail, addr, vaddr);
	if (er < 0)
		return er;
	if (ok && in->c.kind != OPND_NONE && (st = cas_write(r, q, in, loc, nv, er, addr, vaddr)) < 0)
		return st;
	if (ok && in->tags_fence_ok
	    && (st = emit(r, q, in, EV_F, -1, value_int(0), value_int(0), in->tags_fence_ok,
			  NULL, NULL, NULL)) < 0)
		return st;
	if (ok && in->pick && in->dst >= 0 && (st = cas_pick_fork(r, q, in, old, er, saved)) < 0)
		return st;
	if (in->dst >= 0)
		read_result(r, in->dst, old, er);
	return 1;
}

/* One value returned by a read: the events of the instruction, then the
 * rest of the path (or, when the value has no meaning here, a `bad`
 * trace: see meaningless). Returns 0, or < 0. */
static int read_value(runner *r, pathpos q, const ir_insn *in, int loc, value old, const char *saved)
{
	dset addr = tmp(r, T_ADDR), vaddr = tmp(r, T_VDEP);

	ds_copy(addr, oset(r, &in->a, TAINT), r->w);
	/* no value flow from the address: the value a read returns is the
	 * value of the write it reads from, whatever computed where it
	 * reads (DEP_VDEP, thread_exec.h) */
	ds_clear(vaddr, r->w);
	int st = in->op == IR_LOAD ? load_events(r, &q, in, loc, old, addr, vaddr)
		 : in->op == IR_RMW ? rmw_events(r, &q, in, loc, old, addr, vaddr)
		 : cas_events(r, &q, in, loc, old, addr, vaddr, saved);
	if (st != 1)
		return st;
	q.pc++;
	return run(r, q);
}

/* A read returns each value of its location's domain in turn, and the
 * thread goes on from there once per value. */
static int read_each(runner *r, pathpos p, const ir_insn *in, int loc)
{
	if (p.incoherent && !incoherent_useful(r, p.pc))
		return 0;
	char *saved = save_state(r);
	int st = 0;

	if (in->op == IR_LOAD && in->model_rf) {   /* no guess: the model's rf */
		st = read_value(r, p, in, loc, value_of(&in->b, r), saved);
		restore_state(r, saved);
		r->depth--;
		return st < 0 ? st : 0;
	}
	/* A value the guess mode rules out (a read older than the thread's
	 * own write: no execution the model allows) still matters in a
	 * thread with loops: herd7 marks a test "Loop" when a path past the
	 * unrolling limit has reads that some write (or the initial value)
	 * can feed, before the model or coherence is consulted. Such a path
	 * goes on, marked incoherent, while it is of use to that check
	 * (incoherent_useful); so does one whose reads of other threads'
	 * values need more writes than those threads perform
	 * (writers_suffice). */
	for (int i = 0; i < r->md->dom[loc].n; i++) {   /* the domain may grow */
		pathpos q = p;
		if (!may_read(r, &p, loc, i)
		    || (!p.incoherent && !writers_suffice(r, &p, loc, r->md->dom[loc].v[i]))) {
			if (!incoherent_useful(r, p.pc))
				continue;
			q.incoherent = true;
		}
		restore_state(r, saved);
		operands_ptaint(r, in);   /* a later path changed it */
		st = read_value(r, q, in, loc, r->md->dom[loc].v[i], saved);
		if (st < 0)
			break;
		st = 0;
	}
	restore_state(r, saved);
	r->depth--;
	return st;
}

/* A taken branch back to `target`: may the path go on? (herd7's -unroll) */
static bool jump_back(runner *r, int target)
{
	int h = r->head[target];

	if (r->jumps[h] >= r->unroll) {
		if (r->out->cut_insn < 0)
			r->out->cut_insn = target;
		r->cut_at = target;
		return false;
	}
	r->jumps[h]++;
	return true;
}

/* The result register of a store-conditional: value v, depending on what
 * in->sc_dep says (ew: the write event on success, -1 on failure). Its
 * value itself is known once the instruction runs: no value dependency. */
static void sc_result(runner *r, const ir_insn *in, value v, int ew)
{
	dset t = tmp(r, T_X), pt = tmp(r, T_Y);

	ds_clear(t, r->w);
	ds_clear(pt, r->w);
	if (in->sc_dep == SC_DEP_WRITE && ew >= 0)
		ds_bit(t, ew);
	if (in->sc_dep == SC_DEP_OPERANDS) {
		ds_or(t, oset(r, &in->a, TAINT), r->w);
		ds_or(t, oset(r, &in->b, TAINT), r->w);
		ds_or(pt, oset(r, &in->a, PTAINT), r->w);
		ds_or(pt, oset(r, &in->b, PTAINT), r->w);
	}
	set_reg(r, in->dst, v, t, NULL, pt);
	r->unknown[in->dst] = 1;   /* success or failure is a choice */
}

/* What one instruction of run does to the path: go on at the next
 * instruction (STEP_NEXT), or at the pc it set (STEP_JUMPED); any other
 * value (0, or < 0) is what run returns, the path having ended. */
enum { STEP_NEXT = 1, STEP_JUMPED = 2 };

/* Before instruction in: the step limit, the control dependencies of the
 * if statements that end here, the count of source instructions (one may
 * lower to several). Returns STEP_NEXT or < 0. */
static int enter_insn(runner *r, pathpos *p, const ir_insn *in)
{
	int w = r->w;

	if (++p->steps > MAX_STEPS)
		return diag_error(r->d, in->pos,
				  "thread P%d runs more than %d steps (a loop that never exits?)",
				  r->th->id, MAX_STEPS);
	while (p->nscopes > 0 && p->scope_end[p->nscopes - 1] == p->pc) {
		p->nscopes--;
		ds_copy(r->ctrl, r->scope_ctrl + (size_t)p->nscopes * w, w);
	}
	if (p->nsrc == 0 || p->pc <= p->lastpc || in->pos.line != p->lastpos.line
	    || in->pos.col != p->lastpos.col)
		p->nsrc++;
	p->lastpc = p->pc;
	p->lastpos = in->pos;
	operands_ptaint(r, in);
	return STEP_NEXT;
}

static int step_mov(runner *r, const ir_insn *in)
{
	int copy1 = in->a.kind == OPND_REG ? r->copy1[in->a.reg] : 0;

	r->unknown[in->dst] = unknown_of(r, &in->a);
	set_reg(r, in->dst, value_of(&in->a, r), oset(r, &in->a, TAINT),
		oset(r, &in->a, VTAINT), oset(r, &in->a, PTAINT));
	r->copy1[in->dst] = copy1;
	return STEP_NEXT;
}

/* d = set k of operand a | set k of operand b. */
static void operands_union(const runner *r, const ir_insn *in, int k, dset d)
{
	ds_copy(d, oset(r, &in->a, k), r->w);
	ds_or(d, oset(r, &in->b, k), r->w);
}

static int step_alu(runner *r, pathpos *p, const ir_insn *in)
{
	value v;

	if (!ir_alu(in->alu, value_of(&in->a, r), value_of(&in->b, r), &v))
		return no_alu(r, p, in, value_of(&in->a, r), value_of(&in->b, r));
	/* x ^ x, x == x, x != x: known without x */
	bool self_xor = (in->alu == ALU_XOR || in->alu == ALU_EQ || in->alu == ALU_NE)
			&& in->a.kind == OPND_REG && in->b.kind == OPND_REG
			&& in->a.reg == in->b.reg;
	dset t = tmp(r, T_ADDR), vt = tmp(r, T_VDEP), pt = tmp(r, T_X);
	operands_union(r, in, TAINT, t);
	if (self_xor)
		ds_clear(vt, r->w);
	else
		operands_union(r, in, VTAINT, vt);
	operands_union(r, in, PTAINT, pt);
	set_reg(r, in->dst, v, t, vt, pt);
	r->unknown[in->dst] = unknown_of(r, &in->a) || unknown_of(r, &in->b);
	return STEP_NEXT;
}

/* in's comparison of its operands a and b: 1 with *taken set, else what
 * no_compare returns (an address ordered against a number). */
static int compare_operands(runner *r, pathpos *p, const ir_insn *in, bool *taken)
{
	if (compare(in->cmp, value_of(&in->a, r), value_of(&in->b, r), taken))
		return 1;
	return no_compare(r, p, in, value_of(&in->a, r), value_of(&in->b, r));
}

static int step_pick(runner *r, pathpos *p, const ir_insn *in)
{
	int w = r->w;
	bool taken;
	int st;

	if ((st = compare_operands(r, p, in, &taken)) != 1)
		return st;
	dset chose = tmp(r, T_X), vchose = tmp(r, T_Y);
	operands_union(r, in, TAINT, chose);
	ds_or(chose, oset(r, &in->a, PTAINT), w);
	ds_or(chose, oset(r, &in->b, PTAINT), w);
	operands_union(r, in, VTAINT, vchose);
	/* both choices the same value: it is known without the comparison
	 * (no value flow from the flags' reads) */
	if (value_eq(value_of(&in->c, r), r->val[in->dst]))
		ds_clear(vchose, w);
	bool unk = unknown_of(r, &in->a) || unknown_of(r, &in->b);
	if (taken) {
		set_reg(r, in->dst, value_of(&in->c, r), oset(r, &in->c, TAINT),
			oset(r, &in->c, VTAINT), oset(r, &in->c, PTAINT));
		r->unknown[in->dst] = unknown_of(r, &in->c);
	}
	r->unknown[in->dst] |= unk;
	r->copy1[in->dst] = 0;     /* a choice, not a copy */
	ds_or(rs(r, in->dst, PTAINT), chose, w);
	ds_or(rs(r, in->dst, VTAINT), vchose, w);
	return STEP_NEXT;
}

static int step_store(runner *r, pathpos *p, const ir_insn *in)
{
	int loc, st;

	if ((st = address_of(r, p, in, &loc)) <= 0)
		return st;
	value v = value_of(&in->b, r);
	/* the value depends on the data, not on the address */
	if ((st = emit(r, p, in, EV_W, loc, v, v, in->tags_w, oset(r, &in->a, TAINT),
		       oset(r, &in->b, TAINT), oset(r, &in->b, VTAINT))) < 0)
		return st;
	if (in->b.kind == OPND_REG)
		r->ev[st].copy = r->copy1[in->b.reg] - 1;
	return STEP_NEXT;
}

/* The write of a successful store-conditional, linked by rmw to the
 * reserving read lr, then the rest of the path. Returns 0, or < 0. */
static int sc_success(runner *r, pathpos q, const ir_insn *in, int loc, int lr)
{
	int w = r->w;
	const uint64_t *vd = oset(r, &in->b, VTAINT);   /* data only */

	/* sc_nodep (Arm STXR): the data register gives no data or pick
	 * dependency to the write (the status register's dependencies are
	 * in->sc_dep's) */
	if (in->sc_nodep)
		ds_copy(r->xctrl, oset(r, &in->a, PTAINT), w);
	int ew = emit_linked_write(r, &q, in, loc, value_of(&in->b, r), lr, oset(r, &in->a, TAINT),
				   in->sc_nodep ? NULL : oset(r, &in->b, TAINT), vd);
	if (ew < 0)
		return ew;
	if (in->sc_nodep) {
		ds_copy(evdep(r, ew, DEP_SCDATA), oset(r, &in->b, TAINT), w);
		/* a pick into the data: pick-dep, not ctrl (it does not order
		 * the STXR; a chain through it may: pick-lob) */
		ds_or(evdep(r, ew, DEP_PICK), oset(r, &in->b, PTAINT), w);
	}
	/* the result says the store was done */
	if (in->dst >= 0)
		sc_result(r, in, value_int(0), ew);
	choose(r, &q, in, false);
	return run(r, q);
}

/* A store-conditional: two continuations, success (which needs a
 * reservation) then failure; the rest of the path changes the state in
 * place, so it is saved. Returns what run returns. */
static int step_sc(runner *r, pathpos p, const ir_insn *in)
{
	int loc, st;

	if ((st = address_of(r, &p, in, &loc)) <= 0)
		return st;
	int lr = p.lr_ev > 0 && p.lr_loc == loc ? p.lr_ev - 1 : -1;
	pathpos next = p;
	char *saved = save_state(r);

	next.lr_ev = 0;   /* either way the reservation ends */
	next.pc++;
	st = 0;
	if (lr >= 0) {
		st = sc_success(r, next, in, loc, lr);
		restore_state(r, saved);
	}
	if (st >= 0) {
		pathpos q = next;
		if (in->dst >= 0)
			sc_result(r, in, value_int(1), -1);
		choose(r, &q, in, true);
		st = run(r, q);
	}
	restore_state(r, saved);
	r->depth--;
	return st;
}

static int step_fence(runner *r, pathpos *p, const ir_insn *in)
{
	int loc = -1, st;

	if (in->a.kind != OPND_NONE && (st = address_of(r, p, in, &loc)) <= 0)
		return st;
	if ((st = emit(r, p, in, loc >= 0 ? 0 : EV_F, loc, value_int(0), value_int(0),
		       in->tags_f, oset(r, &in->a, TAINT), NULL, NULL)) < 0)
		return st;
	return STEP_NEXT;
}

static int step_branch(runner *r, pathpos *p, const ir_insn *in)
{
	int w = r->w;
	bool taken;
	int st;

	if ((st = compare_operands(r, p, in, &taken)) != 1)
		return st;
	/* the branches of one condition (a && b) end together: the first
	 * one's entry holds the ctrl to restore */
	if (in->cmp != CMP_ALWAYS && in->ctrl_end > 0
	    && !(p->nscopes > 0 && p->scope_end[p->nscopes - 1] == in->ctrl_end - 1)) {
		if (p->nscopes == MAX_CTRL_SCOPES)
			return diag_error(r->d, in->pos,
					  "thread P%d: if statements nested more than %d deep",
					  r->th->id, MAX_CTRL_SCOPES);
		p->scope_end[p->nscopes] = in->ctrl_end - 1;
		ds_copy(r->scope_ctrl + (size_t)p->nscopes++ * w, r->ctrl, w);
	}
	if (in->cmp != CMP_ALWAYS && (unknown_of(r, &in->a) || unknown_of(r, &in->b)))
		choose(r, p, in, taken);
	if (in->cmp != CMP_ALWAYS) {
		ds_or(r->ctrl, oset(r, &in->a, TAINT), w);
		ds_or(r->ctrl, oset(r, &in->b, TAINT), w);
		ds_or(r->ctrl, oset(r, &in->a, PTAINT), w);
		ds_or(r->ctrl, oset(r, &in->b, PTAINT), w);
	}
	if (!taken)
		return STEP_NEXT;
	bool counted = in->target <= p->pc;
	if (counted && in->unroll_concrete)   /* on known values? */
		counted = unknown_of(r, &in->a) || unknown_of(r, &in->b);
	if (counted && !jump_back(r, in->target))
		return finish(r, p, true);
	p->pc = in->target;
	if (counted && p->incoherent) {
		bytes sig = { 0 };
		head_signature(r, p, &sig);
		if (sig_seen(&r->heads_seen, sig.b, sig.n))
			return 0;   /* its cut paths are kept already */
	}
	return STEP_JUMPED;
}

/* The rest of a path from p: the instruction dispatch. A read forks the
 * path once per value (read_each), a store-conditional once per outcome
 * (step_sc); both run the rest of each fork themselves. */
static int run(runner *r, pathpos p)
{
	while (p.pc < r->th->ncode) {
		const ir_insn *in = &r->th->code[p.pc];
		int loc, st;

		if ((st = enter_insn(r, &p, in)) < 0)
			return st;
		switch (in->op) {
		case IR_MOV: st = step_mov(r, in); break;
		case IR_ALU: st = step_alu(r, &p, in); break;
		case IR_PICK: st = step_pick(r, &p, in); break;
		case IR_STORE: st = step_store(r, &p, in); break;
		case IR_SC: return step_sc(r, p, in);
		case IR_FENCE: st = step_fence(r, &p, in); break;
		case IR_LOAD:
		case IR_RMW:
		case IR_CAS:
			if ((st = address_of(r, &p, in, &loc)) <= 0)
				return st;
			return read_each(r, p, in, loc);
		case IR_BRANCH: st = step_branch(r, &p, in); break;
		}
		if (st == STEP_JUMPED)
			continue;
		if (st != STEP_NEXT)
			return st;
		p.pc++;
	}
	return finish(r, &p, false);
}

/* One attempt with sets of w words: 0, -1 (error), -2 (too narrow). */
static int run_thread(runner *r, const litmus_test *t, int ti)
{
	int w = r->w, n = r->nregs;
	size_t regs_sz = sizeof(value) * n, sets_sz = sizeof(uint64_t) * (size_t)n * NREGSETS * w;
	size_t ctrl_sz = sizeof(uint64_t) * w * (1 + MAX_CTRL_SCOPES);
	size_t jumps_sz = sizeof(int) * (r->nheads ? r->nheads : 1);

	/* value first: the block is aligned for every part */
	size_t copy_sz = sizeof(int) * (n ? n : 1);
	r->state_size = regs_sz + sets_sz + ctrl_sz + jumps_sz + copy_sz + (n ? n : 1);
	r->state = xrealloc(NULL, r->state_size);
	memset(r->state, 0, r->state_size);
	r->val = (value *)r->state;
	r->rset = (uint64_t *)(r->state + regs_sz);
	r->ctrl = (uint64_t *)(r->state + regs_sz + sets_sz);
	r->scope_ctrl = r->ctrl + w;
	r->jumps = (int *)(r->state + regs_sz + sets_sz + ctrl_sz);
	r->copy1 = (int *)(r->state + regs_sz + sets_sz + ctrl_sz + jumps_sz);
	r->unknown = (uint8_t *)(r->state + regs_sz + sets_sz + ctrl_sz + jumps_sz + copy_sz);
	r->xctrl = xrealloc(NULL, sizeof(uint64_t) * w);
	r->tmp = xrealloc(NULL, sizeof(uint64_t) * w * NTMP);
	r->ev = xrealloc(NULL, sizeof *r->ev * 64 * w);
	r->evdeps = xrealloc(NULL, sizeof(uint64_t) * 64 * w * DEP_NSETS * w);
	r->frames = NULL;
	r->nframes = r->depth = 0;
	r->overflow = false;

	for (int i = 0; i < n; i++)
		r->val[i] = value_int(0);
	for (int i = 0; i < t->ninit; i++)
		if (t->init[i].thread == t->threads[ti].id)
			r->val[t->init[i].reg] = t->init[i].val;
	int st = run(r, (pathpos){ 0 });

	for (int i = 0; i < r->nframes; i++)
		free(r->frames[i]);
	free(r->frames);
	free(r->state);
	free(r->xctrl);
	free(r->tmp);
	free(r->dec);
	r->dec = NULL;
	r->dec_cap = 0;
	sig_table_free(&r->cuts);
	sig_table_free(&r->heads_seen);
	free(r->ev);
	free(r->evdeps);
	return st;
}

int thread_traces(const litmus_test *t, int ti, mem_domain *md, guess_mode mode,
		  int unroll, long maxpaths, trace_list *out, int *grew, diag *d)
{
	const litmus_thread *th = &t->threads[ti];
	runner r = { .t = t, .th = th, .md = md, .out = out,
		     .grew = grew, .d = d, .nregs = t->nregs, .mode = mode,
		     .self = (uint64_t)1 << (ti < 62 ? ti : 62), .w = 1,
		     .unroll = unroll < 0 ? 0 : unroll,
		     .maxpaths = maxpaths ? maxpaths : MAXPATHS_DEFAULT };
	int st;

	/* loop heads: instructions some branch at or after them jumps to */
	r.head = xrealloc(NULL, sizeof(int) * (th->ncode + 1));
	r.last_back = -1;
	for (int i = 0; i <= th->ncode; i++)
		r.head[i] = -1;
	for (int i = 0; i < th->ncode; i++) {
		const ir_insn *in = &th->code[i];
		if (in->op == IR_BRANCH && in->target <= i && r.head[in->target] < 0)
			r.head[in->target] = r.nheads++;
		if (in->op == IR_BRANCH && in->target <= i)
			r.last_back = i;
	}
	live_regs(&r);
	for (int tj = 0; tj < t->nthreads; tj++)
		for (int i = 0; tj != ti && i < t->threads[tj].ncode; i++)
			if (t->threads[tj].code[i].op == IR_BRANCH && t->threads[tj].code[i].target <= i)
				r.others_loop = true;
	out->cut_insn = -1;
	for (;;) {
		int n0 = out->n;
		st = run_thread(&r, t, ti);
		if (st != -2)
			break;
		/* a path has more events than the sets hold: again, wider */
		for (int i = n0; i < out->n; i++) {
			free(out->v[i].ev);
			free(out->v[i].deps);
			free(out->v[i].regs);
			free(out->v[i].bad);
			free(out->v[i].dec);
		}
		out->n = n0;
		out->cut_insn = -1;
		if (r.w >= MAX_WORDS) {
			st = diag_error(d, (srcpos){ 0, 0 }, "thread P%d performs more than %d memory events",
					th->id, 64 * MAX_WORDS);
			break;
		}
		r.w *= 2;
	}
	free(r.head);
	free(r.live);
	return st < 0 ? -1 : 0;
}
