/* litmus.h - a parsed litmus test, independent of its architecture.
 *
 * The generic reader (litmus_read.c) owns the parts every dialect shares:
 * header line, doc string, comments, the init block, the thread grid,
 * `locations`, `filter` and the final condition. Each thread's cells are
 * handed to an architecture front-end (see frontend.h), which lowers every
 * instruction to the small IR below. The executor (thread_exec.c) runs IR
 * only, so a new architecture is a parser and nothing else.
 */
#ifndef BPFMM_LITMUS_H
#define BPFMM_LITMUS_H

#include <stdint.h>
#include <stdbool.h>
#include "base/diag.h"

/* A value is an integer or the address of a symbol plus an offset. */
typedef struct {
	int sym;          /* -1: plain integer; else index into litmus_test.syms */
	int64_t off;      /* integer value, or byte offset from the symbol */
} value;

static inline value value_int(int64_t v) { value x = { -1, v }; return x; }
static inline value value_addr(int sym) { value x = { sym, 0 }; return x; }
static inline bool value_eq(value a, value b) { return a.sym == b.sym && a.off == b.off; }

/* Operand of an IR instruction. */
typedef enum { OPND_NONE, OPND_REG, OPND_IMM } opnd_kind;
typedef struct {
	opnd_kind kind;
	int reg;          /* OPND_REG: register index in litmus_test.regs */
	value imm;        /* OPND_IMM (imm.sym >= 0 for a symbolic address) */
} opnd;

typedef enum {
	ALU_ADD, ALU_SUB, ALU_MUL, ALU_DIV, ALU_MOD, ALU_AND, ALU_OR, ALU_XOR,
	ALU_SHL, ALU_SHR, ALU_ASHR, ALU_NEG,
	ALU_MOVB,         /* result is the second operand (xchg, swap) */
	ALU_SDIV, ALU_SMOD, /* C's signed / and % (truncating; x / 0 == 0 and
	                     * x % 0 == x as BPF's, where C has no answer) */
	ALU_SMIN, ALU_SMAX, ALU_UMIN, ALU_UMAX, /* min / max (signed / unsigned 64-bit):
	                     * the AArch64 LD<op> and RISC-V amo<op> min / max */
	ALU_REVB,         /* byte reversal: the bytes of a reversed within each
	                   * b-bit container (b = 16, 32 or 64): AArch64 REV16,
	                   * REV32, REV */
	ALU_RBIT,         /* bit reversal of the low b bits of a (b = 32 or 64;
	                   * the bits above are dropped): AArch64 RBIT */
	ALU_EQ, ALU_NE,   /* 1 if a == b (a != b) else 0, addresses too: two
	                   * addresses are equal when they are the same
	                   * location and offset, an address is no integer
	                   * (C's comparisons used as values, as herd7
	                   * compares symbolic addresses) */
	ALU_SLT, ALU_SLTU, /* 1 if a < b (signed / unsigned 64-bit), else 0:
	                   * MIPS slt, sltu */
} alu_op;

/* a alu b on values (integers, or symbol + offset; BPF's x / 0 == 0 and
 * x % 0 == x); false when it has no meaning on these operands (e.g.
 * multiplying an address): the test is then an error (thread_exec.c).
 * src/ir_alu.c */
bool ir_alu(alu_op op, value a, value b, value *out);

typedef enum {
	CMP_ALWAYS, CMP_EQ, CMP_NE,
	CMP_LT, CMP_LE, CMP_GT, CMP_GE,      /* unsigned */
	CMP_SLT, CMP_SLE, CMP_SGT, CMP_SGE,  /* signed */
	CMP_SET,                             /* (a & b) != 0 */
} cmp_op;

