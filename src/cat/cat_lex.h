/* cat_lex.h - tokens of the cat language (herd7 dialect).
 *
 * The lexer works on a text held in memory and never allocates: a token
 * points into the text. It does not report errors itself: a bad token
 * comes back as CT_ERROR with a message in the lexer, so that the parser
 * can peek ahead freely and report an error only when it reaches it.
 */
#ifndef BPFMM_CAT_LEX_H
#define BPFMM_CAT_LEX_H

#include <stddef.h>
#include "base/diag.h"

typedef enum {
	CT_EOF,
	CT_ERROR,       /* lexical error; message in cat_lexer.err */
	CT_NAME,        /* po-loc, co0, x.y, _RMW, r' */
	CT_TAG,         /* 'name (text: the name, without the quote) */
	CT_STRING,      /* "text" (text: the contents, without quotes) */
	/* punctuation and operators */
	CT_LPAR, CT_RPAR, CT_LBRACE, CT_RBRACE, CT_LBRACK, CT_RBRACK,
	CT_UNDERSCORE,  /* _ on its own */
	CT_ZERO,        /* 0 */
	CT_BAR,         /* | */
	CT_ALT,         /* || */
	CT_AMP,         /* & */
	CT_ANDAND,      /* && */
	CT_STAR,        /* * */
	CT_TILDE,       /* ~ */
	CT_PLUS,        /* + */
	CT_PLUSPLUS,    /* ++ */
	CT_HAT,         /* ^ */
	CT_INV,         /* -1 (only meaningful after ^) */
	CT_BACKSLASH,   /* \ */
	CT_QUESTION,    /* ? */
	CT_EQUAL,       /* = */
	CT_SEMI,        /* ; */
	CT_COMMA,       /* , */
	CT_ARROW,       /* -> */
	/* keywords (reserved: never names) */
	CT_ACYCLIC, CT_AND, CT_AS, CT_ASSERT, CT_BEGIN, CT_CALL, CT_CATDEP,
	CT_DEBUG, CT_DEFAULT, CT_DO, CT_ELSE, CT_EMPTY, CT_END, CT_ENUM,
	CT_FLAG, CT_FORALL, CT_FROM, CT_FUN, CT_IF, CT_IN, CT_INCLUDE,
	CT_INSTRUCTIONS, CT_IRREFLEXIVE, CT_LET, CT_MATCH, CT_NOT,
	CT_PROCEDURE, CT_REC, CT_SHOW, CT_SUBSET, CT_THEN, CT_TRY,
	CT_UNDEFINED_UNLESS, CT_UNSHOW, CT_VARIANT, CT_WHEN, CT_WITH,
} cat_tok_kind;

typedef struct {
	cat_tok_kind kind;
	srcpos pos;           /* first character */
	const char *text;     /* into the source; see cat_tok_kind */
	size_t len;
} cat_token;

typedef struct {
	const char *src;
	size_t len, off;
	int line, col;        /* of src[off], 1-based */
	char err[128];        /* message of the last CT_ERROR */
} cat_lexer;

/* Start lexing src[0..len) (need not be NUL-terminated). */
void cat_lex_init(cat_lexer *lx, const char *src, size_t len);

/* Read the next token. After CT_EOF or CT_ERROR, keeps returning it. */
void cat_lex_next(cat_lexer *lx, cat_token *t);

/* How a token kind reads in a message: "'let'", "a name", "end of file". */
const char *cat_tok_describe(cat_tok_kind k);

#endif
