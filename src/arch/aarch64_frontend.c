/* aarch64_frontend.c - parse AArch64 litmus cells and lower them to IR.
 *
 * Each cell holds at most one label (`L0:`) and at most one instruction.
 * One instruction may become several IR instructions (an indexed address
 * is computed into a hidden register first, CMP copies its operands into
 * two hidden "flag" registers, CSEL is a small diamond of moves), so a
 * thread gets A64_IR_PER_CELL IR slots per cell.
 *
 * Registers: Xn and Wn (n = 0..30) are one register, interned under the
 * name herd7 prints ("X5" for both W5 and X5; canon_register). XZR / WZR
 * read as 0; writes to them are dropped (a load into them still reads).
 * Values are 64-bit integers: a write to Wn is not truncated to 32 bits
 * (litmus values are small). Hidden registers start with '%' and are never
 * printed (no condition can name them).
 *
 * Byte / halfword / pair accesses and accesses at an offset are mixed-size
 * (asm_mixed): checked only with -variant mixed (docs/mixed-size.md).
 * Refused with an "unsupported ..." error (the conformance script counts
 * such tests as skipped): SP, MTE / VMSA / system-register instructions,
 * exclusive pairs, anything else not below.
 *
 * This file: registers, operands and addresses, loads, stores, atomics,
 * barriers, branches and the driver; the data-processing instructions
 * (moves, arithmetic, flags, conditional selects) are aarch64_alu.c, and
 * aarch64_parse.h is what the two share.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include "arch/aarch64_frontend.h"
#include "arch/aarch64_parse.h"

enum {
	A64_TAG_A, A64_TAG_Q, A64_TAG_L, A64_TAG_X, A64_TAG_AMO, A64_TAG_NORET, A64_TAG_SWP,
	A64_TAG_DMB_SY, A64_TAG_DMB_LD, A64_TAG_DMB_ST,
	A64_TAG_DSB_SY, A64_TAG_DSB_LD, A64_TAG_DSB_ST, A64_TAG_ISB,
	A64_NTAGS
};

/* Event tags, visible to the cat model as event sets of the same name. */
static const char *const a64_tag_names[] = {
	/* Load-Acquire reads: LDAR, LDAXR, the reads of LD<op>A, SWPA, CASA */
	[A64_TAG_A] = "A",
	/* Load-AcquirePC reads: LDAPR */
	[A64_TAG_Q] = "Q",
	/* Store-Release writes: STLR, STLXR, the writes of LD<op>L, ST<op>L,
	 * SWPL, CASL */
	[A64_TAG_L] = "L",
	/* events of the exclusives LDXR / LDAXR / STXR / STLXR */
	[A64_TAG_X] = "X",
	/* events of the LSE atomics (LD<op>, ST<op>, SWP, CAS) */
	[A64_TAG_AMO] = "AMO",
	/* the read of an atomic whose destination register is XZR / WZR
	 * (ST<op>, and LD<op> / SWP / CAS writing their result to ZR) */
	[A64_TAG_NORET] = "NoRet",
	/* events of SWP: its write does not depend on its read */
	[A64_TAG_SWP] = "SWP",
	/* barriers; the ISH / OSH / NSH domains are not distinguished */
	[A64_TAG_DMB_SY] = "DMB.SY",
	[A64_TAG_DMB_LD] = "DMB.LD",
	[A64_TAG_DMB_ST] = "DMB.ST",
	[A64_TAG_DSB_SY] = "DSB.SY",
	[A64_TAG_DSB_LD] = "DSB.LD",
	[A64_TAG_DSB_ST] = "DSB.ST",
	[A64_TAG_ISB] = "ISB",
};
_Static_assert(sizeof a64_tag_names / sizeof *a64_tag_names == A64_NTAGS,
	       "one name per AArch64 tag");

#define A64_IR_PER_CELL 8

/* Canonical (printed) names of the general-purpose registers. */
static const char *const a64_xnames[31] = {
	"X0", "X1", "X2", "X3", "X4", "X5", "X6", "X7", "X8", "X9",
	"X10", "X11", "X12", "X13", "X14", "X15", "X16", "X17", "X18", "X19",
	"X20", "X21", "X22", "X23", "X24", "X25", "X26", "X27", "X28", "X29",
	"X30",
};

/* "X5", "w5", "XZR", "wzr" -> areg; false if not a register name. */
static bool decode_reg(const char *name, areg *r)
{
	char c = (char)toupper((unsigned char)name[0]);

	if (c != 'X' && c != 'W')
		return false;
	r->w = c == 'W';
	if ((name[1] == 'Z' || name[1] == 'z') && (name[2] == 'R' || name[2] == 'r') && !name[3]) {
		r->num = -1;
		return true;
	}
	if (!isdigit((unsigned char)name[1]))
		return false;
	if (name[2] == '\0') {
		r->num = name[1] - '0';
		return true;
	}
	if (name[1] == '0' || !isdigit((unsigned char)name[2]) || name[3] != '\0')
		return false;
	r->num = (name[1] - '0') * 10 + (name[2] - '0');
	return r->num <= 30;
}

