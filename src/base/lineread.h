/* lineread.h - lines of a file that came from another machine (a guest's
 * console, a JIT dump), read with bounds: a line longer than the caller's
 * buffer is read to its end and dropped (said through *whole), NUL bytes
 * are counted like any other, and no more than a given number of bytes is
 * read in all, so a file without newlines, or of zeros, or endless, costs
 * at most that. */
#ifndef BPFMM_LINEREAD_H
#define BPFMM_LINEREAD_H

#include <stdbool.h>
#include <stdio.h>

/* One line of f into buf (at most cap bytes, NUL-terminated, without its
 * newline); *whole false if the line was longer (the rest read and
 * dropped).  Returns the bytes read (the newline and dropped ones too), at
 * most limit, or -1 at the end of f. */
long line_read(FILE *f, char *buf, size_t cap, bool *whole, long limit);

#endif
