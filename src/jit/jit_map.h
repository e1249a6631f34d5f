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

/* A test's verdict: the word its line shows (map_verdict_word). */
typedef enum {
	MAP_SOUND,            /* every native state is one bpf.cat allows */
	MAP_STRONGER,         /* sound, and bpf.cat allows states the native test cannot reach */
	MAP_UNSOUND,          /* a native state bpf.cat forbids */
	MAP_UNCHECKED,        /* no verdict (the reason on the line): the native
			       * test cannot run, or bpf.cat allows no execution */
	MAP_FAILED,           /* no line: an error (record) instead */
} map_verdict;

/* "sound", "sound-stronger", "unsound", "unchecked"; NULL for MAP_FAILED. */
const char *map_verdict_word(map_verdict v);

/* What the judge shares among the tests of a run. */
typedef struct {
	const mapping *m;
	const char *arch;         /* the line's ARCH */
	model_run *bpf, *nat;     /* bpf.cat, the native model */
	const frontend *nfe;      /* the native front-end */
	const map_opts *o;
	FILE *out, *err;          /* the lines (records), the errors */
} map_ctx;

/* bpf.cat's result for a BPF test, checked once (map_bpf_check) for all
 * who need it: jit-check's register renaming and reasons, the judge. */
typedef struct {
	bool done;
	int rc;                   /* map_check's: 0, or -1 with d's error */
	check_result r;
	diag d;                   /* its error and warnings, file the test's */
} map_bpf;

/* The (widened) BPF test tb of file checked with c->bpf once, as the
 * native architecture's endianness gives its sized accesses (BPF is
 * host-endian: docs/mixed-size.md); the result, or NULL when it cannot
 * be checked (b->d says why). */
const check_result *map_bpf_check(const map_ctx *c, const char *file, litmus_test *tb, map_bpf *b);
void map_bpf_free(map_bpf *b);

/* How a test was judged. */
typedef struct {
	map_verdict verdict;
	char reason[700];         /* MAP_UNCHECKED: why, as on the line */
	bool write_failed;        /* a --dot file could not be written */
} map_judgement;

/* The native test tn (read back from its text by c->nfe) checked with
 * c->nat, the BPF test tb with c->bpf (through b: once per test; NULL:
 * here), their states compared, and the result line printed on c->out
 * (c->o->word, tb's name, c->arch, c->m's name, sound / sound-stronger /
 * unsound STATE and an execution reaching it / unchecked (REASON)), or
 * for MAP_FAILED an error on c->err (with -json also a record). */
map_judgement map_judge(const map_ctx *c, const char *file, litmus_test *tb, litmus_test *tn, map_bpf *b);

#endif
