/* jit_map.c - `bpfmm map`: is a JIT's instruction mapping sound for the BPF
 * memory model?
 *
 * Each BPF litmus test is compiled, instruction by instruction, into a
 * litmus test of the native architecture using the templates of a mapping
 * table (mapping.h). The native test is produced as TEXT and read back with
 * litmus_read_string(), so the native front-end sees it exactly as it would
 * see a user's file. Both tests are checked (check_test_opts) with their own
 * model, and the sets of final states are compared over the same
 * observables: the condition's, every memory location and every register a
 * memory access writes. A native state that BPF forbids makes the mapping
 * unsound for that test.
 *
 * Loops: a template line marked @retry (the back edge of an LR/SC or
 * larx/stcx. retry loop) is in the native test, and the engine unrolls it
 * as it unrolls every loop (thread_traces, --unroll, default 0 here: an
 * attempt that fails is not retried, its path is dropped, as herd7
 * -unroll 0 does for the kernel's LL/SC tests). The status register the
 * store-conditional writes ({status}) is also filtered to "succeeded" in
 * the final state, which every complete path satisfies. Lines marked @omit
 * (zero extensions of small values) are documentation only; lines marked
 * @mixed are in the test only with --mixed, lines marked @whole only
 * without it (a 32-bit JIT's word pair for a u64 access, line_skipped).
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "exec/check.h"
#include "arch/bpf_frontend.h"
#include "arch/frontends.h"
#include "litmus/litmus_read.h"
#include "jit/jit_map.h"
#include "kit/outdir.h"
#include "jit/mapping.h"
#include "kit/output.h"
#include "kit/report.h"
#include "kit/parallel.h"
#include "kit/model_load.h"
#include "kit/options.h"
#include "base/xalloc.h"
#include "litmus/state.h"

#define NELEM(a) (sizeof (a) / sizeof *(a))

/* ---- generation ---------------------------------------------------------- */

typedef struct {
	const mapping *m;
	const litmus_test *t;     /* the BPF test */
	int ti;                   /* thread being generated */
	char **cells;             /* its native cells */
	int ncells;
	bool *needlabel;          /* per BPF instruction index (0..ncode) */
	int nfresh;               /* {status} registers used in this thread */
	bool flag_used;           /* {flag} used in this thread */
	int uniq;                 /* local label counter */
	/* filter conjuncts "T:REG=0" for every {status} */
	char **status;
	int nstatus;
	const char *unsupported;  /* class with no section */
	bool mixed;               /* map --mixed: @mixed lines in, @whole out */
	char err[256];
} gen;

/* Line i of s is left out of the test: @omit, or @whole / @mixed when
 * the test is (not) generated for the mixed-size mode. */
static bool line_skipped(const gen *g, const map_section *s, int i)
{
	return (s->flags[i] & MAP_LINE_OMIT)
	       || (s->flags[i] & (g->mixed ? MAP_LINE_WHOLE : MAP_LINE_MIXED));
}

/* per-instruction operands, as native text */
typedef struct {
	const char *k1, *k2;      /* section/variable keys: operation, size */
	char dst[32], base[32], off[32], off4[32], abase[32], src[32], exp[32], new_[32];
	char a[32], b[32], imm[64], target[32], end[32], status[32];
	char locals[8][2][64];    /* {Lname} -> unique label */
	int nlocals;
	bool has_status;
} operands;

static int gen_fail(gen *g, const char *fmt, const char *arg)
{
	snprintf(g->err, sizeof g->err, fmt, arg);
	return -1;
}

static void push_cell(gen *g, const char *text)
{
	g->cells = xrealloc(g->cells, sizeof *g->cells * (g->ncells + 1));
	g->cells[g->ncells++] = xstrdup(text);
}

static void label_name(char *buf, size_t n, int ti, int k)
{
	snprintf(buf, n, "L%dT%d", ti, k);   /* not P<n>...: herd7 reads that as a thread */
}

/* native name of BPF register index `reg`, or NULL */
static const char *native_reg_sized(const gen *g, int reg, int size)
{
	const char *name = g->t->regs[reg];
	int n;

	if (name[0] != 'r' || sscanf(name + 1, "%d", &n) != 1 || n < 0 || n > 10)
		return NULL;
	if (size > 0 && size <= 4 && g->m->native32[n])
		return g->m->native32[n];
	return g->m->native[n];
}

static const char *native_reg(const gen *g, int reg)
{
	return native_reg_sized(g, reg, 0);
}

/* native name of BPF register rN in thread `thread` (jit-check: a thread
 * may hold r10 in a register of its own) */
static const char *thread_native(const mapping *m, int thread, int n)
{
	if (m->native_by_thread && thread >= 0 && thread < m->nthreads_native
	    && m->native_by_thread[thread * 11 + n])
		return m->native_by_thread[thread * 11 + n];
	return m->native[n];
}

static const char *native_reg_of(const gen *g, int thread, int reg)
{
	const char *name = g->t->regs[reg];
	int n;

	if (name[0] != 'r' || sscanf(name + 1, "%d", &n) != 1 || n < 0 || n > 10)
		return NULL;
	return thread_native(g->m, thread, n);
}

static void fmt_value(char *buf, size_t n, const litmus_test *t, value v)
{
	if (v.sym < 0)
		snprintf(buf, n, "%lld", (long long)v.off);
	else if (v.off == 0)
		snprintf(buf, n, "%s", t->syms[v.sym]);
	else
		snprintf(buf, n, "%s+%lld", t->syms[v.sym], (long long)v.off);
}

static int instantiate(gen *g, const map_section *s, operands *op);

/* A register operand: its native name, or an immediate put into immreg
 * by the [imm] section first. */
static int reg_or_imm(gen *g, const opnd *o, char *out, size_t n, operands *op, int size)
{
	if (o->kind == OPND_REG) {
		const char *r = native_reg_sized(g, o->reg, size);
		if (!r)
			return gen_fail(g, "no native register for BPF register '%s'", g->t->regs[o->reg]);
		snprintf(out, n, "%s", r);
		return 0;
	}
	const map_section *s = mapping_section(g->m, "imm", NULL, NULL);
	if (!s || !g->m->immreg) {
		g->unsupported = "imm";
		return 1;
	}
	const char *reg = size > 0 && size <= 4 && g->m->immreg32 ? g->m->immreg32 : g->m->immreg;
	operands io = { .k1 = op->k1, .k2 = op->k2 };
	fmt_value(io.imm, sizeof io.imm, g->t, o->imm);
	snprintf(io.dst, sizeof io.dst, "%s", reg);
	int rc = instantiate(g, s, &io);
	if (rc)
		return rc;
	snprintf(out, n, "%s", reg);
	return 0;
}

static bool section_uses(const gen *g, const map_section *s, const char *ph)
{
	for (int i = 0; i < s->nlines; i++)
		if (!line_skipped(g, s, i) && strstr(s->lines[i], ph))
			return true;
	return false;
}

