/* test_cat_parse.c - the cat lexer and parser (cat_parse.c, cat_lex.c).
 *
 * Parts:
 *   1. precedence and associativity: expressions printed back fully
 *      parenthesised (the table was checked against herd7 itself);
 *   2. every construct, looking at the tree;
 *   3. every error kind, with its FILE:LINE:COL;
 *   4. robustness: every prefix of a model, deep nesting, stray bytes;
 *   5. the real models: herd7's library and the kernel's LKMM files must
 *      parse, and print/parse/print must be stable.
 *
 * Part 5 finds its inputs as follows, and skips (saying so) what is absent:
 *   - herd7's library: $BPFMM_HERD_LIB, else ../shared/tools/herd7/lib
 *     (relative to the repository root, where make runs the unit tests);
 *   - the kernel's tools/memory-model: $BPFMM_LKMM_DIR, else the cached
 *     tree that scripts/lkmm-tree.sh prints (it extracts the whole
 *     tools/memory-model once, atomically, from the Debian kernel source
 *     tarball when that exists). Set BPFMM_LKMM_DIR to a directory holding
 *     linux-kernel.cat, linux-kernel.bell and lock.cat to use another copy
 *     (a BPFMM_LKMM_DIR without them is a failure, not a skip).
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cat/cat_ast.h"
#include "cat/cat_print.h"
#include "unit.h"

static const char *herd_lib;   /* NULL when absent */

/* ---- helpers ---- */

static char *expr_str(const cat_expr *e)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cat_expr_print(f, e);
	fclose(f);
	return buf;
}

static char *model_str(const cat_model_ast *m)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cat_model_print(f, m);
	fclose(f);
	return buf;
}

static cat_model_ast *parse(const char *text, diag *d)
{
	memset(d, 0, sizeof *d);
	return cat_parse_string(text, "t.cat", NULL, d);
}

/* Parse `let x = <src>` and compare the printed expression. */
static void check_expr(const char *src, const char *want, int line)
{
	char text[512];
	diag d;

	snprintf(text, sizeof text, "let x = %s\n", src);
	cat_model_ast *m = parse(text, &d);
	if (!m) {
		unit_fail++;
		fprintf(stderr, "line %d: `%s` does not parse: %d:%d: %s\n", line, src, d.pos.line,
			d.pos.col, d.msg);
		return;
	}
	char *got = expr_str(m->top.v[0].binds[0].e);
	if (strcmp(got, want) == 0) {
		unit_pass++;
	} else {
		unit_fail++;
		fprintf(stderr, "line %d: `%s` printed as %s, want %s\n", line, src, got, want);
	}
	free(got);
	cat_model_ast_free(m);
}
#define EXPR(src, want) check_expr(src, want, __LINE__)

/* Parsing must fail at LINE:COL with a message containing `part`. */
static void check_error_in(const char *text, const char *name, const char *const *inc,
			   int line, int col, const char *part, int at)
{
	diag d = { 0 };
	cat_model_ast *m = cat_parse_string(text, name, inc, &d);

	if (m) {
		unit_fail++;
		fprintf(stderr, "line %d: parsed, expected an error (%s)\n", at, part);
		cat_model_ast_free(m);
		return;
	}
	if (d.failed && d.pos.line == line && d.pos.col == col && strstr(d.msg, part)) {
		unit_pass++;
	} else {
		unit_fail++;
		fprintf(stderr, "line %d: got %s:%d:%d: %s; want %d:%d: ...%s...\n", at,
			d.file ? d.file : "?", d.pos.line, d.pos.col, d.msg, line, col, part);
	}
}
#define ERR(text, line, col, part) check_error_in(text, "t.cat", NULL, line, col, part, __LINE__)

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	fputs(text, f);
	fclose(f);
}

static bool exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

/* ---- 1. precedence and associativity ---- */

