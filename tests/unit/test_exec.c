/* test_exec.c - the execution stage on small BPF tests: the IR's ALU
 * (litmus/ir_alu.c), one thread run over guessed read values
 * (exec/thread_exec.c: events, dependencies, the value domain, herd7's
 * loop unrolling) and the enumeration of candidate executions
 * (exec/enumerate.c: rf choices, thin air, final memory) under a model
 * that allows everything and under sequential consistency; the
 * mixed-size mode as a check option (exec/check.c). */
#include <stdlib.h>
#include <unistd.h>
#include "unit.h"
#include "unit_model.h"
#include "arch/frontends.h"
#include "exec/check.h"
#include "exec/enumerate.h"
#include "litmus/litmus_read.h"

/* ---- ir_alu ---- */

static void test_alu(void)
{
	value r;

	CHECK(ir_alu(ALU_ADD, value_int(2), value_int(3), &r) && r.sym < 0 && r.off == 5);
	CHECK(ir_alu(ALU_SUB, value_int(2), value_int(3), &r) && r.off == -1);
	CHECK(ir_alu(ALU_MUL, value_int(-4), value_int(3), &r) && r.off == -12);
	/* BPF: x / 0 == 0 and x % 0 == x */
	CHECK(ir_alu(ALU_DIV, value_int(7), value_int(0), &r) && r.off == 0);
	CHECK(ir_alu(ALU_MOD, value_int(7), value_int(0), &r) && r.off == 7);
	/* unsigned division: -1 is the largest 64-bit value */
	CHECK(ir_alu(ALU_DIV, value_int(-1), value_int(2), &r) && r.off == INT64_MAX);
	/* C's signed / and % truncate toward zero */
	CHECK(ir_alu(ALU_SDIV, value_int(-7), value_int(2), &r) && r.off == -3);
	CHECK(ir_alu(ALU_SMOD, value_int(-7), value_int(2), &r) && r.off == -1);
	CHECK(ir_alu(ALU_SDIV, value_int(INT64_MIN), value_int(-1), &r));
	CHECK(ir_alu(ALU_SHL, value_int(1), value_int(4), &r) && r.off == 16);
	CHECK(ir_alu(ALU_SHR, value_int(-16), value_int(60), &r) && r.off == 15);
	CHECK(ir_alu(ALU_ASHR, value_int(-16), value_int(2), &r) && r.off == -4);
	CHECK(ir_alu(ALU_AND, value_int(6), value_int(3), &r) && r.off == 2);
	CHECK(ir_alu(ALU_OR, value_int(6), value_int(3), &r) && r.off == 7);
	CHECK(ir_alu(ALU_XOR, value_int(6), value_int(3), &r) && r.off == 5);
	CHECK(ir_alu(ALU_MOVB, value_int(6), value_int(3), &r) && r.off == 3);
	/* byte reversal within 64-, 32- and 16-bit containers (AArch64 REV,
	 * REV32, REV16); bit reversal of the low 32 or 64 bits (RBIT) */
	CHECK(ir_alu(ALU_REVB, value_int(0x0102030405060708), value_int(64), &r)
	      && r.off == 0x0807060504030201);
	CHECK(ir_alu(ALU_REVB, value_int(0x0102030405060708), value_int(32), &r)
	      && r.off == 0x0403020108070605);
	CHECK(ir_alu(ALU_REVB, value_int(0x0102030405060708), value_int(16), &r)
	      && r.off == 0x0201040306050807);
	CHECK(ir_alu(ALU_REVB, value_int(200), value_int(32), &r) && r.off == 0xc8000000);
	CHECK(ir_alu(ALU_REVB, value_int(200), value_int(64), &r) && (uint64_t)r.off == 0xc800000000000000);
	CHECK(ir_alu(ALU_RBIT, value_int(1), value_int(32), &r) && r.off == 0x80000000);
	CHECK(ir_alu(ALU_RBIT, value_int(1), value_int(64), &r) && r.off == INT64_MIN);
	CHECK(ir_alu(ALU_RBIT, value_int(0x80000011), value_int(32), &r) && r.off == 0x88000001);
	/* RBIT 32 drops the bits above bit 31 */
	CHECK(ir_alu(ALU_RBIT, value_int(0x100000006), value_int(32), &r) && r.off == 0x60000000);
	CHECK(ir_alu(ALU_RBIT, value_int(-1), value_int(64), &r) && r.off == -1);
	/* other container sizes, and an address, have no meaning */
	CHECK(!ir_alu(ALU_REVB, value_int(1), value_int(8), &r));
	CHECK(!ir_alu(ALU_RBIT, value_int(1), value_int(16), &r));
	CHECK(ir_alu(ALU_SLT, value_int(-1), value_int(0), &r) && r.off == 1);
	CHECK(ir_alu(ALU_SLTU, value_int(-1), value_int(0), &r) && r.off == 0);
	CHECK(ir_alu(ALU_SLTU, value_int(2), value_int(3), &r) && r.off == 1);
	CHECK(ir_alu(ALU_SLT, value_int(3), value_int(3), &r) && r.off == 0);
	CHECK(!ir_alu(ALU_REVB, value_addr(1), value_int(64), &r));
	/* an address plus or minus an integer stays an address */
	CHECK(ir_alu(ALU_ADD, value_addr(1), value_int(8), &r) && r.sym == 1 && r.off == 8);
	CHECK(ir_alu(ALU_ADD, value_int(8), value_addr(1), &r) && r.sym == 1 && r.off == 8);
	CHECK(ir_alu(ALU_SUB, value_addr(1), value_int(8), &r) && r.sym == 1 && r.off == -8);
	/* the difference of two addresses of one symbol is an integer */
	value a8 = value_addr(1);
	a8.off = 8;
	CHECK(ir_alu(ALU_SUB, a8, value_addr(1), &r) && r.sym < 0 && r.off == 8);
	/* no meaning: multiplying an address, adding two addresses */
	CHECK(!ir_alu(ALU_MUL, value_addr(1), value_int(2), &r));
	CHECK(!ir_alu(ALU_ADD, value_addr(1), value_addr(2), &r));
}

