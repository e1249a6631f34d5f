/* test_bpf_frontend.c - BPF instructions lowered to IR, their errors, the
 * catalogue of real tests, and the bad-input corpus in tests/bad. */
#include <dirent.h>
#include <stdlib.h>
#include "unit.h"
#include "litmus/litmus_read.h"
#include "arch/bpf_frontend.h"

/* Run from the repository root (make unit); ../shared sits beside it. */
#define CATALOGUE "../shared/conformance/bpf-catalogue/tests"
#define BAD_DIR "tests/bad"

static const frontend *lookup(const char *arch)
{
	return strcmp(arch, bpf_frontend.arch) == 0 ? &bpf_frontend : NULL;
}

/* Tags are checked by name so that the tests follow the table. */
static tagmask tag(const char *name)
{
	int i;

	for (i = 0; i < bpf_frontend.ntags; i++)
		if (strcmp(bpf_frontend.tag_names[i], name) == 0)
			return (tagmask)1 << i;
	fprintf(stderr, "no tag %s\n", name);
	return 0;
}

static int reg(const litmus_test *t, const char *name)
{
	int i;

	for (i = 0; i < t->nregs; i++)
		if (strcmp(t->regs[i], name) == 0)
			return i;
	return -2;
}

/* A one-thread test whose grid rows (line 4 on) are `rows`. */
static litmus_test *thread_test(const char *rows, diag *d)
{
	char text[4096];

	snprintf(text, sizeof text, "BPF t\n{ 0:r1=x; }\nP0;\n%s\nexists (x=1)\n", rows);
	memset(d, 0, sizeof *d);
	return litmus_read_string(text, "t.litmus", lookup, d);
}

/* Lower a single instruction; *tp must be freed by the caller. */
static const ir_insn *lower(const char *insn, litmus_test **tp)
{
	char row[512];
	diag d;

	snprintf(row, sizeof row, "%s ;", insn);
	*tp = thread_test(row, &d);
	if (!*tp || (*tp)->threads[0].ncode != 1) {
		fprintf(stderr, "cannot lower '%s': %s\n", insn, d.msg);
		return NULL;
	}
	return &(*tp)->threads[0].code[0];
}

static bool is_reg(const litmus_test *t, opnd o, const char *name)
{
	return o.kind == OPND_REG && o.reg == reg(t, name);
}

static bool is_imm(opnd o, int64_t v)
{
	return o.kind == OPND_IMM && value_eq(o.imm, value_int(v));
}

static void test_table(void)
{
	const frontend *fe = &bpf_frontend;
	int i, j;

	CHECK_STR(fe->arch, "BPF");
	CHECK_STR(fe->default_model, "bpf.cat");
	CHECK(fe->ntags == 4);
	for (i = 0; i < fe->ntags; i++)
		for (j = i + 1; j < fe->ntags; j++)
			CHECK(strcmp(fe->tag_names[i], fe->tag_names[j]) != 0);
	CHECK(tag("X") && tag("SC") && tag("AQ") && tag("RL"));
	CHECK(fe->is_register("r0") && fe->is_register("r9") && fe->is_register("r10"));
	CHECK(!fe->is_register("r11") && !fe->is_register("r01") && !fe->is_register("R1"));
	CHECK(!fe->is_register("r") && !fe->is_register("x") && !fe->is_register("w1"));
}

static void test_mov_alu(void)
{
	static const struct { const char *op; alu_op alu; } ops[] = {
		{ "+=", ALU_ADD }, { "-=", ALU_SUB }, { "*=", ALU_MUL }, { "/=", ALU_DIV },
		{ "%=", ALU_MOD }, { "&=", ALU_AND }, { "|=", ALU_OR }, { "^=", ALU_XOR },
		{ "<<=", ALU_SHL }, { ">>=", ALU_SHR }, { "s>>=", ALU_ASHR },
	};
	char text[64];
	litmus_test *t;
	const ir_insn *in;
	size_t i;

	in = lower("r2 = r3", &t);
	CHECK(in && in->op == IR_MOV && in->dst == reg(t, "r2") && is_reg(t, in->a, "r3"));
	CHECK(in && in->pos.line == 4 && in->pos.col == 1);
	litmus_free(t);
	in = lower("r2 = -7", &t);
	CHECK(in && in->op == IR_MOV && is_imm(in->a, -7));
	litmus_free(t);
	in = lower("r10=0x7fffffffffffffff", &t);
	CHECK(in && in->op == IR_MOV && in->dst == reg(t, "r10") && is_imm(in->a, INT64_MAX));
	litmus_free(t);
	in = lower("r2 = -r4", &t);
	CHECK(in && in->op == IR_ALU && in->alu == ALU_NEG && is_reg(t, in->a, "r4"));
	litmus_free(t);
	for (i = 0; i < sizeof ops / sizeof *ops; i++) {
		snprintf(text, sizeof text, "r2 %s r3", ops[i].op);
		in = lower(text, &t);
		CHECK(in && in->op == IR_ALU && in->alu == ops[i].alu && in->dst == reg(t, "r2")
		      && is_reg(t, in->a, "r2") && is_reg(t, in->b, "r3"));
		litmus_free(t);
		snprintf(text, sizeof text, "r5 %s-3", ops[i].op);
		in = lower(text, &t);
		CHECK(in && in->op == IR_ALU && in->alu == ops[i].alu && is_imm(in->b, -3));
		litmus_free(t);
	}
}

