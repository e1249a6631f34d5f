/* jit_check.c - `bpfmm jit-check`: judge the machine code the kernel's BPF
 * JIT really emitted for a litmus test (docs/jit-check.md).
 *
 * Input: a console log of the `bpfmm run` guest (kernel/guest/bpfrun.c),
 * whose lines "bpfmm-run: jit TEST T HEX" hold the JIT image of thread T
 * (or bpftool's images of the programs bpfrun kept), and the BPF litmus
 * tests it ran: the dump is read (jit_dump.c), its images disassembled with
 * llvm-objdump (Debian's llvm-19) and checked (jit_images.c), each test's
 * threads lifted to a thread of the native litmus dialect (lift.c and
 * lift_ARCH.c), and the lifted test judged against bpf.cat on the source
 * test by map's judge (jit_map.h): sound, sound-stronger or unsound STATE.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "jit/jit_check.h"
#include "jit/jit_dump.h"
#include "jit/jit_images.h"
#include "jit/jit_map.h"
#include "jit/lift.h"
#include "kit/outdir.h"
#include "kit/report.h"
#include "kit/options.h"
#include "jit/run.h"
#include "arch/frontends.h"
#include "litmus/litmus_read.h"
#include "base/diag.h"
#include "base/xalloc.h"
#include "exec/check.h"

/* The lifter --arch n names: one naming with map and run
 * (arch/frontends.h), older ones noted. */
static const jit_lifter *arch_by_name(const char *n)
{
	const char *respelt;

	if (frontend_by_kernel_name(KERNEL_NAME_QEMU, n, &respelt))
		opt_respelt(n, respelt);
	return lifter_by_name(respelt ? respelt : n);
}

/* The fuzz target's entry (jit_check.h): the input's first byte picks the
 * architecture; its lines go through the dump-line parser and the
 * disassembly reader, and what they give through the lifter. */
int jit_check_fuzz(const char *data, size_t n)
{
	if (n == 0)
		return 0;
	const jit_lifter *a = lifter_nth((unsigned char)data[0] % lifter_count());
	char *text = xstrndup(data + 1, n - 1), *save = NULL;
	dlist l = { .ksym28 = -1 };
	bool pending = false;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *p = strstr(line, "bpfmm-run: jit ");
		if (p) {
			char *test;
			int thread;
			unsigned char *code;
			size_t len;
			const char *why;
			if (jit_parse_line(p + 11, &test, &thread, &code, &len, &why) == 0) {
				free(test);
				free(code);
			}
			continue;
		}
		dinsn in;
		long addr;
		if (lift_objdump_line(a, line, &in, &addr)) {
			in.addr = addr;
			lift_join(a, &in, &pending, &l);
		}
	}
	lifted lt;
	jit_lift(a, &l, 0, NULL, &lt);
	lift_free(&lt);
	free(l.v);
	free(text);
	return 0;
}

/* ---- the command ----------------------------------------------------------- */

static const char jc_head[] =
"Usage: bpfmm jit-check --arch ARCH --dump LOG [OPTIONS] FILE.litmus...\n"
"\n"
"Judge the machine code a Linux BPF JIT emitted for BPF litmus tests: LOG\n"
"is the console of a `bpfmm run` guest (lines \"bpfmm-run: jit TEST T HEX\",\n"
"docs/jit-check.md) or the output of the runner on a user's own machine,\n"
"whose programs bpftool may dump (--bpftool, --image); ARCH one of those\n"
"--arch lists below.  Each thread's image is disassembled with\n"
"llvm-objdump-19, lifted to a thread of ARCH's litmus dialect (the JIT's\n"
"instructions for the test's body as emitted, MIPS delay slots put before\n"
"their branch; initial values and register assignment read from the code\n"
"and checked against the test), and the lifted test is checked with\n"
"ARCH's model (named with ARCH below) against models/bpf.cat on the source\n"
"test.  One line per test:\n"
"  JitCheck TEST ARCH jit sound|sound-stronger|unsound [STATE]\n"
"  JitCheck TEST ARCH jit refused (REASON)      the code cannot be lifted\n"
"  JitCheck TEST ARCH jit not-run (REASON)      no code in LOG for it\n"
"  JitCheck TEST ARCH jit unchecked (REASON)    the lifted test cannot run\n"
"unsound (a native state bpf.cat forbids, printed in BPF names, then an\n"
"execution reaching it): the JIT's code is wrong for that test.\n"
"Then a summary line: jit-check ARCH: N tests, L lifted, R refused, ...\n"
"\n"
"Options:\n";

