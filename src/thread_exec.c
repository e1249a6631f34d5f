/* thread_exec.c - run a thread's IR over every guess of its read values. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "thread_exec.h"

#define MAX_STEPS 4096        /* per path: litmus threads are short */
#define MAX_TRACES 200000     /* per thread: beyond this, give up cleanly */

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		abort();
	return q;
}

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
	}
	free(md->dom);
	free(md->locs);
	free(md->init);
	memset(md, 0, sizeof *md);
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

int mem_domain_add(mem_domain *md, int loc, value v, uint64_t who)
{
	value_set *s = &md->dom[loc];

	for (int i = 0; i < s->n; i++)
		if (value_eq(s->v[i], v)) {
			if ((s->who[i] | who) == s->who[i])
				return 0;
			s->who[i] |= who;
			return 1;
		}
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 4;
		s->v = xrealloc(s->v, sizeof *s->v * s->cap);
		s->who = xrealloc(s->who, sizeof *s->who * s->cap);
	}
	s->who[s->n] = who;
	s->v[s->n++] = v;
	return 1;
}

void trace_list_free(trace_list *l)
{
	for (int i = 0; i < l->n; i++) {
		free(l->v[i].ev);
		free(l->v[i].regs);
		free(l->v[i].bad);
	}
	free(l->v);
	memset(l, 0, sizeof *l);
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

typedef struct {
	value v;
	uint64_t taint;      /* reads this register's value came from */
	uint64_t vtaint;     /* reads its value is still unknown without:
	                      * like taint, except `r ^= r` is known to be 0
	                      * (herd7's solver knows it too) */
	uint64_t ptaint;     /* reads that only chose between values (a
	                      * conditional select, an Arm CAS): an access
	                      * using the register gets them as ctrl, which
	                      * orders later writes but not later reads */
} reg;

typedef struct {
	const litmus_test *t;
	const litmus_thread *th;
	mem_domain *md;
	trace_list *out;
	int *grew;
	diag *d;
	int nregs;
	guess_mode mode;
	uint64_t self;       /* this thread's writer bit */
	uint64_t xctrl;      /* pick dependencies of the current instruction's
	                      * operands: ctrl of the events it emits */
	tevent ev[TRACE_MAX_EVENTS];
} runner;

#define MAX_CTRL_SCOPES 16   /* nested C ifs (ir_insn.ctrl_end) */

typedef struct {
	int pc, nev, steps;
	uint64_t ctrl;       /* reads that decided a branch so far */
	int lr_ev, lr_loc;   /* latest load-reserved event (+1; 0: none) */
	int nscopes;         /* open C if statements (ir_insn.ctrl_end): */
	struct { int end; uint64_t ctrl; } scope[MAX_CTRL_SCOPES];
	                     /* where each ends, and ctrl before it */
} pathpos;

static uint64_t taint_of(const opnd *o, const reg *regs)
{
	return o->kind == OPND_REG ? regs[o->reg].taint : 0;
}

static uint64_t vtaint_of(const opnd *o, const reg *regs)
{
	return o->kind == OPND_REG ? regs[o->reg].vtaint : 0;
}

static uint64_t ptaint_of(const opnd *o, const reg *regs)
{
	return o->kind == OPND_REG ? regs[o->reg].ptaint : 0;
}

static uint64_t operands_ptaint(const ir_insn *in, const reg *regs)
{
	return ptaint_of(&in->a, regs) | ptaint_of(&in->b, regs) | ptaint_of(&in->c, regs);
}

static value value_of(const opnd *o, const reg *regs)
{
	if (o->kind == OPND_REG)
		return regs[o->reg].v;
	if (o->kind == OPND_IMM)
		return o->imm;
	return value_int(0);
}

static int emit(runner *r, pathpos *p, const ir_insn *in, uint8_t kind, int loc,
		value rv, value wv, tagmask tags, uint64_t addr, uint64_t data, uint64_t vdep)
{
	if (p->nev >= TRACE_MAX_EVENTS)
		return diag_error(r->d, in->pos, "thread P%d performs more than %d memory events",
				  r->th->id, TRACE_MAX_EVENTS);
	tevent *e = &r->ev[p->nev++];
	*e = (tevent){ .kind = kind, .loc = loc, .rv = rv, .wv = wv, .tags = tags,
		       .insn = (int)(in - r->th->code), .addr = addr, .data = data,
		       .ctrl = p->ctrl | r->xctrl, .pick = r->xctrl, .vdep = vdep, .rmw_read = -1 };
	/* a write's value joins the domain at once: a later read of this
	 * very path may have to return it */
	if ((kind & EV_W) && mem_domain_add(r->md, loc, wv, r->self))
		*r->grew = 1;
	return p->nev - 1;
}

static int finish(runner *r, pathpos *p, const reg *regs)
{
	trace_list *l = r->out;

	if (l->n >= MAX_TRACES)
		return diag_error(r->d, (srcpos){ 0, 0 },
				  "thread P%d has more than %d paths; the test is too large",
				  r->th->id, MAX_TRACES);
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		l->v = xrealloc(l->v, sizeof *l->v * l->cap);
	}
	trace *tr = &l->v[l->n++];
	tr->bad = NULL;
	tr->nev = p->nev;
	tr->ev = xrealloc(NULL, sizeof *tr->ev * (p->nev ? p->nev : 1));
	memcpy(tr->ev, r->ev, sizeof *tr->ev * p->nev);
	tr->regs = xrealloc(NULL, sizeof *tr->regs * (r->nregs ? r->nregs : 1));
	for (int i = 0; i < r->nregs; i++)
		tr->regs[i] = regs[i].v;
	return 0;
}

