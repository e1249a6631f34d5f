/* arm_frontend.c - parse ARM (32-bit ARMv7) litmus cells and lower them
 * to IR.
 *
 * The dialect is herd7's `ARM` (docs/arm-model.md lists what is read):
 * registers R0..R12, SP, LR, PC (either case; printed in upper case),
 * immediates `#n` (or a bare n), memory operands `[Rn]`, `Rn`, `[Rn,Rm]`,
 * `[Rn,Rm,LSL #k]` and `[Rn,#off]`.
 *
 * Flags: herd7's ARM keeps one flag, Z. Here the flags are two hidden
 * registers (the operands of the latest flag-setting instruction): CMP
 * copies its two operands there, a flag-setting ALU instruction (ADDS,
 * SUBS, ANDS, ORRS, EORS) its result and 0 (SUBS: its two operands, as
 * CMP), and a conditional branch compares them, so the branch depends
 * (ctrl) on the reads that fed the flags, as herd7's Z does. BEQ / BNE
 * are herd7's; BHI, BHS (BCS), BLO (BCC), BLS, BGT, BGE, BLT, BLE are
 * ours (the BPF JIT's conditional jumps), unsigned or signed compares of
 * the same pair.
 *
 * LDREX / STREX: a load with `reserve` (tag X) and IR_SC (tag X on its
 * write): STREX Rd,Rt,[Rn] writes 0 to Rd and stores on success, writes 1
 * on failure; Rd depends on the reads behind Rt and Rn either way (in
 * herd7's ARM semantics the status write follows the reads of the data
 * and address registers).
 *
 * Values are 64-bit integers as everywhere in bpfmm (ARM registers are
 * 32-bit): tests whose values stay below 2^31 read the same.
 *
 * Sizes: LDR / STR / LDREX / STREX 4 bytes, LDRB / STRB / LDREXB / STREXB
 * 1, LDRH / STRH / LDREXH / STREXH 2 (narrow loads zero-extend). A byte or
 * halfword access, or one at a non-zero `#off`, is mixed-size
 * (litmus_thread.mixed): refused without -variant mixed, an access of its
 * bytes with it (docs/mixed-size.md, "Power, MIPS, ARMv7"; little-endian
 * cells, as the little-endian ARM the JIT table is for). LDRD / STRD and
 * LDREXD / STREXD (two registers) are not read.
 */
#include <string.h>
#include <strings.h>
#include <ctype.h>
#include "arch/arm_frontend.h"
#include "arch/asm_kit.h"

enum {
	ARM_TAG_DMB, ARM_TAG_DMB_ST, ARM_TAG_DMB_ISH, ARM_TAG_DMB_ISHST,
	ARM_TAG_DMB_NSH, ARM_TAG_DMB_NSHST, ARM_TAG_DMB_OSH, ARM_TAG_DMB_OSHST,
	ARM_TAG_DSB, ARM_TAG_DSB_ST, ARM_TAG_DSB_ISH, ARM_TAG_DSB_ISHST,
	ARM_TAG_DSB_NSH, ARM_TAG_DSB_NSHST, ARM_TAG_DSB_OSH, ARM_TAG_DSB_OSHST,
	ARM_TAG_ISB, ARM_TAG_X, ARM_NTAGS
};

/* Event tags, visible to the cat model as event sets of the same name:
 * one per barrier and option, as herd7 names them (DMB SY is DMB). */
