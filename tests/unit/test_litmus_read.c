/* test_litmus_read.c - the generic litmus reader, driven by a toy front-end
 * so that the checks do not depend on any real architecture. */
#include <stdlib.h>
#include "unit.h"
#include "litmus/litmus_read.h"

/* TOY: registers r<digits>; every cell is an integer N, lowered to
 * `r0 = N`; the cell "bad" is rejected. The cells seen are recorded. */
static litmus_cell seen[64];
static char seen_text[64][64];
static int nseen;

static bool toy_is_register(const char *name)
{
	const char *p = name + 1;

	if (name[0] != 'r' || !*p)
		return false;
	for (; *p; p++)
		if (*p < '0' || *p > '9')
			return false;
	return true;
}

static int toy_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			    diag *d)
{
	litmus_thread *th = &t->threads[ti];
	int i;

	th->code = calloc((size_t)ncells + 1, sizeof *th->code);
	for (i = 0; i < ncells; i++) {
		if (nseen < 64) {
			snprintf(seen_text[nseen], sizeof seen_text[nseen], "%s", cells[i].text);
			seen[nseen].text = seen_text[nseen];
			seen[nseen++].pos = cells[i].pos;
		}
		if (strcmp(cells[i].text, "bad") == 0)
			return diag_error(d, cells[i].pos, "toy error");
		th->code[i].op = IR_MOV;
		th->code[i].dst = litmus_reg(t, "r0");
		th->code[i].a.kind = OPND_IMM;
		th->code[i].a.imm = value_int(atoi(cells[i].text));
		th->ncode++;
	}
	return 0;
}

static const char *const toy_tags[] = { "T" };
static const frontend toy_frontend = {
	.arch = "TOY", .default_model = "toy.cat", .tag_names = toy_tags, .ntags = 1,
	.is_register = toy_is_register, .parse_thread = toy_parse_thread,
};

static const frontend *toy_lookup(const char *arch)
{
	return strcmp(arch, "TOY") == 0 ? &toy_frontend : NULL;
}

static litmus_test *parse(const char *text, diag *d)
{
	memset(d, 0, sizeof *d);
	nseen = 0;
	return litmus_read_string(text, "test.litmus", toy_lookup, d);
}

static int sym(const litmus_test *t, const char *name)
{
	int i;

	for (i = 0; i < t->nsyms; i++)
		if (strcmp(t->syms[i], name) == 0)
			return i;
	return -2;
}

static int reg(const litmus_test *t, const char *name)
{
	int i;

	for (i = 0; i < t->nregs; i++)
		if (strcmp(t->regs[i], name) == 0)
			return i;
	return -2;
}

/* Is the atom `T:rN = v` (thread >= 0) or `x = v` (thread < 0)? */
static bool atom_is(const prop *p, int thread, int idx, value v)
{
	if (!p || p->kind != PROP_ATOM || p->rhs_is_obs || p->lhs.thread != thread)
		return false;
	if (thread >= 0 ? p->lhs.reg != idx : p->lhs.sym != idx)
		return false;
	return value_eq(p->rhs, v);
}

