/* s390x_frontend.c - parse S390X litmus cells and lower them to IR.
 *
 * Syntax: z/Architecture assembler operands in their architectural order
 * (`lg r1,0(r2)`: R1 first, then D2(B2)), registers r0..r15 with an
 * optional `%` (Linux inline-assembly style), kept under the name written
 * without `%`. Each cell holds at most one label (`L0:`) and at most one
 * instruction; an instruction becomes at most three IR instructions.
 *
 * Memory ordering (docs/s390x-model.md):
 *   - serialising instructions: `bcr 14,0` (fast-BCR-serialisation
 *     facility) and `bcr 15,0`, also spelt `bnor 0` and `br 0` (llvm's
 *     extended mnemonics), are fence events tagged SER; CS / CSY / CSG
 *     (compare and swap, which serialises before and after, whether or not
 *     it stores) are a read and, on success, a write linked by rmw, both
 *     tagged SER (a failed CS's read too);
 *   - interlocked-access facility updates (LAA, LAAG, LAAL, LAALG, LAN,
 *     LANG, LAO, LAOG, LAX, LAXG) are ONE event that reads and writes
 *     (block-concurrent interlocked update), tagged IA; they do not
 *     serialise.
 *
 * Sizes (docs/mixed-size.md, "s390x"): every access has its size; a byte
 * or halfword access, or one at an offset, marks the thread mixed-size
 * (fe_mark_mixed). z/Architecture is big endian (frontend.big_endian).
 *
 * Condition code: compares (CGR, CR, CLGR, CLR, CGHI, CHI, CGFI, CFI,
 * CLGFI, CLFI; the 32-bit forms on the low halves) copy their operands to
 * two hidden registers, and a conditional jump compares those (signed or
 * unsigned, as the compare was), so the jump depends on the reads that
 * fed the comparison. CS sets the condition code too: 0 if it stored, 1
 * if not; AND / OR / XOR (NGR, NR, NGRK, NILF, OGR, ...): 0 if the result
 * is zero, 1 if not. A jump tests the code by its mask (bit 8: cc 0, 4:
 * cc 1, 2: cc 2, 1: cc 3), written as `brc M,L` / `brcl M,L` or as an
 * extended mnemonic: j / jg with the suffixes binutils and llvm use (je,
 * jne, jh, jnle, jgne, ...). Additions, subtractions, negations,
 * arithmetic shifts and interlocked updates set a code the dialect does
 * not track: a conditional jump after one is refused, as is one at a
 * label (reached by a jump). Compare and branch (CGRJ, CLGRJ, CRJ, CLRJ,
 * CGIJ, ...: the mask as a suffix, `cgrje`, or an operand) compares into
 * hidden registers of its own and leaves the condition code alone.
 *
 * 32-bit forms (AR, LR, LHI, IILF, SRL, ...) compute the low half of the
 * register and keep the high half, as the architecture does; the 32-bit
 * loads (L, LY, LLC, LLH, LB, LH) extend to 64 bits instead.  The BPF JIT
 * zero-extends after each of them (LLGFR).
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arch/s390x_frontend.h"
#include "arch/asm_kit.h"

enum { S390_TAG_SER, S390_TAG_IA, S390_NTAGS };

/* Event tags, visible to the cat model as event sets of the same name. */
static const char *const s390_tag_names[] = {
	[S390_TAG_SER] = "SER",   /* bcr 14,0 / bcr 15,0 fences; CS events */
	[S390_TAG_IA] = "IA",     /* interlocked-access update (laa & co) */
};
_Static_assert(sizeof s390_tag_names / sizeof *s390_tag_names == S390_NTAGS,
	       "one name per S390X tag");

#define IR_PER_CELL 8

/* Hidden registers of the condition code; their names hold a character no
 * litmus register has. */
#define FLAG_A "%cc.a"
#define FLAG_B "%cc.b"
/* Compare-and-branch's operands (the condition code stays), and the result
 * of a 32-bit form before it goes into the low half of its register. */
#define CJ_A "%cj.a"
#define CJ_B "%cj.b"
#define TMP32 "%t32"

/* What set the condition code last: a signed or unsigned compare of
 * FLAG_A with FLAG_B (cc 0 equal, 1 low, 2 high), or an instruction with
 * two outcomes (CS: stored or not; AND / OR / XOR: zero or not), cc 0 iff
 * FLAG_A == FLAG_B. */
typedef enum { CC_NONE, CC_SIGNED, CC_UNSIGNED, CC_TWO } cc_kind;

static bool s390_is_register(const char *name)
{
	char *end;
	long n;

	if (name[0] == '%')
		name++;
	if (name[0] != 'r' && name[0] != 'R')
		return false;
	if (!isdigit((unsigned char)name[1]) || (name[1] == '0' && name[2]))
		return false;
	n = strtol(name + 1, &end, 10);
	return *end == '\0' && n >= 0 && n <= 15;
}