static const char jc_tail[] =
"\n"
"Exit status: 0 every test judged sound / sound-stronger, refused or not\n"
"run; 1 an unsound test, a test that could not be judged or read, a\n"
"malformed line of LOG or of bpftool's output; 2 usage.\n";

/* --arch's help: each lifter's name and model, from the lifter table */
static const char *arch_help(char *buf, size_t size)
{
	char text[512];
	size_t n = 0;

	for (size_t i = 0; lifter_nth(i) && n < sizeof text; i++)
		n += (size_t)snprintf(text + n, sizeof text - n, "%s (%s), ", lifter_name(lifter_nth(i)),
				      lifter_nth(i)->fe->default_model);
	if (n < sizeof text)
		snprintf(text + n, sizeof text - n, "as map and run name them (x86-64, aarch64, powerpc, "
			 "mips64 are read with a note)");
	return opt_wrap(buf, size, text, 54);
}

enum { JC_HELP = 1, JC_ARCH, JC_DUMP, JC_BPFTOOL, JC_IMAGE, JC_EMIT, JC_OBJDUMP, JC_OBJCOPY };

static const opt_row jc_rows[] = {
	OPT_OWN_FN(JC_ARCH, "--arch", "ARCH", arch_help),
	OPT_OWN(JC_DUMP, "--dump", "LOG", "the guest's console log (kernel/run.sh writes it), or\n"
		"what `bpfrun [--hold] JOB` printed on a user's machine"),
	OPT_OWN(JC_BPFTOOL, "--bpftool", "PATH", "the output of `bpftool prog dump jited id ID opcodes`\n"
		"(text) or `bpftool -j prog dump jited id ID opcodes`\n"
		"(JSON) for programs `bpfrun --hold` kept: a file, or a\n"
		"directory of them (repeatable).  Each program is named\n"
		"by bpftool's header (bpf_prog_TAG_NAME), else by the\n"
		"file's name up to its first '.' (NAME or ID), through\n"
		"LOG's lines \"hold TEST T ID NAME\"; these images\n"
		"replace LOG's jit lines (a difference is an error)"),
	OPT_OWN(JC_IMAGE, "--image", "PATH", "raw images, `bpftool prog dump jited id ID file\n"
		"PATH`, named by the file's name (NAME or ID); a file\n"
		"or a directory (repeatable)"),
	OPT_OWN(JC_EMIT, "--emit", "DIR", "write each lifted test to DIR/TEST.litmus"),
	OPT_SHARED(OPT_VARIANT, "--variant", "NAME", "a variant of the native model (repeatable), e.g.\n"
		   "mips.cat's llsc-mb or sc: what Linux assumes of a CPU\n"
		   "without WEAK_REORDERING_BEYOND_LLSC / WEAK_ORDERING\n"
		   "(docs/mips-model.md)"),
	OPT_SHARED(OPT_BUDGET, "--budget", "N", "as for bpfmm (default " CHECK_BUDGET_TEXT ")"),
	OPT_OWN(JC_OBJDUMP, "--objdump", "PROG", "the disassembler (default llvm-objdump-19; its\n"
		"llvm-objcopy beside it, or --objcopy PROG)"),
	OPT_OWN(JC_OBJCOPY, "--objcopy", "PROG", "(default llvm-objcopy-19)"),
	OPT_SHARED(OPT_JSON, "-json, --json", NULL, "one JSON object per test instead of the JitCheck line:\n"
		   "file, test, arch, mapping (\"jit\"), verdict, state,\n"
		   "class, reason, classes, execution, error (as map's);\n"
		   "then {\"summary\":\"jit-check\",\"arch\",\"tests\",\"lifted\",\n"
		   "\"refused\",\"not_run\",\"sound\",\"sound_stronger\",\n"
		   "\"unsound\",\"unchecked\"}"),
	OPT_HELP_ROW(JC_HELP),
	OPT_END,
};