/* ---- thread_exec ---- */

static litmus_test *read_test(const char *text)
{
	diag d;

	memset(&d, 0, sizeof d);
	litmus_test *t = litmus_read_string(text, "t.litmus", frontend_for_arch, &d);
	if (!t)
		fprintf(stderr, "test does not parse: %s\n", d.msg);
	return t;
}

static int sym(const litmus_test *t, const char *name)
{
	for (int i = 0; i < t->nsyms; i++)
		if (strcmp(t->syms[i], name) == 0)
			return i;
	return -1;
}

static int traces(const litmus_test *t, int ti, mem_domain *md, int unroll,
		  trace_list *l, int *grew)
{
	diag d;

	memset(&d, 0, sizeof d);
	memset(l, 0, sizeof *l);
	*grew = 0;
	int rc = thread_traces(t, ti, md, GUESS_ANY, unroll, 0, l, grew, &d);
	if (rc)
		fprintf(stderr, "thread_traces: %s\n", d.msg);
	return rc;
}

static const char *DEPS =
	"BPF deps\n"
	"{ 0:r1=x; 0:r3=y; 0:r5=z; }\n"
	" P0 ;\n"
	" r2 = *(u32 *)(r1 + 0) ;\n"     /* 0: R x */
	" *(u32 *)(r3 + 0) = r2 ;\n"     /* 1: W y, data on 0 */
	" r4 = r2 ;\n"
	" r4 &= 0 ;\n"
	" r4 += r5 ;\n"
	" *(u32 *)(r4 + 0) = 1 ;\n"      /* 2: W z, addr on 0 */
	" if r2 == 0 goto L ;\n"
	" *(u32 *)(r3 + 0) = 2 ;\n"      /* 3: W y, ctrl on 0 */
	"L: ;\n"
	"exists (y=1)\n";

