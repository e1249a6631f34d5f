/* riscv_frontend.c - parse RISCV litmus cells and lower them to IR.
 *
 * Each cell holds at most one label (`LC00:`) and at most one instruction.
 * An instruction becomes at most RV_MAX_IR IR instructions (a move or ALU
 * operation into x0 becomes none): the extensions the ISA asks for (a
 * narrow load's sign or zero extension, the sign extension of a W-form's
 * 32-bit result) are IR_ALU shifts and masks after the operation. A thread
 * needs at most RV_MAX_IR IR slots, one label and one branch per cell.
 *
 * Memory locations hold whole values (no bytes): a narrow load takes the
 * low bytes of the value and extends them, which is the ISA's result when
 * the access is at the start of the location; a narrow store writes the
 * whole register (see docs/riscv-model.md).
 *
 * x0 (`zero`) reads as 0 everywhere: as a source it is the immediate 0.
 * Registers are interned under the name the test writes, so an ABI name and
 * its xN alias (a0 / x10) are NOT the same register; no test of the
 * conformance suite mixes them.
 *
 * Mnemonics are case-insensitive (herd7 takes `MV`, `NOP`).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "arch/riscv_frontend.h"
#include "arch/frontend_labels.h"
#include "litmus/litmus_lex.h"

enum {
	RV_TAG_AQ, RV_TAG_RL, RV_TAG_AMO, RV_TAG_X,
	RV_TAG_FPR, RV_TAG_FPW, RV_TAG_FSR, RV_TAG_FSW, RV_TAG_TSO, RV_TAG_FI,
	RV_NTAGS
};

/* Event tags, visible to the cat model as event sets of the same name. */
static const char *const rv_tag_names[] = {
	/* an access with an .aq annotation (lw.aq, amo*.aq, ...) */
	[RV_TAG_AQ] = "AQ",
	/* an access with an .rl annotation (sw.rl, amo*.rl, ...) */
	[RV_TAG_RL] = "RL",
	/* the (single, read-and-write) event of an AMO instruction */
	[RV_TAG_AMO] = "AMO",
	/* events of LR / SC */
	[RV_TAG_X] = "X",
	/* fences: which accesses the predecessor set (P) and the successor
	 * set (S) hold; `fence r,rw` is FencePR & FenceSR & FenceSW */
	[RV_TAG_FPR] = "FencePR",
	[RV_TAG_FPW] = "FencePW",
	[RV_TAG_FSR] = "FenceSR",
	[RV_TAG_FSW] = "FenceSW",
	/* fence.tso: orders R before R/W and W before W */
	[RV_TAG_TSO] = "FenceTSO",
	/* fence.i: instruction-fetch fence, orders no data access */
	[RV_TAG_FI] = "FenceI",
};
_Static_assert(sizeof rv_tag_names / sizeof *rv_tag_names == RV_NTAGS,
	       "one name per RISCV tag");

#define TAG(t) ((tagmask)1 << (t))
#define NELEM(a) (sizeof (a) / sizeof *(a))
#define MNEMONIC_MAX 32
#define RV_MAX_IR 5     /* IR instructions one RISCV instruction may become */
/* Hidden register for a W-form shift amount (not a RISCV register name, so
 * no test can name or observe it). */
#define RV_TMP_REG "~shamt"

static const struct { const char *name; int size; bool zext; } rv_loads[] = {
	{ "lb", 1, false }, { "lh", 2, false }, { "lw", 4, false }, { "ld", 8, false },
	{ "lbu", 1, true }, { "lhu", 2, true }, { "lwu", 4, true },
};

static const struct { const char *name; int size; } rv_stores[] = {
	{ "sb", 1 }, { "sh", 2 }, { "sw", 4 }, { "sd", 8 },
};

/* `op rd, rs1, rs2` and `opi rd, rs1, imm`. A W form (w) computes on the
 * low 32 bits and sign-extends the 32-bit result to 64. */
