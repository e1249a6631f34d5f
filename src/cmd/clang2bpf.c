/* clang2bpf.c - C litmus tests through clang to BPF (see clang2bpf.h and
 * docs/clang-to-bpf.md).
 *
 * 1. BPF C. Each thread becomes `void P<id>_g<k>(u64 *a0, ..., u64 *o)`:
 *    one pointer argument per location the thread names (in symbol
 *    order; at most four: a BPF function takes five arguments), then o,
 *    whose o[0] is the thread's fence word (location clang_f<id>) and
 *    o[1 + j] receives, by a volatile store at the end, the j-th register
 *    of the thread the final condition reads. Every C register is a u64
 *    local; the IR is written statement by statement (branches as gotos
 *    to labels, so the compiler sees the test's control flow), with the
 *    primitives spelled as the idiom set says (sets[] below).
 * 2. One C file per test holds every idiom set whose text differs
 *    (identical sets are one group), compiled once per -mcpu by
 *    `clang-19 -target bpf -O2 -mcpu=vN -c`, disassembled by
 *    `llvm-objdump-19 -d --no-show-raw-insn`, whose syntax is the BPF
 *    litmus dialect's but for hexadecimal numbers, `goto +N <sym>` offsets
 *    and `exit`. We read that text rather than the ELF file: the
 *    disassembler already decodes every instruction the same way the
 *    kernel's verifier log does, and an instruction we do not know then
 *    fails to parse in the BPF front-end, which names it.
 * 3. Lifting: numbers made decimal, offsets made labels, `exit` the end;
 *    the volatile stores into o[1..] become moves into registers the
 *    function does not use (those registers are the C registers in the
 *    condition); a spill / reload through r10 becomes a move to / from a
 *    register of its own. Refused: calls, 64-bit immediate loads (`ll`,
 *    globals), 32-bit subregisters, other stack use.
 * 4. The lifted test runs under bpf.cat, the C test under the LKMM, and the
 *    final states are compared as by c2bpf (lk_extra_states).
 */
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd/clang2bpf.h"
#include "cmd/clang2bpf_lift.h"
#include "base/proc.h"
#include "cmd/lkmm_common.h"
#include "kit/options.h"
#include "kit/report.h"
#include "cat/model_dir.h"
#include "cat/cat.h"
#include "exec/check.h"
#include "arch/frontends.h"
#include "litmus/litmus_read.h"
#include "kit/output.h"
#include "kit/parallel.h"
#include "base/xalloc.h"

#define MAXARGS 5          /* BPF functions take r1..r5 */
#define NMCPU 2

/* ---- the idiom table ------------------------------------------------------
 * How BPF C programs spell each LKMM primitive. READ_ONCE / WRITE_ONCE
 * are volatile accesses (tools/testing/selftests/bpf/bpf_arena_common.h:6
 * defines WRITE_ONCE so; tools/include/linux/compiler.h:198-206 READ_ONCE
 * and WRITE_ONCE through volatile), barrier() is an empty asm with a
 * memory clobber (tools/lib/bpf/bpf_helpers.h:101), barrier_var() forces
 * a value into a register (bpf_helpers.h:118), and the atomics are clang's
 * __sync builtins (progs/atomics.c: __sync_fetch_and_add, _sub, _and,
 * _or, _xor, __sync_val_compare_and_swap, __sync_lock_test_and_set).
 * The 6.12 tree's BPF programs have no acquire, release or full barrier
 * of their own; the sets below are the spellings later trees and the
 * clang builtins offer (docs/clang-to-bpf.md). */
typedef enum { MB_UNUSED, MB_USED, MB_FENCE, MB_BARRIER } mb_kind;
typedef enum { AR_MB, AR_BARRIER, AR_BUILTIN } ar_kind;

typedef struct {
	const char *name;
	mb_kind mb;        /* smp_mb() */
	mb_kind weak;      /* smp_rmb, smp_wmb, smp_mb__{before,after}_atomic */
	ar_kind acq;       /* smp_load_acquire: load then mb / barrier, builtin */
	ar_kind rel;       /* smp_store_release: mb / barrier then store, builtin */
} idiom_set;

static const idiom_set sets[] = {
	/* a dummy fetch-add as the full barrier, its result unused */
	{ "fetch-add", MB_UNUSED, MB_UNUSED, AR_MB, AR_MB },
	/* the same with its result kept (barrier_var) */
	{ "fetch-add-used", MB_USED, MB_USED, AR_MB, AR_MB },
	/* x86's spelling: acquire, release, rmb and wmb as compiler barriers */
	{ "barrier", MB_USED, MB_BARRIER, AR_BARRIER, AR_BARRIER },
	/* the C11 builtins: __atomic_thread_fence, __atomic_load_n,
	 * __atomic_store_n */
	{ "builtins", MB_FENCE, MB_FENCE, AR_BUILTIN, AR_BUILTIN },
};
#define NSETS ((int)(sizeof sets / sizeof *sets))

/* what an idiom set is needed for; probed once per -mcpu */
enum { NEED_MB, NEED_WEAK, NEED_ACQ, NEED_REL, NNEEDS };
static const char *const need_names[NNEEDS] = { "smp_mb", "smp_rmb", "smp_load_acquire",
						"smp_store_release" };

static const char prelude[] =
	"typedef unsigned long long u64;\n"
	"typedef long long s64;\n"
	"#define READ_ONCE(x) (*(volatile u64 *)&(x))\n"
	"#define WRITE_ONCE(x, v) (*(volatile u64 *)&(x) = (v))\n"
	"#define barrier() asm volatile(\"\" ::: \"memory\")\n"
	"#define barrier_var(v) asm volatile(\"\" : \"+r\"(v))\n"
	"#define smp_mb_unused(f) __sync_fetch_and_add((f), 0)\n"
	"#define smp_mb_used(f) ({ u64 __v = __sync_fetch_and_add((f), 0); barrier_var(__v); })\n";

static const char *mb_text(mb_kind k)
{
	switch (k) {
	case MB_UNUSED: return "smp_mb_unused(o);";
	case MB_USED: return "smp_mb_used(o);";
	case MB_FENCE: return "__atomic_thread_fence(__ATOMIC_SEQ_CST);";
	case MB_BARRIER: return "barrier();";
	}
	return "";
}

/* ---- options ----------------------------------------------------------- */

typedef struct {
	const char *lkmm_dir, *bpf_model, *clang, *objdump;
	bool verbose, json, mcpu[NMCPU], use[NSETS];
	long budget;
	/* probe results: "" when the idiom compiles, else why not */
	char probe[NMCPU][NSETS][NNEEDS][160];
	const char *const *files;     /* the tests, for the batch compile */
	int nfiles;
	char *dis[NMCPU];             /* every test's disassembly, or NULL */
	char **excluded[NMCPU];       /* per test: why clang rejected it */
	report_tally *tally;          /* the summary line's counts */
} c2opts;

static const char *const mcpus[NMCPU] = { "v3", "v4" };

/* ---- running clang ------------------------------------------------------- */

/* The seconds clang or llvm-objdump may take on one file (the largest
 * batch of every test takes a few seconds) and the most they may print. */
#define CLANG_TIMEOUT 300
#define CLANG_MAX_OUT (64 << 20)

/* clang's complaint, short: "cannot select AtomicLoad" for a backend that
 * has no pattern, else its first error line. */
static void clang_reason(const char *errtext, char *why, size_t n)
{
	const char *e = errtext ? strstr(errtext, "Cannot select") : NULL;
	if (e) {
		const char *eq = strstr(e, " = ");
		int len = 0;
		if (eq) {
			eq += 3;
			while (eq[len] && eq[len] != '<' && eq[len] != ' ' && eq[len] != '\n')
				len++;
		}
		snprintf(why, n, "clang cannot select %.*s for BPF", len, eq ? eq : "");
		return;
	}
	e = errtext ? strstr(errtext, "error") : NULL;
	if (!e) {
		snprintf(why, n, "clang failed");
		return;
	}
	int len = 0;
	while (e[len] && e[len] != '\n' && len < 100)
		len++;
	snprintf(why, n, "clang: %.*s", len, e);
}

