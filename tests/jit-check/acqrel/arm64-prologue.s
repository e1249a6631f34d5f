// acqrel/arm64-prologue.s: the 6.12 arm64 JIT's prologue of a `bpfmm run` program, to
// its first marker (0x5a1) included: the bytes of MP+fence+fence in fixtures/arm64.console
// (the same for both threads), included by arm64-0.s and arm64-1.s.
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
