/* enumerate.h - candidate executions of a litmus test.
 *
 * 1. Each thread runs over guessed read values (thread_exec.h) until the
 *    value domain stops growing.
 * 2. One trace per thread gives an event structure (events.h).
 * 3. Each read picks a write of the same location and value: rf. Choices
 *    whose value flow is circular (out of thin air) are dropped.
 * 4. The model judges each rf and enumerates co (cat.h); every allowed
 *    execution is handed to the caller with its final state.
 */
#ifndef BPFMM_ENUMERATE_H
#define BPFMM_ENUMERATE_H

#include <stdatomic.h>
#include "cat/cat.h"
#include "exec/thread_exec.h"

typedef struct {
	const litmus_test *t;
	const mem_domain *md;
	const evstruct *es;
	const trace *const *traces;   /* the trace of each thread */
	const word *rf, *co;
	const char *const *flags;
	int nflags;
	long seq;                     /* its combination of traces, numbered
	                               * in enumeration order (cut ones not
	                               * counted): how the executions of the
	                               * slices of one enumeration interleave */
} execution;

/* Return non-zero to stop the whole enumeration. */
typedef int (*execution_fn)(void *arg, const execution *x);

/* How the threads' paths use one memory symbol. */
typedef struct {
	unsigned char access;   /* bit 1: some path reads it; bit 2: writes it */
	srcpos pos;             /* an instruction that accesses it */
} sym_use;

typedef struct {
	long candidates;   /* rf choices given to the model */
	long allowed;      /* executions the model allowed */
	long skipped;      /* (partial) combinations enum_limits.skip dropped */
	bool loop;         /* some path went past the unrolling limit and its
	                    * reads have writes (herd7 prints "Loop") */
	int cut_thread, cut_insn;   /* with loop: the thread and loop head
	                    * (target instruction) of the first cut path of
	                    * the combination that set it; -1 otherwise */
	sym_use *syms;     /* per memory symbol of the test (malloc'd: the
	                    * caller frees it, also after an error) */
} enum_stats;

/* Called with the traces of threads 0..npicked-1 chosen (npicked ==
 * t->nthreads: a whole combination, before any rf is tried); non-zero
 * drops every combination that starts with them. */
typedef int (*combination_fn)(void *arg, const litmus_test *t, const mem_domain *md,
			      const trace *const *traces, int npicked);

/* One enumeration on several threads (check_opts.threads): every slice
 * walks the same combinations of traces in the same order, numbering
 * them (execution.seq), and evaluates the chunks of consecutive numbers
 * it claims: first come, first served, so that a slice whose
 * combinations are cheap takes more of them. Chunk k is combination k
 * for the first ENUM_FINE (small tests still spread over the slices),
 * then ENUM_CHUNK combinations. Claims only grow, so a slice never
 * claims a chunk it has already walked past. */
#define ENUM_FINE 256
#define ENUM_CHUNK 32
typedef struct {
	atomic_long next;   /* the next chunk nobody has claimed */
} enum_dealer;

/* What may cut an enumeration short (enumerate_limited). */
typedef struct {
	/* -speedcheck: combinations whose final state cannot matter */
	combination_fn skip;
	/* stop when the calling thread's CPU clock (CLOCK_THREAD_CPUTIME_ID,
	 * seconds) reaches this (herd7's -timeout counts CPU time); 0: never.
	 * Checked between candidates and between the allowed executions of
	 * one candidate. */
	double cpu_deadline;
	/* the deadline is on the process's CPU clock (the slices of one
	 * enumeration on several threads share it), not the thread's */
	bool process_clock;
	/* a parallel enumeration: NULL, or the dealer its slices share;
	 * this one takes the chunks of combinations it claims from it
	 * (enum_dealer); every slice still walks the combinations that are
	 * cut (Loop) */
	enum_dealer *dealer;
	/* how often a path may jump back to one instruction (herd7's
	 * -unroll, thread_traces), when unroll_set; else UNROLL_DEFAULT */
	bool unroll_set;
	int unroll;
	/* paths per thread before the test is refused as too large
	 * (thread_traces): 0 MAXPATHS_DEFAULT, negative no limit */
	long maxpaths;
	/* mixed-size mode (docs/mixed-size.md, check_opts.mixed): one event
	 * per byte; else a mixed-size access is refused */
	bool mixed;
	/* a slow test: note(note_arg) is called once when the monotonic
	 * clock (enum_wall_seconds) has passed note_at, read when the CPU
	 * deadline is (every slice may call it: note must be thread-safe and
	 * say it once); NULL: never */
	void (*note)(void *note_arg);
	void *note_arg;
	double note_at;
} enum_limits;

/* Returns 0, -1 on error (in d), or -2 when the model's exact-mode budget
 * ran out (see cat_run_set_mode). Not in mixed-size mode. */
int enumerate_executions(const litmus_test *t, cat_run *run, execution_fn fn, void *arg,
			 enum_stats *stats, diag *d);

/* The monotonic clock, in seconds (enum_limits.note_at). */
double enum_wall_seconds(void);

/* The same within lim (may be NULL); -3 at lim->cpu_deadline
 * (the enumeration stops between two candidates: nothing half done). */
int enumerate_limited(const litmus_test *t, cat_run *run, execution_fn fn, void *arg,
		      const enum_limits *lim, enum_stats *stats, diag *d);

/* The same, and before the model judges each candidate (rf chosen, co
 * not yet: x->co is NULL), candidate(arg, x); non-zero skips it. Thin-air
 * candidates (rf ; valdep cyclic) are not dropped: the callback sees
 * them, and must drop those the model allows. The seed values (nseed of
 * them) are in every location's domain from the start, as if some thread
 * wrote them: a read may guess them (a path that needs a write of them
 * that never comes is dropped as usual). Loops are unrolled `unroll`
 * times (-1: UNROLL_DEFAULT). Mixed-size mode (enum_limits.mixed) is
 * refused: such tests cannot be explained yet. For `bpfmm explain` (explain.h), with the
 * model in explain mode. */
int enumerate_candidates(const litmus_test *t, cat_run *run, execution_fn fn,
			 execution_fn candidate, void *arg, const value *seed, int nseed,
			 int unroll, bool mixed, enum_stats *stats, diag *d);

/* The CPU time in seconds of the calling thread, or with process of the
 * whole process (for enum_limits.cpu_deadline). */
double enum_cpu_seconds(bool process);

/* Final value of memory location `loc` in an execution (co-last write). */
/* The memory symbol of event location loc (-1 for none). */
int execution_loc_sym(const execution *x, int loc);

value execution_final_memory(const execution *x, int loc);

#endif
