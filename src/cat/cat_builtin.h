/* cat_builtin.h - the names a model finds without defining them: event
 * sets and relations of the execution, the front-end's tags, and a few
 * primitive functions. */
#ifndef BPFMM_CAT_BUILTIN_H
#define BPFMM_CAT_BUILTIN_H

#include "base/arena.h"
#include "cat/cat_value.h"
#include "cat/events.h"

struct cat_names;
enum { NPRIM = 4, BUILTIN_CACHE = 128 };

typedef struct {
	struct cat_names *names;   /* the model's interner */
	val **tab;            /* per interned symbol: its built-in value */
	int cap;
	word *zero_set, *zero_rel;
	const evstruct *es;
	int n, w;
	const char *const *tag_names;
	int ntags;
	int rf_sym;
	int prim_sym[NPRIM];  /* symbols of the primitive functions */
	const char *keys[BUILTIN_CACHE];   /* intern cache: literal -> symbol */
	int syms[BUILTIN_CACHE];
	char err[200];
	bool values_used;     /* different-values read the value of an event */
} builtins;

void builtin_init(builtins *b, struct cat_names *names, const char *const *tag_names, int ntags);
void builtin_free(builtins *b);
void builtin_set_events(builtins *b, const evstruct *es, arena *a);
void builtin_set_rf(builtins *b, const word *rf, arena *a);
val *builtin_lookup(builtins *b, int sym);
/* Is v the built-in value of sym (so a closure need not capture it)? */
bool builtin_is(const builtins *b, int sym, const val *v);
/* Apply primitive `prim` (a symbol id); NULL with b->err on failure. */
val *builtin_apply(builtins *b, int prim, val *arg, arena *a);

/* Add to `must` the write-to-write orders that coherence (acyclic
 * po-loc | rf | co | fr) forces, given rf. */
void builtin_uniproc_co(const evstruct *es, const word *rf, word *must);

#endif
