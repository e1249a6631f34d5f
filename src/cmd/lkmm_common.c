/* lkmm_common.c - helpers shared by c2bpf, clang2bpf, lkmm-map, diy and
 * diff-models (see lkmm_common.h). */
#include <glob.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd/lkmm_common.h"
#include "kit/parallel.h"
#include "kit/model_load.h"
#include "cat/model_dir.h"
#include "base/xalloc.h"
#include "litmus/state.h"


/* ---- growing strings ---------------------------------------------------- */

void sb_printf(sbuf *b, const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0)
		return;
	if (b->n + len + 1 > b->cap) {
		b->cap = (b->n + len + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	va_start(ap, fmt);
	vsnprintf(b->s + b->n, len + 1, fmt, ap);
	va_end(ap);
	b->n += len;
}

bool lk_has_tag(const litmus_test *t, tagmask m, const char *name)
{
	for (int i = 0; i < t->fe->ntags; i++)
		if ((m >> i & 1) && !strcmp(t->fe->tag_names[i], name))
			return true;
	return false;
}

/* RCU, SRCU, locks: refused with the family's name */
const char *lk_unsupported_family(const litmus_test *t, tagmask m)
{
	static const struct { const char *tag, *family; } fam[] = {
		{ "Rcu-lock", "RCU" }, { "Rcu-unlock", "RCU" }, { "Sync-rcu", "RCU" },
		{ "Srcu-lock", "SRCU" }, { "Srcu-unlock", "SRCU" }, { "Sync-srcu", "SRCU" },
		{ "After-srcu-read-unlock", "SRCU" },
		{ "LKR", "locks" }, { "LKW", "locks" }, { "UL", "locks" }, { "LF", "locks" },
		{ "RL", "locks" }, { "RU", "locks" }, { "After-spinlock", "locks" },
		{ "After-unlock-lock", "locks" },
	};
	for (size_t i = 0; i < sizeof fam / sizeof *fam; i++)
		if (lk_has_tag(t, m, fam[i].tag))
			return fam[i].family;
	return NULL;
}

int lk_refuse(char *reason, size_t n, const char *fmt, ...)
{
	va_list ap;

	if (!reason[0]) {
		va_start(ap, fmt);
		vsnprintf(reason, n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

bool lk_is_mb_fence(const litmus_test *t, const ir_insn *in)
{
	return in->op == IR_FENCE && lk_has_tag(t, in->tags_f, "Mb") &&
	       __builtin_popcount(in->tags_f) == 1;
}

void lk_fold_full_rmw(const litmus_test *t, int ti, const bool *target, bool *fold)
{
	const litmus_thread *th = &t->threads[ti];

	for (int i = 0; i + 2 < th->ncode; i++)
		if (lk_is_mb_fence(t, &th->code[i]) && lk_is_mb_fence(t, &th->code[i + 2]) &&
		    th->code[i + 1].op == IR_RMW && th->code[i + 1].dst >= 0 &&
		    !target[i + 1] && !target[i + 2]) {
			fold[i] = true;
			i += 2;
		}
}

void lk_print_mem_init(sbuf *b, const litmus_test *t)
{
	for (int k = 0; k < t->ninit; k++)
		if (t->init[k].thread < 0) {
			sb_printf(b, "%s=", t->syms[t->init[k].sym]);
			lk_print_val(b, t, t->init[k].val);
			sb_printf(b, "; ");
		}
}

void lk_print_tail(sbuf *b, const litmus_test *t, lk_reg_fn reg, void *ctx)
{
	if (t->nlocations) {
		sb_printf(b, "locations [");
		for (int k = 0; k < t->nlocations; k++) {
			lk_print_obs(b, t, &t->locations[k], reg, ctx);
			sb_printf(b, ";");
		}
		sb_printf(b, "]\n");
	}
	if (t->filter) {
		sb_printf(b, "filter ");
		lk_print_prop(b, t, t->filter, reg, ctx);
		sb_printf(b, "\n");
	}
	sb_printf(b, "%s ", t->quant == Q_EXISTS ? "exists" : t->quant == Q_NOT_EXISTS ? "~exists" : "forall");
	lk_print_prop(b, t, t->cond, reg, ctx);
	sb_printf(b, "\n");
}

static bool is_access(const ir_insn *in)
{
	return in->op == IR_LOAD || in->op == IR_STORE || in->op == IR_RMW || in->op == IR_CAS
	       || in->op == IR_SC;
}

/* An operand that is an address used as a value. */
static bool addr_imm(const opnd *o)
{
	return o->kind == OPND_IMM && o->imm.sym >= 0;
}

bool lk_compares_addresses(const litmus_test *t, int ti)
{
	bool compares = false, addresses = false;

	for (int i = 0; i < t->ninit; i++)
		addresses |= t->init[i].val.sym >= 0;
	for (int k = 0; k < t->nthreads; k++)
		for (int i = 0; i < t->threads[k].ncode; i++) {
			const ir_insn *in = &t->threads[k].code[i];
			bool cmp = in->op == IR_ALU && (in->alu == ALU_EQ || in->alu == ALU_NE);
			/* operands that are no access's address */
			bool branch = in->op == IR_BRANCH;
			bool value_a = !branch && !is_access(in) && in->op != IR_FENCE, value_b = !branch;
			if (k == ti && cmp) {
				compares = true;
				if (addr_imm(&in->a) || addr_imm(&in->b))
					return true;
			}
			addresses |= (value_a && addr_imm(&in->a)) || (value_b && addr_imm(&in->b))
				     || addr_imm(&in->c);
		}
	return compares && addresses;
}

int lk_ctrl_past_if(const litmus_test *t, int ti)
{
	const litmus_thread *th = &t->threads[ti];
	bool *fromread = xcalloc(t->nregs + 1, 1), grew = true;
	int found = -1;

	/* registers that may hold a value computed from a read (flow- and
	 * path-insensitive: an over-approximation) */
	while (grew) {
		grew = false;
		for (int i = 0; i < th->ncode; i++) {
			const ir_insn *in = &th->code[i];
			const opnd *o[3] = { &in->a, &in->b, &in->c };
			bool r = in->op == IR_LOAD || in->op == IR_RMW || in->op == IR_CAS;
			if (in->dst < 0 || fromread[in->dst] || in->op == IR_STORE || in->op == IR_FENCE
			    || in->op == IR_BRANCH)
				continue;
			for (int k = 0; k < 3 && !r; k++)
				r = o[k]->kind == OPND_REG && fromread[o[k]->reg];
			if (r)
				fromread[in->dst] = grew = true;
		}
	}
	for (int i = 0; i < th->ncode && found < 0; i++) {
		const ir_insn *in = &th->code[i];
		if (in->op != IR_BRANCH || in->cmp == CMP_ALWAYS || in->ctrl_end <= 0
		    || !((in->a.kind == OPND_REG && fromread[in->a.reg])
			 || (in->b.kind == OPND_REG && fromread[in->b.reg])))
			continue;
		for (int k = in->ctrl_end - 1; k < th->ncode; k++)
			if (is_access(&th->code[k])) {
				found = i;
				break;
			}
	}
	free(fromread);
	return found;
}

static bool readable(const char *p) { return p[0] && access(p, R_OK) == 0; }

/* The kernel's tools/memory-model: -I, $LKMM_DIR, ., the conformance cache. */
const char *lk_lkmm_dir(const char *opt, char *dir)
{
	char probe[PATH_MAX + 32];
	const char *home = getenv("HOME");

	if (opt)
		return opt;
	if (getenv("LKMM_DIR") && *getenv("LKMM_DIR"))
		return getenv("LKMM_DIR");
	if (readable("linux-kernel.cat"))
		return ".";
	if (home) {
		glob_t g = { 0 };
		/* only a complete tree (scripts/lkmm-tree.sh stamps it) */
		snprintf(probe, sizeof probe, "%s/.cache/bpfmm-lkmm/*/.bpfmm-complete", home);
		if (glob(probe, 0, NULL, &g) == 0) {
			for (size_t i = 0; i < g.gl_pathc; i++) {
				snprintf(dir, MODEL_DIR_MAX, "%s", g.gl_pathv[i]);
				*strrchr(dir, '/') = 0;
				strncat(dir, "/tools/memory-model", MODEL_DIR_MAX - strlen(dir) - 1);
				snprintf(probe, sizeof probe, "%s/linux-kernel.cat", dir);
				if (readable(probe)) {
					globfree(&g);
					return dir;
				}
			}
		}
		globfree(&g);
	}
	return NULL;
}

int lk_pair_load(const lk_pair_spec *s, lk_pair *p, diag *d)
{
	*p = (lk_pair){ 0 };
	for (int i = 0; i < 2; i++) {
		model_spec m = { s->path[i], NULL, &s->extra[i], s->extra[i] ? 1 : 0, NULL, s->fe[i] };
		if (!(p->run[i] = model_load(&m, &p->m[i], d)))
			return -1;
	}
	return 0;
}

int lk_c_bpf_load(lk_c_bpf *m, const char *cmd, const char *lkmm_opt, const char *bpf_model)
{
	return lk_c_target_load(m, cmd, lkmm_opt, bpf_model, "bpf.cat", "BPF");
}

int lk_c_target_load(lk_c_bpf *m, const char *cmd, const char *lkmm_opt, const char *model,
		     const char *bundled, const char *arch)
{
	char mdir[MODEL_DIR_MAX];
	diag d = { 0 };

	memset(m, 0, sizeof *m);
	const char *ldir = lk_lkmm_dir(lkmm_opt, m->ldir);
	if (!ldir) {
		fprintf(stderr, "bpfmm %s: no linux-kernel.cat (give -I DIR or set LKMM_DIR)\n", cmd);
		return 1;
	}
	snprintf(m->lpath, sizeof m->lpath, "%s/linux-kernel.cat", ldir);
	if (model)
		snprintf(m->bpath, sizeof m->bpath, "%s", model);
	else
		snprintf(m->bpath, sizeof m->bpath, "%s/%s", model_dir(mdir), bundled);
	m->spec = (lk_pair_spec){ { m->lpath, m->bpath }, { ldir, NULL },
				  { frontend_for_arch("C"), frontend_for_arch(arch) } };
	if (lk_pair_load(&m->spec, &m->loaded, &d) < 0) {
		diag_print(&d);
		return 1;
	}
	return 0;
}

void lk_c_bpf_free(lk_c_bpf *m)
{
	lk_pair_free(&m->loaded);
}

void lk_pair_free(lk_pair *p)
{
	for (int i = 0; i < 2; i++) {
		cat_run_free(p->run[i]);
		cat_model_free(p->m[i]);
	}
	*p = (lk_pair){ 0 };
}

bool lk_same_value(const litmus_test *ta, value a, const litmus_test *tb, value b)
{
	if ((a.sym < 0) != (b.sym < 0) || a.off != b.off)
		return false;
	return a.sym < 0 || !strcmp(ta->syms[a.sym], tb->syms[b.sym]);
}


/* ---- live ranges ------------------------------------------------------- */

static void mention(int *first, int *last, int r, int i)
{
	if (r < 0)
		return;
	if (first[r] == INT_MAX || i < first[r])
		first[r] = i;
	if (i > last[r])
		last[r] = i;
}

static void mention_opnd(int *first, int *last, bool *syms, opnd o, int i)
{
	if (o.kind == OPND_REG) {
		if (first[o.reg] == INT_MAX)
			first[o.reg] = -1;   /* read before written: its initial value */
		mention(first, last, o.reg, i);
	} else if (o.kind == OPND_IMM && o.imm.sym >= 0) {
		syms[o.imm.sym] = true;
	}
}

/* A register the final state shows lives from the start to the end: a
 * path that skips its write must still show its initial value, not the
 * value of another range sharing its target register. */
static void observed(int *first, int *last, int r, int end)
{
	first[r] = -1;
	last[r] = end;
}

static void mention_prop(const prop *p, int ti, int *first, int *last, int end)
{
	if (!p)
		return;
	if (p->kind == PROP_ATOM) {
		if (p->lhs.thread == ti)
			observed(first, last, p->lhs.reg, end);
		if (p->rhs_is_obs && p->rhs_obs.thread == ti)
			observed(first, last, p->rhs_obs.reg, end);
	}
	mention_prop(p->l, ti, first, last, end);
	mention_prop(p->r, ti, first, last, end);
}

void lk_live_ranges(const litmus_test *t, int ti, int *first, int *last, bool *syms)
{
	const litmus_thread *th = &t->threads[ti];
	int end = th->ncode;

	for (int r = 0; r < t->nregs; r++)
		first[r] = INT_MAX, last[r] = -2;
	for (int i = 0; i < th->ncode; i++) {
		const ir_insn *in = &th->code[i];
		mention_opnd(first, last, syms, in->a, i);
		mention_opnd(first, last, syms, in->b, i);
		mention_opnd(first, last, syms, in->c, i);
		mention(first, last, in->dst, i);
	}
	for (int k = 0; k < t->ninit; k++)
		if (t->init[k].thread == ti) {
			mention(first, last, t->init[k].reg, 0);
			first[t->init[k].reg] = -1;
		}
	mention_prop(t->cond, ti, first, last, end);
	mention_prop(t->filter, ti, first, last, end);
	for (int k = 0; k < t->nlocations; k++)
		if (t->locations[k].thread == ti)
			observed(first, last, t->locations[k].reg, end);
}

/* ---- printing a test's values and conditions ---------------------------- */

void lk_print_val(sbuf *b, const litmus_test *t, value v)
{
	if (v.sym < 0)
		sb_printf(b, "%lld", (long long)v.off);
	else if (v.off == 0)
		sb_printf(b, "%s", t->syms[v.sym]);
	else
		sb_printf(b, "%s+%lld", t->syms[v.sym], (long long)v.off);
}

void lk_print_obs(sbuf *b, const litmus_test *t, const observable *o, lk_reg_fn reg, void *ctx)
{
	if (o->thread >= 0) {
		sb_printf(b, "%d:", t->threads[o->thread].id);
		reg(b, t, o->thread, o->reg, ctx);
	} else {
		sb_printf(b, "%s", t->syms[o->sym]);
	}
}

void lk_print_prop(sbuf *b, const litmus_test *t, const prop *p, lk_reg_fn reg, void *ctx)
{
	switch (p->kind) {
	case PROP_TRUE: sb_printf(b, "true"); break;
	case PROP_FALSE: sb_printf(b, "false"); break;
	case PROP_ATOM:
		lk_print_obs(b, t, &p->lhs, reg, ctx);
		sb_printf(b, "=");
		if (p->rhs_is_obs)
			lk_print_obs(b, t, &p->rhs_obs, reg, ctx);
		else
			lk_print_val(b, t, p->rhs);
		break;
	case PROP_NOT:
		sb_printf(b, "~(");
		lk_print_prop(b, t, p->l, reg, ctx);
		sb_printf(b, ")");
		break;
	default:
		sb_printf(b, "(");
		lk_print_prop(b, t, p->l, reg, ctx);
		sb_printf(b, p->kind == PROP_AND ? " /\\ " : p->kind == PROP_OR ? " \\/ " : " => ");
		lk_print_prop(b, t, p->r, reg, ctx);
		sb_printf(b, ")");
		break;
	}
}

/* ---- comparing final states --------------------------------------------- */

/* Index in rn's observables of tc's observable oc: memory by name, a
 * register by the name `reg` gives it in the target test. */
static int target_obs(const litmus_test *tc, const observable *oc, const litmus_test *tn,
		      const check_result *rn, lk_reg_fn reg, void *ctx)
{
	for (int i = 0; i < rn->nobs; i++) {
		const observable *o = &rn->obs[i];
		if (o->thread != oc->thread)
			continue;
		if (oc->thread < 0 && !strcmp(tc->syms[oc->sym], tn->syms[o->sym]))
			return i;
		if (oc->thread >= 0) {
			sbuf name = { 0 };
			reg(&name, tc, oc->thread, oc->reg, ctx);
			bool same = name.s && !strcmp(tn->regs[o->reg], name.s);
			free(name.s);
			if (same)
				return i;
		}
	}
	return -1;
}

int lk_extra_states(const litmus_test *tc, const check_result *rc, const litmus_test *tn,
		    const check_result *rn, lk_reg_fn reg, void *ctx, const char *label,
		    sbuf *first, FILE *verbose)
{
	int idx[rc->nobs + 1], extra = 0;

	if (rc->nobs != rn->nobs)
		return -1;
	for (int i = 0; i < rc->nobs; i++)
		if ((idx[i] = target_obs(tc, &rc->obs[i], tn, rn, reg, ctx)) < 0)
			return -1;
	for (int s = 0; s < rn->nstates; s++) {
		const value *row = rn->states + (size_t)s * rn->nobs;
		bool found = false;
		for (int u = 0; u < rc->nstates && !found; u++) {
			const value *crow = rc->states + (size_t)u * rc->nobs;
			found = true;
			for (int i = 0; i < rc->nobs && found; i++)
				found = lk_same_value(tc, crow[i], tn, row[idx[i]]);
		}
		if (found || (extra++ && !verbose))
			continue;
		value crow[rc->nobs + 1];
		for (int i = 0; i < rc->nobs; i++)
			crow[i] = row[idx[i]];
		/* tc's names, tn's values (state.h) */
		char *st = state_string(tc, rc->obs, rc->nobs, tn, crow);
		if (extra == 1 && first && st)
			sb_printf(first, "%s", st);
		if (verbose)
			fprintf(verbose, "  %s-only state: %s\n", label, st ? st : "");
		free(st);
	}
	return extra;
}

int lk_assign_registers(const int *first, const int *last, int nregs, const bool *taken,
			int ntarget, int *map)
{
	int busy_until[ntarget > 0 ? ntarget : 1];
	bool reuse = false;
again:
	for (int r = 0; r < nregs; r++)
		map[r] = -1;
	for (int k = 0; k < ntarget; k++)
		busy_until[k] = taken[k] ? INT_MAX : -3;
	for (;;) {
		int best = -1, k;
		for (int r = 0; r < nregs; r++)
			if (first[r] != INT_MAX && map[r] < 0 && (best < 0 || first[r] < first[best]))
				best = r;
		if (best < 0)
			return 0;
		for (k = 0; k < ntarget; k++)
			if (busy_until[k] < first[best])
				break;
		if (k == ntarget) {
			if (reuse)
				return -1;
			reuse = true;   /* not enough: share by live range */
			goto again;
		}
		map[best] = k;
		busy_until[k] = reuse ? last[best] : INT_MAX;
	}
}

/* ---- one thread's column of cells --------------------------------------- */

void lk_col_add(lk_column *c, char *cell)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 16;
		c->cells = xrealloc(c->cells, sizeof *c->cells * c->cap);
	}
	c->cells[c->n++] = cell;
}

void lk_col_line(lk_column *c, const char *line)
{
	sbuf b = { 0 };

	if (c->label) {
		sb_printf(&b, "%s: %s", c->label, line);
		c->label = NULL;
	} else {
		sb_printf(&b, "%s", line);
	}
	lk_col_add(c, b.s);
}

void lk_col_flush_label(lk_column *c)
{
	if (c->label) {
		sbuf b = { 0 };
		sb_printf(&b, "%s:", c->label);
		c->label = NULL;
		lk_col_add(c, b.s);
	}
}

void lk_col_set_label(lk_column *c, const char *fmt, ...)
{
	va_list ap;

	lk_col_flush_label(c);
	va_start(ap, fmt);
	vsnprintf(c->labelbuf, sizeof c->labelbuf, fmt, ap);
	va_end(ap);
	c->label = c->labelbuf;
}

void lk_col_free(lk_column *c)
{
	for (int r = 0; r < c->n; r++)
		free(c->cells[r]);
	free(c->cells);
	memset(c, 0, sizeof *c);
}

void lk_print_grid(sbuf *b, const litmus_test *t, const lk_column *const *cols)
{
	int rows = 0, width[t->nthreads + 1];

	for (int ti = 0; ti < t->nthreads; ti++) {
		if (cols[ti]->n > rows)
			rows = cols[ti]->n;
		width[ti] = 4;
		for (int r = 0; r < cols[ti]->n; r++)
			if ((int)strlen(cols[ti]->cells[r]) > width[ti])
				width[ti] = (int)strlen(cols[ti]->cells[r]);
	}
	for (int r = -1; r < rows; r++)
		for (int ti = 0; ti < t->nthreads; ti++) {
			char head[16];
			const char *cell = r < 0 ? (snprintf(head, sizeof head, "P%d", t->threads[ti].id), head)
					 : r < cols[ti]->n ? cols[ti]->cells[r] : "";
			sb_printf(b, " %-*s %s", width[ti], cell, ti + 1 < t->nthreads ? "|" : ";\n");
		}
}

/* -j: a worker is one thread's pair of models */
typedef struct {
	const lk_pair_job *j;
	lk_pair p;
} lk_pair_worker;

static void *lk_pair_worker_new(void *arg)
{
	lk_pair_worker *w = xcalloc(1, sizeof *w);
	diag d = { 0 };

	w->j = arg;
	if (lk_pair_load(&w->j->spec, &w->p, &d) < 0) {
		diag_print(&d);
		exit(1);
	}
	return w;
}

static void lk_pair_worker_free(void *p)
{
	lk_pair_worker *w = p;

	lk_pair_free(&w->p);
	free(w);
}

static int lk_pair_one(void *p, int i, FILE *out, FILE *err)
{
	lk_pair_worker *w = p;

	return w->j->test(w->j->opts, w->j->files[i], w->p.run[0], w->p.run[1], out, err);
}

int lk_pair_run(const lk_pair_job *j, int first, int last, int jobs)
{
	par_job pj = { lk_pair_worker_new, lk_pair_worker_free, lk_pair_one, (void *)j };

	return par_run(&pj, first, last, jobs);
}
