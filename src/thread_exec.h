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

#include "events.h"
#include "diag.h"

#define TRACE_MAX_EVENTS 64   /* dependency sets are 64-bit masks */

typedef struct {
	uint8_t kind;        /* EV_R, EV_W, both (one-event atomics), EV_F */
	int loc;             /* location id, -1 for fences */
	value rv, wv;        /* value read / written */
	tagmask tags;
	int insn;            /* instruction index in the thread */
	uint64_t addr, data, ctrl;   /* local indices of the reads it depends on */
	uint64_t pick;       /* those of ctrl it depends on through a choice */
	uint64_t vdep;       /* reads its value or address is computed from */
	int rmw_read;        /* for the write of a cmpxchg: local index of its read */
} tevent;

typedef struct {
	tevent *ev;
	int nev;
	value *regs;         /* final registers, litmus_test.nregs of them */
	char *bad;           /* NULL, or why the path stopped: an operation
	                      * with no meaning (an access through a register
	                      * that holds no address...). Like herd7, an
	                      * execution the model allows with such a path is
	                      * an error; one it forbids is not (herd7 test
	                      * A260). malloc'd */
	srcpos bad_pos;
} trace;

typedef struct {
	trace *v;
	int n, cap;
} trace_list;

/* Locations seen so far and the values each may hold. */
/* Values a location may hold, with who can write each one: bit t for
 * thread t, WRITER_INIT for the initial value. */
#define WRITER_INIT ((uint64_t)1 << 63)
typedef struct {
	value *v;
	uint64_t *who;
	int n, cap;
} value_set;

typedef struct {
	location *locs;
	value_set *dom;
	value *init;         /* initial value per location */
	int n, cap;
} mem_domain;

void mem_domain_init(mem_domain *md, const litmus_test *t);
void mem_domain_free(mem_domain *md);
int  mem_location(mem_domain *md, int sym, int64_t off);  /* interns */
/* Adds v, written by `who`, to the domain of loc; returns 1 if new. */
int  mem_domain_add(mem_domain *md, int loc, value v, uint64_t who);

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

/* All traces of thread ti under the current domain. Writes performed by
 * the traces are added to the domain; *grew is set if the domain changed
 * (the caller iterates to a fixpoint). Reads guess values as `mode` says.
 * Returns 0 or -1 (error in d). */
int thread_traces(const litmus_test *t, int ti, mem_domain *md, guess_mode mode,
		  trace_list *out, int *grew, diag *d);

void trace_list_free(trace_list *l);

#endif
