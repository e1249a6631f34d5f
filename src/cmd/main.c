/* main.c - the bpfmm command line. */
#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cmd/c2bpf.h"
#include "cmd/clang2bpf.h"
#include "cat/model_dir.h"
#include "cmd/lkmm_map.h"
#include "cat/herd_cfg.h"
#include "exec/check.h"
#include "exec/thread_exec.h"
#include "cmd/explain.h"
#include "arch/frontends.h"
#include "litmus/litmus_read.h"
#include "jit/jit_map.h"
#include "kit/output.h"
#include "kit/outdir.h"
#include "jit/run.h"
#include "jit/jit_check.h"
#include "kit/parallel.h"
#include "kit/model_load.h"
#include "kit/options.h"
#include "kit/select.h"
#include "base/xalloc.h"
#include "cmd/diy.h"
#include "cmd/diff_models.h"

static void unrolling_warning(char *buf, size_t n, const char *file, const litmus_test *t,
			      const enum_stats *st);

#define BPFMM_VERSION "0.1"

/* What the checker's rows (and explain's) say to do, besides the shared
 * options (kit/options.h). */
enum {
	CK_HELP = 1, CK_VERSION, CK_MODEL_DIR, CK_SPEEDCHECK, CK_TIMEOUT, CK_SELECT, CK_O, CK_BELL,
	CK_NOHASH, CK_THROUGH, CK_DRAWING, CK_REFUSED, CK_MAXPATHS,
};

