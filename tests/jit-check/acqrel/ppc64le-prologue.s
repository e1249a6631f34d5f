# acqrel/ppc64le-prologue.s: the 6.12 ppc64le JIT's prologue of a `bpfmm run` program, to
# its first marker (0x5a1) included: the bytes of MP+fence+fence in fixtures/ppc64le.console
# (the same for both threads), included by ppc64le-0.s and ppc64le-1.s.
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