static const struct { const char *name; alu_op alu; bool imm, w; } rv_alus[] = {
	{ "add", ALU_ADD, false, false }, { "sub", ALU_SUB, false, false },
	{ "xor", ALU_XOR, false, false }, { "and", ALU_AND, false, false },
	{ "or", ALU_OR, false, false }, { "sll", ALU_SHL, false, false },
	{ "srl", ALU_SHR, false, false }, { "sra", ALU_ASHR, false, false },
	{ "mul", ALU_MUL, false, false },
	{ "addi", ALU_ADD, true, false }, { "xori", ALU_XOR, true, false },
	{ "andi", ALU_AND, true, false }, { "ori", ALU_OR, true, false },
	{ "slli", ALU_SHL, true, false }, { "srli", ALU_SHR, true, false },
	{ "srai", ALU_ASHR, true, false },
	{ "addw", ALU_ADD, false, true }, { "subw", ALU_SUB, false, true },
	{ "mulw", ALU_MUL, false, true }, { "sllw", ALU_SHL, false, true },
	{ "srlw", ALU_SHR, false, true }, { "sraw", ALU_ASHR, false, true },
	{ "addiw", ALU_ADD, true, true }, { "slliw", ALU_SHL, true, true },
	{ "srliw", ALU_SHR, true, true }, { "sraiw", ALU_ASHR, true, true },
};

static const struct { const char *name; cmp_op cmp; } rv_branches[] = {
	{ "beq", CMP_EQ }, { "bne", CMP_NE }, { "blt", CMP_SLT }, { "bge", CMP_SGE },
	{ "bltu", CMP_LT }, { "bgeu", CMP_GE },
};

/* `amoOP.{w,d}[.aq][.rl] rd, rs2, off(rs1)` */
static const struct { const char *name; alu_op alu; } rv_amos[] = {
	{ "amoswap", ALU_MOVB }, { "amoadd", ALU_ADD }, { "amoand", ALU_AND },
	{ "amoor", ALU_OR }, { "amoxor", ALU_XOR }, { "amomin", ALU_SMIN },
	{ "amomax", ALU_SMAX }, { "amominu", ALU_UMIN }, { "amomaxu", ALU_UMAX },
};

static const struct { const char *abi, *x; } rv_abi_names[] = {
	{ "zero", "x0" }, { "ra", "x1" }, { "sp", "x2" }, { "gp", "x3" }, { "tp", "x4" },
	{ "t0", "x5" }, { "t1", "x6" }, { "t2", "x7" }, { "s0", "x8" }, { "fp", "x8" },
	{ "s1", "x9" }, { "a0", "x10" }, { "a1", "x11" }, { "a2", "x12" }, { "a3", "x13" },
	{ "a4", "x14" }, { "a5", "x15" }, { "a6", "x16" }, { "a7", "x17" },
	{ "s2", "x18" }, { "s3", "x19" }, { "s4", "x20" }, { "s5", "x21" }, { "s6", "x22" },
	{ "s7", "x23" }, { "s8", "x24" }, { "s9", "x25" }, { "s10", "x26" }, { "s11", "x27" },
	{ "t3", "x28" }, { "t4", "x29" }, { "t5", "x30" }, { "t6", "x31" },
};

static const char *rv_canon_register(const char *name, char *buf)
{
	for (size_t i = 0; i < NELEM(rv_abi_names); i++)
		if (strcmp(name, rv_abi_names[i].abi) == 0)
			return rv_abi_names[i].x;
	return NULL;
}

typedef struct {
	litmus_test *t;
	litmus_thread *th;
	lexer lx;
	fe_labels lab;
	const char *insn_text;
	srcpos insn_pos;
	diag *d;
} rv_parser;

/* Mnemonic split at its dots: base ("amoswap") and suffix flags. */
typedef struct {
	char base[MNEMONIC_MAX];
	int width;      /* .w: 4, .d: 8, else 0 */
	bool aq, rl, tso, fi;
	int nsuffix;
} mnemonic;

static bool rv_is_register(const char *name)
{
	if (name[0] == 'x' && name[1] >= '0' && name[1] <= '9') {
		if (name[2] == '\0')
			return true;
		if (name[1] == '0' || name[2] < '0' || name[2] > '9' || name[3] != '\0')
			return false;
		return (name[1] - '0') * 10 + (name[2] - '0') <= 31;
	}
	for (size_t i = 0; i < NELEM(rv_abi_names); i++)
		if (strcmp(name, rv_abi_names[i].abi) == 0)
			return true;
	return false;
}

static bool is_zero_reg(const char *name)
{
	return strcmp(name, "x0") == 0 || strcmp(name, "zero") == 0;
}

/* The mnemonics of the tables above and the others the dialect reads,
 * for "did you mean". */
