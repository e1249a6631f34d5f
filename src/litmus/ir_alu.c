/* ir_alu.c - what an IR ALU operation computes on values (see litmus.h). */
#include "litmus/litmus.h"

/* The bytes of x reversed within each container of `bits` bits. */
static uint64_t rev_bytes(uint64_t x, int bits)
{
	uint64_t r = 0;
	for (int c = 0; c < 64; c += bits)
		for (int i = 0; i < bits / 8; i++)
			r |= ((x >> (c + 8 * i)) & 0xff) << (c + bits - 8 - 8 * i);
	return r;
}

/* The low `bits` bits of x in reverse order. */
static uint64_t rev_bits(uint64_t x, int bits)
{
	uint64_t r = 0;
	for (int i = 0; i < bits; i++)
		r |= ((x >> i) & 1) << (bits - 1 - i);
	return r;
}

bool ir_alu(alu_op op, value a, value b, value *out)
{
	if (op == ALU_MOVB) {
		*out = b;
		return true;
	}
	if (op == ALU_EQ || op == ALU_NE) {
		*out = value_int(value_eq(a, b) == (op == ALU_EQ));
		return true;
	}
	if (op == ALU_ADD && (a.sym < 0 || b.sym < 0) && !(a.sym >= 0 && b.sym >= 0)) {
		*out = (value){ a.sym >= 0 ? a.sym : b.sym, (int64_t)((uint64_t)a.off + (uint64_t)b.off) };
		return true;
	}
	if (op == ALU_SUB && b.sym < 0) {
		*out = (value){ a.sym, (int64_t)((uint64_t)a.off - (uint64_t)b.off) };
		return true;
	}
	if (op == ALU_SUB && a.sym == b.sym) {
		*out = value_int((int64_t)((uint64_t)a.off - (uint64_t)b.off));
		return true;
	}
	if (op == ALU_XOR && a.sym >= 0 && a.sym == b.sym) {   /* x ^ x == 0 */
		*out = value_int(a.off ^ b.off);
		return true;
	}
	/* zero-extending a 32-bit value (RISC-V lwu, an AArch64 W register)
	 * keeps an address: addresses are below 2^32, as a BPF u32 load
	 * keeps them */
	if (op == ALU_AND && a.sym >= 0 && a.off == 0 && b.sym < 0 && b.off == 0xffffffff) {
		*out = a;
		return true;
	}
	if (a.sym >= 0 || (op != ALU_NEG && b.sym >= 0))
		return false;
	uint64_t x = (uint64_t)a.off, y = (uint64_t)b.off, r;
	switch (op) {
	case ALU_ADD: r = x + y; break;
	case ALU_SUB: r = x - y; break;
	case ALU_MUL: r = x * y; break;
	case ALU_DIV: r = y ? x / y : 0; break;      /* BPF: x / 0 == 0 */
	case ALU_MOD: r = y ? x % y : x; break;      /* BPF: x % 0 == x */
	case ALU_AND: r = x & y; break;
	case ALU_OR:  r = x | y; break;
	case ALU_XOR: r = x ^ y; break;
	case ALU_SHL: r = x << (y & 63); break;
	case ALU_SHR: r = x >> (y & 63); break;
	case ALU_ASHR: r = (uint64_t)((int64_t)x >> (y & 63)); break;
	case ALU_NEG: r = -x; break;
	case ALU_SDIV:   /* INT64_MIN / -1 wraps, as the unsigned negation */
		r = !y ? 0 : (int64_t)y == -1 ? -x : (uint64_t)((int64_t)x / (int64_t)y);
		break;
	case ALU_SMOD:
		r = !y ? x : (int64_t)y == -1 ? 0 : (uint64_t)((int64_t)x % (int64_t)y);
		break;
	case ALU_SMIN: r = (int64_t)x < (int64_t)y ? x : y; break;
	case ALU_SMAX: r = (int64_t)x > (int64_t)y ? x : y; break;
	case ALU_UMIN: r = x < y ? x : y; break;
	case ALU_UMAX: r = x > y ? x : y; break;
	case ALU_REVB:
		if (y != 16 && y != 32 && y != 64)
			return false;
		r = rev_bytes(x, (int)y);
		break;
	case ALU_RBIT:
		if (y != 32 && y != 64)
			return false;
		r = rev_bits(x, (int)y);
		break;
	case ALU_SLT: r = (int64_t)x < (int64_t)y; break;
	case ALU_SLTU: r = x < y; break;
	default: return false;
	}
	*out = value_int((int64_t)r);
	return true;
}