static bool a64_is_register(const char *name)
{
	areg r;
	return decode_reg(name, &r);
}

static const char *a64_canon_register(const char *name, char *buf)
{
	areg r;

	if (!decode_reg(name, &r))
		return NULL;
	return r.num < 0 ? "XZR" : a64_xnames[r.num];
}

/* Access size of an instruction whose register is 32-bit or not. */
static int acc_size(asm_parser *ap, bool w)
{
	return a64(ap)->acc_size ? a64(ap)->acc_size : w ? 4 : 8;
}

/* The mnemonics the dialect reads most, for "did you mean" (the sized
 * loads and stores and the ALU ones are in tables further down). */
static const char *const a64_names[] = {
	"LDR", "STR", "LDAR", "LDAPR", "STLR", "LDXR", "LDAXR", "STXR", "STLXR", "LDRB", "LDRH",
	"STRB", "STRH", "LDARB", "LDARH", "STLRB", "STLRH", "DMB", "DSB", "ISB", "MOV", "MOVZ",
	"ADD", "SUB", "EOR", "AND", "ORR", "CMP", "CBZ", "CBNZ", "B", "CSEL", "CAS", "CASA", "CASL",
	"CASAL", "SWP", "SWPA", "SWPL", "SWPAL", "LDADD", "LDADDA", "LDADDL", "LDADDAL", "STADD",
	"LDSET", "LDCLR", "LDEOR", "NOP", NULL,
};

/* "unsupported": as asm_unsupported, naming the mnemonic. */
int a64_unsupported(asm_parser *ap, const char *why)
{
	return diag_error(ap->d, ap->insn_pos, "unsupported AArch64 instruction '%s': %s",
			  a64(ap)->mnem, why);
}

/* A fresh IR instruction at the end of the thread, or NULL (an error)
 * past the thread's room. */
ir_insn *a64_add_insn(asm_parser *ap)
{
	if (ap->th->ncode >= ap->cap) {
		diag_error(ap->d, ap->insn_pos, "instruction expands to too many IR steps");
		return NULL;
	}
	return asm_emit(ap, IR_MOV);
}

/* dst = a alu b (an IR_ALU), or another op with these fields */
ir_insn *a64_add_op(asm_parser *ap, ir_op op, alu_op alu, int dst, opnd a, opnd b)
{
	ir_insn *in = a64_add_insn(ap);

	if (in) {
		in->op = op;
		in->alu = alu;
		in->dst = dst;
		in->a = a;
		in->b = b;
	}
	return in;
}

int a64_hidden(asm_parser *ap, const char *name)
{
	return litmus_reg(ap->t, name);
}

static int parse_areg(asm_parser *ap, areg *r)
{
	char name[LEX_MAX_NAME];
	srcpos at = lex_here(&ap->lx);

	if (lex_ident(&ap->lx, name, "a register"))
		return -1;
	if (!strcasecmp(name, "SP") || !strcasecmp(name, "WSP"))
		return diag_error(ap->d, at, "unsupported AArch64 register '%s' (SP)", name);
	if (!decode_reg(name, r))
		return diag_error(ap->d, at,
				  "invalid AArch64 register '%s' (expected X0..X30, W0..W30, XZR, WZR)",
				  name);
	return 0;
}

static int intern_areg(asm_parser *ap, const areg *r)
{
	return litmus_reg(ap->t, a64_xnames[r->num]);
}

/* A destination register: *reg = -1 for XZR / WZR. */
int a64_dst(asm_parser *ap, int *reg, areg *r)
{
	areg tmp;

	if (!r)
		r = &tmp;
	if (parse_areg(ap, r))
		return -1;
	if (r->num < 0) {
		*reg = -1;
		return 0;
	}
	*reg = intern_areg(ap, r);
	return 0;
}

/* A source register: XZR / WZR read as the immediate 0. */
int a64_src(asm_parser *ap, opnd *o, areg *r)
{
	int reg;

	if (a64_dst(ap, &reg, r))
		return -1;
	*o = src_opnd(reg);
	return 0;
}

/* `#imm` (the '#' is optional). */
int a64_imm(asm_parser *ap, opnd *o)
{
	return asm_imm(ap, o, true);
}

/* Register extensions UXTB UXTH UXTW UXTX SXTB SXTH SXTW SXTX: the low
 * 8, 16, 32 or 64 bits of a register, zero- or sign-extended. Returns
 * the width in bits (64: no change), or 0 if NAME is not one; *sign. */
int a64_extension(const char *name, bool *sign)
{
	static const char *const w[] = { "B", "H", "W", "X" };
	if (strlen(name) != 4 || (toupper((unsigned char)name[0]) != 'U' &&
				  toupper((unsigned char)name[0]) != 'S') ||
	    toupper((unsigned char)name[1]) != 'X' || toupper((unsigned char)name[2]) != 'T')
		return 0;
	*sign = toupper((unsigned char)name[0]) == 'S';
	for (int i = 0; i < 4; i++)
		if (toupper((unsigned char)name[3]) == w[i][0])
			return 8 << i;
	return 0;
}

/* dst = the low `bits` bits of src, zero- or sign-extended (IR_ALUs;
 * a plain move for 64). */