static const opt_row check_rows[] = {
	OPT_SHARED(OPT_MODEL, "-model, --model", "FILE",
		   "Use the cat model FILE. Default: the bundled model of the test's\n"
		   "architecture (see Architectures below), searched in the model\n"
		   "directory; C tests need the kernel's model (-conf linux-kernel.cfg)."),
	OPT_SHARED(OPT_CONF, "-conf", "FILE.cfg",
		   "Read herd7 options from FILE.cfg (model/cat, bell, macros, variant;\n"
		   "display-only options are ignored; one that would change which\n"
		   "tests run or what they answer, such as unroll, names or conds,\n"
		   "is an error unless it has herd7's default value). Its files are\n"
		   "looked up in the current directory, then next to FILE.cfg."),
	OPT_SHARED(OPT_INCDIR, "-I", "DIR",
		   "Also look for included cat files (and bare model names) in DIR.\n"
		   "Every command finds a model's includes in: the model's own\n"
		   "directory, the -I directories in order, MODELDIR/lib, MODELDIR."),
	OPT_SHARED(OPT_VARIANT, "-variant, --variant", "NAME",
		   "Enable `if \"NAME\"` branches of the model (repeatable). A\n"
		   "variant the model (with its includes) tests nowhere is an error\n"
		   "that lists the model's variants, as herd7 refuses a variant it\n"
		   "does not know; mixed is always taken.\n"
		   "-variant mixed: mixed-size accesses, one event per byte, as herd7's\n"
		   "(docs/mixed-size.md)."),
	OPT_SHARED(OPT_BUDGET, "-budget, --budget", "N",
		   "Count every execution (exact Positive/Negative witnesses) unless a\n"
		   "test needs more than N coherence orders beyond the first of each\n"
		   "rf choice (default " CHECK_BUDGET_TEXT "; 0 = no limit). Past that, the test is\n"
		   "checked again looking for one execution per observable outcome:\n"
		   "States and Ok/No are the same, and witnesses count one allowed\n"
		   "execution per rf choice and final-memory outcome (not each\n"
		   "coherence order), as a Note line says."),
	OPT_SHARED(OPT_UNROLL, "-unroll, --unroll", "N",
		   "Unroll loops as herd7 does: a path may jump back to one instruction\n"
		   "at most N times (default 2); a path that would jump once more is\n"
		   "dropped, the Ok/No line then reads \"Loop Ok\" / \"Loop No\" and a\n"
		   "warning names the label on stderr."),
	OPT_SHARED(OPT_JSON, "-json, --json", NULL,
		   "Print each result as one JSON object per line instead of the\n"
		   "herd7 block: file (as named on the command line), test, states\n"
		   "(a list of strings, each a final state exactly as on a States\n"
		   "line: \"0:r1=1; [x]=y;\"), ok, loop (Ok/No\n"
		   "reads \"Loop Ok\"/\"Loop No\", see -unroll), positive,\n"
		   "negative (executions where the condition's proposition holds /\n"
		   "not), quantifier (exists, ~exists, forall), observation (Never,\n"
		   "Sometimes, Always), witnesses_exact (false past -budget),\n"
		   "flags, warnings (a list of strings: every warning stderr shows\n"
		   "for the test, in its order - the FILE:LINE:COL: warning: lines,\n"
		   "then herd7's \"Warning: File ...: unrolling limit exceeded\"\n"
		   "line, see -unroll), seconds (not under -notime). A\n"
		   "test that cannot be read or checked gives {\"file\", \"error\",\n"
		   "\"line\", \"column\", \"message\", \"warnings\"}, error being the\n"
		   "FILE:LINE:COL: error: line also printed on stderr, message its\n"
		   "text after \"error: \" (no line and column for an error of the\n"
		   "whole file)."),
	OPT_SHARED(OPT_DOT, "-dot, --dot", "DIR",
		   "Also write DIR/NAME.dot: a Graphviz picture of one execution\n"
		   "that satisfies the condition (else of one allowed execution):\n"
		   "each event with its instruction text and tags (AQ, RL, SC...),\n"
		   "po, rf, co and fr edges. Output folders (here and in map,\n"
		   "c2bpf, lkmm-map) are created when missing; a path that is not a\n"
		   "folder is a command-line error. NAME is the test's name without\n"
		   ".litmus, each character other than a letter, a digit or one of\n"
		   "+ - . _ = , replaced by _ (\"a/b\" gives a_b.dot)."),
	{ .id = CK_O, .names = "-o", .arg = "DIR", .needs = "a directory",
	  .help =
		"herd7's name for the folder of the pictures: the same as -dot DIR." },
	{ .id = CK_BELL, .names = "-bell", .arg = "FILE", .needs = "a file",
	  .help =
		"herd7's bell file: accepted when it is the .bell next to the model\n"
		"with the model's base name, which bpfmm runs anyway; another one\n"
		"is an error." },
	{ .id = CK_NOHASH, .names = "-nohash", .arg = NULL,
	  .help =
		"Accepted for herd7's scripts; changes nothing (bpfmm prints no\n"
		"Hash line)." },
	{ .id = CK_THROUGH, .names = "-through", .arg = "none", .needs = "all, invalid or none",
	  .help =
		"Accepted for herd7's scripts; changes nothing (bpfmm lets\n"
		"through only the executions the model allows). -through\n"
		"all|invalid is refused with exit status 2, naming bpfmm's way\n"
		"(explain)." },
	{ .id = CK_DRAWING, .names = "-show, -graph, -showevents, -nshow, -squished", .arg = NULL,
	  .help =
		"herd7's drawing options (these and -showone, -gv, -evince):\n"
		"refused with exit status 2, naming bpfmm's way (-dot, explain)." },
	{ .id = CK_SPEEDCHECK, .names = "-speedcheck, --speedcheck", .arg = "true|false|fast", .needs = "true, false or fast",
	  .help =
		"As herd7: with true, only executions that can decide the\n"
		"condition are counted - those where its proposition holds (exists,\n"
		"~exists) or fails (forall) - and candidates whose registers and\n"
		"final memory already rule that out are not given to the model.\n"
		"States, Positive and Negative then count those executions only,\n"
		"and the Observation line reads Sometimes when there is one, else\n"
		"Never (exists, ~exists) or Always (forall). fast also stops at the\n"
		"first such allowed execution (States 1 or 0). Ok/No is the same\n"
		"as without the option. Default false." },
	{ .id = CK_TIMEOUT, .names = "-timeout, --timeout", .arg = "SECONDS", .needs = "a number of seconds",
	  .help =
		"As herd7: give up a test after SECONDS of CPU time (a decimal\n"
		"number; 0 = no limit, the default); the test then prints nothing\n"
		"(with -json: {\"file\", \"test\", \"timeout\": SECONDS, \"warnings\"})\n"
		"and the next one is checked. The exit status does not change.\n"
		"With or without it, a test still running after a minute (wall\n"
		"clock) says so once on stderr: \"note: still running TEST (60 s)...\"." },
	{ .id = CK_MAXPATHS, .names = "-maxpaths, --maxpaths", .arg = "N", .needs = "a number",
	  .help =
		"Refuse a test as too large (an error, exit status 1) when one of\n"
		"its threads has more than N paths: a path per choice of the values\n"
		"its reads may return, its branches and its store-conditionals\n"
		"(default " MAXPATHS_DEFAULT_TEXT "; 0 = no limit). The paths are kept in memory\n"
		"(some hundred bytes each) and combined across threads, so a test\n"
		"past the default may take long and much memory: with 0, -timeout\n"
		"is the bound (docs/mixed-size.md, \"Speed\")." },
	{ .id = CK_SELECT, .names = "-names, -excl", .arg = "FILE", .manual = true,
	  .help =
		"As herd7: check only the tests FILE names (-names), or all but\n"
		"those (-excl), by the name in the test's header: one per line,\n"
		"the line up to its first space; a line starting with # is a\n"
		"comment. Repeatable (-names: the tests any of the files name).\n"
		"A test left out prints nothing (no JSON record either), also\n"
		"one that cannot be read whose header line (ARCH NAME) names it." },
	{ .id = CK_SELECT, .names = "-oknames, -nonames", .arg = "NAME,...", .manual = true,
	  .help =
		"As herd7: the same as -names and -excl, the names given here." },
	{ .id = CK_SELECT, .names = "-conds", .arg = "FILE", .manual = true,
	  .help =
		"As herd7: each line NAME \"CONDITION\" (# starts a comment line)\n"
		"replaces the final condition of test NAME by CONDITION, a\n"
		"quantified one: T \"exists (0:r1=1 /\\ x=2)\", or ~exists, forall.\n"
		"In one FILE the last line for NAME counts; with several -conds,\n"
		"the first FILE that names the test. A malformed line, or a\n"
		"CONDITION that cannot be read for its test, is an error at its\n"
		"place in FILE (exit status 1)." },
	{ .id = CK_SELECT, .names = "-kinds", .arg = "FILE", .manual = true,
	  .help =
		"As herd7: each line NAME KIND, KIND Allowed, Forbidden or\n"
		"Required, makes test NAME's condition exists, ~exists or forall\n"
		"(its proposition unchanged; after -conds). Same precedence." },
	OPT_SHARED(OPT_NOTIME, "-notime, --no-time", NULL,
		   "Omit the Time lines, and seconds under -json (for comparing\n"
		   "outputs)."),
	OPT_SHARED(OPT_JOBS, "-j, --jobs", "N",
		   "Check N tests at a time on N threads (default 1; 0 = one per\n"
		   "online CPU). Results are printed in the order the tests are\n"
		   "named, stdout and stderr byte for byte as with -j 1. With one\n"
		   "test, its candidate executions are shared among the N threads\n"
		   "instead (not with -speedcheck fast, which checks it on one\n"
		   "thread; -timeout counts the CPU time of all)."),
	OPT_SHARED(OPT_SHARD, "--shard", "K/N",
		   "Check only the K-th of N equal slices of the tests named (in\n"
		   "order; 1 <= K <= N): the outputs of shards 1..N, concatenated,\n"
		   "are the output of one run (to spread a suite over machines)."),
	{ .id = CK_MODEL_DIR, .names = "--model-dir", .arg = NULL,
	  .help =
		"Print the directory bundled models are read from, and exit." },
	{ .id = CK_HELP, .names = "-h, --help", .arg = NULL,
	  .help =
		"Show this help and exit." },
	{ .id = CK_VERSION, .names = "--version", .arg = NULL,
	  .help =
		"Show the version and exit." },
	/* spellings --help does not show */
	{ .id = CK_DRAWING, .names = "-showone, -gv, -evince" },
	{ .id = CK_HELP, .names = "-help" },
	{ .id = CK_VERSION, .names = "-version" },
	OPT_END,
};

