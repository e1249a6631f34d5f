/* lift_s390.c - jit-check's lifter for the s390x JIT (lift.h): llvm's
 * "%r13" is the front-end's "r13", "D(X,B)" operands, narrow accesses
 * mirrored within their location (big endian), the literal pool's
 * constants made immediates, branch targets printed bare, the BPF frame
 * pointer r13. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jit/lift.h"
#include "arch/s390x_frontend.h"

#define NELEM(a) (sizeof (a) / sizeof *(a))

static void canon_s390(const jit_lifter *a, const char *s, char *out, size_t n)
{
	char buf[CANON_REG_MAX];
	const char *c;

	if (a->fe->is_register(s) && (c = a->fe->canon_register(s, buf)) != NULL)
		snprintf(out, n, "%s", c);
}

static bool mem_s390(const jit_lifter *a, const char *s, char *base, size_t n, int64_t *off)
{
	return lift_mem_paren(a, s, base, n, off, true);
}

/* A branch with a target operand: j<cond> / jg<cond> (brc / brcl), brc /
 * brcl MASK, and compare and branch (cgrj, clgrj, crj, clrj and the
 * immediate cgij, ... forms, with or without a mask suffix). */
static bool bare_branch_s390(const char *mn)
{
	return mn[0] == 'j' || !strcmp(mn, "brc") || !strcmp(mn, "brcl")
	       || (mn[0] == 'c' && (strstr(mn, "rj") || strstr(mn, "ij")));
}

/* The bytes an access of mnemonic mn touches when fewer than 8 (the narrow
 * loads, stores, interlocked updates and compare-and-swaps of the JIT),
 * else 0. */
static int narrow(const char *mn)
{
	static const struct { const char *mn; int size; } t[] = {
		{ "l", 4 }, { "ly", 4 }, { "llgf", 4 }, { "lgf", 4 }, { "st", 4 }, { "sty", 4 },
		{ "laa", 4 }, { "laal", 4 }, { "lan", 4 }, { "lao", 4 }, { "lax", 4 }, { "cs", 4 },
		{ "csy", 4 }, { "lh", 2 }, { "lhy", 2 }, { "llgh", 2 }, { "llh", 2 }, { "lgh", 2 },
		{ "sth", 2 }, { "sthy", 2 }, { "llgc", 1 }, { "llc", 1 }, { "lb", 1 }, { "lgb", 1 },
		{ "stc", 1 }, { "stcy", 1 },
	};
	for (size_t i = 0; i < NELEM(t); i++)
		if (!strcmp(mn, t[i].mn))
			return t[i].size;
	return 0;
}

/* big endian: `bpfmm run` mirrors a narrow access within its location
 * (run.c, moff): at 8 - size - off it touches the bytes a little-endian
 * CPU touches at off, which is what the test and the dialect's
 * whole-location form (offset 0) mean */
static bool mem_operand_s390(const jit_lifter *a, const dinsn *in, const char *o, char *t, size_t n)
{
	char base[8];
	int64_t off, sz;

	if ((sz = narrow(in->mn)) <= 0 || !lift_parse_mem(a, o, base, sizeof base, &off) || off < 0 || off + sz > 8)
		return false;
	snprintf(t, n, "%" PRId64 "%s", 8 - sz - off, strchr(o, '('));
	return true;
}

/* `lgfi` / `lghi` / `llilf`, `llihf` + `iilf`, `agfi` / `aghi` / `algfi`
 * with an immediate imm */
