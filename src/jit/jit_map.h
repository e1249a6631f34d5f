/* jit_map.h - `bpfmm map`: compile BPF litmus tests to a native architecture
 * through a JIT mapping table (mapping.h) and compare the final states the
 * BPF model and the native model allow (docs/jit-mappings.md).  The judging
 * half is shared with `bpfmm jit-check` (jit_check.h), whose native tests
 * are lifted from the JIT's own code instead. */
#ifndef BPFMM_JIT_MAP_H
#define BPFMM_JIT_MAP_H

#include <stdbool.h>
#include <stdio.h>
#include "arch/frontends.h"
#include "cat/cat.h"
#include "jit/mapping.h"
#include "kit/report.h"
#include "exec/check.h"
#include "litmus/litmus.h"

/* argv[0] is "map"; model_dir is where bundled models live. Returns the
 * exit status: 0 every test checked, 1 some test could not be, 2 usage. */
int map_main(int argc, char **argv, const char *model_dir);

typedef struct {
	cat_model *m;
	cat_run *run;
} model_run;

typedef struct {
	const char *emit;         /* --emit DIR */
	const char *dot_dir;      /* --dot DIR */
	bool show_classes;        /* --classes */
	bool json;                /* --json: one record per test */
	long budget;
	int unroll;               /* -unroll (thread_traces), both tests' loops */
	const char *word;         /* first word of a result line (NULL: "Map") */
	bool mixed;               /* --mixed: both models with -variant mixed */
	report_tally *tally;      /* map: the summary line's counts; NULL: none */
} map_opts;

/* "load,fetch,...": the memory classes BPF test t uses, in buf (n bytes) */
const char *map_test_classes(const litmus_test *t, char *buf, size_t n);

/* check_test_opts with the map options' -budget and -unroll */
int map_check(const litmus_test *t, cat_run *run, const map_opts *o, check_result *r, diag *d);

/* Load models/NAME (or a path) for front-end fe into mr; path: PATH_MAX
 * bytes that live as long as d. */
int map_load_model(const char *name, const char *mdir, const frontend *fe,
		   const char *const *variants, model_run *mr, diag *d, char *path);

/* Add every memory location and every register a memory access writes to
 * the observables of the BPF test t (what map compares). */
void map_widen_observables(litmus_test *t);

/* The native test for BPF test t: m's arch and register names (m->native),
 * t's initial values, then extra_init (text, may be NULL), the threads'
 * cells (nt threads, ncells[i] each), t's locations and condition. */
char *map_test_text(const mapping *m, const litmus_test *t, char **const *cells, const int *ncells,
		    int nt, char **status, int nstatus, const char *extra_init);

/* Read back the native test text, check it with nat and the (widened) BPF
 * test tb with bpf, compare, and print the result line (o->word, tb's
 * name, arch, m->name, sound / sound-stronger / unsound STATE / unchecked
 * (REASON)); *verdict_out (when not NULL): that verdict, or NULL when the
 * test could not be judged.  Returns 0, 1 if an --emit / --dot file
 * failed, -1 if the test could not be judged (an error printed on errf). */
int map_judge(const mapping *m, const char *arch, model_run *bpf, model_run *nat,
	      const frontend *nfe, const map_opts *o, const char *file, litmus_test *tb,
	      const char *text, FILE *out, FILE *errf, const char **verdict_out);

#endif
