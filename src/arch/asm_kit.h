/* asm_kit.h - the kit every assembly front-end (all but C) is built on:
 * the parser state of one thread, the thread driver over the grid's
 * cells, the errors about an instruction, register and immediate
 * operands, the IR steps an instruction appends, mnemonics and the
 * instruction classes tried in turn. A dialect writes only what is its
 * own: its registers, its tables, its instruction classes
 * (docs/adding-an-architecture.md). Labels and branch targets are
 * frontend_labels.h, which this kit drives.
 */
#ifndef BPFMM_ASM_KIT_H
#define BPFMM_ASM_KIT_H

#include <stddef.h>
#include <stdint.h>
#include "arch/frontend_labels.h"
#include "litmus/frontend.h"
#include "litmus/litmus_lex.h"
#include "litmus/litmus.h"

#define TAG(t) ((tagmask)1 << (t))
#define NELEM(a) (sizeof (a) / sizeof *(a))

struct asm_dialect;

/* One thread being parsed. A dialect with state of its own (the flags of
 * the latest compare, ...) puts this first in a struct of its own and
 * converts the pointer back (C11 6.7.2.1: a struct and its first member
 * share an address). */
typedef struct asm_parser {
	litmus_test *t;
	litmus_thread *th;
	lexer lx;                /* the cell being read */
	fe_labels lab;
	const char *insn_text;   /* the instruction being parsed (rest of its cell) */
	srcpos insn_pos;         /* where it starts: errors, and each IR step's pos */
	int cap;                 /* IR slots in th->code */
	int *rets;               /* asm_return's branches, patched to the end */
	int nrets;
	const struct asm_dialect *dl;
	diag *d;
} asm_parser;

/* What the driver needs of a dialect. */
typedef struct asm_dialect {
	size_t ir_per_cell;      /* IR steps one instruction may become, at most */
	/* One instruction: lx is on its mnemonic, insn_pos / insn_text say
	 * where; labelled: the cell named a label. 0, or -1 with an error. */
	int (*insn)(asm_parser *p, bool labelled);
	/* Optional: patch the branches (default: labels, then returns). */
	int (*resolve)(asm_parser *p);
	/* Optional: the "unknown instruction" error (default: asm_unknown's). */
	int (*unknown)(asm_parser *p);
	/* Optional, NULL-terminated: names for "did you mean" (fe_unknown_insn). */
	const char *const *names;
	/* Optional: said after "invalid ARCH register 'NAME'" (" (expected ...)"). */
	const char *reg_hint;
	/* After each instruction, mark the thread mixed-size if one of its
	 * accesses is narrower than 4 bytes or at an offset (fe_mark_mixed);
	 * else the dialect marks what it knows to be mixed-size itself. */
	bool mark_mixed;
} asm_dialect;

/* A dialect's parse_thread: p zeroed by the caller (the dialect's own
 * state around it too). Reads every cell with fe_parse_grid, an
 * instruction at a time through dl->insn, then resolves the branches. */
int asm_parse_thread(asm_parser *p, const asm_dialect *dl, litmus_test *t, int ti,
		     const litmus_cell *cells, int ncells, diag *d);

/* ---- errors about the instruction being parsed; all return -1 ---- */

/* "unknown ARCH instruction 'TEXT'" (with "did you mean" from dl->names),
 * or the dialect's dl->unknown. */
int asm_unknown(asm_parser *p);
/* The same message, with these names for "did you mean". */
int asm_unknown_names(asm_parser *p, const char *const *names);
/* "unsupported ARCH instruction 'TEXT': WHY" */
int asm_unsupported(asm_parser *p, const char *why);

/* ---- operands ---- */

static inline opnd reg_opnd(int reg)
{
	return (opnd){ .kind = OPND_REG, .reg = reg };
}

static inline opnd imm_opnd(int64_t v)
{
	return (opnd){ .kind = OPND_IMM, .imm = value_int(v) };
}

/* A source register of a dialect whose zero register is -1 (MIPS $0,
 * LoongArch $zero): that one reads as the immediate 0. */
