/* cat_print.h - print a cat syntax tree back as cat text (debugging, tests).
 *
 * The output parses again to the same tree: every compound expression is
 * fully parenthesised, e.g. `a ; b | c` prints as `((a ; b) | c)`.
 */
#ifndef BPFMM_CAT_PRINT_H
#define BPFMM_CAT_PRINT_H

#include <stdio.h>
#include "cat/cat_ast.h"

/* The operator's text: "|", ";", "^-1", ... ("?" for a non-operator). */
const char *cat_op_text(cat_expr_kind k);

/* One expression, fully parenthesised, on one line. */
void cat_expr_print(FILE *f, const cat_expr *e);

/* A whole model, one instruction per line (nested blocks indented).
 * Includes print as `include "name"`, without the included text. */
void cat_model_print(FILE *f, const cat_model_ast *m);

#endif
