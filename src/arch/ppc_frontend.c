/* ppc_frontend.c - parse PPC (Power) litmus cells and lower them to IR.
 *
 * Each cell holds at most one label (`LC00:`) and at most one instruction.
 * One instruction becomes at most IR_PER_CELL IR instructions (stwcx.: the
 * address add, the SC and a move into CR0; a load: the address add, the
 * load and its extension; rlwinm: eight ALU steps).
 *
 * Without -variant mixed, memory locations hold whole values (no bytes):
 * a word load takes the low bytes of the value and zero-extends them (lwa /
 * lwax: sign-extends), which is the ISA's result when the access is at the
 * start of the location and the location holds a value of the access's
 * size. A byte or halfword access, or one at a non-zero offset `d(rA)`, is
 * mixed-size (litmus_thread.mixed): refused without -variant mixed, and
 * with it an access of its bytes (docs/mixed-size.md, "Power, MIPS,
 * ARMv7"). The engine's cells are little endian; a big-endian Power is
 * the same test with every offset mirrored in its cell (the same doc).
 *
 * Memory operands: `d(rA)` and the form `d,rA` (both: address rA + d), and
 * the indexed forms (`lwzx rD,rA,rB`: address rA + rB), which first add the
 * two registers into a hidden register, so that both give the access an
 * address dependency.
 *
 * Condition register CR0: a compare (`cmpw rA,rB`, `cmpwi rA,imm`, ...)
 * copies its operands to two hidden registers (a word compare: their low
 * words, sign- or zero-extended), and a conditional branch
 * (`beq L`, `bne L`, ...) compares those, so a branch depends (ctrl) on
 * the reads that fed the compare. `stwcx.` sets CR0 too: its
 * success/failure result (0 / 1, from IR_SC) goes to the first hidden
 * register and 0 to the second, so `beq` after it is taken on success and
 * `bne` on failure, as on the hardware (CR0.EQ = stored).
 *
 * Registers are r0..r31; r0 is an ordinary register here (no test of the
 * catalogue uses the "rA|0" reading of r0 as a base).
 */
#include <string.h>
#include "arch/ppc_frontend.h"
#include "arch/asm_kit.h"

enum { PPC_TAG_SYNC, PPC_TAG_LWSYNC, PPC_TAG_EIEIO, PPC_TAG_ISYNC, PPC_TAG_X, PPC_NTAGS };

/* Event tags, visible to the cat model as event sets of the same name. */
static const char *const ppc_tag_names[] = {
	[PPC_TAG_SYNC] = "SYNC",       /* sync (hwsync): full fence */
	[PPC_TAG_LWSYNC] = "LWSYNC",   /* lwsync: lightweight fence */
	[PPC_TAG_EIEIO] = "EIEIO",     /* eieio: orders stores */
	[PPC_TAG_ISYNC] = "ISYNC",     /* isync: with a control dependency */
	[PPC_TAG_X] = "X",             /* lwarx / stwcx. (load-reserve, store-conditional) */
};
_Static_assert(sizeof ppc_tag_names / sizeof *ppc_tag_names == PPC_NTAGS,
	       "one name per PPC tag");

#define MNEMONIC_MAX 32
#define IR_PER_CELL 8

/* Hidden registers: their names hold characters no PPC register has. */
#define CR0_A "%cr0.a"
#define CR0_B "%cr0.b"
#define EA "%ea"
#define ROT "%rot.w"

typedef enum { MEM_D, MEM_X } mem_form;

/* sext: the loaded value is sign-extended (else zero-extended) */
static const struct {
	const char *name; int size; mem_form form; bool reserve, sext;
} ppc_loads[] = {
	{ "lbz", 1, MEM_D, false, false }, { "lhz", 2, MEM_D, false, false },
	{ "lwz", 4, MEM_D, false, false }, { "lwa", 4, MEM_D, false, true },
	{ "ld", 8, MEM_D, false, false },
	{ "lbzx", 1, MEM_X, false, false }, { "lhzx", 2, MEM_X, false, false },
	{ "lwzx", 4, MEM_X, false, false }, { "lwax", 4, MEM_X, false, true },
	{ "ldx", 8, MEM_X, false, false },
	{ "lha", 2, MEM_D, false, true }, { "lhax", 2, MEM_X, false, true },
	{ "lbarx", 1, MEM_X, true, false }, { "lharx", 2, MEM_X, true, false },
	{ "lwarx", 4, MEM_X, true, false }, { "ldarx", 8, MEM_X, true, false },
};

