/* lift_ppc.c - jit-check's lifter for the powerpc (ppc64le) JIT (lift.h):
 * llvm's full register names ("r9", not "9": -ppc-asm-full-reg-names) are
 * what the PPC dialect reads, llvm's extended mnemonics spelt as the
 * dialect reads them, the BPF frame pointer r31. */
#include <stdio.h>
#include <string.h>
#include "jit/lift.h"
#include "arch/ppc_frontend.h"
#include "base/xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof *(a))

static void canon_ppc(const jit_lifter *a, const char *s, char *out, size_t n)
{
	if (a->fe->is_register(s))
		snprintf(out, n, "%s", s);
}

/* llvm separates some mnemonics from their operands by a space ("li r9,
 * 1441"), others by a tab ("mr\tr28, r3") */
static void mnemonic_ppc(dinsn *in, char *t1, char **t2)
{
	char *e;

	if (!*t2 && (e = strchr(t1 + 1, ' ')) != NULL) {
		in->mn[e - (t1 + 1) < (long)sizeof in->mn ? e - (t1 + 1) : 0] = '\0';
		*t2 = e;
	}
}

/* `addi`, `addis`, `ori`, `oris`, `sldi`, and the zero extensions
 * `clrldi RD, RS, 32`, `slwi RD, RS, 0` with an immediate */
static int eval_ppc_imm(const char *m, int64_t imm, vkind k, int64_t v, rval *rd)
{
	if (!strcmp(m, "addi") || !strcmp(m, "addis")) {
		rd->k = k;
		rd->v = v + (m[4] ? lift_sext32((int64_t)((uint64_t)(imm & 0xffff) << 16))
			     : (int64_t)(int16_t)(uint16_t)(imm & 0xffff));
		return 0;
	}
	if (k != V_CONST)
		return -1;
	rd->k = k;
	if (!strcmp(m, "ori") || !strcmp(m, "oris")) {
		rd->v = v | (int64_t)((uint64_t)(imm & 0xffff) << (m[3] ? 16 : 0));
		return 0;
	}
	if (!strcmp(m, "sldi") && imm >= 0 && imm < 64) {
		rd->v = (int64_t)((uint64_t)v << imm);
		return 0;
	}
	if ((!strcmp(m, "clrldi") && imm == 32) || (!strcmp(m, "slwi") && imm == 0)) {
		rd->v = (int64_t)(uint32_t)v;
		return 0;
	}
	return -1;
}

/* `li`, `lis`, `ori`, `oris`, `sldi`, `addi`, `addis`, `add`, `mr`,
 * `clrldi RD, RS, 32` and `slwi RD, RS, 0` (zero extensions) of
 * constants, and `ld` of the spilled base from the BPF stack (PPC_LI32 /
 * PPC_LI64 of bpf_jit.h).  `li` and `lis` sign-extend, as the ISA does. */
static int eval_ppc(const jit_lifter *a, regfile *f, const char *m, char o[][64], int n, rval *rd)
{
	int64_t imm, v;
	vkind k;
	int rc;

	if (!strcmp(m, "nop") && n == 0)
		return 0;
	if (!rd)
		return -1;
	if (!strcmp(m, "li") && n == 2 && lift_parse_imm(o[1], &imm) == 0) {
		rd->k = V_CONST;
		rd->v = (int64_t)(int16_t)(uint16_t)(imm & 0xffff);
		return 0;
	}
	if (!strcmp(m, "lis") && n == 2 && lift_parse_imm(o[1], &imm) == 0) {
		rd->k = V_CONST;
		rd->v = lift_sext32((int64_t)((uint64_t)(imm & 0xffff) << 16));
		return 0;
	}
	if ((rc = lift_eval_ld_mv(a, f, m, o, n, rd, "ld", "mr", &k, &v)) <= 0)
		return rc;
	if (n != 3)
		return -1;
	if (lift_parse_imm(o[2], &imm) == 0)
		return eval_ppc_imm(m, imm, k, v, rd);
	if (!strcmp(m, "add"))
		return lift_eval_add(a, f, o[2], k, v, rd);
	return -1;
}

/* A new text "FMT" of up to four operands, '\n' between instructions. */
static char *spelt(const char *fmt, const char *a, const char *b, const char *c, const char *d)
{
	char out[300];

	snprintf(out, sizeof out, fmt, a, b, c, d);
	return xstrdup(out);
}

