/* jit_dump.h - what `bpfmm jit-check` reads the JIT's code from
 * (docs/jit-check.md): the console of a `bpfmm run` guest, or what bpfrun
 * printed on a user's machine, whose lines "bpfmm-run: jit TEST T HEX"
 * hold the image of thread T of TEST (also "ksym", "hold" and
 * "unsupported" lines), and bpftool's images of the programs `bpfrun
 * --hold` kept (jit_bpftool.h), which replace the jit lines.  Untrusted
 * input: each loop over it is bounded (docs/jit-check.md, "Untrusted
 * dumps"), every problem an error FILE:LINE:COL: error: on stderr. */
#ifndef BPFMM_JIT_DUMP_H
#define BPFMM_JIT_DUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "jit/run.h"

/* One image: the code of one thread of one test. */
typedef struct {
	char *test;
	int thread;
	unsigned char *code;
	size_t len;
	long start;              /* offset in the disassembled blob */
	long ksym28;             /* its kernel address mod 2^28 (MIPS `j`), or -1 */
	long line;               /* its jit line in the dump, or its line in
				  * the bpftool file (0: a raw image) */
	int col;                 /* its column there (bpftool) */
	char *from;              /* NULL, or the bpftool file it was read from */
	bool bad;                /* malformed (said): not disassembled, its test refused */
} image;

typedef struct {
	char *test;
	int thread;
	unsigned long id;
	char *name;
} held;

typedef struct {
	image *v;
	int n;
	char **unsupported;      /* "TEST REASON" lines of the guest */
	int nunsupported;
	char **ksyms;            /* "TEST T ADDR" lines of the guest */
	int nksyms;
	held *holds;             /* "hold TEST T ID NAME" lines (bpfrun --hold) */
	int nholds;
	int nerr;                /* malformed lines */
	long nrun;               /* "bpfmm-run: " lines of any kind */
} dump;

/* What a dump may hold (hostile input: each loop over it is bounded by
 * these; docs/jit-check.md, "Untrusted dumps").  The runner's own dumps
 * are far below: 246 tests give about 1,000 images, 1 MB of code. */
#define JC_MAX_DUMP RUN_MAX_CONSOLE       /* bytes of the --dump file (run.h) */
#define JC_MAX_LINE RUN_MAX_LINE          /* a jit line of the largest image */
#define JC_MAX_ITEMS 16384                /* images, ksym, hold, unsupported lines */
#define JC_MAX_CODE (4L << 20)            /* bytes of all images together */

/* One dump line "jit TEST T HEX" (without the "bpfmm-run: " prefix): 0
 * with a new *test and *code (caller frees), or -1 with *why. */
int jit_parse_line(const char *l, char **test, int *thread, unsigned char **code, size_t *len,
		   const char **why);

/* The dump in f (named path in messages): its "bpfmm-run: " lines into d
 * (zeroed by the caller); -1 (said) if it cannot be read.  Malformed
 * lines are said and counted in d->nerr. */
int read_dump_stream(FILE *f, const char *path, dump *d);

/* read_dump_stream on the file path; d zeroed here. */
int read_dump(const char *path, dump *d);

/* Every image of the --bpftool / --image inputs paths[0..npaths) (raw[i]:
 * --image) into d, named by d's hold lines (dumpf: the dump, in
 * messages); the number of errors (said). */
int jit_read_bpftool(dump *d, const char *dumpf, const char *const *paths, const bool *raw, int npaths);

void jit_dump_free(dump *d);

/* Where image im came from, for messages: "DUMP:LINE:COL" (a jit line),
 * "FILE:LINE:COL" (bpftool's text or JSON) or "FILE" (a raw image). */
void jit_img_where(const image *im, const char *dumpf, char *buf, size_t n);

#endif