static void test_precedence(void)
{
	/* loosest to tightest: | ++ ; \ & (* ~ postfix) ^-1 application */
	EXPR("a ; b | c", "((a ; b) | c)");
	EXPR("a | b ; c", "(a | (b ; c))");
	EXPR("a | b ++ c", "(a | (b ++ c))");
	EXPR("a ++ b | c", "((a ++ b) | c)");
	EXPR("a ; b ++ c", "((a ; b) ++ c)");
	EXPR("a ++ b ; c", "(a ++ (b ; c))");
	EXPR("a \\ b ; c", "((a \\ b) ; c)");
	EXPR("a ; b \\ c", "(a ; (b \\ c))");
	EXPR("a & b \\ c", "((a & b) \\ c)");
	EXPR("a \\ b & c", "(a \\ (b & c))");
	EXPR("A * B & c", "((A * B) & c)");
	EXPR("c & A * B", "(c & (A * B))");
	EXPR("A * B \\ c", "((A * B) \\ c)");
	EXPR("a | b & c ; d \\ e", "(a | ((b & c) ; (d \\ e)))");
	/* associativity */
	EXPR("a | b | c", "(a | (b | c))");
	EXPR("a ; b ; c", "(a ; (b ; c))");
	EXPR("a & b & c", "(a & (b & c))");
	EXPR("a \\ b \\ c", "((a \\ b) \\ c)");
	EXPR("a ++ b ++ c", "(a ++ (b ++ c))");
	EXPR("a \\ b \\ c ; d", "(((a \\ b) \\ c) ; d)");
	/* postfix and prefix */
	EXPR("a ; b*", "(a ; (b*))");
	EXPR("a* ; b", "((a*) ; b)");
	EXPR("a+ | b?", "((a+) | (b?))");
	EXPR("a*?", "((a*)?)");
	EXPR("a+*", "((a+)*)");
	EXPR("a^-1*", "((a^-1)*)");
	EXPR("a*^-1", "((a*)^-1)");
	EXPR("a ^ -1", "(a^-1)");
	EXPR("a^-1^-1", "((a^-1)^-1)");
	EXPR("~a | b", "((~a) | b)");
	EXPR("~a ; b", "((~a) ; b)");
	EXPR("~a & b", "((~a) & b)");
	EXPR("~a^-1", "(~(a^-1))");
	EXPR("~~a", "(~(~a))");
	EXPR("a | ~b", "(a | (~b))");
	EXPR("A * B^-1", "(A * (B^-1))");
	EXPR("a+ * B", "((a+) * B)");
	/* `*` followed by an operand is the product, else the closure */
	EXPR("a* [B]", "(a * [B])");
	EXPR("a* (b)", "(a * b)");
	EXPR("a*b", "(a * b)");
	/* application binds tightest and is left-associative */
	EXPR("f x y", "(f x y)");
	EXPR("f x ; g y", "((f x) ; (g y))");
	EXPR("~f x", "(~(f x))");
	EXPR("f(x, y)", "(f (x, y))");
	EXPR("f x ++ s", "((f x) ++ s)");
	EXPR("domain(r) | range(r)", "((domain r) | (range r))");
	EXPR("f x^-1", "((f x)^-1)");
	EXPR("f (g x) y", "(f (g x) y)");
	EXPR("f [A] 0 'a _ {} ()", "(f [A] 0 'a _ 0 ())");
	EXPR("domain po* po", "((domain po) * po)");
	/* expression forms take everything to their right */
	EXPR("a, b | c", "(a, (b | c))");
	EXPR("fun x -> x | y", "(fun x -> (x | y))");
	EXPR("try a with b | c", "(try a with (b | c))");
	EXPR("let y = a in y ; b", "(let y = a in (y ; b))");
	EXPR("if a = b then c else d | e", "(if a = b then c else (d | e))");
	EXPR("if \"v\" || \"w\" && not \"x\" then a else b",
	     "(if (\"v\" || (\"w\" && (not \"x\"))) then a else b)");
	EXPR("if not \"v\" && \"w\" then a else b", "(if ((not \"v\") && \"w\") then a else b)");
	EXPR("if (\"v\" || \"w\") && \"x\" then a else b", "(if ((\"v\" || \"w\") && \"x\") then a else b)");
	EXPR("if (a) = b then c else d", "(if a = b then c else d)");
	EXPR("if a | b subset c then d else e", "(if (a | b) subset c then d else e)");
	EXPR("if a in b then c else d", "(if a in b then c else d)");
	/* brackets and sets */
	EXPR("[a | b]", "[(a | b)]");
	EXPR("{a, b | c}", "{a, (b | c)}");
	EXPR("{}", "0");
	EXPR("()", "()");
	EXPR("(a, b, c)", "(a, b, c)");
	EXPR("begin a | b end", "(a | b)");
	EXPR("[a, b]", "[(a, b)]");
	EXPR("(po ; rf)^-1", "((po ; rf)^-1)");
}

/* ---- 2. constructs ---- */

static cat_model_ast *ok(const char *text, int line)
{
	diag d;
	cat_model_ast *m = parse(text, &d);
	if (!m) {
		unit_fail++;
		fprintf(stderr, "line %d: parse failed: %d:%d: %s\n", line, d.pos.line, d.pos.col, d.msg);
	} else {
		unit_pass++;
	}
	return m;
}
#define OK(text) ok(text, __LINE__)

static void test_titles(void)
{
	struct {
		const char *text, *title;
	} cases[] = {
		{ "\"Model name\"\nlet a = po", "Model name" },
		{ "stdlib\nlet a = po", "stdlib" },
		{ "AArch64 \"ARM model\"", "ARM model" },
		{ "X86 tso", "tso" },
		{ "let a = po", NULL },
		{ "", NULL },
		{ "(* only a comment *)", NULL },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		cat_model_ast *m = OK(cases[i].text);
		if (!m)
			continue;
		if (cases[i].title)
			CHECK_STR(m->title, cases[i].title);
		else
			CHECK(m->title == NULL);
		cat_model_ast_free(m);
	}
}

static void test_lexical(void)
{
	cat_model_ast *m = OK("(* a (* nested *) comment *) \"T\" // line comment\n"
			      "# hash comment\n"
			      "let po-loc = po & loc let co0 = x.y | r' | _RMW | Rcu-lock\n"
			      "let a = 'rcu-lock");
	if (!m)
		return;
	CHECK(m->top.n == 3);
	CHECK_STR(m->top.v[0].binds[0].name, "po-loc");
	char *s = expr_str(m->top.v[1].binds[0].e);
	CHECK_STR(s, "(x.y | (r' | (_RMW | Rcu-lock)))");
	free(s);
	CHECK(m->top.v[2].binds[0].e->kind == E_TAG);
	CHECK_STR(m->top.v[2].binds[0].e->name, "rcu-lock");
	/* positions: 1-based line and column of the first character */
	CHECK(m->top.v[0].pos.line == 3 && m->top.v[0].pos.col == 1);
	CHECK(m->top.v[1].pos.line == 3 && m->top.v[1].pos.col == 23);
	const cat_expr *e = m->top.v[0].binds[0].e;
	CHECK(e->kind == E_INTER && e->pos.line == 3 && e->pos.col == 17);   /* the operator */
	CHECK(e->a->pos.col == 14 && e->b->pos.col == 19);
	CHECK_STR(m->top.v[0].file, "t.cat");
	cat_model_ast_free(m);
}