static const char *const arm_tag_names[] = {
	[ARM_TAG_DMB] = "DMB", [ARM_TAG_DMB_ST] = "DMB.ST",
	[ARM_TAG_DMB_ISH] = "DMB.ISH", [ARM_TAG_DMB_ISHST] = "DMB.ISHST",
	[ARM_TAG_DMB_NSH] = "DMB.NSH", [ARM_TAG_DMB_NSHST] = "DMB.NSHST",
	[ARM_TAG_DMB_OSH] = "DMB.OSH", [ARM_TAG_DMB_OSHST] = "DMB.OSHST",
	[ARM_TAG_DSB] = "DSB", [ARM_TAG_DSB_ST] = "DSB.ST",
	[ARM_TAG_DSB_ISH] = "DSB.ISH", [ARM_TAG_DSB_ISHST] = "DSB.ISHST",
	[ARM_TAG_DSB_NSH] = "DSB.NSH", [ARM_TAG_DSB_NSHST] = "DSB.NSHST",
	[ARM_TAG_DSB_OSH] = "DSB.OSH", [ARM_TAG_DSB_OSHST] = "DSB.OSHST",
	[ARM_TAG_ISB] = "ISB",
	[ARM_TAG_X] = "X",             /* LDREX / STREX */
};
_Static_assert(sizeof arm_tag_names / sizeof *arm_tag_names == ARM_NTAGS,
	       "one name per ARM tag");

#define MNEMONIC_MAX 16
#define IR_PER_CELL 4

/* Hidden registers: their names hold characters no ARM register has. */
#define FLAG_A "%flags.a"
#define FLAG_B "%flags.b"
#define EA "%ea"

/* Barrier options, in the order of the tags above (SY first). */
static const char *const arm_barrier_opts[] = {
	"sy", "st", "ish", "ishst", "nsh", "nshst", "osh", "oshst",
};

static const struct { const char *name; int size; bool reserve; } arm_loads[] = {
	{ "ldr", 4, false }, { "ldrb", 1, false }, { "ldrh", 2, false },
	{ "ldrex", 4, true }, { "ldrexb", 1, true }, { "ldrexh", 2, true },
};

static const struct { const char *name; int size; } arm_stores[] = {
	{ "str", 4 }, { "strb", 1 }, { "strh", 2 },
};

/* `op Rd,Rn,Rm|#imm`; flags: the S form (flags from the result, or from
 * the operands for SUBS, as CMP). */
static const struct { const char *name; alu_op alu; bool flags; } arm_alus[] = {
	{ "add", ALU_ADD, false }, { "adds", ALU_ADD, true },
	{ "sub", ALU_SUB, false }, { "subs", ALU_SUB, true },
	{ "and", ALU_AND, false }, { "ands", ALU_AND, true },
	{ "orr", ALU_OR, false }, { "orrs", ALU_OR, true },
	{ "eor", ALU_XOR, false }, { "eors", ALU_XOR, true },
	{ "xor", ALU_XOR, false }, { "xors", ALU_XOR, true },
	{ "mul", ALU_MUL, false }, { "lsl", ALU_SHL, false },
	{ "lsr", ALU_SHR, false }, { "asr", ALU_ASHR, false },
};

static const struct { const char *name; cmp_op cmp; } arm_branches[] = {
	{ "b", CMP_ALWAYS }, { "beq", CMP_EQ }, { "bne", CMP_NE },
	{ "bhi", CMP_GT }, { "bhs", CMP_GE }, { "bcs", CMP_GE },
	{ "blo", CMP_LT }, { "bcc", CMP_LT }, { "bls", CMP_LE },
	{ "bgt", CMP_SGT }, { "bge", CMP_SGE }, { "blt", CMP_SLT }, { "ble", CMP_SLE },
};

static const char *const arm_named_regs[] = { "SP", "LR", "PC" };

/* R0..R12, SP, LR, PC, in either case (upper case is canonical). */
static bool arm_is_register(const char *name)
{
	if (name[0] == 'R' || name[0] == 'r') {
		if (!isdigit((unsigned char)name[1]))
			return false;
		if (name[2] == '\0')
			return true;
		return name[1] == '1' && name[2] >= '0' && name[2] <= '2' && name[3] == '\0';
	}
	for (size_t i = 0; i < NELEM(arm_named_regs); i++)
		if (!strcasecmp(name, arm_named_regs[i]))
			return true;
	return false;
}

static const char *arm_canon_register(const char *name, char *buf)
{
	size_t n = strlen(name);

	if (!arm_is_register(name) || n + 1 > CANON_REG_MAX)
		return NULL;
	for (size_t i = 0; i <= n; i++)
		buf[i] = (char)toupper((unsigned char)name[i]);
	return strcmp(buf, name) ? buf : NULL;
}