/* Compile src for -mcpu=m and disassemble; the disassembly (malloc'd) or
 * NULL with why set (and clang's messages in *errtext when asked).  The
 * source, the object and the messages are files in memory (nothing in
 * TMPDIR, whatever the exit path); clang and llvm-objdump run from an
 * argument vector (no shell: no path is parsed as a command), each with a
 * deadline, the disassembly capped. */
static char *compile(const c2opts *o, int m, const char *src, char *why, size_t n, char **errtext)
{
	int in = proc_memfd("bpfmm-clang2bpf.c"), obj = proc_memfd("bpfmm-clang2bpf.o");
	int err = proc_memfd("bpfmm-clang2bpf.err");
	char mcpu[32], objp[64], st[96];
	char *res = NULL;
	const char *who = o->clang;
	size_t len;
	int rc;

	if (in < 0 || obj < 0 || err < 0 || proc_fd_write(in, src, strlen(src)) < 0) {
		snprintf(why, n, "cannot make a file in memory (memfd_create)");
		goto out;
	}
	snprintf(mcpu, sizeof mcpu, "-mcpu=%s", mcpus[m]);
	/* the source on standard input ("<stdin>:LINE:" in clang's messages),
	 * the object on standard output */
	const char *cv[] = { o->clang, "-target", "bpf", "-O2", mcpu, "-w", "-fno-crash-diagnostics",
			     "-x", "c", "-c", "-", "-o", "-", NULL };
	rc = proc_run(cv, in, obj, err, CLANG_TIMEOUT);
	if (rc == 0) {
		proc_fd_path(obj, objp, sizeof objp);
		const char *dv[] = { o->objdump, "-d", "--no-show-raw-insn", objp, NULL };
		who = o->objdump;
		rc = proc_capture(dv, -1, err, CLANG_TIMEOUT, CLANG_MAX_OUT, &res, &len);
	}
	if (rc != 0) {
		free(res);
		res = NULL;
		char *e = proc_fd_read(err, 1 << 20);
		if (rc < 0 || rc == 127 || !e[0]) {
			snprintf(why, n, "%s: %s", who, proc_status_text(rc, CLANG_TIMEOUT, st, sizeof st));
		} else {
			clang_reason(e, why, n);
		}
		if (errtext)
			*errtext = e;
		else
			free(e);
	}
out:
	if (in >= 0)
		close(in);
	if (obj >= 0)
		close(obj);
	if (err >= 0)
		close(err);
	return res;
}

/* ---- BPF C from the IR ------------------------------------------------------ */

typedef struct {
	const litmus_test *t;
	int ti;
	int argof[64];        /* symbol -> argument index, -1 */
	int nargs;            /* locations; o is argument nargs */
	int obsreg[16], nobs; /* C registers the final state shows */
	bool *target, *fold;
	bool needs[NNEEDS];
	char reason[160];
} cthread;

#define c_refuse(c, ...) lk_refuse((c)->reason, sizeof (c)->reason, __VA_ARGS__)

static void c_val(sbuf *b, const cthread *c, value v)
{
	if (v.sym >= 0)
		sb_printf(b, "((u64)a%d + %lld)", c->argof[v.sym], (long long)v.off);
	else
		sb_printf(b, "(u64)%lldLL", (long long)v.off);
}

static void c_opnd(sbuf *b, const cthread *c, opnd o)
{
	if (o.kind == OPND_REG)
		sb_printf(b, "c%d", o.reg);
	else
		c_val(b, c, o.kind == OPND_IMM ? o.imm : value_int(0));
}

/* "*(u64 *)(ADDR)" of a memory access */
static void c_lval(sbuf *b, const cthread *c, const ir_insn *in)
{
	sb_printf(b, "*(u64 *)(");
	c_opnd(b, c, in->a);
	sb_printf(b, " + %lld)", (long long)in->off);
}

static const char *c_alu(alu_op a)
{
	switch (a) {
	case ALU_ADD: return "+";
	case ALU_SUB: return "-";
	case ALU_MUL: return "*";
	case ALU_DIV: return "/";
	case ALU_MOD: return "%";
	case ALU_AND: return "&";
	case ALU_OR: return "|";
	case ALU_XOR: return "^";
	case ALU_SHL: return "<<";
	case ALU_SHR: return ">>";
	default: return NULL;
	}
}

static const char *sync_fetch(alu_op a)
{
	switch (a) {
	case ALU_ADD: return "__sync_fetch_and_add";
	case ALU_SUB: return "__sync_fetch_and_sub";
	case ALU_AND: return "__sync_fetch_and_and";
	case ALU_OR: return "__sync_fetch_and_or";
	case ALU_XOR: return "__sync_fetch_and_xor";
	case ALU_MOVB: return "__sync_lock_test_and_set";
	default: return NULL;
	}
}

/* IR_ALU as a C assignment (comparisons as 0/1, signed ones cast) */
static int c_alu_insn(sbuf *b, cthread *c, const ir_insn *in)
{
	const char *op;

	sb_printf(b, "\tc%d = ", in->dst);
	if (in->alu == ALU_NEG) {
		sb_printf(b, "-");
		c_opnd(b, c, in->a);
	} else if (in->alu == ALU_MOVB) {
		c_opnd(b, c, in->b);
	} else if (in->alu == ALU_EQ || in->alu == ALU_NE || in->alu == ALU_SLT || in->alu == ALU_SLTU) {
		const char *cast = in->alu == ALU_SLT ? "(s64)" : "";
		sb_printf(b, "(u64)(%s", cast);
		c_opnd(b, c, in->a);
		sb_printf(b, " %s %s", in->alu == ALU_EQ ? "==" : in->alu == ALU_NE ? "!=" : "<", cast);
		c_opnd(b, c, in->b);
		sb_printf(b, ")");
	} else if (in->alu == ALU_ASHR || in->alu == ALU_SDIV || in->alu == ALU_SMOD) {
		sb_printf(b, "(u64)((s64)");
		c_opnd(b, c, in->a);
		sb_printf(b, " %s (s64)", in->alu == ALU_ASHR ? ">>" : in->alu == ALU_SDIV ? "/" : "%");
		c_opnd(b, c, in->b);
		sb_printf(b, ")");
	} else if ((op = c_alu(in->alu))) {
		c_opnd(b, c, in->a);
		sb_printf(b, " %s ", op);
		c_opnd(b, c, in->b);
	} else {
		return c_refuse(c, "ALU operation %d", (int)in->alu);
	}
	sb_printf(b, ";\n");
	return 0;
}

/* IR_LOAD, IR_STORE: READ_ONCE / WRITE_ONCE, acquire and release as the
 * idiom set writes them */
static int c_access(sbuf *b, cthread *c, const idiom_set *set, const ir_insn *in)
{
	const litmus_test *t = c->t;

	if (in->op == IR_LOAD) {
		if (lk_has_tag(t, in->tags_r, "Acquire")) {
			c->needs[NEED_ACQ] = true;
			if (set->acq == AR_BUILTIN) {
				sb_printf(b, "\tc%d = __atomic_load_n((u64 *)(", in->dst);
				c_opnd(b, c, in->a);
				sb_printf(b, " + %lld), __ATOMIC_ACQUIRE);\n", (long long)in->off);
				return 0;
			}
		}
		sb_printf(b, "\tc%d = READ_ONCE(", in->dst);
		c_lval(b, c, in);
		sb_printf(b, ");\n");
		if (lk_has_tag(t, in->tags_r, "Acquire"))
			sb_printf(b, "\t%s\n", set->acq == AR_MB ? mb_text(set->mb) : "barrier();");
		return 0;
	}
	if (lk_has_tag(t, in->tags_w, "Release")) {
		c->needs[NEED_REL] = true;
		if (set->rel == AR_BUILTIN) {
			sb_printf(b, "\t__atomic_store_n((u64 *)(");
			c_opnd(b, c, in->a);
			sb_printf(b, " + %lld), ", (long long)in->off);
			c_opnd(b, c, in->b);
			sb_printf(b, ", __ATOMIC_RELEASE);\n");
			return 0;
		}
		sb_printf(b, "\t%s\n", set->rel == AR_MB ? mb_text(set->mb) : "barrier();");
	}
	sb_printf(b, "\tWRITE_ONCE(");
	c_lval(b, c, in);
	sb_printf(b, ", ");
	c_opnd(b, c, in->b);
	sb_printf(b, ");\n");
	return 0;
}

