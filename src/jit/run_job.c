/* run_job.c - the job file of `bpfmm run` (run_job.h): each thread of a
 * BPF litmus test translated (from the front-end's IR, no second parser)
 * to the kernel's BPF instruction encoding, with its register assignment
 * and the memory layout of an instance.
 *
 * Memory of one instance (STRIDE bytes, instance i at i * STRIDE in one
 * BPF_F_MMAPABLE array map value): one 64-byte line per location, then one
 * 8-byte result slot per observed register, then the start barrier's
 * counter on a line of its own.
 *
 * Program layout (registers r0..r9 are the test's own registers):
 *   r6 = *(u32 *)(r1 + 0)          instance number, from the run's ctx
 *   r6 &= NINST - 1; r6 *= STRIDE
 *   r7 = map value (ld_imm64, BPF_PSEUDO_MAP_VALUE, patched by the runner)
 *   r7 += r6; *(u64 *)(r10 - 8) = r7
 *   start barrier, unless ctx word 1 says not to (more threads than CPUs):
 *   lock add 1 to the instance's counter, spin until it reaches the
 *   number of threads (may_goto gives up after 8M rounds)
 *   *(u64 *)(r10 - 112) = 0x5a1      marker: registers' initial values
 *   every register rK: its initial value (an address is base + offset)
 *   *(u64 *)(r10 - 112) = 0x5a2      marker: the test's body
 *   ... the test's instructions ...
 *   *(u64 *)(r10 - 112) = 0x5a3      marker: the end (body jumps land here)
 *   end: every register rK spilled to r10 - 24 - 8K, then the observed
 *   ones copied to their slots
 *   r0 = 0; exit
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jit/run.h"
#include "jit/run_job.h"
#include "arch/frontends.h"
#include "litmus/litmus_read.h"
#include "kit/model_load.h"
#include "base/xalloc.h"

/* ---- BPF encoding (facts of the kernel's uapi) ---------------------------- */
enum {
	C_LD = 0x00, C_LDX = 0x01, C_ST = 0x02, C_STX = 0x03, C_ALU64 = 0x07, C_JMP = 0x05,
	S_W = 0x00, S_H = 0x08, S_B = 0x10, S_DW = 0x18,
	M_IMM = 0x00, M_MEM = 0x60, M_ATOMIC = 0xc0,
	SRC_K = 0x00, SRC_X = 0x08,
	A_ADD = 0x00, A_SUB = 0x10, A_MUL = 0x20, A_DIV = 0x30, A_OR = 0x40, A_AND = 0x50,
	A_LSH = 0x60, A_RSH = 0x70, A_NEG = 0x80, A_MOD = 0x90, A_XOR = 0xa0, A_MOV = 0xb0,
	A_ARSH = 0xc0,
	J_JA = 0x00, J_JEQ = 0x10, J_JGT = 0x20, J_JGE = 0x30, J_JSET = 0x40, J_JNE = 0x50,
	J_JSGT = 0x60, J_JSGE = 0x70, J_EXIT = 0x90, J_JLT = 0xa0, J_JLE = 0xb0,
	J_JSLT = 0xc0, J_JSLE = 0xd0, J_MAY_GOTO = 0xe0,
	AT_FETCH = 0x01, AT_XCHG = 0xe0 | 0x01, AT_CMPXCHG = 0xf0 | 0x01,
	/* Linux 6.15 (commit 880442305a39): BPF_STX | BPF_ATOMIC with these
	 * imm; a load-acquire's dst is the loaded register and src the
	 * address, a store-release's dst the address and src the value.
	 * 6.12's verifier refuses them (an unknown atomic opcode): such a
	 * test is reported unsupported with its words, a newer kernel
	 * (`--kernel`) runs it */
	AT_LOAD_ACQ = 0x100, AT_STORE_REL = 0x110,
	PSEUDO_MAP_VALUE = 2,
};

typedef struct {
	uint8_t code, dst, src;
	int16_t off;
	int32_t imm;
} binsn;

#define LINE 64          /* bytes per location */
/* The markers around the registers' initial values and the body, found
 * again in the JIT's code by `bpfmm jit-check` (docs/jit-check.md). */
#define MARK_OFF RUN_MARK_OFF
enum { MARK_INIT = RUN_MARK_INIT, MARK_BODY = RUN_MARK_BODY, MARK_END = RUN_MARK_END };
#define MAXINSN 4096

