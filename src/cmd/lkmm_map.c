/* lkmm_map.c - LKMM primitives as the Linux kernel implements them on
 * RISC-V, checked test by test (see lkmm_map.h, docs/lkmm-riscv.md).
 *
 * The translation works on the C front-end's IR, instruction by
 * instruction, from the tags of its events (linux-kernel.bell's names):
 *
 *   IR_LOAD  Once / plain   ld
 *   IR_LOAD  Acquire        ld; fence r,rw            (smp_load_acquire)
 *   IR_STORE Once / plain   sd
 *   IR_STORE Release        fence rw,w; sd            (smp_store_release)
 *   IR_FENCE Mb             fence rw,rw; Rmb fence r,r; Wmb fence w,w;
 *            Before-atomic / After-atomic fence rw,rw; Barrier nothing
 *   IR_RMW   Noreturn       amo<op>.d zero, ...        (ATOMIC_OP)
 *   IR_RMW   value-returning, by ordering: relaxed amo<op>.d; fully
 *            ordered (Mb; RMW; Mb in the IR) amo<op>.d.aqrl; acquire and
 *            release as the mapping table says (rv_map)
 *   IR_CAS   lr.d; bne -> end; sc.d; end  with the fences of its
 *            ordering (cmpxchg.h); atomic_add_unless: lr.d; beq -> end;
 *            add; sc.d.rl; fence rw,rw; end  (atomic.h)
 *   IR_MOV, IR_ALU, IR_BRANCH  RISC-V ALU and branch instructions
 *
 * Loops: the kernel's LR/SC sequences retry on a failed sc. The test is
 * loop-free (herd tests are): the retry branch is left out, each sc writes
 * a register of its own and a filter keeps the executions where every sc
 * that ran succeeded (a failed attempt then a retry behaves as the retry
 * alone), as jit_map.c does for the BPF JITs.
 *
 * Accesses are 64-bit (.d, ld/sd): the litmus values are small, and the
 * ordering of the .w and .d forms is the same.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/lkmm_map.h"
#include "cmd/outdir.h"
#include "cmd/lkmm_common.h"
#include "cmd/model_load.h"
#include "cat/model_dir.h"
#include "litmus/litmus_read.h"
#include "cmd/output.h"
#include "cmd/parallel.h"
#include "base/xalloc.h"

/* ---- the mapping tables -------------------------------------------------- */

typedef enum { O_RLX, O_ACQ, O_REL, O_FULL } rv_ord;

typedef struct {
	const char *name;
	/* acquire / release fetch and return atomics and xchg (not
	 * cmpxchg) as one amo<op>.aq / amo<op>.rl: our kernel patch 0001 */
	bool amo_annot;
	/* acquire RMWs without their fence r,rw: wrong on purpose */
	bool no_acq_fence;
	const char *what;
} rv_map;

static const rv_map rv_maps[] = {
	{ "riscv64-linux-6.12", false, false,
	  "Linux 6.12 as released: acquire/release RMWs are a relaxed AMO or LR/SC "
	  "with fence r,rw after / fence rw,w before" },
	{ "riscv64-patched", true, false,
	  "Linux 6.12 with kernel/patches/0001: acquire/release fetch and return "
	  "atomics and xchg are amo<op>.aq / amo<op>.rl" },
	{ "riscv64-broken-acquire", false, true,
	  "deliberately wrong: acquire RMWs without their fence r,rw" },
};
#define NMAPS (int)(sizeof rv_maps / sizeof *rv_maps)

/* First register of the pool and one past the last: x5 (t0) .. x31. */
#define RV_FIRST 5
#define RV_END 32

/* ---- one thread's translation ------------------------------------------- */

typedef struct {
	const litmus_test *t;
	const rv_map *m;
	int ti;
	int *map;          /* C register -> x register, -1 */
	int *symreg;       /* symbol -> x register holding its address, -1 */
	int tmp[5];        /* scratch registers */
	int *status;       /* per instruction: the sc status register, -1 */
	bool *target;      /* per instruction (and one past the end): a label */
	bool *fold;        /* first of Mb; RMW; Mb: one amo<op>.aqrl */
	lk_column col;     /* its cells */
	char reason[160];
} rthread;

