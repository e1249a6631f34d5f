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
 * It is built on the kit of the assembly front-ends (src/arch/asm_kit.h),
 * as a new dialect should be. If this file stops compiling, the document
 * is out of date too. */
#include <stdlib.h>
#include <unistd.h>
#include "unit.h"
#include "unit_model.h"
#include "arch/asm_kit.h"
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

/* ---- 2. operands: the kit (src/arch/asm_kit.h) reads registers ---- */

/* `rS` or `#IMM` */
static int source(asm_parser *p, opnd *o)
{
	if (asm_at_imm(p, true))
		return asm_imm(p, o, true);
	o->kind = OPND_REG;
	return asm_reg(p, NULL, &o->reg);
}

/* `[rA]` */
static int address(asm_parser *p, opnd *o)
{
	o->kind = OPND_REG;
	return lex_expect(&p->lx, "[") || asm_reg(p, NULL, &o->reg) || lex_expect(&p->lx, "]")
	       ? -1 : 0;
}

/* ---- 3. instruction classes: FE_NOT_MINE if the mnemonic is not theirs ---- */

static int parse_move(asm_parser *p, const char *m)      /* mov rD,src */
{
	if (strcmp(m, "mov") != 0)
		return FE_NOT_MINE;
	ir_insn *in = asm_emit(p, IR_MOV);
	return asm_reg(p, NULL, &in->dst) || asm_comma(p) || source(p, &in->a) ? -1 : 0;
}

static int parse_memory(asm_parser *p, const char *m)    /* ld rD,[rA]; st [rA],src */
{
	ir_insn *in;

	if (!strcmp(m, "ld")) {
		in = asm_emit(p, IR_LOAD);
		return asm_reg(p, NULL, &in->dst) || asm_comma(p) || address(p, &in->a) ? -1 : 0;
	}
	if (!strcmp(m, "st")) {
		in = asm_emit(p, IR_STORE);
		return address(p, &in->a) || asm_comma(p) || source(p, &in->b) ? -1 : 0;
	}
	return FE_NOT_MINE;
}

static int parse_fence(asm_parser *p, const char *m)
{
	if (strcmp(m, "fence") != 0)
		return FE_NOT_MINE;
	asm_emit(p, IR_FENCE)->tags_f = TAG(MINI_TAG_FENCE);
	return 0;
}

static int parse_branch(asm_parser *p, const char *m)    /* bne rA,src,L */
{
	if (strcmp(m, "bne") != 0)
		return FE_NOT_MINE;
	ir_insn *in = asm_emit(p, IR_BRANCH);
	in->cmp = CMP_NE;
	in->a.kind = OPND_REG;
	if (asm_reg(p, NULL, &in->a.reg) || asm_comma(p) || source(p, &in->b) || asm_comma(p))
		return -1;
	/* the target is patched when the thread's labels are known */
	return asm_label_ref(p);
}

/* ---- 4. one instruction: its mnemonic, then the classes in order ---- */
static const asm_class mini_classes[] = { parse_move, parse_memory, parse_fence, parse_branch };

static int mini_insn(asm_parser *p, bool labelled)
{
	char m[16];

	(void)labelled;
	return asm_mnemonic(p, m, sizeof m, NULL, ASM_LOWER) ? -1 : ASM_CLASSES(p, m, mini_classes);
}

static const asm_dialect mini_dialect = {
	.ir_per_cell = 1,             /* IR steps one instruction may become */
	.insn = mini_insn,
	.reg_hint = " (expected r0..r7)",
};

static int mini_parse_thread(litmus_test *t, int ti, const litmus_cell *cells, int ncells,
			     diag *d)
{
	return asm_parse_thread(&(asm_parser){ 0 }, &mini_dialect, t, ti, cells, ncells, d);
}

/* ---- 5. the table row (src/arch/frontends.c lists the real ones) ---- */
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

/* ---- 6. the model (models/mini.cat in a real port) ---- */
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
		memset(&d, 0, sizeof d);
		t = litmus_read_string("MINI bad\n{ }\n P0 ;\n mov r9,#1 ;\nexists (0:r1=0)\n",
				       "bad.litmus", lookup, &d);
		CHECK(t == NULL && strstr(d.msg, "invalid MINI register 'r9' (expected r0..r7)") &&
		      d.pos.line == 4 && d.pos.col == 6);
		if (t)
			litmus_free(t);
	}
	cat_model_free(m);
	return unit_done("example_arch");
}
