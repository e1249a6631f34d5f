/* rel.h - relations and event sets as bit matrices.
 *
 * Litmus executions have few events (tens, rarely hundreds), so a relation
 * over n events is n rows of w = ceil(n/64) words and a set is one such
 * row. Every operation is a loop over words; nothing here allocates except
 * the *_new helpers.
 */
#ifndef BPFMM_REL_H
#define BPFMM_REL_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

typedef uint64_t word;

static inline int rel_words(int n) { return (n + 63) / 64; }

/* sets: w words */
static inline bool set_has(const word *s, int i) { return (s[i >> 6] >> (i & 63)) & 1; }
static inline void set_add(word *s, int i) { s[i >> 6] |= (word)1 << (i & 63); }
static inline void set_del(word *s, int i) { s[i >> 6] &= ~((word)1 << (i & 63)); }
void set_clear(word *s, int w);
void set_fill(word *s, int n);              /* all of 0..n-1 */
void set_copy(word *d, const word *a, int w);
void set_union(word *d, const word *a, const word *b, int w);
void set_inter(word *d, const word *a, const word *b, int w);
void set_diff(word *d, const word *a, const word *b, int w);
void set_compl(word *d, const word *a, int n);
bool set_empty(const word *a, int w);
bool set_equal(const word *a, const word *b, int w);
bool set_subset(const word *a, const word *b, int w);
int  set_count(const word *a, int w);
/* iterate: for (int i = set_next(s, w, 0); i >= 0; i = set_next(s, w, i + 1)) */
int  set_next(const word *s, int w, int from);

/* relations: n rows of w words, row i at r + i*w */
#define REL_ROW(r, w, i) ((r) + (size_t)(i) * (w))
static inline bool rel_has(const word *r, int w, int i, int j) { return set_has(REL_ROW(r, w, i), j); }
static inline void rel_add(word *r, int w, int i, int j) { set_add(REL_ROW(r, w, i), j); }
void rel_clear(word *r, int n);
void rel_copy(word *d, const word *a, int n);
void rel_union(word *d, const word *a, const word *b, int n);
void rel_inter(word *d, const word *a, const word *b, int n);
void rel_diff(word *d, const word *a, const word *b, int n);
void rel_compl(word *d, const word *a, int n);
void rel_seq(word *d, const word *a, const word *b, int n);   /* d may not alias a or b */
void rel_inv(word *d, const word *a, int n);                  /* d may not alias a */
void rel_id(word *d, const word *s, int n);                   /* [s] */
void rel_cart(word *d, const word *s1, const word *s2, int n);/* s1 * s2 */
void rel_domain(word *s, const word *a, int n);
void rel_range(word *s, const word *a, int n);
void rel_plus(word *d, const word *a, int n);                 /* transitive closure */
void rel_star(word *d, const word *a, int n);                 /* reflexive-transitive */
void rel_opt(word *d, const word *a, int n);                  /* reflexive closure */
bool rel_empty(const word *a, int n);
bool rel_equal(const word *a, const word *b, int n);
bool rel_subset(const word *a, const word *b, int n);
bool rel_irreflexive(const word *a, int n);
bool rel_acyclic(const word *a, int n);
/* One cycle of a, written to cyc (event indices), returns its length or 0. */
int  rel_find_cycle(const word *a, int n, int *cyc);
int  rel_count(const word *a, int n);

#endif
