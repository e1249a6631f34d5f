/* cat.h - load a cat model once, then judge candidate executions with it.
 *
 * Evaluation is staged (see cat_compile.c): a definition whose value depends
 * only on the program is computed once per event structure, one that also
 * depends on rf once per rf choice, and only what mentions co is redone for
 * each coherence order. `with co from ...` is where co orders are
 * enumerated; every order that passes all checks is reported through the
 * callback, with the flags it raised.
 */
#ifndef BPFMM_CAT_H
#define BPFMM_CAT_H

#include <stdatomic.h>
#include "base/diag.h"
#include "cat/events.h"

typedef struct cat_model cat_model;

/* Parse and compile `path` after the implicit library (stdlib.cat, looked up
 * in incdirs). `variants` (NULL-terminated, may be NULL) enables
 * `if "name"` branches. */
cat_model *cat_model_load(const char *path, const char *const *incdirs,
			  const char *const *variants, diag *d);
void cat_model_free(cat_model *m);
const char *cat_model_title(const cat_model *m);
/* The variant names the model (with its includes and library) tests in
 * `if "NAME"` and `variant` conditions, each once, in the order they
 * first appear: the first max go to names (they point into the model);
 * returns how many there are. */
int cat_model_variants(const cat_model *m, const char **names, int max);

/* Does the model reject every execution whose po-loc | rf | co | fr is
 * cyclic? Then co enumeration may skip orders that contradict uniproc. */
bool cat_model_requires_coherence(const cat_model *m);
/* Does it reject every execution where a write of another thread comes,
 * in co, between the write a read-modify-write's read reads from and its
 * write (cat_checks_atomicity)? Then co orders where one does are not
 * enumerated either. */
bool cat_model_requires_atomicity(const cat_model *m);

typedef struct {
	const word *co;            /* the coherence order (n*w) */
	const char *const *flags;  /* names of raised `flag` checks */
	int nflags;
} cat_verdict;

/* Return non-zero to stop enumerating further co orders for this rf. */
typedef int (*cat_allowed_fn)(void *arg, const cat_verdict *v);

typedef struct cat_run cat_run;

/* tag_names: the front-end's tags, exposed as event sets of those names. */
cat_run *cat_run_new(cat_model *m, const char *const *tag_names, int ntags);
void cat_run_free(cat_run *r);
/* A run of r's model, with r's tags, unrolling and memory limit, for
 * another thread (neither touches what the other uses); free it before
 * the model. Modes, explain hooks and events are not copied. */
cat_run *cat_run_clone(const cat_run *r);
bool cat_run_requires_coherence(const cat_run *r);
/* Was the model loaded with this variant (-variant NAME)? */
bool cat_run_has_variant(const cat_run *r, const char *name);
/* Does the model reject every execution where a read takes its value from
 * a po-later write of its own thread (a po-loc | rf cycle)? */
bool cat_run_forbids_future_reads(const cat_run *r);
/* Does the model reject every execution where a write of another thread
 * comes, in co, between the write a read-modify-write's read reads from
 * and its write (cat_checks_atomicity)? Not in explain mode. */
bool cat_run_requires_atomicity(const cat_run *r);

/* Start a new event structure (resets program-stage caches). */
void cat_run_set_events(cat_run *r, const evstruct *es);
/* Has the model looked at the value of an event (different-values on a
 * relation with a pair) since the run began?  If not, two event
 * structures that differ only in values are the same to it. */
bool cat_run_values_used(const cat_run *r);

/* Exact mode (default): every allowed co is reported; with budget > 0,
 * cat_run_eval gives up (returns -2) once `budget` co orders were tried
 * since this call, not counting the first co order of each rf (outcome
 * mode tries that one too). Outcome mode: only one allowed co is reported per
 * combination of co-last writes of the locations in final_locs (the
 * observable outcomes), so witness counts become outcome counts. */
void cat_run_set_mode(cat_run *r, bool outcome_mode, const int *final_locs, int n, long budget);
/* Count the exact mode's co orders in *leaves, shared with the other
 * runs given the same counter (the slices of one enumeration on several
 * threads, exec/check.c), instead of in r alone: the budget is then
 * spent when their sum passes it. NULL: r's own count again. */
void cat_run_share_budget(cat_run *r, atomic_long *leaves);

/* Judge every execution with this rf (and every co). Returns the number
 * of allowed executions, -1 on a model error (in d), -2 over budget. */
long cat_run_eval(cat_run *r, const word *rf, cat_allowed_fn fn, void *arg, diag *d);

/* Name of the first check that rejected the last rejected execution. */
const char *cat_run_last_failure(const cat_run *r);

/* ---- explanations (bpfmm explain, explain.c) ----
 * In explain mode every non-flag check that is evaluated is reported,
 * passed or failed, with its value, and cached check results are not
 * reused. With `all`, the pruning that relies on the model demanding
 * coherence is off too: every rf and every co is a candidate. */
typedef struct {
	const char *name;          /* `as NAME`, or NULL */
	const char *file;          /* where the check is written */
	srcpos pos;
	int check;                 /* CHK_ACYCLIC, CHK_IRREFLEXIVE, CHK_EMPTY */
	bool negated;              /* ~acyclic ... */
	bool passed;
	const void *expr;          /* the checked cat_expr (cat_ast.h) */
	const word *bits;          /* its value: a relation (n*w), or a set (w)
	                            * when is_set; NULL if neither */
	bool is_set;
	const word *co;            /* NULL: judged before co is chosen, so the
	                            * same for every co */
	void *ctx;
} cat_check_info;
typedef void (*cat_check_fn)(void *arg, const cat_check_info *ci);
void cat_run_set_explain(cat_run *r, cat_check_fn fn, void *arg, bool all);
/* The relation NAME means where the check is (a let of the model, or a
 * built-in such as po or rf); NULL if unbound or not a relation. Valid
 * only during the callback. */
const word *cat_check_relation(const cat_check_info *ci, const char *name);
/* The same for an event set (w words); NULL if unbound or not a set. */
const word *cat_check_set(const cat_check_info *ci, const char *name);
/* cat_model_tree(m), the model's syntax tree: cat_compile.h */

/* Limits that end a runaway model with an error (docs/cat-dialect.md):
 * the bytes one cat_run may hold for values (default CAT_MEM_LIMIT), and
 * how deeply evaluation may nest (calls, expressions, `with`). */
#define CAT_MEM_LIMIT ((size_t)256 << 20)
#define CAT_DEPTH_LIMIT 20000
void cat_run_set_memory_limit(cat_run *r, size_t bytes);

#endif