static const opt_spec check_spec = {
	.head =
"Usage: bpfmm [OPTIONS] FILE.litmus...\n"
"       bpfmm COMMAND [OPTIONS] ...   (Commands below; bpfmm COMMAND --help)\n"
"\n"
"Check litmus tests against an axiomatic memory model written in cat, and\n"
"print for each test a herd7-compatible block: Test, States (every reachable\n"
"final state), Ok/No, Witnesses, Condition, Observation NAME\n"
"Never|Sometimes|Always POSITIVE NEGATIVE, Time.\n"
"\n"
"Options:\n",
	.rows = check_rows,
	.col = 8,
	.tail =
"\n"
"Model directory: $BPFMM_MODELDIR if set; else models/ next to the build\n"
"directory holding the executable (../models from build/bpfmm); else\n"
"../share/bpfmm/models from the executable (make install); else the\n"
"directory fixed at build time.\n"
"\n",
	.dash_operand = true,
};

/* explain: its own rows, and the checker's options it takes without
 * showing them (-j, --shard, herd7's) or refuses (CK_REFUSED) */
static const opt_row explain_rows[] = {
	OPT_SHARED(OPT_MODEL, "-model, --model", "FILE", "As for checking (bpfmm --help)."),
	OPT_SHARED(OPT_CONF, "-conf", "FILE.cfg", "As for checking (bpfmm --help)."),
	OPT_SHARED(OPT_INCDIR, "-I", "DIR", "As for checking (bpfmm --help)."),
	OPT_SHARED(OPT_VARIANT, "-variant, --variant", "NAME", "As for checking (bpfmm --help)."),
	OPT_SHARED(OPT_UNROLL, "-unroll, --unroll", "N", "As for checking (bpfmm --help)."),
	OPT_SHARED(OPT_DOT, "-dot", "FILE.dot|DIR",
		   "Also draw the execution explained first (Graphviz): the cycle's\n"
		   "steps numbered in red over the execution's po, rf, co and fr. A\n"
		   "name ending in .dot is the file; anything else a folder that gets\n"
		   "NAME.dot (created when missing)."),
	OPT_SHARED(OPT_JSON, "-json, --json", NULL,
		   "One JSON object on one line instead of the text: file, test,\n"
		   "state, answer (forbidden, allowed, unreachable, thin-air),\n"
		   "candidates, allowed, thin_air; when allowed, execution (its text)\n"
		   "and passes [{check, model, line}]; rejections [{executions,\n"
		   "check, model, line, shape (cycle, path, element, relation),\n"
		   "element, steps [{from, edge, via, to}], execution}],\n"
		   "more_rejected, pruned, incomplete, warnings. A test that cannot\n"
		   "be explained: {file, error, line, column, message, warnings}."),
	OPT_OWN(CK_HELP, "-h, --help", NULL, "Show this help and exit."),
	/* taken, not shown */
	{ .shared = OPT_DOT, .names = "--dot" },
	{ .shared = OPT_JOBS, .names = "-j, --jobs" },
	{ .shared = OPT_SHARD, .names = "--shard" },
	{ .id = CK_O, .names = "-o", .arg = "DIR", .needs = "a directory" },
	{ .id = CK_BELL, .names = "-bell", .arg = "FILE", .needs = "a file" },
	{ .id = CK_NOHASH, .names = "-nohash" },
	{ .id = CK_THROUGH, .names = "-through", .arg = "none", .needs = "all, invalid or none" },
	{ .id = CK_DRAWING, .names = "-show, -graph, -showevents, -nshow, -squished, -showone, -gv, -evince" },
	{ .id = CK_HELP, .names = "-help" },
	{ .id = CK_VERSION, .names = "-version" },
	/* the checker's, refused */
	{ .id = CK_REFUSED, .names = "-budget, --budget, -notime, --no-time, --version, --model-dir" },
	{ .id = CK_REFUSED, .names = "-speedcheck, --speedcheck, -timeout, --timeout, -maxpaths, --maxpaths" },
	{ .id = CK_REFUSED, .names = "-names, -excl, -oknames, -nonames, -conds, -kinds" },
	OPT_END,
};