static void test_header(void)
{
	diag d;
	litmus_test *t;

	t = parse("TOY MP+po.once-x\n{}\nP0;\n1;\nexists true\n", &d);
	CHECK(t != NULL);
	if (t) {
		CHECK_STR(t->arch, "TOY");
		CHECK_STR(t->name, "MP+po.once-x");
		CHECK(t->doc == NULL);
		CHECK_STR(t->path, "test.litmus");
		CHECK(t->fe == &toy_frontend);
		CHECK(t->quant == Q_EXISTS && t->cond && t->cond->kind == PROP_TRUE);
		CHECK(t->nthreads == 1 && t->threads[0].ncode == 1 && t->threads[0].id == 0);
	}
	litmus_free(t);

	/* herd7 syntax seen in the Power and AArch64 catalogues: a second name
	 * in the header, P-prefixed thread registers, a ';' after the
	 * condition, and a trailing << ... >> block */
	t = parse("TOY co6 (CoSix)\n{ P0:r1=x; }\nP0;\n1;\nexists (0:r1=x);\n<< show >>\n", &d);
	CHECK(t && !strcmp(t->name, "co6") && t->ninit == 1 && t->init[0].thread == 0);
	litmus_free(t);

	/* no condition at all: herd7 reads forall (true) */
	t = parse("TOY nocond\n{}\nP0;\n1;\n", &d);
	CHECK(t && t->quant == Q_FORALL && t->cond && t->cond->kind == PROP_TRUE);
	litmus_free(t);

	t = parse("TOY  foo.litmus \r\n\"a doc (* string *)\"\nGenerator=diy7 (version 7)\n"
		  "Com = Rf Fr\n{}\nP0;\n1;\nforall false\n", &d);
	CHECK(t != NULL);
	if (t) {
		CHECK_STR(t->name, "foo.litmus");
		CHECK_STR(t->doc, "a doc (* string *)");
		CHECK(t->quant == Q_FORALL && t->cond->kind == PROP_FALSE);
	}
	litmus_free(t);

	/* herd7 reads anything between the name line and the init block as
	 * free text: an unclosed comment, a stray `*)`, a second name line */
	t = parse("TOY free (* a comment *)\n(* never closed\nTOY free2\n*) stray\n"
		  "{ x=1; }\nP0;\n1;\nexists (x=1)\n", &d);
	CHECK(t && !strcmp(t->name, "free") && t->ninit == 1 && t->nthreads == 1);
	litmus_free(t);
	t = parse("TOY free\n\"doc { with a brace\"\n(* unclosed\n{}\nP0;\n1;\nexists true\n", &d);
	CHECK(t && t->doc && !strcmp(t->doc, "doc { with a brace"));
	litmus_free(t);
	/* herd7's splitter: a `(*` alone on its line opens a comment that
	 * may hold a `{`; on a line with more after it, the `{` starts the
	 * init block (here in the middle of the comment: an error) */
	t = parse("TOY brace\n(*\n * { x=2; } *)\n{ x=1; }\nP0;\n1;\nexists (x=1)\n", &d);
	CHECK(t && t->ninit == 1 && t->init[0].val.off == 1);
	litmus_free(t);
	t = parse("TOY brace\n(*{ x=2; } *)\n{ x=1; }\nP0;\n1;\nexists (x=1)\n", &d);
	CHECK(t && t->ninit == 1 && t->init[0].val.off == 1);
	litmus_free(t);
	t = parse("TOY brace\n(* a { x=2; } *)\n{ x=1; }\nP0;\n1;\nexists (x=1)\n", &d);
	CHECK(t == NULL);
	litmus_free(t);
	t = parse("TOY brace\nNote = a { b\n{ x=1; }\nP0;\n1;\nexists (x=1)\n", &d);
	CHECK(t && t->ninit == 1 && t->init[0].val.off == 1);
	litmus_free(t);
}

static void test_comments(void)
{
	diag d;
	litmus_test *t;

	t = parse("(* lead *) TOY c (* (* nested *) after name *)\n"
		  "{ x=1; (* in init; with ; and } *) y=2 }\n"
		  "(* before the grid *)\n"
		  "P0 (* a *) | P1 ;\n"
		  "1 (* a cell | with a bar *) | 2 ;\n"
		  "~exists (* c *) (x=1) (* trailing\n comment *)\n\n", &d);
	CHECK(t != NULL);
	if (t) {
		CHECK(t->ninit == 2 && t->nthreads == 2);
		CHECK(t->quant == Q_NOT_EXISTS);
		CHECK(nseen == 2);
		CHECK_STR(seen[0].text, "1");
		CHECK_STR(seen[1].text, "2");
	}
	litmus_free(t);
}

