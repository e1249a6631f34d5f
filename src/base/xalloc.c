/* xalloc.c - allocation that reports and exits (xalloc.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/xalloc.h"

static void *check(void *p)
{
	if (!p) {
		fputs("bpfmm: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

void *xmalloc(size_t n) { return check(malloc(n ? n : 1)); }
void *xcalloc(size_t count, size_t size) { return check(calloc(count ? count : 1, size ? size : 1)); }
void *xrealloc(void *p, size_t n) { return check(realloc(p, n ? n : 1)); }
void *xzalloc(size_t n) { return xcalloc(1, n); }

char *xstrdup(const char *s)
{
	return check(strdup(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *r = xmalloc(n + 1);

	if (n)
		memcpy(r, s, n);
	r[n] = '\0';
	return r;
}

FILE *xopen_memstream(char **buf, size_t *len)
{
	return check(open_memstream(buf, len));
}
