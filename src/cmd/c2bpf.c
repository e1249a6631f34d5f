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
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "cmd/c2bpf.h"
#include "cmd/lkmm_translate.h"
#include "exec/check.h"

#define NBPFREGS 11     /* r0..r10 */

/* ---- one thread's translation ------------------------------------------- */

/* lk_xthread.tmp: the scratch register for intermediate values, and the
 * register holding &c2bpf_fN (-1 if no fence is written) */
enum { SCRATCH, FENCE_ADDR };

/* An operand as BPF source text: a register or an integer. */
static const char *src(lk_xthread *x, opnd o, char *buf, size_t n)
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
static int in_reg(lk_xthread *x, opnd o)
{
	char b[32];

	if (!is_int(o))
		return o.kind == OPND_REG ? x->map[o.reg] : x->symreg[o.imm.sym];
	lk_emit(x, "r%d = %s", x->tmp[SCRATCH], src(x, o, b, sizeof b));
	return x->tmp[SCRATCH];
}

/* base register and " + off" of a memory access */
static int addr_of(lk_xthread *x, const ir_insn *in, char *buf, size_t n)
{
	int base;

	if (in->a.kind == OPND_REG)
		base = x->map[in->a.reg];
	else if (in->a.kind == OPND_IMM && in->a.imm.sym >= 0)
		base = x->symreg[in->a.imm.sym];
	else
		return lk_xrefuse(x, "access to a constant address");
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

static void full_fence(lk_xthread *x)
{
	lk_emit(x, "r%d = atomic_fetch_add((u64 *)(r%d + 0), r%d)", x->tmp[SCRATCH], x->tmp[FENCE_ADDR], x->tmp[SCRATCH]);
}

/* IR_ALU: BPF's two-address ALU instructions */
static int translate_alu(lk_xthread *x, const ir_insn *in, int d)
{
	char b[32];
	const char *op;

	if (in->alu == ALU_NEG) {
		if (!(in->a.kind == OPND_REG && x->map[in->a.reg] == d))
			lk_emit(x, "r%d = %s", d, src(x, in->a, b, sizeof b));
		lk_emit(x, "r%d = -r%d", d, d);
		return 0;
	}
	if (in->alu == ALU_MOVB) {
		lk_emit(x, "r%d = %s", d, src(x, in->b, b, sizeof b));
		return 0;
	}
	if (in->alu == ALU_SDIV || in->alu == ALU_SMOD)
		return lk_xrefuse(x, "signed division: BPF's /= and %%= are unsigned");
	if (in->alu == ALU_EQ || in->alu == ALU_NE) {
		/* (a ^ b) != 0 is ((a ^ b) | -(a ^ b)) >> 63, without a
		 * branch (which would add a control dependency) */
		lk_emit(x, "r%d = %s", x->tmp[SCRATCH], src(x, in->a, b, sizeof b));
		lk_emit(x, "r%d ^= %s", x->tmp[SCRATCH], src(x, in->b, b, sizeof b));
		lk_emit(x, "r%d = 0", d);
		lk_emit(x, "r%d -= r%d", d, x->tmp[SCRATCH]);
		lk_emit(x, "r%d |= r%d", d, x->tmp[SCRATCH]);
		lk_emit(x, "r%d >>= 63", d);
		if (in->alu == ALU_EQ)
			lk_emit(x, "r%d ^= 1", d);
		return 0;
	}
	if (!(op = alu_text(in->alu)))
		return lk_xrefuse(x, "ALU operation %d", (int)in->alu);
	if (in->a.kind == OPND_REG && x->map[in->a.reg] == d) {
		lk_emit(x, "r%d %s %s", d, op, src(x, in->b, b, sizeof b));
	} else if (in->b.kind == OPND_REG && x->map[in->b.reg] == d) {
		lk_emit(x, "r%d = %s", x->tmp[SCRATCH], src(x, in->a, b, sizeof b));
		lk_emit(x, "r%d %s r%d", x->tmp[SCRATCH], op, d);
		lk_emit(x, "r%d = r%d", d, x->tmp[SCRATCH]);
	} else {
		lk_emit(x, "r%d = %s", d, src(x, in->a, b, sizeof b));
		lk_emit(x, "r%d %s %s", d, op, src(x, in->b, b, sizeof b));
	}
	return 0;
}

/* IR_RMW: a BPF atomic (value-returning, or lock ... for a non-returning
 * one); a value-returning one is fully ordered, whether full or not */
static int translate_rmw(lk_xthread *x, const ir_insn *in, bool full)
{
	int d = in->dst >= 0 ? x->map[in->dst] : -1;

	static const char *const fetch[] = {
		[ALU_ADD] = "atomic_fetch_add", [ALU_SUB] = "atomic_fetch_add",
		[ALU_AND] = "atomic_fetch_and", [ALU_OR] = "atomic_fetch_or",
		[ALU_XOR] = "atomic_fetch_xor",
	};
	char a[64], b[32];
	bool sub = in->alu == ALU_SUB;

	if (in->alu != ALU_MOVB && (in->alu >= sizeof fetch / sizeof *fetch || !fetch[in->alu]))
		return lk_xrefuse(x, "atomic operation %d has no BPF atomic", (int)in->alu);
	if (addr_of(x, in, a, sizeof a))
		return -1;
	if (d < 0 && in->alu == ALU_MOVB)
		return lk_xrefuse(x, "non-returning exchange");
	int r = d >= 0 ? d : x->tmp[SCRATCH];
	if (!(in->b.kind == OPND_REG && x->map[in->b.reg] == r && !sub))
		lk_emit(x, "r%d = %s", r, src(x, in->b, b, sizeof b));
	if (sub)
		lk_emit(x, "r%d = -r%d", r, r);
	if (d < 0)
		lk_emit(x, "lock *(u64 *)(%s) %s r%d", a, sub ? "+=" : alu_text(in->alu), r);
	else if (in->alu == ALU_MOVB)
		lk_emit(x, "r%d = xchg_64(%s, r%d)", d, a, d);
	else
		lk_emit(x, "r%d = %s((u64 *)(%s), r%d)", d, fetch[in->alu], a, d);
	return 0;
}

/* IR_CAS: cmpxchg_64, its expected value and result in r0 */
static int translate_cas(lk_xthread *x, const ir_insn *in, int i)
{
	int d = in->dst >= 0 ? x->map[in->dst] : -1;

	char a[64], b[32];

	/* BPF's cmpxchg tests equality and writes a fixed value: a
	 * conditional add would need a loop, which a litmus test cannot
	 * have */
	if (in->cmp == CMP_NE || in->alu_new)
		return lk_xrefuse(x, "atomic_add_unless: no single BPF instruction");
	if (in->c.kind == OPND_NONE)
		return lk_xrefuse(x, "compare without write");
	if (addr_of(x, in, a, sizeof a))
		return -1;
	if (!(in->b.kind == OPND_REG && x->map[in->b.reg] == 0))
		lk_emit(x, "r0 = %s", src(x, in->b, b, sizeof b));
	int nv = in_reg(x, in->c);
	lk_emit(x, "r0 = cmpxchg_64(%s, r0, r%d)", a, nv);
	if (d >= 0 && d != 0)
		lk_emit(x, "r%d = r0", d);
	return 0;
}

/* IR_BRANCH: goto, or if rA op src goto */
static int translate_branch(lk_xthread *x, const ir_insn *in)
{
	char b[32];
	const char *op;

	if (in->cmp == CMP_ALWAYS) {
		lk_emit(x, "goto L%d_%d", x->ti, in->target);
		return 0;
	}
	if (!(op = cmp_text(in->cmp)))
		return lk_xrefuse(x, "comparison %d", (int)in->cmp);
	int r = in_reg(x, in->a);
	lk_emit(x, "if r%d %s %s goto L%d_%d", r, op, src(x, in->b, b, sizeof b), x->ti, in->target);
	return 0;
}

/* A move, ALU operation, load, store or fence as BPF (lk_target.insn). */
static int translate_insn(lk_xthread *x, const ir_insn *in, int i)
{
	const litmus_test *t = x->t;
	char a[64], b[32];
	int d = in->dst >= 0 ? x->map[in->dst] : -1;

	switch (in->op) {
	case IR_MOV:
		lk_emit(x, "r%d = %s", d, src(x, in->a, b, sizeof b));
		return 0;
	case IR_ALU:
		return translate_alu(x, in, d);
	case IR_FENCE:   /* a compiler barrier is nothing, any other the full fence */
		if (lk_has_tag(t, in->tags_f, "Barrier") && __builtin_popcount(in->tags_f) == 1)
			return 0;
		if (!lk_has_tag(t, in->tags_f, "Mb"))
			x->stronger = true;
		full_fence(x);
		return 0;
	case IR_LOAD:
		if (addr_of(x, in, a, sizeof a))
			return -1;
		if (lk_has_tag(t, in->tags_r, "Acquire"))
			lk_emit(x, "r%d = load_acquire((u64 *)(%s))", d, a);
		else
			lk_emit(x, "r%d = *(u64 *)(%s)", d, a);
		return 0;
	case IR_STORE:
		if (addr_of(x, in, a, sizeof a))
			return -1;
		if (lk_has_tag(t, in->tags_w, "Release")) {
			int r = in_reg(x, in->b);
			lk_emit(x, "store_release((u64 *)(%s), r%d)", a, r);
		} else {
			lk_emit(x, "*(u64 *)(%s) = %s", a, src(x, in->b, b, sizeof b));
		}
		return 0;
	default:   /* the others: lk_translate_thread */
		break;
	}
	(void)i;
	return lk_xrefuse(x, "IR operation %d", (int)in->op);
}

/* ---- register allocation ----------------------------------------------- */

/* Constants (scratch, the fence's address, locations) from r9 down (r10,
 * the read-only frame pointer in real BPF, last); C registers from r0 /
 * r1 up, never r10; r0 kept for cmpxchg. */
static const int bpf_order[] = { 9, 8, 7, 6, 5, 4, 3, 2, 1, 10 };
static const lk_regs bpf_regs = {
	bpf_order, 10, NBPFREGS, false, 0, 1u << 10, "BPF registers", NBPFREGS, NBPFREGS - 1,
};

/* Give every register and address a BPF register; -1 (with x->reason)
 * when eleven are not enough. */
static int allocate(lk_xthread *x)
{
	const litmus_test *t = x->t;
	const litmus_thread *th = &t->threads[x->ti];
	bool fence = false;

	for (int i = 0; i < th->ncode; i++) {
		const ir_insn *in = &th->code[i];
		/* a fence that is written as a fence */
		if (in->op == IR_FENCE && !(i > 0 && x->fold[i - 1]) && !(i > 1 && x->fold[i - 2]) &&
		    !x->fold[i] && !(lk_has_tag(t, in->tags_f, "Barrier") && __builtin_popcount(in->tags_f) == 1))
			fence = true;
	}
	return lk_allocate(x, &bpf_regs, fence ? 2 : 1);
}

/* ---- the BPF test text -------------------------------------------------- */

/* the init block's entry for the fence location's address */
static void fence_init(sbuf *b, const lk_xthread *x, int id)
{
	if (x->tmp[FENCE_ADDR] >= 0)
		sb_printf(b, "%d:r%d=c2bpf_f%d; ", id, x->tmp[FENCE_ADDR], id);
}

/* The BPF text of a translated test. */
static char *bpf_text(const litmus_test *t, lk_xthread *xs)
{
	sbuf b = { 0 };
	bool weaker_fence = false;

	for (int ti = 0; ti < t->nthreads; ti++)
		weaker_fence |= xs[ti].stronger;
	sb_printf(&b, "BPF %s\n", t->name);
	sb_printf(&b, "(* Translated by bpfmm c2bpf from the C test %s.%s *)\n", t->name,
		  /* no brace here: herd7 would take it for the init block */
		  weaker_fence ? " smp_rmb, smp_wmb, smp_mb__before_atomic and smp_mb__after_atomic are"
				 " written as the full fence (an atomic_fetch_add on c2bpf_fN):"
				 " stronger than the C." : "");
	lk_print_head(&b, t, xs, fence_init);
	lk_print_tail(&b, t, lk_xreg, xs);
	return b.s;
}

static const lk_target bpf_target = {
	"BPF", "r", allocate, translate_insn, translate_rmw, translate_cas, translate_branch, bpf_text,
};

/* ---- one test ----------------------------------------------------------- */

/* Read, check and translate one C test (lk_pair_test_fn, for -j). */
static int c2_test(const void *opts, const char *file, cat_run *lkmm, cat_run *bpf, FILE *out, FILE *err)
{
	const lk_cmd *c = opts;
	check_result rc = { 0 };
	litmus_test *tc = lk_read_checked(c, file, lkmm, &rc, out, err);
	int status = tc ? lk_translate_test(c, file, tc, &rc, NULL, NULL, bpf, out, err) : 1;

	check_result_free(&rc);
	litmus_free(tc);
	fflush(out);
	return status;
}

static const opt_row c2bpf_rows[] = {
	OPT_OWN(LK_EMIT, "--emit", "DIR", "also write DIR/NAME.litmus, the BPF translation"),
	LK_ROW_INCDIR,
	OPT_OWN(LK_MODEL, "--bpf-model", "FILE", "the BPF model (default: bpf.cat in the model directory)"),
	OPT_OWN(LK_VERBOSE, "-v", NULL, "print BPF-only final states and the translation"),
	LK_ROW_JOBS,
	LK_ROW_SHARD,
	OPT_SHARED(OPT_JSON, "--json, -json", NULL,
	  "one JSON object per line instead of the C2BPF line:\n"
	  "file (as named on the command line), test, lkmm and\n"
	  "bpf (the verdicts: Never, Sometimes, Always; bpf null\n"
	  "when refused), verdict (sound, sound-stronger,\n"
	  "unsound, refused), state (the first BPF-only final state, as a\n"
	  "string in herd7's States syntax with the C test's\n"
	  "names, else null), reason (refused: why, else null).\n"
	  "A test that cannot be read or checked gives {\"file\",\n"
	  "\"error\", \"warnings\"}, error being the FILE: error:\n"
	  "line also printed on stderr.\n"
	  OPT_JSON_ERROR_PARTS),
	OPT_HELP_ROW(LK_HELP),
	OPT_END,
};

static const opt_spec c2bpf_spec = {
	.cmd = "c2bpf",
	.head = "Usage: bpfmm c2bpf [--emit DIR] [-I LKMM_DIR] [--bpf-model FILE] [-v] [--json] FILE.litmus...\n"
	"\n"
	"Translate each C litmus test to BPF, check the C test with the kernel's\n"
	"linux-kernel.cat and the BPF one with bpf.cat, and print\n"
	"  C2BPF NAME LKMM=<verdict> BPF=<verdict> sound|sound-stronger|unsound|refused (why)\n"
	"sound: bpf.cat allows the final states the LKMM allows; sound-stronger:\n"
	"every final state bpf.cat allows is one the LKMM allows, and it allows\n"
	"fewer; unsound: bpf.cat allows a state the LKMM forbids (-v prints it;\n"
	"the words of map, jit-check, lkmm-map, clang2bpf). A last line sums up:\n"
	"  c2bpf: N tests, R verdicts: A sound, B sound-stronger, C unsound,\n"
	"  D refused, E unsupported, F unchecked; G errors\n"
	"(not with --json, nor with --shard K/N for N > 1).\n"
	"\n",
	.rows = c2bpf_rows,
	.col = 20,
};

static const lk_cmd c2bpf_cmd = {
	&bpf_target, "c2bpf", "C2BPF", "BPF", "bpf", { "unsound", "sound-stronger", "sound" }, false,
	&c2bpf_spec, NULL, NULL, c2_test, "bpf.cat", "BPF", .budget = CHECK_BUDGET,
};

int c2bpf_main(int argc, char **argv, const char *model_dir, const char *self)
{
	lk_cmd c = c2bpf_cmd;

	return lk_cmd_main(&c, &c, argc, argv);
}
