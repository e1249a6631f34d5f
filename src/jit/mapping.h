/* mapping.h - a JIT mapping table: for each class of BPF instruction, the
 * native instruction sequence a kernel's BPF JIT emits for it, as templates
 * (format: docs/jit-mappings.md). `bpfmm map` instantiates them to turn a
 * BPF litmus test into a native one. */
#ifndef BPFMM_MAPPING_H
#define BPFMM_MAPPING_H

#include "base/diag.h"

/* `[class]` or `[class.key]`: template lines, in order. */
typedef struct {
	char *name;         /* "fetch", "fetch.add", "load.4", ... */
	char *cite;         /* text after the `]` (where the JIT emits it) */
	char **lines;       /* with markers (@retry, @omit) already removed */
	int *flags;         /* per line: MAP_LINE_* */
	int nlines;
	int line;           /* where the section starts in the file */
} map_section;

/* @retry: a loop's back edge, left out of the loop-free test; @omit: what
 * the JIT emits but the test need not (zero extension of small values);
 * @litmus: only in the generated test, a stand-in for @omit lines the
 * native front-end does not read (same values); @mixed: only in a test
 * generated with `map --mixed`, @whole: only in one generated without it
 * (a 32-bit JIT's two word accesses of a 64-bit value, which the test
 * writes as one access without the mixed-size mode). */
enum {
	MAP_LINE_RETRY = 1, MAP_LINE_OMIT = 2, MAP_LINE_LITMUS = 4,
	MAP_LINE_MIXED = 8, MAP_LINE_WHOLE = 16,
};

/* `vars KEY NAME=VALUE...`: KEY is an access size (1, 2, 4, 8) or an
 * operation (add, and, or, xor, xchg, ...). */
typedef struct {
	char *key;
	char **names, **vals;
	int n;
} map_vars;

typedef struct {
	char *path;
	char *name;          /* `name`, default: the file's base name */
	char *arch;          /* `arch`: header keyword of the native test */
	char *model;         /* `model`: cat model of the native test */
	char *native[11];    /* `regs r0=... r10=...`: BPF register -> native */
	/* jit-check only: per thread (nthreads_native of them) 11 names that
	 * replace native[] where not NULL (NULL: none) */
	const char *const *native_by_thread;
	int nthreads_native;
	char *native32[11];  /* `regs32`: their names in a 32-bit access, if
	                      * the architecture names them differently */
	char **fresh;        /* `fresh`: registers for {status} */
	int nfresh;
	char *status_ok;     /* `statusok`: the value a store-conditional
	                      * writes to {status} on success (NULL: 0) */
	char *flagreg;       /* `flagreg`: {flag}, one per thread, set by the
	                      * failure blocks of loop-free retry loops */
	char *addrreg;       /* `addrreg`: where [addr] folds base+off */
	char *immreg;        /* `immreg`: where [imm] puts an immediate */
	char *immreg32;      /* `immreg32`: the same for a 32-bit access */
	map_section *secs;
	int nsecs;
	map_vars *vars;
	int nvars;
} mapping;

/* Read a mapping file; NULL with an error in d (d->file set to path). */
mapping *mapping_read(const char *path, diag *d);
void mapping_free(mapping *m);

/* The most specific section for a class: `class.k1.k2`, `class.k1`,
 * `class.k2`, `class` (k1/k2 may be NULL). NULL if none. */
const map_section *mapping_section(const mapping *m, const char *cls,
				   const char *k1, const char *k2);

/* Value of variable `name` under key k1, then k2; NULL if none. */
const char *mapping_var(const mapping *m, const char *name, const char *k1, const char *k2);

#endif