static void test_memory(void)
{
	litmus_test *t;
	const ir_insn *in;

	in = lower("r2 = *(u32 *)(r1 + 4)", &t);
	CHECK(in && in->op == IR_LOAD && in->dst == reg(t, "r2") && is_reg(t, in->a, "r1"));
	CHECK(in && in->off == 4 && in->size == 4 && !in->tags_r);
	litmus_free(t);
	in = lower("r2= *(u8 *)(r1 - 8)", &t);
	CHECK(in && in->op == IR_LOAD && in->off == -8 && in->size == 1);
	litmus_free(t);
	in = lower("r2 =  *(u16* )( r1 )", &t);
	CHECK(in && in->op == IR_LOAD && in->off == 0 && in->size == 2);
	litmus_free(t);
	in = lower("*(u64 *)(r1 + 0) = 5", &t);
	CHECK(in && in->op == IR_STORE && in->dst == -1 && is_reg(t, in->a, "r1") && is_imm(in->b, 5));
	CHECK(in && in->size == 8 && !in->tags_w);
	litmus_free(t);
	in = lower("*(u32 *)(r1 - 4) = r3", &t);
	CHECK(in && in->op == IR_STORE && in->off == -4 && is_reg(t, in->b, "r3"));
	litmus_free(t);
	in = lower("r2 = load_acquire((u32 *)(r1 + 0))", &t);
	CHECK(in && in->op == IR_LOAD && in->dst == reg(t, "r2") && in->size == 4);
	CHECK(in && in->tags_r == tag("AQ") && !in->tags_w);
	litmus_free(t);
	in = lower("store_release((u32* )(r1 + 8), r3)", &t);
	CHECK(in && in->op == IR_STORE && in->off == 8 && is_reg(t, in->b, "r3"));
	CHECK(in && in->tags_w == tag("RL") && !in->tags_r);
	litmus_free(t);
}

/* Sized atomics on part of a 64-bit location (-variant mixed,
 * docs/bpf-memory-model.md section 10): their size and offset reach the
 * IR; a byte atomic is read, and bpf_verifier_refuses says why BPF has none. */
static void test_sized_atomics(void)
{
	litmus_test *t;
	const ir_insn *in;
	char why[300] = "";

	in = lower("r3 = atomic_fetch_add((u32 *)(r1 + 4), r2)", &t);
	CHECK(in && in->op == IR_RMW && in->size == 4 && in->off == 4 && in->dst == reg(t, "r3"));
	CHECK(!bpf_verifier_refuses(t, why, sizeof why));
	litmus_free(t);
	in = lower("lock *(u32 *)(r1 + 4) += r2", &t);
	CHECK(in && in->op == IR_RMW && in->size == 4 && in->off == 4 && in->dst == -1);
	litmus_free(t);
	in = lower("r3 = xchg_32_32(r1 + 4, r2)", &t);
	CHECK(in && in->op == IR_RMW && in->size == 4 && in->off == 4);
	litmus_free(t);
	in = lower("r0 = cmpxchg32_32(r1 + 4, r0, r2)", &t);
	CHECK(in && in->op == IR_CAS && in->size == 4 && in->off == 4);
	litmus_free(t);
	in = lower("lock *(u16 *)(r1 + 2) |= r2", &t);
	CHECK(in && in->op == IR_RMW && in->size == 2 && in->off == 2);
	CHECK(bpf_verifier_refuses(t, why, sizeof why) && strstr(why, "2-byte atomic"));
	litmus_free(t);
}

