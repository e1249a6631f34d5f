/* x86_frontend.c - parse x86 litmus cells (X86_64 / AT&T and X86 / Intel
 * syntax) and lower them to IR.
 *
 * Each cell holds at most one label (`L0:`) and at most one instruction.
 * One instruction becomes at most three IR instructions, so a thread gets
 * 3 IR slots per cell.
 *
 * Operands are read into a common form (register, immediate, or memory
 * `base + offset`, base a register or a symbol) and ordered destination
 * first: AT&T writes `op src,dst`, Intel `op dst,src`.
 *
 * Locked instructions (XCHG with a memory operand, which is implicitly
 * locked, and LOCK-prefixed ADD/SUB/AND/OR/XOR/INC/DEC/XADD/CMPXCHG) are a
 * read and a write linked by rmw (IR_RMW with `split`, IR_CAS), both
 * events tagged X. The same instructions without LOCK are a plain load,
 * ALU operation and store (not atomic). CMPXCHG compares with rax / EAX.
 *
 * Flags: `cmp`/`test` copy their operands to two hidden registers, and a
 * conditional jump compares those, so a jump depends (ctrl) on the reads
 * that fed the comparison.
 *
 * Access sizes (X86_64): an AT&T size suffix (movb movw movl movq, addb,
 * xchgw, ...) or, without one, the register operand's width (%al 1, %ax
 * 2, %eax 4, %rax 8) gives the access its size (ir_insn.size; 0: none
 * known, the whole location). Byte and word accesses and accesses at an
 * offset of a location are mixed-size (litmus_thread.mixed): refused
 * without -variant mixed (docs/mixed-size.md, "x86"). A load zero-extends
 * into the whole register, as herd7's does.
 */
#include <string.h>
#include <strings.h>
#include "arch/x86_frontend.h"
#include "arch/asm_kit.h"

enum { X86_TAG_MFENCE, X86_TAG_LFENCE, X86_TAG_SFENCE, X86_TAG_X, X86_NTAGS };

/* Event tags, visible to the cat model as event sets of the same name. */
static const char *const x86_tag_names[] = {
	[X86_TAG_MFENCE] = "MFENCE",   /* mfence: full fence */
	[X86_TAG_LFENCE] = "LFENCE",   /* lfence (orders nothing TSO does not) */
	[X86_TAG_SFENCE] = "SFENCE",   /* sfence (likewise) */
	[X86_TAG_X] = "X",             /* both events of a locked instruction */
};
_Static_assert(sizeof x86_tag_names / sizeof *x86_tag_names == X86_NTAGS,
	       "one name per x86 tag");

#define IR_PER_CELL 3

/* Hidden registers: flags operands and a scratch register. Their names
 * hold characters no litmus register name has, so they never clash. */
#define FLAG_A "%flags.a"
#define FLAG_B "%flags.b"
#define SCRATCH "%tmp"

/* Register names: every alias (any case) and its canonical name, the
 * 64-bit one for X86_64, the 32-bit one for X86. */
typedef struct {
	const char *name, *canon64, *canon32;
} x86_reg;

