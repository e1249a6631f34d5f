# acqrel/loongarch64-1.s: thread 1 of tests/litmus/bpf/MP+rel+acq.litmus (the load_acquire),
# written as loongarch64-0.s says (its head comment), around the same prologue.
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
	move $s0, $zero
	move $s1, $zero
	move $s2, $zero
	move $s3, $zero
	addi.w $t1, $zero, 1442
	st.d $t1, $s4, -112
	ld.wu $a3, $a1, 0
	dbar 0x14  # acqrel: - | dbar 0x16
	ld.wu $a4, $a0, 0
	.include "loongarch64-spill.s"
	addi.w $t1, $zero, -56
	ldx.d $a1, $s4, $t1
	st.d $a1, $a0, 256
	addi.w $t1, $zero, -64
	ldx.d $a1, $s4, $t1
	st.d $a1, $a0, 264
	.include "loongarch64-return.s"
