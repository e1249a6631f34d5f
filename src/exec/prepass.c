/* prepass.c - what a test's code says before any thread runs (see
 * prepass.h): the constants of conditional writes (seeds), the rounds
 * the value domain needs, and the writes each symbol can receive. */
#include <stdlib.h>
#include <string.h>
#include "exec/prepass.h"
#include "base/xalloc.h"
/* A write that exists only when a read returns some value (the write of
 * a compare-and-swap, a store behind a conditional branch) may be the
 * very write that gives the read that value: two CASes that each read
 * the other's write (cmpxchg-cycle), LB with control dependencies under
 * a model that does not order them. Growing the value domain from the
 * initial values never reaches such values, whereas herd7 solves them.
 * So the constant values of such writes (an immediate, or a register
 * holding one from the init or a move) join every location's domain
 * first, marked as written by every thread: a read may then guess them,
 * and a guess that no write of the execution stores has no rf and is
 * dropped, so only candidates herd7 also considers are added. Registers
 * computed from constants (RISC-V `ori x5,x0,2`) count as constants.
 * Tests with loops too: a spin-wait may leave its loop only by reading
 * a value that its own thread's po-later write stores, an incoherent
 * path that herd7's Loop check still counts (trace.incoherent; the
 * label of tests/litmus/engine/tests/loop-label-own-later-write-riscv).
 * A retry loop's attempts guess these seeds too; writers_suffice
 * (thread_exec.c) keeps that from multiplying its paths. */
/* The constants a register may hold at an instruction, over every path
 * that reaches it (at most KMAX; more are dropped). Without loops the
 * code order is a topological order of the paths (forward branches
 * only), so the constants assigned anywhere before an instruction, in
 * code order, include all it may see: an assignment in one arm of an if
 * does not hide the one before the if (`r1 = 1; if (..) r1 = 0; x = r1;`
 * may write 1 or 0). Values a register holds only on some paths make
 * extra seeds, which cost time, not answers. */
#define KMAX 8
typedef struct { int n; int64_t v[KMAX]; } kset;

static void kset_add(kset *k, int64_t v)
{
	for (int j = 0; j < k->n; j++)
		if (k->v[j] == v)
			return;
	if (k->n < KMAX)
		k->v[k->n++] = v;
}

/* The constants an operand may hold: an immediate, or a register's. */
static void consts_of(const opnd *o, const kset *regs, int nr, kset *out)
{
	out->n = 0;
	if (o->kind == OPND_IMM && o->imm.sym < 0)
		kset_add(out, o->imm.off);
	else if (o->kind == OPND_REG && o->reg >= 0 && o->reg < nr)
		*out = regs[o->reg];
}

/* The values a register may hold at an instruction (as kset, addresses
 * too), for where a conditional write may be; `any`: not known (a value
 * loaded, computed otherwise, or more than KMAX). */
typedef struct { int n; bool any; value v[KMAX]; } aset;

static void aset_add(aset *k, value v)
{
	for (int j = 0; j < k->n; j++)
		if (value_eq(k->v[j], v))
			return;
	if (k->n < KMAX)
		k->v[k->n++] = v;
	else
		k->any = true;
}

static aset aset_of(const opnd *o, const aset *regs, int nr)
{
	aset out = { 0 };

	if (o->kind == OPND_IMM)
		aset_add(&out, o->imm);
	else if (o->kind == OPND_REG && o->reg >= 0 && o->reg < nr)
		out = regs[o->reg];
	else if (o->kind == OPND_NONE)
		aset_add(&out, value_int(0));
	else
		out.any = true;
	return out;
}

/* Instruction in's assignment to its destination register. */
static void aset_step(aset *regs, int nr, const ir_insn *in)
{
	if (in->dst < 0 || in->dst >= nr)
		return;
	aset *d = &regs[in->dst], a = aset_of(&in->a, regs, nr), b = aset_of(&in->b, regs, nr);
	value res;
	if (in->op == IR_MOV) {
		d->any |= a.any;
		for (int j = 0; j < a.n; j++)
			aset_add(d, a.v[j]);
	} else if (in->op == IR_ALU && !a.any && !b.any) {
		for (int x = 0; x < a.n; x++)
			for (int y = 0; y < b.n; y++)
				if (ir_alu(in->alu, a.v[x], b.v[y], &res))
					aset_add(d, res);
				else
					d->any = true;
	} else {
		d->any = true;
	}
}



