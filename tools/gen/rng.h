/* rng.h - the one random-number source of the test generators (bpfgen,
 * cgen, hwgen): splitmix64, so that a seed gives the same tests on every
 * machine and compiler. Header-only: each generator is one C file. */
#ifndef BPFMM_GEN_RNG_H
#define BPFMM_GEN_RNG_H
#include <stdint.h>

typedef struct { uint64_t s; } rng_t;

static inline uint64_t splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* uniform in [0, n); 0 when n is 0 */
static inline unsigned rnd(rng_t *r, unsigned n)
{
	return n ? (unsigned)(splitmix(&r->s) % n) : 0;
}

/* true with the given percentage */
static inline int chance(rng_t *r, unsigned percent)
{
	return rnd(r, 100) < percent;
}

/* uniform in [lo, hi] */
static inline unsigned range(rng_t *r, unsigned lo, unsigned hi)
{
	return lo + rnd(r, hi - lo + 1);
}
#endif
