/* cat_lex.c - the cat tokenizer (cat_lex.h).
 *
 * Lexical rules follow herd7 so that a model reads the same in both tools:
 * names are `_? letter (letter | digit | _ | . | -)* '?` (hence `po-loc`,
 * `co0`, `x.y`), `0` is the only number, `-1` is a token of its own (for
 * `^-1`), comments are `(* ... *)` (nesting) or run from `//` or `#` to the
 * end of the line, and strings have no escapes.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "cat/cat_lex.h"

/* `quoted` is how the keyword reads in messages. */
#define KW(w, k) { w, "'" w "'", k }
static const struct {
	const char *word, *quoted;
	cat_tok_kind kind;
} keywords[] = {
	KW("acyclic", CT_ACYCLIC), KW("and", CT_AND), KW("as", CT_AS),
	KW("assert", CT_ASSERT), KW("begin", CT_BEGIN), KW("call", CT_CALL),
	KW("catdep", CT_CATDEP), KW("debug", CT_DEBUG), KW("default", CT_DEFAULT),
	KW("do", CT_DO), KW("else", CT_ELSE), KW("empty", CT_EMPTY),
	KW("end", CT_END), KW("enum", CT_ENUM), KW("flag", CT_FLAG),
	KW("forall", CT_FORALL), KW("from", CT_FROM), KW("fun", CT_FUN),
	KW("if", CT_IF), KW("in", CT_IN), KW("include", CT_INCLUDE),
	KW("instructions", CT_INSTRUCTIONS), KW("irreflexive", CT_IRREFLEXIVE),
	KW("let", CT_LET), KW("match", CT_MATCH), KW("not", CT_NOT),
	KW("procedure", CT_PROCEDURE), KW("rec", CT_REC), KW("show", CT_SHOW),
	KW("subset", CT_SUBSET), KW("then", CT_THEN), KW("try", CT_TRY),
	KW("undefined_unless", CT_UNDEFINED_UNLESS), KW("unshow", CT_UNSHOW),
	KW("variant", CT_VARIANT), KW("when", CT_WHEN), KW("with", CT_WITH),
};

void cat_lex_init(cat_lexer *lx, const char *src, size_t len)
{
	memset(lx, 0, sizeof *lx);
	lx->src = src;
	lx->len = len;
	lx->line = 1;
	lx->col = 1;
}

static int peekc(const cat_lexer *lx, size_t ahead)
{
	return lx->off + ahead < lx->len ? (unsigned char)lx->src[lx->off + ahead] : -1;
}

static void advance(cat_lexer *lx, size_t n)
{
	while (n-- > 0 && lx->off < lx->len) {
		if (lx->src[lx->off++] == '\n') {
			lx->line++;
			lx->col = 1;
		} else {
			lx->col++;
		}
	}
}

static bool is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_digit(int c) { return c >= '0' && c <= '9'; }

/* Length of the name starting `ahead` bytes on, 0 if none starts there. */
static size_t name_len(const cat_lexer *lx, size_t ahead)
{
	size_t n = ahead;

	if (peekc(lx, n) == '_')
		n++;
	if (!is_alpha(peekc(lx, n)))
		return 0;
	n++;
	for (int c; (c = peekc(lx, n)) >= 0; n++)
		if (!is_alpha(c) && !is_digit(c) && c != '_' && c != '.' && c != '-')
			break;
	if (peekc(lx, n) == '\'')
		n++;
	return n - ahead;
}

/* Skip blanks and comments. Returns false (with t set to CT_ERROR) on an
 * unterminated comment. */
static bool skip_blanks(cat_lexer *lx, cat_token *t)
{
	for (;;) {
		int c = peekc(lx, 0);
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
			advance(lx, 1);
		} else if (c == '#' || (c == '/' && peekc(lx, 1) == '/')) {
			while (peekc(lx, 0) >= 0 && peekc(lx, 0) != '\n')
				advance(lx, 1);
		} else if (c == '(' && peekc(lx, 1) == '*') {
			/* Nested comments: count depth; report the outermost opening. */
			cat_lexer start = *lx;
			long depth = 0;
			do {
				if (peekc(lx, 0) < 0) {
					*lx = start;
					t->kind = CT_ERROR;
					t->pos = (srcpos){ lx->line, lx->col };
					snprintf(lx->err, sizeof lx->err, "unterminated comment");
					return false;
				}
				if (peekc(lx, 0) == '(' && peekc(lx, 1) == '*') {
					depth++;
					advance(lx, 2);
				} else if (peekc(lx, 0) == '*' && peekc(lx, 1) == ')') {
					depth--;
					advance(lx, 2);
				} else {
					advance(lx, 1);
				}
			} while (depth > 0);
		} else {
			return true;
		}
	}
}

