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

#include "cat/events.h"
#include "base/diag.h"

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

/* Mixed-size mode: every symbol is a cell of this many bytes, little
 * endian; an access's domain holds at most MIXED_MAX_VALUES values. */
#define MIXED_WIDTH 8
#define MIXED_MAX_VALUES 65536
/* The location offset that names an access of `size` bytes at byte
 * offset `off` of a cell (never a cell's own offset, 0). */
static inline int64_t mixed_key(int64_t off, int size) { return ((int64_t)1 << 40) | (off << 8) | size; }
static inline int mixed_key_off(int64_t key) { return (int)((key >> 8) & 0xff); }
static inline int mixed_key_size(int64_t key) { return (int)(key & 0xff); }

/* The values written to a cell, one per access shape: a piece is a
 * write of `size` bytes at byte `off` of its cell, of value v (those
 * bytes of v at their cell positions, the others 0), with its depth
 * (value_set.depth). The initial value is the piece (0, MIXED_WIDTH). */
typedef struct {
	uint64_t v;
	int depth;
	uint8_t off, size;
} mixed_piece;

typedef struct {
	mixed_piece *p;
	int n, cap;
} mixed_pieces;

/* Locations seen so far and the values each may hold. */
/* Values a location may hold, with who can write each one: bit t for
 * thread t, WRITER_INIT for the initial value. */
#define WRITER_INIT ((uint64_t)1 << 63)
typedef struct {
	value *v;
	uint64_t *who;
	int *depth;          /* per value: fewest writes an execution needs to
	                      * make it (0: initial or seeded; a written value:
	                      * 1 + the greatest depth of the reads it is
	                      * computed from) */
	int n, cap;
} value_set;

typedef struct {
	location *locs;
	value_set *dom;
	value *init;         /* initial value per location */
	int n, cap;
	int max_depth;       /* 0, or: no execution has more writes, so a value
	                      * of greater depth never enters (an increment
	                      * loop reading its own path's earlier values
	                      * would otherwise grow the domain each round) */
	int *thread_writes;  /* NULL, or per thread: no path of it performs
	                      * more writes (-1: no bound known); a path's
	                      * reads of values only other threads write need
	                      * that many write events (thread_exec.c,
	                      * writers_suffice) */
	/* Mixed-size mode (-variant mixed, docs/mixed-size.md). Locations
	 * 0..nsyms-1 are the symbols' cells, MIXED_WIDTH bytes each; an
	 * access of s bytes at offset o of symbol x is the location
	 * (x, mixed_key(o, s)), whose domain is every value a read of those
	 * bytes may take from the pieces written to x (pieces[x]) when it
	 * is paired with whole write accesses (mixed_compose in
	 * thread_exec.c, docs/mixed-size.md "Guessing values"). */
	bool mixed;
	int nsyms;
	mixed_pieces *pieces;
	bool too_many;       /* an access's domain passed MIXED_MAX_VALUES */
} mem_domain;

void mem_domain_init(mem_domain *md, const litmus_test *t);
/* Switches md (just initialised) to mixed-size mode: the cells' initial
 * values become byte values. Returns 0, or -1 (error in d: an initial
 * value that is an address cannot be split into bytes). */
int  mem_domain_mixed(mem_domain *md, const litmus_test *t, diag *d);
/* Mixed-size mode: the bytes of value v (an integer) written by an access
 * at location loc (an access key) join the cells' byte domains, and every
 * access of that cell gets the new combinations. Returns 1 if a domain
 * grew. */
int  mem_domain_mixed_write(mem_domain *md, int loc, int64_t v, int depth);
/* Mixed-size mode: v as a piece of each size of `sizes` (bit s for s
 * bytes: 1, 2, 4, 8) at each aligned offset of every cell (a value a
 * read may guess before a write is known to store it: a conditional
 * write of that size, whose address may be computed, see enumerate.c). */
void mem_domain_mixed_seed(mem_domain *md, int64_t v, unsigned sizes);
/* The same at one place: v as a piece of `size` bytes at cell offset off
 * of symbol sym (a conditional write whose address is known). */
void mem_domain_mixed_seed_at(mem_domain *md, int64_t v, int sym, int off, int size);
void mem_domain_free(mem_domain *md);
int  mem_location(mem_domain *md, int sym, int64_t off);  /* interns */
/* Adds v, written by `who`, to the domain of loc; returns 1 if new. */
int  mem_domain_add(mem_domain *md, int loc, value v, uint64_t who);
/* The same for a value of depth `depth` (value_set.depth): not added past
 * md->max_depth; returns 1 if new or now of a smaller depth. */
int  mem_domain_add_depth(mem_domain *md, int loc, value v, uint64_t who, int depth);

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
 *
 * Loops are unrolled as herd7 does (its -unroll): a path may jump back to
 * one instruction (the target of a branch at or after it) at most `unroll`
 * times; the jump after that ends the path as a `cut` trace, whatever the
 * branch that takes it (counts are per target, over the whole path, never
 * reset). Forward jumps are not counted.
 * Returns 0 or -1 (error in d). */
int thread_traces(const litmus_test *t, int ti, mem_domain *md, guess_mode mode,
		  int unroll, trace_list *out, int *grew, diag *d);

void trace_list_free(trace_list *l);

/* The order in which herd7 meets the paths of thread ti (by the choices
 * of trace.dec; measured with herd7, docs/litmus-format.md "Loops"):
 * <0 if a comes first, >0 if b does, 0 for the same choices. */
int trace_path_cmp(const trace *a, const trace *b, int ti);

#endif
