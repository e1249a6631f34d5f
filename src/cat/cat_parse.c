/* cat_parse.c - recursive-descent parser for cat models (cat_ast.h); the
 * printer is cat_print.c.
 *
 * The grammar and operator table are herd7's (see docs/cat-dialect.md):
 * what herd7 rejects as ambiguous (`a * b * c`, `~a*`, `a * ~b`) is rejected
 * here too, with a message saying where to put parentheses, so a model
 * that bpfmm accepts means the same thing to herd7.
 *
 * Error handling: every parse function attaches what it built to the tree
 * before it can fail, and returns its (possibly partial) node; after the
 * first error (kept in the diag) the parse unwinds and the caller frees the
 * partial tree with cat_model_ast_free. Nesting is bounded, so neither this
 * parser nor any recursive walk of the tree can exhaust the stack.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cat/cat_ast.h"
#include "cat/cat_lex.h"
#include "cat/cat_print.h"
#include "base/infile.h"
#include "base/xalloc.h"

enum {
	MAX_DEPTH = 1000,          /* parser recursion (parentheses, blocks) */
	MAX_HEIGHT = 1000,         /* height of an expression tree */
	MAX_INCLUDE_DEPTH = 64,
};
#define MAX_FILE_SIZE ((size_t)64 << 20)

/* ---- memory: xalloc.h ---- */

/* Grow an array of `size`-byte items by one zeroed item; returns it.
 * The capacity is implicit (the next power of two), so pushing stays
 * linear even for huge lists; only arrays built here are pushed to. */
static void *push_item(void *arrp, int *n, size_t size)
{
	void **arr = arrp;
	if ((*n & (*n - 1)) == 0)
		*arr = xrealloc(*arr, size * (size_t)(*n ? 2 * *n : 1));
	void *it = (char *)*arr + size * (size_t)*n;
	memset(it, 0, size);
	(*n)++;
	return it;
}

/* File names are kept for the life of the process: instructions point to
 * them (`file`), and so do error reports, which outlive the tree. There are
 * only ever a handful, so a list with a lock-free push is enough. */
struct kept {
	struct kept *next;
	char name[];
};
static _Atomic(struct kept *) kept_names;

static const char *keep_name(const char *name)
{
	struct kept *k;

	for (k = atomic_load(&kept_names); k; k = k->next)
		if (!strcmp(k->name, name))
			return k->name;
	k = xrealloc(NULL, sizeof *k + strlen(name) + 1);
	strcpy(k->name, name);
	k->next = atomic_load(&kept_names);
	while (!atomic_compare_exchange_weak(&kept_names, &k->next, k))
		;
	return k->name;
}

/* ---- parser state ---- */

/* Shared by a file and the files it includes. */
typedef struct {
	const char *const *incdirs;
	diag *d;
	bool failed;
	int depth;                 /* recursion depth, across includes */
	char **real;               /* canonical paths of the files being read */
	const char **shown;        /* ... and their names as reported */
	int nfiles;
} pctx;

typedef struct {
	pctx *cx;
	cat_lexer lx;              /* positioned after tok */
	cat_token tok;
	const char *file;          /* kept name of this file */
} parser;

/* Nodes carry their height while parsing, to bound it (MAX_HEIGHT). The
 * cat_expr comes first, so the node is freed as a plain cat_expr. */
typedef struct {
	cat_expr e;
	int height;
} pnode;

#define FAILED(p) ((p)->cx->failed)