static const opt_spec explain_spec = {
	.cmd = "explain",
	.head =
"Usage: bpfmm explain [OPTIONS] FILE.litmus [STATE]\n"
"\n"
"Explain a final state of a litmus test under a cat model. STATE is a\n"
"proposition in the syntax of a test's condition, e.g. \"0:r1=1 /\\ 1:r2=0\"\n"
"or \"x=2 /\\ ~(1:r4=0)\", or a final state as a States line (and map's\n"
"unsound STATE) prints it, e.g. \"0:r1=1; 1:r2=0; [x]=2;\" (items separated\n"
"by ';', the last ';' optional); without it, the proposition of the test's\n"
"own condition (exists, ~exists or forall alike).\n"
"\n"
"Every candidate execution is judged (rf and co chosen every possible way,\n"
"coherent or not); those whose final state satisfies STATE are kept.\n"
"\n"
"  Forbidden (no allowed execution reaches STATE): for each way the model\n"
"  rejects them, how many executions, the check (`acyclic hb as\n"
"  happens-before` at FILE:LINE: the first check that fails, in model\n"
"  order), a shortest cycle of the check's relation (for empty: one pair,\n"
"  as a path), and that cycle refined through the model's definitions into\n"
"  base steps (one line, or one step per line when longer than 100\n"
"  characters):\n"
"    cycle: W x=1 (P0 line 8: ...)\n"
"         -po[po-rel]-> W y=1 [RL] (P0 line 9: ...)\n"
"         -rfe[prop]-> R y=1 [AQ] (P1 line 8: ...)\n"
"         -po[acq-po]-> R x=0 (P1 line 9: ...)\n"
"         -fre[prop]-> W x=1 (P0 line 8: ...)\n"
"  Each event shows its access, its tags [AQ,RL,SC,X...] and its thread,\n"
"  line and instruction; each step its base relation (rfe rfi coe coi fre\n"
"  fri rmw addr data ctrl po) and, in brackets, the innermost relation of\n"
"  the model it was found in. Then the execution (events, rf, co).\n"
"  Allowed: one allowed execution reaching STATE and the checks it passes.\n"
"  Unreachable: no candidate execution has that final state.\n"
"\n"
"Options:\n",
	.rows = explain_rows,
	.col = 8,
	.tail =
"\n"
"Exit status: 0 explained (whatever the answer), 1 the test, the model or\n"
"STATE could not be read or checked (FILE:LINE:COL: error: on stderr),\n"
"2 bad command line.\n",
	.dash_operand = true,
};

/* after the table of commands */
static const char usage_tail[] =
"Final states are written in herd7's States syntax by every command\n"
"(States lines, map's STATE, c2bpf and lkmm-map states, -json):\n"
"T:REG=VALUE; for a register of thread PT, [LOC]=VALUE; for memory, items\n"
"separated by one blank, a value an integer or an address (LOC, LOC+N).\n"
"\n"
"Every test named is checked, even after one fails to parse or run.\n"
"Errors go to stderr as FILE:LINE:COL: error: MESSAGE.\n"
"\n"
"Exit status:\n"
"  0  every test was checked (whatever the verdicts)\n"
"  1  some test or the model could not be read or checked\n"
"  2  bad command line\n";


typedef struct {
	cmd_opts c;                /* the shared options (options.h); model NULL:
	                            * the test's architecture's default */
	speedcheck speed;          /* -speedcheck */
	double timeout;            /* -timeout: CPU seconds per test, 0: none */
	long maxpaths;             /* -maxpaths (check_opts.maxpaths) */
	int test_threads;          /* -j with one test: its enumeration's threads */
	const char *mdir;          /* the bundled models */
	test_select sel;           /* -names, -excl, -conds, -kinds (select.h) */
	const char *bell;          /* -bell: must be the model's own .bell */
} options;

/* One loaded model per (model file, front-end): tags differ per dialect. */
typedef struct {
	char *path;
	const frontend *fe;
	cat_model *m;
	cat_run *run;
} loaded_model;

/* The models a run has loaded, owned by the driver. */
typedef struct {
	loaded_model models[16];
	int nmodels;
} model_table;

static void model_table_free(model_table *mt)
{
	for (int i = 0; i < mt->nmodels; i++) {
		cat_run_free(mt->models[i].run);
		cat_model_free(mt->models[i].m);
		free(mt->models[i].path);
	}
	mt->nmodels = 0;
}

/* A model named with a '/' is a path; a bare name is looked up in the
 * current directory, the -I directories, then the model directory. */
static bool find_model(const options *o, const char *name, const char *mdir, char *path, size_t n)
{
	return model_find(name, true, o->c.incdirs, o->c.nincdirs, mdir, path, n);
}

/* A model that names an event set only another architecture's tests have
 * was written for that architecture: say so, against the test, instead of
 * "unbound name" deep inside the model. */