int a64_extend_into(asm_parser *ap, int dst, opnd src, int bits, bool sign)
{
	if (bits >= 64)
		return a64_add_op(ap, IR_MOV, ALU_ADD, dst, src, imm_opnd(0)) ? 0 : -1;
	if (!sign)
		return a64_add_op(ap, IR_ALU, ALU_AND, dst, src,
			      imm_opnd((int64_t)(((uint64_t)1 << bits) - 1))) ? 0 : -1;
	return a64_add_op(ap, IR_ALU, ALU_SHL, dst, src, imm_opnd(64 - bits))
	       && a64_add_op(ap, IR_ALU, ALU_ASHR, dst, reg_opnd(dst), imm_opnd(64 - bits)) ? 0 : -1;
}

/* ---- addresses ---- */

typedef struct {
	opnd base;
	int base_reg;         /* for writeback: the base register, or -1 */
	int64_t off;
	bool indexed;         /* [Xn, Rm{, ext #k}] */
	opnd index;
	int shift;
	int ext_bits;         /* UXTW / SXTW: 32 (SXTX / UXTX / LSL: 64) */
	bool ext_sign;
	int64_t post;         /* post-index: [Xn], #imm */
	bool has_post, pre;   /* pre: [Xn, #imm]! */
} a64_addr;

/* `[Xn]`, `[Xn,#imm]`, `[Xn,#imm]!`, `[Xn],#imm`, `[Xn,Rm]`,
 * `[Xn,Wm,SXTW]`, `[Xn,Wm,UXTW]`, `[Xn,Xm,LSL #k]`. */
static int parse_addr(asm_parser *ap, a64_addr *ad, bool allow_post)
{
	lexer *lx = &ap->lx;
	areg b;

	memset(ad, 0, sizeof *ad);
	ad->base_reg = -1;
	if (lex_expect(lx, "["))
		return -1;
	if (a64_src(ap, &ad->base, &b))
		return -1;
	if (b.num >= 0)
		ad->base_reg = ad->base.reg;
	if (lex_accept(lx, ",")) {
		if (asm_at_imm(ap, true)) {
			opnd o;
			if (a64_imm(ap, &o))
				return -1;
			ad->off = o.imm.off;
		} else {
			ad->indexed = true;
			if (a64_src(ap, &ad->index, NULL))
				return -1;
			if (lex_accept(lx, ",")) {
				char ext[LEX_MAX_NAME];
				srcpos at = lex_here(lx);
				if (lex_ident(lx, ext, "an a64_extension (SXTW, UXTW, SXTX, UXTX, LSL)"))
					return -1;
				if (strcasecmp(ext, "SXTW") && strcasecmp(ext, "UXTW") &&
				    strcasecmp(ext, "SXTX") && strcasecmp(ext, "UXTX") &&
				    strcasecmp(ext, "LSL"))
					return diag_error(ap->d, at, "unsupported address a64_extension '%s'", ext);
				if (strcasecmp(ext, "LSL"))
					ad->ext_bits = a64_extension(ext, &ad->ext_sign);
				if (asm_at_imm(ap, true)) {
					opnd k;
					if (a64_imm(ap, &k))
						return -1;
					if (k.imm.off < 0 || k.imm.off > 4)
						return diag_error(ap->d, at, "invalid shift amount");
					ad->shift = (int)k.imm.off;
				}
			}
		}
	}
	if (lex_expect(lx, "]"))
		return -1;
	/* a location has bytes of its own only in mixed-size mode */
	if (ad->off)
		asm_mixed(ap);
	if (lex_accept(lx, "!")) {
		if (ad->indexed || ad->base_reg < 0)
			return asm_unknown(ap);
		ad->pre = true;
	} else if (allow_post && lex_accept(lx, ",")) {
		opnd o;
		if (ad->indexed || ad->off || ad->base_reg < 0)
			return asm_unknown(ap);
		if (a64_imm(ap, &o))
			return -1;
		ad->has_post = true;
		ad->post = o.imm.off;
	}
	return 0;
}

/* Emit what computes the address before the access; fill in->a / in->off
 * of the access (added by the caller after this). */
static int addr_before(asm_parser *ap, const a64_addr *ad, opnd *a, int64_t *off)
{
	*a = ad->base;
	*off = ad->off;
	if (ad->pre) {          /* Xn = Xn + imm, then access [Xn] */
		*off = 0;
		return a64_add_op(ap, IR_ALU, ALU_ADD, ad->base_reg, ad->base, imm_opnd(ad->off)) ? 0 : -1;
	}
	if (!ad->indexed)
		return 0;
	int t = a64_hidden(ap, HREG_ADDR);
	opnd idx = ad->index;
	if (ad->ext_bits && ad->ext_bits < 64 && idx.kind == OPND_REG) {
		if (a64_extend_into(ap, t, idx, ad->ext_bits, ad->ext_sign))
			return -1;
		idx = reg_opnd(t);
	}
	if (ad->shift) {
		if (!a64_add_op(ap, IR_ALU, ALU_SHL, t, idx, imm_opnd(ad->shift)))
			return -1;
		idx = reg_opnd(t);
	}
	if (!a64_add_op(ap, IR_ALU, ALU_ADD, t, ad->base, idx))
		return -1;
	*a = reg_opnd(t);
	return 0;
}