static const char *s390_canon_register(const char *name, char *buf)
{
	if (!s390_is_register(name))
		return NULL;
	if (name[0] == '%')
		name++;
	snprintf(buf, CANON_REG_MAX, "r%s", name + 1);
	return buf;
}

typedef struct {
	asm_parser p;
	cc_kind cc;     /* what set the condition code last */
} s390_parser;

/* What set the condition code last. */
static cc_kind *cc(asm_parser *p)
{
	return &((s390_parser *)p)->cc;
}

/* `rN` or `%rN` */
static int parse_reg(asm_parser *sp, int *reg)
{
	return asm_reg(sp, "%", reg);
}

static int parse_imm(asm_parser *sp, int64_t *v)
{
	return asm_int(sp, v, false);
}

/* D(B), D(X,B) with X or B r0 / 0 (none: register 0 in an address field
 * means no register, so the other one is the address; llvm prints the
 * BPF JIT's accesses, whose address is in the index field, `0(%r2,0)`),
 * or (B): *base = -1 when there is no register (D alone, or D(0)). */
static int parse_mem(asm_parser *sp, int *base, int64_t *off)
{
	lexer *lx = &sp->lx;

	*off = 0;
	*base = -1;
	if (lex_peek_number(lx) && lex_int(lx, off, "a displacement"))
		return -1;
	if (!lex_accept(lx, "("))
		return 0;
	if (lex_peek_number(lx)) {          /* 0: no index / no base */
		int64_t z;
		if (lex_int(lx, &z, "a register") )
			return -1;
		if (z != 0)
			return lex_error_expected(lx, "a register");
		if (lex_accept(lx, ","))
			return parse_reg(sp, base) ? -1 : lex_expect(lx, ")");
		return lex_expect(lx, ")");
	}
	if (parse_reg(sp, base))
		return -1;
	if (lex_accept(lx, ",")) {          /* D(X,B): X or B r0 */
		int x = *base, b;
		int64_t z;
		if (lex_peek_number(lx)) {
			if (lex_int(lx, &z, "a register"))
				return -1;
			if (z != 0)
				return lex_error_expected(lx, "a register");
			b = -1;
		} else if (parse_reg(sp, &b)) {
			return -1;
		}
		if (b >= 0 && !strcmp(sp->t->regs[b], "r0"))
			b = -1;
		if (b >= 0 && strcmp(sp->t->regs[x], "r0") != 0)
			return asm_unsupported(sp, "indexed addressing");
		*base = b >= 0 ? b : strcmp(sp->t->regs[x], "r0") ? x : -1;
	}
	return lex_expect(lx, ")");
}

static int parse_mem_operand(asm_parser *sp, int *base, int64_t *off)
{
	if (parse_mem(sp, base, off))
		return -1;
	if (*base < 0)
		return asm_unsupported(sp, "absolute address");
	return 0;
}

/* loads: size, and whether the value is sign-extended (lgf, lb, lgb, lh,
 * lgh); the 32-bit forms (l, ly, llc, llh, lb, lh) leave the upper half of
 * R1 alone, which the dialect does not model: it extends to 64 bits */
static const struct { const char *name; int size; bool sign; } s390_loads[] = {
	{ "l", 4, false }, { "ly", 4, false }, { "llgf", 4, false }, { "lgf", 4, true },
	{ "lg", 8, false }, { "llgc", 1, false }, { "llc", 1, false }, { "llgh", 2, false },
	{ "llh", 2, false }, { "lb", 1, true }, { "lgb", 1, true }, { "lh", 2, true },
	{ "lhy", 2, true }, { "lgh", 2, true },
};

static const struct { const char *name; int size; } s390_stores[] = {
	{ "st", 4 }, { "sty", 4 }, { "stg", 8 }, { "stc", 1 }, { "stcy", 1 },
	{ "sth", 2 }, { "sthy", 2 },
};

/* How an instruction leaves the condition code: unchanged (moves, loads,
 * shifts left and logical right, multiplications), set in a way a branch
 * can test (S_LOGIC: zero or not, of the result of AND / OR / XOR), or set
 * in a way the dialect does not track (S_OTHER: additions, subtractions,
 * negations, arithmetic shifts, interlocked updates), after which a
 * conditional branch is refused. */
typedef enum { S_KEEP, S_LOGIC, S_OTHER } cc_effect;

/* register-register ALU operations: rD = rD op rS (2 operands) or
 * rD = rS op rT (3 operands, the distinct-operands facility's -k forms);
 * is32: the 32-bit form, which computes the low half and keeps the high
 * half of rD */