static const x86_reg x86_regs[] = {
	{ "rax", "rax", "EAX" }, { "eax", "rax", "EAX" }, { "ax", "rax", "EAX" }, { "al", "rax", "EAX" },
	{ "rbx", "rbx", "EBX" }, { "ebx", "rbx", "EBX" }, { "bx", "rbx", "EBX" }, { "bl", "rbx", "EBX" },
	{ "rcx", "rcx", "ECX" }, { "ecx", "rcx", "ECX" }, { "cx", "rcx", "ECX" }, { "cl", "rcx", "ECX" },
	{ "rdx", "rdx", "EDX" }, { "edx", "rdx", "EDX" }, { "dx", "rdx", "EDX" }, { "dl", "rdx", "EDX" },
	{ "rsi", "rsi", "ESI" }, { "esi", "rsi", "ESI" }, { "si", "rsi", "ESI" }, { "sil", "rsi", "ESI" },
	{ "rdi", "rdi", "EDI" }, { "edi", "rdi", "EDI" }, { "di", "rdi", "EDI" }, { "dil", "rdi", "EDI" },
	{ "rbp", "rbp", "EBP" }, { "ebp", "rbp", "EBP" }, { "bp", "rbp", "EBP" }, { "bpl", "rbp", "EBP" },
	{ "rsp", "rsp", "ESP" }, { "esp", "rsp", "ESP" }, { "sp", "rsp", "ESP" }, { "spl", "rsp", "ESP" },
	{ "r8", "r8", NULL }, { "r8d", "r8", NULL }, { "r8w", "r8", NULL }, { "r8b", "r8", NULL },
	{ "r9", "r9", NULL }, { "r9d", "r9", NULL }, { "r9w", "r9", NULL }, { "r9b", "r9", NULL },
	{ "r10", "r10", NULL }, { "r10d", "r10", NULL }, { "r10w", "r10", NULL }, { "r10b", "r10", NULL },
	{ "r11", "r11", NULL }, { "r11d", "r11", NULL }, { "r11w", "r11", NULL }, { "r11b", "r11", NULL },
	{ "r12", "r12", NULL }, { "r12d", "r12", NULL }, { "r12w", "r12", NULL }, { "r12b", "r12", NULL },
	{ "r13", "r13", NULL }, { "r13d", "r13", NULL }, { "r13w", "r13", NULL }, { "r13b", "r13", NULL },
	{ "r14", "r14", NULL }, { "r14d", "r14", NULL }, { "r14w", "r14", NULL }, { "r14b", "r14", NULL },
	{ "r15", "r15", NULL }, { "r15d", "r15", NULL }, { "r15w", "r15", NULL }, { "r15b", "r15", NULL },
	/* the instruction pointer and segment registers: named in init
	 * blocks and conditions (0 unless set), never written */
	{ "rip", "rip", NULL }, { "cs", "cs", NULL }, { "ds", "ds", NULL }, { "es", "es", NULL },
	{ "fs", "fs", NULL }, { "gs", "gs", NULL }, { "ss", "ss", NULL },
};

static const x86_reg *find_reg(const char *name)
{
	for (size_t i = 0; i < NELEM(x86_regs); i++)
		if (!strcasecmp(name, x86_regs[i].name))
			return &x86_regs[i];
	return NULL;
}

/* The width in bytes of an X86_64 register name: rax 8, eax / r8d 4,
 * ax / r8w 2, al / r8b 1 (the table keeps that order for the 16
 * general-purpose registers); the others 8. */
static int reg_width(const char *name)
{
	for (size_t i = 0; i < 64; i++)
		if (!strcasecmp(name, x86_regs[i].name))
			return 8 >> (i % 4);
	return 8;
}

static bool x64_is_register(const char *name)
{
	return find_reg(name) != NULL;
}

static const char *x64_canon_register(const char *name, char *buf)
{
	const x86_reg *r = find_reg(name);
	return r ? r->canon64 : NULL;
}

static bool x32_is_register(const char *name)
{
	const x86_reg *r = find_reg(name);
	return r && r->canon32;
}

static const char *x32_canon_register(const char *name, char *buf)
{
	const x86_reg *r = find_reg(name);
	return r ? r->canon32 : NULL;
}

typedef struct {
	asm_parser p;
	bool att;       /* X86_64 (AT&T) rather than X86 (Intel) */
	int reg_width;  /* the width of the register parse_reg_name read */
	bool lock;      /* the instruction has a LOCK prefix */
	int size;       /* its AT&T size suffix: 1, 2, 4, 8 (0: none) */
} x86_parser;

static x86_parser *x86(asm_parser *p)
{
	return (x86_parser *)p;
}

typedef enum { XO_REG, XO_IMM, XO_MEM } xop_kind;

typedef struct {
	xop_kind k;
	opnd o;         /* XO_REG / XO_IMM: the value; XO_MEM: the base */
	int64_t off;    /* XO_MEM: offset from the base */
	int width;      /* XO_REG, X86_64: the register's width in bytes */
} xop;

