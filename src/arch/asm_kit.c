/* asm_kit.c - the kit of the assembly front-ends (see asm_kit.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "arch/asm_kit.h"
#include "base/xalloc.h"

/* fe_parse_grid's callback: where the instruction starts, the dialect's
 * instruction function, then the mixed-size check if the dialect wants
 * it. */
static int kit_insn(void *arg, bool labelled)
{
	asm_parser *p = arg;
	int from = p->th->ncode;

	p->insn_pos = lex_here(&p->lx);
	p->insn_text = p->lx.p;
	if (p->dl->insn(p, labelled))
		return -1;
	if (p->dl->mark_mixed)
		fe_mark_mixed(p->th, from, p->insn_pos);
	return 0;
}

static int kit_resolve(void *arg)
{
	asm_parser *p = arg;

	if (p->dl->resolve)
		return p->dl->resolve(p);
	if (fe_labels_resolve(&p->lab, p->th->code, p->d))
		return -1;
	for (int i = 0; i < p->nrets; i++)
		p->th->code[p->rets[i]].target = p->th->ncode;
	return 0;
}

int asm_parse_thread(asm_parser *p, const asm_dialect *dl, litmus_test *t, int ti,
		     const litmus_cell *cells, int ncells, diag *d)
{
	size_t n = ncells > 0 ? (size_t)ncells : 1;
	int rc;

	p->t = t;
	p->th = &t->threads[ti];
	p->d = d;
	p->dl = dl;
	p->cap = (int)(n * dl->ir_per_cell);
	p->rets = xcalloc(n, sizeof *p->rets);
	rc = fe_parse_grid(p->th, &p->lab, &p->lx, dl->ir_per_cell, cells, ncells, kit_insn,
			   kit_resolve, p, d);
	free(p->rets);
	return rc;
}

int asm_unknown_names(asm_parser *p, const char *const *names)
{
	return fe_unknown_insn(p->d, p->insn_pos, p->t->fe->arch, p->insn_text, names);
}

int asm_unknown(asm_parser *p)
{
	if (p->dl->unknown)
		return p->dl->unknown(p);
	return asm_unknown_names(p, p->dl->names);
}

int asm_unsupported(asm_parser *p, const char *why)
{
	return diag_error(p->d, p->insn_pos, "unsupported %s instruction '%s': %s",
			  p->t->fe->arch, p->insn_text, why);
}

int asm_comma(asm_parser *p)
{
	return lex_expect(&p->lx, ",");
}

int asm_reg_name(asm_parser *p, const char *prefix, char *name)
{
	srcpos at = lex_here(&p->lx);

	if (prefix)
		lex_accept(&p->lx, prefix);
	if (lex_ident(&p->lx, name, "a register"))
		return -1;
	if (!p->t->fe->is_register(name))
		return diag_error(p->d, at, "invalid %s register '%s'%s", p->t->fe->arch, name,
				  p->dl->reg_hint ? p->dl->reg_hint : "");
	return 0;
}

int asm_reg(asm_parser *p, const char *prefix, int *reg)
{
	char name[LEX_MAX_NAME];

	if (asm_reg_name(p, prefix, name))
		return -1;
	*reg = litmus_reg(p->t, name);
	return 0;
}

int asm_reg_or_symbolic(asm_parser *p, int *reg)
{
	char name[LEX_MAX_NAME + 1];

	if (!lex_accept(&p->lx, "%"))
		return asm_reg(p, NULL, reg);
	name[0] = '%';
	if (lex_ident(&p->lx, name + 1, "a register"))
		return -1;
	*reg = litmus_reg(p->t, name);
	return 0;
}

int asm_hidden(asm_parser *p, const char *name, int *reg)
{
	*reg = litmus_reg(p->t, name);
	return 0;
}

int asm_int(asm_parser *p, int64_t *v, bool hash)
{
	if (hash)
		lex_accept(&p->lx, "#");
	return lex_int(&p->lx, v, "an immediate");
}

int asm_imm(asm_parser *p, opnd *o, bool hash)
{
	int64_t v;

	if (asm_int(p, &v, hash))
		return -1;
	*o = imm_opnd(v);
	return 0;
}

bool asm_at_imm(asm_parser *p, bool hash)
{
	lex_skip_blanks(&p->lx);
	return (hash && p->lx.p[0] == '#') || lex_peek_number(&p->lx);
}

