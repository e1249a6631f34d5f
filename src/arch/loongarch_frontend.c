/* loongarch_frontend.c - parse LoongArch litmus cells and lower them to IR.
 *
 * herd7 has no LoongArch dialect; this one follows the GNU assembler:
 * operands in the order the LoongArch reference manual writes them
 * (`ld.w rd, rj, si12`, `amadd.w rd, rk, rj`), registers `$r0`..`$r31`
 * or their ABI names (`$zero`, `$a0`, `$t1`, `$s0`, ...), the `$` being
 * optional. The init block and the condition name registers without `$`
 * (`0:a0=x`, `1:r5=1`); every name is kept as `rN`. `$zero` reads as 0 and
 * a write to it is dropped. Each cell holds at most one label (`L0:`) and
 * at most one instruction, which becomes at most two IR instructions.
 *
 * Sizes (docs/mixed-size.md, "LoongArch"): every access has its size; a
 * byte or halfword access, or one at an offset, marks the thread
 * mixed-size (fe_mark_mixed).
 *
 * Memory ordering (docs/loongarch-model.md):
 *   - LL.{W,D} is a load-reserved (tag LL), SC.{W,D} a store-conditional
 *     (tag SC) linked to it by rmw; SC writes 1 to rd on success, 0 on
 *     failure (the opposite of RISC-V), so it is IR_SC then rd ^= 1;
 *   - AM<op>.{W,D} is ONE event that reads and writes (tag AM), with
 *     AM<op>_DB.{W,D} also tagged DB (the barrier variants);
 *   - DBAR hint is a fence event tagged with the pairs it orders
 *     (DBAR.RR, DBAR.RW, DBAR.WR, DBAR.WW; hint 0x700: DBAR.SameRR) from
 *     the hint encoding of LoongArch v1.10; IBAR orders no data access.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "arch/loongarch_frontend.h"
#include "arch/asm_kit.h"

enum {
	LA_TAG_LL, LA_TAG_SC, LA_TAG_AM, LA_TAG_DB,
	LA_TAG_RR, LA_TAG_RW, LA_TAG_WR, LA_TAG_WW, LA_TAG_SAME_RR, LA_TAG_IBAR,
	LA_NTAGS
};

/* Event tags, visible to the cat model as event sets of the same name. */
static const char *const la_tag_names[] = {
	[LA_TAG_LL] = "LL",                /* the read of ll.{w,d} */
	[LA_TAG_SC] = "SC",                /* the write of a successful sc.{w,d} */
	[LA_TAG_AM] = "AM",                /* the event of an am<op>[_db] */
	[LA_TAG_DB] = "DB",                /* ... of an am<op>_db */
	/* a dbar orders earlier X before later Y for each DBAR.XY it has */
	[LA_TAG_RR] = "DBAR.RR",
	[LA_TAG_RW] = "DBAR.RW",
	[LA_TAG_WR] = "DBAR.WR",
	[LA_TAG_WW] = "DBAR.WW",
	[LA_TAG_SAME_RR] = "DBAR.SameRR",  /* dbar 0x700: R before R, same address */
	[LA_TAG_IBAR] = "IBAR",
};
_Static_assert(sizeof la_tag_names / sizeof *la_tag_names == LA_NTAGS,
	       "one name per LoongArch tag");

#define IR_PER_CELL 5   /* sra.w: mask the amount, two to extend, shift */
#define MNEMONIC_MAX 32
#define FULL_BARRIER (TAG(LA_TAG_RR) | TAG(LA_TAG_RW) | TAG(LA_TAG_WR) | TAG(LA_TAG_WW))

/* Hidden registers; their names hold a character no litmus register has. */
#define HREG_ADDR "%addr"   /* rj + rk of an indexed access */
#define HREG_SC   "%sc"     /* IR_SC's status, before the inversion */
#define HREG_AMT  "%amt"    /* the masked amount of a .w shift */

