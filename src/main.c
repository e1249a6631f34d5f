/* main.c - the bpfmm command line. */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "c2bpf.h"
#include "model_dir.h"
#include "lkmm_map.h"
#include "cfg.h"
#include "check.h"
#include "frontends.h"
#include "litmus_read.h"
#include "map.h"
#include "output.h"
#include "outdir.h"
#include "run.h"

static void warn_unrolling(const char *file, const litmus_test *t, const enum_stats *st);

#define BPFMM_VERSION "0.1"

static const char usage[] =
"Usage: bpfmm [OPTIONS] FILE.litmus...\n"
"       bpfmm map --arch ARCH [...] FILE.litmus...  (see bpfmm map --help)\n"
"\n"
"Check litmus tests against an axiomatic memory model written in cat, and\n"
"print for each test a herd7-compatible block: Test, States (every reachable\n"
"final state), Ok/No, Witnesses, Condition, Observation NAME\n"
"Never|Sometimes|Always POSITIVE NEGATIVE, Time.\n"
"\n"
"Options:\n"
"  -model FILE, --model FILE\n"
"        Use the cat model FILE. Default: the bundled model of the test's\n"
"        architecture, searched in the model directory: BPF bpf.cat,\n"
"        RISCV riscv.cat, AArch64 aarch64.cat, X86_64 and X86 x86tso.cat,\n"
"        PPC ppc.cat, S390X s390x.cat, LoongArch loongarch.cat; C tests\n"
"        need the kernel's model (-conf linux-kernel.cfg).\n"
"  -conf FILE.cfg\n"
"        Read herd7 options from FILE.cfg (model/cat, bell, macros, variant;\n"
"        display-only options are ignored). Its files are looked up in the\n"
"        current directory, then next to FILE.cfg.\n"
"  -I DIR\n"
"        Also look for included cat files (and bare model names) in DIR.\n"
"  -variant NAME, --variant NAME\n"
"        Enable `if \"NAME\"` branches of the model (repeatable).\n"
"  -budget N, --budget N\n"
"        Count every execution (exact Positive/Negative witnesses) unless a\n"
"        test needs more than N coherence orders (default 200000; 0 = no\n"
"        limit). Past that, the test is checked again looking for one\n"
"        execution per observable outcome: States and Ok/No are the same,\n"
"        and witnesses count one allowed execution per rf choice and\n"
"        final-memory outcome (not each coherence order), as a Note line\n"
"        says.\n"
"  -unroll N, --unroll N\n"
"        Unroll loops as herd7 does: a path may jump back to one instruction\n"
"        at most N times (default 2); a path that would jump once more is\n"
"        dropped, the Ok/No line then reads \"Loop Ok\" / \"Loop No\" and a\n"
"        warning names the label on stderr.\n"
"  -json, --json\n"
"        Print each result as one JSON object per line instead of the\n"
"        herd7 block: file (as named on the command line), test, states\n"
"        (a list of strings, each a final state exactly as on a States\n"
"        line: \"0:r1=1; [x]=y;\"), ok, loop (Ok/No\n"
"        reads \"Loop Ok\"/\"Loop No\", see -unroll), positive,\n"
"        negative (executions where the condition's proposition holds /\n"
"        not), quantifier (exists, ~exists, forall), observation (Never,\n"
"        Sometimes, Always), witnesses_exact (false past -budget),\n"
"        flags, warnings (as on stderr), seconds. A test that cannot be\n"
"        read or checked gives {\"file\", \"error\", \"warnings\"}, error\n"
"        being the FILE:LINE:COL: error: line also printed on stderr.\n"
"  -dot DIR, --dot DIR\n"
"        Also write DIR/NAME.dot: a Graphviz picture of one execution\n"
"        that satisfies the condition (else of one allowed execution),\n"
"        with po, rf and co edges. Output folders (here and in map,\n"
"        c2bpf, lkmm-map) are created when missing; a path that is not a\n"
"        folder is a command-line error. NAME is the test's name without\n"
"        .litmus, each character other than a letter, a digit or one of\n"
"        + - . _ = , replaced by _ (\"a/b\" gives a_b.dot).\n"
"  -notime, --no-time\n"
"        Omit the Time lines (for comparing outputs).\n"
"  --model-dir\n"
"        Print the directory bundled models are read from, and exit.\n"
"  -h, --help      Show this help and exit.\n"
"  --version       Show the version and exit.\n"
"\n"
"Model directory: $BPFMM_MODELDIR if set; else models/ next to the build\n"
"directory holding the executable (../models from build/bpfmm); else\n"
"../share/bpfmm/models from the executable (make install); else the\n"
"directory fixed at build time.\n"
"\n"
"bpfmm c2bpf [--emit DIR] [--json] FILE.litmus...: translate C (LKMM) tests\n"
"to BPF and compare linux-kernel.cat with bpf.cat on them (docs/c-to-bpf.md).\n"
"\n"
"bpfmm lkmm-map --mapping NAME [--emit DIR] [--json] FILE.litmus...: write\n"
"C (LKMM) tests with Linux's RISC-V sequences for its primitives and check\n"
"that riscv.cat allows no final state linux-kernel.cat forbids\n"
"(docs/lkmm-riscv.md).\n"
"\n"
"bpfmm run --arch riscv64|arm64|x86_64 FILE.litmus...: run BPF tests as\n"
"JIT-compiled BPF programs in a Linux 6.12 QEMU guest and judge the observed\n"
"final states against bpf.cat (docs/runtime-testing.md).\n"
"\n"
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
	const char *model;         /* -model, NULL for per-arch default */
	const char *incdirs[32];
	int nincdirs;
	const char *variants[32];
	int nvariants;
	bool show_time;
	bool json;                 /* -json: one JSON object per test */
	const char *dot_dir;       /* -dot DIR: DIR/NAME.dot per test */
	long budget;               /* co orders per test before outcome mode */
} options;