/* IR_RMW, IR_CAS: the __sync builtins */
static int c_atomic(sbuf *b, cthread *c, const ir_insn *in)
{
	const char *op;

	if (in->op == IR_RMW) {
		if (!(op = sync_fetch(in->alu)))
			return c_refuse(c, "atomic operation %d has no __sync builtin", (int)in->alu);
		if (in->dst >= 0)
			sb_printf(b, "\tc%d = ", in->dst);
		else
			sb_printf(b, "\t");
		sb_printf(b, "%s((u64 *)(", op);
		c_opnd(b, c, in->a);
		sb_printf(b, " + %lld), ", (long long)in->off);
		c_opnd(b, c, in->b);
		sb_printf(b, ");\n");
		return 0;
	}
	if (in->cmp == CMP_NE || in->alu_new)
		return c_refuse(c, "atomic_add_unless: no __sync builtin");
	if (in->c.kind == OPND_NONE)
		return c_refuse(c, "compare without write");
	if (in->dst >= 0)
		sb_printf(b, "\tc%d = ", in->dst);
	else
		sb_printf(b, "\t");
	sb_printf(b, "__sync_val_compare_and_swap((u64 *)(");
	c_opnd(b, c, in->a);
	sb_printf(b, " + %lld), ", (long long)in->off);
	c_opnd(b, c, in->b);
	sb_printf(b, ", ");
	c_opnd(b, c, in->c);
	sb_printf(b, ");\n");
	return 0;
}

/* IR_BRANCH: if (...) goto, or goto */
static int c_branch(sbuf *b, cthread *c, const ir_insn *in)
{
	static const char *const cmp[] = {
		[CMP_EQ] = "==", [CMP_NE] = "!=", [CMP_LT] = "<", [CMP_LE] = "<=",
		[CMP_GT] = ">", [CMP_GE] = ">=", [CMP_SLT] = "<", [CMP_SLE] = "<=",
		[CMP_SGT] = ">", [CMP_SGE] = ">=",
	};
	bool sgn = in->cmp >= CMP_SLT && in->cmp <= CMP_SGE;
	if (in->cmp == CMP_ALWAYS) {
		sb_printf(b, "\tgoto L%d;\n", in->target);
		return 0;
	}
	sb_printf(b, "\tif (%s", sgn ? "(s64)" : "");
	c_opnd(b, c, in->a);
	if (in->cmp == CMP_SET)
		sb_printf(b, " & ");
	else if (in->cmp < sizeof cmp / sizeof *cmp && cmp[in->cmp])
		sb_printf(b, " %s %s", cmp[in->cmp], sgn ? "(s64)" : "");
	else
		return c_refuse(c, "comparison %d", (int)in->cmp);
	c_opnd(b, c, in->b);
	sb_printf(b, ")\n\t\tgoto L%d;\n", in->target);
	return 0;
}

static int c_insn(sbuf *b, cthread *c, const idiom_set *set, const ir_insn *in)
{
	const litmus_test *t = c->t;

	switch (in->op) {
	case IR_MOV:
		sb_printf(b, "\tc%d = ", in->dst);
		c_opnd(b, c, in->a);
		sb_printf(b, ";\n");
		return 0;
	case IR_ALU:
		return c_alu_insn(b, c, in);
	case IR_LOAD:
	case IR_STORE:
		return c_access(b, c, set, in);
	case IR_RMW:
	case IR_CAS:
		return c_atomic(b, c, in);
	case IR_FENCE:
		if (lk_has_tag(t, in->tags_f, "Barrier") && __builtin_popcount(in->tags_f) == 1) {
			sb_printf(b, "\tbarrier();\n");
			return 0;
		}
		if (lk_is_mb_fence(t, in)) {
			c->needs[NEED_MB] = true;
			sb_printf(b, "\t%s\n", mb_text(set->mb));
		} else {
			c->needs[NEED_WEAK] = true;
			sb_printf(b, "\t%s\n", mb_text(set->weak));
		}
		return 0;
	case IR_BRANCH:
		return c_branch(b, c, in);
	case IR_SC:    /* no C front-end writes these */
	case IR_PICK:
		break;
	}
	return c_refuse(c, "%s has no BPF C form",
			in->op == IR_SC ? "store-conditional" : in->op == IR_PICK ? "conditional select" : "IR operation");
}

/* Thread c->ti as the BPF C function `name` under `set`, appended to b. */
static int c_function(sbuf *b, cthread *c, const idiom_set *set, const char *name)
{
	const litmus_test *t = c->t;
	const litmus_thread *th = &t->threads[c->ti];
	bool *mention = xcalloc((size_t)t->nregs + 1, 1);
	int rc = -1;

	sb_printf(b, "void %s(", name);
	for (int k = 0; k < c->nargs; k++)
		sb_printf(b, "u64 *a%d, ", k);
	sb_printf(b, "u64 *o)\n{\n");
	for (int i = 0; i < th->ncode; i++) {
		const ir_insn *in = &th->code[i];
		const opnd *ops[3] = { &in->a, &in->b, &in->c };
		if (in->dst >= 0)
			mention[in->dst] = true;
		for (int k = 0; k < 3; k++)
			if (ops[k]->kind == OPND_REG)
				mention[ops[k]->reg] = true;
	}
	for (int j = 0; j < c->nobs; j++)
		mention[c->obsreg[j]] = true;
	for (int r = 0; r < t->nregs; r++) {
		if (!mention[r])
			continue;
		sbuf v = { 0 };
		c_val(&v, c, value_int(0));
		for (int k = 0; k < t->ninit; k++)
			if (t->init[k].thread == c->ti && t->init[k].reg == r) {
				free(v.s);
				v = (sbuf){ 0 };
				c_val(&v, c, t->init[k].val);
			}
		sb_printf(b, "\tu64 c%d = %s;\n", r, v.s);
		free(v.s);
	}
	for (int i = 0; i < th->ncode; i++) {
		if (c->target[i])
			sb_printf(b, "L%d: ;\n", i);
		if (c->fold[i]) {
			if (c_insn(b, c, set, &th->code[i + 1]) < 0)
				goto out;
			i += 2;
			continue;
		}
		if (c_insn(b, c, set, &th->code[i]) < 0)
			goto out;
	}
	/* a label, then a null statement: clang before 16 refuses a label at
	 * the end of a block ("expected statement": a C23 feature) */
	sb_printf(b, "L%d: ;\n", th->ncode);
	for (int j = 0; j < c->nobs; j++)
		sb_printf(b, "\tWRITE_ONCE(o[%d], c%d);\n", j + 1, c->obsreg[j]);
	sb_printf(b, "}\n");
	rc = 0;
out:
	free(mention);
	return rc;
}

/* Set up c for thread ti of t (locations, observed registers, folds);
 * 0 or -1 with c->reason. */
/* The C registers of thread ti that p reads, into c->obsreg. */
static int observed(cthread *c, const prop *p)
{
	const observable *os[2];
	if (!p)
		return 0;
	os[0] = p->kind == PROP_ATOM ? &p->lhs : NULL;
	os[1] = p->kind == PROP_ATOM && p->rhs_is_obs ? &p->rhs_obs : NULL;
	for (int k = 0; k < 2; k++)
		if (os[k] && os[k]->thread == c->ti) {
			int j;
			for (j = 0; j < c->nobs && c->obsreg[j] != os[k]->reg; j++)
				;
			if (j == 16)
				return c_refuse(c, "too many registers in the final state");
			if (j == c->nobs)
				c->obsreg[c->nobs++] = os[k]->reg;
		}
	return observed(c, p->l) < 0 || observed(c, p->r) < 0 ? -1 : 0;
}