static void perr(parser *p, srcpos pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void perr(parser *p, srcpos pos, const char *fmt, ...)
{
	char msg[sizeof p->cx->d->msg];
	va_list ap;

	if (!p->cx->d->failed)
		p->cx->d->file = p->file;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_error(p->cx->d, pos, "%s", msg);
	p->cx->failed = true;
}

static void next(parser *p)
{
	cat_lex_next(&p->lx, &p->tok);
	if (p->tok.kind == CT_ERROR && !FAILED(p))
		perr(p, p->tok.pos, "%s", p->lx.err);
}

/* The kind of the token n places after the current one (n >= 1). */
static cat_tok_kind peek(const parser *p, int n)
{
	cat_lexer lx = p->lx;
	cat_token t = p->tok;

	while (n-- > 0 && t.kind != CT_EOF && t.kind != CT_ERROR)
		cat_lex_next(&lx, &t);
	return t.kind;
}

static bool at(const parser *p, cat_tok_kind k) { return p->tok.kind == k; }

static void syntax_error(parser *p, const char *expected)
{
	const cat_token *t = &p->tok;
	int n = t->len > 40 ? 40 : (int)t->len;
	const char *more = t->len > 40 ? "..." : "";

	if (t->kind == CT_ERROR)
		return;  /* already reported by next() */
	if (t->kind == CT_NAME)
		perr(p, t->pos, "expected %s, found name '%.*s%s'", expected, n, t->text, more);
	else if (t->kind == CT_TAG)
		perr(p, t->pos, "expected %s, found tag '%.*s%s", expected, n, t->text, more);
	else if (t->kind == CT_STRING)
		perr(p, t->pos, "expected %s, found string \"%.*s%s\"", expected, n, t->text, more);
	else
		perr(p, t->pos, "expected %s, found %s", expected, cat_tok_describe(t->kind));
}

static bool accept(parser *p, cat_tok_kind k)
{
	if (!at(p, k) || FAILED(p))
		return false;
	next(p);
	return true;
}

static bool expect(parser *p, cat_tok_kind k)
{
	if (FAILED(p))
		return false;
	if (!at(p, k)) {
		syntax_error(p, cat_tok_describe(k));
		return false;
	}
	next(p);
	return true;
}

/* Expect a token with text (name, tag, string); returns a copy or NULL. */
static char *expect_text(parser *p, cat_tok_kind k, const char *what)
{
	if (FAILED(p))
		return NULL;
	if (!at(p, k)) {
		syntax_error(p, what);
		return NULL;
	}
	char *s = xstrndup(p->tok.text, p->tok.len);
	next(p);
	return s;
}

static void unsupported(parser *p, const char *what)
{
	perr(p, p->tok.pos, "%s is not supported by bpfmm", what);
}

static bool enter(parser *p)
{
	if (++p->cx->depth > MAX_DEPTH && !FAILED(p))
		perr(p, p->tok.pos, "nesting too deep (more than %d levels)", MAX_DEPTH);
	return !FAILED(p);
}

static void leave(parser *p) { p->cx->depth--; }

/* ---- expression nodes ---- */

static cat_expr *new_expr(cat_expr_kind k, srcpos pos)
{
	pnode *n = xzalloc(sizeof *n);
	n->e.kind = k;
	n->e.pos = pos;
	n->height = 1;
	return &n->e;
}

static int height(const cat_expr *e) { return e ? ((const pnode *)e)->height : 0; }

static int max_int(int a, int b) { return a > b ? a : b; }

/* Record the height of a finished node (1 + its tallest child). */
static cat_expr *seal(parser *p, cat_expr *e)
{
	int h = max_int(height(e->a), max_int(height(e->b), height(e->c)));

	for (int i = 0; i < e->nargs; i++)
		h = max_int(h, height(e->args[i]));
	for (int i = 0; i < e->nbinds; i++)
		h = max_int(h, height(e->binds[i].e));
	for (int i = 0; i < e->nclauses; i++)
		h = max_int(h, height(e->clauses[i].e));
	((pnode *)e)->height = h + 1;
	if (h + 1 > MAX_HEIGHT && !FAILED(p))
		perr(p, e->pos, "expression nested too deeply (more than %d levels)", MAX_HEIGHT);
	return e;
}

static cat_expr *leaf(parser *p, cat_expr_kind k)
{
	cat_expr *e = new_expr(k, p->tok.pos);
	if (p->tok.text && (k == E_VAR || k == E_TAG || k == E_VARIANT))
		e->name = xstrndup(p->tok.text, p->tok.len);
	next(p);
	return e;
}

static void push_arg(cat_expr *e, cat_expr *x)
{
	*(cat_expr **)push_item(&e->args, &e->nargs, sizeof x) = x;
}

static void push_name(char ***v, int *n, const cat_token *t)
{
	*(char **)push_item(v, n, sizeof(char *)) = xstrndup(t->text, t->len);
}

/* ---- expressions ---- */

static cat_expr *parse_exp(parser *p);
static cat_expr *parse_base(parser *p, int ctx);

/* Can this token start an argument of an application (herd's `arg`)?
 * The same tokens, with `~`, start any operand. */
static bool starts_arg(cat_tok_kind k)
{
	switch (k) {
	case CT_NAME: case CT_ZERO: case CT_TAG: case CT_LBRACE:
	case CT_UNDERSCORE: case CT_LPAR: case CT_BEGIN: case CT_LBRACK:
		return true;
	default:
		return false;
	}
}

/* simple: 0  'tag  _  {e, ...}  ()  (e)  begin e end  [e] */
static cat_expr *parse_simple(parser *p)
{
	cat_expr *e;
	srcpos pos = p->tok.pos;

	if (FAILED(p))
		return NULL;
	switch (p->tok.kind) {
	case CT_ZERO:
		return leaf(p, E_EMPTY);
	case CT_TAG:
		return leaf(p, E_TAG);
	case CT_UNDERSCORE:
		/* the universe: a variable "_" that the evaluator binds */
		return leaf(p, E_VAR);
	case CT_LBRACE:
		next(p);
		if (accept(p, CT_RBRACE))
			return new_expr(E_EMPTY, pos);
		e = new_expr(E_SET, pos);
		do
			push_arg(e, parse_base(p, 0));
		while (!FAILED(p) && accept(p, CT_COMMA));
		expect(p, CT_RBRACE);
		return seal(p, e);
	case CT_LPAR:
		next(p);
		if (accept(p, CT_RPAR))
			return new_expr(E_TUPLE, pos);
		e = parse_exp(p);
		expect(p, CT_RPAR);
		return e;
	case CT_BEGIN:
		next(p);
		e = parse_exp(p);
		expect(p, CT_END);
		return e;
	case CT_LBRACK:
		next(p);
		e = new_expr(E_BRACKET, pos);
		e->a = parse_exp(p);
		expect(p, CT_RBRACK);
		return seal(p, e);
	default:
		syntax_error(p, "an expression");
		return NULL;
	}
}

/* application: the function is a name or an application; arguments are
 * names or simple expressions: `f x y` is `(f x) y`, `f(a, b)` takes a tuple. */
static cat_expr *parse_app(parser *p)
{
	if (!at(p, CT_NAME))
		return parse_simple(p);

	cat_expr *e = leaf(p, E_VAR);
	while (!FAILED(p) && starts_arg(p->tok.kind)) {
		cat_expr *app = new_expr(E_APP, e->pos);
		app->a = e;
		app->b = at(p, CT_NAME) ? leaf(p, E_VAR) : parse_simple(p);
		e = seal(p, app);
	}
	return e;
}

/* Binary and postfix operators of `base`, with herd7's precedence levels
 * (higher binds tighter) and associativity ('l', 'r', or 'n': no chaining
 * at that level). */
typedef struct {
	int prec;
	char assoc;
	bool postfix;
	cat_expr_kind kind;
} opinfo;

enum { PREC_STAR = 6 };

static bool base_op(parser *p, opinfo *o)
{
	switch (p->tok.kind) {
	case CT_BAR:       *o = (opinfo){ 1, 'r', false, E_UNION }; return true;
	case CT_PLUSPLUS:  *o = (opinfo){ 2, 'r', false, E_ADD }; return true;
	case CT_SEMI:      *o = (opinfo){ 3, 'r', false, E_SEQ }; return true;
	case CT_BACKSLASH: *o = (opinfo){ 4, 'l', false, E_DIFF }; return true;
	case CT_AMP:       *o = (opinfo){ 5, 'r', false, E_INTER }; return true;
	case CT_PLUS:      *o = (opinfo){ 6, 'n', true, E_PLUS }; return true;
	case CT_QUESTION:  *o = (opinfo){ 6, 'n', true, E_OPT }; return true;
	case CT_HAT:       *o = (opinfo){ 7, 'n', true, E_INV }; return true;
	case CT_STAR:
		/* `a * b` if an operand follows, else the closure `a*` */
		if (starts_arg(peek(p, 1)))
			*o = (opinfo){ 6, 'n', false, E_CART };
		else
			*o = (opinfo){ 6, 'n', true, E_STAR };
		return true;
	default:
		return false;
	}
}

/* base: operators over applications, by precedence climbing. `ctx` is the
 * precedence of the operator whose right operand this is (0 at the top);
 * an operator of the same level continues here only if right-associative,
 * and is an error at a non-associative level, as in herd7. */
static cat_expr *parse_base(parser *p, int ctx)
{
	cat_expr *left;

	if (!enter(p)) {
		leave(p);
		return NULL;
	}
	if (at(p, CT_TILDE)) {
		/* `~a` binds like the postfix operators: `~a | b` is `(~a) | b`,
		 * `~a^-1` is `~(a^-1)`, and `~a*` needs parentheses. */
		left = new_expr(E_COMPL, p->tok.pos);
		next(p);
		left->a = parse_base(p, PREC_STAR);
		seal(p, left);
	} else {
		left = parse_app(p);
	}
	for (opinfo o; !FAILED(p) && base_op(p, &o);) {
		if (ctx && o.prec < ctx)
			break;
		if (ctx && o.prec == ctx && o.assoc == 'l')
			break;
		if (ctx && o.prec == ctx && o.assoc == 'n') {
			perr(p, p->tok.pos,
			     "'%s' cannot follow this operand without parentheses "
			     "(the product '*', postfix '*', '+', '?' and prefix '~' do not combine)",
			     cat_op_text(o.kind));
			break;
		}
		if (o.kind == E_STAR && peek(p, 1) == CT_TILDE) {
			/* herd7 cannot tell `r* ~s` from `r * ~s`, and rejects both */
			next(p);
			perr(p, p->tok.pos, "'~' cannot follow '*': write (r*) or r * (~s)");
			break;
		}
		cat_expr *n = new_expr(o.kind, p->tok.pos);
		n->a = left;
		left = n;
		next(p);
		if (o.kind == E_INV && !expect(p, CT_INV))
			break;
		if (!o.postfix)
			n->b = parse_base(p, o.prec);
		seal(p, n);
	}
	leave(p);
	return left;
}

/* baseortuple: `a, b, c` is a tuple even without parentheses. */
static cat_expr *parse_tuple_or_base(parser *p)
{
	cat_expr *e = parse_base(p, 0);

	if (FAILED(p) || !at(p, CT_COMMA))
		return e;
	cat_expr *t = new_expr(E_TUPLE, e ? e->pos : p->tok.pos);
	push_arg(t, e);
	while (!FAILED(p) && accept(p, CT_COMMA))
		push_arg(t, parse_base(p, 0));
	return seal(p, t);
}

/* Variant conditions: "name", variant "name", not c, c && c, c || c, (c).
 * They reuse E_COMPL, E_INTER and E_UNION for not, && and ||. */
static cat_expr *parse_vor(parser *p);

static cat_expr *parse_vatom(parser *p)
{
	cat_expr *e;

	if (FAILED(p))
		return NULL;
	if (at(p, CT_NOT)) {
		e = new_expr(E_COMPL, p->tok.pos);
		next(p);
		if (enter(p))
			e->a = parse_vatom(p);
		leave(p);
		return seal(p, e);
	}
	if (at(p, CT_VARIANT)) {
		next(p);
		if (!at(p, CT_STRING)) {
			syntax_error(p, "a variant name in quotes");
			return NULL;
		}
	}
	if (at(p, CT_STRING))
		return leaf(p, E_VARIANT);
	if (at(p, CT_LPAR)) {
		next(p);
		e = NULL;
		if (enter(p))
			e = parse_vor(p);
		leave(p);
		expect(p, CT_RPAR);
		return e;
	}
	syntax_error(p, "a variant condition (\"name\", not, or parentheses)");
	return NULL;
}

static cat_expr *parse_vand(parser *p)
{
	cat_expr *e = parse_vatom(p);

	while (!FAILED(p) && at(p, CT_ANDAND)) {
		cat_expr *n = new_expr(E_INTER, p->tok.pos);
		n->a = e;
		e = n;
		next(p);
		n->b = parse_vatom(p);
		seal(p, n);
	}
	return e;
}

static cat_expr *parse_vor(parser *p)
{
	cat_expr *e = parse_vand(p);

	while (!FAILED(p) && at(p, CT_ALT)) {
		cat_expr *n = new_expr(E_UNION, p->tok.pos);
		n->a = e;
		e = n;
		next(p);
		n->b = parse_vand(p);
		seal(p, n);
	}
	return e;
}

/* Does a variant condition start here? `(` may open either kind. */
static bool at_variant_cond(const parser *p)
{
	cat_tok_kind k = p->tok.kind;

	for (int n = 1; k == CT_LPAR && n <= MAX_DEPTH; n++)
		k = peek(p, n);
	return k == CT_STRING || k == CT_VARIANT || k == CT_NOT;
}

/* Condition of `if ... then`: a variant condition, or e = e, e subset e,
 * e in e. */
static cat_expr *parse_cond(parser *p)
{
	if (at_variant_cond(p))
		return parse_vor(p);

	cat_expr *a = parse_exp(p), *n;
	if (FAILED(p))
		return a;
	switch (p->tok.kind) {
	case CT_EQUAL: n = new_expr(E_EQ, p->tok.pos); break;
	case CT_SUBSET: n = new_expr(E_SUBSET, p->tok.pos); break;
	case CT_IN: n = new_expr(E_IN, p->tok.pos); break;
	default:
		syntax_error(p, "'=', 'subset' or 'in' in the condition");
		return a;
	}
	n->a = a;
	next(p);
	n->b = parse_exp(p);
	return seal(p, n);
}

/* Formal parameters: `x`, `_` (binds nothing; kept as "_"). */
static bool at_pat(const parser *p) { return at(p, CT_NAME) || at(p, CT_UNDERSCORE); }

static void push_pat(parser *p, char ***v, int *n)
{
	if (!at_pat(p)) {
		syntax_error(p, "a name or '_'");
		return;
	}
	push_name(v, n, &p->tok);
	next(p);
}

/* `(` formals `)` with the `(` current: zero or more comma-separated. */
static void parse_paren_formals(parser *p, char ***v, int *n)
{
	expect(p, CT_LPAR);
	if (!FAILED(p) && !at(p, CT_RPAR)) {
		do
			push_pat(p, v, n);
		while (!FAILED(p) && accept(p, CT_COMMA));
	}
	expect(p, CT_RPAR);
}

/* fun x -> e, fun (a, b) -> e, fun () -> e */
static cat_expr *parse_fun(parser *p)
{
	cat_expr *f = new_expr(E_FUN, p->tok.pos);

	next(p);
	if (at(p, CT_LPAR)) {
		parse_paren_formals(p, &f->params, &f->nparams);
		f->params_tuple = f->nparams != 1;
	} else {
		push_pat(p, &f->params, &f->nparams);
	}
	expect(p, CT_ARROW);
	if (!FAILED(p))
		f->a = parse_exp(p);
	return seal(p, f);
}

/* A one-name pattern, `(x) = e` or `x = e`, binds a plain name. */
static void single_name(cat_binding *b)
{
	if (b->npat == 1) {
		b->name = b->pat[0];
		free(b->pat);
		b->pat = NULL;
		b->npat = 0;
	}
}

/* One binding of `let`: x = e, f x = e, f(a, b) = e, (a, b) = e, a, b = e. */
static void parse_binding(parser *p, cat_binding *b)
{
	b->pos = p->tok.pos;
	if (at(p, CT_LPAR)) {
		parse_paren_formals(p, &b->pat, &b->npat);
		single_name(b);
	} else if (at(p, CT_NAME) && peek(p, 1) != CT_COMMA && peek(p, 1) != CT_EQUAL) {
		/* a function: f x = e or f(params) = e */
		cat_expr *f = new_expr(E_FUN, b->pos);
		b->e = f;
		b->name = xstrndup(p->tok.text, p->tok.len);
		next(p);
		if (at(p, CT_LPAR)) {
			parse_paren_formals(p, &f->params, &f->nparams);
			f->params_tuple = f->nparams != 1;
		} else if (at_pat(p)) {
			push_pat(p, &f->params, &f->nparams);
		} else {
			syntax_error(p, "'=', '(' or a parameter after the name");
		}
		expect(p, CT_EQUAL);
		if (!FAILED(p))
			f->a = parse_exp(p);
		seal(p, f);
		return;
	} else if (at_pat(p)) {
		do
			push_pat(p, &b->pat, &b->npat);
		while (!FAILED(p) && accept(p, CT_COMMA));
		single_name(b);
	} else {
		syntax_error(p, "a name or a pattern to bind");
		return;
	}
	expect(p, CT_EQUAL);
	if (!FAILED(p))
		b->e = parse_exp(p);
}

static void parse_bindings(parser *p, cat_binding **v, int *n)
{
	do
		parse_binding(p, push_item(v, n, sizeof **v));
	while (!FAILED(p) && accept(p, CT_AND));
}

/* match e with [||] clause || clause ... end: over tags ('a -> e, ending
 * with an optional _ -> e) or over a set ({} -> e and x ++ s -> e). */
static cat_expr *parse_match(parser *p)
{
	cat_expr *m = new_expr(E_MATCH, p->tok.pos);
	int tags = 0, defaults = 0, empties = 0, elems = 0;

	next(p);
	m->a = parse_exp(p);
	expect(p, CT_WITH);
	accept(p, CT_ALT);
	do {
		if (FAILED(p))
			break;
		srcpos pos = p->tok.pos;
		cat_clause *c = push_item(&m->clauses, &m->nclauses, sizeof *c);
		if (defaults) {
			perr(p, pos, "'_ ->' must be the last clause of a match");
		} else if (at(p, CT_TAG)) {
			c->kind = 2;
			c->a = xstrndup(p->tok.text, p->tok.len);
			next(p);
			tags++;
		} else if (at(p, CT_UNDERSCORE) && peek(p, 1) == CT_ARROW) {
			c->kind = 3;
			next(p);
			defaults++;
		} else if (at(p, CT_LBRACE)) {
			c->kind = 0;
			next(p);
			expect(p, CT_RBRACE);
			empties++;
		} else if (at_pat(p) && peek(p, 1) == CT_PLUSPLUS) {
			c->kind = 1;
			c->a = xstrndup(p->tok.text, p->tok.len);
			next(p);
			next(p);
			if (at_pat(p)) {
				c->b = xstrndup(p->tok.text, p->tok.len);
				next(p);
			} else {
				syntax_error(p, "a name or '_' after '++'");
			}
			elems++;
		} else if (at_pat(p) && peek(p, 1) == CT_BAR) {
			unsupported(p, "the match clause 'x | y ++ s'");
		} else {
			syntax_error(p, "a match clause ('tag -> e, _ -> e, {} -> e or x ++ s -> e)");
		}
		if (!FAILED(p) && (tags || defaults) && (empties || elems))
			perr(p, pos, "a match cannot mix tag clauses and set clauses");
		if (!FAILED(p) && (empties > 1 || elems > 1))
			perr(p, pos, "a match over a set has one '{} ->' and one 'x ++ s ->' clause");
		expect(p, CT_ARROW);
		if (!FAILED(p))
			c->e = parse_exp(p);
	} while (!FAILED(p) && accept(p, CT_ALT));
	if (!FAILED(p) && (empties || elems) && !(empties && elems))
		perr(p, p->tok.pos, "a match over a set needs both a '{} ->' and an 'x ++ s ->' clause");
	expect(p, CT_END);
	return seal(p, m);
}

static cat_expr *parse_exp(parser *p)
{
	cat_expr *e = NULL;

	if (!enter(p)) {
		leave(p);
		return NULL;
	}
	switch (p->tok.kind) {
	case CT_LET:
		e = new_expr(E_LET, p->tok.pos);
		next(p);
		e->rec = accept(p, CT_REC);
		parse_bindings(p, &e->binds, &e->nbinds);
		expect(p, CT_IN);
		if (!FAILED(p))
			e->a = parse_exp(p);
		seal(p, e);
		break;
	case CT_FUN:
		e = parse_fun(p);
		break;
	case CT_TRY:
		e = new_expr(E_TRY, p->tok.pos);
		next(p);
		e->a = parse_exp(p);
		expect(p, CT_WITH);
		if (!FAILED(p))
			e->b = parse_exp(p);
		seal(p, e);
		break;
	case CT_IF:
		e = new_expr(E_IF, p->tok.pos);
		next(p);
		e->a = parse_cond(p);
		expect(p, CT_THEN);
		if (!FAILED(p))
			e->b = parse_exp(p);
		expect(p, CT_ELSE);
		if (!FAILED(p))
			e->c = parse_exp(p);
		seal(p, e);
		break;
	case CT_MATCH:
		e = parse_match(p);
		break;
	default:
		e = parse_tuple_or_base(p);
		break;
	}
	leave(p);
	return e;
}

/* ---- instructions ---- */

static void parse_block(parser *p, cat_block *b, bool top);
static void include_file(parser *p, cat_instr *in);

/* `end` closing the construct that started at `pos`. */
static void expect_end(parser *p, const char *what, srcpos pos)
{
	if (FAILED(p) || accept(p, CT_END))
		return;
	char buf[96];
	snprintf(buf, sizeof buf, "'end' closing the %s at line %d", what, pos.line);
	syntax_error(p, buf);
}

static void parse_check(parser *p, cat_instr *in)
{
	in->kind = I_CHECK;
	in->flag = accept(p, CT_FLAG);
	in->negated = accept(p, CT_TILDE);
	switch (p->tok.kind) {
	case CT_ACYCLIC: in->check = CHK_ACYCLIC; break;
	case CT_IRREFLEXIVE: in->check = CHK_IRREFLEXIVE; break;
	case CT_EMPTY: in->check = CHK_EMPTY; break;
	default:
		syntax_error(p, "'acyclic', 'irreflexive' or 'empty'");
		return;
	}
	next(p);
	in->e = parse_exp(p);
	if (accept(p, CT_AS))
		in->as = expect_text(p, CT_NAME, "a name after 'as'");
}

/* show a, b  |  show e as name  |  unshow a, b (herd7: names only) */
static void parse_show(parser *p, cat_instr *in)
{
	in->kind = I_SHOW;
	in->negated = at(p, CT_UNSHOW);
	next(p);
	if (!in->negated) {
		bool plain = at(p, CT_NAME);
		cat_expr *e = in->e = parse_base(p, 0);
		if (accept(p, CT_AS)) {
			in->as = expect_text(p, CT_NAME, "a name after 'as'");
			return;
		}
		if (FAILED(p))
			return;
		if (!plain || e->kind != E_VAR) {
			syntax_error(p, "'as NAME' after the expression to show");
			return;
		}
		/* just a name: the first of a list */
		*(char **)push_item(&in->params, &in->nparams, sizeof(char *)) = e->name;
		e->name = NULL;
		free(e);
		in->e = NULL;
		if (!accept(p, CT_COMMA))
			return;
	}
	do {
		if (!at(p, CT_NAME)) {
			syntax_error(p, "a name");
			return;
		}
		push_name(&in->params, &in->nparams, &p->tok);
		next(p);
	} while (!FAILED(p) && accept(p, CT_COMMA));
}

static void parse_procedure(parser *p, cat_instr *in)
{
	in->kind = I_PROCEDURE;
	next(p);
	in->rec = accept(p, CT_REC);
	in->name = expect_text(p, CT_NAME, "the procedure's name");
	if (FAILED(p))
		return;
	if (at(p, CT_LPAR)) {
		parse_paren_formals(p, &in->params, &in->nparams);
		in->params_tuple = in->nparams != 1;
	} else {
		push_pat(p, &in->params, &in->nparams);
	}
	expect(p, CT_EQUAL);
	parse_block(p, &in->body, false);
	expect_end(p, "procedure", in->pos);
}

/* enum Name = 'a || 'b ... */
static void parse_enum(parser *p, cat_instr *in)
{
	in->kind = I_ENUM;
	next(p);
	in->name = expect_text(p, CT_NAME, "the enum's name");
	expect(p, CT_EQUAL);
	accept(p, CT_ALT);
	do {
		if (FAILED(p))
			return;
		if (!at(p, CT_TAG)) {
			syntax_error(p, "a tag ('name)");
			return;
		}
		push_name(&in->params, &in->nparams, &p->tok);
		next(p);
	} while (!FAILED(p) && accept(p, CT_ALT));
}

/* instructions R[...] and default R[...] (bell): the bracket's items are
 * kept as one E_TUPLE, whatever their number. */
static void parse_events(parser *p, cat_instr *in)
{
	in->kind = at(p, CT_INSTRUCTIONS) ? I_INSTRUCTIONS : I_EVENTS;
	next(p);
	in->name = expect_text(p, CT_NAME, "a name (R, W, F, ...)");
	in->e = new_expr(E_TUPLE, p->tok.pos);
	expect(p, CT_LBRACK);
	if (!FAILED(p) && !at(p, CT_RBRACK)) {
		do
			push_arg(in->e, parse_base(p, 0));
		while (!FAILED(p) && accept(p, CT_COMMA));
	}
	expect(p, CT_RBRACK);
	seal(p, in->e);
}

static void parse_instr(parser *p, cat_block *b, bool top)
{
	cat_instr *in = push_item(&b->v, &b->n, sizeof *in);

	in->pos = p->tok.pos;
	in->file = p->file;
	switch (p->tok.kind) {
	case CT_LET:
		in->kind = I_LET;
		next(p);
		in->rec = accept(p, CT_REC);
		parse_bindings(p, &in->binds, &in->nbinds);
		if (at(p, CT_WHEN) && !FAILED(p))
			unsupported(p, "'let rec ... when'");
		accept(p, CT_IN);  /* herd7 tolerates a stray `in` */
		break;
	case CT_FLAG: case CT_TILDE: case CT_ACYCLIC: case CT_IRREFLEXIVE: case CT_EMPTY:
		parse_check(p, in);
		break;
	case CT_SHOW: case CT_UNSHOW:
		parse_show(p, in);
		break;
	case CT_INCLUDE:
		in->kind = I_INCLUDE;
		next(p);
		in->name = expect_text(p, CT_STRING, "a file name in quotes");
		if (!FAILED(p))
			include_file(p, in);
		break;
	case CT_PROCEDURE:
		parse_procedure(p, in);
		break;
	case CT_CALL:
		in->kind = I_CALL;
		next(p);
		in->name = expect_text(p, CT_NAME, "the procedure's name");
		if (!FAILED(p) && at(p, CT_NAME)) {
			syntax_error(p, "the argument in parentheses");
			break;
		}
		in->e = parse_simple(p);
		if (accept(p, CT_AS))
			in->as = expect_text(p, CT_NAME, "a name after 'as'");
		break;
	case CT_FORALL:
		in->kind = I_FORALL;
		next(p);
		in->name = expect_text(p, CT_NAME, "a name");
		expect(p, CT_IN);
		if (!FAILED(p))
			in->e = parse_exp(p);
		expect(p, CT_DO);
		parse_block(p, &in->body, false);
		expect_end(p, "forall", in->pos);
		break;
	case CT_WITH:
		in->kind = I_WITH;
		next(p);
		in->name = expect_text(p, CT_NAME, "a name");
		expect(p, CT_FROM);
		if (!FAILED(p))
			in->e = parse_exp(p);
		break;
	case CT_INSTRUCTIONS: case CT_DEFAULT:
		parse_events(p, in);
		break;
	case CT_ENUM:
		if (!top)
			perr(p, p->tok.pos, "'enum' is only allowed at the top level of a file");
		else
			parse_enum(p, in);
		break;
	case CT_IF:
		in->kind = I_IF_VARIANT;
		next(p);
		in->e = parse_vor(p);
		parse_block(p, &in->body, false);
		if (accept(p, CT_ELSE))
			parse_block(p, &in->body2, false);
		expect_end(p, "if", in->pos);
		break;
	case CT_UNDEFINED_UNLESS: unsupported(p, "'undefined_unless'"); break;
	case CT_ASSERT: unsupported(p, "'assert'"); break;
	case CT_DEBUG: unsupported(p, "'debug'"); break;
	case CT_CATDEP: unsupported(p, "'catdep'"); break;
	case CT_MATCH: unsupported(p, "a 'match' instruction"); break;
	default:
		syntax_error(p, "an instruction (let, acyclic, include, ...)");
		break;
	}
}

/* Instructions up to `end`, `else` or the end of the file. */
static void parse_block(parser *p, cat_block *b, bool top)
{
	if (!enter(p)) {
		leave(p);
		return;
	}
	while (!FAILED(p) && !at(p, CT_EOF) && !at(p, CT_END) && !at(p, CT_ELSE))
		parse_instr(p, b, top);
	leave(p);
}

/* A whole file: [title] instructions EOF. The title is herd7's "identity":
 * "Name", Name, or Arch "Name" / Arch Name. */
static void parse_file_body(parser *p, cat_block *b, char **title)
{
	char *t = NULL;

	next(p);
	if (at(p, CT_STRING) || at(p, CT_NAME)) {
		bool name = at(p, CT_NAME);
		t = xstrndup(p->tok.text, p->tok.len);
		next(p);
		if (name && (at(p, CT_STRING) || at(p, CT_NAME))) {
			free(t);
			t = xstrndup(p->tok.text, p->tok.len);
			next(p);
		}
	}
	if (title)
		*title = t;
	else
		free(t);
	if (at(p, CT_CATDEP) && !FAILED(p))
		unsupported(p, "the 'catdep' option");
	parse_block(p, b, true);
	if (!FAILED(p) && !at(p, CT_EOF))
		syntax_error(p, "an instruction (let, acyclic, include, ...)");
}

/* ---- files and includes ---- */

/* Read a whole file; NULL with errno set on failure. */
static bool is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && !S_ISDIR(st.st_mode);
}

