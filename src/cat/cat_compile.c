/* cat_compile.c - name interning, free variables and stages (cat_compile.h).
 *
 * Stages decide caching: a definition's value can only change when one of
 * its free variables can, so its stage is the highest stage among them.
 * The base relations are program-stage except rf; the variable bound by
 * `with` is co-stage, as is everything that follows from it.
 */
#include <stdlib.h>
#include <string.h>
#include "cat/cat_compile.h"
#include "base/xalloc.h"

/* ---- interning ---- */

static unsigned name_hash(const char *name)
{
	unsigned h = 5381;

	for (const char *p = name; *p; p++)
		h = h * 33 + (unsigned char)*p;
	return h;
}

int cat_intern(cat_names *nm, const char *name)
{
	/* Models have a few hundred names: a linear probe of a hash table. */
	unsigned h = name_hash(name);

	if (2 * (nm->n + 1) > nm->tcap) {
		int ncap = nm->tcap ? 2 * nm->tcap : 1024;
		int *nt = xmalloc(sizeof *nt * ncap);
		for (int i = 0; i < ncap; i++)
			nt[i] = -1;
		for (int i = 0; i < nm->n; i++) {
			unsigned k = name_hash(nm->v[i]) & (ncap - 1);
			while (nt[k] >= 0)
				k = (k + 1) & (ncap - 1);
			nt[k] = i;
		}
		free(nm->table);
		nm->table = nt;
		nm->tcap = ncap;
	}
	unsigned k = h & (nm->tcap - 1);
	while (nm->table[k] >= 0) {
		if (strcmp(nm->v[nm->table[k]], name) == 0)
			return nm->table[k];
		k = (k + 1) & (nm->tcap - 1);
	}
	if (nm->n == nm->cap) {
		nm->cap = nm->cap ? 2 * nm->cap : 256;
		nm->v = xrealloc(nm->v, sizeof *nm->v * nm->cap);
	}
	nm->v[nm->n] = xstrdup(name);
	nm->table[k] = nm->n;
	return nm->n++;
}

/* dst (empty) gets src's names under the same integers. */
void cat_names_copy(cat_names *dst, const cat_names *src)
{
	for (int i = 0; i < src->n; i++)
		cat_intern(dst, src->v[i]);
}

const char *cat_symname(const cat_names *nm, int sym)
{
	return sym >= 0 && sym < nm->n ? nm->v[sym] : "?";
}

int cat_nsyms(const cat_names *nm) { return nm->n; }

void cat_names_free(cat_names *nm)
{
	for (int i = 0; i < nm->n; i++)
		free(nm->v[i]);
	free(nm->v);
	free(nm->table);
	*nm = (cat_names){ 0 };
}

/* ---- small integer sets ---- */

typedef struct {
	int *v;
	int n, cap;
} intset;

static bool is_in(const intset *s, int x)
{
	for (int i = 0; i < s->n; i++)
		if (s->v[i] == x)
			return true;
	return false;
}

static void push(intset *s, int x)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 8;
		s->v = xrealloc(s->v, sizeof *s->v * s->cap);
	}
	s->v[s->n++] = x;
}

static void add_unique(intset *s, int x)
{
	if (!is_in(s, x))
		push(s, x);
}

/* ---- free variables ---- */

static void fv_expr(cat_expr *e, intset *bound, intset *out);

static void fv_binds(cat_binding *b, int nb, bool rec, intset *bound, intset *out)
{
	int mark = bound->n;

	if (rec)
		for (int i = 0; i < nb; i++)
			if (b[i].name)
				push(bound, b[i].sym);
	for (int i = 0; i < nb; i++)
		fv_expr(b[i].e, bound, out);
	bound->n = mark;
}

static void bind_names(cat_binding *b, int nb, intset *bound)
{
	for (int i = 0; i < nb; i++) {
		if (b[i].name)
			push(bound, b[i].sym);
		for (int k = 0; k < b[i].npat; k++)
			push(bound, b[i].patsym[k]);
	}
}

