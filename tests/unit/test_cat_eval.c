/* test_cat_eval.c - the cat evaluator on hand-built executions: checks,
 * operators, let rec, functions, match, try, co enumeration, flags, and
 * that cached (program- and rf-stage) values follow a change of rf. */
#include <stdlib.h>
#include <unistd.h>
#include "unit.h"
#include "unit_model.h"
#include "cat/cat.h"

/* Message passing: IW(x)=0 IW(y)=1 | P0: W x (2), W y (3) | P1: R y (4), R x (5) */
enum { NEV = 6 };
static const int ev_thread[NEV] = { -1, -1, 0, 0, 1, 1 };
static const int ev_loc[NEV] = { 0, 1, 0, 1, 1, 0 };
static const uint8_t ev_kind[NEV] = { EV_W, EV_W, EV_W, EV_W, EV_R, EV_R };

static word sets[6], rels[11][NEV], tagA[1];
static word *tagsets[1] = { tagA };
static evstruct es;

static void build(void)
{
	int w = 1;
	es.n = NEV; es.w = w; es.ninit = 2;
	es.R = &sets[0]; es.W = &sets[1]; es.M = &sets[2]; es.F = &sets[3];
	es.IW = &sets[4]; es.all = &sets[5];
	es.po = rels[0]; es.addr = rels[1]; es.data = rels[2]; es.ctrl = rels[3];
	es.rmw = rels[4]; es.sameloc = rels[5]; es.ext = rels[6]; es.intl = rels[7];
	es.id = rels[8]; es.valdep = rels[9]; es.scdata = rels[10];
	es.thread = (int *)ev_thread; es.loc = (int *)ev_loc; es.kind = (uint8_t *)ev_kind;
	es.tagset = tagsets; es.ntags = 1;
	set_add(tagA, 3);                       /* the flag store carries tag "A" */
	for (int e = 0; e < NEV; e++) {
		set_add(es.all, e);
		set_add(ev_kind[e] == EV_R ? es.R : es.W, e);
		set_add(es.M, e);
		if (e < 2)
			set_add(es.IW, e);
		rel_add(es.id, w, e, e);
		for (int f = 0; f < NEV; f++) {
			bool same = ev_thread[e] == ev_thread[f] && (ev_thread[e] >= 0 || e == f);
			rel_add(same ? es.intl : es.ext, w, e, f);
			if (ev_loc[e] == ev_loc[f])
				rel_add(es.sameloc, w, e, f);
			if (same && ev_thread[e] >= 0 && e < f)
				rel_add(es.po, w, e, f);
		}
	}
}

static word rf_old[NEV], rf_new[NEV];   /* P1 reads y=init, x=init / y=3, x=init */

static long run(const char *model, const word *rf, int *flags)
{
	static const char *const tags[] = { "A" };
	cat_model *m = unit_load_model(model);
	if (!m)
		return -100;
	cat_run *r = cat_run_new(m, tags, 1);
	diag d = { 0 };
	cat_run_set_events(r, &es);
	long n = cat_run_eval(r, rf, NULL, NULL, &d);
	if (n < 0)
		diag_print(&d);
	(void)flags;
	cat_run_free(r);
	cat_model_free(m);
	return n;
}

/* A model that must fail: -1, and the first error at LINE:COL with msg;
 * then the run is still usable: the next execution fails the same way
 * (unless a limit on work ended it: values computed before the limit stay
 * cached, the next execution gets further). */
static size_t mem_limit = CAT_MEM_LIMIT;   /* for the runs run_fails2 makes */

