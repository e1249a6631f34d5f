/* lift_mips.c - jit-check's lifter for the mips64el JIT (lift.h): the
 * front-end's register names ("$12"), `j` to an absolute address (the
 * image's own from its ksym line), branch delay slots put before their
 * branch, the BPF frame pointer $30. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jit/lift.h"
#include "arch/mips_frontend.h"
#include "base/xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof *(a))

/* A MIPS branch or jump with a target operand (a delay slot follows). */
static bool branch_mips(const char *mn)
{
	return (mn[0] == 'b' && strcmp(mn, "break") != 0) || !strcmp(mn, "j") || !strcmp(mn, "jal");
}

/* "$12", "$zero", "$fp": the front-end's canonical "$N" */
static void canon_mips(const jit_lifter *a, const char *s, char *out, size_t n)
{
	char buf[CANON_REG_MAX];
	const char *c;

	if (s[0] == '$' && a->fe->is_register(s)) {
		c = a->fe->canon_register(s, buf);
		snprintf(out, n, "%s", c ? c : s);
	}
}

/* "nop <sym>", "sync <sym>" (llvm's symbol for operand 0) */
static void mnemonic_mips(dinsn *in, char *t1, char **t2)
{
	char *e = strchr(in->mn, ' ');

	if (e)
		*e = '\0';
}

/* llvm follows immediates with "<sym+off>" (and prints `sync 0` as
 * "sync <sym>"); only a branch's is a target */
static void operands_mips(const char *mn, char *ops)
{
	char *e;

	if (!branch_mips(mn) && (e = strstr(ops, "<")) != NULL)
		*e = '\0';
}

/* `daddiu`, `addiu`, `ori`, `dsll` / `dsll32` with an immediate, `daddu` */
static int eval_mips_op(const jit_lifter *a, regfile *f, const char *m, char o[][64], vkind k, int64_t v,
			rval *rd)
{
	char s2[8];
	int64_t imm;
	rval *rt;

	if (lift_parse_imm(o[2], &imm) == 0) {
		if (!strcmp(m, "daddiu")) {
			rd->k = k;
			rd->v = v + imm;
			return 0;
		}
		if (k != V_CONST)
			return -1;
		if (!strcmp(m, "addiu"))
			v = lift_sext32(v + imm);
		else if (!strcmp(m, "ori"))
			v = v | (imm & 0xffff);
		else if ((!strcmp(m, "dsll") || !strcmp(m, "dsll32")) && imm >= 0 && imm < 32)
			v = (int64_t)((uint64_t)v << (imm + (m[4] ? 32 : 0)));
		else
			return -1;
		rd->k = k;
		rd->v = v;
		return 0;
	}
	if (!strcmp(m, "daddu")) {
		lift_canon_reg(a, o[2], s2, sizeof s2);
		if (!s2[0] || !(rt = lift_rf_get(f, s2)))
			return -1;
		if (!strcmp(s2, "$0"))
			*rt = (rval){ .reg = "$0", .k = V_CONST, .v = 0 };
		if (rt->k == V_UNKNOWN || (k == V_BASE && rt->k == V_BASE))
			return -1;
		rd->k = k == V_BASE || rt->k == V_BASE ? V_BASE : V_CONST;
		rd->v = v + rt->v;
		return 0;
	}
	return -1;
}

/* `addiu` / `daddiu`, `lui`, `ori`, `move`, `daddu`, `dsll` / `dsll32` of
 * constants, and `ld` of the spilled base from the BPF stack.  32-bit
 * results (`addiu`, `lui`) are sign-extended, as MIPS64 does. */
static int eval_mips(const jit_lifter *a, regfile *f, const char *m, char o[][64], int n, rval *rd)
{
	char s1[8];
	int64_t imm, off;
	rval *rs;

	if (!strcmp(m, "nop") && n == 0)
		return 0;
	if (!rd)
		return -1;
	if (!strcmp(m, "lui") && n == 2 && lift_parse_imm(o[1], &imm) == 0) {
		rd->k = V_CONST;
		rd->v = lift_sext32((int64_t)((uint64_t)(imm & 0xffff) << 16));
		return 0;
	}
	if (!strcmp(m, "ld") && n == 2 && lift_parse_mem(a, o[1], s1, sizeof s1, &off) && lift_is_stackreg(a, s1)) {
		rd->k = V_BASE;
		rd->v = 0;
		return 0;
	}
	lift_canon_reg(a, o[1], s1, sizeof s1);
	if (!s1[0] || !(rs = lift_rf_get(f, s1)))
		return -1;
	if (!strcmp(s1, "$0"))
		*rs = (rval){ .reg = "$0", .k = V_CONST, .v = 0 };
	if (rs->k == V_UNKNOWN)
		return -1;
	if (!strcmp(m, "move") && n == 2) {
		rd->k = rs->k;
		rd->v = rs->v;
		return 0;
	}
	if (n != 3)
		return -1;
	return eval_mips_op(a, f, m, o, rs->k, rs->v, rd);
}

/* `j`: bits 27..0 of an absolute address (the JIT's get_target()); the
 * image's own from its ksym line */
