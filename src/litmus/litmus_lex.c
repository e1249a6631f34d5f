/* litmus_lex.c - character-level scanning for litmus text (see litmus_lex.h). */
#include <stdio.h>
#include <string.h>
#include "litmus/litmus_lex.h"

void lex_init(lexer *lx, const char *text, srcpos start, const char *end_name,
	      diag *d)
{
	lx->p = text;
	lx->pos = start;
	lx->end_name = end_name;
	lx->d = d;
}

bool lex_is_ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool lex_is_ident_char(char c)
{
	return lex_is_ident_start(c) || (c >= '0' && c <= '9');
}

bool lex_is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

int lex_strip_comments(char *text, diag *d)
{
	srcpos pos = { 1, 1 }, open = { 0, 0 };
	int depth = 0;
	bool in_string = false;
	char *p;

	for (p = text; *p; p++) {
		if (!in_string && p[0] == '(' && p[1] == '*') {
			if (depth++ == 0)
				open = pos;
			p[0] = p[1] = ' ';
			p++;
			pos.col += 2;
			continue;
		}
		if (depth > 0 && p[0] == '*' && p[1] == ')') {
			depth--;
			p[0] = p[1] = ' ';
			p++;
			pos.col += 2;
			continue;
		}
		if (depth == 0 && *p == '"') {
			if (!in_string)
				open = pos;
			in_string = !in_string;
		}
		if (*p == '\n') {
			/* a string never closed ends with its line (herd7) */
			if (in_string && !strchr(p, '"'))
				in_string = false;
			pos.line++;
			pos.col = 1;
			continue;
		}
		if (depth > 0)
			*p = ' ';
		pos.col++;
	}
	if (depth > 0)
		return diag_error(d, open, "unterminated comment");
	if (in_string)
		return diag_error(d, open, "unterminated string");
	return 0;
}

void lex_advance(lexer *lx, size_t n)
{
	for (; n > 0 && *lx->p; n--, lx->p++) {
		if (*lx->p == '\n') {
			lx->pos.line++;
			lx->pos.col = 1;
		} else {
			lx->pos.col++;
		}
	}
}

void lex_skip_blanks(lexer *lx)
{
	while (lex_is_blank(*lx->p))
		lex_advance(lx, 1);
}

bool lex_at_end(lexer *lx)
{
	lex_skip_blanks(lx);
	return *lx->p == '\0';
}

srcpos lex_here(lexer *lx)
{
	lex_skip_blanks(lx);
	return lx->pos;
}

bool lex_accept(lexer *lx, const char *s)
{
	size_t n = strlen(s);

	lex_skip_blanks(lx);
	if (strncmp(lx->p, s, n) != 0)
		return false;
	lex_advance(lx, n);
	return true;
}

bool lex_accept_word(lexer *lx, const char *s)
{
	size_t n = strlen(s);

	lex_skip_blanks(lx);
	if (strncmp(lx->p, s, n) != 0 || lex_is_ident_char(lx->p[n]))
		return false;
	lex_advance(lx, n);
	return true;
}

int lex_error_expected(lexer *lx, const char *what)
{
	const char *q;
	int len;

	lex_skip_blanks(lx);
	if (*lx->p == '\0')
		return diag_error(lx->d, lx->pos, "expected %s, found %s", what, lx->end_name);
	/* Quote the offending word, or the single character if it is not one. */
	for (q = lx->p; lex_is_ident_char(*q) && q - lx->p < 32; q++)
		;
	len = q > lx->p ? (int)(q - lx->p) : 1;
	return diag_error(lx->d, lx->pos, "expected %s, found '%.*s'", what, len, lx->p);
}

int lex_expect(lexer *lx, const char *s)
{
	char what[LEX_MAX_NAME];

	if (lex_accept(lx, s))
		return 0;
	snprintf(what, sizeof what, "'%s'", s);
	return lex_error_expected(lx, what);
}

bool lex_peek_ident(lexer *lx)
{
	lex_skip_blanks(lx);
	return lex_is_ident_start(*lx->p);
}

bool lex_peek_number(lexer *lx)
{
	lex_skip_blanks(lx);
	return is_digit(lx->p[0]) || (lx->p[0] == '-' && is_digit(lx->p[1]));
}

int lex_ident(lexer *lx, char *buf, const char *what)
{
	size_t n = 0;

	if (!lex_peek_ident(lx))
		return lex_error_expected(lx, what);
	while (lex_is_ident_char(lx->p[n]))
		n++;
	if (n >= LEX_MAX_NAME)
		return diag_error(lx->d, lx->pos, "name too long (more than %d characters)",
				  LEX_MAX_NAME - 1);
	memcpy(buf, lx->p, n);
	buf[n] = '\0';
	lex_advance(lx, n);
	return 0;
}

static int digit_value(char c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Read an optional '-', then a decimal or 0x-hex magnitude of at most
 * max_pos (at most 2^63 after a '-'), into *v as a 64-bit two's complement
 * pattern. */
static int read_int(lexer *lx, int64_t *v, const char *what, uint64_t max_pos)
{
	srcpos start;
	const char *p;
	bool neg;
	unsigned base = 10;
	uint64_t acc = 0, limit;
	int dv;

	if (!lex_peek_number(lx))
		return lex_error_expected(lx, what);
	start = lx->pos;
	p = lx->p;
	neg = *p == '-';
	p += neg;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && digit_value(p[2]) >= 0) {
		base = 16;
		p += 2;
	}
	/* The magnitude of INT64_MIN is one more than INT64_MAX. */
	limit = neg ? (uint64_t)INT64_MAX + 1 : max_pos;
	for (; (dv = digit_value(*p)) >= 0 && (unsigned)dv < base; p++) {
		if (acc > (limit - (unsigned)dv) / base)
			return diag_error(lx->d, start, "integer out of range");
		acc = acc * base + (unsigned)dv;
	}
	if (lex_is_ident_char(*p))
		return diag_error(lx->d, start, "invalid number");
	if (neg && acc == (uint64_t)INT64_MAX + 1)
		*v = INT64_MIN;
	else if (neg)
		*v = -(int64_t)acc;
	else if (acc > (uint64_t)INT64_MAX)
		/* the pattern's negative value, without an out-of-range cast */
		*v = -(int64_t)(UINT64_MAX - acc) - 1;
	else
		*v = (int64_t)acc;
	lex_advance(lx, (size_t)(p - lx->p));
	return 0;
}

int lex_int(lexer *lx, int64_t *v, const char *what)
{
	return read_int(lx, v, what, (uint64_t)INT64_MAX);
}

int lex_int_bits64(lexer *lx, int64_t *v, const char *what)
{
	return read_int(lx, v, what, UINT64_MAX);
}