static char *join(const char *dir, size_t dirlen, const char *name)
{
	size_t n = strlen(name);
	bool slash = dirlen > 0 && dir[dirlen - 1] != '/';
	char *r = xrealloc(NULL, dirlen + slash + n + 1);

	memcpy(r, dir, dirlen);
	if (slash)
		r[dirlen] = '/';
	memcpy(r + dirlen + slash, name, n + 1);
	return r;
}

/* Where `include "name"` in `from` reads: next to `from`, then each
 * include directory in order. NULL if nowhere. */
static char *resolve_include(const char *from, const char *name, const char *const *incdirs)
{
	if (name[0] == '/')
		return is_file(name) ? xstrndup(name, strlen(name)) : NULL;

	const char *slash = strrchr(from, '/');
	char *path = join(from, slash ? (size_t)(slash - from + 1) : 0, name);
	if (is_file(path))
		return path;
	free(path);
	for (int i = 0; incdirs && incdirs[i]; i++) {
		path = join(incdirs[i], strlen(incdirs[i]), name);
		if (is_file(path))
			return path;
		free(path);
	}
	return NULL;
}

static char *canonical(const char *path)
{
	char *r = realpath(path, NULL);
	return r ? r : xstrndup(path, strlen(path));
}

static void push_file(pctx *cx, char *real, const char *shown)
{
	cx->real = xrealloc(cx->real, sizeof *cx->real * (cx->nfiles + 1));
	cx->shown = xrealloc(cx->shown, sizeof *cx->shown * (cx->nfiles + 1));
	cx->real[cx->nfiles] = real;
	cx->shown[cx->nfiles] = shown;
	cx->nfiles++;
}