/* Post-index writeback, after the access. */
static int addr_after(asm_parser *ap, const a64_addr *ad)
{
	if (!ad->has_post)
		return 0;
	return a64_add_op(ap, IR_ALU, ALU_ADD, ad->base_reg, ad->base, imm_opnd(ad->post)) ? 0 : -1;
}

/* A write to Wn clears bits 32..63 of Xn (an address is kept: ir_alu). */
int a64_zero_extend(asm_parser *ap, int reg)
{
	return a64_add_op(ap, IR_ALU, ALU_AND, reg, reg_opnd(reg), imm_opnd(0xffffffff)) ? 0 : -1;
}

/* ---- instruction families ---- */

/* Plain and ordered loads: `LDR Rt, addr`. */
static int do_load(asm_parser *ap, tagmask tags, bool reserve, bool any_addr, bool sign)
{
	areg rt;
	int dst;
	a64_addr ad;
	opnd a;
	int64_t off;
	ir_insn *in;

	if (a64_dst(ap, &dst, &rt) || asm_comma(ap) || parse_addr(ap, &ad, any_addr))
		return -1;
	if (!any_addr && (ad.indexed || ad.pre || ad.off))
		return a64_unsupported(ap, "only [Xn] addressing");
	if (dst < 0)
		dst = a64_hidden(ap, HREG_ZR);
	if (addr_before(ap, &ad, &a, &off) || !(in = a64_add_insn(ap)))
		return -1;
	in->op = IR_LOAD;
	in->dst = dst;
	in->a = a;
	in->off = off;
	in->size = acc_size(ap, rt.w);
	in->tags_r = tags;
	in->reserve = reserve;
	if (sign && a64_extend_into(ap, dst, reg_opnd(dst), 8 * in->size, true))
		return -1;
	if (sign && rt.w && a64_zero_extend(ap, dst))
		return -1;
	return addr_after(ap, &ad);
}

/* `STR Rt, addr`, `STLR Rt, [Xn]`. */
static int do_store(asm_parser *ap, tagmask tags, bool any_addr)
{
	areg rt;
	opnd v, a;
	a64_addr ad;
	int64_t off;
	ir_insn *in;

	if (a64_src(ap, &v, &rt) || asm_comma(ap) || parse_addr(ap, &ad, any_addr))
		return -1;
	if (!any_addr && (ad.indexed || ad.pre || ad.off))
		return a64_unsupported(ap, "only [Xn] addressing");
	if (addr_before(ap, &ad, &a, &off) || !(in = a64_add_insn(ap)))
		return -1;
	in->op = IR_STORE;
	in->a = a;
	in->off = off;
	in->b = v;
	in->size = acc_size(ap, rt.w);
	in->tags_w = tags;
	return addr_after(ap, &ad);
}

/* `STXR Ws, Rt, [Xn]`: Ws = 0 on success, 1 on failure. */
static int do_store_excl(asm_parser *ap, tagmask tags)
{
	areg rt;
	int st;
	opnd v, a;
	a64_addr ad;
	int64_t off;
	ir_insn *in;

	if (a64_dst(ap, &st, NULL) || asm_comma(ap) || a64_src(ap, &v, &rt)
	    || asm_comma(ap) || parse_addr(ap, &ad, false))
		return -1;
	if (ad.indexed || ad.pre || ad.off)
		return a64_unsupported(ap, "only [Xn] addressing");
	if (addr_before(ap, &ad, &a, &off) || !(in = a64_add_insn(ap)))
		return -1;
	in->op = IR_SC;
	in->alt_swap = true;
	in->sc_dep = SC_DEP_NONE;   /* the status: as herd7's AArch64 semantics */
	in->dst = st;
	/* the status is not computed from the store's operands: it carries
	 * no dependency (herd7's Arm model: MP and LB with a dependency on
	 * the status of a successful STXR are Allowed) */
	in->sc_nodep = true;
	in->a = a;
	in->off = off;
	in->b = v;
	in->size = acc_size(ap, rt.w);
	in->tags_w = tags;
	return 0;
}

/* `LDP Rt1, Rt2, addr` / `STP Rt1, Rt2, addr` (mixed-size): two accesses
 * of the registers' size, at the address and right after it, in program
 * order; [Xn] or [Xn,#imm] only. */
