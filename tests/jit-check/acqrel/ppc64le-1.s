# acqrel/ppc64le-1.s: thread 1 of tests/litmus/bpf/MP+rel+acq.litmus (the load_acquire),
# written as ppc64le-0.s says (its head comment), around the same prologue.
	.include "ppc64le-prologue.s"
	li 8, 0
	ld 3, -8(31)
	ld 4, -8(31)
	addi 4, 4, 64
	li 5, 0
	li 6, 0
	li 7, 0
	li 27, 0
	li 28, 0
	li 29, 0
	li 30, 0
	.long 0x392005a2                         # 00dc: li r9, 1442
	.long 0xf93fff90                         # 00e0: std r9, -112(r31)
	lwz 6, 0(4)
	lwsync  # acqrel: -
	lwz 7, 0(3)
	.long 0x392005a3                         # 0110: li r9, 1443
	.long 0xf93fff90                         # 0114: std r9, -112(r31)
	.long 0xf91fffe8                         # 0118: std r8, -24(r31)
	.long 0xf87fffe0                         # 011c: std r3, -32(r31)
	.long 0xf89fffd8                         # 0120: std r4, -40(r31)
	.long 0xf8bfffd0                         # 0124: std r5, -48(r31)
	.long 0xf8dfffc8                         # 0128: std r6, -56(r31)
	.long 0xf8ffffc0                         # 012c: std r7, -64(r31)
	.long 0xfb7fffb8                         # 0130: std r27, -72(r31)
	.long 0xfb9fffb0                         # 0134: std r28, -80(r31)
	.long 0xfbbfffa8                         # 0138: std r29, -88(r31)
	.long 0xfbdfffa0                         # 013c: std r30, -96(r31)
	.long 0xe87ffff8                         # 0140: ld r3, -8(r31)
	.long 0xe89fffc8                         # 0144: ld r4, -56(r31)
	.long 0xf8830100                         # 0148: std r4, 256(r3)
	.long 0xe89fffc0                         # 014c: ld r4, -64(r31)
	.long 0xf8830108                         # 0150: std r4, 264(r3)
	.long 0x39000000                         # 0154: li r8, 0
	.long 0xeb6100b8                         # 0158: ld r27, 184(r1)
	.long 0xeb8100c0                         # 015c: ld r28, 192(r1)
	.long 0xeba100c8                         # 0160: ld r29, 200(r1)
	.long 0xebc100d0                         # 0164: ld r30, 208(r1)
	.long 0xebe100d8                         # 0168: ld r31, 216(r1)
	.long 0x382100e0                         # 016c: addi r1, r1, 224
	.long 0x7d034378                         # 0170: mr r3, r8
	.long 0x4e800020                         # 0174: blr