typedef struct {
	binsn *v;
	int n;
	int phys[11];        /* test register rN -> BPF register (r10 renamed) */
	const char *err;     /* first reason the test cannot be translated */
	char errbuf[160];
	bool big_endian;     /* for a big-endian guest: moff */
} prog;

static void emit(prog *p, uint8_t code, int dst, int src, int off, int32_t imm)
{
	if (p->n >= MAXINSN) {
		p->err = "program too long";
		return;
	}
	p->v[p->n++] = (binsn){ code, (uint8_t)dst, (uint8_t)src, (int16_t)off, imm };
}

static void emit_imm64(prog *p, int dst, int64_t v)
{
	if (v >= INT32_MIN && v <= INT32_MAX) {
		emit(p, C_ALU64 | A_MOV | SRC_K, dst, 0, 0, (int32_t)v);
		return;
	}
	emit(p, C_LD | S_DW | M_IMM, dst, 0, 0, (int32_t)(uint32_t)(uint64_t)v);
	emit(p, 0, 0, 0, 0, (int32_t)(uint32_t)((uint64_t)v >> 32));
}

static int fail(prog *p, const char *fmt, const char *what)
{
	if (!p->err) {
		snprintf(p->errbuf, sizeof p->errbuf, fmt, what);
		p->err = p->errbuf;
	}
	return -1;
}

/* The BPF register holding test register `reg` (r10, the frame pointer in
 * BPF, is renamed to a register the thread does not use). */
static int regno(const prog *p, const litmus_test *t, int reg)
{
	const char *n = t->regs[reg];
	int k = atoi(n + 1);
	return n[0] == 'r' && k >= 0 && k <= 10 ? p->phys[k] : -1;
}

static int opreg(prog *p, const litmus_test *t, const opnd *o)
{
	int k = o->kind == OPND_REG ? regno(p, t, o->reg) : -1;
	if (k < 0)
		fail(p, "%s", "the thread uses all of r0..r10 (BPF has 10 general registers)");
	return k;
}

static bool fits32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }
static bool fits16(int64_t v) { return v >= INT16_MIN && v <= INT16_MAX; }

static uint8_t size_bits(int size)
{
	switch (size) {
	case 1: return S_B;
	case 2: return S_H;
	case 4: return S_W;
	default: return S_DW;
	}
}

/* dst = address of location sym + off: the spilled base plus its line. */
static void emit_addr(prog *p, int dst, int sym, int64_t off)
{
	emit(p, C_LDX | S_DW | M_MEM, dst, 10, -8, 0);
	int64_t o = (int64_t)sym * LINE + off;
	if (o)
		emit(p, C_ALU64 | A_ADD | SRC_K, dst, 0, 0, (int32_t)o);
}

static int alu_code(alu_op op)
{
	switch (op) {
	case ALU_ADD: return A_ADD;
	case ALU_SUB: return A_SUB;
	case ALU_MUL: return A_MUL;
	case ALU_DIV: return A_DIV;
	case ALU_MOD: return A_MOD;
	case ALU_AND: return A_AND;
	case ALU_OR: return A_OR;
	case ALU_XOR: return A_XOR;
	case ALU_SHL: return A_LSH;
	case ALU_SHR: return A_RSH;
	case ALU_ASHR: return A_ARSH;
	default: return -1;
	}
}

static int jmp_code(cmp_op c)
{
	switch (c) {
	case CMP_ALWAYS: return J_JA;
	case CMP_EQ: return J_JEQ;
	case CMP_NE: return J_JNE;
	case CMP_LT: return J_JLT;
	case CMP_LE: return J_JLE;
	case CMP_GT: return J_JGT;
	case CMP_GE: return J_JGE;
	case CMP_SLT: return J_JSLT;
	case CMP_SLE: return J_JSLE;
	case CMP_SGT: return J_JSGT;
	case CMP_SGE: return J_JSGE;
	case CMP_SET: return J_JSET;
	}
	return -1;
}

/* code on dst with in->b as its source: a register (SRC_X) or a 32-bit
 * immediate (SRC_K; else refused: what) */