/* Set up c for thread ti of t (locations, observed registers, folds);
 * 0 or -1 with c->reason. */
static int c_prepare(cthread *c, const litmus_test *t, int ti)
{
	const litmus_thread *th = &t->threads[ti];

	c->t = t;
	c->ti = ti;
	c->target = xcalloc((size_t)th->ncode + 1, 1);
	c->fold = xcalloc((size_t)th->ncode + 1, 1);
	if (t->nsyms > 64)
		return c_refuse(c, "too many locations");
	int *first = xmalloc(sizeof(int) * ((size_t)t->nregs + 1)),
	    *last = xmalloc(sizeof(int) * ((size_t)t->nregs + 1));
	bool *syms = xcalloc((size_t)t->nsyms + 1, 1);
	lk_live_ranges(t, ti, first, last, syms);
	for (int s = 0; s < t->nsyms; s++)
		c->argof[s] = syms[s] ? c->nargs++ : -1;
	free(first);
	free(last);
	free(syms);
	if (c->nargs > MAXARGS - 1)
		return c_refuse(c, "P%d names %d locations: a BPF function takes %d pointers and o",
				th->id, c->nargs, MAXARGS - 1);
	for (int k = 0; k < t->nlocations; k++) {
		prop atom = { .kind = PROP_ATOM, .lhs = t->locations[k] };
		if (observed(c, &atom) < 0)
			return -1;
	}
	if (observed(c, t->cond) < 0 || observed(c, t->filter) < 0)
		return -1;
	for (int i = 0; i < th->ncode; i++) {
		const ir_insn *in = &th->code[i];
		const char *fam = lk_unsupported_family(t, in->tags_r | in->tags_w | in->tags_f | in->tags_fail |
							in->tags_fence_ok);
		if (fam)
			return c_refuse(c, "%s", fam);
		if (in->op == IR_BRANCH)
			c->target[in->target] = true;
	}
	/* the lifted test would compute with two addresses (c2bpf's rule) */
	if (lk_compares_addresses(t, ti))
		return c_refuse(c, "a comparison used as a value may compare addresses, "
				"which BPF litmus tests cannot compute");
	lk_fold_full_rmw(t, ti, c->target, c->fold);
	return 0;
}

/* ---- the lifted test ----------------------------------------------------- */

typedef struct {
	const litmus_test *t;
	cthread *cs;
	lifted *ls;
} lift_ctx;

/* a C register's BPF name: the register its result store became */
static void lifted_reg(sbuf *b, const litmus_test *t, int ti, int reg, void *ctx)
{
	const lift_ctx *x = ctx;
	int r = -1;
	for (int j = 0; j < x->cs[ti].nobs; j++)
		if (x->cs[ti].obsreg[j] == reg)
			r = x->ls[ti].outreg[j];
	sb_printf(b, "r%d", r);
	(void)t;
}

static char *bpf_text(const lift_ctx *x, const char *mcpu, const char *group)
{
	const litmus_test *t = x->t;
	sbuf b = { 0 };

	sb_printf(&b, "BPF %s\n", t->name);
	sb_printf(&b, "(* Lifted by bpfmm clang2bpf from clang -O2 -mcpu=%s, idioms %s, of the C test %s *)\n",
		  mcpu, group, t->name);
	sb_printf(&b, "{\n");
	lk_print_mem_init(&b, t);
	for (int ti = 0; ti < t->nthreads; ti++) {
		int id = t->threads[ti].id;
		for (int s = 0; s < t->nsyms; s++)
			if (x->cs[ti].argof[s] >= 0)
				sb_printf(&b, "%d:r%d=%s; ", id, x->cs[ti].argof[s] + 1, t->syms[s]);
		sb_printf(&b, "%d:r%d=clang_f%d;\n", id, x->cs[ti].nargs + 1, id);
	}
	sb_printf(&b, "}\n");
	const lk_column *cols[t->nthreads + 1];
	for (int ti = 0; ti < t->nthreads; ti++)
		cols[ti] = &x->ls[ti].col;
	lk_print_grid(&b, t, cols);
	lk_print_tail(&b, t, lifted_reg, (void *)x);
	return b.s;
}

/* ---- one test ------------------------------------------------------------- */

/* One verdict line (record, with --json): the test under one -mcpu and
 * group of idiom sets. */
static void report(const c2opts *o, FILE *out, const char *file, const litmus_test *tc, int m,
		   const char *group, const char *lkmm, const char *bpf, const char *verdict,
		   const char *reason, const char *state)
{
	verdict_record v = {
		.kind = REPORT_LKMM, .word = "CLANG2BPF", .test = tc->name, .mcpu = mcpus[m],
		.idioms = group, .lkmm = lkmm, .target_key = "BPF", .target_jkey = "bpf", .target = bpf,
		.verdict = verdict, .reason = reason, .state = state, .state_as_reason = true,
		.tally = o->tally,
	};
	report_verdict(out, o->json, file, &v);
}

/* Check group g's lifted threads; prints its line. */
static int judge(const c2opts *o, const char *file, int idx, const litmus_test *tc, const check_result *rc, cthread *cs,
		 const char *dis, int g, int m, const char *group, cat_run *bpf, FILE *out, FILE *err)
{
	lifted *ls = xcalloc((size_t)tc->nthreads, sizeof *ls);
	lift_ctx x = { tc, cs, ls };
	const char *lw = observation_word(rc);
	char *text = NULL, why[200] = "";
	litmus_test *tb = NULL;
	check_result rb = { 0 };
	int status = 0;

	for (int ti = 0; ti < tc->nthreads && !why[0]; ti++) {
		char name[48];
		bfunc f = { 0 };
		snprintf(name, sizeof name, "T%d_P%d_g%d", idx, tc->threads[ti].id, g);
		ls[ti].nargs = cs[ti].nargs + 1;
		ls[ti].nout = cs[ti].nobs;
		if (c2b_find_function(dis, name, &f) < 0 || f.n == 0)
			snprintf(why, sizeof why, "%s not in the disassembly", name);
		else if (snprintf(name, sizeof name, "P%d", tc->threads[ti].id), c2b_lift(&f, &ls[ti], name) < 0)
			snprintf(why, sizeof why, "%s", ls[ti].reason);
		bfunc_free(&f);
	}
	if (why[0]) {
		report(o, out, file, tc, m, group, lw, NULL, "refused", why, NULL);
		goto out;
	}
	text = bpf_text(&x, mcpus[m], group);
	diag d = { .file = file };
	tb = litmus_read_string(text, file, frontend_for_arch, &d);
	if (!tb) {
		snprintf(why, sizeof why, "not liftable: %.180s", d.msg);
		report(o, out, file, tc, m, group, lw, NULL, "refused", why, NULL);
		goto done;
	}
	check_opts bo = check_defaults(bpf, o->budget);
	if (check_test_opts(tb, bpf, &bo, &rb, &d) < 0) {
		status = report_failure(o->json, file, &d, out, err);
		goto done;
	}
	sbuf first = { 0 };
	int extra = lk_extra_states(tc, rc, tb, &rb, lifted_reg, &x, "BPF", &first, NULL);
	const char *bw = observation_word(&rb);
	if (extra > 0)
		report(o, out, file, tc, m, group, lw, bw, "unsound", NULL, first.s);
	else if (extra == 0)
		report(o, out, file, tc, m, group, lw, bw, rb.nstates < rc->nstates ? "sound-stronger" : "sound",
		       NULL, NULL);
	else if ((!strcmp(lw, "Never") && strcmp(bw, "Never")) || (!strcmp(lw, "Always") && strcmp(bw, "Always")))
		report(o, out, file, tc, m, group, lw, bw, "unsound", "verdicts differ", NULL);
	else
		report(o, out, file, tc, m, group, lw, bw, strcmp(lw, bw) ? "sound-stronger" : "sound", NULL, NULL);
	free(first.s);
done:
	if (o->verbose && text)
		fputs(text, out);
out:
	for (int ti = 0; ti < tc->nthreads; ti++)
		lk_col_free(&ls[ti].col);
	free(ls);
	free(text);
	check_result_free(&rb);
	litmus_free(tb);
	return status;
}

