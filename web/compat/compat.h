/* compat.h - what the engine uses and Debian's emscripten (3.1.6, its musl)
 * lacks; force-included (-include) in the WebAssembly build only, so that
 * src/ and the native build are unchanged. */
#ifndef BPFMM_WEB_COMPAT_H
#define BPFMM_WEB_COMPAT_H
#include <stddef.h>

/* glibc's qsort_r (the context is the last argument of the comparison). */
void qsort_r(void *base, size_t n, size_t size,
	     int (*cmp)(const void *, const void *, void *), void *arg);
#endif