static int emit_src_b(prog *p, const litmus_test *t, const ir_insn *in, int code, int dst, const char *what)
{
	int b;

	if (in->b.kind == OPND_REG) {
		if ((b = opreg(p, t, &in->b)) < 0)
			return -1;
		emit(p, code | SRC_X, dst, b, 0, 0);
		return 0;
	}
	if (in->b.imm.sym >= 0 || !fits32(in->b.imm.off))
		return fail(p, "%s", what);
	emit(p, code | SRC_K, dst, 0, 0, (int32_t)in->b.imm.off);
	return 0;
}

/* IR_ALU: two-address BPF ALU64 (d must be its first operand) */
static int emit_alu(prog *p, const litmus_test *t, const ir_insn *in, int d)
{
	int a, c;

	if ((a = opreg(p, t, &in->a)) < 0)
		return -1;
	if (in->alu == ALU_NEG) {
		if (a != d)
			emit(p, C_ALU64 | A_MOV | SRC_X, d, a, 0, 0);
		emit(p, C_ALU64 | A_NEG, d, 0, 0, 0);
		return 0;
	}
	if (a != d)
		return fail(p, "%s", "ALU with a first operand other than its destination");
	if ((c = alu_code(in->alu)) < 0)
		return fail(p, "%s", "ALU operation without a BPF encoding");
	return emit_src_b(p, t, in, C_ALU64 | c, d, "ALU immediate is an address or does not fit 32 bits");
}

/* The offset of an access of the test: as written, but on a big-endian
 * guest (s390x) an access of fewer than 8 bytes within a location's 8
 * is mirrored (8 - size - off), so that it touches the bytes it touches on
 * a little-endian one: `*(u32 *)(rX + 0)` is the location's low half at
 * +4.  A location's 8 bytes then hold its value as the runner writes and
 * reads it (natively), whatever the sizes of the test's accesses.
 * `bpfmm jit-check` mirrors them back (docs/jit-check.md, "s390x"). */
static int moff(const prog *p, const ir_insn *in)
{
	int64_t s = in->size ? in->size : 8;

	if (p->big_endian && s < 8 && in->off >= 0 && in->off + s <= 8)
		return (int)(8 - s - in->off);
	return (int)in->off;
}

/* IR_RMW: BPF_ATOMIC, with BPF_FETCH when the old value is used */
static int emit_rmw(prog *p, const litmus_test *t, const ir_insn *in, int d)
{
	int a, b, op;

	if (in->size != 4 && in->size != 8)
		return fail(p, "%s", "8- or 16-bit atomic: the verifier accepts only 32 and 64 bits");
	if ((a = opreg(p, t, &in->a)) < 0 || (b = opreg(p, t, &in->b)) < 0)
		return -1;
	switch (in->alu) {
	case ALU_ADD: op = 0x00; break;
	case ALU_OR: op = 0x40; break;
	case ALU_AND: op = 0x50; break;
	case ALU_XOR: op = 0xa0; break;
	case ALU_MOVB: op = AT_XCHG; break;
	default: return fail(p, "%s", "atomic operation without a BPF encoding");
	}
	if (in->dst < 0) {           /* lock *(uN *)(rA + off) op= rB */
		emit(p, C_STX | size_bits(in->size) | M_ATOMIC, a, b, moff(p, in), op);
		return 0;
	}
	/* The ISA returns the old value in the operand register. */
	if (d == a && d != b)
		return fail(p, "%s", "fetch/xchg result register is also its address register");
	if (d != b)
		emit(p, C_ALU64 | A_MOV | SRC_X, d, b, 0, 0);
	emit(p, C_STX | size_bits(in->size) | M_ATOMIC, a, d, moff(p, in), op | AT_FETCH);
	return 0;
}

/* IR_CAS: BPF_CMPXCHG, r0 saved around it when it is not the result */
static int emit_cas(prog *p, const litmus_test *t, const ir_insn *in, int d)
{
	int a, b, c;

	if (in->size != 4 && in->size != 8)
		return fail(p, "%s", "8- or 16-bit cmpxchg");
	if ((a = opreg(p, t, &in->a)) < 0 || (b = opreg(p, t, &in->b)) < 0
	    || (c = opreg(p, t, &in->c)) < 0)
		return -1;
	/* BPF_CMPXCHG compares with r0 and returns the old value in r0. */
	if (b != 0 && (a == 0 || c == 0))
		return fail(p, "%s", "cmpxchg address or new value in r0 while the expected value is not");
	if (d != 0)
		emit(p, C_STX | S_DW | M_MEM, 10, 0, -16, 0);   /* save r0 */
	if (b != 0)
		emit(p, C_ALU64 | A_MOV | SRC_X, 0, b, 0, 0);
	emit(p, C_STX | size_bits(in->size) | M_ATOMIC, a, c, moff(p, in), AT_CMPXCHG);
	if (d != 0) {
		emit(p, C_ALU64 | A_MOV | SRC_X, d, 0, 0, 0);
		emit(p, C_LDX | S_DW | M_MEM, 0, 10, -16, 0);
	}
	return 0;
}

