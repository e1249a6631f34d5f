/* lift_loongarch.c - jit-check's lifter for the loongarch64 JIT (lift.h),
 * Linux 6.12 arch/loongarch/net/bpf_jit.c:
 *   - llvm prints registers by their ABI names with `$` ("$a0", "$s4",
 *     "$zero"); the lifted test names them without it (the dialect's
 *     init and condition), so the canonical name is llvm's without `$`;
 *   - a base + offset access is "RD, RJ, SI12": its "RJ, SI12" becomes
 *     "SI12(RJ)" as the line is read (the generic lifter's memory
 *     operand: markers, spills, the stack slot), and "RJ, SI12" again in
 *     the lifted body;
 *   - a 64-bit load from the BPF stack is `ldx.d RD, $s4, $t1` after a
 *     constant into $t1 (the JIT's BPF_LDX | BPF_DW: move_imm, then ldx.d):
 *     it is read as `ld.d RD, OFF($s4)` (the constant instruction kept);
 *   - branches print their offset from the branch (bytes, decimal), then
 *     "<sym+0xTARGET>";
 *   - the BPF frame pointer is $s4 (regmap[BPF_REG_FP]); the JIT's own
 *     registers are $t0 (BPF_REG_AX) .. $t3, $a6 (the tail-call count),
 *     so $t8 holds the lifted test's stack slot.
 * No LoongArch guest boots here: the lifter is tested on images assembled
 * from the JIT's sequences (tests/jit-check/acqrel/loongarch64-*.s). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jit/lift.h"
#include "arch/loongarch_frontend.h"

#define NELEM(a) (sizeof (a) / sizeof *(a))

extern const jit_lifter lift_loongarch;

/* "$a0" -> "a0"; "" when s is no register */
static void canon_la(const jit_lifter *a, const char *s, char *out, size_t n)
{
	if (s[0] == '$' && strlen(s) < 8 && a->fe->is_register(s + 1))
		snprintf(out, n, "%s", s + 1);
}

/* The accesses written "RD, RJ, SI": ld / st / ldptr / stptr / ll / sc,
 * with a size suffix. */
static bool base_off_access(const char *mn)
{
	static const char *const bases[] = { "ld.", "st.", "ldptr.", "stptr.", "ll.", "sc." };

	for (size_t k = 0; k < NELEM(bases); k++)
		if (!strncmp(mn, bases[k], strlen(bases[k])) && mn[strlen(bases[k])])
			return true;
	return false;
}

/* "RD, RJ, SI" -> "RD, SI(RJ)" in place: the same length, so the line's
 * buffer holds it; anything else is left as it is. */
static void operands_la(const char *mn, char *ops)
{
	char p[3][64], t[200];

	if (!base_off_access(mn) || strlen(ops) >= sizeof t || lift_split_ops(ops, p, 3) != 3)
		return;
	for (int k = 0; k < 3; k++)
		if (!p[k][0] || strchr(p[k], '(') || strchr(p[k], ' '))
			return;
	int n = snprintf(t, sizeof t, "%s, %s(%s)", p[0], p[2], p[1]);
	if (n < 0 || (size_t)n > strlen(ops))
		return;
	memcpy(ops, t, (size_t)n + 1);
}

/* A memory operand of the body, "SI(RJ)", as the dialect writes it:
 * "RJ, SI" (decimal) */
static bool mem_operand_la(const jit_lifter *a, const dinsn *in, const char *o, char *t, size_t n)
{
	char base[8];
	int64_t off;

	if (!base_off_access(in->mn) || !lift_parse_mem(a, o, base, sizeof base, &off))
		return false;
	snprintf(t, n, "$%s, %lld", base, (long long)off);
	return true;
}

static bool branch_la(const char *mn)
{
	static const char *const br[] = { "b", "bl", "beq", "bne", "blt", "bge", "bltu", "bgeu", "beqz", "bnez" };

	for (size_t k = 0; k < NELEM(br); k++)
		if (!strcmp(mn, br[k]))
			return true;
	return false;
}