static const char *lookup(gen *g, operands *op, const char *name)
{
	static const struct { const char *name; size_t off; } fields[] = {
		{ "dst", offsetof(operands, dst) }, { "base", offsetof(operands, base) },
		{ "off", offsetof(operands, off) }, { "off4", offsetof(operands, off4) },
		{ "abase", offsetof(operands, abase) },
		{ "src", offsetof(operands, src) }, { "exp", offsetof(operands, exp) },
		{ "new", offsetof(operands, new_) }, { "a", offsetof(operands, a) },
		{ "b", offsetof(operands, b) }, { "imm", offsetof(operands, imm) },
		{ "target", offsetof(operands, target) }, { "end", offsetof(operands, end) },
	};
	for (size_t i = 0; i < NELEM(fields); i++)
		if (!strcmp(name, fields[i].name)) {
			const char *v = (const char *)op + fields[i].off;
			return v[0] ? v : NULL;
		}
	if (!strcmp(name, "flag")) {
		if (!g->m->flagreg)
			return NULL;
		if (!g->flag_used) {
			char buf[64];
			g->flag_used = true;
			snprintf(buf, sizeof buf, "%d:%s=0", g->ti, g->m->flagreg);
			g->status = xrealloc(g->status, sizeof *g->status * (g->nstatus + 1));
			g->status[g->nstatus++] = xstrdup(buf);
		}
		return g->m->flagreg;
	}
	if (!strcmp(name, "status")) {
		if (!op->has_status) {
			if (g->nfresh >= g->m->nfresh)
				return NULL;
			snprintf(op->status, sizeof op->status, "%s", g->m->fresh[g->nfresh++]);
			op->has_status = true;
			char buf[64];
			/* the filter names it as herd7 prints it (AArch64: X13 for W13) */
			const frontend *nfe = frontend_for_arch(g->m->arch);
			char cbuf[CANON_REG_MAX];
			const char *canon = nfe && nfe->canon_register ? nfe->canon_register(op->status, cbuf) : NULL;
			snprintf(buf, sizeof buf, "%d:%s=%s", g->ti, canon ? canon : op->status,
				 g->m->status_ok ? g->m->status_ok : "0");
			g->status = xrealloc(g->status, sizeof *g->status * (g->nstatus + 1));
			g->status[g->nstatus++] = xstrdup(buf);
		}
		return op->status;
	}
	if (name[0] == 'L' && name[1] >= 'a' && name[1] <= 'z') {   /* {Lretry} */
		for (int i = 0; i < op->nlocals; i++)
			if (!strcmp(op->locals[i][0], name))
				return op->locals[i][1];
		if (op->nlocals == (int)NELEM(op->locals))
			return NULL;
		snprintf(op->locals[op->nlocals][0], 64, "%s", name);
		snprintf(op->locals[op->nlocals][1], 64, "L%dA%d", g->ti, g->uniq++);
		return op->locals[op->nlocals++][1];
	}
	return mapping_var(g->m, name, op->k1, op->k2);
}

static int instantiate(gen *g, const map_section *s, operands *op)
{
	for (int i = 0; i < s->nlines; i++) {
		char out[512];
		size_t n = 0;
		const char *p = s->lines[i];

		if (line_skipped(g, s, i))
			continue;
		while (*p) {
			if (*p == '{') {
				const char *close = strchr(p, '}');
				char name[64];
				if (!close || (size_t)(close - p - 1) >= sizeof name)
					return gen_fail(g, "unterminated placeholder in [%s]", s->name);
				memcpy(name, p + 1, close - p - 1);
				name[close - p - 1] = 0;
				const char *v = lookup(g, op, name);
				if (!v) {
					snprintf(g->err, sizeof g->err,
						 "placeholder {%s} of [%s] has no value here", name, s->name);
					return -1;
				}
				n += snprintf(out + n, sizeof out - n, "%s", v);
				p = close + 1;
			} else if (n + 1 < sizeof out) {
				out[n++] = *p++;
				out[n] = 0;
			} else {
				p++;
			}
			if (n >= sizeof out)
				return gen_fail(g, "template line of [%s] too long", s->name);
		}
		out[n] = 0;
		push_cell(g, out);
	}
	return 0;
}

static const char *const cmp_names[] = {
	[CMP_ALWAYS] = "goto", [CMP_EQ] = "jeq", [CMP_NE] = "jne",
	[CMP_LT] = "jlt", [CMP_LE] = "jle", [CMP_GT] = "jgt", [CMP_GE] = "jge",
	[CMP_SLT] = "jslt", [CMP_SLE] = "jsle", [CMP_SGT] = "jsgt", [CMP_SGE] = "jsge",
	[CMP_SET] = "jset",
};

static const char *alu_key(alu_op a)
{
	static const char *const names[] = {
		[ALU_ADD] = "add", [ALU_SUB] = "sub", [ALU_MUL] = "mul", [ALU_DIV] = "div",
		[ALU_MOD] = "mod", [ALU_AND] = "and", [ALU_OR] = "or", [ALU_XOR] = "xor",
		[ALU_SHL] = "shl", [ALU_SHR] = "shr", [ALU_ASHR] = "ashr", [ALU_NEG] = "neg",
		[ALU_MOVB] = "xchg", [ALU_SDIV] = "sdiv", [ALU_SMOD] = "smod",
		[ALU_SMIN] = "smin", [ALU_SMAX] = "smax", [ALU_UMIN] = "umin", [ALU_UMAX] = "umax",
		[ALU_REVB] = "revb", [ALU_RBIT] = "rbit", [ALU_EQ] = "eq", [ALU_NE] = "ne",
		[ALU_SLT] = "slt", [ALU_SLTU] = "sltu",
	};
	return names[a];
}

static bool has_tag(const litmus_test *t, tagmask m, const char *name)
{
	for (int i = 0; i < t->fe->ntags; i++)
		if (!strcmp(t->fe->tag_names[i], name))
			return (m >> i) & 1;
	return false;
}

/* The mapping class of a BPF instruction (docs/jit-mappings.md). */
static const char *insn_class(const litmus_test *t, const ir_insn *in)
{
	switch (in->op) {
	case IR_LOAD: return has_tag(t, in->tags_r, "AQ") ? "load_acquire" : "load";
	case IR_STORE: return has_tag(t, in->tags_w, "RL") ? "store_release" : "store";
	case IR_RMW:
		if (!has_tag(t, in->tags_r, "SC"))
			return "lock";
		return in->alu == ALU_MOVB ? "xchg" : "fetch";
	case IR_CAS: return "cmpxchg";
	case IR_MOV: return in->a.kind == OPND_REG ? "mov" : "mov_imm";
	case IR_ALU: return in->alu == ALU_NEG ? "neg" : "alu";
	case IR_BRANCH: return cmp_names[in->cmp];
	default: return NULL;
	}
}