/* IR_BRANCH: a jump whose offset is patched once every instruction has
 * its place */
static int emit_branch(prog *p, const litmus_test *t, const ir_insn *in)
{
	int a, c;

	if ((c = jmp_code(in->cmp)) < 0)
		return fail(p, "%s", "branch condition without a BPF encoding");
	if (in->cmp == CMP_ALWAYS) {
		emit(p, C_JMP | J_JA, 0, 0, 0, 0);
		return 0;
	}
	if ((a = opreg(p, t, &in->a)) < 0)
		return -1;
	return emit_src_b(p, t, in, C_JMP | c, a, "branch immediate is an address or does not fit 32 bits");
}

/* One IR instruction as BPF machine code into p; -1 (p's reason) when the
 * guest cannot run it. */
static int emit_ir(prog *p, const litmus_test *t, const ir_insn *in)
{
	int d = in->dst >= 0 ? regno(p, t, in->dst) : 0, a, b;

	if (d < 0)
		return fail(p, "%s", "the thread uses all of r0..r10 (BPF has 10 general registers)");
	/* the BPF front-end's tags AQ (the read of load_acquire) and RL (the
	 * write of store_release), arch/bpf_frontend.c */
	bool acq = in->op == IR_LOAD && (in->tags_r & (1u << 2));
	bool rel = in->op == IR_STORE && (in->tags_w & (1u << 3));
	if (in->op == IR_LOAD || in->op == IR_STORE || in->op == IR_RMW || in->op == IR_CAS) {
		if (!fits16(in->off))
			return fail(p, "%s", "address offset does not fit 16 bits");
	}
	switch (in->op) {
	case IR_MOV:
		if (in->a.kind == OPND_REG) {
			if ((a = opreg(p, t, &in->a)) < 0)
				return -1;
			emit(p, C_ALU64 | A_MOV | SRC_X, d, a, 0, 0);
		} else if (in->a.imm.sym >= 0) {
			emit_addr(p, d, in->a.imm.sym, in->a.imm.off);
		} else {
			emit_imm64(p, d, in->a.imm.off);
		}
		return 0;
	case IR_ALU:
		return emit_alu(p, t, in, d);
	case IR_LOAD:
		if ((a = opreg(p, t, &in->a)) < 0)
			return -1;
		if (acq)
			emit(p, C_STX | size_bits(in->size) | M_ATOMIC, d, a, moff(p, in), AT_LOAD_ACQ);
		else
			emit(p, C_LDX | size_bits(in->size) | M_MEM, d, a, moff(p, in), 0);
		return 0;
	case IR_STORE:
		if ((a = opreg(p, t, &in->a)) < 0)
			return -1;
		if (rel) {
			if (in->b.kind != OPND_REG)
				return fail(p, "%s", "store_release of an immediate (BPF has the register form only)");
			if ((b = opreg(p, t, &in->b)) < 0)
				return -1;
			emit(p, C_STX | size_bits(in->size) | M_ATOMIC, a, b, moff(p, in), AT_STORE_REL);
		} else if (in->b.kind == OPND_REG) {
			if ((b = opreg(p, t, &in->b)) < 0)
				return -1;
			emit(p, C_STX | size_bits(in->size) | M_MEM, a, b, moff(p, in), 0);
		} else {
			if (in->b.imm.sym >= 0 || !fits32(in->b.imm.off))
				return fail(p, "%s", "stored immediate is an address or does not fit 32 bits");
			emit(p, C_ST | size_bits(in->size) | M_MEM, a, 0, moff(p, in),
			     (int32_t)in->b.imm.off);
		}
		return 0;
	case IR_RMW:
		return emit_rmw(p, t, in, d);
	case IR_CAS:
		return emit_cas(p, t, in, d);
	case IR_BRANCH:
		return emit_branch(p, t, in);
	default:
		return fail(p, "%s", "instruction without a BPF encoding in 6.12");
	}
}

