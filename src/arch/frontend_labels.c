/* frontend_labels.c - labels, branch targets and the per-thread cell loop
 * shared by the assembly front-ends (see frontend_labels.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "arch/frontend_labels.h"
#include "base/xalloc.h"

void fe_labels_init(fe_labels *fl, size_t n)
{
	fl->labels = xcalloc(n, sizeof *fl->labels);
	fl->gotos = xcalloc(n, sizeof *fl->gotos);
	fl->nlabels = fl->ngotos = 0;
}

void fe_labels_free(fe_labels *fl)
{
	free(fl->labels);
	free(fl->gotos);
}

int fe_label_def(fe_labels *fl, lexer *lx, int insn, diag *d)
{
	fe_label *l = &fl->labels[fl->nlabels];
	lexer save = *lx;

	l->pos = lex_here(lx);
	if (lex_peek_ident(lx) && !lex_ident(lx, l->name, "a label") && lex_accept(lx, ":")) {
		for (int i = 0; i < fl->nlabels; i++)
			if (strcmp(fl->labels[i].name, l->name) == 0)
				return diag_error(d, l->pos, "duplicate label '%s'", l->name);
		l->insn = insn;
		fl->nlabels++;
		return 1;
	}
	*lx = save;
	return 0;
}

int fe_label_ref(fe_labels *fl, lexer *lx, int insn)
{
	fe_label *g = &fl->gotos[fl->ngotos];

	g->pos = lex_here(lx);
	g->insn = insn;
	if (lex_ident(lx, g->name, "a label"))
		return -1;
	fl->ngotos++;
	return 0;
}

int fe_labels_resolve(const fe_labels *fl, ir_insn *code, diag *d)
{
	for (int i = 0; i < fl->ngotos; i++) {
		const fe_label *g = &fl->gotos[i];
		int j;

		for (j = 0; j < fl->nlabels && strcmp(fl->labels[j].name, g->name) != 0; j++)
			;
		if (j == fl->nlabels)
			return diag_error(d, g->pos, "unknown label '%s'", g->name);
		code[g->insn].target = fl->labels[j].insn;
	}
	return 0;
}

int fe_parse_grid(litmus_thread *th, fe_labels *lab, lexer *lx, size_t per_cell,
		  const litmus_cell *cells, int ncells, fe_insn_fn insn,
		  fe_resolve_fn resolve, void *parser, diag *d)
{
	size_t n = ncells > 0 ? (size_t)ncells : 1;
	int rc = -1;

	th->code = xcalloc(n * per_cell, sizeof *th->code);
	fe_labels_init(lab, n);
	for (int i = 0; i < ncells; i++) {
		lex_init(lx, cells[i].text, cells[i].pos, "end of instruction", d);
		int labelled = fe_label_def(lab, lx, th->ncode, d);
		if (labelled < 0)
			goto out;
		if (lex_at_end(lx))
			continue;
		if (insn(parser, labelled > 0))
			goto out;
		if (!lex_at_end(lx)) {
			lex_error_expected(lx, "end of instruction");
			goto out;
		}
	}
	rc = resolve ? resolve(parser) : fe_labels_resolve(lab, th->code, d);
	/* keep the names, for messages about loops */
	if (rc == 0 && lab->nlabels > 0) {
		th->label = xcalloc(th->ncode + 1, sizeof *th->label);
		for (int i = 0; i < lab->nlabels; i++) {
			int k = lab->labels[i].insn;
			if (k >= 0 && k <= th->ncode && !th->label[k])
				th->label[k] = xstrdup(lab->labels[i].name);
		}
	}
out:
	fe_labels_free(lab);
	return rc;
}

size_t fe_find_name(const void *table, size_t n, size_t size, const char *m)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const char *const *name = (const void *)((const char *)table + i * size);

		if (!strcmp(m, *name))
			break;
	}
	return i;
}

/* Append to th the IR of a flags-setting compare (fe_flags_set in the
 * header). */
static ir_insn *flags_insn(litmus_thread *th, srcpos pos, ir_op op, int dst)
{
	ir_insn *in = &th->code[th->ncode++];

	memset(in, 0, sizeof *in);
	in->op = op;
	in->dst = dst;
	in->pos = pos;
	return in;
}

void fe_flags_set(litmus_thread *th, srcpos pos, int fa, int fb, opnd a, opnd b, bool test)
{
	ir_insn *in;

	if (test) {
		in = flags_insn(th, pos, IR_ALU, fa);
		in->alu = ALU_AND;
		in->a = a;
		in->b = b;
		in = flags_insn(th, pos, IR_MOV, fb);
		in->a = (opnd){ .kind = OPND_IMM, .imm = value_int(0) };
		return;
	}
	flags_insn(th, pos, IR_MOV, fa)->a = a;
	flags_insn(th, pos, IR_MOV, fb)->a = b;
}

void fe_mark_mixed(litmus_thread *th, int from, srcpos pos)
{
	for (int i = from; i < th->ncode && !th->mixed; i++) {
		const ir_insn *in = &th->code[i];
		bool mem = in->op == IR_LOAD || in->op == IR_STORE || in->op == IR_RMW
			   || in->op == IR_CAS || in->op == IR_SC;
		if (mem && ((in->size && in->size < 4) || in->off)) {
			th->mixed = true;
			th->mixed_pos = pos;
		}
	}
}

/* The name of names closest to word (edit distance 1, or 2 for a word of
 * 6 letters or more), lower-cased into buf; NULL if none or word is one. */
static const char *near_name(const char *word, const char *const *names, char *buf, size_t n)
{
	size_t wl = strlen(word);
	int best = 3;
	const char *hit = NULL;

	for (int i = 0; names[i]; i++) {
		char lw[64];
		size_t k;
		for (k = 0; names[i][k] && k + 1 < sizeof lw; k++)
			lw[k] = (char)tolower((unsigned char)names[i][k]);
		lw[k] = '\0';
		int dist = diag_distance(word, lw);
		if (dist == 0)
			return NULL;             /* a name: the error is elsewhere */
		if (dist < best && (dist == 1 || wl >= 6)) {
			best = dist;
			hit = names[i];
		}
	}
	if (!hit)
		return NULL;
	snprintf(buf, n, "%s", hit);
	return buf;
}

int fe_unknown_insn(diag *d, srcpos pos, const char *dialect, const char *text,
		    const char *const *names)
{
	char word[64], sugg[64];
	const char *hit = NULL;

	/* each word of text (letters, digits, '_', '.'), at most 64 of them */
	for (const char *p = text; names && *p && !hit; ) {
		size_t k = 0;
		while (*p && !(isalpha((unsigned char)*p) || *p == '_'))
			p++;
		while (*p && (isalnum((unsigned char)*p) || *p == '_' || *p == '.'))
			if (k + 1 < sizeof word)
				word[k++] = (char)tolower((unsigned char)*p++);
			else
				p++;
		word[k] = '\0';
		if (k >= 3)
			hit = near_name(word, names, sugg, sizeof sugg);
	}
	if (hit)
		return diag_error(d, pos, "unknown %s instruction '%s' (did you mean '%s'?)", dialect, text, hit);
	return diag_error(d, pos, "unknown %s instruction '%s'", dialect, text);
}