/* A register name (after the `%` in AT&T syntax). */
static int parse_reg_name(asm_parser *xp, opnd *o)
{
	char name[LEX_MAX_NAME];

	if (asm_reg_name(xp, NULL, name))
		return -1;
	x86(xp)->reg_width = reg_width(name);
	o->kind = OPND_REG;
	o->reg = litmus_reg(xp->t, name);
	return 0;
}

/* Base of a memory operand: a register or a symbol (its address). */
static int parse_base(asm_parser *xp, opnd *o)
{
	char name[LEX_MAX_NAME];
	lexer save = xp->lx;

	if (x86(xp)->att) {
		if (lex_accept(&xp->lx, "%"))
			return parse_reg_name(xp, o);
	} else if (lex_peek_ident(&xp->lx)) {
		if (lex_ident(&xp->lx, name, "a register or location"))
			return -1;
		xp->lx = save;
		if (x32_is_register(name))
			return parse_reg_name(xp, o);
	}
	if (lex_ident(&xp->lx, name, "a register or location"))
		return -1;
	o->kind = OPND_IMM;
	o->imm = value_addr(0);
	o->imm.sym = litmus_sym(xp->t, name);
	return 0;
}

/* An immediate: integer, or a symbol standing for its address. */
static int parse_imm_value(asm_parser *xp, xop *x)
{
	x->k = XO_IMM;
	x->o.kind = OPND_IMM;
	x->o.imm = value_int(0);
	if (lex_peek_number(&xp->lx))
		return lex_int(&xp->lx, &x->o.imm.off, "an immediate");
	return parse_base(xp, &x->o);
}

/* AT&T: `$imm`, `%reg`, `off(base)`, `(base)`, `sym`; a bare integer
 * not followed by `(` is an immediate too (`shl 2,%eax`, as herd7 reads
 * it). */
static int parse_att_operand(asm_parser *xp, xop *x)
{
	lexer *lx = &xp->lx;

	memset(x, 0, sizeof *x);
	if (lex_accept(lx, "$"))
		return parse_imm_value(xp, x);
	if (lex_accept(lx, "%")) {
		x->k = XO_REG;
		if (parse_reg_name(xp, &x->o))
			return -1;
		x->width = x86(xp)->reg_width;
		return 0;
	}
	x->k = XO_MEM;
	if (lex_peek_number(lx) && lex_int(lx, &x->off, "an offset"))
		return -1;
	lex_skip_blanks(lx);
	if (*lx->p != '(' && !lex_peek_ident(lx)) {
		x->k = XO_IMM;
		x->o = (opnd){ .kind = OPND_IMM, .imm = value_int(x->off) };
		x->off = 0;
		return 0;
	}
	if (!lex_accept(lx, "(")) {
		if (lex_peek_ident(lx))      /* `sym` or `sym(...)`: absolute */
			return parse_base(xp, &x->o);
		return lex_error_expected(lx, "an operand");
	}
	if (parse_base(xp, &x->o))
		return -1;
	if (lex_accept(lx, ","))
		return asm_unsupported(xp, "indexed addressing");
	return lex_expect(lx, ")");
}

/* Intel: `[base]`, `[base+off]`, `$imm`, `imm`, `REG`. */
static int parse_intel_operand(asm_parser *xp, xop *x)
{
	lexer *lx = &xp->lx;

	memset(x, 0, sizeof *x);
	if (lex_accept(lx, "[")) {
		x->k = XO_MEM;
		if (parse_base(xp, &x->o))
			return -1;
		if (lex_accept(lx, "+") && lex_int(lx, &x->off, "an offset"))
			return -1;
		return lex_expect(lx, "]");
	}
	if (lex_accept(lx, "$") || lex_peek_number(lx))
		return parse_imm_value(xp, x);
	if (lex_peek_ident(lx)) {   /* a register (checked by parse_reg_name) */
		x->k = XO_REG;
		return parse_reg_name(xp, &x->o);
	}
	return lex_error_expected(lx, "an operand");
}