static void test_let(void)
{
	cat_model_ast *m = OK("let a = po\n"
			      "let f x = x\n"
			      "let g(x) = x\n"
			      "let h(x, y) = x\n"
			      "let k() = 0\n"
			      "let (p, q) = (po, rf)\n"
			      "let u, v = po, rf\n"
			      "let _ = po\n"
			      "let (w) = po\n"
			      "let z _ = po in\n"
			      "let rec r1 = r2 | po and r2 = r1\n"
			      "let WW(r) = r and WR(r) = r\n");
	if (!m)
		return;
	CHECK(m->top.n == 12);
	const cat_binding *b = m->top.v[0].binds;
	CHECK_STR(b->name, "a");
	CHECK(b->e->kind == E_VAR && b->npat == 0);
	b = m->top.v[1].binds;   /* f x = x */
	CHECK_STR(b->name, "f");
	CHECK(b->e->kind == E_FUN && b->e->nparams == 1 && !b->e->params_tuple);
	CHECK_STR(b->e->params[0], "x");
	CHECK(b->e->a && b->e->a->kind == E_VAR);
	b = m->top.v[2].binds;   /* g(x): one parameter, not a tuple (as herd7) */
	CHECK(b->e->kind == E_FUN && b->e->nparams == 1 && !b->e->params_tuple);
	b = m->top.v[3].binds;   /* h(x, y) */
	CHECK(b->e->kind == E_FUN && b->e->nparams == 2 && b->e->params_tuple);
	CHECK_STR(b->e->params[1], "y");
	b = m->top.v[4].binds;   /* k() */
	CHECK(b->e->kind == E_FUN && b->e->nparams == 0 && b->e->params_tuple);
	b = m->top.v[5].binds;   /* (p, q) = */
	CHECK(b->name == NULL && b->npat == 2);
	CHECK_STR(b->pat[0], "p");
	CHECK_STR(b->pat[1], "q");
	CHECK(b->e->kind == E_TUPLE && b->e->nargs == 2);
	b = m->top.v[6].binds;   /* u, v = po, rf */
	CHECK(b->name == NULL && b->npat == 2 && b->e->kind == E_TUPLE);
	b = m->top.v[7].binds;   /* _ = */
	CHECK_STR(b->name, "_");
	b = m->top.v[8].binds;   /* (w) = */
	CHECK_STR(b->name, "w");
	CHECK(b->npat == 0);
	b = m->top.v[9].binds;   /* z _ = po in */
	CHECK(b->e->kind == E_FUN && b->e->nparams == 1);
	CHECK_STR(b->e->params[0], "_");
	CHECK(m->top.v[10].rec && m->top.v[10].nbinds == 2);
	CHECK_STR(m->top.v[10].binds[1].name, "r2");
	CHECK(!m->top.v[11].rec && m->top.v[11].nbinds == 2);
	for (int i = 0; i < m->top.n; i++)
		CHECK(m->top.v[i].kind == I_LET);
	cat_model_ast_free(m);

	m = OK("let a = let rec x = x | po and y = x in y");
	if (m) {
		const cat_expr *e = m->top.v[0].binds[0].e;
		CHECK(e->kind == E_LET && e->rec && e->nbinds == 2 && e->a->kind == E_VAR);
		cat_model_ast_free(m);
	}
	m = OK("let a = fun (x, _) -> x let b = fun () -> 0 let c = fun _ -> 0");
	if (m) {
		const cat_expr *e = m->top.v[0].binds[0].e;
		CHECK(e->kind == E_FUN && e->params_tuple && e->nparams == 2);
		CHECK_STR(e->params[1], "_");
		e = m->top.v[1].binds[0].e;
		CHECK(e->kind == E_FUN && e->params_tuple && e->nparams == 0);
		e = m->top.v[2].binds[0].e;
		CHECK(e->kind == E_FUN && !e->params_tuple && e->nparams == 1);
		cat_model_ast_free(m);
	}
}

static void test_leaves(void)
{
	cat_model_ast *m = OK("let a = 0 let b = {} let c = {x} let d = () let e = _ let f = 'tag");
	if (!m)
		return;
	CHECK(m->top.v[0].binds[0].e->kind == E_EMPTY);
	CHECK(m->top.v[1].binds[0].e->kind == E_EMPTY);
	CHECK(m->top.v[2].binds[0].e->kind == E_SET && m->top.v[2].binds[0].e->nargs == 1);
	CHECK(m->top.v[3].binds[0].e->kind == E_TUPLE && m->top.v[3].binds[0].e->nargs == 0);
	CHECK(m->top.v[4].binds[0].e->kind == E_VAR);
	CHECK_STR(m->top.v[4].binds[0].e->name, "_");
	CHECK(m->top.v[5].binds[0].e->kind == E_TAG);
	cat_model_ast_free(m);
}

