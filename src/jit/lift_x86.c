/* lift_x86.c - jit-check's lifter for the x86-64 JIT (lift.h): AT&T
 * operands (source first), %eax / %ax / %al are rax, the `lock` prefix
 * joined to its instruction, the markers stored as immediates, the BPF
 * frame pointer rbp. */
#include <stdio.h>
#include <string.h>
#include "jit/lift.h"
#include "arch/x86_frontend.h"

#define NELEM(a) (sizeof (a) / sizeof *(a))

static void canon_x86(const jit_lifter *a, const char *s, char *out, size_t n)
{
	static const char *const x86[][5] = {
		{ "rax", "eax", "ax", "al", NULL }, { "rbx", "ebx", "bx", "bl", NULL },
		{ "rcx", "ecx", "cx", "cl", NULL }, { "rdx", "edx", "dx", "dl", NULL },
		{ "rsi", "esi", "si", "sil", NULL }, { "rdi", "edi", "di", "dil", NULL },
		{ "rbp", "ebp", "bp", "bpl", NULL }, { "rsp", "esp", "sp", "spl", NULL },
	};
	if (*s != '%')
		return;
	s++;
	for (size_t i = 0; i < NELEM(x86); i++)
		for (int k = 0; k < 4; k++)
			if (!strcmp(s, x86[i][k])) {
				snprintf(out, n, "%s", x86[i][0]);
				return;
			}
	int r;
	char suf[4] = "";
	if (sscanf(s, "r%d%3s", &r, suf) >= 1 && r >= 8 && r <= 15)
		snprintf(out, n, "r%d", r);
}

/* llvm's "  # imm = 0x..." */
static void operands_x86(const char *mn, char *ops)
{
	char *e = strstr(ops, " #");

	if (e)
		*e = '\0';
}

/* constants, the stack base, adding a constant; a 32-bit destination
 * (%eXX, %rNd) zero-extends */
static int eval_x86(const jit_lifter *a, regfile *f, const char *m, char o[][64], int n, rval *first)
{
	char d[8], s1[8];
	int64_t imm, off;
	rval *rd;

	/* AT&T: source first */
	if (n != 2)
		return -1;
	lift_canon_reg(a, o[1], d, sizeof d);
	if (!d[0] || !(rd = lift_rf_get(f, d)))
		return -1;
	bool w32 = !strncmp(o[1], "%e", 2) || o[1][strlen(o[1]) - 1] == 'd';
	if ((!strcmp(m, "movl") || !strcmp(m, "movq") || !strcmp(m, "movabsq"))
	    && lift_parse_imm(o[0], &imm) == 0 && o[0][0] == '$') {
		rd->k = V_CONST;
		rd->v = !strcmp(m, "movl") ? (int64_t)(uint32_t)imm : imm;
		return 0;
	}
	if ((!strcmp(m, "xorl") || !strcmp(m, "xorq")) && !strcmp(o[0], o[1])) {
		rd->k = V_CONST;
		rd->v = 0;
		return 0;
	}
	if (!strcmp(m, "movq") && lift_parse_mem(a, o[0], s1, sizeof s1, &off) && lift_is_stackreg(a, s1)) {
		rd->k = V_BASE;
		rd->v = 0;
		return 0;
	}
	if ((!strcmp(m, "addq") || !strcmp(m, "subq")) && o[0][0] == '$' && lift_parse_imm(o[0], &imm) == 0
	    && rd->k != V_UNKNOWN && !w32) {
		rd->v += !strcmp(m, "addq") ? imm : -imm;
		return 0;
	}
	return -1;
}

/* a marker: `movq $IMM, OFF(%rbp)` */
static bool store_imm_x86(const jit_lifter *a, const dinsn *in, int64_t *imm)
{
	char o[3][64];
	int n = lift_split_ops(in->ops, o, 3);

	return !strcmp(in->mn, "movq") && n == 2 && o[0][0] == '$' && lift_parse_imm(o[0], imm) == 0;
}

static bool branch_x86(const char *mn)
{
	return mn[0] == 'j';
}

/* "shrq %r8" is llvm's spelling of a shift by 1 */
static void body_ops_x86(const dinsn *in, char o[][64], int *no)
{
	if (*no == 1 && o[0][0] == '%' && (!strncmp(in->mn, "sh", 2) || !strncmp(in->mn, "sa", 2))) {
		memcpy(o[1], o[0], 64);
		snprintf(o[0], 64, "$1");
		*no = 2;
	}
}

/* `ret`, or `jmp __x86_return_thunk` as the last instruction (int3s after it) */
static bool returns_x86(const jit_lifter *a, const dlist *l, int i)
{
	for (; i < l->n; i++) {
		const dinsn *in = &l->v[i];
		if (lift_is_ret(a, in))
			return true;
		if (!strcmp(in->mn, "jmp")) {
			int k = i + 1;
			while (k < l->n && !strcmp(l->v[k].mn, "int3"))
				k++;
			if (k == l->n)
				return true;
		}
	}
	return false;
}

const jit_lifter lift_x86 = {
	.fe = &x86_64_frontend,
	.objfmt = "elf64-x86-64",
	.mattr = NULL,
	.xopts = "",
	.stackreg = "r12",
	.slotfmt = "(%%%s)",
	.stackbase = { "rbp" },
	.nop = { 0x90 },
	.nopn = 1,
	.align = 1,
	.prefix = "lock",
	.canon_reg = canon_x86,
	.fix_operands = operands_x86,
	.spill = { "movq" },
	.spill_reg = '%',
	.ret = { "ret", "retq" },
	.store_imm = store_imm_x86,
	.eval = eval_x86,
	.is_branch = branch_x86,
	.fix_body_ops = body_ops_x86,
	.returns = returns_x86,
};