/* A register or herd7's symbolic register (%x0, bound in the init block). */
static int parse_reg(asm_parser *ap, int *reg)
{
	return asm_reg_or_symbolic(ap, reg);
}

/* A register or an immediate (`#n`, `#-n` or a bare n). */
static int parse_operand(asm_parser *ap, opnd *o)
{
	if (asm_at_imm(ap, true))
		return asm_imm(ap, o, true);
	o->kind = OPND_REG;
	return parse_reg(ap, &o->reg);
}

/* The flags: the hidden pair (a, b), which conditional branches compare
 * (fe_flags_set, shared with the x86 and SPARC front-ends). */
static int set_flags(asm_parser *ap, opnd a, opnd b)
{
	fe_flags_set(ap->th, ap->insn_pos, litmus_reg(ap->t, FLAG_A), litmus_reg(ap->t, FLAG_B),
		     a, b, false);
	return 0;
}

/* A memory operand: `[Rn]`, `Rn`, `[Rn,Rm]`, `[Rn,Rm,LSL #k]`, `[Rn,#off]`.
 * A register offset is added into the hidden EA register first (both
 * registers then give the access an address dependency). */
static int parse_address(asm_parser *ap, opnd *base, int64_t *off, bool allow_index)
{
	lexer *lx = &ap->lx;

	*off = 0;
	base->kind = OPND_REG;
	if (!lex_accept(lx, "["))
		return parse_reg(ap, &base->reg);
	if (parse_reg(ap, &base->reg))
		return -1;
	if (lex_accept(lx, ",")) {
		if (asm_at_imm(ap, true)) {
			if (asm_int(ap, off, true))
				return -1;
		} else {
			opnd rm;
			int64_t sh = 0;
			if (!allow_index)
				return lex_error_expected(lx, "an immediate offset");
			if (parse_operand(ap, &rm))
				return -1;
			int ea = litmus_reg(ap->t, EA);
			if (lex_accept(lx, ",")) {
				if (!lex_accept_word(lx, "LSL") && !lex_accept_word(lx, "lsl"))
					return lex_error_expected(lx, "LSL");
				if (asm_int(ap, &sh, true))
					return -1;
				if (sh < 0 || sh > 31)
					return diag_error(ap->d, ap->insn_pos,
							  "shift out of range (0..31) in '%s'", ap->insn_text);
			}
			if (sh) {
				asm_alu(ap, ALU_SHL, ea, rm, imm_opnd(sh));
				rm = reg_opnd(ea);
			}
			asm_alu(ap, ALU_ADD, ea, *base, rm);
			*base = reg_opnd(ea);
		}
	}
	return lex_expect(lx, "]");
}

/* DMB [opt], DSB [opt], ISB [SY] */
static int parse_fence(asm_parser *ap, const char *m)
{
	int first;

	if (!strcmp(m, "dmb"))
		first = ARM_TAG_DMB;
	else if (!strcmp(m, "dsb"))
		first = ARM_TAG_DSB;
	else if (!strcmp(m, "isb"))
		first = ARM_TAG_ISB;
	else
		return FE_NOT_MINE;
	int opt = 0;
	if (!lex_at_end(&ap->lx)) {
		char name[LEX_MAX_NAME + 1];
		srcpos at = lex_here(&ap->lx);
		if (lex_ident(&ap->lx, name, "a barrier option"))
			return -1;
		for (opt = 0; opt < (int)NELEM(arm_barrier_opts); opt++)
			if (!strcasecmp(name, arm_barrier_opts[opt]))
				break;
		if (opt == (int)NELEM(arm_barrier_opts) || (first == ARM_TAG_ISB && opt != 0))
			return diag_error(ap->d, at, "invalid barrier option '%s' of '%s'", name, m);
	}
	asm_emit(ap, IR_FENCE)->tags_f = TAG(first + opt);
	return 0;
}