static int run(runner *r, pathpos p, reg *regs);

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
 * would change the verdict. Returns 0, or -1 on error. */
static int meaningless(runner *r, pathpos *p, const reg *regs, const ir_insn *in, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static int meaningless(runner *r, pathpos *p, const reg *regs, const ir_insn *in, const char *fmt, ...)
{
	char msg[400], full[440];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(full, sizeof full, "P%d: %s", r->th->id, msg);
	if (finish(r, p, regs) < 0)
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
 * Returns 1; -1 (an error in r->d) for an integer, as herd7 rejects a
 * "non symbolic address"; 0 (no execution takes this path, with a warning)
 * for an address past a symbol, where herd7 has no initial write either. */
static int address_of(runner *r, pathpos *p, const ir_insn *in, const reg *regs, int *loc)
{
	value a = value_of(&in->a, regs);
	char what[200], at[128];

	if (a.sym < 0)
		return meaningless(r, p, regs, in, "%s, not the address of a location "
				   "(an access through a register that holds no address)",
				   operand_text(r, &in->a, a, what, sizeof what));
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

static int no_alu(runner *r, pathpos *p, const reg *regs, const ir_insn *in, value a, value b)
{
	char x[128], y[128];

	return meaningless(r, p, regs, in, "arithmetic on %s and %s has no value "
			   "(an address can only be added to, subtracted from or compared)",
			   value_text(r->t, a, x, sizeof x), value_text(r->t, b, y, sizeof y));
}

static int no_compare(runner *r, pathpos *p, const reg *regs, const ir_insn *in, value a, value b)
{
	char x[128], y[128];

	return meaningless(r, p, regs, in, "cannot order %s and %s (an address is only == or != another value)",
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

/* The write of a two-event read-modify-write, linked by rmw to its read
 * `er`. Returns its index, or -1 on error. */
static int emit_linked_write(runner *r, pathpos *q, const ir_insn *in, int loc, value v,
			     int er, uint64_t addr, uint64_t data, uint64_t vdep)
{
	int ew = emit(r, q, in, EV_W, loc, v, v, in->tags_w, addr, data, vdep);

	if (ew >= 0)
		r->ev[ew].rmw_read = er;
	return ew;
}

static reg read_result(value v, int e)
{
	return (reg){ v, (uint64_t)1 << e, (uint64_t)1 << e, 0 };
}

/* A read returns each value of its location's domain in turn, and the
 * thread goes on from there once per value. */
static int read_each(runner *r, pathpos p, reg *regs, const ir_insn *in, int loc)
{
	uint64_t addr = taint_of(&in->a, regs), vaddr = vtaint_of(&in->a, regs);
	reg saved[r->nregs > 0 ? r->nregs : 1];

	if (in->op == IR_LOAD && in->model_rf) {   /* no guess: the model's rf */
		value v = value_of(&in->b, regs);
		int e = emit(r, &p, in, EV_R, loc, v, v, in->tags_r, addr, 0, vaddr);
		if (e < 0)
			return -1;
		regs[in->dst] = read_result(v, e);
		p.pc++;
		return run(r, p, regs);
	}
	memcpy(saved, regs, sizeof(reg) * r->nregs);
	for (int i = 0; i < r->md->dom[loc].n; i++) {   /* the domain may grow */
		if (!may_read(r, &p, loc, i))
			continue;
		value old = r->md->dom[loc].v[i];
		pathpos q = p;
		memcpy(regs, saved, sizeof(reg) * r->nregs);
		r->xctrl = operands_ptaint(in, regs);   /* a later path changed it */

		if (in->op == IR_LOAD) {
			int e = emit(r, &q, in, EV_R, loc, old, old, in->tags_r, addr, 0, vaddr);
			if (e < 0)
				return -1;
			regs[in->dst] = read_result(old, e);
			if (in->reserve) {
				q.lr_ev = e + 1;
				q.lr_loc = loc;
			}
		} else if (in->op == IR_RMW) {
			/* fetch, xchg and lock atomics are ONE event that both
			 * reads and writes (as in herd7's BPF semantics); herd7
			 * also counts a dependency into the operand as addr */
			value nv;
			if (!ir_alu(in->alu, old, value_of(&in->b, regs), &nv)) {
				if (no_alu(r, &q, regs, in, old, value_of(&in->b, regs)) < 0)
					return -1;
				continue;
			}
			uint64_t data = taint_of(&in->b, regs), vdata = vtaint_of(&in->b, regs);
			int e;
			if (in->split) {   /* a read and a write linked by rmw (LKMM) */
				e = emit(r, &q, in, EV_R, loc, old, old, in->tags_r, addr, 0, vaddr);
				if (e < 0 || emit_linked_write(r, &q, in, loc, nv, e, addr, data,
							       vaddr | vdata | ((uint64_t)1 << e)) < 0)
					return -1;
			} else {
				e = emit(r, &q, in, EV_R | EV_W, loc, old, nv, in->tags_r | in->tags_w,
					 addr | data, data, vaddr | vdata);
				if (e < 0)
					return -1;
			}
			if (in->dst >= 0)
				regs[in->dst] = read_result(old, e);
		} else { /* IR_CAS: a read, and a write linked by rmw on success */
			/* atomic_add_unless succeeds on a difference */
			bool ok = value_eq(old, value_of(&in->b, regs)) != (in->cmp == CMP_NE);
			value nv = value_of(&in->c, regs);
			if (ok && in->alu_new && !ir_alu(in->alu, old, nv, &nv)) {
				if (no_alu(r, &q, regs, in, old, nv) < 0)
					return -1;
				continue;
			}
			/* a fully ordered CAS is fenced only when it succeeds;
			 * the value is known, so the fence can go first */
			if (ok && in->tags_fence_ok
			    && emit(r, &q, in, EV_F, -1, value_int(0), value_int(0), in->tags_fence_ok,
				    0, 0, 0) < 0)
				return -1;
			int er = emit(r, &q, in, EV_R, loc, old, old, ok ? in->tags_r : in->tags_fail,
				      addr, 0, vaddr);
			if (er < 0)
				return -1;
			if (ok && in->c.kind != OPND_NONE) {
				/* an Arm CAS writes only if its compare operand
				 * matches the value read: the write has a pick
				 * dependency on both */
				uint64_t xc = r->xctrl;
				if (in->pick)
					r->xctrl |= taint_of(&in->b, regs) | ((uint64_t)1 << er);
				/* a value computed from the read depends on it,
				 * as an IR_RMW write does */
				uint64_t vread = in->alu_new ? (uint64_t)1 << er : 0;
				int ew = emit_linked_write(r, &q, in, loc, nv, er, addr,
							   taint_of(&in->c, regs),
							   vaddr | vtaint_of(&in->c, regs) | vread);
				r->xctrl = xc;
				if (ew < 0)
					return -1;
			}
			if (ok && in->tags_fence_ok
			    && emit(r, &q, in, EV_F, -1, value_int(0), value_int(0), in->tags_fence_ok,
				    0, 0, 0) < 0)
				return -1;
			if (in->dst >= 0)
				regs[in->dst] = read_result(old, er);
			if (ok && in->pick && in->dst >= 0) {
				/* on success the Arm CAS may also be seen as writing
				 * back its compare operand, equal to the value read:
				 * dst then depends on that operand, and on the read
				 * only through the comparison.  Both are executions. */
				pathpos q2 = q;
				reg keep = regs[in->dst];
				q2.pc++;
				regs[in->dst] = (reg){ old, taint_of(&in->b, saved), vtaint_of(&in->b, saved),
						       ptaint_of(&in->b, saved) | ((uint64_t)1 << er) };
				if (run(r, q2, regs) < 0)
					return -1;
				memcpy(regs, saved, sizeof(reg) * r->nregs);
				regs[in->dst] = keep;
			}
		}
		q.pc++;
		if (run(r, q, regs) < 0)
			return -1;
	}
	memcpy(regs, saved, sizeof(reg) * r->nregs);
	return 0;
}

static int run(runner *r, pathpos p, reg *regs)
{
	while (p.pc < r->th->ncode) {
		const ir_insn *in = &r->th->code[p.pc];
		value v;
		int loc, st;

		if (++p.steps > MAX_STEPS)
			return diag_error(r->d, in->pos,
					  "thread P%d runs more than %d steps (a loop that never exits?)",
					  r->th->id, MAX_STEPS);
		/* the end of an if statement: its control dependency ends */
		while (p.nscopes > 0 && p.scope[p.nscopes - 1].end == p.pc)
			p.ctrl = p.scope[--p.nscopes].ctrl;
		r->xctrl = operands_ptaint(in, regs);
		switch (in->op) {
		case IR_MOV:
			regs[in->dst] = (reg){ value_of(&in->a, regs), taint_of(&in->a, regs),
					       vtaint_of(&in->a, regs), ptaint_of(&in->a, regs) };
			break;
		case IR_ALU: {
			if (!ir_alu(in->alu, value_of(&in->a, regs), value_of(&in->b, regs), &v))
				return no_alu(r, &p, regs, in, value_of(&in->a, regs), value_of(&in->b, regs));
			bool self_xor = in->alu == ALU_XOR && in->a.kind == OPND_REG &&
					in->b.kind == OPND_REG && in->a.reg == in->b.reg;
			regs[in->dst] = (reg){ v, taint_of(&in->a, regs) | taint_of(&in->b, regs),
					       self_xor ? 0 : vtaint_of(&in->a, regs) | vtaint_of(&in->b, regs),
					       ptaint_of(&in->a, regs) | ptaint_of(&in->b, regs) };
			break;
		}
		case IR_PICK: {
			bool taken;
			if (!compare(in->cmp, value_of(&in->a, regs), value_of(&in->b, regs), &taken))
				return no_compare(r, &p, regs, in, value_of(&in->a, regs), value_of(&in->b, regs));
			uint64_t chose = taint_of(&in->a, regs) | taint_of(&in->b, regs)
				       | ptaint_of(&in->a, regs) | ptaint_of(&in->b, regs);
			uint64_t vchose = vtaint_of(&in->a, regs) | vtaint_of(&in->b, regs);
			/* both choices the same value: it is known without the
			 * comparison (no value flow from the flags' reads) */
			if (value_eq(value_of(&in->c, regs), regs[in->dst].v))
				vchose = 0;
			if (taken)
				regs[in->dst] = (reg){ value_of(&in->c, regs), taint_of(&in->c, regs),
						       vtaint_of(&in->c, regs), ptaint_of(&in->c, regs) };
			regs[in->dst].ptaint |= chose;
			regs[in->dst].vtaint |= vchose;
			break;
		}
		case IR_STORE:
			if ((st = address_of(r, &p, in, regs, &loc)) <= 0)
				return st;
			v = value_of(&in->b, regs);
			if (emit(r, &p, in, EV_W, loc, v, v, in->tags_w, taint_of(&in->a, regs),
				 taint_of(&in->b, regs), vtaint_of(&in->a, regs) | vtaint_of(&in->b, regs)) < 0)
				return -1;
			break;
		case IR_SC: {
			/* two continuations: success, then failure; the rest of
			 * the path changes registers in place, so save them all */
			if ((st = address_of(r, &p, in, regs, &loc)) <= 0)
				return st;
			int lr = p.lr_ev > 0 && p.lr_loc == loc ? p.lr_ev - 1 : -1;
			reg saved[r->nregs > 0 ? r->nregs : 1];
			pathpos next = p, q;

			memcpy(saved, regs, sizeof(reg) * r->nregs);
			next.lr_ev = 0;   /* either way the reservation ends */
			next.pc++;
			q = next;
			if (lr >= 0) {   /* success needs a reservation */
				/* sc_nodep (Arm STXR): the data register gives no
				 * data or pick dependency to the write */
				if (in->sc_nodep)
					r->xctrl = ptaint_of(&in->a, regs);
				if (emit_linked_write(r, &q, in, loc, value_of(&in->b, regs), lr,
						      taint_of(&in->a, regs),
						      in->sc_nodep ? 0 : taint_of(&in->b, regs),
						      vtaint_of(&in->a, regs) | vtaint_of(&in->b, regs)) < 0)
					return -1;
				/* success is known once the store is: the result
				 * depends on the store's address and data */
				if (in->dst >= 0 && in->sc_nodep)
					regs[in->dst] = (reg){ value_int(0), 0, 0, 0 };
				else if (in->dst >= 0)
					regs[in->dst] = (reg){ value_int(0),
							       taint_of(&in->a, regs) | taint_of(&in->b, regs), 0,
							       ptaint_of(&in->a, regs) | ptaint_of(&in->b, regs) };
				if (run(r, q, regs) < 0)
					return -1;
				memcpy(regs, saved, sizeof(reg) * r->nregs);
				q = next;
			}
			if (in->dst >= 0)
				regs[in->dst] = (reg){ value_int(1), 0, 0, 0 };
			if (run(r, q, regs) < 0)
				return -1;
			memcpy(regs, saved, sizeof(reg) * r->nregs);
			return 0;
		}
		case IR_FENCE:
			loc = -1;
			if (in->a.kind != OPND_NONE && (st = address_of(r, &p, in, regs, &loc)) <= 0)
				return st;
			if (emit(r, &p, in, loc >= 0 ? 0 : EV_F, loc, value_int(0), value_int(0), in->tags_f,
				 taint_of(&in->a, regs), 0, vtaint_of(&in->a, regs)) < 0)
				return -1;
			break;
		case IR_LOAD:
		case IR_RMW:
		case IR_CAS:
			if ((st = address_of(r, &p, in, regs, &loc)) <= 0)
				return st;
			return read_each(r, p, regs, in, loc);
		case IR_BRANCH: {
			bool taken;
			if (!compare(in->cmp, value_of(&in->a, regs), value_of(&in->b, regs), &taken))
				return no_compare(r, &p, regs, in, value_of(&in->a, regs), value_of(&in->b, regs));
			/* the branches of one condition (a && b) end together:
			 * the first one's entry holds the ctrl to restore */
			if (in->cmp != CMP_ALWAYS && in->ctrl_end > 0
			    && !(p.nscopes > 0 && p.scope[p.nscopes - 1].end == in->ctrl_end - 1)) {
				if (p.nscopes == MAX_CTRL_SCOPES)
					return diag_error(r->d, in->pos,
							  "thread P%d: if statements nested more than %d deep",
							  r->th->id, MAX_CTRL_SCOPES);
				p.scope[p.nscopes].end = in->ctrl_end - 1;
				p.scope[p.nscopes++].ctrl = p.ctrl;
			}
			if (in->cmp != CMP_ALWAYS)
				p.ctrl |= taint_of(&in->a, regs) | taint_of(&in->b, regs)
					  | ptaint_of(&in->a, regs) | ptaint_of(&in->b, regs);
			if (taken) {
				p.pc = in->target;
				continue;
			}
			break;
		}
		}
		p.pc++;
	}
	return finish(r, &p, regs);
}

int thread_traces(const litmus_test *t, int ti, mem_domain *md, guess_mode mode,
		  trace_list *out, int *grew, diag *d)
{
	runner r = { .t = t, .th = &t->threads[ti], .md = md, .out = out,
		     .grew = grew, .d = d, .nregs = t->nregs, .mode = mode,
		     .self = (uint64_t)1 << (ti < 62 ? ti : 62) };
	reg regs[t->nregs > 0 ? t->nregs : 1];

	for (int i = 0; i < t->nregs; i++)
		regs[i] = (reg){ value_int(0), 0, 0, 0 };
	for (int i = 0; i < t->ninit; i++)
		if (t->init[i].thread == t->threads[ti].id)
			regs[t->init[i].reg].v = t->init[i].val;
	return run(&r, (pathpos){ 0 }, regs);
}