static void fv_expr(cat_expr *e, intset *bound, intset *out)
{
	int mark;

	if (!e)
		return;
	switch (e->kind) {
	case E_VAR:
		if (!is_in(bound, e->sym))
			add_unique(out, e->sym);
		return;
	case E_FUN: {
		mark = bound->n;
		for (int i = 0; i < e->nparams; i++)
			push(bound, e->psym[i]);
		fv_expr(e->a, bound, out);
		bound->n = mark;
		return;
	}
	case E_LET:
		mark = bound->n;
		fv_binds(e->binds, e->nbinds, e->rec, bound, out);
		bind_names(e->binds, e->nbinds, bound);
		fv_expr(e->a, bound, out);
		bound->n = mark;
		return;
	case E_MATCH:
		fv_expr(e->a, bound, out);
		for (int i = 0; i < e->nclauses; i++) {
			mark = bound->n;
			if (e->clauses[i].kind == 1) {
				push(bound, e->clauses[i].sa);
				push(bound, e->clauses[i].sb);
			}
			fv_expr(e->clauses[i].e, bound, out);
			bound->n = mark;
		}
		return;
	default:
		fv_expr(e->a, bound, out);
		fv_expr(e->b, bound, out);
		fv_expr(e->c, bound, out);
		for (int i = 0; i < e->nargs; i++)
			fv_expr(e->args[i], bound, out);
		return;
	}
}

/* ---- interning pass ---- */

typedef struct {
	cat_names *nm;
	int expr_ids;   /* ids for bindings inside expressions (never cached) */
} interner;

static void intern_expr(interner *in, cat_expr *e);

static void intern_binds(interner *in, cat_binding *b, int nb, int *nextid)
{
	for (int i = 0; i < nb; i++) {
		if (b[i].name)
			b[i].sym = cat_intern(in->nm, b[i].name);
		if (b[i].npat) {
			b[i].patsym = xcalloc(b[i].npat, sizeof(int));
			for (int k = 0; k < b[i].npat; k++)
				b[i].patsym[k] = cat_intern(in->nm, b[i].pat[k]);
		}
		b[i].id = (*nextid)++;
		intern_expr(in, b[i].e);
	}
}

static void intern_expr(interner *in, cat_expr *e)
{
	if (!e)
		return;
	if ((e->kind == E_VAR || e->kind == E_TAG) && e->name)
		e->sym = cat_intern(in->nm, e->name);
	if (e->kind == E_FUN) {
		e->psym = xcalloc(e->nparams ? e->nparams : 1, sizeof(int));
		for (int i = 0; i < e->nparams; i++)
			e->psym[i] = cat_intern(in->nm, e->params[i]);
	}
	if (e->kind == E_LET)
		intern_binds(in, e->binds, e->nbinds, &in->expr_ids);
	for (int i = 0; i < e->nclauses; i++) {
		if (e->clauses[i].a)
			e->clauses[i].sa = cat_intern(in->nm, e->clauses[i].a);
		if (e->clauses[i].b)
			e->clauses[i].sb = cat_intern(in->nm, e->clauses[i].b);
		intern_expr(in, e->clauses[i].e);
	}
	intern_expr(in, e->a);
	intern_expr(in, e->b);
	intern_expr(in, e->c);
	for (int i = 0; i < e->nargs; i++)
		intern_expr(in, e->args[i]);
	if (e->kind == E_FUN) {
		/* free variables of the function: what a closure captures */
		intset bound = { 0 }, out = { 0 };
		for (int i = 0; i < e->nparams; i++)
			push(&bound, e->psym[i]);
		fv_expr(e->a, &bound, &out);
		e->fv = out.v;
		e->nfv = out.n;
		free(bound.v);
	}
}

/* ---- stages ---- */

typedef struct {
	signed char *stage;  /* per symbol, as the instructions define them */
	int cap;
	int nbind;
	interner names;
	/* resolution of top-level names: per symbol, the binding id + 1 of
	 * the top-level definition in scope, 0 when that is not known
	 * statically (a built-in, a pattern, a rec group, a procedure,
	 * `with`, a name bound under `if "variant"`) */
	int *top;
	int topcap;
	bool resolve;        /* at top level, outside `if "variant"` */
	const cat_binding *group;   /* hoist: the `let rec` group */
	int ngroup;
} stager;