/* Operands, returned destination first whatever the syntax. */
static int parse_operands(asm_parser *xp, xop *ops, int n)
{
	for (int i = 0; i < n; i++) {
		if (i > 0 && lex_expect(&xp->lx, ","))
			return -1;
		if (x86(xp)->att ? parse_att_operand(xp, &ops[i]) : parse_intel_operand(xp, &ops[i]))
			return -1;
	}
	if (x86(xp)->att && n == 2) {
		xop tmp = ops[0];
		ops[0] = ops[1];
		ops[1] = tmp;
	}
	return 0;
}

/* The memory operand m of `in`, an access of `size` bytes (0: the whole
 * location). A byte or word access, or one at an offset, is mixed-size. */
static void set_mem(asm_parser *xp, ir_insn *in, const xop *m, int size)
{
	in->a = m->o;
	in->off = m->off;
	in->size = size;
	if ((size && size < 4) || m->off)
		asm_mixed(xp);
}

/* The size of an instruction's access: its suffix, else (X86_64) the
 * width of its first register operand, else 0. */
static int op_size(asm_parser *xp, int size, const xop *ops, int n)
{
	for (int i = 0; i < n && !size && x86(xp)->att; i++)
		if (ops[i].k == XO_REG)
			size = ops[i].width;
	return size;
}

/* A write to a 32-bit register (%eax, %r8d) clears the upper half of
 * the 64-bit one, as on the hardware and in herd7; a load already does
 * (it reads 4 bytes, zero-extended). 8- and 16-bit register writes are
 * whole-register writes here (docs/mixed-size.md, "x86"). */
static void zext32(asm_parser *xp, const xop *dst)
{
	if (!x86(xp)->att || dst->k != XO_REG || dst->width != 4)
		return;
	ir_insn *in = asm_emit(xp, IR_ALU);
	in->alu = ALU_AND;
	in->dst = dst->o.reg;
	in->a = dst->o;
	in->b = (opnd){ .kind = OPND_IMM, .imm = value_int(0xffffffffLL) };
}

static const struct { const char *name; alu_op alu; } x86_alus[] = {
	{ "add", ALU_ADD }, { "sub", ALU_SUB }, { "and", ALU_AND },
	{ "or", ALU_OR }, { "xor", ALU_XOR }, { "shl", ALU_SHL }, { "sal", ALU_SHL },
	{ "shr", ALU_SHR }, { "sar", ALU_ASHR }, { "imul", ALU_MUL },
};

static const struct { const char *name; cmp_op cmp; } x86_jumps[] = {
	{ "je", CMP_EQ }, { "jz", CMP_EQ }, { "jne", CMP_NE }, { "jnz", CMP_NE },
	{ "jl", CMP_SLT }, { "jle", CMP_SLE }, { "jg", CMP_SGT }, { "jge", CMP_SGE },
	{ "jb", CMP_LT }, { "jbe", CMP_LE }, { "ja", CMP_GT }, { "jae", CMP_GE },
	{ "jmp", CMP_ALWAYS },
};

/* The known mnemonics, without AT&T size suffixes. */
static const char *const x86_mnemonics[] = {
	"mov", "xchg", "xadd", "cmpxchg", "inc", "dec", "cmp", "test",
	"mfence", "lfence", "sfence", "nop", "ret", "endbr64",
};

static bool known_mnemonic(const char *m)
{
	size_t i;

	for (i = 0; i < NELEM(x86_mnemonics); i++)
		if (!strcmp(m, x86_mnemonics[i]))
			return true;
	for (i = 0; i < NELEM(x86_alus); i++)
		if (!strcmp(m, x86_alus[i].name))
			return true;
	for (i = 0; i < NELEM(x86_jumps); i++)
		if (!strcmp(m, x86_jumps[i].name))
			return true;
	return false;
}

/* Read a mnemonic, lower-cased; strip an AT&T size suffix (b w l q) if the
 * full word is not a mnemonic: *size gets 1, 2, 4, 8 (0: none). */
