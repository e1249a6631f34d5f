/* lift_riscv.c - jit-check's lifter for the riscv64 JIT (lift.h): llvm's
 * RISC-V register names are the dialect's, the BPF frame pointer is s5. */
#include <string.h>
#include "jit/lift.h"
#include "arch/riscv_frontend.h"

/* li / lui constants, loads of the stack base and moves, adds and shifts
 * of constants */
static int eval_riscv(const jit_lifter *a, regfile *f, const char *m, char o[][64], int n, rval *rd)
{
	int64_t imm, v;
	vkind k;

	if (!rd)
		return -1;
	if (!strcmp(m, "li") && lift_parse_imm(o[1], &imm) == 0) {
		rd->k = V_CONST;
		rd->v = imm;
		return 0;
	}
	if (!strcmp(m, "lui") && lift_parse_imm(o[1], &imm) == 0) {
		rd->k = V_CONST;
		rd->v = lift_sext32(imm << 12);
		return 0;
	}
	int rc = lift_eval_ld_mv(a, f, m, o, n, rd, "ld", "mv", &k, &v);
	if (rc <= 0)
		return rc;
	if (n != 3)
		return -1;
	if ((!strcmp(m, "addi") || !strcmp(m, "addiw")) && lift_parse_imm(o[2], &imm) == 0) {
		if (!strcmp(m, "addiw") && k != V_CONST)
			return -1;
		rd->k = k;
		rd->v = !strcmp(m, "addiw") ? lift_sext32(v + imm) : v + imm;
		return 0;
	}
	if (!strcmp(m, "slli") && k == V_CONST && lift_parse_imm(o[2], &imm) == 0 && imm >= 0 && imm < 64) {
		rd->k = k;
		rd->v = (int64_t)((uint64_t)v << imm);
		return 0;
	}
	if (!strcmp(m, "add"))
		return lift_eval_add(a, f, o[2], k, v, rd);
	return -1;
}

const jit_lifter lift_riscv = {
	.fe = &riscv_frontend,
	.objfmt = "elf64-littleriscv",
	.mattr = "+m,+a,+c,+zba,+zbb,+experimental-zacas",
	.xopts = "",
	.stackreg = "s11",
	.slotfmt = "0(%s)",
	.stackbase = { "s5" },
	.nop = { 0x01, 0x00 },
	.nopn = 2,
	.align = 2,
	.spill = { "sd" },
	.ret = { "ret", "jr ra", "c.jr ra" },
	.eval = eval_riscv,
};