/* One loaded model per (model file, front-end): tags differ per dialect. */
typedef struct {
	char *path;
	const frontend *fe;
	cat_model *m;
	cat_run *run;
} loaded_model;

static loaded_model models[16];
static int nmodels;

/* dst = a "/" b; false (and dst empty) if it does not fit */
static bool join(char *dst, size_t n, const char *a, const char *b)
{
	int len = snprintf(dst, n, "%s/%s", a, b);

	if (len < 0 || (size_t)len >= n) {
		dst[0] = 0;
		return false;
	}
	return true;
}

static bool readable(const char *p) { return p[0] && access(p, R_OK) == 0; }


/* A model named with a '/' is a path; a bare name is looked up in the
 * current directory, the -I directories, then the model directory. */
static bool find_model(const options *o, const char *name, const char *mdir, char *path, size_t n)
{
	snprintf(path, n, "%s", name);
	if (readable(path) || strchr(name, '/'))
		return readable(path);
	for (int i = 0; i < o->nincdirs; i++)
		if (join(path, n, o->incdirs[i], name) && readable(path))
			return true;
	return join(path, n, mdir, name) && readable(path);
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

static loaded_model *get_model(const options *o, const frontend *fe, const char *test_file, diag *d)
{
	static char path[PATH_MAX];
	char libdir[PATH_MAX], here[PATH_MAX];
	const char *name = o->model ? o->model : fe->default_model;
	const char *mdir = model_dir();

	if (!find_model(o, name, mdir, path, sizeof path)) {
		/* the kernel's model is not bundled: say where it comes from */
		bool lkmm = !o->model && !strcmp(name, "linux-kernel.cat");
		diag_error(d, (srcpos){ 0, 0 }, "model '%s' not found (looked in ., -I directories, %s)%s",
			   name, mdir,
			   lkmm ? "; for C tests run with -conf linux-kernel.cfg in the kernel's "
				  "tools/memory-model directory, or -I it" : "");
		return NULL;
	}
	for (int i = 0; i < nmodels; i++)
		if (!strcmp(models[i].path, path) && models[i].fe == fe)
			return &models[i];
	if (nmodels == (int)(sizeof models / sizeof *models)) {
		diag_error(d, (srcpos){ 0, 0 }, "too many different models in one run");
		return NULL;
	}
	snprintf(here, sizeof here, "%s", path);
	join(libdir, sizeof libdir, mdir, "lib");
	const char *inc[40];
	int ni = 0;
	inc[ni++] = dirname(here);
	for (int i = 0; i < o->nincdirs; i++)
		inc[ni++] = o->incdirs[i];
	inc[ni++] = libdir;
	inc[ni++] = mdir;
	inc[ni] = NULL;

	d->file = path;   /* errors in the model are reported against it */
	cat_model *m = cat_model_load(path, inc, o->variants, d);
	if (!m) {
		arch_mismatch(name, fe, test_file, d);
		return NULL;
	}
	loaded_model *lm = &models[nmodels++];
	lm->path = strdup(path);
	lm->fe = fe;
	lm->m = m;
	lm->run = cat_run_new(m, fe->tag_names, fe->ntags);
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
static int failed(const options *o, const char *file, const diag *d)
{
	diag_print(d);
	diag_print_warnings(d);
	if (o->json) {
		print_json_error(stdout, file, d);
		fflush(stdout);
	}
	return 1;
}

static int check_file(const options *o, const char *file)
{
	diag d = { .file = file };
	litmus_test *t = litmus_read_file(file, frontend_for_arch, &d);

	if (!t)
		return failed(o, file, &d);
	loaded_model *lm = get_model(o, t->fe, file, &d);
	if (!lm) {
		litmus_free(t);
		return failed(o, file, &d);
	}
	check_result res;
	d.file = file;
	if (check_test(t, lm->run, o->budget, &res, &d) < 0) {
		arch_mismatch(o->model ? o->model : t->fe->default_model, t->fe, file, &d);
		check_result_free(&res);
		litmus_free(t);
		return failed(o, file, &d);
	}
	diag_print_warnings(&d);
	if (o->json)
		print_json(stdout, file, t, &res, &d);
	else
		print_herd(stdout, t, &res, o->show_time);
	if (res.stats.cut_thread >= 0)
		warn_unrolling(file, t, &res.stats);
	int status = o->dot_dir ? write_dot(o->dot_dir, t, &res) : 0;
	fflush(stdout);
	check_result_free(&res);
	litmus_free(t);
	return status;
}

/* herd7's warning when a path went past the unrolling limit */
static void warn_unrolling(const char *file, const litmus_test *t, const enum_stats *st)
{
	const litmus_thread *th = &t->threads[st->cut_thread];
	const char *label = th->label ? th->label[st->cut_insn] : NULL;

	fflush(stdout);
	if (label)
		fprintf(stderr, "Warning: File \"%s\": unrolling limit exceeded at %s, "
			"legal outcomes may be missing.\n", file, label);
	else
		fprintf(stderr, "Warning: File \"%s\": unrolling limit exceeded at P%d:%d, "
			"legal outcomes may be missing.\n", file, th->id, st->cut_insn);
}

static int bad_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "bpfmm: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'bpfmm --help'.\n");
	return 2;
}