static int read_mnemonic(asm_parser *xp, char *m, int *size)
{
	size_t n;

	*size = 0;
	if (asm_word(xp, m))
		return -1;
	if (known_mnemonic(m) || !strcmp(m, "lock"))
		return 0;
	n = strlen(m);
	if (x86(xp)->att && n > 1 && strchr("bwlq", m[n - 1])) {
		char c = m[n - 1];
		m[n - 1] = '\0';
		if (known_mnemonic(m)) {
			*size = c == 'b' ? 1 : c == 'w' ? 2 : c == 'l' ? 4 : 8;
			return 0;
		}
	}
	return asm_unknown(xp);
}

/* A read of memory operand m into the scratch register (non-atomic
 * read-modify-write and comparisons with memory). */
static int load_scratch(asm_parser *xp, const xop *m, int size, int *reg)
{
	ir_insn *in;

	*reg = litmus_reg(xp->t, SCRATCH);
	in = asm_emit(xp, IR_LOAD);
	in->dst = *reg;
	set_mem(xp, in, m, size);
	return 0;
}

/* OP dst,src for the ALU operations. */
static int lower_alu(asm_parser *xp, alu_op alu, bool lock, int size, xop *ops)
{
	ir_insn *in;
	int tmp;

	if (ops[1].k == XO_MEM && ops[0].k == XO_MEM)
		return asm_unknown(xp);
	if (ops[0].k == XO_IMM)
		return asm_unknown(xp);
	if (ops[0].k == XO_REG) {
		if (lock)
			return asm_unknown(xp);
		opnd src = ops[1].o;
		if (ops[1].k == XO_MEM) {
			if (load_scratch(xp, &ops[1], size, &tmp))
				return -1;
			src = (opnd){ .kind = OPND_REG, .reg = tmp };
		}
		in = asm_emit(xp, IR_ALU);
		in->alu = alu;
		in->dst = ops[0].o.reg;
		in->a = ops[0].o;
		in->b = src;
		zext32(xp, &ops[0]);
		return 0;
	}
	if (lock) {     /* one atomic read-modify-write */
		in = asm_emit(xp, IR_RMW);
		in->split = true;
		in->alu = alu;
		set_mem(xp, in, &ops[0], size);
		in->b = ops[1].o;
		in->tags_r = in->tags_w = TAG(X86_TAG_X);
		return 0;
	}
	/* not locked: load, compute, store */
	if (load_scratch(xp, &ops[0], size, &tmp))
		return -1;
	in = asm_emit(xp, IR_ALU);
	in->alu = alu;
	in->dst = tmp;
	in->a = (opnd){ .kind = OPND_REG, .reg = tmp };
	in->b = ops[1].o;
	in = asm_emit(xp, IR_STORE);
	set_mem(xp, in, &ops[0], size);
	in->b = (opnd){ .kind = OPND_REG, .reg = tmp };
	return 0;
}

/* mfence, lfence, sfence; nop and endbr64 (no effect). */
static int parse_fence(asm_parser *xp, const char *m)
{
	if (!strcmp(m, "mfence") || !strcmp(m, "lfence") || !strcmp(m, "sfence")) {
		asm_emit(xp, IR_FENCE)->tags_f = TAG(m[0] == 'm' ? X86_TAG_MFENCE
						     : m[0] == 'l' ? X86_TAG_LFENCE
						     : X86_TAG_SFENCE);
		return 0;
	}
	if (!strcmp(m, "nop") || !strcmp(m, "endbr64")) {
		/* multi-byte nops (`nopl 0(%rax,%eax,0)`): operands ignored */
		while (*xp->lx.p)
			lex_advance(&xp->lx, 1);
		return 0;
	}
	return FE_NOT_MINE;
}

