/* xalloc.h - the one allocation policy of bpfmm: these never return NULL;
 * when memory runs out they print "bpfmm: out of memory" and exit(1).
 * (Limits a model or test may hit on purpose are reported as errors by
 * the code that sets them: cat.h's CAT_MEM_LIMIT, the enumerator's caps.) */
#ifndef BPFMM_XALLOC_H
#define BPFMM_XALLOC_H

#include <stddef.h>
#include <stdio.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
void *xzalloc(size_t n);                      /* zeroed */
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);      /* exactly n bytes of s, then NUL */
/* open_memstream(buf, len): a stream into a growing string (free *buf
 * after fclose) */
FILE *xopen_memstream(char **buf, size_t *len);

#endif