typedef enum {
	IR_MOV,     /* dst = a */
	IR_ALU,     /* dst = a alu b          (ALU_NEG: dst = -a) */
	IR_LOAD,    /* dst = [a + off]                      read event, tags_r */
	IR_STORE,   /* [a + off] = b                        write event, tags_w */
	IR_RMW,     /* old = [a + off]; [a + off] = old alu b; dst = old if dst>=0
	             * read+write events linked by rmw, tags_r / tags_w */
	IR_CAS,     /* old = [a + off]; if old == b: [a + off] = c; dst = old
	             * success: read+write (rmw) with tags_r/tags_w;
	             * failure: read only with tags_fail.  Variants (both off
	             * by default): cmp == CMP_NE succeeds if old != b, and
	             * `alu_new` writes old alu c instead of c; together they
	             * are LKMM's atomic_add_unless(v, c, b) */
	IR_FENCE,   /* fence event with tags_f.  With an address operand a
	             * (C's synchronize_srcu(s)): an event of that location
	             * that is neither a read, a write nor a fence, as
	             * herd7's SRCU event (in loc, not in M or F) */
	IR_BRANCH,  /* if (a cmp b) goto target   (CMP_ALWAYS: a, b unused) */
	IR_SC,      /* store-conditional: the path splits.  Failure: dst = 1, no
	             * event.  Success: [a + off] = b (write, tags_w), dst = 0,
	             * linked by rmw to the reserving load (IR_LOAD with
	             * `reserve`) if it is to the same location.  Either way the
	             * reservation ends. */
	IR_PICK,    /* if (a cmp b) dst = c  (else dst keeps its value): a
	             * conditional select.  dst depends on c as a register
	             * does on its source; on the reads behind a and b only
	             * through the choice ("pick" dependency, see reg.ptaint
	             * in thread_exec.c). */
} ir_op;

/* IR_SC: what the result register depends on (a dependency source for
 * later addr / data / ctrl), as herd7's semantics of each architecture
 * have it (see each model's doc). */
typedef enum {
	SC_DEP_WRITE,     /* on success the store's write event, on failure
	                   * nothing (RISC-V sc.w/sc.d, LoongArch sc.w/sc.d) */
	SC_DEP_OPERANDS,  /* either way the reads behind its address and data
	                   * registers (Power stwcx./stdcx. into CR0) */
	SC_DEP_NONE,      /* nothing (AArch64 STXR status) */
} sc_dep_kind;

/* Tags are bits; their names live in the front-end's tag table
 * (frontend.h) and become event sets of the same name in cat. */
typedef uint32_t tagmask;

/* One instruction of a thread. The first group is every operation's;
 * each later group belongs to the operations its heading names and is
 * zero (the ordinary behaviour) everywhere else. Each field says what the
 * instruction does, not which dialect needs it: a front-end sets the
 * fields whose behaviour its architecture's (or herd7's) semantics has. */
typedef struct {
	/* ---- every operation ---- */
	ir_op op;
	srcpos pos;       /* where the instruction is written */
	int dst;          /* destination register, -1 if none */
	opnd a, b, c;
	alu_op alu;       /* IR_ALU, IR_RMW; IR_CAS with alu_new */
	cmp_op cmp;       /* IR_BRANCH, IR_PICK; IR_CAS: CMP_NE or equality
	                   * (any other value, so a zeroed insn is a CAS) */

	/* ---- memory accesses (IR_LOAD, IR_STORE, IR_RMW, IR_CAS, IR_SC) ---- */
	int64_t off;      /* address offset */
	int size;         /* access size in bytes (1, 2, 4, 8); 0 = default */
	tagmask tags_r, tags_w, tags_f, tags_fail;
	bool reserve;     /* IR_LOAD: load-reserved (pairs with a later IR_SC) */
	bool model_rf;    /* IR_LOAD: the model computes this read's reads-from
	                   * itself (a lock read whose rf the cat model builds,
	                   * lock.cat's LKR): the read returns b without a
	                   * guess and the engine gives it no rf edge */

	/* ---- read-modify-writes (IR_RMW, IR_CAS) ---- */
	bool split;       /* IR_RMW: a read and a write linked by rmw; IR_CAS with
	                   * c = OPND_NONE: no write on success */
	bool rmw_po;      /* IR_RMW with split, IR_CAS: the read is po-before
	                   * the write; otherwise the two events of one
	                   * instruction are not in po, only in rmw */
	bool alu_new;     /* IR_CAS: on success write old alu c, not c (the
	                   * write then depends on the read, as for IR_RMW) */
	bool pick;        /* IR_CAS: the comparison is a choice as for IR_PICK:
	                   * the write has a pick dependency on b and on the
	                   * read, and on success dst is either the value read
	                   * or b, the latter with a pick dependency on the
	                   * read */
	tagmask tags_fence_ok; /* IR_CAS: a fence with these tags just before
	                        * the read and one just after the write, only
	                        * when the CAS succeeds (a fully ordered
	                        * cmpxchg that orders nothing when it fails);
	                        * 0: none */

	/* ---- store-conditional (IR_SC) ---- */
	sc_dep_kind sc_dep; /* what its result register depends on */
	bool sc_nodep;    /* the status register carries no dependency, and
	                   * the data register gives the write no data (or
	                   * pick) dependency: what depends on the status is
	                   * not ordered after the store, nor the store after
	                   * the reads its data came from (its address and a
	                   * control dependency do order it) */

	/* ---- branches (IR_BRANCH; alt_swap also IR_SC) ---- */
	int target;       /* index of the target instruction in the thread
	                   * (== thread length means "end of thread") */
	int ctrl_end;     /* 0: every instruction po-after the branch is
	                   * control-dependent on what it compares.  k > 0: the
	                   * dependency covers only the instructions before
	                   * index k - 1, where a structured if statement ends;
	                   * from there on the path has the control
	                   * dependencies it had before the branch.  Scopes
	                   * nest. */
	bool unroll_concrete; /* a backward jump whose operands no read
	                   * computes is not counted by the unrolling limit
	                   * (the loop is unrolled completely, as herd7's
	                   * AArch64 semantics does; elsewhere it counts) */
	bool alt_swap;    /* the instruction's two outcomes come in the other
	                   * order (as herd7 gives Power's stwcx. and
	                   * conditional branches, AArch64's STXR). Only the
	                   * order of paths, which decides the label of the
	                   * unrolling warning (thread_exec.c, choose) */
} ir_insn;