/* Seed v, written by in at one of the addresses addr (NULL: unknown). */
static void seed_add(seed_set *ss, int64_t v, const ir_insn *in, const aset *addr, bool big_endian)
{
	int size = in->size ? in->size : MIXED_WIDTH, j = 0;

	while (j < ss->n && ss->v[j] != v)
		j++;
	if (j == ss->n) {
		if (ss->n == SEEDS_MAX)
			return;
		ss->v[ss->n] = v;
		ss->any[ss->n++] = 0;
	}
	if (!addr || addr->any || size > MIXED_WIDTH || (size & (size - 1))) {
		ss->any[j] |= (uint8_t)size;
		return;
	}
	for (int k = 0; k < addr->n; k++) {
		int64_t o = addr->v[k].off + in->off;
		if (addr->v[k].sym < 0 || o < 0 || o + size > MIXED_WIDTH || o % size)
			continue;   /* no access there: the path is meaningless */
		if (big_endian)
			o = MIXED_WIDTH - size - o;
		if (ss->nat == PLACES_MAX) {
			ss->any[j] |= (uint8_t)size;
			return;
		}
		ss->at[ss->nat++] = (seed_place){ j, addr->v[k].sym, (int)o, size };
	}
}

/* Does thread th jump backward? (Then code order is no order of paths.) */
static bool has_loop(const litmus_thread *th)
{
	for (int i = 0; i < th->ncode; i++)
		if (th->code[i].op == IR_BRANCH && th->code[i].target <= i)
			return true;
	return false;
}

/* The values of thread ti's registers before it runs: the init's, else 0. */
static void init_addresses(const litmus_test *t, int ti, aset *addrs, int nr)
{
	memset(addrs, 0, sizeof *addrs * nr);
	for (int r = 0; r < nr; r++)
		aset_add(&addrs[r], value_int(0));
	for (int i = 0; i < t->ninit; i++)
		if (t->init[i].thread == ti && t->init[i].reg >= 0 && t->init[i].reg < nr) {
			addrs[t->init[i].reg] = (aset){ 0 };
			aset_add(&addrs[t->init[i].reg], t->init[i].val);
		}
}

/* The constants of thread ti's conditional writes join ss. */
static void seed_thread(seed_set *ss, const litmus_test *t, int ti, kset *regs, aset *addrs, int nr)
{
	const litmus_thread *th = &t->threads[ti];
	bool cond = false, loop = has_loop(th);

	memset(regs, 0, sizeof *regs * nr);
	init_addresses(t, ti, addrs, nr);
	for (int i = 0; i < t->ninit; i++)
		if (t->init[i].thread == ti && t->init[i].reg >= 0 && t->init[i].reg < nr &&
		    t->init[i].val.sym < 0)
			kset_add(&regs[t->init[i].reg], t->init[i].val.off);
	for (int i = 0; i < th->ncode; i++) {
		const ir_insn *in = &th->code[i];
		const opnd *v = NULL;
		if (in->op == IR_CAS)
			v = &in->c;
		else if (cond && (in->op == IR_STORE || in->op == IR_RMW))
			v = &in->b;
		if (v) {
			kset k;
			aset where = aset_of(&in->a, addrs, nr);
			consts_of(v, regs, nr, &k);
			for (int j = 0; j < k.n; j++)
				seed_add(ss, k.v[j], in, loop ? NULL : &where, t->big_endian);
		}
		if (in->op == IR_BRANCH && in->cmp != CMP_ALWAYS)
			cond = true;
		aset_step(addrs, nr, in);
		if (in->dst >= 0 && in->dst < nr) {
			kset a, b;
			value res;
			consts_of(&in->a, regs, nr, &a);
			if (in->op == IR_MOV) {
				for (int j = 0; j < a.n; j++)
					kset_add(&regs[in->dst], a.v[j]);
			} else if (in->op == IR_ALU) {
				if (in->b.kind == OPND_NONE) {
					b.n = 1;
					b.v[0] = 0;
				} else {
					consts_of(&in->b, regs, nr, &b);
				}
				for (int x = 0; x < a.n; x++)
					for (int y = 0; y < b.n; y++)
						if (ir_alu(in->alu, value_int(a.v[x]), value_int(b.v[y]), &res)
						    && res.sym < 0)
							kset_add(&regs[in->dst], res.off);
			}
		}
	}
}

