/* test_rel.c - the bit-matrix relation algebra, including sizes that
 * straddle word boundaries (63, 64, 65, 130 events). */
#include <stdlib.h>
#include "unit.h"
#include "base/rel.h"

static word *rel_alloc(int n) { return calloc((size_t)n * rel_words(n) + 1, sizeof(word)); }

/* chain 0 -> 1 -> ... -> n-1 */
static word *chain(int n)
{
	word *r = rel_alloc(n);
	for (int i = 0; i + 1 < n; i++)
		rel_add(r, rel_words(n), i, i + 1);
	return r;
}

static void test_sizes(int n)
{
	int w = rel_words(n);
	word *c = chain(n), *p = rel_alloc(n), *s = rel_alloc(n), *inv = rel_alloc(n);
	word *seq = rel_alloc(n), *tmp = rel_alloc(n);

	rel_plus(p, c, n);
	CHECK(rel_count(p, n) == n * (n - 1) / 2);          /* strict total order */
	CHECK(n < 2 || (rel_has(p, w, 0, n - 1) && !rel_has(p, w, n - 1, 0)));
	CHECK(rel_acyclic(p, n) && rel_irreflexive(p, n));
	rel_star(s, c, n);
	CHECK(rel_count(s, n) == n * (n + 1) / 2);
	rel_inv(inv, c, n);
	CHECK(n < 2 || (rel_has(inv, w, 1, 0) && !rel_has(inv, w, 0, 1)));
	rel_seq(seq, c, c, n);                               /* two steps */
	CHECK(rel_count(seq, n) == (n >= 2 ? n - 2 : 0));
	CHECK(n < 3 || rel_has(seq, w, 0, 2));
	/* closing the chain into a cycle */
	rel_add(c, w, n - 1, 0);
	CHECK(!rel_acyclic(c, n));
	int cyc[256];
	CHECK(rel_find_cycle(c, n, cyc) == n);
	rel_plus(tmp, c, n);
	CHECK(!rel_irreflexive(tmp, n));
	/* complement of empty is full */
	rel_clear(tmp, n);
	rel_compl(tmp, tmp, n);
	CHECK(rel_count(tmp, n) == n * n);
	free(c); free(p); free(s); free(inv); free(seq); free(tmp);
}

static void test_sets(void)
{
	int n = 70, w = rel_words(n);
	word a[2] = { 0 }, b[2] = { 0 }, d[2], all[2];
	word *r = rel_alloc(n), *id = rel_alloc(n);

	set_add(a, 3); set_add(a, 66);
	set_add(b, 66); set_add(b, 69);
	set_union(d, a, b, w);
	CHECK(set_count(d, w) == 3);
	set_inter(d, a, b, w);
	CHECK(set_count(d, w) == 1 && set_has(d, 66));
	set_diff(d, a, b, w);
	CHECK(set_count(d, w) == 1 && set_has(d, 3));
	set_fill(all, n);
	CHECK(set_count(all, w) == n);
	set_compl(d, all, n);
	CHECK(set_empty(d, w));
	CHECK(set_next(a, w, 0) == 3 && set_next(a, w, 4) == 66 && set_next(a, w, 67) == -1);
	rel_cart(r, a, b, n);
	CHECK(rel_count(r, n) == 4 && rel_has(r, w, 3, 69));
	word dom[2], ran[2];
	rel_domain(dom, r, n);
	rel_range(ran, r, n);
	CHECK(set_equal(dom, a, w) && set_equal(ran, b, w));
	rel_id(id, a, n);
	CHECK(rel_count(id, n) == 2 && rel_has(id, w, 66, 66));
	CHECK(rel_subset(id, r, n) == false);
	free(r); free(id);
}

/* rel_plus (topological for acyclic relations, Warshall otherwise) and
 * rel_seq against the definitions, on random relations of every density,
 * acyclic (edges only upwards) or not, d apart from a and d == a. */
static void test_random(void)
{
	unsigned seed = 12345;
	int bad = 0;

	for (int round = 0; round < 300; round++) {
		int n = 1 + (int)((seed = seed * 1103515245 + 12345) >> 16) % 140, w = rel_words(n);
		int dens = 1 + (int)((seed = seed * 1103515245 + 12345) >> 16) % 40;
		bool dag = round % 2 == 0;
		word *a = rel_alloc(n), *p = rel_alloc(n), *q = rel_alloc(n), *b = rel_alloc(n);
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++) {
				seed = seed * 1103515245 + 12345;
				if ((int)((seed >> 16) % 400) < dens && (!dag || i < j))
					rel_add(a, w, i, j);
				seed = seed * 1103515245 + 12345;
				if ((int)((seed >> 16) % 400) < dens)
					rel_add(b, w, i, j);
			}
		/* the closure by definition: add a ; p to p until nothing changes */
		rel_copy(q, a, n);
		for (bool more = true; more;) {
			more = false;
			for (int i = 0; i < n; i++)
				for (int k = 0; k < n; k++)
					if (rel_has(q, w, i, k))
						for (int j = 0; j < n; j++)
							if (rel_has(a, w, k, j) && !rel_has(q, w, i, j)) {
								rel_add(q, w, i, j);
								more = true;
							}
		}
		rel_plus(p, a, n);
		bad += !rel_equal(p, q, n);
		rel_copy(p, a, n);
		rel_plus(p, p, n);
		bad += !rel_equal(p, q, n);
		/* a ; b pair by pair */
		rel_seq(p, a, b, n);
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++) {
				bool want = false;
				for (int k = 0; k < n && !want; k++)
					want = rel_has(a, w, i, k) && rel_has(b, w, k, j);
				bad += want != rel_has(p, w, i, j);
			}
		free(a); free(p); free(q); free(b);
	}
	CHECK(bad == 0);
}

int main(void)
{
	int sizes[] = { 1, 2, 3, 63, 64, 65, 130 };
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
		test_sizes(sizes[i]);
	test_sets();
	test_random();
	return unit_done("rel");
}
