/* thread_path.h - inside thread_exec.c: the state of the path search
 * (the runner, a path's position, dependency sets), shared with
 * path_sigs.c, the signatures of paths that are never executions. Not an
 * interface outside exec/thread_exec.c and exec/path_sigs.c. */
#ifndef BPFMM_THREAD_PATH_H
#define BPFMM_THREAD_PATH_H

#include <string.h>
#include "exec/thread_exec.h"

/* Dependency sets: w words each (runner.w). */
typedef uint64_t *dset;

static inline void ds_clear(dset d, int w) { memset(d, 0, sizeof *d * w); }
static inline void ds_or(dset d, const uint64_t *s, int w)
{
	if (s)
		for (int i = 0; i < w; i++)
			d[i] |= s[i];
}
static inline void ds_copy(dset d, const uint64_t *s, int w)
{
	if (s)
		memcpy(d, s, sizeof *d * w);
	else
		ds_clear(d, w);
}
/* d = a & b (b NULL: empty) */
static inline void ds_and(dset d, const uint64_t *a, const uint64_t *b, int w)
{
	for (int i = 0; i < w; i++)
		d[i] = a && b ? a[i] & b[i] : 0;
}
static inline void ds_bit(dset d, int e) { d[e >> 6] |= (uint64_t)1 << (e & 63); }

/* The state a path changes as it goes, in one block so that a fork saves
 * and restores it with one copy: the registers' values and dependency
 * sets, the reads that decided a branch so far, and how often the path
 * jumped back to each loop head. A register has three sets:
 *   TAINT   reads its value came from
 *   VTAINT  reads its value is still unknown without: like taint, except
 *           `r ^= r` is known to be 0 (herd7's solver knows it too)
 *   PTAINT  reads that only chose between values (a conditional select,
 *           an Arm CAS): an access using the register gets them as ctrl,
 *           which orders later writes but not later reads */
enum { TAINT, VTAINT, PTAINT, NREGSETS };

/* A set of byte strings (signatures), by hash: open addressing. */
typedef struct {
	struct sig { uint64_t h; size_t len; unsigned char *b; } *v;
	size_t n, cap;       /* cap: 0 or a power of two */
} sig_table;

typedef struct {
	const litmus_test *t;
	const litmus_thread *th;
	mem_domain *md;
	trace_list *out;
	int *grew;
	diag *d;
	int nregs;
	guess_mode mode;
	uint64_t self;       /* this thread's writer bit */
	int w;               /* words per dependency set */
	int unroll;
	long maxpaths;       /* paths before the test is too large; < 0: none */
	int *head;           /* per instruction: its loop-head number, or -1 */
	int nheads;
	int last_back;       /* the last backward branch, -1 if none */
	bool others_loop;    /* another thread has a backward branch */
	int cut_at;          /* target of the jump that cut the path */
	uint8_t *dec;        /* the current path's choices (trace.dec), */
	int dec_cap;         /* pathpos.ndec of them valid */
	/* cut paths kept so far, by what the Loop check sees of them
	 * (cut_signature), and the states in which incoherent paths went
	 * round a loop (head_signature) */
	sig_table cuts, heads_seen;
	uint64_t *live;      /* per instruction: registers live before it
	                      * (live_regs), lw words each */
	int lw;
	bool overflow;       /* a path has more than 64 * w events */

	/* the path state (see above), and one saved copy per fork depth */
	size_t state_size;
	char *state;
	value *val;          /* nregs */
	uint64_t *rset;      /* nregs * NREGSETS sets */
	dset ctrl;           /* reads that decided a branch so far */
	int *jumps;          /* nheads */
	uint64_t *scope_ctrl; /* MAX_CTRL_SCOPES sets: ctrl before each open
	                      * C if statement (pathpos.scope_end) */
	int *copy1;          /* nregs: 1 + the event whose value the register
	                      * holds unchanged (a read's result, moved), 0:
	                      * none (tevent.copy) */
	uint8_t *unknown;    /* nregs: the value depends on a read or on a
	                      * store-conditional's outcome (not on constants
	                      * only): see ir_insn.unroll_concrete */
	char **frames;
	int nframes, depth;

	dset xctrl;          /* pick dependencies of the current instruction's
	                      * operands: ctrl of the events it emits */
	uint64_t *tmp;       /* scratch sets */
	tevent *ev;          /* the path's events, 64 * w of them */
	uint64_t *evdeps;    /* their DEP_NSETS sets each */
} runner;

enum { T_ADDR, T_DATA, T_VDEP, T_X, T_Y, NTMP };

#define MAX_CTRL_SCOPES 16   /* nested C ifs (ir_insn.ctrl_end) */

typedef struct {
	int pc, nev, steps;
	int lr_ev, lr_loc;   /* latest load-reserved event (+1; 0: none) */
	bool incoherent;     /* a read returned a value the guess mode rules
	                      * out: never an execution, kept for the Loop
	                      * check only (read_each, incoherent_useful) */
	int ndec;            /* choices so far (runner.dec) */
	int nsrc, lastpc;    /* source instructions run so far, and the last */
	srcpos lastpos;      /* IR instruction's index and position */
	int nscopes;         /* open C if statements (ir_insn.ctrl_end): */
	int scope_end[MAX_CTRL_SCOPES];
	                     /* where each ends; the ctrl before it is in
	                      * runner.scope_ctrl (path state) */
} pathpos;

static inline dset rs(const runner *r, int reg, int k)
{
	return r->rset + ((size_t)reg * NREGSETS + k) * r->w;
}

static inline dset tmp(const runner *r, int k)
{
	return r->tmp + (size_t)k * r->w;
}

static inline dset evdep(const runner *r, int e, int k)
{
	return r->evdeps + ((size_t)e * DEP_NSETS + k) * r->w;
}

/* set k of an operand: NULL (empty) unless it is a register */
static inline const uint64_t *oset(const runner *r, const opnd *o, int k)
{
	return o->kind == OPND_REG ? rs(r, o->reg, k) : NULL;
}

/* A growing byte buffer. */
typedef struct { unsigned char *b; size_t n, cap; } bytes;

/* ---- path_sigs.c ---- */

/* Is signature s (n bytes at b, malloc'd) in the table? If not, it is
 * added and the table owns it; if so, it is freed. */
bool sig_seen(sig_table *t, unsigned char *b, size_t n);
void sig_table_free(sig_table *t);
/* Is a cut (or incoherent) path with the same signature (cut_signature)
 * already kept? If not, remember this one's. */
bool cut_seen(runner *r, const pathpos *p, bool cut);
/* r->live: registers live before each instruction (head_signature). */
void live_regs(runner *r);
/* What the rest of an incoherent path can make of it at a loop head:
 * two paths with the same signature end in the same cut paths. */
void head_signature(const runner *r, const pathpos *p, bytes *s);

#endif