static int gen_insn(gen *g, int k)
{
	const litmus_thread *th = &g->t->threads[g->ti];
	const ir_insn *in = &th->code[k];
	const char *cls = insn_class(g->t, in);
	operands op = { 0 };
	char size[8];
	int rc;

	if (!cls) {
		snprintf(g->err, sizeof g->err, "line %d: instruction has no mapping class",
			 in->pos.line);
		return -1;
	}
	snprintf(size, sizeof size, "%d", in->size ? in->size : 8);
	op.k2 = size;
	if (in->op == IR_RMW || in->op == IR_ALU)
		op.k1 = alu_key(in->alu);
	const map_section *s = mapping_section(g->m, cls, op.k1, op.k2);
	if (!s) {
		g->unsupported = cls;
		return 1;
	}
	/* operands the section needs */
	if (in->dst >= 0) {
		bool mem = in->op == IR_LOAD || in->op == IR_RMW || in->op == IR_CAS;
		const char *r = native_reg_sized(g, in->dst, mem ? in->size : 0);
		if (!r)
			return gen_fail(g, "no native register for BPF register '%s'", g->t->regs[in->dst]);
		snprintf(op.dst, sizeof op.dst, "%s", r);
	}
	label_name(op.end, sizeof op.end, g->ti, k + 1);
	if (section_uses(g, s, "{end}"))
		g->needlabel[k + 1] = true;
	switch (in->op) {
	case IR_LOAD: case IR_STORE: case IR_RMW: case IR_CAS:
		if (in->a.kind != OPND_REG)
			return gen_fail(g, "%s with a non-register address", cls);
		snprintf(op.base, sizeof op.base, "%s", native_reg(g, in->a.reg));
		snprintf(op.off, sizeof op.off, "%lld", (long long)in->off);
		snprintf(op.off4, sizeof op.off4, "%lld", (long long)in->off + 4);
		if (section_uses(g, s, "{abase}")) {
			if (in->off) {
				const map_section *as = mapping_section(g->m, "addr", NULL, NULL);
				if (!as || !g->m->addrreg) {
					g->unsupported = "addr";
					return 1;
				}
				if ((rc = instantiate(g, as, &op)))
					return rc;
				snprintf(op.abase, sizeof op.abase, "%s", g->m->addrreg);
			} else {
				snprintf(op.abase, sizeof op.abase, "%s", op.base);
			}
		}
		if (in->op == IR_CAS) {
			if ((rc = reg_or_imm(g, &in->b, op.exp, sizeof op.exp, &op, in->size))
			    || (rc = reg_or_imm(g, &in->c, op.new_, sizeof op.new_, &op, in->size)))
				return rc;
		} else if (in->op != IR_LOAD && section_uses(g, s, "{src}")) {
			if ((rc = reg_or_imm(g, &in->b, op.src, sizeof op.src, &op, in->size)))
				return rc;
		}
		break;
	case IR_MOV:
		if (in->a.kind == OPND_REG)
			snprintf(op.a, sizeof op.a, "%s", native_reg(g, in->a.reg));
		else if (in->a.imm.sym >= 0)
			return gen_fail(g, "%s", "moving an address into a register is not mapped");
		else
			fmt_value(op.imm, sizeof op.imm, g->t, in->a.imm);
		break;
	case IR_ALU:
		if (in->alu == ALU_NEG) {
			snprintf(op.a, sizeof op.a, "%s", native_reg(g, in->a.reg));
		} else if ((rc = reg_or_imm(g, &in->b, op.src, sizeof op.src, &op, 0))) {
			return rc;
		}
		break;
	case IR_BRANCH:
		label_name(op.target, sizeof op.target, g->ti, in->target);
		if (in->cmp != CMP_ALWAYS) {
			if ((rc = reg_or_imm(g, &in->a, op.a, sizeof op.a, &op, 0))
			    || (rc = reg_or_imm(g, &in->b, op.b, sizeof op.b, &op, 0)))
				return rc;
		}
		break;
	default:
		break;
	}
	return instantiate(g, s, &op);
}

/* ---- printing the native test -------------------------------------------- */

static void fprint_obs(FILE *f, const gen *g, const observable *o, bool native)
{
	if (o->thread >= 0)
		fprintf(f, "%d:%s", o->thread, native ? native_reg_of(g, o->thread, o->reg) : g->t->regs[o->reg]);
	else
		fprintf(f, "[%s]", g->t->syms[o->sym]);
}

static void fprint_prop(FILE *f, const gen *g, const prop *p)
{
	char buf[64];

	switch (p->kind) {
	case PROP_TRUE: fputs("true", f); break;
	case PROP_FALSE: fputs("false", f); break;
	case PROP_ATOM:
		fprint_obs(f, g, &p->lhs, true);
		fputc('=', f);
		if (p->rhs_is_obs) {
			fprint_obs(f, g, &p->rhs_obs, true);
		} else {
			fmt_value(buf, sizeof buf, g->t, p->rhs);
			fputs(buf, f);
		}
		break;
	case PROP_NOT:
		fputs("not (", f);
		fprint_prop(f, g, p->l);
		fputc(')', f);
		break;
	default:
		fputc('(', f);
		fprint_prop(f, g, p->l);
		fputs(p->kind == PROP_AND ? ") /\\ (" : p->kind == PROP_OR ? ") \\/ (" : ") => (", f);
		fprint_prop(f, g, p->r);
		fputc(')', f);
		break;
	}
}

/* The native test as text; NULL with *unsupported or err set. */
static char *gen_test(const mapping *m, const litmus_test *t, bool mixed,
		      const char **unsupported, char *err, size_t errn)
{
	int nt = t->nthreads;
	char **cells[nt > 0 ? nt : 1];
	int ncells[nt > 0 ? nt : 1];
	char **status = NULL;
	int nstatus = 0, rc = 0;
	char *text = NULL;

	*unsupported = NULL;
	for (int ti = 0; ti < (nt > 0 ? nt : 1); ti++) {
		cells[ti] = NULL;
		ncells[ti] = 0;
	}
	for (int ti = 0; ti < nt; ti++) {
		const litmus_thread *th = &t->threads[ti];
		gen g = { .m = m, .t = t, .ti = ti, .status = status, .nstatus = nstatus,
			  .mixed = mixed };
		g.needlabel = xcalloc(th->ncode + 1, sizeof *g.needlabel);
		for (int k = 0; k < th->ncode; k++)
			if (th->code[k].op == IR_BRANCH)
				g.needlabel[th->code[k].target] = true;
		for (int k = 0; k <= th->ncode && rc == 0; k++) {
			if (g.needlabel[k]) {
				char l[40];
				label_name(l, sizeof l - 1, ti, k);
				strcat(l, ":");
				push_cell(&g, l);
			}
			if (k < th->ncode)
				rc = gen_insn(&g, k);
		}
		free(g.needlabel);
		cells[ti] = g.cells;
		ncells[ti] = g.ncells;
		status = g.status;
		nstatus = g.nstatus;
		if (rc) {
			*unsupported = g.unsupported;
			snprintf(err, errn, "%s", g.err);
			nt = ti + 1;
			goto out;
		}
	}

	text = map_test_text(m, t, cells, ncells, nt, status, nstatus, NULL);
out:
	for (int ti = 0; ti < nt; ti++) {
		for (int i = 0; i < ncells[ti]; i++)
			free(cells[ti][i]);
		free(cells[ti]);
	}
	for (int i = 0; i < nstatus; i++)
		free(status[i]);
	free(status);
	return rc ? NULL : text;
}