static int top_get(const stager *s, int sym) { return sym >= 0 && sym < s->topcap ? s->top[sym] : 0; }

static void top_set(stager *s, int sym, int slot)
{
	if (sym >= s->topcap) {
		int ncap = cat_nsyms(s->names.nm) + 64;
		if (ncap <= sym)
			ncap = sym + 64;
		s->top = xrealloc(s->top, sizeof(int) * ncap);
		memset(s->top + s->topcap, 0, sizeof(int) * (ncap - s->topcap));
		s->topcap = ncap;
	}
	s->top[sym] = slot;
}

/* f on each operand of an operator node; nothing under a binder (fun,
 * let, match), where a name may be a parameter or a local, whose stage
 * and definition are not known here.  The walk of hoist and resolve. */
static void operands(stager *s, cat_expr *e, int st, void (*f)(stager *, cat_expr *, int))
{
	switch (e->kind) {
	case E_FUN:
	case E_LET:
	case E_MATCH:
		return;
	default:
		f(s, e->a, st);
		f(s, e->b, st);
		f(s, e->c, st);
		for (int i = 0; i < e->nargs; i++)
			f(s, e->args[i], st);
	}
}

/* The names of a top-level definition in scope, in operator nodes only. */
static void resolve(stager *s, cat_expr *e, int unused)
{
	if (!e)
		return;
	if (e->kind == E_VAR)
		e->topslot = top_get(s, e->sym);
	else
		operands(s, e, unused, resolve);
}

/* Every name a block binds at its own level is no longer known. */
static void forget_block(stager *s, const cat_block *b)
{
	for (int i = 0; i < b->n; i++) {
		const cat_instr *in = &b->v[i];
		switch (in->kind) {
		case I_LET:
			for (int k = 0; k < in->nbinds; k++) {
				if (in->binds[k].name)
					top_set(s, in->binds[k].sym, 0);
				for (int p = 0; p < in->binds[k].npat; p++)
					top_set(s, in->binds[k].patsym[p], 0);
			}
			break;
		case I_WITH:
		case I_PROCEDURE:
		case I_ENUM:
			top_set(s, in->sym, 0);
			break;
		case I_INCLUDE:
			forget_block(s, &in->body);
			break;
		case I_IF_VARIANT:
			forget_block(s, &in->body);
			forget_block(s, &in->body2);
			break;
		default:
			break;
		}
	}
}

static int stage_of_sym(stager *s, int sym)
{
	return sym < s->cap ? s->stage[sym] : STAGE_PROGRAM;
}

static void set_stage(stager *s, int sym, int st)
{
	if (sym >= s->cap) {
		int ncap = cat_nsyms(s->names.nm) + 64;
		s->stage = xrealloc(s->stage, ncap);
		memset(s->stage + s->cap, STAGE_PROGRAM, ncap - s->cap);
		s->cap = ncap;
	}
	s->stage[sym] = (signed char)st;
}

static int stage_of_expr(stager *s, cat_expr *e)
{
	intset bound = { 0 }, out = { 0 };
	int st = STAGE_PROGRAM;

	fv_expr(e, &bound, &out);
	for (int i = 0; i < out.n; i++)
		if (stage_of_sym(s, out.v[i]) > st)
			st = stage_of_sym(s, out.v[i]);
	free(bound.v);
	free(out.v);
	return st;
}

/* Does e mention a name the `let rec` group s->group defines? */
static bool mentions_group(const stager *s, cat_expr *e)
{
	intset bound = { 0 }, out = { 0 };
	bool hit = false;

	fv_expr(e, &bound, &out);
	for (int i = 0; i < out.n && !hit; i++)
		for (int k = 0; k < s->ngroup && !hit; k++)
			hit = s->group[k].name && s->group[k].sym == out.v[i];
	free(bound.v);
	free(out.v);
	return hit;
}