static void pop_file(pctx *cx)
{
	free(cx->real[--cx->nfiles]);
}

/* Parse `text` (named `file`, a kept name) into b. */
static void parse_text(pctx *cx, const char *text, size_t len, const char *file,
		       cat_block *b, char **title)
{
	parser p = { .cx = cx, .file = file };

	cat_lex_init(&p.lx, text, len);
	parse_file_body(&p, b, title);
}

static void include_file(parser *p, cat_instr *in)
{
	pctx *cx = p->cx;
	char *path = resolve_include(p->file, in->name, cx->incdirs);

	if (!path) {
		char dirs[256] = "";
		for (int i = 0; cx->incdirs && cx->incdirs[i]; i++)
			snprintf(dirs + strlen(dirs), sizeof dirs - strlen(dirs), ", %s", cx->incdirs[i]);
		perr(p, in->pos, "cannot find include file \"%s\" (looked next to %s%s)",
		     in->name, p->file, dirs);
		return;
	}
	in->path = path;

	char *real = canonical(path);
	for (int i = 0; i < cx->nfiles; i++) {
		if (strcmp(cx->real[i], real) != 0)
			continue;
		char chain[400] = "";
		for (int k = i; k < cx->nfiles; k++)
			snprintf(chain + strlen(chain), sizeof chain - strlen(chain), "%s -> ", cx->shown[k]);
		perr(p, in->pos, "include cycle: %s%s", chain, path);
		free(real);
		return;
	}
	if (cx->nfiles >= MAX_INCLUDE_DEPTH) {
		perr(p, in->pos, "includes nested too deeply (more than %d files)", MAX_INCLUDE_DEPTH);
		free(real);
		return;
	}

	size_t len;
	char *text = file_read_all(path, MAX_FILE_SIZE, &len);
	if (!text) {
		perr(p, in->pos, "cannot read include file \"%s\": %s", path, strerror(errno));
		free(real);
		return;
	}
	const char *file = keep_name(path);
	push_file(cx, real, file);
	parse_text(cx, text, len, file, &in->body, NULL);
	pop_file(cx);
	free(text);
}