static const struct { const char *name; alu_op alu; bool is32, three; cc_effect cc; } s390_alus[] = {
	{ "agr", ALU_ADD, false, false, S_OTHER }, { "ar", ALU_ADD, true, false, S_OTHER },
	{ "algr", ALU_ADD, false, false, S_OTHER }, { "alr", ALU_ADD, true, false, S_OTHER },
	{ "sgr", ALU_SUB, false, false, S_OTHER }, { "sr", ALU_SUB, true, false, S_OTHER },
	{ "slgr", ALU_SUB, false, false, S_OTHER }, { "slr", ALU_SUB, true, false, S_OTHER },
	{ "ngr", ALU_AND, false, false, S_LOGIC }, { "nr", ALU_AND, true, false, S_LOGIC },
	{ "ogr", ALU_OR, false, false, S_LOGIC }, { "or", ALU_OR, true, false, S_LOGIC },
	{ "xgr", ALU_XOR, false, false, S_LOGIC }, { "xr", ALU_XOR, true, false, S_LOGIC },
	{ "msgr", ALU_MUL, false, false, S_KEEP }, { "msr", ALU_MUL, true, false, S_KEEP },
	{ "agrk", ALU_ADD, false, true, S_OTHER }, { "ark", ALU_ADD, true, true, S_OTHER },
	{ "sgrk", ALU_SUB, false, true, S_OTHER }, { "srk", ALU_SUB, true, true, S_OTHER },
	{ "ngrk", ALU_AND, false, true, S_LOGIC }, { "nrk", ALU_AND, true, true, S_LOGIC },
	{ "ogrk", ALU_OR, false, true, S_LOGIC }, { "ork", ALU_OR, true, true, S_LOGIC },
	{ "xgrk", ALU_XOR, false, true, S_LOGIC }, { "xrk", ALU_XOR, true, true, S_LOGIC },
};

/* register-immediate ALU operations: rD = rD op imm; bits/sign: how the
 * immediate field extends (16 or 32 bits, signed or not) */
static const struct {
	const char *name; alu_op alu; bool is32; int bits; bool sign; cc_effect cc;
} s390_alu_imms[] = {
	{ "aghi", ALU_ADD, false, 16, true, S_OTHER }, { "ahi", ALU_ADD, true, 16, true, S_OTHER },
	{ "agfi", ALU_ADD, false, 32, true, S_OTHER }, { "afi", ALU_ADD, true, 32, true, S_OTHER },
	{ "algfi", ALU_ADD, false, 32, false, S_OTHER }, { "alfi", ALU_ADD, true, 32, false, S_OTHER },
	{ "slgfi", ALU_SUB, false, 32, false, S_OTHER }, { "slfi", ALU_SUB, true, 32, false, S_OTHER },
	{ "msgfi", ALU_MUL, false, 32, true, S_KEEP }, { "msfi", ALU_MUL, true, 32, true, S_KEEP },
	{ "mghi", ALU_MUL, false, 16, true, S_KEEP }, { "mhi", ALU_MUL, true, 16, true, S_KEEP },
	{ "nilf", ALU_AND, true, 32, false, S_LOGIC }, { "oilf", ALU_OR, true, 32, false, S_LOGIC },
	{ "xilf", ALU_XOR, true, 32, false, S_LOGIC },
};

/* shifts: 64-bit rD = rS shift (D2 + B2) (three operands), 32-bit
 * rD = rD shift (D2 + B2) on the low half (two operands) */
static const struct { const char *name; alu_op alu; bool is32; cc_effect cc; } s390_shifts[] = {
	{ "sllg", ALU_SHL, false, S_KEEP }, { "srlg", ALU_SHR, false, S_KEEP },
	{ "srag", ALU_ASHR, false, S_OTHER }, { "sll", ALU_SHL, true, S_KEEP },
	{ "srl", ALU_SHR, true, S_KEEP }, { "sra", ALU_ASHR, true, S_OTHER },
};

/* register moves with an extension of the source's low `bits` bits (64:
 * none); is32: into the low half of rD only */
static const struct { const char *name; int bits; bool sign, is32; } s390_moves[] = {
	{ "lgr", 64, false, false }, { "lr", 32, false, true }, { "llgfr", 32, false, false },
	{ "lgfr", 32, true, false }, { "lgbr", 8, true, false }, { "lghr", 16, true, false },
	{ "llgcr", 8, false, false }, { "llghr", 16, false, false }, { "lbr", 8, true, true },
	{ "lhr", 16, true, true }, { "llcr", 8, false, true }, { "llhr", 16, false, true },
};

/* loads of an immediate: the field's width and extension; is32: into the
 * low half of rD only */
static const struct { const char *name; int bits; bool sign, is32; } s390_limms[] = {
	{ "lghi", 16, true, false }, { "lhi", 16, true, true }, { "lgfi", 32, true, false },
	{ "llilf", 32, false, false }, { "iilf", 32, false, true },
};