/* Hoisting: in a definition of stage st, a maximal part whose free
 * variables are all of earlier stages keeps its value while they do (the
 * LKMM's mb, of co stage for its last alternative, has four program-stage
 * ones).  In a `let rec` group's definitions (s->group), a maximal part
 * that mentions none of the group's names has the same value in every
 * iteration of the fixpoint: cached for one evaluation of the group
 * (STAGE_REC), or like any hoisted part when all its names are of
 * earlier stages than the group (the LKMM's rcu-order: (rcu-gp ;
 * rcu-link ; rcu-rscsi), and the prefix (rcu-gp ; rcu-link) of its
 * recursive alternatives).  Only operator nodes are entered (operands).
 * Names and constants are not worth a cache slot. */
static void hoist(stager *s, cat_expr *e, int st)
{
	if (!e || e->kind == E_VAR || e->kind == E_TAG || e->kind == E_STRING ||
	    e->kind == E_EMPTY || e->kind == E_VARIANT)
		return;
	int es = stage_of_expr(s, e);
	if (s->group ? !mentions_group(s, e) : es < st) {
		e->xid = ++s->nbind;
		e->xstage = (signed char)(es < st ? es : STAGE_REC);
		return;
	}
	operands(s, e, st, hoist);
}

/* The stages of a let's (or let rec's) bindings, hoisting what a later
 * stage computes; with res, its top-level names are resolved. */
static void stage_let(stager *s, cat_instr *in, bool in_proc, bool res)
{
	intern_binds(&s->names, in->binds, in->nbinds, &s->nbind);
	int st = STAGE_PROGRAM;

	if (in->rec)   /* a recursive group shares one stage */
		for (int k = 0; k < in->nbinds; k++)
			if (in->binds[k].name)
				set_stage(s, in->binds[k].sym, STAGE_PROGRAM);
	for (int k = 0; k < in->nbinds; k++) {
		int bs = stage_of_expr(s, in->binds[k].e);
		if (in_proc)
			bs = STAGE_CO;
		in->binds[k].stage = bs;
		if (bs > st)
			st = bs;
	}
	if (res && !in->rec)
		for (int k = 0; k < in->nbinds; k++)
			resolve(s, in->binds[k].e, 0);
	for (int k = 0; k < in->nbinds; k++) {
		cat_binding *bd = &in->binds[k];
		if (res) {
			if (bd->name)
				top_set(s, bd->sym, in->rec ? 0 : bd->id + 1);
			for (int p = 0; p < bd->npat; p++)
				top_set(s, bd->patsym[p], 0);
		}
		if (in->rec) {
			bd->stage = st;
			s->group = in->binds;
			s->ngroup = in->nbinds;
			if (!in_proc && bd->e->kind != E_FUN)
				hoist(s, bd->e, st);
			s->group = NULL;
			s->ngroup = 0;
		} else if (!in_proc && bd->stage > STAGE_PROGRAM)
			hoist(s, bd->e, bd->stage);
		if (bd->name)
			set_stage(s, bd->sym, bd->stage);
		for (int p = 0; p < bd->npat; p++)
			set_stage(s, bd->patsym[p], bd->stage);
	}
}