static void test_init(void)
{
	diag d;
	litmus_test *t;
	const init_entry *e;

	t = parse("TOY init\n{\n"
		  "\t0:r1=x; 0:r2 = -5;\n\n"
		  "1:r10 = y ; x=3; y=x; [z]=4;\n"
		  "int a = 1; int b; int* c = a; uint64_t d=0x10; u64 e;\n"
		  "int y2 = u;\n"
		  "1:r3=-9223372036854775808\n"
		  "}\nP0|P1;\n|;\nexists (x=1)\n", &d);
	CHECK(t != NULL);
	if (!t)
		return;
	CHECK(t->ninit == 13);
	if (t->ninit == 13) {
		e = t->init;
		CHECK(e[0].thread == 0 && e[0].reg == reg(t, "r1") && value_eq(e[0].val, value_addr(sym(t, "x"))));
		CHECK(e[0].pos.line == 3 && e[0].pos.col == 2);
		CHECK(e[1].thread == 0 && e[1].reg == reg(t, "r2") && value_eq(e[1].val, value_int(-5)));
		CHECK(e[2].thread == 1 && e[2].reg == reg(t, "r10") && value_eq(e[2].val, value_addr(sym(t, "y"))));
		CHECK(e[3].thread == -1 && e[3].sym == sym(t, "x") && value_eq(e[3].val, value_int(3)));
		CHECK(e[4].sym == sym(t, "y") && value_eq(e[4].val, value_addr(sym(t, "x"))));
		CHECK(e[5].sym == sym(t, "z") && value_eq(e[5].val, value_int(4)));
		CHECK(e[6].sym == sym(t, "a") && value_eq(e[6].val, value_int(1)));
		CHECK(e[7].sym == sym(t, "b") && value_eq(e[7].val, value_int(0)));
		CHECK(e[8].sym == sym(t, "c") && value_eq(e[8].val, value_addr(sym(t, "a"))));
		CHECK(e[9].sym == sym(t, "d") && value_eq(e[9].val, value_int(16)));
		CHECK(e[10].sym == sym(t, "e") && value_eq(e[10].val, value_int(0)));
		CHECK(e[11].sym == sym(t, "y2") && value_eq(e[11].val, value_addr(sym(t, "u"))));
		CHECK(e[12].thread == 1 && value_eq(e[12].val, value_int(INT64_MIN)));
	}
	/* First-seen order; `u` is a location although only named as a value. */
	CHECK(t->nsyms == 10);
	CHECK(sym(t, "x") == 0 && sym(t, "y") == 1 && sym(t, "z") == 2 && sym(t, "u") == 9);
	litmus_free(t);

	/* herd7's 64-bit values: up to 2^64-1, read as the two's complement
	 * pattern; a type may come before a symbolic register. */
	t = parse("TOY wide\n{ x=0xffffffffffffffff; y=18446744073709551615;\n"
		  "int64_t 0: r1 = 0xFFFFFFFFFFFFFFFC; z=0x8000000000000000;\n"
		  "w=9223372036854775807; uint64_t %s=x; }\nP0;\n1;\nexists (x=1)\n", &d);
	CHECK(t != NULL);
	if (!t)
		return;
	CHECK(t->ninit == 5);   /* no thread names %s: its entry is dropped */
	if (t->ninit == 5) {
		e = t->init;
		CHECK(e[0].sym == sym(t, "x") && value_eq(e[0].val, value_int(-1)));
		CHECK(e[1].sym == sym(t, "y") && value_eq(e[1].val, value_int(-1)));
		CHECK(e[2].thread == 0 && e[2].reg == reg(t, "r1") && value_eq(e[2].val, value_int(-4)));
		CHECK(e[3].sym == sym(t, "z") && value_eq(e[3].val, value_int(INT64_MIN)));
		CHECK(e[4].sym == sym(t, "w") && value_eq(e[4].val, value_int(INT64_MAX)));
	}
	CHECK(reg(t, "%s") >= 0);
	litmus_free(t);
}

