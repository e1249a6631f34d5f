/* litmus_lex.h - character-level scanning shared by the litmus reader and the
 * architecture front-ends.
 *
 * Litmus text is small and its dialects disagree on what a token is
 * (`*(u32 *)` in BPF, `/\` in conditions), so instead of a token stream this
 * offers a cursor with "accept this literal" helpers that skip blanks and
 * keep an exact LINE:COL for diagnostics. Columns count bytes (a tab is one
 * column).
 */
#ifndef BPFMM_LITMUS_LEX_H
#define BPFMM_LITMUS_LEX_H

#include <stdbool.h>
#include <stdint.h>
#include "base/diag.h"

/* Longest identifier accepted (register, symbol, label, type, keyword). */
#define LEX_MAX_NAME 128

typedef struct {
	const char *p;        /* next character; the text ends at a NUL */
	srcpos pos;           /* position of *p */
	const char *end_name; /* how errors call the end: "end of file" ... */
	diag *d;
} lexer;

void lex_init(lexer *lx, const char *text, srcpos start, const char *end_name,
	      diag *d);

/* Blank out (* nested comments *) in place with spaces, keeping newlines so
 * that positions do not move. "..." strings are left alone. Returns 0, or -1
 * with an error for an unterminated comment or string. */
int lex_strip_comments(char *text, diag *d);

bool lex_is_ident_start(char c);
bool lex_is_ident_char(char c);
bool lex_is_blank(char c);                  /* space, tab, CR, LF, FF, VT */

void lex_advance(lexer *lx, size_t n);      /* n characters, tracking lines */
void lex_skip_blanks(lexer *lx);
bool lex_at_end(lexer *lx);                 /* only blanks left? */
srcpos lex_here(lexer *lx);                 /* position of the next non-blank */

/* Consume the literal s if it comes next (after blanks). */
bool lex_accept(lexer *lx, const char *s);
/* As lex_accept, but s must not be followed by an identifier character. */
bool lex_accept_word(lexer *lx, const char *s);
/* As lex_accept; otherwise records "expected 's', found ..." and returns -1. */
int lex_expect(lexer *lx, const char *s);

/* Does an identifier come next? Does a number (digit, or '-' digit)? */
bool lex_peek_ident(lexer *lx);
bool lex_peek_number(lexer *lx);

/* Read an identifier into buf (LEX_MAX_NAME bytes). Returns 0, or -1 with an
 * error if none comes next or it is too long. */
int lex_ident(lexer *lx, char *buf, const char *what);

/* Read a decimal or 0x-hex integer with an optional '-' sign; it must fit in
 * int64_t. Returns 0, or -1 with an error. */
int lex_int(lexer *lx, int64_t *v, const char *what);
/* As lex_int, but an integer without '-' may go up to 2^64-1 and stands for
 * its 64-bit two's complement pattern (0xffffffffffffffff is -1): herd7
 * takes such values for 64-bit locations. */
int lex_int_bits64(lexer *lx, int64_t *v, const char *what);

/* Record "expected WHAT, found ..." at the next non-blank; returns -1. */
int lex_error_expected(lexer *lx, const char *what);

#endif