/* A C test as BPF C: its threads, the idiom-set groups, each set's text
 * (function names with '@' for the group number). */
typedef struct {
	litmus_test *tc;
	cthread *cs;
	int ngroups, groupof[NSETS];
	char *texts[NSETS];
	bool needs[NSETS][NNEEDS];
	const char *reason;    /* no BPF C form */
} ctest;

static void ctest_free(ctest *ct)
{
	if (ct->cs)
		for (int ti = 0; ti < ct->tc->nthreads; ti++) {
			free(ct->cs[ti].target);
			free(ct->cs[ti].fold);
		}
	for (int s = 0; s < NSETS; s++)
		free(ct->texts[s]);
	free(ct->cs);
	litmus_free(ct->tc);
	memset(ct, 0, sizeof *ct);
}

/* Read file as test number idx and write its threads; -1 with d set when
 * it cannot be read or is not a C test. */
static int ctest_build(ctest *ct, const c2opts *o, const char *file, int idx, diag *d)
{
	memset(ct, 0, sizeof *ct);
	if (!(ct->tc = litmus_read_file(file, frontend_for_arch, d)))
		return -1;
	litmus_test *tc = ct->tc;
	if (strcmp(tc->arch, "C")) {
		diag_error(d, (srcpos){ 0, 0 }, "not a C litmus test (%s)", tc->arch);
		return -1;
	}
	ct->cs = xcalloc((size_t)tc->nthreads, sizeof *ct->cs);
	for (int ti = 0; ti < tc->nthreads && !ct->reason; ti++)
		if (c_prepare(&ct->cs[ti], tc, ti) < 0)
			ct->reason = ct->cs[ti].reason;
	/* each set's functions; identical texts are one group */
	for (int s = 0; s < NSETS && !ct->reason; s++) {
		if (!o->use[s])
			continue;
		sbuf b = { 0 };
		for (int ti = 0; ti < tc->nthreads && !ct->reason; ti++) {
			char name[48];
			snprintf(name, sizeof name, "T%d_P%d_g@", idx, tc->threads[ti].id);
			memset(ct->cs[ti].needs, 0, sizeof ct->cs[ti].needs);
			if (c_function(&b, &ct->cs[ti], &sets[s], name) < 0)
				ct->reason = ct->cs[ti].reason;
			for (int k = 0; k < NNEEDS; k++)
				ct->needs[s][k] |= ct->cs[ti].needs[k];
		}
		ct->texts[s] = b.s;
		ct->groupof[s] = -1;
		for (int s2 = 0; s2 < s && !ct->reason; s2++)
			if (o->use[s2] && ct->texts[s2] && !strcmp(ct->texts[s2], ct->texts[s]))
				ct->groupof[s] = ct->groupof[s2];
		if (ct->groupof[s] < 0)
			ct->groupof[s] = ct->ngroups++;
	}
	return 0;
}

/* The functions of every group of ct whose idioms compile for -mcpu m,
 * appended to src; gname[g] the group's sets, why[g] why it is left out. */
static void ctest_source(const c2opts *o, const ctest *ct, int m, sbuf *src, char (*gname)[128],
			 char (*why)[200])
{
	for (int g = 0; g < ct->ngroups; g++) {
		int first = -1;
		gname[g][0] = why[g][0] = 0;
		for (int s = 0; s < NSETS; s++) {
			if (!o->use[s] || ct->groupof[s] != g)
				continue;
			size_t l = strlen(gname[g]);
			snprintf(gname[g] + l, sizeof gname[g] - l, "%s%s", l ? "," : "", sets[s].name);
			if (first < 0)
				first = s;
			for (int k = 0; k < NNEEDS && !why[g][0]; k++)
				if (ct->needs[s][k] && o->probe[m][s][k][0])
					snprintf(why[g], sizeof why[g], "%s: %s", need_names[k], o->probe[m][s][k]);
		}
		if (why[g][0])
			continue;
		for (const char *p = ct->texts[first]; *p; p++) {
			if (*p == '@')
				sb_printf(src, "%d", g);
			else
				sb_printf(src, "%c", *p);
		}
	}
}

static int file_index(const c2opts *o, const char *file)
{
	for (int i = 0; i < o->nfiles; i++)
		if (o->files[i] == file)
			return i;
	return -1;
}

static int one_test(const c2opts *o, const char *file, cat_run *lkmm, cat_run *bpf, FILE *out, FILE *err)
{
	diag d = { .file = file };
	check_result rc = { 0 };
	ctest ct;
	int status = 1, idx = file_index(o, file);

	if (ctest_build(&ct, o, file, idx, &d) < 0) {
		report_failure(o->json, file, &d, out, err);
		report_count_error(o->tally);
		goto out;
	}
	litmus_test *tc = ct.tc;
	check_opts co = check_defaults(lkmm, o->budget);
	if (check_test_opts(tc, lkmm, &co, &rc, &d) < 0) {
		report_failure(o->json, file, &d, out, err);
		report_count_error(o->tally);
		goto out;
	}
	status = 0;
	for (int m = 0; m < NMCPU; m++) {
		if (!o->mcpu[m])
			continue;
		if (ct.reason) {
			report(o, out, file, tc, m, "all", observation_word(&rc), NULL, "refused", ct.reason, NULL);
			continue;
		}
		char gname[NSETS][128], why[NSETS][200], cwhy[200] = "";
		sbuf src = { 0 };
		sb_printf(&src, "%s", prelude);
		ctest_source(o, &ct, m, &src, gname, why);
		const char *dis = o->dis[m];
		char *own = NULL;
		if (idx >= 0 && o->excluded[m] && o->excluded[m][idx]) {
			snprintf(cwhy, sizeof cwhy, "%s", o->excluded[m][idx]);
			dis = NULL;
		} else if (!dis) {   /* no batch: this test alone */
			dis = own = compile(o, m, src.s, cwhy, sizeof cwhy, NULL);
		}
		if (o->verbose)
			fputs(src.s, out);
		free(src.s);
		for (int g = 0; g < ct.ngroups; g++) {
			if (why[g][0])
				report(o, out, file, tc, m, gname[g], observation_word(&rc), NULL, "refused", why[g], NULL);
			else if (!dis)
				report(o, out, file, tc, m, gname[g], observation_word(&rc), NULL, "refused", cwhy, NULL);
			else
				status |= judge(o, file, idx, tc, &rc, ct.cs, dis, g, m, gname[g], bpf, out, err);
		}
		free(own);
	}
out:
	ctest_free(&ct);
	check_result_free(&rc);
	fflush(out);
	return status;
}

/* The test a clang error is about: "In function: T<i>_..." (a backend
 * failure) or "t.c:LINE:" (a front-end error), LINE looked up in
 * lines[i] (the first line of test i's functions), else -1. */
static int error_test(const char *err, const int *lines, int n)
{
	const char *p = err ? strstr(err, "In function: T") : NULL;
	if (p)
		return atoi(p + strlen("In function: T"));
	p = err ? strstr(err, "<stdin>:") : NULL;
	if (!p)
		return -1;
	int line = atoi(p + 8), k = -1;
	for (int i = 0; i < n; i++)
		if (lines[i] > 0 && lines[i] <= line)
			k = i;
	return k;
}