char *map_test_text(const mapping *m, const litmus_test *t, char **const *cells, const int *ncells,
		    int nt, char **status, int nstatus, const char *extra_init)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = xopen_memstream(&text, &len);
	gen g = { .m = m, .t = t };
	fprintf(f, "%s %s\n{\n", m->arch, t->name);
	for (int i = 0; i < t->ninit; i++) {
		const init_entry *e = &t->init[i];
		char v[64];
		fmt_value(v, sizeof v, t, e->val);
		if (e->thread >= 0)
			fprintf(f, " %d:%s=%s;", e->thread, native_reg_of(&g, e->thread, e->reg), v);
		else
			fprintf(f, " %s=%s;", t->syms[e->sym], v);
	}
	if (extra_init)
		fputs(extra_init, f);
	/* A store-conditional that does not run (the comparison of a cmpxchg
	 * failed) leaves {status} as it was: when success is not 0, start it
	 * at the success value, so that the filter drops only failed attempts
	 * (the {flag} entries are 0 = their initial value anyway). */
	if (m->status_ok && strcmp(m->status_ok, "0") != 0)
		for (int i = 0; i < nstatus; i++)
			fprintf(f, " %s;", status[i]);
	fputs("\n}\n", f);
	int rows = 1;
	for (int ti = 0; ti < nt; ti++) {
		fprintf(f, " P%d %s", t->threads[ti].id, ti + 1 < nt ? "|" : ";\n");
		if (ncells[ti] > rows)
			rows = ncells[ti];
	}
	for (int r = 0; r < rows; r++)
		for (int ti = 0; ti < nt; ti++)
			fprintf(f, " %-28s %s", r < ncells[ti] ? cells[ti][r] : "",
				ti + 1 < nt ? "|" : ";\n");
	if (t->nlocations) {
		fputs("locations [", f);
		for (int i = 0; i < t->nlocations; i++) {
			/* herd7 takes `x`, not `[x]`, in a locations list */
			if (t->locations[i].thread < 0)
				fputs(t->syms[t->locations[i].sym], f);
			else
				fprint_obs(f, &g, &t->locations[i], true);
			fputs("; ", f);
		}
		fputs("]\n", f);
	}
	if (t->filter || nstatus) {
		fputs("filter ", f);
		for (int i = 0; i < nstatus; i++)
			fprintf(f, "%s%s", i ? " /\\ " : "", status[i]);
		if (t->filter) {
			fputs(nstatus ? " /\\ (" : "(", f);
			fprint_prop(f, &g, t->filter);
			fputs(")", f);
		}
		fputc('\n', f);
	}
	static const char *const quant[] = { "exists", "~exists", "forall" };
	fprintf(f, "%s (", quant[t->quant]);
	fprint_prop(f, &g, t->cond);
	fputs(")\n", f);
	fclose(f);
	return text;
}

/* ---- observables and comparison ------------------------------------------ */

static void add_location(litmus_test *t, observable o)
{
	for (int i = 0; i < t->nlocations; i++) {
		const observable *l = &t->locations[i];
		if (l->thread == o.thread && (o.thread < 0 ? l->sym == o.sym : l->reg == o.reg))
			return;
	}
	t->locations = xrealloc(t->locations, sizeof *t->locations * (t->nlocations + 1));
	t->locations[t->nlocations++] = o;
}

/* Observe every memory location and every register a memory access writes
 * (besides what the test already shows). */
void map_widen_observables(litmus_test *t)
{
	for (int s = 0; s < t->nsyms; s++)
		add_location(t, (observable){ .thread = -1, .reg = -1, .sym = s });
	for (int ti = 0; ti < t->nthreads; ti++) {
		const litmus_thread *th = &t->threads[ti];
		for (int k = 0; k < th->ncode; k++) {
			const ir_insn *in = &th->code[k];
			if (in->dst >= 0 && (in->op == IR_LOAD || in->op == IR_RMW || in->op == IR_CAS))
				add_location(t, (observable){ .thread = ti, .reg = in->dst, .sym = -1 });
		}
	}
}

/* Compare native states (rn over tn) with BPF states (rb over tb). On
 * MAP_UNSOUND, *bad is the first offending native state in BPF order
 * (caller frees). Returns -1 if the observables do not line up. */
static int compare(const mapping *m, const litmus_test *tb, const check_result *rb,
		   litmus_test *tn, const check_result *rn, map_verdict *v, value **bad, int *bad_state)
{
	int n = rb->nobs, perm[n + 1];

	*bad = NULL;
	*bad_state = -1;
	if (rn->nobs != n)
		return -1;
	for (int i = 0; i < n; i++) {
		const observable *o = &rb->obs[i];
		observable want = *o;
		if (o->thread >= 0) {
			int r;
			if (sscanf(tb->regs[o->reg], "r%d", &r) != 1 || r < 0 || r > 10
			    || !thread_native(m, o->thread, r))
				return -1;
			want.reg = litmus_reg(tn, thread_native(m, o->thread, r));
		} else {
			want.sym = litmus_sym(tn, tb->syms[o->sym]);
		}
		perm[i] = -1;
		for (int j = 0; j < n; j++) {
			const observable *p = &rn->obs[j];
			if (p->thread == want.thread
			    && (want.thread < 0 ? p->sym == want.sym : p->reg == want.reg))
				perm[i] = j;
		}
		if (perm[i] < 0)
			return -1;
	}
	value row[n + 1];
	for (int s = 0; s < rn->nstates; s++) {
		const value *ns = rn->states + (size_t)s * n;
		for (int i = 0; i < n; i++) {
			value x = ns[perm[i]];
			if (x.sym >= 0)
				x.sym = litmus_sym((litmus_test *)tb, tn->syms[x.sym]);
			row[i] = x;
		}
		bool found = false;
		for (int b = 0; b < rb->nstates && !found; b++) {
			const value *bs = rb->states + (size_t)b * n;
			found = true;
			for (int i = 0; i < n && found; i++)
				found = value_eq(bs[i], row[i]);
		}
		if (!found) {
			*v = MAP_UNSOUND;
			*bad = xmalloc(sizeof(value) * (n + 1));
			memcpy(*bad, row, sizeof(value) * n);
			*bad_state = s;
			return 0;
		}
	}
	*v = rn->nstates < rb->nstates ? MAP_STRONGER : MAP_SOUND;
	return 0;
}

/* ---- the command ----------------------------------------------------------- */

static bool readable(const char *p) { return access(p, R_OK) == 0; }

/* path: PATH_MAX bytes that live as long as d (errors name the model) */
int map_load_model(const char *name, const char *mdir, const frontend *fe,
		      const char *const *variants, model_run *mr, diag *d, char *path)
{
	if (!model_find(name, false, NULL, 0, mdir, path, PATH_MAX)) {
		diag_error(d, (srcpos){ 0, 0 }, "model '%s' not found (looked in %s)", name, mdir);
		return -1;
	}
	model_spec spec = { path, mdir, NULL, 0, variants, fe };
	mr->run = model_load(&spec, &mr->m, d);
	return mr->run ? 0 : -1;
}

