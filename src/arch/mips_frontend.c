/* mips_frontend.c - parse MIPS litmus cells (herd7's `MIPS` dialect) and
 * lower them to IR.
 *
 * Syntax as herd7's MIPS parser reads it: `lw $5,0($2)` / `lw $5,($2)`,
 * `sw $4,0($2)`, `ll` / `sc`, `sync`, three-register ALU operations
 * `addu $5,$4,$3` and immediate forms `addiu $5,$4,1`, `li`, `lui`,
 * `move`, `nop`, `b L`, `beq $4,$5,L`, `bne`, `blez` / `bgtz` / `bltz` /
 * `bgez $4,L`. Beyond herd7 (GNU assembler forms the Linux MIPS BPF JIT
 * emits; herd7 rejects tests that use them): `ld` / `sd`, `lld` / `scd`,
 * `lb` `lbu` `lh` `lhu` `lwu` `sb` `sh`, `sync 0`, `dsubu`, `sll`, `dsrl`,
 * `dsra` (and the `32` and `v` forms), `slt` `sltu` `slti` `sltiu`, `dmulu`,
 * `dmultu` / `multu` + `mflo`, `beqz` / `bnez`, `j L`, and `dins` / `dinsu`
 * of `$0` up to bit 63 (the 64-bit JIT's zero extension, `dinsu rt, $0,
 * 32, 32`; llvm prints it `dins`).
 *
 * Registers: `$0`..`$31` or their o32 names (`$zero`, `$at`, `$v0`,
 * `$a0`..`$a3`, `$t0`..`$t9`, `$s0`..`$s7`, `$k0`, `$k1`, `$gp`, `$sp`,
 * `$fp`, `$ra`), as herd7 and the kernel's MIPS_R_* numbers name them;
 * each is kept (and printed) as `$N`, the one canonical form (`0:$t6`
 * and `0:$14` are one register). herd7 also takes `$a4`..`$a7` and makes
 * them four registers of their own (not `$8`..`$11`): so do we, printed
 * `$a4`..`$a7`. In the code the `$` is required; in the init block and
 * the condition an ABI name may omit it (`0:t0=x`), as in herd7.
 * `$0` reads as 0 and a write to it is dropped.
 *
 * No branch delay slots: a branch jumps at once, as in herd7 (a JIT
 * table writes the delay-slot instruction where it is equivalent,
 * docs/jit-mappings.md). Without -variant mixed locations hold one value
 * each and a word load takes and extends the low bytes; a byte or
 * halfword access, or one at a non-zero offset, is mixed-size
 * (litmus_thread.mixed): refused without the variant, an access of its
 * bytes with it (docs/mixed-size.md, "Power, MIPS, ARMv7"; the engine's
 * cells are little endian, as mips64el). 32-bit operations sign-extend
 * their result as MIPS64 does (herd7 computes on unbounded values; the
 * two agree on the small values of litmus tests).
 *
 * Memory ordering (docs/mips-model.md): `sync` / `sync 0` is a fence
 * event tagged SYNC; other stypes (the lightweight orderings of MIPS32
 * r2+) are refused rather than guessed. `ll` / `lld` is a load-reserved
 * (tag LL) and `sc` / `scd` a store-conditional (tag SC) linked to it by
 * rmw; `sc rt` writes 1 to rt on success and 0 on failure, so it is
 * IR_SC into a hidden status, then rt = status ^ 1.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "arch/mips_frontend.h"
#include "arch/asm_kit.h"

enum { MIPS_TAG_SYNC, MIPS_TAG_LL, MIPS_TAG_SC, MIPS_NTAGS };

/* Event tags, visible to the cat model as event sets of the same name. */
static const char *const mips_tag_names[] = {
	[MIPS_TAG_SYNC] = "SYNC",   /* sync, sync 0 */
	[MIPS_TAG_LL] = "LL",       /* the read of ll / lld */
	[MIPS_TAG_SC] = "SC",       /* the write of a successful sc / scd */
};
_Static_assert(sizeof mips_tag_names / sizeof *mips_tag_names == MIPS_NTAGS,
	       "one name per MIPS tag");

#define IR_PER_CELL 4   /* a narrow signed load: load, shift, shift */
#define MNEMONIC_MAX 16