static void stage_block(stager *s, cat_block *b, bool in_proc)
{
	/* top-level names are resolved here (not inside `if "variant"`,
	 * where s->resolve is false, nor in a procedure or forall body) */
	const bool res = s->resolve && !in_proc;

	for (int i = 0; i < b->n; i++) {
		cat_instr *in = &b->v[i];
		if (in->name)
			in->sym = cat_intern(s->names.nm, in->name);
		if (in->nparams) {
			in->psym = xcalloc(in->nparams, sizeof(int));
			for (int k = 0; k < in->nparams; k++)
				in->psym[k] = cat_intern(s->names.nm, in->params[k]);
		}
		intern_expr(&s->names, in->e);
		switch (in->kind) {
		case I_LET:
			stage_let(s, in, in_proc, res);
			break;
		case I_CHECK:
			in->stage = in_proc ? STAGE_CO : stage_of_expr(s, in->e);
			in->cid = s->nbind++;
			if (res)
				resolve(s, in->e, 0);
			break;
		case I_WITH:
			set_stage(s, in->sym, STAGE_CO);
			if (res) {
				resolve(s, in->e, 0);
				top_set(s, in->sym, 0);
			}
			break;
		case I_PROCEDURE:
		case I_FORALL:
			if (res) {
				if (in->kind == I_FORALL)
					resolve(s, in->e, 0);
				else
					top_set(s, in->sym, 0);
			}
			stage_block(s, &in->body, true);
			break;
		case I_INCLUDE:
			stage_block(s, &in->body, in_proc);
			break;
		case I_IF_VARIANT: {
			bool outer = s->resolve;
			s->resolve = false;
			stage_block(s, &in->body, in_proc);
			stage_block(s, &in->body2, in_proc);
			s->resolve = outer;
			if (!in_proc)
				forget_block(s, &in->body), forget_block(s, &in->body2);
			break;
		}
		case I_ENUM:
			if (res)
				top_set(s, in->sym, 0);
			break;
		case I_CALL:
			if (res)
				resolve(s, in->e, 0);
			break;
		default:
			break;
		}
		if (in->kind == I_CALL)
			in->stage = STAGE_CO;
	}
}

int cat_compile(cat_model_ast *m, cat_names *nm)
{
	stager s = { .names = { .nm = nm }, .resolve = true };

	set_stage(&s, cat_intern(nm, "rf"), STAGE_RF);
	stage_block(&s, &m->top, false);
	free(s.stage);
	free(s.top);
	return s.nbind;
}

/* ---- does the model require uniproc? ---- */

typedef struct {
	const cat_binding *b[4096];
	int n;
	cat_names *nm;
} defs;

/* The top-level definitions of names (and the included files'); with
 * `all`, also those under `if "variant"` and tuple patterns (every way a
 * name may be redefined, for cat_checks_atomicity). */
static void collect_defs(const cat_block *b, defs *d, bool all)
{
	for (int i = 0; i < b->n; i++) {
		const cat_instr *in = &b->v[i];
		if (in->kind == I_LET)
			for (int k = 0; k < in->nbinds && d->n < 4096; k++)
				if (all || in->binds[k].name)
					d->b[d->n++] = &in->binds[k];
		if (in->kind == I_INCLUDE)
			collect_defs(&in->body, d, all);
		if (all && in->kind == I_IF_VARIANT) {
			collect_defs(&in->body, d, all);
			collect_defs(&in->body2, d, all);
		}
	}
}

/* Collect the names whose union `e` is, unfolding definitions (the last
 * definition of a name wins; good enough for a safety analysis that only
 * ever answers "yes" when the union is explicit). */
static void union_atoms(const cat_expr *e, const defs *d, intset *atoms, int depth)
{
	if (!e || depth > 32)
		return;
	if (e->kind == E_UNION) {
		union_atoms(e->a, d, atoms, depth + 1);
		union_atoms(e->b, d, atoms, depth + 1);
		return;
	}
	if (e->kind == E_PLUS) {   /* acyclic r+ is acyclic r */
		union_atoms(e->a, d, atoms, depth + 1);
		return;
	}
	if (e->kind == E_INTER && e->a && e->b && e->a->kind == E_VAR && e->b->kind == E_VAR &&
	    ((!strcmp(e->a->name, "po") && !strcmp(e->b->name, "loc")) ||
	     (!strcmp(e->a->name, "loc") && !strcmp(e->b->name, "po")))) {
		add_unique(atoms, cat_intern(d->nm, "po-loc"));
		return;
	}
	if (e->kind != E_VAR)
		return;
	static const char *const prim[] = { "po-loc", "po", "rf", "co", "fr", "rfe", "rfi", "coe", "coi",
					    "fre", "fri" };
	for (size_t i = 0; i < sizeof prim / sizeof *prim; i++)
		if (!strcmp(e->name, prim[i])) {
			add_unique(atoms, e->sym);
			return;
		}
	for (int i = d->n - 1; i >= 0; i--)
		if (d->b[i]->sym == e->sym) {
			union_atoms(d->b[i]->e, d, atoms, depth + 1);
			return;
		}
}

