/* lift_arm64.c - jit-check's lifter for the arm64 JIT (lift.h): wN is xN,
 * memory operands "[REG, #OFF]", the BPF frame pointer x25 (or sp). */
#include <stdio.h>
#include <string.h>
#include "jit/lift.h"
#include "arch/aarch64_frontend.h"

static void canon_arm64(const jit_lifter *a, const char *s, char *out, size_t n)
{
	int r;
	char c;

	if ((s[0] == 'x' || s[0] == 'w') && sscanf(s + 1, "%d%c", &r, &c) == 1 && r >= 0 && r <= 30)
		snprintf(out, n, "x%d", r);
	else if (!strcmp(s, "sp") || !strcmp(s, "xzr") || !strcmp(s, "wzr"))
		snprintf(out, n, "%s", s[0] == 'w' ? "xzr" : s);
}

/* "[REG]" / "[REG, #OFF]" */
static bool mem_arm64(const jit_lifter *a, const char *s, char *base, size_t n, int64_t *off)
{
	char b[64] = "", o[64] = "";

	*off = 0;
	if (s[0] != '[' || s[strlen(s) - 1] != ']')
		return false;
	if (sscanf(s, "[%63[^],], %63[^]]]", b, o) >= 1) {
		if (o[0] && lift_parse_imm(o, off) < 0)
			return false;
	}
	lift_canon_reg(a, b, base, n);
	return base[0] != '\0';
}

/* `mov RD, RS` and `add RD, RS, #IMM | RT` */
static int eval_arm64_reg(const jit_lifter *a, regfile *f, const char *m, char o[][64], int n, rval *rd)
{
	char s1[8], s2[8], d[8];
	int64_t imm;
	rval *rs, *rt;

	if (!strcmp(m, "mov") && n == 2) {
		lift_canon_reg(a, o[1], s1, sizeof s1);
		if (!s1[0] || !(rs = lift_rf_get(f, s1)))
			return -1;
		snprintf(d, sizeof d, "%s", rd->reg);
		*rd = (rval){ .k = rs->k, .v = rs->v };
		snprintf(rd->reg, sizeof rd->reg, "%s", d);
		return 0;
	}
	if (!strcmp(m, "add") && n == 3 && o[0][0] != 'w') {
		lift_canon_reg(a, o[1], s1, sizeof s1);
		if (!s1[0] || !(rs = lift_rf_get(f, s1)) || rs->k == V_UNKNOWN)
			return -1;
		if (lift_parse_imm(o[2], &imm) == 0) {
			rd->k = rs->k;
			rd->v = rs->v + imm;
			return 0;
		}
		lift_canon_reg(a, o[2], s2, sizeof s2);
		if (!s2[0] || !(rt = lift_rf_get(f, s2)) || rt->k != V_CONST)
			return -1;
		rd->k = rs->k;
		rd->v = rs->v + rt->v;
		return 0;
	}
	return -1;
}

/* mov / movk constants, the stack base, moves and adds; a 32-bit
 * destination (wN) zero-extends */
static int eval_arm64(const jit_lifter *a, regfile *f, const char *m, char o[][64], int n, rval *rd)
{
	char s1[8];
	int64_t imm, off;

	if (!rd)
		return -1;
	bool w32 = o[0][0] == 'w';
	if (!strcmp(m, "mov") && n == 2 && lift_parse_imm(o[1], &imm) == 0 && o[1][0] == '#') {
		rd->k = V_CONST;
		rd->v = w32 ? (int64_t)(uint32_t)imm : imm;
		return 0;
	}
	if (!strcmp(m, "movk") && lift_parse_imm(o[1], &imm) == 0 && rd->k == V_CONST) {
		int sh = 0;
		if (n == 3 && sscanf(o[2], "lsl #%d", &sh) != 1)
			return -1;
		if (sh < 0 || sh > 48)
			return -1;
		rd->v = (int64_t)(((uint64_t)rd->v & ~((uint64_t)0xffff << sh))
				  | ((uint64_t)(imm & 0xffff) << sh));
		if (w32)
			rd->v = (int64_t)(uint32_t)rd->v;
		return 0;
	}
	if ((!strcmp(m, "ldr") || !strcmp(m, "ldur")) && !w32 && lift_parse_mem(a, o[1], s1, sizeof s1, &off)
	    && lift_is_stackreg(a, s1)) {
		rd->k = V_BASE;
		rd->v = 0;
		return 0;
	}
	return eval_arm64_reg(a, f, m, o, n, rd);
}

/* the return, and after it the PLT that ends every image (6.12
 * arch/arm64/net/bpf_jit_comp.c:847-862 build_plt, called unconditionally
 * at :1928: a nop if needed to align its target, `ldr x10, TARGET; br
 * x10`); its 8-byte TARGET lies past jited_len: a cut image ends without
 * the `br x10` */
static bool returns_arm64(const jit_lifter *a, const dlist *l, int i)
{
	const dinsn *z = &l->v[l->n - 1];

	return lift_find_ret(a, l, i) >= 0 && l->n >= 2 && !strcmp(z->mn, "br") && !strcmp(z->ops, "x10")
	       && !strcmp(l->v[l->n - 2].mn, "ldr") && !strncmp(l->v[l->n - 2].ops, "x10,", 4);
}

const jit_lifter lift_arm64 = {
	.fe = &aarch64_frontend,
	.objfmt = "elf64-littleaarch64",
	.mattr = "+lse",
	.xopts = "",
	.stackreg = "x28",
	.slotfmt = "[%s]",
	.stackbase = { "sp", "x25" },
	.nop = { 0x1f, 0x20, 0x03, 0xd5 },
	.nopn = 4,
	.align = 4,
	.canon_reg = canon_arm64,
	.parse_mem = mem_arm64,
	.spill = { "str", "stur" },
	.spill_reg = 'x',
	.ret = { "ret" },
	.eval = eval_arm64,
	.returns = returns_arm64,
};
