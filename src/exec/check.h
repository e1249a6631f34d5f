/* check.h - run one litmus test against a model: the set of final states,
 * witness counts and the verdict on the test's condition. */
#ifndef BPFMM_CHECK_H
#define BPFMM_CHECK_H

#include "cat/cat.h"
#include "exec/enumerate.h"

/* One allowed execution, kept to show the user (Graphviz output). */
typedef struct {
	bool valid;
	bool holds;           /* the condition's proposition holds in it */
	int n, w;
	int *thread, *sym, *insn;   /* per event; sym: memory symbol, -1 fence */
	uint8_t *kind;
	tagmask *tags;        /* per event: the front-end's tag bits */
	value *rval, *wval;
	word *po, *rf, *co;   /* n*w each */
} witness;

/* herd7's -speedcheck: false checks every execution; true only those
 * whose final state can decide the condition (the proposition holds for
 * exists and ~exists, fails for forall): the others are skipped, before
 * the model when their registers and final memory already decide it;
 * fast also stops at the first such allowed execution. */
typedef enum { SPEED_FALSE, SPEED_TRUE, SPEED_FAST } speedcheck;

/* The budget every command starts from (-budget): co orders tried for
 * exact witness counts before a test is redone in outcome mode. */
#define CHECK_BUDGET 200000
/* the same number as text, for help texts: "200000" */
#define CHECK_BUDGET_STR_(n) #n
#define CHECK_BUDGET_STR(n) CHECK_BUDGET_STR_(n)
#define CHECK_BUDGET_TEXT CHECK_BUDGET_STR(CHECK_BUDGET)

typedef struct {
	/* exact witness counts unless more than budget coherence orders
	 * would have to be tried (0: no limit); then the test is redone in
	 * outcome mode, which finds one execution per observable outcome */
	long budget;
	/* mixed-size mode (docs/mixed-size.md): one event per byte; as the
	 * model was loaded (check_mode_mixed) */
	bool mixed;
	speedcheck speed;
	double timeout;       /* CPU seconds for the test (herd7's -timeout), 0: none */
	int threads;          /* enumerate on this many threads (0, 1: one);
	                       * the result is the same */
	bool unroll_set;      /* unroll is given; else UNROLL_DEFAULT */
	int unroll;           /* herd7's -unroll (thread_exec.h, thread_traces) */
	long maxpaths;        /* paths per thread before the test is too large:
	                       * 0 MAXPATHS_DEFAULT, negative no limit */
	/* a test still running note_after seconds (wall clock) after the
	 * enumeration started: note(note_arg), once per enumeration
	 * (enum_limits.note); NULL: none */
	void (*note)(void *note_arg);
	void *note_arg;
	double note_after;
} check_opts;

typedef struct {
	observable *obs;      /* what a state shows, in print order */
	int nobs;
	value *states;        /* nstates rows of nobs values, sorted */
	int nstates, capstates;
	bool *holds;          /* per state: does the condition's proposition hold */
	long pos, neg;        /* executions where the proposition holds / not */
	char **flags;         /* flags raised by some allowed execution */
	int nflags;
	bool ok;              /* the quantified condition is validated */
	bool outcome_mode;    /* pos/neg count outcomes, not executions */
	double seconds;
	speedcheck speed;     /* states and witnesses are those of relevant
	                       * executions only (check_opts.speed) */
	quantifier quant;     /* the condition's */
	bool timed_out;       /* check_opts.timeout ran out: no result (herd7
	                       * prints nothing for the test) */
	enum_stats stats;
	witness wit;          /* an execution where the proposition holds if
	                       * there is one, else the first allowed one */
} check_result;

/* Copy execution x into wt (freeing what wt held); x->co may be NULL. */
void witness_take(witness *wt, const execution *x, bool holds);
void witness_free(witness *wt);

/* Is the engine in mixed-size mode for this model: was it loaded with
 * the variant "mixed" (-variant mixed, or `variant mixed` in a -conf
 * file)? The one place the mode is read off the model: commands put it
 * in check_opts.mixed (check_defaults) or pass it to
 * enumerate_candidates. */
bool check_mode_mixed(const cat_run *run);

/* The options a command starts from: this budget (CHECK_BUDGET unless
 * the user gave -budget), run's mixed-size mode, nothing else set. */
check_opts check_defaults(const cat_run *run, long budget);

/* One test against run's model, within o (-speedcheck, -timeout:
 * res->timed_out, ...). */
int  check_test_opts(const litmus_test *t, cat_run *run, const check_opts *o, check_result *res,
		     diag *d);
void check_result_free(check_result *res);

/* Does proposition p hold in a state laid out as res->obs? */
bool prop_holds(const prop *p, const check_result *res, const value *state);

#endif
