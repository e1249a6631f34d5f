/* lkmm_translate.h - the skeleton of a command that translates C (LKMM)
 * litmus tests to another dialect and compares the two under their
 * models: c2bpf (to BPF) and lkmm-map (to RISC-V). The skeleton does
 * what they share: per thread, the checks that refuse a test, the
 * folding of fully ordered RMWs, register allocation by a policy, the
 * walk over the IR into one column of cells, the init block; per test,
 * reading and checking the C test, checking the translation, comparing
 * final states and the report line or JSON record. Each command
 * supplies an lk_target: its emitter and its register policy. */
#ifndef BPFMM_LKMM_TRANSLATE_H
#define BPFMM_LKMM_TRANSLATE_H

#include <stdbool.h>
#include <stdio.h>
#include "cmd/lkmm_common.h"
#include "kit/options.h"
#include "kit/report.h"
#include "litmus/litmus_read.h"

typedef struct lk_target lk_target;

/* One thread's translation. */
typedef struct {
	const litmus_test *t;
	int ti;
	const lk_target *tg;
	const void *data;  /* the command's, per test (lkmm-map: its mapping) */
	int *map;          /* C register -> target register number, -1 */
	int *symreg;       /* symbol -> register holding its address, -1 */
	int *status;       /* per instruction: a register of its own (a CAS's
	                    * sc status), -1 */
	int tmp[5];        /* scratch registers (lk_allocate's nscratch), -1 */
	bool *target;      /* per instruction (and one past the end): a label */
	bool *fold;        /* per instruction: first of Mb; RMW; Mb, written
	                    * as one fully ordered atomic */
	bool stronger;     /* a primitive was written stronger than the C */
	lk_column col;     /* its cells */
	char reason[160];  /* why the test is refused */
} lk_xthread;

/* One line of the thread's column (after the label waiting, if any). */
void lk_emit(lk_xthread *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* the first reason a thread is refused for; -1 */
#define lk_xrefuse(x, ...) lk_refuse((x)->reason, sizeof (x)->reason, __VA_ARGS__)

/* A register policy. Fixed uses are handed out from order[], in this
 * order: nscratch scratch registers (x->tmp), one per location the
 * thread names (x->symreg), with cas_status one per CAS (x->status);
 * then C registers get the remaining ones by live range
 * (lk_assign_registers). */
typedef struct {
	const int *order;
	int norder;
	int nregs;           /* register numbers are 0 .. nregs-1 */
	bool cas_status;
	int cas_reg;         /* kept from everything when the thread has a
	                      * CAS (BPF's r0, cmpxchg's operand), or -1 */
	unsigned never_c;    /* bit k: register k never holds a C register */
	const char *unit;    /* "BPF registers": "needs more than N unit" */
	int max_fixed, max_c;   /* the N of that message in each stage */
} lk_regs;

int lk_allocate(lk_xthread *x, const lk_regs *r, int nscratch);

/* What a command supplies. */
struct lk_target {
	const char *dialect;    /* "BPF", "RISC-V": in refusals and states */
	const char *regprefix;  /* "r", "x": a register's name is prefix + number */
	/* the registers of x (a policy: lk_allocate), 0 or -1 refused */
	int (*allocate)(lk_xthread *x);
	/* the emitter: instruction i (in) of x's thread into x's column;
	 * 0, or -1 refused. insn: moves, ALU, loads, stores and fences */
	int (*insn)(lk_xthread *x, const ir_insn *in, int i);
	/* an RMW; full: it stands for Mb; RMW; Mb, one fully ordered atomic */
	int (*rmw)(lk_xthread *x, const ir_insn *in, bool full);
	int (*cas)(lk_xthread *x, const ir_insn *in, int i);
	int (*branch)(lk_xthread *x, const ir_insn *in);
	/* the translated test's text (malloc'd), from the threads xs */
	char *(*text)(const litmus_test *t, lk_xthread *xs);
};

/* Thread x (fields t, ti, tg, data set by lk_threads_new) translated into
 * x->col; 0, or -1 with x->reason. */
int lk_translate_thread(lk_xthread *x);

/* A C register's name in the target (lk_reg_fn; ctx: the lk_xthread array) */
void lk_xreg(sbuf *b, const litmus_test *t, int ti, int reg, void *ctx);

/* From "{" to the grid: memory, then per thread the address registers,
 * what extra prints (may be NULL), the C registers' initial values. */
void lk_print_head(sbuf *b, const litmus_test *t, lk_xthread *xs,
		   void (*extra)(sbuf *b, const lk_xthread *x, int id));

/* The ids of the option rows of c2bpf and lkmm-map (options.h). */
enum {
	LK_HELP = 1,    /* -h, --help */
	LK_EMIT,        /* --emit DIR */
	LK_VERBOSE,     /* -v */
	LK_MODEL,       /* the target's model: c2bpf's --bpf-model FILE */
	LK_OWN,         /* the command's own option: lkmm-map's --mapping NAME */
};

/* Their rows of the shared options that say the same in both */
#define LK_ROW_INCDIR OPT_SHARED(OPT_INCDIR, "-I", "DIR", \
	"the kernel's tools/memory-model (default: $LKMM_DIR,\n" \
	"., ~/.cache/bpfmm-lkmm/*/tools/memory-model)")
