/* run.c - `bpfmm run`: BPF litmus tests as real, JIT-compiled BPF programs.
 *
 * Each thread of a BPF litmus test is translated (from the front-end's IR,
 * no second parser) to the kernel's BPF instruction encoding.  The guest
 * runner (kernel/guest/bpfrun.c) loads one BPF_PROG_TYPE_SYSCALL program per
 * thread, runs many instances of the test on pinned CPUs and prints the
 * final states it saw; the judge here compares them with the states
 * models/bpf.cat allows.  docs/runtime-testing.md has the whole picture.
 *
 * The guest's programs and the job file that carries them: run_job.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "jit/run.h"
#include "jit/run_job.h"
#include "cat/cat.h"
#include "exec/check.h"
#include "arch/frontends.h"
#include "litmus/litmus_read.h"
#include "kit/output.h"
#include "kit/options.h"
#include "base/infile.h"
#include "base/xalloc.h"
#include "litmus/state.h"

/* ---- the judge ----------------------------------------------------------------- */

typedef struct {
	char *line;          /* state text as the guest printed it */
	long count;
} seen_state;

/* Parse "1:r4=0; [x]=2;" (state.h) into values laid out as rt->res.obs. */
static int parse_state(const run_test *rt, const char *s, value *row)
{
	return state_parse(s, rt->t, rt->res.obs, rt->res.nobs, row, NULL, 0);
}

static int find_state(const check_result *r, const value *row)
{
	for (int i = 0; i < r->nstates; i++) {
		int j;
		for (j = 0; j < r->nobs && value_eq(r->states[(size_t)i * r->nobs + j], row[j]); j++)
			;
		if (j == r->nobs)
			return i;
	}
	return -1;
}

typedef struct {
	int run, unsupported, violations, failed, weak_tests;
	long instances, states, weak_states, weak_count;
} totals;

/* Judge the guest's section for one test.  Lines (prefix "bpfmm-run: "):
 *   test NAME / unsupported NAME REASON / jit NAME T HEX / state NAME COUNT TEXT
 *   done NAME INSTANCES SECONDS */
/* The guest's lines about test name: its states (into *st, *nst), and the
 * done line (instances, seconds). 1 done, 0 no result, -1 when the
 * verifier refused the program (printed). */
static int read_results(const char *name, char **lines, int nlines, const char *arch, totals *tot,
			seen_state **st, int *nst, long *ninst, double *secs)
{
	size_t nl = strlen(name);
	int done = 0;

	for (int i = 0; i < nlines; i++) {
		char *l = lines[i], *rest;
		const char *kw = l;
		char *sp = strchr(l, ' ');
		if (!sp || strncmp(sp + 1, name, nl) != 0 || (sp[1 + nl] != ' ' && sp[1 + nl] != '\0'))
			continue;
		rest = sp + 1 + nl;
		if (*rest == ' ')
			rest++;
		if (!strncmp(kw, "unsupported ", 12)) {
			printf("Run %s %s unsupported (verifier: %s)\n", name, arch, rest);
			tot->unsupported++;
			return -1;
		} else if (!strncmp(kw, "state ", 6)) {
			char *e;
			long c = strtol(rest, &e, 10);
			*st = xrealloc(*st, (size_t)(*nst + 1) * sizeof **st);
			(*st)[*nst].line = e + (*e == ' ');
			(*st)[*nst].count = c;
			(*nst)++;
		} else if (!strncmp(kw, "done ", 5)) {
			sscanf(rest, "%ld %lf", ninst, secs);
			done = 1;
		}
	}
	return done;
}

/* The histogram of the states the guest saw, each judged against bpf.cat
 * (and sc-bpf.cat for "weak"); *pos / *neg: instances where the condition
 * holds / not; returns the number of states bpf.cat forbids. */