static int unknown_insn(rv_parser *rp)
{
	static const char *const other[] = { "fence", "fence.tso", "lr.w", "lr.d", "sc.w", "sc.d", "li", "mv",
					     "j", "beqz", "bnez", "nop", NULL };
	const char *names[NELEM(rv_loads) + NELEM(rv_stores) + NELEM(rv_alus) + NELEM(rv_branches)
			  + NELEM(rv_amos) + NELEM(other)];
	size_t n = 0;

	for (size_t i = 0; i < NELEM(rv_loads); i++)
		names[n++] = rv_loads[i].name;
	for (size_t i = 0; i < NELEM(rv_stores); i++)
		names[n++] = rv_stores[i].name;
	for (size_t i = 0; i < NELEM(rv_alus); i++)
		names[n++] = rv_alus[i].name;
	for (size_t i = 0; i < NELEM(rv_branches); i++)
		names[n++] = rv_branches[i].name;
	for (size_t i = 0; i < NELEM(rv_amos); i++)
		names[n++] = rv_amos[i].name;
	for (size_t i = 0; other[i]; i++)
		names[n++] = other[i];
	names[n] = NULL;
	return fe_unknown_insn(rp->d, rp->insn_pos, "RISCV", rp->insn_text, names);
}

/* A register name; *zero tells whether it is x0. */
static int parse_reg_name(rv_parser *rp, char *name, bool *zero)
{
	srcpos at = lex_here(&rp->lx);

	if (lex_ident(&rp->lx, name, "a register"))
		return -1;
	if (!rv_is_register(name))
		return diag_error(rp->d, at,
				  "invalid RISCV register '%s' (expected x0..x31 or an ABI name)", name);
	*zero = is_zero_reg(name);
	return 0;
}

/* A source register: x0 reads as the immediate 0. */
static int parse_src_reg(rv_parser *rp, opnd *o)
{
	char name[LEX_MAX_NAME];
	bool zero;

	if (parse_reg_name(rp, name, &zero))
		return -1;
	if (zero) {
		o->kind = OPND_IMM;
		o->imm = value_int(0);
		return 0;
	}
	o->kind = OPND_REG;
	o->reg = litmus_reg(rp->t, name);
	return 0;
}

/* A destination register; *zero is set for x0 (the register is still
 * interned, a load needs somewhere to put its value). */
static int parse_dst_reg(rv_parser *rp, int *reg, bool *zero)
{
	char name[LEX_MAX_NAME];

	if (parse_reg_name(rp, name, zero))
		return -1;
	*reg = litmus_reg(rp->t, name);
	return 0;
}

static int parse_imm(rv_parser *rp, opnd *o)
{
	o->kind = OPND_IMM;
	o->imm = value_int(0);
	return lex_int(&rp->lx, &o->imm.off, "an immediate");
}

static int expect_comma(rv_parser *rp)
{
	return lex_expect(&rp->lx, ",");
}

/* `off(rs1)` or `(rs1)`: base in in->a, offset in in->off. */
static int parse_mem(rv_parser *rp, ir_insn *in)
{
	in->off = 0;
	if (lex_peek_number(&rp->lx) && lex_int(&rp->lx, &in->off, "an offset"))
		return -1;
	if (lex_expect(&rp->lx, "("))
		return -1;
	if (parse_src_reg(rp, &in->a))
		return -1;
	return lex_expect(&rp->lx, ")");
}

/* A branch target: remembered for fe_labels_resolve. */
static int parse_label_ref(rv_parser *rp)
{
	return fe_label_ref(&rp->lab, &rp->lx, rp->th->ncode);
}

