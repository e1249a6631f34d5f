/* c_frontend.c - parse kernel-C litmus threads and lower them to IR.
 *
 * The body of a C test is a list of functions `Pn(int *x, ...) { ... }`
 * (frontend.parse_body). Each function is parsed statement by statement;
 * an expression is first read into a small tree, then lowered to IR, so
 * that a condition `if (a == b)` can become one branch while `r = a == b`
 * computes a value without a branch (and so without a control dependency).
 *
 * Names: a parameter `x` stands for the address of the shared location x;
 * a local (`int r0;`) is a register. Memory is only reached through `*e`
 * (a plain access) or through the kernel primitives of c_prims.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arch/c_frontend.h"
#include "arch/c_prims.h"
#include "litmus/litmus_lex.h"
#include "base/xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof *(a))

/* ---- expression trees --------------------------------------------------- */

typedef enum {
	B_MUL, B_DIV, B_MOD, B_ADD, B_SUB, B_SHL, B_SHR,
	B_LT, B_LE, B_GT, B_GE, B_EQ, B_NE, B_AND, B_XOR, B_OR, B_LAND, B_LOR,
} binop;

/* Longer operators first; an operator followed by '=' is an assignment. */
static const struct { const char *s; binop op; int prec; } binops[] = {
	{ "<<", B_SHL, 8 }, { ">>", B_SHR, 8 }, { "<=", B_LE, 7 }, { ">=", B_GE, 7 },
	{ "==", B_EQ, 6 }, { "!=", B_NE, 6 }, { "&&", B_LAND, 2 }, { "||", B_LOR, 1 },
	{ "*", B_MUL, 10 }, { "/", B_DIV, 10 }, { "%", B_MOD, 10 },
	{ "+", B_ADD, 9 }, { "-", B_SUB, 9 }, { "<", B_LT, 7 }, { ">", B_GT, 7 },
	{ "&", B_AND, 5 }, { "^", B_XOR, 4 }, { "|", B_OR, 3 },
};

typedef enum { N_NUM, N_REG, N_SYM, N_DEREF, N_ADDR, N_NEG, N_NOT, N_BNOT, N_BIN, N_CALL } nkind;

typedef struct node {
	nkind k;
	srcpos pos;
	int64_t num;        /* N_NUM */
	int reg, sym;       /* N_REG, N_SYM */
	binop op;           /* N_BIN */
	struct node *a, *b; /* operands */
	cprim prim;         /* N_CALL */
	struct node *args[3];
	int nargs;
	struct node *all;   /* every node of a parser, for freeing */
} node;

/* ---- parser state ------------------------------------------------------- */

#define MAX_NAMES 256

typedef struct {
	litmus_test *t;
	litmus_thread *th;
	int cap;                       /* of th->code */
	lexer lx;
	diag *d;
	srcpos stmt_pos;
	char params[MAX_NAMES][LEX_MAX_NAME];
	int nparams;
	char locals[MAX_NAMES][LEX_MAX_NAME];
	int nlocals;
	int ntemps;
	node *nodes;
	int nnodes;                    /* in the current statement */
	int depth;                     /* of nested expressions and statements */
} cparser;

/* Bounds on recursion: nesting depth, and nodes per statement (the height
 * of a `a + b + ...` chain, which lowering recurses on). */
#define MAX_DEPTH 200
#define MAX_NODES 5000

static node *new_node(cparser *cp, nkind k, srcpos pos)
{
	node *n;

	if (++cp->nnodes > MAX_NODES) {
		diag_error(cp->d, pos, "expression too large (more than %d terms)", MAX_NODES);
		return NULL;
	}
	n = xcalloc(1, sizeof *n);
	n->k = k;
	n->pos = pos;
	n->all = cp->nodes;
	cp->nodes = n;
	return n;
}

static void free_nodes(cparser *cp)
{
	while (cp->nodes) {
		node *n = cp->nodes;
		cp->nodes = n->all;
		free(n);
	}
	cp->nnodes = 0;
}

static bool is_type_word(const char *w)
{
	static const char *const types[] = {
		"int", "long", "unsigned", "signed", "char", "short", "void", "bool",
		"u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
		"intptr_t", "uintptr_t", "atomic_t", "atomic_long_t", "spinlock_t",
		"const", "volatile", "struct",
	};
	for (size_t i = 0; i < NELEM(types); i++)
		if (!strcmp(types[i], w))
			return true;
	return false;
}

static bool peek_type(cparser *cp)
{
	char w[LEX_MAX_NAME];
	const char *p;
	size_t n = 0;

	lex_skip_blanks(&cp->lx);
	p = cp->lx.p;
	if (!lex_is_ident_start(*p))
		return false;
	while (lex_is_ident_char(*p) && n + 1 < sizeof w)
		w[n++] = *p++;
	w[n] = '\0';
	return is_type_word(w);
}

/* Words and '*'s of a type (at least one word); `struct NAME` and the
 * like take the next word as their tag. */
static int skip_type(cparser *cp)
{
	char w[LEX_MAX_NAME];

	for (;;) {
		if (lex_ident(&cp->lx, w, "a type"))
			return -1;
		if ((!strcmp(w, "struct") || !strcmp(w, "union") || !strcmp(w, "enum"))
		    && lex_ident(&cp->lx, w, "a struct name"))
			return -1;
		while (lex_accept(&cp->lx, "*"))
			;
		if (!peek_type(cp))
			return 0;
	}
}

static int find_name(char (*names)[LEX_MAX_NAME], int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return i;
	return -1;
}

