/* thread_exec.h - run one thread's IR with guessed read values.
 *
 * Every read may return any value some write could store to its location
 * (the value domain, grown to a fixpoint by enumerate.c). Running a thread
 * over all guesses gives its traces: the events it performs, the
 * dependencies between them, and its final registers. Which guesses are
 * real is decided later, when reads are matched with writes (rf).
 */
#ifndef BPFMM_THREAD_EXEC_H
#define BPFMM_THREAD_EXEC_H

#include "exec/values.h"

#define UNROLL_DEFAULT 2   /* herd7's default for every architecture but ASL */

/* Dependency sets are bitsets over the local indices of a trace's events,
 * `w` words each (w = 1 up to 64 events, grown as a thread needs). Each
 * event has DEP_NSETS of them: */
enum {
	DEP_ADDR, DEP_DATA, DEP_CTRL,   /* events it depends on */
	DEP_PICK,            /* those of ctrl it depends on through a choice */
	DEP_VDEP,            /* reads the value it writes is computed from
	                      * (its data, or an atomic's own read), never
	                      * those of its address: as herd7 solves values,
	                      * a value read is the value written by the write
	                      * it reads from, and where that write is, is only
	                      * checked once the values are known; so only a
	                      * value computed from itself is out of thin air */
	DEP_SCDATA,          /* reads the data of an Arm STXR's write comes
	                      * from (its data dependency, which is not in
	                      * DEP_DATA: ir_insn.sc_nodep) */
	DEP_PADDR,           /* those of DEP_PICK that reach it through its
	                      * address (the access's operand a) */
	DEP_NSETS
};

typedef struct {
	uint8_t kind;        /* EV_R, EV_W, both (one-event atomics), EV_F */
	int loc;             /* location id, -1 for fences */
	value rv, wv;        /* value read / written */
	tagmask tags;
	int insn;            /* instruction index in the thread */
	int rmw_read;        /* for the write of a cmpxchg: local index of its read */
	int copy;            /* a write of what a read returned, unchanged
	                      * (through moves only): that read's local index;
	                      * -1 otherwise (enumerate.c, thin_air) */
} tevent;

typedef struct {
	tevent *ev;
	int nev;
	int w;               /* words per dependency set */
	uint64_t *deps;      /* DEP_NSETS sets of w words per event */
	value *regs;         /* final registers, litmus_test.nregs of them */
	bool cut;            /* the path took a backward branch more often than
	                      * the unrolling limit allows: it stops there, and
	                      * is never an execution (see thread_traces) */
	int cut_at;          /* then: the branch's target (the loop head) */
	bool incoherent;     /* not cut, but a read returned a value the guess
	                      * mode rules out (a po-later write of its own
	                      * thread...): never an execution, only a member
	                      * of a combination where another thread's path
	                      * is cut (herd7's Loop check asks no coherence;
	                      * kept only when another thread has a loop) */
	uint8_t *dec;        /* the path's choices, in order: 0 where a branch
	                      * on a read's value did not jump, or where a
	                      * store-conditional took the outcome herd7 gives
	                      * first; 1 otherwise (herd7 has one path
	                      * per sequence of such choices; the unrolling
	                      * warning's label depends on their order, see
	                      * trace_path_cmp). malloc'd */
	int ndec;
	char *bad;           /* NULL, or why the path stopped: an operation
	                      * with no meaning (an access through a register
	                      * that holds no address...). Like herd7, an
	                      * execution the model allows with such a path is
	                      * an error; one it forbids is not (herd7 test
	                      * A260). malloc'd */
	srcpos bad_pos;
} trace;

/* Dependency set k of event e of a trace. */
static inline const uint64_t *trace_deps(const trace *t, int e, int k)
{
	return t->deps + ((size_t)e * DEP_NSETS + k) * t->w;
}

static inline bool dep_has(const uint64_t *set, int e)
{
	return (set[e >> 6] >> (e & 63)) & 1;
}

typedef struct {
	trace *v;
	int n, cap;
	int cut_insn;        /* target of the first backward branch found past
	                      * the limit, -1 if none */
} trace_list;

/* Which values a read guesses, from what the model forbids anyway. */
typedef enum {
	GUESS_ANY,        /* every value of the domain */
	GUESS_NO_FUTURE,  /* the model forbids rf against po (a po-loc | rf
	                   * cycle): not a value only this thread writes,
	                   * unless it wrote it before on this path */
	GUESS_COHERENT,   /* the model forbids every execution that breaks
	                   * per-location SC: another thread's write, its own
	                   * latest write to the location, or the initial
	                   * value if it has not written there */
} guess_mode;

/* The paths a thread may have before a test is refused as too large
 * (thread_traces' maxpaths 0; -maxpaths N of bpfmm, docs/mixed-size.md). */
#define MAXPATHS_DEFAULT 200000
#define MAXPATHS_STR_(n) #n
#define MAXPATHS_STR(n) MAXPATHS_STR_(n)
#define MAXPATHS_DEFAULT_TEXT MAXPATHS_STR(MAXPATHS_DEFAULT)

/* All traces of thread ti under the current domain. Writes performed by
 * the traces are added to the domain; *grew is set if the domain changed
 * (the caller iterates to a fixpoint). Reads guess values as `mode` says.
 *
 * Loops are unrolled as herd7 does (its -unroll): a path may jump back to
 * one instruction (the target of a branch at or after it) at most `unroll`
 * times; the jump after that ends the path as a `cut` trace, whatever the
 * branch that takes it (counts are per target, over the whole path, never
 * reset). Forward jumps are not counted.
 * More than maxpaths paths (0: MAXPATHS_DEFAULT, negative: no limit) is an
 * error: the test is too large.
 * Returns 0 or -1 (error in d). */
int thread_traces(const litmus_test *t, int ti, mem_domain *md, guess_mode mode,
		  int unroll, long maxpaths, trace_list *out, int *grew, diag *d);

void trace_list_free(trace_list *l);

/* The order in which herd7 meets the paths of thread ti (by the choices
 * of trace.dec; measured with herd7, docs/litmus-format.md "Loops"):
 * <0 if a comes first, >0 if b does, 0 for the same choices. */
int trace_path_cmp(const trace *a, const trace *b, int ti);

#endif
