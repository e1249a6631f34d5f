# acqrel/loongarch64-return.s: r0 = 0, then the 6.12 JIT's epilogue
# (__build_epilogue: the callee-saved registers restored, the frame
# released, the 32-bit return value sign-extended, ret); included by
# loongarch64-0.s and -1.s.
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