static const struct { const char *name; int size; mem_form form; } ppc_stores[] = {
	{ "stb", 1, MEM_D }, { "sth", 2, MEM_D }, { "stw", 4, MEM_D }, { "std", 8, MEM_D },
	{ "stbx", 1, MEM_X }, { "sthx", 2, MEM_X }, { "stwx", 4, MEM_X }, { "stdx", 8, MEM_X },
};

/* `op rD,rA,rB` and `opi rD,rA,imm`; subf is rB - rA. */
static const struct { const char *name; alu_op alu; bool imm; bool swap; } ppc_alus[] = {
	{ "add", ALU_ADD, false, false }, { "subf", ALU_SUB, false, true },
	{ "sub", ALU_SUB, false, false }, { "xor", ALU_XOR, false, false },
	{ "and", ALU_AND, false, false }, { "or", ALU_OR, false, false },
	{ "mullw", ALU_MUL, false, false }, { "mulld", ALU_MUL, false, false },
	{ "slw", ALU_SHL, false, false }, { "srw", ALU_SHR, false, false },
	{ "sld", ALU_SHL, false, false }, { "srd", ALU_SHR, false, false },
	{ "srad", ALU_ASHR, false, false },
	{ "addi", ALU_ADD, true, false }, { "xori", ALU_XOR, true, false },
	{ "ori", ALU_OR, true, false }, { "andi.", ALU_AND, true, false },
	{ "mulli", ALU_MUL, true, false },
	/* 64-bit shifts by an immediate (rldicr / rldicl / sradi aliases) */
	{ "sldi", ALU_SHL, true, false }, { "srdi", ALU_SHR, true, false },
	{ "sradi", ALU_ASHR, true, false },
};

/* Compares: signed or not, register or immediate second operand, of the
 * low words (w: the ISA's L = 0 form compares bits 32..63, extended by
 * the signedness of the compare) or of the doublewords. */
static const struct { const char *name; bool uns; bool imm; bool w; } ppc_cmps[] = {
	{ "cmpw", false, false, true }, { "cmpd", false, false, false },
	{ "cmplw", true, false, true }, { "cmpld", true, false, false },
	{ "cmpwi", false, true, true }, { "cmpdi", false, true, false },
	{ "cmplwi", true, true, true }, { "cmpldi", true, true, false },
};

/* Branches on CR0: condition for a signed compare, for an unsigned one. */
static const struct { const char *name; cmp_op scmp, ucmp; } ppc_branches[] = {
	{ "beq", CMP_EQ, CMP_EQ }, { "bne", CMP_NE, CMP_NE },
	{ "blt", CMP_SLT, CMP_LT }, { "ble", CMP_SLE, CMP_LE },
	{ "bgt", CMP_SGT, CMP_GT }, { "bge", CMP_SGE, CMP_GE },
	{ "b", CMP_ALWAYS, CMP_ALWAYS },
};

static const struct { const char *name; int tag; } ppc_fences[] = {
	{ "sync", PPC_TAG_SYNC }, { "hwsync", PPC_TAG_SYNC }, { "lwsync", PPC_TAG_LWSYNC },
	{ "eieio", PPC_TAG_EIEIO }, { "isync", PPC_TAG_ISYNC },
};

static bool ppc_is_register(const char *name)
{
	if (name[0] != 'r' || name[1] < '0' || name[1] > '9')
		return false;
	if (name[2] == '\0')
		return true;
	if (name[1] == '0' || name[2] < '0' || name[2] > '9' || name[3] != '\0')
		return false;
	return (name[1] - '0') * 10 + (name[2] - '0') <= 31;
}

typedef struct {
	asm_parser p;
	bool cr_unsigned;   /* the latest compare was unsigned (cmpl*) */
} ppc_parser;

static bool *cr_unsigned(asm_parser *p)
{
	return &((ppc_parser *)p)->cr_unsigned;
}

/* A register or herd7's symbolic register (%x0, bound in the init block). */
static int parse_reg(asm_parser *pp, int *reg)
{
	return asm_reg_or_symbolic(pp, reg);
}

static int parse_src(asm_parser *pp, opnd *o)
{
	o->kind = OPND_REG;
	return parse_reg(pp, &o->reg);
}

/* The address operands after `rX,`: `d(rA)` or `d,rA` (MEM_D), `rA,rB`
 * (MEM_X). For MEM_X an add into the hidden EA register comes first; the
 * memory instruction itself is then made by the caller, with its
 * address in *base / *off. */
