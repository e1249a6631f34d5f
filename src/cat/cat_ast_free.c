/* cat_ast_free.c - release a cat syntax tree (cat_model_ast_free).
 *
 * Every node, string and array hanging off the tree is owned by it,
 * including the arrays cat_compile.c attaches (interned symbols, free
 * variables). Instruction `file` names are not: the parser keeps those for
 * the life of the process, so that they may outlive any one tree.
 * Partial trees (left by a parse error) are freed the same way: counts
 * always match what was allocated, and missing parts are NULL.
 */
#include <stdlib.h>
#include "cat/cat_ast.h"

static void free_block(cat_block *b);

static void free_names(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void free_expr(cat_expr *e);

static void free_binds(cat_binding *b, int n)
{
	for (int i = 0; i < n; i++) {
		free(b[i].name);
		free_names(b[i].pat, b[i].npat);
		free(b[i].patsym);
		free_expr(b[i].e);
	}
	free(b);
}

static void free_expr(cat_expr *e)
{
	if (!e)
		return;
	free(e->name);
	free_expr(e->a);
	free_expr(e->b);
	free_expr(e->c);
	for (int i = 0; i < e->nargs; i++)
		free_expr(e->args[i]);
	free(e->args);
	free_names(e->params, e->nparams);
	free_binds(e->binds, e->nbinds);
	for (int i = 0; i < e->nclauses; i++) {
		free(e->clauses[i].a);
		free(e->clauses[i].b);
		free_expr(e->clauses[i].e);
	}
	free(e->clauses);
	free(e->psym);
	free(e->fv);
	free(e);
}

static void free_instr(cat_instr *in)
{
	free_binds(in->binds, in->nbinds);
	free(in->as);
	free_expr(in->e);
	free(in->path);
	free(in->name);
	free_names(in->params, in->nparams);
	free(in->psym);
	free_block(&in->body);
	free_block(&in->body2);
}

static void free_block(cat_block *b)
{
	for (int i = 0; i < b->n; i++)
		free_instr(&b->v[i]);
	free(b->v);
	b->v = NULL;
	b->n = 0;
}

void cat_model_ast_free(cat_model_ast *m)
{
	if (!m)
		return;
	free(m->title);
	free_block(&m->top);
	free(m);
}
