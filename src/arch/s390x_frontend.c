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
 *     facility) and `bcr 15,0` are fence events tagged SER; CS / CSY / CSG
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
 * CLGFI, CLFI) copy their operands to two hidden registers, and a
 * conditional jump compares those (signed or unsigned, as the compare
 * was), so the jump depends on the reads that fed the comparison. CS sets
 * the condition code too: 0 if it stored, 1 if not; after a CS, `je`/`jz`/
 * `jnl` test success and `jne`/`jnz`/`jl` failure. Other instructions do
 * not set a condition code the dialect tracks.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "arch/s390x_frontend.h"
#include "arch/frontend_labels.h"
#include "litmus/litmus_lex.h"

enum { S390_TAG_SER, S390_TAG_IA, S390_NTAGS };

/* Event tags, visible to the cat model as event sets of the same name. */
static const char *const s390_tag_names[] = {
	[S390_TAG_SER] = "SER",   /* bcr 14,0 / bcr 15,0 fences; CS events */
	[S390_TAG_IA] = "IA",     /* interlocked-access update (laa & co) */
};
_Static_assert(sizeof s390_tag_names / sizeof *s390_tag_names == S390_NTAGS,
	       "one name per S390X tag");

#define TAG(t) ((tagmask)1 << (t))
#define NELEM(a) (sizeof (a) / sizeof *(a))
#define IR_PER_CELL 3

/* Hidden registers of the condition code; their names hold a character no
 * litmus register has. */
#define FLAG_A "%cc.a"
#define FLAG_B "%cc.b"

typedef enum { CC_NONE, CC_SIGNED, CC_UNSIGNED, CC_CS } cc_kind;

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
	litmus_test *t;
	litmus_thread *th;
	lexer lx;
	fe_labels lab;
	cc_kind cc;     /* what set the condition code last */
	const char *insn_text;
	srcpos insn_pos;
	diag *d;
} s390_parser;

static int unknown_insn(s390_parser *sp)
{
	return diag_error(sp->d, sp->insn_pos, "unknown S390X instruction '%s'", sp->insn_text);
}

static int unsupported(s390_parser *sp, const char *why)
{
	return diag_error(sp->d, sp->insn_pos, "unsupported S390X instruction '%s': %s",
			  sp->insn_text, why);
}

static int intern(s390_parser *sp, const char *name, int *reg)
{
	if ((*reg = litmus_reg(sp->t, name)) < 0)
		return diag_error(sp->d, sp->insn_pos, "out of memory");
	return 0;
}

static opnd reg_opnd(int reg)
{
	return (opnd){ .kind = OPND_REG, .reg = reg };
}

static opnd imm_opnd(int64_t v)
{
	return (opnd){ .kind = OPND_IMM, .imm = value_int(v) };
}

/* `rN` or `%rN` */
static int parse_reg(s390_parser *sp, int *reg)
{
	char name[LEX_MAX_NAME];
	srcpos at = lex_here(&sp->lx);

	lex_accept(&sp->lx, "%");
	if (lex_ident(&sp->lx, name, "a register"))
		return -1;
	if (!s390_is_register(name))
		return diag_error(sp->d, at, "invalid S390X register '%s'", name);
	char buf[CANON_REG_MAX];
	return intern(sp, s390_canon_register(name, buf), reg);
}

static int parse_imm(s390_parser *sp, int64_t *v)
{
	return lex_int(&sp->lx, v, "an immediate");
}

static int comma(s390_parser *sp)
{
	return lex_expect(&sp->lx, ",");
}

/* D(B), D(X,B) with X = r0 / 0 (no index), or (B): *base = -1 when there
 * is no base register (D alone, or D(0)). */
static int parse_mem(s390_parser *sp, int *base, int64_t *off)
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
	if (lex_accept(lx, ",")) {          /* D(X,B): only X = r0 */
		int x = *base;
		if (strcmp(sp->t->regs[x], "r0") != 0)
			return unsupported(sp, "indexed addressing");
		if (parse_reg(sp, base))
			return -1;
	}
	return lex_expect(lx, ")");
}

static int parse_mem_operand(s390_parser *sp, int *base, int64_t *off)
{
	if (parse_mem(sp, base, off))
		return -1;
	if (*base < 0)
		return unsupported(sp, "absolute address");
	return 0;
}