static const char map_head[] =
"Usage: bpfmm map --arch ARCH | --mapping FILE [OPTIONS] FILE.litmus...\n"
"\n"
"Compile each BPF litmus test into an ARCH litmus test through a JIT\n"
"mapping table (default: mappings/ARCH-linux-6.12), check both with their\n"
"models (bpf.cat and the mapping's model) and print one line per test:\n"
"  Map TEST ARCH MAPPING sound|sound-stronger|unsound [STATE]\n"
"  Map TEST ARCH MAPPING unsupported CLASS\n"
"  Map TEST ARCH MAPPING refused (REASON)\n"
"  Map TEST ARCH MAPPING unchecked (REASON)\n"
"unsound: a native final state BPF forbids (printed, in BPF names), then\n"
"an execution of the native test that reaches it (events per thread, rf\n"
"sources, coherence orders; \"line N\" is a line of the generated test,\n"
"which --emit DIR writes to DIR/TEST.litmus), indented;\n"
"sound-stronger: sound, and BPF allows states the native test cannot reach;\n"
"unsupported: the JIT has no sequence for an instruction class (it would\n"
"reject the program), nothing to check; refused: the 6.12 verifier would\n"
"refuse the program (a value-returning atomic that loads into its own\n"
"address register), nothing to check; unchecked: the native front-end\n"
"does not model an instruction of the generated test, or that test cannot\n"
"run (exit status 1).\n"
"A last line sums the run up (not with --json, nor in a --shard K/N of\n"
"N > 1), in the words of c2bpf, clang2bpf and lkmm-map:\n"
"  map MAPPING: N tests, R verdicts: A sound, B sound-stronger, C unsound,\n"
"  D refused, E unsupported, F unchecked; G errors\n"
"\n"
"Options:\n";

static const char map_tail[] =
"\n"
"Exit status: 0 every test was checked, 1 some test could not be, 2 usage.\n";

/* --arch's help: the JIT architectures (frontends.c's table), then how
 * they are read */
static const char *map_arch_help(char *buf, size_t size)
{
	return opt_arch_help(buf, size, KERNEL_NAME_JIT, " (the names run and jit-check use, "
			     "docs/architectures.md; x86-64, powerpc, mips64, aarch64 are read with a note); the "
			     "table is mappings/JIT-linux-6.12, JIT the kernel JIT's own name (x86-64, powerpc, "
			     "mips64 for x86_64, ppc64le, mips64el), which the Map line's ARCH shows", 54);
}

enum { MAP_HELP = 1, MAP_ARCH, MAP_MAPPING, MAP_EMIT, MAP_MIXED, MAP_CLASSES };

static const opt_row map_rows[] = {
	OPT_OWN_FN(MAP_ARCH, "--arch", "ARCH", map_arch_help),
	OPT_OWN(MAP_MAPPING, "--mapping", "FILE", "a mapping table (docs/jit-mappings.md); a bare name is\n"
		"also looked up in the mappings directory"),
	OPT_OWN(MAP_EMIT, "--emit", "DIR", "write each generated native test to DIR/TEST.litmus"),
	OPT_SHARED(OPT_BUDGET, "--budget", "N", "as for bpfmm (default " CHECK_BUDGET_TEXT ")"),
	OPT_SHARED(OPT_JOBS, "-j, --jobs", "N", "map N tests at a time (as bpfmm -j; default 1)"),
	OPT_SHARED(OPT_SHARD, "--shard", "K/N", "only the K-th of N slices of the tests (as bpfmm)"),
	OPT_SHARED(OPT_UNROLL, "--unroll", "N", "how often a native retry loop may jump back (as bpfmm\n"
		   "-unroll; default 0: each store-conditional succeeds at\n"
		   "its first attempt, as herd7 -unroll 0 for LL/SC loops)"),
	OPT_SHARED(OPT_DOT, "--dot", "DIR", "for an unsound test, also draw the native execution\n"
		   "printed under its Map line in DIR/TEST.MAPPING.dot"),
	OPT_OWN(MAP_MIXED, "--mixed", NULL, "sized accesses (u8, u16, u32 parts of 64-bit locations,\n"
		"offsets): both models run with -variant mixed\n"
		"(docs/mixed-size.md); a test is unchecked when the\n"
		"native front-end has no mixed-size mode"),
	{ .id = MAP_MIXED, .names = "-mixed" },     /* hidden: an older spelling */
	OPT_SHARED(OPT_VARIANT, "--variant", "NAME", "a variant of the native model (repeatable), e.g. a\n"
		   "hardware assumption the model makes optional"),
	OPT_OWN(MAP_CLASSES, "--classes", NULL, "end each line with classes=C,... : the BPF memory\n"
		"instruction classes the test uses"),
	OPT_SHARED(OPT_JSON, "--json, -json", NULL, "one JSON object per line instead of the Map line:\n"
		   "file (as named on the command line), test, arch,\n"
		   "mapping, verdict (as on the Map line), state (unsound:\n"
		   "the state, as a string in herd7's States syntax, else\n"
		   "null), class (unsupported: the class, else null),\n"
		   "reason (unchecked, refused: why, else null), classes\n"
		   "(a list, as --classes), execution (unsound: the native\n"
		   "execution as printed under the Map line, else null),\n"
		   "error (unchecked: the error line, else null). A test\n"
		   "that cannot be read or mapped gives {\"file\", \"error\",\n"
		   "\"warnings\"}, error being the FILE: error: line also\n"
		   "printed on stderr.\n"
		   OPT_JSON_ERROR_PARTS),
	OPT_HELP_ROW(MAP_HELP),
	OPT_END,
};

static const opt_spec map_spec = {
	.cmd = "map", .head = map_head, .rows = map_rows, .col = 20, .tail = map_tail,
};

static bool find_mapping(const char *mdir, const char *name, char *out, size_t n)
{
	const char *dirs[] = { NULL, "mappings" };
	char md[PATH_MAX];

	snprintf(md, sizeof md, "%s/../mappings", mdir);
	dirs[0] = md;
	snprintf(out, n, "%s", name);
	if (strchr(name, '/') || readable(out))
		return readable(out);
	for (size_t i = 0; i < NELEM(dirs); i++) {
		if (snprintf(out, n, "%s/%s", dirs[i], name) < (int)n && readable(out))
			return true;
	}
	return false;
}

/* "load,fetch,...": the memory classes a BPF test uses, in buf (jit_map.h) */
const char *map_test_classes(const litmus_test *t, char *buf, size_t n)
{
	static const char *const mem[] = {
		"load", "store", "lock", "fetch", "xchg", "cmpxchg", "load_acquire", "store_release",
	};
	bool used[NELEM(mem)] = { 0 };
	for (int ti = 0; ti < t->nthreads; ti++)
		for (int k = 0; k < t->threads[ti].ncode; k++) {
			const char *c = insn_class(t, &t->threads[ti].code[k]);
			for (size_t i = 0; c && i < NELEM(mem); i++)
				used[i] |= !strcmp(c, mem[i]);
		}
	buf[0] = 0;
	for (size_t i = 0; i < NELEM(mem); i++)
		if (used[i] && strlen(buf) + strlen(mem[i]) + 2 < n) {
			if (buf[0])
				strcat(buf, ",");
			strcat(buf, mem[i]);
		}
	return buf;
}