static int do_pair(asm_parser *ap, bool store)
{
	areg r1, r2;
	opnd v1, v2, a;
	int d1 = -1, d2 = -1;
	a64_addr ad;
	int64_t off;

	asm_mixed(ap);
	if ((store ? a64_src(ap, &v1, &r1) : a64_dst(ap, &d1, &r1)) || asm_comma(ap)
	    || (store ? a64_src(ap, &v2, &r2) : a64_dst(ap, &d2, &r2)) || asm_comma(ap)
	    || parse_addr(ap, &ad, false))
		return -1;
	if (r1.w != r2.w)
		return asm_unknown(ap);
	if (ad.indexed || ad.pre)
		return a64_unsupported(ap, "only [Xn] and [Xn,#imm] addressing");
	if (!store && d1 < 0)
		d1 = a64_hidden(ap, HREG_ZR);
	if (!store && d2 < 0)
		d2 = a64_hidden(ap, HREG_ZR);
	if (addr_before(ap, &ad, &a, &off))
		return -1;
	for (int k = 0; k < 2; k++) {
		ir_insn *in = a64_add_insn(ap);
		if (!in)
			return -1;
		in->op = store ? IR_STORE : IR_LOAD;
		in->a = a;
		in->size = r1.w ? 4 : 8;
		in->off = off + k * in->size;
		if (store)
			in->b = k ? v2 : v1;
		else
			in->dst = k ? d2 : d1;
	}
	return 0;
}

/* Acquire / release suffix of an atomic: "", "A", "L", "AL". */
static bool ordering_suffix(const char *s, bool *acq, bool *rel)
{
	*acq = *rel = false;
	if (!*s)
		return true;
	if (!strcmp(s, "A"))
		return *acq = true;
	if (!strcmp(s, "L"))
		return *rel = true;
	if (!strcmp(s, "AL"))
		return *acq = *rel = true;
	return false;
}

static bool size_suffix(const char *s)
{
	size_t n = strlen(s);
	return n > 0 && (s[n - 1] == 'B' || s[n - 1] == 'H');
}

/* LD<op>{A}{L} Rs, Rt, [Xn]; ST<op>{L} Rs, [Xn]; SWP{A}{L} Rs, Rt, [Xn]:
 * a read and a write linked by rmw. */
static int do_amo(asm_parser *ap, alu_op op, bool clr, bool acq, bool rel, bool noret_form)
{
	areg rs;
	opnd v, a;
	int dst = -1;
	a64_addr ad;
	int64_t off;
	ir_insn *in;

	if (a64_src(ap, &v, &rs) || asm_comma(ap))
		return -1;
	if (!noret_form && (a64_dst(ap, &dst, NULL) || asm_comma(ap)))
		return -1;
	if (parse_addr(ap, &ad, false))
		return -1;
	if (ad.indexed || ad.pre || ad.off)
		return a64_unsupported(ap, "only [Xn] addressing");
	if (clr) {   /* LDCLR: [Xn] &= ~Rs */
		int t = a64_hidden(ap, HREG_TMP);
		if (!a64_add_op(ap, IR_ALU, ALU_XOR, t, v, imm_opnd(-1)))
			return -1;
		v = reg_opnd(t);
	}
	if (addr_before(ap, &ad, &a, &off) || !(in = a64_add_insn(ap)))
		return -1;
	in->op = IR_RMW;
	in->split = true;
	in->alu = op;
	in->dst = dst;
	in->a = a;
	in->off = off;
	in->b = v;
	in->size = acc_size(ap, rs.w);
	tagmask swp = op == ALU_MOVB ? TAG(A64_TAG_SWP) : 0;
	in->tags_r = TAG(A64_TAG_AMO) | swp | (acq ? TAG(A64_TAG_A) : 0)
		   | (dst < 0 ? TAG(A64_TAG_NORET) : 0);
	in->tags_w = TAG(A64_TAG_AMO) | swp | (rel ? TAG(A64_TAG_L) : 0);
	return 0;
}

/* CAS{A}{L} Rs, Rt, [Xn]: if [Xn] == Rs then [Xn] = Rt; Rs = old. */
static int do_cas(asm_parser *ap, bool acq, bool rel)
{
	areg rs;
	opnd cmpv, nv, a;
	int dst;
	a64_addr ad;
	int64_t off;
	ir_insn *in;

	if (a64_src(ap, &cmpv, &rs) || asm_comma(ap) || a64_src(ap, &nv, NULL)
	    || asm_comma(ap) || parse_addr(ap, &ad, false))
		return -1;
	if (ad.indexed || ad.pre || ad.off)
		return a64_unsupported(ap, "only [Xn] addressing");
	bool noret = cmpv.kind != OPND_REG;
	dst = noret ? a64_hidden(ap, HREG_ZR) : cmpv.reg;
	if (addr_before(ap, &ad, &a, &off) || !(in = a64_add_insn(ap)))
		return -1;
	in->op = IR_CAS;
	in->dst = dst;
	in->a = a;
	in->off = off;
	in->b = cmpv;
	in->c = nv;
	in->size = acc_size(ap, rs.w);   /* CASB / CASH compare the narrow value (thread_exec.c) */
	in->tags_r = TAG(A64_TAG_AMO) | (acq ? TAG(A64_TAG_A) : 0)
		   | (noret ? TAG(A64_TAG_NORET) : 0);
	in->tags_fail = in->tags_r;
	in->tags_w = TAG(A64_TAG_AMO) | (rel ? TAG(A64_TAG_L) : 0);
	/* The comparison is a choice (a "pick"): see `pick` in litmus.h and
	 * docs/aarch64-model.md for the dependencies it creates. */
	in->pick = true;
	return 0;
}