static bool has(cat_names *nm, const intset *s, const char *a, const char *b1, const char *b2)
{
	return is_in(s, cat_intern(nm, a)) ||
	       (b1 && is_in(s, cat_intern(nm, b1)) && is_in(s, cat_intern(nm, b2)));
}

typedef bool (*atoms_test)(cat_names *nm, const intset *atoms);

static bool block_checks(const cat_block *b, const defs *d, atoms_test test)
{
	for (int i = 0; i < b->n; i++) {
		const cat_instr *in = &b->v[i];
		if (in->kind == I_INCLUDE && block_checks(&in->body, d, test))
			return true;
		if (in->kind != I_CHECK || in->flag || in->negated || in->check != CHK_ACYCLIC)
			continue;
		intset atoms = { 0 };
		union_atoms(in->e, d, &atoms, 0);
		bool ok = test(d->nm, &atoms);
		free(atoms.v);
		if (ok)
			return true;
	}
	return false;
}

static bool model_checks(const cat_model_ast *m, cat_names *nm, atoms_test test)
{
	defs *d = xcalloc(1, sizeof *d);
	d->nm = nm;
	collect_defs(&m->top, d, false);
	bool ok = block_checks(&m->top, d, test);
	free(d);
	return ok;
}

static bool coherence_atoms(cat_names *nm, const intset *a)
{
	return has(nm, a, "po-loc", NULL, NULL) && has(nm, a, "rf", "rfe", "rfi") &&
	       has(nm, a, "co", "coe", "coi") && has(nm, a, "fr", "fre", "fri");
}

/* a read from a po-later write of its own thread is a po-loc | rf (or
 * po | rf) cycle; rfi alone is enough, rf from another thread is not po */
static bool no_future_atoms(cat_names *nm, const intset *a)
{
	return (has(nm, a, "po-loc", NULL, NULL) || has(nm, a, "po", NULL, NULL)) && has(nm, a, "rf", "rfi", "rfi");
}

bool cat_checks_coherence(const cat_model_ast *m, cat_names *nm)
{
	return model_checks(m, nm, coherence_atoms);
}

bool cat_checks_no_future_reads(const cat_model_ast *m, cat_names *nm)
{
	return model_checks(m, nm, no_future_atoms);
}

/* ---- does the model require atomicity? ----
 * A top-level check `empty rmw & (fre ; coe)` (the LKMM's "atomic"), or
 * with fr and co, rejects every execution in which a write external to
 * a read-modify-write's thread comes, in co, between the write its read
 * reads from and its own write. The enumerator then drops such co
 * orders as it builds them, and rf choices where the reads of two
 * read-modify-writes of different threads read the same write (one of
 * them would have the other's write in between), when the model also
 * requires coherence. Sound only if the names the check uses denote at
 * least the engine's relations: each must be the built-in, or defined
 * (every definition, also under `if "variant"`) only by expressions that
 * contain it: a union with it, its closure, fr as rf^-1 ; co, fre and coe
 * as fr & ext and co & ext (the LKMM's lock.cat redefines rmw, rf, co,
 * fr, fre and coe that way). */

static bool contains(const defs *d, const cat_expr *e, const char *prim, const char *self,
		     const char *selfprim, int depth);

/* Does the value `name` has after all its definitions contain the
 * engine's relation prim? Its built-in must (fr contains fre, co coe),
 * and each definition must, given that the name in it, its previous
 * value, does (induction on the definitions). */
static bool name_contains(const defs *d, const char *name, const char *prim, int depth)
{
	if (depth > 24)
		return false;
	if (strcmp(name, prim) && !(!strcmp(name, "fr") && !strcmp(prim, "fre")) &&
	    !(!strcmp(name, "co") && !strcmp(prim, "coe")))
		return false;   /* the built-in does not */
	for (int i = 0; i < d->n; i++) {
		const cat_binding *b = d->b[i];
		for (int p = 0; p < b->npat; p++)
			if (!strcmp(b->pat[p], name))
				return false;   /* bound by a tuple pattern: not followed */
		if (b->name && !strcmp(b->name, name) && !contains(d, b->e, prim, name, prim, depth + 1))
			return false;
	}
	return true;
}