static int add_name(cparser *cp, char (*names)[LEX_MAX_NAME], int *n, const char *name,
		    srcpos pos)
{
	if (find_name(names, *n, name) >= 0)
		return 0;
	if (*n == MAX_NAMES)
		return diag_error(cp->d, pos, "too many names (at most %d)", MAX_NAMES);
	strcpy(names[(*n)++], name);
	return 0;
}

/* ---- expressions: parsing ----------------------------------------------- */

static node *parse_expr(cparser *cp, int minprec);

static node *parse_call(cparser *cp, const char *name, srcpos pos)
{
	node *n = new_node(cp, N_CALL, pos);
	int want;

	if (!n)
		return NULL;
	if (!c_find_prim(name, &n->prim)) {
		diag_error(cp->d, pos, "unknown C primitive '%s'", name);
		return NULL;
	}
	want = c_prim_nargs(&n->prim);
	/* `(` was consumed */
	if (!lex_accept(&cp->lx, ")")) {
		for (;;) {
			if (n->nargs == 3) {
				diag_error(cp->d, lex_here(&cp->lx), "too many arguments to %s", name);
				return NULL;
			}
			if (!(n->args[n->nargs++] = parse_expr(cp, 1)))
				return NULL;
			if (lex_accept(&cp->lx, ")"))
				break;
			if (lex_expect(&cp->lx, ","))
				return NULL;
		}
	}
	if (n->nargs != want) {
		diag_error(cp->d, pos, "%s takes %d argument%s, found %d", name, want,
			   want == 1 ? "" : "s", n->nargs);
		return NULL;
	}
	return n;
}

static node *parse_unary_in(cparser *cp);

static node *parse_unary(cparser *cp)
{
	node *n;

	if (++cp->depth > MAX_DEPTH) {
		diag_error(cp->d, lex_here(&cp->lx), "nesting too deep (more than %d levels)", MAX_DEPTH);
		return NULL;
	}
	n = parse_unary_in(cp);
	cp->depth--;
	return n;
}

static node *parse_unary_in(cparser *cp)
{
	lexer *lx = &cp->lx;
	srcpos pos = lex_here(lx);
	char name[LEX_MAX_NAME];
	node *n;
	nkind k;

	if (lex_peek_number(lx)) {
		if (!(n = new_node(cp, N_NUM, pos)) || lex_int(lx, &n->num, "a number"))
			return NULL;
		return n;
	}
	if (lex_accept(lx, "(")) {
		if (peek_type(cp)) {          /* a cast: ignored */
			if (skip_type(cp) || lex_expect(lx, ")"))
				return NULL;
			return parse_unary(cp);
		}
		n = parse_expr(cp, 1);
		if (!n || lex_expect(lx, ")"))
			return NULL;
		return n;
	}
	if (lex_accept(lx, "*"))
		k = N_DEREF;
	else if (lex_accept(lx, "&") )
		k = N_ADDR;
	else if (lex_accept(lx, "-"))
		k = N_NEG;
	else if (lex_accept(lx, "!"))
		k = N_NOT;
	else if (lex_accept(lx, "~"))
		k = N_BNOT;
	else if (lex_peek_ident(lx)) {
		if (lex_ident(lx, name, "a name"))
			return NULL;
		if (lex_accept(lx, "("))
			return parse_call(cp, name, pos);
		if (!strcmp(name, "NULL")) {
			n = new_node(cp, N_NUM, pos);
			return n;
		}
		if (find_name(cp->params, cp->nparams, name) < 0
		    && add_name(cp, cp->locals, &cp->nlocals, name, pos))
			return NULL;   /* an undeclared name is a register (herd7) */
		if (find_name(cp->locals, cp->nlocals, name) >= 0) {
			if (!(n = new_node(cp, N_REG, pos)))
				return NULL;
			n->reg = litmus_reg(cp->t, name);
			return n;
		}
		if (find_name(cp->params, cp->nparams, name) >= 0) {
			if (!(n = new_node(cp, N_SYM, pos)))
				return NULL;
			n->sym = litmus_sym(cp->t, name);
			return n;
		}
		return NULL;    /* not reached: a name is a local or a parameter */
	} else {
		lex_error_expected(lx, "an expression");
		return NULL;
	}
	if (!(n = new_node(cp, k, pos)) || !(n->a = parse_unary(cp)))
		return NULL;
	return n;
}

/* The binary operator at the cursor, or -1. */
static int peek_binop(cparser *cp)
{
	lex_skip_blanks(&cp->lx);
	for (size_t i = 0; i < NELEM(binops); i++) {
		size_t n = strlen(binops[i].s);
		if (strncmp(cp->lx.p, binops[i].s, n) != 0)
			continue;
		char next = cp->lx.p[n];
		/* `+=`, `<<=`, ...: an assignment; `++`: not ours either */
		if (binops[i].s[n - 1] != '=' && next == '=')
			return -1;
		if (n == 1 && (next == '+' || next == '-') && next == binops[i].s[0])
			return -1;
		return (int)i;
	}
	return -1;
}

static node *parse_expr(cparser *cp, int minprec)
{
	node *l = parse_unary(cp), *n;
	int i;

	while (l && (i = peek_binop(cp)) >= 0 && binops[i].prec >= minprec) {
		srcpos pos = lex_here(&cp->lx);
		lex_advance(&cp->lx, strlen(binops[i].s));
		if (!(n = new_node(cp, N_BIN, pos)))
			return NULL;
		n->op = binops[i].op;
		n->a = l;
		if (!(n->b = parse_expr(cp, binops[i].prec + 1)))
			return NULL;
		l = n;
	}
	return l;
}

/* ---- IR emission -------------------------------------------------------- */