static int histogram(const run_test *rt, const seen_state *st, int nst, totals *tot, long *pos, long *neg,
		     int *weak)
{
	const litmus_test *t = rt->t;
	value *row = xmalloc(((size_t)rt->res.nobs + 1) * sizeof *row);
	int bad = 0;

	for (int i = 0; i < nst; i++) {
		int k;
		bool holds = false;
		if (parse_state(rt, st[i].line, row) < 0) {
			printf("%-8ld?> %s   <-- UNREADABLE (not this test's observables)\n",
			       st[i].count, st[i].line);
			bad++;
		} else if ((k = find_state(&rt->res, row)) < 0) {
			holds = prop_holds(t->cond, &rt->res, row);
			printf("%-8ld%s> %s   <-- FORBIDDEN by bpf.cat\n", st[i].count,
			       holds ? "*" : ":", st[i].line);
			bad++;
		} else {
			holds = rt->res.holds[k];
			bool w = find_state(&rt->sc, row) < 0;
			printf("%-8ld%s> %s%s\n", st[i].count, holds ? "*" : ":", st[i].line,
			       w ? "   (weak: no interleaving gives it)" : "");
			if (w) {
				(*weak)++;
				tot->weak_count += st[i].count;
			}
		}
		if (holds)
			*pos += st[i].count;
		else
			*neg += st[i].count;
	}
	free(row);
	return bad;
}

/* One test's results in the guest's console log, judged and counted. */
static void judge(run_test *rt, char **lines, int nlines, const char *arch, totals *tot)
{
	const litmus_test *t = rt->t;
	const char *name = t->name;
	size_t nl = strlen(name);
	seen_state *st = NULL;
	int nst = 0, weak = 0;
	long ninst = 0, pos = 0, neg = 0;
	double secs = 0;

	if (rt->unsupported) {
		printf("Run %s %s unsupported (%s)\n", name, arch, rt->unsupported);
		tot->unsupported++;
		return;
	}
	int done = read_results(name, lines, nlines, arch, tot, &st, &nst, &ninst, &secs);
	if (done <= 0) {
		if (!done) {
			printf("Run %s %s FAILED (no result from the guest)\n", name, arch);
			tot->failed++;
		}
		free(st);
		return;
	}
	printf("Test %s %s\nHistogram (%d states)\n", name, arch, nst);
	int bad = histogram(rt, st, nst, tot, &pos, &neg, &weak);
	const char *obs = pos == 0 ? "Never" : neg == 0 ? "Always" : "Sometimes";
	if (t->quant == Q_FORALL)
		obs = neg == 0 ? "Always" : pos == 0 ? "Never" : "Sometimes";
	printf("Observation %s %s %ld %ld\n", name, obs, pos, neg);
	if (bad) {
		printf("VIOLATION %s %s: %d state(s) outside bpf.cat's %d allowed; JIT code:\n",
		       name, arch, bad, rt->res.nstates);
		for (int i = 0; i < nlines; i++)
			if (!strncmp(lines[i], "jit ", 4) && !strncmp(lines[i] + 4, name, nl)
			    && lines[i][4 + nl] == ' ')
				printf("  thread %s\n", lines[i] + 5 + nl);
		tot->violations += bad;
	}
	printf("Run %s %s %s instances=%ld states=%d/%d weak=%d time=%.1fs\n", name, arch,
	       bad ? "VIOLATION" : "ok", ninst, nst, rt->res.nstates, weak, secs);
	tot->weak_states += weak;
	tot->weak_tests += weak > 0;
	tot->run++;
	tot->instances += ninst;
	tot->states += nst;
	free(st);
}

/* Runner lines kept of a console (run.h: its size and line bounds). */
#define RUN_MAX_LINES 1000000

/* The "bpfmm-run: " lines of the console path (the prefix dropped), at
 * most RUN_MAX_LINES of them from its first RUN_MAX_CONSOLE bytes; NULL
 * if it cannot be read.  A longer line of the runner is left out, said. */