int map_check(const litmus_test *t, cat_run *run, const map_opts *o, check_result *r, diag *d)
{
	check_opts co = check_defaults(run, o->budget);

	co.unroll_set = true;
	co.unroll = o->unroll;
	return check_test_opts(t, run, &co, r, d);
}

static void free_prop(prop *p)
{
	if (p) {
		free_prop(p->l);
		free_prop(p->r);
		free(p);
	}
}

/* One native execution reaching state s of rn, which BPF forbids: printed
 * under the Map line and, with --dot, drawn in DIR/TEST.MAPPING.dot. It is
 * found by checking the native test again with `exists (that state)`. */
static int show_execution(FILE *out, litmus_test *tn, model_run *nat, const map_opts *o,
			  const check_result *rn, int s, const char *test, const char *mname)
{
	int write_failed = 0;
	const value *row = rn->states + (size_t)s * rn->nobs;
	prop *p = NULL;

	for (int i = 0; i < rn->nobs; i++) {
		prop *a = xcalloc(1, sizeof *a), *c = p ? xcalloc(1, sizeof *c) : NULL;
		*a = (prop){ .kind = PROP_ATOM, .lhs = rn->obs[i], .rhs = row[i] };
		if (c)
			*c = (prop){ .kind = PROP_AND, .l = p, .r = a };
		p = c ? c : a;
	}
	prop *cond = tn->cond;
	quantifier quant = tn->quant;
	tn->cond = p;
	tn->quant = Q_EXISTS;
	check_result r = { 0 };
	diag d = { .file = "(generated)" };
	if (map_check(tn, nat->run, o, &r, &d) == 0 && r.wit.valid && r.wit.holds) {
		/* its line numbers are the generated test's: say where it is */
		char stem[256];
		outdir_stem(test, stem, sizeof stem);
		if (o->emit)
			fprintf(out, "  an execution of the %s test that reaches it (lines of %s/%s.litmus):\n",
				tn->arch, o->emit, stem);
		else
			fprintf(out, "  an execution of the %s test that reaches it (lines of the generated test: "
				"--emit DIR writes it):\n", tn->arch);
		print_execution(out, tn, &r.wit, "    ");
		if (o->dot_dir) {
			char dstem[512];
			snprintf(dstem, sizeof dstem, "%s.%s", stem, mname);
			FILE *f = outdir_open(o->dot_dir, dstem, "dot", "map");
			if (f) {
				print_dot(f, tn, &r);
				write_failed |= outdir_close(f, o->dot_dir, dstem, "dot", "map");
			} else {
				write_failed = 1;
			}
		}
	}
	check_result_free(&r);
	tn->cond = cond;
	tn->quant = quant;
	free_prop(p);
	return write_failed;
}

/* What map says about one test: the Map line, or with -json its record. */
typedef struct {
	const char *verdict;      /* sound, sound-stronger, unsound, unsupported, refused, unchecked */
	const char *cls;          /* unsupported: the instruction class */
	const char *reason;       /* unchecked, refused: why */
	char *state;              /* unsound: the state BPF forbids, in BPF names */
	char *execution;          /* unsound: a native execution reaching it */
} map_outcome;

static void map_report(const map_opts *opt, const char *file, const litmus_test *tb, const char *arch,
		       const mapping *m, const map_outcome *o, const diag *err, FILE *out)
{
	char classes[128];
	verdict_record v = {
		.kind = REPORT_MAP, .word = opt->word ? opt->word : "Map", .test = tb->name, .arch = arch,
		.mapping = m->name, .verdict = o->verdict, .cls = o->cls, .reason = o->reason,
		.state = o->state, .state_in_text = true, .classes = map_test_classes(tb, classes, sizeof classes),
		.show_classes = opt->show_classes, .execution = o->execution, .err = err, .tally = opt->tally,
	};
	report_verdict(out, opt->json, file, &v);
}

/* A test map could not check: FILE: error: MSG on err, with -json also
 * a record {"file","error","warnings"} on out. Returns 1. */
static int map_failed(const map_opts *opt, const char *file, const diag *d, FILE *out, FILE *errf)
{
	report_count_error(opt->tally);
	return report_failure(opt->json, file, d, out, errf);
}

/* d's error, then the generated test's error dn appended to it */
static void generated_error(diag *d, const char *what, const char *arch, const diag *dn)
{
	diag_error(d, (srcpos){ 0, 0 }, "generated %s test %s: %s:%d:%d: %s", arch, what,
		   dn->file ? dn->file : "(generated)", dn->pos.line, dn->pos.col, dn->msg);
}

/* The native test text read back by c->nfe into *tn; false when it does
 * not read back (said: an unchecked line when the front-end does not
 * model an instruction the table uses, e.g. byte accesses, else an
 * error). */
static bool map_read_back(const map_ctx *c, const char *file, const litmus_test *tb, const char *text,
			  litmus_test **tn)
{
	diag d = { .file = file }, dn = { .file = "(generated)" };
	char reason[700];

	*tn = litmus_read_string(text, "(generated)", frontend_for_arch, &dn);
	if (*tn && (*tn)->fe == c->nfe)
		return true;
	generated_error(&d, "does not read back", c->m->arch, &dn);
	if (strstr(dn.msg, "unsupported") || strstr(dn.msg, "not modelled")) {
		snprintf(reason, sizeof reason, "%s front-end: %s", c->m->arch, dn.msg);
		map_outcome oc = { .verdict = "unchecked", .reason = reason };
		map_report(c->o, file, tb, c->arch, c->m, &oc, &d, c->out);
		diag_fprint(c->err, &d);
	} else {
		map_failed(c->o, file, &d, c->out, c->err);
	}
	litmus_free(*tn);
	*tn = NULL;
	return false;
}

/* A line without a verdict: refused, unsupported CLASS or unchecked. */
static void map_line(const map_ctx *c, const char *file, const litmus_test *tb, const char *verdict,
		     const char *cls, const char *reason)
{
	map_outcome oc = { .verdict = verdict, .cls = cls, .reason = reason };

	map_report(c->o, file, tb, c->arch, c->m, &oc, NULL, c->out);
}

/* The generated test's text written to --emit DIR; 1 if it failed. */
static int map_emit(const map_opts *o, const litmus_test *tb, const char *text)
{
	char stem[256];
	int write_failed = 0;

	outdir_stem(tb->name, stem, sizeof stem);
	FILE *f = outdir_open(o->emit, stem, "litmus", "map");
	if (f) {
		fputs(text, f);
		write_failed |= outdir_close(f, o->emit, stem, "litmus", "map");
	} else {
		write_failed = 1;
	}
	return write_failed;
}

/* One BPF test of map: refused, unsupported, or mapped and judged; 0, or 1
 * (not judged, or an --emit / --dot file not written). */
