/* compat.c - for the WebAssembly build (compat.h): qsort_r, a stable
 * merge sort, as glibc's qsort_r sorts when it can allocate (equal
 * elements keep their order, so the page prints what the native build
 * prints); memfd_create and posix_spawnp, which the page has no use for
 * (no clang, no QEMU in a browser), fail with ENOSYS and the commands that
 * need them (clang2bpf, jit-check, run) say so. */
#define _GNU_SOURCE
#include <errno.h>
#include <spawn.h>
#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>
#include "compat.h"

void qsort_r(void *base, size_t n, size_t size,
	     int (*cmp)(const void *, const void *, void *), void *arg)
{
	if (n < 2 || size == 0)
		return;
	char *a = base, *tmp = malloc(n * size);
	if (!tmp)
		abort();
	/* bottom-up: runs of width w merged pairwise, w doubling */
	for (size_t w = 1; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t i = lo, j = mid, k = lo;
			while (i < mid && j < hi) {
				if (cmp(a + j * size, a + i * size, arg) < 0)
					memcpy(tmp + k++ * size, a + j++ * size, size);
				else
					memcpy(tmp + k++ * size, a + i++ * size, size);
			}
			memcpy(tmp + k * size, a + i * size, (mid - i) * size);
			k += mid - i;
			memcpy(tmp + k * size, a + j * size, (hi - j) * size);
		}
		memcpy(a, tmp, n * size);
	}
	free(tmp);
}

int memfd_create(const char *name, unsigned flags)
{
	(void)name; (void)flags;
	errno = ENOSYS;
	return -1;
}

int posix_spawnp(pid_t *pid, const char *file, const posix_spawn_file_actions_t *fa,
		 const posix_spawnattr_t *at, char *const argv[], char *const envp[])
{
	(void)pid; (void)file; (void)fa; (void)at; (void)argv; (void)envp;
	return ENOSYS;
}