/* DMB / DSB <option>, ISB. */
static int do_barrier(asm_parser *ap, bool dsb)
{
	char opt[LEX_MAX_NAME];
	srcpos at = lex_here(&ap->lx);
	ir_insn *in;
	int tag;

	if (lex_ident(&ap->lx, opt, "a barrier option (SY, LD, ST, ISH, ISHLD, ...)"))
		return -1;
	for (char *c = opt; *c; c++)
		*c = (char)toupper((unsigned char)*c);
	const char *kind = opt;
	if (!strncmp(opt, "ISH", 3) || !strncmp(opt, "OSH", 3) || !strncmp(opt, "NSH", 3))
		kind = opt + 3;
	if (!strcmp(kind, "") || !strcmp(kind, "SY"))
		tag = dsb ? A64_TAG_DSB_SY : A64_TAG_DMB_SY;
	else if (!strcmp(kind, "LD"))
		tag = dsb ? A64_TAG_DSB_LD : A64_TAG_DMB_LD;
	else if (!strcmp(kind, "ST"))
		tag = dsb ? A64_TAG_DSB_ST : A64_TAG_DMB_ST;
	else
		return diag_error(ap->d, at, "invalid barrier option '%s'", opt);
	if (!(in = a64_add_insn(ap)))
		return -1;
	in->op = IR_FENCE;
	in->tags_f = TAG(tag);
	return 0;
}

/* B.cond L / B L */
static int do_branch(asm_parser *ap, const char *cond)
{
	cmp_op op = CMP_ALWAYS;
	ir_insn *in;

	if (cond && a64_cond_code(ap, cond, &op))
		return -1;
	if (!(in = a64_add_insn(ap)))
		return -1;
	in->op = IR_BRANCH;
	in->cmp = op;
	if (op != CMP_ALWAYS && a64_flag_opnds(ap, in))
		return -1;
	return asm_label_ref(ap);
}

static const struct { const char *name; alu_op alu; bool clr; } a64_amo_ops[] = {
	{ "ADD", ALU_ADD, false }, { "EOR", ALU_XOR, false }, { "SET", ALU_OR, false },
	{ "CLR", ALU_AND, true }, { "SMAX", ALU_SMAX, false }, { "SMIN", ALU_SMIN, false },
	{ "UMAX", ALU_UMAX, false }, { "UMIN", ALU_UMIN, false },
};

static const char *const a64_unsupported_prefixes[] = {
	"LDP", "STP", "LDNP", "STNP", "STUR", "LDAPUR", "STLUR", "LDXP", "STXP",
	"LDAXP", "STLXP", "LDTR", "STTR", "LDG", "STG", "STZG", "ST2G", "IRG", "GMI",
	"ADDG", "SUBG", "TLBI", "DC", "IC", "MSR", "MRS", "SVC", "HVC", "SMC", "ERET",
	"LDLAR", "STLLR", "CASP",
};

/* Loads and stores (plain, acquire / release, exclusive, sized, LDP /
 * STP); the other pair, unscaled, MTE and system instructions are
 * refused. */
/* The byte / halfword loads and stores (mixed-size): mnemonic, size,
 * sign-extending, tags (0: plain; else acquire, acquirePC, release). */
static const struct { const char *name; int size; bool sign, store; int tag; bool excl; } a64_sized[] = {
	{ "LDRB", 1, false, false, -1, false }, { "LDRH", 2, false, false, -1, false },
	{ "LDRSB", 1, true, false, -1, false }, { "LDRSH", 2, true, false, -1, false },
	{ "LDRSW", 4, true, false, -1, false },
	{ "LDARB", 1, false, false, A64_TAG_A, false }, { "LDARH", 2, false, false, A64_TAG_A, false },
	{ "LDAPRB", 1, false, false, A64_TAG_Q, false }, { "LDAPRH", 2, false, false, A64_TAG_Q, false },
	{ "STRB", 1, false, true, -1, false }, { "STRH", 2, false, true, -1, false },
	{ "STLRB", 1, false, true, A64_TAG_L, false }, { "STLRH", 2, false, true, A64_TAG_L, false },
	/* exclusives: tag X, and A / L for the acquire / release forms */
	{ "LDXRB", 1, false, false, -1, true }, { "LDXRH", 2, false, false, -1, true },
	{ "LDAXRB", 1, false, false, A64_TAG_A, true }, { "LDAXRH", 2, false, false, A64_TAG_A, true },
	{ "STXRB", 1, false, true, -1, true }, { "STXRH", 2, false, true, -1, true },
	{ "STLXRB", 1, false, true, A64_TAG_L, true }, { "STLXRH", 2, false, true, A64_TAG_L, true },
};