/* Hidden registers; their names hold a character no litmus register has. */
#define HREG_SC   "%sc"     /* IR_SC's status, before the inversion */
#define HREG_LO   "%lo"     /* the LO register of multu / dmultu */
#define HREG_ZERO "%zero"   /* a load into $0: the read still happens */

static const char *const mips_abi[32] = {
	"zero", "at", "v0", "v1", "a0", "a1", "a2", "a3",
	"t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7",
	"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7",
	"t8", "t9", "k0", "k1", "gp", "sp", "fp", "ra",
};

/* The register number of `name` (with or without `$`; a number needs
 * the `$`): 0..31, 32..35 for herd7's $a4..$a7, or -1. */
static int mips_reg_number(const char *name)
{
	bool dollar = name[0] == '$';
	const char *s = name + dollar;

	if (s[0] >= '0' && s[0] <= '9') {
		if (!dollar || (s[0] == '0' && s[1]))
			return -1;
		int n = 0;
		for (; *s; s++) {
			if (*s < '0' || *s > '9' || (n = n * 10 + (*s - '0')) > 31)
				return -1;
		}
		return n;
	}
	for (int i = 0; i < 32; i++)
		if (!strcmp(s, mips_abi[i]))
			return i;
	if (s[0] == 'a' && s[1] >= '4' && s[1] <= '7' && !s[2])
		return 32 + s[1] - '4';
	return -1;
}

static bool mips_is_register(const char *name)
{
	return mips_reg_number(name) >= 0;
}

static const char *mips_canon_register(const char *name, char *buf)
{
	int n = mips_reg_number(name);

	if (n < 0)
		return NULL;
	if (n < 32)
		snprintf(buf, CANON_REG_MAX, "$%d", n);
	else
		snprintf(buf, CANON_REG_MAX, "$a%d", n - 28);
	return buf;
}

/* `$N` / `$name`: *n receives the register number. */
static int parse_reg(asm_parser *mp, int *n)
{
	lexer *lx = &mp->lx;
	char name[LEX_MAX_NAME];
	srcpos at = lex_here(lx);
	size_t k = 1;

	if (*lx->p != '$')
		return lex_error_expected(lx, "a register ($N or $name)");
	while (k + 1 < sizeof name && lex_is_ident_char(lx->p[k]))
		k++;
	memcpy(name, lx->p, k);
	name[k] = '\0';
	if ((*n = mips_reg_number(name)) < 0)
		return diag_error(mp->d, at,
				  "invalid MIPS register '%s' (expected $0..$31 or an o32 name)", name);
	lex_advance(lx, k);
	return 0;
}

/* A destination register; -1 for $0 (the result is dropped). */
static int parse_dst(asm_parser *mp, int *reg)
{
	char name[8];
	int n = -1;

	if (parse_reg(mp, &n))
		return -1;
	if (n == 0) {
		*reg = -1;
		return 0;
	}
	snprintf(name, sizeof name, n < 32 ? "$%d" : "$a%d", n < 32 ? n : n - 28);
	*reg = litmus_reg(mp->t, name);
	return 0;
}

/* A source register: $0 reads as the immediate 0. */
static int parse_src(asm_parser *mp, opnd *o)
{
	int reg;

	if (parse_dst(mp, &reg))
		return -1;
	*o = src_opnd(reg);
	return 0;
}

