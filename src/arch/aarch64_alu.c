/* aarch64_alu.c - the data-processing instructions of the AArch64
 * front-end: register moves and arithmetic (MOV, the a64_alus table, wide
 * moves, multiplies, rotations, byte reversal, bit fields, extensions),
 * second operands with their shifts, and the flags: CMP / TST / CMN and
 * the S forms, condition codes, conditional selects (CSEL & co.). Its
 * memory and control-flow instructions are aarch64_frontend.c; both
 * share aarch64_parse.h.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "arch/aarch64_parse.h"

/* A register or an immediate. */
static int parse_src_or_imm(asm_parser *ap, opnd *o)
{
	return asm_at_imm(ap, true) ? a64_imm(ap, o) : a64_src(ap, o, NULL);
}

/* A second operand: Rm or #imm, then optionally `, LSL|LSR|ASR #k`
 * (a shifted register is computed into a hidden register first). */
static int parse_operand2(asm_parser *ap, opnd *o)
{
	static const struct { const char *name; alu_op alu; } shifts[] = {
		{ "LSL", ALU_SHL }, { "LSR", ALU_SHR }, { "ASR", ALU_ASHR },
	};
	char sh[LEX_MAX_NAME];
	opnd k;
	srcpos at;
	size_t i;

	if (parse_src_or_imm(ap, o))
		return -1;
	if (!lex_accept(&ap->lx, ","))
		return 0;
	at = lex_here(&ap->lx);
	if (lex_ident(&ap->lx, sh, "a shift (LSL, LSR, ASR)"))
		return -1;
	for (i = 0; i < NELEM(shifts) && strcasecmp(sh, shifts[i].name); i++)
		;
	bool sign;
	int bits = a64_extension(sh, &sign);
	if (bits && o->kind == OPND_REG) {
		/* extended register: Rm, UXTW|SXTW|... {#k}, k = 0..4 */
		int t = a64_hidden(ap, HREG_SHIFT);
		int64_t amt = 0;
		if (asm_at_imm(ap, true)) {
			if (a64_imm(ap, &k))
				return -1;
			amt = k.imm.off;
		}
		if (amt < 0 || amt > 4)
			return diag_error(ap->d, at, "invalid shift amount");
		if (a64_extend_into(ap, t, *o, bits, sign)
		    || (amt && !a64_add_op(ap, IR_ALU, ALU_SHL, t, reg_opnd(t), imm_opnd(amt))))
			return -1;
		*o = reg_opnd(t);
		return 0;
	}
	if (i == NELEM(shifts) && !strcasecmp(sh, "ROR")) {
		/* a rotated register: only for the logical instructions, as
		 * in the Arm ARM (herd7 refuses ADD ..., ROR #k too) */
		static const char *const logical[] = { "AND", "ORR", "EOR", "BIC", "ORN", "EON",
						       "TST", "ANDS", "MVN" };
		size_t l;
		for (l = 0; l < NELEM(logical) && strcmp(a64(ap)->mnem, logical[l]); l++)
			;
		if (l == NELEM(logical) || o->kind != OPND_REG)
			return diag_error(ap->d, at, "invalid shift 'ROR' here (logical instructions only)");
		int64_t size = a64(ap)->op_w ? 32 : 64;
		if (a64_imm(ap, &k))
			return -1;
		if (k.imm.off < 0 || k.imm.off >= size)
			return diag_error(ap->d, at, "invalid shift amount");
		int t = a64_hidden(ap, HREG_SHIFT), v = a64_hidden(ap, HREG_ROT);
		int64_t amt = k.imm.off;
		if (!a64_add_op(ap, a64(ap)->op_w ? IR_ALU : IR_MOV, ALU_AND, t, *o, imm_opnd(0xffffffff))
		    || !a64_add_op(ap, IR_ALU, ALU_SHR, v, reg_opnd(t), imm_opnd(amt))
		    || !a64_add_op(ap, IR_ALU, ALU_SHL, t, reg_opnd(t), imm_opnd((size - amt) & 63))
		    || (a64(ap)->op_w && !a64_add_op(ap, IR_ALU, ALU_AND, t, reg_opnd(t), imm_opnd(0xffffffff)))
		    || !a64_add_op(ap, IR_ALU, ALU_OR, t, reg_opnd(t), reg_opnd(v)))
			return -1;
		*o = reg_opnd(t);
		return 0;
	}
	if (i == NELEM(shifts))
		return diag_error(ap->d, at, "invalid shift '%s'", sh);
	if (a64_imm(ap, &k))
		return -1;
	if (k.imm.off < 0 || k.imm.off > 63)
		return diag_error(ap->d, at, "invalid shift amount");
	if (o->kind == OPND_IMM) {
		uint64_t v = (uint64_t)o->imm.off, n = (uint64_t)k.imm.off;
		o->imm.off = (int64_t)(shifts[i].alu == ALU_SHL ? v << n : shifts[i].alu == ALU_SHR
				       ? v >> n : (uint64_t)((int64_t)v >> n));
		return 0;
	}
	int t = a64_hidden(ap, HREG_SHIFT);
	if (a64(ap)->op_w && shifts[i].alu == ALU_ASHR) {
		/* a 32-bit ASR shifts in bit 31 (herd7's L089) */
		if (!a64_add_op(ap, IR_ALU, ALU_SHL, t, *o, imm_opnd(32))
		    || !a64_add_op(ap, IR_ALU, ALU_ASHR, t, reg_opnd(t), imm_opnd(32 + (k.imm.off & 31))))
			return -1;
	} else if (a64(ap)->op_w && shifts[i].alu == ALU_SHR) {
		/* a 32-bit LSR shifts in zeroes above bit 31 */
		if (!a64_add_op(ap, IR_ALU, ALU_AND, t, *o, imm_opnd(0xffffffff))
		    || !a64_add_op(ap, IR_ALU, ALU_SHR, t, reg_opnd(t), k))
			return -1;
	} else if (!a64_add_op(ap, IR_ALU, shifts[i].alu, t, *o, k)) {
		return -1;
	}
	*o = reg_opnd(t);
	return 0;
}

