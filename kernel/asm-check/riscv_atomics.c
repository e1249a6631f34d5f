// SPDX-License-Identifier: GPL-2.0
/*
 * Fixture of kernel/asm-check.sh (not a kernel patch): one out-of-line
 * function per value-returning atomic and ordering, and per ordering of
 * the 1- and 2-byte xchg() (an LR/SC loop on the containing word), so
 * that the instructions the kernel's headers emit for each can be read
 * back from the object.  Built in the kernel tree as lib/bpfmm_asm_check.o
 * for ARCH=riscv (with BPFMM_ZALASR defined, as lib/bpfmm_asm_check_z.o);
 * never linked.
 */
#ifdef BPFMM_ZALASR
/*
 * The Zalasr path (kernel/asm-check.sh defines BPFMM_ZALASR): every
 * alternative of the Zalasr extension (vendor 0, RISCV_ISA_EXT_ZALASR)
 * assembled in place of its default content, as the kernel patches it at
 * boot on harts with Zalasr; every other alternative keeps its default.
 * Only for a tree that defines RISCV_ISA_EXT_ZALASR.
 */
#include <linux/stringify.h>
#include <asm/alternative-macros.h>
#include <asm/hwcap.h>
#undef __ALTERNATIVE_CFG
#define __ALTERNATIVE_CFG(old_c, new_c, vendor_id, patch_id, enable)	\
	".if (" __stringify(vendor_id) ") == 0 && (" __stringify(patch_id) \
	") == " __stringify(RISCV_ISA_EXT_ZALASR) "\n"			\
	new_c "\n.else\n" old_c "\n.endif\n"
#endif
#include <linux/atomic.h>
#include <linux/compiler.h>

#define ONE(w, ctype, name, call)					\
	static noinline __used ctype					\
	bpfmm_##w##_##name(atomic##w##_t *v, ctype i)			\
	{								\
		return call;						\
	}

#define ORDERS(w, ctype, op)						\
	ONE(w, ctype, op, raw_atomic##w##_##op(i, v))			\
	ONE(w, ctype, op##_relaxed, raw_atomic##w##_##op##_relaxed(i, v)) \
	ONE(w, ctype, op##_acquire, raw_atomic##w##_##op##_acquire(i, v)) \
	ONE(w, ctype, op##_release, raw_atomic##w##_##op##_release(i, v))

#define XCHG(w, ctype)							\
	ONE(w, ctype, xchg, raw_atomic##w##_xchg(v, i))			\
	ONE(w, ctype, xchg_relaxed, raw_atomic##w##_xchg_relaxed(v, i))	\
	ONE(w, ctype, xchg_acquire, raw_atomic##w##_xchg_acquire(v, i))	\
	ONE(w, ctype, xchg_release, raw_atomic##w##_xchg_release(v, i))

#define WIDTH(w, ctype)							\
	ORDERS(w, ctype, fetch_add)					\
	ORDERS(w, ctype, fetch_sub)					\
	ORDERS(w, ctype, fetch_and)					\
	ORDERS(w, ctype, fetch_or)					\
	ORDERS(w, ctype, fetch_xor)					\
	ORDERS(w, ctype, add_return)					\
	ORDERS(w, ctype, sub_return)					\
	XCHG(w, ctype)

WIDTH(, int)
WIDTH(64, s64)

#define SUBWORD(t, o)							\
	static noinline __used t					\
	bpfmm_##t##_xchg##o(t *p, t n)					\
	{								\
		return raw_xchg##o(p, n);				\
	}

#define SUBWORD_XCHG(t)							\
	SUBWORD(t, )							\
	SUBWORD(t, _relaxed)						\
	SUBWORD(t, _acquire)						\
	SUBWORD(t, _release)

SUBWORD_XCHG(u8)
SUBWORD_XCHG(u16)