static char **read_lines(const char *path, int *n)
{
	FILE *f = fopen(path, "r");
	char *buf;
	char **v = NULL;
	int cap = 0;
	long total = 0, got, lineno = 0;
	bool whole;
	const char *pre = "bpfmm-run: ";
	size_t pl = strlen(pre);

	*n = 0;
	if (!f)
		return NULL;
	buf = xmalloc(RUN_MAX_LINE + 1);
	while ((got = line_read(f, buf, RUN_MAX_LINE, &whole, RUN_MAX_CONSOLE - total)) >= 0) {
		char *p = strstr(buf, pre);
		size_t l;
		total += got;
		lineno++;
		if (p && !whole)
			fprintf(stderr, "%s:%ld:1: warning: a line longer than %d bytes, left out\n", path, lineno,
				RUN_MAX_LINE);
		if (total >= RUN_MAX_CONSOLE || *n >= RUN_MAX_LINES) {
			fprintf(stderr, "%s:%ld:1: warning: the console is larger than %ld MiB or has more than "
				"%d runner lines; the rest is not read\n", path, lineno, RUN_MAX_CONSOLE >> 20,
				RUN_MAX_LINES);
			break;
		}
		if (!p || !whole)
			continue;
		p += pl;
		l = strlen(p);
		while (l && p[l - 1] == '\r')
			p[--l] = '\0';
		if (*n == cap)
			v = xrealloc(v, (size_t)(cap = cap ? 2 * cap : 256) * sizeof *v);
		v[(*n)++] = xstrdup(p);
	}
	free(buf);
	fclose(f);
	return v ? v : xcalloc(1, sizeof *v);
}

static const char run_head[] =
"Usage: bpfmm run --arch ARCH [OPTIONS] FILE.litmus...\n"
"       bpfmm run --emit JOBFILE [OPTIONS] FILE.litmus...\n"
"       bpfmm run --judge LOG [--arch ARCH] FILE.litmus...\n"
"\n"
"Run BPF litmus tests as JIT-compiled BPF programs in a Linux 6.12 QEMU\n"
"guest (ARCH: see --arch below) and judge every observed final state\n"
"against models/bpf.cat (docs/runtime-testing.md).  --arch needs the guest\n"
"kernel built once (kernel/run.sh builds what is missing).\n"
"\n"
"Per test: a histogram of the final states seen (':>' allowed, '*>' the\n"
"condition holds; \"weak\": allowed, but no interleaving of the threads\n"
"gives it, models/sc-bpf.cat), `Observation NAME Never|Sometimes|Always P N`\n"
"as litmus7 prints it, then\n"
"  Run NAME ARCH ok|VIOLATION instances=N states=SEEN/ALLOWED weak=W time=S\n"
"  Run NAME ARCH unsupported (REASON)\n"
"A VIOLATION (a state bpf.cat forbids) prints the JIT's code of each thread.\n"
"\n"
"Options:\n";

static const char run_tail[] =
"\n"
"Exit status: 0 no violation and every test run or unsupported; 1 a\n"
"violation, a test the guest did not report, or an unreadable test; 2 bad\n"
"command line.\n";

/* --arch's help: the guest architectures (frontends.c's table) */
static const char *run_arch_help(char *buf, size_t size)
{
	return opt_arch_help(buf, size, KERNEL_NAME_QEMU, ", as map and jit-check spell them (x86-64, aarch64, "
			     "powerpc, mips64 are read with a note; docs/architectures.md)", 56);
}

enum { RUN_HELP = 1, RUN_ARCH, RUN_EMIT, RUN_JUDGE, RUN_KERNEL, RUN_CONSOLE, RUN_INSTANCES, RUN_PASSES };

