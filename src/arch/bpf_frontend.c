/* bpf_frontend.c - parse BPF litmus cells and lower them to IR.
 *
 * Each cell holds at most one label (`L:`) and at most one instruction, and
 * every instruction becomes exactly one IR instruction, so a thread needs at
 * most as many IR slots, labels and gotos as it has cells.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arch/bpf_frontend.h"
#include "arch/asm_kit.h"
#include "base/xalloc.h"

enum { BPF_TAG_X, BPF_TAG_SC, BPF_TAG_AQ, BPF_TAG_RL, BPF_NTAGS };

/* Event tags, visible to the cat model as event sets of the same name.
 * These are exactly herd7's BPF sets (docs/bpf-event-tags.md); herd7 has no
 * set for the non-fetching `lock` atomics, a model reaches them as X \ SC. */
static const char *const bpf_tag_names[] = {
	/* both events of every atomic read-modify-write, `lock` ones included */
	[BPF_TAG_X] = "X",
	/* both events of a fully ordered atomic (atomic_fetch_*, xchg,
	 * successful cmpxchg); a failed cmpxchg is a plain read */
	[BPF_TAG_SC] = "SC",
	/* the read of load_acquire */
	[BPF_TAG_AQ] = "AQ",
	/* the write of store_release */
	[BPF_TAG_RL] = "RL",
};
_Static_assert(sizeof bpf_tag_names / sizeof *bpf_tag_names == BPF_NTAGS,
	       "one name per BPF tag");


/* `rD op= src` */
static const struct { const char *op; alu_op alu; } bpf_alu_ops[] = {
	{ "+=", ALU_ADD }, { "-=", ALU_SUB }, { "*=", ALU_MUL }, { "/=", ALU_DIV },
	{ "%=", ALU_MOD }, { "&=", ALU_AND }, { "|=", ALU_OR }, { "^=", ALU_XOR },
	{ "<<=", ALU_SHL }, { ">>=", ALU_SHR }, { "s>>=", ALU_ASHR },
};

/* `lock *(uN *)(rD + off) op= rS` */
static const struct { const char *op; alu_op alu; } bpf_lock_ops[] = {
	{ "+=", ALU_ADD }, { "&=", ALU_AND }, { "|=", ALU_OR }, { "^=", ALU_XOR },
};

/* `if rA op src goto L`; a longer operator precedes its prefixes. */
static const struct { const char *op; cmp_op cmp; } bpf_cmp_ops[] = {
	{ "==", CMP_EQ }, { "!=", CMP_NE },
	{ "s<=", CMP_SLE }, { "s<", CMP_SLT }, { "s>=", CMP_SGE }, { "s>", CMP_SGT },
	{ "<=", CMP_LE }, { "<", CMP_LT }, { ">=", CMP_GE }, { ">", CMP_GT },
	{ "&", CMP_SET },
};

/* Value-returning instructions written as calls: `rD = NAME(ADDR, ...)`. */
typedef enum { CALL_FETCH, CALL_XCHG, CALL_CMPXCHG, CALL_LOAD_ACQUIRE } call_kind;
static const struct {
	const char *name;
	call_kind kind;
	alu_op alu;   /* CALL_FETCH, CALL_XCHG: how the new value is made */
	int size;     /* 0: ADDR is `(uN *)(rB + off)`; else `rB + off`, this size */
} bpf_calls[] = {
	{ "atomic_fetch_add", CALL_FETCH, ALU_ADD, 0 },
	{ "atomic_fetch_and", CALL_FETCH, ALU_AND, 0 },
	{ "atomic_fetch_or", CALL_FETCH, ALU_OR, 0 },
	{ "atomic_fetch_xor", CALL_FETCH, ALU_XOR, 0 },
	{ "atomic_xchg", CALL_XCHG, ALU_MOVB, 0 },
	{ "xchg_64", CALL_XCHG, ALU_MOVB, 8 },
	{ "xchg_32_32", CALL_XCHG, ALU_MOVB, 4 },
	{ "xchg32_32", CALL_XCHG, ALU_MOVB, 4 },
	{ .name = "cmpxchg_64", .kind = CALL_CMPXCHG, .size = 8 },
	{ .name = "cmpxchg32_32", .kind = CALL_CMPXCHG, .size = 4 },
	{ .name = "load_acquire", .kind = CALL_LOAD_ACQUIRE, .size = 0 },
};

