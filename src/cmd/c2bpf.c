/* c2bpf.c - kernel-C litmus tests as BPF litmus tests (see c2bpf.h).
 *
 * The translation works on the IR the C front-end produces, instruction by
 * instruction, with the tags that front-end puts on events (the names of
 * linux-kernel.bell's annotations: Once, Acquire, Release, Mb, ...):
 *
 *   IR_LOAD  Once / plain      rD = *(u64 *)(rA + off)
 *   IR_LOAD  Acquire           rD = load_acquire((u64 *)(rA + off))
 *   IR_STORE Once / plain      *(u64 *)(rA + off) = rS|imm
 *   IR_STORE Release           store_release((u64 *)(rA + off), rS)
 *   IR_RMW   value-returning   rD = atomic_fetch_{add,and,or,xor}(...) or
 *                              rD = xchg_64(...) (sub: add of the negation);
 *                              a fully ordered one (Mb fence; RMW; Mb fence,
 *                              as the C front-end writes xchg()) becomes the
 *                              single BPF atomic, which is fully ordered
 *   IR_RMW   Noreturn          lock *(u64 *)(rA + off) {+=,&=,|=,^=} rS
 *   IR_CAS                     r0 = cmpxchg_64(rA + off, r0, rS): fully
 *                              ordered on success, a plain read on
 *                              failure, as a fully ordered cmpxchg()
 *                              (its mb fences: tags_fence_ok); stronger
 *                              than the relaxed / acquire / release ones;
 *                              atomic_add_unless (CMP_NE, alu_new) is
 *                              refused: BPF would need a cmpxchg loop
 *   IR_FENCE Mb                rS = atomic_fetch_add((u64 *)(rF + 0), rS)
 *            on a location of its own per thread (c2bpf_fN): BPF has no
 *            fence instruction, and a value-returning atomic is the
 *            standard full barrier
 *   IR_FENCE Rmb, Wmb, Before-atomic, After-atomic
 *                              the same full fence (stronger is allowed)
 *   IR_FENCE Barrier           nothing (a compiler barrier)
 *   IR_MOV, IR_ALU             BPF ALU instructions (two-address form)
 *   IR_BRANCH                  if rA op src goto L / goto L
 *
 * RCU, SRCU and lock primitives have no BPF counterpart: such tests are
 * refused. Registers: each C register (local or front-end temporary) gets
 * a BPF register for its live range (first to last mention, the whole
 * thread for registers the final condition reads); each location a thread
 * names gets a register holding its address (init block); one scratch
 * register; r0 is kept for cmpxchg.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd/c2bpf.h"
#include "cmd/outdir.h"
#include "cmd/lkmm_common.h"
#include "cat/model_dir.h"
#include "cat/cat.h"
#include "exec/check.h"
#include "arch/frontends.h"
#include "litmus/litmus_read.h"
#include "cmd/output.h"
#include "cmd/parallel.h"
#include "base/xalloc.h"

#define NBPFREGS 11     /* r0..r10 */

/* ---- one thread's translation ------------------------------------------- */

typedef struct {
	const litmus_test *t;
	int ti;
	int *map;          /* C register -> BPF register number, -1 */
	int *symreg;       /* symbol -> BPF register holding its address, -1 */
	int scratch;       /* BPF register for intermediate values */
	int fence_addr;    /* BPF register holding &c2bpf_fN, -1 if no fence */
	bool *target;      /* per instruction (and one past the end): a label */
	bool *fold;        /* per instruction: first of Mb; atomic; Mb, written
	                    * as the one BPF atomic */
	lk_column col;     /* its cells */
	char reason[160];  /* why the test is refused */
	bool used_weaker_fence;  /* an rmb/wmb/... became a full fence */
} xthread;