static const struct { const char *abi; int n; } la_abi_names[] = {
	{ "zero", 0 }, { "ra", 1 }, { "tp", 2 }, { "sp", 3 },
	{ "a0", 4 }, { "a1", 5 }, { "a2", 6 }, { "a3", 7 },
	{ "a4", 8 }, { "a5", 9 }, { "a6", 10 }, { "a7", 11 },
	{ "v0", 4 }, { "v1", 5 },
	{ "t0", 12 }, { "t1", 13 }, { "t2", 14 }, { "t3", 15 }, { "t4", 16 },
	{ "t5", 17 }, { "t6", 18 }, { "t7", 19 }, { "t8", 20 },
	{ "u0", 21 }, { "fp", 22 }, { "s9", 22 },
	{ "s0", 23 }, { "s1", 24 }, { "s2", 25 }, { "s3", 26 }, { "s4", 27 },
	{ "s5", 28 }, { "s6", 29 }, { "s7", 30 }, { "s8", 31 },
};

/* The register number of `name` (without `$`), or -1. */
static int la_reg_number(const char *name)
{
	if (name[0] == 'r' && name[1] >= '0' && name[1] <= '9') {
		if (name[2] == '\0')
			return name[1] - '0';
		if (name[1] == '0' || name[2] < '0' || name[2] > '9' || name[3] != '\0')
			return -1;
		int n = (name[1] - '0') * 10 + (name[2] - '0');
		return n <= 31 ? n : -1;
	}
	for (size_t i = 0; i < NELEM(la_abi_names); i++)
		if (strcmp(name, la_abi_names[i].abi) == 0)
			return la_abi_names[i].n;
	return -1;
}

static bool la_is_register(const char *name)
{
	return la_reg_number(name) >= 0;
}

static const char *la_canon_register(const char *name, char *buf)
{
	int n = la_reg_number(name);

	if (n < 0)
		return NULL;
	snprintf(buf, CANON_REG_MAX, "r%d", n);
	return buf;
}

/* A mnemonic split at its last dot: "amadd_db" + "d", "ld" + "bu". */
typedef struct {
	char base[MNEMONIC_MAX];
	char suffix[8];
	int size;       /* from the suffix: b 1, h 2, w 4, d 8; 0 if none */
	bool uns;       /* bu, hu, wu */
} mnemonic;

typedef struct {
	asm_parser p;
	mnemonic m;     /* the instruction's */
} la_parser;

static const mnemonic *mnem(asm_parser *p)
{
	return &((la_parser *)p)->m;
}

/* `$name` or `name`; *n receives the register number. */
static int parse_reg_name(asm_parser *lp, char *name, int *n)
{
	if (asm_reg_name(lp, "$", name))
		return -1;
	*n = la_reg_number(name);
	return 0;
}

/* A destination register; -1 for $zero (the result is dropped). */
static int parse_dst(asm_parser *lp, int *reg)
{
	char name[LEX_MAX_NAME];
	int n;

	if (parse_reg_name(lp, name, &n))
		return -1;
	*reg = n == 0 ? -1 : litmus_reg(lp->t, name);
	return 0;
}

/* A signed immediate field of `bits` bits (si12, si20): 0 when v fits,
 * else an error naming the field's range. */
static int signed_imm(asm_parser *lp, int64_t v, int bits)
{
	int64_t lo = -((int64_t)1 << (bits - 1)), hi = ((int64_t)1 << (bits - 1)) - 1;

	if (v >= lo && v <= hi)
		return 0;
	return diag_error(lp->d, lp->insn_pos, "immediate out of range (%lld..%lld) in '%s'",
			  (long long)lo, (long long)hi, lp->insn_text);
}

/* A source register: $zero reads as the immediate 0. */
static int parse_src(asm_parser *lp, opnd *o)
{
	int reg;

	if (parse_dst(lp, &reg))
		return -1;
	*o = src_opnd(reg);
	return 0;
}

/* The mnemonic, split (the `mnemonic` type). */
static int read_mnemonic(asm_parser *lp, mnemonic *m)
{
	char buf[MNEMONIC_MAX];

	memset(m, 0, sizeof *m);
	if (asm_mnemonic(lp, buf, sizeof buf, ".", ASM_LOWER))
		return -1;
	char *dot = strrchr(buf, '.');
	if (dot) {
		if (strlen(dot + 1) >= sizeof m->suffix)
			return asm_unknown(lp);
		strcpy(m->suffix, dot + 1);
		*dot = '\0';
	}
	if (strchr(buf, '.'))
		return asm_unknown(lp);
	strcpy(m->base, buf);
	static const struct { const char *s; int size; bool uns; } sizes[] = {
		{ "b", 1, false }, { "h", 2, false }, { "w", 4, false }, { "d", 8, false },
		{ "bu", 1, true }, { "hu", 2, true }, { "wu", 4, true },
	};
	for (size_t i = 0; i < NELEM(sizes); i++)
		if (!strcmp(m->suffix, sizes[i].s)) {
			m->size = sizes[i].size;
			m->uns = sizes[i].uns;
		}
	return 0;
}