/* Read the mnemonic (letters, digits and dots) and split it. */
static int read_mnemonic(rv_parser *rp, mnemonic *m)
{
	lexer *lx = &rp->lx;
	char buf[MNEMONIC_MAX], *part, *save = NULL;
	size_t n = 0;

	memset(m, 0, sizeof *m);
	lex_skip_blanks(lx);
	while (lex_is_ident_char(lx->p[n]) || lx->p[n] == '.') {
		if (n + 1 >= sizeof buf)
			return unknown_insn(rp);
		buf[n] = lx->p[n];
		n++;
	}
	if (n == 0)
		return unknown_insn(rp);
	buf[n] = '\0';
	for (size_t k = 0; k < n; k++)
		buf[k] = (char)tolower((unsigned char)buf[k]);
	lex_advance(lx, n);
	part = strtok_r(buf, ".", &save);
	if (!part)
		return unknown_insn(rp);
	strcpy(m->base, part);
	while ((part = strtok_r(NULL, ".", &save)) != NULL) {
		m->nsuffix++;
		if (!strcmp(part, "w"))
			m->width = 4;
		else if (!strcmp(part, "d"))
			m->width = 8;
		else if (!strcmp(part, "aq"))
			m->aq = true;
		else if (!strcmp(part, "rl"))
			m->rl = true;
		else if (!strcmp(part, "aqrl"))
			m->aq = m->rl = true;
		else if (!strcmp(part, "tso"))
			m->tso = true;
		else if (!strcmp(part, "i"))
			m->fi = true;
		else
			return unknown_insn(rp);
	}
	return 0;
}

static tagmask annot(const mnemonic *m)
{
	return (m->aq ? TAG(RV_TAG_AQ) : 0) | (m->rl ? TAG(RV_TAG_RL) : 0);
}

/* The annotations of an LR or SC: a release annotation on an LR alone
 * (lr.rl) and an acquire annotation on an SC alone (sc.aq) order nothing
 * (herd7's RISC-V model: MP with `lr.w.rl` and SB with `sc.w.aq` are
 * Allowed; with .aqrl both are honoured). */
static tagmask annot_lrsc(const mnemonic *m, bool is_lr)
{
	if (m->aq && m->rl)
		return annot(m);
	if (is_lr)
		return m->aq ? TAG(RV_TAG_AQ) : 0;
	return m->rl ? TAG(RV_TAG_RL) : 0;
}

static opnd reg_opnd(int reg)
{
	opnd o = { .kind = OPND_REG, .reg = reg };
	return o;
}

/* Append `dst = a op imm` to the *n IR instructions at in. */
static void emit_alu(ir_insn *in, int *n, int dst, opnd a, alu_op op, int64_t imm)
{
	ir_insn *x = &in[(*n)++];
	srcpos pos = in->pos;   /* before x (possibly in itself) is cleared */

	memset(x, 0, sizeof *x);
	x->op = IR_ALU;
	x->pos = pos;
	x->dst = dst;
	x->alu = op;
	x->a = a;
	x->b.kind = OPND_IMM;
	x->b.imm = value_int(imm);
}

/* dst = its low `bits` bits sign-extended: shift them to the top, then
 * arithmetic shift back. */
static void emit_sext(ir_insn *in, int *n, int dst, int bits)
{
	emit_alu(in, n, dst, reg_opnd(dst), ALU_SHL, 64 - bits);
	emit_alu(in, n, dst, reg_opnd(dst), ALU_ASHR, 64 - bits);
}

/* dst = its low `bits` bits zero-extended. */
static void emit_zext(ir_insn *in, int *n, int dst, int bits)
{
	emit_alu(in, n, dst, reg_opnd(dst), ALU_AND, (int64_t)((UINT64_C(1) << bits) - 1));
}

/* A W-form ALU instruction `in` (dst = a op b, already parsed) lowered to
 * 32-bit arithmetic: the result's low 32 bits sign-extended; a shift uses
 * the low 5 bits of its amount and a right shift only the low 32 bits of
 * its operand. */
static int lower_w(rv_parser *rp, ir_insn *in, int *n)
{
	int dst = in->dst;
	alu_op op = in->alu;
	opnd a = in->a, b = in->b;

	if (op != ALU_SHL && op != ALU_SHR && op != ALU_ASHR) {
		emit_sext(in, n, dst, 32);
		return 0;
	}
	if (b.kind == OPND_IMM && (b.imm.off < 0 || b.imm.off > 31))
		return diag_error(rp->d, rp->insn_pos, "shift amount out of range (0..31) in '%s'",
				  rp->insn_text);
	*n = 0;        /* rewrite from the start */
	if (b.kind == OPND_REG) {
		/* the masked amount goes to a hidden register first: rd may be
		 * rs2, and is written before the shift */
		int t;

		t = litmus_reg(rp->t, RV_TMP_REG);
		emit_alu(in, n, t, b, ALU_AND, 31);
		b = reg_opnd(t);
	}
	if (op == ALU_SHL) {
		emit_alu(in, n, dst, a, ALU_SHL, 0);
		in[*n - 1].b = b;
		emit_sext(in, n, dst, 32);
	} else if (op == ALU_SHR) {
		emit_alu(in, n, dst, a, ALU_AND, 0xffffffff);
		emit_alu(in, n, dst, reg_opnd(dst), ALU_SHR, 0);
		in[*n - 1].b = b;
		emit_sext(in, n, dst, 32);
	} else {
		emit_sext(in, n, dst, 32);
		in[*n - 2].a = a;       /* sign-extend rs1 into rd */
		emit_alu(in, n, dst, reg_opnd(dst), ALU_ASHR, 0);
		in[*n - 1].b = b;
	}
	return 0;
}

