/* lkmm_common.h - helpers shared by the LKMM translators (c2bpf, lkmm-map):
 * growing strings, tag tests on the C front-end's events, the refused
 * primitive families and where the models are. */
#ifndef BPFMM_LKMM_COMMON_H
#define BPFMM_LKMM_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include "cat/cat.h"
#include "exec/check.h"
#include "arch/frontends.h"
#include "cat/model_dir.h"

typedef struct {
	char *s;
	size_t n, cap;
} sbuf;

void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Printing in a target dialect's test: `reg` writes the target's name
 * (without "T:") of C register `reg` of thread index ti. */
typedef void (*lk_reg_fn)(sbuf *b, const litmus_test *t, int ti, int reg, void *ctx);

/* Whether m holds the tag called name in t's front-end. */
bool lk_has_tag(const litmus_test *t, tagmask m, const char *name);

/* "RCU", "SRCU" or "locks" when m holds a tag of that family, else NULL:
 * those primitives have no translation. */
const char *lk_unsupported_family(const litmus_test *t, tagmask m);

/* Write the message into reason (size n) unless it already holds one (the
 * first reason a translation is refused for wins); returns -1. */
int lk_refuse(char *reason, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* An smp_mb(): a fence tagged Mb and nothing else. */
bool lk_is_mb_fence(const litmus_test *t, const ir_insn *in);

/* Mb; value-returning RMW; Mb is how the C front-end writes a fully
 * ordered RMW (xchg(), atomic_fetch_add(), ...): sets fold[i] for the
 * first Mb of each such triple of thread ti whose second and third
 * instructions no branch targets (target: per instruction, from the
 * thread's branches). Translators write the triple as one atomic. */
void lk_fold_full_rmw(const litmus_test *t, int ti, const bool *target, bool *fold);

/* The memory locations of t's init block, `x=VALUE; ` each. */
void lk_print_mem_init(sbuf *b, const litmus_test *t);

/* The lines after the grid: `locations [...]`, `filter ...`, and the
 * quantified condition, with C registers named by reg. */
void lk_print_tail(sbuf *b, const litmus_test *t, lk_reg_fn reg, void *ctx);

/* Index of a C `if` whose control dependency ends (ir_insn.ctrl_end)
 * before a memory access while its condition may depend on a read, else
 * -1. In assembly a control dependency never ends: every access po-after
 * the branch depends on it, so a translation would claim a dependency the
 * C test does not have. */
int lk_ctrl_past_if(const litmus_test *t, int ti);

/* Does thread ti compare values as a value (ALU_EQ / ALU_NE) where one
 * may be an address? The checker compares addresses symbolically (equal
 * when the same location); a translation computes (a ^ b) != 0, which
 * the BPF and RISC-V dialects cannot evaluate on two addresses. An
 * over-approximation: the test has an address as a value anywhere (its
 * init block, an operand that is not an access's address), or the
 * comparison has one as an operand. */
bool lk_compares_addresses(const litmus_test *t, int ti);

/* The kernel's tools/memory-model: opt (-I) if given, $LKMM_DIR, ., the
 * first ~/.cache/bpfmm-lkmm/<tree>/tools/memory-model; NULL if none. */
const char *lk_lkmm_dir(const char *opt, char *buf);   /* buf: the caller's */

/* Same value, symbols compared by name (the two tests intern apart). */
/* The two models of a comparison (C and BPF, C and RISC-V), loaded once
 * per thread under -j: path, extra include directory and front-end of
 * each. lk_pair_load returns 0, or -1 with the error in d. */
typedef struct {
	const char *path[2], *extra[2];
	const frontend *fe[2];
} lk_pair_spec;

typedef struct {
	cat_model *m[2];
	cat_run *run[2];
} lk_pair;

int  lk_pair_load(const lk_pair_spec *s, lk_pair *p, diag *d);
void lk_pair_free(lk_pair *p);

/* The two models of a C-to-BPF command (c2bpf, clang2bpf): the LKMM from
 * lkmm_opt (-I) as lk_lkmm_dir finds it, and bpf_model (NULL: bpf.cat of
 * the model directory), paths in the struct, spec ready for lk_pair_job,
 * both loaded. lk_c_bpf_load returns 0, or 1 with the error printed
 * ("bpfmm CMD: ..." when there is no LKMM); lk_c_bpf_free in any case. */
typedef struct {
	char ldir[MODEL_DIR_MAX], lpath[MODEL_DIR_MAX + 32], bpath[MODEL_DIR_MAX + 32];
	lk_pair_spec spec;
	lk_pair loaded;
} lk_c_bpf;

int  lk_c_bpf_load(lk_c_bpf *m, const char *cmd, const char *lkmm_opt, const char *bpf_model);
/* The same for another target: model, else the bundled model named
 * bundled, with the front-end of arch (lkmm-map: riscv.cat, RISCV). */
int  lk_c_target_load(lk_c_bpf *m, const char *cmd, const char *lkmm_opt, const char *model,
		      const char *bundled, const char *arch);
void lk_c_bpf_free(lk_c_bpf *m);

/* One test of a two-model command (c2bpf, lkmm-map): opts are the
 * command's options, a and b the runs of the pair's two models. */
typedef int (*lk_pair_test_fn)(const void *opts, const char *file, cat_run *a, cat_run *b,
			       FILE *out, FILE *err);

typedef struct {
	const void *opts;
	const char *const *files;
	lk_pair_spec spec;
	lk_pair_test_fn test;
} lk_pair_job;

/* files[first..last) checked on `jobs` threads (par_run), each thread
 * with its own pair of models (the caller loaded them once already, to
 * report their errors: a load failing here exits). Returns the OR of
 * the tests' statuses. */
int lk_pair_run(const lk_pair_job *j, int first, int last, int jobs);

bool lk_same_value(const litmus_test *ta, value a, const litmus_test *tb, value b);

/* Live ranges of thread ti's C registers, for register allocation:
 * first[r] / last[r] are the first and last instruction mentioning r;
 * first is -1 when the value comes from before the code (init block, read
 * before written) and for a register the final state shows (which then
 * lives to the end); first INT_MAX: never mentioned. syms[s] is set for
 * each location the code names. Arrays of t->nregs / t->nsyms entries. */
void lk_live_ranges(const litmus_test *t, int ti, int *first, int *last, bool *syms);

/* One thread's cells in the target test (each a malloc'd line), and the
 * label waiting for the next one. */
typedef struct {
	char **cells;
	int n, cap;
	const char *label;
	char labelbuf[32];
} lk_column;

void lk_col_add(lk_column *c, char *cell);          /* takes the cell */
void lk_col_line(lk_column *c, const char *line);   /* "LABEL: line" if one waits */
void lk_col_flush_label(lk_column *c);              /* a waiting label as its own cell */
void lk_col_set_label(lk_column *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void lk_col_free(lk_column *c);

/* The threads' columns as a litmus grid: a "P<id>" row, then the cells,
 * each column as wide as its widest cell. */
void lk_print_grid(sbuf *b, const litmus_test *t, const lk_column *const *cols);

/* Give each mentioned C register (first[r] != INT_MAX) a target register
 * k < ntarget with !taken[k], in order of first mention: map[r] = k. Each
 * gets its own while there are enough; otherwise two live ranges share one
 * only when they do not overlap (a shared register would show a stale
 * value on a path that skips a definition, hence this is the fallback).
 * Returns 0, or -1 when even sharing is not enough. */
int lk_assign_registers(const int *first, const int *last, int nregs, const bool *taken,
			int ntarget, int *map);

/* Printing values, observables and conditions in a target dialect's test:
 * `reg` writes the target's name (without "T:") of C register `reg` of
 * thread index ti. */
void lk_print_val(sbuf *b, const litmus_test *t, value v);
void lk_print_obs(sbuf *b, const litmus_test *t, const observable *o, lk_reg_fn reg, void *ctx);
void lk_print_prop(sbuf *b, const litmus_test *t, const prop *p, lk_reg_fn reg, void *ctx);

/* The final states of the target test tn (results rn) that are not states
 * of the C test tc (results rc), over the same observables (a C register
 * is the target's register `reg` names). Returns their number, or -1 when
 * the observables do not line up. The first one, written in herd7's
 * States syntax (state.h) with tc's names, is appended to first (if not NULL);
 * with verbose (not NULL) each is printed there as "  LABEL-only state: ...". */
int lk_extra_states(const litmus_test *tc, const check_result *rc, const litmus_test *tn,
		    const check_result *rn, lk_reg_fn reg, void *ctx, const char *label,
		    sbuf *first, FILE *verbose);

#endif