static void test_grid(void)
{
	diag d;
	litmus_test *t;

	/* Tabs, empty cells, blank lines, trailing spaces. */
	t = parse("TOY grid\n{}\n"
		  " P0\t| P1 |P2;  \n"
		  "\t1 |    | 3 ;\n"
		  "\n"
		  " 4 | | ;\n"
		  "   |  | 6;\n"
		  "exists (x=1)", &d);
	CHECK(t != NULL);
	if (!t)
		return;
	CHECK(t->nthreads == 3);
	CHECK(t->threads[0].ncode == 2 && t->threads[1].ncode == 0 && t->threads[2].ncode == 2);
	CHECK(t->threads[2].id == 2);
	CHECK(nseen == 4);
	CHECK_STR(seen[0].text, "1");
	CHECK(seen[0].pos.line == 4 && seen[0].pos.col == 2);
	CHECK_STR(seen[3].text, "6");
	CHECK(seen[3].pos.line == 7 && seen[3].pos.col == 9);
	CHECK(t->threads[2].code[1].a.imm.off == 6);
	litmus_free(t);

	/* `|=` stays inside its cell; two rows may share a line. Cells arrive
	 * thread by thread. */
	t = parse("TOY grid\n{}\nP0 | P1;\n1 |= 2 | 3 ; 4 | 5 ;\nexists (x=1)", &d);
	CHECK(t != NULL && nseen == 4);
	if (t && nseen == 4) {
		CHECK_STR(seen[0].text, "1 |= 2");
		CHECK_STR(seen[1].text, "4");
		CHECK(seen[1].pos.line == 4 && seen[1].pos.col == 14);
		CHECK_STR(seen[2].text, "3");
	}
	litmus_free(t);
}

static void test_locations_filter(void)
{
	diag d;
	litmus_test *t;

	t = parse("TOY loc\n{}\nP0|P1;\n1|2;\n"
		  "locations [1:r5; x; [y];]\nfilter (0:r1=1)\nexists (y=1)\n", &d);
	CHECK(t != NULL);
	if (!t)
		return;
	CHECK(t->nlocations == 3);
	if (t->nlocations == 3) {
		CHECK(t->locations[0].thread == 1 && t->locations[0].reg == reg(t, "r5"));
		CHECK(t->locations[1].thread == -1 && t->locations[1].sym == sym(t, "x"));
		CHECK(t->locations[2].thread == -1 && t->locations[2].sym == sym(t, "y"));
	}
	CHECK(atom_is(t->filter, 0, reg(t, "r1"), value_int(1)));
	litmus_free(t);

	/* Either order, and an empty list. */
	t = parse("TOY loc\n{}\nP0;\n1;\nfilter true locations []\nexists (x=1)\n", &d);
	CHECK(t != NULL && t->nlocations == 0 && t->filter && t->filter->kind == PROP_TRUE);
	litmus_free(t);
}