static int parse_address(asm_parser *pp, mem_form form, opnd *base, int64_t *off)
{
	*off = 0;
	if (form == MEM_D) {
		if (lex_int(&pp->lx, off, "an offset"))
			return -1;
		if (lex_accept(&pp->lx, "("))
			return parse_src(pp, base) || lex_expect(&pp->lx, ")") ? -1 : 0;
		return asm_comma(pp) || parse_src(pp, base) ? -1 : 0;
	}
	opnd ra, rb;
	int ea;
	if (parse_src(pp, &ra) || asm_comma(pp) || parse_src(pp, &rb) || asm_hidden(pp, EA, &ea))
		return -1;
	ir_insn *in = asm_emit(pp, IR_ALU);
	in->alu = ALU_ADD;
	in->dst = ea;
	in->a = ra;
	in->b = rb;
	*base = reg_opnd(ea);
	return 0;
}

/* `rlwinm rA,rS,SH,MB,ME`: the low word of rS rotated left by SH, in both
 * halves of a doubleword (the 64-bit ISA's ROTL32), ANDed with the mask of
 * bits MB+32..ME+32 (IBM numbering, bit 0 the most significant; wrapping
 * when MB > ME). The rotated word is built in the hidden register ROT, as
 * rA may be rS. */
static int parse_rlwinm(asm_parser *pp)
{
	int ra, rot;
	opnd rs;
	int64_t sh, mb, me;
	uint64_t mask = 0;

	if (parse_reg(pp, &ra) || asm_comma(pp) || parse_src(pp, &rs) || asm_comma(pp)
	    || lex_int(&pp->lx, &sh, "a shift") || asm_comma(pp)
	    || lex_int(&pp->lx, &mb, "a mask start") || asm_comma(pp)
	    || lex_int(&pp->lx, &me, "a mask end") || asm_hidden(pp, ROT, &rot))
		return -1;
	if (sh < 0 || sh > 31 || mb < 0 || mb > 31 || me < 0 || me > 31)
		return diag_error(pp->d, pp->insn_pos, "rlwinm operand out of range (0..31) in '%s'",
				  pp->insn_text);
	for (int64_t b = mb + 32;; b = b == 63 ? 0 : b + 1) {
		mask |= UINT64_C(1) << (63 - b);
		if (b == me + 32)
			break;
	}
	asm_alu(pp, ALU_AND, rot, rs, imm_opnd(0xffffffff));
	asm_alu(pp, ALU_SHL, ra, reg_opnd(rot), imm_opnd(sh));
	asm_alu(pp, ALU_SHR, rot, reg_opnd(rot), imm_opnd(32 - sh));
	asm_alu(pp, ALU_OR, ra, reg_opnd(ra), reg_opnd(rot));
	asm_alu(pp, ALU_AND, ra, reg_opnd(ra), imm_opnd(0xffffffff));
	asm_alu(pp, ALU_SHL, rot, reg_opnd(ra), imm_opnd(32));
	asm_alu(pp, ALU_OR, ra, reg_opnd(ra), reg_opnd(rot));
	asm_alu(pp, ALU_AND, ra, reg_opnd(ra), imm_opnd((int64_t)mask));
	return 0;
}

/* sync, hwsync, lwsync, eieio, isync */
static int parse_fence(asm_parser *pp, const char *m)
{
	size_t i = FE_FIND(ppc_fences, m);

	if (i == NELEM(ppc_fences))
		return FE_NOT_MINE;
	asm_emit(pp, IR_FENCE)->tags_f = TAG(ppc_fences[i].tag);
	return 0;
}

/* The ppc_loads table, lwarx and ldarx included. */
static int parse_load(asm_parser *pp, const char *m)
{
	size_t i = FE_FIND(ppc_loads, m);
	ir_insn *in;
	opnd base;
	int64_t off;
	int rd;

	if (i == NELEM(ppc_loads))
		return FE_NOT_MINE;
	if (parse_reg(pp, &rd) || asm_comma(pp) || parse_address(pp, ppc_loads[i].form, &base, &off))
		return -1;
	in = asm_emit(pp, IR_LOAD);
	in->dst = rd;
	in->a = base;
	in->off = off;
	in->size = ppc_loads[i].size;
	in->reserve = ppc_loads[i].reserve;
	if (in->reserve)
		in->tags_r = TAG(PPC_TAG_X);
	if (in->size < 8)
		asm_extend(pp, rd, 8 * in->size, ppc_loads[i].sext);
	return 0;
}