/* Condition codes on the flags of `CMP a, b` (a - b). */
int a64_cond_code(asm_parser *ap, const char *c, cmp_op *op)
{
	static const struct { const char *name; cmp_op op; } conds[] = {
		{ "EQ", CMP_EQ }, { "NE", CMP_NE },
		{ "HS", CMP_GE }, { "CS", CMP_GE }, { "LO", CMP_LT }, { "CC", CMP_LT },
		{ "HI", CMP_GT }, { "LS", CMP_LE },
		{ "GE", CMP_SGE }, { "LT", CMP_SLT }, { "GT", CMP_SGT }, { "LE", CMP_SLE },
		{ "AL", CMP_ALWAYS }, { "NV", CMP_ALWAYS },   /* NV is "always" in A64 */
	};
	for (size_t i = 0; i < NELEM(conds); i++)
		if (!strcasecmp(c, conds[i].name)) {
			*op = conds[i].op;
			if (a64(ap)->flags_tst && *op != CMP_EQ && *op != CMP_NE && *op != CMP_ALWAYS)
				return a64_unsupported(ap, "only EQ / NE after TST, ANDS, CMN or ADDS (carry and overflow flags are not modelled)");
			if (!a64(ap)->flags_set && *op != CMP_ALWAYS)
				return diag_error(ap->d, ap->insn_pos,
						  "condition '%s' with no CMP / TST before it", c);
			return 0;
		}
	if (!strcasecmp(c, "MI") || !strcasecmp(c, "PL") || !strcasecmp(c, "VS") ||
	    !strcasecmp(c, "VC"))
		return a64_unsupported(ap, "condition codes on N / V alone are not modelled");
	return diag_error(ap->d, ap->insn_pos, "invalid condition code '%s'", c);
}

/* Flag-setting instructions. The flags are two hidden registers holding
 * the values a later B.cond / CSEL compares, copied with their
 * dependencies so the branch or choice depends on what they came from:
 *   CMP x, y / SUBS d, x, y:   (x, y), all conditions but MI PL VS VC;
 *   TST x, y / ANDS d, x, y:   (x & y, 0), EQ and NE only;
 *   CMN x, y / ADDS d, x, y:   (x + y, 0), EQ and NE only.
 * y may be a shifted register. */
