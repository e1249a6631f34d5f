# acqrel/loongarch64-0.s: thread 0 of tests/litmus/bpf/MP+rel+acq.litmus as an upstream
# JIT with load-acquire / store-release emits it:
# load_acquire: the plain zero-extending load (ld.bu / ld.hu / ld.wu / ld.d) then
# dbar 0x14 (0b10100: earlier reads before later reads and writes);
# store_release: dbar 0x12 (0b10010: earlier reads and writes before later
# writes) then the plain store: the upstream loongarch64 JIT (teknoraver/linux
# 967566ad325b, mainline's ee823fe7c12f "LoongArch: BPF: Support load-acquire
# and store-release instructions").
# Hand-written, and unlike the other ARCH-T.s not around a guest's bytes: no
# LoongArch guest boots here.  Every line is an instruction assembled by
# llvm-mc-19: the prologue (loongarch64-prologue.s) and the epilogue as
# linux-6.12 arch/loongarch/net/bpf_jit.c emits them (build_prologue,
# __build_epilogue, build_insn: BPF_LDX | BPF_DW is move_imm into $t1 then
# ldx.d, BPF_ST / BPF_STX | BPF_DW with a 12-bit offset st.d, BPF_MOV of
# 0 `or RD, $zero, $zero` = move), the initial values and the body from
# its regmap (r0 a5, r1..r5 a0..a4, r6..r9 s0..s3, r10 s4) and the
# sequences above.  The epilogue's result slots (256, 264) are those of
# MP+fence+fence in fixtures/riscv64.console.  A line marked "acqrel: ALT |
# ALT" is the ordering: suite jit-check assembles this file with llvm-mc-19
# (sound), then with that line broken by each ALT in turn, "-" leaving it
# out, "dbar 0x16" weakening its hint to earlier reads before later writes
# only (0b10110), which orders neither the W->W nor the R->R pair MP
# needs (unsound either way).
	.include "loongarch64-prologue.s"
	move $a5, $zero
	addi.w $t1, $zero, -8
	ldx.d $a0, $s4, $t1
	addi.w $t1, $zero, -8
	ldx.d $a1, $s4, $t1
	addi.d $a1, $a1, 64
	move $a2, $zero
	move $a3, $zero
	move $a4, $zero
	addi.w $s0, $zero, 1
	move $s1, $zero
	move $s2, $zero
	move $s3, $zero
	addi.w $t1, $zero, 1442
	st.d $t1, $s4, -112
	addi.w $t1, $zero, 1
	st.w $t1, $a0, 0
	dbar 0x12  # acqrel: - | dbar 0x16
	st.w $s0, $a1, 0
	.include "loongarch64-spill.s"
	.include "loongarch64-return.s"
