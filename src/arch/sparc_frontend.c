/* sparc_frontend.c - parse SPARC (V9, 64-bit) litmus cells and lower them
 * to IR. herd7 has no SPARC dialect: the syntax is ours, documented in
 * docs/sparc-model.md. It is the subset Linux's sparc64 BPF JIT emits:
 *
 *   ldub/lduh/lduw/ld/ldx [base+off],rd     loads (ld = lduw)
 *   ldsb/ldsh/ldsw [base+off],rd            sign-extending loads
 *   stb/sth/stw/st/stx rs,[base+off]        stores (st = stw)
 *   cas/casx [base],rs2,rd                  compare-and-swap (32 / 64 bit)
 *   membar #Kind   membar MASK             memory barrier
 *   add/sub/and/or/xor/mulx/sllx/srlx/srax rs1,rs2|imm,rd
 *   mov rs|imm,rd   set imm,rd              moves
 *   cmp rs1,rs2|imm   btst rs2|imm,rs1      set the condition codes
 *   ba/be/bne/bg/bl/bge/ble/bgu/bleu/bgeu/bcc/blu/bcs [%xcc,]L
 *   nop
 *
 * base is a register or a location name. Registers are %g0-%g7, %o0-%o7,
 * %l0-%l7, %i0-%i7 (the `%` may be left out in the code; the init block
 * and the condition name them without it). %g0 reads as 0 and is never
 * written. Branches have no delay slot in this dialect: the instruction
 * after a branch (the JIT's delay slot) must be `nop`, which has no
 * effect whether or not it runs, so the branch can take effect at once.
 *
 * Sizes (docs/mixed-size.md, "SPARC"): every access has its size; a byte
 * or halfword access, or one at an offset, marks the thread mixed-size
 * (fe_mark_mixed). SPARC is big endian (frontend.big_endian).
 *
 * cmp / btst copy their operands to two hidden registers, and a
 * conditional branch compares those (as the x86 front-end does with its
 * flags), so a branch depends (ctrl) on the reads that fed the
 * comparison. A cas is one IR_CAS: both events (the read alone when the
 * comparison fails) are tagged CAS.
 */
#include <string.h>
#include <strings.h>
#include "arch/sparc_frontend.h"
#include "arch/asm_kit.h"

enum {
	SPARC_TAG_LOADLOAD, SPARC_TAG_STORELOAD, SPARC_TAG_LOADSTORE,
	SPARC_TAG_STORESTORE, SPARC_TAG_LOOKASIDE, SPARC_TAG_MEMISSUE,
	SPARC_TAG_SYNC, SPARC_TAG_CAS, SPARC_NTAGS
};

/* Event tags, visible to the cat model as event sets of the same name:
 * the membar kinds (a membar's fence event has one tag per kind it
 * names), and CAS for the events of a compare-and-swap. */
static const char *const sparc_tag_names[] = {
	[SPARC_TAG_LOADLOAD] = "LoadLoad",
	[SPARC_TAG_STORELOAD] = "StoreLoad",
	[SPARC_TAG_LOADSTORE] = "LoadStore",
	[SPARC_TAG_STORESTORE] = "StoreStore",
	[SPARC_TAG_LOOKASIDE] = "Lookaside",
	[SPARC_TAG_MEMISSUE] = "MemIssue",
	[SPARC_TAG_SYNC] = "Sync",
	[SPARC_TAG_CAS] = "CAS",
};
_Static_assert(sizeof sparc_tag_names / sizeof *sparc_tag_names == SPARC_NTAGS,
	       "one name per SPARC tag");

#define IR_PER_CELL 3   /* ldsw: the load and its sign extension */

/* Hidden registers for the condition codes; `.` is in no register name. */
#define CC_A "icc.a"
#define CC_B "icc.b"

static bool sparc_is_register(const char *name)
{
	if (name[0] == '%')
		name++;
	return strchr("goli", name[0]) && name[0] && name[1] >= '0' && name[1] <= '7'
	       && name[2] == '\0';
}

/* The register without its `%`. */
static const char *sparc_canon_register(const char *name, char *buf)
{
	if (!sparc_is_register(name))
		return NULL;
	if (name[0] == '%')
		name++;
	buf[0] = name[0], buf[1] = name[1], buf[2] = '\0';
	return buf;
}

typedef struct {
	asm_parser p;
	bool after_branch;      /* the previous cell held a branch */
} sparc_parser;

static sparc_parser *sparc(asm_parser *p)
{
	return (sparc_parser *)p;
}