static const opt_row run_rows[] = {
	OPT_OWN_FN(RUN_ARCH, "--arch", "ARCH", run_arch_help),
	OPT_OWN(RUN_INSTANCES, "--instances", "N", "instances per pass (power of 2, default 1024)"),
	OPT_OWN(RUN_PASSES, "--passes", "N", "passes (default 4)"),
	OPT_OWN(RUN_KERNEL, "--kernel", "IMAGE", "boot this kernel instead of building 6.12: one the user\n"
		"built (a bpf-next tree with load-acquire / store-release,\n"
		"say), the image QEMU boots for ARCH (riscv64, arm64:\n"
		"arch/*/boot/Image; x86_64, s390x: bzImage; mips64el,\n"
		"ppc64le: vmlinux), configured with BPF, its JIT and a\n"
		"serial console (kernel/configs/bpf-run.config); the\n"
		"initramfs is made here (docs/runtime-testing.md)"),
	OPT_OWN(RUN_CONSOLE, "--console", "FILE", "keep the guest's console in FILE (else it is a temporary\n"
		"file, removed after a run that booted; `bpfmm jit-check\n"
		"--dump FILE` reads the JIT's code from it)"),
	OPT_OWN(RUN_EMIT, "--emit", "JOBFILE", "only write the guest's job file (with --arch s390x: for a\n"
		"big-endian machine, its narrow accesses mirrored)"),
	OPT_OWN(RUN_JUDGE, "--judge", "LOG", "only judge a guest console log"),
	OPT_HELP_ROW(RUN_HELP),
	OPT_END,
};

static const opt_spec run_spec = {
	.cmd = "run", .head = run_head, .rows = run_rows, .col = 18, .tail = run_tail,
};

/* The command line of run. */
typedef struct {
	const char *arch, *emit_path, *judge_path;
	const char *kernel;   /* --kernel IMAGE, or NULL: kernel/run.sh's 6.12 build */
	const char *console;  /* --console FILE, or NULL: a temporary file */
	int ninst, passes, nfiles;
	bool big_endian;      /* the --arch guest's */
	char **files;
	run_test *rts;
	bool *ok;             /* per test: read and checked */
} run_line;

/* The command line into l (run_rows); -1 to go on, else the exit status. */
static int run_parse(run_line *l, int argc, char **argv)
{
	const char *v;

	for (int i = 1; i < argc; i++) {
		switch (opt_next(&run_spec, argc, argv, &i, &v, NULL)) {
		case OPT_FAIL: return 2;
		case OPT_OPERAND: l->files[l->nfiles++] = argv[i]; break;
		case RUN_HELP: opt_help(stdout, &run_spec); return 0;
		case RUN_ARCH: l->arch = v; break;
		case RUN_EMIT: l->emit_path = v; break;
		case RUN_JUDGE: l->judge_path = v; break;
		case RUN_KERNEL: l->kernel = v; break;
		case RUN_CONSOLE: l->console = v; break;
		case RUN_INSTANCES: l->ninst = atoi(v); break;
		case RUN_PASSES: l->passes = atoi(v); break;
		}
	}
	/* what is missing or wrong, named (not the whole usage) */
	if (!l->arch && !l->emit_path && !l->judge_path)
		return opt_usage_error("run", "--arch needed (or --emit JOBFILE, --judge LOG)%s", "");
	if (l->ninst < 1 || (l->ninst & (l->ninst - 1)) || l->ninst > 65536)
		return opt_usage_error("run", "bad --instances%s (a power of 2, 1 to 65536)", "");
	if (l->passes < 1)
		return opt_usage_error("run", "bad --passes (1 or more)%s", "");
	if (l->nfiles == 0)
		return opt_usage_error("run", "no litmus file given%s", "");
	if ((l->kernel || l->console) && (!l->arch || l->emit_path || l->judge_path))
		return opt_usage_error("run", "%s is for a guest run: it needs --arch, without --emit or --judge",
				       l->kernel ? "--kernel" : "--console");
	if (l->kernel && access(l->kernel, R_OK) != 0) {
		fprintf(stderr, "bpfmm run: --kernel %s: %s\n", l->kernel, strerror(errno));
		return 2;
	}
	if (l->arch) {
		const char *respelt;
		const frontend *qfe = frontend_by_kernel_name(KERNEL_NAME_QEMU, l->arch, &respelt);
		opt_respelt(l->arch, respelt);
		if (!qfe) {
			fprintf(stderr, "bpfmm run: unknown arch '%s' (", l->arch);
			frontend_print_kernel_names(stderr, KERNEL_NAME_QEMU, ", ");
			fputs(")\n", stderr);
			return 2;
		}
		l->arch = qfe->qemu_arch;
		l->big_endian = qfe->big_endian;  /* x86-64 is x86_64, kernel/run.sh's name */
	}
	return -1;
}