/* `ld.X rd, rj, si12` and friends: base in in->a, offset in in->off. */
static int parse_base_off(asm_parser *lp, ir_insn *in)
{
	return parse_src(lp, &in->a) || asm_comma(lp) || asm_int(lp, &in->off, false) ? -1 : 0;
}

/* `ldx.X rd, rj, rk` / `stx.X rd, rj, rk`: %addr = rj + rk first, so the
 * access depends on both (an address dependency through rk). */
static int parse_indexed(asm_parser *lp, ir_insn *access)
{
	opnd j, k;
	int a = litmus_reg(lp->t, HREG_ADDR);

	if (a < 0 || parse_src(lp, &j) || asm_comma(lp) || parse_src(lp, &k))
		return -1;
	ir_insn saved = *access;   /* the ALU goes first */
	ir_insn *add = access;
	*add = (ir_insn){ .op = IR_ALU, .alu = ALU_ADD, .dst = a, .a = j, .b = k,
			  .pos = lp->insn_pos };
	ir_insn *mem = asm_emit(lp, IR_MOV);
	*mem = saved;
	mem->a = reg_opnd(a);
	mem->off = 0;
	return 0;
}

/* DBAR hint (LoongArch v1.10): bit 4 completion / ordering (the same for
 * a memory model); bits 3..0 clear = the barrier applies to earlier reads,
 * earlier writes, later reads, later writes. 0x700: earlier reads before
 * later reads of the same address. Any other hint (and 0xf, 0x1f, which
 * would order nothing) is treated as 0, a full barrier, as the manual
 * says of hints an implementation does not define. */
static tagmask dbar_tags(int64_t hint)
{
	if (hint == 0x700)
		return TAG(LA_TAG_SAME_RR);
	if (hint < 0 || hint > 0x1f || (hint & 0xf) == 0xf)
		return FULL_BARRIER;
	bool pr = !(hint & 8), pw = !(hint & 4), sr = !(hint & 2), sw = !(hint & 1);
	return (pr && sr ? TAG(LA_TAG_RR) : 0) | (pr && sw ? TAG(LA_TAG_RW) : 0)
	       | (pw && sr ? TAG(LA_TAG_WR) : 0) | (pw && sw ? TAG(LA_TAG_WW) : 0);
}

static const struct { const char *name; alu_op alu; } la_amos[] = {
	{ "amswap", ALU_MOVB }, { "amadd", ALU_ADD }, { "amand", ALU_AND },
	{ "amor", ALU_OR }, { "amxor", ALU_XOR },
};

/* Three-register ALU forms `op.{w,d} rd, rj, rk` / `op rd, rj, rk`, and
 * immediate forms. Values in litmus tests are small, so the W (32-bit)
 * forms compute as the 64-bit ones (as the RISC-V dialect does). */
static const struct { const char *name; alu_op alu; bool imm; bool sized; } la_alus[] = {
	{ "add", ALU_ADD, false, true }, { "sub", ALU_SUB, false, true },
	{ "mul", ALU_MUL, false, true }, { "sll", ALU_SHL, false, true },
	{ "srl", ALU_SHR, false, true }, { "sra", ALU_ASHR, false, true },
	{ "and", ALU_AND, false, false }, { "or", ALU_OR, false, false },
	{ "xor", ALU_XOR, false, false },
	{ "addi", ALU_ADD, true, true }, { "slli", ALU_SHL, true, true },
	{ "srli", ALU_SHR, true, true }, { "srai", ALU_ASHR, true, true },
	{ "andi", ALU_AND, true, false }, { "ori", ALU_OR, true, false },
	{ "xori", ALU_XOR, true, false },
};

/* `beq rj, rd, L` and friends (the manual's operand order: rj, rd). */
static const struct { const char *name; cmp_op cmp; } la_branches[] = {
	{ "beq", CMP_EQ }, { "bne", CMP_NE }, { "blt", CMP_SLT }, { "bge", CMP_SGE },
	{ "bltu", CMP_LT }, { "bgeu", CMP_GE },
};

static bool sized(const mnemonic *m)
{
	return m->size == 4 || m->size == 8;
}