static void emit(xthread *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(xthread *x, const char *fmt, ...)
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

/* An operand as BPF source text: a register or an integer. */
static const char *src(xthread *x, opnd o, char *buf, size_t n)
{
	if (o.kind == OPND_REG)
		snprintf(buf, n, "r%d", x->map[o.reg]);
	else if (o.kind == OPND_IMM && o.imm.sym >= 0)
		snprintf(buf, n, "r%d", x->symreg[o.imm.sym]);
	else
		snprintf(buf, n, "%lld", (long long)(o.kind == OPND_IMM ? o.imm.off : 0));
	return buf;
}

static bool is_int(opnd o) { return o.kind != OPND_REG && !(o.kind == OPND_IMM && o.imm.sym >= 0); }

/* The operand in a register: its own, or the scratch register loaded. */
static int in_reg(xthread *x, opnd o)
{
	char b[32];

	if (!is_int(o))
		return o.kind == OPND_REG ? x->map[o.reg] : x->symreg[o.imm.sym];
	emit(x, "r%d = %s", x->scratch, src(x, o, b, sizeof b));
	return x->scratch;
}

/* base register and " + off" of a memory access */
static int addr_of(xthread *x, const ir_insn *in, char *buf, size_t n)
{
	int base;

	if (in->a.kind == OPND_REG)
		base = x->map[in->a.reg];
	else if (in->a.kind == OPND_IMM && in->a.imm.sym >= 0)
		base = x->symreg[in->a.imm.sym];
	else
		return refuse(x, "access to a constant address");
	int64_t off = in->off + (in->a.kind == OPND_IMM ? in->a.imm.off : 0);
	snprintf(buf, n, "r%d %c %lld", base, off < 0 ? '-' : '+', (long long)(off < 0 ? -off : off));
	return 0;
}

static const char *alu_text(alu_op a)
{
	switch (a) {
	case ALU_ADD: return "+=";
	case ALU_SUB: return "-=";
	case ALU_MUL: return "*=";
	case ALU_DIV: return "/=";
	case ALU_MOD: return "%=";
	case ALU_AND: return "&=";
	case ALU_OR: return "|=";
	case ALU_XOR: return "^=";
	case ALU_SHL: return "<<=";
	case ALU_SHR: return ">>=";
	case ALU_ASHR: return "s>>=";
	default: return NULL;
	}
}

static const char *cmp_text(cmp_op c)
{
	static const char *const t[] = {
		[CMP_EQ] = "==", [CMP_NE] = "!=", [CMP_LT] = "<", [CMP_LE] = "<=",
		[CMP_GT] = ">", [CMP_GE] = ">=", [CMP_SLT] = "s<", [CMP_SLE] = "s<=",
		[CMP_SGT] = "s>", [CMP_SGE] = "s>=", [CMP_SET] = "&",
	};
	return c < sizeof t / sizeof *t ? t[c] : NULL;
}

static void full_fence(xthread *x)
{
	emit(x, "r%d = atomic_fetch_add((u64 *)(r%d + 0), r%d)", x->scratch, x->fence_addr, x->scratch);
}

static int translate_insn(xthread *x, const ir_insn *in)
{
	const litmus_test *t = x->t;
	char a[64], b[32];
	int d = in->dst >= 0 ? x->map[in->dst] : -1;
	const char *op;

	switch (in->op) {
	case IR_MOV:
		emit(x, "r%d = %s", d, src(x, in->a, b, sizeof b));
		return 0;
	case IR_ALU:
		if (in->alu == ALU_NEG) {
			if (!(in->a.kind == OPND_REG && x->map[in->a.reg] == d))
				emit(x, "r%d = %s", d, src(x, in->a, b, sizeof b));
			emit(x, "r%d = -r%d", d, d);
			return 0;
		}
		if (in->alu == ALU_MOVB) {
			emit(x, "r%d = %s", d, src(x, in->b, b, sizeof b));
			return 0;
		}
		if (in->alu == ALU_SDIV || in->alu == ALU_SMOD)
			return refuse(x, "signed division: BPF's /= and %%= are unsigned");
		if (in->alu == ALU_EQ || in->alu == ALU_NE) {
			/* (a ^ b) != 0 is ((a ^ b) | -(a ^ b)) >> 63, without a
			 * branch (which would add a control dependency) */
			emit(x, "r%d = %s", x->scratch, src(x, in->a, b, sizeof b));
			emit(x, "r%d ^= %s", x->scratch, src(x, in->b, b, sizeof b));
			emit(x, "r%d = 0", d);
			emit(x, "r%d -= r%d", d, x->scratch);
			emit(x, "r%d |= r%d", d, x->scratch);
			emit(x, "r%d >>= 63", d);
			if (in->alu == ALU_EQ)
				emit(x, "r%d ^= 1", d);
			return 0;
		}
		if (!(op = alu_text(in->alu)))
			return refuse(x, "ALU operation %d", (int)in->alu);
		if (in->a.kind == OPND_REG && x->map[in->a.reg] == d) {
			emit(x, "r%d %s %s", d, op, src(x, in->b, b, sizeof b));
		} else if (in->b.kind == OPND_REG && x->map[in->b.reg] == d) {
			emit(x, "r%d = %s", x->scratch, src(x, in->a, b, sizeof b));
			emit(x, "r%d %s r%d", x->scratch, op, d);
			emit(x, "r%d = r%d", d, x->scratch);
		} else {
			emit(x, "r%d = %s", d, src(x, in->a, b, sizeof b));
			emit(x, "r%d %s %s", d, op, src(x, in->b, b, sizeof b));
		}
		return 0;
	case IR_LOAD:
		if (addr_of(x, in, a, sizeof a))
			return -1;
		if (lk_has_tag(t, in->tags_r, "Acquire"))
			emit(x, "r%d = load_acquire((u64 *)(%s))", d, a);
		else
			emit(x, "r%d = *(u64 *)(%s)", d, a);
		return 0;
	case IR_STORE:
		if (addr_of(x, in, a, sizeof a))
			return -1;
		if (lk_has_tag(t, in->tags_w, "Release")) {
			int r = in_reg(x, in->b);
			emit(x, "store_release((u64 *)(%s), r%d)", a, r);
		} else {
			emit(x, "*(u64 *)(%s) = %s", a, src(x, in->b, b, sizeof b));
		}
		return 0;
	case IR_RMW: {
		static const char *const fetch[] = {
			[ALU_ADD] = "atomic_fetch_add", [ALU_SUB] = "atomic_fetch_add",
			[ALU_AND] = "atomic_fetch_and", [ALU_OR] = "atomic_fetch_or",
			[ALU_XOR] = "atomic_fetch_xor",
		};
		bool sub = in->alu == ALU_SUB;
		if (in->alu != ALU_MOVB && (in->alu >= sizeof fetch / sizeof *fetch || !fetch[in->alu]))
			return refuse(x, "atomic operation %d has no BPF atomic", (int)in->alu);
		if (addr_of(x, in, a, sizeof a))
			return -1;
		if (d < 0 && in->alu == ALU_MOVB)
			return refuse(x, "non-returning exchange");
		int r = d >= 0 ? d : x->scratch;
		if (!(in->b.kind == OPND_REG && x->map[in->b.reg] == r && !sub))
			emit(x, "r%d = %s", r, src(x, in->b, b, sizeof b));
		if (sub)
			emit(x, "r%d = -r%d", r, r);
		if (d < 0)
			emit(x, "lock *(u64 *)(%s) %s r%d", a, sub ? "+=" : alu_text(in->alu), r);
		else if (in->alu == ALU_MOVB)
			emit(x, "r%d = xchg_64(%s, r%d)", d, a, d);
		else
			emit(x, "r%d = %s((u64 *)(%s), r%d)", d, fetch[in->alu], a, d);
		return 0;
	}
	case IR_CAS:
		/* BPF's cmpxchg tests equality and writes a fixed value: a
		 * conditional add would need a loop, which a litmus test
		 * cannot have */
		if (in->cmp == CMP_NE || in->alu_new)
			return refuse(x, "atomic_add_unless: no single BPF instruction");
		if (in->c.kind == OPND_NONE)
			return refuse(x, "compare without write");
		if (addr_of(x, in, a, sizeof a))
			return -1;
		if (!(in->b.kind == OPND_REG && x->map[in->b.reg] == 0))
			emit(x, "r0 = %s", src(x, in->b, b, sizeof b));
		int nv = in_reg(x, in->c);
		emit(x, "r0 = cmpxchg_64(%s, r0, r%d)", a, nv);
		if (d >= 0 && d != 0)
			emit(x, "r%d = r0", d);
		return 0;
	case IR_FENCE:
		if (lk_has_tag(t, in->tags_f, "Barrier") && __builtin_popcount(in->tags_f) == 1)
			return 0;
		if (!lk_has_tag(t, in->tags_f, "Mb"))
			x->used_weaker_fence = true;
		full_fence(x);
		return 0;
	case IR_BRANCH:
		if (in->cmp == CMP_ALWAYS) {
			emit(x, "goto L%d_%d", x->ti, in->target);
			return 0;
		}
		if (!(op = cmp_text(in->cmp)))
			return refuse(x, "comparison %d", (int)in->cmp);
		{
			int r = in_reg(x, in->a);
			emit(x, "if r%d %s %s goto L%d_%d", r, op, src(x, in->b, b, sizeof b), x->ti,
			     in->target);
		}
		return 0;
	case IR_SC:
		return refuse(x, "store-conditional");
	case IR_PICK:
		return refuse(x, "conditional select");
	}
	return refuse(x, "IR operation %d", (int)in->op);
}

/* ---- register allocation ----------------------------------------------- */

/* Give every register and address a BPF register; -1 (with x->reason)
 * when eleven are not enough. */
static int allocate(xthread *x)
{
	const litmus_test *t = x->t;
	const litmus_thread *th = &t->threads[x->ti];
	int nr = t->nregs;
	int *first = xmalloc(sizeof(int) * (nr + 1)), *last = xmalloc(sizeof(int) * (nr + 1));
	bool *syms = xcalloc(t->nsyms + 1, 1);
	bool cas = false, fence = false, taken[NBPFREGS] = { 0 };
	int rc = 0;

	lk_live_ranges(t, x->ti, first, last, syms);
	for (int i = 0; i < th->ncode; i++) {
		const ir_insn *in = &th->code[i];
		cas |= in->op == IR_CAS;
		/* a fence that is written as a fence */
		if (in->op == IR_FENCE && !(i > 0 && x->fold[i - 1]) && !(i > 1 && x->fold[i - 2]) &&
		    !x->fold[i] && !(lk_has_tag(t, in->tags_f, "Barrier") && __builtin_popcount(in->tags_f) == 1))
			fence = true;
	}

	/* fixed registers: r0 for cmpxchg, scratch, addresses, fence address */
	if (cas)
		taken[0] = true;
	/* constants from r9 down (r10, the read-only frame pointer in real
	 * BPF, last); C registers from r0 / r1 up */
	static const int order[] = { 9, 8, 7, 6, 5, 4, 3, 2, 1, 10 };
	int next = 0;
#define TAKE(var) do { \
		while (next < 10 && taken[order[next]]) next++; \
		if (next == 10) { rc = refuse(x, "needs more than %d BPF registers", NBPFREGS); goto out; } \
		taken[order[next]] = true; (var) = order[next]; } while (0)
	TAKE(x->scratch);
	x->fence_addr = -1;
	if (fence)
		TAKE(x->fence_addr);
	for (int s = 0; s < t->nsyms; s++)
		if (syms[s])
			TAKE(x->symreg[s]);
#undef TAKE
	/* C registers by live range; r10 (the frame pointer) stays out */
	taken[10] = true;
	if (lk_assign_registers(first, last, nr, taken, NBPFREGS, x->map) < 0)
		rc = refuse(x, "needs more than %d BPF registers", NBPFREGS - 1);
out:
	free(first);
	free(last);
	free(syms);
	return rc;
}

