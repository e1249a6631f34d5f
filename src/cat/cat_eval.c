/* cat_eval.c - evaluate a compiled cat model on candidate executions.
 *
 * Instructions run in continuation-passing style so that `with x from S`
 * can run "the rest of the model" once per element of S (per coherence
 * order, for co). Values live in three arenas, one per stage: a
 * definition's value is cached in the arena of its stage and reused until
 * that stage's input (program, rf) changes; co-stage values are released
 * after every coherence order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <setjmp.h>
#include <sys/resource.h>
#include "cat/cat_eval.h"
#include "base/xalloc.h"

enum { STEP_LIMIT = 100000000, EXEC_WEIGHT = 5 };

/* ---- errors ---- */

static val *fail(cat_run *r, srcpos pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static val *fail(cat_run *r, srcpos pos, const char *fmt, ...)
{
	va_list ap;

	if (r->err.set)
		return NULL;
	r->err.set = true;
	r->err.file = r->at.file;
	r->err.pos = pos;
	va_start(ap, fmt);
	vsnprintf(r->err.msg, sizeof r->err.msg, fmt, ap);
	va_end(ap);
	return NULL;
}

/* A limit was reached: the error cannot be caught by `try`, evaluation
 * of this execution stops at once. */
static _Noreturn void limit_hit(cat_run *r, srcpos pos, const char *file, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static _Noreturn void limit_hit(cat_run *r, srcpos pos, const char *file, const char *fmt, ...)
{
	va_list ap;

	r->err.set = true;
	r->err.file = file;
	r->err.pos = pos;
	va_start(ap, fmt);
	vsnprintf(r->err.msg, sizeof r->err.msg, fmt, ap);
	va_end(ap);
	longjmp(*r->lim.jb, 1);
}

/* Where a runaway is blamed: the innermost call, else the expression. */
static void blame(cat_run *r, srcpos *pos, const char **file, const char **what)
{
	if (r->at.call_name) {
		*pos = r->at.call_pos;
		*file = r->at.call_file;
		*what = r->at.call_name;
	} else {
		*pos = r->at.pos;
		*file = r->at.file;
		*what = NULL;
	}
}

static void out_of_memory(void *ctx)
{
	cat_run *r = ctx;
	srcpos pos;
	const char *file, *what;

	if (!r->lim.jb)
		return;   /* outside evaluation (event setup): no cap */
	blame(r, &pos, &file, &what);
	limit_hit(r, pos, file, "%s%s%sthe model needs more than %zu MiB of memory (bpfmm's limit): "
		  "a recursion or fixpoint that never ends?", what ? "in '" : "", what ? what : "",
		  what ? "': " : "", r->lim.mem.max >> 20);
}

static void too_deep(cat_run *r)
{
	srcpos pos;
	const char *file, *what;

	blame(r, &pos, &file, &what);
	if (what)
		limit_hit(r, pos, file, "'%s': recursion too deep (bpfmm's limit: %d levels of "
			  "nested evaluation): does it ever stop calling itself?",
			  what, CAT_DEPTH_LIMIT);
	limit_hit(r, pos, file, "evaluation nests too deeply (bpfmm's limit: %d levels)",
		  CAT_DEPTH_LIMIT);
}

/* Enter one level of evaluation: the depth limit, and the stack actually
 * used (frames are larger under sanitizers, or the stack smaller). An
 * expression counts 1, a block of instructions (a procedure's body, the
 * rest of the model after `with`) EXEC_WEIGHT: its frames are about that
 * much larger, so the count, not the stack, ends a runaway in every build
 * (measured with gcc -O1 and ASan: 144 and 624 bytes). */
static void enter(cat_run *r, int weight)
{
	char here;

	if ((r->lim.depth += weight) > CAT_DEPTH_LIMIT)
		too_deep(r);
	if (r->lim.stack_base && (size_t)(r->lim.stack_base > &here ? r->lim.stack_base - &here
				     : &here - r->lim.stack_base) > r->lim.stack_max)
		too_deep(r);
}

/* Count work (expressions evaluated, names looked up, values compared)
 * for the execution being judged. */
static void step(cat_run *r, long n)
{
	if ((r->lim.steps += n) > STEP_LIMIT) {
		srcpos pos;
		const char *file, *what;
		blame(r, &pos, &file, &what);
		limit_hit(r, pos, file, "%s%s%sjudging one execution takes more than %d steps of "
			  "evaluation (bpfmm's limit): a recursion that never ends, or values or "
			  "a model too large?", what ? "in '" : "", what ? what : "",
			  what ? "': " : "", STEP_LIMIT);
	}
}

/* ---- allocation ---- */

static val *mkval(cat_run *r, vkind k)
{
	val *v = arena_alloc(r->cur, sizeof *v);
	v->k = k;
	return v;
}

static val *mkset(cat_run *r)
{
	val *v = mkval(r, V_SET);
	v->bits = arena_alloc(r->cur, sizeof(word) * r->w);
	return v;
}

static val *mkrel(cat_run *r)
{
	val *v = mkval(r, V_REL);
	v->bits = arena_alloc(r->cur, sizeof(word) * r->n * r->w);
	return v;
}

static env *bind(cat_run *r, env *next, int sym, val *v)
{
	if (sym >= r->nbound) {
		int nb = r->nbound ? r->nbound : 256;
		while (nb <= sym)
			nb *= 2;
		r->bound = xrealloc(r->bound, (size_t)nb);
		memset(r->bound + r->nbound, 0, (size_t)(nb - r->nbound));
		r->nbound = nb;
	}
	r->bound[sym] = 1;
	env *e = arena_alloc(&r->ar[r->dyn], sizeof *e);
	e->sym = sym;
	e->v = v;
	e->next = next;
	return e;
}

/* ---- lookups ---- */

static val *lookup(cat_run *r, env *e, int sym)
{
	long n = 0;
	if (sym < 0 || sym >= r->nbound || !r->bound[sym])
		e = NULL;
	for (; e; e = e->next, n++)
		if (e->sym == sym) {
			step(r, n);
			return e->v;
		}
	step(r, n);
	return builtin_lookup(&r->bi, sym);
}

/* ---- coercions ---- */

static const char *kind_name(vkind k)
{
	static const char *const names[] = { "empty", "event set", "relation", "tag",
		"collection", "tuple", "function", "built-in function", "procedure",
		"coherence orders", "unit" };
	return names[k];
}

static val *mkset(cat_run *r);
static val *mkrel(cat_run *r);

/* An event is a one-event set; a pair of events is a tuple of two. */
static bool is_event(cat_run *r, const val *v)
{
	int i;
	return v->k == V_SET && (i = set_next(v->bits, r->w, 0)) >= 0
	       && set_next(v->bits, r->w, i + 1) < 0;
}

static bool is_pair(cat_run *r, const val *v)
{
	return v->k == V_TUPLE && v->nitems == 2 && is_event(r, v->items[0])
	       && is_event(r, v->items[1]);
}

/* A collection of events is the set of them ({e} in lock.cat), a
 * collection of pairs the relation of them (p ++ 0); NULL otherwise. */
static word *coll_as_set(cat_run *r, const val *v)
{
	if (v->k != V_COLL)
		return NULL;
	for (int i = 0; i < v->nitems; i++)
		if (!is_event(r, v->items[i]))
			return NULL;
	val *s = mkset(r);
	for (int i = 0; i < v->nitems; i++)
		set_union(s->bits, s->bits, v->items[i]->bits, r->w);
	return s->bits;
}

static word *coll_as_rel(cat_run *r, const val *v)
{
	if (v->k != V_COLL)
		return NULL;
	for (int i = 0; i < v->nitems; i++)
		if (!is_pair(r, v->items[i]))
			return NULL;
	val *x = mkrel(r);
	for (int i = 0; i < v->nitems; i++)
		rel_add(x->bits, r->w, set_next(v->items[i]->items[0]->bits, r->w, 0),
			set_next(v->items[i]->items[1]->bits, r->w, 0));
	return x->bits;
}

static word *as_set(cat_run *r, val *v, srcpos pos)
{
	word *x;

	if (v->k == V_SET)
		return v->bits;
	if (v->k == V_EMPTY || (v->k == V_COLL && v->nitems == 0))
		return r->bi.zero_set;
	if ((x = coll_as_set(r, v)))
		return x;
	fail(r, pos, "expected an event set, found a %s", kind_name(v->k));
	return NULL;
}

static word *as_rel(cat_run *r, val *v, srcpos pos)
{
	word *x;

	if (v->k == V_REL)
		return v->bits;
	if (v->k == V_EMPTY || (v->k == V_COLL && v->nitems == 0))
		return r->bi.zero_rel;
	if ((x = coll_as_rel(r, v)))
		return x;
	fail(r, pos, "expected a relation, found a %s", kind_name(v->k));
	return NULL;
}

static bool is_emptyish(const val *v)
{
	return v->k == V_EMPTY || (v->k == V_COLL && v->nitems == 0);
}

static bool val_equal(cat_run *r, const val *a, const val *b)
{
	if (a == b)
		return true;
	step(r, 1);
	if (is_emptyish(a) || is_emptyish(b)) {
		const val *o = is_emptyish(a) ? b : a;
		if (is_emptyish(o))
			return true;
		if (o->k == V_SET)
			return set_empty(o->bits, r->w);
		if (o->k == V_REL)
			return rel_empty(o->bits, r->n);
		return false;
	}
	if (a->k != b->k)
		return false;
	switch (a->k) {
	case V_SET: return set_equal(a->bits, b->bits, r->w);
	case V_REL: return rel_equal(a->bits, b->bits, r->n);
	case V_TAG: return a->sym == b->sym;
	case V_TUPLE:
	case V_COLL:
		if (a->nitems != b->nitems)
			return false;
		for (int i = 0; i < a->nitems; i++)
			if (!val_equal(r, a->items[i], b->items[i]))
				return false;
		return true;
	default:
		return a == b;
	}
}

static val *coll_add(cat_run *r, val *elem, val *coll)
{
	val *v = mkval(r, V_COLL);
	int n = coll ? coll->nitems : 0;

	v->items = arena_alloc(r->cur, sizeof(val *) * (n + 1));
	v->items[0] = elem;
	for (int i = 0; i < n; i++)
		v->items[i + 1] = coll->items[i];
	v->nitems = n + 1;
	return v;
}

static bool coll_has(cat_run *r, const val *c, const val *x)
{
	for (int i = 0; i < c->nitems; i++)
		if (val_equal(r, c->items[i], x))
			return true;
	return false;
}

/* ---- expressions ---- */

static val *eval(cat_run *r, const cat_expr *e, env *en);
static val *apply(cat_run *r, val *f, val *arg, srcpos pos, const char *name);

/* Set or relation operation with both operands of one kind. */
static val *binop(cat_run *r, const cat_expr *e, val *a, val *b)
{
	/* a collection of events or pairs meets a set or relation: as one */
	if ((a->k == V_COLL) != (b->k == V_COLL) && (a->k == V_SET || a->k == V_REL
						     || b->k == V_SET || b->k == V_REL)) {
		val *c = a->k == V_COLL ? a : b, *x = mkval(r, V_SET);
		bool rel = a->k == V_REL || b->k == V_REL;
		if (!(x->bits = rel ? coll_as_rel(r, c) : coll_as_set(r, c)))
			return fail(r, e->pos, "cannot combine a %s with a %s", kind_name(a->k), kind_name(b->k));
		x->k = rel ? V_REL : V_SET;
		if (a == c)
			a = x;
		else
			b = x;
	}
	if (a->k == V_COLL || b->k == V_COLL) {
		if (!(a->k == V_COLL || is_emptyish(a)) || !(b->k == V_COLL || is_emptyish(b)))
			return fail(r, e->pos, "cannot combine a %s with a %s", kind_name(a->k), kind_name(b->k));
		val *v = mkval(r, V_COLL);
		int na = a->k == V_COLL ? a->nitems : 0, nb = b->k == V_COLL ? b->nitems : 0;
		v->items = arena_alloc(r->cur, sizeof(val *) * (na + nb + 1));
		for (int i = 0; i < na; i++) {
			bool inb = b->k == V_COLL && coll_has(r, b, a->items[i]);
			if (e->kind == E_UNION || (e->kind == E_INTER && inb) || (e->kind == E_DIFF && !inb))
				v->items[v->nitems++] = a->items[i];
		}
		if (e->kind == E_UNION)
			for (int i = 0; i < nb; i++)
				if (!coll_has(r, v, b->items[i]))
					v->items[v->nitems++] = b->items[i];
		return v;
	}
	if (is_emptyish(a) && is_emptyish(b))
		return a;
	bool setop = a->k == V_SET || b->k == V_SET;
	if (setop) {
		word *x = as_set(r, a, e->pos), *y = as_set(r, b, e->pos);
		if (!x || !y)
			return NULL;
		val *v = mkset(r);
		switch (e->kind) {
		case E_UNION: set_union(v->bits, x, y, r->w); break;
		case E_INTER: set_inter(v->bits, x, y, r->w); break;
		default: set_diff(v->bits, x, y, r->w); break;
		}
		return v;
	}
	word *x = as_rel(r, a, e->pos), *y = as_rel(r, b, e->pos);
	if (!x || !y)
		return NULL;
	val *v = mkrel(r);
	switch (e->kind) {
	case E_UNION: rel_union(v->bits, x, y, r->n); break;
	case E_INTER: rel_inter(v->bits, x, y, r->n); break;
	default: rel_diff(v->bits, x, y, r->n); break;
	}
	return v;
}

static val *eval_rel_unary(cat_run *r, const cat_expr *e, val *a)
{
	if (e->kind == E_COMPL && a->k == V_SET) {
		val *v = mkset(r);
		set_compl(v->bits, a->bits, r->n);
		return v;
	}
	if (e->kind == E_BRACKET) {
		word *s = as_set(r, a, e->pos);
		if (!s)
			return NULL;
		val *v = mkrel(r);
		rel_id(v->bits, s, r->n);
		return v;
	}
	word *x = as_rel(r, a, e->pos);
	if (!x)
		return NULL;
	val *v = mkrel(r);
	switch (e->kind) {
	case E_PLUS: rel_plus(v->bits, x, r->n); break;
	case E_STAR: rel_star(v->bits, x, r->n); break;
	case E_OPT: rel_opt(v->bits, x, r->n); break;
	case E_INV: rel_inv(v->bits, x, r->n); break;
	case E_COMPL: rel_compl(v->bits, x, r->n); break;
	default: return fail(r, e->pos, "internal: bad unary operator");
	}
	return v;
}

static val *closure(cat_run *r, const cat_expr *fn, env *en)
{
	val *v = mkval(r, V_FUN);
	env *cap = NULL;

	v->fn = fn;
	v->file = r->at.file;
	for (int i = 0; i < fn->nfv; i++) {
		val *x = lookup(r, en, fn->fv[i]);
		if (x && !builtin_is(&r->bi, fn->fv[i], x)) {
			env *c = arena_alloc(r->cur, sizeof *c);
			c->sym = fn->fv[i];
			c->v = x;
			c->next = cap;
			cap = c;
		}
	}
	v->cenv = cap;
	return v;
}

static env *bind_pattern(cat_run *r, env *en, const int *syms, int n, bool tuple, val *v, srcpos pos)
{
	if (!tuple) {
		return bind(r, en, syms[0], v);
	}
	if (v->k != V_TUPLE || v->nitems != n) {
		fail(r, pos, "expected a tuple of %d values", n);
		return NULL;
	}
	for (int i = 0; i < n; i++)
		en = bind(r, en, syms[i], v->items[i]);
	return en;
}

static val *apply(cat_run *r, val *f, val *arg, srcpos pos, const char *name)
{
	if (f->k == V_PRIM) {
		val *v = builtin_apply(&r->bi, f->sym, arg, r->cur);
		return v ? v : fail(r, pos, "%s: %s", cat_symname(&r->m->names, f->sym), r->bi.err);
	}
	if (f->k != V_FUN)
		return fail(r, pos, "cannot apply a %s", kind_name(f->k));
	const cat_expr *fn = f->fn;
	env *en = f->cenv;
	/* herd treats f(a, b) and f((a, b)) alike */
	if (fn->nparams == 1 && !fn->params_tuple)
		en = bind(r, en, fn->psym[0], arg);
	else if (!(en = bind_pattern(r, en, fn->psym, fn->nparams, true, arg, pos)))
		return NULL;
	srcpos cpos = r->at.call_pos;
	const char *cname = r->at.call_name, *cfile = r->at.call_file;
	r->at.call_pos = pos;
	r->at.call_name = name ? name : "a function";
	r->at.call_file = r->at.file;
	r->at.file = f->file ? f->file : r->at.file;   /* the body's positions are there */
	val *v = eval(r, fn->a, en);
	r->at.file = r->at.call_file;
	r->at.call_pos = cpos;
	r->at.call_name = cname;
	r->at.call_file = cfile;
	return v;
}

static env *eval_let_binds(cat_run *r, cat_binding *b, int nb, bool rec, env *en, srcpos pos);

static val *eval_match(cat_run *r, const cat_expr *e, env *en)
{
	val *s = eval(r, e->a, en);
	if (!s)
		return NULL;
	for (int i = 0; i < e->nclauses; i++) {
		const cat_clause *c = &e->clauses[i];
		switch (c->kind) {
		case 0:
			if (is_emptyish(s) || (s->k == V_SET && set_empty(s->bits, r->w)) ||
			    (s->k == V_REL && rel_empty(s->bits, r->n)))
				return eval(r, c->e, en);
			break;
		case 1: {
			if (s->k == V_COLL && s->nitems > 0) {
				val *rest = mkval(r, V_COLL);
				rest->items = s->items + 1;
				rest->nitems = s->nitems - 1;
				env *e2 = bind(r, bind(r, en, c->sa, s->items[0]), c->sb, rest);
				return eval(r, c->e, e2);
			}
			if (s->k == V_REL && !rel_empty(s->bits, r->n)) {
				/* a relation splits into one pair and the rest */
				int i = 0, j = -1;
				for (; i < r->n && j < 0; i++)
					j = set_next(REL_ROW(s->bits, r->w, i), r->w, 0);
				i--;
				val *pair = mkval(r, V_TUPLE), *rest = mkrel(r);
				pair->items = arena_alloc(r->cur, sizeof(val *) * 2);
				pair->nitems = 2;
				pair->items[0] = mkset(r);
				pair->items[1] = mkset(r);
				set_add(pair->items[0]->bits, i);
				set_add(pair->items[1]->bits, j);
				rel_copy(rest->bits, s->bits, r->n);
				REL_ROW(rest->bits, r->w, i)[j >> 6] &= ~((word)1 << (j & 63));
				env *e2 = bind(r, bind(r, en, c->sa, pair), c->sb, rest);
				return eval(r, c->e, e2);
			}
			if (s->k == V_SET && !set_empty(s->bits, r->w)) {
				/* an event set splits into one event and the rest */
				int ev = set_next(s->bits, r->w, 0);
				val *one = mkset(r), *rest = mkset(r);
				set_add(one->bits, ev);
				set_diff(rest->bits, s->bits, one->bits, r->w);
				env *e2 = bind(r, bind(r, en, c->sa, one), c->sb, rest);
				return eval(r, c->e, e2);
			}
			break;
		}
		case 2:
			if (s->k == V_TAG && s->sym == c->sa)
				return eval(r, c->e, en);
			break;
		default:
			return eval(r, c->e, en);
		}
	}
	return fail(r, e->pos, "no match clause applies");
}

static int eval_cond(cat_run *r, const cat_expr *e, env *en)
{
	switch (e->kind) {
	case E_VARIANT:
		for (int i = 0; i < r->m->nvariants; i++)
			if (!strcmp(r->m->variants[i], e->name))
				return 1;
		return 0;
	case E_COMPL: {
		int x = eval_cond(r, e->a, en);
		return x < 0 ? x : !x;
	}
	case E_UNION:
	case E_INTER: {
		int x = eval_cond(r, e->a, en);
		if (x < 0)
			return x;
		if ((e->kind == E_UNION) == (x == 1))
			return x;
		return eval_cond(r, e->b, en);
	}
	case E_EQ:
	case E_SUBSET: {
		val *a = eval(r, e->a, en), *b = a ? eval(r, e->b, en) : NULL;
		if (!b)
			return -1;
		if (e->kind == E_EQ)
			return val_equal(r, a, b);
		if (a->k == V_COLL || b->k == V_COLL) {
			if (is_emptyish(a))
				return 1;
			if (b->k != V_COLL || a->k != V_COLL)
				return 0;
			for (int i = 0; i < a->nitems; i++)
				if (!coll_has(r, b, a->items[i]))
					return 0;
			return 1;
		}
		if (a->k == V_SET || b->k == V_SET) {
			word *x = as_set(r, a, e->pos), *y = as_set(r, b, e->pos);
			return x && y ? set_subset(x, y, r->w) : -1;
		}
		word *x = as_rel(r, a, e->pos), *y = as_rel(r, b, e->pos);
		return x && y ? rel_subset(x, y, r->n) : -1;
	}
	case E_IN: {
		val *a = eval(r, e->a, en), *b = a ? eval(r, e->b, en) : NULL;
		if (!b)
			return -1;
		if (b->k == V_COLL)
			return coll_has(r, b, a);
		if (is_emptyish(b))
			return 0;
		if (b->k == V_SET && a->k == V_SET)
			return set_subset(a->bits, b->bits, r->w);
		fail(r, e->pos, "'in' needs a collection or set on its right");
		return -1;
	}
	default:
		fail(r, e->pos, "unsupported condition");
		return -1;
	}
}

static val *eval1(cat_run *r, const cat_expr *e, env *en);

/* A hoisted part (cat_compile.c): cached per stage, computed in its
 * stage's arena.  Out of line, so that eval's frame, which bounds how
 * deep a model may recurse on the stack, stays small. */
static __attribute__((noinline)) val *eval_hoisted(cat_run *r, const cat_expr *e, env *en)
{
	cache_ent *c = &r->cache[e->xid - 1];
	if (c->stamp == r->epoch[(int)e->xstage])
		return c->v;
	enter(r, 1);
	step(r, 1);
	r->at.pos = e->pos;
	arena *saved = r->cur;
	int dyn = r->dyn;
	/* a part of a rec group lives as long as the group's evaluation,
	 * in the arena of the group's stage, the current one */
	if (e->xstage != STAGE_REC) {
		r->cur = &r->ar[(int)e->xstage];
		r->dyn = e->xstage;
	}
	val *v = eval1(r, e, en);
	r->dyn = dyn;
	r->cur = saved;
	if (v) {
		c->stamp = r->epoch[(int)e->xstage];
		c->v = v;
	}
	r->lim.depth--;
	return v;
}

static val *eval(cat_run *r, const cat_expr *e, env *en)
{
	if (r->err.set)
		return NULL;
	if (e->xid)
		return eval_hoisted(r, e, en);
	enter(r, 1);
	step(r, 1);
	r->at.pos = e->pos;
	val *v = eval1(r, e, en);
	r->lim.depth--;
	return v;
}

/* e is a ; b where a or b is [s]. */
static __attribute__((noinline)) val *seq_bracket(cat_run *r, const cat_expr *e, env *en)
{
	bool left = e->a->kind == E_BRACKET;
	const cat_expr *se = left ? e->a->a : e->b->a, *oe = left ? e->b : e->a;
	val *sv, *ov;

	if (left) {
		sv = eval(r, se, en);
		ov = sv ? eval(r, oe, en) : NULL;
	} else {
		ov = eval(r, oe, en);
		sv = ov ? eval(r, se, en) : NULL;
	}
	if (!ov)
		return NULL;
	word *set = as_set(r, sv, e->a->kind == E_BRACKET ? e->a->pos : e->b->pos);
	word *x = set ? as_rel(r, ov, oe->pos) : NULL;
	if (!x)
		return NULL;
	val *v = mkrel(r);
	int w = r->w;
	if (left) {
		for (int i = set_next(set, w, 0); i >= 0; i = set_next(set, w, i + 1))
			set_copy(REL_ROW(v->bits, w, i), REL_ROW(x, w, i), w);
	} else {
		for (int i = 0; i < r->n; i++)
			set_inter(REL_ROW(v->bits, w, i), REL_ROW(x, w, i), set, w);
	}
	return v;
}

/* {a, b, ...} (a set, without repeats) or (a, b, ...) (a tuple). */
static val *eval_items(cat_run *r, const cat_expr *e, env *en)
{
	val *v = mkval(r, e->kind == E_SET ? V_COLL : V_TUPLE);

	v->items = arena_alloc(r->cur, sizeof(val *) * (e->nargs + 1));
	for (int i = 0; i < e->nargs; i++) {
		val *x = eval(r, e->args[i], en);
		if (!x)
			return NULL;
		if (e->kind == E_TUPLE || !coll_has(r, v, x))
			v->items[v->nitems++] = x;
	}
	return v;
}

/* a ; b composes relations, a * b pairs up two sets. */
static val *eval_seq_cart(cat_run *r, const cat_expr *e, env *en)
{
	val *a = eval(r, e->a, en);
	val *b = a ? eval(r, e->b, en) : NULL;

	if (!b)
		return NULL;
	word *(*as)(cat_run *, val *, srcpos) = e->kind == E_SEQ ? as_rel : as_set;
	word *x = as(r, a, e->a->pos), *y = as(r, b, e->b->pos);
	if (!x || !y)
		return NULL;
	val *v = mkrel(r);
	if (e->kind == E_SEQ)
		rel_seq(v->bits, x, y, r->n);
	else
		rel_cart(v->bits, x, y, r->n);
	return v;
}

static val *eval1(cat_run *r, const cat_expr *e, env *en)
{
	val *a, *b, *v;

	switch (e->kind) {
	case E_VAR:
		if (e->topslot && r->topv[e->topslot - 1])
			return r->topv[e->topslot - 1];
		v = lookup(r, en, e->sym);
		return v ? v : fail(r, e->pos, "unbound name '%s'", e->name);
	case E_EMPTY:
		return mkval(r, V_EMPTY);
	case E_TAG:
		v = mkval(r, V_TAG);
		v->sym = e->sym;
		return v;
	case E_STRING:
		return fail(r, e->pos, "a string is not a value here");
	case E_SET:
	case E_TUPLE:
		return eval_items(r, e, en);
	case E_UNION:
	case E_INTER:
	case E_DIFF:
		a = eval(r, e->a, en);
		b = a ? eval(r, e->b, en) : NULL;
		return b ? binop(r, e, a, b) : NULL;
	case E_SEQ:
		/* [s] ; b and a ; [s]: rows or columns of the other side kept,
		 * without the identity relation or a composition */
		if (e->a->kind == E_BRACKET || e->b->kind == E_BRACKET)
			return seq_bracket(r, e, en);
		/* fall through */
	case E_CART:
		return eval_seq_cart(r, e, en);
	case E_ADD:
		a = eval(r, e->a, en);
		b = a ? eval(r, e->b, en) : NULL;
		if (!b)
			return NULL;
		if (!(b->k == V_COLL || is_emptyish(b)))
			return fail(r, e->pos, "'++' needs a collection on its right, found a %s", kind_name(b->k));
		return coll_add(r, a, b->k == V_COLL ? b : NULL);
	case E_PLUS:
	case E_STAR:
	case E_OPT:
	case E_INV:
	case E_COMPL:
	case E_BRACKET:
		a = eval(r, e->a, en);
		return a ? eval_rel_unary(r, e, a) : NULL;
	case E_APP:
		a = eval(r, e->a, en);
		b = a ? eval(r, e->b, en) : NULL;
		return b ? apply(r, a, b, e->pos, e->a->kind == E_VAR ? e->a->name : NULL) : NULL;
	case E_FUN:
		return closure(r, e, en);
	case E_LET: {
		env *e2 = eval_let_binds(r, e->binds, e->nbinds, e->rec, en, e->pos);
		return e2 ? eval(r, e->a, e2) : NULL;
	}
	case E_MATCH:
		return eval_match(r, e, en);
	case E_TRY: {
		v = eval(r, e->a, en);
		if (v)
			return v;
		r->err.set = false;
		return eval(r, e->b, en);
	}
	case E_IF: {
		int c = eval_cond(r, e->a, en);
		if (c < 0)
			return NULL;
		return eval(r, c ? e->b : e->c, en);
	}
	case E_EQ:
	case E_SUBSET:
	case E_VARIANT:
	case E_IN:
		return fail(r, e->pos, "a condition is not a value");
	}
	return fail(r, e->pos, "internal: unknown expression");
}

/* let rec: functions tie the knot through their captured environment;
 * anything else is a least fixpoint computed by iteration from empty. */
static env *eval_let_binds(cat_run *r, cat_binding *b, int nb, bool rec, env *en, srcpos pos)
{
	if (!rec) {
		env *out = en;
		for (int i = 0; i < nb; i++) {
			val *v = eval(r, b[i].e, en);
			if (!v)
				return NULL;
			out = b[i].name ? bind(r, out, b[i].sym, v)
					: bind_pattern(r, out, b[i].patsym, b[i].npat, true, v, b[i].pos);
			if (!out)
				return NULL;
		}
		return out;
	}
	bool allfun = true;
	for (int i = 0; i < nb; i++)
		if (b[i].e->kind != E_FUN || !b[i].name)
			allfun = false;
	env *out = en;
	if (allfun) {
		val **cl = arena_alloc(r->cur, sizeof(val *) * nb);
		for (int i = 0; i < nb; i++) {
			cl[i] = mkval(r, V_FUN);
			out = bind(r, out, b[i].sym, cl[i]);
		}
		for (int i = 0; i < nb; i++) {
			val *c = closure(r, b[i].e, out);
			*cl[i] = *c;
		}
		return out;
	}
	/* the group's parts that do not change while it is iterated
	 * (cat_compile.c, hoist): a new evaluation, new values */
	r->epoch[STAGE_REC] = r->next_epoch++;
	val **cur = arena_alloc(r->cur, sizeof(val *) * nb);
	env **slots = arena_alloc(r->cur, sizeof(env *) * nb);
	for (int i = 0; i < nb; i++) {
		if (!b[i].name) {
			fail(r, b[i].pos, "let rec needs plain names");
			return NULL;
		}
		cur[i] = mkval(r, V_EMPTY);
		out = bind(r, out, b[i].sym, cur[i]);
		slots[i] = out;
	}
	for (int iter = 0;; iter++) {
		bool changed = false;
		if (iter > r->n * r->n + 8) {
			fail(r, pos, "let rec does not converge");
			return NULL;
		}
		for (int i = 0; i < nb; i++) {
			val *v = eval(r, b[i].e, out);
			if (!v)
				return NULL;
			if (!val_equal(r, v, slots[i]->v))
				changed = true;
			slots[i]->v = v;
		}
		if (!changed)
			return out;
	}
}

/* ---- checks ---- */

static int check_holds(cat_run *r, const cat_instr *in, val *v)
{
	bool ok;

	switch (in->check) {
	case CHK_ACYCLIC:
	case CHK_IRREFLEXIVE: {
		word *x = as_rel(r, v, in->pos);
		if (!x)
			return -1;
		ok = in->check == CHK_ACYCLIC ? rel_acyclic(x, r->n) : rel_irreflexive(x, r->n);
		break;
	}
	default:
		if (v->k == V_SET)
			ok = set_empty(v->bits, r->w);
		else if (v->k == V_REL)
			ok = rel_empty(v->bits, r->n);
		else if (is_emptyish(v))
			ok = true;
		else if (v->k == V_COLL)
			ok = v->nitems == 0;
		else {
			fail(r, in->pos, "empty: expected a set or relation");
			return -1;
		}
	}
	return ok != in->negated;
}

/* ---- instructions ---- */

static int exec(cat_run *r, const kont *k, env *en, bool top);


/* A program- or rf-stage value is computed once per epoch, in its arena. */
static val *cached_eval(cat_run *r, const cat_binding *b, env *en)
{
	if (b->stage < STAGE_CO) {
		cache_ent *c = &r->cache[b->id];
		if (c->stamp == r->epoch[b->stage])
			return c->v;
		arena *saved = r->cur;
		r->cur = &r->ar[b->stage];
		int dyn = r->dyn;
		r->dyn = b->stage;
		val *v = eval(r, b->e, en);
		r->dyn = dyn;
		r->cur = saved;
		if (v) {
			c->stamp = r->epoch[b->stage];
			c->v = v;
		}
		return v;
	}
	return eval(r, b->e, en);
}

static int exec_call(cat_run *r, const cat_instr *in, env *en)
{
	val *p = lookup(r, en, in->sym);
	if (!p || p->k != V_PROC) {
		fail(r, in->pos, "'%s' is not a procedure", in->name);
		return -1;
	}
	val *arg = eval(r, in->e, en);
	if (!arg)
		return -1;
	const cat_instr *pr = p->proc;
	env *pe = pr->nparams == 1 && !pr->params_tuple ? bind(r, p->cenv, pr->psym[0], arg)
						       : bind_pattern(r, p->cenv, pr->psym, pr->nparams, true, arg, in->pos);
	if (!pe)
		return -1;
	kont body = { &pr->body, 0, NULL };
	srcpos cpos = r->at.call_pos;
	const char *cname = r->at.call_name, *cfile = r->at.call_file;
	r->at.call_pos = in->pos;
	r->at.call_name = in->name;
	r->at.call_file = in->file;
	int st = exec(r, &body, pe, false);
	r->at.call_pos = cpos;
	r->at.call_name = cname;
	r->at.call_file = cfile;
	if (st == ST_ERR)
		return -1;
	return st == ST_OK;
}

static int raise_flag(cat_run *r, const char *name)
{
	for (int i = 0; i < r->call.nflags; i++)
		if (!strcmp(r->call.flags[i], name))
			return 0;
	if (r->call.nflags < 64)
		r->call.flags[r->call.nflags++] = name;
	return 0;
}

static int finish_execution(cat_run *r)
{
	cat_verdict v = { r->call.co, r->call.flags, r->call.nflags };

	r->call.allowed++;
	r->call.found = true;
	if (r->call.fn && r->call.fn(r->call.arg, &v))
		r->call.stop = true;
	return ST_OK;
}

/* ---- explanations (bpfmm explain) ---- */

typedef struct {
	cat_run *r;
	env *en;
} check_ctx;

/* Hand a judged check to the explain callback, with its value. */
static void report_check(cat_run *r, const cat_instr *in, val *v, env *en, int ok)
{
	check_ctx ctx = { r, en };
	cat_check_info ci = { in->as, in->file, in->pos, (int)in->check, in->negated, ok != 0,
			      in->e, NULL, false, r->call.co, &ctx };

	if (v->k == V_SET) {
		ci.bits = v->bits;
		ci.is_set = true;
	} else if (v->k == V_REL || in->check != CHK_EMPTY) {
		ci.bits = as_rel(r, v, in->pos);
	}
	r->explain.fn(r->explain.arg, &ci);
}

const word *cat_check_relation(const cat_check_info *ci, const char *name)
{
	const check_ctx *ctx = ci->ctx;
	cat_run *r = ctx->r;
	val *v = NULL;

	for (env *e = ctx->en; e && !v; e = e->next)
		if (!strcmp(cat_symname(&r->m->names, e->sym), name))
			v = e->v;
	if (!v)
		v = builtin_lookup(&r->bi, cat_intern(&r->m->names, name));
	if (!v || !(v->k == V_REL || v->k == V_EMPTY))
		return NULL;
	if (v->k == V_REL)
		return v->bits;
	word *z = arena_alloc(r->cur, sizeof(word) * r->n * r->w);
	memset(z, 0, sizeof(word) * r->n * r->w);
	return z;
}

const word *cat_check_set(const cat_check_info *ci, const char *name)
{
	const check_ctx *ctx = ci->ctx;
	val *v = NULL;

	for (env *e = ctx->en; e && !v; e = e->next)
		if (!strcmp(cat_symname(&ctx->r->m->names, e->sym), name))
			v = e->v;
	if (!v)
		v = builtin_lookup(&ctx->r->bi, cat_intern(&ctx->r->m->names, name));
	return v && v->k == V_SET ? v->bits : NULL;
}

void cat_run_set_explain(cat_run *r, cat_check_fn fn, void *arg, bool all)
{
	r->explain.fn = fn;
	r->explain.arg = arg;
	r->explain.all = fn && all;
}


static int exec1(cat_run *r, const kont *k, env *en, bool top);

/* let and let rec: the environment with the new names, NULL on error. */
static env *exec_let(cat_run *r, const cat_instr *in, env *en)
{
	if (in->rec)
		return eval_let_binds(r, in->binds, in->nbinds, true, en, in->pos);
	for (int i = 0; i < in->nbinds; i++) {
		const cat_binding *b = &in->binds[i];
		val *v = cached_eval(r, b, en);
		if (!v)
			return NULL;
		if (b->name)
			r->topv[b->id] = v;
		en = b->name ? bind(r, en, b->sym, v)
			     : bind_pattern(r, en, b->patsym, b->npat, true, v, b->pos);
		if (!en)
			return NULL;
	}
	return en;
}

/* A check (acyclic, irreflexive, empty, flag) or a procedure call,
 * cached per stage: ST_OK to go on, else the status the execution ends
 * with. */
static int exec_check(cat_run *r, const cat_instr *in, env *en)
{
	int ok;
	cache_ent *c = in->kind == I_CHECK && in->stage < STAGE_CO ? &r->cache[in->cid] : NULL;

	if (c && c->stamp == r->epoch[in->stage] && !r->explain.fn) {
		ok = c->ok;
	} else if (in->kind == I_CALL) {
		ok = exec_call(r, in, en);
		if (ok >= 0 && in->negated)
			ok = !ok;
	} else {
		val *v = eval(r, in->e, en);
		ok = v ? check_holds(r, in, v) : -1;
		if (ok >= 0 && r->explain.fn && !in->flag)
			report_check(r, in, v, en, ok);
	}
	if (ok < 0)
		return ST_ERR;
	if (c) {
		c->stamp = r->epoch[in->stage];
		c->ok = ok;
	}
	if (in->flag) {
		if (ok && in->as)
			raise_flag(r, in->as);
	} else if (!ok) {
		r->call.last_fail = in->as ? in->as : "(unnamed check)";
		return in->stage < STAGE_CO ? ST_REJECT_ALL : ST_REJECT;
	}
	return ST_OK;
}

/* `with x from S`: the rest of the model (k) once per element of S
 * (with co from ...: once per coherence order, cat_co.c). */
static int exec_with(cat_run *r, const cat_instr *in, const kont *k, env *en, bool top)
{
	val *s = eval(r, in->e, en);

	if (!s)
		return ST_ERR;
	if (s->k == V_COSPACE)
		return with_co(r, in, k, en, s->bits,
			       s->nitems ? s->items[0]->bits : NULL);
	if (s->k != V_COLL && !is_emptyish(s)) {
		fail(r, in->pos, "with: expected a collection, found a %s", kind_name(s->k));
		return ST_ERR;
	}
	int n = s->k == V_COLL ? s->nitems : 0, st = ST_REJECT;
	for (int i = 0; i < n && !r->call.stop; i++) {
		int sub = exec(r, k, bind(r, en, in->sym, s->items[i]), top);
		/* ST_BUDGET too: swallowed here, a co enumeration
		 * over budget inside lock.cat's `with rfe-lf from`
		 * looked like a rejection, and the test ended with
		 * the executions found so far (0 states) */
		if (sub == ST_ERR || sub == ST_REJECT_ALL || sub == ST_BUDGET)
			return sub;
		if (sub == ST_OK)
			st = ST_OK;
	}
	return st;
}


static int exec(cat_run *r, const kont *k, env *en, bool top)
{
	enter(r, EXEC_WEIGHT);
	int st = exec1(r, k, en, top);
	r->lim.depth -= EXEC_WEIGHT;
	return st;
}

static int exec1(cat_run *r, const kont *k, env *en, bool top)
{
	kont here;

	for (;;) {
		if (!k)
			return top ? finish_execution(r) : ST_OK;
		if (k->i >= k->b->n) {
			k = k->up;
			continue;
		}
		const cat_instr *in = &k->b->v[k->i];
		here = (kont){ k->b, k->i + 1, k->up };
		k = &here;
		r->at.file = in->file;

		switch (in->kind) {
		case I_LET:
			if (!(en = exec_let(r, in, en)))
				return ST_ERR;
			break;
		case I_CHECK:
		case I_CALL: {
			int st = exec_check(r, in, en);
			if (st != ST_OK)
				return st;
			break;
		}
		case I_WITH:
			return exec_with(r, in, k, en, top);
		case I_INCLUDE: {
			/* run the body, then continue after the include */
			kont *after = arena_alloc(&r->ar[r->dyn], sizeof *after);
			kont *inner = arena_alloc(&r->ar[r->dyn], sizeof *inner);
			*after = here;
			*inner = (kont){ &in->body, 0, after };
			k = inner;
			break;
		}
		case I_IF_VARIANT: {
			int c = eval_cond(r, in->e, en);
			if (c < 0)
				return ST_ERR;
			kont *inner = arena_alloc(&r->ar[r->dyn], sizeof *inner);
			kont *after = arena_alloc(&r->ar[r->dyn], sizeof *after);
			*after = here;
			*inner = (kont){ c ? &in->body : &in->body2, 0, after };
			k = inner;
			break;
		}
		case I_PROCEDURE: {
			val *p = mkval(r, V_PROC);
			p->proc = in;
			p->cenv = NULL;   /* set below: a procedure may call itself */
			en = bind(r, en, in->sym, p);
			p->cenv = en;
			break;
		}
		case I_FORALL: {
			val *s = eval(r, in->e, en);
			if (!s)
				return ST_ERR;
			int n = s->k == V_COLL ? s->nitems : 0;
			for (int i = 0; i < n; i++) {
				kont body = { &in->body, 0, NULL };
				int st = exec(r, &body, bind(r, en, in->sym, s->items[i]), false);
				if (st != ST_OK)
					return st;
			}
			break;
		}
		case I_ENUM: {
			val *c = mkval(r, V_COLL);
			c->items = arena_alloc(r->cur, sizeof(val *) * (in->nparams + 1));
			for (int i = 0; i < in->nparams; i++) {
				val *t = mkval(r, V_TAG);
				t->sym = in->psym[i];
				c->items[c->nitems++] = t;
			}
			en = bind(r, en, in->sym, c);
			break;
		}
		case I_SHOW:
		case I_INSTRUCTIONS:
		case I_EVENTS:
			break;
		}
	}
}

/* ---- a coherence order found (cat_co.c) ---- */

/* One more co order tried in exact mode: the count so far, r's own or the
 * one shared with the other slices (cat_run_share_budget). */
static long count_leaf(cat_run *r)
{
	return r->mode.shared ? atomic_fetch_add(r->mode.shared, 1) + 1 : ++r->mode.leaves;
}

int co_complete(cat_run *r, const co_search *cs, const cat_instr *in, const kont *k, env *en)
{
	/* the first co order of an rf is not counted: outcome mode would
	 * try it too, so a test with one co per rf never starts again */
	if (r->call.first_leaf)
		r->call.first_leaf = false;
	else if (!r->mode.outcome_mode && r->mode.budget && count_leaf(r) > r->mode.budget)
		return ST_BUDGET;
	r->lim.steps = 0;
	arena_mark mark = arena_save(&r->ar[2]);
	arena *saved = r->cur;
	int nflags = r->call.nflags;

	r->cur = &r->ar[2];
	val *co = mkrel(r);
	for (int l = 0; l < cs->nloc; l++)
		for (int i = 0; i < cs->len[l]; i++)
			for (int j = i + 1; j < cs->len[l]; j++)
				rel_add(co->bits, r->w, cs->order[cs->start[l] + i], cs->order[cs->start[l] + j]);
	r->call.co = co->bits;
	int dyn = r->dyn;
	r->dyn = 2;
	int st = exec(r, k, bind(r, en, in->sym, co), true);
	r->dyn = dyn;
	r->call.nflags = nflags;
	r->cur = saved;
	arena_release(&r->ar[2], mark);
	return st;
}

/* ---- public API ---- */


/* The evaluator may use half of the stack (what its caller already used
 * is not known), at most 64 MiB. */
static size_t stack_allowance(void)
{
	struct rlimit rl;
	size_t max = (size_t)64 << 20;

	if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur / 2 < max)
		max = rl.rlim_cur / 2;
	return max;
}

cat_run *cat_run_new(cat_model *m, const char *const *tag_names, int ntags)
{
	cat_run *r = xcalloc(1, sizeof *r);
	r->m = m;
	r->cache = xcalloc(m->ncache + 1, sizeof *r->cache);
	r->topv = xcalloc(m->ncache + 1, sizeof *r->topv);
	r->next_epoch = 1;
	builtin_init(&r->bi, &m->names, tag_names, ntags);
	r->co_sym = cat_intern(&m->names, "co");
	r->lim.mem = (arena_budget){ 0, CAT_MEM_LIMIT, out_of_memory, r };
	for (int i = 0; i < 3; i++)
		r->ar[i].budget = &r->lim.mem;
	return r;
}

bool cat_run_has_variant(const cat_run *r, const char *name)
{
	for (int i = 0; i < r->m->nvariants; i++)
		if (!strcmp(r->m->variants[i], name))
			return true;
	return false;
}

bool cat_run_requires_coherence(const cat_run *r) { return r->m->coherent && !r->explain.all; }
bool cat_run_forbids_future_reads(const cat_run *r) { return r->m->no_future && !r->explain.all; }
bool cat_run_requires_atomicity(const cat_run *r) { return r->m->atomic && !r->explain.all; }

void cat_run_set_mode(cat_run *r, bool outcome_mode, const int *final_locs, int n, long budget)
{
	r->mode.outcome_mode = outcome_mode;
	r->mode.final_locs = final_locs;
	r->mode.nfinal_locs = n;
	r->mode.budget = budget;
	r->mode.leaves = 0;
}

void cat_run_share_budget(cat_run *r, atomic_long *leaves) { r->mode.shared = leaves; }

void cat_run_free(cat_run *r)
{
	if (!r)
		return;
	for (int i = 0; i < 3; i++)
		arena_free(&r->ar[i]);
	builtin_free(&r->bi);
	free(r->cache);
	free(r->topv);
	free(r->bound);
	if (r->own_model) {
		cat_names_free(&r->m->names);
		free(r->m);
	}
	free(r);
}

/* Evaluation reads the model's tree and writes only its run, except for
 * interning names (the built-ins of each event structure): a clone gets
 * its own copy of the names, under the same integers, and shares the
 * tree, which outlives it. */
cat_run *cat_run_clone(const cat_run *r)
{
	cat_model *m = xmalloc(sizeof *m);

	*m = *r->m;
	memset(&m->names, 0, sizeof m->names);
	cat_names_copy(&m->names, &r->m->names);
	cat_run *c = cat_run_new(m, r->bi.tag_names, r->bi.ntags);
	c->own_model = true;
	c->lim.mem.max = r->lim.mem.max;
	return c;
}

void cat_run_set_events(cat_run *r, const evstruct *es)
{
	for (int i = 0; i < 3; i++)
		arena_reset(&r->ar[i]);
	r->es = es;
	r->n = es->n;
	r->w = es->w;
	r->epoch[0] = r->next_epoch++;
	r->cur = &r->ar[0];
	builtin_set_events(&r->bi, es, &r->ar[0]);
}

bool cat_run_values_used(const cat_run *r) { return r->bi.values_used; }

long cat_run_eval(cat_run *r, const word *rf, cat_allowed_fn fn, void *arg, diag *d)
{
	arena_reset(&r->ar[1]);
	arena_reset(&r->ar[2]);
	r->epoch[1] = r->next_epoch++;
	r->call.rf = rf;
	r->call.co = NULL;
	r->call.fn = fn;
	r->call.arg = arg;
	r->call.allowed = 0;
	r->call.stop = false;
	r->call.first_leaf = true;
	r->call.nflags = 0;
	r->err.set = false;
	r->dyn = 1;
	r->cur = &r->ar[1];
	builtin_set_rf(&r->bi, rf, &r->ar[1]);

	kont top = { &r->m->ast->top, 0, NULL };
	jmp_buf jb;
	char base;
	int st;
	r->lim.depth = 0;
	r->lim.steps = 0;
	r->at.call_name = NULL;
	r->at.pos = (srcpos){ 0, 0 };
	r->lim.stack_base = &base;
	if (!r->lim.stack_max)
		r->lim.stack_max = stack_allowance();
	r->lim.jb = &jb;
	if (setjmp(jb) == 0)
		st = exec(r, &top, NULL, true);
	else
		st = ST_ERR;   /* a limit: the message is in r */
	r->lim.jb = NULL;
	r->lim.stack_base = NULL;
	if (st == ST_BUDGET)
		return -2;
	if (st == ST_ERR || r->err.set) {
		srcpos pos = r->err.pos;
		const char *saved = d->file;
		d->file = r->err.file ? r->err.file : "<model>";
		diag_error(d, pos, "%s", r->err.msg);
		if (!d->file)
			d->file = saved;
		return -1;
	}
	return r->call.allowed;
}

const char *cat_run_last_failure(const cat_run *r) { return r->call.last_fail; }

void cat_run_set_memory_limit(cat_run *r, size_t bytes) { r->lim.mem.max = bytes; }