int asm_label_ref(asm_parser *p)
{
	return fe_label_ref(&p->lab, &p->lx, p->th->ncode - 1);
}

void asm_return(asm_parser *p)
{
	asm_emit(p, IR_BRANCH)->cmp = CMP_ALWAYS;
	p->rets[p->nrets++] = p->th->ncode - 1;
}

ir_insn *asm_emit(asm_parser *p, ir_op op)
{
	ir_insn *in = &p->th->code[p->th->ncode++];

	*in = (ir_insn){ .op = op, .dst = -1, .pos = p->insn_pos };
	return in;
}

ir_insn *asm_alu(asm_parser *p, alu_op alu, int dst, opnd a, opnd b)
{
	ir_insn *in = asm_emit(p, IR_ALU);

	in->alu = alu;
	in->dst = dst;
	in->a = a;
	in->b = b;
	return in;
}

ir_insn *asm_mov(asm_parser *p, int dst, opnd a)
{
	ir_insn *in = asm_emit(p, IR_MOV);

	in->dst = dst;
	in->a = a;
	return in;
}

void asm_extend(asm_parser *p, int reg, int bits, bool sign)
{
	if (bits >= 64)
		return;
	if (!sign) {
		asm_alu(p, ALU_AND, reg, reg_opnd(reg), imm_opnd((int64_t)((UINT64_C(1) << bits) - 1)));
		return;
	}
	asm_alu(p, ALU_SHL, reg, reg_opnd(reg), imm_opnd(64 - bits));
	asm_alu(p, ALU_ASHR, reg, reg_opnd(reg), imm_opnd(64 - bits));
}

int asm_lower_w(asm_parser *p, ir_insn *in, const char *amt)
{
	int dst = in->dst;
	alu_op op = in->alu;
	opnd a = in->a, b = in->b;

	if (op != ALU_SHL && op != ALU_SHR && op != ALU_ASHR) {
		asm_extend(p, dst, 32, true);
		return 0;
	}
	if (b.kind == OPND_IMM && (b.imm.off < 0 || b.imm.off > 31))
		return diag_error(p->d, p->insn_pos, "shift amount out of range (0..31) in '%s'",
				  p->insn_text);
	p->th->ncode--;   /* rewrite from the ALU step */
	if (b.kind == OPND_REG) {
		int t = litmus_reg(p->t, amt);
		asm_alu(p, ALU_AND, t, b, imm_opnd(31));
		b = reg_opnd(t);
	}
	if (op == ALU_SHL) {
		asm_alu(p, ALU_SHL, dst, a, b);
	} else if (op == ALU_SHR) {
		asm_alu(p, ALU_AND, dst, a, imm_opnd(0xffffffff));
		asm_alu(p, ALU_SHR, dst, reg_opnd(dst), b);
	} else {   /* rs1 sign-extended into rd, then shifted */
		asm_alu(p, ALU_SHL, dst, a, imm_opnd(32));
		asm_alu(p, ALU_ASHR, dst, reg_opnd(dst), imm_opnd(32));
		asm_alu(p, ALU_ASHR, dst, reg_opnd(dst), b);
		return 0;
	}
	asm_extend(p, dst, 32, true);
	return 0;
}

void asm_mixed(asm_parser *p)
{
	if (!p->th->mixed) {
		p->th->mixed = true;
		p->th->mixed_pos = p->insn_pos;
	}
}

int asm_mnemonic(asm_parser *p, char *m, size_t size, const char *extra, int fold)
{
	lexer *lx = &p->lx;
	size_t n = 0;

	lex_skip_blanks(lx);
	while (lex_is_ident_char(lx->p[n]) || (extra && lx->p[n] && strchr(extra, lx->p[n]))) {
		if (n + 1 >= size)
			return asm_unknown(p);
		unsigned char c = (unsigned char)lx->p[n];
		m[n++] = (char)(fold == ASM_LOWER ? tolower(c) : fold == ASM_UPPER ? toupper(c) : c);
	}
	if (n == 0)
		return asm_unknown(p);
	m[n] = '\0';
	lex_advance(lx, n);
	return 0;
}

int asm_word(asm_parser *p, char *m)
{
	if (lex_ident(&p->lx, m, "an instruction"))
		return -1;
	for (char *c = m; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	return 0;
}

int asm_classes(asm_parser *p, const char *m, const asm_class *classes, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int rc = classes[i](p, m);

		if (rc != FE_NOT_MINE)
			return rc;
	}
	return asm_unknown(p);
}