static int map_file(const map_ctx *c, const char *file)
{
	const map_opts *o = c->o;
	int write_failed = 0;   /* an --emit or --dot file could not be written */
	diag d = { .file = file };
	litmus_test *tb = litmus_read_file(file, frontend_for_arch, &d), *tn = NULL;
	char err[256] = "", reason[700], *text = NULL;
	const char *unsup;
	int status = 1;

	if (!tb)
		return map_failed(o, file, &d, c->out, c->err);
	if (strcasecmp(tb->arch, "BPF") != 0) {
		diag_error(&d, (srcpos){ 0, 0 }, "not a BPF test (%s)", tb->arch);
		map_failed(o, file, &d, c->out, c->err);
		goto out;
	}
	map_widen_observables(tb);
	status = 0;
	if (bpf_verifier_refuses(tb, reason, sizeof reason)) {
		/* the program does not load: no JIT code to judge */
		map_line(c, file, tb, "refused", NULL, reason);
	} else if (!(text = gen_test(c->m, tb, o->mixed, &unsup, err, sizeof err)) && unsup) {
		map_line(c, file, tb, "unsupported", unsup, NULL);
	} else if (!text) {
		diag_error(&d, (srcpos){ 0, 0 }, "cannot map: %s", err);
		map_failed(o, file, &d, c->out, c->err);
		status = 1;
	} else if (o->mixed && !c->nfe->mixed) {
		/* its sized accesses would be read as whole locations */
		snprintf(reason, sizeof reason, "the %s front-end has no mixed-size mode", c->nfe->arch);
		map_line(c, file, tb, "unchecked", NULL, reason);
	} else {
		if (o->emit)
			write_failed |= map_emit(o, tb, text);
		if (!map_read_back(c, file, tb, text, &tn)) {
			status = 1;
		} else {
			map_judgement j = map_judge(c, file, tb, tn, NULL);
			write_failed |= j.write_failed;
			status = j.verdict >= MAP_UNCHECKED;
		}
	}
out:
	free(text);
	litmus_free(tn);
	litmus_free(tb);
	return status | write_failed;
}

const char *map_verdict_word(map_verdict v)
{
	static const char *const words[] = { "sound", "sound-stronger", "unsound", "unchecked" };

	return v < MAP_FAILED ? words[v] : NULL;
}

const check_result *map_bpf_check(const map_ctx *c, const char *file, litmus_test *tb, map_bpf *b)
{
	if (!b->done) {
		/* BPF is host-endian: on a big-endian target the BPF test's
		 * sized accesses mean what the JIT's do there
		 * (docs/mixed-size.md) */
		bool bpf_be = tb->big_endian;
		b->d = (diag){ .file = file };
		tb->big_endian = c->nfe->big_endian;
		b->rc = map_check(tb, c->bpf->run, c->o, &b->r, &b->d);
		tb->big_endian = bpf_be;
		b->done = true;
	}
	return b->rc == 0 ? &b->r : NULL;
}

void map_bpf_free(map_bpf *b)
{
	if (b->done)
		check_result_free(&b->r);
	b->done = false;
}

/* An unsound test's state (in BPF names) and a native execution reaching
 * it into oc; 1 if a --dot file could not be written. */
static int map_unsound(const map_ctx *c, litmus_test *tb, const check_result *rb, litmus_test *tn,
		       const check_result *rn, value *bad, int bad_state, map_outcome *oc)
{
	size_t n = 0;

	oc->state = state_string(tb, rb->obs, rb->nobs, NULL, bad);
	FILE *f = xopen_memstream(&oc->execution, &n);
	int write_failed = show_execution(f, tn, c->nat, c->o, rn, bad_state, tb->name, c->m->name);
	fclose(f);
	if (oc->execution && !oc->execution[0]) {
		free(oc->execution);
		oc->execution = NULL;
	}
	return write_failed;
}

/* No verdict for tb (d's error, j->reason): the unchecked line and the error. */
static void map_unchecked(const map_ctx *c, const char *file, const litmus_test *tb, const diag *d,
			  map_judgement *j)
{
	map_outcome oc = { .verdict = "unchecked", .reason = j->reason };

	j->verdict = MAP_UNCHECKED;
	map_report(c->o, file, tb, c->arch, c->m, &oc, d, c->out);
	diag_fprint(c->err, d);
}

map_judgement map_judge(const map_ctx *c, const char *file, litmus_test *tb, litmus_test *tn, map_bpf *b)
{
	map_judgement j = { .verdict = MAP_FAILED };
	map_bpf own = { 0 };
	check_result rn = { 0 };
	diag dn = { .file = "(generated)" };
	map_outcome oc = { 0 };
	value *bad;
	int bad_state;

	if (!b)
		b = &own;
	const check_result *rb = map_bpf_check(c, file, tb, b);
	diag d = b->d;
	if (!rb) {
		map_failed(c->o, file, &d, c->out, c->err);
	} else if (map_check(tn, c->nat->run, c->o, &rn, &dn) < 0) {
		/* the generated test itself cannot run (e.g. the sequence reuses
		 * its address register): no verdict, said on the line */
		snprintf(j.reason, sizeof j.reason, "the generated %s test cannot run: %s", c->m->arch, dn.msg);
		generated_error(&d, "cannot run", c->m->arch, &dn);
		map_unchecked(c, file, tb, &d, &j);
	} else if (rb->nstates == 0) {
		/* nothing to compare against: every mapping would look sound */
		diag_error(&d, (srcpos){ 0, 0 }, "the BPF test has no allowed execution");
		snprintf(j.reason, sizeof j.reason, "no allowed BPF execution");
		map_unchecked(c, file, tb, &d, &j);
	} else if (compare(c->m, tb, rb, tn, &rn, &j.verdict, &bad, &bad_state) < 0) {
		j.verdict = MAP_FAILED;
		diag_error(&d, (srcpos){ 0, 0 }, "observables of the generated test do not line up");
		map_failed(c->o, file, &d, c->out, c->err);
	} else {
		oc.verdict = map_verdict_word(j.verdict);
		if (bad) {
			j.write_failed = map_unsound(c, tb, rb, tn, &rn, bad, bad_state, &oc);
			free(bad);
		}
		map_report(c->o, file, tb, c->arch, c->m, &oc, NULL, c->out);
	}
	free(oc.state);
	free(oc.execution);
	check_result_free(&rn);
	map_bpf_free(&own);
	return j;
}

/* -j: what every thread shares, read-only */
typedef struct {
	const mapping *m;
	const char *arch;
	const frontend *nfe;
	const map_opts *o;
	const char *const *files;
	const char *model_dir;
	const char *const *variants;
	const char *const *bpf_variants;
} map_job;

typedef struct {
	const map_job *mj;
	model_run bpf, nat;
} mapper;

static void model_run_free(model_run *mr)
{
	if (mr->run)
		cat_run_free(mr->run);
	if (mr->m)
		cat_model_free(mr->m);
	*mr = (model_run){ 0 };
}

static void *mapper_new(void *arg)
{
	const map_job *mj = arg;
	mapper *w = xcalloc(1, sizeof *w);
	char bpath[PATH_MAX], npath[PATH_MAX];
	diag d = { 0 };

	w->mj = mj;
	/* map_main loaded both already: these loads succeed the same way */
	if (map_load_model("bpf.cat", mj->model_dir, frontend_for_arch("BPF"), mj->bpf_variants, &w->bpf, &d,
			   bpath) < 0
	    || map_load_model(mj->m->model, mj->model_dir, mj->nfe, mj->variants, &w->nat, &d, npath) < 0) {
		diag_print(&d);
		exit(1);
	}
	return w;
}