static void arch_mismatch(const char *name, const frontend *fe, const char *test_file, diag *d)
{
	char set[128];
	const frontend *other;

	if (sscanf(d->msg, "unbound name '%127[^']'", set) != 1 || !(other = frontend_with_tag(set, fe)))
		return;
	*d = (diag){ .file = test_file };
	diag_error(d, (srcpos){ 1, 1 }, "model and test architectures differ: %s uses '%s', an event "
		   "set of %s tests, and this is a %s test (its model is %s)",
		   name, set, other->arch, fe->arch, fe->default_model);
}

/* path: PATH_MAX bytes that live as long as d (errors name the model) */
static loaded_model *get_model(const options *o, model_table *mt, const frontend *fe,
			       const char *test_file, diag *d, char *path)
{
	const char *name = o->c.model ? o->c.model : fe->default_model;
	const char *mdir = o->mdir;

	if (!find_model(o, name, mdir, path, PATH_MAX)) {
		/* the kernel's model is not bundled: say where it comes from */
		bool lkmm = !o->c.model && !strcmp(name, "linux-kernel.cat");
		diag_error(d, (srcpos){ 0, 0 }, "model '%s' not found (looked in ., -I directories, %s)%s",
			   name, mdir,
			   lkmm ? "; for C tests run with -conf linux-kernel.cfg in the kernel's "
				  "tools/memory-model directory, or -I it" : "");
		return NULL;
	}
	/* herd7's -bell F: bpfmm runs the .bell next to the model, so F must
	 * be that one */
	if (o->bell && cfg_check_bell_file(o->bell, path, d) < 0)
		return NULL;
	for (int i = 0; i < mt->nmodels; i++)
		if (!strcmp(mt->models[i].path, path) && mt->models[i].fe == fe)
			return &mt->models[i];
	if (mt->nmodels == (int)(sizeof mt->models / sizeof *mt->models)) {
		diag_error(d, (srcpos){ 0, 0 }, "too many different models in one run");
		return NULL;
	}
	model_spec spec = { path, mdir, o->c.incdirs, o->c.nincdirs, o->c.variants, fe };
	cat_model *m;
	cat_run *run = model_load(&spec, &m, d);
	if (!run) {
		arch_mismatch(name, fe, test_file, d);
		return NULL;
	}
	loaded_model *lm = &mt->models[mt->nmodels++];
	lm->path = xstrdup(path);
	lm->fe = fe;
	lm->m = m;
	lm->run = run;
	return lm;
}

/* DIR/NAME.dot for test t; returns 0 or 1 (with a message) */
static int write_dot(const char *dir, const litmus_test *t, const check_result *res)
{
	char stem[256];

	outdir_stem(t->name, stem, sizeof stem);
	FILE *f = outdir_open(dir, stem, "dot", NULL);
	if (!f)
		return 1;
	print_dot(f, t, res);
	return outdir_close(f, dir, stem, "dot", NULL);
}

/* An error for file: on stderr, and with -json as a record on stdout. */
static int failed(const options *o, FILE *out, FILE *err, const char *file, const diag *d)
{
	diag_fprint(err, d);
	diag_fprint_warnings(err, d);
	if (o->c.json) {
		print_json_error(out, file, d);
		fflush(out);
	}
	return 1;
}

/* A test past a minute says so once on its error stream (check_opts.note;
 * $BPFMM_NOTE_SECONDS, for the tests, changes the minute). */
typedef struct {
	atomic_bool said;
	FILE *err;
	const char *test;
	double after;
} slow_note;

static void say_slow(void *arg)
{
	slow_note *s = arg;

	if (!atomic_exchange(&s->said, true)) {
		fprintf(s->err, "note: still running %s (%g s)...\n", s->test, s->after);
		fflush(s->err);
	}
}

/* One test, its output to out and err (stdout and stderr, or a capture
 * under -j); models are loaded into mt, the calling thread's table. */
static int check_file(const options *o, model_table *mt, const char *file, FILE *out, FILE *err)
{
	diag d = { .file = file };
	char mpath[PATH_MAX];
	litmus_test *t = litmus_read_file(file, frontend_for_arch, &d);

	if (!t)
		return sel_unwanted_file(&o->sel, file) ? 0 : failed(o, out, err, file, &d);
	/* -names, -excl: a test left out prints nothing, as in herd7 */
	if (!sel_wanted(&o->sel, t->name)) {
		litmus_free(t);
		return 0;
	}
	if (sel_apply(&o->sel, t, &d) < 0) {
		litmus_free(t);
		return failed(o, out, err, file, &d);
	}
	loaded_model *lm = get_model(o, mt, t->fe, file, &d, mpath);
	if (!lm) {
		litmus_free(t);
		return failed(o, out, err, file, &d);
	}
	check_result res;
	const char *ns = getenv("BPFMM_NOTE_SECONDS");
	slow_note sn = { .err = err, .test = t->name, .after = ns && atof(ns) > 0 ? atof(ns) : 60 };
	check_opts co = { .budget = o->c.budget, .mixed = check_mode_mixed(lm->run),
			  .speed = o->speed, .timeout = o->timeout, .maxpaths = o->maxpaths,
			  .threads = o->test_threads, .unroll_set = true, .unroll = o->c.unroll,
			  .note = say_slow, .note_arg = &sn, .note_after = sn.after };
	d.file = file;
	if (check_test_opts(t, lm->run, &co, &res, &d) < 0) {
		arch_mismatch(o->c.model ? o->c.model : t->fe->default_model, t->fe, file, &d);
		check_result_free(&res);
		litmus_free(t);
		return failed(o, out, err, file, &d);
	}
	diag_fprint_warnings(err, &d);
	if (res.timed_out) {
		/* as herd7: nothing for a test that ran out of time */
		if (o->c.json)
			print_json_timeout(out, file, t, o->timeout, &d);
		fflush(out);
		check_result_free(&res);
		litmus_free(t);
		return 0;
	}
	/* herd7's unrolling warning follows the result on stderr; -json's
	 * record carries it too */
	char unroll[PATH_MAX + 256] = "";
	if (res.stats.loop && res.stats.cut_thread >= 0)
		unrolling_warning(unroll, sizeof unroll, file, t, &res.stats);
	if (o->c.json)
		print_json(out, file, t, &res, &d, unroll[0] ? unroll : NULL, o->c.show_time);
	else
		print_herd(out, t, &res, o->c.show_time);
	if (unroll[0]) {
		fflush(out);
		fprintf(err, "%s\n", unroll);
	}
	int status = o->c.dot_dir ? write_dot(o->c.dot_dir, t, &res) : 0;
	fflush(out);
	check_result_free(&res);
	litmus_free(t);
	return status;
}


