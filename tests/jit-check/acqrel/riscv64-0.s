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
	.byte 0x13, 0x00, 0x00, 0x00             # 0000: nop
	.byte 0x13, 0x00, 0x00, 0x00             # 0004: nop
	.byte 0x13, 0x08, 0x10, 0x02             # 0008: li a6, 0x21
	.byte 0x71, 0x71                         # 000c: addi sp, sp, -0xb0
	.byte 0x22, 0xf5                         # 000e: sd s0, 0xa8(sp)
	.byte 0x26, 0xf1                         # 0010: sd s1, 0xa0(sp)
	.byte 0x4a, 0xed                         # 0012: sd s2, 0x98(sp)
	.byte 0x4e, 0xe9                         # 0014: sd s3, 0x90(sp)
	.byte 0x52, 0xe5                         # 0016: sd s4, 0x88(sp)
	.byte 0x56, 0xe1                         # 0018: sd s5, 0x80(sp)
	.byte 0x00, 0x19                         # 001a: addi s0, sp, 0xb0
	.byte 0x93, 0x0a, 0x01, 0x08             # 001c: addi s5, sp, 0x80
	.byte 0x37, 0x03, 0x80, 0x00             # 0020: lui t1, 0x800
	.byte 0x01, 0x23                         # 0024: sext.w t1, t1
	.byte 0x23, 0xb4, 0x6a, 0xf8             # 0026: sd t1, -0x78(s5)
	.byte 0x83, 0x64, 0x05, 0x00             # 002a: lwu s1, 0x0(a0)
	.byte 0xbd, 0x88                         # 002e: andi s1, s1, 0xf
	.byte 0x13, 0x03, 0x00, 0x18             # 0030: li t1, 0x180
	.byte 0xb3, 0x84, 0x64, 0x02             # 0034: mul s1, s1, t1
	.byte 0x65, 0x59                         # 0038: li s2, -0x7
	.byte 0x12, 0x19                         # 003a: slli s2, s2, 0x24
	.byte 0x13, 0x09, 0x39, 0x03             # 003c: addi s2, s2, 0x33
	.byte 0x46, 0x09                         # 0040: slli s2, s2, 0x11
	.byte 0x26, 0x99                         # 0042: add s2, s2, s1
	.byte 0x23, 0xbc, 0x2a, 0xff             # 0044: sd s2, -0x8(s5)
	.byte 0x83, 0x69, 0x45, 0x00             # 0048: lwu s3, 0x4(a0)
	.byte 0x63, 0x93, 0x09, 0x02             # 004c: bnez s3, 0x72 <_binary_img_bin_start+0x72>
	.byte 0x85, 0x49                         # 0050: li s3, 0x1
	.byte 0x13, 0x03, 0x09, 0x14             # 0052: addi t1, s2, 0x140
	.byte 0x2f, 0x30, 0x33, 0x01             # 0056: amoadd.d zero, s3, (t1)
	.byte 0x83, 0xb2, 0x8a, 0xf8             # 005a: ld t0, -0x78(s5)
	.byte 0x63, 0x8a, 0x02, 0x00             # 005e: beqz t0, 0x72 <_binary_img_bin_start+0x72>
	.byte 0xfd, 0x12                         # 0062: addi t0, t0, -0x1
	.byte 0x23, 0xb4, 0x5a, 0xf8             # 0064: sd t0, -0x78(s5)
	.byte 0x83, 0x39, 0x09, 0x14             # 0068: ld s3, 0x140(s2)
	.byte 0x09, 0x43                         # 006c: li t1, 0x2
	.byte 0xe3, 0xe6, 0x69, 0xfe             # 006e: bltu s3, t1, 0x5a <_binary_img_bin_start+0x5a>
	.byte 0x13, 0x03, 0x10, 0x5a             # 0072: li t1, 0x5a1
	.byte 0x23, 0xb8, 0x6a, 0xf8             # 0076: sd t1, -0x70(s5)
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