static int do_flags(asm_parser *ap, const char *m)
{
	bool sub = !strcmp(m, "CMP") || !strcmp(m, "SUBS");
	bool is_and = !strcmp(m, "TST") || !strcmp(m, "ANDS");
	bool has_dst = m[3] == 'S';
	int fa = a64_hidden(ap, HREG_FA), fb = a64_hidden(ap, HREG_FB), d = -1;
	areg rd = { 0, false }, rx;
	opnd x, y;

	if (has_dst && (a64_dst(ap, &d, &rd) || asm_comma(ap)))
		return -1;
	if (a64_src(ap, &x, &rx) || asm_comma(ap) || (a64(ap)->op_w = rx.w, parse_operand2(ap, &y)))
		return -1;
	if (sub) {
		if (!a64_add_op(ap, IR_MOV, ALU_ADD, fa, x, imm_opnd(0))
		    || !a64_add_op(ap, IR_MOV, ALU_ADD, fb, y, imm_opnd(0)))
			return -1;
		if (d >= 0 && (!a64_add_op(ap, IR_ALU, ALU_SUB, d, reg_opnd(fa), reg_opnd(fb))
			       || (rd.w && a64_zero_extend(ap, d))))
			return -1;
	} else {
		if (!a64_add_op(ap, IR_ALU, is_and ? ALU_AND : ALU_ADD, fa, x, y)
		    || (rx.w && a64_zero_extend(ap, fa))
		    || !a64_add_op(ap, IR_MOV, ALU_ADD, fb, imm_opnd(0), imm_opnd(0)))
			return -1;
		if (d >= 0 && !a64_add_op(ap, IR_MOV, ALU_ADD, d, reg_opnd(fa), imm_opnd(0)))
			return -1;
	}
	a64(ap)->flags_set = true;
	a64(ap)->flags_tst = !sub;
	return 0;
}

/* The flag registers as the operands of a conditional branch. */
int a64_flag_opnds(asm_parser *ap, ir_insn *in)
{
	int fa = a64_hidden(ap, HREG_FA), fb = a64_hidden(ap, HREG_FB);

	in->a = reg_opnd(fa);
	in->b = reg_opnd(fb);
	return 0;
}

/* CSEL Rd, Rn, Rm, cond: Rd = cond ? Rn : Rm, as IR_PICK: Rd depends
 * (addr / data) on the selected register only, and on the reads that set
 * the flags through the choice (a pick dependency: it orders later writes
 * that use Rd, not reads, and nothing that does not use Rd). */
static int do_csel_kind(asm_parser *ap, char kind, int alias);
/* if (cond op on the flags) t = n: the conditional step of CSEL and its
 * kin; 0 or -1 */
static int add_pick(asm_parser *ap, cmp_op op, int t, opnd n)
{
	ir_insn *in = a64_add_insn(ap);

	if (!in)
		return -1;
	in->op = IR_PICK;
	in->cmp = op;
	in->dst = t;
	if (a64_flag_opnds(ap, in))
		return -1;
	in->c = n;
	return 0;
}

static int do_csel_old(asm_parser *ap, bool cset);
static int do_csel(asm_parser *ap, bool cset)
{
	return do_csel_kind(ap, cset ? 'T' : 'S', 0);
}

/* The opposite condition code (CINC & co. are written with it). */
static const char *invert_cond(const char *c)
{
	static const char *const pairs[][2] = {
		{ "EQ", "NE" }, { "HS", "LO" }, { "CS", "CC" }, { "HI", "LS" },
		{ "GE", "LT" }, { "GT", "LE" }, { "MI", "PL" }, { "VS", "VC" },
	};
	for (size_t i = 0; i < NELEM(pairs); i++)
		for (int k = 0; k < 2; k++)
			if (!strcasecmp(c, pairs[i][k]))
				return pairs[i][1 - k];
	return NULL;
}

/* kind: 'S' CSEL, 'T' CSET, 'I' CSINC, 'V' CSINV, 'N' CSNEG:
 *   Rd = cond ? Rn : f(Rm), f = identity, +1, NOT, negation.
 * alias 1: CINC / CINV / CNEG Rd, Rn, cond = CS<kind> Rd, Rn, Rn, !cond;
 * alias 2: CSETM Rd, cond = CSINV Rd, XZR, XZR, !cond. */