static ir_insn *new_insn(s390_parser *sp, ir_op op)
{
	ir_insn *in = &sp->th->code[sp->th->ncode++];

	memset(in, 0, sizeof *in);
	in->op = op;
	in->dst = -1;
	in->pos = sp->insn_pos;
	return in;
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

/* register-register ALU operations: rD = rD op rS */
static const struct { const char *name; alu_op alu; } s390_alus[] = {
	{ "agr", ALU_ADD }, { "ar", ALU_ADD }, { "algr", ALU_ADD }, { "alr", ALU_ADD },
	{ "sgr", ALU_SUB }, { "sr", ALU_SUB }, { "slgr", ALU_SUB }, { "slr", ALU_SUB },
	{ "ngr", ALU_AND }, { "nr", ALU_AND }, { "ogr", ALU_OR }, { "or", ALU_OR },
	{ "xgr", ALU_XOR }, { "xr", ALU_XOR }, { "msgr", ALU_MUL }, { "msr", ALU_MUL },
};

/* register-immediate ALU operations: rD = rD op imm */
static const struct { const char *name; alu_op alu; } s390_alu_imms[] = {
	{ "aghi", ALU_ADD }, { "ahi", ALU_ADD }, { "agfi", ALU_ADD }, { "afi", ALU_ADD },
	{ "nilf", ALU_AND }, { "oilf", ALU_OR }, { "xilf", ALU_XOR },
};

/* shifts: rD = rS shift (D2 + B2) */
static const struct { const char *name; alu_op alu; } s390_shifts[] = {
	{ "sllg", ALU_SHL }, { "srlg", ALU_SHR }, { "srag", ALU_ASHR },
};

/* interlocked-access facility: rD = old; mem = old op rS, one event */
static const struct { const char *name; alu_op alu; int size; } s390_ia[] = {
	{ "laa", ALU_ADD, 4 }, { "laag", ALU_ADD, 8 }, { "laal", ALU_ADD, 4 },
	{ "laalg", ALU_ADD, 8 }, { "lan", ALU_AND, 4 }, { "lang", ALU_AND, 8 },
	{ "lao", ALU_OR, 4 }, { "laog", ALU_OR, 8 }, { "lax", ALU_XOR, 4 },
	{ "laxg", ALU_XOR, 8 },
};

/* compares: register-register or register-immediate, signed or not */
static const struct { const char *name; bool imm, unsig; } s390_cmps[] = {
	{ "cgr", false, false }, { "cr", false, false }, { "clgr", false, true },
	{ "clr", false, true }, { "cghi", true, false }, { "chi", true, false },
	{ "cgfi", true, false }, { "cfi", true, false }, { "clgfi", true, true },
	{ "clfi", true, true },
};

/* jumps by condition: which relation of the compared operands they test */
typedef enum { J_ALWAYS, J_EQ, J_NE, J_H, J_L, J_HE, J_LE } jcond;
static const struct { const char *name; jcond c; } s390_jumps[] = {
	{ "j", J_ALWAYS }, { "je", J_EQ }, { "jz", J_EQ }, { "jne", J_NE },
	{ "jnz", J_NE }, { "jh", J_H }, { "jl", J_L }, { "jhe", J_HE },
	{ "jnl", J_HE }, { "jle", J_LE }, { "jnh", J_LE },
};

/* brc MASK: condition-code masks of the same conditions */
static const struct { int mask; jcond c; } s390_brc[] = {
	{ 15, J_ALWAYS }, { 8, J_EQ }, { 7, J_NE }, { 2, J_H }, { 4, J_L },
	{ 10, J_HE }, { 12, J_LE },
};

/* The jump target: remembered for fe_labels_resolve. */
static int parse_label_ref(s390_parser *sp)
{
	return fe_label_ref(&sp->lab, &sp->lx, sp->th->ncode - 1);
}

static int lower_jump(s390_parser *sp, jcond c)
{
	static const cmp_op sgn[] = {
		[J_ALWAYS] = CMP_ALWAYS, [J_EQ] = CMP_EQ, [J_NE] = CMP_NE, [J_H] = CMP_SGT,
		[J_L] = CMP_SLT, [J_HE] = CMP_SGE, [J_LE] = CMP_SLE,
	};
	static const cmp_op uns[] = {
		[J_ALWAYS] = CMP_ALWAYS, [J_EQ] = CMP_EQ, [J_NE] = CMP_NE, [J_H] = CMP_GT,
		[J_L] = CMP_LT, [J_HE] = CMP_GE, [J_LE] = CMP_LE,
	};
	ir_insn *in;
	int fa, fb;
	cmp_op op;

	if (c == J_ALWAYS) {
		op = CMP_ALWAYS;
	} else if (sp->cc == CC_SIGNED) {
		op = sgn[c];
	} else if (sp->cc == CC_UNSIGNED) {
		op = uns[c];
	} else if (sp->cc == CC_CS) {
		/* cc 0: stored (equal), cc 1: not stored */
		if (c == J_EQ || c == J_HE)
			op = CMP_EQ;
		else if (c == J_NE || c == J_L)
			op = CMP_NE;
		else
			return unsupported(sp, "condition never or always true after CS");
	} else {
		return unsupported(sp, "no compare or CS sets the condition code");
	}
	in = new_insn(sp, IR_BRANCH);
	in->cmp = op;
	if (op != CMP_ALWAYS) {
		if (intern(sp, FLAG_A, &fa) || intern(sp, FLAG_B, &fb))
			return -1;
		in = &sp->th->code[sp->th->ncode - 1];
		in->a = reg_opnd(fa);
		in->b = reg_opnd(fb);
	}
	return parse_label_ref(sp);
}

/* nop, nopr, and the serialising bcr 14,0 / bcr 15,0 */
static int parse_fence(s390_parser *sp, const char *m)
{
	int64_t mask, r2;
	int rs;

	if (!strcmp(m, "nop") || !strcmp(m, "nopr"))
		return 0;
	if (strcmp(m, "bcr") != 0)
		return FE_NOT_MINE;
	/* bcr 14,0 / bcr 15,0: serialisation; R2 = 0 means no branch */
	if (parse_imm(sp, &mask) || comma(sp))
		return -1;
	if (lex_peek_number(&sp->lx)) {
		if (parse_imm(sp, &r2))
			return -1;
	} else {
		if (parse_reg(sp, &rs))
			return -1;
		r2 = strcmp(sp->t->regs[rs], "r0") ? 1 : 0;
	}
	if (r2 != 0)
		return unsupported(sp, "branch to a register");
	if (mask != 14 && mask != 15)
		return unsupported(sp, "only bcr 14,0 and bcr 15,0 are modelled");
	new_insn(sp, IR_FENCE)->tags_f = TAG(S390_TAG_SER);
	return 0;
}

/* The s390_jumps table and brc MASK. */
static int parse_branch(s390_parser *sp, const char *m)
{
	size_t i = FE_FIND(s390_jumps, m);
	int64_t mask;

	if (i < NELEM(s390_jumps))
		return lower_jump(sp, s390_jumps[i].c);
	if (strcmp(m, "brc") != 0)
		return FE_NOT_MINE;
	if (parse_imm(sp, &mask) || comma(sp))
		return -1;
	for (i = 0; i < NELEM(s390_brc); i++)
		if (s390_brc[i].mask == mask)
			return lower_jump(sp, s390_brc[i].c);
	return unsupported(sp, "condition mask");
}

/* The s390_loads table. */
static int parse_load(s390_parser *sp, const char *m)
{
	size_t i = FE_FIND(s390_loads, m);
	int rd, rb;
	int64_t off;
	ir_insn *in;

	if (i == NELEM(s390_loads))
		return FE_NOT_MINE;
	if (parse_reg(sp, &rd) || comma(sp) || parse_mem_operand(sp, &rb, &off))
		return -1;
	in = new_insn(sp, IR_LOAD);
	in->dst = rd;
	in->a = reg_opnd(rb);
	in->off = off;
	in->size = s390_loads[i].size;
	if (s390_loads[i].sign)
		fe_sign_extend(sp->th, rd, 8 * in->size, sp->insn_pos);
	return 0;
}

/* The s390_stores table. */
static int parse_store(s390_parser *sp, const char *m)
{
	size_t i = FE_FIND(s390_stores, m);
	int rs, rb;
	int64_t off;
	ir_insn *in;

	if (i == NELEM(s390_stores))
		return FE_NOT_MINE;
	if (parse_reg(sp, &rs) || comma(sp) || parse_mem_operand(sp, &rb, &off))
		return -1;
	in = new_insn(sp, IR_STORE);
	in->a = reg_opnd(rb);
	in->off = off;
	in->b = reg_opnd(rs);
	in->size = s390_stores[i].size;
	return 0;
}

/* Interlocked access (the s390_ia table) and compare-and-swap (cs, csy,
 * csg). */
static int parse_atomic(s390_parser *sp, const char *m)
{
	size_t i = FE_FIND(s390_ia, m);
	int rd, rs, rb, fa, fb;
	int64_t off;
	ir_insn *in;

	if (i == NELEM(s390_ia) && strcmp(m, "cs") != 0 && strcmp(m, "csy") != 0
	    && strcmp(m, "csg") != 0)
		return FE_NOT_MINE;
	if (parse_reg(sp, &rd) || comma(sp) || parse_reg(sp, &rs) || comma(sp)
	    || parse_mem_operand(sp, &rb, &off))
		return -1;
	if (i < NELEM(s390_ia)) {
		in = new_insn(sp, IR_RMW);
		in->alu = s390_ia[i].alu;
		in->dst = rd;
		in->a = reg_opnd(rb);
		in->off = off;
		in->b = reg_opnd(rs);
		in->size = s390_ia[i].size;
		in->tags_r = in->tags_w = TAG(S390_TAG_IA);
		return 0;
	}
	/* cs rOld,rNew,D(B): if mem == rOld then mem = rNew (cc 0),
	 * else rOld = mem (cc 1); serialising either way */
	if (intern(sp, FLAG_A, &fa) || intern(sp, FLAG_B, &fb))
		return -1;
	in = new_insn(sp, IR_MOV);
	in->dst = fb;
	in->a = reg_opnd(rd);
	in = new_insn(sp, IR_CAS);
	in->dst = rd;
	in->a = reg_opnd(rb);
	in->off = off;
	in->b = reg_opnd(fb);
	in->c = reg_opnd(rs);
	in->size = m[2] == 'g' ? 8 : 4;
	in->tags_r = in->tags_w = in->tags_fail = TAG(S390_TAG_SER);
	in = new_insn(sp, IR_MOV);
	in->dst = fa;
	in->a = reg_opnd(rd);
	sp->cc = CC_CS;
	return 0;
}

/* The s390_cmps table: the condition code is the pair of hidden registers
 * FLAG_A, FLAG_B (the operands), and how they were compared. */
static int parse_compare(s390_parser *sp, const char *m)
{
	size_t i = FE_FIND(s390_cmps, m);
	int rd, rs, fa, fb;
	int64_t imm;
	ir_insn *in;
	opnd b;

	if (i == NELEM(s390_cmps))
		return FE_NOT_MINE;
	if (parse_reg(sp, &rd) || comma(sp))
		return -1;
	if (s390_cmps[i].imm) {
		if (parse_imm(sp, &imm))
			return -1;
		b = imm_opnd(imm);
	} else {
		if (parse_reg(sp, &rs))
			return -1;
		b = reg_opnd(rs);
	}
	if (intern(sp, FLAG_A, &fa) || intern(sp, FLAG_B, &fb))
		return -1;
	in = new_insn(sp, IR_MOV);
	in->dst = fa;
	in->a = reg_opnd(rd);
	in = new_insn(sp, IR_MOV);
	in->dst = fb;
	in->a = b;
	sp->cc = s390_cmps[i].unsig ? CC_UNSIGNED : CC_SIGNED;
	return 0;
}

/* Register moves (lgr, lr, llgfr, lgfr), immediates (lhi, lghi, lgfi,
 * iilf, llilf), negation (lcgr, lcr), and the s390_alus, s390_alu_imms and
 * s390_shifts tables. */
static int parse_alu(s390_parser *sp, const char *m)
{
	int rd, rs, rb;
	int64_t off, imm;
	ir_insn *in;
	size_t i;

	if (!strcmp(m, "lgr") || !strcmp(m, "lr") || !strcmp(m, "llgfr") || !strcmp(m, "lgfr")) {
		if (parse_reg(sp, &rd) || comma(sp) || parse_reg(sp, &rs))
			return -1;
		in = new_insn(sp, IR_MOV);
		in->dst = rd;
		in->a = reg_opnd(rs);
		return 0;
	}
	if (!strcmp(m, "lhi") || !strcmp(m, "lghi") || !strcmp(m, "lgfi") || !strcmp(m, "iilf")
	    || !strcmp(m, "llilf")) {
		if (parse_reg(sp, &rd) || comma(sp) || parse_imm(sp, &imm))
			return -1;
		in = new_insn(sp, IR_MOV);
		in->dst = rd;
		in->a = imm_opnd(imm);
		return 0;
	}
	if (!strcmp(m, "lcgr") || !strcmp(m, "lcr")) {
		if (parse_reg(sp, &rd) || comma(sp) || parse_reg(sp, &rs))
			return -1;
		in = new_insn(sp, IR_ALU);
		in->alu = ALU_NEG;
		in->dst = rd;
		in->a = reg_opnd(rs);
		return 0;
	}
	if ((i = FE_FIND(s390_alus, m)) < NELEM(s390_alus)) {
		if (parse_reg(sp, &rd) || comma(sp) || parse_reg(sp, &rs))
			return -1;
		in = new_insn(sp, IR_ALU);
		in->alu = s390_alus[i].alu;
		in->dst = rd;
		in->a = reg_opnd(rd);
		in->b = reg_opnd(rs);
		return 0;
	}
	if ((i = FE_FIND(s390_alu_imms, m)) < NELEM(s390_alu_imms)) {
		if (parse_reg(sp, &rd) || comma(sp) || parse_imm(sp, &imm))
			return -1;
		in = new_insn(sp, IR_ALU);
		in->alu = s390_alu_imms[i].alu;
		in->dst = rd;
		in->a = reg_opnd(rd);
		in->b = imm_opnd(imm);
		return 0;
	}
	if ((i = FE_FIND(s390_shifts, m)) < NELEM(s390_shifts)) {
		if (parse_reg(sp, &rd) || comma(sp) || parse_reg(sp, &rs) || comma(sp)
		    || parse_mem(sp, &rb, &off))
			return -1;
		if (rb >= 0 && off != 0)
			return unsupported(sp, "shift by a register plus a displacement");
		in = new_insn(sp, IR_ALU);
		in->alu = s390_shifts[i].alu;
		in->dst = rd;
		in->a = reg_opnd(rs);
		in->b = rb >= 0 ? reg_opnd(rb) : imm_opnd(off);
		return 0;
	}
	return FE_NOT_MINE;
}

/* The instruction classes, in the order parse_insn tries them. */
static int (*const s390_classes[])(s390_parser *, const char *) = {
	parse_fence, parse_branch, parse_load, parse_store, parse_atomic, parse_compare,
	parse_alu,
};

static int parse_insn(s390_parser *sp)
{
	char m[LEX_MAX_NAME];

	if (lex_ident(&sp->lx, m, "an instruction"))
		return -1;
	for (char *c = m; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	for (size_t i = 0; i < NELEM(s390_classes); i++) {
		int rc = s390_classes[i](sp, m);

		if (rc != FE_NOT_MINE)
			return rc;
	}
	return unknown_insn(sp);
}

/* One instruction (any label before it is consumed): fe_parse_grid calls
 * this for each cell that holds one. */
static int s390_insn(void *arg, bool labelled)
{
	s390_parser *sp = arg;

	if (labelled)
		sp->cc = CC_NONE;   /* reached by a jump: no known compare */
	sp->insn_pos = sp->lx.pos;
	sp->insn_text = sp->lx.p;
	int from = sp->th->ncode;
	if (parse_insn(sp))
		return -1;
	fe_mark_mixed(sp->th, from, sp->insn_pos);
	return 0;
}

static int s390_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			     diag *d)
{
	s390_parser sp = { .t = t, .th = &t->threads[ti], .d = d };

	return fe_parse_grid(sp.th, &sp.lab, &sp.lx, IR_PER_CELL, cells, ncells, s390_insn, NULL, &sp, d);
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
	.mixed = true,
	.big_endian = true,
};