/* The arm_loads table, LDREX included. */
static int parse_load(asm_parser *ap, const char *m)
{
	size_t i = FE_FIND(arm_loads, m);
	ir_insn *in;
	opnd base;
	int64_t off;
	int rt;

	if (i == NELEM(arm_loads))
		return FE_NOT_MINE;
	if (parse_reg(ap, &rt) || asm_comma(ap) || parse_address(ap, &base, &off, !arm_loads[i].reserve))
		return -1;
	if (arm_loads[i].reserve && off)
		return diag_error(ap->d, ap->insn_pos, "LDREX takes no offset in '%s'", ap->insn_text);
	in = asm_emit(ap, IR_LOAD);
	in->dst = rt;
	in->a = base;
	in->off = off;
	in->size = arm_loads[i].size;
	in->reserve = arm_loads[i].reserve;
	if (in->reserve)
		in->tags_r = TAG(ARM_TAG_X);
	if (in->size < 4)      /* LDRB / LDRH / LDREXB / LDREXH zero-extend */
		asm_alu(ap, ALU_AND, rt, reg_opnd(rt), imm_opnd((INT64_C(1) << (8 * in->size)) - 1));
	return 0;
}

/* The arm_stores table. */
static int parse_store(asm_parser *ap, const char *m)
{
	size_t i = FE_FIND(arm_stores, m);
	ir_insn *in;
	opnd base, rt = { .kind = OPND_REG };
	int64_t off;

	if (i == NELEM(arm_stores))
		return FE_NOT_MINE;
	if (parse_reg(ap, &rt.reg) || asm_comma(ap) || parse_address(ap, &base, &off, true))
		return -1;
	in = asm_emit(ap, IR_STORE);
	in->a = base;
	in->off = off;
	in->b = rt;
	in->size = arm_stores[i].size;
	return 0;
}

/* STREX Rd,Rt,[Rn]: Rd = 0 and [Rn] = Rt on success, Rd = 1 on failure;
 * STREXB / STREXH store the low byte / halfword of Rt. */
static int parse_store_excl(asm_parser *ap, const char *m)
{
	static const struct { const char *name; int size; } strexs[] = {
		{ "strex", 4 }, { "strexb", 1 }, { "strexh", 2 },
	};
	size_t i = FE_FIND(strexs, m);
	ir_insn *in;
	opnd base, rt = { .kind = OPND_REG };
	int64_t off;
	int rd;

	if (i == NELEM(strexs))
		return FE_NOT_MINE;
	if (parse_reg(ap, &rd) || asm_comma(ap) || parse_reg(ap, &rt.reg) || asm_comma(ap)
	    || parse_address(ap, &base, &off, false))
		return -1;
	if (off)
		return diag_error(ap->d, ap->insn_pos, "STREX takes no offset in '%s'", ap->insn_text);
	in = asm_emit(ap, IR_SC);
	in->alt_swap = true;
	in->a = base;
	in->b = rt;
	in->size = strexs[i].size;
	in->dst = rd;
	in->sc_dep = SC_DEP_OPERANDS;   /* as herd7's ARM semantics */
	in->tags_w = TAG(ARM_TAG_X);
	return 0;
}