/* The job file for the guest: the tests it can run; those it cannot are
 * named when alone is set (--emit alone: the judge step will not list
 * them). 0 or 1. */
static int write_jobs(const run_line *l, const char *emit_path, bool alone)
{
	FILE *f = fopen(emit_path, "w");
	int nj = 0, nu = 0;

	if (!f) {
		perror(emit_path);
		return 1;
	}
	fprintf(f, "instances %d\npasses %d\n", l->ninst, l->passes);
	for (int i = 0; i < l->nfiles; i++) {
		if (!l->ok[i])
			continue;
		if (!l->rts[i].unsupported) {
			run_write_job(f, &l->rts[i], l->ninst);
			nj++;
		} else if (alone) {
			fprintf(stderr, "bpfmm run: %s: unsupported (%s), not in %s\n",
				l->rts[i].t->name, l->rts[i].unsupported, emit_path);
			nu++;
		}
	}
	fclose(f);
	if (nu)
		fprintf(stderr, "bpfmm run: %d test(s) in %s, %d unsupported\n", nj, emit_path, nu);
	else
		fprintf(stderr, "bpfmm run: %d test(s) in %s\n", nj, emit_path);
	return 0;
}

/* kernel/run.sh (next to the build directory, or in $BPFMM_KERNEL_DIR) on
 * the job file, the guest's console into logpath; 0 or 1. */
static int run_guest(const char *arch, const char *kernel, const char *jobpath, const char *logpath,
		     const char *argv0)
{
	char script[PATH_MAX], self[PATH_MAX];
	const char *kd = getenv("BPFMM_KERNEL_DIR");

	if (kd) {
		snprintf(script, sizeof script, "%s/run.sh", kd);
	} else {
		ssize_t l = readlink("/proc/self/exe", self, sizeof self - 1);
		if (l < 0)
			snprintf(self, sizeof self, "%s", argv0);
		else
			self[l] = '\0';
		snprintf(script, sizeof script, "%s/../kernel/run.sh", dirname(self));
	}
	/* a long step says what it does before it starts */
	fprintf(stderr, "bpfmm run: booting a %s guest through %s (it first installs missing packages "
		"and builds the kernel once when needed, and says so)\n", arch, script);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		if (kernel)
			execlp("bash", "bash", script, "--arch", arch, "--kernel", kernel, jobpath, logpath,
			       (char *)NULL);
		else
			execlp("bash", "bash", script, "--arch", arch, jobpath, logpath, (char *)NULL);
		perror("bpfmm run: bash");
		_exit(127);
	}
	int status = 0;
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "bpfmm run: %s failed (see %s)\n", script, logpath);
		return 1;
	}
	return 0;
}

/* The guest's console log judged test by test, and the totals; 0 or 1. */
static int judge_log(const run_line *l, const char *judge_path)
{
	int nlines, rc = 0;
	char **lines = read_lines(judge_path, &nlines);
	totals tot = { 0 };
	const char *an = l->arch ? l->arch : "guest";

	if (!lines) {
		fprintf(stderr, "bpfmm run: cannot read %s\n", judge_path);
		rc = 1;
	}
	for (int i = 0; i < l->nfiles && lines; i++)
		if (l->ok[i])
			judge(&l->rts[i], lines, nlines, an, &tot);
	printf("run %s: %d tests run, %d unsupported, %d failed, %ld instances, %ld states, "
	       "%ld weak states in %d tests (%ld instances), %d violations\n",
	       an, tot.run, tot.unsupported, tot.failed, tot.instances, tot.states,
	       tot.weak_states, tot.weak_tests, tot.weak_count, tot.violations);
	if (tot.violations || tot.failed)
		rc = 1;
	for (int i = 0; i < nlines; i++)
		free(lines[i]);
	free(lines);
	return rc;
}

