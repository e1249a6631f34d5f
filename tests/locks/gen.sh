#!/bin/sh
# tests/locks/gen.sh DIR - writes the RISC-V lock-handover tests of suite
# `locks` (docs/lkmm-riscv.md, "Unlock then lock"): one CPU releases lock
# l1 and then takes lock l2, with a plain access before the unlock and one
# after the lock; another CPU checks whether the two stay ordered.
#
# The unlock and lock sequences are the instructions Linux 6.12 emits for
# riscv64 without and with patch 1 (kernel/patches), as disassembled from
# the kernel-check build (kernel/lock-code.sh checks the patched ones in
# vmlinux):
#   spin_unlock   ticket lock (asm-generic/spinlock.h): smp_store_release
#                 of the owner half = fence rw,w ; sh
#   read_unlock   qrwlock: atomic_sub_return_release(_QR_BIAS)
#                 6.12: fence rw,w ; amoadd.w      patch 1: amoadd.w.rl
#   write_unlock  qrwlock: smp_store_release(&wlocked, 0) = fence rw,w ; sb
#   spin_lock     atomic_fetch_add(1 << 16) = amoadd.w.aqrl (fast path)
#   read_lock     atomic_add_return_acquire(_QR_BIAS)
#                 6.12: amoadd.w ; fence r,rw      patch 1: amoadd.w.aq
#   write_lock    atomic_try_cmpxchg_acquire(0, _QW_LOCKED) =
#                 lr.w ; bnez ; sc.w ; bnez ; fence r,rw (both kernels)
#   bit_unlock    clear_bit_unlock = amoand.d.rl zero (both kernels)
#   bit_lock      test_and_set_bit_lock = amoor.d.aq (both kernels)
#   cond_acquire  NOT a 6.12 lock: an acquire done as load, branch,
#                 fence r,r (smp_cond_load_acquire's code), the shape that
#                 would lose R->W ordering after a release AMO; it shows
#                 the tests can tell the two kernels apart
# Only P0 touches the lock words (l1 held, l2 free), so every lock is
# taken on its fast path and the width of a store to a lock word (sh, sb
# in the kernel, sw here) cannot change an outcome: the tests need no
# mixed-size accesses. A failed sc.w leaves the critical section (the
# kernel retries); the condition asks for the lock taken.
#
# Shapes, for "before" access A and "after" access B on P0:
#   LB  A = load x,  B = store y   (R->W, required: RCtso)
#   MP  A = load y,  B = load x    (R->R, required)
#   WW  A = store x, B = store y   (W->W, required)
#   SB  A = store x, B = load y    (W->R, not required by the LKMM)
set -eu
out=${1:?usage: gen.sh DIR}
mkdir -p "$out"

unlock() {   # unlock KIND KERNEL: one instruction a line, l1's address in x6
	case $1:$2 in
	spin_unlock:*)       printf '%s\n' "fence rw,w" "sw x21,0(x6)" ;;
	read_unlock:base)    printf '%s\n' "fence rw,w" "amoadd.w x22,x21,(x6)" ;;
	read_unlock:patched) printf '%s\n' "amoadd.w.rl x22,x21,(x6)" ;;
	write_unlock:*)      printf '%s\n' "fence rw,w" "sw x0,0(x6)" ;;
	bit_unlock:*)        printf '%s\n' "amoand.d.rl x0,x29,(x6)" ;;
	esac
}
lock() {     # lock KIND KERNEL: one instruction a line, l2's address in x7
	case $1:$2 in
	spin_lock:*)         printf '%s\n' "amoadd.w.aqrl x23,x24,(x7)" ;;
	read_lock:base)      printf '%s\n' "amoadd.w x23,x25,(x7)" "fence r,rw" ;;
	read_lock:patched)   printf '%s\n' "amoadd.w.aq x23,x25,(x7)" ;;
	write_lock:*)        printf '%s\n' "lr.w x26,0(x7)" "bne x26,x0,LC01" "sc.w x27,x28,0(x7)" \
				      "bne x27,x0,LC01" "fence r,rw" ;;
	bit_lock:*)          printf '%s\n' "amoor.d.aq x30,x31,(x7)" ;;
	cond_acquire:*)      printf '%s\n' "lw x26,0(x7)" "bne x26,x0,LC01" "fence r,r" ;;
	esac
}
# l1 held (ticket: next 1, owner 0; qrwlock: one reader, or a writer),
# the operands as the kernel computes them
init_regs="0:x5=x; 0:x6=l1; 0:x7=l2; 0:x8=y; 0:x21=-512; 0:x24=65536; 0:x25=512; 0:x28=255; 0:x29=-2; 0:x31=1;"