/* Every test's functions in one C file per -mcpu, compiled once: o->dis[m].
 * A test clang rejects is left out with its reason (o->excluded[m][i]) and
 * the rest compiled again. Left NULL when that does not converge: each
 * test is then compiled alone. */
static void batch_compile(c2opts *o)
{
	for (int m = 0; m < NMCPU; m++) {
		if (!o->mcpu[m])
			continue;
		o->excluded[m] = xcalloc((size_t)o->nfiles + 1, sizeof *o->excluded[m]);
		for (int attempt = 0; attempt < 8 && !o->dis[m]; attempt++) {
			sbuf src = { 0 };
			int *lines = xcalloc((size_t)o->nfiles + 1, sizeof *lines), nl = 1;
			size_t seen = 0;
			sb_printf(&src, "%s", prelude);
			for (int i = 0; i < o->nfiles; i++) {
				ctest ct;
				diag d = { .file = o->files[i] };
				char gname[NSETS][128], why[NSETS][200];
				if (o->excluded[m][i])
					continue;
				if (ctest_build(&ct, o, o->files[i], i, &d) == 0 && !ct.reason) {
					for (; seen < src.n; seen++)
						nl += src.s[seen] == '\n';
					lines[i] = nl;
					ctest_source(o, &ct, m, &src, gname, why);
				}
				ctest_free(&ct);
			}
			char why[200], *errtext = NULL;
			o->dis[m] = compile(o, m, src.s, why, sizeof why, &errtext);
			if (!o->dis[m]) {
				int i = error_test(errtext, lines, o->nfiles);
				if (i >= 0 && i < o->nfiles && !o->excluded[m][i])
					o->excluded[m][i] = xstrdup(why);
				else
					attempt = 8;
			}
			free(errtext);
			free(lines);
			free(src.s);
		}
	}
}

/* ---- probes and the primitive table -------------------------------------- */

/* Probe each idiom of each set once per -mcpu: o->probe[m][s][k] is "" when
 * it compiles. */
static void probe_idioms(c2opts *o)
{
	for (int m = 0; m < NMCPU; m++)
		for (int s = 0; s < NSETS; s++)
			for (int k = 0; k < NNEEDS; k++) {
				sbuf b = { 0 };
				const idiom_set *set = &sets[s];
				o->probe[m][s][k][0] = 0;
				if (!o->mcpu[m] || !o->use[s])
					continue;
				/* only the builtins can fail; the others are
				 * __sync calls, volatile accesses and asm */
				bool builtin = (k == NEED_MB && set->mb == MB_FENCE) ||
					       (k == NEED_WEAK && set->weak == MB_FENCE) ||
					       (k == NEED_ACQ && set->acq == AR_BUILTIN) ||
					       (k == NEED_REL && set->rel == AR_BUILTIN);
				if (!builtin)
					continue;
				if (k == NEED_WEAK && set->weak == set->mb) {
					memcpy(o->probe[m][s][k], o->probe[m][s][NEED_MB], sizeof o->probe[m][s][k]);
					continue;
				}
				sb_printf(&b, "%s", prelude);
				if (k == NEED_ACQ)
					sb_printf(&b, "u64 f(u64 *x, u64 *o) { return __atomic_load_n(x, __ATOMIC_ACQUIRE); }\n");
				else if (k == NEED_REL)
					sb_printf(&b, "void f(u64 *x, u64 *o) { __atomic_store_n(x, 1, __ATOMIC_RELEASE); }\n");
				else
					sb_printf(&b, "void f(u64 *x, u64 *o) { %s }\n",
						  mb_text(k == NEED_MB ? set->mb : set->weak));
				char *dis = compile(o, m, b.s, o->probe[m][s][k], sizeof o->probe[m][s][k], NULL);
				if (dis)
					o->probe[m][s][k][0] = 0;
				free(dis);
				free(b.s);
			}
}

/* One primitive as BPF C, the kinds of memory instructions c2bpf writes
 * for it (docs/c-to-bpf.md), and whether its result is used. */
typedef struct {
	const char *name, *body, *c2bpf;
} primitive;

static const primitive prims[] = {
	{ "READ_ONCE", "return READ_ONCE(*x);", "load" },
	{ "WRITE_ONCE", "WRITE_ONCE(*x, 1);", "store" },
	{ "smp_load_acquire (load; smp_mb, result unused)", "u64 v = READ_ONCE(*x); smp_mb_unused(o); return v;",
	  "load_acquire" },
	{ "smp_load_acquire (load; smp_mb, result used)", "u64 v = READ_ONCE(*x); smp_mb_used(o); return v;",
	  "load_acquire" },
	{ "smp_load_acquire (load; barrier)", "u64 v = READ_ONCE(*x); barrier(); return v;", "load_acquire" },
	{ "smp_store_release (smp_mb, result unused; store)", "smp_mb_unused(o); WRITE_ONCE(*x, 1);",
	  "store_release" },
	{ "smp_store_release (smp_mb, result used; store)", "smp_mb_used(o); WRITE_ONCE(*x, 1);", "store_release" },
	{ "smp_store_release (barrier; store)", "barrier(); WRITE_ONCE(*x, 1);", "store_release" },
	{ "smp_mb (__sync_fetch_and_add(f, 0), result unused)", "smp_mb_unused(o);", "atomic_fetch_add" },
	{ "smp_mb (__sync_fetch_and_add(f, 0), result used)", "smp_mb_used(o);", "atomic_fetch_add" },
	{ "smp_rmb, smp_wmb (barrier)", "barrier();", "atomic_fetch_add" },
	{ "barrier()", "barrier();", "" },
	{ "atomic_fetch_add (result used)", "return __sync_fetch_and_add(x, 1);", "atomic_fetch_add" },
	{ "atomic_fetch_add (result unused)", "__sync_fetch_and_add(x, 1);", "atomic_fetch_add" },
	{ "atomic_add_return", "return __sync_add_and_fetch(x, 1);", "atomic_fetch_add" },
	{ "atomic_fetch_sub (result used)", "return __sync_fetch_and_sub(x, 1);", "atomic_fetch_add" },
	{ "atomic_fetch_and (result used)", "return __sync_fetch_and_and(x, 1);", "atomic_fetch_and" },
	{ "atomic_fetch_or (result used)", "return __sync_fetch_and_or(x, 1);", "atomic_fetch_or" },
	{ "atomic_fetch_xor (result used)", "return __sync_fetch_and_xor(x, 1);", "atomic_fetch_xor" },
	{ "atomic_fetch_or (result unused)", "__sync_fetch_and_or(x, 1);", "atomic_fetch_or" },
	{ "atomic_add, atomic_inc (no result)", "__sync_fetch_and_add(x, 1);", "lock+=" },
	{ "atomic_or (no result)", "__sync_fetch_and_or(x, 1);", "lock|=" },
	{ "xchg (result used)", "return __sync_lock_test_and_set(x, 1);", "xchg" },
	{ "xchg (result unused)", "__sync_lock_test_and_set(x, 1);", "xchg" },
	{ "cmpxchg (result used)", "return __sync_val_compare_and_swap(x, 0, 1);", "cmpxchg" },
	{ "cmpxchg (result unused)", "__sync_val_compare_and_swap(x, 0, 1);", "cmpxchg" },
	{ "atomic_fetch_add_relaxed (__atomic_fetch_add RELAXED, used)",
	  "return __atomic_fetch_add(x, 1, __ATOMIC_RELAXED);", "atomic_fetch_add" },
	{ "smp_load_acquire (__atomic_load_n ACQUIRE)", "return __atomic_load_n(x, __ATOMIC_ACQUIRE);",
	  "load_acquire" },
	{ "smp_store_release (__atomic_store_n RELEASE)", "__atomic_store_n(x, 1, __ATOMIC_RELEASE);",
	  "store_release" },
	{ "smp_mb (__atomic_thread_fence SEQ_CST)", "__atomic_thread_fence(__ATOMIC_SEQ_CST);",
	  "atomic_fetch_add" },
	{ "smp_mb (__sync_synchronize)", "__sync_synchronize();", "atomic_fetch_add" },
};
#define NPRIMS ((int)(sizeof prims / sizeof *prims))