/* Fills ss; every seed joins every location's domain. */
void seed_conditional_values(mem_domain *md, const litmus_test *t, seed_set *ss)
{
	int nr = t->nregs > 0 ? t->nregs : 1;
	kset *regs = xzalloc(sizeof *regs * nr);
	aset *addrs = xzalloc(sizeof *addrs * nr);

	memset(ss, 0, sizeof *ss);
	for (int ti = 0; ti < t->nthreads; ti++)
		seed_thread(ss, t, ti, regs, addrs, nr);
	free(regs);
	free(addrs);
	uint64_t all = 0;
	for (int ti = 0; ti < t->nthreads && ti < 63; ti++)
		all |= (uint64_t)1 << ti;
	for (int l = 0; l < md->n; l++)
		for (int j = 0; j < ss->n; j++)
			mem_domain_add(md, l, value_int(ss->v[j]), all);
}

/* Per-symbol write bounds (values.h, mem_domain.sym_writes). The
 * symbols each write instruction may write: its address operand's values
 * (aset) by a forward pass over a thread without loops, the register
 * values joined where forward branches meet; a register set anew gets
 * its new values only (r -= r, r ^= r: 0, as herd7's solver knows);
 * a write whose address is not known, or in a thread with a loop, may
 * write every symbol. Each write instruction counts as often as it can
 * run (domain_rounds). */
static void aset_union(aset *d, const aset *s)
{
	d->any |= s->any;
	for (int j = 0; j < s->n; j++)
		aset_add(d, s->v[j]);
}

static aset aset_result(const aset *regs, int nr, const ir_insn *in)
{
	aset out = { 0 }, a = aset_of(&in->a, regs, nr), b = aset_of(&in->b, regs, nr);
	value res;

	if (in->op == IR_MOV)
		return a;
	if (in->op == IR_ALU && (in->alu == ALU_SUB || in->alu == ALU_XOR) &&
	    in->a.kind == OPND_REG && in->b.kind == OPND_REG && in->a.reg == in->b.reg) {
		aset_add(&out, value_int(0));
		return out;
	}
	if (in->op == IR_ALU && !a.any && !b.any) {
		for (int x = 0; x < a.n; x++)
			for (int y = 0; y < b.n; y++)
				if (ir_alu(in->alu, a.v[x], b.v[y], &res))
					aset_add(&out, res);
				else
					out.any = true;
		return out;
	}
	out.any = true;
	return out;
}

#define ADDRESS_CELLS_MAX ((size_t)1 << 16)   /* registers x instructions */

/* where[i]: the addresses instruction i of thread ti may access (any, or
 * none: not known) */
static void thread_addresses(const litmus_test *t, int ti, aset *where)
{
	const litmus_thread *th = &t->threads[ti];
	int nr = t->nregs > 0 ? t->nregs : 1, n = th->ncode;

	/* the join sets are nr per instruction: a hostile test of many
	 * registers and instructions leaves every address unknown (where[]
	 * zero: no value known) rather than take that memory */
	if ((size_t)nr * (size_t)(n + 1) > ADDRESS_CELLS_MAX)
		return;
	aset *cur = xzalloc(sizeof(aset) * nr);
	aset *join = xzalloc(sizeof(aset) * nr * (n + 1));
	bool *joined = xzalloc(n + 1), live = true;

	init_addresses(t, ti, cur, nr);
	for (int i = 0; i < n; i++) {
		const ir_insn *in = &th->code[i];
		if (joined[i]) {
			for (int r = 0; r < nr; r++)
				if (live)
					aset_union(&cur[r], &join[(size_t)i * nr + r]);
				else
					cur[r] = join[(size_t)i * nr + r];
			live = true;
		}
		where[i] = (aset){ .any = true };
		if (!live)
			continue;   /* not reached */
		where[i] = aset_of(&in->a, cur, nr);
		if (in->dst >= 0 && in->dst < nr)
			cur[in->dst] = aset_result(cur, nr, in);
		if (in->op == IR_BRANCH) {
			if (in->target > i && in->target < n) {
				for (int r = 0; r < nr; r++)
					aset_union(&join[(size_t)in->target * nr + r], &cur[r]);
				joined[in->target] = true;
			}
			if (in->cmp == CMP_ALWAYS)
				live = false;
		}
	}
	free(cur);
	free(join);
	free(joined);
}

/* How often each instruction of th can run in one path, for those that
 * write (0 for the others): once, plus the unrolling limit once per loop
 * head at or before it that a backward branch at or after it jumps back
 * to (the jumps to each head are counted: thread_exec.c, jump_back).
 * *loop: th has a backward branch; *uncounted: one the limit does not
 * count (ir_insn.unroll_concrete). */
