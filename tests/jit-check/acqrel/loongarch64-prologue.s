# acqrel/loongarch64-prologue.s: the 6.12 loongarch64 JIT's prologue of a `bpfmm run`
# program, to its first marker (0x5a1) included, included by loongarch64-0.s and
# loongarch64-1.s.  No LoongArch guest boots here, so unlike the other
# ARCH-prologue.s these are no guest's bytes: they are instructions written
# from linux-6.12 arch/loongarch/net/bpf_jit.c (build_prologue, build_insn,
# emit_atomic) and bpf_jit.h (move_imm, move_reg, emit_cond_jmp), assembled
# by llvm-mc-19, for the program src/jit/run_job.c writes after the 6.12
# verifier's rewrites (may_goto: a counter at r10 - 120, stack depth 120).
# The program's constants (16 instances, stride 384, the barrier's line
# at 320, two threads) are those of MP+fence+fence in
# fixtures/riscv64.console; the map value's address is made up.
# Branch offsets are in bytes from the branch (llvm-mc's syntax).
	addi.d $a6, $zero, 33            # 0000: REG_TCC = MAX_TAIL_CALL_CNT
	addi.d $sp, $sp, -192            # 0004: 64 (ra, fp, s0..s5) + round_up(120, 16)
	st.d $ra, $sp, 184               # 0008
	st.d $fp, $sp, 176               # 000c
	st.d $s0, $sp, 168               # 0010
	st.d $s1, $sp, 160               # 0014
	st.d $s2, $sp, 152               # 0018
	st.d $s3, $sp, 144               # 001c
	st.d $s4, $sp, 136               # 0020
	st.d $s5, $sp, 128               # 0024
	addi.d $fp, $sp, 192             # 0028
	addi.d $s4, $sp, 128             # 002c: BPF r10
	nop                              # 0030: no tail call
	lu12i.w $t1, 2048                # 0034: *(u64 *)(r10 - 120) = 0x800000 (may_goto's count)
	st.d $t1, $s4, -120              # 0038
	ld.wu $s0, $a0, 0                # 003c: r6 = *(u32 *)(r1 + 0)
	andi $s0, $s0, 15                # 0040: r6 &= 15
	addi.w $t1, $zero, 384           # 0044: r6 *= 384
	mul.d $s0, $s0, $t1              # 0048
	lu12i.w $s1, 11370               # 004c: r7 = map value (0xffff800002c6a0f8)
	ori $s1, $s1, 248                # 0050
	lu32i.d $s1, -32768              # 0054
	lu52i.d $s1, $s1, -1             # 0058
	add.d $s1, $s1, $s0              # 005c: r7 += r6
	st.d $s1, $s4, -8                # 0060: *(u64 *)(r10 - 8) = r7
	ld.wu $s2, $a0, 4                # 0064: r8 = *(u32 *)(r1 + 4)
	move $t2, $s2                    # 0068: if r8 != 0 goto the marker
	beq $t2, $zero, 8                # 006c
	b 76                             # 0070: -> 00bc
	addi.w $s2, $zero, 1             # 0074: r8 = 1
	addi.w $t1, $zero, 320           # 0078: lock *(u64 *)(r7 + 320) += r8
	add.d $t1, $s1, $t1              # 007c
	move $t3, $s2                    # 0080
	amadd.d $t2, $s2, $t1            # 0084
	addi.w $t1, $zero, -120          # 0088: may_goto: AX = *(u64 *)(r10 - 120)
	ldx.d $t0, $s4, $t1              # 008c
	move $t2, $t0                    # 0090: if AX == 0 goto the marker
	bne $t2, $zero, 8                # 0094
	b 36                             # 0098: -> 00bc
	addi.d $t0, $t0, -1              # 009c: AX -= 1
	st.d $t0, $s4, -120              # 00a0: *(u64 *)(r10 - 120) = AX
	addi.w $t1, $zero, 320           # 00a4: r8 = *(u64 *)(r7 + 320)
	ldx.d $s2, $s1, $t1              # 00a8
	addi.w $t1, $zero, 2             # 00ac: if r8 < 2 goto the may_goto
	move $t2, $s2                    # 00b0
	bgeu $t2, $t1, 8                 # 00b4
	b -48                            # 00b8: -> 0088
	addi.w $t1, $zero, 1441          # 00bc: *(u64 *)(r10 - 112) = 0x5a1
	st.d $t1, $s4, -112              # 00c0