static void test_thread_deps(void)
{
	litmus_test *t = read_test(DEPS);
	mem_domain md;
	trace_list l;
	int grew;

	CHECK(t != NULL);
	if (!t)
		return;
	mem_domain_init(&md, t);
	int x = mem_location(&md, sym(t, "x"), 0);

	/* x holds only its initial 0: one path, which skips the last store */
	CHECK(traces(t, 0, &md, UNROLL_DEFAULT, &l, &grew) == 0);
	CHECK(l.n == 1);
	if (l.n == 1) {
		const trace *tr = &l.v[0];
		CHECK(tr->nev == 3 && !tr->cut && !tr->bad);
		CHECK(tr->ev[0].kind == EV_R && tr->ev[0].loc == x && tr->ev[0].rv.off == 0);
		CHECK(tr->ev[1].kind == EV_W && tr->ev[1].wv.off == 0);
		CHECK(dep_has(trace_deps(tr, 1, DEP_DATA), 0));
		CHECK(!dep_has(trace_deps(tr, 1, DEP_ADDR), 0));
		CHECK(dep_has(trace_deps(tr, 2, DEP_ADDR), 0));
		CHECK(!dep_has(trace_deps(tr, 2, DEP_DATA), 0));
	}
	trace_list_free(&l);

	/* another thread may write 1 to x: two paths; the second one also
	 * performs the store under the branch, control-dependent on the read */
	CHECK(mem_domain_add(&md, x, value_int(1), 1u << 1) == 1);
	CHECK(mem_domain_add(&md, x, value_int(1), 1u << 1) == 0);
	CHECK(traces(t, 0, &md, UNROLL_DEFAULT, &l, &grew) == 0);
	CHECK(l.n == 2);
	int with_ctrl = 0;
	for (int i = 0; i < l.n; i++) {
		const trace *tr = &l.v[i];
		if (tr->ev[0].rv.off == 1) {
			CHECK(tr->nev == 4);
			CHECK(tr->ev[1].wv.off == 1);
			CHECK(tr->nev == 4 && tr->ev[3].wv.off == 2 &&
			      dep_has(trace_deps(tr, 3, DEP_CTRL), 0));
			CHECK(!dep_has(trace_deps(tr, 1, DEP_CTRL), 0));
			with_ctrl++;
		}
	}
	CHECK(with_ctrl == 1);
	/* its stores put y=1 and y=2 into the domain */
	CHECK(grew == 1);
	trace_list_free(&l);
	mem_domain_free(&md);
	litmus_free(t);
}

static const char *SPIN =
	"BPF spin\n"
	"{ 0:r1=x; }\n"
	" P0 ;\n"
	"L: r2 = *(u32 *)(r1 + 0) ;\n"
	" if r2 == 0 goto L ;\n"
	"exists (0:r2=1)\n";

/* herd7's -unroll N: a path may jump back to one instruction N times; the
 * jump after that cuts the path. */
static void test_thread_unroll(void)
{
	litmus_test *t = read_test(SPIN);
	mem_domain md;
	trace_list l;
	int grew;

	CHECK(t != NULL);
	if (!t)
		return;
	mem_domain_init(&md, t);
	int x = mem_location(&md, sym(t, "x"), 0);

	/* only 0 to read: the spin never ends, one cut path after 3 reads */
	CHECK(traces(t, 0, &md, 2, &l, &grew) == 0);
	CHECK(l.n == 1 && l.v[0].cut && l.v[0].nev == 3);
	CHECK(l.cut_insn == 0);
	trace_list_free(&l);

	mem_domain_add(&md, x, value_int(1), 1u << 1);
	for (int unroll = 0; unroll <= 3; unroll++) {
		CHECK(traces(t, 0, &md, unroll, &l, &grew) == 0);
		/* reads 1 | 0,1 | ... | 0 x (unroll+1) then cut */
		CHECK(l.n == unroll + 2);
		int cut = 0, done = 0;
		for (int i = 0; i < l.n; i++) {
			if (l.v[i].cut) {
				cut++;
				CHECK(l.v[i].nev == unroll + 1);
			} else {
				done++;
				CHECK(l.v[i].ev[l.v[i].nev - 1].rv.off == 1);
			}
		}
		CHECK(cut == 1 && done == unroll + 1);
		trace_list_free(&l);
	}
	mem_domain_free(&md);
	litmus_free(t);
}

/* ---- enumerate ---- */

typedef struct {
	int x, y;            /* symbols */
	int n;               /* executions seen */
	int weak;            /* P1 saw y=1 and x=0 */
	int final_x1;        /* final memory x = 1 */
} mp_count;

static int count_mp(void *arg, const execution *ex)
{
	mp_count *c = arg;
	const trace *p1 = ex->traces[1];

	c->n++;
	if (p1->nev == 2 && p1->ev[0].rv.off == 1 && p1->ev[1].rv.off == 0)
		c->weak++;
	for (int loc = 0; loc < ex->md->n; loc++)
		if (ex->md->locs[loc].sym == c->x &&
		    execution_final_memory(ex, loc).off == 1)
			c->final_x1++;
	return 0;
}