static ir_insn *emit(cparser *cp, ir_op op)
{
	litmus_thread *th = cp->th;

	if (th->ncode == cp->cap) {
		int ncap = cp->cap ? 2 * cp->cap : 16;
		th->code = xrealloc(th->code, sizeof *th->code * (size_t)ncap);
		cp->cap = ncap;
	}
	ir_insn *in = &th->code[th->ncode++];
	memset(in, 0, sizeof *in);
	in->op = op;
	in->pos = cp->stmt_pos;
	in->dst = -1;
	/* herd7's C semantics puts an RMW's read po-before its write, which
	 * the kernel's coherence check (po-loc | com) relies on */
	in->rmw_po = op == IR_RMW || op == IR_CAS;
	return in;
}

static int new_temp(cparser *cp)
{
	char name[32];

	snprintf(name, sizeof name, "__t%d", cp->ntemps++);
	return litmus_reg(cp->t, name);
}

static opnd imm(int64_t v)
{
	opnd o = { .kind = OPND_IMM, .imm = value_int(v) };
	return o;
}

static opnd reg_opnd(int r)
{
	opnd o = { .kind = OPND_REG, .reg = r };
	return o;
}

static bool is_temp(cparser *cp, opnd o)
{
	return o.kind == OPND_REG && strncmp(cp->t->regs[o.reg], "__t", 3) == 0;
}

/* dst = a op b, folding constants. Returns the result operand. */
static int alu3(cparser *cp, alu_op op, opnd a, opnd b, opnd *out)
{
	/* fold two integer constants, as the executor would compute them (not
	 * / and %: C's division by zero is not BPF's) */
	value v;
	if (a.kind == OPND_IMM && b.kind == OPND_IMM && a.imm.sym < 0 && b.imm.sym < 0
	    && op != ALU_SDIV && op != ALU_SMOD && op != ALU_NEG && op != ALU_MOVB
	    && ir_alu(op, a.imm, b.imm, &v)) {
		*out = imm(v.off);
		return 0;
	}
	int t = new_temp(cp);
	ir_insn *in = emit(cp, IR_ALU);
	in->dst = t;
	in->alu = op;
	in->a = a;
	in->b = b;
	*out = reg_opnd(t);
	return 0;
}

/* 1 if d != 0 else 0, without a branch: (d | -d) >> 63, logically. */
static int nonzero(cparser *cp, opnd d, opnd *out)
{
	opnd neg, or;
	return alu3(cp, ALU_SUB, imm(0), d, &neg) || alu3(cp, ALU_OR, d, neg, &or)
	       || alu3(cp, ALU_SHR, or, imm(63), out) ? -1 : 0;
}

static int lower(cparser *cp, node *n, opnd *out);
static int lower_compare(cparser *cp, binop op, opnd a, opnd b, opnd *out);

/* The address an lvalue `*e` designates (or `x` for a shared x). */
static int lower_addr(cparser *cp, node *n, opnd *out)
{
	if (n->k == N_DEREF)
		return lower(cp, n->a, out);
	return diag_error(cp->d, n->pos, "expected a memory location `*p`");
}

static void mb_fence(cparser *cp)
{
	emit(cp, IR_FENCE)->tags_f = TAG(T_MB);
}

/* The arguments of the primitive call n: the location (the address an
 * lvalue designates, or the pointer's value), then the values v and w
 * (atomic_add(V, P) and the like name the location second). */
static int lower_args(cparser *cp, node *n, opnd *addr, opnd *v, opnd *w)
{
	const cprim *p = &n->prim;
	bool op = p->kind == P_OP || p->kind == P_OP_RETURN || p->kind == P_FETCH_OP;
	int ai = op && !p->one ? 1 : 0;     /* argument holding the location */

	if (p->lvalue ? lower_addr(cp, n->args[ai], addr) : lower(cp, n->args[ai], addr))
		return -1;
	if (op) {
		if (p->one)
			*v = imm(1);
		else if (lower(cp, n->args[0], v))
			return -1;
	} else if (n->nargs > 1 && lower(cp, n->args[1], v)) {
		return -1;
	}
	if (n->nargs > 2 && lower(cp, n->args[2], w))
		return -1;
	return 0;
}

/* spin_lock, spin_trylock, spin_is_locked, spin_unlock of the lock at
 * addr. */
static int lower_lock_call(cparser *cp, const cprim *p, opnd addr, opnd *out)
{
	ir_insn *in;
	int t;

	switch (p->kind) {
	case P_LOCK:
		/* a read (LKR) and a write taking the lock (LKW); lock.cat
		 * pairs them itself (lk-rmw: adjacent in po, same location) */
		t = new_temp(cp);
		in = emit(cp, IR_LOAD);
		in->dst = t;
		in->a = addr;
		in->tags_r = TAG(T_LKR);
		/* lock.cat gives the lock read its rf (from the initial write
		 * or the unlock co-before its lock write): no guess, no rf
		 * from the engine; it reads "unlocked" */
		in->model_rf = true;
		in->b = imm(0);
		in = emit(cp, IR_STORE);
		in->a = addr;
		in->b = imm(1);
		in->tags_w = TAG(T_LKW);
		return 0;
	case P_TRYLOCK:
		/* success: LKR + LKW taking the lock, value 1; failure: LF, 0 */
		t = new_temp(cp);
		in = emit(cp, IR_CAS);
		in->dst = t;
		in->a = addr;
		in->b = imm(0);
		in->c = imm(1);
		in->tags_r = TAG(T_LKR);
		in->tags_w = TAG(T_LKW);
		in->tags_fail = TAG(T_LF);
		return alu3(cp, ALU_XOR, reg_opnd(t), imm(1), out);
	case P_ISLOCKED:
		t = new_temp(cp);
		in = emit(cp, IR_CAS);
		in->dst = t;
		in->a = addr;
		in->b = imm(1);
		in->tags_r = TAG(T_RL);
		in->tags_fail = TAG(T_RU);
		*out = reg_opnd(t);
		return 0;
	default:        /* P_UNLOCK */
		in = emit(cp, IR_STORE);
		in->a = addr;
		in->b = imm(0);
		in->tags_w = TAG(T_UL);
		return 0;
	}
}