static int do_csel_kind(asm_parser *ap, char kind, int alias)
{
	int d;
	areg rd;
	opnd n, m;
	char cond[LEX_MAX_NAME];
	cmp_op op;
	ir_insn *in;

	if (kind == 'T')
		return do_csel_old(ap, true);
	if (kind == 'S')
		return do_csel_old(ap, false);
	if (a64_dst(ap, &d, &rd) || asm_comma(ap))
		return -1;
	if (alias == 2) {
		n = m = imm_opnd(0);
	} else {
		if (a64_src(ap, &n, NULL) || asm_comma(ap))
			return -1;
		if (alias == 1)
			m = n;
		else if (a64_src(ap, &m, NULL) || asm_comma(ap))
			return -1;
	}
	if (lex_ident(&ap->lx, cond, "a condition code"))
		return -1;
	if (alias) {
		const char *inv = invert_cond(cond);
		if (!inv)
			return diag_error(ap->d, ap->insn_pos, "invalid condition code '%s' here", cond);
		snprintf(cond, sizeof cond, "%s", inv);
	}
	if (a64_cond_code(ap, cond, &op))
		return -1;
	if (d < 0)
		return 0;
	/* %tmp = f(Rm); if (cond) %tmp = Rn; Rd = %tmp (zero-extended for Wd) */
	int t = a64_hidden(ap, HREG_TMP);
	if (kind == 'I')
		in = a64_add_op(ap, IR_ALU, ALU_ADD, t, m, imm_opnd(1));
	else if (kind == 'V')
		in = a64_add_op(ap, IR_ALU, ALU_XOR, t, m, imm_opnd(-1));
	else
		in = a64_add_op(ap, IR_ALU, ALU_SUB, t, imm_opnd(0), m);
	if (!in)
		return -1;
	if (op != CMP_ALWAYS) {
		if (add_pick(ap, op, t, n))
			return -1;
	} else if (!a64_add_op(ap, IR_MOV, ALU_ADD, t, n, imm_opnd(0))) {
		return -1;
	}
	if (!a64_add_op(ap, IR_MOV, ALU_ADD, d, reg_opnd(t), imm_opnd(0)))
		return -1;
	return rd.w ? a64_zero_extend(ap, d) : 0;
}

static int do_csel_old(asm_parser *ap, bool cset)
{
	int d;
	opnd n, m;
	char cond[LEX_MAX_NAME];
	cmp_op op;
	ir_insn *in;

	if (a64_dst(ap, &d, NULL) || asm_comma(ap))
		return -1;
	if (cset) {           /* CSET Rd, cond: Rd = cond ? 1 : 0 */
		n = imm_opnd(1);
		m = imm_opnd(0);
	} else if (a64_src(ap, &n, NULL) || asm_comma(ap) || a64_src(ap, &m, NULL)
		   || asm_comma(ap)) {
		return -1;
	}
	if (lex_ident(&ap->lx, cond, "a condition code") || a64_cond_code(ap, cond, &op))
		return -1;
	if (d < 0)
		return 0;
	if (op == CMP_ALWAYS) {
		if (!(in = a64_add_insn(ap)))
			return -1;
		in->op = IR_MOV;
		in->dst = d;
		in->a = n;
		return 0;
	}
	/* %tmp = Rm; if (cond) %tmp = Rn; Rd = %tmp (Rd may be Rn or Rm) */
	int t = a64_hidden(ap, HREG_TMP);
	if (!(in = a64_add_insn(ap)))
		return -1;
	in->op = IR_MOV;
	in->dst = t;
	in->a = m;
	if (add_pick(ap, op, t, n))
		return -1;
	if (!(in = a64_add_insn(ap)))
		return -1;
	in->op = IR_MOV;
	in->dst = d;
	in->a = reg_opnd(t);
	return 0;
}

/* MOVZ / MOVN / MOVK Rd, #imm16{, LSL #s} */
static int do_movwide(asm_parser *ap, char kind)
{
	int d;
	areg rd;
	opnd v, s = imm_opnd(0);
	ir_insn *in;

	if (a64_dst(ap, &d, &rd) || asm_comma(ap) || a64_imm(ap, &v))
		return -1;
	if (lex_accept(&ap->lx, ",")) {
		if (!lex_accept_word(&ap->lx, "LSL") && !lex_accept_word(&ap->lx, "lsl"))
			return lex_error_expected(&ap->lx, "LSL");
		if (a64_imm(ap, &s))
			return -1;
	}
	if (v.imm.off < 0 || v.imm.off > 0xffff || s.imm.off < 0 || s.imm.off > (rd.w ? 16 : 48)
	    || s.imm.off % 16)
		return diag_error(ap->d, ap->insn_pos, "invalid wide immediate");
	if (d < 0)
		return 0;
	uint64_t field = (uint64_t)v.imm.off << s.imm.off, mask = rd.w ? 0xffffffffu : ~(uint64_t)0;
	if (kind != 'K') {
		uint64_t x = kind == 'N' ? ~field & mask : field;
		return a64_add_op(ap, IR_MOV, ALU_ADD, d, imm_opnd((int64_t)x), imm_opnd(0)) ? 0 : -1;
	}
	/* MOVK: keep the other bits */
	if (!(in = a64_add_op(ap, IR_ALU, ALU_AND, d, reg_opnd(d),
			  imm_opnd((int64_t)(~((uint64_t)0xffff << s.imm.off) & mask))))
	    || !(in = a64_add_op(ap, IR_ALU, ALU_OR, d, reg_opnd(d), imm_opnd((int64_t)field))))
		return -1;
	return 0;
}