static const opt_spec jc_spec = {
	.cmd = "jit-check", .head = jc_head, .rows = jc_rows, .col = 20, .tail = jc_tail,
};

/* The initial value thread ti gives BPF register k (through run.c's renaming). */
static void expected_values(const litmus_test *t, const int phys[11], int ti, rval out[10])
{
	for (int k = 0; k < 10; k++)
		out[k] = (rval){ .k = V_CONST, .v = 0 };
	for (int i = 0; i < t->ninit; i++) {
		const init_entry *e = &t->init[i];
		int r;
		if (e->thread != ti && e->thread != INIT_EVERY_THREAD)
			continue;
		if (sscanf(t->regs[e->reg], "r%d", &r) != 1 || r < 0 || r > 10 || phys[r] < 0)
			continue;
		out[phys[r]] = e->val.sym >= 0 ? (rval){ .k = V_BASE, .v = (int64_t)e->val.sym * 64 + e->val.off }
					       : (rval){ .k = V_CONST, .v = e->val.off };
	}
}

static bool names_r10(const litmus_test *t)
{
	for (int i = 0; i < t->nregs; i++)
		if (!strcmp(t->regs[i], "r10"))
			return true;
	return false;
}

/* One run of jit-check: the dump, its disassembly, both models, the counts. */
typedef struct {
	const jit_lifter *a;
	dump d;
	dlist *code;          /* per dump entry: its native instructions */
	model_run bpf, nat;
	const frontend *nfe;
	map_opts o;
	mapping m;            /* "jit": the lifted code as a mapping's output */
	map_ctx ctx;          /* the judge's: m, both models, stdout */
	map_bpf tb;           /* the current test's bpf.cat result, checked once */
	int ntests, nlifted, nrefused, nnotrun, nsound, nstronger, nunsound, nunchecked;
	int nknown;           /* tests the dump has code or a verifier refusal of */
	int status;
	const char *dumpf;     /* --dump */
	const char **btpaths;  /* --bpftool / --image inputs, in order */
	bool *btraw;           /* --image: raw bytes */
	int nbt;
} jc_run;

/* A test jit-check judges without the models: not-run or refused (why). */
static void jc_line(const jc_run *r, const char *file, const litmus_test *t, const char *verdict,
		    const char *why)
{
	char classes[128];
	verdict_record v = {
		.kind = REPORT_MAP, .word = "JitCheck", .test = t->name, .arch = lifter_name(r->a), .mapping = "jit",
		.verdict = verdict, .reason = why, .classes = map_test_classes(t, classes, sizeof classes),
	};
	report_verdict(stdout, r->o.json, file, &v);
}