static void test_match(void)
{
	cat_model_ast *m = OK("let a = match s with || {} -> 0 || e ++ r -> e end\n"
			      "let b = match s with x ++ _ -> x || {} -> 0 end\n"
			      "let c = match t with 'a -> po || 'b -> rf || _ -> 0 end\n"
			      "let d = match t with || _ -> 0 end\n");
	if (!m)
		return;
	const cat_expr *e = m->top.v[0].binds[0].e;
	CHECK(e->kind == E_MATCH && e->nclauses == 2 && e->a->kind == E_VAR);
	CHECK(e->clauses[0].kind == 0 && e->clauses[1].kind == 1);
	CHECK_STR(e->clauses[1].a, "e");
	CHECK_STR(e->clauses[1].b, "r");
	e = m->top.v[1].binds[0].e;
	CHECK(e->clauses[0].kind == 1 && e->clauses[1].kind == 0);
	CHECK_STR(e->clauses[0].b, "_");
	e = m->top.v[2].binds[0].e;
	CHECK(e->nclauses == 3 && e->clauses[0].kind == 2 && e->clauses[2].kind == 3);
	CHECK_STR(e->clauses[1].a, "b");
	e = m->top.v[3].binds[0].e;
	CHECK(e->nclauses == 1 && e->clauses[0].kind == 3);
	cat_model_ast_free(m);
}

static void test_instructions(void)
{
	cat_model_ast *m = OK(
		"acyclic po as a1\n"                             /* 0 */
		"irreflexive po\n"                               /* 1 */
		"empty po as e\n"                                /* 2 */
		"flag ~empty po as f\n"                          /* 3 */
		"~acyclic po\n"                                  /* 4 */
		"show po, rf\n"                                  /* 5 */
		"show po | rf as both\n"                         /* 6 */
		"unshow po, rf\n"                                /* 7 */
		"procedure p(a, b) = acyclic a empty b end\n"    /* 8 */
		"procedure rec q x = call q(x) end\n"            /* 9 */
		"call p(po, rf) as c\n"                          /* 10 */
		"call q() \n"                                    /* 11 */
		"with co from generate(po)\n"                    /* 12 */
		"forall s in S do acyclic s end\n"               /* 13 */
		"if \"v\" let a = po else let a = rf end\n"      /* 14 */
		"if not variant \"v\" || \"w\" let a = po end\n" /* 15 */
		"enum Acc = 'once || 'release\n"                 /* 16 */
		"enum B = || 'x\n"                               /* 17 */
		"instructions R[{'once, 'acquire}]\n"            /* 18 */
		"instructions W[]\n"                             /* 19 */
		"default F[Acc, B]\n"                            /* 20 */
		"acyclic a, b\n");                               /* 21 */
	if (!m)
		return;
	const cat_instr *v = m->top.v;
	CHECK(m->top.n == 22);
	CHECK(v[0].kind == I_CHECK && v[0].check == CHK_ACYCLIC && !v[0].flag && !v[0].negated);
	CHECK_STR(v[0].as, "a1");
	CHECK(v[1].check == CHK_IRREFLEXIVE && v[1].as == NULL);
	CHECK(v[2].check == CHK_EMPTY);
	CHECK(v[3].flag && v[3].negated && v[3].check == CHK_EMPTY);
	CHECK_STR(v[3].as, "f");
	CHECK(!v[4].flag && v[4].negated);
	CHECK(v[5].kind == I_SHOW && !v[5].negated && v[5].nparams == 2 && v[5].e == NULL);
	CHECK_STR(v[5].params[1], "rf");
	CHECK(v[6].kind == I_SHOW && v[6].e && v[6].e->kind == E_UNION);
	CHECK_STR(v[6].as, "both");
	CHECK(v[7].kind == I_SHOW && v[7].negated && v[7].nparams == 2);
	CHECK(v[8].kind == I_PROCEDURE && v[8].nparams == 2 && v[8].params_tuple && !v[8].rec);
	CHECK(v[8].body.n == 2 && v[8].body.v[1].check == CHK_EMPTY);
	CHECK_STR(v[8].name, "p");
	CHECK(v[9].kind == I_PROCEDURE && v[9].rec && v[9].nparams == 1 && !v[9].params_tuple);
	CHECK(v[9].body.n == 1 && v[9].body.v[0].kind == I_CALL);
	CHECK(v[10].kind == I_CALL && v[10].e->kind == E_TUPLE && v[10].e->nargs == 2);
	CHECK_STR(v[10].as, "c");
	CHECK(v[11].kind == I_CALL && v[11].e->kind == E_TUPLE && v[11].e->nargs == 0);
	CHECK(v[12].kind == I_WITH && v[12].e->kind == E_APP);
	CHECK_STR(v[12].name, "co");
	CHECK(v[13].kind == I_FORALL && v[13].body.n == 1 && v[13].e->kind == E_VAR);
	CHECK_STR(v[13].name, "s");
	CHECK(v[14].kind == I_IF_VARIANT && v[14].e->kind == E_VARIANT);
	CHECK(v[14].body.n == 1 && v[14].body2.n == 1);
	CHECK_STR(v[14].e->name, "v");
	/* not binds tighter than ||: ((not "v") || "w") */
	CHECK(v[15].e->kind == E_UNION && v[15].e->a->kind == E_COMPL && v[15].body2.n == 0);
	CHECK(v[16].kind == I_ENUM && v[16].nparams == 2);
	CHECK_STR(v[16].name, "Acc");
	CHECK_STR(v[16].params[1], "release");
	CHECK(v[17].kind == I_ENUM && v[17].nparams == 1);
	CHECK(v[18].kind == I_INSTRUCTIONS && v[18].e->kind == E_TUPLE && v[18].e->nargs == 1);
	CHECK(v[18].e->args[0]->kind == E_SET && v[18].e->args[0]->nargs == 2);
	CHECK(v[19].kind == I_INSTRUCTIONS && v[19].e->nargs == 0);
	CHECK(v[20].kind == I_EVENTS && v[20].e->nargs == 2);
	CHECK_STR(v[20].name, "F");
	CHECK(v[21].kind == I_CHECK && v[21].e->kind == E_TUPLE);
	cat_model_ast_free(m);

	/* keywords are reserved; words that merely contain one are names */
	m = OK("let call_rec = fun x -> x let emptyset = 0 let lettuce = 0 let in-x = 0");
	cat_model_ast_free(m);
}

