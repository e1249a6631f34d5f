/* cat_compile.h - the analysis run once per model: names interned to
 * integers, free variables of functions (closures capture only those),
 * and the stage of every definition and check (program, rf, or co). */
#ifndef BPFMM_CAT_COMPILE_H
#define BPFMM_CAT_COMPILE_H

#include "cat/cat_ast.h"

enum { STAGE_PROGRAM = 0, STAGE_RF = 1, STAGE_CO = 2,
       /* cat_expr.xstage of a part of a `let rec` group's definitions
        * that mentions none of the group's names: cached for one
        * evaluation of the group (its fixpoint iterations) */
       STAGE_REC = 3 };

/* The names of one model, interned to integers; owned by the model. */
typedef struct cat_names {
	char **v;
	int n, cap;
	int *table;           /* hash table of indexes into v, -1: free */
	int tcap;
} cat_names;

int cat_intern(cat_names *nm, const char *name);
const char *cat_symname(const cat_names *nm, int sym);
int cat_nsyms(const cat_names *nm);
void cat_names_free(cat_names *nm);
/* dst, empty, gets the names of src under the same integers. */
void cat_names_copy(cat_names *dst, const cat_names *src);

/* Annotates the tree in place, interning into nm; returns the number of
 * binding caches. */
int cat_compile(cat_model_ast *m, cat_names *nm);

/* True if some non-flag `acyclic` check's relation unfolds (through let
 * definitions) to a union that contains po-loc, rf, co and fr. */
bool cat_checks_coherence(const cat_model_ast *m, cat_names *nm);

/* True if some non-flag `acyclic` check's union contains po-loc (or po)
 * and rf (or rfi): no read takes its value from a po-later write. */
bool cat_checks_no_future_reads(const cat_model_ast *m, cat_names *nm);

/* Does the model reject every execution where a write of another thread
 * comes, in co, between the write a read-modify-write reads and its own
 * write (`empty rmw & (fre ; coe)`, over names that contain the engine's
 * relations)? */
bool cat_checks_atomicity(const cat_model_ast *m);

/* The syntax tree of a loaded model (cat.h), library included. */
struct cat_model;
const cat_model_ast *cat_model_tree(const struct cat_model *m);

#endif