/* MVN Rd, op2; NEG Rd, op2; ORN / EON / BIC Rd, Rn, op2 (op2 inverted) */
static int do_not_ops(asm_parser *ap, const char *m)
{
	int d, t = a64_hidden(ap, HREG_TMP);
	areg rd;
	opnd n = imm_opnd(0), y;
	bool two = m[0] != 'M' && m[0] != 'N';

	if (a64_dst(ap, &d, &rd) || asm_comma(ap))
		return -1;
	if (two && (a64_src(ap, &n, NULL) || asm_comma(ap)))
		return -1;
	a64(ap)->op_w = rd.w;
	if (parse_operand2(ap, &y))
		return -1;
	if (d < 0)
		return 0;
	if (!strcmp(m, "NEG")) {
		if (!a64_add_op(ap, IR_ALU, ALU_SUB, d, imm_opnd(0), y))
			return -1;
	} else {
		alu_op op = m[0] == 'O' ? ALU_OR : m[0] == 'E' ? ALU_XOR : ALU_AND;
		if (!a64_add_op(ap, IR_ALU, ALU_XOR, t, y, imm_opnd(-1))
		    || !a64_add_op(ap, IR_ALU, two ? op : ALU_OR, d, two ? n : imm_opnd(0), reg_opnd(t)))
			return -1;
	}
	return rd.w ? a64_zero_extend(ap, d) : 0;
}

/* Multiplies: MADD / MSUB Rd,Rn,Rm,Ra (Ra +/- Rn*Rm), MNEG Rd,Rn,Rm
 * (-(Rn*Rm)), and the long forms {S,U}MULL / {S,U}MADDL / {S,U}MSUBL /
 * {S,U}MNEGL Xd,Wn,Wm[,Xa] on the words of Wn and Wm sign- (S) or zero-
 * (U) extended. The product goes to hidden registers first: Rd may be a
 * source. */
static int do_mul(asm_parser *ap, const char *m)
{
	bool lng = m[0] == 'S' || m[0] == 'U', sgn = m[0] == 'S';
	const char *op = m + (lng ? 1 : 0);      /* MADD MSUB MNEG MUL */
	bool acc = !strncmp(op, "MADD", 4) || !strncmp(op, "MSUB", 4);
	int d, t = a64_hidden(ap, HREG_TMP), u = a64_hidden(ap, HREG_MUL);
	areg rd;
	opnd n, k, a = imm_opnd(0);

	if (a64_dst(ap, &d, &rd) || asm_comma(ap)
	    || a64_src(ap, &n, NULL) || asm_comma(ap) || a64_src(ap, &k, NULL))
		return -1;
	if (acc && (asm_comma(ap) || a64_src(ap, &a, NULL)))
		return -1;
	if (d < 0)
		return 0;
	if (lng) {
		if (rd.w)
			return asm_unknown(ap);
		if (sgn) {      /* sign-extend each word: to the top, and back */
			if (!a64_add_op(ap, IR_ALU, ALU_SHL, t, n, imm_opnd(32))
			    || !a64_add_op(ap, IR_ALU, ALU_ASHR, t, reg_opnd(t), imm_opnd(32))
			    || !a64_add_op(ap, IR_ALU, ALU_SHL, u, k, imm_opnd(32))
			    || !a64_add_op(ap, IR_ALU, ALU_ASHR, u, reg_opnd(u), imm_opnd(32)))
				return -1;
		} else if (!a64_add_op(ap, IR_ALU, ALU_AND, t, n, imm_opnd(0xffffffff))
			   || !a64_add_op(ap, IR_ALU, ALU_AND, u, k, imm_opnd(0xffffffff))) {
			return -1;
		}
		n = reg_opnd(t);
		k = reg_opnd(u);
	}
	if (!a64_add_op(ap, IR_ALU, ALU_MUL, u, n, k))
		return -1;
	if (!strncmp(op, "MSUB", 4) || !strncmp(op, "MNEG", 4)) {
		if (!a64_add_op(ap, IR_ALU, ALU_SUB, d, a, reg_opnd(u)))
			return -1;
	} else if (!a64_add_op(ap, IR_ALU, ALU_ADD, d, a, reg_opnd(u))) {
		return -1;
	}
	return rd.w ? a64_zero_extend(ap, d) : 0;
}

/* ROR Rd, Rn, #k | Rm: rotate right within the 32 or 64 bits of Rd, as
 * (x >> k) | (x << (size - k)) with k taken modulo the size (a W source is
 * its low 32 bits). The halves go to hidden registers first: Rd may be a
 * source. */
