/* explain.c - why a final state is forbidden, or how it is reached.
 *
 * Every candidate execution (every rf, every co: the pruning that relies
 * on coherence is off in explain mode, cat.h) is judged by the model; the
 * ones whose final state satisfies the asked proposition are kept. An
 * allowed one is a witness. A rejected one is explained by the first
 * check that fails on it: a shortest cycle of the check's relation
 * (acyclic), a self-loop (irreflexive) or an element (empty), each step
 * of which is then refined through the model's definitions down to base
 * relations (po, rf, co, fr, rmw, addr, data, ctrl: "refine" below).
 * Rejections with the same check and the same refined cycle are grouped.
 */
#include <stdlib.h>
#include <string.h>
#include "base/xalloc.h"
#include "cmd/explain.h"
#include "cat/cat_compile.h"
#include "exec/check.h"
#include "exec/enumerate.h"
#include "litmus/litmus_read.h"
#include "kit/output.h"

enum { MAX_DEPTH = 12, MAX_STEPS = 256, MAX_NAMES = 64, MAX_GROUPS = 64, MAX_PASSED = 64 };
/* co orders judged per try before giving up (the checker's -budget
 * default is 200000; explaining cannot switch to outcome mode) */
#define EXPLAIN_BUDGET 2000000L

/* A top-level `let NAME = e` of the model. */
typedef struct {
	const char *name;
	const cat_expr *e;
	bool library;         /* defined in our cat library (stdlib, cos) */
} def;

/* One step of an explanation: from -> to, named. */
typedef struct {
	int from, to;
	char label[96];
} step;

typedef struct {
	char *key;            /* check position + refined cycle text */
	long count;
	char *text;           /* what is printed for the group */
	witness w;            /* its first execution, for -dot */
	step *steps;
	int nsteps;
	bool chain;           /* an `empty` pair: a path, not a cycle */
	char check[200];      /* the check's text, then "` at FILE:LINE" */
	size_t check_len;     /* the length of the check's text alone */
	const char *file;     /* where the check is (the model's text) */
	int line;
	int element;          /* a non-empty set: its event, else -1 */
	bool relation;        /* the check's relation itself is the problem */
} group;

/* A check an execution passes: `as NAME` (or NULL) at FILE:LINE (the
 * model's strings, which live as long as the model). */
typedef struct {
	const char *name, *file;
	int line;
} passed_check;

typedef struct {
	litmus_test *t;
	const prop *state;
	check_result obs;     /* only obs/nobs: the layout prop_holds wants */
	value *row;
	def *defs;
	int ndefs;
	execution cur;        /* the candidate being judged */
	bool have_cur;
	bool thin;            /* the current candidate is out of thin air */
	long reach, reach_allowed, reach_rejected, reach_thin;
	group groups[MAX_GROUPS];
	int ngroups;
	long more_groups;     /* executions in groups past MAX_GROUPS */
	witness wit;
	passed_check passed[MAX_PASSED];  /* checks passed while judging the current rf */
	int npassed;
	passed_check wit_passed[MAX_PASSED];  /* those of the witness */
	int nwit_passed;
	char model_path[512];
	int unroll;           /* herd7's -unroll; -1: the default */
} explainer;

/* ---- the model's definitions ---- */

static bool in_library(const char *file)
{
	static const char *const lib[] = { "stdlib.cat", "cos.cat", "cos-opt.cat", "cross.cat" };
	const char *b = file ? strrchr(file, '/') : NULL;

	b = b ? b + 1 : file;
	for (size_t i = 0; b && i < sizeof lib / sizeof *lib; i++)
		if (!strcmp(b, lib[i]))
			return true;
	return false;
}

static void collect_defs(explainer *X, const cat_block *b)
{
	for (int i = 0; i < b->n; i++) {
		const cat_instr *in = &b->v[i];
		if (in->kind == I_INCLUDE || in->kind == I_IF_VARIANT) {
			collect_defs(X, &in->body);
			collect_defs(X, &in->body2);
		}
		if (in->kind != I_LET)
			continue;
		for (int k = 0; k < in->nbinds; k++) {
			if (!in->binds[k].name)
				continue;
			X->defs = xrealloc(X->defs, sizeof *X->defs * (X->ndefs + 1));
			X->defs[X->ndefs++] = (def){ in->binds[k].name, in->binds[k].e, in_library(in->file) };
		}
	}
}

/* The last definition of name, or NULL (a built-in relation). */
static const def *find_def(const explainer *X, const char *name)
{
	for (int i = X->ndefs - 1; i >= 0; i--)
		if (!strcmp(X->defs[i].name, name))
			return &X->defs[i];
	return NULL;
}

/* ---- the final state of a candidate ---- */

static void add_obs(explainer *X, observable o)
{
	check_result *res = &X->obs;

	for (int i = 0; i < res->nobs; i++)
		if (res->obs[i].thread == o.thread &&
		    (o.thread < 0 ? res->obs[i].sym == o.sym : res->obs[i].reg == o.reg))
			return;
	res->obs = xrealloc(res->obs, sizeof *res->obs * (res->nobs + 1));
	res->obs[res->nobs++] = o;
}

static void add_prop_obs(explainer *X, const prop *p)
{
	if (!p)
		return;
	if (p->kind == PROP_ATOM) {
		add_obs(X, p->lhs);
		if (p->rhs_is_obs)
			add_obs(X, p->rhs_obs);
	}
	add_prop_obs(X, p->l);
	add_prop_obs(X, p->r);
}

/* Memory observables from index i on: with co, the co-last write; without
 * (rejected before co was chosen), any write that some co puts last (the
 * initial write only when it is the only one). */
