/* threads.h - starting a worker thread with the stack the evaluator and
 * the parsers expect (they bound their recursion by the stack limit). */
#ifndef BPFMM_THREADS_H
#define BPFMM_THREADS_H

#include <pthread.h>

/* pthread_create(t, fn, arg) with a stack as large as the main thread's
 * limit (RLIMIT_STACK, at least 8 MiB, at most 128 MiB); returns its
 * error number, 0 when the thread runs. */
int thread_start(pthread_t *t, void *(*fn)(void *), void *arg);

#endif
