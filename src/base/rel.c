/* rel.c - bit-matrix relation algebra (see rel.h). */
#include <string.h>
#include <stdlib.h>
#include "base/rel.h"

void set_clear(word *s, int w) { memset(s, 0, sizeof(word) * (size_t)w); }

void set_fill(word *s, int n)
{
	int w = rel_words(n);

	for (int k = 0; k < w; k++)
		s[k] = ~(word)0;
	if (n & 63)
		s[w - 1] = ((word)1 << (n & 63)) - 1;
}

void set_copy(word *d, const word *a, int w) { memmove(d, a, sizeof(word) * (size_t)w); }

void set_union(word *d, const word *a, const word *b, int w)
{
	for (int k = 0; k < w; k++)
		d[k] = a[k] | b[k];
}

void set_inter(word *d, const word *a, const word *b, int w)
{
	for (int k = 0; k < w; k++)
		d[k] = a[k] & b[k];
}

void set_diff(word *d, const word *a, const word *b, int w)
{
	for (int k = 0; k < w; k++)
		d[k] = a[k] & ~b[k];
}

void set_compl(word *d, const word *a, int n)
{
	int w = rel_words(n);

	for (int k = 0; k < w; k++)
		d[k] = ~a[k];
	if (n & 63)
		d[w - 1] &= ((word)1 << (n & 63)) - 1;
}

bool set_empty(const word *a, int w)
{
	for (int k = 0; k < w; k++)
		if (a[k])
			return false;
	return true;
}

bool set_equal(const word *a, const word *b, int w)
{
	return memcmp(a, b, sizeof(word) * (size_t)w) == 0;
}

bool set_subset(const word *a, const word *b, int w)
{
	for (int k = 0; k < w; k++)
		if (a[k] & ~b[k])
			return false;
	return true;
}

int set_count(const word *a, int w)
{
	int c = 0;

	for (int k = 0; k < w; k++)
		c += __builtin_popcountll(a[k]);
	return c;
}

int set_next(const word *s, int w, int from)
{
	int k = from >> 6;

	if (k >= w)
		return -1;
	word x = s[k] & (~(word)0 << (from & 63));
	for (;;) {
		if (x)
			return k * 64 + __builtin_ctzll(x);
		if (++k >= w)
			return -1;
		x = s[k];
	}
}

void rel_clear(word *r, int n) { memset(r, 0, sizeof(word) * (size_t)n * rel_words(n)); }
void rel_copy(word *d, const word *a, int n) { memmove(d, a, sizeof(word) * (size_t)n * rel_words(n)); }

void rel_union(word *d, const word *a, const word *b, int n) { set_union(d, a, b, n * rel_words(n)); }
void rel_inter(word *d, const word *a, const word *b, int n) { set_inter(d, a, b, n * rel_words(n)); }
void rel_diff(word *d, const word *a, const word *b, int n) { set_diff(d, a, b, n * rel_words(n)); }

void rel_compl(word *d, const word *a, int n)
{
	int w = rel_words(n);

	for (int i = 0; i < n; i++)
		set_compl(REL_ROW(d, w, i), REL_ROW(a, w, i), n);
}

/* d = a ; b : row i of d is the union of rows j of b for j in row i of a.
 * The bits of a row are walked word by word (ctz), and the rows of b are
 * or-ed in place: the hottest loop of a model's evaluation. */
/* rel_seq for relations of at most 64 or 128 events (one or two words a
 * row), the size of most tests: rows built in registers. */
static void rel_seq2(word *d, const word *a, const word *b, int n)
{
	for (int i = 0; i < n; i++) {
		word x0 = a[2 * i], x1 = a[2 * i + 1], d0 = 0, d1 = 0;
		for (; x0; x0 &= x0 - 1) {
			const word *rb = b + 2 * __builtin_ctzll(x0);
			d0 |= rb[0];
			d1 |= rb[1];
		}
		for (; x1; x1 &= x1 - 1) {
			const word *rb = b + 2 * (64 + __builtin_ctzll(x1));
			d0 |= rb[0];
			d1 |= rb[1];
		}
		d[2 * i] = d0;
		d[2 * i + 1] = d1;
	}
}

static void rel_seq1(word *d, const word *a, const word *b, int n)
{
	for (int i = 0; i < n; i++) {
		word d0 = 0;
		for (word x = a[i]; x; x &= x - 1)
			d0 |= b[__builtin_ctzll(x)];
		d[i] = d0;
	}
}

void rel_seq(word *d, const word *a, const word *b, int n)
{
	int w = rel_words(n);

	if (w <= 2 && d != a && d != b) {
		(w == 1 ? rel_seq1 : rel_seq2)(d, a, b, n);
		return;
	}
	rel_clear(d, n);
	for (int i = 0; i < n; i++) {
		const word *ra = REL_ROW(a, w, i);
		word *rd = REL_ROW(d, w, i);
		for (int k = 0; k < w; k++) {
			for (word x = ra[k]; x; x &= x - 1) {
				const word *rb = REL_ROW(b, w, k * 64 + __builtin_ctzll(x));
				for (int m = 0; m < w; m++)
					rd[m] |= rb[m];
			}
		}
	}
}

void rel_inv(word *d, const word *a, int n)
{
	int w = rel_words(n);

	rel_clear(d, n);
	for (int i = 0; i < n; i++) {
		const word *ra = REL_ROW(a, w, i);
		for (int j = set_next(ra, w, 0); j >= 0; j = set_next(ra, w, j + 1))
			rel_add(d, w, j, i);
	}
}

void rel_id(word *d, const word *s, int n)
{
	int w = rel_words(n);

	rel_clear(d, n);
	for (int i = set_next(s, w, 0); i >= 0; i = set_next(s, w, i + 1))
		rel_add(d, w, i, i);
}

