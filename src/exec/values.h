/* values.h - the value domain: the locations of a test and the values
 * each may hold, with who writes them and how deep they are (grown to a
 * fixpoint by enumerate.c as the threads run, thread_exec.h); in
 * mixed-size mode, the bytes written to each cell and the values a read
 * of some of them may take (docs/mixed-size.md). */
#ifndef BPFMM_VALUES_H
#define BPFMM_VALUES_H

#include "cat/events.h"
#include "base/diag.h"

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

#define SDEPTH_SYMS 64   /* mem_domain.nsv: at most this many symbols */

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
	uint8_t *sdepth;     /* with mem_domain.nsv: per value, nsv counts
	                      * (symbol s: fewest writes to s an execution
	                      * needs to make it, a lower bound as depth
	                      * is); NULL: all 0 so far */
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
	int nsv;             /* 0, or the number of symbols (at most
	                      * SDEPTH_SYMS): then no
	                      * execution has more than sym_writes[s] writes
	                      * to symbol s (255: not known), and a value
	                      * whose sdepth passes it never enters */
	int *sym_writes;
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
	 * is paired with whole write accesses (the compose_* functions of
	 * values.c, docs/mixed-size.md "Guessing values"). */
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
/* Mixed-size mode: the location of an access of `size` bytes at offset
 * `off` of symbol sym (interned), its domain filled on first use. */
int  mem_domain_mixed_location(mem_domain *md, int sym, int off, int size);
void mem_domain_free(mem_domain *md);
int  mem_location(mem_domain *md, int sym, int64_t off);  /* interns */
/* Adds v, written by `who`, to the domain of loc; returns 1 if new. */
int  mem_domain_add(mem_domain *md, int loc, value v, uint64_t who);
/* The same for a value of depth `depth` (value_set.depth): not added past
 * md->max_depth; returns 1 if new or now of a smaller depth. */
int  mem_domain_add_depth(mem_domain *md, int loc, value v, uint64_t who, int depth);
/* The same with the per-symbol depths sdepth (md->nsv of them; NULL:
 * 0), which already count this write: not added when one passes
 * md->sym_writes; else each is lowered to the smaller of the two. */
int  mem_domain_add_depthv(mem_domain *md, int loc, value v, uint64_t who, int depth,
			   const uint8_t *sdepth);
/* The depth of v in the domain of loc (value_set.depth), 0 if absent;
 * with sdepth (md->nsv counts, or NULL): sdepth[s] = max(sdepth[s], v's
 * sdepth at loc) for each symbol, in the same search. */
int  mem_domain_depth(const mem_domain *md, int loc, value v, uint8_t *sdepth);

#endif