static void test_condition(void)
{
	diag d;
	litmus_test *t;
	const prop *c;
	int r1;

	/* \/ binds looser than /\, ~ binds tightest, => loosest. */
	t = parse("TOY cond\n{}\nP0|P1;\n1|2;\n"
		  "exists 0:r1=1 \\/ x = 2 /\\ ~ [y]=-3 => 1:r1=z\\/(true/\\false)\n", &d);
	CHECK(t != NULL);
	if (!t)
		return;
	c = t->cond;
	r1 = reg(t, "r1");
	CHECK(c->kind == PROP_IMPLIES);
	CHECK(c->l->kind == PROP_OR);
	CHECK(atom_is(c->l->l, 0, r1, value_int(1)));
	CHECK(c->l->r->kind == PROP_AND);
	CHECK(atom_is(c->l->r->l, -1, sym(t, "x"), value_int(2)));
	CHECK(c->l->r->r->kind == PROP_NOT);
	CHECK(atom_is(c->l->r->r->l, -1, sym(t, "y"), value_int(-3)));
	CHECK(c->r->kind == PROP_OR);
	CHECK(atom_is(c->r->l, 1, r1, value_addr(sym(t, "z"))));
	CHECK(c->r->r->kind == PROP_AND && c->r->r->l->kind == PROP_TRUE);
	litmus_free(t);

	/* Chains group to the left; `loc == loc` compares two observables. */
	t = parse("TOY cond\n{}\nP0;\n1;\nexists (x=1 /\\ y=2 /\\ 0:r3 == x)\n", &d);
	CHECK(t != NULL);
	if (!t)
		return;
	c = t->cond;
	CHECK(c->kind == PROP_AND && c->l->kind == PROP_AND);
	CHECK(c->r->kind == PROP_ATOM && c->r->rhs_is_obs);
	CHECK(c->r->lhs.thread == 0 && c->r->rhs_obs.thread == -1 && c->r->rhs_obs.sym == sym(t, "x"));
	litmus_free(t);

	/* `<>` and `!=` read as the negated atom (herd7 prints `not (..)`);
	 * a condition value may be a 64-bit pattern. */
	t = parse("TOY cond\n{}\nP0;\n1;\n"
		  "exists 0:r1<>1 /\\ x != y /\\ ~[y] <> -1 /\\ y=0xffffffffffffffff\n", &d);
	CHECK(t != NULL);
	if (!t)
		return;
	c = t->cond;
	CHECK(c->kind == PROP_AND && c->l->kind == PROP_AND && c->l->l->kind == PROP_AND);
	CHECK(c->l->l->l->kind == PROP_NOT);
	CHECK(atom_is(c->l->l->l->l, 0, reg(t, "r1"), value_int(1)));
	CHECK(c->l->l->r->kind == PROP_NOT);
	CHECK(atom_is(c->l->l->r->l, -1, sym(t, "x"), value_addr(sym(t, "y"))));
	CHECK(c->l->r->kind == PROP_NOT && c->l->r->l->kind == PROP_NOT);
	CHECK(atom_is(c->l->r->l->l, -1, sym(t, "y"), value_int(-1)));
	CHECK(atom_is(c->r, -1, sym(t, "y"), value_int(-1)));
	litmus_free(t);

	/* herd7: the right of `=` may be a register `T:r` or a bracketed
	 * location `[y]` (two final values compared); a bare `y` stays the
	 * address of y */
	t = parse("TOY cond\n{}\nP0|P1;\n1|2;\nexists (0:r1=1:r2 /\\ x=[y] /\\ [y]=0:r1 /\\ x=y)\n", &d);
	CHECK(t != NULL);
	if (!t)
		return;
	c = t->cond;
	CHECK(c->kind == PROP_AND && c->l->kind == PROP_AND && c->l->l->kind == PROP_AND);
	CHECK(c->l->l->l->rhs_is_obs && c->l->l->l->lhs.thread == 0
	      && c->l->l->l->rhs_obs.thread == 1 && c->l->l->l->rhs_obs.reg == reg(t, "r2"));
	CHECK(c->l->l->r->rhs_is_obs && c->l->l->r->rhs_obs.thread == -1
	      && c->l->l->r->rhs_obs.sym == sym(t, "y"));
	CHECK(c->l->r->rhs_is_obs && c->l->r->lhs.sym == sym(t, "y") && c->l->r->rhs_obs.thread == 0);
	CHECK(!c->r->rhs_is_obs && atom_is(c->r, -1, sym(t, "x"), value_addr(sym(t, "y"))));
	litmus_free(t);
}

/* Each bad input gives exactly one error, at LINE:COL, containing MSG. */
static void check_error(const char *text, int line, int col, const char *msg)
{
	diag d;
	litmus_test *t = parse(text, &d);

	CHECK(t == NULL);
	CHECK(d.failed);
	if (d.pos.line != line || d.pos.col != col || !strstr(d.msg, msg)) {
		fprintf(stderr, "  got %d:%d: %s\n  want %d:%d: %s\n", d.pos.line, d.pos.col,
			d.msg, line, col, msg);
		CHECK(!"error position/message");
	}
	CHECK_STR(d.file, "test.litmus");
	litmus_free(t);
}