emit() {     # emit SHAPE UNLOCK LOCK KERNEL
	shape=$1 ul=$2 lk=$3 k=$4
	name="$shape+$ul+$lk+$k"
	case $shape in
	LB) a="lw x10,0(x5)"; b="ori x11,x0,1|sw x11,0(x8)"; what="load x ... store y"
	    p1="lw x10,0(x8)|fence rw,rw|ori x11,x0,1|sw x11,0(x5)"
	    cond="0:x10=1 /\\ 1:x10=1" ;;
	MP) a="lw x10,0(x8)"; b="lw x11,0(x5)"; what="load y ... load x"
	    p1="ori x11,x0,1|sw x11,0(x5)|fence w,w|sw x11,0(x8)"
	    cond="0:x10=1 /\\ 0:x11=0" ;;
	WW) a="ori x11,x0,1|sw x11,0(x5)"; b="sw x11,0(x8)"; what="store x ... store y"
	    p1="lw x10,0(x8)|fence r,r|lw x11,0(x5)"
	    cond="1:x10=1 /\\ 1:x11=0" ;;
	SB) a="ori x11,x0,1|sw x11,0(x5)"; b="lw x10,0(x8)"; what="store x ... load y"
	    p1="ori x11,x0,1|sw x11,0(x8)|fence rw,rw|lw x10,0(x5)"
	    cond="0:x10=0 /\\ 1:x10=0" ;;
	esac
	case $lk in
	write_lock) cond="$cond /\\ 0:x26=0 /\\ 0:x27=0" ;;
	cond_acquire) cond="$cond /\\ 0:x26=0" ;;
	bit_lock) cond="$cond /\\ 0:x30=0" ;;
	esac
	held=65536
	case $ul in read_unlock) held=512 ;; write_unlock) held=255 ;; bit_unlock) held=1 ;; esac
	case $k in base) which="without" ;; *) which="with" ;; esac
	p0=$(mktemp) q1=$(mktemp)
	{
		echo "$a" | tr '|' '\n'
		unlock "$ul" "$k"
		lock "$lk" "$k"
		echo "$b" | tr '|' '\n'
		case $lk in write_lock|cond_acquire) echo "LC01:" ;; esac
	} >"$p0"
	echo "$p1" | tr '|' '\n' >"$q1"
	{
		echo "RISCV $name"
		echo "\"P0: $what with $ul(l1) then $lk(l2) between; the code of Linux 6.12 riscv64 $which patch 1 (tests/locks/gen.sh)\""
		echo "{"
		echo "l1=$held; l2=0;"
		echo "$init_regs"
		echo "1:x5=x; 1:x8=y;"
		echo "}"
		paste -d'|' "$p0" "$q1" | awk -F'|' 'BEGIN { printf " %-27s | %-14s ;\n", "P0", "P1" }
			{ printf " %-27s | %-14s ;\n", $1, $2 }'
		echo "exists ($cond)"
	} >"$out/$name.litmus"
	rm -f "$p0" "$q1"
}

for k in base patched; do
	for ul in spin_unlock read_unlock write_unlock bit_unlock; do
		for lk in spin_lock read_lock write_lock bit_lock cond_acquire; do
			for shape in LB MP WW SB; do
				emit "$shape" "$ul" "$lk" "$k"
			done
		done
	done
done