/* The arm_alus table, MOV, MOVW, MOVT, NOP. */
static int parse_alu(asm_parser *ap, const char *m)
{
	size_t i = FE_FIND(arm_alus, m);
	ir_insn *in;
	int rd;

	if (i < NELEM(arm_alus)) {
		opnd a = { .kind = OPND_REG }, b;
		if (parse_reg(ap, &rd) || asm_comma(ap) || parse_reg(ap, &a.reg) || asm_comma(ap)
		    || parse_operand(ap, &b))
			return -1;
		if (arm_alus[i].flags && arm_alus[i].alu == ALU_SUB && set_flags(ap, a, b))
			return -1;
		asm_alu(ap, arm_alus[i].alu, rd, a, b);
		if (arm_alus[i].flags && arm_alus[i].alu != ALU_SUB)
			return set_flags(ap, reg_opnd(rd), imm_opnd(0));
		return 0;
	}
	if (!strcmp(m, "nop"))
		return 0;
	if (!strcmp(m, "mov") || !strcmp(m, "movw")) {
		in = asm_emit(ap, IR_MOV);
		if (parse_reg(ap, &in->dst) || asm_comma(ap) || parse_operand(ap, &in->a))
			return -1;
		if (m[3] == 'w' && (in->a.kind != OPND_IMM || in->a.imm.off < 0 || in->a.imm.off > 0xffff))
			return diag_error(ap->d, ap->insn_pos, "MOVW takes a 16-bit immediate");
		return 0;
	}
	if (!strcmp(m, "movt")) {      /* Rd = (Rd & 0xffff) | imm << 16 */
		int64_t v;
		if (parse_reg(ap, &rd) || asm_comma(ap) || asm_int(ap, &v, true))
			return -1;
		if (v < 0 || v > 0xffff)
			return diag_error(ap->d, ap->insn_pos, "MOVT takes a 16-bit immediate");
		asm_alu(ap, ALU_AND, rd, reg_opnd(rd), imm_opnd(0xffff));
		asm_alu(ap, ALU_OR, rd, reg_opnd(rd), imm_opnd(v << 16));
		return 0;
	}
	return FE_NOT_MINE;
}

/* CMP Rn,Rm|#imm */
static int parse_compare(asm_parser *ap, const char *m)
{
	opnd a = { .kind = OPND_REG }, b;

	if (strcmp(m, "cmp") != 0)
		return FE_NOT_MINE;
	if (parse_reg(ap, &a.reg) || asm_comma(ap) || parse_operand(ap, &b))
		return -1;
	return set_flags(ap, a, b);
}

/* The arm_branches table (on the flags), CBZ / CBNZ Rn,L. */
static int parse_branch(asm_parser *ap, const char *m)
{
	size_t i = FE_FIND(arm_branches, m);
	ir_insn *in;

	if (!strcmp(m, "cbz") || !strcmp(m, "cbnz")) {
		int rn;
		if (parse_reg(ap, &rn) || asm_comma(ap))
			return -1;
		in = asm_emit(ap, IR_BRANCH);
		in->alt_swap = true;
		in->cmp = m[2] == 'n' ? CMP_NE : CMP_EQ;
		in->a = reg_opnd(rn);
		in->b = imm_opnd(0);
		return asm_label_ref(ap);
	}
	if (i == NELEM(arm_branches))
		return FE_NOT_MINE;
	in = asm_emit(ap, IR_BRANCH);
	in->alt_swap = true;
	in->cmp = arm_branches[i].cmp;
	if (in->cmp != CMP_ALWAYS) {
		in->a = reg_opnd(litmus_reg(ap->t, FLAG_A));
		in->b = reg_opnd(litmus_reg(ap->t, FLAG_B));
	}
	return asm_label_ref(ap);
}

/* The instruction classes, in the order arm_insn tries them. */
static const asm_class arm_classes[] = {
	parse_fence, parse_load, parse_store, parse_store_excl, parse_alu, parse_compare,
	parse_branch,
};

static int arm_insn(asm_parser *ap, bool labelled)
{
	char m[MNEMONIC_MAX];

	(void)labelled;
	return asm_mnemonic(ap, m, sizeof m, NULL, ASM_LOWER) ? -1 : ASM_CLASSES(ap, m, arm_classes);
}

static const asm_dialect arm_dialect = {
	.ir_per_cell = IR_PER_CELL,
	.mark_mixed = true,
	.insn = arm_insn,
	.reg_hint = " (expected R0..R12, SP, LR, PC)",
};

static int arm_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			    diag *d)
{
	return asm_parse_thread(&(asm_parser){ 0 }, &arm_dialect, t, ti, cells, ncells, d);
}

const frontend arm_frontend = {
	.arch = "ARM",
	.default_model = "arm.cat",
	.tag_names = arm_tag_names,
	.ntags = ARM_NTAGS,
	.is_register = arm_is_register,
	.canon_register = arm_canon_register,
	.parse_thread = arm_parse_thread,
	.jit_arch = "arm",
	.mixed = true,
};