static bool match_from(explainer *X, const execution *x, int i)
{
	const evstruct *es = x->es;

	if (i == X->obs.nobs)   /* a filter excludes executions as it does when checking */
		return (!X->t->filter || prop_holds(X->t->filter, &X->obs, X->row))
		       && prop_holds(X->state, &X->obs, X->row);
	const observable *o = &X->obs.obs[i];
	if (o->thread >= 0) {
		X->row[i] = x->traces[o->thread]->regs[o->reg];
		return match_from(X, x, i + 1);
	}
	if (x->co) {
		X->row[i] = execution_final_memory(x, o->sym);
		return match_from(X, x, i + 1);
	}
	bool any = false;
	for (int e = es->ninit; e < es->n; e++)
		if ((es->kind[e] & EV_W) && es->loc[e] == o->sym) {
			any = true;
			X->row[i] = es->wval[e];
			if (match_from(X, x, i + 1))
				return true;
		}
	if (any)
		return false;
	X->row[i] = execution_final_memory(x, o->sym);
	return match_from(X, x, i + 1);
}

static bool reaches(explainer *X, const execution *x)
{
	for (int i = 0; i < X->obs.nobs; i++)
		X->row[i] = value_int(0);
	return match_from(X, x, 0);
}

/* The integers a state compares with (its candidate read values). */
static void state_values(const prop *p, value *v, int *n, int max)
{
	if (!p)
		return;
	if (p->kind == PROP_ATOM && !p->rhs_is_obs && p->rhs.sym < 0) {
		bool dup = false;
		for (int i = 0; i < *n; i++)
			dup |= value_eq(v[i], p->rhs);
		if (!dup && *n < max)
			v[(*n)++] = p->rhs;
	}
	state_values(p->l, v, n, max);
	state_values(p->r, v, n, max);
}

/* ---- shortest cycles and paths ---- */

/* A shortest path a -> ... -> b of length >= 1 in the union of rels
 * (rels[k] may be NULL); self-loops are not used. Fills nodes[0..len]
 * and which[0..len) (the relation of each edge); returns len, or 0. */
static int shortest_path(int n, int w, const word *const *rels, int nrels, int a, int b,
			 int *nodes, int *which)
{
	int prev[n], via[n], queue[n], head = 0, tail = 0;
	bool seen[n];

	for (int i = 0; i < n; i++) {
		seen[i] = false;
		prev[i] = -1;
	}
	/* the first level from a; b may be a itself */
	for (int k = 0; k < nrels; k++)
		for (int c = 0; rels[k] && c < n; c++)
			if (c != a && !seen[c] && rel_has(rels[k], w, a, c)) {
				seen[c] = true;
				prev[c] = a;
				via[c] = k;
				queue[tail++] = c;
			}
	while (head < tail) {
		int u = queue[head++];
		if (u == b)
			break;
		for (int k = 0; k < nrels; k++)
			for (int c = 0; rels[k] && c < n; c++)
				if (c != u && rel_has(rels[k], w, u, c)) {
					if (c == a && b == a && prev[a] < 0) {
						prev[a] = u;
						via[a] = k;
						head = tail;   /* found the way back */
						break;
					}
					if (!seen[c] && c != a) {
						seen[c] = true;
						prev[c] = u;
						via[c] = k;
						queue[tail++] = c;
					}
				}
	}
	if (prev[b] < 0)
		return 0;
	/* walk back from b */
	int rev[n + 1], rw[n + 1], len = 0, u = b;
	do {
		rev[len] = u;
		rw[len] = via[u];
		len++;
		u = prev[u];
	} while (u != a && len <= n);
	if (u != a)
		return 0;
	nodes[0] = a;
	for (int i = 0; i < len; i++) {
		nodes[i + 1] = rev[len - 1 - i];
		which[i] = rw[len - 1 - i];
	}
	return len;
}

/* ---- naming a step ---- */

typedef struct {
	explainer *X;
	const cat_check_info *ci;
	const evstruct *es;
	const word *rf, *co;
	step *out;
	int nout;
} refiner;

static bool fr_has(const refiner *R, int a, int b)
{
	const evstruct *es = R->es;

	if (!R->co || a == b || !(es->kind[a] & EV_R) || !(es->kind[b] & EV_W) || es->loc[a] != es->loc[b])
		return false;
	for (int c = 0; c < es->n; c++)
		if (rel_has(R->rf, es->w, c, a) && c != b && rel_has(R->co, es->w, c, b))
			return true;
	return false;
}

/* The base relation of (a, b): rfe, rfi, coe, coi, fre, fri, rmw, addr,
 * data, ctrl or po, first that holds; "" if none. */
static const char *base_name(const refiner *R, int a, int b)
{
	const evstruct *es = R->es;
	int w = es->w;
	bool internal = es->thread[a] >= 0 && es->thread[a] == es->thread[b];

	if (rel_has(R->rf, w, a, b))
		return internal ? "rfi" : "rfe";
	if (R->co && rel_has(R->co, w, a, b))
		return internal ? "coi" : "coe";
	if (fr_has(R, a, b))
		return internal ? "fri" : "fre";
	if (rel_has(es->rmw, w, a, b))
		return "rmw";
	if (rel_has(es->addr, w, a, b))
		return "addr";
	if (rel_has(es->data, w, a, b))
		return "data";
	if (rel_has(es->ctrl, w, a, b))
		return "ctrl";
	if (rel_has(es->po, w, a, b))
		return "po";
	return "";
}

static void add_step(refiner *R, int a, int b, const char *via, const char *fallback)
{
	if (R->nout == MAX_STEPS)
		return;
	step *s = &R->out[R->nout++];
	const char *base = base_name(R, a, b);

	s->from = a;
	s->to = b;
	/* a model that redefines rf, co, fr or po (lock.cat): rfe, not rfe[rf] */
	if (via && *base && !strncmp(base, via, strlen(via)) && strlen(base) <= strlen(via) + 1)
		via = NULL;
	if (!*base)
		snprintf(s->label, sizeof s->label, "%s", via ? via : fallback);
	else if (via)
		snprintf(s->label, sizeof s->label, "%s[%s]", base, via);
	else
		snprintf(s->label, sizeof s->label, "%s", base);
}

/* Is name one of the operands of e's top-level union (hb = ppo | rfe)? */
static bool union_member(const cat_expr *e, const char *name)
{
	if (!e)
		return false;
	if (e->kind == E_VAR)
		return !strcmp(e->name, name);
	return e->kind == E_UNION && (union_member(e->a, name) || union_member(e->b, name));
}