typedef struct {
	asm_parser p;
	struct { int insn; srcpos pos; int64_t off; } *jumps;   /* `goto +N` */
	int njumps;
} bpf_parser;

static bpf_parser *bpf(asm_parser *p)
{
	return (bpf_parser *)p;
}

static bool bpf_is_register(const char *name)
{
	if (name[0] != 'r')
		return false;
	if (name[1] >= '0' && name[1] <= '9' && name[2] == '\0')
		return true;
	return strcmp(name, "r10") == 0;
}

/* The names an instruction may spell, for "did you mean": the calls of
 * bpf_calls and the instructions written as a keyword. */
static int bpf_unknown(asm_parser *bp)
{
	const char *names[NELEM(bpf_calls) + 6];
	size_t n = 0;

	for (size_t i = 0; i < NELEM(bpf_calls); i++)
		names[n++] = bpf_calls[i].name;
	names[n++] = "store_release";
	names[n++] = "lock";
	names[n++] = "goto";
	names[n++] = "exit";
	names[n] = NULL;
	return asm_unknown_names(bp, names);
}

static int parse_reg(asm_parser *bp, int *reg)
{
	return asm_reg(bp, NULL, reg);
}

static int parse_reg_opnd(asm_parser *bp, opnd *o)
{
	o->kind = OPND_REG;
	return parse_reg(bp, &o->reg);
}

/* A register or an integer. */
static int parse_src(asm_parser *bp, opnd *o)
{
	if (lex_peek_number(&bp->lx)) {
		o->kind = OPND_IMM;
		o->imm = value_int(0);
		return lex_int(&bp->lx, &o->imm.off, "a number");
	}
	if (!lex_peek_ident(&bp->lx))
		return lex_error_expected(&bp->lx, "a register or a number");
	return parse_reg_opnd(bp, o);
}

/* `rB`, `rB + off` or `rB - off`: base in in->a, offset in in->off. */
static int parse_base_off(asm_parser *bp, ir_insn *in)
{
	int64_t off;
	srcpos at;

	if (parse_reg_opnd(bp, &in->a))
		return -1;
	if (lex_accept(&bp->lx, "+"))
		return lex_int(&bp->lx, &in->off, "an offset");
	if (!lex_accept(&bp->lx, "-"))
		return 0;
	at = lex_here(&bp->lx);
	if (lex_int(&bp->lx, &off, "an offset"))
		return -1;
	if (off == INT64_MIN)
		return diag_error(bp->d, at, "integer out of range");
	in->off = -off;
	return 0;
}

/* `(uN *)(rB + off)` */
static int parse_typed_addr(asm_parser *bp, ir_insn *in)
{
	static const struct { const char *name; int size; } sizes[] = {
		{ "u8", 1 }, { "u16", 2 }, { "u32", 4 }, { "u64", 8 },
	};
	char name[LEX_MAX_NAME];
	srcpos at;
	size_t i;

	if (lex_expect(&bp->lx, "("))
		return -1;
	at = lex_here(&bp->lx);
	if (lex_ident(&bp->lx, name, "an access size (u8, u16, u32 or u64)"))
		return -1;
	for (i = 0; i < NELEM(sizes) && strcmp(name, sizes[i].name) != 0; i++)
		;
	if (i == NELEM(sizes))
		return diag_error(bp->d, at, "invalid access size '%s' (expected u8, u16, u32 or u64)",
				  name);
	in->size = sizes[i].size;
	if (lex_expect(&bp->lx, "*") || lex_expect(&bp->lx, ")") || lex_expect(&bp->lx, "("))
		return -1;
	return parse_base_off(bp, in) || lex_expect(&bp->lx, ")") ? -1 : 0;
}