static void mapper_free(void *p)
{
	mapper *w = p;

	model_run_free(&w->bpf);
	model_run_free(&w->nat);
	free(w);
}

static int map_one(void *p, int i, FILE *out, FILE *err)
{
	mapper *w = p;
	const map_job *mj = w->mj;

	map_ctx c = { mj->m, mj->arch, &w->bpf, &w->nat, mj->nfe, mj->o, out, err };

	return map_file(&c, mj->files[i]);
}

/* The command line of map. */
typedef struct {
	const char *arch, *mapfile;   /* --arch, --mapping */
	map_opts o;
	cmd_opts so;                  /* -budget, -unroll, -j, --shard, -json, -dot, -variant */
	const char **files;
	int nfiles;
} map_cmd;

/* The command line into mc (map_rows); -1 to go on, else the exit status. */
static int map_parse(map_cmd *mc, int argc, char **argv)
{
	const char *v;

	for (int i = 1; i < argc; i++) {
		switch (opt_next(&map_spec, argc, argv, &i, &v, &mc->so)) {
		case OPT_FAIL: return 2;
		case OPT_TAKEN: break;
		case OPT_OPERAND: mc->files[mc->nfiles++] = v; break;
		case MAP_HELP: opt_help(stdout, &map_spec); return 0;
		case MAP_ARCH: mc->arch = v; break;
		case MAP_MAPPING: mc->mapfile = v; break;
		case MAP_EMIT: mc->o.emit = v; break;
		case MAP_CLASSES: mc->o.show_classes = true; break;
		case MAP_MIXED: mc->o.mixed = true; break;
		}
	}
	mc->o.json = mc->so.json;
	mc->o.budget = mc->so.budget;
	mc->o.unroll = mc->so.unroll;
	mc->o.dot_dir = mc->so.dot_dir;
	if (!mc->arch && !mc->mapfile)
		return opt_usage_error("map", "--arch or --mapping needed%s", "");
	if (mc->nfiles == 0) {
		fprintf(stderr, "bpfmm map: no litmus file given\n");
		return 2;
	}
	return -1;
}

/* The mapping table --mapping or --arch names, read (path: its file);
 * NULL with *status set. mc->arch becomes the JIT's name (x86_64 is
 * x86-64). */
static mapping *map_table(map_cmd *mc, const char *model_dir, char *path, int *status)
{
	char name[PATH_MAX];
	diag d = { 0 };

	*status = 2;
	if (!mc->mapfile) {
		const char *respelt;
		const frontend *jfe = frontend_by_kernel_name(KERNEL_NAME_JIT, mc->arch, &respelt);
		opt_respelt(mc->arch, respelt);
		if (!jfe) {
			fprintf(stderr, "bpfmm map: unknown architecture '%s' (known: ", mc->arch);
			frontend_print_kernel_names(stderr, KERNEL_NAME_JIT, " ");
			fprintf(stderr, "; or --mapping FILE)\n");
			return NULL;
		}
		mc->arch = jfe->jit_arch;
	}
	if (mc->mapfile)
		snprintf(name, sizeof name, "%s", mc->mapfile);
	else
		snprintf(name, sizeof name, "%s-linux-6.12", mc->arch);
	if (!find_mapping(model_dir, name, path, PATH_MAX)) {
		fprintf(stderr, "bpfmm map: mapping '%s' not found (a file, or a name in %s/../mappings)\n",
			name, model_dir);
		return NULL;
	}
	mapping *m = mapping_read(path, &d);
	if (!m) {
		diag_print(&d);
		*status = 1;
	}
	return m;
}

/* Both models loaded once, to report their errors (each thread loads its
 * own), then the tests on -j threads; the exit status. */
static int map_run(map_cmd *mc, const mapping *m, const char *path, const char *model_dir)
{
	static const char *const bpf_mixed[] = { "mixed", NULL };
	const frontend *bfe = frontend_for_arch("BPF"), *nfe = frontend_for_arch(m->arch);
	model_run bpf = { 0 }, nat = { 0 };
	diag d = { 0 };
	int status, first, last;

	if (!nfe) {
		fprintf(stderr, "%s: error: no front-end for architecture '%s'\n", path, m->arch);
		return 1;
	}
	/* variants has room for "mixed" and the NULL (options.h) */
	if (mc->o.mixed)
		mc->so.variants[mc->so.nvariants++] = "mixed";
	mc->so.variants[mc->so.nvariants] = NULL;
	const char *const *bvariants = mc->o.mixed ? bpf_mixed : NULL;
	char bpath[PATH_MAX], npath[PATH_MAX];
	if (map_load_model("bpf.cat", model_dir, bfe, bvariants, &bpf, &d, bpath) < 0
	    || map_load_model(m->model, model_dir, nfe, mc->so.variants, &nat, &d, npath) < 0) {
		diag_print(&d);
		status = 1;
	} else {
		map_job mj = { m, mc->arch, nfe, &mc->o, mc->files, model_dir, mc->so.variants, bvariants };
		par_job pj = { mapper_new, mapper_free, map_one, &mj };
		par_shard(mc->nfiles, mc->so.shard_k, mc->so.shard_n, &first, &last);
		status = par_run(&pj, first, last, mc->so.jobs);
		/* not under --json (the records are there), nor in a shard (the
		 * shards' outputs, concatenated, are one run's but for it) */
		if (!mc->o.json && mc->so.shard_n == 1) {
			char what[300];
			snprintf(what, sizeof what, "map %s", m->name);
			report_summary(stdout, what, last - first, mc->o.tally);
		}
	}
	cat_run_free(bpf.run);
	cat_model_free(bpf.m);
	cat_run_free(nat.run);
	cat_model_free(nat.m);
	return status;
}

int map_main(int argc, char **argv, const char *model_dir)
{
	const char *files[argc > 0 ? argc : 1];
	report_tally tally = { 0 };
	map_cmd mc = { .files = files, .o = { .budget = CHECK_BUDGET, .tally = &tally } };
	char path[PATH_MAX], a[64];
	int status;

	opt_init(&mc.so, 0);
	if ((status = map_parse(&mc, argc, argv)) >= 0)
		return status;
	mapping *m = map_table(&mc, model_dir, path, &status);
	if (!m)
		return status;
	if ((mc.o.emit && outdir_prepare(mc.o.emit, "map", "--emit")) ||
	    (mc.o.dot_dir && outdir_prepare(mc.o.dot_dir, "map", "--dot"))) {
		mapping_free(m);
		return 2;
	}
	if (!mc.arch) {
		/* the mapping's name up to "-linux" / "-before" */
		snprintf(a, sizeof a, "%s", m->name);
		char *cut = strstr(a, "-linux");
		if (!cut)
			cut = strstr(a, "-before");
		if (cut)
			*cut = 0;
		mc.arch = a;
	}
	status = map_run(&mc, m, path, model_dir);
	mapping_free(m);
	return status;
}
