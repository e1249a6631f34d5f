/* prepass.h - what a test's code says before any thread runs: the
 * constants of its conditional writes, which join the value domain
 * first (seed_conditional_values), how many rounds the domain needs
 * (domain_rounds) and how many writes each symbol can receive
 * (symbol_write_bounds). Used by enumerate.c. */
#ifndef BPFMM_PREPASS_H
#define BPFMM_PREPASS_H

#include <stdbool.h>
#include <stdint.h>
#include "exec/values.h"

/* The value domain after round r holds every value computable through a
 * chain of at most r writes (each write's value coming from reads of the
 * previous ones). A thin-air-free execution uses each write it performs
 * once, so chains are no longer than the number of writes a path of each
 * thread can perform, and that many rounds plus one give every value a
 * read can return. Without loops a path performs each writing
 * instruction at most once; with loops, a path passes an instruction at
 * most once plus once per backward jump, and the unrolling limit bounds
 * those (enum_limits.unroll). Past MAX_DOMAIN_ROUNDS rounds a domain
 * that still grows is an error. */
#define MAX_DOMAIN_ROUNDS 64

/* The seeds (values of conditional writes) and where each may be
 * written: per seed, the sizes of its writes whose address is not known
 * (any: every aligned offset of every cell), and the places (cell,
 * offset, size) of the others (mixed-size mode, docs/mixed-size.md). */
#define SEEDS_MAX 16
#define PLACES_MAX 64
typedef struct { int seed, sym, off, size; } seed_place;
typedef struct {
	int64_t v[SEEDS_MAX];
	uint8_t any[SEEDS_MAX];   /* bit s: a write of s bytes, anywhere */
	int n;
	seed_place at[PLACES_MAX];
	int nat;
} seed_set;

/* Fills ss; every seed joins every location's domain. */
void seed_conditional_values(mem_domain *md, const litmus_test *t, seed_set *ss);
/* The rounds the value domain needs (at most MAX_DOMAIN_ROUNDS); *loops:
 * a loop the bound does not cover (the domain may still grow);
 * *max_writes: no execution has more writes (0: not known);
 * thread_writes[ti]: no path of thread ti has more (-1: not known). */
int domain_rounds(const litmus_test *t, int unroll, bool *loops, int *max_writes,
		  int *thread_writes);
/* sym_writes[s] for each of t->nsyms symbols: no execution writes s more
 * often (255: more, or not known). false when nothing is known. */
bool symbol_write_bounds(const litmus_test *t, int unroll, int *sym_writes);

#endif