static long *write_times(const litmus_thread *th, int unroll, bool *loop, bool *uncounted)
{
	long *times = xzalloc(sizeof(long) * (th->ncode + 1));
	/* per loop head (a backward branch's target): its last such
	 * branch, -1 for other instructions */
	int *last = xrealloc(NULL, sizeof(int) * (th->ncode + 1));

	*loop = *uncounted = false;
	for (int i = 0; i <= th->ncode; i++)
		last[i] = -1;
	for (int i = 0; i < th->ncode; i++) {
		const ir_insn *in = &th->code[i];
		if (in->op == IR_BRANCH && in->target <= i) {
			*loop = true;
			*uncounted |= in->unroll_concrete;
			last[in->target] = i;
		}
	}
	for (int i = 0; i < th->ncode; i++) {
		const ir_insn *in = &th->code[i];
		if (in->op != IR_STORE && in->op != IR_RMW && in->op != IR_CAS && in->op != IR_SC)
			continue;
		long heads = 0;
		for (int h = 0; h <= i; h++)
			heads += last[h] >= i;
		times[i] = 1 + (long)unroll * heads;
	}
	free(last);
	return times;
}

/* sym_writes[s] for each symbol: no execution writes s more often; 255
 * where more or not known. Returns false when nothing is known. */
bool symbol_write_bounds(const litmus_test *t, int unroll, int *sym_writes)
{
	long any = 0;
	long *per = xzalloc(sizeof(long) * (t->nsyms + 1));
	bool ok = true;

	for (int ti = 0; ti < t->nthreads && ok; ti++) {
		const litmus_thread *th = &t->threads[ti];
		bool loop, uncounted;
		long *times = write_times(th, unroll, &loop, &uncounted);
		aset *where = xzalloc(sizeof(aset) * (th->ncode + 1));
		ok = !uncounted;
		if (ok && !loop)
			thread_addresses(t, ti, where);
		for (int i = 0; ok && i < th->ncode; i++) {
			if (!times[i])
				continue;
			const aset *a = &where[i];
			bool known = !loop && !a->any && a->n > 0;
			for (int j = 0; known && j < a->n; j++)
				known = a->v[j].sym >= 0 && a->v[j].sym < t->nsyms;
			if (!known) {
				any += times[i];
				continue;
			}
			/* each symbol once, however many offsets of it */
			for (int j = 0; j < a->n; j++) {
				bool seen = false;
				for (int k = 0; k < j && !seen; k++)
					seen = a->v[k].sym == a->v[j].sym;
				if (!seen)
					per[a->v[j].sym] += times[i];
			}
		}
		free(where);
		free(times);
	}
	for (int sy = 0; ok && sy < t->nsyms; sy++) {
		long b = per[sy] + any;
		sym_writes[sy] = b < 255 ? (int)b : 255;
	}
	free(per);
	return ok;   /* not counted (domain_rounds) */
}

int domain_rounds(const litmus_test *t, int unroll, bool *loops, int *max_writes,
			 int *thread_writes)
{
	long bound = 1;
	bool concrete = false;   /* loops the limit does not count */

	*loops = false;
	for (int ti = 0; ti < t->nthreads; ti++) {
		const litmus_thread *th = &t->threads[ti];
		long writes = 0;
		bool loop, uncounted;
		long *times = write_times(th, unroll, &loop, &uncounted);
		*loops |= loop;
		concrete |= uncounted;
		bool counted = !uncounted;
		for (int i = 0; i < th->ncode; i++)
			writes += times[i];
		free(times);
		thread_writes[ti] = counted && writes <= MAX_DOMAIN_ROUNDS ? (int)writes : -1;
		bound += writes;
		if (bound > MAX_DOMAIN_ROUNDS)
			bound = MAX_DOMAIN_ROUNDS + 1;
	}
	/* at most bound - 1 writes in one execution: each write instruction
	 * runs once plus once per counted backward jump */
	*max_writes = concrete || bound > MAX_DOMAIN_ROUNDS ? 0 : (int)bound - 1;
	if (bound <= MAX_DOMAIN_ROUNDS)
		*loops = false;   /* the bound holds: no need to watch for growth */
	return bound > MAX_DOMAIN_ROUNDS ? MAX_DOMAIN_ROUNDS : (int)bound;
}