/* Translate thread ti; its cells go to x->col. */
static int translate_thread(xthread *x)
{
	const litmus_test *t = x->t;
	const litmus_thread *th = &t->threads[x->ti];

	for (int i = 0; i < th->ncode; i++) {
		const ir_insn *in = &th->code[i];
		const char *fam = lk_unsupported_family(t, in->tags_r | in->tags_w | in->tags_f | in->tags_fail
							| in->tags_fence_ok);
		if (fam)
			return refuse(x, "%s", fam);
		if (in->op == IR_BRANCH)
			x->target[in->target] = true;
	}
	if (lk_ctrl_past_if(t, x->ti) >= 0)
		return refuse(x, "an access after an if would depend on its condition in BPF, not in C");
	if (lk_compares_addresses(t, x->ti))
		return refuse(x, "a comparison used as a value may compare addresses, "
			      "which BPF litmus tests cannot compute");
	/* Mb; value-returning RMW; Mb (a fully ordered atomic): one BPF
	 * atomic, itself fully ordered. Not a CAS: smp_mb() around a
	 * cmpxchg orders even when it fails, cmpxchg_64 does not */
	lk_fold_full_rmw(t, x->ti, x->target, x->fold);
	if (allocate(x))
		return -1;
	for (int i = 0; i < th->ncode; i++) {
		const ir_insn *in = &th->code[i];
		if (x->target[i])   /* a label still waiting had an empty expansion */
			lk_col_set_label(&x->col, "L%d_%d", x->ti, i);
		if (x->fold[i]) {
			if (translate_insn(x, &th->code[i + 1]))
				return -1;
			i += 2;
			continue;
		}
		if (translate_insn(x, in))
			return -1;
	}
	if (x->target[th->ncode])
		lk_col_set_label(&x->col, "L%d_%d", x->ti, th->ncode);
	lk_col_flush_label(&x->col);
	return 0;
}

