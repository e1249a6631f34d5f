/* frontend.h - how an architecture dialect plugs into the litmus reader.
 *
 * The generic reader (litmus_read.c) knows nothing about any architecture:
 * the caller passes it a lookup function, and arch/frontends.c holds the
 * table of dialects that implement this interface.
 */
#ifndef BPFMM_FRONTEND_H
#define BPFMM_FRONTEND_H

enum { CANON_REG_MAX = 16 };   /* a canonical register name, with its NUL */

#include "litmus/litmus.h"

/* One cell of the thread grid: the text of one instruction slot (may be
 * empty or hold a label "L:" and/or an instruction) and where it starts. */
typedef struct {
	const char *text;
	srcpos pos;
} litmus_cell;

typedef struct frontend {
	const char *arch;              /* header keyword, e.g. "BPF" */
	const char *default_model;     /* model file name, e.g. "bpf.cat" */
	const char *const *tag_names;  /* names of tag bits 0..ntags-1 */
	int ntags;

	/* Is `name` a register of this architecture (e.g. "r3")? */
	bool (*is_register)(const char *name);

	/* Optional: the canonical name of register `name` (e.g. "x10" for the
	 * RISC-V ABI name "a0"), used for interning and printing; NULL if the
	 * name is already canonical or no such hook. The name may be built in
	 * buf (CANON_REG_MAX bytes, the caller's). */
	const char *(*canon_register)(const char *name, char *buf);

	/* Lower one thread's cells (top to bottom) to IR in t->threads[ti].
	 * Registers are interned with litmus_reg(), symbols with litmus_sym().
	 * Returns 0, or -1 with an error recorded in d. */
	int (*parse_thread)(litmus_test *t, int ti, const litmus_cell *cells,
			    int ncells, diag *d);

	/* Optional, for dialects whose threads are not a grid (C: functions
	 * `P0(...) { ... }`). When set, the reader does not read a grid: it
	 * hands over all text between the init block and the first of
	 * `locations`, `filter`, `exists`, `~exists`, `forall` found outside
	 * braces (NUL-terminated; `pos` is where it starts). The front-end
	 * creates t->threads / t->nthreads and lowers them; parse_thread is
	 * then unused. In such a test `(* *)` comments are only recognised
	 * outside that text (`READ_ONCE(*x)` is code). Returns 0, or -1 with
	 * an error recorded in d. */
	int (*parse_body)(litmus_test *t, const char *text, srcpos pos, diag *d);

	/* Optional, NULL-terminated: names of macros that may wrap a value in
	 * the init block and mean that value (C: `ATOMIC_INIT(1)` is 1). */
	const char *const *init_wrappers;

	/* Optional: Linux's name of the architecture ("riscv64"), for a
	 * dialect that a kernel BPF JIT compiles to: `bpfmm map --arch NAME`
	 * reads mappings/NAME-linux-6.12 and lists the dialects that have
	 * one. NULL for the others. */
	const char *jit_arch;

	/* Optional: the name `bpfmm run --arch` takes when kernel/lib.sh can
	 * build and boot a 6.12 QEMU guest of this architecture with its BPF
	 * JIT ("x86_64": Linux's build name, which kernel/run.sh is given).
	 * NULL when there is no guest. */
	const char *qemu_arch;

	/* The front-end reads sized accesses (bytes, halfwords, words of a
	 * 64-bit location, address offsets) as what they are, for the
	 * engine's mixed-size mode (-variant mixed, docs/mixed-size.md).
	 * `bpfmm map --mixed` checks a generated test only when this holds. */
	bool mixed;

	/* The architecture is big endian: in the mixed-size mode the byte at
	 * address offset o of a location is byte 7 - o of its 64-bit value
	 * (litmus_test.big_endian; docs/mixed-size.md, "Big-endian"). */
	bool big_endian;
} frontend;

/* Finds the front-end of an architecture keyword, ignoring case (litmus_read
 * then refuses a keyword not spelt as fe->arch, as herd7 does). */
typedef const frontend *(*frontend_lookup_fn)(const char *arch);

/* Intern a register / memory symbol name; returns its index. */
int litmus_reg(litmus_test *t, const char *name);
int litmus_sym(litmus_test *t, const char *name);

#endif