/* bpfmm explain FILE [STATE] */
static int explain_file(const options *o, model_table *mt, const char *file, const char *state)
{
	diag d = { .file = file };
	char mpath[PATH_MAX];
	litmus_test *t = litmus_read_file(file, frontend_for_arch, &d);
	FILE *dot = NULL;
	char stem[256];
	size_t dl = o->c.dot_dir ? strlen(o->c.dot_dir) : 0;
	bool dot_file = dl > 4 && !strcmp(o->c.dot_dir + dl - 4, ".dot");

	if (!t)
		return failed(o, stdout, stderr, file, &d);
	loaded_model *lm = get_model(o, mt, t->fe, file, &d, mpath);
	if (!lm) {
		litmus_free(t);
		return failed(o, stdout, stderr, file, &d);
	}
	if (o->c.dot_dir) {
		outdir_stem(t->name, stem, sizeof stem);
		dot = dot_file ? fopen(o->c.dot_dir, "w") : outdir_open(o->c.dot_dir, stem, "dot", NULL);
		if (!dot) {
			if (dot_file)
				fprintf(stderr, "bpfmm: cannot write %s: %s\n", o->c.dot_dir, strerror(errno));
			litmus_free(t);
			return 1;
		}
	}
	d.file = file;
	int st = explain_test(t, lm->m, lm->run, state, o->c.unroll, o->c.json, stdout, dot, &d);
	if (st < 0)
		failed(o, stdout, stderr, file, &d);
	else
		diag_print_warnings(&d);
	if (dot && dot_file && fclose(dot)) {
		fprintf(stderr, "bpfmm: cannot write %s: %s\n", o->c.dot_dir, strerror(errno));
		st = -1;
	} else if (dot && !dot_file && outdir_close(dot, o->c.dot_dir, stem, "dot", NULL)) {
		st = -1;
	}
	litmus_free(t);
	return st < 0 ? 1 : 0;
}

/* herd7's warning when a path went past the unrolling limit (one line,
 * without its newline) */
static void unrolling_warning(char *buf, size_t n, const char *file, const litmus_test *t,
			      const enum_stats *st)
{
	const litmus_thread *th = &t->threads[st->cut_thread];
	const char *label = th->label ? th->label[st->cut_insn] : NULL;

	if (label)
		snprintf(buf, n, "Warning: File \"%s\": unrolling limit exceeded at %s, "
			 "legal outcomes may be missing.", file, label);
	else
		snprintf(buf, n, "Warning: File \"%s\": unrolling limit exceeded at P%d:%d, "
			 "legal outcomes may be missing.", file, th->id, st->cut_insn);
}

/* The dialects and their default models, from the table of src/arch. */
static void print_architectures(FILE *f)
{
	const frontend *fe;

	fputs("\nArchitectures (the litmus header's first word) and default models:\n", f);
	for (size_t i = 0; (fe = frontend_nth(i)); i++)
		fprintf(f, "  %-10s %s\n", fe->arch, fe->default_model);
}

/* -j: each thread has its own model table (a model is loaded once per
 * thread; loading reports only errors, which every test retries). */
typedef struct {
	const options *o;
	const char *const *files;
} check_job;

typedef struct {
	model_table mt;
	const check_job *cj;
} checker;

static void *checker_new(void *arg)
{
	checker *c = xcalloc(1, sizeof *c);

	c->cj = arg;
	return c;
}

static void checker_free(void *w)
{
	checker *c = w;

	model_table_free(&c->mt);
	free(c);
}

static int check_one(void *w, int i, FILE *out, FILE *err)
{
	checker *c = w;

	return check_file(c->cj->o, &c->mt, c->cj->files[i], out, err);
}

static int bad_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "bpfmm: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'bpfmm --help'.\n");
	return 2;
}

/* The same for `bpfmm explain`, pointing at its own help. */
static int explain_bad_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "bpfmm explain: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'bpfmm explain --help'.\n");
	return 2;
}

/* herd7's options that bpfmm takes with herd7's meaning or refuses with
 * bpfmm's way of doing the same (-o DIR, the pictures' folder as -dot;
 * -bell; -nohash, -through none, which change nothing; the drawing
 * options, refused), and -speedcheck, -timeout: id is one of check_rows',
 * v its argument. 0, or 2 after a usage error. */
