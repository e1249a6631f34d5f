/* test_example_arch.c - the worked example of docs/adding-an-architecture.md:
 * a whole dialect, "MINI", in the shape every front-end of src/arch has,
 * with a small TSO model, checked on SB, SB+fences, MP and a branch.
 *
 * MINI has registers r0..r7 and five instructions:
 *   mov rD,#IMM       rD = IMM
 *   ld rD,[rA]        read
 *   st [rA],rS        write (or st [rA],#IMM)
 *   fence             full fence (tag FENCE)
 *   bne rA,#IMM,L     branch to label L if rA != IMM
 * If this file stops compiling, the document is out of date too. */
#include <stdlib.h>
#include <unistd.h>
#include "unit.h"
#include "unit_model.h"
#include "arch/frontend_labels.h"
#include "exec/check.h"
#include "litmus/litmus_lex.h"
#include "litmus/litmus_read.h"

/* ---- 1. tags: each becomes an event set of the same name in cat ---- */
enum { MINI_TAG_FENCE, MINI_NTAGS };
static const char *const mini_tag_names[] = { [MINI_TAG_FENCE] = "FENCE" };

static bool mini_is_register(const char *name)
{
	return name[0] == 'r' && name[1] >= '0' && name[1] <= '7' && name[2] == '\0';
}

/* ---- 2. the parser state: what fe_parse_grid hands back per cell ---- */
typedef struct {
	litmus_test *t;
	litmus_thread *th;
	lexer lx;
	fe_labels lab;
	srcpos insn_pos;
	const char *insn_text;
	diag *d;
} mini_parser;

static ir_insn *new_insn(mini_parser *mp, ir_op op)
{
	ir_insn *in = &mp->th->code[mp->th->ncode++];

	memset(in, 0, sizeof *in);
	in->op = op;
	in->dst = -1;
	in->pos = mp->insn_pos;
	return in;
}

static int reg(mini_parser *mp, int *r)
{
	char name[LEX_MAX_NAME];
	srcpos at = lex_here(&mp->lx);

	if (lex_ident(&mp->lx, name, "a register"))
		return -1;
	if (!mini_is_register(name))
		return diag_error(mp->d, at, "invalid MINI register '%s'", name);
	*r = litmus_reg(mp->t, name);
	return 0;
}

/* `rS` or `#IMM` */
static int source(mini_parser *mp, opnd *o)
{
	int64_t v;

	if (lex_accept(&mp->lx, "#")) {
		if (lex_int(&mp->lx, &v, "an immediate"))
			return -1;
		*o = (opnd){ .kind = OPND_IMM, .imm = value_int(v) };
		return 0;
	}
	o->kind = OPND_REG;
	return reg(mp, &o->reg);
}

/* `[rA]` */
static int address(mini_parser *mp, opnd *o)
{
	if (lex_expect(&mp->lx, "["))
		return -1;
	o->kind = OPND_REG;
	if (reg(mp, &o->reg))
		return -1;
	return lex_expect(&mp->lx, "]");
}

/* ---- 3. one instruction; fe_parse_grid does labels and cell ends ---- */
static int mini_insn(void *arg, bool labelled)
{
	mini_parser *mp = arg;
	lexer *lx = &mp->lx;
	ir_insn *in;

	mp->insn_pos = lx->pos;
	mp->insn_text = lx->p;
	if (lex_accept_word(lx, "mov")) {
		in = new_insn(mp, IR_MOV);
		return reg(mp, &in->dst) || lex_expect(lx, ",") || source(mp, &in->a) ? -1 : 0;
	}
	if (lex_accept_word(lx, "ld")) {
		in = new_insn(mp, IR_LOAD);
		return reg(mp, &in->dst) || lex_expect(lx, ",") || address(mp, &in->a) ? -1 : 0;
	}
	if (lex_accept_word(lx, "st")) {
		in = new_insn(mp, IR_STORE);
		return address(mp, &in->a) || lex_expect(lx, ",") || source(mp, &in->b) ? -1 : 0;
	}
	if (lex_accept_word(lx, "fence")) {
		in = new_insn(mp, IR_FENCE);
		in->tags_f = (tagmask)1 << MINI_TAG_FENCE;
		return 0;
	}
	if (lex_accept_word(lx, "bne")) {
		in = new_insn(mp, IR_BRANCH);
		in->cmp = CMP_NE;
		in->a.kind = OPND_REG;
		if (reg(mp, &in->a.reg) || lex_expect(lx, ",") || source(mp, &in->b) ||
		    lex_expect(lx, ","))
			return -1;
		/* the target is patched when the thread's labels are known */
		return fe_label_ref(&mp->lab, lx, mp->th->ncode - 1);
	}
	return diag_error(mp->d, mp->insn_pos, "unknown MINI instruction '%s'", mp->insn_text);
}