/* The kind of a lifted instruction's memory access, "" if none. */
static void insn_kind(const char *s, sbuf *b)
{
	static const char *const names[] = { "load_acquire", "store_release", "atomic_fetch_add",
					     "atomic_fetch_and", "atomic_fetch_or", "atomic_fetch_xor",
					     "cmpxchg", "xchg" };
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (strstr(s, names[i])) {
			sb_printf(b, "%s%s", b->s && b->s[0] ? " " : "", names[i]);
			return;
		}
	if (!strncmp(s, "lock ", 5)) {
		const char *op = strstr(s, ") ");
		sb_printf(b, "%slock%.2s", b->s && b->s[0] ? " " : "", op ? op + 2 : "?");
	} else if (s[0] == '*') {
		sb_printf(b, "%sstore", b->s && b->s[0] ? " " : "");
	} else if (strstr(s, "= *(")) {
		sb_printf(b, "%sload", b->s && b->s[0] ? " " : "");
	}
}

/* The primitives of -mcpu m not yet refused (why[p][0] == 0) in one C
 * file, one function p<P> per line; a primitive clang rejects gets its
 * reason in why[p] and the rest are compiled again. The disassembly, or
 * NULL when every primitive is refused. */
static char *compile_primitives(const c2opts *o, int m, char (*why)[200])
{
	for (int attempt = 0; attempt <= NPRIMS; attempt++) {
		sbuf src = { 0 };
		int line0 = 1, n = 0;
		sb_printf(&src, "%s", prelude);
		for (const char *q = src.s; *q; q++)
			line0 += *q == '\n';
		for (int p = 0; p < NPRIMS; p++) {
			bool ret = !strncmp(prims[p].body, "return", 6) || strstr(prims[p].body, " return ");
			if (why[p][0]) {
				sb_printf(&src, "\n");   /* one line per primitive */
				continue;
			}
			n++;
			sb_printf(&src, "%s p%d(u64 *x, u64 *o) { %s }\n", ret ? "u64" : "void", p, prims[p].body);
		}
		if (!n) {
			free(src.s);
			return NULL;
		}
		char w[200], *errtext = NULL;
		char *dis = compile(o, m, src.s, w, sizeof w, &errtext);
		free(src.s);
		if (dis) {
			free(errtext);
			return dis;
		}
		const char *f = errtext ? strstr(errtext, "In function: p") : NULL;
		const char *l = errtext ? strstr(errtext, "t.c:") : NULL;
		int bad = f ? atoi(f + strlen("In function: p")) : l ? atoi(l + 4) - line0 : -1;
		free(errtext);
		if (bad < 0 || bad >= NPRIMS || why[bad][0]) {   /* not ours: all refused */
			for (int p = 0; p < NPRIMS; p++)
				if (!why[p][0])
					snprintf(why[p], sizeof why[p], "%s", w);
			return NULL;
		}
		snprintf(why[bad], sizeof why[bad], "%s", w);
	}
	return NULL;
}

/* --primitives: each primitive compiled for each -mcpu, lifted, and its
 * memory instructions compared with c2bpf's table. */
static int primitives(const c2opts *o, FILE *out)
{
	int status = 0;
	for (int m = 0; m < NMCPU; m++) {
		if (!o->mcpu[m])
			continue;
		char (*why)[200] = xcalloc(NPRIMS, sizeof *why);
		char *dis = compile_primitives(o, m, why);
		for (int p = 0; p < NPRIMS; p++) {
			sbuf kinds = { 0 };
			char name[16];
			fprintf(out, "PRIMITIVE mcpu=%s %s\n", mcpus[m], prims[p].name);
			if (why[p][0] || !dis) {
				fprintf(out, "  clang: refused (%s)\n  c2bpf: %s\n  differs\n", why[p][0] ? why[p] : "no disassembly",
					prims[p].c2bpf);
				continue;
			}
			bfunc f = { 0 };
			lifted l = { .nargs = 2 };
			snprintf(name, sizeof name, "p%d", p);
			if (c2b_find_function(dis, name, &f) < 0 || c2b_lift(&f, &l, name) < 0) {
				fprintf(out, "  clang: not liftable (%s)\n", l.reason);
				status = 1;
			} else {
				for (int i = 0; i < l.col.n; i++) {
					fprintf(out, "  %s\n", l.col.cells[i]);
					insn_kind(l.col.cells[i], &kinds);
				}
				const char *k = kinds.s ? kinds.s : "";
				fprintf(out, "  clang: %s\n  c2bpf: %s\n  %s\n", k[0] ? k : "(no access)",
					prims[p].c2bpf[0] ? prims[p].c2bpf : "(no access)",
					strcmp(k, prims[p].c2bpf) ? "differs" : "same");
			}
			lk_col_free(&l.col);
			bfunc_free(&f);
			free(kinds.s);
		}
		free(dis);
		free(why);
	}
	return status;
}

/* ---- the command ------------------------------------------------------------ */

enum { C2_HELP = 1, C2_MCPU, C2_IDIOMS, C2_PRIMITIVES, C2_MODEL, C2_CLANG, C2_OBJDUMP, C2_VERBOSE };

static const char *lists_help(char *help, size_t size);

static const opt_row rows[] = {
	OPT_OWN_FN(C2_MCPU, "--mcpu", "LIST", lists_help),
	OPT_OWN(C2_IDIOMS, "--idioms", "LIST", "the idiom sets (default all)"),
	OPT_OWN(C2_PRIMITIVES, "--primitives", NULL, "compile each primitive alone and compare the lifted\n"
		"instructions with c2bpf's table (same / differs)"),
	OPT_SHARED(OPT_INCDIR, "-I", "DIR", "the kernel's tools/memory-model (as c2bpf)"),
	OPT_OWN(C2_MODEL, "--bpf-model", "FILE", "the BPF model (default: bpf.cat in the model directory)"),
	OPT_OWN(C2_CLANG, "--clang", "PROG", "the compiler (default clang-19)"),
	OPT_OWN(C2_OBJDUMP, "--objdump", "PROG", "the disassembler (default llvm-objdump-19)"),
	OPT_OWN(C2_VERBOSE, "-v", NULL, "print each C file and each lifted test"),
	OPT_SHARED(OPT_JOBS, "-j, --jobs", "N", "N tests at a time (as bpfmm -j)"),
	OPT_SHARED(OPT_JSON, "--json, -json", NULL,
		   "one JSON object per line instead of the CLANG2BPF line,\n"
		   "the fields of c2bpf's: file (as named on the command\n"
		   "line), test, mcpu, idioms, lkmm and bpf (the verdicts:\n"
		   "Never, Sometimes, Always; bpf null when refused),\n"
		   "verdict (sound, sound-stronger, unsound, refused), state\n"
		   "(unsound: the first BPF-only final state, as a string in\n"
		   "herd7's States syntax with the C test's names, else\n"
		   "null), reason (refused, or unsound without a state: why,\n"
		   "else null). A test that cannot be read or checked gives\n"
		   "{\"file\", \"error\", \"line\", \"column\", \"message\",\n"
		   "\"warnings\"}, error being the FILE:LINE:COL: error: line\n"
		   "also printed on stderr."),
	OPT_HELP_ROW(C2_HELP),
	OPT_END,
};