/* xchg and the atomic operations on addr with value v: one split RMW,
 * the fences of a fully ordered one around it, and what a returning form
 * gives (the old value, the new one, or a test of the new one). */
static int lower_rmw_call(cparser *cp, const cprim *p, opnd addr, opnd v, opnd *out)
{
	ir_insn *in;
	int t = -1;

	if (p->kind != P_OP)
		t = new_temp(cp);
	if (p->kind != P_OP && p->tag == ORD_MB)
		mb_fence(cp);
	in = emit(cp, IR_RMW);
	in->split = true;
	in->dst = t;
	in->a = addr;
	in->b = v;
	in->alu = p->kind == P_XCHG ? ALU_MOVB : p->alu;
	c_rmw_tags(p->tag, &in->tags_r, &in->tags_w);
	if (p->kind == P_OP) {
		/* a non-returning atomic: its read is 'noreturn */
		in->tags_r = TAG(T_NORETURN) | TAG(T_RMW);
		in->tags_w = TAG(T_ONCE) | TAG(T_RMW);
		return 0;
	}
	if (p->tag == ORD_MB)
		mb_fence(cp);
	*out = reg_opnd(t);
	if (p->kind == P_OP_RETURN && alu3(cp, p->alu, *out, v, out))
		return -1;
	if (p->test == 1) {     /* new == 0 */
		opnd nz;
		return nonzero(cp, *out, &nz) || alu3(cp, ALU_XOR, nz, imm(1), out) ? -1 : 0;
	}
	if (p->test == 2)       /* new < 0 */
		return alu3(cp, ALU_SHR, *out, imm(63), out) ? -1 : 0;
	return 0;
}

/* cmpxchg (expected v, new w) and atomic_add_unless (add v unless w) on
 * addr: one IR_CAS, whose fences exist on success only. */
static int lower_cas_call(cparser *cp, const cprim *p, opnd addr, opnd v, opnd w, opnd *out)
{
	int t = new_temp(cp);
	ir_insn *in = emit(cp, IR_CAS);

	in->dst = t;
	in->a = addr;
	c_rmw_tags(p->tag, &in->tags_r, &in->tags_w);
	in->tags_fail = TAG(T_ONCE) | TAG(T_RMW);   /* failed: a relaxed read */
	if (p->kind == P_CMPXCHG) {
		in->b = v;
		in->c = w;
		/* the mb fences of a fully ordered one exist only on success
		 * (the executor adds them; a branch here would add ctrl) */
		if (p->tag == ORD_MB)
			in->tags_fence_ok = TAG(T_MB);
		*out = reg_opnd(t);
		return 0;
	}
	/* atomic_add_unless: a cmpxchg that succeeds on a difference and
	 * adds: the same events (herd-representation.txt lists it with
	 * cmpxchg), so the same tags and fences on success only */
	in->b = w;
	in->c = v;
	in->cmp = CMP_NE;
	in->alu_new = true;
	in->alu = ALU_ADD;
	in->tags_fence_ok = TAG(T_MB);
	/* the value: whether it added, without a branch (no ctrl) */
	return lower_compare(cp, B_NE, reg_opnd(t), w, out);
}

/* A primitive call (n->prim): the dispatch over its kind. */
static int lower_call(cparser *cp, node *n, opnd *out)
{
	const cprim *p = &n->prim;
	opnd addr = { 0 }, v = { 0 }, w = { 0 };
	ir_insn *in;
	int t;

	*out = imm(0);
	if (p->kind == P_FENCE) {
		emit(cp, IR_FENCE)->tags_f = TAG(p->tag);
		return 0;
	}
	if (lower_args(cp, n, &addr, &v, &w))
		return -1;
	switch (p->kind) {
	case P_LOAD:
		t = new_temp(cp);
		in = emit(cp, IR_LOAD);
		in->dst = t;
		in->a = addr;
		in->tags_r = TAG(p->tag);
		*out = reg_opnd(t);
		return 0;
	case P_STORE:
	case P_STORE_MB:
		in = emit(cp, IR_STORE);
		in->a = addr;
		in->b = v;
		in->tags_w = TAG(p->tag);
		if (p->kind == P_STORE_MB)
			mb_fence(cp);
		return 0;
	case P_LOCK:
	case P_TRYLOCK:
	case P_ISLOCKED:
	case P_UNLOCK:
		return lower_lock_call(cp, p, addr, out);
	case P_XCHG:
	case P_OP:
	case P_OP_RETURN:
	case P_FETCH_OP:
		return lower_rmw_call(cp, p, addr, v, out);
	case P_CMPXCHG:
	case P_ADD_UNLESS:
		return lower_cas_call(cp, p, addr, v, w, out);
	case P_SRCU_SYNC:
		in = emit(cp, IR_FENCE);
		in->a = addr;
		in->tags_f = TAG(p->tag);
		return 0;
	case P_FENCE:
		break;
	}
	return 0;
}

