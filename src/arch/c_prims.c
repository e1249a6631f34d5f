/* c_prims.c - the event tags of the Linux-kernel model and the table of
 * kernel primitives of the C dialect (see c_prims.h). */
#include <string.h>
#include "arch/c_prims.h"

#define NELEM(a) (sizeof (a) / sizeof *(a))

const char *const c_tag_names[] = {
	[T_ONCE] = "Once", [T_ACQUIRE] = "Acquire", [T_RELEASE] = "Release",
	[T_NORETURN] = "Noreturn",
	[T_MB] = "Mb", [T_RMB] = "Rmb", [T_WMB] = "Wmb", [T_BARRIER] = "Barrier",
	[T_RCU_LOCK] = "Rcu-lock", [T_RCU_UNLOCK] = "Rcu-unlock",
	[T_SYNC_RCU] = "Sync-rcu",
	[T_BEFORE_ATOMIC] = "Before-atomic", [T_AFTER_ATOMIC] = "After-atomic",
	[T_AFTER_SPINLOCK] = "After-spinlock",
	[T_AFTER_UNLOCK_LOCK] = "After-unlock-lock",
	[T_AFTER_SRCU_READ_UNLOCK] = "After-srcu-read-unlock",
	[T_SRCU_LOCK] = "Srcu-lock", [T_SRCU_UNLOCK] = "Srcu-unlock",
	[T_SYNC_SRCU] = "Sync-srcu",
	[T_RMW] = "RMW", [T_LKR] = "LKR", [T_LKW] = "LKW", [T_UL] = "UL",
	[T_LF] = "LF", [T_RL] = "RL", [T_RU] = "RU",
};
_Static_assert(sizeof c_tag_names / sizeof *c_tag_names == C_NTAGS,
	       "one name per C tag");
_Static_assert(C_NTAGS <= 32, "tags fit a tagmask");

static const cprim prims[] = {
	{ .name = "READ_ONCE", .kind = P_LOAD, .tag = T_ONCE, .lvalue = true },
	{ .name = "WRITE_ONCE", .kind = P_STORE, .tag = T_ONCE, .lvalue = true },
	{ .name = "smp_load_acquire", .kind = P_LOAD, .tag = T_ACQUIRE, .lvalue = false },
	{ .name = "smp_store_release", .kind = P_STORE, .tag = T_RELEASE, .lvalue = false },
	{ .name = "rcu_dereference", .kind = P_LOAD, .tag = T_ONCE, .lvalue = true },
	{ .name = "rcu_assign_pointer", .kind = P_STORE, .tag = T_RELEASE, .lvalue = true },
	{ .name = "smp_store_mb", .kind = P_STORE_MB, .tag = T_ONCE, .lvalue = true },
	{ .name = "smp_mb", .kind = P_FENCE, .tag = T_MB },
	{ .name = "smp_rmb", .kind = P_FENCE, .tag = T_RMB },
	{ .name = "smp_wmb", .kind = P_FENCE, .tag = T_WMB },
	{ .name = "smp_mb__before_atomic", .kind = P_FENCE, .tag = T_BEFORE_ATOMIC },
	{ .name = "smp_mb__after_atomic", .kind = P_FENCE, .tag = T_AFTER_ATOMIC },
	{ .name = "smp_mb__after_spinlock", .kind = P_FENCE, .tag = T_AFTER_SPINLOCK },
	{ .name = "smp_mb__after_unlock_lock", .kind = P_FENCE, .tag = T_AFTER_UNLOCK_LOCK },
	{ .name = "smp_mb__after_srcu_read_unlock", .kind = P_FENCE, .tag = T_AFTER_SRCU_READ_UNLOCK },
	{ .name = "barrier", .kind = P_FENCE, .tag = T_BARRIER },
	{ .name = "rcu_read_lock", .kind = P_FENCE, .tag = T_RCU_LOCK },
	{ .name = "rcu_read_unlock", .kind = P_FENCE, .tag = T_RCU_UNLOCK },
	{ .name = "synchronize_rcu", .kind = P_FENCE, .tag = T_SYNC_RCU },
	{ .name = "synchronize_rcu_expedited", .kind = P_FENCE, .tag = T_SYNC_RCU },
	{ .name = "srcu_read_lock", .kind = P_LOAD, .tag = T_SRCU_LOCK, .lvalue = false },
	{ .name = "srcu_down_read", .kind = P_LOAD, .tag = T_SRCU_LOCK, .lvalue = false },
	{ .name = "srcu_read_unlock", .kind = P_STORE, .tag = T_SRCU_UNLOCK, .lvalue = false },
	{ .name = "srcu_up_read", .kind = P_STORE, .tag = T_SRCU_UNLOCK, .lvalue = false },
	{ .name = "synchronize_srcu", .kind = P_SRCU_SYNC, .tag = T_SYNC_SRCU },
	{ .name = "synchronize_srcu_expedited", .kind = P_SRCU_SYNC, .tag = T_SYNC_SRCU },
	{ .name = "xchg", .kind = P_XCHG, .tag = ORD_MB },
	{ .name = "xchg_relaxed", .kind = P_XCHG, .tag = ORD_ONCE },
	{ .name = "xchg_acquire", .kind = P_XCHG, .tag = ORD_ACQUIRE },
	{ .name = "xchg_release", .kind = P_XCHG, .tag = ORD_RELEASE },
	{ .name = "cmpxchg", .kind = P_CMPXCHG, .tag = ORD_MB },
	{ .name = "cmpxchg_relaxed", .kind = P_CMPXCHG, .tag = ORD_ONCE },
	{ .name = "cmpxchg_acquire", .kind = P_CMPXCHG, .tag = ORD_ACQUIRE },
	{ .name = "cmpxchg_release", .kind = P_CMPXCHG, .tag = ORD_RELEASE },
	{ .name = "atomic_xchg", .kind = P_XCHG, .tag = ORD_MB },
	{ .name = "atomic_xchg_relaxed", .kind = P_XCHG, .tag = ORD_ONCE },
	{ .name = "atomic_xchg_acquire", .kind = P_XCHG, .tag = ORD_ACQUIRE },
	{ .name = "atomic_xchg_release", .kind = P_XCHG, .tag = ORD_RELEASE },
	{ .name = "atomic_cmpxchg", .kind = P_CMPXCHG, .tag = ORD_MB },
	{ .name = "atomic_cmpxchg_relaxed", .kind = P_CMPXCHG, .tag = ORD_ONCE },
	{ .name = "atomic_cmpxchg_acquire", .kind = P_CMPXCHG, .tag = ORD_ACQUIRE },
	{ .name = "atomic_cmpxchg_release", .kind = P_CMPXCHG, .tag = ORD_RELEASE },
	/* not in linux-kernel.def: herd7 has it built in, fully ordered */
	{ .name = "atomic_add_unless", .kind = P_ADD_UNLESS, .tag = ORD_MB },
	{ .name = "atomic_read", .kind = P_LOAD, .tag = T_ONCE, .lvalue = false },
	{ .name = "atomic_set", .kind = P_STORE, .tag = T_ONCE, .lvalue = false },
	{ .name = "atomic_read_acquire", .kind = P_LOAD, .tag = T_ACQUIRE, .lvalue = false },
	{ .name = "atomic_set_release", .kind = P_STORE, .tag = T_RELEASE, .lvalue = false },
	{ .name = "spin_lock", .kind = P_LOCK },
	{ .name = "spin_unlock", .kind = P_UNLOCK },
	{ .name = "spin_is_locked", .kind = P_ISLOCKED },
	{ .name = "spin_trylock", .kind = P_TRYLOCK },
};

