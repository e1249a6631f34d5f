/* threads.c - worker threads with the main thread's stack (threads.h). */
#include <sys/resource.h>
#include "base/threads.h"

/* The evaluator allows itself half the stack limit (cat_eval.c:
 * stack_allowance), so a worker gets the whole limit. */
static size_t thread_stack(void)
{
	struct rlimit rl;
	size_t sz = (size_t)128 << 20;

	if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < sz)
		sz = rl.rlim_cur;
	if (sz < ((size_t)8 << 20))
		sz = (size_t)8 << 20;
	return sz;
}

int thread_start(pthread_t *t, void *(*fn)(void *), void *arg)
{
	pthread_attr_t attr;

	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, thread_stack());
	int e = pthread_create(t, &attr, fn, arg);
	pthread_attr_destroy(&attr);
	return e;
}
