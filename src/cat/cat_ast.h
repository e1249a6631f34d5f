/* cat_ast.h - syntax tree of a cat / bell model.
 *
 * Produced by cat_parse.c, consumed by cat_eval.c. The tree is the whole
 * program after `include` has been expanded in place (an INSTR_INCLUDE node
 * keeps the included file's instructions as its body, so positions and file
 * names stay exact for error messages).
 */
#ifndef BPFMM_CAT_AST_H
#define BPFMM_CAT_AST_H

#include <stdbool.h>
#include "base/diag.h"

typedef enum {
	/* leaves */
	E_VAR,        /* name */
	E_EMPTY,      /* 0 (empty relation) or {} (empty set / collection) */
	E_TAG,        /* 'name */
	E_STRING,     /* "text" (only where the grammar allows it) */
	E_SET,        /* { e1, e2, ... } : args[] */
	E_TUPLE,      /* (e1, e2, ...) : args[] with nargs >= 2 */
	/* operators */
	E_UNION,      /* a | b */
	E_SEQ,        /* a ; b */
	E_DIFF,       /* a \ b */
	E_INTER,      /* a & b */
	E_CART,       /* a * b */
	E_ADD,        /* a ++ b  (add element a to collection b) */
	E_PLUS,       /* a+ */
	E_STAR,       /* a* */
	E_OPT,        /* a? */
	E_INV,        /* a^-1 */
	E_COMPL,      /* ~a */
	E_BRACKET,    /* [a] */
	E_APP,        /* a(b) or a b : fn = a, arg = b (tuple for several) */
	E_FUN,        /* fun params -> body */
	E_LET,        /* let [rec] bindings in body */
	E_MATCH,      /* match a with || {} -> e || x ++ s -> e end
	               * or over tags: || 'a -> e || 'b -> e || _ -> e */
	E_TRY,        /* try a with b */
	E_IF,         /* if cond then a else b  (cond: E_EQ/E_SUBSET/E_VARIANT) */
	E_EQ,         /* a = b (only inside if) */
	E_SUBSET,     /* a <= b (subset test, only inside if) */
	E_VARIANT,    /* "variant-name" used as a condition */
	E_IN,         /* a in b (membership test, only inside if) */
} cat_expr_kind;

struct cat_expr;

/* A binding `name = e`, `f(x, y) = e` (sugar for fun) or `(a, b) = e`. */
typedef struct {
	char *name;           /* NULL when a tuple pattern is used */
	char **pat;           /* tuple pattern names, npat >= 2 */
	int npat;
	struct cat_expr *e;   /* the value (a E_FUN for f(x) = e) */
	srcpos pos;
	/* filled by cat_compile.c (the parser leaves them 0) */
	int sym;              /* interned name */
	int *patsym;          /* interned tuple pattern names */
	int id;               /* index of this binding's value cache */
	int stage;            /* 0 program, 1 rf, 2 co: when its value changes */
} cat_binding;

/* One arm of a match. */
typedef struct {
	int kind;             /* 0: `{}` empty, 1: `x ++ s` (names in a, b),
	                       * 2: tag 'a (name in a), 3: `_` default */
	char *a, *b;
	struct cat_expr *e;
	int sa, sb;           /* interned a, b (cat_compile.c) */
} cat_clause;

typedef struct cat_expr {
	cat_expr_kind kind;
	srcpos pos;
	char *name;           /* E_VAR, E_TAG, E_STRING, E_VARIANT */
	struct cat_expr *a, *b, *c;   /* operands; E_IF: a=cond b=then c=else */
	struct cat_expr **args;       /* E_SET, E_TUPLE */
	int nargs;
	/* E_FUN: params (one name, or a tuple of names) */
	char **params;
	int nparams;
	bool params_tuple;    /* fun (a, b) -> ... rather than fun a -> ... */
	/* E_LET */
	bool rec;
	cat_binding *binds;
	int nbinds;
	/* E_MATCH */
	cat_clause *clauses;
	int nclauses;
	/* filled by cat_compile.c (the parser leaves them 0) */
	int sym;              /* E_VAR, E_TAG: interned name */
	int *psym;            /* E_FUN: interned parameter names */
	int *fv;              /* E_FUN: free variables, captured by closures */
	int nfv;
	/* a part of a later-stage definition that depends only on earlier
	 * stages (cat_compile.c, hoist): its value is cached like a
	 * definition's, in cache slot xid - 1 (0: not cached) */
	int xid;
	signed char xstage;
	/* E_VAR naming a top-level definition (cat_compile.c, resolve): its
	 * value is in slot topslot - 1 of the run, no environment walk */
	int topslot;
} cat_expr;