static void test_errors(void)
{
	check_error("", 1, 1, "empty file");
	check_error("  \n (* only a comment *)\n", 3, 1, "empty file");
	check_error("ARM64 x\n{}\nP0;\n1;\nexists true", 1, 1, "unknown architecture 'ARM64'");
	check_error("{}", 1, 1, "expected an architecture keyword");
	check_error("TOY\n{}", 1, 4, "missing test name");
	check_error("TOY a b\n{}", 1, 7, "unexpected text after the test name");
	check_error("TOY a\n\"doc\n", 3, 1, "expected '{', found end of file");
	check_error("TOY a\nP0;", 2, 1, "expected '{'");
	check_error("TOY a\n{ x=1 y=2 }", 2, 7, "expected ';' or '}', found 'y'");
	check_error("TOY a\n{ x=1; z }", 2, 10, "expected '='");
	check_error("TOY a\n{ 0:q1=x }", 2, 5, "invalid TOY register 'q1'");
	check_error("TOY a\n{ 0:r1=x; 0:r1=1 }", 2, 11, "initialised twice");
	check_error("TOY a\n{ x=1;\n", 3, 1, "unexpected end of file in the init block");
	check_error("TOY a\n{ x=99999999999999999999 }", 2, 5, "integer out of range");
	check_error("TOY a\n{ x=18446744073709551616 }", 2, 5, "integer out of range");
	check_error("TOY a\n{ x=0x10000000000000000 }", 2, 5, "integer out of range");
	check_error("TOY a\n{ x=-9223372036854775809 }", 2, 5, "integer out of range");
	check_error("TOY a\n{ x=12ab }", 2, 5, "invalid number");
	check_error("TOY a\n{}\nexists true", 3, 1, "missing thread grid");
	check_error("TOY a\n{}\n", 3, 1, "missing thread grid");
	check_error("TOY a\n{}\nP0 | Q1;\n", 3, 6, "expected a thread name P1, found 'Q1'");
	check_error("TOY a\n{}\nP0 | P1 | P1;\n", 3, 11, "duplicate thread P1");
	check_error("TOY a\n{}\nP1;\n", 3, 1, "expected P0, found P1");
	check_error("TOY a\n{}\nP0;\n1 | 2;\n", 4, 5, "row has 2 cells but the test has 1 threads");
	/* a short row, as herd7 ("mismatch in instruction lines"): at its ';' */
	check_error("TOY a\n{}\nP0 | P1 | P2;\n1 | 2;\n", 4, 6, "row has 2 cells but the test has 3 threads");
	check_error("TOY a\n{}\nP0 | P1;\n1 | 2;\n 3 ;\n", 5, 4, "row has 1 cell but the test has 2 threads");
	check_error("TOY a\n{}\nP0;\n1  \nexists true", 4, 2, "expected ';' at the end of the row");
	check_error("TOY a\n{}\nP0;\nbad;\n", 4, 1, "toy error");
	check_error("TOY a\n{ 2:r1=1 }\nP0|P1;\n", 2, 3, "thread 2 does not exist (the test has 2)");
	check_error("TOY a\n{}\nP0;\n1;\nexist (x=1)", 5, 1, "unknown keyword 'exist' (did you mean 'exists'?)");
	check_error("TOY a\n{}\nP0;\n1;\nlocations [x] exist (x=1)", 5, 15,
		    "unknown keyword 'exist' (did you mean 'exists'?)");
	check_error("TOY a\n{}\nP0;\n1;\nlocations [x] whatever (x=1)", 5, 15,
		    "expected exists, ~exists or forall, found 'whatever'");
	check_error("TOY a\n{}\nP0;\n1;\n~forall (x=1)", 5, 2, "expected 'exists' after '~'");
	check_error("TOY a\n{}\nP0;\n1;\nexists (x=1", 5, 8, "this '(' is never closed");
	check_error("TOY a\n{}\nP0;\n1;\nexists (x=1 y", 5, 13, "expected ')', found 'y'");
	check_error("TOY a\n{}\nP0;\n1;\nexists (x=1 /\\", 5, 15, "unexpected end of file in the condition");
	check_error("TOY a\n{}\nP0;\n1;\nexists (x=)", 5, 11, "expected a value, found ')'");
	check_error("TOY a\n{}\nP0;\n1;\nexists (x 1)", 5, 11, "expected '='");
	check_error("TOY a\n{}\nP0;\n1;\nexists (x<>)", 5, 12, "expected a value, found ')'");
	check_error("TOY a\n{}\nP0;\n1;\nexists (x=0x1ffffffffffffffff)", 5, 11,
		    "integer out of range");
	check_error("TOY a\n{}\nP0;\n1;\nexists (1:r0=1)", 5, 9, "thread 1 does not exist");
	check_error("TOY a\n{}\nP0;\n1;\nexists x=1 x=2", 5, 12, "unexpected text after the condition");
	check_error("TOY a\n{}\nP0;\n1;\nlocations [x y]\nexists true", 5, 14, "expected ';' or ']'");
	check_error("TOY a\n{}\nP0;\n1;\nlocations [x] locations [y]\nexists true", 5, 15,
		    "more than one 'locations' clause");
	check_error("TOY a\n{}\nP0;\n1;\nfilter true filter true exists true", 5, 13,
		    "more than one 'filter' clause");
	check_error("TOY a\n{}\nP0;\n1;\nexists true\n(* open (* nested *)\n", 6, 1, "unterminated comment");
	/* a comment opened on the name line is one (as in herd7) */
	check_error("TOY a (* open\n{}\nP0;\n1;\n", 1, 7, "unterminated comment");
	check_error("TOY a\n{}\nP0;\n1;\nexists (x=[y)", 5, 13, "expected ']'");
	check_error("TOY a\n{}\nP0;\n1;\nexists (x=3:r1)", 5, 11, "thread 3 does not exist");
}