/* Includes: next to the including file first, then the include dirs. */
static void test_includes(const char *dir)
{
	char p_main[512], p_sub[512], p_lib[512], p_libdir[512], p_shadow[512];

	snprintf(p_libdir, sizeof p_libdir, "%s/lib", dir);
	mkdir(p_libdir, 0700);
	snprintf(p_main, sizeof p_main, "%s/main.cat", dir);
	snprintf(p_sub, sizeof p_sub, "%s/sub.cat", dir);
	snprintf(p_lib, sizeof p_lib, "%s/lib/libonly.cat", dir);
	snprintf(p_shadow, sizeof p_shadow, "%s/lib/sub.cat", dir);
	write_file(p_main, "\"Main\"\ninclude \"sub.cat\"\nlet m = s ; l\n");
	write_file(p_sub, "\"Sub\"\nlet s = po\ninclude \"libonly.cat\"\n");
	write_file(p_lib, "let l = rf\n");
	write_file(p_shadow, "let shadowed = 0\n");   /* must lose to sub.cat next to main */

	const char *inc[] = { p_libdir, NULL };
	diag d = { 0 };
	cat_model_ast *m = cat_parse_file(p_main, inc, &d);
	CHECK(m != NULL);
	if (!m) {
		diag_print(&d);
		return;
	}
	CHECK_STR(m->title, "Main");
	CHECK(m->top.n == 2 && m->top.v[0].kind == I_INCLUDE);
	const cat_instr *in = &m->top.v[0];
	CHECK_STR(in->name, "sub.cat");
	CHECK_STR(in->path, p_sub);
	CHECK_STR(in->file, p_main);
	CHECK(in->body.n == 2 && in->body.v[0].kind == I_LET);
	CHECK_STR(in->body.v[0].binds[0].name, "s");
	CHECK_STR(in->body.v[0].file, p_sub);
	const cat_instr *in2 = &in->body.v[1];
	CHECK(in2->kind == I_INCLUDE && in2->body.n == 1);
	CHECK_STR(in2->path, p_lib);
	CHECK_STR(in2->body.v[0].file, p_lib);
	cat_model_ast_free(m);

	/* a missing include: error at the include, naming the file */
	write_file(p_sub, "let s = po\n  include \"nowhere.cat\"\n");
	memset(&d, 0, sizeof d);
	CHECK(cat_parse_file(p_main, inc, &d) == NULL);
	CHECK(d.failed && d.pos.line == 2 && d.pos.col == 3);
	CHECK(strstr(d.msg, "nowhere.cat") != NULL);
	CHECK_STR(d.file, p_sub);

	/* an error inside an included file is reported in that file */
	write_file(p_sub, "let s = po\nlet t = ) \n");
	memset(&d, 0, sizeof d);
	CHECK(cat_parse_file(p_main, inc, &d) == NULL);
	CHECK(d.pos.line == 2 && d.pos.col == 9);
	CHECK_STR(d.file, p_sub);

	/* include cycles: main -> sub -> main, and a file including itself */
	write_file(p_sub, "let s = po\ninclude \"main.cat\"\n");
	memset(&d, 0, sizeof d);
	CHECK(cat_parse_file(p_main, inc, &d) == NULL);
	CHECK(strstr(d.msg, "include cycle") != NULL);
	CHECK(d.pos.line == 2 && d.pos.col == 1);
	CHECK_STR(d.file, p_sub);
	write_file(p_sub, "include \"sub.cat\"\n");
	memset(&d, 0, sizeof d);
	CHECK(cat_parse_file(p_sub, inc, &d) == NULL);
	CHECK(strstr(d.msg, "include cycle") != NULL);

	/* the same file twice (not nested) is fine, as cross.cat in LKMM */
	write_file(p_sub, "include \"libonly.cat\"\ninclude \"libonly.cat\"\n");
	memset(&d, 0, sizeof d);
	m = cat_parse_file(p_main, inc, &d);
	CHECK(m != NULL);
	cat_model_ast_free(m);

	/* a directory is not a file; a missing model is an error without a position */
	write_file(p_sub, "include \"lib\"\n");
	memset(&d, 0, sizeof d);
	CHECK(cat_parse_file(p_main, NULL, &d) == NULL);
	CHECK(strstr(d.msg, "cannot find include file \"lib\"") != NULL);
	memset(&d, 0, sizeof d);
	CHECK(cat_parse_file("/nonexistent/model.cat", NULL, &d) == NULL);
	CHECK(d.failed && d.pos.line == 0 && strstr(d.msg, "cannot read model"));
	CHECK_STR(d.file, "/nonexistent/model.cat");

	/* cat_parse_string resolves includes next to its name */
	char text[600];
	snprintf(text, sizeof text, "include \"%s\"\n", p_lib);   /* absolute */
	memset(&d, 0, sizeof d);
	m = cat_parse_string(text, "elsewhere/x.cat", NULL, &d);
	CHECK(m && m->top.v[0].body.n == 1);
	cat_model_ast_free(m);
	memset(&d, 0, sizeof d);
	m = cat_parse_string("include \"libonly.cat\"", p_shadow, NULL, &d);
	CHECK(m && m->top.v[0].body.n == 1);
	cat_model_ast_free(m);

	remove(p_main);
	remove(p_sub);
	remove(p_lib);
	remove(p_shadow);
	rmdir(p_libdir);
}