static bool run_fails2(const char *model, int line, int col, const char *msg, bool again)
{
	static const char *const tags[] = { "A" };
	cat_model *m = unit_load_model(model);
	if (!m)
		return false;
	cat_run *r = cat_run_new(m, tags, 1);
	diag d = { 0 };
	cat_run_set_memory_limit(r, mem_limit);
	cat_run_set_events(r, &es);
	long n = cat_run_eval(r, rf_old, NULL, NULL, &d);
	bool ok = n == -1 && d.pos.line == line && d.pos.col == col && strstr(d.msg, msg);
	if (!ok)
		fprintf(stderr, "run_fails: got %ld, %d:%d: %s\n", n, d.pos.line, d.pos.col, d.msg);
	diag d2 = { 0 };
	if (again)
		ok = ok && cat_run_eval(r, rf_new, NULL, NULL, &d2) == -1 && !strcmp(d.msg, d2.msg);
	cat_run_free(r);
	cat_model_free(m);
	return ok;
}

static bool run_fails(const char *model, int line, int col, const char *msg)
{
	return run_fails2(model, line, col, msg, true);
}

static char *repeat(const char *head, const char *fmt, int n, const char *tail)
{
	size_t cap = strlen(head) + strlen(tail) + (size_t)n * (strlen(fmt) + 12) + 1, len;
	char *s = malloc(cap);
	len = (size_t)snprintf(s, cap, "%s", head);
	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(s + len, cap - len, fmt, i);
	snprintf(s + len, cap - len, "%s", tail);
	return s;
}

static int count_flags;
static int on_allowed(void *arg, const cat_verdict *v)
{
	count_flags += v->nflags;
	return 0;
}