/* interlocked-access facility: rD = old; mem = old op rS, one event */
static const struct { const char *name; alu_op alu; int size; } s390_ia[] = {
	{ "laa", ALU_ADD, 4 }, { "laag", ALU_ADD, 8 }, { "laal", ALU_ADD, 4 },
	{ "laalg", ALU_ADD, 8 }, { "lan", ALU_AND, 4 }, { "lang", ALU_AND, 8 },
	{ "lao", ALU_OR, 4 }, { "laog", ALU_OR, 8 }, { "lax", ALU_XOR, 4 },
	{ "laxg", ALU_XOR, 8 },
};

/* compares: register-register or register-immediate, signed or not; the
 * 32-bit forms compare the low halves (the immediate's width in bits) */
static const struct { const char *name; bool imm, unsig, is32; int bits; } s390_cmps[] = {
	{ "cgr", false, false, false, 0 }, { "cr", false, false, true, 0 },
	{ "clgr", false, true, false, 0 }, { "clr", false, true, true, 0 },
	{ "cghi", true, false, false, 16 }, { "chi", true, false, true, 16 },
	{ "cgfi", true, false, false, 32 }, { "cfi", true, false, true, 32 },
	{ "clgfi", true, true, false, 32 }, { "clfi", true, true, true, 32 },
};

/* compare and branch (general-instructions-extension facility): like the
 * compares, then a branch on mask M3; the condition code is left alone.
 * The immediate forms take an 8-bit immediate. */
static const struct { const char *name; bool imm, unsig, is32; } s390_cmpbr[] = {
	{ "cgrj", false, false, false }, { "clgrj", false, true, false },
	{ "crj", false, false, true }, { "clrj", false, true, true },
	{ "cgij", true, false, false }, { "clgij", true, true, false },
	{ "cij", true, false, true }, { "clij", true, true, true },
};

/* condition-code masks of the extended mnemonics' suffixes (bit 8: cc 0,
 * 4: cc 1, 2: cc 2, 1: cc 3), as binutils and llvm spell them; `intcond`:
 * a suffix of the compare-and-branch forms too */
static const struct { const char *name; int mask; bool intcond; } s390_conds[] = {
	{ "o", 1, false }, { "h", 2, true }, { "p", 2, false }, { "nle", 3, true },
	{ "l", 4, true }, { "m", 4, false }, { "nhe", 5, true }, { "lh", 6, true },
	{ "ne", 7, true }, { "nz", 7, false }, { "e", 8, true }, { "z", 8, false },
	{ "nlh", 9, true }, { "he", 10, true }, { "nl", 11, true }, { "nm", 11, false },
	{ "le", 12, true }, { "nh", 13, true }, { "np", 13, false }, { "no", 14, false },
};

/* The mask a suffix denotes ("" : 15, always), or -1. */
static int cond_mask(const char *suffix, bool intcond)
{
	if (!*suffix)
		return intcond ? -1 : 15;
	size_t i = FE_FIND(s390_conds, suffix);
	if (i == NELEM(s390_conds) || (intcond && !s390_conds[i].intcond))
		return -1;
	return s390_conds[i].mask;
}

/* An immediate field of `bits` bits: sign- or zero-extended (the value
 * may be written either way: -1 or 65535 for 16 bits). */
static int64_t field(int64_t v, int bits, bool sign)
{
	uint64_t m = (UINT64_C(1) << bits) - 1, u = (uint64_t)v & m;

	if (sign && (u >> (bits - 1)))
		u |= ~m;
	return (int64_t)u;
}

static int parse_field(asm_parser *sp, int bits, bool sign, int64_t *v)
{
	srcpos at = lex_here(&sp->lx);
	int64_t lo = -((int64_t)1 << (bits - 1)), hi = ((int64_t)1 << bits) - 1;

	if (parse_imm(sp, v))
		return -1;
	/* either spelling of the field: signed or unsigned */
	if (*v < lo || *v > hi)
		return diag_error(sp->d, at, "immediate %lld does not fit the %d-bit field of '%s'",
				  (long long)*v, bits, sp->insn_text);
	*v = field(*v, bits, sign);
	return 0;
}

/* A 32-bit form's result t (its low half) into the low half of rd, whose
 * high half stays: rd = (rd & 0xffffffff00000000) | (t & 0xffffffff). */
static void merge_low(asm_parser *sp, int rd, int t)
{
	asm_extend(sp, t, 32, false);
	asm_alu(sp, ALU_AND, rd, reg_opnd(rd), imm_opnd((int64_t)UINT64_C(0xffffffff00000000)));
	asm_alu(sp, ALU_OR, rd, reg_opnd(rd), reg_opnd(t));
}

/* The condition code after a result r (of `bits` bits) that sets it by
 * zero / not zero (AND, OR, XOR): cc 0 iff FLAG_A == FLAG_B. */