static int lower_compare(cparser *cp, binop op, opnd a, opnd b, opnd *out)
{
	opnd d, lt;

	switch (op) {
	case B_EQ:
	case B_NE:      /* addresses too: equal when the same location */
		return alu3(cp, op == B_EQ ? ALU_EQ : ALU_NE, a, b, out);
	case B_LT: case B_GE:    /* a < b: the sign of a - b */
		if (alu3(cp, ALU_SUB, a, b, &d) || alu3(cp, ALU_SHR, d, imm(63), &lt))
			return -1;
		if (op == B_LT) {
			*out = lt;
			return 0;
		}
		return alu3(cp, ALU_XOR, lt, imm(1), out);
	case B_GT: case B_LE:    /* a > b: b < a */
		if (alu3(cp, ALU_SUB, b, a, &d) || alu3(cp, ALU_SHR, d, imm(63), &lt))
			return -1;
		if (op == B_GT) {
			*out = lt;
			return 0;
		}
		return alu3(cp, ALU_XOR, lt, imm(1), out);
	default:
		return -1;
	}
}

/* Does evaluating n access memory (a read, a primitive)? */
static bool has_effects(const node *n)
{
	if (!n)
		return false;
	if (n->k == N_DEREF || n->k == N_CALL)
		return true;
	return has_effects(n->a) || has_effects(n->b);
}

static void end_ctrl(cparser *cp, int branch);
static void patch(cparser *cp, int at);

/* The value of `a && b` / `a || b` whose right operand accesses memory:
 * C evaluates b only when a does not decide, so a branch skips it
 * (t = a != 0; if (t decides) goto L; t = b != 0; L:). The branch's
 * control dependency ends at L, as an if statement's. Without memory
 * accesses on the right, both operands are computed without a branch. */
static int lower_logic(cparser *cp, node *n, opnd *out)
{
	opnd a, x, y;
	ir_insn *in;
	int t, j;

	if (lower(cp, n->a, &a) || nonzero(cp, a, &x))
		return -1;
	t = new_temp(cp);
	in = emit(cp, IR_MOV);
	in->dst = t;
	in->a = x;
	in = emit(cp, IR_BRANCH);
	j = cp->th->ncode - 1;
	in->a = reg_opnd(t);
	in->b = imm(0);
	in->cmp = n->op == B_LAND ? CMP_EQ : CMP_NE;
	if (lower(cp, n->b, &y) || nonzero(cp, y, &x))
		return -1;
	in = emit(cp, IR_MOV);
	in->dst = t;
	in->a = x;
	patch(cp, j);
	end_ctrl(cp, j);
	*out = reg_opnd(t);
	return 0;
}

/* Lower n to an operand holding its value. */
static int lower(cparser *cp, node *n, opnd *out)
{
	opnd a, b;
	ir_insn *in;
	int t;

	switch (n->k) {
	case N_NUM:
		*out = imm(n->num);
		return 0;
	case N_REG:
		*out = reg_opnd(n->reg);
		return 0;
	case N_SYM:
		*out = (opnd){ .kind = OPND_IMM, .imm = value_addr(n->sym) };
		return 0;
	case N_ADDR:
		if (n->a->k == N_SYM)
			return lower(cp, n->a, out);
		return lower_addr(cp, n->a, out);
	case N_DEREF:        /* a plain read */
		if (lower(cp, n->a, &a))
			return -1;
		t = new_temp(cp);
		in = emit(cp, IR_LOAD);
		in->dst = t;
		in->a = a;
		*out = reg_opnd(t);
		return 0;
	case N_NEG:
		if (lower(cp, n->a, &a))
			return -1;
		return alu3(cp, ALU_SUB, imm(0), a, out);
	case N_BNOT:
		if (lower(cp, n->a, &a))
			return -1;
		return alu3(cp, ALU_XOR, a, imm(-1), out);
	case N_NOT:
		if (lower(cp, n->a, &a) || nonzero(cp, a, &b))
			return -1;
		return alu3(cp, ALU_XOR, b, imm(1), out);
	case N_CALL:
		return lower_call(cp, n, out);
	case N_BIN:
		break;
	}
	if ((n->op == B_LAND || n->op == B_LOR) && has_effects(n->b))
		return lower_logic(cp, n, out);
	if (lower(cp, n->a, &a) || lower(cp, n->b, &b))
		return -1;
	switch (n->op) {
	case B_MUL: return alu3(cp, ALU_MUL, a, b, out);
	case B_DIV: return alu3(cp, ALU_SDIV, a, b, out);
	case B_MOD: return alu3(cp, ALU_SMOD, a, b, out);
	case B_ADD: return alu3(cp, ALU_ADD, a, b, out);
	case B_SUB: return alu3(cp, ALU_SUB, a, b, out);
	case B_SHL: return alu3(cp, ALU_SHL, a, b, out);
	case B_SHR: return alu3(cp, ALU_ASHR, a, b, out);
	case B_AND: return alu3(cp, ALU_AND, a, b, out);
	case B_XOR: return alu3(cp, ALU_XOR, a, b, out);
	case B_OR: return alu3(cp, ALU_OR, a, b, out);
	case B_LAND:
	case B_LOR: {
		opnd x, y;
		if (nonzero(cp, a, &x) || nonzero(cp, b, &y))
			return -1;
		return alu3(cp, n->op == B_LAND ? ALU_AND : ALU_OR, x, y, out);
	}
	default:
		return lower_compare(cp, n->op, a, b, out);
	}
}

static cmp_op cmp_of(binop op, bool negate)
{
	switch (op) {
	case B_EQ: return negate ? CMP_NE : CMP_EQ;
	case B_NE: return negate ? CMP_EQ : CMP_NE;
	case B_LT: return negate ? CMP_SGE : CMP_SLT;
	case B_LE: return negate ? CMP_SGT : CMP_SLE;
	case B_GT: return negate ? CMP_SLE : CMP_SGT;
	case B_GE: return negate ? CMP_SLT : CMP_SGE;
	default: return CMP_ALWAYS;
	}
}