int main(int argc, char **argv)
{
	options o = { .show_time = true, .budget = 200000 };
	const char *files[argc > 0 ? argc : 1];
	int nfiles = 0, status = 0;

	if (argc > 1 && !strcmp(argv[1], "map"))
		return map_main(argc - 1, argv + 1, model_dir());
	if (argc > 1 && !strcmp(argv[1], "c2bpf"))
		return c2bpf_main(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "lkmm-map"))
		return lkmm_map_main(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "run"))
		return run_main(argc - 1, argv + 1, model_dir(), argv[0]);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		bool more = i + 1 < argc;
		if (!strcmp(a, "-h") || !strcmp(a, "--help") || !strcmp(a, "-help")) {
			fputs(usage, stdout);
			return 0;
		} else if (!strcmp(a, "--version") || !strcmp(a, "-version")) {
			printf("bpfmm %s\n", BPFMM_VERSION);
			return 0;
		} else if (!strcmp(a, "--model-dir")) {
			printf("%s\n", model_dir());
			return 0;
		} else if (!strcmp(a, "-model") || !strcmp(a, "--model") || !strcmp(a, "-cat")) {
			if (!more)
				return bad_usage("%s needs a file", a);
			o.model = argv[++i];
		} else if (!strcmp(a, "-conf") || !strcmp(a, "--conf")) {
			static bpfmm_cfg cfgs[4];   /* options point into them */
			static int ncfgs;
			bpfmm_cfg *cfg = &cfgs[ncfgs];
			diag d = { 0 };
			if (!more)
				return bad_usage("%s needs a file", a);
			if (ncfgs == 4)
				return bad_usage("too many %s options", a);
			ncfgs++;
			if (cfg_load(argv[++i], cfg, &d) < 0 ||
			    (cfg->model && cfg_check_bell(cfg, cfg->model, &d) < 0)) {
				diag_print(&d);
				return 2;
			}
			o.model = cfg->model ? cfg->model : o.model;
			if (o.nincdirs < 30)
				o.incdirs[o.nincdirs++] = cfg->dir;
			for (int k = 0; k < cfg->nvariants && o.nvariants < 30; k++)
				o.variants[o.nvariants++] = cfg->variants[k];
		} else if (!strcmp(a, "-I")) {
			if (!more)
				return bad_usage("%s needs a directory", a);
			if (o.nincdirs < 30)
				o.incdirs[o.nincdirs++] = argv[++i];
		} else if (!strcmp(a, "-variant") || !strcmp(a, "--variant")) {
			if (!more)
				return bad_usage("%s needs a name", a);
			if (o.nvariants < 30)
				o.variants[o.nvariants++] = argv[++i];
		} else if (!strcmp(a, "-budget") || !strcmp(a, "--budget")) {
			char *end;
			if (!more)
				return bad_usage("%s needs a number", a);
			o.budget = strtol(argv[++i], &end, 10);
			if (*end || o.budget < 0)
				return bad_usage("bad budget '%s'", argv[i]);
		} else if (!strcmp(a, "-unroll") || !strcmp(a, "--unroll")) {
			char *end;
			long n;
			if (!more)
				return bad_usage("%s needs a number", a);
			n = strtol(argv[++i], &end, 10);
			if (*end || !*argv[i] || n < 0 || n > 1000)
				return bad_usage("bad unrolling limit '%s' (0 to 1000)", argv[i]);
			enumerate_set_unroll((int)n);
		} else if (!strcmp(a, "-notime") || !strcmp(a, "--no-time")) {
			o.show_time = false;
		} else if (!strcmp(a, "-json") || !strcmp(a, "--json")) {
			o.json = true;
		} else if (!strcmp(a, "-dot") || !strcmp(a, "--dot")) {
			if (!more)
				return bad_usage("%s needs a directory", a);
			o.dot_dir = argv[++i];
		} else if (a[0] == '-' && a[1]) {
			return bad_usage("unknown option '%s'", a);
		} else {
			files[nfiles++] = a;
		}
	}
	if (nfiles == 0)
		return bad_usage("%s", "no litmus file given");
	if (o.dot_dir && outdir_prepare(o.dot_dir, NULL, "-dot"))
		return 2;
	for (int i = 0; i < nfiles; i++)
		status |= check_file(&o, files[i]);
	for (int i = 0; i < nmodels; i++) {
		cat_run_free(models[i].run);
		cat_model_free(models[i].m);
		free(models[i].path);
	}
	return status;
}