/* `k($base)` or `($base)`: base in in->a, offset in in->off. */
static int parse_mem(asm_parser *mp, ir_insn *in)
{
	in->off = 0;
	if (!lex_accept(&mp->lx, "(") && (lex_int(&mp->lx, &in->off, "an offset")
					  || lex_expect(&mp->lx, "(")))
		return -1;
	return parse_src(mp, &in->a) || lex_expect(&mp->lx, ")") ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Loads, stores, LL/SC                                                 */
/* ------------------------------------------------------------------ */

static const struct { const char *name; int size; bool uns; bool reserve; } mips_loads[] = {
	{ "lb", 1, false, false }, { "lbu", 1, true, false }, { "lh", 2, false, false },
	{ "lhu", 2, true, false }, { "lw", 4, false, false }, { "lwu", 4, true, false },
	{ "ld", 8, false, false }, { "ll", 4, false, true }, { "lld", 8, false, true },
};

static const struct { const char *name; int size; bool cond; } mips_stores[] = {
	{ "sb", 1, false }, { "sh", 2, false }, { "sw", 4, false }, { "sd", 8, false },
	{ "sc", 4, true }, { "scd", 8, true },
};

/* `lw $rt,k($base)` and the other loads of mips_loads. */
static int parse_load(asm_parser *mp, const char *m)
{
	size_t i = FE_FIND(mips_loads, m);
	int dst;

	if (i == NELEM(mips_loads))
		return FE_NOT_MINE;
	ir_insn *in = asm_emit(mp, IR_LOAD);
	in->size = mips_loads[i].size;
	in->reserve = mips_loads[i].reserve;
	in->tags_r = in->reserve ? TAG(MIPS_TAG_LL) : 0;
	if (parse_dst(mp, &dst) || asm_comma(mp))
		return -1;
	bool zero = dst < 0;
	if (zero && (dst = litmus_reg(mp->t, HREG_ZERO)) < 0)
		return -1;
	in->dst = dst;
	if (parse_mem(mp, in))
		return -1;
	if (!zero && in->size < 8)
		asm_extend(mp, dst, 8 * in->size, !mips_loads[i].uns);
	return 0;
}

/* `sw $rt,k($base)` and the others of mips_stores; `sc $rt,k($base)`
 * stores rt, then rt = 1 if it succeeded, 0 if not. */
static int parse_store(asm_parser *mp, const char *m)
{
	size_t i = FE_FIND(mips_stores, m);
	int rt;

	if (i == NELEM(mips_stores))
		return FE_NOT_MINE;
	ir_insn *in = asm_emit(mp, IR_STORE);
	in->size = mips_stores[i].size;
	if (parse_dst(mp, &rt) || asm_comma(mp) || parse_mem(mp, in))
		return -1;
	in->b = rt < 0 ? imm_opnd(0) : reg_opnd(rt);
	in->op = mips_stores[i].cond ? IR_SC : IR_STORE;
	if (!mips_stores[i].cond)
		return 0;
	in->tags_w = TAG(MIPS_TAG_SC);
	/* the status depends on the reads behind the address and data
	 * registers, not on the write (a CPU may know it before others see
	 * the write): as herd7's MIPS semantics, where the status is written
	 * after the SC's register reads (tests/litmus/mips/MP+sync+sc-status,
	 * LB+sync+sc-status-data) */
	in->sc_dep = SC_DEP_OPERANDS;
	if ((in->dst = litmus_reg(mp->t, HREG_SC)) < 0)
		return -1;
	if (rt >= 0)
		asm_alu(mp, ALU_XOR, rt, reg_opnd(in->dst), imm_opnd(1));
	return 0;
}

/* `sync` or `sync 0`: a full barrier. The other stypes of MIPS32/64 r2+
 * (4, 0x10..0x13: lightweight orderings) are refused, not guessed. */
static int parse_fence(asm_parser *mp, const char *m)
{
	int64_t stype = 0;

	if (strcmp(m, "sync") != 0)
		return FE_NOT_MINE;
	if (lex_peek_number(&mp->lx) && lex_int(&mp->lx, &stype, "a sync type"))
		return -1;
	if (stype != 0)
		return asm_unsupported(mp, "only sync type 0 (a completion barrier) is modelled");
	asm_emit(mp, IR_FENCE)->tags_f = TAG(MIPS_TAG_SYNC);
	return 0;
}

/* ------------------------------------------------------------------ */
/* ALU                                                                  */
/* ------------------------------------------------------------------ */

/* bits 32: a 32-bit operation, its result sign-extended from bit 31;
 * shift: an immediate shift amount (0..31), plus `add` (dsll32...). */
typedef struct {
	const char *name;
	alu_op alu;
	bool imm;
	int bits;
	int add;
} mips_alu_def;

static const mips_alu_def mips_alus[] = {
	{ "add", ALU_ADD, false, 32, 0 }, { "addu", ALU_ADD, false, 32, 0 },
	{ "dadd", ALU_ADD, false, 64, 0 }, { "daddu", ALU_ADD, false, 64, 0 },
	{ "sub", ALU_SUB, false, 32, 0 }, { "subu", ALU_SUB, false, 32, 0 },
	{ "dsub", ALU_SUB, false, 64, 0 }, { "dsubu", ALU_SUB, false, 64, 0 },
	{ "and", ALU_AND, false, 64, 0 }, { "or", ALU_OR, false, 64, 0 },
	{ "xor", ALU_XOR, false, 64, 0 }, { "nor", ALU_OR, false, 64, 0 },
	{ "slt", ALU_SLT, false, 64, 0 }, { "sltu", ALU_SLTU, false, 64, 0 },
	{ "mul", ALU_MUL, false, 32, 0 }, { "dmulu", ALU_MUL, false, 64, 0 },
	{ "dsllv", ALU_SHL, false, 64, 0 }, { "dsrlv", ALU_SHR, false, 64, 0 },
	{ "dsrav", ALU_ASHR, false, 64, 0 },
	{ "addi", ALU_ADD, true, 32, 0 }, { "addiu", ALU_ADD, true, 32, 0 },
	{ "daddi", ALU_ADD, true, 64, 0 }, { "daddiu", ALU_ADD, true, 64, 0 },
	{ "subi", ALU_SUB, true, 32, 0 }, { "subiu", ALU_SUB, true, 32, 0 },
	{ "andi", ALU_AND, true, 64, 0 }, { "ori", ALU_OR, true, 64, 0 },
	{ "xori", ALU_XOR, true, 64, 0 },
	{ "slti", ALU_SLT, true, 64, 0 }, { "sltiu", ALU_SLTU, true, 64, 0 },
	{ "sll", ALU_SHL, true, 32, 0 },
	{ "dsll", ALU_SHL, true, 64, 0 }, { "dsrl", ALU_SHR, true, 64, 0 },
	{ "dsra", ALU_ASHR, true, 64, 0 },
	{ "dsll32", ALU_SHL, true, 64, 32 }, { "dsrl32", ALU_SHR, true, 64, 32 },
	{ "dsra32", ALU_ASHR, true, 64, 32 },
};

static bool is_shift(alu_op a)
{
	return a == ALU_SHL || a == ALU_SHR || a == ALU_ASHR;
}

/* The mips_alus table: `op $rd,$rs,$rt` / `op $rt,$rs,k`. */
static int parse_alu(asm_parser *mp, const char *m)
{
	size_t i = FE_FIND(mips_alus, m);

	if (i == NELEM(mips_alus))
		return FE_NOT_MINE;
	const mips_alu_def *def = &mips_alus[i];
	ir_insn *in = asm_emit(mp, IR_ALU);
	in->alu = def->alu;
	if (parse_dst(mp, &in->dst) || asm_comma(mp) || parse_src(mp, &in->a) || asm_comma(mp))
		return -1;
	if (def->imm) {
		int64_t k;
		if (lex_int(&mp->lx, &k, "an immediate"))
			return -1;
		if (is_shift(def->alu) && (k < 0 || k > 31))
			return diag_error(mp->d, mp->insn_pos,
					  "shift amount out of range (0..31) in '%s'", mp->insn_text);
		in->b = imm_opnd(k + def->add);
	} else if (parse_src(mp, &in->b)) {
		return -1;
	}
	if (in->dst < 0) {   /* into $0: no effect */
		mp->th->ncode--;
		return 0;
	}
	if (!strcmp(m, "nor"))
		asm_alu(mp, ALU_XOR, in->dst, reg_opnd(in->dst), imm_opnd(-1));
	if (def->bits == 32)
		asm_extend(mp, in->dst, 32, true);
	return 0;
}

static const char *const mips_misc[] = {
	"li", "lui", "move", "multu", "dmultu", "mflo", "nop", "dins", "dinsu",
};

/* `li $rt,k`, `lui $rt,k`, `move $rd,$rs`, `nop`, `multu` / `dmultu
 * $rs,$rt` (LO = rs * rt), `mflo $rd` and `dins` / `dinsu`. */
static int parse_misc(asm_parser *mp, const char *m)
{
	int64_t k;

	if (FE_FIND(mips_misc, m) == NELEM(mips_misc))
		return FE_NOT_MINE;
	if (!strcmp(m, "nop"))
		return 0;
	ir_insn *in = asm_emit(mp, IR_MOV);
	if (!strcmp(m, "li") || !strcmp(m, "lui")) {
		in->op = IR_MOV;
		if (parse_dst(mp, &in->dst) || asm_comma(mp) || lex_int(&mp->lx, &k, "an immediate"))
			return -1;
		/* lui: k << 16, sign-extended from bit 31 */
		in->a = imm_opnd(m[1] == 'u' ? (int64_t)(int32_t)((uint32_t)k << 16) : k);
	} else if (!strcmp(m, "move")) {
		in->op = IR_MOV;
		if (parse_dst(mp, &in->dst) || asm_comma(mp) || parse_src(mp, &in->a))
			return -1;
	} else if (!strcmp(m, "multu") || !strcmp(m, "dmultu")) {
		in->op = IR_ALU;
		in->alu = ALU_MUL;
		if ((in->dst = litmus_reg(mp->t, HREG_LO)) < 0 || parse_src(mp, &in->a) || asm_comma(mp)
		    || parse_src(mp, &in->b))
			return -1;
		if (m[0] == 'm')
			asm_extend(mp, in->dst, 32, true);
		return 0;
	} else if (!strcmp(m, "mflo")) {
		in->op = IR_MOV;
		int lo = litmus_reg(mp->t, HREG_LO);
		if (lo < 0 || parse_dst(mp, &in->dst))
			return -1;
		in->a = reg_opnd(lo);
	} else {
		/* `dinsu $rt,$0,32,32` (llvm prints `dins`): the 64-bit JIT's
		 * zero extension (emit_zext); only zeros inserted up to bit 63 */
		int rs;
		int64_t pos, size;
		if (parse_dst(mp, &in->dst) || asm_comma(mp) || parse_dst(mp, &rs) || asm_comma(mp)
		    || lex_int(&mp->lx, &pos, "a bit position") || asm_comma(mp)
		    || lex_int(&mp->lx, &size, "a size"))
			return -1;
		if (rs >= 0 || pos < 1 || pos > 63 || pos + size != 64)
			return asm_unsupported(mp, "only the zero extension form (`$0` inserted up to bit 63) is modelled");
		in->op = IR_ALU;
		in->alu = ALU_AND;
		in->a = reg_opnd(in->dst);
		in->b = imm_opnd((int64_t)(((uint64_t)1 << pos) - 1));
	}
	if (in->dst < 0)
		mp->th->ncode--;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Branches (no delay slot)                                             */
/* ------------------------------------------------------------------ */

static const struct { const char *name; cmp_op cmp; int nregs; } mips_branches[] = {
	{ "b", CMP_ALWAYS, 0 }, { "j", CMP_ALWAYS, 0 },
	{ "beq", CMP_EQ, 2 }, { "bne", CMP_NE, 2 },
	{ "beqz", CMP_EQ, 1 }, { "bnez", CMP_NE, 1 },
	{ "blez", CMP_SLE, 1 }, { "bgtz", CMP_SGT, 1 },
	{ "bltz", CMP_SLT, 1 }, { "bgez", CMP_SGE, 1 },
};

static int parse_branch(asm_parser *mp, const char *m)
{
	size_t i = FE_FIND(mips_branches, m);

	if (i == NELEM(mips_branches))
		return FE_NOT_MINE;
	ir_insn *in = asm_emit(mp, IR_BRANCH);
	in->cmp = mips_branches[i].cmp;
	if (mips_branches[i].nregs >= 1 && (parse_src(mp, &in->a) || asm_comma(mp)))
		return -1;
	if (mips_branches[i].nregs == 2 && (parse_src(mp, &in->b) || asm_comma(mp)))
		return -1;
	if (mips_branches[i].nregs == 1)
		in->b = imm_opnd(0);
	return asm_label_ref(mp);
}

/* The instruction classes, in the order mips_insn tries them. */
static const asm_class mips_classes[] = {
	parse_load, parse_store, parse_fence, parse_alu, parse_misc, parse_branch,
};

static int mips_insn(asm_parser *mp, bool labelled)
{
	char m[MNEMONIC_MAX];

	(void)labelled;
	return asm_mnemonic(mp, m, sizeof m, NULL, ASM_LOWER) ? -1 : ASM_CLASSES(mp, m, mips_classes);
}

static const asm_dialect mips_dialect = {
	.ir_per_cell = IR_PER_CELL,
	.mark_mixed = true,
	.insn = mips_insn,
};

static int mips_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			     diag *d)
{
	return asm_parse_thread(&(asm_parser){ 0 }, &mips_dialect, t, ti, cells, ncells, d);
}

const frontend mips_frontend = {
	.arch = "MIPS",
	.default_model = "mips.cat",
	.tag_names = mips_tag_names,
	.ntags = MIPS_NTAGS,
	.is_register = mips_is_register,
	.canon_register = mips_canon_register,
	.parse_thread = mips_parse_thread,
	.jit_arch = "mips64",
	.qemu_arch = "mips64el",
	.mixed = true,
};