/* "OFF <sym+0xT>": the target is the branch's address + OFF (bytes) */
static int target_la(const dlist *l, const dinsn *in, long *target, lifted *lt)
{
	char o[4][64], s[64];
	int64_t off;
	int n = lift_split_ops(in->ops, o, 4);

	if (n < 1 || n > 3)
		return lift_refuse(lt, "a branch without a target: `%s %s`", in->mn, in->ops);
	snprintf(s, sizeof s, "%.*s", (int)strcspn(o[n - 1], " <"), o[n - 1]);
	if (lift_parse_imm(s, &off) < 0 || off < -(1L << 27) || off >= (1L << 27) || off % 4)
		return lift_refuse(lt, "a branch's offset cannot be read: `%s %s`", in->mn, in->ops);
	*target = l->start + in->addr + (long)off;
	return 0;
}

/* The value an instruction gives its destination from an immediate alone:
 * `lu12i.w RD, SI20`, `lu32i.d RD, SI20` (RD's low word kept); 1 when m
 * is neither */
static int eval_la_imm(const char *m, char o[][64], int n, rval *rd)
{
	int64_t imm;

	if (n != 2 || (strcmp(m, "lu12i.w") && strcmp(m, "lu32i.d")))
		return 1;
	if (lift_parse_imm(o[1], &imm) < 0)
		return -1;
	if (m[2] == '1') {
		rd->k = V_CONST;
		rd->v = lift_sext32((int64_t)((uint64_t)(imm & 0xfffff) << 12));
		return 0;
	}
	if (rd->k != V_CONST)
		return -1;
	int64_t hi = (int64_t)((uint64_t)(imm & 0xfffff) << 44) >> 12;   /* bits 32..63, sign-extended */
	rd->v = (int64_t)(((uint64_t)rd->v & 0xffffffffu) | (uint64_t)hi);
	return 0;
}

/* move_imm()'s sequences (bpf_jit.h: `or RD, $zero, $zero` printed
 * `move`, `addi.w RD, $zero, SI12`, `ori`, `lu12i.w`, `lu32i.d`,
 * `lu52i.d`), `addi.d` and `add.d` (an address: the spilled base plus a
 * location's line), `move`, and `ld.d RD, OFF($s4)` of the spilled base
 * (an `ldx.d` read so by the prepass).  .w results are sign-extended, as
 * LA64 does. */
static int eval_la(const jit_lifter *a, regfile *f, const char *m, char o[][64], int n, rval *rd)
{
	int64_t imm, v;
	vkind k;
	rval *z = lift_rf_get(f, "zero");

	if (z)
		*z = (rval){ .reg = "zero", .k = V_CONST, .v = 0 };
	if (!strcmp(m, "nop") && n == 0)
		return 0;
	if (!rd || !strcmp(rd->reg, "zero"))
		return -1;
	int rc = eval_la_imm(m, o, n, rd);
	if (rc <= 0)
		return rc;
	rc = lift_eval_ld_mv(a, f, m, o, n, rd, "ld.d", "move", &k, &v);
	if (rc <= 0)
		return rc;
	if (n != 3)
		return -1;
	if (!strcmp(m, "add.d"))
		return lift_eval_add(a, f, o[2], k, v, rd);
	if (lift_parse_imm(o[2], &imm) < 0)
		return -1;
	if (!strcmp(m, "addi.d")) {
		rd->k = k;
		rd->v = v + imm;
		return 0;
	}
	if (k != V_CONST)
		return -1;
	if (!strcmp(m, "addi.w"))
		v = lift_sext32(v + imm);
	else if (!strcmp(m, "ori"))
		v |= imm & 0xfff;
	else if (!strcmp(m, "lu52i.d"))
		v = (int64_t)(((uint64_t)v & 0xfffffffffffffu) | ((uint64_t)imm << 52));
	else
		return -1;
	rd->k = V_CONST;
	rd->v = v;
	return 0;
}

/* The constant instruction i gives register r (canonical): move_imm's
 * one-instruction forms; false if it is not one. */
