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
	dbar 0x14  # acqrel: -
	ld.wu $a4, $a0, 0
	addi.w $t1, $zero, 1443
	st.d $t1, $s4, -112
	st.d $a5, $s4, -24
	st.d $a0, $s4, -32
	st.d $a1, $s4, -40
	st.d $a2, $s4, -48
	st.d $a3, $s4, -56
	st.d $a4, $s4, -64
	st.d $s0, $s4, -72
	st.d $s1, $s4, -80
	st.d $s2, $s4, -88
	st.d $s3, $s4, -96
	addi.w $t1, $zero, -8
	ldx.d $a0, $s4, $t1
	addi.w $t1, $zero, -56
	ldx.d $a1, $s4, $t1
	st.d $a1, $a0, 256
	addi.w $t1, $zero, -64
	ldx.d $a1, $s4, $t1
	st.d $a1, $a0, 264
	move $a5, $zero
	ld.d $ra, $sp, 184
	ld.d $fp, $sp, 176
	ld.d $s0, $sp, 168
	ld.d $s1, $sp, 160
	ld.d $s2, $sp, 152
	ld.d $s3, $sp, 144
	ld.d $s4, $sp, 136
	ld.d $s5, $sp, 128
	addi.d $sp, $sp, 192
	addi.w $a0, $a5, 0
	ret
