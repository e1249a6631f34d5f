/* events.h - the events of one candidate execution and the relations a
 * front-end fixes before any rf or co choice (po, dependencies, rmw, tags).
 *
 * This is the cat evaluator's view of an execution, so it lives with the
 * evaluator: exec/enumerate.c builds it from one trace per thread
 * (exec/thread_exec.h) and hands it down. Events 0..ninit-1 are the
 * initial writes, one per location, then the threads' events in program
 * order.
 */
#ifndef BPFMM_EVENTS_H
#define BPFMM_EVENTS_H

#include "litmus/litmus.h"
#include "base/rel.h"

enum { EV_R = 1, EV_W = 2, EV_F = 4 };

/* A memory location: symbol plus byte offset. */
typedef struct {
	int sym;
	int64_t off;
} location;

typedef struct {
	int n, w;            /* events, words per row */
	int ninit;           /* initial writes are events 0..ninit-1 */
	int *thread;         /* -1 for initial writes */
	int *loc;            /* location id, -1 for fences */
	value *rval, *wval;  /* value read / written */
	uint8_t *kind;       /* EV_* bits; fetch/xchg/lock atomics are R|W */
	tagmask *tags;
	int *insn;           /* instruction index in its thread, -1 for init */

	/* sets (w words) */
	word *R, *W, *M, *F, *IW, *all;
	word **tagset;       /* one per front-end tag */
	int ntags;

	/* relations (n*w words) */
	word *po, *addr, *data, *ctrl, *rmw, *sameloc, *ext, *intl, *id;
	word *pick;          /* read -> access depending on it only through a
	                      * choice (CSEL, Arm CAS); also in ctrl */
	/* rmw: read -> write of a successful cmpxchg (two events) */
	word *scdata;        /* read -> Arm STXR write whose data it computes
	                      * (not in data: an STXR is not ordered by it) */
	word *pickaddr;      /* the part of pick whose choice is in the
	                      * access's address (herd7's Arm pick-addr-dep) */
	word *valdep;        /* read -> write whose value (not address) it
	                      * computes: rf;valdep cycles are out-of-thin-air */
	word *si;            /* mixed-size mode: the byte events of one access
	                      * (herd7's si / sm); otherwise id (same block) */
	bool mixed;          /* mixed-size mode (docs/mixed-size.md): every
	                      * access is one event per byte; loc is
	                      * cell * MIXED_WIDTH + byte, and the initial
	                      * writes are one per byte of each cell */
} evstruct;

#endif
