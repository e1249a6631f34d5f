/* cat_print.c - print a cat syntax tree back as cat text (see cat_print.h). */
#include <stdbool.h>
#include <stdio.h>
#include "cat/cat_ast.h"
#include "cat/cat_print.h"

const char *cat_op_text(cat_expr_kind k)
{
	switch (k) {
	case E_UNION: return "|";
	case E_ADD: return "++";
	case E_SEQ: return ";";
	case E_DIFF: return "\\";
	case E_INTER: return "&";
	case E_CART: return "*";
	case E_PLUS: return "+";
	case E_STAR: return "*";
	case E_OPT: return "?";
	case E_INV: return "^-1";
	default: return "?";
	}
}

static void print_cond(FILE *f, const cat_expr *e);

static void print_names(FILE *f, char *const *v, int n, const char *sep)
{
	for (int i = 0; i < n; i++)
		fprintf(f, "%s%s", i ? sep : "", v[i]);
}

/* Parameters of fun/procedure/let sugar: `x`, `(a, b)` or `()`. */
static void print_params(FILE *f, char *const *v, int n, bool tuple)
{
	if (!tuple && n == 1) {
		fputs(v[0], f);
		return;
	}
	fputc('(', f);
	print_names(f, v, n, ", ");
	fputc(')', f);
}

static void print_binds(FILE *f, const cat_binding *b, int n, const char *sep)
{
	for (int i = 0; i < n; i++) {
		fputs(i ? sep : "", f);
		if (b[i].name) {
			fputs(b[i].name, f);
		} else {
			fputc('(', f);
			print_names(f, b[i].pat, b[i].npat, ", ");
			fputc(')', f);
		}
		fputs(" = ", f);
		cat_expr_print(f, b[i].e);
	}
}

/* An application chain prints as `(f x y)`: herd7 does not accept a
 * parenthesised function in `(f x) y`. */
static void print_app(FILE *f, const cat_expr *e)
{
	if (e->kind == E_APP) {
		print_app(f, e->a);
		fputc(' ', f);
		cat_expr_print(f, e->b);
	} else {
		cat_expr_print(f, e);
	}
}

void cat_expr_print(FILE *f, const cat_expr *e)
{
	if (!e) {
		fputs("<null>", f);
		return;
	}
	switch (e->kind) {
	case E_VAR: fputs(e->name, f); return;
	case E_EMPTY: fputc('0', f); return;
	case E_TAG: fprintf(f, "'%s", e->name); return;
	case E_STRING: case E_VARIANT: fprintf(f, "\"%s\"", e->name); return;
	case E_SET: case E_TUPLE:
		fputc(e->kind == E_SET ? '{' : '(', f);
		for (int i = 0; i < e->nargs; i++) {
			fputs(i ? ", " : "", f);
			cat_expr_print(f, e->args[i]);
		}
		fputc(e->kind == E_SET ? '}' : ')', f);
		return;
	case E_UNION: case E_SEQ: case E_DIFF: case E_INTER: case E_CART: case E_ADD:
		fputc('(', f);
		cat_expr_print(f, e->a);
		fprintf(f, " %s ", cat_op_text(e->kind));
		cat_expr_print(f, e->b);
		fputc(')', f);
		return;
	case E_PLUS: case E_STAR: case E_OPT: case E_INV:
		fputc('(', f);
		cat_expr_print(f, e->a);
		fprintf(f, "%s)", cat_op_text(e->kind));
		return;
	case E_COMPL:
		fputs("(~", f);
		cat_expr_print(f, e->a);
		fputc(')', f);
		return;
	case E_BRACKET:
		fputc('[', f);
		cat_expr_print(f, e->a);
		fputc(']', f);
		return;
	case E_APP:
		fputc('(', f);
		print_app(f, e);
		fputc(')', f);
		return;
	case E_FUN:
		fputs("(fun ", f);
		print_params(f, e->params, e->nparams, e->params_tuple);
		fputs(" -> ", f);
		cat_expr_print(f, e->a);
		fputc(')', f);
		return;
	case E_LET:
		fputs(e->rec ? "(let rec " : "(let ", f);
		print_binds(f, e->binds, e->nbinds, " and ");
		fputs(" in ", f);
		cat_expr_print(f, e->a);
		fputc(')', f);
		return;
	case E_MATCH:
		fputs("(match ", f);
		cat_expr_print(f, e->a);
		fputs(" with", f);
		for (int i = 0; i < e->nclauses; i++) {
			const cat_clause *c = &e->clauses[i];
			switch (c->kind) {
			case 0: fputs(" || {} -> ", f); break;
			case 1: fprintf(f, " || %s ++ %s -> ", c->a, c->b); break;
			case 2: fprintf(f, " || '%s -> ", c->a); break;
			default: fputs(" || _ -> ", f); break;
			}
			cat_expr_print(f, c->e);
		}
		fputs(" end)", f);
		return;
	case E_TRY:
		fputs("(try ", f);
		cat_expr_print(f, e->a);
		fputs(" with ", f);
		cat_expr_print(f, e->b);
		fputc(')', f);
		return;
	case E_IF:
		fputs("(if ", f);
		print_cond(f, e->a);
		fputs(" then ", f);
		cat_expr_print(f, e->b);
		fputs(" else ", f);
		cat_expr_print(f, e->c);
		fputc(')', f);
		return;
	case E_EQ: case E_SUBSET: case E_IN:
		print_cond(f, e);
		return;
	}
	fprintf(f, "<kind %d>", (int)e->kind);
}

