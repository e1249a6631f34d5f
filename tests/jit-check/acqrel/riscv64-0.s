# acqrel/riscv64-0.s: thread 0 of tests/litmus/bpf/MP+rel+acq.litmus as an upstream
# JIT with load-acquire / store-release (Linux 6.15 and later) emits it:
# load_acquire: the plain zero-extending load then fence r,rw; store_release: fence rw,w then the plain store: upstream riscv64 JIT, mappings/riscv64-b71a9c88fb4f.
# Hand-written, not a guest's dump: no kernel with these instructions boots
# here.  The prologue and the epilogue (the directives) are the bytes of
# thread 0 of MP+fence+fence in fixtures/riscv64.console, the 6.12 JIT's real
# code; the initial values and the body (the instructions) follow the JIT's
# register map (the same dump) and the sequences above.  A line marked
# "acqrel: X" is the ordering: suite jit-check assembles this file with
# llvm-mc-19 (sound), then with that line's mnemonic made X, or the line
# left out for "-" (unsound: the ordering is what MP needs).
	.include "riscv64-prologue.s"
	li a5, 0
	ld a0, -8(s5)
	ld a1, -8(s5)
	addi a1, a1, 64
	li a2, 0
	li a3, 0
	li a4, 0
	li s1, 1
	li s2, 0
	li s3, 0
	li s4, 0
	.byte 0x13, 0x03, 0x20, 0x5a             # 009c: li t1, 0x5a2
	.byte 0x23, 0xb8, 0x6a, 0xf8             # 00a0: sd t1, -0x70(s5)
	li t1, 1
	sw t1, 0(a0)
	fence rw, w  # acqrel: -
	sw s1, 0(a1)
	.byte 0x13, 0x03, 0x30, 0x5a             # 00b4: li t1, 0x5a3
	.byte 0x23, 0xb8, 0x6a, 0xf8             # 00b8: sd t1, -0x70(s5)
	.byte 0x23, 0xb4, 0xfa, 0xfe             # 00bc: sd a5, -0x18(s5)
	.byte 0x23, 0xb0, 0xaa, 0xfe             # 00c0: sd a0, -0x20(s5)
	.byte 0x23, 0xbc, 0xba, 0xfc             # 00c4: sd a1, -0x28(s5)
	.byte 0x23, 0xb8, 0xca, 0xfc             # 00c8: sd a2, -0x30(s5)
	.byte 0x23, 0xb4, 0xda, 0xfc             # 00cc: sd a3, -0x38(s5)
	.byte 0x23, 0xb0, 0xea, 0xfc             # 00d0: sd a4, -0x40(s5)
	.byte 0x23, 0xbc, 0x9a, 0xfa             # 00d4: sd s1, -0x48(s5)
	.byte 0x23, 0xb8, 0x2a, 0xfb             # 00d8: sd s2, -0x50(s5)
	.byte 0x23, 0xb4, 0x3a, 0xfb             # 00dc: sd s3, -0x58(s5)
	.byte 0x23, 0xb0, 0x4a, 0xfb             # 00e0: sd s4, -0x60(s5)
	.byte 0x03, 0xb5, 0x8a, 0xff             # 00e4: ld a0, -0x8(s5)
	.byte 0x81, 0x47                         # 00e8: li a5, 0x0
	.byte 0x2a, 0x74                         # 00ea: ld s0, 0xa8(sp)
	.byte 0x8a, 0x74                         # 00ec: ld s1, 0xa0(sp)
	.byte 0x6a, 0x69                         # 00ee: ld s2, 0x98(sp)
	.byte 0xca, 0x69                         # 00f0: ld s3, 0x90(sp)
	.byte 0x2a, 0x6a                         # 00f2: ld s4, 0x88(sp)
	.byte 0x8a, 0x6a                         # 00f4: ld s5, 0x80(sp)
	.byte 0x4d, 0x61                         # 00f6: addi sp, sp, 0xb0
	.byte 0x1b, 0x85, 0x07, 0x00             # 00f8: sext.w a0, a5
	.byte 0x82, 0x80                         # 00fc: ret