/* `fence`, `fence PRED,SUCC`, `fence.tso`, `fence.i`. A set is letters of
 * "iorw"; i and o (device input/output) order no memory access here. */
static int parse_fence(rv_parser *rp, const mnemonic *m, ir_insn *in)
{
	lexer *lx = &rp->lx;
	tagmask t = 0;

	in->op = IR_FENCE;
	if (m->width || m->aq || m->rl || (m->tso && m->fi) || m->nsuffix > 1)
		return unknown_insn(rp);
	if (m->tso) {
		in->tags_f = TAG(RV_TAG_TSO);
		return 0;
	}
	if (m->fi) {
		in->tags_f = TAG(RV_TAG_FI);
		return 0;
	}
	if (lex_at_end(lx)) {   /* plain `fence` is `fence iorw,iorw` */
		in->tags_f = TAG(RV_TAG_FPR) | TAG(RV_TAG_FPW) | TAG(RV_TAG_FSR) | TAG(RV_TAG_FSW);
		return 0;
	}
	for (int side = 0; side < 2; side++) {
		char set[LEX_MAX_NAME];
		srcpos at = lex_here(lx);

		if (side == 1 && expect_comma(rp))
			return -1;
		if (lex_ident(lx, set, "a fence set (letters of 'iorw')"))
			return -1;
		for (const char *c = set; *c; c++) {
			if (*c == 'r')
				t |= TAG(side ? RV_TAG_FSR : RV_TAG_FPR);
			else if (*c == 'w')
				t |= TAG(side ? RV_TAG_FSW : RV_TAG_FPW);
			else if (*c != 'i' && *c != 'o')
				return diag_error(rp->d, at, "invalid fence set '%s' (letters of 'iorw')",
						  set);
		}
	}
	in->tags_f = t;
	return 0;
}

/* `lr.w rd, (rs1)` and `sc.w rd, rs2, (rs1)`, with .aq / .rl. */
static int parse_lrsc(rv_parser *rp, const mnemonic *m, ir_insn *in, int *n)
{
	bool zero;

	if (strcmp(m->base, "lr") != 0 && strcmp(m->base, "sc") != 0)
		return FE_NOT_MINE;
	if (!m->width)
		return unknown_insn(rp);
	if (m->base[0] == 'l') {
		in->op = IR_LOAD;
		in->reserve = true;
		in->size = m->width;
		in->tags_r = TAG(RV_TAG_X) | annot_lrsc(m, true);
		if (parse_dst_reg(rp, &in->dst, &zero) || expect_comma(rp) || parse_mem(rp, in))
			return -1;
		if (!zero && m->width == 4)
			emit_sext(in, n, in->dst, 32);
		return 0;
	}
	in->op = IR_SC;
	in->size = m->width;
	in->tags_w = TAG(RV_TAG_X) | annot_lrsc(m, false);
	if (parse_dst_reg(rp, &in->dst, &zero) || expect_comma(rp)
	    || parse_src_reg(rp, &in->b) || expect_comma(rp) || parse_mem(rp, in))
		return -1;
	if (zero)
		in->dst = -1;
	return 0;
}

/* loads: `lw rd, off(rs1)`, with an optional .aq (and .rl) */
static int parse_load(rv_parser *rp, const mnemonic *m, ir_insn *in, int *n)
{
	bool zero;
	size_t i;

	for (i = 0; i < NELEM(rv_loads) && strcmp(m->base, rv_loads[i].name) != 0; i++)
		;
	if (i == NELEM(rv_loads))
		return FE_NOT_MINE;
	if (m->width)
		return unknown_insn(rp);
	in->op = IR_LOAD;
	in->size = rv_loads[i].size;
	in->tags_r = annot(m);
	if (parse_dst_reg(rp, &in->dst, &zero) || expect_comma(rp) || parse_mem(rp, in))
		return -1;
	if (zero || in->size == 8)
		return 0;
	if (rv_loads[i].zext)
		emit_zext(in, n, in->dst, 8 * in->size);
	else
		emit_sext(in, n, in->dst, 8 * in->size);
	return 0;
}