static int do_ror(asm_parser *ap)
{
	int d, x = a64_hidden(ap, HREG_TMP), k = a64_hidden(ap, HREG_SHIFT),
	    u = a64_hidden(ap, HREG_MUL), v = a64_hidden(ap, HREG_ROT);
	areg rd;
	opnd n, amt;

	if (a64_dst(ap, &d, &rd) || asm_comma(ap)
	    || a64_src(ap, &n, NULL) || asm_comma(ap) || parse_src_or_imm(ap, &amt))
		return -1;
	if (d < 0)
		return 0;
	int64_t size = rd.w ? 32 : 64, mask = rd.w ? (int64_t)0xffffffff : -1;
	opnd xs = n;
	if (rd.w) {
		if (!a64_add_op(ap, IR_ALU, ALU_AND, x, n, imm_opnd(mask)))
			return -1;
		xs = reg_opnd(x);
	}
	if (amt.kind == OPND_IMM) {
		int64_t r = amt.imm.off;
		if (r < 0 || r >= size)
			return diag_error(ap->d, ap->insn_pos, "invalid rotate amount");
		if (!a64_add_op(ap, IR_ALU, ALU_SHR, v, xs, imm_opnd(r))
		    || !a64_add_op(ap, IR_ALU, ALU_SHL, u, xs, imm_opnd((size - r) & 63)))
			return -1;
	} else if (!a64_add_op(ap, IR_ALU, ALU_AND, k, amt, imm_opnd(size - 1))
		   || !a64_add_op(ap, IR_ALU, ALU_SHR, v, xs, reg_opnd(k))
		   || !a64_add_op(ap, IR_ALU, ALU_SUB, k, imm_opnd(size), reg_opnd(k))
		   || !a64_add_op(ap, IR_ALU, ALU_SHL, u, xs, reg_opnd(k))) {
		return -1;
	}
	if (rd.w && !a64_add_op(ap, IR_ALU, ALU_AND, u, reg_opnd(u), imm_opnd(mask)))
		return -1;
	return a64_add_op(ap, IR_ALU, ALU_OR, d, reg_opnd(v), reg_opnd(u)) ? 0 : -1;
}

/* REV, REV16, REV32, REV64 Rd, Rn: the bytes of Rn reversed within its 64
 * or 32 bits (REV; REV64 is REV on X registers), within each 32-bit word
 * (REV32, X registers only) or each halfword (REV16); RBIT Rd, Rn: the
 * bits of Rn reversed. One IR_ALU
 * (ALU_REVB / ALU_RBIT, ir_alu.c), then a W result is zero-extended. */
static int do_rev(asm_parser *ap, const char *m)
{
	int d;
	areg rd;
	opnd n;

	if (a64_dst(ap, &d, &rd) || asm_comma(ap) || a64_src(ap, &n, NULL))
		return -1;
	if ((!strcmp(m, "REV32") || !strcmp(m, "REV64")) && rd.w)
		return diag_error(ap->d, ap->insn_pos, "%s needs X registers", m);
	if (d < 0)
		return 0;
	int64_t size = rd.w ? 32 : 64;
	bool bits = !strcmp(m, "RBIT");
	int64_t box = bits || !strcmp(m, "REV") || !strcmp(m, "REV64") ? size
		      : !strcmp(m, "REV32") ? 32 : 16;
	if (!a64_add_op(ap, IR_ALU, bits ? ALU_RBIT : ALU_REVB, d, n, imm_opnd(box)))
		return -1;
	return rd.w ? a64_zero_extend(ap, d) : 0;
}

/* EXTR Rd, Rn, Rm, #lsb: bits lsb .. lsb+size-1 of the pair Rn:Rm,
 * (Rm >> lsb) | (Rn << (size - lsb)) (ROR Rd, Rs, #k is EXTR Rd, Rs, Rs, #k). */
static int do_extr(asm_parser *ap)
{
	int d, x = a64_hidden(ap, HREG_TMP), v = a64_hidden(ap, HREG_ROT);
	areg rd;
	opnd n, m, l;

	if (a64_dst(ap, &d, &rd) || asm_comma(ap) || a64_src(ap, &n, NULL)
	    || asm_comma(ap) || a64_src(ap, &m, NULL) || asm_comma(ap) || a64_imm(ap, &l))
		return -1;
	int64_t size = rd.w ? 32 : 64, lsb = l.imm.off;
	if (lsb < 0 || lsb >= size)
		return diag_error(ap->d, ap->insn_pos, "invalid bit position");
	if (d < 0)
		return 0;
	if (!a64_add_op(ap, rd.w ? IR_ALU : IR_MOV, ALU_AND, x, m, imm_opnd(0xffffffff))
	    || !a64_add_op(ap, IR_ALU, ALU_SHR, x, reg_opnd(x), imm_opnd(lsb)))
		return -1;
	if (lsb == 0)
		return a64_add_op(ap, IR_MOV, ALU_ADD, d, reg_opnd(x), imm_opnd(0)) ? 0 : -1;
	if (!a64_add_op(ap, IR_ALU, ALU_SHL, v, n, imm_opnd(size - lsb))
	    || (rd.w && !a64_add_op(ap, IR_ALU, ALU_AND, v, reg_opnd(v), imm_opnd(0xffffffff))))
		return -1;
	return a64_add_op(ap, IR_ALU, ALU_OR, d, reg_opnd(x), reg_opnd(v)) ? 0 : -1;
}

