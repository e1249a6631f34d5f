/* diag.h - source positions and error reports in FILE:LINE:COL form. */
#ifndef BPFMM_DIAG_H
#define BPFMM_DIAG_H

#include <stddef.h>

typedef struct {
	int line, col;    /* 1-based; 0 when unknown */
} srcpos;

/* Collects the first error of a unit of work (one test, one model). */
typedef struct {
	const char *file;
	int failed;
	srcpos pos;
	char msg[512];
} diag;

/* Record an error at pos (only the first one is kept); returns -1 so that
 * callers can `return diag_error(...)`. */
int diag_error(diag *d, srcpos pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Print "FILE:LINE:COL: error: msg" to stderr if d holds an error. */
void diag_print(const diag *d);

#endif