static inline opnd src_opnd(int reg)
{
	return reg < 0 ? imm_opnd(0) : reg_opnd(reg);
}

/* `,` */
int asm_comma(asm_parser *p);

/* A register name, after an optional `prefix` ("%", "$"; NULL: none),
 * into name (LEX_MAX_NAME bytes); "invalid ARCH register 'NAME'" and the
 * dialect's reg_hint unless the front-end's is_register takes it. */
int asm_reg_name(asm_parser *p, const char *prefix, char *name);
/* The same, interned (litmus_reg: under its canonical name). */
int asm_reg(asm_parser *p, const char *prefix, int *reg);
/* A register, or herd7's symbolic register `%x0` (bound in the init
 * block, interned as written, unchecked): ARM, PPC. */
int asm_reg_or_symbolic(asm_parser *p, int *reg);

/* A hidden register (flags, scratch: a name no test can write, with a
 * character no register name has), interned into *reg; 0, so that it
 * chains with the readers in `||`. */
int asm_hidden(asm_parser *p, const char *name, int *reg);

/* An integer: `#n` or `n` with hash, `n` without; "an immediate". */
int asm_int(asm_parser *p, int64_t *v, bool hash);
/* An integer as an immediate operand. */
int asm_imm(asm_parser *p, opnd *o, bool hash);
/* Does an immediate come next: a number, or (hash) `#`? */
bool asm_at_imm(asm_parser *p, bool hash);

/* A branch target: the label, for the IR step just appended. */
int asm_label_ref(asm_parser *p);
/* A return (ret, blr): a branch to the end of the thread. */
void asm_return(asm_parser *p);

/* ---- the IR an instruction appends (all at insn_pos) ---- */

/* A fresh IR step: zeroed but for op, dst = -1 and pos. */
ir_insn *asm_emit(asm_parser *p, ir_op op);
/* dst = a alu b */
ir_insn *asm_alu(asm_parser *p, alu_op alu, int dst, opnd a, opnd b);
/* dst = a */
ir_insn *asm_mov(asm_parser *p, int dst, opnd a);
/* reg = its low `bits` bits, sign-extended (shift left, arithmetic shift
 * right) or zero-extended (and); nothing for 64 bits. */
void asm_extend(asm_parser *p, int reg, int bits, bool sign);
/* The ALU step `in` just appended (the last; dst = a op b, 64-bit) made
 * a 32-bit one, as RISC-V's W forms and LoongArch's .w compute: the
 * result's low word sign-extended; a shift takes the low 5 bits of its
 * amount (masked into the hidden register `amt` first, as dst may be the
 * amount's register) and a right shift the low word of a. */
int asm_lower_w(asm_parser *p, ir_insn *in, const char *amt);
/* The instruction is a mixed-size one (litmus_thread.mixed, at insn_pos). */
void asm_mixed(asm_parser *p);

/* ---- mnemonics and instruction classes ---- */

enum { ASM_KEEP_CASE, ASM_LOWER, ASM_UPPER };

/* The mnemonic at lx: identifier characters and any of `extra` (".":
 * `stwcx.`, `lw.aq`), case-folded, into m (size bytes); asm_unknown if
 * there is none or it does not fit. */
int asm_mnemonic(asm_parser *p, char *m, size_t size, const char *extra, int fold);
/* The mnemonic as an identifier (lex_ident: "expected an instruction"),
 * lower-cased, into m (LEX_MAX_NAME bytes). */
int asm_word(asm_parser *p, char *m);

/* An instruction class: FE_NOT_MINE (frontend_labels.h) if m is not one
 * of its mnemonics, before reading anything; else 0 or -1. */
typedef int (*asm_class)(asm_parser *p, const char *m);
/* The classes in order until one takes m; asm_unknown if none does. */
int asm_classes(asm_parser *p, const char *m, const asm_class *classes, size_t n);
#define ASM_CLASSES(p, m, classes) asm_classes((p), (m), (classes), NELEM(classes))

#endif