static void set_logic_cc(asm_parser *sp, int r, bool is32)
{
	int fa = litmus_reg(sp->t, FLAG_A), fb = litmus_reg(sp->t, FLAG_B);

	asm_mov(sp, fa, reg_opnd(r));
	if (is32)
		asm_extend(sp, fa, 32, false);
	asm_mov(sp, fb, imm_opnd(0));
	*cc(sp) = CC_TWO;
}

static void after(asm_parser *sp, cc_effect e, int r, bool is32)
{
	if (e == S_LOGIC)
		set_logic_cc(sp, r, is32);
	else if (e == S_OTHER)
		*cc(sp) = CC_NONE;
}

/* A conditional branch on mask: the IR comparison of the hidden registers
 * a, b set by a compare of kind k (CC_TWO: cc 0 iff a == b, else cc 1);
 * mask 15 (or 14 after a compare, which never gives cc 3) is a jump. */
static int lower_branch(asm_parser *sp, int mask, cc_kind k, int fa, int fb)
{
	static const cmp_op sgn[16] = {
		[8] = CMP_EQ, [6] = CMP_NE, [2] = CMP_SGT, [4] = CMP_SLT, [10] = CMP_SGE, [12] = CMP_SLE,
	};
	static const cmp_op uns[16] = {
		[8] = CMP_EQ, [6] = CMP_NE, [2] = CMP_GT, [4] = CMP_LT, [10] = CMP_GE, [12] = CMP_LE,
	};
	ir_insn *in;
	cmp_op op = CMP_ALWAYS;

	if (mask == 15 || (k != CC_NONE && (mask & (k == CC_TWO ? 12 : 14)) == (k == CC_TWO ? 12 : 14))) {
		op = CMP_ALWAYS;
	} else if (k == CC_NONE) {
		return asm_unsupported(sp, "no compare, CS or logical operation sets the condition code");
	} else if (k == CC_TWO) {
		/* cc 0 (equal / stored / zero) or cc 1 */
		if ((mask & 12) == 8)
			op = CMP_EQ;
		else if ((mask & 12) == 4)
			op = CMP_NE;
		else
			return asm_unsupported(sp, "condition never true after CS or a logical operation");
	} else {
		int m = mask & 14;
		if (m == 0)
			return asm_unsupported(sp, "condition never true after a compare");
		op = k == CC_SIGNED ? sgn[m] : uns[m];
	}
	in = asm_emit(sp, IR_BRANCH);
	in->cmp = op;
	if (op != CMP_ALWAYS) {
		in->a = reg_opnd(fa);
		in->b = reg_opnd(fb);
	}
	return asm_label_ref(sp);
}

static int lower_jump(asm_parser *sp, int mask)
{
	return lower_branch(sp, mask, *cc(sp), litmus_reg(sp->t, FLAG_A), litmus_reg(sp->t, FLAG_B));
}

/* nop / nopr [R], and the serialising bcr 14,0 / bcr 15,0, also spelt
 * with the extended mnemonics `bnor 0` and `br 0` (llvm's) */
static int parse_fence(asm_parser *sp, const char *m)
{
	int64_t mask, r2;
	int rs;

	if (!strcmp(m, "nop") || !strcmp(m, "nopr")) {
		/* an optional operand (nopr %r7, nop 0): no effect */
		if (lex_peek_number(&sp->lx))
			return parse_imm(sp, &r2);
		if (lex_at_end(&sp->lx))
			return 0;
		return m[3] ? parse_reg(sp, &rs) : parse_mem(sp, &rs, &r2);
	}
	if (!strcmp(m, "bnor") || !strcmp(m, "br"))
		mask = m[1] == 'n' ? 14 : 15;
	else if (!strcmp(m, "bcr")) {
		if (parse_imm(sp, &mask) || asm_comma(sp))
			return -1;
	} else {
		return FE_NOT_MINE;
	}
	/* R2 = 0 means no branch */
	if (lex_peek_number(&sp->lx)) {
		if (parse_imm(sp, &r2))
			return -1;
	} else {
		if (parse_reg(sp, &rs))
			return -1;
		r2 = strcmp(sp->t->regs[rs], "r0") ? 1 : 0;
	}
	if (r2 != 0)
		return asm_unsupported(sp, "branch to a register");
	if (mask != 14 && mask != 15)
		return asm_unsupported(sp, "only bcr 14,0 and bcr 15,0 are modelled");
	asm_emit(sp, IR_FENCE)->tags_f = TAG(S390_TAG_SER);
	return 0;
}

/* Branches on the condition code: j / jg (brc / brcl) with a suffix of
 * s390_conds, or brc / brcl MASK. */