/* stores: `sw rs2, off(rs1)`, with an optional .rl (and .aq) */
static int parse_store(rv_parser *rp, const mnemonic *m, ir_insn *in, int *n)
{
	size_t i;

	(void)n;
	for (i = 0; i < NELEM(rv_stores) && strcmp(m->base, rv_stores[i].name) != 0; i++)
		;
	if (i == NELEM(rv_stores))
		return FE_NOT_MINE;
	if (m->width)
		return unknown_insn(rp);
	in->op = IR_STORE;
	in->size = rv_stores[i].size;
	in->tags_w = annot(m);
	return parse_src_reg(rp, &in->b) || expect_comma(rp) || parse_mem(rp, in) ? -1 : 0;
}

/* AMOs: one event that both reads and writes */
static int parse_amo(rv_parser *rp, const mnemonic *m, ir_insn *in, int *n)
{
	bool zero;
	size_t i;

	for (i = 0; i < NELEM(rv_amos) && strcmp(m->base, rv_amos[i].name) != 0; i++)
		;
	if (i == NELEM(rv_amos))
		return FE_NOT_MINE;
	if (!m->width)
		return unknown_insn(rp);
	in->op = IR_RMW;
	in->alu = rv_amos[i].alu;
	in->size = m->width;
	in->tags_r = in->tags_w = TAG(RV_TAG_AMO) | annot(m);
	if (parse_dst_reg(rp, &in->dst, &zero) || expect_comma(rp)
	    || parse_src_reg(rp, &in->b) || expect_comma(rp) || parse_mem(rp, in))
		return -1;
	if (zero)
		in->dst = -1;
	else if (m->width == 4)     /* rd gets the old word, sign-extended */
		emit_sext(in, n, in->dst, 32);
	return 0;
}

/* Register operations: the ALU table, `sext.w`, `lui`, `li`, `mv`, `nop`.
 * Only sext takes a suffix (.w). */
static int parse_alu(rv_parser *rp, const mnemonic *m, ir_insn *in, int *n)
{
	const char *b = m->base;
	bool zero;
	size_t i;

	if (!strcmp(b, "sext") && m->width == 4 && m->nsuffix == 1) {
		/* sext.w rd, rs = addiw rd, rs, 0 */
		in->op = IR_MOV;
		if (parse_dst_reg(rp, &in->dst, &zero) || expect_comma(rp)
		    || parse_src_reg(rp, &in->a))
			return -1;
		if (zero)
			*n = 0;
		else
			emit_sext(in, n, in->dst, 32);
		return 0;
	}
	for (i = 0; i < NELEM(rv_alus) && strcmp(b, rv_alus[i].name) != 0; i++)
		;
	if (i == NELEM(rv_alus) && strcmp(b, "lui") != 0 && strcmp(b, "li") != 0
	    && strcmp(b, "mv") != 0 && strcmp(b, "nop") != 0)
		return FE_NOT_MINE;
	if (m->nsuffix)
		return unknown_insn(rp);
	if (i < NELEM(rv_alus)) {
		in->op = IR_ALU;
		in->alu = rv_alus[i].alu;
		if (parse_dst_reg(rp, &in->dst, &zero) || expect_comma(rp)
		    || parse_src_reg(rp, &in->a) || expect_comma(rp)
		    || (rv_alus[i].imm ? parse_imm(rp, &in->b) : parse_src_reg(rp, &in->b)))
			return -1;
		if (zero) {
			*n = 0;
			return 0;
		}
		return rv_alus[i].w ? lower_w(rp, in, n) : 0;
	}
	if (!strcmp(b, "lui")) {
		/* rd = imm << 12, the 32-bit result sign-extended */
		srcpos at;

		in->op = IR_MOV;
		if (parse_dst_reg(rp, &in->dst, &zero) || expect_comma(rp))
			return -1;
		at = lex_here(&rp->lx);
		if (parse_imm(rp, &in->a))
			return -1;
		if (in->a.imm.off < 0 || in->a.imm.off > 0xfffff)
			return diag_error(rp->d, at, "lui immediate out of range (0..0xfffff)");
		in->a.imm.off = (int32_t)(uint32_t)((uint64_t)in->a.imm.off << 12);
		if (zero)
			*n = 0;
		return 0;
	}
	if (!strcmp(b, "nop")) {
		*n = 0;
		return 0;
	}
	/* li, mv */
	in->op = IR_MOV;
	if (parse_dst_reg(rp, &in->dst, &zero) || expect_comma(rp)
	    || (b[0] == 'l' ? parse_imm(rp, &in->a) : parse_src_reg(rp, &in->a)))
		return -1;
	if (zero)
		*n = 0;
	return 0;
}