static int target_mips(const dlist *l, const dinsn *in, long *target, lifted *lt)
{
	if (in->mn[0] != 'j')
		return 0;
	if (l->ksym28 < 0)
		return lift_refuse(lt, "a `j` to an absolute address, and no ksym line "
				   "for the image (a runner before ksym lines)%s%s", "", "");
	*target = (*target & 0xfffffff) - l->ksym28 + l->start;
	return 0;
}

/* Refused when instruction i (a branch) cannot have its delay slot put
 * before it (lt->why), else 0. */
static int slot_movable(const jit_lifter *a, const dlist *l, int i, int b1, lifted *lt)
{
	static const char *const stores[] = { "sb", "sh", "sw", "sd", "sync", "nop" };
	const dinsn *br = &l->v[i], *sl = &l->v[i + 1];
	char s[200], so[4][64], bo[4][64], w[8] = "", r[8];

	snprintf(s, sizeof s, "%.23s %.150s", br->mn, br->ops);
	size_t ml = strlen(br->mn);
	if (strcmp(br->mn, "b") && strcmp(br->mn, "bal") && br->mn[ml - 1] == 'l')
		return lift_refuse(lt, "a branch-likely (its delay slot runs only when taken): `%s`%s", s, "");
	if (br->mn[0] == 'j' && br->mn[1] != '\0' && strcmp(br->mn, "jal"))
		return lift_refuse(lt, "a jump through a register in the body: `%s`%s", s, "");
	if (i + 1 >= b1)
		return lift_refuse(lt, "the delay slot of `%s` is outside the body%s", s, "");
	if (branch_mips(sl->mn))
		return lift_refuse(lt, "a branch in the delay slot of `%s`%s", s, "");
	bool writes = true;
	for (size_t k = 0; k < NELEM(stores); k++)
		if (!strcmp(sl->mn, stores[k]))
			writes = false;
	if (writes && lift_split_ops(sl->ops, so, 4) > 0)
		lift_canon_reg(a, so[0], w, sizeof w);
	int nb = lift_split_ops(br->ops, bo, 4);
	for (int k = 0; k < nb && w[0] && strcmp(w, "$0"); k++) {
		lift_canon_reg(a, bo[k], r, sizeof r);
		if (!strcmp(r, w))
			return lift_refuse(lt, "the delay slot of `%s` writes a register the branch reads%s", s, "");
	}
	return 0;
}

/* Branch delay slots: the instruction after a branch runs before the
 * branch takes effect, taken or not.  The MIPS dialect has no delay slots
 * (as herd7's), so each slot's text is put before its branch, which is
 * the same computation when the slot writes no register the branch reads
 * (the JIT's slots are `nop` and `move`: cmpxchg's `move t2, src` after
 * its `bne`, the retry `beqz`'s `move r0, t1`); a label on the branch now
 * marks the slot, the first of the two.  A jump into a slot (cmpxchg's
 * bne lands on the beqz's slot `move r0, t1`) runs it and what follows:
 * the slot is then written twice, `S; B; b NEXT; L: S; NEXT:`, one copy
 * for each way in (a text of several instructions is '\n'-separated).
 * Refused: a slot writing what its branch reads, a branch-likely (its slot
 * runs only when taken), a slot outside the body. */
static int delay_slots(const jit_lifter *a, const dlist *l, int ti, int b0, int b1, bool *labels,
		       char **text, lifted *lt)
{
	for (int i = b0; i < b1; i++) {
		const dinsn *br = &l->v[i];
		if (!branch_mips(br->mn) && strcmp(br->mn, "jr") && strcmp(br->mn, "jalr"))
			continue;
		if (slot_movable(a, l, i, b1, lt) < 0)
			return -1;
		char *t = text[i - b0];
		if (labels[i + 1]) {
			/* S; B; b NEXT, then the label of S, S, NEXT */
			size_t n = strlen(t) + 2 * strlen(text[i + 1 - b0]) + 48;
			char *both = xmalloc(n);
			snprintf(both, n, "%s\n%s\nb L%dA%ld", text[i + 1 - b0], t, ti, l->v[i + 2].addr);
			free(t);
			text[i - b0] = both;
			labels[i + 2 == b1 ? b1 : i + 2] = true;
		} else {
			text[i - b0] = text[i + 1 - b0];
			text[i + 1 - b0] = t;
		}
		i++;
	}
	return 0;
}

/* `jr $ra` with its delay slot */
static bool returns_mips(const jit_lifter *a, const dlist *l, int i)
{
	int k = lift_find_ret(a, l, i);

	return k >= 0 && k + 1 < l->n;
}

/* k1 ($27): reserved for the kernel's exception handlers, never emitted by
 * the JIT */
const jit_lifter lift_mips = {
	.fe = &mips_frontend,
	.objfmt = "elf64-tradlittlemips",
	.mattr = "+mips64r2",
	.xopts = "",
	.stackreg = "$27",
	.slotfmt = "0(%s)",
	.stackbase = { "$30" },
	.nop = { 0, 0, 0, 0 },
	.nopn = 4,
	.align = 4,
	.canon_reg = canon_mips,
	.fix_mnemonic = mnemonic_mips,
	.fix_operands = operands_mips,
	.spill = { "sd" },
	.ret = { "jr $ra" },
	.eval = eval_mips,
	.is_branch = branch_mips,
	.branch_target = target_mips,
	.body_pass = delay_slots,
	.returns = returns_mips,
};