static const char *MP =
	"BPF MP\n"
	"{ 0:r1=x; 0:r2=y; 1:r1=x; 1:r2=y; }\n"
	" P0                      | P1                      ;\n"
	" *(u32 *)(r1 + 0) = 1    | r3 = *(u32 *)(r2 + 0)   ;\n"
	" *(u32 *)(r2 + 0) = 1    | r4 = *(u32 *)(r1 + 0)   ;\n"
	"exists (1:r3=1 /\\ 1:r4=0)\n";

static int enumerate_mp(const char *model, mp_count *c, enum_stats *st)
{
	litmus_test *t = read_test(MP);
	cat_model *m = unit_load_model(model);
	diag d;
	int rc = -1;

	memset(c, 0, sizeof *c);
	memset(st, 0, sizeof *st);
	memset(&d, 0, sizeof d);
	if (t && m) {
		cat_run *run = cat_run_new(m, t->fe->tag_names, t->fe->ntags);
		c->x = sym(t, "x");
		c->y = sym(t, "y");
		rc = enumerate_executions(t, run, count_mp, c, st, &d);
		if (rc)
			fprintf(stderr, "enumerate: %s\n", d.msg);
		cat_run_free(run);
	}
	free(st->syms);
	if (m)
		cat_model_free(m);
	if (t)
		litmus_free(t);
	return rc;
}

static void test_enumerate(void)
{
	mp_count c;
	enum_stats st;

	/* no constraint: each of P1's two reads takes the initial write or
	 * P0's, 2 x 2 rf choices, one co each (the initial write first) */
	CHECK(enumerate_mp("\"anything\"\ninclude \"cos.cat\"\n", &c, &st) == 0);
	CHECK(st.candidates == 4 && st.allowed == 4 && c.n == 4);
	CHECK(c.weak == 1 && c.final_x1 == 4);
	CHECK(!st.loop);

	/* sequential consistency forbids exactly the weak outcome */
	CHECK(enumerate_mp("\"sc\"\ninclude \"cos.cat\"\n"
			   "acyclic po | rf | co | fr as sc\n", &c, &st) == 0);
	CHECK(st.candidates == 4 && st.allowed == 3 && c.n == 3);
	CHECK(c.weak == 0);
}

/* Out of thin air: each thread copies what it reads to the other's
 * location; 1 never appears, so no read may return it. */
static const char *LB_COPY =
	"BPF LB+datas\n"
	"{ 0:r1=x; 0:r2=y; 1:r1=x; 1:r2=y; }\n"
	" P0                      | P1                      ;\n"
	" r3 = *(u32 *)(r1 + 0)   | r3 = *(u32 *)(r2 + 0)   ;\n"
	" *(u32 *)(r2 + 0) = r3   | *(u32 *)(r1 + 0) = r3   ;\n"
	"exists (0:r3=1 /\\ 1:r3=1)\n";

static int count_any(void *arg, const execution *ex)
{
	int *n = arg;

	for (int ti = 0; ti < ex->t->nthreads; ti++)
		if (ex->traces[ti]->ev[0].rv.off != 0)
			return n[1]++, 0;
	n[0]++;
	return 0;
}

static void test_thin_air(void)
{
	litmus_test *t = read_test(LB_COPY);
	cat_model *m = unit_load_model("\"anything\"\ninclude \"cos.cat\"\n");
	enum_stats st;
	diag d;
	int n[2] = { 0, 0 };

	memset(&st, 0, sizeof st);
	memset(&d, 0, sizeof d);
	CHECK(t && m);
	if (t && m) {
		cat_run *run = cat_run_new(m, t->fe->tag_names, t->fe->ntags);
		CHECK(enumerate_executions(t, run, count_any, n, &st, &d) == 0);
		/* every read returns 0 (from the init or the other's copy of 0) */
		CHECK(n[0] > 0 && n[1] == 0);
		cat_run_free(run);
	}
	free(st.syms);
	if (m)
		cat_model_free(m);
	if (t)
		litmus_free(t);
}

/* The unrolling limit is an enumeration option (enum_limits.unroll,
 * check_opts.unroll): P0 spins until it reads P1's write, a path reads 0
 * at most unroll+1 times, so there are unroll+1 executions (the read of
 * 1 comes first, second, ...); without it, UNROLL_DEFAULT. */