static int parse_branch(asm_parser *sp, const char *m)
{
	int64_t mask;

	if (!strcmp(m, "brc") || !strcmp(m, "brcl")) {
		srcpos at = lex_here(&sp->lx);
		if (parse_imm(sp, &mask) || asm_comma(sp))
			return -1;
		if (mask < 0 || mask > 15)
			return diag_error(sp->d, at, "condition mask %lld is not 0..15", (long long)mask);
		if (mask == 0)
			return asm_unsupported(sp, "a branch never taken (mask 0)");
		return lower_jump(sp, (int)mask);
	}
	if (m[0] != 'j')
		return FE_NOT_MINE;
	int k = m[1] == 'g' ? cond_mask(m + 2, false) : -1;
	if (k < 0)
		k = cond_mask(m + 1, false);
	if (k < 0)
		return FE_NOT_MINE;
	return lower_jump(sp, k);
}

/* The s390_loads table. */
static int parse_load(asm_parser *sp, const char *m)
{
	size_t i = FE_FIND(s390_loads, m);
	int rd, rb;
	int64_t off;
	ir_insn *in;

	if (i == NELEM(s390_loads))
		return FE_NOT_MINE;
	if (parse_reg(sp, &rd) || asm_comma(sp) || parse_mem_operand(sp, &rb, &off))
		return -1;
	in = asm_emit(sp, IR_LOAD);
	in->dst = rd;
	in->a = reg_opnd(rb);
	in->off = off;
	in->size = s390_loads[i].size;
	if (s390_loads[i].sign)
		asm_extend(sp, rd, 8 * in->size, true);
	return 0;
}

/* The s390_stores table. */
static int parse_store(asm_parser *sp, const char *m)
{
	size_t i = FE_FIND(s390_stores, m);
	int rs, rb;
	int64_t off;
	ir_insn *in;

	if (i == NELEM(s390_stores))
		return FE_NOT_MINE;
	if (parse_reg(sp, &rs) || asm_comma(sp) || parse_mem_operand(sp, &rb, &off))
		return -1;
	in = asm_emit(sp, IR_STORE);
	in->a = reg_opnd(rb);
	in->off = off;
	in->b = reg_opnd(rs);
	in->size = s390_stores[i].size;
	return 0;
}

/* Interlocked access (the s390_ia table) and compare-and-swap (cs, csy,
 * csg). */
static int parse_atomic(asm_parser *sp, const char *m)
{
	size_t i = FE_FIND(s390_ia, m);
	int rd, rs, rb, fa, fb;
	int64_t off;
	ir_insn *in;

	if (i == NELEM(s390_ia) && strcmp(m, "cs") != 0 && strcmp(m, "csy") != 0
	    && strcmp(m, "csg") != 0)
		return FE_NOT_MINE;
	if (parse_reg(sp, &rd) || asm_comma(sp) || parse_reg(sp, &rs) || asm_comma(sp)
	    || parse_mem_operand(sp, &rb, &off))
		return -1;
	if (i < NELEM(s390_ia)) {
		in = asm_emit(sp, IR_RMW);
		in->alu = s390_ia[i].alu;
		in->dst = rd;
		in->a = reg_opnd(rb);
		in->off = off;
		in->b = reg_opnd(rs);
		in->size = s390_ia[i].size;
		in->tags_r = in->tags_w = TAG(S390_TAG_IA);
		*cc(sp) = CC_NONE;   /* the result's sign and overflow */
		return 0;
	}
	/* cs rOld,rNew,D(B): if mem == rOld then mem = rNew (cc 0),
	 * else rOld = mem (cc 1); serialising either way */
	fa = litmus_reg(sp->t, FLAG_A);
	fb = litmus_reg(sp->t, FLAG_B);
	asm_mov(sp, fb, reg_opnd(rd));
	in = asm_emit(sp, IR_CAS);
	in->dst = rd;
	in->a = reg_opnd(rb);
	in->off = off;
	in->b = reg_opnd(fb);
	in->c = reg_opnd(rs);
	in->size = m[2] == 'g' ? 8 : 4;
	in->tags_r = in->tags_w = in->tags_fail = TAG(S390_TAG_SER);
	asm_mov(sp, fa, reg_opnd(rd));
	*cc(sp) = CC_TWO;
	return 0;
}

/* The operands of a compare into the hidden registers fa and fb: rd, and
 * a register or an immediate (already extended), compared on their low
 * halves (is32) sign- or zero-extended. */
static void compare_into(asm_parser *sp, int fa, int fb, int rd, opnd b, bool unsig, bool is32)
{
	asm_mov(sp, fa, reg_opnd(rd));
	asm_mov(sp, fb, b);
	if (is32) {
		asm_extend(sp, fa, 32, !unsig);
		if (b.kind == OPND_REG)
			asm_extend(sp, fb, 32, !unsig);
	}
}

/* The s390_cmps table: the condition code is the pair of hidden registers
 * FLAG_A, FLAG_B (the operands), and how they were compared. */