/* UBFM / SBFM Rd, Rn, #immr, #imms (bit-field move, the Arm ARM's
 * pseudocode for the two cases): imms >= immr extracts bits immr..imms of
 * Rn to the bottom of Rd; imms < immr moves bits 0..imms of Rn up to bit
 * size - immr. UBFM zero-extends the field, SBFM sign-extends it from its
 * top bit. (herd7 takes UBFM / SBFM, not the aliases UBFX / SBFX / UBFIZ /
 * SBFIZ; LSL / LSR / ASR #k are ALU instructions here.) */
static int do_bfm(asm_parser *ap, bool sign)
{
	int d, t = a64_hidden(ap, HREG_TMP);
	areg rd;
	opnd n, r, s;

	if (a64_dst(ap, &d, &rd) || asm_comma(ap) || a64_src(ap, &n, NULL)
	    || asm_comma(ap) || a64_imm(ap, &r) || asm_comma(ap) || a64_imm(ap, &s))
		return -1;
	int64_t size = rd.w ? 32 : 64, immr = r.imm.off, imms = s.imm.off;
	if (immr < 0 || immr >= size || imms < 0 || imms >= size)
		return diag_error(ap->d, ap->insn_pos, "invalid bit-field position");
	if (d < 0)
		return 0;
	if (!sign) {
		if (imms >= immr) {
			uint64_t m = imms - immr == 63 ? ~(uint64_t)0 : ((uint64_t)1 << (imms - immr + 1)) - 1;
			if (!a64_add_op(ap, IR_ALU, ALU_SHR, t, n, imm_opnd(immr))
			    || !a64_add_op(ap, IR_ALU, ALU_AND, d, reg_opnd(t), imm_opnd((int64_t)m)))
				return -1;
		} else if (!a64_add_op(ap, IR_ALU, ALU_AND, t, n,
				   imm_opnd((int64_t)(((uint64_t)1 << (imms + 1)) - 1)))
			   || !a64_add_op(ap, IR_ALU, ALU_SHL, d, reg_opnd(t), imm_opnd(size - immr))) {
			return -1;
		}
		return 0;
	}
	if (!a64_add_op(ap, IR_ALU, ALU_SHL, t, n, imm_opnd(63 - imms)))
		return -1;
	if (imms >= immr) {
		if (!a64_add_op(ap, IR_ALU, ALU_ASHR, d, reg_opnd(t), imm_opnd(63 - imms + immr)))
			return -1;
	} else if (!a64_add_op(ap, IR_ALU, ALU_ASHR, t, reg_opnd(t), imm_opnd(63 - imms))
		   || !a64_add_op(ap, IR_ALU, ALU_SHL, d, reg_opnd(t), imm_opnd(size - immr))) {
		return -1;
	}
	return rd.w ? a64_zero_extend(ap, d) : 0;
}

static const struct { const char *name; alu_op alu; } a64_alus[] = {
	{ "ADD", ALU_ADD }, { "SUB", ALU_SUB }, { "EOR", ALU_XOR }, { "AND", ALU_AND },
	{ "ORR", ALU_OR }, { "LSL", ALU_SHL }, { "LSR", ALU_SHR }, { "ASR", ALU_ASHR },
	{ "MUL", ALU_MUL }, { "LSLV", ALU_SHL }, { "LSRV", ALU_SHR }, { "ASRV", ALU_ASHR },
};

/* `MOV Rd, Rn|#imm`. */
static int do_mov(asm_parser *ap)
{
	int d;
	areg rd;
	opnd a;
	ir_insn *in;

	if (a64_dst(ap, &d, &rd) || asm_comma(ap) || parse_src_or_imm(ap, &a))
		return -1;
	if (d < 0)
		return 0;
	if (rd.w && a.kind == OPND_IMM)
		a.imm.off &= 0xffffffff;
	if (!(in = a64_add_insn(ap)))
		return -1;
	in->op = IR_MOV;
	in->dst = d;
	in->a = a;
	return rd.w && a.kind == OPND_REG ? a64_zero_extend(ap, d) : 0;
}