static bool composite(const cat_expr *e)
{
	return e && (e->kind == E_SEQ || e->kind == E_PLUS || e->kind == E_STAR || e->kind == E_APP
		     || e->kind == E_UNION);
}

typedef struct {
	const char *v[MAX_NAMES];
	int n;
} names;

static void add_name(names *ns, const char *name, const names *exclude)
{
	for (int i = 0; exclude && i < exclude->n; i++)
		if (!strcmp(exclude->v[i], name))
			return;
	for (int i = 0; i < ns->n; i++)
		if (!strcmp(ns->v[i], name))
			return;
	if (ns->n < MAX_NAMES)
		ns->v[ns->n++] = name;
}

/* The relations an expression is built from, as a person reads it: both
 * sides of | and ;, the operand of + * ?, the left of \, the composite
 * side of & (else its left: `overwrite & ext` is overwrite, filtered),
 * the arguments of a call and the names in the called function's body.
 * Sets, inverses and complements give nothing. */
static void collect(const explainer *X, const cat_expr *e, names *ns, const names *exclude, int depth)
{
	if (!e || depth > 40)
		return;
	switch (e->kind) {
	case E_VAR:
		add_name(ns, e->name, exclude);
		break;
	case E_UNION:
	case E_SEQ:
		collect(X, e->a, ns, exclude, depth + 1);
		collect(X, e->b, ns, exclude, depth + 1);
		break;
	case E_PLUS:
	case E_STAR:
	case E_OPT:
	case E_DIFF:
		collect(X, e->a, ns, exclude, depth + 1);
		break;
	case E_INTER:
		collect(X, composite(e->b) && !composite(e->a) ? e->b : e->a, ns, exclude, depth + 1);
		break;
	case E_TUPLE:
		for (int i = 0; i < e->nargs; i++)
			collect(X, e->args[i], ns, exclude, depth + 1);
		break;
	case E_APP: {
		collect(X, e->b, ns, exclude, depth + 1);
		const def *d = e->a->kind == E_VAR ? find_def(X, e->a->name) : NULL;
		if (d && d->e->kind == E_FUN) {
			names ex = exclude ? *exclude : (names){ .n = 0 };
			for (int i = 0; i < d->e->nparams; i++)
				add_name(&ex, d->e->params[i], NULL);
			collect(X, d->e->a, ns, &ex, depth + 1);
		}
		break;
	}
	case E_LET:
		collect(X, e->a, ns, exclude, depth + 1);
		break;
	default:
		break;
	}
}

static void flatten_seq(const cat_expr *e, const cat_expr **ops, int *n)
{
	if (e->kind == E_SEQ) {
		flatten_seq(e->a, ops, n);
		flatten_seq(e->b, ops, n);
	} else if (*n < MAX_NAMES) {
		ops[(*n)++] = e;
	}
}

/* Operand k of a sequence, from event u: a relation takes one step, a
 * bracket [S] keeps u if it is in S (any u when S is not a named set).
 * Relation steps fill nodes/which from index *len. */
static bool seq_from(const refiner *R, const cat_expr *const *ops, const word *const *rels,
		     const word *const *sets, int nops, int k, int u, int b, int *nodes, int *which,
		     int len, int *total)
{
	const evstruct *es = R->es;

	if (k == nops) {
		*total = len;
		return u == b;
	}
	if (ops[k]->kind == E_BRACKET) {
		if (sets[k] && !set_has(sets[k], u))
			return false;
		return seq_from(R, ops, rels, sets, nops, k + 1, u, b, nodes, which, len, total);
	}
	for (int c = 0; c < es->n; c++)
		if (rel_has(rels[k], es->w, u, c)) {
			nodes[len + 1] = c;
			which[len] = k;
			if (seq_from(R, ops, rels, sets, nops, k + 1, c, b, nodes, which, len + 1, total))
				return true;
		}
	return false;
}

/* e = r1 ; [S] ; r2 ; ... , each operand a named relation or a bracket
 * (fr ; co, [R] ; addr ; [M] ; po ; [W]): a path of exactly one step in
 * each relation, in order, through events of the brackets' sets, so that
 * the sequence shows (a shortest path in the union of its relations
 * could be the one po step that [R];addr;[M];po;[W] also contains). */
static int seq_path(const refiner *R, const cat_expr *e, int a, int b, names *ns, const word **rels,
		    int *nodes, int *which)
{
	const cat_expr *ops[MAX_NAMES];
	const word *sets[MAX_NAMES];
	int nops = 0, nrel = 0, total = 0;

	while (e->kind == E_INTER || e->kind == E_DIFF)
		e = e->kind == E_INTER && composite(e->b) && !composite(e->a) ? e->b : e->a;
	if (e->kind != E_SEQ)
		return 0;
	flatten_seq(e, ops, &nops);
	ns->n = 0;
	for (int i = 0; i < nops; i++) {
		rels[i] = sets[i] = NULL;
		ns->v[i] = "";
		if (ops[i]->kind == E_BRACKET) {
			if (ops[i]->a->kind == E_VAR)
				sets[i] = cat_check_set(R->ci, ops[i]->a->name);
			continue;
		}
		if (ops[i]->kind != E_VAR || !(rels[i] = cat_check_relation(R->ci, ops[i]->name)))
			return 0;
		ns->v[i] = ops[i]->name;
		nrel++;
	}
	ns->n = nops;
	if (!nrel)
		return 0;
	nodes[0] = a;
	return seq_from(R, ops, rels, sets, nops, 0, a, b, nodes, which, 0, &total) ? total : 0;
}

/* Explain (a, b), a pair of expression e's value, as a path of steps
 * through the relations e is built from; each step that is itself a
 * defined relation of the model is explained the same way, down to the
 * base relations. `via` is the innermost model relation so far, shown
 * next to the base name: po[strong-fence]; `outer` the one before it,
 * shown instead when the base relation is just an operand of via's union
 * (overwrite = co | fr inside prop: fre[prop]). */