static int eval_s390_imm(const char *m, int64_t imm, rval *rd)
{
	if (!strcmp(m, "lgfi") || !strcmp(m, "lghi") || !strcmp(m, "llilf")) {
		rd->k = V_CONST;
		rd->v = m[1] == 'l' ? (int64_t)(uint32_t)imm
			: m[2] == 'h' ? (int64_t)(int16_t)(uint16_t)imm : lift_sext32(imm);
		return 0;
	}
	/* a 64-bit literal (literal_pool): llihf HI; iilf LO */
	if (!strcmp(m, "llihf")) {
		rd->k = V_CONST;
		rd->v = (int64_t)((uint64_t)(uint32_t)imm << 32);
		return 0;
	}
	if (!strcmp(m, "iilf") && rd->k == V_CONST) {
		rd->v = (int64_t)(((uint64_t)rd->v & UINT64_C(0xffffffff00000000)) | (uint32_t)imm);
		return 0;
	}
	if ((!strcmp(m, "agfi") || !strcmp(m, "aghi") || !strcmp(m, "algfi")) && rd->k != V_UNKNOWN) {
		rd->v += !strcmp(m, "algfi") ? (int64_t)(uint32_t)imm
			 : m[2] == 'h' ? (int64_t)(int16_t)(uint16_t)imm : lift_sext32(imm);
		return 0;
	}
	return -1;
}

/* `lgfi` / `lghi` (sign-extended) and `llilf` (zero-extended) constants,
 * `llihf` + `iilf` (a 64-bit literal, literal_pool), `lg` of the spilled
 * base from the BPF stack, `lgr`, `agfi` / `aghi` / `algfi` of an
 * immediate, `agr`, and the zero and sign extensions `llgfr` / `lgfr` of a
 * constant (the JIT's BPF_ALU64 | BPF_MOV | BPF_K, BPF_ALU64 | BPF_ADD |
 * BPF_K, arch/s390/net/bpf_jit_comp.c:972-975, 1009-1014). */
static int eval_s390(const jit_lifter *a, regfile *f, const char *m, char o[][64], int n, rval *rd)
{
	int64_t imm, v;
	vkind k;
	int rc;

	if (!strcmp(m, "nopr"))
		return 0;
	if (!rd || n != 2)
		return -1;
	if (lift_parse_imm(o[1], &imm) == 0)
		return eval_s390_imm(m, imm, rd);
	if ((rc = lift_eval_ld_mv(a, f, m, o, n, rd, "lg", "lgr", &k, &v)) <= 0)
		return rc;
	if (!strcmp(m, "agr") && rd->k != V_UNKNOWN) {
		rval cur = *rd;
		return lift_eval_add(a, f, o[1], cur.k, cur.v, rd);
	}
	if ((!strcmp(m, "llgfr") || !strcmp(m, "lgfr")) && k == V_CONST) {
		rd->k = k;
		rd->v = m[1] == 'l' ? (int64_t)(uint32_t)v : lift_sext32(v);
		return 0;
	}
	return -1;
}

/* The constant the literal pool holds at image offset at (big endian) as
 * the instructions that set register r to it, at in's address and the
 * odd ones after it, onto out; the address of the last. */
static long literal_insns(const dlist *l, const dinsn *in, long at, const char *r, dlist *out)
{
	uint64_t c = 0;
	for (int k = 0; k < 8; k++)
		c = c << 8 | l->code[at + k];
	dinsn x = { .addr = in->addr };
	if ((int64_t)c == (int64_t)(int32_t)(uint32_t)c) {
		snprintf(x.mn, sizeof x.mn, "lgfi");
		snprintf(x.ops, sizeof x.ops, "%s, %" PRId64, r, (int64_t)c);
		lift_dl_push(out, &x);
	} else {
		snprintf(x.mn, sizeof x.mn, "llihf");
		snprintf(x.ops, sizeof x.ops, "%s, %" PRIu64, r, c >> 32);
		lift_dl_push(out, &x);
		x.addr++;
		snprintf(x.mn, sizeof x.mn, "iilf");
		snprintf(x.ops, sizeof x.ops, "%s, %" PRIu64, r, c & 0xffffffff);
		lift_dl_push(out, &x);
	}
	return x.addr;
}