/* `ld.X rd, rj, si12`, `ldptr.{w,d}`, `ldx.X rd, rj, rk` (X: b h w d bu hu
 * wu). */
static int parse_load(asm_parser *lp, const char *b)
{
	const mnemonic *m = mnem(lp);
	int dst;

	if ((strcmp(b, "ld") != 0 && strcmp(b, "ldptr") != 0 && strcmp(b, "ldx") != 0) || !m->size)
		return FE_NOT_MINE;
	if (!strcmp(b, "ldptr") && (!sized(m) || m->uns))
		return asm_unknown(lp);
	ir_insn *in = asm_emit(lp, IR_LOAD);
	in->size = m->size;
	if (parse_dst(lp, &dst) || asm_comma(lp))
		return -1;
	bool zero = dst < 0;
	if (zero)   /* the read still happens */
		dst = litmus_reg(lp->t, "%zero");
	in->dst = dst;
	if (b[2] == 'x' ? parse_indexed(lp, in) : parse_base_off(lp, in))
		return -1;
	if (!zero && m->size < 8)
		asm_extend(lp, dst, 8 * m->size, !m->uns);
	return 0;
}

/* `st.X rd, rj, si12`, `stptr.{w,d}`, `stx.X rd, rj, rk` (X: b h w d). */
static int parse_store(asm_parser *lp, const char *b)
{
	const mnemonic *m = mnem(lp);

	if ((strcmp(b, "st") != 0 && strcmp(b, "stptr") != 0 && strcmp(b, "stx") != 0)
	    || !m->size || m->uns)
		return FE_NOT_MINE;
	if (!strcmp(b, "stptr") && !sized(m))
		return asm_unknown(lp);
	ir_insn *in = asm_emit(lp, IR_STORE);
	in->size = m->size;
	if (parse_src(lp, &in->b) || asm_comma(lp))
		return -1;
	return b[2] == 'x' ? parse_indexed(lp, in) : parse_base_off(lp, in);
}

/* `ll.{w,d} rd, rj, si14` and `sc.{w,d} rd, rj, si14`. */
static int parse_llsc(asm_parser *lp, const char *b)
{
	const mnemonic *m = mnem(lp);
	int dst;

	if ((strcmp(b, "ll") != 0 && strcmp(b, "sc") != 0) || !sized(m) || m->uns)
		return FE_NOT_MINE;
	if (b[0] == 'l') {
		ir_insn *in = asm_emit(lp, IR_LOAD);
		in->reserve = true;
		in->size = m->size;
		in->tags_r = TAG(LA_TAG_LL);
		if (parse_dst(lp, &dst) || asm_comma(lp))
			return -1;
		bool zero = dst < 0;
		if (zero)
			dst = litmus_reg(lp->t, "%zero");
		in->dst = dst;
		if (parse_base_off(lp, in))
			return -1;
		if (!zero && m->size == 4)   /* ll.w: the word sign-extended */
			asm_extend(lp, dst, 32, true);
		return 0;
	}
	/* sc rd, rj, si14: store rd; rd = 1 on success, 0 on failure */
	int st = litmus_reg(lp->t, HREG_SC);
	if (st < 0 || parse_dst(lp, &dst) || asm_comma(lp))
		return -1;
	ir_insn *in = asm_emit(lp, IR_SC);
	in->size = m->size;
	in->tags_w = TAG(LA_TAG_SC);
	in->b = dst < 0 ? imm_opnd(0) : reg_opnd(dst);
	in->dst = st;
	if (parse_base_off(lp, in))
		return -1;
	if (dst >= 0)
		asm_alu(lp, ALU_XOR, dst, reg_opnd(st), imm_opnd(1));
	return 0;
}

/* `am<op>[_db].{w,d} rd, rk, rj` (the la_amos table); ammax, ammin and
 * amcas are refused. */