/* --emit, --judge, or both around a guest run in a temporary directory. */
static int run_steps(const run_line *l, const char *argv0)
{
	char tmpdir[PATH_MAX] = "", jobpath[PATH_MAX], logpath[PATH_MAX];
	const char *emit_path = l->emit_path, *judge_path = l->judge_path;
	int rc = 0;

	if (!emit_path && !judge_path) {
		const char *tmp = getenv("TMPDIR");
		snprintf(tmpdir, sizeof tmpdir, "%s/bpfmm-run.XXXXXX", tmp ? tmp : "/tmp");
		if (!mkdtemp(tmpdir)) {
			perror("bpfmm run: mkdtemp");
			return 1;
		}
		snprintf(jobpath, sizeof jobpath, "%s/job", tmpdir);
		snprintf(logpath, sizeof logpath, "%s", l->console ? l->console : "");
		if (!l->console)
			snprintf(logpath, sizeof logpath, "%s/console.log", tmpdir);
		emit_path = jobpath;
		judge_path = logpath;
	} else if (emit_path && judge_path) {
		fputs("bpfmm run: --emit and --judge are separate steps\n", stderr);
		return 2;
	}
	if (emit_path && write_jobs(l, emit_path, !tmpdir[0]))
		return 1;
	int booted = tmpdir[0] ? run_guest(l->arch, l->kernel, jobpath, logpath, argv0) : 0;
	rc |= booted;
	if (judge_path)
		rc |= judge_log(l, judge_path);
	if (tmpdir[0] && !booted) {
		/* the job and the console are this run's scratch; a failed
		 * boot's are kept for reading (run_guest said where) */
		char hung[PATH_MAX + 8];
		snprintf(hung, sizeof hung, "%s.hung", logpath);   /* kernel/lib.sh boot_retry */
		unlink(hung);
		unlink(jobpath);
		if (!l->console)
			unlink(logpath);
		rmdir(tmpdir);
	}
	return rc;
}

int run_main(int argc, char **argv, const char *model_dir, const char *argv0)
{
	run_line l = { .ninst = 1024, .passes = 4, .files = xcalloc((size_t)argc + 1, sizeof(char *)) };
	int rc = 0;
	bpf_model bm, sc;

	if ((rc = run_parse(&l, argc, argv)) >= 0) {
		free(l.files);
		return rc;
	}
	rc = 0;
	if (run_load_model(model_dir, "bpf.cat", &bm) < 0
	    || run_load_model(model_dir, "sc-bpf.cat", &sc) < 0) {
		free(l.files);
		return 1;
	}
	l.rts = xcalloc((size_t)l.nfiles, sizeof *l.rts);
	l.ok = xcalloc((size_t)l.nfiles, sizeof *l.ok);
	for (int i = 0; i < l.nfiles; i++) {
		l.ok[i] = run_prepare(&l.rts[i], l.files[i], &bm, &sc, l.ninst, l.big_endian) == 0;
		if (!l.ok[i])
			rc = 1;
	}
	int st = run_steps(&l, argv0);
	rc = st == 2 ? 2 : rc | st;
	for (int i = 0; i < l.nfiles; i++)
		run_test_free(&l.rts[i]);
	free(l.rts);
	free(l.ok);
	free(l.files);
	cat_run_free(bm.run);
	cat_model_free(bm.m);
	cat_run_free(sc.run);
	cat_model_free(sc.m);
	return rc;
}