static const opt_spec spec = {
	.cmd = "clang2bpf",
	.head =
"Usage: bpfmm clang2bpf [--mcpu v3,v4] [--idioms SET,...] [-I LKMM_DIR] [--bpf-model FILE]\n"
"                       [--clang PROG] [--objdump PROG] [-v] [-j N] [--json] FILE.litmus...\n"
"       bpfmm clang2bpf --primitives [--mcpu v3,v4] [--clang PROG] [--objdump PROG]\n"
"\n"
"Write each thread of each C litmus test as a BPF C function, the LKMM's\n"
"primitives spelled as BPF programs spell them (idiom sets below), compile\n"
"all of a test's functions with clang -target bpf -O2 -mcpu=vN, lift the\n"
"disassembly (llvm-objdump -d) back into a BPF litmus test, check it with\n"
"bpf.cat and the C test with the LKMM, and print per -mcpu and idiom set\n"
"  CLANG2BPF NAME mcpu=vN idioms=SET[,SET] LKMM=<verdict> BPF=<verdict> VERDICT\n"
"VERDICT: sound, sound-stronger (bpf.cat forbids states the LKMM allows),\n"
"unsound (STATE) (a final state the LKMM forbids), refused (why). Sets whose\n"
"functions are identical for a test share one line. A last line sums up\n"
"(not with --json), as map's, c2bpf's and lkmm-map's do:\n"
"  clang2bpf: N tests, R verdicts: A sound, B sound-stronger, C unsound,\n"
"  D refused, E unsupported, F unchecked; G errors\n"
"\n"
"Idiom sets (smp_mb / smp_rmb, smp_wmb / acquire / release):\n"
"  fetch-add       __sync_fetch_and_add(&f, 0), result unused / the same /\n"
"                  READ_ONCE then that smp_mb / smp_mb then WRITE_ONCE\n"
"  fetch-add-used  as fetch-add, the result kept in a register (barrier_var)\n"
"  barrier         fetch-add-used / barrier() / READ_ONCE; barrier() /\n"
"                  barrier(); WRITE_ONCE (x86's spelling)\n"
"  builtins        __atomic_thread_fence(__ATOMIC_SEQ_CST) / the same /\n"
"                  __atomic_load_n(ACQUIRE) / __atomic_store_n(RELEASE)\n"
"Every set: READ_ONCE, WRITE_ONCE volatile; value-returning atomics\n"
"__sync_fetch_and_<op>, xchg __sync_lock_test_and_set, cmpxchg\n"
"__sync_val_compare_and_swap; barrier() an empty asm.\n"
"\n",
	.rows = rows,
	.col = 20,
	.tail =
"Nothing is written to disk: the C source, the object and clang's messages\n"
"are files in memory; clang and llvm-objdump run without a shell, each\n"
"killed after 300 s.\n",
};

/* names[0..n) (stride bytes apart), ", "-separated, into buf */
static const char *list_text(char *buf, size_t size, const char *const *names, int n, size_t stride)
{
	size_t l = 0;

	buf[0] = 0;
	for (int i = 0; i < n && l < size; i++)
		l += (size_t)snprintf(buf + l, size - l, "%s%s", i ? ", " : "",
				      *(const char *const *)((const char *)names + stride * (size_t)i));
	return buf;
}

/* --mcpu's help: the -mcpu values of mcpus[] */
static const char *lists_help(char *help, size_t size)
{
	char l[64];

	snprintf(help, size, "the -mcpu values (%s; default both)",
		 list_text(l, sizeof l, mcpus, NMCPU, sizeof *mcpus));
	return help;
}

static bool parse_list(const char *arg, const char *const *names, int n, size_t stride, bool *on)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", arg);
	for (int i = 0; i < n; i++)
		on[i] = false;
	char *save = NULL;
	for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int i;
		for (i = 0; i < n && strcmp(*(const char *const *)((const char *)names + stride * (size_t)i), tok); i++)
			;
		if (i == n)
			return false;
		on[i] = true;
	}
	return true;
}

static int c2_test(const void *o, const char *file, cat_run *lkmm, cat_run *bpf, FILE *out, FILE *err)
{
	return one_test(o, file, lkmm, bpf, out, err);
}

/* One option of o's (an id of rows), v its argument; 0, or 2 after a
 * message. */
static int c2_option(c2opts *o, int id, const char *v, bool *prim)
{
	char l[128];

	switch (id) {
	case C2_MCPU:
		if (!parse_list(v, mcpus, NMCPU, sizeof *mcpus, o->mcpu))
			return fprintf(stderr, "bpfmm clang2bpf: bad --mcpu '%s' (%s)\n", v,
				       list_text(l, sizeof l, mcpus, NMCPU, sizeof *mcpus)), 2;
		break;
	case C2_IDIOMS:
		if (!parse_list(v, &sets[0].name, NSETS, sizeof *sets, o->use))
			return fprintf(stderr, "bpfmm clang2bpf: bad --idioms '%s' (%s)\n", v,
				       list_text(l, sizeof l, &sets[0].name, NSETS, sizeof *sets)), 2;
		break;
	case C2_PRIMITIVES:
		*prim = true;
		break;
	case C2_MODEL:
		o->bpf_model = v;
		break;
	case C2_CLANG:
		o->clang = v;
		break;
	case C2_OBJDUMP:
		o->objdump = v;
		break;
	case C2_VERBOSE:
		o->verbose = true;
		break;
	}
	return 0;
}

/* The command line into o, so and files; -1 to go on, else the exit
 * status. */
static int c2_parse(c2opts *o, cmd_opts *so, int argc, char **argv, const char **files, int *nfiles,
		    bool *prim)
{
	const char *v;
	int id;

	for (int i = 1; i < argc; i++) {
		switch ((id = opt_next(&spec, argc, argv, &i, &v, so))) {
		case OPT_FAIL:
			return 2;
		case OPT_TAKEN:
			o->json = so->json;
			break;
		case OPT_OPERAND:
			files[(*nfiles)++] = v;
			break;
		case C2_HELP:
			opt_help(stdout, &spec);
			return 0;
		default:
			if (c2_option(o, id, v, prim))
				return 2;
		}
	}
	return -1;
}

int clang2bpf_main(int argc, char **argv, const char *model_dir, const char *self)
{
	c2opts *o = xcalloc(1, sizeof *o);
	const char *files[argc > 0 ? argc : 1];
	int nfiles = 0, status;
	bool prim = false;
	cmd_opts so;   /* -I (the last names the kernel's tools/memory-model), -j */

	opt_init(&so, 0);
	/* clang's stack dump on a crash, unsymbolized: no llvm-symbolizer run */
	setenv("LLVM_DISABLE_SYMBOLIZATION", "1", 1);
	o->budget = CHECK_BUDGET;
	o->clang = "clang-19";
	o->objdump = "llvm-objdump-19";
	for (int m = 0; m < NMCPU; m++)
		o->mcpu[m] = true;
	for (int s = 0; s < NSETS; s++)
		o->use[s] = true;
	if ((status = c2_parse(o, &so, argc, argv, files, &nfiles, &prim)) >= 0) {
		free(o);
		return status;
	}
	status = 0;
	if (prim) {
		status = primitives(o, stdout);
		free(o);
		return status;
	}
	if (!nfiles) {
		free(o);
		return opt_usage_error("clang2bpf", "no litmus file given (or --primitives)%s", "");
	}
	lk_c_bpf mods;
	o->lkmm_dir = so.nincdirs ? so.incdirs[so.nincdirs - 1] : NULL;
	if (lk_c_bpf_load(&mods, "clang2bpf", o->lkmm_dir, o->bpf_model)) {
		status = 1;
	} else {
		probe_idioms(o);
		o->files = files;
		o->nfiles = nfiles;
		batch_compile(o);
		report_tally tally = { 0 };
		o->tally = &tally;
		lk_pair_job j = { o, files, mods.spec, c2_test };
		status |= lk_pair_run(&j, 0, nfiles, so.jobs);
		if (!o->json)   /* as c2bpf */
			report_summary(stdout, "clang2bpf", nfiles, &tally);
		o->tally = NULL;
	}
	lk_c_bpf_free(&mods);
	for (int m = 0; m < NMCPU; m++) {
		free(o->dis[m]);
		for (int i = 0; o->excluded[m] && i < nfiles; i++)
			free(o->excluded[m][i]);
		free(o->excluded[m]);
	}
	free(o);
	return status;
}