static void test_atomics(void)
{
	static const struct { const char *text; alu_op alu; } locks[] = {
		{ "lock *(u32 *)(r1+0) += r2", ALU_ADD }, { "lock *(u64 *)(r1 + 0) &= r2", ALU_AND },
		{ "lock *(u32 *)(r1 + 0) |= r2", ALU_OR }, { "lock *(u32 *)(r1 + 0) ^= r2", ALU_XOR },
	};
	static const struct { const char *text; alu_op alu; int size; } fetches[] = {
		{ "r2 = atomic_fetch_add((u64*)(r1 + 0), r2)", ALU_ADD, 8 },
		{ "r2 = atomic_fetch_and((u32 *)(r1 + 0), r2)", ALU_AND, 4 },
		{ "r2 = atomic_fetch_or((u32 *)(r1 + 0), r2)", ALU_OR, 4 },
		{ "r2 = atomic_fetch_xor((u32 *)(r1 + 0), r2)", ALU_XOR, 4 },
		{ "r2 = xchg_64(r1 + 0, r2)", ALU_MOVB, 8 },
		{ "r2 = xchg_32_32(r1 + 0, r2)", ALU_MOVB, 4 },
		{ "r2 = atomic_xchg((u64 *)(r1 + 0), r2)", ALU_MOVB, 8 },
	};
	tagmask sc = tag("SC") | tag("X"), lock = tag("X");
	litmus_test *t;
	const ir_insn *in;
	size_t i;

	for (i = 0; i < sizeof locks / sizeof *locks; i++) {
		in = lower(locks[i].text, &t);
		CHECK(in && in->op == IR_RMW && in->dst == -1 && in->alu == locks[i].alu);
		CHECK(in && is_reg(t, in->a, "r1") && is_reg(t, in->b, "r2"));
		CHECK(in && in->tags_r == lock && in->tags_w == lock);
		litmus_free(t);
	}
	for (i = 0; i < sizeof fetches / sizeof *fetches; i++) {
		in = lower(fetches[i].text, &t);
		CHECK(in && in->op == IR_RMW && in->dst == reg(t, "r2") && in->alu == fetches[i].alu);
		CHECK(in && is_reg(t, in->a, "r1") && is_reg(t, in->b, "r2"));
		CHECK(in && in->size == fetches[i].size && in->tags_r == sc && in->tags_w == sc);
		litmus_free(t);
	}
	/* herd7 accepts a result register other than the operand. */
	in = lower("r3 = atomic_fetch_add((u32 *)(r1 + 0), r2)", &t);
	CHECK(in && in->dst == reg(t, "r3") && is_reg(t, in->b, "r2"));
	litmus_free(t);

	in = lower("r0 = cmpxchg_64(r1 + 0, r0, r5)", &t);
	CHECK(in && in->op == IR_CAS && in->dst == reg(t, "r0") && is_reg(t, in->a, "r1"));
	CHECK(in && is_reg(t, in->b, "r0") && is_reg(t, in->c, "r5") && in->size == 8);
	CHECK(in && in->tags_r == sc && in->tags_w == sc && in->tags_fail == 0);
	litmus_free(t);
	in = lower("r0 = cmpxchg32_32 (r1 - 4, r0, r5)", &t);
	CHECK(in && in->op == IR_CAS && in->size == 4 && in->off == -4);
	litmus_free(t);
}

static void test_branches(void)
{
	static const struct { const char *op; cmp_op cmp; } cmps[] = {
		{ "==", CMP_EQ }, { "!=", CMP_NE }, { "<", CMP_LT }, { "<=", CMP_LE },
		{ ">", CMP_GT }, { ">=", CMP_GE }, { "s<", CMP_SLT }, { "s<=", CMP_SLE },
		{ "s>", CMP_SGT }, { "s>=", CMP_SGE }, { "&", CMP_SET },
	};
	char text[128];
	diag d;
	litmus_test *t;
	const ir_insn *c;
	size_t i;

	t = thread_test(" r2 = 1 ;\n"
			"L1: ;\n"
			" if r2 == 0 goto END ;\n"
			"L2: if r2 s< -1 goto L1 ;\n"
			" goto L2 ;\n"
			" ;\n"
			"END: ;", &d);
	CHECK(t != NULL);
	if (t) {
		c = t->threads[0].code;
		CHECK(t->threads[0].ncode == 4);
		CHECK(c[1].op == IR_BRANCH && c[1].cmp == CMP_EQ && is_reg(t, c[1].a, "r2"));
		CHECK(is_imm(c[1].b, 0) && c[1].target == 4);
		CHECK(c[2].op == IR_BRANCH && c[2].cmp == CMP_SLT && is_imm(c[2].b, -1) && c[2].target == 1);
		CHECK(c[2].pos.line == 7 && c[2].pos.col == 5);
		CHECK(c[3].op == IR_BRANCH && c[3].cmp == CMP_ALWAYS && c[3].target == 2);
	}
	litmus_free(t);
	for (i = 0; i < sizeof cmps / sizeof *cmps; i++) {
		snprintf(text, sizeof text, "if r1 %s r3 goto L ;\nL: ;", cmps[i].op);
		t = thread_test(text, &d);
		CHECK(t && t->threads[0].code[0].cmp == cmps[i].cmp
		      && is_reg(t, t->threads[0].code[0].b, "r3") && t->threads[0].code[0].target == 1);
		litmus_free(t);
	}
}