int main(void)
{
	build();
	rel_add(rf_old, 1, 1, 4); rel_add(rf_old, 1, 0, 5);
	rel_add(rf_new, 1, 3, 4); rel_add(rf_new, 1, 0, 5);

	/* coherence orders: IW first, then one write per location: 1 order */
	CHECK(run("include \"cos.cat\"\n", rf_old, NULL) == 1);
	/* the MP outcome r(y)=flag, r(x)=0 is forbidden by SC, allowed by nothing */
	const char *sc = "include \"cos.cat\"\nacyclic po | rf | co | fr as sc\n";
	CHECK(run(sc, rf_old, NULL) == 1);
	CHECK(run(sc, rf_new, NULL) == 0);
	CHECK(run("include \"cos.cat\"\n", rf_new, NULL) == 1);
	/* checks on sets, negation, irreflexive, empty */
	CHECK(run("empty R & W as x\n", rf_old, NULL) == 1);
	CHECK(run("~empty A as x\n", rf_old, NULL) == 1);
	CHECK(run("empty A as x\n", rf_old, NULL) == 0);
	CHECK(run("irreflexive po as x\n", rf_old, NULL) == 1);
	CHECK(run("irreflexive po^-1;po as x\n", rf_old, NULL) == 0);
	/* let rec computes a least fixpoint: the transitive closure */
	CHECK(run("let rec t = po | (t ; t)\nempty t \\ po+ as a\nempty po+ \\ t as b\n", rf_old, NULL) == 1);
	/* functions, closures, tuples, match over collections, try */
	CHECK(run("let f(a, b) = a ; b\nempty f(po, po) as x\n", rf_old, NULL) == 1);
	CHECK(run("let k = po\nlet g(s) = [s] ; k\n~empty g(W) as x\n", rf_old, NULL) == 1);
	CHECK(run("let rec size s = match s with || {} -> 0 || e ++ es -> size es end\n"
		  "empty size({'a, 'b}) as x\n", rf_old, NULL) == 1);
	CHECK(run("let s = try Nonexistent with R\n~empty s as x\n", rf_old, NULL) == 1);
	CHECK(run("empty Nonexistent as x\n", rf_old, NULL) == -1);
	/* stdlib names: po-loc, rfe, fencerel */
	CHECK(run("include \"cos.cat\"\nempty rfe \\ (rf & ext) as x\n~empty rfe as y\n", rf_new, NULL) == 1);
	CHECK(run("~empty fencerel(A) as x\n", rf_old, NULL) == 0);   /* nothing after the A store */
	/* flags are reported, not rejecting */
	{
		static const char *const tags[] = { "A" };
		cat_model *m = unit_load_model("include \"cos.cat\"\nflag ~empty rfe as seen\n");
		cat_run *r = cat_run_new(m, tags, 1);
		diag d = { 0 };
		cat_run_set_events(r, &es);
		count_flags = 0;
		CHECK(cat_run_eval(r, rf_new, on_allowed, NULL, &d) == 1 && count_flags == 1);
		/* same run, other rf: cached program-stage values stay, rf ones change */
		count_flags = 0;
		CHECK(cat_run_eval(r, rf_old, on_allowed, NULL, &d) == 1 && count_flags == 1);
		cat_run_free(r);
		cat_model_free(m);
	}
	{
		/* staging: one model, rf changes between calls on one cat_run */
		static const char *const tags[] = { "A" };
		cat_model *m = unit_load_model(sc);
		cat_run *r = cat_run_new(m, tags, 1);
		diag d = { 0 };
		cat_run_set_events(r, &es);
		CHECK(cat_run_eval(r, rf_old, NULL, NULL, &d) == 1);
		CHECK(cat_run_eval(r, rf_new, NULL, NULL, &d) == 0);
		CHECK(cat_run_eval(r, rf_old, NULL, NULL, &d) == 1);
		CHECK(cat_model_requires_coherence(m) == false);   /* po, not po-loc */
		cat_run_free(r);
		cat_model_free(m);
	}
	{
		cat_model *m = unit_load_model("include \"cos.cat\"\nlet com = rf | co | fr\nacyclic po-loc | com as coherence\n");
		CHECK(m && cat_model_requires_coherence(m));
		cat_model_free(m);
	}
	{
		/* atomicity: the check over names that contain the engine's
		 * relations (cat_checks_atomicity); each case that must not be
		 * recognised would let the enumerator drop allowed executions */
		static const struct { const char *model; bool atomic; } at[] = {
			{ "include \"cos.cat\"\nempty rmw & (fre ; coe) as atomic\n", true },
			{ "include \"cos.cat\"\nempty (fr ; co) & rmw\n", true },
			/* the LKMM's lock.cat way: every redefinition contains the old */
			{ "include \"cos.cat\"\nlet rmw = rmw | po\nlet rf = rf | po\nlet co = (co | po)+\n"
			  "let coe = co & ext\nlet fr = rf^-1 ; co\nlet fre = fr & ext\n"
			  "empty rmw & (fre ; coe) as atomic\n", true },
			{ "include \"cos.cat\"\nflag ~empty rmw & (fre ; coe) as atomic\n", false },
			{ "include \"cos.cat\"\n~empty rmw & (fre ; coe) as atomic\n", false },
			{ "include \"cos.cat\"\nlet rmw = rmw & loc\nempty rmw & (fre ; coe)\n", false },
			{ "include \"cos.cat\"\nlet fre = fr & loc\nempty rmw & (fre ; coe)\n", false },
			{ "include \"cos.cat\"\nlet co = co & loc\nempty rmw & (fre ; coe)\n", false },
			{ "include \"cos.cat\"\nlet rf = rf & ext\nlet fr = rf^-1 ; co\nlet fre = fr & ext\n"
			  "empty rmw & (fre ; coe)\n", false },
			{ "include \"cos.cat\"\nlet ext = ext & loc\nempty rmw & (fre ; coe)\n", false },
			{ "include \"cos.cat\"\nempty rmw & (fre ; co ; coe)\n", false },
			{ "include \"cos.cat\"\nempty rmw & (fri ; coe)\n", false },
			{ "include \"cos.cat\"\nempty po & (fre ; coe)\n", false },
		};
		for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
			cat_model *m = unit_load_model(at[i].model);
			CHECK(m && cat_model_requires_atomicity(m) == at[i].atomic);
			cat_model_free(m);
		}
	}

	/* an empty model: no instructions, no constraint (and no memcpy from
	 * NULL when the library is put in front of it) */
	CHECK(run("", rf_old, NULL) == 1);
	CHECK(run("// only a comment\n", rf_new, NULL) == 1);

	/* runaway models end with an error at the recursive call */
	CHECK(run_fails("procedure p(x) = call p(x) end\ncall p(po)\n", 1, 18, "'p': recursion too deep"));
	CHECK(run_fails("let rec f x = f x\nlet a = f po\nacyclic a\n", 1, 15, "'f': recursion too deep"));
	CHECK(run_fails("let rec f x = g x\nand g x = f x\nlet a = f po\nacyclic a\n", 1, 15,
			"'g': recursion too deep"));
	/* exponentially many calls: the depth ends it before the count does */
	CHECK(run_fails("let rec f x = (f x) | (f x)\nlet a = f po\n", 1, 16, "'f': recursion too deep"));
	/* a limit is not an error `try` can catch */
	CHECK(run_fails("let rec f x = f x\nlet a = try f po with 0\nacyclic a\n", 1, 15, "recursion too deep"));
	/* fixpoints that never settle */
	CHECK(run_fails("let rec a = ~a\nacyclic a\n", 1, 1, "let rec does not converge"));
	CHECK(run_fails("let rec c = c ++ c\nacyclic 0\n", 1, 1, "let rec does not converge"));
	CHECK(run_fails("let rec c = (c, c) and d = (d, d)\nlet e = if c = d then 0 else po\n", 1, 1,
			"let rec does not converge"));
	/* memory: a value that grows at each call */
	mem_limit = (size_t)16 << 20;
	CHECK(run_fails("let rec f x = f (x ++ x)\nlet a = f {}\nacyclic a\n", 1, 15,
			"in 'f': the model needs more than 16 MiB of memory"));
	mem_limit = CAT_MEM_LIMIT;
	/* `with` nested 25000 deep: each level counts 5 (EXEC_WEIGHT) */
	{
		char *m = repeat("", "with x%d from {0}\n", 25000, "");
		CHECK(run_fails(m, 3999, 18, "evaluation nests too deeply"));
		free(m);
	}
	/* work: 16000 definitions, each looking its way through all the others
	 * to the first.  In a procedure: a built-in like po is found without
	 * that walk, and so is a top-level definition (resolved to its slot
	 * when the model is compiled) */
	{
		char *m = repeat("procedure big(x) =\nlet p = x\n", "let a%d = p\n", 16000,
				 "end\ncall big(po)\n");
		CHECK(run_fails2(m, 16004, 1, "in 'big': judging one execution takes more than", false));
		free(m);
	}
	{
		/* top-level names resolved when compiled: the definition in
		 * scope, never an earlier one (po is not empty here) */
		CHECK(run("let a = po\nlet a = a & 0\nempty a\n", rf_old, NULL) == 1);
		CHECK(run("let a = po\nif \"novariant\" let b = 0 else let a = 0 end\nempty a\n",
			  rf_old, NULL) == 1);
		CHECK(run("let a = 0\nif \"novariant\" let a = po end\nempty a\n", rf_old, NULL) == 1);
		CHECK(run("let a = po\nwith a from {0}\nempty a\n", rf_old, NULL) == 1);
		CHECK(run("let a = po\nlet (a, b) = (0, po)\nempty a\n", rf_old, NULL) == 1);
		CHECK(run("let a = po\nlet rec a = 0 | (a ; a)\nempty a\n", rf_old, NULL) == 1);
		CHECK(run("let a = po\nprocedure p(x) = let a = 0\nempty a end\ncall p(0)\nempty a\n",
			  rf_old, NULL) == 0);
		CHECK(run("let a = 0\nlet f x = a\nlet a = po\nempty f(0)\n", rf_old, NULL) == 1);
		CHECK(run("let a = 0\nlet a = po\nempty a\n", rf_old, NULL) == 0);
	}
	{
		/* the same at top level ends, 16000 slots looked up */
		char *m = repeat("let p = po\n", "let a%d = p\n", 16000, "acyclic a15999\n");
		CHECK(run(m, rf_old, NULL) == 1);
		free(m);
	}
	return unit_done("cat_eval");
}
