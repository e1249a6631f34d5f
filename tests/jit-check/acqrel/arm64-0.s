// acqrel/arm64-0.s: thread 0 of tests/litmus/bpf/MP+rel+acq.litmus as an upstream
// JIT with load-acquire / store-release (Linux 6.15 and later) emits it:
// load_acquire: ldar (ldarb / ldarh / ldar w for 8 / 16 / 32 bits), store_release: stlr, each with no offset field (an offset is added into x10 first): upstream arm64 JIT, mappings/arm64-eb2269ec76f2.
// Hand-written, not a guest's dump: no kernel with these instructions boots
// here.  The prologue and the epilogue (the directives) are the bytes of
// thread 0 of MP+fence+fence in fixtures/arm64.console, the 6.12 JIT's real
// code; the initial values and the body (the instructions) follow the JIT's
// register map (the same dump) and the sequences above.  A line marked
// "acqrel: X" is the ordering: suite jit-check assembles this file with
// llvm-mc-19 (sound), then with that line's mnemonic made X, or the line
// left out for "-" (unsound: the ordering is what MP needs).
	.include "arm64-prologue.s"
	mov x7, #0
	ldr x0, [sp, #0x78]
	ldr x1, [sp, #0x78]
	add x1, x1, #0x40
	mov x2, #0
	mov x3, #0
	mov x4, #0
	mov x19, #1
	mov x20, #0
	mov x21, #0
	mov x22, #0
	.inst 0xd280b44a                         // 00d0: mov x10, #0x5a2             // =1442
	.inst 0xf9000bea                         // 00d4: str x10, [sp, #0x10]
	mov x10, #1
	str w10, [x0]
	stlr w19, [x1]  // acqrel: str
	.inst 0xd280b46a                         // 00ec: mov x10, #0x5a3             // =1443
	.inst 0xf9000bea                         // 00f0: str x10, [sp, #0x10]
	.inst 0xf90037e7                         // 00f4: str x7, [sp, #0x68]
	.inst 0xf90033e0                         // 00f8: str x0, [sp, #0x60]
	.inst 0xf9002fe1                         // 00fc: str x1, [sp, #0x58]
	.inst 0xf9002be2                         // 0100: str x2, [sp, #0x50]
	.inst 0xf90027e3                         // 0104: str x3, [sp, #0x48]
	.inst 0xf90023e4                         // 0108: str x4, [sp, #0x40]
	.inst 0xf9001ff3                         // 010c: str x19, [sp, #0x38]
	.inst 0xf9001bf4                         // 0110: str x20, [sp, #0x30]
	.inst 0xf90017f5                         // 0114: str x21, [sp, #0x28]
	.inst 0xf90013f6                         // 0118: str x22, [sp, #0x20]
	.inst 0xf9403fe0                         // 011c: ldr x0, [sp, #0x78]
	.inst 0xd2800007                         // 0120: mov x7, #0x0                // =0
	.inst 0x910203ff                         // 0124: add sp, sp, #0x80
	.inst 0xa8c17ff9                         // 0128: ldp x25, xzr, [sp], #0x10
	.inst 0xa8c15bf5                         // 012c: ldp x21, x22, [sp], #0x10
	.inst 0xa8c153f3                         // 0130: ldp x19, x20, [sp], #0x10
	.inst 0xa8c16bff                         // 0134: ldp xzr, x26, [sp], #0x10
	.inst 0xa8c17bfd                         // 0138: ldp x29, x30, [sp], #0x10
	.inst 0x910000e0                         // 013c: add x0, x7, #0x0
	.inst 0xd65f03c0                         // 0140: ret
	.inst 0xd503201f                         // 0144: nop
	.inst 0x5800004a                         // 0148: ldr x10, 0x150 <_binary_img_bin_end>
	.inst 0xd61f0140                         // 014c: br x10