/* ---- 3. errors ---- */

static void test_errors(void)
{
	/* lexical */
	ERR("let a = po (* open", 1, 12, "unterminated comment");
	ERR("(* a (* b *) c\nlet a = po", 1, 1, "unterminated comment");
	ERR("include \"x.cat", 1, 9, "unterminated string");
	ERR("let a = po $ rf", 1, 12, "unexpected character '$'");
	ERR("let a = po\n\x01", 2, 1, "unexpected character (byte 0x01)");
	ERR("let a = 1", 1, 9, "the only number in cat is 0");
	ERR("let a = po - rf", 1, 12, "'-'");
	ERR("let a = ' x", 1, 9, "expected a tag name");
	ERR("let a = po <= rf", 1, 12, "unexpected character '<'");
	/* ambiguous operators that herd7 also rejects */
	ERR("let a = po * po * po", 1, 17, "'*' cannot follow");
	ERR("let a = ~po*", 1, 12, "'*' cannot follow");
	ERR("let a = ~po * po", 1, 13, "'*' cannot follow");
	ERR("let a = W * W+", 1, 14, "'+' cannot follow");
	ERR("let a = ~po?", 1, 12, "'?' cannot follow");
	ERR("let a = po * ~po", 1, 14, "'~' cannot follow '*'");
	ERR("let a = po*\n~empty po", 2, 1, "'~' cannot follow '*'");
	ERR("let a = po^ rf", 1, 13, "expected '-1'");
	/* syntax */
	ERR("let a = ", 1, 9, "expected an expression, found end of file");
	ERR("let a = let b = po\n", 2, 1, "expected 'in', found end of file");
	ERR("let a = po\n)", 2, 1, "expected an instruction");
	ERR("let a = (domain po) po", 1, 21, "found name 'po'");
	ERR("let a = po ; ", 1, 14, "expected an expression");
	ERR("let a = (po", 1, 12, "expected ')'");
	ERR("let a = [po", 1, 12, "expected ']'");
	ERR("let a = {po,}", 1, 13, "expected an expression, found '}'");
	ERR("let in = po", 1, 5, "expected a name or a pattern");
	ERR("let f x y = po", 1, 9, "expected '='");
	ERR("let a = fun -> po", 1, 13, "expected a name or '_'");
	ERR("let a = fun (x, y -> po", 1, 19, "expected ')'");
	ERR("let a = try po", 1, 15, "expected 'with'");
	ERR("let a = if po then po else 0", 1, 15, "expected '=', 'subset' or 'in'");
	ERR("let a = if po = po then po", 1, 27, "expected 'else'");
	ERR("let a = if po = po = po then 0 else 0", 1, 20, "expected 'then'");
	ERR("let a = if variant po then 0 else 0", 1, 20, "expected a variant name in quotes");
	ERR("procedure p(x) = acyclic x", 1, 27, "'end' closing the procedure at line 1");
	ERR("procedure p = acyclic x end", 1, 13, "expected a name or '_'");
	ERR("forall x in S do acyclic x", 1, 27, "'end' closing the forall");
	ERR("forall x from S do end", 1, 10, "expected 'in'");
	ERR("with co in S", 1, 9, "expected 'from'");
	ERR("call p po", 1, 8, "expected the argument in parentheses");
	ERR("flag call p(po)", 1, 6, "expected 'acyclic', 'irreflexive' or 'empty'");
	ERR("acyclic po as", 1, 14, "expected a name after 'as'");
	ERR("show po | rf", 1, 13, "expected 'as NAME'");
	ERR("show _", 1, 7, "expected 'as NAME'");
	ERR("unshow po as x", 1, 11, "found 'as'");
	ERR("let a = (po*) po", 1, 15, "found name 'po'");
	ERR("include x.cat", 1, 9, "expected a file name in quotes");
	ERR("if po = po let a = po end", 1, 4, "expected a variant condition");
	ERR("if \"a\" let a = po", 1, 18, "'end' closing the if");
	ERR("if \"a\" let a = po else let a = rf else let a = 0 end", 1, 35, "'end' closing the if");
	ERR("enum E = 'a || b", 1, 16, "expected a tag");
	ERR("enum E 'a", 1, 8, "expected '='");
	ERR("procedure p() = enum E = 'a end", 1, 17, "only allowed at the top level");
	ERR("instructions R[po", 1, 18, "expected ']'");
	ERR("end", 1, 1, "expected an instruction");
	ERR("let a = po else", 1, 12, "expected an instruction");
	/* match */
	ERR("let a = match s with || _ -> 0 || 'a -> 1 end", 1, 35, "'_ ->' must be the last");
	ERR("let a = match s with 'a -> 0 || {} -> 1 end", 1, 33, "cannot mix tag clauses and set clauses");
	ERR("let a = match s with {} -> 0 end", 1, 30, "needs both a '{} ->' and an 'x ++ s ->'");
	ERR("let a = match s with {} -> 0 || {} -> 0 end", 1, 33, "one '{} ->' and one 'x ++ s ->'");
	ERR("let a = match s with x ++ -> 0 end", 1, 27, "expected a name or '_' after '++'");
	ERR("let a = match s with || po -> 0 end", 1, 25, "expected a match clause");
	ERR("let a = match s with 'a -> 0", 1, 29, "expected 'end'");
	/* constructs herd7 has and bpfmm does not */
	ERR("undefined_unless empty po", 1, 1, "'undefined_unless' is not supported");
	ERR("assert empty po", 1, 1, "'assert' is not supported");
	ERR("debug po", 1, 1, "'debug' is not supported");
	ERR("\"T\" catdep let a = po", 1, 5, "'catdep' option is not supported");
	ERR("let rec a = a | po when acyclic a", 1, 20, "'let rec ... when' is not supported");
	ERR("match t with 'a -> let a = po end", 1, 1, "a 'match' instruction is not supported");
	ERR("let a = match s with x | y ++ r -> 0 || {} -> 0 end", 1, 22, "'x | y ++ s' is not supported");
	/* limits */
	{
		char *deep = malloc(4000);
		strcpy(deep, "let a = ");
		for (int i = 0; i < 600; i++)
			strcat(deep, "(");
		strcat(deep, "po");
		ERR(deep, 1, 508, "nesting too deep");
		strcpy(deep, "let a = po");
		for (int i = 0; i < 1100; i++)
			strcat(deep, "?");
		ERR(deep, 1, 1010, "nested too deeply");
		free(deep);
	}
	/* first error wins: a diag that already failed keeps its error */
	diag d = { .failed = 1, .pos = { 7, 7 } };
	strcpy(d.msg, "earlier");
	CHECK(cat_parse_string("let a = )", "t.cat", NULL, &d) == NULL);
	CHECK_STR(d.msg, "earlier");
	CHECK(d.pos.line == 7);
	/* and the file of an error is set (kept beyond the parse) */
	memset(&d, 0, sizeof d);
	CHECK(cat_parse_string("let a = )", "name.cat", NULL, &d) == NULL);
	CHECK_STR(d.file, "name.cat");
}

