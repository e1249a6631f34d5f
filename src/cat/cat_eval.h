/* cat_eval.h - inside the evaluator: a model and a run of it, shared by
 * cat_eval.c (the evaluator), cat_co.c (coherence orders: `with co
 * from`) and cat_model.c (loading a model). Not an interface outside
 * src/cat: cat.h is. */
#ifndef BPFMM_CAT_EVAL_H
#define BPFMM_CAT_EVAL_H

#include <setjmp.h>
#include "cat/cat.h"
#include "cat/cat_compile.h"
#include "cat/cat_value.h"
#include "cat/cat_builtin.h"
#include "base/arena.h"

/* What running part of a model gives: ST_OK (the rest allowed the
 * execution), a rejection (of this order, or of all: ST_REJECT_ALL),
 * an error (in the run), or ST_BUDGET (the exact-mode budget ran out). */
enum { ST_OK = 0, ST_REJECT = 1, ST_REJECT_ALL = 2, ST_ERR = -1, ST_BUDGET = -2 };

struct cat_model {
	cat_model_ast *ast;       /* library + model, one tree */
	cat_names names;          /* its names, interned */
	int ncache;
	bool coherent;
	bool no_future;            /* no read from a po-later write */
	bool atomic;               /* cat_checks_atomicity */
	char **variants;
	int nvariants;
};

typedef struct {
	unsigned stamp;           /* epoch it was computed in; 0: never */
	val *v;
	int ok;                   /* checks: result */
} cache_ent;

typedef struct kont {
	const cat_block *b;
	int i;
	const struct kont *up;
} kont;

struct cat_run {
	/* the model, and the event structure being judged */
	cat_model *m;
	bool own_model;           /* a clone's model: its own names, the
	                           * tree of the original (cat_run_clone) */
	const evstruct *es;
	int n, w;
	builtins bi;
	int co_sym;               /* the name co (with_co: atomicity) */

	/* values and caches, by stage (cat_compile.h) */
	arena ar[3];              /* program, rf, co stage */
	int dyn;                  /* arena of env nodes: 1 before with, 2 inside */
	arena *cur;               /* where temporaries of the current stage go */
	unsigned epoch[4];        /* program, rf, -, rec (cat_compile.h) */
	unsigned next_epoch;
	cache_ent *cache;
	/* bound[sym]: some env node ever bound sym (bind() is the only maker
	 * of env nodes): a name never bound is a built-in, found without
	 * walking the environment, which is as long as the model */
	unsigned char *bound;
	int nbound;
	val **topv;               /* per binding id: a top-level definition's
	                           * value in this pass (expr.topslot) */

	/* how executions are reported (cat_run_set_mode,
	 * cat_run_share_budget): set between cat_run_eval calls */
	struct {
		bool outcome_mode;        /* one witness per (rf, final writes) */
		const int *final_locs;    /* locations whose final value is observed */
		int nfinal_locs;
		long budget, leaves;      /* exact mode: co orders tried beyond the
		                           * first of each rf, and the cap */
		atomic_long *shared;      /* NULL, or the count of leaves shared with
		                           * other runs (cat_run_share_budget) */
	} mode;

	/* one cat_run_eval call: its arguments and what it found */
	struct {
		const word *rf;
		const word *co;           /* the co order being judged, or NULL */
		cat_allowed_fn fn;
		void *arg;
		long allowed;
		bool stop;                /* the caller wants no more executions */
		bool found;               /* outcome mode: this outcome has a witness */
		bool first_leaf;          /* this rf has not reached a co order yet */
		const char *flags[64];    /* flags raised by this execution */
		int nflags;
		const char *last_fail;    /* cat_run_last_failure (kept after the call) */
	} call;

	/* bpfmm explain (cat_run_set_explain): every check judged */
	struct {
		cat_check_fn fn;
		void *arg;
		bool all;                 /* no coherence pruning */
	} explain;

	/* where evaluation is, for error messages */
	struct {
		const char *file;         /* the model file being evaluated */
		srcpos pos;               /* the expression being evaluated */
		srcpos call_pos;          /* innermost active call: where, and what */
		const char *call_name, *call_file;
	} at;

	/* the first error of the call (fail()) */
	struct {
		bool set;
		const char *file;
		srcpos pos;
		char msg[400];
	} err;

	/* limits (cat.h): a runaway model ends with an error, through jb */
	struct {
		jmp_buf *jb;              /* set during cat_run_eval */
		arena_budget mem;         /* bytes held by the three arenas */
		int depth;                /* nested eval, exec and calls */
		const char *stack_base;   /* a local of cat_run_eval */
		size_t stack_max;         /* bytes of stack evaluation may use */
		long steps;               /* work for this execution (step()) */
	} lim;
};

/* ---- cat_co.c: coherence orders ---- */

/* The search for co orders of one rf: per location the writes to
 * place, the order placed so far, what must precede what. */
typedef struct {
	int nloc;
	int *start, *len;     /* writes of location l: ws[start[l] .. +len[l]] */
	int *ws;
	int *order;           /* chosen order, same layout as ws */
	word *must;           /* must-precede among writes (closed) */
	word *placed;         /* set of placed writes */
	/* atomicity (cat_run_requires_atomicity), else NULL: per write, the
	 * read of its read-modify-write (-1: none) and the write that read
	 * reads from (-1: none); per placed write, its place */
	int *amo_read, *amo_src, *at;
	/* mixed-size mode, for co: per placed write, its place; else NULL */
	int *mpos;
} co_search;

/* `with co from ...` (instruction in): every order per location that
 * extends base (with only: of the writes in only), each bound to in->sym
 * for the rest of the model (k, co_complete). Returns an ST_ status. */
int with_co(cat_run *r, const cat_instr *in, const kont *k, env *en, const word *base,
	    const word *only);

/* ---- cat_eval.c ---- */

/* One complete order (cs->order): the rest of the model (k) run with
 * in->sym bound to it, its values released after. */
int co_complete(cat_run *r, const co_search *cs, const cat_instr *in, const kont *k, env *en);

#endif