/* ret and the x86_jumps table (on the flags). */
static int parse_branch(asm_parser *xp, const char *m)
{
	size_t i = FE_FIND(x86_jumps, m);
	ir_insn *in;
	int fa, fb;

	if (!strcmp(m, "ret")) {
		asm_return(xp);
		return 0;
	}
	if (i == NELEM(x86_jumps))
		return FE_NOT_MINE;
	in = asm_emit(xp, IR_BRANCH);
	in->cmp = x86_jumps[i].cmp;
	if (in->cmp != CMP_ALWAYS) {
		fa = litmus_reg(xp->t, FLAG_A);
		fb = litmus_reg(xp->t, FLAG_B);
		in->a = (opnd){ .kind = OPND_REG, .reg = fa };
		in->b = (opnd){ .kind = OPND_REG, .reg = fb };
	}
	return asm_label_ref(xp);
}

/* inc, dec and the x86_alus table (lower_alu). */
static int parse_alu(asm_parser *xp, const char *m)
{
	bool lock = x86(xp)->lock;
	int size = x86(xp)->size;
	size_t i = FE_FIND(x86_alus, m);
	xop ops[2];

	if (!strcmp(m, "inc") || !strcmp(m, "dec")) {
		if (parse_operands(xp, ops, 1))
			return -1;
		ops[1] = (xop){ .k = XO_IMM, .o = { .kind = OPND_IMM, .imm = value_int(1) } };
		return lower_alu(xp, m[0] == 'i' ? ALU_ADD : ALU_SUB, lock, size, ops);
	}
	if (i == NELEM(x86_alus))
		return FE_NOT_MINE;
	if (parse_operands(xp, ops, 2))
		return -1;
	size = op_size(xp, size, ops, 2);
	return lower_alu(xp, x86_alus[i].alu, lock, size, ops);
}

/* mov: a store, a load or a register move. */
static int parse_mov(asm_parser *xp, const char *m)
{
	xop ops[2];
	ir_insn *in;

	int size = x86(xp)->size;

	if (strcmp(m, "mov") != 0)
		return FE_NOT_MINE;
	if (parse_operands(xp, ops, 2))
		return -1;
	size = op_size(xp, size, ops, 2);
	if (ops[0].k == XO_MEM && ops[1].k != XO_MEM) {
		in = asm_emit(xp, IR_STORE);
		set_mem(xp, in, &ops[0], size);
		in->b = ops[1].o;
		return 0;
	}
	if (ops[0].k == XO_REG && ops[1].k == XO_MEM) {
		in = asm_emit(xp, IR_LOAD);
		in->dst = ops[0].o.reg;
		set_mem(xp, in, &ops[1], size);
		return 0;
	}
	if (ops[0].k == XO_REG) {
		in = asm_emit(xp, IR_MOV);
		in->dst = ops[0].o.reg;
		in->a = ops[1].o;
		zext32(xp, &ops[0]);
		return 0;
	}
	return asm_unknown(xp);
}

/* xchg: with memory, implicitly locked, one atomic swap. */
static int parse_xchg(asm_parser *xp, const xop *opsin, bool lock, int size)
{
	xop ops[2] = { opsin[0], opsin[1] };
	ir_insn *in;
	int tmp;

	if (ops[0].k == XO_MEM && ops[1].k == XO_REG) {
		xop t = ops[0];
		ops[0] = ops[1];
		ops[1] = t;
	}
	if (ops[0].k != XO_REG || ops[1].k == XO_IMM)
		return asm_unknown(xp);
	if (ops[1].k == XO_MEM) {
		in = asm_emit(xp, IR_RMW);
		in->split = true;
		in->alu = ALU_MOVB;
		set_mem(xp, in, &ops[1], size);
		in->dst = ops[0].o.reg;
		in->b = ops[0].o;
		in->tags_r = in->tags_w = TAG(X86_TAG_X);
		return 0;
	}
	if (lock)
		return asm_unknown(xp);
	tmp = litmus_reg(xp->t, SCRATCH);
	in = asm_emit(xp, IR_MOV);
	in->dst = tmp;
	in->a = ops[0].o;
	in = asm_emit(xp, IR_MOV);
	in->dst = ops[0].o.reg;
	in->a = ops[1].o;
	in = asm_emit(xp, IR_MOV);
	in->dst = ops[1].o.reg;
	in->a = (opnd){ .kind = OPND_REG, .reg = tmp };
	return 0;
}

