/* c_prims.h - the vocabulary of the kernel-C dialect, apart from its
 * parser (c_frontend.c): the event tags of the Linux-kernel model and the
 * kernel primitives a test calls, which access or fence each one is and
 * with which annotation (c_prims.c).
 */
#ifndef BPFMM_C_PRIMS_H
#define BPFMM_C_PRIMS_H

#include "litmus/litmus.h"

/* ---- event tags ---------------------------------------------------------
 *
 * The Linux-kernel model names its annotations in linux-kernel.bell
 * ('once, 'acquire, 'mb, 'rcu-lock, ...); herd7 exposes each as the event
 * set named with a capital first letter (Once, Acquire, Mb, Rcu-lock, ...),
 * and that is how linux-kernel.cat refers to them. Lock events get the
 * sets lock.cat documents (LKR, LKW, UL, LF, RL, RU), and both events of
 * an atomic read-modify-write are in RMW.
 */
enum {
	T_ONCE, T_ACQUIRE, T_RELEASE, T_NORETURN,
	T_MB, T_RMB, T_WMB, T_BARRIER,
	T_RCU_LOCK, T_RCU_UNLOCK, T_SYNC_RCU,
	T_BEFORE_ATOMIC, T_AFTER_ATOMIC, T_AFTER_SPINLOCK,
	T_AFTER_UNLOCK_LOCK, T_AFTER_SRCU_READ_UNLOCK,
	T_SRCU_LOCK, T_SRCU_UNLOCK, T_SYNC_SRCU,
	T_RMW, T_LKR, T_LKW, T_UL, T_LF, T_RL, T_RU,
	C_NTAGS
};

extern const char *const c_tag_names[C_NTAGS];

#define TAG(t) ((tagmask)1 << (t))

/* ---- primitives ---------------------------------------------------------
 *
 * Hard-coded in one table, c_prims.c (plus atomic_by_name there for the
 * regular atomic_<op>[_return|fetch_<op>][_ordering] family). It follows
 * the macro definitions of tools/memory-model/linux-kernel.def: which
 * access or fence each primitive performs and with which annotation.
 * It is not read from linux-kernel.def at run time.
 */
typedef enum {
	P_LOAD,        /* value of [A]                         tag on the read */
	P_STORE,       /* [A] = V                              tag on the write */
	P_STORE_MB,    /* smp_store_mb: [A] = V once, then an mb fence */
	P_FENCE,       /* a fence with the tag */
	P_XCHG,        /* (P, V): old value, [P] = V */
	P_CMPXCHG,     /* (P, V, W): old value, [P] = W if old == V */
	P_ADD_UNLESS,  /* (P, A, U): [P] += A if old != U; value: old != U */
	P_OP,          /* (V, P) or (P): [P] op= V, no value */
	P_OP_RETURN,   /* ... value: the new value */
	P_FETCH_OP,    /* ... value: the old value */
	P_LOCK,        /* spin_lock(P) */
	P_UNLOCK,      /* spin_unlock(P) */
	P_ISLOCKED,    /* spin_is_locked(P) */
	P_TRYLOCK,     /* spin_trylock(P) */
	P_SRCU_SYNC,   /* synchronize_srcu(P): an event of location P that is
	                * no access and no fence (herd7's __srcu{sync-srcu}) */
} prim_kind;

/* Orderings of a read-modify-write (the {annotation} in the .def file). */
enum { ORD_ONCE, ORD_ACQUIRE, ORD_RELEASE, ORD_MB };

typedef struct {
	const char *name;
	prim_kind kind;
	int tag;         /* P_LOAD/P_STORE/P_FENCE: the tag; RMWs: ORD_* */
	bool lvalue;     /* the location is written `*p` (READ_ONCE(*p)), not `p` */
	alu_op alu;      /* P_OP, P_OP_RETURN, P_FETCH_OP */
	bool one;        /* the operand is the constant 1 (inc, dec) */
	int test;        /* result: 0 the value, 1 (value == 0), 2 (value < 0) */
} cprim;

/* The primitive called `name` (the table, or the regular atomic_<op>
 * family) into *out; false if there is none. */
bool c_find_prim(const char *name, cprim *out);
/* How many arguments it takes. */
int c_prim_nargs(const cprim *p);
/* Tags of the read and the write of a read-modify-write of ordering ord
 * (ORD_*). */
void c_rmw_tags(int ord, tagmask *r, tagmask *w);

#endif