/* Conditions: tests print bare (herd7 has no `(a = b)`); variant
 * conditions use not, && and || (E_COMPL, E_INTER, E_UNION). */
static void print_cond(FILE *f, const cat_expr *e)
{
	if (!e) {
		fputs("<null>", f);
		return;
	}
	switch (e->kind) {
	case E_EQ: case E_SUBSET: case E_IN:
		cat_expr_print(f, e->a);
		fputs(e->kind == E_EQ ? " = " : e->kind == E_SUBSET ? " subset " : " in ", f);
		cat_expr_print(f, e->b);
		return;
	case E_COMPL:
		fputs("(not ", f);
		print_cond(f, e->a);
		fputc(')', f);
		return;
	case E_UNION: case E_INTER:
		fputc('(', f);
		print_cond(f, e->a);
		fputs(e->kind == E_UNION ? " || " : " && ", f);
		print_cond(f, e->b);
		fputc(')', f);
		return;
	default:
		cat_expr_print(f, e);
		return;
	}
}

static void print_block(FILE *f, const cat_block *b, int indent);

static void print_instr(FILE *f, const cat_instr *in, int indent)
{
	static const char *const checks[] = { "acyclic", "irreflexive", "empty" };

	fprintf(f, "%*s", 2 * indent, "");
	switch (in->kind) {
	case I_LET:
		fputs(in->rec ? "let rec " : "let ", f);
		print_binds(f, in->binds, in->nbinds, " and ");
		break;
	case I_CHECK:
		fprintf(f, "%s%s%s ", in->flag ? "flag " : "", in->negated ? "~" : "",
			checks[in->check]);
		cat_expr_print(f, in->e);
		break;
	case I_SHOW:
		fputs(in->negated ? "unshow " : "show ", f);
		if (in->e) {
			cat_expr_print(f, in->e);
			fprintf(f, " as %s\n", in->as);
			return;
		}
		print_names(f, in->params, in->nparams, ", ");
		break;
	case I_INCLUDE:
		fprintf(f, "include \"%s\"", in->name ? in->name : in->path);
		break;
	case I_PROCEDURE:
		fprintf(f, "procedure %s%s ", in->rec ? "rec " : "", in->name);
		print_params(f, in->params, in->nparams, in->params_tuple);
		fputs(" =\n", f);
		print_block(f, &in->body, indent + 1);
		fprintf(f, "%*send", 2 * indent, "");
		break;
	case I_CALL:
		fprintf(f, "call %s ", in->name);
		if (in->e && in->e->kind == E_TUPLE) {
			cat_expr_print(f, in->e);
		} else {
			fputc('(', f);
			cat_expr_print(f, in->e);
			fputc(')', f);
		}
		break;
	case I_WITH:
		fprintf(f, "with %s from ", in->name);
		cat_expr_print(f, in->e);
		break;
	case I_IF_VARIANT:
		fputs("if ", f);
		print_cond(f, in->e);
		fputc('\n', f);
		print_block(f, &in->body, indent + 1);
		if (in->body2.n) {
			fprintf(f, "%*selse\n", 2 * indent, "");
			print_block(f, &in->body2, indent + 1);
		}
		fprintf(f, "%*send", 2 * indent, "");
		break;
	case I_ENUM:
		fprintf(f, "enum %s = ", in->name);
		for (int i = 0; i < in->nparams; i++)
			fprintf(f, "%s'%s", i ? " || " : "", in->params[i]);
		break;
	case I_INSTRUCTIONS: case I_EVENTS:
		fprintf(f, "%s %s[", in->kind == I_INSTRUCTIONS ? "instructions" : "default", in->name);
		for (int i = 0; in->e && i < in->e->nargs; i++) {
			fputs(i ? ", " : "", f);
			cat_expr_print(f, in->e->args[i]);
		}
		fputc(']', f);
		break;
	case I_FORALL:
		fprintf(f, "forall %s in ", in->name);
		cat_expr_print(f, in->e);
		fputs(" do\n", f);
		print_block(f, &in->body, indent + 1);
		fprintf(f, "%*send", 2 * indent, "");
		break;
	}
	if (in->as && (in->kind == I_CHECK || in->kind == I_CALL))
		fprintf(f, " as %s", in->as);
	fputc('\n', f);
}

static void print_block(FILE *f, const cat_block *b, int indent)
{
	for (int i = 0; i < b->n; i++)
		print_instr(f, &b->v[i], indent);
}

void cat_model_print(FILE *f, const cat_model_ast *m)
{
	if (m->title)
		fprintf(f, "\"%s\"\n", m->title);
	print_block(f, &m->top, 0);
}