/* The atomics: xchg, lock xadd, lock cmpxchg. */
static int parse_atomic(asm_parser *xp, const char *m)
{
	bool lock = x86(xp)->lock;
	int size = x86(xp)->size;
	xop ops[2];
	ir_insn *in;
	int acc;

	if (strcmp(m, "xchg") != 0 && strcmp(m, "xadd") != 0 && strcmp(m, "cmpxchg") != 0)
		return FE_NOT_MINE;
	if (parse_operands(xp, ops, 2))
		return -1;
	size = op_size(xp, size, ops, 2);
	if (!strcmp(m, "xchg"))
		return parse_xchg(xp, ops, lock, size);
	/* herd7's X86_64 grammar writes `cmpxchg (mem),%reg`, the memory
	 * operand first; no AT&T form has it there, so that order is read
	 * as the same instruction (docs/mixed-size.md, "x86") */
	if (x86(xp)->att && !strcmp(m, "cmpxchg") && ops[0].k == XO_REG && ops[1].k == XO_MEM) {
		xop tmp = ops[0];
		ops[0] = ops[1];
		ops[1] = tmp;
	}
	if (ops[0].k != XO_MEM || ops[1].k != XO_REG)
		return asm_unknown(xp);
	if (!strcmp(m, "xadd")) {
		/* xadd dst(mem),src(reg): src = old, mem = old + src */
		if (!lock)
			return asm_unsupported(xp, "XADD without LOCK");
		in = asm_emit(xp, IR_RMW);
		in->split = true;
		in->alu = ALU_ADD;
		set_mem(xp, in, &ops[0], size);
		in->dst = ops[1].o.reg;
		in->b = ops[1].o;
		in->tags_r = in->tags_w = TAG(X86_TAG_X);
		return 0;
	}
	/* cmpxchg dst(mem),src(reg): if mem == acc then mem = src;
	 * acc = old either way (unchanged on success).  It sets the flags as
	 * `cmp` of the accumulator with the memory operand (ZF: success), so
	 * a `jne` after it (a retry loop) sees the outcome: the flags get the
	 * expected value and the old one. */
	if (!lock)
		return asm_unsupported(xp, "CMPXCHG without LOCK");
	int fa, fb;
	acc = litmus_reg(xp->t, x86(xp)->att ? "rax" : "EAX");
	fa = litmus_reg(xp->t, FLAG_A);
	fb = litmus_reg(xp->t, FLAG_B);
	/* a byte, word or long CMPXCHG compares the accumulator's low bytes,
	 * and so do its flags (the read is zero-extended); a success leaves
	 * the accumulator alone, its upper bytes included (cmpxchgl-upper) */
	bool narrow = size && size < 8;
	in = asm_emit(xp, narrow ? IR_ALU : IR_MOV);
	in->dst = fa;
	in->a = (opnd){ .kind = OPND_REG, .reg = acc };
	if (narrow) {
		in->alu = ALU_AND;
		in->b = (opnd){ .kind = OPND_IMM,
				.imm = value_int((int64_t)(((uint64_t)1 << (8 * size)) - 1)) };
	}
	in = asm_emit(xp, IR_CAS);
	set_mem(xp, in, &ops[0], size);
	in->dst = narrow ? fb : acc;
	in->b = (opnd){ .kind = OPND_REG, .reg = narrow ? fa : acc };
	in->c = ops[1].o;
	in->tags_r = in->tags_w = in->tags_fail = TAG(X86_TAG_X);
	if (narrow) {
		/* the old value went to the flag register; only a failure
		 * writes the accumulator (success leaves its upper bytes,
		 * as the hardware and herd7) */
		in = asm_emit(xp, IR_PICK);
		in->cmp = CMP_NE;
		in->a = (opnd){ .kind = OPND_REG, .reg = fa };
		in->b = (opnd){ .kind = OPND_REG, .reg = fb };
		in->dst = acc;
		in->c = (opnd){ .kind = OPND_REG, .reg = fb };
		return 0;
	}
	in = asm_emit(xp, IR_MOV);
	in->dst = fb;
	in->a = (opnd){ .kind = OPND_REG, .reg = acc };
	return 0;
}

