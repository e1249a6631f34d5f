// acqrel/arm64-1.s: thread 1 of tests/litmus/bpf/MP+rel+acq.litmus (the load_acquire),
// written as arm64-0.s says (its head comment), around the same prologue.
	.include "arm64-prologue.s"
	mov x7, #0
	ldr x0, [sp, #0x78]
	ldr x1, [sp, #0x78]
	add x1, x1, #0x40
	mov x2, #0
	mov x3, #0
	mov x4, #0
	mov x19, #0
	mov x20, #0
	mov x21, #0
	mov x22, #0
	.inst 0xd280b44a                         // 00d0: mov x10, #0x5a2             // =1442
	.inst 0xf9000bea                         // 00d4: str x10, [sp, #0x10]
	ldar w3, [x1]  // acqrel: ldr
	ldr w4, [x0]
	.inst 0xd280b46a                         // 00e4: mov x10, #0x5a3             // =1443
	.inst 0xf9000bea                         // 00e8: str x10, [sp, #0x10]
	.inst 0xf90037e7                         // 00ec: str x7, [sp, #0x68]
	.inst 0xf90033e0                         // 00f0: str x0, [sp, #0x60]
	.inst 0xf9002fe1                         // 00f4: str x1, [sp, #0x58]
	.inst 0xf9002be2                         // 00f8: str x2, [sp, #0x50]
	.inst 0xf90027e3                         // 00fc: str x3, [sp, #0x48]
	.inst 0xf90023e4                         // 0100: str x4, [sp, #0x40]
	.inst 0xf9001ff3                         // 0104: str x19, [sp, #0x38]
	.inst 0xf9001bf4                         // 0108: str x20, [sp, #0x30]
	.inst 0xf90017f5                         // 010c: str x21, [sp, #0x28]
	.inst 0xf90013f6                         // 0110: str x22, [sp, #0x20]
	.inst 0xf9403fe0                         // 0114: ldr x0, [sp, #0x78]
	.inst 0xf94027e1                         // 0118: ldr x1, [sp, #0x48]
	.inst 0xf9008001                         // 011c: str x1, [x0, #0x100]
	.inst 0xf94023e1                         // 0120: ldr x1, [sp, #0x40]
	.inst 0xf9008401                         // 0124: str x1, [x0, #0x108]
	.inst 0xd2800007                         // 0128: mov x7, #0x0                // =0
	.inst 0x910203ff                         // 012c: add sp, sp, #0x80
	.inst 0xa8c17ff9                         // 0130: ldp x25, xzr, [sp], #0x10
	.inst 0xa8c15bf5                         // 0134: ldp x21, x22, [sp], #0x10
	.inst 0xa8c153f3                         // 0138: ldp x19, x20, [sp], #0x10
	.inst 0xa8c16bff                         // 013c: ldp xzr, x26, [sp], #0x10
	.inst 0xa8c17bfd                         // 0140: ldp x29, x30, [sp], #0x10
	.inst 0x910000e0                         // 0144: add x0, x7, #0x0
	.inst 0xd65f03c0                         // 0148: ret
	.inst 0xd503201f                         // 014c: nop
	.inst 0x5800004a                         // 0150: ldr x10, 0x158 <_binary_img_bin_end>
	.inst 0xd61f0140                         // 0154: br x10