static int checker_option(options *o, int id, const char *a, const char *v)
{
	static const struct { const char *name; speedcheck v; } speeds[] = {
		{ "true", SPEED_TRUE }, { "false", SPEED_FALSE }, { "fast", SPEED_FAST },
	};
	char *end;

	switch (id) {
	case CK_O:
		o->c.dot_dir = v;
		return 0;
	case CK_BELL:
		o->bell = v;
		return 0;
	case CK_THROUGH:
		if (!strcmp(v, "none"))
			return 0;
		return bad_usage("-through %s: bpfmm lets through only the executions the model "
				 "allows (herd7's -through none); 'bpfmm explain TEST STATE' says "
				 "which axiom forbids a state", v);
	case CK_DRAWING:
		return bad_usage("%s chooses herd7's drawings; bpfmm draws one execution "
				 "per test with -dot DIR (or -o DIR)", a);
	case CK_SPEEDCHECK:
		for (size_t k = 0; k < sizeof speeds / sizeof *speeds; k++)
			if (!strcmp(v, speeds[k].name)) {
				o->speed = speeds[k].v;
				return 0;
			}
		return bad_usage("bad -speedcheck '%s' (true, false or fast)", v);
	case CK_TIMEOUT:
		o->timeout = strtod(v, &end);
		if (*end || !*v || !(o->timeout >= 0) || o->timeout > 1e9)
			return bad_usage("bad timeout '%s' (seconds, 0 or more)", v);
		return 0;
	case CK_MAXPATHS: {
		errno = 0;
		long n = strtol(v, &end, 10);
		if (*end || !*v || errno || n < 0 || !isdigit((unsigned char)*v))
			return bad_usage("bad -maxpaths '%s' (a number of paths, 0 for no limit)", v);
		o->maxpaths = n ? n : -1;
		return 0;
	}
	}
	return 0;   /* CK_NOHASH */
}

/* A second argument of explain that names a file is a test, not a STATE. */
static bool names_a_file(const char *arg)
{
	size_t l = strlen(arg);
	struct stat st;

	return (l > 7 && !strcmp(arg + l - 7, ".litmus")) || (stat(arg, &st) == 0 && S_ISREG(st.st_mode));
}

/* map's entry point in the sub-commands' signature */
static int run_map(int argc, char **argv, const char *mdir, const char *self)
{
	return map_main(argc, argv, mdir);
}

static int run_explain(int argc, char **argv, const char *mdir, const char *self);

/* The sub-commands: what dispatches them (main) and what --help lists is
 * this one table, so that none can be left out of either. */
static const struct {
	const char *name, *synopsis, *summary;
	int (*run)(int argc, char **argv, const char *mdir, const char *self);
} subcommands[] = {
	{ "map", "--arch ARCH | --mapping FILE [OPTIONS] FILE.litmus...",
	  "BPF tests through a JIT mapping table: sound or unsound (docs/jit-mappings.md)", run_map },
	{ "jit-check", "--arch ARCH --dump LOG [OPTIONS] FILE.litmus...",
	  "the machine code a BPF JIT emitted for BPF tests, judged (docs/jit-check.md)", jit_check_main },
	{ "run", "--arch ARCH [OPTIONS] FILE.litmus...",
	  "BPF tests as JIT-compiled programs in a QEMU guest (docs/runtime-testing.md)", run_main },
	{ "explain", "[OPTIONS] FILE.litmus [STATE]",
	  "why a final state is forbidden, or how it is reached (docs/explain.md)", run_explain },
	{ "c2bpf", "[--emit DIR] [--json] FILE.litmus...",
	  "C (LKMM) tests translated to BPF, LKMM against bpf.cat (docs/c-to-bpf.md)", c2bpf_main },
	{ "clang2bpf", "[--mcpu v3,v4] [--idioms SET,...] [--json] FILE.litmus...",
	  "C tests through clang-19 to BPF and back, against the LKMM (docs/clang-to-bpf.md)",
	  clang2bpf_main },
	{ "lkmm-map", "--mapping NAME [--emit DIR] [--json] FILE.litmus...",
	  "C tests with Linux's RISC-V sequences, LKMM against riscv.cat (docs/lkmm-riscv.md)",
	  lkmm_map_main },
	{ "diy", "[-size N] [-nprocs N] [-edges \"...\"] [-cycle \"...\"] [-o DIR]",
	  "BPF litmus tests generated from critical cycles of edges (docs/diy.md)", diy_main },
	{ "diff-models", "A.cat B.cat [FILE.litmus...] [--diy \"OPTS\" | --random N --seed S]",
	  "two BPF models on tests: those whose states differ, minimised (docs/diy.md)",
	  diff_models_main },
};
#define NSUBCOMMANDS (sizeof subcommands / sizeof *subcommands)

/* --help: the checker's options, the commands of the table, the rest */
static void print_usage(FILE *f)
{
	opt_help(f, &check_spec);
	fputs("Commands (each with its own --help):\n", f);
	for (size_t k = 0; k < NSUBCOMMANDS; k++)
		fprintf(f, "  bpfmm %s %s\n        %s\n", subcommands[k].name, subcommands[k].synopsis,
			subcommands[k].summary);
	fputs("\n", f);
	fputs(usage_tail, f);
	print_architectures(f);
}

/* A first argument that is no file but one or two edits from a command's
 * name: the command mistyped (exit 2), not a test that cannot be opened. */