static bool const_into(const jit_lifter *a, const dinsn *in, const char *r, int64_t *v)
{
	char o[4][64], d[8] = "", s[8] = "";
	int n = lift_split_ops(in->ops, o, 4);

	if (n < 2)
		return false;
	lift_canon_reg(a, o[0], d, sizeof d);
	lift_canon_reg(a, o[1], s, sizeof s);
	if (strcmp(d, r) || strcmp(s, "zero"))
		return false;
	if (!strcmp(in->mn, "move") && n == 2) {
		*v = 0;
		return true;
	}
	if (n != 3 || lift_parse_imm(o[2], v) < 0)
		return false;
	if (!strcmp(in->mn, "addi.w") || !strcmp(in->mn, "addi.d"))
		return true;
	if (!strcmp(in->mn, "ori")) {
		*v &= 0xfff;
		return true;
	}
	return false;
}

/* A body that names the BPF frame pointer other than as the base of a
 * stack access would read a register the lifted test never sets. */
static int frame_pointer_uses(const jit_lifter *a, const dlist *l, int ti, int b0, int b1, bool *labels,
			      char **text, lifted *lt)
{
	(void)ti;
	(void)labels;
	(void)text;
	for (int i = b0; i < b1; i++) {
		char o[4][64], r[8];
		int n = lift_split_ops(l->v[i].ops, o, 4);
		for (int k = 0; k < n; k++) {
			lift_canon_reg(a, o[k], r, sizeof r);
			if (r[0] && lift_is_stackreg(a, r)) {
				char s[200];
				snprintf(s, sizeof s, "%.23s %.150s", l->v[i].mn, l->v[i].ops);
				return lift_refuse(lt, "the body uses the BPF frame pointer other than as a stack "
						   "access's base: `%s`%s", s, "");
			}
		}
	}
	return 0;
}

/* `ldx.X RD, $s4, RK` / `stx.X RS, $s4, RK` after a constant into RK
 * (the JIT's BPF_LDX | BPF_DW always, bpf_jit.c build_insn: move_imm(t1,
 * off) then ldx.d; other sizes when the offset does not fit 12 bits)
 * read as `ld.X RD, OFF($s4)` / `st.X`: the BPF stack slot the generic
 * lifter knows (the spilled base, the stack slot of the body).  The
 * constant instruction stays, so RK still gets its value. */
static int stack_indexed(const dlist *l, dlist *out, lifted *lt)
{
	const jit_lifter *a = &lift_loongarch;

	(void)lt;
	*out = *l;
	out->v = NULL;
	out->n = 0;
	for (int i = 0; i < l->n; i++) {
		dinsn x = l->v[i];
		char o[4][64], rj[8] = "", rk[8] = "";
		int64_t off;
		bool ldx = !strncmp(x.mn, "ldx.", 4), stx = !strncmp(x.mn, "stx.", 4);
		if ((ldx || stx) && i > 0 && lift_split_ops(x.ops, o, 4) == 3) {
			lift_canon_reg(a, o[1], rj, sizeof rj);
			lift_canon_reg(a, o[2], rk, sizeof rk);
			if (rj[0] && rk[0] && lift_is_stackreg(a, rj) && const_into(a, &l->v[i - 1], rk, &off)
			    && off >= -2048 && off < 2048) {
				memmove(x.mn + 2, x.mn + 3, strlen(x.mn + 3) + 1);   /* ldx.d -> ld.d */
				snprintf(x.ops, sizeof x.ops, "%s, %lld(%s)", o[0], (long long)off, o[1]);
			}
		}
		lift_dl_push(out, &x);
	}
	return 0;
}

const jit_lifter lift_loongarch = {
	.fe = &loongarch_frontend,
	.objfmt = "elf64-loongarch",
	.mattr = NULL,
	.xopts = "",
	.stackreg = "t8",
	.slotfmt = "%s, 0",
	.stackbase = { "s4" },
	.nop = { 0x00, 0x00, 0x40, 0x03 },   /* andi $zero, $zero, 0 */
	.nopn = 4,
	.align = 4,
	.canon_reg = canon_la,
	.fix_operands = operands_la,
	.spill = { "st.d" },
	.ret = { "ret", "jirl $zero, $ra, 0" },
	.eval = eval_la,
	.is_branch = branch_la,
	.branch_target = target_la,
	.mem_operand = mem_operand_la,
	.body_pass = frame_pointer_uses,
	.prepass = stack_indexed,
};