/* The rows start on line 4; the error must be at LINE:COL and mention MSG. */
static void check_error(const char *rows, int line, int col, const char *msg)
{
	diag d;
	litmus_test *t = thread_test(rows, &d);

	CHECK(t == NULL);
	if (!d.failed || d.pos.line != line || d.pos.col != col || !strstr(d.msg, msg)) {
		fprintf(stderr, "  rows: %s\n  got %d:%d: %s\n  want %d:%d: %s\n", rows,
			d.pos.line, d.pos.col, d.msg, line, col, msg);
		CHECK(!"error position/message");
	}
	litmus_free(t);
}

static void test_errors(void)
{
	check_error("r11 = 1;", 4, 1, "invalid BPF register 'r11'");
	check_error("rx = 1;", 4, 1, "invalid BPF register 'rx'");
	check_error("r1 = r12;", 4, 6, "invalid BPF register 'r12'");
	check_error("r1 = x;", 4, 6, "invalid BPF register 'x'");
	check_error(" r1 = 99999999999999999999;", 4, 7, "integer out of range");
	check_error("r1 = -9223372036854775809;", 4, 6, "integer out of range");
	check_error("r1 = *(u32 *)(r2 - -9223372036854775808);", 4, 20, "integer out of range");
	check_error("r1 += 12x;", 4, 7, "invalid number");
	check_error("r1 = 1;\n foo r1 ;", 5, 2, "unknown BPF instruction 'foo r1'");
	check_error("r1 = foo(r2);", 4, 1, "unknown BPF instruction 'r1 = foo(r2)'");
	check_error("r1 == 1;", 4, 1, "unknown BPF instruction 'r1 == 1'");
	check_error("A: B: r1 = 1;", 4, 4, "unknown BPF instruction 'B: r1 = 1'");
	check_error("r1 = 1;\ngoto NOWHERE;", 5, 6, "unknown label 'NOWHERE'");
	check_error("L: ;\nL: r1 = 1;", 5, 1, "duplicate label 'L'");
	check_error("r1 = *(u32 *)(r2 + 0;", 4, 21, "expected ')', found end of instruction");
	check_error("r1 = *(u24 *)(r2 + 0);", 4, 8, "invalid access size 'u24'");
	check_error("r1 = *(r2 + 0);", 4, 8, "invalid access size 'r2'");
	check_error("lock *(u32 *)(r1 + 0) -= r2;", 4, 23, "expected '+=', '&=', '|=' or '^='");
	check_error("if r1 ~ 2 goto L;", 4, 7, "expected a comparison");
	check_error("if r1 == 2 goto;", 4, 16, "expected a label, found end of instruction");
	check_error("if r1 == 2 goot L;", 4, 12, "expected 'goto'");
	check_error("r1 = 1 r2;", 4, 8, "expected end of instruction, found 'r2'");
	check_error("store_release((u32 *)(r1 + 0), 5);", 4, 32, "expected a register, found '5'");
	check_error("r0 = cmpxchg_64(r1 + 0, r0);", 4, 27, "expected ','");
	check_error("r2 = atomic_fetch_add((u32 *)(r1 + 0));", 4, 38, "expected ','");
	check_error("*(u32 *)(r1 + 0) = ;", 4, 19, "expected a register or a number");
}