static int parse_compare(asm_parser *sp, const char *m)
{
	size_t i = FE_FIND(s390_cmps, m);
	int rd, rs;
	int64_t imm;
	opnd b;

	if (i == NELEM(s390_cmps))
		return FE_NOT_MINE;
	if (parse_reg(sp, &rd) || asm_comma(sp))
		return -1;
	if (s390_cmps[i].imm) {
		if (parse_field(sp, s390_cmps[i].bits, !s390_cmps[i].unsig, &imm))
			return -1;
		b = imm_opnd(imm);
	} else {
		if (parse_reg(sp, &rs))
			return -1;
		b = reg_opnd(rs);
	}
	compare_into(sp, litmus_reg(sp->t, FLAG_A), litmus_reg(sp->t, FLAG_B), rd, b,
		     s390_cmps[i].unsig, s390_cmps[i].is32);
	*cc(sp) = s390_cmps[i].unsig ? CC_UNSIGNED : CC_SIGNED;
	return 0;
}

/* Compare and branch (the s390_cmpbr table), with the mask as a suffix
 * (`cgrje r1,r2,L`) or an operand (`cgrj r1,r2,8,L`): compares into
 * hidden registers of their own, since the condition code stays. */
static int parse_cmpbr(asm_parser *sp, const char *m)
{
	size_t i, n = 0;
	int rd, rs, mask = -1, fa, fb;
	int64_t v;
	opnd b;

	for (i = 0; i < NELEM(s390_cmpbr); i++) {
		n = strlen(s390_cmpbr[i].name);
		if (!strncmp(m, s390_cmpbr[i].name, n) && (!m[n] || cond_mask(m + n, true) >= 0))
			break;
	}
	if (i == NELEM(s390_cmpbr))
		return FE_NOT_MINE;
	if (parse_reg(sp, &rd) || asm_comma(sp))
		return -1;
	if (s390_cmpbr[i].imm) {
		if (parse_field(sp, 8, !s390_cmpbr[i].unsig, &v))
			return -1;
		b = imm_opnd(v);
	} else {
		if (parse_reg(sp, &rs))
			return -1;
		b = reg_opnd(rs);
	}
	if (asm_comma(sp))
		return -1;
	if (m[n]) {
		mask = cond_mask(m + n, true);
	} else {
		srcpos at = lex_here(&sp->lx);
		if (parse_imm(sp, &v) || asm_comma(sp))
			return -1;
		if (v < 0 || v > 15)
			return diag_error(sp->d, at, "condition mask %lld is not 0..15", (long long)v);
		mask = (int)v;
	}
	if ((mask & 14) == 0)
		return asm_unsupported(sp, "condition never true after a compare");
	fa = litmus_reg(sp->t, CJ_A);
	fb = litmus_reg(sp->t, CJ_B);
	compare_into(sp, fa, fb, rd, b, s390_cmpbr[i].unsig, s390_cmpbr[i].is32);
	return lower_branch(sp, mask, s390_cmpbr[i].unsig ? CC_UNSIGNED : CC_SIGNED, fa, fb);
}

/* rD = rD op b (rD's low half only, is32), then the condition code */
static void alu_into(asm_parser *sp, alu_op op, int rd, opnd a, opnd b, bool is32, cc_effect cc)
{
	if (is32) {
		int t = litmus_reg(sp->t, TMP32);
		asm_alu(sp, op, t, a, b);
		merge_low(sp, rd, t);
		after(sp, cc, t, true);   /* t: the low half, zero-extended */
		return;
	}
	asm_alu(sp, op, rd, a, b);
	after(sp, cc, rd, false);
}

/* Register moves (s390_moves), immediates (s390_limms), negation (lcgr,
 * lcr), and the s390_alus, s390_alu_imms and s390_shifts tables. */
