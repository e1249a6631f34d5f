# acqrel/ppc64le-0.s: thread 0 of tests/litmus/bpf/MP+rel+acq.litmus as an upstream
# JIT with load-acquire / store-release (Linux 6.15 and later) emits it:
# load_acquire: the plain load then lwsync; store_release: lwsync then the plain store: upstream powerpc JIT, mappings/powerpc-025524378443.
# Hand-written, not a guest's dump: no kernel with these instructions boots
# here.  The prologue and the epilogue (the directives) are the bytes of
# thread 0 of MP+fence+fence in fixtures/ppc64le.console, the 6.12 JIT's real
# code; the initial values and the body (the instructions) follow the JIT's
# register map (the same dump) and the sequences above.  A line marked
# "acqrel: X" is the ordering: suite jit-check assembles this file with
# llvm-mc-19 (sound), then with that line's mnemonic made X, or the line
# left out for "-" (unsound: the ordering is what MP needs).
	.long 0xe84d0010                         # 0000: ld r2, 16(r13)
	.long 0x60000000                         # 0004: nop
	.long 0x60000000                         # 0008: nop
	.long 0xf821ff21                         # 000c: stdu r1, -224(r1)
	.long 0xfb6100b8                         # 0010: std r27, 184(r1)
	.long 0xfb8100c0                         # 0014: std r28, 192(r1)
	.long 0xfba100c8                         # 0018: std r29, 200(r1)
	.long 0xfbc100d0                         # 001c: std r30, 208(r1)
	.long 0xfbe100d8                         # 0020: std r31, 216(r1)
	.long 0x3be100a0                         # 0024: addi r31, r1, 160
	.long 0x3d200080                         # 0028: lis r9, 128
	.long 0xf93fff88                         # 002c: std r9, -120(r31)
	.long 0x83630000                         # 0030: lwz r27, 0(r3)
	.long 0x737b000f                         # 0034: andi. r27, r27, 15
	.long 0x1f7b0180                         # 0038: mulli r27, r27, 384
	.long 0x3f80c008                         # 003c: lis r28, -16376
	.long 0x7b9c07c6                         # 0040: sldi r28, r28, 32
	.long 0x679c0029                         # 0044: oris r28, r28, 41
	.long 0x639c1000                         # 0048: ori r28, r28, 4096
	.long 0x7f9cda14                         # 004c: add r28, r28, r27
	.long 0xfb9ffff8                         # 0050: std r28, -8(r31)
	.long 0x83a30004                         # 0054: lwz r29, 4(r3)
	.long 0x283d0000                         # 0058: cmpldi r29, 0
	.long 0x40820048                         # 005c: bf eq, 0xa4 <_binary_img_bin_start+0xa4>
	.long 0x60000000                         # 0060: nop
	.long 0x3ba00001                         # 0064: li r29, 1
	.long 0x39200140                         # 0068: li r9, 320
	.long 0x7d49e0a8                         # 006c: ldarx r10, r9, r28
	.long 0x7d4aea14                         # 0070: add r10, r10, r29
	.long 0x7d49e1ad                         # 0074: stdcx. r10, r9, r28
	.long 0x4082fff4                         # 0078: bf eq, 0x6c <_binary_img_bin_start+0x6c>
	.long 0xe99fff88                         # 007c: ld r12, -120(r31)
	.long 0x282c0000                         # 0080: cmpldi r12, 0
	.long 0x41820020                         # 0084: bt eq, 0xa4 <_binary_img_bin_start+0xa4>
	.long 0x60000000                         # 0088: nop
	.long 0x398cffff                         # 008c: addi r12, r12, -1
	.long 0xf99fff88                         # 0090: std r12, -120(r31)
	.long 0xebbc0140                         # 0094: ld r29, 320(r28)
	.long 0x283d0002                         # 0098: cmpldi r29, 2
	.long 0x4180ffe0                         # 009c: bt lt, 0x7c <_binary_img_bin_start+0x7c>
	.long 0x60000000                         # 00a0: nop
	.long 0x392005a1                         # 00a4: li r9, 1441
	.long 0xf93fff90                         # 00a8: std r9, -112(r31)
	li 8, 0
	ld 3, -8(31)
	ld 4, -8(31)
	addi 4, 4, 64
	li 5, 0
	li 6, 0
	li 7, 0
	li 27, 1
	li 28, 0
	li 29, 0
	li 30, 0
	.long 0x392005a2                         # 00dc: li r9, 1442
	.long 0xf93fff90                         # 00e0: std r9, -112(r31)
	li 9, 1
	stw 9, 0(3)
	lwsync  # acqrel: -
	stw 27, 0(4)
	.long 0x392005a3                         # 0118: li r9, 1443
	.long 0xf93fff90                         # 011c: std r9, -112(r31)
	.long 0xf91fffe8                         # 0120: std r8, -24(r31)
	.long 0xf87fffe0                         # 0124: std r3, -32(r31)
	.long 0xf89fffd8                         # 0128: std r4, -40(r31)
	.long 0xf8bfffd0                         # 012c: std r5, -48(r31)
	.long 0xf8dfffc8                         # 0130: std r6, -56(r31)
	.long 0xf8ffffc0                         # 0134: std r7, -64(r31)
	.long 0xfb7fffb8                         # 0138: std r27, -72(r31)
	.long 0xfb9fffb0                         # 013c: std r28, -80(r31)
	.long 0xfbbfffa8                         # 0140: std r29, -88(r31)
	.long 0xfbdfffa0                         # 0144: std r30, -96(r31)
	.long 0xe87ffff8                         # 0148: ld r3, -8(r31)
	.long 0x39000000                         # 014c: li r8, 0
	.long 0xeb6100b8                         # 0150: ld r27, 184(r1)
	.long 0xeb8100c0                         # 0154: ld r28, 192(r1)
	.long 0xeba100c8                         # 0158: ld r29, 200(r1)
	.long 0xebc100d0                         # 015c: ld r30, 208(r1)
	.long 0xebe100d8                         # 0160: ld r31, 216(r1)
	.long 0x382100e0                         # 0164: addi r1, r1, 224
	.long 0x7d034378                         # 0168: mr r3, r8
	.long 0x4e800020                         # 016c: blr