#define LK_ROW_JOBS OPT_SHARED(OPT_JOBS, "-j, --jobs", "N", \
	"translate and check N tests at a time (as bpfmm -j)")
#define LK_ROW_SHARD OPT_SHARED(OPT_SHARD, "--shard", "K/N", \
	"only the K-th of N slices of the tests (as bpfmm)")

/* How a command reports. */
typedef struct {
	const lk_target *tg;
	const char *cmd;         /* "c2bpf": --emit's messages */
	const char *tag;         /* "C2BPF": the line's first word */
	const char *key;         /* "BPF": LKMM=... BPF=... */
	const char *jkey;        /* "bpf": the JSON field of that verdict */
	const char *words[3];    /* the verdict: target allows a state the LKMM
	                          * forbids; fewer states; the same */
	bool state_in_line;      /* the first extra state ends the line */
	/* the command line: its rows use the LK_* ids below */
	const opt_spec *spec;
	int (*own)(void *opts, const char *arg);   /* LK_OWN ARG: 0, or 2 after a message */
	/* what is missing before it can run ("no --mapping given"), NULL */
	const char *(*missing)(const void *opts);
	lk_pair_test_fn test;      /* one test: lk_read_checked, lk_translate_test */
	const char *bundled;       /* the target's bundled model */
	const char *arch;          /* its front-end */
	/* set by the command line */
	const char *model;         /* LK_MODEL's file */
	const char *emit_dir;      /* --emit */
	bool verbose, json;
	long budget;
	report_tally *tally;     /* the summary line's counts */
} lk_cmd;

/* The C test in file, checked under lkmm into rc; NULL when it cannot be
 * read or checked (reported; with --json a record too). */
litmus_test *lk_read_checked(const lk_cmd *c, const char *file, cat_run *lkmm, check_result *rc,
			     FILE *out, FILE *err);

/* Translate tc (checked under the LKMM: rc) with data (the mapping, named
 * mapping, or NULL), check the translation under trun, report; 0, or 1
 * when the translation cannot be checked or --emit fails. */
int lk_translate_test(const lk_cmd *c, const char *file, litmus_test *tc, const check_result *rc,
		      const char *mapping, const void *data, cat_run *trun, FILE *out, FILE *err);


/* ---- the command line ---- */

/* The whole command: its options (the rows of c->spec: LK_* ids, and the
 * shared -I (the kernel's tools/memory-model), -j, --shard, --json), the
 * test files; then files (--shard's slice, -j) checked with
 * the LKMM and the target's model (c->model if set, else the bundled one).
 * Returns the exit status: the OR of the tests' statuses; 1 when the
 * models cannot be loaded; 2 for a bad command line. */
int lk_cmd_main(lk_cmd *c, void *opts, int argc, char **argv);

#endif
