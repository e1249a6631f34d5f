/* test_parallel.c - the ordered runner (src/parallel.c): shards, option
 * values, and output in input order whatever order the threads finish. */
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "unit.h"

#include "kit/parallel.h"

enum { NTESTS = 40 };

typedef struct {
	int made;             /* worker states made, freed */
	int freed;
} counts;

static void *new_worker(void *arg)
{
	counts *c = arg;
	__atomic_add_fetch(&c->made, 1, __ATOMIC_SEQ_CST);
	return c;
}

static void free_worker(void *w)
{
	counts *c = w;
	__atomic_add_fetch(&c->freed, 1, __ATOMIC_SEQ_CST);
}

/* test i: stdout, then stderr after a flush, then stdout again; the later
 * tests finish first (they sleep less) */
static int job(void *w, int i, FILE *out, FILE *err)
{
	struct timespec ts = { 0, (NTESTS - i) * 200000L };
	nanosleep(&ts, NULL);
	fprintf(out, "out %d a\n", i);
	fflush(out);
	fprintf(err, "err %d\n", i);
	fprintf(out, "out %d b\n", i);
	return i == 7;   /* one failing test */
}

static char *expected(int first, int last)
{
	static char buf[NTESTS * 40];
	size_t n = 0;
	for (int i = first; i < last; i++)
		n += snprintf(buf + n, sizeof buf - n, "out %d a\nerr %d\nout %d b\n", i, i, i);
	buf[n] = 0;
	return buf;
}

/* run par_run with stdout and stderr both going to one temporary file */
static char *run(int first, int last, int jobs, int *status, counts *c)
{
	static char got[NTESTS * 40];
	FILE *tmp = tmpfile();
	int o = dup(1), e = dup(2);
	par_job pj = { new_worker, free_worker, job, c };

	fflush(stdout);
	fflush(stderr);
	dup2(fileno(tmp), 1);
	dup2(fileno(tmp), 2);
	*status = par_run(&pj, first, last, jobs);
	fflush(stdout);
	fflush(stderr);
	dup2(o, 1);
	dup2(e, 2);
	close(o);
	close(e);
	rewind(tmp);
	size_t n = fread(got, 1, sizeof got - 1, tmp);
	got[n] = 0;
	fclose(tmp);
	return got;
}

int main(void)
{
	int k, n, j, st, first, last;

	/* option values */
	CHECK(par_parse_jobs("0", &j) && j == 0);
	CHECK(par_parse_jobs("8", &j) && j == 8);
	CHECK(!par_parse_jobs("", &j) && !par_parse_jobs("-1", &j) && !par_parse_jobs("2x", &j));
	CHECK(par_parse_shard("1/1", &k, &n) && k == 1 && n == 1);
	CHECK(par_parse_shard("3/7", &k, &n) && k == 3 && n == 7);
	CHECK(!par_parse_shard("0/2", &k, &n) && !par_parse_shard("3/2", &k, &n));
	CHECK(!par_parse_shard("1", &k, &n) && !par_parse_shard("1/", &k, &n) && !par_parse_shard("/2", &k, &n));
	CHECK(!par_parse_shard("1/0", &k, &n) && !par_parse_shard("a/b", &k, &n) && !par_parse_shard("1/2x", &k, &n));

	/* shards: contiguous, in order, covering every test exactly once */
	for (int count = 0; count < 30; count++)
		for (n = 1; n < 12; n++) {
			int next = 0;
			bool ok = true;
			for (k = 1; k <= n; k++) {
				par_shard(count, k, n, &first, &last);
				ok &= first == next && last >= first && last - first <= count / n + 1;
				next = last;
			}
			CHECK(ok && next == count);
		}

	/* output in input order, each test's streams in write order */
	int jobs[] = { 1, 2, 3, 8, 0 };
	for (size_t x = 0; x < sizeof jobs / sizeof *jobs; x++) {
		counts c = { 0 };
		char *got = run(0, NTESTS, jobs[x], &st, &c);
		CHECK_STR(got, expected(0, NTESTS));
		CHECK(st == 1);
		CHECK(c.made >= 1 && c.made == c.freed);
	}
	{
		counts c = { 0 };
		CHECK_STR(run(10, 20, 4, &st, &c), expected(10, 20));
		CHECK(st == 0 && c.made == 4 && c.freed == 4);
		CHECK_STR(run(5, 5, 4, &st, &c), "");   /* an empty shard */
		CHECK(st == 0);
	}
	return unit_done("parallel");
}