/* ---- one test ----------------------------------------------------------------- */

static void mark(bool *used, const litmus_test *t, const opnd *o)
{
	if (o->kind == OPND_REG && t->regs[o->reg][0] == 'r')
		used[atoi(t->regs[o->reg] + 1) % 11] = true;
}

/* rK is BPF's rK, but r10 (the frame pointer) becomes the highest
 * register the thread does not name anywhere (code, init, condition). */
static void rename_r10(prog *p, const run_test *rt, const litmus_thread *th)
{
	const litmus_test *t = rt->t;
	bool used[11] = { false };
	int i, k;

	for (i = 0; i < rt->res.nobs; i++)
		if (rt->res.obs[i].thread == th->id)
			mark(used, t, &(opnd){ .kind = OPND_REG, .reg = rt->res.obs[i].reg });
	for (i = 0; i < th->ncode; i++) {
		const ir_insn *in = &th->code[i];
		if (in->dst >= 0)
			mark(used, t, &(opnd){ .kind = OPND_REG, .reg = in->dst });
		mark(used, t, &in->a);
		mark(used, t, &in->b);
		mark(used, t, &in->c);
	}
	for (i = 0; i < t->ninit; i++)
		if (t->init[i].thread == th->id)
			mark(used, t, &(opnd){ .kind = OPND_REG, .reg = t->init[i].reg });
	for (k = 0; k < 10; k++)
		p->phys[k] = k;
	p->phys[10] = -1;
	if (used[10])
		for (k = 9; k >= 1 && p->phys[10] < 0; k--)
			if (!used[k])
				p->phys[10] = k;
}

void run_phys_regs(const litmus_test *t, const check_result *res, int ti, int phys[11])
{
	run_test rt = { .t = t };
	prog p = { 0 };

	if (res)
		rt.res = *res;
	rename_r10(&p, &rt, &t->threads[ti]);
	memcpy(phys, p.phys, sizeof p.phys);
}