static int parse_load_store(asm_parser *ap, const char *m)
{
	size_t i;

	for (i = 0; i < NELEM(a64_sized); i++)
		if (!strcmp(m, a64_sized[i].name)) {
			tagmask tags = a64_sized[i].tag < 0 ? 0 : TAG(a64_sized[i].tag);
			bool excl = a64_sized[i].excl;
			bool plain = a64_sized[i].tag < 0 && !excl;
			int st;
			asm_mixed(ap);
			a64(ap)->acc_size = a64_sized[i].size;
			if (excl)
				tags |= TAG(A64_TAG_X);
			if (excl && a64_sized[i].store)
				st = do_store_excl(ap, tags);
			else
				st = a64_sized[i].store ? do_store(ap, tags, plain)
					: do_load(ap, tags, excl, plain, a64_sized[i].sign);
			a64(ap)->acc_size = 0;
			return st;
		}

	if (!strcmp(m, "LDR") || !strcmp(m, "LDUR"))   /* LDUR: offset #0 only */
		return do_load(ap, 0, false, true, false);
	if (!strcmp(m, "LDAR"))
		return do_load(ap, TAG(A64_TAG_A), false, false, false);
	if (!strcmp(m, "LDAPR"))
		return do_load(ap, TAG(A64_TAG_Q), false, false, false);
	if (!strcmp(m, "LDXR"))
		return do_load(ap, TAG(A64_TAG_X), true, false, false);
	if (!strcmp(m, "LDAXR"))
		return do_load(ap, TAG(A64_TAG_X) | TAG(A64_TAG_A), true, false, false);
	if (!strcmp(m, "STR"))
		return do_store(ap, 0, true);
	if (!strcmp(m, "STLR"))
		return do_store(ap, TAG(A64_TAG_L), false);
	if (!strcmp(m, "STXR"))
		return do_store_excl(ap, TAG(A64_TAG_X));
	if (!strcmp(m, "STLXR"))
		return do_store_excl(ap, TAG(A64_TAG_X) | TAG(A64_TAG_L));
	if (!strcmp(m, "LDP") || !strcmp(m, "STP"))
		return do_pair(ap, m[0] == 'S');
	for (i = 0; i < NELEM(a64_unsupported_prefixes); i++)
		if (!strncmp(m, a64_unsupported_prefixes[i], strlen(a64_unsupported_prefixes[i])))
			return a64_unsupported(ap, "not modelled (pair, unscaled, MTE, VMSA or system instruction)");
	if ((!strncmp(m, "LDR", 3) || !strncmp(m, "STR", 3) ||
	     (!strncmp(m, "LDA", 3) && strncmp(m, "LDADD", 5)) ||
	     !strncmp(m, "STL", 3) || !strncmp(m, "LDX", 3) || !strncmp(m, "STX", 3)) &&
	    (size_suffix(m) || strstr(m, "RS")))
		return a64_unsupported(ap, "byte / halfword / sign-extending accesses (mixed-size) are not modelled");
	return FE_NOT_MINE;
}

/* The size of a B / H atomic from what follows its operation: "B",
 * "H", "AB", "ALH", ...: the size letter comes after the ordering (as
 * LDADDALB). Returns 1, 2 or 0; with a size, the ordering suffix is the
 * rest without its last letter. */
static int sub_word(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || (s[n - 1] != 'B' && s[n - 1] != 'H'))
		return 0;
	return s[n - 1] == 'B' ? 1 : 2;
}

/* ordering_suffix of s without its size letter (sz != 0). */
static bool sized_ordering(const char *s, int sz, bool *acq, bool *rel)
{
	char buf[8];
	size_t n = strlen(s);

	if (!sz)
		return ordering_suffix(s, acq, rel);
	if (n > sizeof buf)
		return false;
	memcpy(buf, s, n - 1);
	buf[n - 1] = '\0';
	return ordering_suffix(buf, acq, rel);
}

/* do_amo with a byte / halfword size (mixed-size). */
static int sized_amo(asm_parser *ap, int size, alu_op op, bool clr, bool acq, bool rel, bool noret)
{
	if (size)
		asm_mixed(ap);
	a64(ap)->acc_size = size;
	int st = do_amo(ap, op, clr, acq, rel, noret);
	a64(ap)->acc_size = 0;
	return st;
}

/* Atomics: SWP, CAS and LD<op> / ST<op> (the a64_amo_ops table), with
 * their ordering suffixes. */
static int parse_atomic(asm_parser *ap, const char *m)
{
	bool acq, rel;

	if (!strncmp(m, "SWP", 3) || !strncmp(m, "CAS", 3)) {
		int sz = sub_word(m + 3);
		if (!sized_ordering(m + 3, sz, &acq, &rel))
			return asm_unknown(ap);
		if (m[0] == 'C') {
			if (sz)
				asm_mixed(ap);
			a64(ap)->acc_size = sz;
			int st = do_cas(ap, acq, rel);
			a64(ap)->acc_size = 0;
			return st;
		}
		return sized_amo(ap, sz, ALU_MOVB, false, acq, rel, false);
	}
	if (strncmp(m, "LD", 2) != 0 && strncmp(m, "ST", 2) != 0)
		return FE_NOT_MINE;
	for (size_t i = 0; i < NELEM(a64_amo_ops); i++) {
		size_t l = strlen(a64_amo_ops[i].name);
		if (strncmp(m + 2, a64_amo_ops[i].name, l))
			continue;
		int sz = sub_word(m + 2 + l);
		alu_op op = a64_amo_ops[i].alu;
		/* on bytes / halfwords, min and max compare the narrow values
		 * (thread_exec.c, narrow_operands) */
		if (!sized_ordering(m + 2 + l, sz, &acq, &rel) || (m[0] == 'S' && acq))
			return asm_unknown(ap);
		return sized_amo(ap, sz, op, a64_amo_ops[i].clr, acq, rel, m[0] == 'S');
	}
	return FE_NOT_MINE;
}