/* A branch target: a label, or an offset in instructions from the next
 * one as bpftool and llvm-objdump print it (`+1`, `-3`, `pc+1`), which may
 * be followed by llvm-objdump's `<LBB0_2>`. */
static int parse_target(asm_parser *bp, ir_insn *in)
{
	lexer *lx = &bp->lx;
	srcpos at = lex_here(lx);
	int64_t off;

	lex_skip_blanks(lx);
	if (!strncmp(lx->p, "pc", 2) && (lx->p[2] == '+' || lx->p[2] == '-'))
		lex_advance(lx, 2);
	if (*lx->p != '+' && *lx->p != '-')
		return asm_label_ref(bp);
	bool plus = *lx->p == '+';
	if (plus)
		lex_advance(lx, 1);
	if (lex_int(lx, &off, "an offset"))
		return -1;
	if (plus && off < 0)
		return diag_error(bp->d, at, "bad offset");
	if (lex_accept(lx, "<")) {   /* <LBB0_2> */
		while (*lx->p && *lx->p != '>')
			lex_advance(lx, 1);
		if (lex_expect(lx, ">"))
			return -1;
	}
	bpf_parser *b = bpf(bp);
	b->jumps[b->njumps].insn = bp->th->ncode - 1;
	b->jumps[b->njumps].pos = at;
	b->jumps[b->njumps++].off = off;
	(void)in;
	return 0;
}

static int parse_goto(asm_parser *bp, ir_insn *in)
{
	in->op = IR_BRANCH;
	in->cmp = CMP_ALWAYS;
	return parse_target(bp, in);
}

static int parse_if(asm_parser *bp, ir_insn *in)
{
	size_t i;

	in->op = IR_BRANCH;
	if (parse_reg_opnd(bp, &in->a))
		return -1;
	for (i = 0; i < NELEM(bpf_cmp_ops) && !lex_accept(&bp->lx, bpf_cmp_ops[i].op); i++)
		;
	if (i == NELEM(bpf_cmp_ops))
		return lex_error_expected(&bp->lx, "a comparison (== != < <= > >= s< s<= s> s>= &)");
	in->cmp = bpf_cmp_ops[i].cmp;
	if (parse_src(bp, &in->b))
		return -1;
	if (!lex_accept_word(&bp->lx, "goto"))
		return lex_error_expected(&bp->lx, "'goto'");
	return parse_target(bp, in);
}

/* `*(uN *)(rD + off) = src` (the '*' is consumed) */
static int parse_store(asm_parser *bp, ir_insn *in)
{
	in->op = IR_STORE;
	if (parse_typed_addr(bp, in) || lex_expect(&bp->lx, "="))
		return -1;
	return parse_src(bp, &in->b);
}

/* `store_release((uN *)(rD + off), rS)` */
static int parse_store_release(asm_parser *bp, ir_insn *in)
{
	in->op = IR_STORE;
	in->tags_w = TAG(BPF_TAG_RL);
	if (lex_expect(&bp->lx, "(") || parse_typed_addr(bp, in) || lex_expect(&bp->lx, ","))
		return -1;
	return parse_reg_opnd(bp, &in->b) || lex_expect(&bp->lx, ")") ? -1 : 0;
}

/* `lock *(uN *)(rD + off) op= rS` */
static int parse_lock(asm_parser *bp, ir_insn *in)
{
	size_t i;

	in->op = IR_RMW;
	in->tags_r = in->tags_w = TAG(BPF_TAG_X);
	if (lex_expect(&bp->lx, "*") || parse_typed_addr(bp, in))
		return -1;
	for (i = 0; i < NELEM(bpf_lock_ops) && !lex_accept(&bp->lx, bpf_lock_ops[i].op); i++)
		;
	if (i == NELEM(bpf_lock_ops))
		return lex_error_expected(&bp->lx, "'+=', '&=', '|=' or '^='");
	in->alu = bpf_lock_ops[i].alu;
	return parse_reg_opnd(bp, &in->b);
}