static void emit(rthread *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(rthread *x, const char *fmt, ...)
{
	char line[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	lk_col_line(&x->col, line);
}

/* the first reason a thread is refused for */
#define refuse(x, ...) lk_refuse((x)->reason, sizeof (x)->reason, __VA_ARGS__)

/* The operand in a register: its own, x0 for 0, else scratch k loaded. */
static int in_reg(rthread *x, opnd o, int k)
{
	if (o.kind == OPND_REG)
		return x->map[o.reg];
	if (o.kind == OPND_IMM && o.imm.sym >= 0) {
		if (!o.imm.off)
			return x->symreg[o.imm.sym];
		emit(x, "addi x%d, x%d, %lld", x->tmp[k], x->symreg[o.imm.sym], (long long)o.imm.off);
		return x->tmp[k];
	}
	long long v = o.kind == OPND_IMM ? (long long)o.imm.off : 0;
	if (!v)
		return 0;
	emit(x, "li x%d, %lld", x->tmp[k], v);
	return x->tmp[k];
}

/* Base register and offset of a memory access. */
static int addr_of(rthread *x, const ir_insn *in, int *base, long long *off)
{
	if (in->a.kind == OPND_REG)
		*base = x->map[in->a.reg];
	else if (in->a.kind == OPND_IMM && in->a.imm.sym >= 0)
		*base = x->symreg[in->a.imm.sym];
	else
		return refuse(x, "access to a constant address");
	*off = in->off + (in->a.kind == OPND_IMM ? in->a.imm.off : 0);
	return 0;
}

/* The address in one register (AMOs and LR/SC take no offset). */
static int addr_reg(rthread *x, const ir_insn *in, int *r)
{
	long long off;

	if (addr_of(x, in, r, &off))
		return -1;
	if (off) {
		emit(x, "addi x%d, x%d, %lld", x->tmp[0], *r, off);
		*r = x->tmp[0];
	}
	return 0;
}

static rv_ord rmw_ord(const litmus_test *t, const ir_insn *in, bool full)
{
	if (full)
		return O_FULL;
	if (lk_has_tag(t, in->tags_r, "Acquire"))
		return O_ACQ;
	if (lk_has_tag(t, in->tags_w, "Release"))
		return O_REL;
	return O_RLX;
}

static const char *alu_name(alu_op a)
{
	switch (a) {
	case ALU_ADD: return "add";
	case ALU_SUB: return "sub";
	case ALU_MUL: return "mul";
	case ALU_AND: return "and";
	case ALU_OR: return "or";
	case ALU_XOR: return "xor";
	case ALU_SHL: return "sll";
	case ALU_SHR: return "srl";
	case ALU_ASHR: return "sra";
	default: return NULL;   /* div, mod: not in our RISC-V front-end */
	}
}

/* A value-returning or non-returning RMW (IR_RMW). */
static int translate_rmw(rthread *x, const ir_insn *in, bool full)
{
	const char *op;
	int a, v, d;

	switch (in->alu) {
	case ALU_ADD: case ALU_SUB: op = "amoadd"; break;
	case ALU_AND: op = "amoand"; break;
	case ALU_OR: op = "amoor"; break;
	case ALU_XOR: op = "amoxor"; break;
	case ALU_MOVB: op = "amoswap"; break;
	default: return refuse(x, "atomic operation %d has no AMO", (int)in->alu);
	}
	if (addr_reg(x, in, &a))
		return -1;
	v = in_reg(x, in->b, 1);
	if (in->alu == ALU_SUB) {   /* atomic.h: sub is amoadd of -i */
		emit(x, "sub x%d, x0, x%d", x->tmp[2], v);
		v = x->tmp[2];
	}
	d = in->dst >= 0 ? x->map[in->dst] : 0;
	if (in->dst < 0) {          /* ATOMIC_OP: relaxed, result to zero */
		emit(x, "%s.d x0, x%d, (x%d)", op, v, a);
		return 0;
	}
	switch (rmw_ord(x->t, in, full)) {
	case O_RLX:
		emit(x, "%s.d x%d, x%d, (x%d)", op, d, v, a);
		break;
	case O_FULL:
		emit(x, "%s.d.aqrl x%d, x%d, (x%d)", op, d, v, a);
		break;
	case O_ACQ:
		if (x->m->amo_annot) {
			emit(x, "%s.d.aq x%d, x%d, (x%d)", op, d, v, a);
		} else {
			emit(x, "%s.d x%d, x%d, (x%d)", op, d, v, a);
			if (!x->m->no_acq_fence)
				emit(x, "fence r,rw");
		}
		break;
	case O_REL:
		if (x->m->amo_annot) {
			emit(x, "%s.d.rl x%d, x%d, (x%d)", op, d, v, a);
		} else {
			emit(x, "fence rw,w");
			emit(x, "%s.d x%d, x%d, (x%d)", op, d, v, a);
		}
		break;
	}
	return 0;
}

/* cmpxchg and atomic_add_unless as the kernel's LR/SC sequences. */
static int translate_cas(rthread *x, const ir_insn *in, int i)
{
	int a, d, st = x->status[i];
	char end[32];

	snprintf(end, sizeof end, "E%d_%d", x->ti, i);
	if (in->c.kind == OPND_NONE)
		return refuse(x, "compare without write");
	if (in->pick)
		return refuse(x, "a CAS with a chosen result");
	bool add_unless = in->cmp == CMP_NE;
	if (add_unless != in->alu_new || (in->alu_new && in->alu != ALU_ADD))
		return refuse(x, "conditional RMW with no kernel sequence here");
	rv_ord o = in->tags_fence_ok ? O_FULL : rmw_ord(x->t, in, false);
	if (addr_reg(x, in, &a))
		return -1;
	d = in->dst >= 0 ? x->map[in->dst] : x->tmp[3];
	int cmpv = in_reg(x, in->b, 1);
	int nv = in_reg(x, in->c, 2);
	if (add_unless) {
		/* _arch_atomic_fetch_add_unless: fully ordered on success */
		emit(x, "lr.d x%d, (x%d)", d, a);
		emit(x, "beq x%d, x%d, %s", d, cmpv, end);
		emit(x, "add x%d, x%d, x%d", x->tmp[4], d, nv);
		emit(x, "sc.d.rl x%d, x%d, (x%d)", st, x->tmp[4], a);
		emit(x, "fence rw,rw");
	} else {
		/* __arch_cmpxchg with the prepend / sc suffix / append of
		 * arch_cmpxchg{,_relaxed,_acquire,_release} */
		if (o == O_REL)
			emit(x, "fence rw,w");
		emit(x, "lr.d x%d, (x%d)", d, a);
		emit(x, "bne x%d, x%d, %s", d, cmpv, end);
		emit(x, "sc.d%s x%d, x%d, (x%d)", o == O_FULL ? ".rl" : "", st, nv, a);
		if (o == O_FULL)
			emit(x, "fence rw,rw");
		else if (o == O_ACQ && !x->m->no_acq_fence)
			emit(x, "fence r,rw");
	}
	lk_col_set_label(&x->col, "%s", end);
	return 0;
}

static int translate_branch(rthread *x, const ir_insn *in)
{
	char tgt[32];
	int a, b;

	snprintf(tgt, sizeof tgt, "L%d_%d", x->ti, in->target);
	if (in->cmp == CMP_ALWAYS) {
		emit(x, "j %s", tgt);
		return 0;
	}
	a = in_reg(x, in->a, 1);
	b = in_reg(x, in->b, 2);
	switch (in->cmp) {
	case CMP_EQ: emit(x, "beq x%d, x%d, %s", a, b, tgt); break;
	case CMP_NE: emit(x, "bne x%d, x%d, %s", a, b, tgt); break;
	case CMP_LT: emit(x, "bltu x%d, x%d, %s", a, b, tgt); break;
	case CMP_GE: emit(x, "bgeu x%d, x%d, %s", a, b, tgt); break;
	case CMP_LE: emit(x, "bgeu x%d, x%d, %s", b, a, tgt); break;
	case CMP_GT: emit(x, "bltu x%d, x%d, %s", b, a, tgt); break;
	case CMP_SLT: emit(x, "blt x%d, x%d, %s", a, b, tgt); break;
	case CMP_SGE: emit(x, "bge x%d, x%d, %s", a, b, tgt); break;
	case CMP_SLE: emit(x, "bge x%d, x%d, %s", b, a, tgt); break;
	case CMP_SGT: emit(x, "blt x%d, x%d, %s", b, a, tgt); break;
	case CMP_SET:
		emit(x, "and x%d, x%d, x%d", x->tmp[3], a, b);
		emit(x, "bne x%d, x0, %s", x->tmp[3], tgt);
		break;
	default:
		return refuse(x, "comparison %d", (int)in->cmp);
	}
	return 0;
}

static int translate_insn(rthread *x, const ir_insn *in, int i)
{
	const litmus_test *t = x->t;
	int d = in->dst >= 0 ? x->map[in->dst] : 0;
	int base, s;
	long long off;
	const char *op;

	switch (in->op) {
	case IR_MOV:
		s = in_reg(x, in->a, 1);
		emit(x, "mv x%d, x%d", d, s);
		return 0;
	case IR_ALU:
		if (in->alu == ALU_NEG) {
			emit(x, "sub x%d, x0, x%d", d, in_reg(x, in->a, 1));
			return 0;
		}
		if (in->alu == ALU_MOVB) {
			emit(x, "mv x%d, x%d", d, in_reg(x, in->b, 2));
			return 0;
		}
		if (in->alu == ALU_EQ || in->alu == ALU_NE) {
			/* (a ^ b) != 0 without a branch (no control dependency):
			 * ((a ^ b) | -(a ^ b)) >> 63 */
			int a = in_reg(x, in->a, 1), b = in_reg(x, in->b, 2), s = x->tmp[3];
			emit(x, "xor x%d, x%d, x%d", s, a, b);
			emit(x, "sub x%d, x0, x%d", d, s);
			emit(x, "or x%d, x%d, x%d", d, d, s);
			emit(x, "srli x%d, x%d, 63", d, d);
			if (in->alu == ALU_EQ)
				emit(x, "xori x%d, x%d, 1", d, d);
			return 0;
		}
		if (!(op = alu_name(in->alu)))
			return refuse(x, "ALU operation %d has no RISC-V instruction here", (int)in->alu);
		{
			int a = in_reg(x, in->a, 1), b = in_reg(x, in->b, 2);
			emit(x, "%s x%d, x%d, x%d", op, d, a, b);
		}
		return 0;
	case IR_LOAD:
		if (addr_of(x, in, &base, &off))
			return -1;
		emit(x, "ld x%d, %lld(x%d)", d, off, base);
		if (lk_has_tag(t, in->tags_r, "Acquire"))
			emit(x, "fence r,rw");          /* __smp_load_acquire */
		return 0;
	case IR_STORE:
		if (addr_of(x, in, &base, &off))
			return -1;
		s = in_reg(x, in->b, 1);
		if (lk_has_tag(t, in->tags_w, "Release"))
			emit(x, "fence rw,w");          /* __smp_store_release */
		emit(x, "sd x%d, %lld(x%d)", s, off, base);
		return 0;
	case IR_RMW:
		return translate_rmw(x, in, false);
	case IR_CAS:
		return translate_cas(x, in, i);
	case IR_FENCE:
		if (lk_has_tag(t, in->tags_f, "Mb") || lk_has_tag(t, in->tags_f, "Before-atomic") ||
		    lk_has_tag(t, in->tags_f, "After-atomic"))
			emit(x, "fence rw,rw");
		else if (lk_has_tag(t, in->tags_f, "Rmb"))
			emit(x, "fence r,r");
		else if (lk_has_tag(t, in->tags_f, "Wmb"))
			emit(x, "fence w,w");
		else if (!lk_has_tag(t, in->tags_f, "Barrier"))
			return refuse(x, "fence with no RISC-V mapping here");
		return 0;
	case IR_BRANCH:
		return translate_branch(x, in);
	case IR_SC:
		return refuse(x, "store-conditional");
	case IR_PICK:
		return refuse(x, "conditional select");
	}
	return refuse(x, "IR operation %d", (int)in->op);
}

/* ---- registers ----------------------------------------------------------- */

/* An x register for each address, sc status and scratch value of the
 * thread, and one for each C register; C registers share one only when
 * the 27 are not enough, by live range (first to last mention in code
 * order; a branch back is never written by the C front-end). */
static int allocate(rthread *x)
{
	const litmus_test *t = x->t;
	const litmus_thread *th = &t->threads[x->ti];
	int nr = t->nregs;
	int *first = xmalloc(sizeof(int) * (nr + 1)), *last = xmalloc(sizeof(int) * (nr + 1));
	bool *syms = xcalloc(t->nsyms + 1, 1);
	int next = RV_FIRST, rc = 0;

	lk_live_ranges(t, x->ti, first, last, syms);
#define TAKE(var) do { \
		if (next == RV_END) { rc = refuse(x, "needs more than %d registers", RV_END - RV_FIRST); goto out; } \
		(var) = next++; } while (0)
	for (int k = 0; k < 5; k++)
		TAKE(x->tmp[k]);
	for (int s = 0; s < t->nsyms; s++)
		if (syms[s])
			TAKE(x->symreg[s]);
	for (int i = 0; i < th->ncode; i++)
		if (th->code[i].op == IR_CAS)
			TAKE(x->status[i]);
#undef TAKE
	/* C registers by live range, in the registers not taken above */
	bool taken[RV_END];
	for (int k = 0; k < RV_END; k++)
		taken[k] = k < next;
	if (lk_assign_registers(first, last, nr, taken, RV_END, x->map) < 0)
		rc = refuse(x, "needs more than %d registers", RV_END - RV_FIRST);
out:
	free(first);
	free(last);
	free(syms);
	return rc;
}

static int translate_thread(rthread *x)
{
	const litmus_test *t = x->t;
	const litmus_thread *th = &t->threads[x->ti];

	for (int i = 0; i < th->ncode; i++) {
		const ir_insn *in = &th->code[i];
		const char *fam = lk_unsupported_family(t, in->tags_r | in->tags_w | in->tags_f |
							   in->tags_fail | in->tags_fence_ok);
		if (fam)
			return refuse(x, "%s", fam);
		if (in->op == IR_BRANCH)
			x->target[in->target] = true;
	}
	if (lk_ctrl_past_if(t, x->ti) >= 0)
		return refuse(x, "an access after an if would depend on its condition in RISC-V, not in C");
	if (lk_compares_addresses(t, x->ti))
		return refuse(x, "a comparison used as a value may compare addresses, "
			      "which RISC-V litmus tests cannot compute");
	/* Mb; value-returning RMW; Mb is how the C front-end writes a fully
	 * ordered RMW: the kernel's one amo<op>.aqrl (ATOMIC_FETCH_OP,
	 * arch_xchg) */
	lk_fold_full_rmw(t, x->ti, x->target, x->fold);
	if (allocate(x))
		return -1;
	for (int i = 0; i < th->ncode; i++) {
		if (x->target[i])
			lk_col_set_label(&x->col, "L%d_%d", x->ti, i);
		if (x->fold[i]) {
			if (translate_rmw(x, &th->code[i + 1], true))
				return -1;
			i += 2;
			continue;
		}
		if (translate_insn(x, &th->code[i], i))
			return -1;
	}
	if (x->target[th->ncode])
		lk_col_set_label(&x->col, "L%d_%d", x->ti, th->ncode);
	lk_col_flush_label(&x->col);
	return 0;
}

/* ---- the RISCV test text ------------------------------------------------- */

/* a C register's RISC-V name: ctx is the array of translated threads */
static void rv_reg(sbuf *b, const litmus_test *t, int ti, int reg, void *ctx)
{
	const rthread *xs = ctx;

	sb_printf(b, "x%d", xs[ti].map[reg]);
	(void)t;
}

static char *riscv_text(const litmus_test *t, rthread *xs, const rv_map *m)
{
	sbuf b = { 0 };
	int nstatus = 0;

	sb_printf(&b, "RISCV %s\n", t->name);
	sb_printf(&b, "(* Translated by bpfmm lkmm-map from the C test %s, mapping %s: %s *)\n",
		  t->name, m->name, m->what);
	sb_printf(&b, "{\n");
	lk_print_mem_init(&b, t);
	for (int ti = 0; ti < t->nthreads; ti++) {
		rthread *x = &xs[ti];
		int id = t->threads[ti].id;
		for (int s = 0; s < t->nsyms; s++)
			if (x->symreg[s] >= 0)
				sb_printf(&b, "%d:x%d=%s; ", id, x->symreg[s], t->syms[s]);
		for (int k = 0; k < t->ninit; k++)
			if (t->init[k].thread == ti && x->map[t->init[k].reg] >= 0) {
				sb_printf(&b, "%d:x%d=", id, x->map[t->init[k].reg]);
				lk_print_val(&b, t, t->init[k].val);
				sb_printf(&b, "; ");
			}
		sb_printf(&b, "\n");
	}
	sb_printf(&b, "}\n");
	const lk_column *cols[t->nthreads + 1];
	for (int ti = 0; ti < t->nthreads; ti++)
		cols[ti] = &xs[ti].col;
	lk_print_grid(&b, t, cols);
	if (t->nlocations) {
		sb_printf(&b, "locations [");
		for (int k = 0; k < t->nlocations; k++) {
			lk_print_obs(&b, t, &t->locations[k], rv_reg, xs);
			sb_printf(&b, ";");
		}
		sb_printf(&b, "]\n");
	}
	/* keep executions whose sc (if it ran) succeeded: status 0 */
	for (int ti = 0; ti < t->nthreads; ti++)
		for (int i = 0; i < t->threads[ti].ncode; i++)
			if (xs[ti].status[i] >= 0) {
				sb_printf(&b, "%s%d:x%d=0", nstatus ? " /\\ " : "filter ", t->threads[ti].id,
					  xs[ti].status[i]);
				nstatus++;
			}
	if (t->filter) {
		sb_printf(&b, nstatus ? " /\\ " : "filter ");
		lk_print_prop(&b, t, t->filter, rv_reg, xs);
	}
	if (nstatus || t->filter)
		sb_printf(&b, "\n");
	sb_printf(&b, "%s ", t->quant == Q_EXISTS ? "exists" : t->quant == Q_NOT_EXISTS ? "~exists" : "forall");
	lk_print_prop(&b, t, t->cond, rv_reg, xs);
	sb_printf(&b, "\n");
	return b.s;
}

/* ---- one test ------------------------------------------------------------ */

typedef struct {
	const char *lkmm_dir;
	const char *emit_dir;
	bool verbose;
	bool json;                /* --json: one record per test and mapping */
	long budget;
	const rv_map *maps[NMAPS];
	int nmaps;
} lmopts;

/* DIR/NAME.MAPPING.litmus, NAME the C test's name; 0 or 1 (with a message) */
static int write_emit(const lmopts *o, const char *name, const rv_map *m, const char *text)
{
	char stem[512];

	outdir_stem(name, stem, 256);
	snprintf(stem + strlen(stem), sizeof stem - strlen(stem), ".%s", m->name);
	FILE *f = outdir_open(o->emit_dir, stem, "litmus", "lkmm-map");
	if (!f)
		return 1;
	fputs(text, f);
	return outdir_close(f, o->emit_dir, stem, "litmus", "lkmm-map");
}

static void free_threads(rthread *xs, int n)
{
	for (int ti = 0; xs && ti < n; ti++) {
		lk_col_free(&xs[ti].col);
		free(xs[ti].map);
		free(xs[ti].symreg);
		free(xs[ti].status);
		free(xs[ti].target);
		free(xs[ti].fold);
	}
	free(xs);
}

/* The LKMM-MAP line, or with --json its record (riscv, state, reason NULL
 * when there is none), on out. */
static void lkmm_map_report(const lmopts *o, const char *file, const litmus_test *tc, const rv_map *m,
			    const char *lkmm, const char *riscv, const char *verdict, const char *state,
			    const char *reason, FILE *out)
{
	if (!o->json) {
		fprintf(out, "LKMM-MAP %s %s LKMM=%s RISCV=%s %s", tc->name, m->name, lkmm,
			riscv ? riscv : "-", verdict);
		if (reason)
			fprintf(out, " (%s)", reason);
		if (state)
			fprintf(out, " %s", state);
		fputc('\n', out);
		return;
	}
	json_begin(out, file);
	json_field(out, "test", tc->name);
	json_field(out, "mapping", m->name);
	json_field(out, "lkmm", lkmm);
	json_field(out, "riscv", riscv);
	json_field(out, "verdict", verdict);
	json_field(out, "state", state);
	json_field(out, "reason", reason);
	json_end(out);
}

/* A test lkmm-map could not check: the error on err, with --json also
 * as a record on out. Returns 1. */
static int lkmm_map_failed(const lmopts *o, const char *file, const diag *d, FILE *out, FILE *err)
{
	diag_fprint(err, d);
	if (o->json) {
		print_json_error(out, file, d);
		fflush(out);
	}
	return 1;
}

/* One mapping on a test already checked under the LKMM (rc). */
static int one_mapping(const lmopts *o, const char *file, litmus_test *tc, const check_result *rc,
		       const rv_map *m, cat_run *rv, FILE *out, FILE *err)
{
	rthread *xs = xcalloc(tc->nthreads, sizeof *xs);
	litmus_test *tr = NULL;
	check_result rr = { 0 };
	char *text = NULL;
	const char *reason = NULL;
	int status = 1;
	diag d = { .file = file };

	for (int ti = 0; ti < tc->nthreads; ti++) {
		rthread *x = &xs[ti];
		int nc = tc->threads[ti].ncode;
		x->t = tc;
		x->m = m;
		x->ti = ti;
		x->map = xmalloc(sizeof(int) * (tc->nregs + 1));
		x->symreg = xmalloc(sizeof(int) * (tc->nsyms + 1));
		x->status = xmalloc(sizeof(int) * (nc + 1));
		x->target = xcalloc(nc + 1, 1);
		x->fold = xcalloc(nc + 1, 1);
		for (int r = 0; r < tc->nregs; r++)
			x->map[r] = -1;
		for (int s = 0; s < tc->nsyms; s++)
			x->symreg[s] = -1;
		for (int i = 0; i <= nc; i++)
			x->status[i] = -1;
	}
	for (int ti = 0; ti < tc->nthreads && !reason; ti++)
		if (translate_thread(&xs[ti]))
			reason = xs[ti].reason;
	if (reason) {
		lkmm_map_report(o, file, tc, m, observation_word(rc), NULL, "refused", NULL, reason, out);
		status = 0;
		goto out;
	}
	text = riscv_text(tc, xs, m);
	/* a file that cannot be written fails the run, not the result */
	int write_failed = o->emit_dir ? write_emit(o, tc->name, m, text) : 0;
	tr = litmus_read_string(text, file, frontend_for_arch, &d);
	if (!tr) {
		diag dt = d;
		d = (diag){ .file = file };
		diag_error(&d, (srcpos){ 0, 0 }, "the RISC-V translation (%s) does not parse: %d:%d: %s",
			   m->name, dt.pos.line, dt.pos.col, dt.msg);
		lkmm_map_failed(o, file, &d, out, err);
		if (o->verbose)
			fputs(text, err);
		goto out;
	}
	if (check_test(tr, rv, o->budget, &rr, &d) < 0) {
		lkmm_map_failed(o, file, &d, out, err);
		goto out;
	}
	sbuf first = { 0 };
	int extra = lk_extra_states(tc, rc, tr, &rr, rv_reg, xs, "RISC-V", &first, NULL);
	const char *lw = observation_word(rc), *rw = observation_word(&rr);
	const char *verdict;
	if (extra > 0) {
		verdict = "unsound";
	} else if (extra == 0) {
		verdict = rr.nstates < rc->nstates ? "sound-stronger" : "sound";
	} else {
		/* not comparable state by state: the verdicts */
		bool weaker = (!strcmp(lw, "Never") && strcmp(rw, "Never")) ||
			      (!strcmp(lw, "Always") && strcmp(rw, "Always"));
		verdict = weaker ? "unsound" : "sound";
	}
	lkmm_map_report(o, file, tc, m, lw, rw, verdict, first.s, NULL, out);
	free(first.s);
	if (o->verbose) {
		if (extra > 0)
			lk_extra_states(tc, rc, tr, &rr, rv_reg, xs, "RISC-V", NULL, out);
		fputs(text, out);
	}
	status = write_failed;
out:
	free_threads(xs, tc->nthreads);
	free(text);
	check_result_free(&rr);
	litmus_free(tr);
	fflush(out);
	return status;
}

static int one_test(const lmopts *o, const char *file, cat_run *lkmm, cat_run *rv, FILE *out, FILE *err)
{
	diag d = { .file = file };
	litmus_test *tc = litmus_read_file(file, frontend_for_arch, &d);
	check_result rc = { 0 };
	int status = 1;

	if (!tc)
		return lkmm_map_failed(o, file, &d, out, err);
	if (strcmp(tc->arch, "C")) {
		diag_error(&d, (srcpos){ 0, 0 }, "not a C litmus test (%s)", tc->arch);
		lkmm_map_failed(o, file, &d, out, err);
		goto out;
	}
	if (check_test(tc, lkmm, o->budget, &rc, &d) < 0) {
		lkmm_map_failed(o, file, &d, out, err);
		goto out;
	}
	status = 0;
	for (int k = 0; k < o->nmaps; k++)
		status |= one_mapping(o, file, tc, &rc, o->maps[k], rv, out, err);
out:
	check_result_free(&rc);
	litmus_free(tc);
	return status;
}

static const char lkmm_map_usage[] =
"Usage: bpfmm lkmm-map --mapping NAME [--mapping NAME...] [--emit DIR] [-I LKMM_DIR] [-v] [--json]\n"
"                      FILE.litmus...\n"
"\n"
"Write each C (LKMM) litmus test as a RISC-V test with the instruction\n"
"sequences Linux uses for its primitives, check the C test with the\n"
"kernel's linux-kernel.cat and the RISC-V one with riscv.cat, and print\n"
"  LKMM-MAP NAME MAPPING LKMM=<verdict> RISCV=<verdict> VERDICT [STATE]\n"
"sound: the same final states; sound-stronger: RISC-V allows fewer;\n"
"unsound: RISC-V allows STATE, which the LKMM forbids; refused (why):\n"
"no RISC-V mapping here (RCU, SRCU, locks).\n"
"\n"
"  --mapping NAME  riscv64-linux-6.12, riscv64-patched,\n"
"                  riscv64-broken-acquire, or all (repeatable)\n"
"  --emit DIR      also write DIR/TEST.MAPPING.litmus\n"
"  -I DIR          the kernel's tools/memory-model (default: $LKMM_DIR,\n"
"                  ., ~/.cache/bpfmm-lkmm/*/tools/memory-model)\n"
"  -v              print RISC-V-only final states and the translation\n"
"  -j N, --jobs N  translate and check N tests at a time (as bpfmm -j)\n"
"  --shard K/N     only the K-th of N slices of the tests (as bpfmm)\n"
"  --json, -json   one JSON object per line (per test and mapping) instead\n"
"                  of the LKMM-MAP line: file (as named on the command\n"
"                  line), test, mapping, lkmm and riscv (the verdicts:\n"
"                  Never, Sometimes, Always; riscv null when refused),\n"
"                  verdict (sound, sound-stronger, unsound, refused), state\n"
"                  (unsound: the first RISC-V-only final state, as a string\n"
"                  in herd7's States syntax with the C test's names, else\n"
"                  null), reason (refused: why, else null). A test that\n"
"                  cannot be read or checked gives {\"file\", \"error\",\n"
"                  \"warnings\"}, error being the FILE: error: line also\n"
"                  printed on stderr.\n"
"                  Errors also come apart as line, column (absent\n"
"                  for an error of the whole file) and message.\n";

static int add_mapping(lmopts *o, const char *name)
{
	for (int k = 0; k < NMAPS; k++)
		if (!strcmp(name, "all") || !strcmp(name, rv_maps[k].name)) {
			bool have = false;
			for (int j = 0; j < o->nmaps; j++)
				have |= o->maps[j] == &rv_maps[k];
			if (!have)
				o->maps[o->nmaps++] = &rv_maps[k];
			if (strcmp(name, "all"))
				return 0;
		}
	return strcmp(name, "all") ? -1 : 0;
}

/* one_test as lk_pair_run calls it (-j) */
static int lm_test(const void *o, const char *file, cat_run *lkmm, cat_run *rv, FILE *out, FILE *err)
{
	return one_test(o, file, lkmm, rv, out, err);
}

int lkmm_map_main(int argc, char **argv)
{
	lmopts o = { .budget = 200000 };
	const char *files[argc > 0 ? argc : 1];
	int nfiles = 0, status = 0;
	int jobs = 1, shard_k = 1, shard_n = 1;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		bool more = i + 1 < argc;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(lkmm_map_usage, stdout);
			return 0;
		} else if (!strcmp(a, "--mapping") && more) {
			if (add_mapping(&o, argv[++i])) {
				fprintf(stderr, "bpfmm lkmm-map: unknown mapping '%s' (known:", argv[i]);
				for (int k = 0; k < NMAPS; k++)
					fprintf(stderr, " %s", rv_maps[k].name);
				fprintf(stderr, ", all)\n");
				return 2;
			}
		} else if (!strcmp(a, "--emit") && more) {
			o.emit_dir = argv[++i];
		} else if (!strcmp(a, "-I") && more) {
			o.lkmm_dir = argv[++i];
		} else if (!strcmp(a, "-v")) {
			o.verbose = true;
		} else if ((!strcmp(a, "-j") || !strcmp(a, "--jobs")) && more) {
			if (!par_parse_jobs(argv[++i], &jobs)) {
				fprintf(stderr, "bpfmm lkmm-map: bad number of jobs '%s'\n", argv[i]);
				return 2;
			}
		} else if ((!strcmp(a, "--shard") || !strcmp(a, "-shard")) && more) {
			if (!par_parse_shard(argv[++i], &shard_k, &shard_n)) {
				fprintf(stderr, "bpfmm lkmm-map: bad shard '%s' (K/N with 1 <= K <= N)\n", argv[i]);
				return 2;
			}
		} else if (!strcmp(a, "--json") || !strcmp(a, "-json")) {
			o.json = true;
		} else if (a[0] == '-') {
			fprintf(stderr, "bpfmm lkmm-map: bad option '%s'\n%s", a, lkmm_map_usage);
			return 2;
		} else {
			files[nfiles++] = a;
		}
	}
	if (!nfiles || !o.nmaps) {
		fprintf(stderr, "bpfmm lkmm-map: %s\n%s", !o.nmaps ? "no --mapping given" : "no litmus file given",
			lkmm_map_usage);
		return 2;
	}
	if (o.emit_dir && outdir_prepare(o.emit_dir, "lkmm-map", "--emit"))
		return 2;
	char ldir_buf[MODEL_DIR_MAX], mdir_buf[MODEL_DIR_MAX];
	const char *ldir = lk_lkmm_dir(o.lkmm_dir, ldir_buf);
	char lpath[PATH_MAX + 32], rpath[PATH_MAX + 32];
	if (!ldir) {
		fprintf(stderr, "bpfmm lkmm-map: no linux-kernel.cat (give -I DIR or set LKMM_DIR)\n");
		return 1;
	}
	snprintf(lpath, sizeof lpath, "%s/linux-kernel.cat", ldir);
	snprintf(rpath, sizeof rpath, "%s/riscv.cat", model_dir(mdir_buf));
	diag d = { 0 };
	cat_model *ml = NULL, *mr = NULL;
	model_spec sl = { lpath, NULL, &ldir, 1, NULL, frontend_for_arch("C") };
	model_spec sr = { rpath, NULL, NULL, 0, NULL, frontend_for_arch("RISCV") };
	cat_run *rl = model_load(&sl, &ml, &d);
	cat_run *rr = rl ? model_load(&sr, &mr, &d) : NULL;
	if (!rl || !rr) {
		diag_print(&d);
		status = 1;
	} else {
		lk_pair_job j = { &o, files, { { lpath, rpath }, { ldir, NULL },
					       { frontend_for_arch("C"), frontend_for_arch("RISCV") } }, lm_test };
		int first, last;
		par_shard(nfiles, shard_k, shard_n, &first, &last);
		status |= lk_pair_run(&j, first, last, jobs);
	}
	cat_run_free(rl);
	cat_run_free(rr);
	cat_model_free(ml);
	cat_model_free(mr);
	return status;
}
