# acqrel/x86_64-1.s: thread 1 of tests/litmus/bpf/MP+rel+acq.litmus as an upstream
# JIT with load-acquire / store-release (Linux 6.15 and later) emits it:
# load_acquire / store_release: the plain mov (TSO needs no fence): upstream x86-64 JIT, mappings/x86-64-0263d98d92b0.
# Hand-written, not a guest's dump: no kernel with these instructions boots
# here.  The prologue and the epilogue (the directives) are the bytes of
# thread 1 of MP+fence+fence in fixtures/x86_64.console, the 6.12 JIT's real
# code; the initial values and the body (the instructions) follow the JIT's
# register map (the same dump) and the sequences above.  A line marked
# "acqrel: X" is the ordering: suite jit-check assembles this file with
# llvm-mc-19 (sound), then with that line's mnemonic made X, or the line
# left out for "-" (unsound: the ordering is what MP needs).
	.include "x86_64-prologue.s"
	xorl %eax, %eax
	movq -8(%rbp), %rdi
	movq -8(%rbp), %rsi
	addq $0x40, %rsi
	xorl %edx, %edx
	xorl %ecx, %ecx
	xorl %r8d, %r8d
	xorl %ebx, %ebx
	xorl %r13d, %r13d
	xorl %r14d, %r14d
	xorl %r15d, %r15d
	.byte 0x48, 0xc7, 0x45, 0x90, 0xa2, 0x05, 0x00, 0x00 # 00a9: movq $0x5a2, -0x70(%rbp)     # imm = 0x5A2
	movl (%rsi), %ecx
	movl (%rdi), %r8d
	.byte 0x48, 0xc7, 0x45, 0x90, 0xa3, 0x05, 0x00, 0x00 # 00be: movq $0x5a3, -0x70(%rbp)     # imm = 0x5A3
	.byte 0x48, 0x89, 0x45, 0xe8             # 00c6: movq %rax, -0x18(%rbp)
	.byte 0x48, 0x89, 0x7d, 0xe0             # 00ca: movq %rdi, -0x20(%rbp)
	.byte 0x48, 0x89, 0x75, 0xd8             # 00ce: movq %rsi, -0x28(%rbp)
	.byte 0x48, 0x89, 0x55, 0xd0             # 00d2: movq %rdx, -0x30(%rbp)
	.byte 0x48, 0x89, 0x4d, 0xc8             # 00d6: movq %rcx, -0x38(%rbp)
	.byte 0x4c, 0x89, 0x45, 0xc0             # 00da: movq %r8, -0x40(%rbp)
	.byte 0x48, 0x89, 0x5d, 0xb8             # 00de: movq %rbx, -0x48(%rbp)
	.byte 0x4c, 0x89, 0x6d, 0xb0             # 00e2: movq %r13, -0x50(%rbp)
	.byte 0x4c, 0x89, 0x75, 0xa8             # 00e6: movq %r14, -0x58(%rbp)
	.byte 0x4c, 0x89, 0x7d, 0xa0             # 00ea: movq %r15, -0x60(%rbp)
	.byte 0x48, 0x8b, 0x7d, 0xf8             # 00ee: movq -0x8(%rbp), %rdi
	.byte 0x48, 0x8b, 0x75, 0xc8             # 00f2: movq -0x38(%rbp), %rsi
	.byte 0x48, 0x89, 0xb7, 0x00, 0x01, 0x00, 0x00 # 00f6: movq %rsi, 0x100(%rdi)
	.byte 0x48, 0x8b, 0x75, 0xc0             # 00fd: movq -0x40(%rbp), %rsi
	.byte 0x48, 0x89, 0xb7, 0x08, 0x01, 0x00, 0x00 # 0101: movq %rsi, 0x108(%rdi)
	.byte 0x31, 0xc0                         # 0108: xorl %eax, %eax
	.byte 0x41, 0x5f                         # 010a: popq %r15
	.byte 0x41, 0x5e                         # 010c: popq %r14
	.byte 0x41, 0x5d                         # 010e: popq %r13
	.byte 0x5b                               # 0110: popq %rbx
	.byte 0xc9                               # 0111: leave
	.byte 0xc3                               # 0112: retq