/* ---- 4. robustness ---- */

static void test_robustness(const char *text)
{
	size_t n = strlen(text);
	char *buf = malloc(n + 2);
	int parsed = 0, failed = 0, silent = 0;

	/* every prefix: a truncated file parses or fails with a message */
	for (size_t k = 0; k <= n; k++) {
		memcpy(buf, text, k);
		buf[k] = '\0';
		diag d = { 0 };
		cat_model_ast *m = cat_parse_string(buf, "prefix.cat", NULL, &d);
		if (m) {
			parsed++;
			cat_model_ast_free(m);
		} else {
			failed++;
			silent += !d.failed || !d.msg[0] || d.pos.line < 1;
		}
	}
	CHECK(parsed > 0 && failed > 0 && silent == 0);
	/* every byte value in the middle of the text */
	silent = 0;
	for (int c = 1; c < 256; c++) {
		memcpy(buf, text, n + 1);
		buf[n / 2] = (char)c;
		diag d = { 0 };
		cat_model_ast *m = cat_parse_string(buf, "byte.cat", NULL, &d);
		if (m)
			cat_model_ast_free(m);
		else
			silent += !d.failed || !d.msg[0];
	}
	CHECK(silent == 0);
	free(buf);

	/* a long flat tuple and a long file are fine */
	size_t big = 2000000;
	char *s = malloc(big + 64);
	strcpy(s, "let a = po");
	for (size_t k = strlen(s); k + 4 < big; k += 4)
		memcpy(s + k, ", po", 5);
	diag d = { 0 };
	cat_model_ast *m = cat_parse_string(s, "big.cat", NULL, &d);
	CHECK(m && m->top.v[0].binds[0].e->kind == E_TUPLE && m->top.v[0].binds[0].e->nargs > 400000);
	cat_model_ast_free(m);
	free(s);
}

/* ---- 5. real models ---- */

/* Parse a file, print it, parse the print (as if it were that file, so
 * includes resolve the same), and print again: both prints must agree. */
static cat_model_ast *parse_real(const char *path, const char *const *inc)
{
	diag d = { 0 };
	cat_model_ast *m = cat_parse_file(path, inc, &d);

	CHECK(m != NULL);
	if (!m) {
		diag_print(&d);
		return NULL;
	}
	char *p1 = model_str(m);
	memset(&d, 0, sizeof d);
	cat_model_ast *m2 = cat_parse_string(p1, path, inc, &d);
	CHECK(m2 != NULL);
	if (m2) {
		char *p2 = model_str(m2);
		CHECK_STR(p1, p2);
		free(p2);
		cat_model_ast_free(m2);
	} else {
		diag_print(&d);
	}
	free(p1);
	return m;
}

static int count_kind(const cat_block *b, cat_instr_kind k, bool deep)
{
	int n = 0;
	for (int i = 0; i < b->n; i++) {
		n += b->v[i].kind == k;
		if (deep) {
			n += count_kind(&b->v[i].body, k, deep);
			n += count_kind(&b->v[i].body2, k, deep);
		}
	}
	return n;
}

