/* cat_value.h - run-time values of the cat evaluator. */
#ifndef BPFMM_CAT_VALUE_H
#define BPFMM_CAT_VALUE_H

#include "cat/cat_ast.h"
#include "base/rel.h"

typedef enum {
	V_EMPTY,    /* 0 or {}: an empty set, relation or collection alike */
	V_SET,      /* event set: bits (w words) */
	V_REL,      /* relation: bits (n*w words) */
	V_TAG,      /* 'name: sym */
	V_COLL,     /* collection of values: items */
	V_TUPLE,    /* (a, b, ...): items */
	V_FUN,      /* closure: fn + env */
	V_PRIM,     /* built-in function: prim */
	V_PROC,     /* procedure: proc + env */
	V_COSPACE,  /* the coherence orders extending bits (lazy, for `with`) */
	V_UNIT,     /* result of instructions that have no value */
} vkind;

typedef struct env env;

typedef struct val {
	vkind k;
	int sym;                 /* V_TAG name, V_PRIM id */
	word *bits;              /* V_SET, V_REL, V_COSPACE */
	struct val **items;      /* V_COLL, V_TUPLE */
	int nitems;
	const cat_expr *fn;      /* V_FUN */
	const cat_instr *proc;   /* V_PROC */
	env *cenv;               /* V_FUN, V_PROC: captured environment */
	const char *file;        /* V_FUN: file of its definition (messages) */
} val;

struct env {
	int sym;
	val *v;
	env *next;
};

#endif