static int translate_thread(run_test *rt, int ti, int ninst, prog *p)
{
	const litmus_test *t = rt->t;
	const litmus_thread *th = &t->threads[ti];
	int64_t init[10] = { 0 };
	int initsym[10], k, i;
	int *start = xcalloc((size_t)th->ncode + 1, sizeof *start);
	int *jpos = xcalloc((size_t)th->ncode + 1, sizeof *jpos);

	p->big_endian = rt->big_endian;

	for (k = 0; k < 10; k++)
		initsym[k] = -1;
	rename_r10(p, rt, th);
	for (i = 0; i < t->ninit; i++) {
		const init_entry *e = &t->init[i];
		if (e->thread != th->id && !(e->thread == INIT_EVERY_THREAD))
			continue;
		if ((k = regno(p, t, e->reg)) < 0)
			return fail(p, "%s", "the thread uses all of r0..r10 (BPF has 10 general registers)");
		initsym[k] = e->val.sym;
		init[k] = e->val.off;
	}
	/* prologue */
	emit(p, C_LDX | S_W | M_MEM, 6, 1, 0, 0);
	emit(p, C_ALU64 | A_AND | SRC_K, 6, 0, 0, ninst - 1);
	emit(p, C_ALU64 | A_MUL | SRC_K, 6, 0, 0, rt->stride);
	emit(p, C_LD | S_DW | M_IMM, 7, PSEUDO_MAP_VALUE, 0, 0);
	emit(p, 0, 0, 0, 0, 0);
	emit(p, C_ALU64 | A_ADD | SRC_X, 7, 6, 0, 0);
	emit(p, C_STX | S_DW | M_MEM, 10, 7, -8, 0);
	/* start barrier of this instance: count in, spin (may_goto bounds the
	 * loop for the verifier) until every thread has come */
	emit(p, C_LDX | S_W | M_MEM, 8, 1, 4, 0);     /* ctx word 1: no barrier */
	emit(p, C_JMP | J_JNE | SRC_K, 8, 0, 5, 0);
	emit(p, C_ALU64 | A_MOV | SRC_K, 8, 0, 0, 1);
	emit(p, C_STX | S_DW | M_ATOMIC, 7, 8, rt->stride - LINE, A_ADD);
	emit(p, C_JMP | J_MAY_GOTO, 0, 0, 2, 0);
	emit(p, C_LDX | S_DW | M_MEM, 8, 7, rt->stride - LINE, 0);
	emit(p, C_JMP | J_JLT | SRC_K, 8, 0, -3, t->nthreads);
	emit(p, C_ST | S_DW | M_MEM, 10, 0, MARK_OFF, MARK_INIT);
	for (k = 0; k < 10; k++) {
		if (initsym[k] >= 0)
			emit_addr(p, k, initsym[k], init[k]);
		else
			emit_imm64(p, k, init[k]);
	}
	emit(p, C_ST | S_DW | M_MEM, 10, 0, MARK_OFF, MARK_BODY);
	/* body */
	for (i = 0; i < th->ncode && !p->err; i++) {
		start[i] = p->n;
		emit_ir(p, t, &th->code[i]);
		jpos[i] = p->n - 1;
	}
	start[th->ncode] = p->n;
	for (i = 0; i < th->ncode && !p->err; i++) {
		const ir_insn *in = &th->code[i];
		if (in->op != IR_BRANCH)
			continue;
		int off = start[in->target] - (jpos[i] + 1);
		if (!fits16(off))
			fail(p, "%s", "jump too far");
		p->v[jpos[i]].off = (int16_t)off;
	}
	free(start);
	free(jpos);
	if (p->err)
		return -1;
	emit(p, C_ST | S_DW | M_MEM, 10, 0, MARK_OFF, MARK_END);
	/* epilogue: spill r0..r9, then copy the observed ones to their slots */
	for (k = 0; k < 10; k++)
		emit(p, C_STX | S_DW | M_MEM, 10, k, -24 - 8 * k, 0);
	emit(p, C_LDX | S_DW | M_MEM, 1, 10, -8, 0);
	for (i = 0; i < rt->res.nobs; i++) {
		const observable *o = &rt->res.obs[i];
		if (o->thread != th->id)
			continue;
		if ((k = regno(p, t, o->reg)) < 0)
			return fail(p, "%s", "the thread uses all of r0..r10 (BPF has 10 general registers)");
		emit(p, C_LDX | S_DW | M_MEM, 2, 10, -24 - 8 * k, 0);
		emit(p, C_STX | S_DW | M_MEM, 1, 2, t->nsyms * LINE + 8 * rt->slot[i], 0);
	}
	emit(p, C_ALU64 | A_MOV | SRC_K, 0, 0, 0, 0);
	emit(p, C_JMP | J_EXIT, 0, 0, 0, 0);
	return p->err ? -1 : 0;
}

static void set_unsupported(run_test *rt, const char *why)
{
	if (!rt->unsupported) {
		snprintf(rt->why, sizeof rt->why, "%s", why);
		rt->unsupported = rt->why;
	}
}

/* Can the guest show this test at all? (addresses in memory or states) */
static void check_shape(run_test *rt)
{
	const litmus_test *t = rt->t;
	int i, j;

	for (i = 0; i < t->ninit; i++)
		if (t->init[i].thread == -1 && t->init[i].val.sym >= 0)
			set_unsupported(rt, "a location initially holds an address (the verifier cannot dereference a loaded pointer)");
	for (i = 0; i < rt->res.nstates; i++)
		for (j = 0; j < rt->res.nobs; j++)
			if (rt->res.states[(size_t)i * rt->res.nobs + j].sym >= 0)
				set_unsupported(rt, "a final state holds an address");
	if (t->filter)
		set_unsupported(rt, "filter (not implemented by the runner)");
}