/* A register name, `%` optional; *is_g0 says it was %g0. */
static int reg_name(asm_parser *sp, int *reg, bool *is_g0)
{
	char name[LEX_MAX_NAME];

	if (asm_reg_name(sp, "%", name))
		return -1;
	*is_g0 = !strcmp(name, "g0");
	*reg = litmus_reg(sp->t, name);
	return 0;
}

/* A destination register (not %g0: its writes are discarded, and no
 * instruction the JIT emits writes it except as cmp / btst / nop). */
static int dst_reg(asm_parser *sp, int *reg)
{
	bool g0;
	srcpos at = lex_here(&sp->lx);

	if (reg_name(sp, reg, &g0))
		return -1;
	if (g0)
		return diag_error(sp->d, at, "unsupported SPARC destination %%g0 (use cmp, btst or nop)");
	return 0;
}

/* A source operand: a register (%g0 is the constant 0) or an integer. */
static int source(asm_parser *sp, opnd *o)
{
	bool g0;

	if (lex_peek_number(&sp->lx) || *sp->lx.p == '-')
		return asm_imm(sp, o, false);
	o->kind = OPND_REG;
	if (reg_name(sp, &o->reg, &g0))
		return -1;
	if (g0)
		*o = (opnd){ .kind = OPND_IMM, .imm = value_int(0) };
	return 0;
}

/* `[base]`, `[base+off]`, `[base-off]`: base a register or a location. */
static int address(asm_parser *sp, opnd *base, int64_t *off)
{
	lexer *lx = &sp->lx;
	char name[LEX_MAX_NAME] = "";
	bool g0;

	*off = 0;
	if (lex_expect(lx, "["))
		return -1;
	lex_skip_blanks(lx);
	if (*lx->p != '%' && lex_peek_ident(lx)) {
		lexer save = *lx;
		if (lex_ident(lx, name, "a register or location"))
			return -1;
		*lx = save;
	}
	if (*lx->p == '%' || (lex_peek_ident(lx) && sparc_is_register(name))) {
		base->kind = OPND_REG;
		if (reg_name(sp, &base->reg, &g0))
			return -1;
		if (g0)
			return diag_error(sp->d, sp->insn_pos, "unsupported SPARC address [%%g0]");
	} else {
		if (lex_ident(lx, name, "a register or location"))
			return -1;
		base->kind = OPND_IMM;
		base->imm = value_addr(0);
		base->imm.sym = litmus_sym(sp->t, name);
	}
	lex_skip_blanks(lx);
	if (*lx->p == '+' || *lx->p == '-') {
		bool neg = *lx->p == '-';
		lex_advance(lx, 1);
		lex_skip_blanks(lx);
		if (*lx->p == '%')
			return diag_error(sp->d, sp->insn_pos,
					  "unsupported SPARC address: register + register");
		if (lex_int(lx, off, "an offset"))
			return -1;
		if (neg)
			*off = -*off;
	}
	return lex_expect(lx, "]");
}

/* loads: size, and whether the value is sign-extended */
static const struct { const char *name; int size; bool sign; } sparc_loads[] = {
	{ "ldub", 1, false }, { "lduh", 2, false }, { "lduw", 4, false }, { "ld", 4, false },
	{ "ldx", 8, false }, { "ldsb", 1, true }, { "ldsh", 2, true }, { "ldsw", 4, true },
};

static const struct { const char *name; int size; } sparc_stores[] = {
	{ "stb", 1 }, { "sth", 2 }, { "stw", 4 }, { "st", 4 }, { "stx", 8 },
};

static const struct { const char *name; alu_op alu; } sparc_alus[] = {
	{ "add", ALU_ADD }, { "sub", ALU_SUB }, { "and", ALU_AND }, { "or", ALU_OR },
	{ "xor", ALU_XOR }, { "mulx", ALU_MUL }, { "sllx", ALU_SHL },
	{ "srlx", ALU_SHR }, { "srax", ALU_ASHR },
};

static const struct { const char *name; cmp_op cmp; } sparc_branches[] = {
	{ "ba", CMP_ALWAYS }, { "be", CMP_EQ }, { "bz", CMP_EQ }, { "bne", CMP_NE },
	{ "bnz", CMP_NE }, { "bg", CMP_SGT }, { "bl", CMP_SLT }, { "bge", CMP_SGE },
	{ "ble", CMP_SLE }, { "bgu", CMP_GT }, { "bleu", CMP_LE }, { "bgeu", CMP_GE },
	{ "bcc", CMP_GE }, { "blu", CMP_LT }, { "bcs", CMP_LT },
};