/* `OP Rd, Rn, operand2` for the a64_alus table. */
static int do_alu(asm_parser *ap, alu_op alu)
{
	int d;
	areg rd;
	opnd a, b;

	if (a64_dst(ap, &d, &rd) || asm_comma(ap) || a64_src(ap, &a, NULL)
	    || asm_comma(ap) || (a64(ap)->op_w = rd.w, parse_operand2(ap, &b)))
		return -1;
	if (d < 0)
		return 0;
	if (!a64_add_op(ap, IR_ALU, alu, d, a, b))
		return -1;
	return rd.w ? a64_zero_extend(ap, d) : 0;
}

/* SXTB SXTH SXTW UXTB UXTH UXTW Rd, Rn */
static int do_extend(asm_parser *ap, int bits, bool sign)
{
	int d;
	areg rd;
	opnd n;

	if (a64_dst(ap, &d, &rd) || asm_comma(ap) || a64_src(ap, &n, NULL))
		return -1;
	if (d < 0)
		return 0;
	if (a64_extend_into(ap, d, n, bits, sign))
		return -1;
	return rd.w ? a64_zero_extend(ap, d) : 0;
}

/* Register moves and arithmetic. */
int a64_parse_alu(asm_parser *ap, const char *m)
{
	bool sign;
	int bits;
	size_t i;

	if (!strcmp(m, "MOV"))
		return do_mov(ap);
	for (i = 0; i < NELEM(a64_alus); i++)
		if (!strcmp(m, a64_alus[i].name))
			return do_alu(ap, a64_alus[i].alu);
	if (!strcmp(m, "MADD") || !strcmp(m, "MSUB") || !strcmp(m, "MNEG") ||
	    (strchr("SU", m[0]) && m[1] && (!strcmp(m + 1, "MULL") || !strcmp(m + 1, "MADDL") ||
					    !strcmp(m + 1, "MSUBL") || !strcmp(m + 1, "MNEGL"))))
		return do_mul(ap, m);
	if (!strcmp(m, "ROR") || !strcmp(m, "RORV"))
		return do_ror(ap);
	if (!strcmp(m, "EXTR"))
		return do_extr(ap);
	if (!strcmp(m, "REV") || !strcmp(m, "REV16") || !strcmp(m, "REV32") || !strcmp(m, "REV64")
	    || !strcmp(m, "RBIT"))
		return do_rev(ap, m);
	if (!strcmp(m, "UBFM") || !strcmp(m, "SBFM"))
		return do_bfm(ap, m[0] == 'S');
	if (!strcmp(m, "MOVZ") || !strcmp(m, "MOVN") || !strcmp(m, "MOVK"))
		return do_movwide(ap, m[3]);
	if (!strcmp(m, "MVN") || !strcmp(m, "NEG") || !strcmp(m, "ORN") ||
	    !strcmp(m, "EON") || !strcmp(m, "BIC"))
		return do_not_ops(ap, m);
	bits = a64_extension(m, &sign);
	if (bits && bits < 64)
		return do_extend(ap, bits, sign);
	return FE_NOT_MINE;
}

/* Flag setting (CMP, TST, CMN, SUBS, ADDS, ANDS) and conditional
 * selects (CSEL, CSET, CSINC, CSINV, CSNEG, CINC, CINV, CNEG, CSETM). */
int a64_parse_cond(asm_parser *ap, const char *m)
{
	if (!strcmp(m, "CMP") || !strcmp(m, "TST") || !strcmp(m, "CMN") ||
	    !strcmp(m, "SUBS") || !strcmp(m, "ADDS") || !strcmp(m, "ANDS"))
		return do_flags(ap, m);
	if (!strcmp(m, "CSEL") || !strcmp(m, "CSET"))
		return do_csel(ap, m[2] == 'E' && m[3] == 'T');
	if (!strcmp(m, "CSINC") || !strcmp(m, "CSINV") || !strcmp(m, "CSNEG"))
		return do_csel_kind(ap, m[4] == 'C' ? 'I' : m[4] == 'V' ? 'V' : 'N', 0);
	if (!strcmp(m, "CINC") || !strcmp(m, "CINV") || !strcmp(m, "CNEG"))
		return do_csel_kind(ap, m[3] == 'C' ? 'I' : m[3] == 'V' ? 'V' : 'N', 1);
	if (!strcmp(m, "CSETM"))
		return do_csel_kind(ap, 'V', 2);
	return FE_NOT_MINE;
}