/* The ppc_stores table. */
static int parse_store(asm_parser *pp, const char *m)
{
	size_t i = FE_FIND(ppc_stores, m);
	ir_insn *in;
	opnd base, rs;
	int64_t off;

	if (i == NELEM(ppc_stores))
		return FE_NOT_MINE;
	if (parse_src(pp, &rs) || asm_comma(pp) || parse_address(pp, ppc_stores[i].form, &base, &off))
		return -1;
	in = asm_emit(pp, IR_STORE);
	in->a = base;
	in->off = off;
	in->b = rs;
	in->size = ppc_stores[i].size;
	return 0;
}

/* Store conditional: stbcx., sthcx., stwcx., stdcx. (the reserving loads
 * are in ppc_loads). */
static int parse_store_cond(asm_parser *pp, const char *m)
{
	ir_insn *in;
	opnd base, rs;
	int64_t off;
	int ca, cb;

	static const struct { const char *name; int size; } conds[] = {
		{ "stbcx.", 1 }, { "sthcx.", 2 }, { "stwcx.", 4 }, { "stdcx.", 8 },
	};
	size_t i = FE_FIND(conds, m);

	if (i == NELEM(conds))
		return FE_NOT_MINE;
	if (parse_src(pp, &rs) || asm_comma(pp) || parse_address(pp, MEM_X, &base, &off)
	    || asm_hidden(pp, CR0_A, &ca) || asm_hidden(pp, CR0_B, &cb))
		return -1;
	in = asm_emit(pp, IR_SC);
	in->alt_swap = true;
	in->a = base;
	in->b = rs;
	in->size = conds[i].size;
	in->dst = ca;
	in->sc_dep = SC_DEP_OPERANDS;   /* CR0: as herd7's Power semantics */
	in->tags_w = TAG(PPC_TAG_X);
	in = asm_emit(pp, IR_MOV);
	in->dst = cb;
	in->a = (opnd){ .kind = OPND_IMM, .imm = value_int(0) };
	*cr_unsigned(pp) = false;
	return 0;
}

/* Register operations: the ppc_alus table, addis, clrldi, extsw, rlwinm,
 * li, lis, mr, neg, nop. */
static int parse_alu(asm_parser *pp, const char *m)
{
	size_t i = FE_FIND(ppc_alus, m);
	ir_insn *in;
	int rd;

	if (i < NELEM(ppc_alus)) {
		opnd a, b;
		if (parse_reg(pp, &rd) || asm_comma(pp) || parse_src(pp, &a) || asm_comma(pp)
		    || (ppc_alus[i].imm ? asm_imm(pp, &b, false) : parse_src(pp, &b)))
			return -1;
		in = asm_emit(pp, IR_ALU);
		in->alu = ppc_alus[i].alu;
		in->dst = rd;
		in->a = ppc_alus[i].swap ? b : a;
		in->b = ppc_alus[i].swap ? a : b;
		return 0;
	}
	if (!strcmp(m, "nop"))
		return 0;
	if (!strcmp(m, "neg")) {       /* rD = -rA */
		in = asm_emit(pp, IR_ALU);
		in->alu = ALU_NEG;
		return parse_reg(pp, &in->dst) || asm_comma(pp) || parse_src(pp, &in->a) ? -1 : 0;
	}
	if (!strcmp(m, "addis")) {     /* rD = rA + (imm << 16) */
		in = asm_emit(pp, IR_ALU);
		in->alu = ALU_ADD;
		if (parse_reg(pp, &in->dst) || asm_comma(pp) || parse_src(pp, &in->a) || asm_comma(pp)
		    || asm_imm(pp, &in->b, false))
			return -1;
		in->b.imm.off = (int64_t)((uint64_t)in->b.imm.off << 16);
		return 0;
	}
	if (!strcmp(m, "clrldi")) {    /* rD = rS with its n high bits cleared */
		int64_t n;
		in = asm_emit(pp, IR_ALU);
		in->alu = ALU_AND;
		if (parse_reg(pp, &in->dst) || asm_comma(pp) || parse_src(pp, &in->a) || asm_comma(pp)
		    || lex_int(&pp->lx, &n, "a bit count"))
			return -1;
		if (n < 0 || n > 63)
			return asm_unknown(pp);
		in->b = (opnd){ .kind = OPND_IMM,
				.imm = value_int((int64_t)(n ? ~(uint64_t)0 >> n : ~(uint64_t)0)) };
		return 0;
	}
	if (!strcmp(m, "extsw")) {     /* rD = low word of rS, sign-extended */
		in = asm_emit(pp, IR_MOV);
		if (parse_reg(pp, &in->dst) || asm_comma(pp) || parse_src(pp, &in->a))
			return -1;
		asm_extend(pp, in->dst, 32, true);
		return 0;
	}
	if (!strcmp(m, "rlwinm"))
		return parse_rlwinm(pp);
	if (!strcmp(m, "li") || !strcmp(m, "lis") || !strcmp(m, "mr")) {
		in = asm_emit(pp, IR_MOV);
		if (parse_reg(pp, &in->dst) || asm_comma(pp)
		    || (m[1] == 'r' ? parse_src(pp, &in->a) : asm_imm(pp, &in->a, false)))
			return -1;
		if (!strcmp(m, "lis"))
			in->a.imm.off = (int64_t)((uint64_t)in->a.imm.off << 16);
		return 0;
	}
	return FE_NOT_MINE;
}