static void test_herd_lib(void)
{
	static const char *const files[] = {
		"stdlib.cat", "cos.cat", "cos-opt.cat", "cos-no-opt.cat",
		"cos-ok-opt.cat", "cross.cat", "filters.cat",
	};
	if (!herd_lib) {
		printf("test_cat_parse: herd7 library not found: skipping its files\n");
		return;
	}
	const char *inc[] = { herd_lib, NULL };
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", herd_lib, files[i]);
		cat_model_ast *m = parse_real(path, inc);
		if (!m)
			continue;
		if (!strcmp(files[i], "cos.cat")) {
			/* if "cos-opt" include ... else include ... end */
			CHECK(count_kind(&m->top, I_IF_VARIANT, false) == 1);
			CHECK(count_kind(&m->top, I_INCLUDE, true) == 4);
			CHECK(count_kind(&m->top, I_WITH, true) == 2);
		}
		if (!strcmp(files[i], "stdlib.cat")) {
			CHECK_STR(m->title, "stdlib");
			CHECK(count_kind(&m->top, I_PROCEDURE, false) == 3);
		}
		cat_model_ast_free(m);
	}
}

/* Where the kernel's tools/memory-model is (see the comment at the top). */
static const char *lkmm_dir(void)
{
	static char dir[1024];
	const char *env = getenv("BPFMM_LKMM_DIR");
	char cat[1100];

	if (env && *env) {
		snprintf(cat, sizeof cat, "%s/linux-kernel.cat", env);
		if (exists(cat))
			return env;
		/* asked for explicitly: a wrong directory is a failure */
		fprintf(stderr, "test_cat_parse: BPFMM_LKMM_DIR=%s has no linux-kernel.cat\n", env);
		unit_fail++;
		return NULL;
	}
	/* The one extractor of the cache (a whole tree, renamed into place),
	 * shared with the conformance suites; run from the repository root. */
	if (!exists("scripts/lkmm-tree.sh"))
		return NULL;
	FILE *p = popen("sh scripts/lkmm-tree.sh", "r");
	if (!p)
		return NULL;
	if (!fgets(dir, sizeof dir, p))
		dir[0] = 0;
	int st = pclose(p);
	dir[strcspn(dir, "\n")] = 0;
	if (st != 0 || !dir[0])
		return NULL;
	snprintf(cat, sizeof cat, "%s/linux-kernel.cat", dir);
	return exists(cat) ? dir : NULL;
}

static void test_lkmm(void)
{
	const char *dir = lkmm_dir();
	char bell[1100], cat[1100], lock[1100];

	if (!dir) {
		printf("test_cat_parse: kernel memory model not found (set BPFMM_LKMM_DIR): skipping\n");
		return;
	}
	snprintf(bell, sizeof bell, "%s/linux-kernel.bell", dir);
	snprintf(cat, sizeof cat, "%s/linux-kernel.cat", dir);
	snprintf(lock, sizeof lock, "%s/lock.cat", dir);
	const char *inc[] = { dir, herd_lib, NULL };

	cat_model_ast *m = parse_real(bell, inc);
	if (m) {
		CHECK(count_kind(&m->top, I_ENUM, false) == 3);
		CHECK(count_kind(&m->top, I_INSTRUCTIONS, false) == 5);
		cat_model_ast_free(m);
	}
	if (!herd_lib) {
		printf("test_cat_parse: no herd7 library: skipping linux-kernel.cat and lock.cat\n");
		return;
	}
	m = parse_real(lock, inc);
	cat_model_ast_free(m);
	m = parse_real(cat, inc);
	if (m) {
		CHECK_STR(m->title, "Linux-kernel memory consistency model");
		/* lock.cat, and within it cross.cat and cos-opt.cat (itself with cross.cat) */
		CHECK(count_kind(&m->top, I_INCLUDE, true) == 4);
		/* checks of linux-kernel.cat itself: coherence, atomic,
		 * happens-before, propagation, rcu, plain-coherence; two flags */
		int checks = 0, flags = 0;
		for (int i = 0; i < m->top.n; i++)
			if (m->top.v[i].kind == I_CHECK)
				m->top.v[i].flag ? flags++ : checks++;
		CHECK(checks == 6 && flags == 2);
		cat_model_ast_free(m);
	}
	/* every prefix of the bell file (a real model, truncated anywhere) */
	FILE *f = fopen(bell, "r");
	if (f) {
		static char text[1 << 16];
		size_t n = fread(text, 1, sizeof text - 1, f);
		text[n] = '\0';
		fclose(f);
		test_robustness(text);
	}
}

int main(void)
{
	const char *lib = getenv("BPFMM_HERD_LIB");
	char stdlib[1100];

	if (!lib || !*lib)
		lib = "../shared/tools/herd7/lib";
	snprintf(stdlib, sizeof stdlib, "%s/stdlib.cat", lib);
	herd_lib = exists(stdlib) ? lib : NULL;

	test_precedence();
	test_titles();
	test_lexical();
	test_let();
	test_leaves();
	test_match();
	test_instructions();

	char dir[] = "/tmp/bpfmm-cat-parse-XXXXXX";
	if (mkdtemp(dir)) {
		test_includes(dir);
		rmdir(dir);
	} else {
		perror("mkdtemp");
		unit_fail++;
	}

	test_errors();
	test_robustness("\"T\"\nlet a = po ; rf | co (* c *)\n"
			"procedure p(x) = acyclic x as c end\ncall p(a)\n"
			"let f(x, y) = match x with || {} -> y || e ++ s -> e end\n"
			"if \"v\" flag ~empty a as f else show a end\n");
	test_herd_lib();
	test_lkmm();
	return unit_done("cat_parse");
}