/* The command line (jc_rows); -1 to go on, else the exit status. */
static int jc_parse(int argc, char **argv, const char **arch, const char **dumpf, const char **objdump,
		    const char **objcopy, jc_run *r, cmd_opts *so, const char **files, int *nfiles)
{
	map_opts *o = &r->o;
	const char *v;

	for (int i = 1; i < argc; i++) {
		int id = opt_next(&jc_spec, argc, argv, &i, &v, so);
		switch (id) {
		case OPT_FAIL: return 2;
		case OPT_TAKEN: break;
		case OPT_OPERAND: files[(*nfiles)++] = v; break;
		case JC_HELP: opt_help(stdout, &jc_spec); return 0;
		case JC_ARCH: *arch = v; break;
		case JC_DUMP: *dumpf = v; break;
		case JC_EMIT: o->emit = v; break;
		case JC_BPFTOOL:
		case JC_IMAGE:
			r->btraw[r->nbt] = id == JC_IMAGE;
			r->btpaths[r->nbt++] = v;
			break;
		case JC_OBJDUMP: *objdump = v; break;
		case JC_OBJCOPY: *objcopy = v; break;
		}
	}
	o->budget = so->budget;
	o->json = so->json;
	return -1;
}

/* Lift each thread of t whose code the dump has into lt; *found: how many
 * it has; NULL, or why the test is refused (in whybuf). byth: the native
 * register of r10 per thread. */
static const char *jc_lift_threads(jc_run *r, litmus_test *t, lifted *lt, const char **byth,
				   int *found, char *whybuf, size_t n, const char *file)
{
	/* run.c renames r10 by what bpf.cat's result for t uses */
	const check_result *res = names_r10(t) ? map_bpf_check(&r->ctx, file, t, &r->tb) : NULL;
	const char *why = NULL;

	*found = 0;
	int first = -1;          /* the first thread the dump has */
	for (int ti = 0; ti < t->nthreads && !why; ti++) {
		int idx = -1, phys[11];
		for (int k = 0; k < r->d.n; k++)
			if (r->d.v[k].thread == t->threads[ti].id && !strcmp(r->d.v[k].test, t->name))
				idx = k;
		if (idx < 0)
			continue;
		(*found)++;
		if (r->d.v[idx].bad) {
			snprintf(whybuf, n, "thread %d: its image is malformed (the error above)", ti);
			why = whybuf;
			break;
		}
		run_phys_regs(t, res, ti, phys);
		rval want[10];
		expected_values(t, phys, ti, want);
		if (jit_lift(r->a, &r->code[idx], ti, want, &lt[ti]) < 0) {
			snprintf(whybuf, n, "thread %d: %s", ti, lt[ti].why);
			why = whybuf;
			if (lt[ti].broken == JC_ALIEN) {
				/* not this thread's code: a dump mixed up (swapped
				 * images, another run's lines) is an error */
				char where[PATH_MAX + 64];
				jit_img_where(&r->d.v[idx], r->dumpf, where, sizeof where);
				fprintf(stderr, "%s: error: the image of %s thread %d is not the code of %s's "
					"thread %d: %s\n", where, t->name, t->threads[ti].id, file, ti, lt[ti].why);
				r->status = 1;
			}
			break;
		}
		if (first < 0)
			first = ti;
		else if (memcmp(lt[ti].native, lt[first].native, sizeof lt[first].native))
			why = "the threads' register assignments differ";
		/* r10 lives in a register run.c picked for this thread */
		if (phys[10] >= 0)
			byth[ti * 11 + 10] = lt[ti].native[phys[10]];
	}
	return why;
}

/* A test the guest did not run: say why if it said so; true if the dump
 * has a verifier refusal of it. */
static bool jc_not_run(jc_run *r, litmus_test *t, const char *file)
{
	bool refused = false;
	const char *why = "no JIT code in the dump";
	char whybuf[400];
	size_t nl = strlen(t->name);
	const check_result *rr = map_bpf_check(&r->ctx, file, t, &r->tb);

	if (rr && run_unsupported(t, rr, whybuf, sizeof whybuf))
		why = whybuf;
	for (int k = 0; k < r->d.nunsupported; k++)
		if (!strncmp(r->d.unsupported[k], t->name, nl) && r->d.unsupported[k][nl] == ' ') {
			snprintf(whybuf, sizeof whybuf, "verifier: %s", r->d.unsupported[k] + nl + 1);
			why = whybuf;
			refused = true;
		}
	jc_line(r, file, t, "not-run", why);
	r->nnotrun++;
	return refused;
}