/* Branches still waiting for their target form a list linked through
 * `target` (-1 ends it); patch_list() points them all at the next
 * instruction. */
static void patch_list(cparser *cp, int list)
{
	while (list >= 0) {
		int next = cp->th->code[list].target;
		cp->th->code[list].target = cp->th->ncode;
		list = next;
	}
}

static int lower_branch(cparser *cp, node *n, bool when);

/* Emit code that jumps when n is `when` (true/false) and falls through
 * otherwise; the jumps are added to the list *jumps. `&&` and `||`
 * short-circuit as in C: the right operand is evaluated, and its reads
 * performed, only when the left one does not decide. */
static int lower_jumps(cparser *cp, node *n, bool when, int *jumps)
{
	int j, skip = -1;

	if (n->k == N_NOT)
		return lower_jumps(cp, n->a, !when, jumps);
	if (n->k == N_BIN && (n->op == B_LAND || n->op == B_LOR)) {
		/* a && b jumps on false when either does; on true it needs
		 * a false a to skip b (dually for ||) */
		bool decides = n->op == B_LAND ? false : true;
		if (lower_jumps(cp, n->a, decides, when == decides ? jumps : &skip)
		    || lower_jumps(cp, n->b, when, jumps))
			return -1;
		patch_list(cp, skip);
		return 0;
	}
	if ((j = lower_branch(cp, n, when)) < 0)
		return -1;
	cp->th->code[j].target = *jumps;
	*jumps = j;
	return 0;
}

/* Emit a branch taken when n is `when` (true/false); returns its index. */
static int lower_branch(cparser *cp, node *n, bool when)
{
	opnd a, b;
	ir_insn *in;

	if (n->k == N_NOT)
		return lower_branch(cp, n->a, !when);
	if (n->k == N_BIN && cmp_of(n->op, false) != CMP_ALWAYS) {
		if (lower(cp, n->a, &a) || lower(cp, n->b, &b))
			return -1;
		in = emit(cp, IR_BRANCH);
		in->cmp = cmp_of(n->op, !when);
	} else {
		if (lower(cp, n, &a))
			return -1;
		in = emit(cp, IR_BRANCH);
		b = imm(0);
		in->cmp = when ? CMP_NE : CMP_EQ;
	}
	/* the IR compares a register with something; put a constant second */
	if (a.kind == OPND_IMM && b.kind == OPND_REG) {
		opnd x = a;
		a = b;
		b = x;
		switch (in->cmp) {
		case CMP_SLT: in->cmp = CMP_SGT; break;
		case CMP_SLE: in->cmp = CMP_SGE; break;
		case CMP_SGT: in->cmp = CMP_SLT; break;
		case CMP_SGE: in->cmp = CMP_SLE; break;
		default: break;
		}
	}
	in->a = a;
	in->b = b;
	return cp->th->ncode - 1;
}

/* reg = value of n; a fresh temporary computed last is renamed instead. */
static int assign_reg(cparser *cp, int reg, node *n)
{
	opnd v;
	ir_insn *in;

	if (lower(cp, n, &v))
		return -1;
	if (is_temp(cp, v) && cp->th->ncode > 0 && cp->th->code[cp->th->ncode - 1].dst == v.reg) {
		cp->th->code[cp->th->ncode - 1].dst = reg;
		return 0;
	}
	in = emit(cp, IR_MOV);
	in->dst = reg;
	in->a = v;
	return 0;
}

/* ---- statements --------------------------------------------------------- */

static int parse_stmt(cparser *cp);

static int parse_decl(cparser *cp)
{
	char name[LEX_MAX_NAME];
	srcpos pos;
	int reg;
	node *n;

	if (skip_type(cp))
		return -1;
	for (;;) {
		while (lex_accept(&cp->lx, "*"))
			;
		pos = lex_here(&cp->lx);
		if (lex_ident(&cp->lx, name, "a variable name"))
			return -1;
		if (find_name(cp->params, cp->nparams, name) >= 0)
			return diag_error(cp->d, pos, "'%s' is already a parameter", name);
		if (add_name(cp, cp->locals, &cp->nlocals, name, pos))
			return -1;
		reg = litmus_reg(cp->t, name);
		if (lex_accept(&cp->lx, "=")) {
			if (!(n = parse_expr(cp, 1)) || assign_reg(cp, reg, n))
				return -1;
		}
		if (lex_accept(&cp->lx, ";"))
			return 0;
		if (lex_expect(&cp->lx, ","))
			return -1;
	}
}

static const struct { const char *s; alu_op alu; } compound_ops[] = {
	{ "+=", ALU_ADD }, { "-=", ALU_SUB }, { "*=", ALU_MUL }, { "/=", ALU_SDIV },
	{ "%=", ALU_SMOD }, { "&=", ALU_AND }, { "|=", ALU_OR }, { "^=", ALU_XOR },
	{ "<<=", ALU_SHL }, { ">>=", ALU_ASHR },
};