static int mistyped_command(const char *a)
{
	struct stat st;
	const char *best = NULL;
	int bestd = 3;

	if (a[0] == '-' || strchr(a, '/') || strchr(a, '.') || stat(a, &st) == 0)
		return -1;
	for (size_t k = 0; k < NSUBCOMMANDS; k++) {
		int d = diag_distance(a, subcommands[k].name);
		if (d < bestd && d < (int)strlen(subcommands[k].name)) {
			bestd = d;
			best = subcommands[k].name;
		}
	}
	if (!best)
		return -1;
	fprintf(stderr, "bpfmm: unknown command '%s' (did you mean '%s'?)\nTry 'bpfmm --help'.\n", a, best);
	return 2;
}

/* The command line of the checker (and of explain) into o and files;
 * -1 to go on, else the exit status. */
static int parse(options *o, bool explain, int argc, char **argv, const char **files, int *nfiles)
{
	const opt_spec *spec = explain ? &explain_spec : &check_spec;
	const char *v;
	int id, used;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		switch ((id = opt_next(spec, argc, argv, &i, &v, &o->c))) {
		case OPT_FAIL:
			return 2;
		case OPT_TAKEN:
			break;
		case OPT_OPERAND:
			files[(*nfiles)++] = v;
			break;
		case CK_HELP:
			if (explain)
				opt_help(stdout, &explain_spec);
			else
				print_usage(stdout);
			return 0;
		case CK_VERSION:
			printf("bpfmm %s\n", BPFMM_VERSION);
			return 0;
		case CK_MODEL_DIR:
			printf("%s\n", o->mdir);
			return 0;
		case CK_REFUSED:
			return bad_usage("explain does not take %s (bpfmm explain --help)", a);
		case CK_SELECT:   /* -names, -excl, -conds, -kinds: select.c reads them */
			if ((used = sel_option(&o->sel, argc, argv, &i)) < 0)
				return used == -2 ? 1 : 2;
			break;
		default:
			if (checker_option(o, id, a, v))
				return 2;
		}
	}
	if (*nfiles == 0)
		return explain ? explain_bad_usage("%s", "no litmus file given")
			       : bad_usage("%s", "no litmus file given");
	return -1;
}

/* bpfmm explain TEST [STATE] */
static int explain_main(options *o, const char **files, int nfiles)
{
	size_t dl = o->c.dot_dir ? strlen(o->c.dot_dir) : 0;

	if (nfiles > 2)
		return explain_bad_usage("explain takes one test and at most one STATE, not '%s'", files[2]);
	if (nfiles == 2 && names_a_file(files[1]))
		return explain_bad_usage("'%s' is a litmus file, not a STATE: explain takes one test at a time", files[1]);
	if (o->c.dot_dir && !(dl > 4 && !strcmp(o->c.dot_dir + dl - 4, ".dot"))
	    && outdir_prepare(o->c.dot_dir, "explain", "-dot"))
		return 2;
	model_table mt = { 0 };
	int status = explain_file(o, &mt, files[0], nfiles > 1 ? files[1] : NULL);
	model_table_free(&mt);
	return status;
}

/* Check the tests (--shard's slice) on -j threads. */
static int check_main(options *o, const char **files, int nfiles)
{
	if (o->c.dot_dir && outdir_prepare(o->c.dot_dir, NULL, "-dot"))
		return 2;
	char mpath[PATH_MAX];
	if (o->c.model && !o->c.json && !find_model(o, o->c.model, o->mdir, mpath, sizeof mpath)) {
		/* the same for every test: say it once (-json: a record each) */
		fprintf(stderr, "bpfmm: model '%s' not found (looked in ., -I directories, %s)\n",
			o->c.model, o->mdir);
		return 1;
	}
	check_job cj = { o, files };
	par_job pj = { checker_new, checker_free, check_one, &cj };
	int first, last;
	par_shard(nfiles, o->c.shard_k, o->c.shard_n, &first, &last);
	/* one test: -j's threads share its enumeration instead */
	if (last - first == 1)
		o->test_threads = par_jobs(o->c.jobs);
	return par_run(&pj, first, last, o->c.jobs);
}

/* bpfmm explain ...: argv[0] is "explain" */
static int run_explain(int argc, char **argv, const char *mdir, const char *self)
{
	options o = { .mdir = mdir };
	const char *files[argc > 0 ? argc : 1];
	int nfiles = 0, status;

	opt_init(&o.c, UNROLL_DEFAULT);
	if ((status = parse(&o, true, argc, argv, files, &nfiles)) < 0)
		status = explain_main(&o, files, nfiles);
	sel_free(&o.sel);
	return status;
}

int main(int argc, char **argv)
{
	char mdir[MODEL_DIR_MAX];
	options o = { .mdir = model_dir(mdir) };
	const char *files[argc > 0 ? argc : 1];
	int nfiles = 0, status;

	for (size_t k = 0; argc > 1 && k < NSUBCOMMANDS; k++)
		if (!strcmp(argv[1], subcommands[k].name))
			return subcommands[k].run(argc - 1, argv + 1, o.mdir, argv[0]);
	if (argc > 1 && (status = mistyped_command(argv[1])) >= 0)
		return status;
	opt_init(&o.c, UNROLL_DEFAULT);
	if ((status = parse(&o, false, argc, argv, files, &nfiles)) < 0)
		status = check_main(&o, files, nfiles);
	sel_free(&o.sel);
	return status;
}