static void refine(refiner *R, int a, int b, const cat_expr *e, const char *via, const char *outer,
		   const char *self, const char **stack, int depth)
{
	const evstruct *es = R->es;
	names ns = { .n = 0 };
	const word *rels[MAX_NAMES];
	int n = es->n, nodes[n + 1], which[n + 1];

	int len = depth < MAX_DEPTH ? seq_path(R, e, a, b, &ns, rels, nodes, which) : 0;
	if (!len) {
		ns.n = 0;
		collect(R->X, e, &ns, NULL, 0);
		for (int i = 0; i < ns.n; i++)
			rels[i] = cat_check_relation(R->ci, ns.v[i]);
		len = depth < MAX_DEPTH ? shortest_path(n, es->w, rels, ns.n, a, b, nodes, which) : 0;
	}
	if (len == 0) {
		add_step(R, a, b, via, self);
		return;
	}
	for (int i = 0; i < len; i++) {
		const char *name = ns.v[which[i]];
		const def *d = find_def(R->X, name);
		bool seen = false;
		for (int k = 0; k < depth; k++)
			seen |= !strcmp(stack[k], name);
		if (!d || d->library || seen || d->e->kind == E_FUN) {
			/* a base relation named as such in a union says it all */
			const char *v = d && !d->library && d->e->kind != E_FUN ? name
					: union_member(e, name) ? outer : via;
			add_step(R, nodes[i], nodes[i + 1], v, name);
			continue;
		}
		stack[depth] = name;
		refine(R, nodes[i], nodes[i + 1], d->e, name, via, name, stack, depth + 1);
	}
}

/* ---- checks ---- */

/* "acyclic hb as happens-before" from the model's text (the check's line),
 * or a summary when the file cannot be read. */