static const char *SPIN_WRITER =
	"BPF spin+writer\n"
	"{ 0:r1=x; 1:r1=x; }\n"
	" P0                      | P1                      ;\n"
	"L: r2 = *(u32 *)(r1 + 0) | *(u32 *)(r1 + 0) = 1    ;\n"
	" if r2 == 0 goto L       |                         ;\n"
	"exists (0:r2=1)\n";

static int count_all(void *arg, const execution *ex)
{
	(*(int *)arg)++;
	return 0;
}

static void test_enumerate_unroll(void)
{
	litmus_test *t = read_test(SPIN_WRITER);
	cat_model *m = unit_load_model("\"anything\"\ninclude \"cos.cat\"\n");
	diag d;

	memset(&d, 0, sizeof d);
	CHECK(t && m);
	if (t && m) {
		cat_run *run = cat_run_new(m, t->fe->tag_names, t->fe->ntags);
		for (int unroll = 0; unroll <= 2; unroll++) {
			enum_limits lim = { .unroll_set = true, .unroll = unroll };
			enum_stats st;
			int n = 0;
			CHECK(enumerate_limited(t, run, count_all, &n, &lim, &st, &d) == 0);
			CHECK(n == unroll + 1 && st.loop);
			free(st.syms);
		}
		/* without the option: UNROLL_DEFAULT */
		enum_stats st;
		int n = 0;
		CHECK(enumerate_executions(t, run, count_all, &n, &st, &d) == 0);
		CHECK(n == UNROLL_DEFAULT + 1);
		free(st.syms);
		cat_run_free(run);
	}
	if (m)
		cat_model_free(m);
	if (t)
		litmus_free(t);
}

/* Mixed-size mode is an option of the enumeration (enum_limits.mixed,
 * check_opts.mixed), not something the engine asks the model: a byte
 * access is refused without it, and with it every access is one event
 * per byte. check_defaults reads the mode off the model's variants. */
static const char *MP_BYTE =
	"AArch64 MP-byte\n"
	"{ 0:X1=x; 1:X1=x; }\n"
	" P0           | P1            ;\n"
	" MOV W0,#1    | LDRB W0,[X1]  ;\n"
	" STRB W0,[X1] |               ;\n"
	"exists (1:X0=1)\n";

static int count_bytes(void *arg, const execution *ex)
{
	int *n = arg;

	n[0]++;
	n[1] += ex->es->mixed;
	return 0;
}

static void test_enumerate_mixed(void)
{
	litmus_test *t = read_test(MP_BYTE);
	cat_model *m = unit_load_model("\"anything\"\ninclude \"cos.cat\"\n");
	diag d;

	memset(&d, 0, sizeof d);
	CHECK(t && m);
	if (t && m) {
		cat_run *run = cat_run_new(m, t->fe->tag_names, t->fe->ntags);
		enum_limits lim = { .mixed = false };
		enum_stats st;
		int n[2] = { 0, 0 };
		CHECK(enumerate_limited(t, run, count_bytes, n, &lim, &st, &d) < 0);
		CHECK(strstr(d.msg, "modelled only with -variant mixed") != NULL);
		free(st.syms);
		memset(&d, 0, sizeof d);
		lim.mixed = true;
		CHECK(enumerate_limited(t, run, count_bytes, n, &lim, &st, &d) == 0);
		/* the read takes the initial byte or P0's: two executions */
		CHECK(n[0] == 2 && n[1] == 2);
		free(st.syms);
		/* the model was loaded without -variant mixed */
		check_opts o = check_defaults(run, CHECK_BUDGET);
		CHECK(!o.mixed && o.budget == CHECK_BUDGET && !check_mode_mixed(run));
		cat_run_free(run);
		/* loaded with it (-variant mixed) */
		const char *inc[] = { "models/lib", NULL }, *variants[] = { "mixed", NULL };
		cat_model *mm = cat_model_load("models/lib/cos.cat", inc, variants, &d);
		CHECK(mm != NULL);
		if (mm) {
			run = cat_run_new(mm, t->fe->tag_names, t->fe->ntags);
			CHECK(check_defaults(run, 7).mixed && check_defaults(run, 7).budget == 7);
			cat_run_free(run);
			cat_model_free(mm);
		}
	}
	if (m)
		cat_model_free(m);
	if (t)
		litmus_free(t);
}

int main(void)
{
	test_alu();
	test_thread_deps();
	test_thread_unroll();
	test_enumerate();
	test_thin_air();
	test_enumerate_unroll();
	test_enumerate_mixed();
	return unit_done("exec");
}
