/* aarch64_parse.h - what the two files of the AArch64 front-end share:
 * its parser state and operand readers (aarch64_frontend.c: registers,
 * addresses, loads, stores, atomics, barriers, branches) and the
 * data-processing instructions (aarch64_alu.c: moves, arithmetic, shifts,
 * bit fields, multiplies, flags and conditional selects). Not for other
 * files: the front-end's interface is aarch64_frontend.h.
 */
#ifndef BPFMM_AARCH64_PARSE_H
#define BPFMM_AARCH64_PARSE_H

#include "arch/asm_kit.h"

#define MNEMONIC_MAX 32

/* Hidden registers (never in a condition: '%' is not a name character). */
#define HREG_FA   "%nzcv.a"   /* first operand of the latest CMP / TST */
#define HREG_FB   "%nzcv.b"   /* second operand */
#define HREG_ADDR "%addr"     /* base + index of an indexed address */
#define HREG_ZR   "%zr"       /* destination of a load into XZR / WZR */
#define HREG_TMP  "%tmp"      /* ~Rs of LDCLR, CSEL, flag results, TBZ */
#define HREG_SHIFT "%shift"   /* a shifted register operand */
#define HREG_MUL  "%mul"      /* the product of MADD & co; SMULL's Rm */
#define HREG_ROT  "%rot"      /* one half of a rotation (ROR) */

/* A register as written: number 0..30, or zr; w for the 32-bit view. */
typedef struct {
	int num;          /* -1 for XZR / WZR */
	bool w;
} areg;

typedef struct {
	asm_parser p;
	char mnem[MNEMONIC_MAX];   /* the instruction's, upper case */
	bool flags_set;       /* a CMP / TST came before (in text order) */
	bool flags_tst;       /* ... and the latest was a TST */
	bool op_w;            /* the instruction whose operand 2 is parsed is 32-bit */
	int acc_size;         /* 1 or 2: the access of a B / H form; 0: by register */
} a64_parser;

static inline a64_parser *a64(asm_parser *p)
{
	return (a64_parser *)p;
}

/* ---- aarch64_frontend.c ---- */

/* "unsupported AArch64 instruction 'MNEMONIC': WHY"; -1. */
int a64_unsupported(asm_parser *ap, const char *why);
/* A fresh IR step at the end of the thread, or NULL (an error) past the
 * thread's room; a64_add_op fills in op, alu, dst, a and b. */
ir_insn *a64_add_insn(asm_parser *ap);
ir_insn *a64_add_op(asm_parser *ap, ir_op op, alu_op alu, int dst, opnd a, opnd b);
/* A hidden register (HREG_*), interned. */
int a64_hidden(asm_parser *ap, const char *name);
/* A destination register (*reg -1 for XZR / WZR) or a source one (XZR /
 * WZR: the immediate 0), as written in *r (may be NULL). */
int a64_dst(asm_parser *ap, int *reg, areg *r);
int a64_src(asm_parser *ap, opnd *o, areg *r);
/* `#imm` (the '#' is optional). */
int a64_imm(asm_parser *ap, opnd *o);
/* UXTB ... SXTX: the width in bits (64: none), 0 if NAME is not one. */
int a64_extension(const char *name, bool *sign);
/* dst = the low `bits` bits of src, zero- or sign-extended. */
int a64_extend_into(asm_parser *ap, int dst, opnd src, int bits, bool sign);
/* A write to Wn clears bits 32..63 of Xn. */
int a64_zero_extend(asm_parser *ap, int reg);

/* ---- aarch64_alu.c ---- */

/* The comparison of a condition code on the flags; an error if none was
 * set, or for the flags a TST cannot give. */
int a64_cond_code(asm_parser *ap, const char *c, cmp_op *op);
/* The flag registers as the operands a and b of a branch or pick. */
int a64_flag_opnds(asm_parser *ap, ir_insn *in);
/* The instruction classes of aarch64_alu.c: register moves and
 * arithmetic; flag setting and conditional selects. */
int a64_parse_alu(asm_parser *ap, const char *m);
int a64_parse_cond(asm_parser *ap, const char *m);

#endif
