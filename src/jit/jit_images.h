/* jit_images.h - the images of a dump (jit_dump.h) disassembled for
 * `bpfmm jit-check`: all of them in one llvm-objdump run (llvm-objcopy
 * wraps the padded blob in an ELF object; both run on files in memory,
 * with a deadline and a cap on their output), cut back into each image's
 * instructions, and each image checked before a test uses it (a whole
 * number of instructions, not cut short, run.c's markers and the epilogue
 * found: else an error naming where it is and what it looks like). */
#ifndef BPFMM_JIT_IMAGES_H
#define BPFMM_JIT_IMAGES_H

#include <stdbool.h>
#include "jit/jit_dump.h"
#include "jit/lift.h"

#define JC_TIMEOUT 300                    /* seconds llvm-objcopy / llvm-objdump may take */

/* Disassemble the images v[0..n) that are not bad in one llvm-objdump run
 * as a's code; per image its instructions in out[i] (zeroed by the
 * caller).  0, or -1 (said unless quiet). */
int jit_disassemble(const jit_lifter *a, const char *objdump, const char *objcopy, image *v, int n,
		dlist *out, bool quiet);

/* Each image of d checked: a whole number of a's instructions, all
 * images within JC_MAX_CODE, then disassembled (into *code, one dlist per
 * image, the caller frees) and run.c's markers and the epilogue found in
 * it.  An image cut short or of another architecture is an error naming
 * where it is (and what it looks like); it is marked bad, its test
 * refused.  The number of errors, or -1 when nothing can be disassembled
 * (said). */
int jit_check_images(const jit_lifter *a, dump *d, const char *dumpf, const char *objdump,
		 const char *objcopy, dlist **code);

/* The dlists of check_images freed (n: the dump's images). */
void jit_free_code(dlist *code, int n);

#endif
