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
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "cmd/lkmm_map.h"
#include "cmd/lkmm_translate.h"
#include "exec/check.h"

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

/* x->data: the thread's mapping */
#define MAP(x) ((const rv_map *)(x)->data)

/* The operand in a register: its own, x0 for 0, else scratch k loaded. */
static int in_reg(lk_xthread *x, opnd o, int k)
{
	if (o.kind == OPND_REG)
		return x->map[o.reg];
	if (o.kind == OPND_IMM && o.imm.sym >= 0) {
		if (!o.imm.off)
			return x->symreg[o.imm.sym];
		lk_emit(x, "addi x%d, x%d, %lld", x->tmp[k], x->symreg[o.imm.sym], (long long)o.imm.off);
		return x->tmp[k];
	}
	long long v = o.kind == OPND_IMM ? (long long)o.imm.off : 0;
	if (!v)
		return 0;
	lk_emit(x, "li x%d, %lld", x->tmp[k], v);
	return x->tmp[k];
}

/* Base register and offset of a memory access. */
static int addr_of(lk_xthread *x, const ir_insn *in, int *base, long long *off)
{
	if (in->a.kind == OPND_REG)
		*base = x->map[in->a.reg];
	else if (in->a.kind == OPND_IMM && in->a.imm.sym >= 0)
		*base = x->symreg[in->a.imm.sym];
	else
		return lk_xrefuse(x, "access to a constant address");
	*off = in->off + (in->a.kind == OPND_IMM ? in->a.imm.off : 0);
	return 0;
}