/* Does e's value contain the engine's relation prim, for every
 * execution? `self`: e defines that name, which in e is its previous
 * value, known to contain selfprim (the induction of name_contains).
 * false when not shown. */
static bool contains(const defs *d, const cat_expr *e, const char *prim, const char *self,
		     const char *selfprim, int depth)
{
	if (!e || depth > 24)
		return false;
	/* fr contains fre and co contains coe */
	if (!strcmp(prim, "fre") && contains(d, e, "fr", self, selfprim, depth + 1))
		return true;
	if (!strcmp(prim, "coe") && contains(d, e, "co", self, selfprim, depth + 1))
		return true;
	switch (e->kind) {
	case E_VAR:
		if (self && !strcmp(e->name, self))
			return !strcmp(prim, selfprim);
		return name_contains(d, e->name, prim, depth + 1);
	case E_UNION:
		return contains(d, e->a, prim, self, selfprim, depth + 1) ||
		       contains(d, e->b, prim, self, selfprim, depth + 1);
	case E_PLUS:
	case E_STAR:
		return contains(d, e->a, prim, self, selfprim, depth + 1);
	case E_INTER:     /* fre = fr & ext, coe = co & ext: ext contains them */
		if (strcmp(prim, "fre") && strcmp(prim, "coe"))
			return false;
		for (int side = 0; side < 2; side++) {
			const cat_expr *x = side ? e->b : e->a, *y = side ? e->a : e->b;
			if (y && y->kind == E_VAR && !strcmp(y->name, "ext") &&
			    name_contains(d, "ext", "ext", depth + 1) &&
			    contains(d, x, prim, self, selfprim, depth + 1))
				return true;
		}
		return false;
	case E_DIFF:      /* fr = (rf^-1 ; co) \ id: fre and coe have no pair (e, e) */
		return (!strcmp(prim, "fre") || !strcmp(prim, "coe")) && e->b && e->b->kind == E_VAR &&
		       !strcmp(e->b->name, "id") && name_contains(d, "id", "id", depth + 1) &&
		       contains(d, e->a, prim, self, selfprim, depth + 1);
	case E_SEQ:       /* fr = rf^-1 ; co */
		return !strcmp(prim, "fr") && e->a && e->a->kind == E_INV &&
		       contains(d, e->a->a, "rf", self, selfprim, depth + 1) &&
		       contains(d, e->b, "co", self, selfprim, depth + 1);
	default:
		return false;
	}
}

static bool atomicity_check(const defs *d, const cat_expr *e)
{
	if (!e || e->kind != E_INTER)
		return false;
	for (int side = 0; side < 2; side++) {
		const cat_expr *rmw = side ? e->b : e->a, *p = side ? e->a : e->b;
		if (p && p->kind == E_SEQ && contains(d, rmw, "rmw", NULL, NULL, 0) &&
		    contains(d, p->a, "fre", NULL, NULL, 0) && contains(d, p->b, "coe", NULL, NULL, 0))
			return true;
	}
	return false;
}

static bool block_checks_atomicity(const cat_block *b, const defs *d)
{
	for (int i = 0; i < b->n; i++) {
		const cat_instr *in = &b->v[i];
		if (in->kind == I_INCLUDE && block_checks_atomicity(&in->body, d))
			return true;
		if (in->kind == I_CHECK && !in->flag && !in->negated && in->check == CHK_EMPTY &&
		    atomicity_check(d, in->e))
			return true;
	}
	return false;
}

bool cat_checks_atomicity(const cat_model_ast *m)
{
	defs *d = xcalloc(1, sizeof *d);
	collect_defs(&m->top, d, true);
	bool ok = block_checks_atomicity(&m->top, d);
	free(d);
	return ok;
}