/* Branches: the conditional table, `beqz`, `bnez`, `j`; no suffix. */
static int parse_branch(rv_parser *rp, const mnemonic *m, ir_insn *in, int *n)
{
	const char *b = m->base;
	size_t i;

	(void)n;
	for (i = 0; i < NELEM(rv_branches) && strcmp(b, rv_branches[i].name) != 0; i++)
		;
	if (i == NELEM(rv_branches) && strcmp(b, "beqz") != 0 && strcmp(b, "bnez") != 0
	    && strcmp(b, "j") != 0)
		return FE_NOT_MINE;
	if (m->nsuffix)
		return unknown_insn(rp);
	in->op = IR_BRANCH;
	if (i < NELEM(rv_branches)) {
		in->cmp = rv_branches[i].cmp;
		return parse_src_reg(rp, &in->a) || expect_comma(rp)
		       || parse_src_reg(rp, &in->b) || expect_comma(rp)
		       || parse_label_ref(rp) ? -1 : 0;
	}
	if (b[0] == 'j') {
		in->cmp = CMP_ALWAYS;
		return parse_label_ref(rp);
	}
	in->cmp = b[1] == 'e' ? CMP_EQ : CMP_NE;
	in->b.kind = OPND_IMM;
	in->b.imm = value_int(0);
	return parse_src_reg(rp, &in->a) || expect_comma(rp) || parse_label_ref(rp) ? -1 : 0;
}

/* The instruction classes, in the order parse_insn tries them. */
static int (*const rv_classes[])(rv_parser *, const mnemonic *, ir_insn *, int *) = {
	parse_lrsc, parse_load, parse_store, parse_amo, parse_alu, parse_branch,
};

/* One instruction into in[0 .. *n) (*n is 1 on entry, 0 for an
 * instruction that does nothing). */
static int parse_insn(rv_parser *rp, ir_insn *in, int *n)
{
	mnemonic m;

	if (read_mnemonic(rp, &m))
		return -1;
	if (!strcmp(m.base, "fence"))
		return parse_fence(rp, &m, in);
	if (m.tso || m.fi)
		return unknown_insn(rp);
	for (size_t i = 0; i < NELEM(rv_classes); i++) {
		int rc = rv_classes[i](rp, &m, in, n);

		if (rc != FE_NOT_MINE)
			return rc;
	}
	return unknown_insn(rp);
}

/* One instruction (any label before it is consumed): fe_parse_grid calls
 * this for each cell that holds one. */
static int rv_insn(void *arg, bool labelled)
{
	rv_parser *rp = arg;
	ir_insn *in = &rp->th->code[rp->th->ncode];
	int n = 1;

	memset(in, 0, RV_MAX_IR * sizeof *in);
	in->dst = -1;
	in->pos = rp->lx.pos;
	rp->insn_pos = rp->lx.pos;
	rp->insn_text = rp->lx.p;
	if (parse_insn(rp, in, &n))
		return -1;
	rp->th->ncode += n;
	return 0;
}

static int rv_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			   diag *d)
{
	rv_parser rp = { .t = t, .th = &t->threads[ti], .d = d };

	return fe_parse_grid(rp.th, &rp.lab, &rp.lx, RV_MAX_IR, cells, ncells, rv_insn, NULL, &rp, d);
}

const frontend riscv_frontend = {
	.arch = "RISCV",
	.default_model = "riscv.cat",
	.tag_names = rv_tag_names,
	.ntags = RV_NTAGS,
	.is_register = rv_is_register,
	.canon_register = rv_canon_register,
	.parse_thread = rv_parse_thread,
	.jit_arch = "riscv64",
	.qemu_arch = "riscv64",
	.mixed = true,
};