/* Deep nesting and huge conditions are refused without exhausting the stack. */
static void test_deep_nesting(void)
{
	size_t n = 100000, i;
	char *text = malloc(n + 64);
	diag d;
	litmus_test *t;

	strcpy(text, "TOY a\n{}\nP0;\n1;\nexists ");
	for (i = strlen(text); i < n; i++)
		text[i] = (i & 1) ? '(' : '~';
	text[n] = '\0';
	t = parse(text, &d);
	CHECK(t == NULL && d.failed && strstr(d.msg, "nested too deeply"));
	litmus_free(t);

	/* A very long chain would make a very tall tree. */
	strcpy(text, "TOY a\n{}\nP0;\n1;\nexists x=1");
	for (i = strlen(text); i + 8 < n; i += 7)
		memcpy(text + i, " /\\ x=1", 7);
	text[i] = '\0';
	t = parse(text, &d);
	CHECK(t == NULL && d.failed && strstr(d.msg, "condition too large"));
	litmus_free(t);
	free(text);
}

/* Every prefix of a valid test either parses or fails with a located error. */
static void test_truncation(void)
{
	static const char full[] =
		"TOY trunc\n\"doc\"\n(* c *)\n{ 0:r1=x; int y = 2; [z]=1 }\n"
		" P0 | P1 ;\n 1 | 2 ;\n 3 | ;\n"
		"locations [x; 1:r2]\nfilter ~(x=1)\nexists (0:r1=x /\\ [y]=2 \\/ ~true)\n";
	char buf[sizeof full];
	size_t n;
	int ok = 1;
	diag d;
	litmus_test *t;

	for (n = 0; n < sizeof full; n++) {
		memcpy(buf, full, n);
		buf[n] = '\0';
		t = parse(buf, &d);
		if ((t != NULL) == d.failed || (d.failed && d.pos.line < 1))
			ok = 0;
		litmus_free(t);
	}
	CHECK(ok);
}

static void test_file(void)
{
	diag d = { 0 };
	litmus_test *t = litmus_read_file("/nonexistent/dir/x.litmus", toy_lookup, &d);

	CHECK(t == NULL && d.failed && strstr(d.msg, "cannot open"));
	CHECK_STR(d.file, "/nonexistent/dir/x.litmus");
}

int main(void)
{
	test_header();
	test_comments();
	test_init();
	test_grid();
	test_locations_filter();
	test_condition();
	test_errors();
	test_deep_nesting();
	test_truncation();
	test_file();
	return unit_done("litmus_read");
}