/* The call in `rD = NAME(...)`, after its '('. The ISA ties the result to
 * the operand register (r0 for cmpxchg); like herd7, any register is taken. */
static int parse_call(asm_parser *bp, ir_insn *in, size_t ci)
{
	if (bpf_calls[ci].size == 0) {
		if (parse_typed_addr(bp, in))
			return -1;
	} else {
		in->size = bpf_calls[ci].size;
		if (parse_base_off(bp, in))
			return -1;
	}
	switch (bpf_calls[ci].kind) {
	case CALL_LOAD_ACQUIRE:
		in->op = IR_LOAD;
		in->tags_r = TAG(BPF_TAG_AQ);
		break;
	case CALL_FETCH:
	case CALL_XCHG:
		in->op = IR_RMW;
		in->alu = bpf_calls[ci].alu;
		in->tags_r = in->tags_w = TAG(BPF_TAG_SC) | TAG(BPF_TAG_X);
		if (lex_expect(&bp->lx, ",") || parse_reg_opnd(bp, &in->b))
			return -1;
		break;
	case CALL_CMPXCHG:
		/* b: expected value, c: new value; a failure is a plain read. */
		in->op = IR_CAS;
		in->tags_r = in->tags_w = TAG(BPF_TAG_SC) | TAG(BPF_TAG_X);
		if (lex_expect(&bp->lx, ",") || parse_reg_opnd(bp, &in->b)
		    || lex_expect(&bp->lx, ",") || parse_reg_opnd(bp, &in->c))
			return -1;
		break;
	}
	return lex_expect(&bp->lx, ")");
}

/* `rD = ...` and `rD op= src` */
static int parse_assign(asm_parser *bp, ir_insn *in)
{
	lexer *lx = &bp->lx, save;
	char name[LEX_MAX_NAME];
	size_t i;

	if (parse_reg(bp, &in->dst))
		return -1;
	for (i = 0; i < NELEM(bpf_alu_ops); i++)
		if (lex_accept(lx, bpf_alu_ops[i].op)) {
			in->op = IR_ALU;
			in->alu = bpf_alu_ops[i].alu;
			in->a.kind = OPND_REG;
			in->a.reg = in->dst;
			return parse_src(bp, &in->b);
		}
	if (lex_expect(lx, "="))
		return -1;
	if (lex_accept(lx, "*")) {
		in->op = IR_LOAD;
		return parse_typed_addr(bp, in);
	}
	if (!lex_peek_number(lx) && lex_accept(lx, "-")) {
		in->op = IR_ALU;
		in->alu = ALU_NEG;
		return parse_reg_opnd(bp, &in->a);
	}
	save = *lx;
	if (lex_peek_ident(lx) && !lex_ident(lx, name, "a name") && lex_accept(lx, "(")) {
		for (i = 0; i < NELEM(bpf_calls) && strcmp(name, bpf_calls[i].name) != 0; i++)
			;
		if (i == NELEM(bpf_calls))
			return asm_unknown(bp);
		return parse_call(bp, in, i);
	}
	*lx = save;
	in->op = IR_MOV;
	return parse_src(bp, &in->a);
}

/* Does `NAME =` or `NAME op=` come next? */
static bool at_assignment(const lexer *lx)
{
	lexer la = *lx;
	char name[LEX_MAX_NAME];
	size_t i;

	if (!lex_peek_ident(&la) || lex_ident(&la, name, "a name"))
		return false;
	if (lex_accept(&la, "=") && *la.p != '=')
		return true;
	for (i = 0; i < NELEM(bpf_alu_ops); i++)
		if (lex_accept(&la, bpf_alu_ops[i].op))
			return true;
	return false;
}