static const struct { const char *name; int tag; } sparc_membars[] = {
	/* in the order of their bits in the mask field, 0x01 first */
	{ "LoadLoad", SPARC_TAG_LOADLOAD }, { "StoreLoad", SPARC_TAG_STORELOAD },
	{ "LoadStore", SPARC_TAG_LOADSTORE }, { "StoreStore", SPARC_TAG_STORESTORE },
	{ "Lookaside", SPARC_TAG_LOOKASIDE }, { "MemIssue", SPARC_TAG_MEMISSUE },
	{ "Sync", SPARC_TAG_SYNC },
};

static int parse_load(asm_parser *sp, const char *m)
{
	size_t i = FE_FIND(sparc_loads, m);
	ir_insn *in;

	if (i == NELEM(sparc_loads))
		return FE_NOT_MINE;
	in = asm_emit(sp, IR_LOAD);
	in->size = sparc_loads[i].size;
	if (address(sp, &in->a, &in->off) || asm_comma(sp) || dst_reg(sp, &in->dst))
		return -1;
	if (sparc_loads[i].sign && in->dst >= 0)
		asm_extend(sp, in->dst, 8 * in->size, true);
	return 0;
}

static int parse_store(asm_parser *sp, const char *m)
{
	size_t i = FE_FIND(sparc_stores, m);
	ir_insn *in;

	if (i == NELEM(sparc_stores))
		return FE_NOT_MINE;
	in = asm_emit(sp, IR_STORE);
	in->size = sparc_stores[i].size;
	return source(sp, &in->b) || asm_comma(sp)
	       || address(sp, &in->a, &in->off) ? -1 : 0;
}

/* cas [base],rs2,rd: old = [base]; if old == rs2 then [base] = rd; rd = old. */
static int parse_cas(asm_parser *sp, const char *m)
{
	ir_insn *in;
	int64_t off;

	if (strcmp(m, "cas") != 0 && strcmp(m, "casx") != 0)
		return FE_NOT_MINE;
	in = asm_emit(sp, IR_CAS);
	in->size = m[3] == 'x' ? 8 : 4;
	if (address(sp, &in->a, &off))
		return -1;
	if (off != 0)
		return diag_error(sp->d, sp->insn_pos, "SPARC cas takes no offset: [base]");
	if (asm_comma(sp) || source(sp, &in->b) || asm_comma(sp)
	    || dst_reg(sp, &in->dst))
		return -1;
	in->c = (opnd){ .kind = OPND_REG, .reg = in->dst };
	in->tags_r = in->tags_w = in->tags_fail = TAG(SPARC_TAG_CAS);
	return 0;
}

/* membar #Kind, or membar MASK: the instruction's mask field (#LoadLoad
 * 0x01, #StoreLoad 0x02, #LoadStore 0x04, #StoreStore 0x08, #Lookaside
 * 0x10, #MemIssue 0x20, #Sync 0x40), for several kinds at once (the
 * assembler's `#A | #B` would clash with the test's `|` cell separator). */
static int parse_membar(asm_parser *sp, const char *m)
{
	char kind[LEX_MAX_NAME];
	tagmask tags = 0;
	srcpos at;
	size_t i;

	if (strcmp(m, "membar") != 0)
		return FE_NOT_MINE;
	lex_skip_blanks(&sp->lx);
	at = lex_here(&sp->lx);
	if (lex_peek_number(&sp->lx)) {
		int64_t mask;

		if (lex_int(&sp->lx, &mask, "a membar mask"))
			return -1;
		if (mask <= 0 || mask > 0x7f)
			return diag_error(sp->d, at, "membar mask must be 0x01 to 0x7f");
		for (i = 0; i < NELEM(sparc_membars); i++)
			if (mask & ((int64_t)1 << i))
				tags |= TAG(sparc_membars[i].tag);
	} else {
		if (lex_expect(&sp->lx, "#"))
			return -1;
		at = lex_here(&sp->lx);
		if (lex_ident(&sp->lx, kind, "a membar kind"))
			return -1;
		for (i = 0; i < NELEM(sparc_membars); i++)
			if (!strcasecmp(kind, sparc_membars[i].name))
				break;
		if (i == NELEM(sparc_membars))
			return diag_error(sp->d, at, "unknown membar kind '#%s'", kind);
		tags = TAG(sparc_membars[i].tag);
	}
	asm_emit(sp, IR_FENCE)->tags_f = tags;
	return 0;
}