/* llvm's spellings the PPC dialect reads otherwise, the same instruction
 * (encoding) or the same values: `bt COND, L` / `bf COND, L` (a
 * conditional branch on CR0's LT, GT or EQ bit, BO = 12 / 4) are `blt`,
 * `bgt`, `beq` / `bge`, `ble`, `bne`; `slwi RD, RS, N` is `rlwinm RD, RS,
 * N, 0, 31-N` and `srwi RD, RS, N` `rlwinm RD, RS, 32-N, N, 31`;
 * `rldicl RD, RS, 0, N` is `clrldi RD, RS, N` and `rldicl RD, RS, 64-N, N`
 * `srdi RD, RS, N`; the record forms `and.` / `andi.` (JSET) are followed
 * by a signed compare of their result with 0, which is what they set CR0
 * to (the dialect's `andi.` sets no CR0).  Anything else is left as it is
 * (the front-end refuses what it does not read).  A new text, or NULL. */
static char *spelling_ppc(const char *mn, const char *ops)
{
	static const struct { const char *bo, *bit, *as; } br[] = {
		{ "bt", "lt", "blt" }, { "bt", "gt", "bgt" }, { "bt", "eq", "beq" },
		{ "bf", "lt", "bge" }, { "bf", "gt", "ble" }, { "bf", "eq", "bne" },
	};
	char o[4][64], x[24], y[24];
	int n = lift_split_ops(ops, o, 4);
	long v;

	for (size_t k = 0; k < NELEM(br); k++)
		if (!strcmp(mn, br[k].bo) && n == 2 && !strcmp(o[0], br[k].bit))
			return spelt("%s %s", br[k].as, o[1], "", "");
	if (!strcmp(mn, "slwi") && n == 3 && sscanf(o[2], "%ld", &v) == 1 && v >= 0 && v < 32) {
		snprintf(x, sizeof x, "%ld", v);
		snprintf(y, sizeof y, "%ld", 31 - v);
		return spelt("rlwinm %s, %s, %s, 0, %s", o[0], o[1], x, y);
	}
	if (!strcmp(mn, "srwi") && n == 3 && sscanf(o[2], "%ld", &v) == 1 && v > 0 && v < 32) {
		snprintf(x, sizeof x, "%ld", 32 - v);
		snprintf(y, sizeof y, "%ld", v);
		return spelt("rlwinm %s, %s, %s, %s, 31", o[0], o[1], x, y);
	}
	if (!strcmp(mn, "rldicl") && n == 4 && !strcmp(o[2], "0"))
		return spelt("clrldi %s, %s, %s%s", o[0], o[1], o[3], "");
	if (!strcmp(mn, "rldicl") && n == 4 && sscanf(o[3], "%ld", &v) == 1 && v > 0 && v < 64) {
		snprintf(x, sizeof x, "%ld", 64 - v);
		snprintf(y, sizeof y, "%ld", v);
		if (!strcmp(o[2], x))
			return spelt("srdi %s, %s, %s%s", o[0], o[1], y, "");
	}
	if (!strcmp(mn, "and.") && n == 3)
		return spelt("and %s, %s, %s\ncmpdi %s, 0", o[0], o[1], o[2], o[0]);
	/* the dialect's andi. sets no CR0 */
	if (!strcmp(mn, "andi.") && n == 3)
		return spelt("andi. %s, %s, %s\ncmpdi %s, 0", o[0], o[1], o[2], o[0]);
	return NULL;
}

/* r16: the 64-bit JIT uses r0, r1 (stack), r3-r10, r12, r27-r31 and r2 /
 * r13 (TOC, paca: calls), never r14-r26 (bpf_jit_comp64.c:
 * bpf_jit_init_reg_mapping) */
const jit_lifter lift_ppc = {
	.fe = &ppc_frontend,
	.objfmt = "elf64-powerpcle",
	.mattr = NULL,
	.xopts = " -mllvm -ppc-asm-full-reg-names",
	.stackreg = "r16",
	.slotfmt = "0(%s)",
	.stackbase = { "r31" },
	.nop = { 0x00, 0x00, 0x00, 0x60 },
	.nopn = 4,
	.align = 4,
	.canon_reg = canon_ppc,
	.fix_mnemonic = mnemonic_ppc,
	.spill = { "std" },
	.ret = { "blr" },
	.eval = eval_ppc,
	.spelling = spelling_ppc,
};