/* The lifted test, read back by the native front-end, its text in *text
 * (both the caller's); NULL (refused, said) when the front-end cannot
 * read it or it has mixed-size accesses. */
static litmus_test *jc_lifted_test(jc_run *r, const char *file, const litmus_test *t, lifted *lt,
				   const char **byth, char **text)
{
	int nt = t->nthreads;
	char **cells[nt];
	int ncells[nt];
	char extra[96 * 8 + 1] = "";

	for (int k = 0; k < 10; k++)
		r->m.native[k] = lt[0].native[k];
	r->m.native_by_thread = byth;
	r->m.nthreads_native = nt;
	for (int ti = 0; ti < nt; ti++) {
		cells[ti] = lt[ti].cells;
		ncells[ti] = lt[ti].ncells;
		if (strlen(extra) + strlen(lt[ti].extra) < sizeof extra)
			strcat(extra, lt[ti].extra);
	}
	*text = map_test_text(&r->m, t, cells, ncells, nt, NULL, 0, extra);
	/* an instruction the native front-end does not model (e.g. arm64
	 * byte accesses): the code cannot be lifted */
	diag dn = { .file = "(lifted)" };
	litmus_test *tn = litmus_read_string(*text, "(lifted)", frontend_for_arch, &dn);
	/* byte / halfword accesses: the native model needs -variant mixed,
	 * bpf.cat has one value per location */
	for (int ti = 0; tn && tn->fe == r->nfe && ti < tn->nthreads && !dn.msg[0]; ti++)
		if (tn->threads[ti].mixed)
			snprintf(dn.msg, sizeof dn.msg, "P%d: a byte or halfword access "
				 "(mixed-size, not compared with bpf.cat)", tn->threads[ti].id);
	if (!tn || tn->fe != r->nfe || dn.msg[0]) {
		char why[sizeof dn.msg + 64];
		snprintf(why, sizeof why, "%s front-end: %s", r->a->fe->arch, dn.msg);
		jc_line(r, file, t, "refused", why);
		r->nrefused++;
		litmus_free(tn);
		tn = NULL;
	}
	return tn;
}

/* The lifted test tn (its text) judged against t as map judges a
 * mapping's output; counted, --emit written. */
static void jc_judge(jc_run *r, litmus_test *t, litmus_test *tn, const char *text, const char *file)
{
	r->nlifted++;
	if (r->o.emit) {
		char stem[256];
		outdir_stem(t->name, stem, sizeof stem);
		FILE *f = outdir_open(r->o.emit, stem, "litmus", "jit-check");
		if (f) {
			fputs(text, f);
			r->status |= outdir_close(f, r->o.emit, stem, "litmus", "jit-check");
		} else {
			r->status = 1;
		}
	}
	map_judgement j = map_judge(&r->ctx, file, t, tn, &r->tb);
	switch (j.verdict) {
	case MAP_UNSOUND: r->nunsound++; break;
	case MAP_STRONGER: r->nstronger++; break;
	case MAP_SOUND: r->nsound++; break;
	default: r->nunchecked++; break;
	}
	if (j.verdict == MAP_UNSOUND || j.verdict >= MAP_UNCHECKED || j.write_failed)
		r->status = 1;
}

/* One BPF test: its threads lifted from the dump, then not-run, refused or
 * judged. */