static int parse_amo(asm_parser *lp, const char *b)
{
	const mnemonic *m = mnem(lp);

	for (size_t i = 0; i < NELEM(la_amos); i++) {
		size_t n = strlen(la_amos[i].name);
		if (strncmp(b, la_amos[i].name, n) != 0 || (b[n] && strcmp(b + n, "_db")))
			continue;
		if (!sized(m) || m->uns)
			return asm_unknown(lp);
		/* am<op>[_db].{w,d} rd, rk, rj: rd = old [rj]; [rj] = old op rk */
		ir_insn *in = asm_emit(lp, IR_RMW);
		in->alu = la_amos[i].alu;
		in->size = m->size;
		in->tags_r = in->tags_w = TAG(LA_TAG_AM) | (b[n] ? TAG(LA_TAG_DB) : 0);
		if (parse_dst(lp, &in->dst) || asm_comma(lp) || parse_src(lp, &in->b) || asm_comma(lp)
		    || parse_src(lp, &in->a))
			return -1;
		if (lex_accept(&lp->lx, ","))   /* an optional offset, which must be 0 */
			if (asm_int(lp, &in->off, false) || (in->off != 0 && asm_unsupported(lp, "offset not 0")))
				return -1;
		if (in->dst >= 0 && m->size == 4)   /* rd: the old word sign-extended */
			asm_extend(lp, in->dst, 32, true);
		return 0;
	}
	if (!strncmp(b, "ammax", 5) || !strncmp(b, "ammin", 5) || !strncmp(b, "amcas", 5))
		return asm_unsupported(lp, "no IR operation for it");
	return FE_NOT_MINE;
}

/* `dbar HINT` (dbar_tags), `ibar 0`. */
static int parse_fence(asm_parser *lp, const char *b)
{
	const mnemonic *m = mnem(lp);
	int64_t v;

	if (strcmp(b, "dbar") != 0 && strcmp(b, "ibar") != 0)
		return FE_NOT_MINE;
	if (m->suffix[0] || asm_int(lp, &v, false))
		return m->suffix[0] ? asm_unknown(lp) : -1;
	asm_emit(lp, IR_FENCE)->tags_f = b[0] == 'd' ? dbar_tags(v) : TAG(LA_TAG_IBAR);
	return 0;
}

/* The la_alus table; `li.{w,d}`, `move`, `lu12i.w`, `lu32i.d`, `lu52i.d`,
 * `nop` (an operation into $zero takes no IR slot). */
static int parse_alu(asm_parser *lp, const char *b)
{
	const mnemonic *m = mnem(lp);
	size_t i = FE_FIND(la_alus, b);
	int64_t v;

	if (i < NELEM(la_alus)) {
		if (la_alus[i].sized ? !sized(m) || m->uns : m->suffix[0] != '\0')
			return asm_unknown(lp);
		ir_insn *in = asm_emit(lp, IR_ALU);
		in->alu = la_alus[i].alu;
		if (parse_dst(lp, &in->dst) || asm_comma(lp) || parse_src(lp, &in->a) || asm_comma(lp))
			return -1;
		if (la_alus[i].imm) {
			if (asm_int(lp, &v, false))
				return -1;
			in->b = imm_opnd(v);
		} else if (parse_src(lp, &in->b)) {
			return -1;
		}
		if (in->dst < 0) {
			lp->th->ncode--;   /* into $zero: no effect */
			return 0;
		}
		return la_alus[i].sized && m->size == 4 ? asm_lower_w(lp, in, HREG_AMT) : 0;
	}
	if ((!strcmp(b, "li") && sized(m) && !m->uns) || (!strcmp(b, "move") && !m->suffix[0])) {
		ir_insn *in = asm_emit(lp, IR_MOV);
		if (parse_dst(lp, &in->dst) || asm_comma(lp))
			return -1;
		if (b[0] == 'l') {
			if (asm_int(lp, &v, false))
				return -1;
			in->a = imm_opnd(v);
		} else if (parse_src(lp, &in->a)) {
			return -1;
		}
		if (in->dst < 0)
			lp->th->ncode--;
		return 0;
	}
	if (!strcmp(b, "lu32i") && !strcmp(m->suffix, "d")) {
		/* lu32i.d rd, si20: bits 32..51 of rd = si20, bits 52..63 its
		 * sign, bits 0..31 kept (`lu32i.d rd, 0` zero-extends the
		 * low word: the JIT's emit_zext_32()) */
		ir_insn *in = asm_emit(lp, IR_ALU);
		if (parse_dst(lp, &in->dst) || asm_comma(lp) || asm_int(lp, &v, false))
			return -1;
		if (signed_imm(lp, v, 20))
			return -1;
		if (in->dst < 0) {
			lp->th->ncode--;
			return 0;
		}
		in->alu = ALU_AND;
		in->a = reg_opnd(in->dst);
		in->b = imm_opnd(0xffffffff);
		if (v != 0)
			asm_alu(lp, ALU_OR, in->dst, reg_opnd(in->dst),
				imm_opnd((int64_t)((uint64_t)v << 32)));
		return 0;
	}
	if (!strcmp(b, "lu12i") && !strcmp(m->suffix, "w")) {
		/* lu12i.w rd, si20: rd = si20 << 12, sign-extended from bit 31
		 * (with lu52i.d, the JIT's move_imm() of a wide constant) */
		ir_insn *in = asm_emit(lp, IR_MOV);
		if (parse_dst(lp, &in->dst) || asm_comma(lp) || asm_int(lp, &v, false))
			return -1;
		if (signed_imm(lp, v, 20))
			return -1;
		in->a = imm_opnd((int64_t)(int32_t)((uint32_t)v << 12));
		if (in->dst < 0)
			lp->th->ncode--;
		return 0;
	}
	if (!strcmp(b, "lu52i") && !strcmp(m->suffix, "d")) {
		/* lu52i.d rd, rj, si12: bits 0..51 of rj, bits 52..63 si12 */
		ir_insn *in = asm_emit(lp, IR_ALU);
		if (parse_dst(lp, &in->dst) || asm_comma(lp) || parse_src(lp, &in->a) || asm_comma(lp)
		    || asm_int(lp, &v, false))
			return -1;
		if (signed_imm(lp, v, 12))
			return -1;
		if (in->dst < 0) {
			lp->th->ncode--;
			return 0;
		}
		in->alu = ALU_AND;
		in->b = imm_opnd(0xfffffffffffff);
		if (v != 0)
			asm_alu(lp, ALU_OR, in->dst, reg_opnd(in->dst), imm_opnd((int64_t)((uint64_t)v << 52)));
		return 0;
	}
	if (!strcmp(b, "nop") && !m->suffix[0])
		return 0;
	return FE_NOT_MINE;
}

