/* parallel.c - ordered parallel runner (parallel.h). */
#define _GNU_SOURCE   /* fopencookie */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "kit/parallel.h"
#include "base/threads.h"
#include "base/xalloc.h"

/* What one test wrote: chunks of bytes, each for fd 1 or 2, in order. */
typedef struct {
	char *buf;            /* the bytes of all chunks */
	size_t len, cap;
	size_t *ends;         /* chunk k is buf[ends[k-1] .. ends[k]) */
	unsigned char *fds;   /* its file descriptor: 1 or 2 */
	int n, ncap;
	int status;
	bool done;
} capture;

typedef struct {
	capture *c;
	unsigned char fd;
} sink;

typedef struct {
	const par_job *pj;
	int first, last;
	int next;             /* the next test to hand out */
	int emit_next;        /* the next test to print */
	bool emitting;        /* a worker is printing finished tests */
	int status;           /* OR of the printed tests' statuses */
	capture *caps;        /* per test, indexed from first */
	pthread_mutex_t lock;
} pool;

static ssize_t sink_write(void *cookie, const char *data, size_t size)
{
	sink *s = cookie;
	capture *c = s->c;

	if (!size)
		return 0;
	if (c->len + size > c->cap) {
		c->cap = (c->len + size) * 2;
		c->buf = xrealloc(c->buf, c->cap);
	}
	memcpy(c->buf + c->len, data, size);
	c->len += size;
	if (c->n && c->fds[c->n - 1] == s->fd) {
		c->ends[c->n - 1] = c->len;   /* same stream: extend the chunk */
		return (ssize_t)size;
	}
	if (c->n == c->ncap) {
		c->ncap = c->ncap ? 2 * c->ncap : 8;
		c->ends = xrealloc(c->ends, sizeof *c->ends * c->ncap);
		c->fds = xrealloc(c->fds, c->ncap);
	}
	c->ends[c->n] = c->len;
	c->fds[c->n++] = s->fd;
	return (ssize_t)size;
}

static FILE *sink_open(sink *s)
{
	cookie_io_functions_t io = { .write = sink_write };
	FILE *f = fopencookie(s, "w", io);

	if (!f) {
		fputs("bpfmm: cannot capture a test's output\n", stderr);
		exit(1);
	}
	setvbuf(f, NULL, _IONBF, 0);   /* keep the order of out and err writes */
	return f;
}

static void emit(const capture *c)
{
	size_t from = 0;

	for (int k = 0; k < c->n; k++) {
		if (c->fds[k] == 2) {
			fflush(stdout);
			fwrite(c->buf + from, 1, c->ends[k] - from, stderr);
		} else {
			fwrite(c->buf + from, 1, c->ends[k] - from, stdout);
		}
		from = c->ends[k];
	}
	fflush(stdout);
}

static void run_one(pool *p, void *w, int i)
{
	capture *c = &p->caps[i - p->first];
	sink so = { c, 1 }, se = { c, 2 };
	FILE *out = sink_open(&so), *err = sink_open(&se);
	int st = p->pj->job(w, i, out, err);

	fclose(out);
	fclose(err);
	pthread_mutex_lock(&p->lock);
	c->status = st;
	c->done = true;
	/* Print every finished test at the head of the order. One worker
	 * prints at a time, outside the lock; it re-checks the head after each
	 * test, so a test finished meanwhile by another worker is not missed,
	 * and the last test to finish prints whatever is left. */
	if (!p->emitting) {
		p->emitting = true;
		while (p->emit_next < p->last - p->first && p->caps[p->emit_next].done) {
			capture *h = &p->caps[p->emit_next++];
			pthread_mutex_unlock(&p->lock);
			emit(h);
			free(h->buf);
			free(h->ends);
			free(h->fds);
			pthread_mutex_lock(&p->lock);
			p->status |= h->status;
		}
		p->emitting = false;
	}
	pthread_mutex_unlock(&p->lock);
}

static void *worker(void *arg)
{
	pool *p = arg;
	void *w = p->pj->worker_new ? p->pj->worker_new(p->pj->arg) : p->pj->arg;

	for (;;) {
		pthread_mutex_lock(&p->lock);
		int i = p->next < p->last ? p->next++ : -1;
		pthread_mutex_unlock(&p->lock);
		if (i < 0)
			break;
		run_one(p, w, i);
	}
	if (p->pj->worker_free)
		p->pj->worker_free(w);
	return NULL;
}

int par_jobs(int jobs)
{
#ifdef __EMSCRIPTEN__
	/* The WebAssembly build has one thread (no pthreads: docs/web.md):
	 * -j N runs the tests one after the other, output as with -j 1. */
	return 1;
#endif
	if (jobs == 0) {
		long cpus = sysconf(_SC_NPROCESSORS_ONLN);
		jobs = cpus > 0 ? (int)cpus : 1;
	}
	return jobs;
}

int par_run(const par_job *pj, int first, int last, int jobs)
{
	int status = 0, n = last - first;

	jobs = par_jobs(jobs);
	if (jobs > n)
		jobs = n;
	if (jobs <= 1) {
		void *w = pj->worker_new ? pj->worker_new(pj->arg) : pj->arg;
		for (int i = first; i < last; i++)
			status |= pj->job(w, i, stdout, stderr);
		if (pj->worker_free)
			pj->worker_free(w);
		return status;
	}
	pool p = { .pj = pj, .first = first, .last = last, .next = first };
	p.caps = xrealloc(NULL, sizeof *p.caps * n);
	memset(p.caps, 0, sizeof *p.caps * n);
	pthread_mutex_init(&p.lock, NULL);
	pthread_t *tids = xrealloc(NULL, sizeof *tids * jobs);
	int started = 0;
	for (int t = 0; t < jobs; t++) {
		int e = thread_start(&tids[t], worker, &p);
		if (e) {
			if (!started) {
				fprintf(stderr, "bpfmm: cannot start a thread: %s\n", strerror(e));
				exit(1);
			}
			break;   /* fewer threads than asked: the started ones do it all */
		}
		started++;
	}
	/* the workers print the tests in order as they finish (run_one) */
	for (int t = 0; t < started; t++)
		pthread_join(tids[t], NULL);
	status = p.status;
	free(tids);
	free(p.caps);
	pthread_mutex_destroy(&p.lock);
	return status;
}

bool par_parse_jobs(const char *s, int *jobs)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (!*s || *end || errno || n < 0 || n > 1024)
		return false;
	*jobs = (int)n;
	return true;
}

bool par_parse_shard(const char *s, int *k, int *n)
{
	char *end;
	long a, b;

	errno = 0;
	a = strtol(s, &end, 10);
	if (end == s || *end != '/')
		return false;
	s = end + 1;
	b = strtol(s, &end, 10);
	if (end == s || *end || errno || b < 1 || b > 1000000 || a < 1 || a > b)
		return false;
	*k = (int)a;
	*n = (int)b;
	return true;
}

void par_shard(int count, int k, int n, int *first, int *last)
{
	*first = (int)((long long)count * (k - 1) / n);
	*last = (int)((long long)count * k / n);
}
