/* lift.h - the lifter of `bpfmm jit-check`: a JIT image, disassembled by
 * llvm-objdump, back to a thread of the native litmus dialect
 * (docs/jit-check.md).
 *
 * lift.c is the generic part: llvm-objdump's lines, operands, the three
 * markers `bpfmm run` stores around the initial values and the body, the
 * evaluation of the initial values, the epilogue's spills (the register
 * assignment), the body with its branch targets as labels and the BPF
 * stack slot through a register of its own.  What differs between
 * architectures is one jit_lifter each, in lift_ARCH.c, a row of the table
 * in lift.c (docs/adding-an-architecture.md, "jit-check: a lifter for a
 * new JIT").  Its name (--arch), the header of the lifted test and its
 * model are its front-end's (arch/frontends.h), stated there once. */
#ifndef BPFMM_JIT_LIFT_H
#define BPFMM_JIT_LIFT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "litmus/frontend.h"

/* One instruction of llvm-objdump's output. */
typedef struct {
	long addr;               /* offset in its image */
	char mn[24];
	char ops[200];
} dinsn;

/* An image's instructions. */
typedef struct {
	dinsn *v;
	int n;
	long start;              /* the image's offset in the blob (branch targets) */
	long ksym28;             /* its kernel address mod 2^28 (MIPS `j`), or -1 */
	const unsigned char *code;  /* the image's bytes (S390X literals), or NULL */
	size_t len;
	bool straddle;           /* its last instruction runs past its end */
} dlist;

void lift_dl_push(dlist *l, const dinsn *i);

/* ---- evaluation of the initial values ------------------------------------- */

typedef enum { V_UNKNOWN, V_CONST, V_BASE } vkind;   /* V_BASE: instance base + v */

typedef struct {
	char reg[8];
	vkind k;
	int64_t v;
} rval;

typedef struct {
	rval r[48];
	int n;
} regfile;

/* The value of register reg in f (V_UNKNOWN when new); NULL when f is full. */
rval *lift_rf_get(regfile *f, const char *reg);

/* ---- what a lifted thread is ----------------------------------------------- */

typedef struct {
	char native[10][8];      /* BPF r0..r9 -> native register (epilogue) */
	char **cells;
	int ncells;
	char extra[96];          /* " T:REG=LOC;" for the stack slot */
	char why[300];           /* why it cannot be lifted */
	int broken;              /* 0, or why the image itself is bad: */
} lifted;

enum { JC_NOMARK = 1,            /* none of run.c's markers: not this arch's code, or not a test's */
       JC_CUT,                   /* some markers, or the epilogue, missing: cut short */
       JC_ALIEN };               /* it does not set the test's initial values: another test's */

/* ---- one architecture ------------------------------------------------------- */

typedef struct jit_lifter jit_lifter;

struct jit_lifter {
	const frontend *fe;      /* the dialect of the lifted test: its --arch name
				  * (frontend_arch_name), header keyword and model */
	const char *objfmt;      /* llvm-objcopy -O */
	const char *mattr;       /* llvm-objdump --mattr, or NULL */
	const char *xopts;       /* more llvm-objdump options, or "" */
	const char *stackreg;    /* register the lifted test gives the stack slot */
	const char *slotfmt;     /* the stack slot's operand, "%s" its register */
	const char *stackbase[2];  /* the BPF frame pointer's registers (canonical) */
	unsigned char nop[4];    /* padding between images */
	int nopn;
	int align;               /* every instruction's length is a multiple of it */
	const char *prefix;      /* a prefix llvm prints alone on its line (x86
				  * `lock`): joined to the next instruction */
	bool data_after_code;    /* the image ends in data (s390x's literal pool):
				  * the disassembler may read across its end */