/* `lhs = e;`, `lhs op= e;`, `lhs++;`, or a call for its effect. */
static int parse_simple(cparser *cp)
{
	lexer *lx = &cp->lx;
	node *lhs, *rhs, *bin;
	ir_insn *in;
	opnd addr, v;
	int ci = -1;

	if (!(lhs = parse_expr(cp, 1)))
		return -1;
	lex_skip_blanks(lx);
	for (size_t i = 0; i < NELEM(compound_ops); i++)
		if (lex_accept(lx, compound_ops[i].s)) {
			ci = (int)i;
			break;
		}
	if (ci < 0 && (lex_accept(lx, "++") || lex_accept(lx, "--"))) {
		ci = lx->p[-1] == '+' ? 0 : 1;
		rhs = new_node(cp, N_NUM, lhs->pos);
		if (!rhs)
			return -1;
		rhs->num = 1;
	} else if (ci >= 0) {
		if (!(rhs = parse_expr(cp, 1)))
			return -1;
	} else if (lex_accept(lx, "=")) {
		if (!(rhs = parse_expr(cp, 1)))
			return -1;
	} else {
		if (lhs->k != N_CALL)
			return diag_error(cp->d, lhs->pos, "expected an assignment or a call");
		if (lower(cp, lhs, &v))
			return -1;
		return lex_expect(lx, ";");
	}
	if (ci >= 0) {      /* lhs op= rhs is lhs = lhs op rhs */
		static const binop as_bin[] = { B_ADD, B_SUB, B_MUL, B_DIV, B_MOD, B_AND,
						B_OR, B_XOR, B_SHL, B_SHR };
		if (!(bin = new_node(cp, N_BIN, lhs->pos)))
			return -1;
		bin->op = as_bin[ci];
		bin->a = lhs;
		bin->b = rhs;
		rhs = bin;
	}
	if (lhs->k == N_REG) {
		if (assign_reg(cp, lhs->reg, rhs))
			return -1;
	} else if (lhs->k == N_DEREF) {   /* a plain write */
		if (lower(cp, lhs->a, &addr) || lower(cp, rhs, &v))
			return -1;
		in = emit(cp, IR_STORE);
		in->a = addr;
		in->b = v;
	} else if (lhs->k == N_SYM) {
		/* herd7 rebinds the parameter's register; here a parameter
		 * is the location's address, a constant */
		return diag_error(cp->d, lhs->pos,
				  "cannot assign to parameter '%s' (write *%s = ... to store to it)",
				  cp->t->syms[lhs->sym], cp->t->syms[lhs->sym]);
	} else {
		return diag_error(cp->d, lhs->pos, "cannot assign to this expression");
	}
	return lex_expect(lx, ";");
}

static void patch(cparser *cp, int at)
{
	cp->th->code[at].target = cp->th->ncode;
}

/* As in herd7's C semantics, the control dependency of an if covers its
 * arms only: what follows the statement does not depend on the condition
 * (the executor ends it here, ir_insn.ctrl_end). */
static void end_ctrl(cparser *cp, int branch)
{
	cp->th->code[branch].ctrl_end = cp->th->ncode + 1;
}

/* The conditional branches from instruction `from` on (a condition's)
 * have their control dependency end here. */
static void end_ctrl_from(cparser *cp, int from, int upto)
{
	for (int i = from; i < upto; i++)
		if (cp->th->code[i].op == IR_BRANCH && cp->th->code[i].cmp != CMP_ALWAYS)
			end_ctrl(cp, i);
}

static int parse_if(cparser *cp)
{
	node *c;
	int jfalse = -1, jend, start = cp->th->ncode, cond_end;
	ir_insn *in;

	if (lex_expect(&cp->lx, "(") || !(c = parse_expr(cp, 1)) || lex_expect(&cp->lx, ")"))
		return -1;
	if (lower_jumps(cp, c, false, &jfalse))
		return -1;
	cond_end = cp->th->ncode;
	if (parse_stmt(cp))
		return -1;
	if (!lex_accept_word(&cp->lx, "else")) {
		patch_list(cp, jfalse);
		end_ctrl_from(cp, start, cond_end);
		return 0;
	}
	in = emit(cp, IR_BRANCH);
	in->cmp = CMP_ALWAYS;
	jend = cp->th->ncode - 1;
	patch_list(cp, jfalse);
	if (parse_stmt(cp))
		return -1;
	patch(cp, jend);
	end_ctrl_from(cp, start, cond_end);
	return 0;
}

static int parse_stmt_in(cparser *cp);

static int parse_stmt(cparser *cp)
{
	int rc;

	if (++cp->depth > MAX_DEPTH)
		return diag_error(cp->d, lex_here(&cp->lx), "nesting too deep (more than %d levels)",
				  MAX_DEPTH);
	rc = parse_stmt_in(cp);
	cp->depth--;
	return rc;
}

static int parse_stmt_in(cparser *cp)
{
	lexer *lx = &cp->lx;

	cp->stmt_pos = lex_here(lx);
	if (lex_accept(lx, ";"))
		return 0;
	if (lex_accept(lx, "{")) {
		while (!lex_accept(lx, "}")) {
			if (lex_at_end(lx))
				return diag_error(cp->d, lex_here(lx), "missing '}'");
			if (parse_stmt(cp))
				return -1;
		}
		return 0;
	}
	if (lex_accept_word(lx, "if"))
		return parse_if(cp);
	if (lex_accept_word(lx, "while") || lex_accept_word(lx, "for")
	    || lex_accept_word(lx, "do") || lex_accept_word(lx, "goto")
	    || lex_accept_word(lx, "return") || lex_accept_word(lx, "switch"))
		return diag_error(cp->d, cp->stmt_pos, "this statement is not supported in C litmus tests");
	if (peek_type(cp))
		return parse_decl(cp);
	return parse_simple(cp);
}