void run_write_job(FILE *f, run_test *rt, int ninst)
{
	const litmus_test *t = rt->t;
	int i, ti;
	binsn *buf = xmalloc(MAXINSN * sizeof *buf);

	fprintf(f, "test %s\n", t->name);
	fprintf(f, "threads %d\nstride %d\n", t->nthreads, rt->stride);
	for (i = 0; i < t->nsyms; i++) {
		int64_t v = 0;
		for (int k = 0; k < t->ninit; k++)
			if (t->init[k].thread == -1 && t->init[k].sym == i)
				v = t->init[k].val.off;
		fprintf(f, "init %d %" PRId64 "\n", i * LINE, v);
	}
	for (i = 0; i < rt->res.nobs; i++) {
		const observable *o = &rt->res.obs[i];
		if (o->thread >= 0)
			fprintf(f, "obs %d:%s %d\n", o->thread, t->regs[o->reg],
				t->nsyms * LINE + 8 * rt->slot[i]);
		else
			fprintf(f, "obs [%s] %d\n", t->syms[o->sym], o->sym * LINE);
	}
	for (ti = 0; ti < t->nthreads; ti++) {
		prog p = { .v = buf };
		translate_thread(rt, ti, ninst, &p);
		fprintf(f, "prog %d %d\n", ti, p.n);
		for (i = 0; i < p.n; i++)
			fprintf(f, "%d %d %d %d %d\n", p.v[i].code, p.v[i].dst, p.v[i].src,
				p.v[i].off, p.v[i].imm);
	}
	fprintf(f, "end\n");
	free(buf);
}

/* Translate every thread once to find an unsupported instruction. */
static void try_translate(run_test *rt, int ninst)
{
	binsn *buf = xmalloc(MAXINSN * sizeof *buf);
	for (int ti = 0; ti < rt->t->nthreads && !rt->unsupported; ti++) {
		prog p = { .v = buf };
		if (translate_thread(rt, ti, ninst, &p) < 0)
			set_unsupported(rt, p.err);
	}
	free(buf);
}

/* ---- the test's checks and layout ------------------------------------------------ */

int run_load_model(const char *mdir, const char *name, bpf_model *bm)
{
	char path[PATH_MAX];
	diag d = { 0 };

	snprintf(path, sizeof path, "%s/%s", mdir, name);
	model_spec spec = { path, mdir, NULL, 0, NULL, frontend_for_arch("BPF") };
	if (!(bm->run = model_load(&spec, &bm->m, &d))) {
		diag_print(&d);
		return -1;
	}
	return 0;
}

/* The test's memory layout, and whether the guest can run it. */
static void layout(run_test *rt, int ninst)
{
	const litmus_test *t = rt->t;

	rt->slot = xmalloc(((size_t)rt->res.nobs + 1) * sizeof *rt->slot);
	for (int i = 0; i < rt->res.nobs; i++)
		rt->slot[i] = rt->res.obs[i].thread >= 0 ? rt->nslots++ : -1;
	/* locations, result slots, then the start barrier's counter */
	rt->stride = t->nsyms * LINE + ((rt->nslots * 8 + LINE - 1) / LINE) * LINE + LINE;
	check_shape(rt);
	if (!rt->unsupported)
		try_translate(rt, ninst);
}

int run_prepare(run_test *rt, const char *file, bpf_model *bm, bpf_model *sc, int ninst,
		   bool big_endian)
{
	diag d = { .file = file };
	litmus_test *t = litmus_read_file(file, frontend_for_arch, &d);

	memset(rt, 0, sizeof *rt);
	rt->big_endian = big_endian;
	if (!t) {
		diag_print(&d);
		return -1;
	}
	rt->t = t;
	if (strcmp(t->arch, "BPF") != 0) {
		set_unsupported(rt, "not a BPF test");
		return 0;
	}
	check_opts bo = check_defaults(bm->run, CHECK_BUDGET), so = check_defaults(sc->run, CHECK_BUDGET);
	if (check_test_opts(t, bm->run, &bo, &rt->res, &d) < 0
	    || check_test_opts(t, sc->run, &so, &rt->sc, &d) < 0) {
		diag_print(&d);
		return -1;
	}
	layout(rt, ninst);
	return 0;
}

const char *run_unsupported(const litmus_test *t, const check_result *res, char *why, size_t n)
{
	run_test rt = { .t = t, .res = *res };
	const char *r = NULL;

	if (strcmp(t->arch, "BPF") != 0)
		set_unsupported(&rt, "not a BPF test");
	else
		layout(&rt, 1024);
	if (rt.unsupported) {
		snprintf(why, n, "%s", rt.unsupported);
		r = why;
	}
	free(rt.slot);
	return r;
}

void run_test_free(run_test *rt)
{
	if (rt->t) {
		check_result_free(&rt->res);
		check_result_free(&rt->sc);
		litmus_free((litmus_test *)rt->t);
	}
	free(rt->slot);
}