static void check_text(const cat_check_info *ci, char *buf, size_t n)
{
	static const char *const kinds[] = { "acyclic", "irreflexive", "empty" };
	FILE *f = ci->file ? fopen(ci->file, "r") : NULL;
	char line[512];
	int ln = 0;

	snprintf(buf, n, "%s%s ... as %s", ci->negated ? "~" : "", kinds[ci->check],
		 ci->name ? ci->name : "(unnamed)");
	if (!f)
		return;
	while (fgets(line, sizeof line, f) && ++ln < ci->pos.line)
		;
	fclose(f);
	if (ln != ci->pos.line || ci->pos.col < 1 || (size_t)ci->pos.col > strlen(line))
		return;
	char *p = line + ci->pos.col - 1, *c = strstr(p, "(*");
	if (c)
		*c = 0;
	size_t len = strcspn(p, "\r\n");
	while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
		len--;
	p[len] = 0;
	if (*p && (!strncmp(p, "acyclic", 7) || !strncmp(p, "irreflexive", 11) || !strncmp(p, "empty", 5)
		   || *p == '~' || !strncmp(p, "flag", 4)))
		snprintf(buf, n, "%s", p);
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static void note_passed(explainer *X, const cat_check_info *ci)
{
	for (int k = 0; k < X->npassed; k++)
		if (X->passed[k].line == ci->pos.line && same_str(X->passed[k].name, ci->name)
		    && same_str(X->passed[k].file, ci->file))
			return;
	if (X->npassed < MAX_PASSED)
		X->passed[X->npassed++] = (passed_check){ ci->name, ci->file, ci->pos.line };
}

/* A passed check's name as the text and the JSON show it */
static const char *passed_name(const passed_check *p)
{
	return p->name ? p->name : "(unnamed check)";
}

/* A shortest cycle of r (n events): its nodes[0..len], nodes[len] = nodes[0]. */
static int shortest_cycle(int n, int w, const word *r, int *nodes, int *which)
{
	int best = 0, tmpn[n + 1], tmpw[n + 1];
	const word *rels[1] = { r };

	for (int a = 0; a < n; a++) {
		if (rel_has(r, w, a, a)) {
			nodes[0] = nodes[1] = a;
			which[0] = 0;
			return 1;
		}
	}
	for (int a = 0; a < n; a++) {
		int len = shortest_path(n, w, rels, 1, a, a, tmpn, tmpw);
		if (len && (!best || len < best)) {
			best = len;
			memcpy(nodes, tmpn, sizeof(int) * (len + 1));
			memcpy(which, tmpw, sizeof(int) * len);
		}
	}
	return best;
}

/* The events of a chain and the arrows between them, on one line (the
 * grouping key) or, with `wrap`, one step per line when the whole would
 * be longer than WRAP_AT: long cycles stay readable in a terminal. */
enum { WRAP_AT = 100 };
#define STEP_INDENT "\n      "

static void put_chain(FILE *f, size_t prefix, int n, bool wrap, void (*put)(FILE *, int, void *),
		      void (*arrow)(FILE *, int, void *), void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = xopen_memstream(&buf, &len);

	for (int i = 0; i <= n; i++) {
		if (i)
			arrow(m, i - 1, arg);
		put(m, i, arg);
	}
	fclose(m);
	if (!wrap || prefix + len <= WRAP_AT) {
		fputs(buf, f);
	} else {
		/* again, with a line break before each arrow */
		for (int i = 0; i <= n; i++) {
			if (i) {
				fputs(STEP_INDENT, f);
				arrow(f, i - 1, arg);
			}
			put(f, i, arg);
		}
	}
	free(buf);
}

typedef struct {
	const litmus_test *t;
	const witness *w;
	const step *s;         /* a refined chain, or NULL: */
	const int *nodes;      /* the check's own events */
} chain_arg;

static void put_step_event(FILE *f, int i, void *arg)
{
	const chain_arg *c = arg;
	print_event(f, c->t, c->w, c->s ? (i ? c->s[i - 1].to : c->s[0].from) : c->nodes[i]);
}

static void put_step_arrow(FILE *f, int i, void *arg)
{
	const chain_arg *c = arg;
	if (c->s)
		fprintf(f, " -%s-> ", c->s[i].label);
	else
		fputs(" -> ", f);
}

static void print_chain(FILE *f, size_t prefix, bool wrap, const litmus_test *t, const witness *w,
			const step *s, int ns)
{
	chain_arg c = { t, w, s, NULL };
	put_chain(f, prefix, ns, wrap, put_step_event, put_step_arrow, &c);
}

/* Rotate a cycle to start at its smallest event (one text per shape). */
static void rotate(step *s, int ns)
{
	int k = 0;

	for (int i = 1; i < ns; i++)
		if (s[i].from < s[k].from)
			k = i;
	step tmp[ns];
	for (int i = 0; i < ns; i++)
		tmp[i] = s[(i + k) % ns];
	memcpy(s, tmp, sizeof(step) * ns);
}

/* The group of rejections with this key (text, and an execution wt, are
 * taken): an existing one counts one more and NULL is returned; else a
 * new group (count 1) to fill in, or NULL past MAX_GROUPS (counted). */
static group *new_group(explainer *X, char *key, char *text, witness *wt)
{
	for (int g = 0; g < X->ngroups; g++)
		if (!strcmp(X->groups[g].key, key)) {
			X->groups[g].count++;
			goto drop;
		}
	if (X->ngroups == MAX_GROUPS) {
		X->more_groups++;
		goto drop;
	}
	group *g = &X->groups[X->ngroups++];
	g->key = key;
	g->text = text;
	g->count = 1;
	g->w = *wt;
	return g;
drop:
	free(key);
	free(text);
	witness_free(wt);
	return NULL;
}

static void explain_rejection(explainer *X, const cat_check_info *ci)
{
	const litmus_test *t = X->t;
	const evstruct *es = X->cur.es;
	int n = es->n, w = es->w;
	step steps[MAX_STEPS];
	refiner R = { X, ci, es, X->cur.rf, ci->co, steps, 0 };
	const char *stack[MAX_DEPTH + 1];
	const cat_expr *e = ci->expr;
	bool chain = false, relation = false;
	int nodes[n + 1], which[n + 1], element = -1;

	char *text = NULL, *key = NULL;
	size_t tlen = 0, klen = 0;
	FILE *tf = xopen_memstream(&text, &tlen), *kf = xopen_memstream(&key, &klen);
	execution x = X->cur;
	x.co = ci->co;
	witness wt = { 0 };
	witness_take(&wt, &x, true);

	if (ci->negated || !ci->bits) {
		relation = true;
		fprintf(tf, "  (the check's relation is %s, which the check forbids)\n",
			ci->check == CHK_ACYCLIC ? "acyclic" : ci->check == CHK_IRREFLEXIVE ? "irreflexive" : "empty");
	} else if (ci->check == CHK_EMPTY && ci->is_set) {
		int e0 = -1;
		for (int i = 0; i < n && e0 < 0; i++)
			if (set_has(ci->bits, i))
				e0 = i;
		fputs("  element: ", tf);
		element = e0;
		if (e0 >= 0)
			print_event(tf, t, &wt, e0);
		fputc('\n', tf);
		fprintf(kf, "%d", e0);
	} else {
		int len = 0;
		if (ci->check == CHK_EMPTY) {
			for (int a = 0; a < n && !len; a++)
				for (int b = 0; b < n && !len; b++)
					if (rel_has(ci->bits, w, a, b)) {
						nodes[0] = a;
						nodes[1] = b;
						which[0] = 0;
						len = 1;
					}
			chain = true;
		} else {
			len = shortest_cycle(n, w, ci->bits, nodes, which);
		}
		const char *self = ci->name ? ci->name : "the check's relation";
		for (int i = 0; i < len; i++)
			refine(&R, nodes[i], nodes[i + 1], e, NULL, NULL, self, stack, 0);
		if (!chain && R.nout > 0)
			rotate(steps, R.nout);
		if (R.nout != len) {   /* the check's own steps, when refined */
			int pl = fprintf(tf, "  %s %s: ", chain ? "pair of" : "cycle of", self);
			chain_arg c = { t, &wt, NULL, nodes };
			put_chain(tf, pl > 0 ? (size_t)pl : 0, len, true, put_step_event, put_step_arrow, &c);
			fputc('\n', tf);
		}
		int pl = fprintf(tf, "  %s: ", chain ? "path" : "cycle");
		if (R.nout)
			print_chain(tf, pl > 0 ? (size_t)pl : 0, true, t, &wt, steps, R.nout);
		fputc('\n', tf);
		if (R.nout)
			print_chain(kf, 0, false, t, &wt, steps, R.nout);
	}
	fclose(tf);
	fprintf(kf, " @%s:%d", ci->file ? ci->file : "", ci->pos.line);
	fclose(kf);

	group *g = new_group(X, key, text, &wt);
	if (!g)
		return;
	g->chain = chain;
	g->nsteps = R.nout;
	g->steps = xmalloc(sizeof(step) * (R.nout + 1));
	memcpy(g->steps, steps, sizeof(step) * R.nout);
	g->element = element;
	g->relation = relation;
	g->file = ci->file;
	g->line = ci->pos.line;
	check_text(ci, g->check, sizeof g->check);
	/* where: file:line */
	size_t cl = strlen(g->check);
	g->check_len = cl;
	snprintf(g->check + cl, sizeof g->check - cl, "` at %s:%d", ci->file ? ci->file : "?", ci->pos.line);
}

/* ---- callbacks ---- */

static int on_candidate(void *arg, const execution *x)
{
	explainer *X = arg;

	const evstruct *es = x->es;
	word thin[es->n * es->w + 1];

	X->cur = *x;
	X->have_cur = true;
	X->npassed = 0;
	rel_union(thin, x->rf, es->valdep, es->n);
	X->thin = !rel_acyclic(thin, es->n);
	return 0;
}

static void on_check(void *arg, const cat_check_info *ci)
{
	explainer *X = arg;

	if (!X->have_cur)
		return;
	if (ci->passed) {
		note_passed(X, ci);
		return;
	}
	execution x = X->cur;
	x.co = ci->co;
	if (!reaches(X, &x))
		return;
	X->reach++;
	X->reach_rejected++;
	explain_rejection(X, ci);
}

static int on_allowed(void *arg, const execution *x)
{
	explainer *X = arg;

	if (!reaches(X, x))
		return 0;
	X->reach++;
	if (X->thin) {   /* the model allows it, the engine never would */
		X->reach_thin++;
		return 0;
	}
	X->reach_allowed++;
	if (!X->wit.valid) {
		witness_take(&X->wit, x, true);
		memcpy(X->wit_passed, X->passed, sizeof X->passed[0] * (size_t)X->npassed);
		X->nwit_passed = X->npassed;
	}
	return 0;
}

static void free_groups(explainer *X)
{
	for (int g = 0; g < X->ngroups; g++) {
		free(X->groups[g].key);
		free(X->groups[g].text);
		free(X->groups[g].steps);
		witness_free(&X->groups[g].w);
	}
	X->ngroups = 0;
}

/* Forget what a first enumeration found. */
static void reset(explainer *X)
{
	free_groups(X);
	witness_free(&X->wit);
	X->reach = X->reach_allowed = X->reach_rejected = X->more_groups = 0;
	X->have_cur = false;
}

/* ---- Graphviz ---- */

static void dot_execution(FILE *f, const litmus_test *t, const witness *w, const step *s, int ns,
			  const char *title)
{
	fputs("digraph \"explain\" {\n  label=\"", f);
	for (const char *p = title; *p; p++) {
		if (*p == '"' || *p == '\\')
			fputc('\\', f);
		fputc((unsigned char)*p < 0x20 ? ' ' : *p, f);
	}
	fputs("\";\n  node [shape=box];\n", f);
	for (int e = 0; e < w->n; e++) {
		bool on = false;
		for (int i = 0; i < ns; i++)
			on |= s[i].from == e || s[i].to == e;
		if (w->thread[e] < 0)
			dot_event(f, t, w, e, on ? ", color=red, penwidth=2" : NULL);
	}
	for (int ti = 0; ti < t->nthreads; ti++) {
		fprintf(f, "  subgraph cluster_P%d {\n  label=\"P%d\";\n", ti, t->threads[ti].id);
		for (int e = 0; e < w->n; e++) {
			bool on = false;
			for (int i = 0; i < ns; i++)
				on |= s[i].from == e || s[i].to == e;
			if (w->thread[e] == ti)
				dot_event(f, t, w, e, on ? ", color=red, penwidth=2" : NULL);
		}
		fputs("  }\n", f);
	}
	for (int a = 0; a < w->n; a++)
		for (int b = 0; b < w->n; b++) {
			bool imm = true, on = false;
			for (int i = 0; i < ns; i++)
				on |= s[i].from == a && s[i].to == b;
			if (on)
				continue;   /* drawn in red below */
			for (int c = 0; c < w->n && imm; c++)
				imm = !(c != a && c != b && rel_has(w->po, w->w, a, c) && rel_has(w->po, w->w, c, b));
			if (rel_has(w->po, w->w, a, b) && imm)
				fprintf(f, "  e%d -> e%d [label=\"po\", color=gray];\n", a, b);
			if (rel_has(w->rf, w->w, a, b))
				fprintf(f, "  e%d -> e%d [label=\"rf\", color=gray];\n", a, b);
			if (rel_has(w->co, w->w, a, b))
				fprintf(f, "  e%d -> e%d [label=\"co\", color=gray];\n", a, b);
			if (witness_fr(w, a, b))
				fprintf(f, "  e%d -> e%d [label=\"fr\", color=gray, style=dashed];\n", a, b);
		}
	for (int i = 0; i < ns; i++)
		fprintf(f, "  e%d -> e%d [label=\"%d: %s\", color=red, fontcolor=red, penwidth=2];\n",
			s[i].from, s[i].to, i + 1, s[i].label);
	fputs("}\n", f);
}

/* ---- the command ---- */

/* Candidates in four tries, until one reaches the state:
 * 1. those the checker itself builds: when the model demands coherence,
 *    none that breaks it (all of them can be far too many: a fetch_add
 *    that may read any value grows the values without end);
 * 2. every rf and co, coherent or not;
 * 3, 4. the same two with the state's values guessable from the start by
 *    every read: a value that only a read of itself lets be written
 *    (LB+ctrl+ctrl: x=1 is written only if y=1 was read) is never guessed
 *    otherwise.
 * Returns the enumeration's status (<0: error in d); *pruned: the last try
 * left out incoherent candidates; *too_many: some try was too large. */
static int search(explainer *X, litmus_test *t, cat_run *run, diag *d, bool *pruned, bool *too_many)
{
	static const struct { bool all, seed; } tries[] = { { false, false }, { true, false },
							   { false, true }, { true, true } };
	value seed[64];
	int nseed = 0, st = 0;
	enum_stats stats;

	state_values(X->state, seed, &nseed, 64);
	bool prunes = cat_run_requires_coherence(run) || cat_run_forbids_future_reads(run);
	diag saved = *d;
	bool too_many_all = false;
	*pruned = prunes;
	*too_many = false;
	cat_run_set_mode(run, false, NULL, 0, EXPLAIN_BUDGET);
	for (size_t k = 0; k < sizeof tries / sizeof *tries; k++) {
		/* seeds only add values: what was too large stays so */
		if ((tries[k].all && (!prunes || (tries[k].seed && too_many_all)))
		    || (tries[k].seed && !nseed))
			continue;
		reset(X);
		*d = saved;
		*pruned = prunes && !tries[k].all;
		bool seeded = tries[k].seed;
		cat_run_set_explain(run, on_check, X, tries[k].all);
		st = enumerate_candidates(t, run, on_allowed, on_candidate, X, seeded ? seed : NULL,
					  seeded ? nseed : 0, X->unroll, check_mode_mixed(run), &stats, d);
		cat_run_set_explain(run, NULL, NULL, false);
		free(stats.syms);
		if (st < 0 && strstr(d->msg, "too large")) {
			*too_many = true;
			too_many_all |= tries[k].all;
			continue;
		}
		if (st == -2) {
			diag_error(d, (srcpos){ 1, 1 }, "more than %ld coherence orders to judge: "
				   "the test is too large to explain", (long)EXPLAIN_BUDGET);
			st = -1;
		}
		if (st < 0 || X->reach > 0)
			break;
	}
	cat_run_set_mode(run, false, NULL, 0, 0);
	if (st < 0 && *too_many && !X->reach) {
		*d = saved;
		st = 0;
	}
	return st;
}

/* The state is forbidden: each way the model rejects the executions
 * reaching it, with one execution each (the first on dot). */
static void report_forbidden(const explainer *X, const litmus_test *t, FILE *out, FILE *dot)
{
	fprintf(out, " is forbidden: the model rejects %s %ld candidate execution%s that reach%s it",
		X->reach == 1 ? "the" : "all", X->reach, X->reach == 1 ? "" : "s", X->reach == 1 ? "es" : "");
	fprintf(out, " (%d way%s):\n", X->ngroups, X->ngroups == 1 ? "" : "s");
	for (int g = 0; g < X->ngroups; g++) {
		const group *gr = &X->groups[g];
		fprintf(out, "\n%ld execution%s rejected by `%s\n%s", gr->count, gr->count == 1 ? "" : "s",
			gr->check, gr->text);
		fputs("  execution:\n", out);
		print_execution(out, t, &gr->w, "    ");
	}
	if (X->more_groups)
		fprintf(out, "\n(%ld more executions rejected in other ways, not shown)\n", X->more_groups);
	if (dot && X->ngroups) {
		char title[300];
		snprintf(title, sizeof title, "%s: rejected by %s", t->name, X->groups[0].check);
		char *q = strchr(title, '`');   /* drop the quote before " at" */
		if (q)
			memmove(q, q + 1, strlen(q));
		dot_execution(dot, t, &X->groups[0].w, X->groups[0].steps, X->groups[0].nsteps, title);
	}
}

/* What the search found: unreachable, reached only out of thin air,
 * allowed (with an execution) or forbidden. */
static void report(const explainer *X, const litmus_test *t, FILE *out, FILE *dot, bool pruned, bool too_many)
{
	fprintf(out, "Test %s: the state ", t->name);
	print_prop(out, t, X->state);
	if (X->reach == 0) {
		fprintf(out, " is reached by no candidate execution (no choice of paths, "
			"read values and rf gives it, whatever the model%s)%s\n",
			t->filter ? ", or the test's filter excludes it" : "",
			too_many ? "; some of the enumerations were too large to finish" : "");
		if (dot)
			fputs("digraph \"explain\" {\n  label=\"no candidate execution reaches the state\";\n}\n", dot);
	} else if (X->reach_thin && !X->reach_allowed && !X->ngroups) {
		fprintf(out, " is reached only by %ld candidate execution%s out of thin air (a value "
			"depends on itself through rf and dependencies), which the model allows but "
			"bpfmm never builds as an execution.\n", X->reach_thin, X->reach_thin == 1 ? "" : "s");
	} else if (X->reach_allowed) {
		fprintf(out, " is allowed: %ld of the %ld candidate execution%s that reach%s it %s allowed.\n",
			X->reach_allowed, X->reach, X->reach == 1 ? "" : "s", X->reach == 1 ? "es" : "",
			X->reach_allowed == 1 ? "is" : "are");
		fputs("An allowed execution:\n", out);
		print_execution(out, t, &X->wit, "  ");
		fputs("It passes every check of the model: ", out);
		for (int k = 0; k < X->nwit_passed; k++)
			fprintf(out, "%s%s (%s:%d)", k ? ", " : "", passed_name(&X->wit_passed[k]),
				X->wit_passed[k].file ? X->wit_passed[k].file : "?", X->wit_passed[k].line);
		fputs(X->nwit_passed ? "\n" : "(the model has none)\n", out);
		if (dot)
			dot_execution(dot, t, &X->wit, NULL, 0, "an allowed execution reaching the state");
	} else {
		report_forbidden(X, t, out, dot);
	}
	if (pruned && X->reach && !X->reach_allowed)
		fprintf(out, "\nNote: executions that break the model's coherence check (or read "
			"from a po-later write, which it forbids) were not enumerated; the model "
			"rejects them all.\n");
}

/* ---- -json ---- */

/* what f printed, as a JSON string (the callback prints into a memstream) */
static void json_printed(FILE *out, void (*put)(FILE *, const void *), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = xopen_memstream(&buf, &len);
	put(m, arg);
	fclose(m);
	json_quote(out, buf ? buf : "");
	free(buf);
}

typedef struct {
	const litmus_test *t;
	const witness *w;
	int e;
} event_arg;

static void put_event(FILE *f, const void *arg)
{
	const event_arg *a = arg;
	print_event(f, a->t, a->w, a->e);
}

static void put_execution(FILE *f, const void *arg)
{
	const event_arg *a = arg;
	print_execution(f, a->t, a->w, "");
}

static void put_state(FILE *f, const void *arg)
{
	const explainer *X = arg;
	print_prop(f, X->t, X->state);
}

/* ,"KEY":"EVENT" (first: without the comma) */
static void json_event(FILE *out, const char *key, const litmus_test *t, const witness *w, int e, bool first)
{
	event_arg a = { t, w, e };
	fprintf(out, "%s\"%s\":", first ? "" : ",", key);
	json_printed(out, put_event, &a);
}

/* "base[via]" or "base" into {"edge":base,"via":via|null} */
static void json_edge(FILE *out, const char *label)
{
	const char *b = strchr(label, '[');
	size_t n = b ? (size_t)(b - label) : strlen(label);
	char base[sizeof ((step *)0)->label];

	snprintf(base, sizeof base, "%.*s", (int)n, label);
	fputs(",\"edge\":", out);
	json_quote(out, base);
	fputs(",\"via\":", out);
	if (b) {
		char via[sizeof base];
		snprintf(via, sizeof via, "%.*s", (int)(strlen(b + 1) - (b[strlen(b) - 1] == ']')), b + 1);
		json_quote(out, via);
	} else {
		fputs("null", out);
	}
}

/* one way the model rejects the executions: the check, where it is, its
 * cycle / path / element refined into base steps, one execution */
static void json_group(FILE *out, const litmus_test *t, const group *g)
{
	char check[sizeof g->check];
	event_arg ex = { t, &g->w, 0 };

	snprintf(check, sizeof check, "%.*s", (int)g->check_len, g->check);
	fprintf(out, "{\"executions\":%ld,\"check\":", g->count);
	json_quote(out, check);
	fputs(",\"model\":", out);
	json_quote(out, g->file ? g->file : "?");
	fprintf(out, ",\"line\":%d,\"shape\":\"%s\"", g->line,
		g->relation ? "relation" : g->element >= 0 ? "element" : g->chain ? "path" : "cycle");
	if (g->element >= 0)
		json_event(out, "element", t, &g->w, g->element, false);
	fputs(",\"steps\":[", out);
	for (int i = 0; !g->relation && g->element < 0 && i < g->nsteps; i++) {
		fputs(i ? ",{" : "{", out);
		json_event(out, "from", t, &g->w, g->steps[i].from, true);
		json_edge(out, g->steps[i].label);
		json_event(out, "to", t, &g->w, g->steps[i].to, false);
		fputc('}', out);
	}
	fputs("],\"execution\":", out);
	json_printed(out, put_execution, &ex);
	fputc('}', out);
}

/* ,"passes":[{"check":NAME,"model":FILE,"line":LINE},...] */
static void json_passes(FILE *out, const passed_check *p, int n)
{
	fputs(",\"passes\":[", out);
	for (int k = 0; k < n; k++) {
		fprintf(out, "%s{\"check\":", k ? "," : "");
		json_quote(out, passed_name(&p[k]));
		fputs(",\"model\":", out);
		json_quote(out, p[k].file ? p[k].file : "?");
		fprintf(out, ",\"line\":%d}", p[k].line);
	}
	fputc(']', out);
}

/* The answer as one JSON object on one line (bpfmm explain --help). */
static void report_json(const explainer *X, const litmus_test *t, const char *file, const diag *d,
			FILE *out, bool pruned, bool too_many)
{
	const char *answer = X->reach == 0 ? "unreachable"
			   : X->reach_thin && !X->reach_allowed && !X->ngroups ? "thin-air"
			   : X->reach_allowed ? "allowed" : "forbidden";
	json_begin(out, file);
	json_field(out, "test", t->name);
	fputs(",\"state\":", out);
	json_printed(out, put_state, X);
	fprintf(out, ",\"answer\":\"%s\",\"candidates\":%ld,\"allowed\":%ld,\"thin_air\":%ld",
		answer, X->reach, X->reach_allowed, X->reach_thin);
	if (X->reach_allowed) {
		event_arg ex = { t, &X->wit, 0 };
		fputs(",\"execution\":", out);
		json_printed(out, put_execution, &ex);
		json_passes(out, X->wit_passed, X->nwit_passed);
	}
	fputs(",\"rejections\":[", out);
	for (int g = 0; !X->reach_allowed && g < X->ngroups; g++) {
		if (g)
			fputc(',', out);
		json_group(out, t, &X->groups[g]);
	}
	fprintf(out, "],\"more_rejected\":%ld,\"pruned\":%s,\"incomplete\":%s", X->reach_allowed ? 0 : X->more_groups,
		pruned && X->reach && !X->reach_allowed ? "true" : "false", too_many ? "true" : "false");
	json_field_warnings(out, d);
	json_end(out);
}

/* STATE as a States line writes it ("0:r1=1; [x]=2;", what map prints
 * for an unsound state) turned into a condition's proposition ("0:r1=1
 * /\ [x]=2"): each "; " becomes "/\", so that error columns stay those
 * of the text given; text without ';' is left as it is. Malloc'd. */
static char *state_as_prop(const char *state)
{
	size_t n = strlen(state);
	char *p = xmalloc(2 * n + 1), *q = p;

	for (const char *s = state; *s; s++) {
		if (*s != ';') {
			*q++ = *s;
			continue;
		}
		const char *rest = s + 1 + strspn(s + 1, " \t");
		if (!*rest) {             /* the last item's ';' */
			*q++ = ' ';
		} else if (s[1] == ' ') {
			*q++ = '/', *q++ = '\\';
			s++;
		} else {
			*q++ = ' ', *q++ = '/', *q++ = '\\';
		}
	}
	*q = 0;
	return p;
}

int explain_test(litmus_test *t, cat_model *m, cat_run *run, const char *state, int unroll,
		 bool json, FILE *out, FILE *dot, diag *d)
{
	explainer X = { .t = t, .unroll = unroll };
	prop *own = NULL;
	bool pruned, too_many;

	if (state) {
		const char *file = d->file;
		d->file = "STATE";
		char *text = state_as_prop(state);
		own = litmus_read_prop(t, text, "STATE", d);
		free(text);
		if (!own)
			return -1;
		d->file = file;
	}
	X.state = own ? own : t->cond;
	add_prop_obs(&X, X.state);
	add_prop_obs(&X, t->filter);
	X.row = xcalloc(X.obs.nobs + 1, sizeof(value));
	collect_defs(&X, &cat_model_tree(m)->top);
	int st = search(&X, t, run, d, &pruned, &too_many);
	if (st >= 0 && json) {
		report_json(&X, t, d->file, d, out, pruned, too_many);
		if (dot) {   /* the same drawing; the text goes nowhere */
			char *buf = NULL;
			size_t len = 0;
			FILE *sink = xopen_memstream(&buf, &len);
			report(&X, t, sink, dot, pruned, too_many);
			fclose(sink);
			free(buf);
		}
	} else if (st >= 0) {
		report(&X, t, out, dot, pruned, too_many);
	}
	free_groups(&X);
	witness_free(&X.wit);
	free(X.defs);
	free(X.obs.obs);
	free(X.row);
	if (own)
		prop_free(own);
	return st < 0 ? -1 : 0;
}