static int mini_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			     diag *d)
{
	mini_parser mp = { .t = t, .th = &t->threads[ti], .d = d };

	/* at most one IR instruction per cell */
	return fe_parse_grid(mp.th, &mp.lab, &mp.lx, 1, cells, ncells, mini_insn, NULL, &mp, d);
}

/* ---- 4. the table row (src/arch/frontends.c lists the real ones) ---- */
static const frontend mini_frontend = {
	.arch = "MINI",
	.default_model = "mini.cat",
	.tag_names = mini_tag_names,
	.ntags = MINI_NTAGS,
	.is_register = mini_is_register,
	.parse_thread = mini_parse_thread,
};

static const frontend *lookup(const char *arch)
{
	return strcmp(arch, mini_frontend.arch) == 0 ? &mini_frontend : NULL;
}

/* ---- 5. the model (models/mini.cat in a real port) ---- */
static const char *MINI_CAT =
	"\"MINI: total store order\"\n"
	"include \"cos.cat\"\n"
	"let com = rf | co | fr\n"
	"acyclic po-loc | com as sc-per-location\n"
	"let ppo = po \\ (W * R)\n"
	"let fenced = po ; [FENCE] ; po\n"
	"acyclic ppo | fenced | rfe | co | fr as tso\n";

/* ---- checking tests ---- */

/* The Observation of a test: 'N'ever, 'S'ometimes, 'A'lways, or 'E'rror. */
static char observe(cat_model *m, const char *text)
{
	diag d;
	check_result res;
	char obs = 'E';

	memset(&d, 0, sizeof d);
	memset(&res, 0, sizeof res);
	litmus_test *t = litmus_read_string(text, "mini.litmus", lookup, &d);
	if (!t) {
		fprintf(stderr, "%s\n", d.msg);
		return 'E';
	}
	cat_run *run = cat_run_new(m, t->fe->tag_names, t->fe->ntags);
	if (check_test_opts(t, run, &(check_opts){ 0 }, &res, &d) == 0)
		obs = res.pos == 0 ? 'N' : res.neg == 0 ? 'A' : 'S';
	else
		fprintf(stderr, "%s\n", d.msg);
	check_result_free(&res);
	cat_run_free(run);
	litmus_free(t);
	return obs;
}

int main(void)
{
	cat_model *m = unit_load_model(MINI_CAT);

	CHECK(m != NULL);
	if (!m)
		return unit_done("example_arch");
	/* store buffering: TSO lets each read pass the thread's own store */
	CHECK(observe(m,
		"MINI SB\n{ 0:r1=x; 0:r2=y; 1:r1=x; 1:r2=y; }\n"
		" P0         | P1         ;\n"
		" st [r1],#1 | st [r2],#1 ;\n"
		" ld r3,[r2] | ld r3,[r1] ;\n"
		"exists (0:r3=0 /\\ 1:r3=0)\n") == 'S');
	/* ... unless a fence sits between them */
	CHECK(observe(m,
		"MINI SB+fences\n{ 0:r1=x; 0:r2=y; 1:r1=x; 1:r2=y; }\n"
		" P0         | P1         ;\n"
		" st [r1],#1 | st [r2],#1 ;\n"
		" fence      | fence      ;\n"
		" ld r3,[r2] | ld r3,[r1] ;\n"
		"exists (0:r3=0 /\\ 1:r3=0)\n") == 'N');
	/* message passing: stores stay in order, and so do reads */
	CHECK(observe(m,
		"MINI MP\n{ 0:r1=x; 0:r2=y; 1:r1=x; 1:r2=y; }\n"
		" P0         | P1         ;\n"
		" st [r1],#1 | ld r3,[r2] ;\n"
		" st [r2],#1 | ld r4,[r1] ;\n"
		"exists (1:r3=1 /\\ 1:r4=0)\n") == 'N');
	/* a branch over an instruction: r5 is 2 exactly when y was 0 */
	CHECK(observe(m,
		"MINI branch\n{ 0:r1=y; 1:r1=y; }\n"
		" P0         | P1          ;\n"
		" st [r1],#1 | mov r5,#2   ;\n"
		"            | ld r3,[r1]  ;\n"
		"            | bne r3,#1,L ;\n"
		"            | mov r5,#1   ;\n"
		"            | L:          ;\n"
		"forall (1:r3=0 /\\ 1:r5=2 \\/ 1:r3=1 /\\ 1:r5=1)\n") == 'A');
	/* errors point at the instruction */
	{
		diag d;
		memset(&d, 0, sizeof d);
		litmus_test *t = litmus_read_string(
			"MINI bad\n{ }\n P0 ;\n mul r1,r2 ;\nexists (0:r1=0)\n",
			"bad.litmus", lookup, &d);
		CHECK(t == NULL && strstr(d.msg, "unknown MINI instruction 'mul r1,r2'") &&
		      d.pos.line == 4);
		if (t)
			litmus_free(t);
	}
	cat_model_free(m);
	return unit_done("example_arch");
}
