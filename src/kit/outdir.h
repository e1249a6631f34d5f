/* outdir.h - the folders -dot, --dot and --emit write into, and the names
 * of the files in them: one convention for every command. */
#ifndef BPFMM_OUTDIR_H
#define BPFMM_OUTDIR_H

#include <stddef.h>
#include <stdio.h>

/* Make dir usable for output: create it (and missing parents) if it does
 * not exist. Returns 0, or prints "bpfmm[ CMD]: OPTION DIR: reason" on
 * stderr and returns 2 (a bad command line). */
int outdir_prepare(const char *dir, const char *cmd, const char *option);

/* The file name stem of a test called `name`: a trailing ".litmus" goes,
 * and every character other than letters, digits and + - . _ = , becomes
 * '_' (so "/", '"', blanks and control characters never reach a path). */
void outdir_stem(const char *name, char *out, size_t n);

/* Open DIR/STEM.SUFFIX for writing ("SB+plain" "dot"); NULL after an
 * error "bpfmm[ CMD]: cannot write PATH: reason" on stderr. */
FILE *outdir_open(const char *dir, const char *stem, const char *suffix, const char *cmd);

/* Close f opened by outdir_open; 0, or 1 after an error on stderr (a
 * write that failed, e.g. a full disk). */
int outdir_close(FILE *f, const char *dir, const char *stem, const char *suffix, const char *cmd);

#endif