static int parse_alu(asm_parser *sp, const char *m)
{
	int rd, rs, rt, rb, t;
	int64_t off, imm;
	size_t i;

	if ((i = FE_FIND(s390_moves, m)) < NELEM(s390_moves)) {
		if (parse_reg(sp, &rd) || asm_comma(sp) || parse_reg(sp, &rs))
			return -1;
		t = s390_moves[i].is32 ? litmus_reg(sp->t, TMP32) : rd;
		asm_mov(sp, t, reg_opnd(rs));
		asm_extend(sp, t, s390_moves[i].bits, s390_moves[i].sign);
		if (s390_moves[i].is32)
			merge_low(sp, rd, t);
		return 0;
	}
	if ((i = FE_FIND(s390_limms, m)) < NELEM(s390_limms)) {
		if (parse_reg(sp, &rd) || asm_comma(sp)
		    || parse_field(sp, s390_limms[i].bits, s390_limms[i].sign, &imm))
			return -1;
		if (!s390_limms[i].is32) {
			asm_mov(sp, rd, imm_opnd(imm));
			return 0;
		}
		t = litmus_reg(sp->t, TMP32);
		asm_mov(sp, t, imm_opnd(imm));
		merge_low(sp, rd, t);
		return 0;
	}
	/* llihf: the immediate into the high half, the low half 0; iihf:
	 * into the high half, the low half kept */
	if (!strcmp(m, "llihf") || !strcmp(m, "iihf")) {
		if (parse_reg(sp, &rd) || asm_comma(sp) || parse_field(sp, 32, false, &imm))
			return -1;
		imm = (int64_t)((uint64_t)imm << 32);
		if (m[1] == 'l') {
			asm_mov(sp, rd, imm_opnd(imm));
			return 0;
		}
		asm_alu(sp, ALU_AND, rd, reg_opnd(rd), imm_opnd(0xffffffff));
		asm_alu(sp, ALU_OR, rd, reg_opnd(rd), imm_opnd(imm));
		return 0;
	}
	if (!strcmp(m, "lcgr") || !strcmp(m, "lcr")) {
		if (parse_reg(sp, &rd) || asm_comma(sp) || parse_reg(sp, &rs))
			return -1;
		alu_into(sp, ALU_NEG, rd, reg_opnd(rs), (opnd){ 0 }, m[2] == 'r', S_OTHER);
		return 0;
	}
	if ((i = FE_FIND(s390_alus, m)) < NELEM(s390_alus)) {
		if (parse_reg(sp, &rd) || asm_comma(sp) || parse_reg(sp, &rs))
			return -1;
		rt = rs;
		if (s390_alus[i].three) {
			if (asm_comma(sp) || parse_reg(sp, &rt))
				return -1;
		} else {
			rs = rd;
		}
		alu_into(sp, s390_alus[i].alu, rd, reg_opnd(rs), reg_opnd(rt), s390_alus[i].is32,
			 s390_alus[i].cc);
		return 0;
	}
	if ((i = FE_FIND(s390_alu_imms, m)) < NELEM(s390_alu_imms)) {
		if (parse_reg(sp, &rd) || asm_comma(sp)
		    || parse_field(sp, s390_alu_imms[i].bits, s390_alu_imms[i].sign, &imm))
			return -1;
		alu_into(sp, s390_alu_imms[i].alu, rd, reg_opnd(rd), imm_opnd(imm), s390_alu_imms[i].is32,
			 s390_alu_imms[i].cc);
		return 0;
	}
	if ((i = FE_FIND(s390_shifts, m)) < NELEM(s390_shifts)) {
		bool is32 = s390_shifts[i].is32;
		if (parse_reg(sp, &rd) || asm_comma(sp))
			return -1;
		rs = rd;
		if (!is32 && (parse_reg(sp, &rs) || asm_comma(sp)))
			return -1;
		if (parse_mem(sp, &rb, &off))
			return -1;
		if (rb >= 0 && off != 0)
			return asm_unsupported(sp, "shift by a register plus a displacement");
		opnd amount = rb >= 0 ? reg_opnd(rb) : imm_opnd(off);
		if (!is32) {
			alu_into(sp, s390_shifts[i].alu, rd, reg_opnd(rs), amount, false, s390_shifts[i].cc);
			return 0;
		}
		/* the low half, extended as the shift reads it */
		t = litmus_reg(sp->t, TMP32);
		asm_mov(sp, t, reg_opnd(rd));
		asm_extend(sp, t, 32, s390_shifts[i].alu == ALU_ASHR);
		alu_into(sp, s390_shifts[i].alu, rd, reg_opnd(t), amount, true, s390_shifts[i].cc);
		return 0;
	}
	return FE_NOT_MINE;
}

/* The instruction classes, in the order s390_insn tries them. */
static const asm_class s390_classes[] = {
	parse_fence, parse_branch, parse_cmpbr, parse_load, parse_store, parse_atomic,
	parse_compare, parse_alu,
};

static int s390_insn(asm_parser *sp, bool labelled)
{
	char m[LEX_MAX_NAME];

	if (labelled)
		*cc(sp) = CC_NONE;   /* reached by a jump: no known compare */
	return asm_word(sp, m) ? -1 : ASM_CLASSES(sp, m, s390_classes);
}

static const asm_dialect s390_dialect = {
	.ir_per_cell = IR_PER_CELL,
	.insn = s390_insn,
	.mark_mixed = true,
};

static int s390_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			     diag *d)
{
	return asm_parse_thread(&(s390_parser){ 0 }.p, &s390_dialect, t, ti, cells, ncells, d);
}

const frontend s390x_frontend = {
	.arch = "S390X",
	.default_model = "s390x.cat",
	.tag_names = s390_tag_names,
	.ntags = S390_NTAGS,
	.is_register = s390_is_register,
	.canon_register = s390_canon_register,
	.parse_thread = s390_parse_thread,
	.jit_arch = "s390x",
	.qemu_arch = "s390x",
	.mixed = true,
	.big_endian = true,
};