/* `Pn(type *x, ...) { statements }` */
static int parse_function(cparser *cp, int expect)
{
	lexer *lx = &cp->lx;
	litmus_test *t = cp->t;
	char name[LEX_MAX_NAME];
	srcpos pos = lex_here(lx);
	litmus_thread *nt;
	char *endp = NULL;
	long id;

	if (lex_ident(lx, name, "a thread function P0(...)"))
		return -1;
	id = name[0] == 'P' && name[1] >= '0' && name[1] <= '9' ? strtol(name + 1, &endp, 10) : -1;
	if (id < 0 || *endp)
		return diag_error(cp->d, pos, "expected a thread function P%d, found '%s'", expect, name);
	if (id < expect)
		return diag_error(cp->d, pos, "duplicate thread P%ld", id);
	if (id != expect)
		return diag_error(cp->d, pos, "threads must be numbered in order: expected P%d, found P%ld",
				  expect, id);
	nt = xrealloc(t->threads, sizeof *nt * (size_t)(t->nthreads + 1));
	t->threads = nt;
	cp->th = &t->threads[t->nthreads++];
	memset(cp->th, 0, sizeof *cp->th);
	cp->th->id = expect;
	cp->cap = 0;
	cp->nparams = cp->nlocals = 0;

	if (lex_expect(lx, "("))
		return -1;
	if (!lex_accept(lx, ")")) {
		for (;;) {
			/* `type words and *s NAME`: the last word is the name */
			srcpos ppos = lex_here(lx);
			int nwords = 0;
			for (;;) {
				if (lex_accept(lx, "*"))
					continue;
				if (!lex_peek_ident(lx))
					break;
				ppos = lex_here(lx);
				if (lex_ident(lx, name, "a parameter"))
					return -1;
				nwords++;
			}
			if (nwords == 1 && !strcmp(name, "void") && lex_accept(lx, ")"))
				break;
			if (nwords < 2)
				return lex_error_expected(lx, "a parameter `type *name`");
			if (add_name(cp, cp->params, &cp->nparams, name, ppos))
				return -1;
			litmus_sym(t, name);
			if (lex_accept(lx, ")"))
				break;
			if (lex_expect(lx, ","))
				return -1;
		}
	}
	cp->stmt_pos = lex_here(lx);
	if (lex_expect(lx, "{"))
		return -1;
	while (!lex_accept(lx, "}")) {
		if (lex_at_end(lx))
			return diag_error(cp->d, lex_here(lx), "missing '}' at the end of P%d", expect);
		if (parse_stmt(cp))
			return -1;
		free_nodes(cp);
	}
	return 0;
}

/* Position of p in s, which starts at pos. */
static srcpos pos_at(const char *s, const char *p, srcpos pos)
{
	for (; s < p; s++) {
		if (*s == '\n') {
			pos.line++;
			pos.col = 1;
		} else {
			pos.col++;
		}
	}
	return pos;
}

/* Blank C comments (keeping newlines, so positions do not move), and
 * litmus `(* *)` comments between functions, where `(*` cannot be code. */
static int blank_c_comments(char *s, srcpos pos, diag *d)
{
	int braces = 0, parens = 0;

	for (char *p = s; *p; p++) {
		if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				*p++ = ' ';
			if (!*p)
				break;
		} else if (p[0] == '/' && p[1] == '*') {
			srcpos open = pos_at(s, p, pos);
			p[0] = p[1] = ' ';
			for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
				if (*p != '\n')
					*p = ' ';
			if (!*p)
				return diag_error(d, open, "unterminated /* comment");
			p[0] = p[1] = ' ';
			p++;
		} else if (p[0] == '(' && p[1] == '*' && braces == 0 && parens == 0) {
			srcpos open = pos_at(s, p, pos);
			int depth = 0;
			for (; *p; p++) {
				if (p[0] == '(' && p[1] == '*') {
					depth++;
					p[0] = p[1] = ' ';
					p++;
				} else if (p[0] == '*' && p[1] == ')') {
					p[0] = p[1] = ' ';
					p++;
					if (--depth == 0)
						break;
				} else if (*p != '\n') {
					*p = ' ';
				}
			}
			if (!*p)
				return diag_error(d, open, "unterminated comment");
		} else if (*p == '{') {
			braces++;
		} else if (*p == '}') {
			braces--;
		} else if (*p == '(') {
			parens++;
		} else if (*p == ')') {
			parens--;
		}
	}
	return 0;
}

static int c_parse_body(litmus_test *t, const char *text, srcpos pos, diag *d)
{
	cparser *cp = xcalloc(1, sizeof *cp);
	char *copy = xstrdup(text);
	int rc = -1;

	cp->t = t;
	cp->d = d;
	cp->stmt_pos = pos;
	if (blank_c_comments(copy, pos, d))
		goto out;
	lex_init(&cp->lx, copy, pos, "the condition", d);
	while (!lex_at_end(&cp->lx))
		if (parse_function(cp, t->nthreads))
			goto out;
	if (t->nthreads == 0) {
		rc = diag_error(d, pos, "no thread functions (P0(...) { ... })");
		goto out;
	}
	rc = 0;
out:
	if (cp)
		free_nodes(cp);
	free(cp);
	free(copy);
	return rc;
}

/* Any C identifier can be a local variable (register). */
static bool c_is_register(const char *name)
{
	return lex_is_ident_start(name[0]);
}

/* `atomic_t v = ATOMIC_INIT(1);` initialises v to 1 */
static const char *const c_init_wrappers[] = { "ATOMIC_INIT", NULL };

const frontend c_frontend = {
	.arch = "C",
	.default_model = "linux-kernel.cat",
	.tag_names = c_tag_names,
	.ntags = C_NTAGS,
	.is_register = c_is_register,
	.parse_body = c_parse_body,
	.init_wrappers = c_init_wrappers,
};
