/* lkmm_translate.c - the skeleton shared by c2bpf and lkmm-map: per
 * thread, refusals, folding, register allocation and the walk over the
 * IR; per test, the two checks, the comparison and the report (see
 * lkmm_translate.h). */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/lkmm_translate.h"
#include "kit/outdir.h"
#include "kit/parallel.h"
#include "kit/output.h"
#include "kit/report.h"
#include "arch/frontends.h"
#include "litmus/litmus_read.h"
#include "base/xalloc.h"

void lk_emit(lk_xthread *x, const char *fmt, ...)
{
	char line[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	lk_col_line(&x->col, line);
}

/* ---- registers ------------------------------------------------------------ */

/* The next free register of the policy's order into *var; -1 (refused)
 * when there is none. */
static int take(lk_xthread *x, const lk_regs *r, bool *taken, int *next, int *var)
{
	while (*next < r->norder && taken[r->order[*next]])
		(*next)++;
	if (*next == r->norder)
		return lk_xrefuse(x, "needs more than %d %s", r->max_fixed, r->unit);
	taken[r->order[*next]] = true;
	*var = r->order[*next];
	return 0;
}

int lk_allocate(lk_xthread *x, const lk_regs *r, int nscratch)
{
	const litmus_test *t = x->t;
	const litmus_thread *th = &t->threads[x->ti];
	int nr = t->nregs, next = 0, rc = 0;
	int *first = xmalloc(sizeof(int) * (nr + 1)), *last = xmalloc(sizeof(int) * (nr + 1));
	bool *syms = xcalloc(t->nsyms + 1, 1);
	bool *taken = xcalloc(r->nregs, 1);

	lk_live_ranges(t, x->ti, first, last, syms);
	for (int i = 0; i < th->ncode && r->cas_reg >= 0; i++)
		if (th->code[i].op == IR_CAS)
			taken[r->cas_reg] = true;
	/* fixed uses: scratch, addresses, sc status */
	for (int k = 0; k < nscratch && !rc; k++)
		rc = take(x, r, taken, &next, &x->tmp[k]);
	for (int s = 0; s < t->nsyms && !rc; s++)
		if (syms[s])
			rc = take(x, r, taken, &next, &x->symreg[s]);
	for (int i = 0; i < th->ncode && r->cas_status && !rc; i++)
		if (th->code[i].op == IR_CAS)
			rc = take(x, r, taken, &next, &x->status[i]);
	/* C registers by live range, in the registers not taken above */
	for (int k = 0; k < r->nregs; k++)
		taken[k] |= (r->never_c >> k) & 1;
	if (!rc && lk_assign_registers(first, last, nr, taken, r->nregs, x->map) < 0)
		rc = lk_xrefuse(x, "needs more than %d %s", r->max_c, r->unit);
	free(first);
	free(last);
	free(syms);
	free(taken);
	return rc;
}

/* ---- one thread ------------------------------------------------------------ */

/* Refusals that hold for any target; 0 or -1. Marks branch targets. */
static int refuse_early(lk_xthread *x)
{
	const litmus_test *t = x->t;
	const litmus_thread *th = &t->threads[x->ti];

	for (int i = 0; i < th->ncode; i++) {
		const ir_insn *in = &th->code[i];
		const char *fam = lk_unsupported_family(t, in->tags_r | in->tags_w | in->tags_f |
							   in->tags_fail | in->tags_fence_ok);
		if (fam)
			return lk_xrefuse(x, "%s", fam);
		if (in->op == IR_BRANCH)
			x->target[in->target] = true;
	}
	if (lk_ctrl_past_if(t, x->ti) >= 0)
		return lk_xrefuse(x, "an access after an if would depend on its condition in %s, not in C",
				  x->tg->dialect);
	if (lk_compares_addresses(t, x->ti))
		return lk_xrefuse(x, "a comparison used as a value may compare addresses, "
				  "which %s litmus tests cannot compute", x->tg->dialect);
	return 0;
}

/* One instruction through the target's emitter; a store-conditional or a
 * select (no C primitive gives them) has no translation. */
static int insn(lk_xthread *x, const ir_insn *in, int i)
{
	switch (in->op) {
	case IR_SC:
		return lk_xrefuse(x, "store-conditional");
	case IR_PICK:
		return lk_xrefuse(x, "conditional select");
	case IR_RMW:
		return x->tg->rmw(x, in, false);
	case IR_CAS:
		return x->tg->cas(x, in, i);
	case IR_BRANCH:
		return x->tg->branch(x, in);
	default:
		return x->tg->insn(x, in, i);
	}
}

int lk_translate_thread(lk_xthread *x)
{
	const litmus_thread *th = &x->t->threads[x->ti];

	if (refuse_early(x))
		return -1;
	/* Mb; value-returning RMW; Mb is how the C front-end writes a fully
	 * ordered RMW: the target's one fully ordered atomic */
	lk_fold_full_rmw(x->t, x->ti, x->target, x->fold);
	if (x->tg->allocate(x))
		return -1;
	for (int i = 0; i < th->ncode; i++) {
		if (x->target[i])   /* a label still waiting had an empty expansion */
			lk_col_set_label(&x->col, "L%d_%d", x->ti, i);
		if (x->fold[i]) {
			if (x->tg->rmw(x, &th->code[i + 1], true))
				return -1;
			i += 2;
			continue;
		}
		if (insn(x, &th->code[i], i))
			return -1;
	}
	if (x->target[th->ncode])
		lk_col_set_label(&x->col, "L%d_%d", x->ti, th->ncode);
	lk_col_flush_label(&x->col);
	return 0;
}

/* The threads of tc, ready for lk_translate_thread. */
static lk_xthread *threads_new(const litmus_test *tc, const lk_target *tg, const void *data)
{
	lk_xthread *xs = xcalloc(tc->nthreads, sizeof *xs);

	for (int ti = 0; ti < tc->nthreads; ti++) {
		lk_xthread *x = &xs[ti];
		int nc = tc->threads[ti].ncode;
		*x = (lk_xthread){ .t = tc, .ti = ti, .tg = tg, .data = data };
		x->map = xmalloc(sizeof(int) * (tc->nregs + 1));
		x->symreg = xmalloc(sizeof(int) * (tc->nsyms + 1));
		x->status = xmalloc(sizeof(int) * (nc + 1));
		x->target = xcalloc(nc + 1, 1);
		x->fold = xcalloc(nc + 1, 1);
		for (int r = 0; r < tc->nregs; r++)
			x->map[r] = -1;
		for (int s = 0; s < tc->nsyms; s++)
			x->symreg[s] = -1;
		for (int i = 0; i <= nc; i++)
			x->status[i] = -1;
		for (int k = 0; k < (int)(sizeof x->tmp / sizeof *x->tmp); k++)
			x->tmp[k] = -1;
	}
	return xs;
}

static void threads_free(lk_xthread *xs, int n)
{
	for (int ti = 0; xs && ti < n; ti++) {
		lk_col_free(&xs[ti].col);
		free(xs[ti].map);
		free(xs[ti].symreg);
		free(xs[ti].status);
		free(xs[ti].target);
		free(xs[ti].fold);
	}
	free(xs);
}

/* ---- the translated test's text ------------------------------------------- */

void lk_xreg(sbuf *b, const litmus_test *t, int ti, int reg, void *ctx)
{
	const lk_xthread *xs = ctx;

	sb_printf(b, "%s%d", xs[ti].tg->regprefix, xs[ti].map[reg]);
	(void)t;
}

void lk_print_head(sbuf *b, const litmus_test *t, lk_xthread *xs,
		   void (*extra)(sbuf *b, const lk_xthread *x, int id))
{
	sb_printf(b, "{\n");
	lk_print_mem_init(b, t);
	for (int ti = 0; ti < t->nthreads; ti++) {
		const lk_xthread *x = &xs[ti];
		const char *p = x->tg->regprefix;
		int id = t->threads[ti].id;
		for (int s = 0; s < t->nsyms; s++)
			if (x->symreg[s] >= 0)
				sb_printf(b, "%d:%s%d=%s; ", id, p, x->symreg[s], t->syms[s]);
		if (extra)
			extra(b, x, id);
		for (int k = 0; k < t->ninit; k++)
			if (t->init[k].thread == ti && x->map[t->init[k].reg] >= 0) {
				sb_printf(b, "%d:%s%d=", id, p, x->map[t->init[k].reg]);
				lk_print_val(b, t, t->init[k].val);
				sb_printf(b, "; ");
			}
		sb_printf(b, "\n");
	}
	sb_printf(b, "}\n");
	const lk_column *cols[t->nthreads + 1];
	for (int ti = 0; ti < t->nthreads; ti++)
		cols[ti] = &xs[ti].col;
	lk_print_grid(b, t, cols);
}

/* ---- one test --------------------------------------------------------------- */

/* The report line, or with --json its record (target, state, reason NULL
 * when there is none). */
static void report(const lk_cmd *c, const char *file, const litmus_test *tc, const char *mapping,
		   const char *lkmm, const char *target, const char *verdict, const char *state,
		   const char *reason, FILE *out)
{
	verdict_record v = {
		.kind = REPORT_LKMM, .word = c->tag, .test = tc->name, .mapping = mapping, .lkmm = lkmm,
		.target_key = c->key, .target_jkey = c->jkey, .target = target, .verdict = verdict,
		.reason = reason, .state = state, .state_in_text = c->state_in_line, .tally = c->tally,
	};
	report_verdict(out, c->json, file, &v);
}

/* A test that could not be checked (report_failure). */
static int failed(const lk_cmd *c, const char *file, const diag *d, FILE *out, FILE *err)
{
	report_count_error(c->tally);
	return report_failure(c->json, file, d, out, err);
}

litmus_test *lk_read_checked(const lk_cmd *c, const char *file, cat_run *lkmm, check_result *rc,
			     FILE *out, FILE *err)
{
	diag d = { .file = file };
	litmus_test *tc = litmus_read_file(file, frontend_for_arch, &d);
	check_opts co = check_defaults(lkmm, c->budget);

	if (!tc) {
		failed(c, file, &d, out, err);
		return NULL;
	}
	if (strcmp(tc->arch, "C"))
		diag_error(&d, (srcpos){ 0, 0 }, "not a C litmus test (%s)", tc->arch);
	else if (check_test_opts(tc, lkmm, &co, rc, &d) >= 0)
		return tc;
	failed(c, file, &d, out, err);
	litmus_free(tc);
	return NULL;
}

/* DIR/NAME[.MAPPING].litmus, NAME the C test's name; 0 or 1 (with a message) */
static int write_emit(const lk_cmd *c, const char *name, const char *mapping, const char *text)
{
	char stem[512];

	outdir_stem(name, stem, 256);
	if (mapping)
		snprintf(stem + strlen(stem), sizeof stem - strlen(stem), ".%s", mapping);
	FILE *f = outdir_open(c->emit_dir, stem, "litmus", c->cmd);
	if (!f)
		return 1;
	fputs(text, f);
	return outdir_close(f, c->emit_dir, stem, "litmus", c->cmd);
}

/* The verdict word: from the extra states when they line up, else from
 * the verdicts (for `exists`, the target must not observe what the LKMM
 * never does). */
static const char *verdict_word(const lk_cmd *c, int extra, const check_result *rc,
				const check_result *rt)
{
	const char *lw = observation_word(rc), *tw = observation_word(rt);

	if (extra > 0)
		return c->words[0];
	if (extra == 0)
		return c->words[rt->nstates < rc->nstates ? 1 : 2];
	bool weaker = (!strcmp(lw, "Never") && strcmp(tw, "Never")) ||
		      (!strcmp(lw, "Always") && strcmp(tw, "Always"));
	return c->words[weaker ? 0 : 2];
}

/* Check the translation text of tc under trun and report; status as
 * lk_translate_test's. */
static int check_translation(const lk_cmd *c, const char *file, litmus_test *tc, const check_result *rc,
			     const char *mapping, lk_xthread *xs, const char *text, cat_run *trun,
			     FILE *out, FILE *err)
{
	diag d = { .file = file };
	check_result rt = { 0 };
	litmus_test *tt = litmus_read_string(text, file, frontend_for_arch, &d);
	int status = 1;

	if (!tt) {
		diag dt = d;
		d = (diag){ .file = file };
		diag_error(&d, (srcpos){ 0, 0 }, "the %s translation%s%s%s does not parse: %d:%d: %s",
			   c->tg->dialect, mapping ? " (" : "", mapping ? mapping : "", mapping ? ")" : "",
			   dt.pos.line, dt.pos.col, dt.msg);
		failed(c, file, &d, out, err);
		if (c->verbose)
			fputs(text, err);
		goto out;
	}
	check_opts to = check_defaults(trun, c->budget);
	if (check_test_opts(tt, trun, &to, &rt, &d) < 0) {
		failed(c, file, &d, out, err);
		goto out;
	}
	sbuf first = { 0 };
	int extra = lk_extra_states(tc, rc, tt, &rt, lk_xreg, xs, c->tg->dialect, &first, NULL);
	report(c, file, tc, mapping, observation_word(rc), observation_word(&rt),
	       verdict_word(c, extra, rc, &rt), first.s, NULL, out);
	free(first.s);
	if (c->verbose) {
		if (extra > 0)
			lk_extra_states(tc, rc, tt, &rt, lk_xreg, xs, c->tg->dialect, NULL, out);
		fputs(text, out);
	}
	status = 0;
out:
	check_result_free(&rt);
	litmus_free(tt);
	return status;
}

int lk_translate_test(const lk_cmd *c, const char *file, litmus_test *tc, const check_result *rc,
		      const char *mapping, const void *data, cat_run *trun, FILE *out, FILE *err)
{
	lk_xthread *xs = threads_new(tc, c->tg, data);
	const char *reason = NULL;
	int status = 0;

	for (int ti = 0; ti < tc->nthreads && !reason; ti++)
		if (lk_translate_thread(&xs[ti]))
			reason = xs[ti].reason;
	if (reason) {
		report(c, file, tc, mapping, observation_word(rc), NULL, "refused", NULL, reason, out);
	} else {
		char *text = c->tg->text(tc, xs);
		/* a file that cannot be written fails the run, not the result */
		int write_failed = c->emit_dir ? write_emit(c, tc->name, mapping, text) : 0;
		status = check_translation(c, file, tc, rc, mapping, xs, text, trun, out, err);
		status |= write_failed;
		free(text);
	}
	threads_free(xs, tc->nthreads);
	fflush(out);
	return status;
}

/* ---- the command line --------------------------------------------------------- */

/* The command line into c, so and files; -1 to go on, else the exit
 * status. */
static int parse(lk_cmd *c, cmd_opts *so, void *opts, int argc, char **argv, const char **files,
		 int *nfiles)
{
	const char *v;

	opt_init(so, 0);
	*nfiles = 0;
	for (int i = 1; i < argc; i++) {
		switch (opt_next(c->spec, argc, argv, &i, &v, so)) {
		case OPT_FAIL:
			return 2;
		case OPT_OPERAND:
			files[(*nfiles)++] = v;
			break;
		case LK_HELP:
			opt_help(stdout, c->spec);
			return 0;
		case LK_EMIT:
			c->emit_dir = v;
			break;
		case LK_VERBOSE:
			c->verbose = true;
			break;
		case LK_MODEL:
			c->model = v;
			break;
		case LK_OWN:
			if (c->own(opts, v))
				return 2;
			break;
		}
		c->json = so->json;
	}
	const char *missing = c->missing ? c->missing(opts) : NULL;
	if (!missing && !*nfiles)
		missing = "no litmus file given";
	if (missing)
		return opt_usage_error(c->cmd, "%s", missing);
	return -1;
}

int lk_cmd_main(lk_cmd *c, void *opts, int argc, char **argv)
{
	const char *files[argc > 0 ? argc : 1];
	int nfiles, status;
	cmd_opts so;

	if ((status = parse(c, &so, opts, argc, argv, files, &nfiles)) >= 0)
		return status;
	/* -I: the last one names the kernel's tools/memory-model */
	const char *lkmm_dir = so.nincdirs ? so.incdirs[so.nincdirs - 1] : NULL;
	int first, last;
	lk_c_bpf mods;

	if (c->emit_dir && outdir_prepare(c->emit_dir, c->cmd, "--emit"))
		return 2;
	if (lk_c_target_load(&mods, c->cmd, lkmm_dir, c->model, c->bundled, c->arch)) {
		status = 1;
	} else {
		report_tally tally = { 0 };
		lk_pair_job j = { opts, files, mods.spec, c->test };
		c->tally = &tally;
		par_shard(nfiles, so.shard_k, so.shard_n, &first, &last);
		status = lk_pair_run(&j, first, last, so.jobs);
		/* as map: not under --json, nor in a shard */
		if (!c->json && so.shard_n == 1)
			report_summary(stdout, c->cmd, last - first, &tally);
		c->tally = NULL;
	}
	lk_c_bpf_free(&mods);
	return status;
}