static void jc_test(jc_run *r, const char *file)
{
	diag dd = { .file = file };
	litmus_test *t = litmus_read_file(file, frontend_for_arch, &dd);

	if (!t) {
		diag_print(&dd);
		r->status = 1;
		return;
	}
	if (strcasecmp(t->arch, "BPF") != 0) {
		fprintf(stderr, "%s: error: not a BPF test (%s)\n", file, t->arch);
		litmus_free(t);
		r->status = 1;
		return;
	}
	r->ntests++;
	map_widen_observables(t);
	int nt = t->nthreads, found;
	lifted *lt = xcalloc((size_t)nt + 1, sizeof *lt);
	const char **byth = xcalloc((size_t)nt * 11 + 1, sizeof *byth);
	char whybuf[400];
	const char *why = jc_lift_threads(r, t, lt, byth, &found, whybuf, sizeof whybuf, file);
	r->nknown += found > 0;
	if (found == 0) {
		r->nknown += jc_not_run(r, t, file);
	} else if (found < nt || why) {
		jc_line(r, file, t, "refused", why ? why : "the dump lacks a thread's code");
		r->nrefused++;
	} else {
		char *text;
		litmus_test *tn = jc_lifted_test(r, file, t, lt, byth, &text);
		if (tn)
			jc_judge(r, t, tn, text, file);
		litmus_free(tn);
		free(text);
	}
	r->m.native_by_thread = NULL;
	map_bpf_free(&r->tb);
	free(byth);
	for (int ti = 0; ti < nt; ti++)
		lift_free(&lt[ti]);
	free(lt);
	litmus_free(t);
}

/* The fuzz target `jitdump` (jit_check.h): data[1..n) read as a dump and
 * its images checked as for a run, disassembled by the real llvm-objdump,
 * for the architecture data[0] picks. */
int jit_check_fuzz_dump(const char *data, size_t n)
{
	if (n == 0)
		return 0;
	jc_run r = { .a = lifter_nth((unsigned char)data[0] % lifter_count()) };
	FILE *f = fmemopen((void *)(data + 1), n - 1 ? n - 1 : 1, "r");
	if (!f)
		return 0;
	if (n > 1 && read_dump_stream(f, "(fuzz)", &r.d) == 0)
		jit_check_images(r.a, &r.d, "(fuzz)", "llvm-objdump-19", "llvm-objcopy-19", &r.code);
	fclose(f);
	jit_free_code(r.code, r.d.n);
	jit_dump_free(&r.d);
	return 0;
}

/* The dump read and disassembled, both models loaded; 0 or 1 (said). */
static int jc_load(jc_run *r, const char *dumpf, const char *objdump, const char *objcopy,
		   const char *model_dir, const char *const *variants)
{
	const frontend *bfe = frontend_for_arch("BPF");
	diag dg = { 0 };
	char bpath[PATH_MAX], npath[PATH_MAX];

	if (read_dump(dumpf, &r->d) < 0)
		return 1;
	if (r->nbt)
		r->d.nerr += jit_read_bpftool(&r->d, dumpf, r->btpaths, r->btraw, r->nbt);
	if (r->d.nrun == 0) {
		fprintf(stderr, "%s: error: no \"bpfmm-run: \" line: not the console of a `bpfmm run` "
			"guest, nor the output of bpfrun\n", dumpf);
		return 1;
	}
	int bad = jit_check_images(r->a, &r->d, dumpf, objdump, objcopy, &r->code);
	if (bad < 0)
		return 1;
	/* a malformed input line or image is an error (exit 1); its test has
	 * no code or is refused */
	if (r->d.nerr || bad)
		r->status = 1;
	r->nfe = r->a->fe;
	if (!r->nfe || map_load_model("bpf.cat", model_dir, bfe, NULL, &r->bpf, &dg, bpath) < 0
	    || map_load_model(r->a->fe->default_model, model_dir, r->nfe, variants, &r->nat, &dg, npath) < 0) {
		diag_print(&dg);
		return 1;
	}
	/* as map: a failed store-conditional is not retried, its path dropped */
	return 0;
}

static void jc_free(jc_run *r)
{
	jit_free_code(r->code, r->d.n);
	jit_dump_free(&r->d);
	cat_run_free(r->bpf.run);
	cat_model_free(r->bpf.m);
	cat_run_free(r->nat.run);
	cat_model_free(r->nat.m);
}