static void lex_error(cat_lexer *lx, cat_token *t, const char *msg)
{
	int c = peekc(lx, 0);

	t->kind = CT_ERROR;
	if (msg)
		snprintf(lx->err, sizeof lx->err, "%s", msg);
	else if (c > ' ' && c < 127)
		snprintf(lx->err, sizeof lx->err, "unexpected character '%c'", c);
	else
		snprintf(lx->err, sizeof lx->err, "unexpected character (byte 0x%02x)", (unsigned)c);
}

/* Operators: the longest match wins (`||` before `|`, `++` before `+`). */
static const struct {
	char s[3];
	cat_tok_kind kind;
} ops[] = {
	{ "||", CT_ALT }, { "&&", CT_ANDAND }, { "++", CT_PLUSPLUS },
	{ "->", CT_ARROW }, { "-1", CT_INV },
	{ "(", CT_LPAR }, { ")", CT_RPAR }, { "{", CT_LBRACE }, { "}", CT_RBRACE },
	{ "[", CT_LBRACK }, { "]", CT_RBRACK }, { "_", CT_UNDERSCORE },
	{ "0", CT_ZERO }, { "|", CT_BAR }, { "&", CT_AMP }, { "*", CT_STAR },
	{ "~", CT_TILDE }, { "+", CT_PLUS }, { "^", CT_HAT }, { "\\", CT_BACKSLASH },
	{ "?", CT_QUESTION }, { "=", CT_EQUAL }, { ";", CT_SEMI }, { ",", CT_COMMA },
};

/* A name or keyword, a tag or a string; false if none starts here. */
static bool lex_word(cat_lexer *lx, cat_token *t)
{
	int c = peekc(lx, 0);
	size_t n;

	if ((n = name_len(lx, 0)) > 0) {
		t->kind = CT_NAME;
		t->len = n;
		for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
			if (strlen(keywords[i].word) == n && !memcmp(keywords[i].word, t->text, n))
				t->kind = keywords[i].kind;
		advance(lx, n);
	} else if (c == '\'') {
		if ((n = name_len(lx, 1)) == 0) {
			lex_error(lx, t, "expected a tag name after '");
			return true;
		}
		t->kind = CT_TAG;
		t->text++;
		t->len = n;
		advance(lx, n + 1);
	} else if (c == '"') {
		const char *end = memchr(t->text + 1, '"', lx->len - lx->off - 1);
		if (!end) {
			lex_error(lx, t, "unterminated string");
			return true;
		}
		t->kind = CT_STRING;
		t->text++;
		t->len = (size_t)(end - t->text);
		advance(lx, t->len + 2);
	} else {
		return false;
	}
	return true;
}

void cat_lex_next(cat_lexer *lx, cat_token *t)
{
	t->text = NULL;
	t->len = 0;
	if (!skip_blanks(lx, t))
		return;
	t->pos = (srcpos){ lx->line, lx->col };
	t->text = lx->src + lx->off;

	int c = peekc(lx, 0), c1 = peekc(lx, 1);

	if (c < 0) {
		t->kind = CT_EOF;
		return;
	}
	if (lex_word(lx, t))
		return;
	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
		if (c != (unsigned char)ops[i].s[0])
			continue;
		if (ops[i].s[1] && c1 != (unsigned char)ops[i].s[1])
			continue;
		t->kind = ops[i].kind;
		t->len = ops[i].s[1] ? 2 : 1;
		advance(lx, t->len);
		return;
	}
	if (c == '-')
		lex_error(lx, t, "'-' is only allowed in '^-1', '->' and inside names");
	else if (is_digit(c))
		lex_error(lx, t, "the only number in cat is 0");
	else
		lex_error(lx, t, NULL);
}

const char *cat_tok_describe(cat_tok_kind k)
{
	static const char *const punct[] = {
		[CT_EOF] = "end of file", [CT_ERROR] = "a bad token", [CT_NAME] = "a name",
		[CT_TAG] = "a tag", [CT_STRING] = "a string",
		[CT_LPAR] = "'('", [CT_RPAR] = "')'", [CT_LBRACE] = "'{'", [CT_RBRACE] = "'}'",
		[CT_LBRACK] = "'['", [CT_RBRACK] = "']'", [CT_UNDERSCORE] = "'_'",
		[CT_ZERO] = "'0'", [CT_BAR] = "'|'", [CT_ALT] = "'||'", [CT_AMP] = "'&'",
		[CT_ANDAND] = "'&&'", [CT_STAR] = "'*'", [CT_TILDE] = "'~'", [CT_PLUS] = "'+'",
		[CT_PLUSPLUS] = "'++'", [CT_HAT] = "'^'", [CT_INV] = "'-1'",
		[CT_BACKSLASH] = "'\\'", [CT_QUESTION] = "'?'", [CT_EQUAL] = "'='",
		[CT_SEMI] = "';'", [CT_COMMA] = "','", [CT_ARROW] = "'->'",
	};
	if ((size_t)k < sizeof punct / sizeof *punct && punct[k])
		return punct[k];
	for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
		if (keywords[i].kind == k)
			return keywords[i].quoted;
	return "a token";
}
