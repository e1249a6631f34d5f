/* arena.c - chunked bump allocator. Released chunks are kept on the
 * arena's own free list so the per-execution loop stops calling malloc
 * after warm-up; arena_free gives everything back. */
#include <stdlib.h>
#include <string.h>
#include "base/arena.h"
#include "base/xalloc.h"

struct arena_chunk {
	arena_chunk *prev;
	size_t size;
	_Alignas(16) unsigned char mem[];
};

enum { SPARE_MAX = 64 << 20 }; /* keep at most this much for reuse */

void *arena_alloc(arena *a, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	if (!a->head || a->used + n > a->head->size) {
		size_t size = n > 65536 ? n : 65536;
		arena_chunk *c = NULL;
		if (a->budget && a->budget->over && a->budget->used + size > a->budget->max)
			a->budget->over(a->budget->ctx);
		if (a->spare && a->spare->size >= size) {
			c = a->spare;
			a->spare = c->prev;
			a->spare_bytes -= c->size;
		} else {
			c = xmalloc(sizeof *c + size);
			c->size = size;
		}
		c->prev = a->head;
		a->head = c;
		a->used = 0;
		if (a->budget)
			a->budget->used += c->size;
	}
	void *p = a->head->mem + a->used;
	a->used += n;
	memset(p, 0, n);
	return p;
}

arena_mark arena_save(const arena *a)
{
	return (arena_mark){ a->head, a->used };
}

void arena_release(arena *a, arena_mark m)
{
	while (a->head && a->head != m.head) {
		arena_chunk *c = a->head;
		a->head = c->prev;
		if (a->budget)
			a->budget->used -= c->size;
		if (a->spare_bytes + c->size > SPARE_MAX) {
			free(c);
			continue;
		}
		c->prev = a->spare;
		a->spare = c;
		a->spare_bytes += c->size;
	}
	a->used = m.head ? m.used : 0;
}

void arena_reset(arena *a)
{
	arena_release(a, (arena_mark){ NULL, 0 });
}

void arena_free(arena *a)
{
	arena_reset(a);
	while (a->spare) {
		arena_chunk *c = a->spare;
		a->spare = c->prev;
		free(c);
	}
	a->spare_bytes = 0;
}