/* The arguments lack --arch (or it names no lifter), --dump or a test:
 * said; the exit status 2. */
static int jc_usage_error(const char *arch, const jit_lifter *a, const char *dumpf)
{
	char names[128] = "";
	const char *near = NULL;

	for (size_t i = 0; lifter_nth(i); i++) {
		const char *n = lifter_name(lifter_nth(i));
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "", n);
		if (arch && !near && diag_distance(arch, n) <= 2)
			near = n;
	}
	if (arch && !a) {
		fprintf(stderr, "bpfmm jit-check: unknown arch '%s'%s%s%s (%s)\nTry 'bpfmm jit-check --help'.\n",
			arch, near ? ": did you mean '" : "", near ? near : "", near ? "'?" : "", names);
		return 2;
	}
	fprintf(stderr, "bpfmm jit-check: %s\nTry 'bpfmm jit-check --help'.\n",
		!arch ? "--arch needed" : !dumpf ? "--dump needed" : "no litmus file given");
	return 2;
}

int jit_check_main(int argc, char **argv, const char *model_dir, const char *self)
{
	const char *arch = NULL, *dumpf = NULL, *objdump = "llvm-objdump-19", *objcopy = "llvm-objcopy-19";
	const char *files[argc > 0 ? argc : 1], *btpaths[argc > 0 ? argc : 1];
	bool btraw[argc > 0 ? argc : 1];
	int nfiles = 0, status;
	jc_run r = { .o = { .word = "JitCheck" }, .btpaths = btpaths, .btraw = btraw };
	cmd_opts so;

	opt_init(&so, 0);
	if ((status = jc_parse(argc, argv, &arch, &dumpf, &objdump, &objcopy, &r, &so, files, &nfiles)) >= 0)
		return status;
	r.a = arch ? arch_by_name(arch) : NULL;
	if (!r.a || !dumpf || nfiles == 0)
		return jc_usage_error(arch, r.a, dumpf);
	if (r.o.emit && outdir_prepare(r.o.emit, "jit-check", "--emit"))
		return 2;
	r.dumpf = dumpf;
	if (jc_load(&r, dumpf, objdump, objcopy, model_dir, so.variants)) {
		jc_free(&r);
		return 1;
	}
	r.m = (mapping){ .name = "jit", .arch = (char *)r.a->fe->arch, .model = (char *)r.a->fe->default_model };
	r.ctx = (map_ctx){ &r.m, lifter_name(r.a), &r.bpf, &r.nat, r.nfe, &r.o, stdout, stderr };
	for (int fi = 0; fi < nfiles; fi++)
		jc_test(&r, files[fi]);
	if (r.ntests && !r.nknown && !r.status) {   /* else said already */
		fprintf(stderr, "%s: error: it has no code of any test given (%d images%s%s), nor a verifier "
			"refusal: the console of another run?\n", dumpf, r.d.n, r.d.n ? ", the first of " : "",
			r.d.n ? r.d.v[0].test : "");
		r.status = 1;
	}
	if (r.o.json)
		printf("{\"summary\":\"jit-check\",\"arch\":\"%s\",\"tests\":%d,\"lifted\":%d,"
		       "\"refused\":%d,\"not_run\":%d,\"sound\":%d,\"sound_stronger\":%d,\"unsound\":%d,"
		       "\"unchecked\":%d}\n", lifter_name(r.a), r.ntests, r.nlifted, r.nrefused, r.nnotrun, r.nsound,
		       r.nstronger, r.nunsound, r.nunchecked);
	else
		printf("jit-check %s: %d tests, %d lifted, %d refused, %d not run; %d sound, %d sound-stronger, "
		       "%d unsound, %d unchecked\n", lifter_name(r.a), r.ntests, r.nlifted, r.nrefused, r.nnotrun,
		       r.nsound, r.nstronger, r.nunsound, r.nunchecked);
	jc_free(&r);
	return r.status;
}
