# acqrel/loongarch64-spill.s: after the body's end marker (0x5a3), the
# BPF registers stored to their stack slots and the result area's address
# loaded into $a0, as the 6.12 JIT emits the runner's epilogue code
# (loongarch64-0.s's head comment); included by loongarch64-0.s and -1.s,
# which then store the registers they report.
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