/* The ppc_cmps table: CR0 is the pair of hidden registers CR0_A, CR0_B
 * (the operands), and whether the compare was unsigned. */
static int parse_compare(asm_parser *pp, const char *m)
{
	size_t i = FE_FIND(ppc_cmps, m);
	ir_insn *in;
	opnd a, b;
	int ca, cb;

	if (i == NELEM(ppc_cmps))
		return FE_NOT_MINE;
	if (asm_hidden(pp, CR0_A, &ca) || asm_hidden(pp, CR0_B, &cb) || parse_src(pp, &a)
	    || asm_comma(pp) || (ppc_cmps[i].imm ? asm_imm(pp, &b, false) : parse_src(pp, &b)))
		return -1;
	in = asm_emit(pp, IR_MOV);
	in->dst = ca;
	in->a = a;
	in = asm_emit(pp, IR_MOV);
	in->dst = cb;
	in->a = b;
	if (ppc_cmps[i].w) {
		asm_extend(pp, ca, 32, !ppc_cmps[i].uns);
		asm_extend(pp, cb, 32, !ppc_cmps[i].uns);
	}
	*cr_unsigned(pp) = ppc_cmps[i].uns;
	return 0;
}

/* The ppc_branches table (on CR0) and blr. */
static int parse_branch(asm_parser *pp, const char *m)
{
	size_t i = FE_FIND(ppc_branches, m);
	ir_insn *in;
	int ca, cb;

	if (!strcmp(m, "blr")) {       /* return: to the end of the thread */
		asm_return(pp);
		return 0;
	}
	if (i == NELEM(ppc_branches))
		return FE_NOT_MINE;
	in = asm_emit(pp, IR_BRANCH);
	in->alt_swap = true;
	in->cmp = *cr_unsigned(pp) ? ppc_branches[i].ucmp : ppc_branches[i].scmp;
	if (in->cmp != CMP_ALWAYS) {
		if (asm_hidden(pp, CR0_A, &ca) || asm_hidden(pp, CR0_B, &cb))
			return -1;
		in->a = reg_opnd(ca);
		in->b = reg_opnd(cb);
	}
	return asm_label_ref(pp);
}

/* The instruction classes, in the order ppc_insn tries them. */
static const asm_class ppc_classes[] = {
	parse_fence, parse_load, parse_store, parse_store_cond, parse_alu, parse_compare,
	parse_branch,
};

/* The mnemonic: letters, digits and dots (`stwcx.`, `andi.`). */
static int ppc_insn(asm_parser *pp, bool labelled)
{
	char m[MNEMONIC_MAX];

	(void)labelled;
	return asm_mnemonic(pp, m, sizeof m, ".", ASM_KEEP_CASE) ? -1 : ASM_CLASSES(pp, m, ppc_classes);
}

static const asm_dialect ppc_dialect = {
	.ir_per_cell = IR_PER_CELL,
	.mark_mixed = true,
	.insn = ppc_insn,
	.reg_hint = " (expected r0..r31)",
};

static int ppc_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			    diag *d)
{
	return asm_parse_thread(&(ppc_parser){ 0 }.p, &ppc_dialect, t, ti, cells, ncells, d);
}

const frontend ppc_frontend = {
	.arch = "PPC",
	.default_model = "ppc.cat",
	.tag_names = ppc_tag_names,
	.ntags = PPC_NTAGS,
	.is_register = ppc_is_register,
	.parse_thread = ppc_parse_thread,
	.jit_arch = "powerpc",
	.qemu_arch = "ppc64le",
	.mixed = true,
};