/* Every prefix of a rich test parses or fails with a located error. */
static void test_truncation(void)
{
	static const char full[] =
		"BPF trunc\n{ 0:r1=x; 0:r0=0; 1:r1=x; 1:r6=y; }\n"
		" P0                                | P1 ;\n"
		" r0 = cmpxchg_64(r1 + 0, r0, r5)   | r2 = load_acquire((u32 *)(r1 + 0)) ;\n"
		" if r0 s>= 2 goto END              | r3 = atomic_fetch_add((u64*)(r6 + 0), r3) ;\n"
		" lock *(u32 *)(r1 - 4) ^= r2       | store_release((u32 *)(r6 + 0), r3) ;\n"
		"END:                               | r4 = -r4 ;\n"
		"exists (0:r0=0 /\\ 1:r2=1)\n";
	char buf[sizeof full];
	size_t n;
	int ok = 1;
	diag d;
	litmus_test *t;

	for (n = 0; n < sizeof full; n++) {
		memcpy(buf, full, n);
		buf[n] = '\0';
		memset(&d, 0, sizeof d);
		t = litmus_read_string(buf, "trunc", lookup, &d);
		if ((t != NULL) == d.failed || (d.failed && d.pos.line < 1))
			ok = 0;
		litmus_free(t);
	}
	CHECK(ok);
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* All tests of the herd7 BPF catalogue must parse. */
static void test_catalogue(void)
{
	DIR *dir = opendir(CATALOGUE);
	struct dirent *e;
	char path[4096];
	int n = 0, bad = 0;
	diag d;
	litmus_test *t;

	if (!dir) {
		printf("test_bpf_frontend: %s not found, catalogue check skipped\n", CATALOGUE);
		return;
	}
	while ((e = readdir(dir))) {
		if (!has_suffix(e->d_name, ".litmus"))
			continue;
		snprintf(path, sizeof path, "%s/%s", CATALOGUE, e->d_name);
		memset(&d, 0, sizeof d);
		t = litmus_read_file(path, lookup, &d);
		n++;
		if (!t) {
			bad++;
			diag_print(&d);
		}
		CHECK(t != NULL && t->cond != NULL && t->nthreads > 0);
		litmus_free(t);
	}
	closedir(dir);
	CHECK(n == 177 && bad == 0);
}

/* tests/bad/NAME.litmus fails with the error in NAME.expect ("L:C: text").
 * Only BPF tests: this program links the BPF front-end alone (the other
 * dialects' bad tests run through the CLI, tests/scripts/bad-input.sh). */
static void check_bad_file(const char *name)
{
	char path[4096], want[512] = "", head[16] = "";
	int line = 0, col = 0;
	FILE *f;
	diag d = { 0 };
	litmus_test *t;

	snprintf(path, sizeof path, "%s/%s", BAD_DIR, name);
	if ((f = fopen(path, "r"))) {
		if (!fgets(head, sizeof head, f))
			head[0] = 0;
		fclose(f);
	}
	if (strncmp(head, "BPF ", 4) != 0)   /* a dialect this lookup lacks */
		return;
	snprintf(path, sizeof path, "%s/%.*s.expect", BAD_DIR, (int)strlen(name) - 7, name);
	f = fopen(path, "r");
	CHECK(f != NULL);
	if (!f)
		return;
	CHECK(fscanf(f, "%d:%d: %511[^\n]", &line, &col, want) == 3);
	/* a second line "run time": the test parses, running it fails */
	char when[32] = "";
	bool run_time = fscanf(f, " %31[^\n]", when) == 1 && !strcmp(when, "run time");
	fclose(f);
	if (run_time) {
		snprintf(path, sizeof path, "%s/%s", BAD_DIR, name);
		t = litmus_read_file(path, lookup, &d);
		CHECK(t != NULL);
		litmus_free(t);
		return;
	}
	snprintf(path, sizeof path, "%s/%s", BAD_DIR, name);
	t = litmus_read_file(path, lookup, &d);
	CHECK(t == NULL);
	if (!d.failed || d.pos.line != line || d.pos.col != col || !strstr(d.msg, want)) {
		fprintf(stderr, "  %s: got %d:%d: %s\n  want %d:%d: %s\n", name, d.pos.line,
			d.pos.col, d.msg, line, col, want);
		CHECK(!"bad-input diagnostic");
	}
	litmus_free(t);
}

static void test_bad_corpus(void)
{
	DIR *dir = opendir(BAD_DIR);
	struct dirent *e;
	int n = 0;

	CHECK(dir != NULL);
	if (!dir) {
		fprintf(stderr, "test_bpf_frontend: run from the repository root (%s)\n", BAD_DIR);
		return;
	}
	while ((e = readdir(dir)))
		if (has_suffix(e->d_name, ".litmus")) {
			check_bad_file(e->d_name);
			n++;
		}
	closedir(dir);
	CHECK(n >= 12);
}

int main(void)
{
	test_table();
	test_mov_alu();
	test_memory();
	test_sized_atomics();
	test_atomics();
	test_branches();
	test_errors();
	test_truncation();
	test_catalogue();
	test_bad_corpus();
	return unit_done("bpf_frontend");
}