typedef struct {
	int id;           /* thread number as written: P<id> */
	ir_insn *code;
	int ncode;
	char **label;     /* per instruction 0..ncode: the label naming it as
	                   * written, or NULL (NULL array: no labels) */
	bool mixed;       /* an access only the mixed-size mode models (a
	                   * byte / halfword access, an address offset):
	                   * without -variant mixed the test is refused
	                   * (docs/mixed-size.md) */
	srcpos mixed_pos; /* then: the first such instruction */
} litmus_thread;

/* Initial state entries: `T:rN=value` or `x=value`; a symbol named on the
 * right of a register is an address. */
#define INIT_EVERY_THREAD (-2) /* herd7 symbolic register (%x0) while the
                                * reader has not yet seen which thread uses it */
typedef struct {
	int thread;       /* -1 for a memory location, or INIT_EVERY_THREAD */
	int reg;          /* register (thread >= 0) */
	int sym;          /* memory location (thread < 0) */
	value val;
	srcpos pos;
} init_entry;

/* Something the final state reports: a register or a memory location. */
typedef struct {
	int thread;       /* -1: memory */
	int reg;          /* index in litmus_test.regs */
	int sym;          /* memory symbol */
	srcpos pos;       /* where the test names it (0:0 if generated) */
} observable;

/* Condition / filter expression. */
typedef enum { PROP_TRUE, PROP_FALSE, PROP_ATOM, PROP_NOT, PROP_AND, PROP_OR, PROP_IMPLIES } prop_kind;
typedef struct prop {
	prop_kind kind;
	observable lhs;   /* PROP_ATOM: lhs = rhs */
	value rhs;
	bool rhs_is_obs;  /* PROP_ATOM comparing two observables (x=y style) */
	observable rhs_obs;
	struct prop *l, *r;
} prop;

typedef enum { Q_EXISTS, Q_NOT_EXISTS, Q_FORALL } quantifier;

typedef struct {
	char *path;           /* file it was read from */
	char *text;           /* read from a string (a generated test): that
	                       * text, to quote its lines; else NULL */
	char *arch;           /* as written in the header, e.g. "BPF" */
	char *name;           /* test name */
	char *doc;            /* optional "..." doc string, NULL if none */

	char **syms;          /* memory symbol names, in first-seen order */
	int nsyms;
	char **regs;          /* register names, shared by all threads ("r0") */
	int nregs;

	init_entry *init;
	int ninit;

	litmus_thread *threads;
	int nthreads;

	observable *locations; /* `locations [...]`, in written order */
	int nlocations;

	prop *filter;          /* NULL if none */
	quantifier quant;
	prop *cond;            /* never NULL after a successful parse */

	const struct frontend *fe; /* which front-end parsed the threads */
	bool big_endian;       /* mixed-size mode: byte offset o of an access
	                        * of s bytes is byte 8 - o - s of the cell's
	                        * little-endian value (the front-end's
	                        * frontend.big_endian; `bpfmm map --mixed` sets
	                        * it on a BPF test judged against a big-endian
	                        * table: docs/mixed-size.md, "Big-endian") */
} litmus_test;

#endif