typedef enum {
	I_LET,        /* let [rec] b1 and b2 ... */
	I_CHECK,      /* [flag] [~](acyclic|irreflexive|empty) e [as name] */
	I_SHOW,       /* show / unshow (display only; kept for completeness) */
	I_INCLUDE,    /* include "file": body holds the file's instructions */
	I_PROCEDURE,  /* procedure name(params) = body end */
	I_CALL,       /* [flag] call name(e) [as name] */
	I_WITH,       /* with name from e */
	I_IF_VARIANT, /* if "v" body [else body2] end (cond is an expression) */
	I_ENUM,       /* enum Name = 'a || 'b ... (bell) */
	I_INSTRUCTIONS, /* instructions R[...] (bell; declarative only) */
	I_FORALL,     /* forall x in e do body end */
	I_EVENTS,     /* events R[...] and other bell-only declarations */
} cat_instr_kind;

typedef enum { CHK_ACYCLIC, CHK_IRREFLEXIVE, CHK_EMPTY } cat_check_kind;

struct cat_instr;

typedef struct {
	struct cat_instr *v;
	int n;
} cat_block;

typedef struct cat_instr {
	cat_instr_kind kind;
	srcpos pos;
	const char *file;     /* file this instruction came from */

	/* I_LET */
	bool rec;
	cat_binding *binds;
	int nbinds;

	/* I_CHECK, I_CALL (flag/negation/name apply to both) */
	cat_check_kind check;
	bool flag;            /* `flag`: report, do not reject */
	bool negated;         /* `~acyclic` etc. */
	char *as;             /* `as NAME`, may be NULL */
	cat_expr *e;          /* checked expr; I_WITH/I_CALL/I_FORALL source;
	                       * I_IF_VARIANT condition */

	/* I_SHOW: names or expressions, display only */
	/* I_INCLUDE */
	char *path;
	/* I_PROCEDURE, I_CALL, I_WITH, I_ENUM, I_FORALL */
	char *name;
	char **params;        /* I_PROCEDURE params; I_ENUM tag names */
	int nparams;
	bool params_tuple;

	cat_block body;       /* I_INCLUDE, I_PROCEDURE, I_IF_VARIANT (then),
	                       * I_FORALL */
	cat_block body2;      /* I_IF_VARIANT else */
	/* filled by cat_compile.c (the parser leaves them 0) */
	int sym;              /* interned name (I_WITH, I_PROCEDURE, I_CALL, I_FORALL) */
	int *psym;            /* interned params (I_PROCEDURE, I_ENUM) */
	int stage;            /* I_CHECK: 0/1 means rf alone decides it */
	int cid;              /* I_CHECK: index of its result cache */
} cat_instr;

typedef struct {
	char *title;          /* the leading "Model name" string, may be NULL */
	cat_block top;
} cat_model_ast;

/* Parse a model file. Includes are looked up first next to the including
 * file, then in each directory of `incdirs` (NULL-terminated), in order.
 * Returns NULL with the first error (file:line:col) in d. */
cat_model_ast *cat_parse_file(const char *path, const char *const *incdirs, diag *d);

/* Parse from a string (unit tests); `name` is used in messages. */
cat_model_ast *cat_parse_string(const char *text, const char *name,
				const char *const *incdirs, diag *d);

void cat_model_ast_free(cat_model_ast *m);

#endif