static int parse_alu(asm_parser *sp, const char *m)
{
	size_t i = FE_FIND(sparc_alus, m);
	ir_insn *in;

	if (i == NELEM(sparc_alus))
		return FE_NOT_MINE;
	in = asm_emit(sp, IR_ALU);
	in->alu = sparc_alus[i].alu;
	return source(sp, &in->a) || asm_comma(sp) || source(sp, &in->b)
	       || asm_comma(sp) || dst_reg(sp, &in->dst) ? -1 : 0;
}

/* mov rs|imm,rd; set imm,rd. */
static int parse_mov(asm_parser *sp, const char *m)
{
	ir_insn *in;

	if (strcmp(m, "mov") != 0 && strcmp(m, "set") != 0)
		return FE_NOT_MINE;
	in = asm_emit(sp, IR_MOV);
	if (source(sp, &in->a) || asm_comma(sp) || dst_reg(sp, &in->dst))
		return -1;
	if (m[0] == 's' && in->a.kind != OPND_IMM)
		return diag_error(sp->d, sp->insn_pos, "SPARC set takes an immediate");
	return 0;
}

/* cmp a,b: the condition codes of a - b; btst b,a: of a & b. */
static int parse_compare(asm_parser *sp, const char *m)
{
	opnd x, y;
	int ca, cb;

	if (strcmp(m, "cmp") != 0 && strcmp(m, "btst") != 0)
		return FE_NOT_MINE;
	if (source(sp, &x) || asm_comma(sp) || source(sp, &y))
		return -1;
	ca = litmus_reg(sp->t, CC_A);
	cb = litmus_reg(sp->t, CC_B);
	if (m[0] == 'b')     /* btst rs2,rs1: the flags of rs1 & rs2 */
		fe_flags_set(sp->th, sp->insn_pos, ca, cb, y, x, true);
	else
		fe_flags_set(sp->th, sp->insn_pos, ca, cb, x, y, false);
	return 0;
}

static int parse_branch(asm_parser *sp, const char *m)
{
	size_t i = FE_FIND(sparc_branches, m);
	ir_insn *in;
	int ca, cb;

	if (i == NELEM(sparc_branches))
		return FE_NOT_MINE;
	if (!lex_accept(&sp->lx, ",pt"))
		lex_accept(&sp->lx, ",pn");
	if (lex_accept(&sp->lx, "%")) {
		if (!lex_accept_word(&sp->lx, "xcc"))
			return lex_error_expected(&sp->lx, "xcc");
		if (asm_comma(sp))
			return -1;
	}
	in = asm_emit(sp, IR_BRANCH);
	in->cmp = sparc_branches[i].cmp;
	if (in->cmp != CMP_ALWAYS) {
		ca = litmus_reg(sp->t, CC_A);
		cb = litmus_reg(sp->t, CC_B);
		in->a = (opnd){ .kind = OPND_REG, .reg = ca };
		in->b = (opnd){ .kind = OPND_REG, .reg = cb };
	}
	sparc(sp)->after_branch = true;
	return asm_label_ref(sp);
}

/* The instruction classes, in the order sparc_insn tries them. */
static const asm_class sparc_classes[] = {
	parse_load, parse_store, parse_cas, parse_membar, parse_alu, parse_mov,
	parse_compare, parse_branch,
};

static int sparc_insn(asm_parser *sp, bool labelled)
{
	char m[LEX_MAX_NAME];
	bool delay_slot = sparc(sp)->after_branch;

	(void)labelled;
	sparc(sp)->after_branch = false;
	if (asm_word(sp, m))
		return -1;
	if (!strcmp(m, "nop"))
		return 0;
	if (delay_slot)
		return diag_error(sp->d, sp->insn_pos,
				  "unsupported SPARC delay slot '%s': only nop may follow a branch",
				  sp->insn_text);
	return ASM_CLASSES(sp, m, sparc_classes);
}

static const asm_dialect sparc_dialect = {
	.ir_per_cell = IR_PER_CELL,
	.insn = sparc_insn,
	.mark_mixed = true,
};

static int sparc_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			      diag *d)
{
	return asm_parse_thread(&(sparc_parser){ 0 }.p, &sparc_dialect, t, ti, cells, ncells, d);
}

const frontend sparc_frontend = {
	.arch = "SPARC",
	.default_model = "sparc.cat",
	.tag_names = sparc_tag_names,
	.ntags = SPARC_NTAGS,
	.is_register = sparc_is_register,
	.canon_register = sparc_canon_register,
	.parse_thread = sparc_parse_thread,
	.jit_arch = "sparc64",
	.mixed = true,
	.big_endian = true,
};