/* The JIT's constants in the literal pool at the end of the image
 * (arch/s390/net/bpf_jit_comp.c: EMIT_CONST_U64, _EMIT_CONST_U64), read by
 * `lgrl R, T` (BPF_LD | BPF_IMM | BPF_DW, 979-988) and by `ng` / `og` /
 * `xg R, D(%r11)` (BPF_ALU64 AND / OR / XOR with an immediate, 1266-1346;
 * r11 set by the prologue's `basr %r11, 0` or `larl %r11, T`, 613-624;
 * the pool is in the image, whose length jited_len is, 2231-2237, 2391),
 * become immediates in out: `lgrl R, T` is `lgfi R, C` (or `llihf R, HI;
 * iilf R, LO`), `ng R, D(%r11)` is that into r0, then `ngr R, %r0` (r0,
 * the JIT's work register w0, is dead between BPF instructions: the JIT's
 * own form without the literal base, `lgrl %w0; ngr`, writes it too).  The
 * instructions that replace one take its address and the odd ones after
 * it (an instruction is at least two bytes), so branches land on the
 * first.  0, or refused (a literal outside the image, or no base). */
static int literal_pool(const dlist *l, dlist *out, lifted *lt)
{
	long base = -1;
	char o[3][64], s[200];

	*out = *l;
	out->v = NULL;
	out->n = 0;
	for (int i = 0; i < l->n; i++) {
		const dinsn *in = &l->v[i];
		int n = lift_split_ops(in->ops, o, 3);
		bool lgrl = !strcmp(in->mn, "lgrl") && n == 2;
		bool alu = (!strcmp(in->mn, "ng") || !strcmp(in->mn, "og") || !strcmp(in->mn, "xg")) && n == 2
			   && strstr(o[1], "(%r11)");
		if (n == 2 && !strcmp(o[0], "%r11") && base < 0) {
			if (!strcmp(in->mn, "basr") && (!strcmp(o[1], "0") || !strcmp(o[1], "%r0")))
				base = i + 1 < l->n ? l->v[i + 1].addr : in->addr + 2;
			else if (!strcmp(in->mn, "larl"))
				base = strtol(o[1], NULL, 16) - l->start;
		}
		if (!l->code || (!lgrl && !alu)) {
			lift_dl_push(out, in);
			continue;
		}
		long at;
		int64_t d = 0;
		if (lgrl) {
			at = strtol(o[1], NULL, 16) - l->start;
		} else {
			snprintf(s, sizeof s, "%.*s", (int)strcspn(o[1], "("), o[1]);
			if (base < 0 || lift_parse_imm(s, &d) < 0)
				return lift_refuse(lt, "a literal-pool access before the pool's base is set: `%s %s`",
						   in->mn, in->ops);
			at = base + (long)d;
		}
		if (at < 0 || (size_t)at + 8 > l->len) {
			lt->broken = JC_CUT;     /* the pool after the code was cut */
			return lift_refuse(lt, "a literal outside the image: `%s %s`", in->mn, in->ops);
		}
		dinsn x = { .addr = literal_insns(l, in, at, lgrl ? o[0] : "%r0", out) };
		if (alu) {
			x.addr++;
			snprintf(x.mn, sizeof x.mn, "%sgr", in->mn[0] == 'n' ? "n" : in->mn[0] == 'o' ? "o" : "x");
			snprintf(x.ops, sizeof x.ops, "%s, %%r0", o[0]);
			lift_dl_push(out, &x);
		}
	}
	return 0;
}

/* z196 (CONFIG_MARCH_Z196): without it llvm prints the interlocked laal /
 * laalg as <unknown>.  r12 is BPF_REG_AX, which the JIT uses only to blind
 * constants (bpf_jit_harden, off by default): every other register is the
 * JIT's (bpf_jit_comp.c reg2hex[]); a body that uses it is refused.
 * Padding: nopr (bcr 0,0). */
const jit_lifter lift_s390 = {
	.fe = &s390x_frontend,
	.objfmt = "elf64-s390",
	.mattr = NULL,
	.xopts = " --mcpu=z196",
	.stackreg = "r12",
	.slotfmt = "0(%s)",
	.stackbase = { "r13" },
	.nop = { 0x07, 0x00 },
	.nopn = 2,
	.align = 2,
	.data_after_code = true,
	.canon_reg = canon_s390,
	.parse_mem = mem_s390,
	.spill = { "stg" },
	.ret = { "br %r14" },
	.eval = eval_s390,
	.is_bare_branch = bare_branch_s390,
	.mem_operand = mem_operand_s390,
	.prepass = literal_pool,
};