/* The address in one register (AMOs and LR/SC take no offset). */
static int addr_reg(lk_xthread *x, const ir_insn *in, int *r)
{
	long long off;

	if (addr_of(x, in, r, &off))
		return -1;
	if (off) {
		lk_emit(x, "addi x%d, x%d, %lld", x->tmp[0], *r, off);
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
static int translate_rmw(lk_xthread *x, const ir_insn *in, bool full)
{
	const char *op;
	int a, v, d;

	switch (in->alu) {
	case ALU_ADD: case ALU_SUB: op = "amoadd"; break;
	case ALU_AND: op = "amoand"; break;
	case ALU_OR: op = "amoor"; break;
	case ALU_XOR: op = "amoxor"; break;
	case ALU_MOVB: op = "amoswap"; break;
	default: return lk_xrefuse(x, "atomic operation %d has no AMO", (int)in->alu);
	}
	if (addr_reg(x, in, &a))
		return -1;
	v = in_reg(x, in->b, 1);
	if (in->alu == ALU_SUB) {   /* atomic.h: sub is amoadd of -i */
		lk_emit(x, "sub x%d, x0, x%d", x->tmp[2], v);
		v = x->tmp[2];
	}
	d = in->dst >= 0 ? x->map[in->dst] : 0;
	if (in->dst < 0) {          /* ATOMIC_OP: relaxed, result to zero */
		lk_emit(x, "%s.d x0, x%d, (x%d)", op, v, a);
		return 0;
	}
	switch (rmw_ord(x->t, in, full)) {
	case O_RLX:
		lk_emit(x, "%s.d x%d, x%d, (x%d)", op, d, v, a);
		break;
	case O_FULL:
		lk_emit(x, "%s.d.aqrl x%d, x%d, (x%d)", op, d, v, a);
		break;
	case O_ACQ:
		if (MAP(x)->amo_annot) {
			lk_emit(x, "%s.d.aq x%d, x%d, (x%d)", op, d, v, a);
		} else {
			lk_emit(x, "%s.d x%d, x%d, (x%d)", op, d, v, a);
			if (!MAP(x)->no_acq_fence)
				lk_emit(x, "fence r,rw");
		}
		break;
	case O_REL:
		if (MAP(x)->amo_annot) {
			lk_emit(x, "%s.d.rl x%d, x%d, (x%d)", op, d, v, a);
		} else {
			lk_emit(x, "fence rw,w");
			lk_emit(x, "%s.d x%d, x%d, (x%d)", op, d, v, a);
		}
		break;
	}
	return 0;
}

/* cmpxchg and atomic_add_unless as the kernel's LR/SC sequences. */
static int translate_cas(lk_xthread *x, const ir_insn *in, int i)
{
	int a, d, st = x->status[i];
	char end[32];

	snprintf(end, sizeof end, "E%d_%d", x->ti, i);
	if (in->c.kind == OPND_NONE)
		return lk_xrefuse(x, "compare without write");
	if (in->pick)
		return lk_xrefuse(x, "a CAS with a chosen result");
	bool add_unless = in->cmp == CMP_NE;
	if (add_unless != in->alu_new || (in->alu_new && in->alu != ALU_ADD))
		return lk_xrefuse(x, "conditional RMW with no kernel sequence here");
	rv_ord o = in->tags_fence_ok ? O_FULL : rmw_ord(x->t, in, false);
	if (addr_reg(x, in, &a))
		return -1;
	d = in->dst >= 0 ? x->map[in->dst] : x->tmp[3];
	int cmpv = in_reg(x, in->b, 1);
	int nv = in_reg(x, in->c, 2);
	if (add_unless) {
		/* _arch_atomic_fetch_add_unless: fully ordered on success */
		lk_emit(x, "lr.d x%d, (x%d)", d, a);
		lk_emit(x, "beq x%d, x%d, %s", d, cmpv, end);
		lk_emit(x, "add x%d, x%d, x%d", x->tmp[4], d, nv);
		lk_emit(x, "sc.d.rl x%d, x%d, (x%d)", st, x->tmp[4], a);
		lk_emit(x, "fence rw,rw");
	} else {
		/* __arch_cmpxchg with the prepend / sc suffix / append of
		 * arch_cmpxchg{,_relaxed,_acquire,_release} */
		if (o == O_REL)
			lk_emit(x, "fence rw,w");
		lk_emit(x, "lr.d x%d, (x%d)", d, a);
		lk_emit(x, "bne x%d, x%d, %s", d, cmpv, end);
		lk_emit(x, "sc.d%s x%d, x%d, (x%d)", o == O_FULL ? ".rl" : "", st, nv, a);
		if (o == O_FULL)
			lk_emit(x, "fence rw,rw");
		else if (o == O_ACQ && !MAP(x)->no_acq_fence)
			lk_emit(x, "fence r,rw");
	}
	lk_col_set_label(&x->col, "%s", end);
	return 0;
}

static int translate_branch(lk_xthread *x, const ir_insn *in)
{
	char tgt[32];
	int a, b;

	snprintf(tgt, sizeof tgt, "L%d_%d", x->ti, in->target);
	if (in->cmp == CMP_ALWAYS) {
		lk_emit(x, "j %s", tgt);
		return 0;
	}
	a = in_reg(x, in->a, 1);
	b = in_reg(x, in->b, 2);
	switch (in->cmp) {
	case CMP_EQ: lk_emit(x, "beq x%d, x%d, %s", a, b, tgt); break;
	case CMP_NE: lk_emit(x, "bne x%d, x%d, %s", a, b, tgt); break;
	case CMP_LT: lk_emit(x, "bltu x%d, x%d, %s", a, b, tgt); break;
	case CMP_GE: lk_emit(x, "bgeu x%d, x%d, %s", a, b, tgt); break;
	case CMP_LE: lk_emit(x, "bgeu x%d, x%d, %s", b, a, tgt); break;
	case CMP_GT: lk_emit(x, "bltu x%d, x%d, %s", b, a, tgt); break;
	case CMP_SLT: lk_emit(x, "blt x%d, x%d, %s", a, b, tgt); break;
	case CMP_SGE: lk_emit(x, "bge x%d, x%d, %s", a, b, tgt); break;
	case CMP_SLE: lk_emit(x, "bge x%d, x%d, %s", b, a, tgt); break;
	case CMP_SGT: lk_emit(x, "blt x%d, x%d, %s", b, a, tgt); break;
	case CMP_SET:
		lk_emit(x, "and x%d, x%d, x%d", x->tmp[3], a, b);
		lk_emit(x, "bne x%d, x0, %s", x->tmp[3], tgt);
		break;
	default:
		return lk_xrefuse(x, "comparison %d", (int)in->cmp);
	}
	return 0;
}

static int translate_insn(lk_xthread *x, const ir_insn *in, int i)
{
	const litmus_test *t = x->t;
	int d = in->dst >= 0 ? x->map[in->dst] : 0;
	int base, s;
	long long off;
	const char *op;

	switch (in->op) {
	case IR_MOV:
		s = in_reg(x, in->a, 1);
		lk_emit(x, "mv x%d, x%d", d, s);
		return 0;
	case IR_ALU:
		if (in->alu == ALU_NEG) {
			lk_emit(x, "sub x%d, x0, x%d", d, in_reg(x, in->a, 1));
			return 0;
		}
		if (in->alu == ALU_MOVB) {
			lk_emit(x, "mv x%d, x%d", d, in_reg(x, in->b, 2));
			return 0;
		}
		if (in->alu == ALU_EQ || in->alu == ALU_NE) {
			/* (a ^ b) != 0 without a branch (no control dependency):
			 * ((a ^ b) | -(a ^ b)) >> 63 */
			int a = in_reg(x, in->a, 1), b = in_reg(x, in->b, 2), s = x->tmp[3];
			lk_emit(x, "xor x%d, x%d, x%d", s, a, b);
			lk_emit(x, "sub x%d, x0, x%d", d, s);
			lk_emit(x, "or x%d, x%d, x%d", d, d, s);
			lk_emit(x, "srli x%d, x%d, 63", d, d);
			if (in->alu == ALU_EQ)
				lk_emit(x, "xori x%d, x%d, 1", d, d);
			return 0;
		}
		if (!(op = alu_name(in->alu)))
			return lk_xrefuse(x, "ALU operation %d has no RISC-V instruction here", (int)in->alu);
		{
			int a = in_reg(x, in->a, 1), b = in_reg(x, in->b, 2);
			lk_emit(x, "%s x%d, x%d, x%d", op, d, a, b);
		}
		return 0;
	case IR_LOAD:
		if (addr_of(x, in, &base, &off))
			return -1;
		lk_emit(x, "ld x%d, %lld(x%d)", d, off, base);
		if (lk_has_tag(t, in->tags_r, "Acquire"))
			lk_emit(x, "fence r,rw");          /* __smp_load_acquire */
		return 0;
	case IR_STORE:
		if (addr_of(x, in, &base, &off))
			return -1;
		s = in_reg(x, in->b, 1);
		if (lk_has_tag(t, in->tags_w, "Release"))
			lk_emit(x, "fence rw,w");          /* __smp_store_release */
		lk_emit(x, "sd x%d, %lld(x%d)", s, off, base);
		return 0;
	case IR_FENCE:
		if (lk_has_tag(t, in->tags_f, "Mb") || lk_has_tag(t, in->tags_f, "Before-atomic") ||
		    lk_has_tag(t, in->tags_f, "After-atomic"))
			lk_emit(x, "fence rw,rw");
		else if (lk_has_tag(t, in->tags_f, "Rmb"))
			lk_emit(x, "fence r,r");
		else if (lk_has_tag(t, in->tags_f, "Wmb"))
			lk_emit(x, "fence w,w");
		else if (!lk_has_tag(t, in->tags_f, "Barrier"))
			return lk_xrefuse(x, "fence with no RISC-V mapping here");
		return 0;
	default:   /* the others: lk_translate_thread */
		break;
	}
	return lk_xrefuse(x, "IR operation %d", (int)in->op);
}

/* ---- registers ----------------------------------------------------------- */

/* An x register for each scratch value (5), address and sc status of the
 * thread, from x5 (t0) up, and one for each C register in the rest; C
 * registers share one only when the 27 are not enough, by live range
 * (first to last mention in code order; a branch back is never written
 * by the C front-end). x0 .. x4 are never used. */
static const int rv_order[] = { 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
				23, 24, 25, 26, 27, 28, 29, 30, 31 };
static const lk_regs rv_regs = {
	rv_order, RV_END - RV_FIRST, RV_END, true, -1, (1u << RV_FIRST) - 1, "registers",
	RV_END - RV_FIRST, RV_END - RV_FIRST,
};

static int allocate(lk_xthread *x)
{
	return lk_allocate(x, &rv_regs, 5);
}

/* ---- the RISCV test text ------------------------------------------------- */

/* The RISC-V text of a translated test (lk_target.text). */
static char *riscv_text(const litmus_test *t, lk_xthread *xs)
{
	const rv_map *m = MAP(&xs[0]);
	sbuf b = { 0 };
	int nstatus = 0;

	sb_printf(&b, "RISCV %s\n", t->name);
	sb_printf(&b, "(* Translated by bpfmm lkmm-map from the C test %s, mapping %s: %s *)\n",
		  t->name, m->name, m->what);
	lk_print_head(&b, t, xs, NULL);
	if (t->nlocations) {
		sb_printf(&b, "locations [");
		for (int k = 0; k < t->nlocations; k++) {
			lk_print_obs(&b, t, &t->locations[k], lk_xreg, xs);
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
		lk_print_prop(&b, t, t->filter, lk_xreg, xs);
	}
	if (nstatus || t->filter)
		sb_printf(&b, "\n");
	sb_printf(&b, "%s ", t->quant == Q_EXISTS ? "exists" : t->quant == Q_NOT_EXISTS ? "~exists" : "forall");
	lk_print_prop(&b, t, t->cond, lk_xreg, xs);
	sb_printf(&b, "\n");
	return b.s;
}

static const lk_target rv_target = {
	"RISC-V", "x", allocate, translate_insn, translate_rmw, translate_cas, translate_branch, riscv_text,
};

/* ---- one test ------------------------------------------------------------ */

typedef struct {
	lk_cmd c;                 /* --emit, -v, --json, the budget */
	const rv_map *maps[NMAPS];
	int nmaps;
} lmopts;

/* Read and check one C test, then translate it with each mapping
 * (lk_pair_test_fn, for -j). */
static int lm_test(const void *opts, const char *file, cat_run *lkmm, cat_run *rv, FILE *out, FILE *err)
{
	const lmopts *o = opts;
	check_result rc = { 0 };
	litmus_test *tc = lk_read_checked(&o->c, file, lkmm, &rc, out, err);
	int status = !tc;

	for (int k = 0; tc && k < o->nmaps; k++)
		status |= lk_translate_test(&o->c, file, tc, &rc, o->maps[k]->name, o->maps[k], rv, out, err);
	check_result_free(&rc);
	litmus_free(tc);
	return status;
}

static const char *mapping_help(char *help, size_t size);

static const opt_row lkmm_map_rows[] = {
	OPT_OWN_FN(LK_OWN, "--mapping", "NAME", mapping_help),
	OPT_OWN(LK_EMIT, "--emit", "DIR", "also write DIR/TEST.MAPPING.litmus"),
	LK_ROW_INCDIR,
	OPT_OWN(LK_VERBOSE, "-v", NULL, "print RISC-V-only final states and the translation"),
	LK_ROW_JOBS,
	LK_ROW_SHARD,
	OPT_SHARED(OPT_JSON, "--json, -json", NULL,
	  "one JSON object per line (per test and mapping) instead\n"
	  "of the LKMM-MAP line: file (as named on the command\n"
	  "line), test, mapping, lkmm and riscv (the verdicts:\n"
	  "Never, Sometimes, Always; riscv null when refused),\n"
	  "verdict (sound, sound-stronger, unsound, refused), state\n"
	  "(unsound: the first RISC-V-only final state, as a string\n"
	  "in herd7's States syntax with the C test's names, else\n"
	  "null), reason (refused: why, else null). A test that\n"
	  "cannot be read or checked gives {\"file\", \"error\",\n"
	  "\"warnings\"}, error being the FILE: error: line also\n"
	  "printed on stderr.\n"
	  OPT_JSON_ERROR_PARTS),
	OPT_HELP_ROW(LK_HELP),
	OPT_END,
};

static const char lkmm_map_head[] =
"Usage: bpfmm lkmm-map --mapping NAME [--mapping NAME...] [--emit DIR] [-I LKMM_DIR] [-v] [--json]\n"
"                      FILE.litmus...\n"
"\n"
"Write each C (LKMM) litmus test as a RISC-V test with the instruction\n"
"sequences Linux uses for its primitives, check the C test with the\n"
"kernel's linux-kernel.cat and the RISC-V one with riscv.cat, and print\n"
"  LKMM-MAP NAME MAPPING LKMM=<verdict> RISCV=<verdict> VERDICT [STATE]\n"
"sound: the same final states; sound-stronger: RISC-V allows fewer;\n"
"unsound: RISC-V allows STATE, which the LKMM forbids; refused (why):\n"
"no RISC-V mapping here (RCU, SRCU, locks). A last line sums the run up\n"
"(one verdict per test and mapping; not with --json, nor in a --shard K/N\n"
"of N > 1), as map's, c2bpf's and clang2bpf's do:\n"
"  lkmm-map: N tests, R verdicts: A sound, B sound-stronger, C unsound,\n"
"  D refused, E unsupported, F unchecked; G errors\n"
"\n";

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

/* --mapping NAME: 0, or 2 for an unknown one */
static int mapping_option(void *opts, const char *name)
{
	if (!add_mapping(opts, name))
		return 0;
	fprintf(stderr, "bpfmm lkmm-map: unknown mapping '%s' (known:", name);
	for (int k = 0; k < NMAPS; k++)
		fprintf(stderr, " %s", rv_maps[k].name);
	fprintf(stderr, ", all)\n");
	return 2;
}

/* no --mapping given yet */
static const char *no_mapping(const void *opts)
{
	return ((const lmopts *)opts)->nmaps ? NULL : "no --mapping given";
}

static const opt_spec lkmm_map_spec = {
	.cmd = "lkmm-map", .head = lkmm_map_head, .rows = lkmm_map_rows, .col = 18,
};

static const lk_cmd lkmm_map_cmd = {
	&rv_target, "lkmm-map", "LKMM-MAP", "RISCV", "riscv", { "unsound", "sound-stronger", "sound" },
	true, &lkmm_map_spec, mapping_option, no_mapping, lm_test, "riscv.cat", "RISCV",
	.budget = CHECK_BUDGET,
};

/* --mapping's help: the names of rv_maps, "or all", wrapped */
static const char *mapping_help(char *help, size_t size)
{
	char text[512];
	size_t n = 0;

	for (int k = 0; k < NMAPS && n < sizeof text; k++)
		n += (size_t)snprintf(text + n, sizeof text - n, "%s, ", rv_maps[k].name);
	if (n < sizeof text)
		snprintf(text + n, sizeof text - n, "or all (repeatable)");
	return opt_wrap(help, size, text, 54);
}

int lkmm_map_main(int argc, char **argv, const char *model_dir, const char *self)
{
	lmopts o = { .c = lkmm_map_cmd };

	return lk_cmd_main(&o.c, &o, argc, argv);
}