/* DMB, DSB, ISB. */
static int parse_barrier(asm_parser *ap, const char *m)
{
	ir_insn *in;

	if (!strcmp(m, "DMB") || !strcmp(m, "DSB"))
		return do_barrier(ap, m[1] == 'S');
	if (strcmp(m, "ISB") != 0)
		return FE_NOT_MINE;
	if (!(in = a64_add_insn(ap)))
		return -1;
	in->op = IR_FENCE;
	in->tags_f = TAG(A64_TAG_ISB);
	return 0;
}

/* `CBZ` / `CBNZ Rt, L`. */
static int do_cbz(asm_parser *ap, const char *m)
{
	ir_insn *in;
	opnd a;

	if (a64_src(ap, &a, NULL) || asm_comma(ap) || !(in = a64_add_insn(ap)))
		return -1;
	in->op = IR_BRANCH;
	in->cmp = m[2] == 'Z' ? CMP_EQ : CMP_NE;
	in->a = a;
	in->b = imm_opnd(0);
	return asm_label_ref(ap);
}

/* `TBZ` / `TBNZ Rt, #bit, L`. */
static int do_tbz(asm_parser *ap, const char *m)
{
	ir_insn *in;
	opnd a, bit;
	int t = a64_hidden(ap, HREG_TMP);

	if (a64_src(ap, &a, NULL) || asm_comma(ap) || a64_imm(ap, &bit)
	    || asm_comma(ap))
		return -1;
	if (bit.imm.off < 0 || bit.imm.off > 63)
		return diag_error(ap->d, ap->insn_pos, "invalid bit number");
	if (!a64_add_op(ap, IR_ALU, ALU_AND, t, a, imm_opnd((int64_t)((uint64_t)1 << bit.imm.off)))
	    || !(in = a64_add_op(ap, IR_BRANCH, ALU_ADD, -1, reg_opnd(t), imm_opnd(0))))
		return -1;
	in->cmp = m[2] == 'Z' ? CMP_EQ : CMP_NE;
	return asm_label_ref(ap);
}

/* Control flow: NOP, B, B.cond, CBZ, CBNZ, TBZ, TBNZ; BR, BL, RET (and
 * other flag-setting forms) are refused. */
static int parse_branch(asm_parser *ap, const char *m)
{
	if (!strcmp(m, "NOP"))
		return 0;
	if (!strcmp(m, "B"))
		return do_branch(ap, NULL);
	if (!strncmp(m, "B.", 2))
		return do_branch(ap, m + 2);
	if (!strcmp(m, "CBZ") || !strcmp(m, "CBNZ"))
		return do_cbz(ap, m);
	if (!strcmp(m, "TBZ") || !strcmp(m, "TBNZ"))
		return do_tbz(ap, m);
	if (!strncmp(m, "ADDS", 4) || !strncmp(m, "SUBS", 4) || !strcmp(m, "CMN") ||
	    !strcmp(m, "BR") || !strcmp(m, "BL") || !strcmp(m, "RET"))
		return a64_unsupported(ap, "not modelled");
	return FE_NOT_MINE;
}

/* The instruction classes, in the order a64_insn tries them. */
static const asm_class a64_classes[] = {
	parse_load_store, parse_atomic, parse_barrier, a64_parse_alu, a64_parse_cond, parse_branch,
};

static int a64_insn(asm_parser *ap, bool labelled)
{
	char *m = a64(ap)->mnem;

	(void)labelled;
	m[0] = '\0';
	return asm_mnemonic(ap, m, MNEMONIC_MAX, ".", ASM_UPPER) ? -1 : ASM_CLASSES(ap, m, a64_classes);
}

static const asm_dialect a64_dialect = {
	.ir_per_cell = A64_IR_PER_CELL,
	.insn = a64_insn,
	.names = a64_names,
};

static int a64_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			    diag *d)
{
	litmus_thread *th = &t->threads[ti];

	if (asm_parse_thread(&(a64_parser){ 0 }.p, &a64_dialect, t, ti, cells, ncells, d))
		return -1;
	/* herd7's AArch64: a conditional branch on values no read computes
	 * is followed to the end, not counted by the unrolling limit */
	for (int i = 0; i < th->ncode; i++)
		if (th->code[i].op == IR_BRANCH && th->code[i].cmp != CMP_ALWAYS)
			th->code[i].unroll_concrete = true;
	return 0;
}

const frontend aarch64_frontend = {
	.arch = "AArch64",
	.default_model = "aarch64.cat",
	.tag_names = a64_tag_names,
	.ntags = A64_NTAGS,
	.is_register = a64_is_register,
	.canon_register = a64_canon_register,
	.parse_thread = a64_parse_thread,
	.jit_arch = "arm64",
	.qemu_arch = "arm64",
	.mixed = true,
};