/* The la_branches table (`beq rj, rd, L`...), `beqz`, `bnez`, `b`; no
 * suffix. */
static int parse_branch(asm_parser *lp, const char *b)
{
	const mnemonic *m = mnem(lp);
	size_t i = FE_FIND(la_branches, b);

	if (i == NELEM(la_branches) && strcmp(b, "beqz") != 0 && strcmp(b, "bnez") != 0
	    && strcmp(b, "b") != 0)
		return FE_NOT_MINE;
	if (m->suffix[0])
		return asm_unknown(lp);
	ir_insn *in = asm_emit(lp, IR_BRANCH);
	if (i < NELEM(la_branches)) {
		in->cmp = la_branches[i].cmp;
		return parse_src(lp, &in->a) || asm_comma(lp) || parse_src(lp, &in->b) || asm_comma(lp)
		       || asm_label_ref(lp) ? -1 : 0;
	}
	if (b[1] == '\0') {
		in->cmp = CMP_ALWAYS;
		return asm_label_ref(lp);
	}
	in->cmp = b[1] == 'e' ? CMP_EQ : CMP_NE;
	in->b = imm_opnd(0);
	return parse_src(lp, &in->a) || asm_comma(lp)
	       || asm_label_ref(lp) ? -1 : 0;
}

/* The instruction classes, in the order la_insn tries them. */
static const asm_class la_classes[] = {
	parse_load, parse_store, parse_llsc, parse_amo, parse_fence, parse_alu, parse_branch,
};

static int la_insn(asm_parser *lp, bool labelled)
{
	la_parser *la = (la_parser *)lp;

	(void)labelled;
	return read_mnemonic(lp, &la->m) ? -1 : ASM_CLASSES(lp, la->m.base, la_classes);
}

static const asm_dialect la_dialect = {
	.ir_per_cell = IR_PER_CELL,
	.insn = la_insn,
	.mark_mixed = true,
	.reg_hint = " (expected $r0..$r31 or an ABI name)",
};

static int la_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			   diag *d)
{
	return asm_parse_thread(&(la_parser){ 0 }.p, &la_dialect, t, ti, cells, ncells, d);
}

const frontend loongarch_frontend = {
	.arch = "LoongArch",
	.default_model = "loongarch.cat",
	.tag_names = la_tag_names,
	.ntags = LA_NTAGS,
	.is_register = la_is_register,
	.canon_register = la_canon_register,
	.parse_thread = la_parse_thread,
	.jit_arch = "loongarch64",
	.mixed = true,
};