static int parse_insn(asm_parser *bp, ir_insn *in)
{
	lexer *lx = &bp->lx;

	if (lex_accept_word(lx, "lock"))
		return parse_lock(bp, in);
	if (lex_accept_word(lx, "store_release"))
		return parse_store_release(bp, in);
	if (lex_accept_word(lx, "goto"))
		return parse_goto(bp, in);
	if (lex_accept_word(lx, "if"))
		return parse_if(bp, in);
	if (lex_accept(lx, "*"))
		return parse_store(bp, in);
	if (at_assignment(lx))
		return parse_assign(bp, in);
	return asm_unknown(bp);
}

/* One instruction, one IR step. */
static int bpf_insn(asm_parser *bp, bool labelled)
{
	(void)labelled;
	return parse_insn(bp, asm_emit(bp, IR_MOV));
}

/* Labels, then offsets: one instruction is one IR slot, so `goto +N`
 * from instruction i lands on i + 1 + N (the thread's end included). */
static int bpf_resolve(asm_parser *p)
{
	bpf_parser *bp = bpf(p);

	if (fe_labels_resolve(&p->lab, p->th->code, p->d) < 0)
		return -1;
	for (int k = 0; k < bp->njumps; k++) {
		int64_t to = bp->jumps[k].insn + 1 + bp->jumps[k].off;
		if (to < 0 || to > p->th->ncode)
			return diag_error(p->d, bp->jumps[k].pos,
					  "goto %+lld leaves P%d (instruction %lld of %d)",
					  (long long)bp->jumps[k].off, p->th->id, (long long)to, p->th->ncode);
		p->th->code[bp->jumps[k].insn].target = (int)to;
	}
	return 0;
}

static const asm_dialect bpf_dialect = {
	.ir_per_cell = 1,
	.insn = bpf_insn,
	.resolve = bpf_resolve,
	.unknown = bpf_unknown,
	.reg_hint = " (expected r0..r10)",
};

static int bpf_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			    diag *d)
{
	bpf_parser bp = { .jumps = xcalloc((size_t)ncells + 1, sizeof *bp.jumps) };
	int rc = asm_parse_thread(&bp.p, &bpf_dialect, t, ti, cells, ncells, d);

	free(bp.jumps);
	return rc;
}

bool bpf_verifier_refuses(const litmus_test *t, char *why, size_t n)
{
	for (int ti = 0; ti < t->nthreads; ti++) {
		const litmus_thread *th = &t->threads[ti];
		for (int i = 0; i < th->ncode; i++) {
			const ir_insn *in = &th->code[i];
			if ((in->op == IR_RMW || in->op == IR_CAS) && (in->size == 1 || in->size == 2)) {
				snprintf(why, n, "6.12 verifier: P%d line %d is a %d-byte atomic "
					 "(check_atomic_rmw(), kernel/bpf/verifier.c:7549-7551 "
					 "takes only BPF_W and BPF_DW)", th->id, in->pos.line, in->size);
				return true;
			}
			bool fetch = (in->op == IR_RMW || in->op == IR_CAS) && in->dst >= 0;
			/* the encoding loads into the operand register (src), or
			 * into r0 for cmpxchg: the litmus line names it as rD */
			int load = in->dst;
			if (in->op == IR_RMW && in->b.kind == OPND_REG && in->b.reg == in->a.reg)
				load = in->b.reg;
			if (!fetch || in->a.kind != OPND_REG || in->a.reg != load)
				continue;
			snprintf(why, n, "6.12 verifier: P%d line %d loads the "
				 "atomic's old value into %s, its own address register "
				 "(check_atomic_rmw(), kernel/bpf/verifier.c:7597 marks the "
				 "load register unknown, then 7610 checks the access through it)",
				 th->id, in->pos.line, t->regs[load]);
			return true;
		}
	}
	return false;
}

const frontend bpf_frontend = {
	.arch = "BPF",
	.default_model = "bpf.cat",
	.tag_names = bpf_tag_names,
	.ntags = BPF_NTAGS,
	.is_register = bpf_is_register,
	.parse_thread = bpf_parse_thread,
	.mixed = true,
};
