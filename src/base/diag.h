/* diag.h - source positions and error reports in FILE:LINE:COL form. */
#ifndef BPFMM_DIAG_H
#define BPFMM_DIAG_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
	int line, col;    /* 1-based; 0 when unknown */
} srcpos;

#define DIAG_MAX_WARNINGS 8

/* Collects the first error of a unit of work (one test, one model), and
 * its first few distinct warnings. */
typedef struct {
	const char *file;
	int failed;
	srcpos pos;
	char msg[512];
	int nwarn;
	srcpos wpos[DIAG_MAX_WARNINGS];
	char wmsg[DIAG_MAX_WARNINGS][256];
} diag;

/* Record an error at pos (only the first one is kept); returns -1 so that
 * callers can `return diag_error(...)`. */
int diag_error(diag *d, srcpos pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Record a warning (something that is probably a mistake but does not
 * stop the check); a repeated message is kept once. */
void diag_warning(diag *d, srcpos pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Edit distance between a and b (insertions, deletions, substitutions),
 * or 3 when it is more than 2: for "did you mean" hints. */
int diag_distance(const char *a, const char *b);

/* Print "FILE:LINE:COL: error: msg" to stderr if d holds an error. */
void diag_print(const diag *d);

/* Print each warning as "FILE:LINE:COL: warning: msg" to stderr. */
void diag_print_warnings(const diag *d);

/* The same to f (a test's own error stream under -j). */
void diag_fprint(FILE *f, const diag *d);
void diag_fprint_warnings(FILE *f, const diag *d);

#endif
