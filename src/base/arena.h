/* arena.h - bump allocation with marks, for values that live exactly as
 * long as one stage of the enumeration (a program, an rf, a co). */
#ifndef BPFMM_ARENA_H
#define BPFMM_ARENA_H

#include <stddef.h>

typedef struct arena_chunk arena_chunk;

/* Optional cap shared by arenas: bytes of chunks they hold; past max,
 * over(ctx) is called once the new chunk is in place (it may longjmp). */
typedef struct {
	size_t used, max;
	void (*over)(void *ctx);
	void *ctx;
} arena_budget;

typedef struct {
	arena_chunk *head;
	size_t used;         /* bytes used in head */
	arena_budget *budget; /* NULL: no cap */
	arena_chunk *spare;   /* released chunks kept for reuse */
	size_t spare_bytes;
} arena;

typedef struct {
	arena_chunk *head;
	size_t used;
} arena_mark;

void *arena_alloc(arena *a, size_t n);      /* zeroed, 16-byte aligned */
arena_mark arena_save(const arena *a);
void arena_release(arena *a, arena_mark m); /* frees what came after m */
void arena_reset(arena *a);
void arena_free(arena *a);                  /* gives back every chunk */

#endif