void rel_cart(word *d, const word *s1, const word *s2, int n)
{
	int w = rel_words(n);

	for (int i = 0; i < n; i++) {
		if (set_has(s1, i))
			set_copy(REL_ROW(d, w, i), s2, w);
		else
			set_clear(REL_ROW(d, w, i), w);
	}
}

void rel_domain(word *s, const word *a, int n)
{
	int w = rel_words(n);

	set_clear(s, w);
	for (int i = 0; i < n; i++)
		if (!set_empty(REL_ROW(a, w, i), w))
			set_add(s, i);
}

void rel_range(word *s, const word *a, int n)
{
	int w = rel_words(n);

	set_clear(s, w);
	for (int i = 0; i < n; i++)
		set_union(s, s, REL_ROW(a, w, i), w);
}

/* Warshall: for each k, every row containing k absorbs row k. */
/* Warshall: for relations with a cycle. */
static void plus_warshall(word *d, int n, int w)
{
	/* a k whose row is empty adds nothing to any row */
	for (int k = 0; k < n; k++) {
		const word *rk = REL_ROW(d, w, k);
		if (set_empty(rk, w))
			continue;
		word bit = (word)1 << (k & 63);
		int kw = k >> 6;
		for (int i = 0; i < n; i++) {
			word *ri = REL_ROW(d, w, i);
			if (ri[kw] & bit)
				for (int m = 0; m < w; m++)
					ri[m] |= rk[m];
		}
	}
}

/* The closure of an acyclic relation, which is what models close (hb,
 * ppo, ...): in reverse topological order (Kahn), a row is its successors
 * and their rows, already closed; O(edges * w) instead of O(n^2).  A
 * cycle falls back to Warshall. */
void rel_plus(word *d, const word *a, int n)
{
	int w = rel_words(n);

	if (d != a)
		rel_copy(d, a, n);
	if (n == 0)
		return;
	int indeg[n], order[n], head = 0, tail = 0;
	word row[w];

	memset(indeg, 0, sizeof indeg);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < w; k++)
			for (word x = REL_ROW(d, w, i)[k]; x; x &= x - 1)
				indeg[k * 64 + __builtin_ctzll(x)]++;
	for (int i = 0; i < n; i++)
		if (indeg[i] == 0)
			order[tail++] = i;
	while (head < tail) {
		int v = order[head++];
		const word *rv = REL_ROW(d, w, v);
		for (int k = 0; k < w; k++)
			for (word x = rv[k]; x; x &= x - 1) {
				int s = k * 64 + __builtin_ctzll(x);
				if (--indeg[s] == 0)
					order[tail++] = s;
			}
	}
	if (tail < n) {
		plus_warshall(d, n, w);
		return;
	}
	for (int t = n - 1; t >= 0; t--) {
		int v = order[t];
		word *rv = REL_ROW(d, w, v);
		memcpy(row, rv, sizeof row);
		for (int k = 0; k < w; k++)
			for (word x = row[k]; x; x &= x - 1) {
				const word *rs = REL_ROW(d, w, k * 64 + __builtin_ctzll(x));
				for (int m = 0; m < w; m++)
					rv[m] |= rs[m];
			}
	}
}

void rel_opt(word *d, const word *a, int n)
{
	int w = rel_words(n);

	if (d != a)
		rel_copy(d, a, n);
	for (int i = 0; i < n; i++)
		rel_add(d, w, i, i);
}

void rel_star(word *d, const word *a, int n)
{
	rel_plus(d, a, n);
	rel_opt(d, d, n);
}

bool rel_empty(const word *a, int n) { return set_empty(a, n * rel_words(n)); }
bool rel_equal(const word *a, const word *b, int n) { return set_equal(a, b, n * rel_words(n)); }
bool rel_subset(const word *a, const word *b, int n) { return set_subset(a, b, n * rel_words(n)); }
int rel_count(const word *a, int n) { return set_count(a, n * rel_words(n)); }

bool rel_irreflexive(const word *a, int n)
{
	int w = rel_words(n);

	for (int i = 0; i < n; i++)
		if (rel_has(a, w, i, i))
			return false;
	return true;
}

/* Iterative DFS with colours; on a back edge, the cycle is read off the
 * parent chain. Avoids building the closure, which is O(n^3 / 64). */
int rel_find_cycle(const word *a, int n, int *cyc)
{
	int w = rel_words(n);
	int colour[n > 0 ? n : 1], parent[n > 0 ? n : 1], next[n > 0 ? n : 1];
	int stack[n > 0 ? n : 1];

	memset(colour, 0, sizeof colour);
	for (int root = 0; root < n; root++) {
		if (colour[root])
			continue;
		int sp = 0;
		stack[sp++] = root;
		colour[root] = 1;
		parent[root] = -1;
		next[root] = 0;
		while (sp) {
			int u = stack[sp - 1];
			int v = set_next(REL_ROW(a, w, u), w, next[u]);
			if (v < 0) {
				colour[u] = 2;
				sp--;
				continue;
			}
			next[u] = v + 1;
			if (colour[v] == 1) {
				int len = 0;
				if (cyc) {
					for (int x = u; x != v; x = parent[x])
						cyc[len++] = x;
					cyc[len++] = v;
					for (int l = 0, r = len - 1; l < r; l++, r--) {
						int t = cyc[l]; cyc[l] = cyc[r]; cyc[r] = t;
					}
				} else {
					len = 1;
				}
				return len;
			}
			if (colour[v] == 0) {
				colour[v] = 1;
				parent[v] = u;
				next[v] = 0;
				stack[sp++] = v;
			}
		}
	}
	return 0;
}

bool rel_acyclic(const word *a, int n)
{
	return rel_find_cycle(a, n, NULL) == 0;
}