	/* The register a name denotes, as the epilogue and the lifted test
	 * name it (x86: "rax" for %eax), in out; "" if none.  NULL: lower
	 * case letters and digits, at most 4 of them (riscv). */
	void (*canon_reg)(const jit_lifter *a, const char *s, char *out, size_t n);
	/* A memory operand's base register (canonical) and offset; NULL:
	 * "OFF(REG)" (lift_mem_paren). */
	bool (*parse_mem)(const jit_lifter *a, const char *s, char *base, size_t n, int64_t *off);
	/* llvm-objdump's line: the mnemonic in in->mn taken from t1 (its
	 * text from the first tab) when llvm put a blank before the
	 * operands, *t2 then where they start; optional. */
	void (*fix_mnemonic)(dinsn *in, char *t1, char **t2);
	/* llvm's comments cut off the operands ops of mnemonic mn (after "//"
	 * is gone); optional. */
	void (*fix_operands)(const char *mn, char *ops);
	/* The 64-bit stores of a register to memory, as the markers and the
	 * epilogue's spills are (mnemonics), and the first character of
	 * the register's name there, or 0 (arm64 `x`, x86 `%`). */
	const char *spill[2];
	char spill_reg;
	/* The JIT's return ("MNEMONIC", whatever its operands, or "MNEMONIC
	 * OPERANDS"): an image ends in one (up to three spellings) after the
	 * epilogue's spills. */
	const char *ret[3];
	/* The marker's value when in stores an immediate to memory at once
	 * (x86); optional: else a marker is a spill of a register set by the
	 * instruction before it. */
	bool (*store_imm)(const jit_lifter *a, const dinsn *in, int64_t *imm);
	/* What one instruction of the initial values (mnemonic m, operands
	 * o[0..n), rd the value of o[0] in f when n >= 2, else NULL) gives
	 * its destination in f: 0, or -1 when it cannot say. */
	int (*eval)(const jit_lifter *a, regfile *f, const char *m, char o[][64], int n, rval *rd);
	/* Is mn a branch whose target llvm prints as "0xOFF <sym+0xOFF>"?
	 * NULL: b*, j*, cb*, tb*. */
	bool (*is_branch)(const char *mn);
	/* Is mn a branch whose target llvm prints bare as its last operand
	 * "0xOFF" (s390x); optional. */
	bool (*is_bare_branch)(const char *mn);
	/* The target's offset in the blob when the instruction does not give
	 * it (MIPS `j`: an absolute address): 0, or -1 (refused); optional. */
	int (*branch_target)(const dlist *l, const dinsn *in, long *target, lifted *lt);
	/* Operands the dialect reads otherwise (x86 "shrq %r8" is a shift by
	 * 1): o[0..*no) rewritten; optional. */
	void (*fix_body_ops)(const dinsn *in, char o[][64], int *no);
	/* A memory operand o of in rewritten into t (s390x's narrow accesses,
	 * big endian): true if it is; optional. */
	bool (*mem_operand)(const jit_lifter *a, const dinsn *in, const char *o, char *t, size_t n);
	/* The lifted text of an instruction (mnemonic mn, operands ops as
	 * lifted) when the dialect spells it otherwise ('\n' between several
	 * instructions), or NULL; optional. */
	char *(*spelling)(const char *mn, const char *ops);
	/* A pass over the body's texts text[0 .. b1-b0) of instructions
	 * b0..b1-1 (MIPS delay slots); labels[i]: a label before instruction
	 * i (labels[l->n]: at the body's end); 0, or refused; optional. */
	int (*body_pass)(const jit_lifter *a, const dlist *l, int ti, int b0, int b1, bool *labels,
			 char **text, lifted *lt);
	/* The image's instructions rewritten before it is lifted (s390x's
	 * literal pool) into out (a new v): 0, or refused; optional. */
	int (*prepass)(const dlist *l, dlist *out, lifted *lt);
	/* Does the code from instruction i on return (the JIT's exit)?
	 * NULL: one of ret is there (lift_find). */
	bool (*returns)(const jit_lifter *a, const dlist *l, int i);
};

/* The lifters, in the order jit-check lists them (i = 0, 1, ...; NULL
 * past the end). */
const jit_lifter *lifter_nth(size_t i);
size_t lifter_count(void);

/* The lifter for --arch name (frontend_arch_name of its front-end), or
 * NULL. */
const jit_lifter *lifter_by_name(const char *name);

/* Its --arch name, header keyword and model. */
const char *lifter_name(const jit_lifter *a);

/* ---- the generic lifter (lift.c) ------------------------------------------- */

/* One line of llvm-objdump -d: "   OFF: BYTES \tMNEMONIC\tOPERANDS  # comment"
 * into *in and *addr; false if it is no instruction. */
bool lift_objdump_line(const jit_lifter *a, char *line, dinsn *in, long *addr);

/* Append in to l; a prefix alone on its line (*pending) is joined to the
 * instruction after it. */
void lift_join(const jit_lifter *a, dinsn *in, bool *pending, dlist *l);

/* Thread ti's JIT code l lifted into lt: markers, initial values (checked
 * against expected; NULL: not checked), the epilogue's register order and
 * the body; 0, or -1 refused (lt->why, lt->broken). */
int jit_lift(const jit_lifter *a, const dlist *l, int ti, const rval expected[10], lifted *lt);

void lift_free(lifted *lt);

/* ---- what the lifters share -------------------------------------------------- */

/* Split "a, b, [c, d]" at top-level commas into at most max trimmed parts. */
int lift_split_ops(const char *ops, char parts[][64], int max);

/* An immediate "0x10", "-0x8", "16", "#0x10", "$0x10": 0 on success. */
int lift_parse_imm(const char *s, int64_t *v);

int64_t lift_sext32(int64_t v);

void lift_canon_reg(const jit_lifter *a, const char *s, char *out, size_t n);
bool lift_parse_mem(const jit_lifter *a, const char *s, char *base, size_t n, int64_t *off);
bool lift_is_stackreg(const jit_lifter *a, const char *canon);

/* "OFF(REG)" / "(REG)"; with index, also "D(X,B)" (s390x). */
bool lift_mem_paren(const jit_lifter *a, const char *s, char *base, size_t n, int64_t *off, bool index);

/* Is in one of a->ret (an entry without operands: whatever they are)? */
bool lift_is_ret(const jit_lifter *a, const dinsn *in);

/* The first instruction from i on that is one of a->ret, or -1. */
int lift_find_ret(const jit_lifter *a, const dlist *l, int i);

/* `LD RD, OFF(stack)` (the spilled instance base), then the source operand
 * o[1]'s value into *k / *v, and `MV RD, RS`: 0 when the instruction is
 * done, 1 when the caller goes on with *k / *v, -1 when it cannot be
 * evaluated (riscv, PPC, s390x). */
int lift_eval_ld_mv(const jit_lifter *a, regfile *f, const char *m, char o[][64], int n, rval *rd,
		    const char *ld, const char *mv, vkind *k, int64_t *v);

/* `add RD, RS, RT`: RS's value k / v plus RT's (rt_name); at most one of
 * them the base. */
int lift_eval_add(const jit_lifter *a, regfile *f, const char *rt_name, vkind k, int64_t v, rval *rd);

/* lt->why from fmt with a1, a2; returns -1. */
int lift_refuse(lifted *lt, const char *fmt, const char *a1, const char *a2);

#endif
