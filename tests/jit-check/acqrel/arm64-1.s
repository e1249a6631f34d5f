// acqrel/arm64-1.s: thread 1 of tests/litmus/bpf/MP+rel+acq.litmus as an upstream
// JIT with load-acquire / store-release (Linux 6.15 and later) emits it:
// load_acquire: ldar (ldarb / ldarh / ldar w for 8 / 16 / 32 bits), store_release: stlr, each with no offset field (an offset is added into x10 first): upstream arm64 JIT, mappings/arm64-eb2269ec76f2.
// Hand-written, not a guest's dump: no kernel with these instructions boots
// here.  The prologue and the epilogue (the directives) are the bytes of
// thread 1 of MP+fence+fence in fixtures/arm64.console, the 6.12 JIT's real
// code; the initial values and the body (the instructions) follow the JIT's
// register map (the same dump) and the sequences above.  A line marked
// "acqrel: X" is the ordering: suite jit-check assembles this file with
// llvm-mc-19 (sound), then with that line's mnemonic made X, or the line
// left out for "-" (unsound: the ordering is what MP needs).
	.inst 0x910003c9                         // 0000: add x9, x30, #0x0
	.inst 0xd503201f                         // 0004: nop
	.inst 0xa9bf7bfd                         // 0008: stp x29, x30, [sp, #-0x10]!
	.inst 0x910003fd                         // 000c: mov x29, sp
	.inst 0xa9bf6bff                         // 0010: stp xzr, x26, [sp, #-0x10]!
	.inst 0x910003fa                         // 0014: mov x26, sp
	.inst 0xa9bf53f3                         // 0018: stp x19, x20, [sp, #-0x10]!
	.inst 0xa9bf5bf5                         // 001c: stp x21, x22, [sp, #-0x10]!
	.inst 0xa9bf7ff9                         // 0020: stp x25, xzr, [sp, #-0x10]!
	.inst 0x910003f9                         // 0024: mov x25, sp
	.inst 0xd10203ff                         // 0028: sub sp, sp, #0x80
	.inst 0xd280000a                         // 002c: mov x10, #0x0               // =0
	.inst 0xf2a0100a                         // 0030: movk x10, #0x80, lsl #16
	.inst 0xf90007ea                         // 0034: str x10, [sp, #0x8]
	.inst 0xb9400013                         // 0038: ldr w19, [x0]
	.inst 0x92400e73                         // 003c: and x19, x19, #0xf
	.inst 0xd280300a                         // 0040: mov x10, #0x180             // =384
	.inst 0x9b0a7e73                         // 0044: mul x19, x19, x10
	.inst 0x92cffff4                         // 0048: mov x20, #-0x7fff00000001   // =-140733193388033
	.inst 0xf2b00e94                         // 004c: movk x20, #0x8074, lsl #16
	.inst 0xf29c0014                         // 0050: movk x20, #0xe000
	.inst 0x8b130294                         // 0054: add x20, x20, x19
	.inst 0xf9003ff4                         // 0058: str x20, [sp, #0x78]
	.inst 0xb9400415                         // 005c: ldr w21, [x0, #0x4]
	.inst 0xf10002bf                         // 0060: cmp x21, #0x0
	.inst 0x540001a1                         // 0064: b.ne 0x98 <_binary_img_bin_start+0x98>
	.inst 0xd2800035                         // 0068: mov x21, #0x1               // =1
	.inst 0xd280280a                         // 006c: mov x10, #0x140             // =320
	.inst 0x8b14014a                         // 0070: add x10, x10, x20
	.inst 0xf835015f                         // 0074: stadd x21, [x10]
	.inst 0xf94007e9                         // 0078: ldr x9, [sp, #0x8]
	.inst 0xf100013f                         // 007c: cmp x9, #0x0
	.inst 0x540000c0                         // 0080: b.eq 0x98 <_binary_img_bin_start+0x98>
	.inst 0xd1000529                         // 0084: sub x9, x9, #0x1
	.inst 0xf90007e9                         // 0088: str x9, [sp, #0x8]
	.inst 0xf940a295                         // 008c: ldr x21, [x20, #0x140]
	.inst 0xf1000abf                         // 0090: cmp x21, #0x2
	.inst 0x54ffff23                         // 0094: b.lo 0x78 <_binary_img_bin_start+0x78>
	.inst 0xd280b42a                         // 0098: mov x10, #0x5a1             // =1441
	.inst 0xf9000bea                         // 009c: str x10, [sp, #0x10]
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
