/* jit_bpftool.h - JIT images as bpftool prints them on a user's machine
 * (docs/jit-check.md, "bpftool"): the text of `bpftool prog dump jited
 * PROG opcodes`, its JSON (`bpftool -j ...`), and the raw bytes
 * `bpftool prog dump jited PROG file FILE` writes.  Untrusted input: every
 * problem is an error `FILE:LINE:COL: error: ...`, never a crash
 * (fuzz target `bpftool`). */
#ifndef BPFMM_JIT_BPFTOOL_H
#define BPFMM_JIT_BPFTOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Images larger than this are refused (the runner's programs are a few
 * hundred bytes; its own jit lines stop at the same size). */
#define BT_MAX_IMAGE 65536
/* bpftool's text or JSON of such an image stays far below this */
#define BT_MAX_FILE (16 << 20)

/* One function of bpftool's output: its bytes, in the order of the
 * instructions' offsets. */
typedef struct {
	char *name;              /* the program's name from bpftool's header
				  * "bpf_prog_TAG_NAME" (kallsyms), or NULL */
	unsigned char *code;
	size_t len;
	long line;               /* where it starts in its file (1-based) */
	int col;
} bt_image;

typedef struct {
	bt_image *v;
	int n;
} bt_images;

/* Read bpftool's output held in data[0..n) (text or JSON, told apart by
 * its first character), file name path for the messages: each function's
 * image appended to out, errors printed to err (an image with an error is
 * left out).  Returns the number of errors. */
int bt_read(const char *path, const char *data, size_t n, bt_images *out, FILE *err);

/* Read the file path: its raw bytes as one image without a name (raw:
 * what `bpftool prog dump jited PROG file FILE` writes), or bpftool's
 * output as bt_read.  Returns the number of errors (printed to err). */
int bt_read_file(const char *path, bool raw, bt_images *out, FILE *err);

/* One line of `bpfrun --hold`, "hold TEST T ID NAME" (after the
 * "bpfmm-run: " prefix): the program of thread T of TEST is loaded with id
 * ID and name NAME.  0 with new *test and *name, or -1 with *why. */
int bt_parse_hold(const char *l, char **test, int *thread, unsigned long *id, char **name,
		  const char **why);

/* The program name in a kernel symbol of a BPF program,
 * "bpf_prog_<16 hex digits>_NAME" (kernel/bpf/core.c,
 * bpf_prog_ksym_set_name): a new string, or NULL if sym is not one. */
char *bt_symbol_name(const char *sym);

void bt_free(bt_images *b);

/* The value of hexadecimal digit c (either case), or -1 (also the
 * runner's jit lines, jit_check.c). */
int bt_hexdigit(int c);

/* The fuzz target's entry (tests/fuzz/fuzz_bpftool.c): data read as
 * bpftool's output, and its lines as the runner's hold lines.  Returns 0. */
int bt_fuzz(const char *data, size_t n);

#endif
