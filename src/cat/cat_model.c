/* cat_model.c - a model loaded: the library, the bell file and the model
 * as one tree, compiled once; the variants it tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cat/cat_eval.h"
#include "base/xalloc.h"

/* Splice `inc` in as an include run before the rest of `ast`; frees inc. */
static void prepend_include(cat_model_ast *ast, cat_model_ast *inc, const char *name)
{
	cat_instr *v = xcalloc(ast->top.n + 1, sizeof *v);
	v[0].kind = I_INCLUDE;
	v[0].path = xstrdup(name);
	v[0].file = v[0].path;
	v[0].body = inc->top;
	if (ast->top.n)   /* an empty model has no instructions (v is NULL) */
		memcpy(v + 1, ast->top.v, sizeof *v * ast->top.n);
	free(ast->top.v);
	ast->top.v = v;
	ast->top.n++;
	inc->top = (cat_block){ 0 };
	cat_model_ast_free(inc);
}

cat_model *cat_model_load(const char *path, const char *const *incdirs,
			  const char *const *variants, diag *d)
{
	cat_model_ast *lib = NULL, *ast;
	char libpath[4096];

	for (int i = 0; incdirs && incdirs[i]; i++) {
		snprintf(libpath, sizeof libpath, "%s/stdlib.cat", incdirs[i]);
		FILE *f = fopen(libpath, "r");
		if (f) {
			fclose(f);
			lib = cat_parse_file(libpath, incdirs, d);
			if (!lib)
				return NULL;
			break;
		}
	}
	ast = cat_parse_file(path, incdirs, d);
	if (!ast) {
		if (lib)
			cat_model_ast_free(lib);
		return NULL;
	}
	/* A bell file next to the model with the same base name (herd7 takes
	 * it from a .cfg or -bell: linux-kernel.bell for linux-kernel.cat)
	 * runs before the model; the library runs before both. */
	size_t plen = strlen(path);
	if (plen > 4 && !strcmp(path + plen - 4, ".cat") && plen + 2 < sizeof libpath) {
		snprintf(libpath, sizeof libpath, "%.*s.bell", (int)(plen - 4), path);
		FILE *f = fopen(libpath, "r");
		if (f) {
			fclose(f);
			cat_model_ast *bell = cat_parse_file(libpath, incdirs, d);
			if (!bell) {
				if (lib)
					cat_model_ast_free(lib);
				cat_model_ast_free(ast);
				return NULL;
			}
			prepend_include(ast, bell, libpath);
		}
	}
	if (lib)
		prepend_include(ast, lib, "stdlib.cat");
	cat_model *m = xcalloc(1, sizeof *m);
	m->ast = ast;
	m->ncache = cat_compile(ast, &m->names);
	m->coherent = cat_checks_coherence(ast, &m->names);
	m->no_future = m->coherent || cat_checks_no_future_reads(ast, &m->names);
	m->atomic = cat_checks_atomicity(ast);
	for (int i = 0; variants && variants[i]; i++) {
		m->variants = xrealloc(m->variants, sizeof(char *) * (m->nvariants + 1));
		m->variants[m->nvariants++] = xstrdup(variants[i]);
	}
	return m;
}

void cat_model_free(cat_model *m)
{
	if (!m)
		return;
	cat_model_ast_free(m->ast);
	cat_names_free(&m->names);
	for (int i = 0; i < m->nvariants; i++)
		free(m->variants[i]);
	free(m->variants);
	free(m);
}

const char *cat_model_title(const cat_model *m) { return m->ast->title; }

/* ---- the variants a model tests (cat_model_variants) ---- */

typedef struct {
	const char **names;
	int n, max;
} variant_list;

static void note_variant(variant_list *vl, const char *name)
{
	for (int i = 0; i < vl->n && i < vl->max; i++)
		if (!strcmp(vl->names[i], name))
			return;
	if (vl->n < vl->max)
		vl->names[vl->n] = name;
	vl->n++;
}

/* The parser bounds the height of a tree (MAX_HEIGHT, MAX_DEPTH), so
 * these recursions are bounded too. */
static void expr_variants(const cat_expr *e, variant_list *vl)
{
	if (!e)
		return;
	if (e->kind == E_VARIANT && e->name)
		note_variant(vl, e->name);
	expr_variants(e->a, vl);
	expr_variants(e->b, vl);
	expr_variants(e->c, vl);
	for (int i = 0; i < e->nargs; i++)
		expr_variants(e->args[i], vl);
	for (int i = 0; i < e->nbinds; i++)
		expr_variants(e->binds[i].e, vl);
	for (int i = 0; i < e->nclauses; i++)
		expr_variants(e->clauses[i].e, vl);
}

static void block_variants(const cat_block *b, variant_list *vl)
{
	for (int i = 0; i < b->n; i++) {
		const cat_instr *in = &b->v[i];
		for (int k = 0; k < in->nbinds; k++)
			expr_variants(in->binds[k].e, vl);
		expr_variants(in->e, vl);
		block_variants(&in->body, vl);
		block_variants(&in->body2, vl);
	}
}

int cat_model_variants(const cat_model *m, const char **names, int max)
{
	variant_list vl = { names, 0, max };

	block_variants(&m->ast->top, &vl);
	return vl.n;
}

bool cat_model_requires_coherence(const cat_model *m) { return m->coherent; }
bool cat_model_requires_atomicity(const cat_model *m) { return m->atomic; }

const cat_model_ast *cat_model_tree(const cat_model *m) { return m->ast; }