static bool eat(const char **s, const char *w)
{
	size_t n = strlen(w);
	if (strncmp(*s, w, n) != 0)
		return false;
	*s += n;
	return true;
}

/* atomic_{add,sub,inc,dec}, atomic_<op>_return[_ord], atomic_fetch_<op>[_ord],
 * atomic_{sub,inc,dec}_and_test, atomic_add_negative. */
static bool atomic_by_name(const char *name, cprim *p)
{
	const char *s = name;
	bool fetch;

	memset(p, 0, sizeof *p);
	p->name = name;
	if (!eat(&s, "atomic_"))
		return false;
	fetch = eat(&s, "fetch_");
	if (eat(&s, "add"))
		p->alu = ALU_ADD;
	else if (eat(&s, "sub"))
		p->alu = ALU_SUB;
	else if (eat(&s, "inc"))
		p->alu = ALU_ADD, p->one = true;
	else if (eat(&s, "dec"))
		p->alu = ALU_SUB, p->one = true;
	else
		return false;
	p->tag = ORD_MB;
	if (fetch) {
		p->kind = P_FETCH_OP;
	} else if (*s == '\0') {
		p->kind = P_OP;
		return true;
	} else if (eat(&s, "_return")) {
		p->kind = P_OP_RETURN;
	} else if (eat(&s, "_and_test") && *s == '\0' && (p->alu == ALU_SUB || p->one)) {
		p->kind = P_OP_RETURN;
		p->test = 1;
		return true;
	} else if (!strcmp(name, "atomic_add_negative")) {
		p->kind = P_OP_RETURN;
		p->test = 2;
		return true;
	} else {
		return false;
	}
	if (*s == '\0')
		return true;
	if (!strcmp(s, "_relaxed"))
		p->tag = ORD_ONCE;
	else if (!strcmp(s, "_acquire"))
		p->tag = ORD_ACQUIRE;
	else if (!strcmp(s, "_release"))
		p->tag = ORD_RELEASE;
	else
		return false;
	return true;
}

bool c_find_prim(const char *name, cprim *out)
{
	for (size_t i = 0; i < NELEM(prims); i++)
		if (!strcmp(prims[i].name, name)) {
			*out = prims[i];
			return true;
		}
	return atomic_by_name(name, out);
}

int c_prim_nargs(const cprim *p)
{
	switch (p->kind) {
	case P_LOAD: case P_LOCK: case P_UNLOCK: case P_ISLOCKED: case P_TRYLOCK:
	case P_SRCU_SYNC: return 1;
	case P_STORE: case P_STORE_MB: case P_XCHG: return 2;
	case P_FENCE: return 0;
	case P_CMPXCHG: case P_ADD_UNLESS: return 3;
	default: return p->one ? 1 : 2;
	}
}

/* Tags of the read and the write of a read-modify-write of ordering `ord`:
 * an acquire RMW has an acquire read, a release RMW a release write; a
 * fully ordered one is `once` on both, between two mb fences (lower_rmw_call;
 * a cmpxchg has them only when it succeeds: IR_CAS tags_fence_ok), as
 * tools/memory-model/Documentation/herd-representation.txt shows. */
void c_rmw_tags(int ord, tagmask *r, tagmask *w)
{
	static const int rt[] = { [ORD_ONCE] = T_ONCE, [ORD_ACQUIRE] = T_ACQUIRE,
				  [ORD_RELEASE] = T_ONCE, [ORD_MB] = T_ONCE };
	static const int wt[] = { [ORD_ONCE] = T_ONCE, [ORD_ACQUIRE] = T_ONCE,
				  [ORD_RELEASE] = T_RELEASE, [ORD_MB] = T_ONCE };
	*r = TAG(rt[ord]) | TAG(T_RMW);
	*w = TAG(wt[ord]) | TAG(T_RMW);
}
