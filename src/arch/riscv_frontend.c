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
#include <string.h>
#include "arch/riscv_frontend.h"
#include "arch/asm_kit.h"

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

/* Mnemonic split at its dots: base ("amoswap") and suffix flags. */
typedef struct {
	char base[MNEMONIC_MAX];
	int width;      /* .w: 4, .d: 8, else 0 */
	bool aq, rl, tso, fi;
	int nsuffix;
} mnemonic;

typedef struct {
	asm_parser p;
	mnemonic m;     /* the instruction's */
} rv_parser;

static const mnemonic *mnem(asm_parser *p)
{
	return &((rv_parser *)p)->m;
}

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
static int rv_unknown(asm_parser *rp)
{
	static const char *const other[] = { "fence", "fence.tso", "lr.w", "lr.d", "sc.w", "sc.d", "amocas.w", "amocas.d", "li", "mv",
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
	return asm_unknown_names(rp, names);
}

/* A register name; *zero tells whether it is x0. */
static int parse_reg_name(asm_parser *rp, char *name, bool *zero)
{
	if (asm_reg_name(rp, NULL, name))
		return -1;
	*zero = is_zero_reg(name);
	return 0;
}

/* A source register: x0 reads as the immediate 0. */
static int parse_src_reg(asm_parser *rp, opnd *o)
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
static int parse_dst_reg(asm_parser *rp, int *reg, bool *zero)
{
	char name[LEX_MAX_NAME];

	if (parse_reg_name(rp, name, zero))
		return -1;
	*reg = litmus_reg(rp->t, name);
	return 0;
}

/* `off(rs1)` or `(rs1)`: base in in->a, offset in in->off. */
static int parse_mem(asm_parser *rp, ir_insn *in)
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

/* Read the mnemonic (letters, digits and dots) and split it. */
static int read_mnemonic(asm_parser *rp, mnemonic *m)
{
	char buf[MNEMONIC_MAX], *part, *save = NULL;

	memset(m, 0, sizeof *m);
	if (asm_mnemonic(rp, buf, sizeof buf, ".", ASM_LOWER))
		return -1;
	part = strtok_r(buf, ".", &save);
	if (!part)
		return asm_unknown(rp);
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
			return asm_unknown(rp);
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

/* `fence`, `fence PRED,SUCC`, `fence.tso`, `fence.i`. A set is letters of
 * "iorw"; i and o (device input/output) order no memory access here. */
static int parse_fence(asm_parser *rp, const mnemonic *m)
{
	lexer *lx = &rp->lx;
	tagmask t = 0;
	ir_insn *in = asm_emit(rp, IR_FENCE);

	if (m->width || m->aq || m->rl || (m->tso && m->fi) || m->nsuffix > 1)
		return asm_unknown(rp);
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

		if (side == 1 && asm_comma(rp))
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
static int parse_lrsc(asm_parser *rp, const char *b)
{
	bool zero;

	const mnemonic *m = mnem(rp);

	if (strcmp(m->base, "lr") != 0 && strcmp(m->base, "sc") != 0)
		return FE_NOT_MINE;
	if (!m->width)
		return asm_unknown(rp);
	if (m->base[0] == 'l') {
		ir_insn *in = asm_emit(rp, IR_LOAD);
		in->reserve = true;
		in->size = m->width;
		in->tags_r = TAG(RV_TAG_X) | annot_lrsc(m, true);
		if (parse_dst_reg(rp, &in->dst, &zero) || asm_comma(rp) || parse_mem(rp, in))
			return -1;
		if (!zero && m->width == 4)
			asm_extend(rp, in->dst, 32, true);
		return 0;
	}
	ir_insn *in = asm_emit(rp, IR_SC);
	in->size = m->width;
	in->tags_w = TAG(RV_TAG_X) | annot_lrsc(m, false);
	if (parse_dst_reg(rp, &in->dst, &zero) || asm_comma(rp)
	    || parse_src_reg(rp, &in->b) || asm_comma(rp) || parse_mem(rp, in))
		return -1;
	if (zero)
		in->dst = -1;
	return 0;
}

/* loads: `lw rd, off(rs1)`, with an optional .aq (and .rl) */
static int parse_load(asm_parser *rp, const char *b)
{
	const mnemonic *m = mnem(rp);
	bool zero;
	size_t i;

	for (i = 0; i < NELEM(rv_loads) && strcmp(m->base, rv_loads[i].name) != 0; i++)
		;
	if (i == NELEM(rv_loads))
		return FE_NOT_MINE;
	if (m->width)
		return asm_unknown(rp);
	ir_insn *in = asm_emit(rp, IR_LOAD);
	in->size = rv_loads[i].size;
	in->tags_r = annot(m);
	if (parse_dst_reg(rp, &in->dst, &zero) || asm_comma(rp) || parse_mem(rp, in))
		return -1;
	if (zero || in->size == 8)
		return 0;
	asm_extend(rp, in->dst, 8 * in->size, !rv_loads[i].zext);
	return 0;
}

/* stores: `sw rs2, off(rs1)`, with an optional .rl (and .aq) */
static int parse_store(asm_parser *rp, const char *b)
{
	const mnemonic *m = mnem(rp);
	size_t i;

	for (i = 0; i < NELEM(rv_stores) && strcmp(m->base, rv_stores[i].name) != 0; i++)
		;
	if (i == NELEM(rv_stores))
		return FE_NOT_MINE;
	if (m->width)
		return asm_unknown(rp);
	ir_insn *in = asm_emit(rp, IR_STORE);
	in->size = rv_stores[i].size;
	in->tags_w = annot(m);
	return parse_src_reg(rp, &in->b) || asm_comma(rp) || parse_mem(rp, in) ? -1 : 0;
}

/* AMOs: one event that both reads and writes */
static int parse_amo(asm_parser *rp, const char *b)
{
	const mnemonic *m = mnem(rp);
	bool zero;
	size_t i;

	for (i = 0; i < NELEM(rv_amos) && strcmp(m->base, rv_amos[i].name) != 0; i++)
		;
	if (i == NELEM(rv_amos))
		return FE_NOT_MINE;
	if (!m->width)
		return asm_unknown(rp);
	ir_insn *in = asm_emit(rp, IR_RMW);
	in->alu = rv_amos[i].alu;
	in->size = m->width;
	in->tags_r = in->tags_w = TAG(RV_TAG_AMO) | annot(m);
	if (parse_dst_reg(rp, &in->dst, &zero) || asm_comma(rp)
	    || parse_src_reg(rp, &in->b) || asm_comma(rp) || parse_mem(rp, in))
		return -1;
	if (zero)
		in->dst = -1;
	else if (m->width == 4)     /* rd gets the old word, sign-extended */
		asm_extend(rp, in->dst, 32, true);
	return 0;
}

/* Zacas: `amocas.{w,d}[.aq][.rl] rd, rs2, (rs1)`: compare the memory
 * word / doubleword with rd, store rs2 if equal; rd gets the value read
 * (a word sign-extended). A read and, on success, a write linked by rmw,
 * both AMO events with the annotations. A failing one is the read alone,
 * with acquire semantics if .aq but never release ones, whatever .rl
 * (the Zacas chapter of the unprivileged ISA manual: "when not
 * successful, has acquire semantics if aq bit is 1 but does not have
 * release semantics, regardless of rl"; the old value it may write back
 * changes no value and is left out). docs/riscv-model.md, "Zacas". */
static int parse_amocas(asm_parser *rp, const char *b)
{
	const mnemonic *m = mnem(rp);
	bool zero;

	if (strcmp(b, "amocas") != 0)
		return FE_NOT_MINE;
	if (!m->width)
		return asm_unknown(rp);   /* amocas.q: register pairs, not read */
	ir_insn *in = asm_emit(rp, IR_CAS);
	in->size = m->width;
	in->tags_r = in->tags_w = TAG(RV_TAG_AMO) | annot(m);
	in->tags_fail = TAG(RV_TAG_AMO) | (m->aq ? TAG(RV_TAG_AQ) : 0);
	if (parse_dst_reg(rp, &in->dst, &zero) || asm_comma(rp)
	    || parse_src_reg(rp, &in->c) || asm_comma(rp) || parse_mem(rp, in))
		return -1;
	if (zero) {   /* compares with 0, the value read is dropped */
		in->b = (opnd){ .kind = OPND_IMM, .imm = value_int(0) };
		in->dst = -1;
		return 0;
	}
	in->b = (opnd){ .kind = OPND_REG, .reg = in->dst };
	if (m->width == 4)
		asm_extend(rp, in->dst, 32, true);
	return 0;
}

/* Register operations: the ALU table, `sext.w`, `lui`, `li`, `mv`, `nop`.
 * Only sext takes a suffix (.w). */
static int parse_alu(asm_parser *rp, const char *b)
{
	const mnemonic *m = mnem(rp);
	bool zero;
	size_t i;

	if (!strcmp(b, "sext") && m->width == 4 && m->nsuffix == 1) {
		/* sext.w rd, rs = addiw rd, rs, 0 */
		ir_insn *in = asm_emit(rp, IR_MOV);
		if (parse_dst_reg(rp, &in->dst, &zero) || asm_comma(rp)
		    || parse_src_reg(rp, &in->a))
			return -1;
		if (zero)
			rp->th->ncode--;
		else
			asm_extend(rp, in->dst, 32, true);
		return 0;
	}
	for (i = 0; i < NELEM(rv_alus) && strcmp(b, rv_alus[i].name) != 0; i++)
		;
	if (i == NELEM(rv_alus) && strcmp(b, "lui") != 0 && strcmp(b, "li") != 0
	    && strcmp(b, "mv") != 0 && strcmp(b, "nop") != 0)
		return FE_NOT_MINE;
	if (m->nsuffix)
		return asm_unknown(rp);
	if (i < NELEM(rv_alus)) {
		ir_insn *in = asm_emit(rp, IR_ALU);
		in->alu = rv_alus[i].alu;
		if (parse_dst_reg(rp, &in->dst, &zero) || asm_comma(rp)
		    || parse_src_reg(rp, &in->a) || asm_comma(rp)
		    || (rv_alus[i].imm ? asm_imm(rp, &in->b, false) : parse_src_reg(rp, &in->b)))
			return -1;
		if (zero) {
			rp->th->ncode--;
			return 0;
		}
		return rv_alus[i].w ? asm_lower_w(rp, in, RV_TMP_REG) : 0;
	}
	if (!strcmp(b, "lui")) {
		/* rd = imm << 12, the 32-bit result sign-extended */
		srcpos at;
		ir_insn *in = asm_emit(rp, IR_MOV);

		if (parse_dst_reg(rp, &in->dst, &zero) || asm_comma(rp))
			return -1;
		at = lex_here(&rp->lx);
		if (asm_imm(rp, &in->a, false))
			return -1;
		if (in->a.imm.off < 0 || in->a.imm.off > 0xfffff)
			return diag_error(rp->d, at, "lui immediate out of range (0..0xfffff)");
		in->a.imm.off = (int32_t)(uint32_t)((uint64_t)in->a.imm.off << 12);
		if (zero)
			rp->th->ncode--;
		return 0;
	}
	if (!strcmp(b, "nop"))
		return 0;
	/* li, mv */
	ir_insn *in = asm_emit(rp, IR_MOV);
	if (parse_dst_reg(rp, &in->dst, &zero) || asm_comma(rp)
	    || (b[0] == 'l' ? asm_imm(rp, &in->a, false) : parse_src_reg(rp, &in->a)))
		return -1;
	if (zero)
		rp->th->ncode--;
	return 0;
}

/* Branches: the conditional table, `beqz`, `bnez`, `j`; no suffix. */
static int parse_branch(asm_parser *rp, const char *b)
{
	size_t i;

	for (i = 0; i < NELEM(rv_branches) && strcmp(b, rv_branches[i].name) != 0; i++)
		;
	if (i == NELEM(rv_branches) && strcmp(b, "beqz") != 0 && strcmp(b, "bnez") != 0
	    && strcmp(b, "j") != 0)
		return FE_NOT_MINE;
	if (mnem(rp)->nsuffix)
		return asm_unknown(rp);
	ir_insn *in = asm_emit(rp, IR_BRANCH);
	if (i < NELEM(rv_branches)) {
		in->cmp = rv_branches[i].cmp;
		return parse_src_reg(rp, &in->a) || asm_comma(rp)
		       || parse_src_reg(rp, &in->b) || asm_comma(rp)
		       || asm_label_ref(rp) ? -1 : 0;
	}
	if (b[0] == 'j') {
		in->cmp = CMP_ALWAYS;
		return asm_label_ref(rp);
	}
	in->cmp = b[1] == 'e' ? CMP_EQ : CMP_NE;
	in->b.kind = OPND_IMM;
	in->b.imm = value_int(0);
	return parse_src_reg(rp, &in->a) || asm_comma(rp) || asm_label_ref(rp) ? -1 : 0;
}

/* The instruction classes, in the order rv_insn tries them. */
static const asm_class rv_classes[] = {
	parse_lrsc, parse_load, parse_store, parse_amo, parse_amocas, parse_alu, parse_branch,
};

/* One instruction: a move or ALU operation into x0 becomes none. */
static int rv_insn(asm_parser *rp, bool labelled)
{
	mnemonic *m = &((rv_parser *)rp)->m;

	(void)labelled;
	if (read_mnemonic(rp, m))
		return -1;
	if (!strcmp(m->base, "fence"))
		return parse_fence(rp, m);
	if (m->tso || m->fi)
		return asm_unknown(rp);
	return ASM_CLASSES(rp, m->base, rv_classes);
}

static const asm_dialect rv_dialect = {
	.ir_per_cell = RV_MAX_IR,
	.insn = rv_insn,
	.unknown = rv_unknown,
	.reg_hint = " (expected x0..x31 or an ABI name)",
};

static int rv_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			   diag *d)
{
	return asm_parse_thread(&(rv_parser){ 0 }.p, &rv_dialect, t, ti, cells, ncells, d);
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