/* cmp and test: the flags are the pair of hidden registers FLAG_A (the
 * first Intel operand; for test, a & b) and FLAG_B (the second; for test,
 * 0). */
static int parse_compare(asm_parser *xp, const char *m)
{
	xop ops[2];
	int fa, fb, tmp;

	int size = x86(xp)->size;

	if (strcmp(m, "cmp") != 0 && strcmp(m, "test") != 0)
		return FE_NOT_MINE;
	if (parse_operands(xp, ops, 2))
		return -1;
	size = op_size(xp, size, ops, 2);
	opnd a = ops[0].o, b = ops[1].o;
	for (int k = 0; k < 2; k++)
		if (ops[k].k == XO_MEM) {
			if (ops[1 - k].k == XO_MEM || load_scratch(xp, &ops[k], size, &tmp))
				return ops[1 - k].k == XO_MEM ? asm_unknown(xp) : -1;
			(k ? &b : &a)->kind = OPND_REG;
			(k ? &b : &a)->reg = tmp;
		}
	fa = litmus_reg(xp->t, FLAG_A);
	fb = litmus_reg(xp->t, FLAG_B);
	fe_flags_set(xp->th, xp->insn_pos, fa, fb, a, b, m[0] == 't');
	return 0;
}

/* The instruction classes, in the order x86_insn tries them. */
static const asm_class x86_classes[] = {
	parse_fence, parse_branch, parse_alu, parse_mov, parse_atomic, parse_compare,
};

/* An optional LOCK, then the instruction. */
static int x86_insn(asm_parser *xp, bool labelled)
{
	x86_parser *x = x86(xp);
	char m[LEX_MAX_NAME];

	(void)labelled;
	x->lock = false;
	if (read_mnemonic(xp, m, &x->size))
		return -1;
	if (!strcmp(m, "lock")) {
		x->lock = true;
		if (read_mnemonic(xp, m, &x->size))
			return -1;
		if (!strcmp(m, "lock"))
			return asm_unknown(xp);
	}
	if (x->lock && strcmp(m, "xchg") && strcmp(m, "xadd") && strcmp(m, "cmpxchg")
	    && strcmp(m, "inc") && strcmp(m, "dec") && strcmp(m, "add") && strcmp(m, "sub")
	    && strcmp(m, "and") && strcmp(m, "or") && strcmp(m, "xor"))
		return asm_unsupported(xp, "LOCK with this instruction");
	return ASM_CLASSES(xp, m, x86_classes);
}

static const asm_dialect x86_dialect = {
	.ir_per_cell = IR_PER_CELL,
	.insn = x86_insn,
};

static int parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			diag *d, bool att)
{
	return asm_parse_thread(&(x86_parser){ .att = att }.p, &x86_dialect, t, ti, cells, ncells, d);
}

static int x64_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			    diag *d)
{
	return parse_thread(t, ti, cells, ncells, d, true);
}

static int x32_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			    diag *d)
{
	return parse_thread(t, ti, cells, ncells, d, false);
}

const frontend x86_64_frontend = {
	.arch = "X86_64",
	.default_model = "x86tso.cat",
	.tag_names = x86_tag_names,
	.ntags = X86_NTAGS,
	.is_register = x64_is_register,
	.canon_register = x64_canon_register,
	.parse_thread = x64_parse_thread,
	.jit_arch = "x86-64",
	.qemu_arch = "x86_64",
	.mixed = true,
};

const frontend x86_frontend = {
	.arch = "X86",
	.default_model = "x86tso.cat",
	.tag_names = x86_tag_names,
	.ntags = X86_NTAGS,
	.is_register = x32_is_register,
	.canon_register = x32_canon_register,
	.parse_thread = x32_parse_thread,
};