static cat_model_ast *parse_model(const char *text, size_t len, const char *name,
				  const char *const *incdirs, diag *d)
{
	cat_model_ast *m = xzalloc(sizeof *m);
	pctx cx = { .incdirs = incdirs, .d = d };
	const char *file = keep_name(name);

	push_file(&cx, canonical(name), file);
	parse_text(&cx, text, len, file, &m->top, &m->title);
	pop_file(&cx);
	free(cx.real);
	free(cx.shown);
	if (cx.failed) {
		cat_model_ast_free(m);
		return NULL;
	}
	return m;
}

cat_model_ast *cat_parse_file(const char *path, const char *const *incdirs, diag *d)
{
	size_t len;
	char *text = file_read_all(path, MAX_FILE_SIZE, &len);

	if (!text) {
		if (!d->failed)
			d->file = keep_name(path);
		diag_error(d, (srcpos){ 0, 0 }, "cannot read model: %s", strerror(errno));
		return NULL;
	}
	cat_model_ast *m = parse_model(text, len, path, incdirs, d);
	free(text);
	return m;
}

cat_model_ast *cat_parse_string(const char *text, const char *name,
				const char *const *incdirs, diag *d)
{
	return parse_model(text, strlen(text), name ? name : "<string>", incdirs, d);
}
