/* parallel.h - run a command's tests on N threads, print in input order.
 *
 * Each test is one call of the job function, given FILE streams for its
 * standard output and error. With one thread the job writes straight to
 * stdout and stderr; with more, both streams of a test are captured in
 * memory, in the order the job wrote to them, and replayed test by test in
 * input order, so the bytes on stdout and on stderr (and, when they are one
 * file, their interleaving at the job's flush points) are those of -j 1.
 */
#ifndef BPFMM_PARALLEL_H
#define BPFMM_PARALLEL_H

#include <stdbool.h>
#include <stdio.h>

typedef struct {
	/* per thread: make and free the thread's own state (models, runs) */
	void *(*worker_new)(void *arg);
	void (*worker_free)(void *worker);
	/* test i (0-based in the list given to par_run); returns its status */
	int (*job)(void *worker, int i, FILE *out, FILE *err);
	void *arg;
} par_job;

/* Runs tests first..last-1 on `jobs` threads (0: all online CPUs); returns
 * the OR of their statuses. */
int par_run(const par_job *pj, int first, int last, int jobs);
/* -j's value as a number of threads (0: the online CPUs). */
int par_jobs(int jobs);

/* Option parsing shared by the commands: "-j N" / "--jobs N" and
 * "--shard K/N" (1 <= K <= N). Return false on a malformed value. */
bool par_parse_jobs(const char *s, int *jobs);
bool par_parse_shard(const char *s, int *k, int *n);

/* Shard K of N of `count` tests: [*first, *last), contiguous blocks in
 * input order, so the shards' outputs concatenated are one run's. */
void par_shard(int count, int k, int n, int *first, int *last);

#endif