/* ---- the BPF test text -------------------------------------------------- */

/* a C register's BPF name: ctx is the array of translated threads */
static void bpf_reg(sbuf *b, const litmus_test *t, int ti, int reg, void *ctx)
{
	const xthread *xs = ctx;

	sb_printf(b, "r%d", xs[ti].map[reg]);
	(void)t;
}

static const char *test_name(const litmus_test *t)
{
	return t->name;
}

/* The BPF text of a translated test. */
static char *bpf_text(const litmus_test *t, xthread *xs, bool weaker_fence)
{
	sbuf b = { 0 };

	sb_printf(&b, "BPF %s\n", test_name(t));
	sb_printf(&b, "(* Translated by bpfmm c2bpf from the C test %s.%s *)\n", test_name(t),
		  /* no brace here: herd7 would take it for the init block */
		  weaker_fence ? " smp_rmb, smp_wmb, smp_mb__before_atomic and smp_mb__after_atomic are"
				 " written as the full fence (an atomic_fetch_add on c2bpf_fN):"
				 " stronger than the C." : "");
	sb_printf(&b, "{\n");
	lk_print_mem_init(&b, t);
	for (int ti = 0; ti < t->nthreads; ti++) {
		xthread *x = &xs[ti];
		int id = t->threads[ti].id;
		for (int s = 0; s < t->nsyms; s++)
			if (x->symreg[s] >= 0)
				sb_printf(&b, "%d:r%d=%s; ", id, x->symreg[s], t->syms[s]);
		if (x->fence_addr >= 0)
			sb_printf(&b, "%d:r%d=c2bpf_f%d; ", id, x->fence_addr, id);
		for (int k = 0; k < t->ninit; k++)
			if (t->init[k].thread == ti && x->map[t->init[k].reg] >= 0) {
				sb_printf(&b, "%d:r%d=", id, x->map[t->init[k].reg]);
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
	lk_print_tail(&b, t, bpf_reg, xs);
	return b.s;
}

/* ---- models -------------------------------------------------------------- */

typedef struct {
	const char *lkmm_dir;     /* -I */
	const char *bpf_model;    /* --bpf-model */
	const char *emit_dir;     /* --emit */
	bool verbose;
	bool json;                /* --json: one record per test */
	long budget;
} c2opts;

/* ---- one test ----------------------------------------------------------- */

/* DIR/NAME.litmus, NAME the C test's name; 0 or 1 (with a message) */
static int write_emit(const c2opts *o, const char *name, const char *text)
{
	char stem[256];

	outdir_stem(name, stem, sizeof stem);
	FILE *f = outdir_open(o->emit_dir, stem, "litmus", "c2bpf");
	if (!f)
		return 1;
	fputs(text, f);
	return outdir_close(f, o->emit_dir, stem, "litmus", "c2bpf");
}

/* The C2BPF line, or with --json its record (bpf, state, reason NULL
 * when there is none). */
static void c2bpf_report(const c2opts *o, const char *file, const litmus_test *tc, const char *lkmm,
			 const char *bpf, const char *verdict, const char *state, const char *reason,
			 FILE *out)
{
	if (!o->json) {
		fprintf(out, "C2BPF %s LKMM=%s BPF=%s %s", test_name(tc), lkmm, bpf ? bpf : "-", verdict);
		if (reason)
			fprintf(out, " (%s)", reason);
		fputc('\n', out);
		return;
	}
	json_begin(out, file);
	json_field(out, "test", test_name(tc));
	json_field(out, "lkmm", lkmm);
	json_field(out, "bpf", bpf);
	json_field(out, "verdict", verdict);
	json_field(out, "state", state);
	json_field(out, "reason", reason);
	json_end(out);
}

/* A test c2bpf could not check: the error on err, with --json also as
 * a record on out. Returns 1. */
static int c2bpf_failed(const c2opts *o, const char *file, const diag *d, FILE *out, FILE *err)
{
	diag_fprint(err, d);
	if (o->json) {
		print_json_error(out, file, d);
		fflush(out);
	}
	return 1;
}

static int one_test(const c2opts *o, const char *file, cat_run *lkmm, cat_run *bpf, FILE *out, FILE *err)
{
	diag d = { .file = file };
	litmus_test *tc = litmus_read_file(file, frontend_for_arch, &d);
	litmus_test *tb = NULL;
	check_result rc = { 0 }, rb = { 0 };
	xthread *xs = NULL;
	char *text = NULL;
	int status = 1;
	const char *reason = NULL;
	bool weaker_fence = false;

	if (!tc)
		return c2bpf_failed(o, file, &d, out, err);
	if (strcmp(tc->arch, "C")) {
		diag_error(&d, (srcpos){ 0, 0 }, "not a C litmus test (%s)", tc->arch);
		c2bpf_failed(o, file, &d, out, err);
		goto out;
	}
	if (check_test(tc, lkmm, o->budget, &rc, &d) < 0) {
		c2bpf_failed(o, file, &d, out, err);
		goto out;
	}
	xs = xcalloc(tc->nthreads, sizeof *xs);
	for (int ti = 0; ti < tc->nthreads; ti++) {
		xthread *x = &xs[ti];
		x->t = tc;
		x->ti = ti;
		x->map = xmalloc(sizeof(int) * (tc->nregs + 1));
		x->symreg = xmalloc(sizeof(int) * (tc->nsyms + 1));
		x->target = xcalloc(tc->threads[ti].ncode + 1, 1);
		x->fold = xcalloc(tc->threads[ti].ncode + 1, 1);
		for (int r = 0; r < tc->nregs; r++)
			x->map[r] = -1;
		for (int s = 0; s < tc->nsyms; s++)
			x->symreg[s] = -1;
		if (translate_thread(x)) {
			reason = x->reason;
			break;
		}
		weaker_fence |= x->used_weaker_fence;
	}
	if (reason) {
		c2bpf_report(o, file, tc, observation_word(&rc), NULL, "refused", NULL, reason, out);
		status = 0;
		goto out;
	}
	text = bpf_text(tc, xs, weaker_fence);
	/* a file that cannot be written fails the run, not the result */
	int write_failed = o->emit_dir ? write_emit(o, tc->name, text) : 0;
	d = (diag){ .file = file };
	tb = litmus_read_string(text, file, frontend_for_arch, &d);
	if (!tb) {
		diag dt = d;
		d = (diag){ .file = file };
		diag_error(&d, (srcpos){ 0, 0 }, "the BPF translation does not parse: %d:%d: %s",
			   dt.pos.line, dt.pos.col, dt.msg);
		c2bpf_failed(o, file, &d, out, err);
		if (o->verbose)
			fputs(text, err);
		goto out;
	}
	if (check_test(tb, bpf, o->budget, &rb, &d) < 0) {
		c2bpf_failed(o, file, &d, out, err);
		goto out;
	}
	sbuf first = { 0 };
	int extra = lk_extra_states(tc, &rc, tb, &rb, bpf_reg, xs, "BPF", &first, NULL);
	const char *lw = observation_word(&rc), *bw = observation_word(&rb);
	bool weaker;
	if (extra >= 0) {
		weaker = extra > 0;
	} else {
		/* not comparable state by state: compare the verdicts (for
		 * `exists`, BPF must not observe what the LKMM never does) */
		weaker = (!strcmp(lw, "Never") && strcmp(bw, "Never")) ||
			 (!strcmp(lw, "Always") && strcmp(bw, "Always"));
	}
	c2bpf_report(o, file, tc, lw, bw, weaker ? "BPF-WEAKER" : "consistent", first.s, NULL, out);
	free(first.s);
	if (o->verbose) {
		if (extra > 0)
			lk_extra_states(tc, &rc, tb, &rb, bpf_reg, xs, "BPF", NULL, out);
		fputs(text, out);
	}
	status = write_failed;
out:
	if (xs)
		for (int ti = 0; ti < tc->nthreads; ti++) {
			lk_col_free(&xs[ti].col);
			free(xs[ti].map);
			free(xs[ti].symreg);
			free(xs[ti].target);
			free(xs[ti].fold);
		}
	free(xs);
	free(text);
	check_result_free(&rc);
	check_result_free(&rb);
	litmus_free(tc);
	litmus_free(tb);
	fflush(out);
	return status;
}

static const char c2bpf_usage[] =
"Usage: bpfmm c2bpf [--emit DIR] [-I LKMM_DIR] [--bpf-model FILE] [-v] [--json] FILE.litmus...\n"
"\n"
"Translate each C litmus test to BPF, check the C test with the kernel's\n"
"linux-kernel.cat and the BPF one with bpf.cat, and print\n"
"  C2BPF NAME LKMM=<verdict> BPF=<verdict> consistent|BPF-WEAKER|refused (why)\n"
"consistent: every final state bpf.cat allows is one the LKMM allows.\n"
"\n"
"  --emit DIR        also write DIR/NAME.litmus, the BPF translation\n"
"  -I DIR            the kernel's tools/memory-model (default: $LKMM_DIR,\n"
"                    ., ~/.cache/bpfmm-lkmm/*/tools/memory-model)\n"
"  --bpf-model FILE  the BPF model (default: bpf.cat in the model directory)\n"
"  -v                print BPF-only final states and the translation\n"
"  -j N, --jobs N    translate and check N tests at a time (as bpfmm -j)\n"
"  --shard K/N       only the K-th of N slices of the tests (as bpfmm)\n"
"  --json, -json     one JSON object per line instead of the C2BPF line:\n"
"                    file (as named on the command line), test, lkmm and\n"
"                    bpf (the verdicts: Never, Sometimes, Always; bpf null\n"
"                    when refused), verdict (consistent, BPF-WEAKER,\n"
"                    refused), state (the first BPF-only final state, as a\n"
"                    string in herd7's States syntax with the C test's\n"
"                    names, else null), reason (refused: why, else null).\n"
"                    A test that cannot be read or checked gives {\"file\",\n"
"                    \"error\", \"warnings\"}, error being the FILE: error:\n"
"                    line also printed on stderr.\n"
"                    Errors also come apart as line, column (absent\n"
"                    for an error of the whole file) and message.\n";

/* one_test as lk_pair_run calls it (-j) */
static int c2_test(const void *o, const char *file, cat_run *lkmm, cat_run *bpf, FILE *out, FILE *err)
{
	return one_test(o, file, lkmm, bpf, out, err);
}

int c2bpf_main(int argc, char **argv)
{
	c2opts o = { .budget = 200000 };
	const char *files[argc > 0 ? argc : 1];
	int nfiles = 0, status = 0;
	int jobs = 1, shard_k = 1, shard_n = 1;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		bool more = i + 1 < argc;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(c2bpf_usage, stdout);
			return 0;
		} else if (!strcmp(a, "--emit") && more) {
			o.emit_dir = argv[++i];
		} else if (!strcmp(a, "-I") && more) {
			o.lkmm_dir = argv[++i];
		} else if (!strcmp(a, "--bpf-model") && more) {
			o.bpf_model = argv[++i];
		} else if (!strcmp(a, "-v")) {
			o.verbose = true;
		} else if ((!strcmp(a, "-j") || !strcmp(a, "--jobs")) && more) {
			if (!par_parse_jobs(argv[++i], &jobs)) {
				fprintf(stderr, "bpfmm c2bpf: bad number of jobs '%s'\n", argv[i]);
				return 2;
			}
		} else if ((!strcmp(a, "--shard") || !strcmp(a, "-shard")) && more) {
			if (!par_parse_shard(argv[++i], &shard_k, &shard_n)) {
				fprintf(stderr, "bpfmm c2bpf: bad shard '%s' (K/N with 1 <= K <= N)\n", argv[i]);
				return 2;
			}
		} else if (!strcmp(a, "--json") || !strcmp(a, "-json")) {
			o.json = true;
		} else if (a[0] == '-') {
			fprintf(stderr, "bpfmm c2bpf: bad option '%s'\n%s", a, c2bpf_usage);
			return 2;
		} else {
			files[nfiles++] = a;
		}
	}
	if (!nfiles) {
		fputs(c2bpf_usage, stderr);
		return 2;
	}
	if (o.emit_dir && outdir_prepare(o.emit_dir, "c2bpf", "--emit"))
		return 2;
	lk_c_bpf mods;
	if (lk_c_bpf_load(&mods, "c2bpf", o.lkmm_dir, o.bpf_model)) {
		status = 1;
	} else {
		lk_pair_job j = { &o, files, mods.spec, c2_test };
		int first, last;
		par_shard(nfiles, shard_k, shard_n, &first, &last);
		status |= lk_pair_run(&j, first, last, jobs);
	}
	lk_c_bpf_free(&mods);
	return status;
}
