/* infile.h - files from outside, read with bounds (docs/untrusted-input.md):
 * whole, up to a size the caller states; or line by line, a line longer
 * than the caller's buffer read to its end and dropped (said through
 * *whole), NUL bytes counted like any other, no more than a given number
 * of bytes in all, so a file without newlines, or of zeros, or endless,
 * costs at most that. */
#ifndef BPFMM_INFILE_H
#define BPFMM_INFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The whole of path, NUL-terminated (its length in *len), or NULL with
 * errno set: the open's or the read's error, or EFBIG when the file is
 * larger than max bytes (a sparse file, a device, a dump by mistake). */
char *file_read_all(const char *path, size_t max, size_t *len);

/* One line of f into buf (at most cap bytes, NUL-terminated, without its
 * newline); *whole false if the line was longer (the rest read and
 * dropped).  Returns the bytes read (the newline and dropped ones too), at
 * most limit, or -1 at the end of f. */
long line_read(FILE *f, char *buf, size_t cap, bool *whole, long limit);

#endif
