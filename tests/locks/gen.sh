#!/bin/sh
# tests/locks/gen.sh DIR - writes the lock-handover tests of suite `locks`
# (docs/lkmm-riscv.md, "Unlock then lock") into DIR/riscv and DIR/c:
#  - one CPU releases lock l1 and then takes lock l2, with a plain access
#    before the unlock and one after the lock; another CPU checks whether
#    the two stay ordered (RISC-V, names SHAPE+UNLOCK+LOCK+KERNEL);
#  - CPU0 releases lock l and CPU1 takes the same l, its lock reading
#    CPU0's release (names H-SHAPE+UNLOCK+LOCK+KERNEL, below), with the C
#    tests that say what the LKMM requires of the same shapes (DIR/c).
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
mkdir -p "$out/riscv" "$out/c"

unlock() {   # unlock KIND KERNEL: one instruction a line, l1's address in x6
	case $1:$2 in
	spin_unlock:*)       printf '%s\n' "fence rw,w" "sw x21,0(x6)" ;;
	read_unlock:base)    printf '%s\n' "fence rw,w" "amoadd.w x22,x21,(x6)" ;;
	read_unlock:patched) printf '%s\n' "amoadd.w.rl x22,x21,(x6)" ;;
	write_unlock:*)      printf '%s\n' "fence rw,w" "sw x0,0(x6)" ;;
	bit_unlock:*)        printf '%s\n' "amoand.d.rl x0,x29,(x6)" ;;
	up_read:base|up_write:base) printf '%s\n' "fence rw,w" "amoadd.d x22,x21,(x6)" ;;
	up_read:patched|up_write:patched) printf '%s\n' "amoadd.d.rl x22,x21,(x6)" ;;
	qspin_unlock:*)      printf '%s\n' "fence rw,w" "sw x0,0(x6)" ;;
	rwsem_wake:*)        printf '%s\n' "fence rw,w" "sd x0,0(x6)" ;;
	osq_unlock:*)        printf '%s\n' "amoswap.d.aqrl x22,x0,(x12)" "sw x20,0(x6)" ;;
	rwbase_read_unlock:*) printf '%s\n' "amoadd.w.aqrl x22,x21,(x6)" ;;
	mutex_unlock:*)      printf '%s\n' "fence rw,w" "lr.d x22,0(x6)" "bne x22,x19,LC00" \
				      "sc.d x18,x0,0(x6)" "bne x18,x0,LC00" ;;
	mutex_unlock_zacas:*) printf '%s\n' "fence rw,w" "amoswap.d x22,x0,(x6)" ;;
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
	qspin_lock:*)        printf '%s\n' "lr.w x26,0(x7)" "bne x26,x0,LC01" "sc.w x27,x28,0(x7)" \
				      "bne x27,x0,LC01" "fence r,rw" ;;
	qspin_lock_zacas:*)  printf '%s\n' "amoswap.w x26,x28,(x7)" "fence r,rw" ;;
	qspin_pending:*)     qfail lrsc
			     case $2 in
			     base) printf '%s\n' "amoor.w x23,x24,(x9)" "fence r,rw" ;;
			     *)    printf '%s\n' "amoor.w.aq x23,x24,(x9)" ;;
			     esac
			     qwait ;;
	qspin_queue:*)       qfail lrsc; echo "fence w,w"; qtail lrsc; qwait ;;
	qspin_queue_zabha:*) qfail lrsc; echo "fence w,w"; qtail amo; qwait ;;
	qspin_queue_zacas:*) qfail cas; echo "fence w,w"; qtail amo; qwait ;;
	qspin_queue_nowmb:*) qfail lrsc; qtail lrsc; qwait ;;
	qspin_queue_mcs:*)   qfail lrsc; echo "fence w,w"; qtail lrsc
			     # not the head: WRITE_ONCE(prev->next, node), then
			     # arch_mcs_spin_lock_contended() sees node->locked = 1
			     printf '%s\n' "sw x17,0(x13)" "lw x14,0(x9)" "beq x14,x0,LC01" "fence r,r"
			     qwait ;;
	mutex_lock:*|down_write:*) printf '%s\n' "lr.d x26,0(x7)" "bne x26,x0,LC01" "sc.d x27,x28,0(x7)" \
				      "bne x27,x0,LC01" "fence r,rw" ;;
	mutex_lock_zacas:*)  printf '%s\n' "amoswap.d x26,x28,(x7)" "fence r,rw" ;;
	down_read:base)      printf '%s\n' "amoadd.d x23,x25,(x7)" "fence r,rw" ;;
	down_read:patched)   printf '%s\n' "amoadd.d.aq x23,x25,(x7)" ;;
	down_read_slow:base) printf '%s\n' "amoadd.d x23,x25,(x9)" "fence r,rw" "ld x27,0(x7)" \
				      "bne x27,x0,LC01" "fence r,r" ;;
	down_read_slow:patched) printf '%s\n' "amoadd.d.aq x23,x25,(x9)" "ld x27,0(x7)" \
				      "bne x27,x0,LC01" "fence r,r" ;;
	osq_lock:*)          printf '%s\n' "amoswap.w.aqrl x26,x28,(x7)" ;;
	esac
}
# the pieces of qspinlock's slow path (kernel/locking/qspinlock.c), for
# the one-CPU tests: the lock word the fast path's try_cmpxchg_acquire
# fails on is m2 (x9, held: 1), the MCS tail is t2 (x13), the word the
# waiting loop reads free and set_locked() writes is l2 (x7); see below
qfail() {    # the fast path's atomic_try_cmpxchg_acquire(0 -> 1), failing
	case $1 in
	lrsc) printf '%s\n' "lr.w x12,0(x9)" "bne x12,x0,LQ01" "sc.w x14,x28,0(x9)" \
			    "bne x14,x0,LQ01" "fence r,rw" "LQ01:" ;;
	cas)  printf '%s\n' "lw x12,0(x9)" "fence r,rw" ;;   # amocas.w that fails: a load
	esac
}
qtail() {    # xchg_tail(): xchg_relaxed() of the 16-bit tail
	case $1 in
	lrsc) printf '%s\n' "lr.w x15,0(x13)" "sc.w x16,x17,0(x13)" "bne x16,x0,LC01" ;;
	amo)  printf '%s\n' "amoswap.w x15,x17,(x13)" ;;   # amoswap.h with Zabha
	esac
}
qwait() {    # atomic_cond_read_acquire() (or smp_cond_load_acquire()) sees
	     # the lock free, then set_locked() (or clear_pending_set_locked())
	printf '%s\n' "lw x27,0(x7)" "bne x27,x0,LC01" "fence r,r" "sw x28,0(x7)"
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
	write_lock|qspin_lock|mutex_lock) cond="$cond /\\ 0:x26=0 /\\ 0:x27=0" ;;
	cond_acquire|qspin_lock_zacas|mutex_lock_zacas|osq_lock) cond="$cond /\\ 0:x26=0" ;;
	bit_lock) cond="$cond /\\ 0:x30=0" ;;
	qspin_pending) cond="$cond /\\ 0:x12=1 /\\ 0:x23=1 /\\ 0:x27=0" ;;
	qspin_queue|qspin_queue_nowmb) cond="$cond /\\ 0:x12=1 /\\ 0:x16=0 /\\ 0:x27=0" ;;
	qspin_queue_mcs) cond="$cond /\\ 0:x12=1 /\\ 0:x16=0 /\\ 0:x14=1 /\\ 0:x27=0" ;;
	qspin_queue_*) cond="$cond /\\ 0:x12=1 /\\ 0:x27=0" ;;
	down_read_slow) cond="$cond /\\ 0:x23=1 /\\ 0:x27=0" ;;
	esac
	case $ul in
	mutex_unlock) cond="$cond /\\ 0:x22=1 /\\ 0:x18=0" ;;
	mutex_unlock_zacas) cond="$cond /\\ 0:x22=1" ;;
	esac
	# the registers and words the kinds added after the first audit use
	# (so the first audit's tests are unchanged)
	extra=
	case $ul in mutex_unlock*) extra="0:x19=1;" ;; esac
	case $lk in qspin_*|down_read_slow) extra="$extra 0:x9=m2; 0:x13=t2; 0:x17=1; m2=1; t2=0;" ;; esac
	extra=${extra# }
	held=65536
	case $ul in read_unlock) held=512 ;; write_unlock) held=255 ;; bit_unlock|mutex_unlock*) held=1 ;;
	up_read) held=256 ;; esac
	case $k in base) which="without" ;; *) which="with" ;; esac
	code="Linux 6.12 riscv64 $which patch 1"
	case $lk in qspin_*) code="riscv64's qspinlock (6.13 on) in 6.12's lowering $which patch 1" ;; esac
	p0=$(mktemp) q1=$(mktemp)
	{
		echo "$a" | tr '|' '\n'
		unlock "$ul" "$k"
		lock "$lk" "$k"
		echo "$b" | tr '|' '\n'
		case $lk in
		write_lock|cond_acquire|qspin_lock|qspin_pending|qspin_queue*|mutex_lock|down_read_slow)
			echo "LC01:" ;;
		esac
		case $ul in mutex_unlock) echo "LC00:" ;; esac   # herd7: one label, one thread
	} >"$p0"
	echo "$p1" | tr '|' '\n' >"$q1"
	{
		echo "RISCV $name"
		echo "\"P0: $what with $ul(l1) then $lk(l2) between; the code of $code (tests/locks/gen.sh)\""
		echo "{"
		echo "l1=$held; l2=0;"
		echo "$init_regs"
		[ -z "$extra" ] || echo "$extra"
		echo "1:x5=x; 1:x8=y;"
		echo "}"
		paste -d'|' "$p0" "$q1" | awk -F'|' 'BEGIN { printf " %-27s | %-14s ;\n", "P0", "P1" }
			{ printf " %-27s | %-14s ;\n", $1, $2 }'
		echo "exists ($cond)"
	} >"$out/riscv/$name.litmus"
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
# The complete audit (issue 40): the other unlocks and locks of 6.12 and
# qspinlock as riscv uses it from 6.13 on, on one CPU, with the shapes
# the LKMM orders (LB, MP, WW); names as above. Lowerings: base (6.12:
# relaxed AMO + fences) and patched (.aq/.rl AMOs, patch 1 or v3 with
# Zalasr); the Zacas and Zabha variants are lock kinds of their own
# (6.12 has neither in cmpxchg.h; the upstream code of the audit has
# both), as are the ones without (qspin_queue, mutex_lock, ...).
#   up_read        rwsem: atomic_long_add_return_release(-READER_BIAS);
#                  up_write and downgrade_write (fetch_add_release) are
#                  the same instructions; 6.12: fence rw,w ; amoadd.d,
#                  patched: amoadd.d.rl
#   mutex_unlock   atomic_long_try_cmpxchg_release(owner, curr, 0): fence
#                  rw,w ; lr.d ; bne ; sc.d ; bnez (both kernels); also
#                  __mutex_handoff, the slow path's release, and
#                  rt_mutex's rt_mutex_cmpxchg_release
#   mutex_unlock_zacas  the same with Zacas: fence rw,w ; amocas.d (here
#                  amoswap.d, the successful CAS's two events)
#   qspin_lock     qspinlock fast path: atomic_try_cmpxchg_acquire(0, 1)
#                  = lr.w ; bne ; sc.w ; bnez ; fence r,rw
#   qspin_lock_zacas  amocas.w ; fence r,rw (the fence runs on failure too)
#   qspin_pending  the fast path fails, then queued_fetch_set_pending_acquire
#                  (6.12 amoor.w ; fence r,rw, patched amoor.w.aq), the
#                  wait for the owner and clear_pending_set_locked()
#   qspin_queue    the MCS queue path: the fast path's LR fails (its
#                  fence r,rw is skipped), smp_wmb() = fence w,w,
#                  xchg_tail() as LR/SC (no Zabha), the head's
#                  atomic_cond_read_acquire() = lw ; bne ; fence r,r, then
#                  set_locked() (a store)
#   qspin_queue_zabha  the same, xchg_tail() one amoswap (amoswap.h)
#   qspin_queue_zacas  with Zacas and Zabha (the pair riscv_spinlock_init()
#                  wants for qspinlock): the failed amocas.w is a load,
#                  its fence r,rw runs
#   qspin_queue_mcs  qspin_queue behind another waiter: WRITE_ONCE(prev->
#                  next, node) and the MCS wait smp_cond_load_acquire(
#                  &node->locked) (lw ; beqz ; fence r,r) before the head's
#                  wait (prev->next and node->locked: t2 and m2 again)
#   qspin_queue_nowmb  NOT kernel code: qspin_queue without the smp_wmb(),
#                  the shape the constraint is about
#   mutex_lock     atomic_long_try_cmpxchg_acquire(owner, 0, curr): lr.d ;
#                  bne ; sc.d ; bnez ; fence r,rw (the fast path, and every
#                  slow-path acquisition: __mutex_trylock_common; rwsem's
#                  down_write and rt_mutex's fast path are the same code)
#   mutex_lock_zacas  amocas.d ; fence r,rw
#   down_read      rwsem_read_trylock: atomic_long_add_return_acquire
#                  (6.12 amoadd.d ; fence r,rw, patched amoadd.d.aq)
#   down_read_slow rwsem_down_read_slowpath's exit with the queue empty:
#                  the fast path's amoadd (on m2, held by a writer), then
#                  atomic_long_read ; bnez ; smp_acquire__after_ctrl_dep()
#                  = fence r,r (the wait_lock in between left out)
#   osq_lock       atomic_xchg(tail) = amoswap.w.aqrl (uncontended or not)
# The qspinlock paths use three words where the kernel has one (m2, the
# word the fast path reads held; t2, the tail; l2, the word seen free and
# then set): splitting a word only removes same-address orderings, so a
# Never stays a Never of the kernel's code.
for k in base patched; do
	for ul in spin_unlock read_unlock write_unlock bit_unlock up_read mutex_unlock mutex_unlock_zacas; do
		for lk in spin_lock read_lock write_lock bit_lock cond_acquire qspin_lock qspin_lock_zacas \
			  qspin_pending qspin_queue qspin_queue_zabha qspin_queue_zacas qspin_queue_mcs \
			  qspin_queue_nowmb mutex_lock mutex_lock_zacas down_read down_read_slow osq_lock; do
			case $ul:$lk in
			spin_unlock:*_lock|spin_unlock:cond_acquire|read_unlock:*_lock|read_unlock:cond_acquire|\
			write_unlock:*_lock|write_unlock:cond_acquire|bit_unlock:*_lock|bit_unlock:cond_acquire)
				case $lk in spin_lock|read_lock|write_lock|bit_lock|cond_acquire) continue ;; esac ;;
			esac
			for shape in LB MP WW; do
				emit "$shape" "$ul" "$lk" "$k"
			done
		done
	done
done

# Same lock, two CPUs: CPU0 runs access A and then unlocks l; CPU1 takes
# l, its lock reading the value CPU0's unlock wrote (the condition asks
# for it: the release-acquire handover through the lock word), then runs
# access B; a third CPU, with smp_mb() (fence rw,rw), observes.
#   H-MP    A = store x, B = load x                      (2 CPUs)
#   H-ISA2  A = store x, B = store z; CPU2 load z, fence, load x
#   H-Z6.0  A = store x, B = store z; CPU2 store z=2, fence, load x
#   H-SB    A = store x, B = load z;  CPU2 store z, fence, load x
#   H-LB    A = load x,  B = store z; CPU2 load z, fence, store x
#   H-Z6.0-mbas, H-SB-mbas: smp_mb__after_spinlock() (fence rw,rw,
#           arch/riscv/include/asm/barrier.h) right after the lock
# smp_mb__after_unlock_lock() is empty on riscv64 6.12 (it is smp_mb()
# only with CONFIG_ARCH_WEAK_RELEASE_ACQUIRE, which only powerpc selects;
# include/linux/rcupdate.h): the RISC-V code of a shape with it is that
# of the shape without it, so only the C tests have it.
# Lock pairs (unlock on CPU0, lock of the same lock on CPU1):
#   spin_unlock -> spin_lock       fast path: the amoadd.w.aqrl reads the
#                                  released word
#   spin_unlock -> spin_lock_slow  the ticket was taken before the
#                                  release: atomic_cond_read_acquire (lw,
#                                  bne, fence r,r) reads it, then smp_mb()
#                                  (asm-generic/spinlock.h arch_spin_lock)
#   read_unlock -> write_lock      the last reader leaves; the writer's
#                                  try_cmpxchg_acquire (fast path, and the
#                                  end of the slow path) reads 0
#   write_unlock -> read_lock      fast path amoadd (6.12: + fence r,rw)
#   write_unlock -> read_lock_slow queued_read_lock_slowpath's
#                                  atomic_cond_read_acquire (lw, bne,
#                                  fence r,r) reads the released word
#   write_unlock -> write_lock     lr.w/sc.w, fence r,rw
#   bit_unlock -> bit_lock         amoor.d.aq reads the cleared bit
#   spin_unlock -> cond_relaxed    NOT a 6.12 lock: the read of
#                                  spin_lock_slow without its fences
#                                  (lw, bne), an acquire that is missing;
#                                  it shows the tests can see one
# A slow path is written from the read that sees the release on: the
# relaxed AMOs, the wait_lock and the ticket's amoadd.w.aqrl that come
# before it in the kernel are left out, which can only allow more
# outcomes, so a Never here is a Never of the kernel's code. The ticket
# lock's release is a 16-bit store of the owner half (sb of the low byte
# for write_unlock); here it is a 32-bit store of the word CPU1 then
# reads (the tests have no mixed-size accesses), which changes which
# bytes the reads see, not which accesses are ordered.
hlock() {    # hlock KIND KERNEL: the lock of CPU1, l's address in x7
	case $1 in
	spin_lock_slow) printf '%s\n' "lw x26,0(x7)" "bne x26,x20,LC01" "fence r,r" "fence rw,rw" ;;
	read_lock_slow) printf '%s\n' "lw x26,0(x7)" "bne x26,x0,LC01" "fence r,r" ;;
	cond_relaxed)   printf '%s\n' "lw x26,0(x7)" "bne x26,x20,LC01" ;;
	qspin_wait)     printf '%s\n' "lw x26,0(x7)" "bne x26,x0,LC01" "fence r,r" "sw x28,0(x7)" ;;
	down_read_slow) printf '%s\n' "ld x26,0(x7)" "bne x26,x0,LC01" "fence r,r" ;;
	down_read_wait) printf '%s\n' "ld x26,0(x7)" "fence r,rw" "bne x26,x0,LC01" ;;
	osq_wait)       printf '%s\n' "lw x26,0(x7)" "beq x26,x0,LC01" ;;
	rwbase_write_lock) printf '%s\n' "lw x26,0(x7)" "fence r,rw" "bne x26,x0,LC01" "sw x28,0(x7)" ;;
	*) lock "$1" "$2" ;;
	esac
}
hemit() {    # hemit SHAPE UNLOCK LOCK KERNEL
	shape=$1 ul=$2 lk=$3 k=$4
	name="H-$shape+$ul+$lk+$k"
	mbas=
	case $shape in *-mbas) mbas="fence rw,rw" ;; esac
	p2= cond= locs="x=0; z=0;"
	case $shape in
	MP)      a="ori x11,x0,1|sw x11,0(x5)"; b="lw x11,0(x5)"; cond="1:x11=0"; locs="x=0;" ;;
	ISA2)    a="ori x11,x0,1|sw x11,0(x5)"; b="ori x11,x0,1|sw x11,0(x9)"
	         p2="lw x12,0(x9)|fence rw,rw|lw x13,0(x5)"; cond="2:x12=1 /\\ 2:x13=0" ;;
	Z6.0*)   a="ori x11,x0,1|sw x11,0(x5)"; b="ori x11,x0,1|sw x11,0(x9)"
	         p2="ori x12,x0,2|sw x12,0(x9)|fence rw,rw|lw x13,0(x5)"; cond="z=2 /\\ 2:x13=0" ;;
	SB*)     a="ori x11,x0,1|sw x11,0(x5)"; b="lw x11,0(x9)"
	         p2="ori x12,x0,1|sw x12,0(x9)|fence rw,rw|lw x13,0(x5)"; cond="1:x11=0 /\\ 2:x13=0" ;;
	LB)      a="lw x10,0(x5)"; b="ori x11,x0,1|sw x11,0(x9)"
	         p2="lw x12,0(x9)|fence rw,rw|ori x13,x0,1|sw x13,0(x5)"; cond="0:x10=1 /\\ 2:x12=1" ;;
	esac
	case $ul in
	spin_unlock)  held=65536 r0="0:x21=65537;" ;;     # next 1, owner 0 -> owner 1
	read_unlock)  held=512 r0="0:x21=-512;" ;;        # one reader (_QR_BIAS)
	write_unlock) held=255 r0= ;;                     # _QW_LOCKED
	bit_unlock)   held=1 r0="0:x29=-2;" ;;
	qspin_unlock|rwsem_wake) held=1 r0= ;;           # _Q_LOCKED_VAL; waiter->task
	mutex_unlock*) held=1 r0="0:x19=1;" ;;            # owner: the task, no flags
	up_read)      held=256 r0="0:x21=-256;" ;;        # one reader (RWSEM_READER_BIAS)
	up_write|rwbase_read_unlock) held=1 r0="0:x21=-1;" ;; # RWSEM_WRITER_LOCKED; one reader
	osq_unlock)   held=0 r0="0:x12=n; 0:x20=1;"; locs="$locs n=0;" ;; # next->locked = 1
	esac
	ulcond=
	case $ul in
	mutex_unlock) ulcond=" /\\ 0:x22=1 /\\ 0:x18=0" ;;
	mutex_unlock_zacas) ulcond=" /\\ 0:x22=1" ;;
	esac
	case $lk in
	spin_lock)      r1="1:x24=65536;"; got="1:x23=65537" ;;
	spin_lock_slow|cond_relaxed) r1="1:x20=65537;"; got="1:x26=65537" ;;
	read_lock)      r1="1:x25=512;";   got="1:x23=0" ;;
	read_lock_slow) r1=;               got="1:x26=0" ;;
	write_lock)     r1="1:x28=255;";   got="1:x26=0 /\\ 1:x27=0" ;;
	bit_lock)       r1="1:x31=1;";     got="1:x30=0" ;;
	qspin_lock|qspin_wait|rwbase_write_lock) r1="1:x28=1;"; got="1:x26=0" ;;
	qspin_lock_zacas|mutex_lock_zacas) r1="1:x28=2;"; got="1:x26=0" ;;
	mutex_lock|down_write) r1="1:x28=2;"; got="1:x26=0 /\\ 1:x27=0" ;;
	down_read)      r1="1:x25=256;";   got="1:x23=0" ;;
	down_read_slow|down_read_wait) r1=; got="1:x26=0" ;;
	osq_wait)       r1=;               got="1:x26=1" ;;
	esac
	case $lk in qspin_lock) got="$got /\\ 1:x27=0" ;; esac
	got="$got$ulcond"
	case $k in base) which="without" ;; *) which="with" ;; esac
	code="Linux 6.12 riscv64 $which patch 1"
	case $lk in qspin_*) code="riscv64's qspinlock (6.13 on) in 6.12's lowering $which patch 1" ;; esac
	f0=$(mktemp) f1=$(mktemp) f2=$(mktemp)
	{
		echo "$a" | tr '|' '\n'; unlock "$ul" "$k"
		case $ul in mutex_unlock) echo "LC00:" ;; esac
	} >"$f0"
	{
		hlock "$lk" "$k"
		[ -z "$mbas" ] || echo "$mbas"
		echo "$b" | tr '|' '\n'
		case $lk in
		spin_lock_slow|read_lock_slow|write_lock|cond_relaxed|qspin_lock|qspin_wait|mutex_lock|\
		down_write|down_read_slow|down_read_wait|osq_wait|rwbase_write_lock) echo "LC01:" ;;
		esac
	} >"$f1"
	[ -z "$p2" ] || echo "$p2" | tr '|' '\n' >"$f2"
	{
		echo "RISCV $name"
		echo "\"CPU0 $ul(l) after A, CPU1 $lk(l) reading its release then B ($shape); the code of $code (tests/locks/gen.sh)\""
		echo "{"
		echo "l=$held; $locs"
		echo "0:x5=x; 0:x6=l; $r0"
		case $shape in MP) echo "1:x5=x; 1:x7=l; $r1" ;; *) echo "1:x5=x; 1:x7=l; 1:x9=z; $r1" ;; esac
		[ -z "$p2" ] || echo "2:x5=x; 2:x9=z;"
		echo "}"
		if [ -z "$p2" ]; then
			paste -d'|' "$f0" "$f1" | awk -F'|' 'BEGIN { printf " %-24s | %-24s ;\n", "P0", "P1" }
				{ printf " %-24s | %-24s ;\n", $1, $2 }'
		else
			paste -d'|' "$f0" "$f1" "$f2" | awk -F'|' 'BEGIN { printf " %-24s | %-24s | %-14s ;\n", "P0", "P1", "P2" }
				{ printf " %-24s | %-24s | %-14s ;\n", $1, $2, $3 }'
		fi
		echo "exists ($got /\\ $cond)"
	} >"$out/riscv/$name.litmus"
	rm -f "$f0" "$f1" "$f2"
}
for k in base patched; do
	for pair in spin_unlock:spin_lock spin_unlock:spin_lock_slow read_unlock:write_lock \
		    write_unlock:read_lock write_unlock:read_lock_slow write_unlock:write_lock \
		    bit_unlock:bit_lock spin_unlock:cond_relaxed; do
		for shape in MP ISA2 Z6.0 SB LB Z6.0-mbas SB-mbas; do
			hemit "$shape" "${pair%:*}" "${pair#*:}" "$k"
		done
	done
done
# The complete audit: the other handovers of one lock between CPUs
# (6.12's generic code; qspinlock's as riscv uses it from 6.13 on):
#   qspin_unlock -> qspin_lock       smp_store_release(&locked, 0) = fence
#                                    rw,w ; sb, read by the fast path's
#                                    try_cmpxchg_acquire (LR/SC, fence r,rw)
#   qspin_unlock -> qspin_lock_zacas the same with amocas.w ; fence r,rw
#   qspin_unlock -> qspin_wait       read by the pending waiter's
#                                    smp_cond_load_acquire(&locked) or the
#                                    queue head's atomic_cond_read_acquire
#                                    (lw, bne, fence r,r), then set_locked
#   mutex_unlock -> mutex_lock       cmpxchg_release -> cmpxchg_acquire
#                                    (also __mutex_handoff -> the waiter's
#                                    __mutex_trylock_common; rt_mutex)
#   mutex_unlock_zacas -> mutex_lock_zacas  both as amocas.d
#   up_write -> down_read            amoadd.d (.rl) -> amoadd.d (.aq)
#   up_write -> down_read_slow       -> atomic_long_read ; bnez ;
#                                    smp_acquire__after_ctrl_dep()
#   rwsem_wake -> down_read_wait     rwsem_mark_wake()'s smp_store_release(
#                                    &waiter->task, NULL) -> the sleeping
#                                    reader's smp_load_acquire (ld ; fence
#                                    r,rw)
#   up_read -> down_write, up_write -> down_write  -> cmpxchg_acquire .d
#   rwbase_read_unlock -> rwbase_write_lock  (PREEMPT_RT) the last
#                                    reader's atomic_dec_and_test (amoadd.w.
#                                    aqrl) -> the writer's atomic_read_acquire
#                                    (lw ; fence r,rw) and atomic_set
#   osq_unlock -> osq_wait           NOT a lock handover: osq_unlock()'s
#                                    xchg(&node->next) and WRITE_ONCE(
#                                    next->locked, 1) -> osq_lock()'s
#                                    smp_cond_load_relaxed(): the OSQ only
#                                    queues optimistic spinners, the mutex
#                                    or rwsem is then taken by its own
#                                    cmpxchg_acquire
for k in base patched; do
	for pair in qspin_unlock:qspin_lock qspin_unlock:qspin_lock_zacas qspin_unlock:qspin_wait \
		    mutex_unlock:mutex_lock mutex_unlock_zacas:mutex_lock_zacas up_write:down_read \
		    up_write:down_read_slow rwsem_wake:down_read_wait up_read:down_write \
		    up_write:down_write rwbase_read_unlock:rwbase_write_lock osq_unlock:osq_wait; do
		for shape in MP ISA2 Z6.0 SB LB Z6.0-mbas SB-mbas; do
			hemit "$shape" "${pair%:*}" "${pair#*:}" "$k"
		done
	done
done

# The same shapes for the LKMM (tools/memory-model): spin_lock(l) and
# spin_unlock(l) around each side's accesses as in the kernel's
# ISA2+pooncelock+pooncelock+pombonce, CPU0 writing y = 1 last in its
# critical section and CPU1 reading it first (r0 = 1: CPU0's critical
# section came first, CPU1's lock read its unlock); with
# smp_mb__after_spinlock() or smp_mb__after_unlock_lock() after CPU1's
# lock for Z6.0 and SB.
cemit() {    # cemit SHAPE [FENCE]
	shape=$1 fence=${2:-}
	name="H-$shape${fence:++$fence}"
	a0= b1= p2= cond= r1decl="	int r1;"
	case $shape in
	MP)   a0="WRITE_ONCE(*x, 1);"; b1="r1 = READ_ONCE(*x);"; cond="1:r1=0" ;;
	ISA2) a0="WRITE_ONCE(*x, 1);"; b1="WRITE_ONCE(*z, 1);"; r1decl=
	      p2="r2 = READ_ONCE(*z);|smp_mb();|r3 = READ_ONCE(*x);"; cond="2:r2=1 /\\ 2:r3=0" ;;
	Z6.0) a0="WRITE_ONCE(*x, 1);"; b1="WRITE_ONCE(*z, 1);"; r1decl=
	      p2="WRITE_ONCE(*z, 2);|smp_mb();|r3 = READ_ONCE(*x);"; cond="z=2 /\\ 2:r3=0" ;;
	SB)   a0="WRITE_ONCE(*x, 1);"; b1="r1 = READ_ONCE(*z);"
	      p2="WRITE_ONCE(*z, 1);|smp_mb();|r3 = READ_ONCE(*x);"; cond="1:r1=0 /\\ 2:r3=0" ;;
	LB)   a0="r9 = READ_ONCE(*x);"; b1="WRITE_ONCE(*z, 1);"; r1decl=
	      p2="r2 = READ_ONCE(*z);|smp_mb();|WRITE_ONCE(*x, 1);"; cond="0:r9=1 /\\ 2:r2=1" ;;
	esac
	{
		echo "C $name"
		echo
		echo "(*"
		echo " * CPU0 releases l, CPU1 takes l after it ($shape${fence:+, with smp_$fence() after CPU1's lock});"
		echo " * the LKMM's side of suite locks' H-$shape RISC-V tests (tests/locks/gen.sh)."
		echo " *)"
		echo
		echo "{}"
		echo
		echo "P0(int *x, int *y, spinlock_t *l)"
		echo "{"
		case $shape in LB) printf '\tint r9;\n\n' ;; esac
		printf '\tspin_lock(l);\n\t%s\n\tWRITE_ONCE(*y, 1);\n\tspin_unlock(l);\n}\n\n' "$a0"
		echo "P1(int *x, int *y, int *z, spinlock_t *l)"
		echo "{"
		printf '\tint r0;\n'
		[ -z "$r1decl" ] || echo "$r1decl"
		printf '\n\tspin_lock(l);\n'
		[ -z "$fence" ] || printf '\tsmp_%s();\n' "$fence"
		printf '\tr0 = READ_ONCE(*y);\n\t%s\n\tspin_unlock(l);\n}\n' "$b1"
		if [ -n "$p2" ]; then
			printf '\nP2(int *x, int *z)\n{\n'
			case $shape in
			ISA2) printf '\tint r2;\n\tint r3;\n\n' ;;
			LB)   printf '\tint r2;\n\n' ;;
			*)    printf '\tint r3;\n\n' ;;
			esac
			echo "$p2" | tr '|' '\n' | sed 's/^/\t/'
			echo "}"
		fi
		echo
		echo "exists (1:r0=1 /\\ $cond)"
	} >"$out/c/$name.litmus"
}
# And the one-CPU shapes (the RISC-V tests SHAPE+UNLOCK+LOCK+KERNEL):
# P0 holds l1, runs A, releases l1, takes l2 and runs B; P1 observes.
# With +relacq, the same with a release RMW and an acquire load of two
# other words (xchg_release(l1, 0), smp_load_acquire(l2) reading 0: what
# smp_cond_load_acquire() ends with), which the LKMM does not order as
# it orders a lock handover: the smp_cond_load_acquire() users that are
# not locks (csd_lock_wait(), ...) have no unlock->lock ordering to lose.
c1emit() {   # c1emit SHAPE [relacq]
	shape=$1 ra=${2:-}
	name="$shape+unlock-lock${ra:++$ra}"
	case $shape in
	LB) a="r0 = READ_ONCE(*x);"; b="WRITE_ONCE(*y, 1);"; p1="r1 = READ_ONCE(*y);|smp_mb();|WRITE_ONCE(*x, 1);"
	    d0="r0"; d1="r1"; cond="0:r0=1 /\\ 1:r1=1" ;;
	MP) a="r0 = READ_ONCE(*y);"; b="r1 = READ_ONCE(*x);"; p1="WRITE_ONCE(*x, 1);|smp_wmb();|WRITE_ONCE(*y, 1);"
	    d0="r0|r1"; d1=; cond="0:r0=1 /\\ 0:r1=0" ;;
	WW) a="WRITE_ONCE(*x, 1);"; b="WRITE_ONCE(*y, 1);"; p1="r0 = READ_ONCE(*y);|smp_rmb();|r1 = READ_ONCE(*x);"
	    d0=; d1="r0|r1"; cond="1:r0=1 /\\ 1:r1=0" ;;
	SB) a="WRITE_ONCE(*x, 1);"; b="r0 = READ_ONCE(*y);"; p1="WRITE_ONCE(*y, 1);|smp_mb();|r1 = READ_ONCE(*x);"
	    d0="r0"; d1="r1"; cond="0:r0=0 /\\ 1:r1=0" ;;
	esac
	[ -z "$ra" ] || { d0="${d0:+$d0|}r8|r9"; cond="$cond /\\ 0:r9=0"; }
	{
		echo "C $name"
		echo
		echo "(*"
		if [ -z "$ra" ]; then
			echo " * P0: A in l1's critical section, then B in l2's ($shape); the LKMM's"
			echo " * side of suite locks' one-CPU $shape RISC-V tests (tests/locks/gen.sh)."
		else
			echo " * P0: A, a release RMW of l1, an acquire load of l2 reading 0, B ($shape):"
			echo " * no lock, so no po-unlock-lock-po (tests/locks/gen.sh)."
		fi
		echo " *)"
		echo
		[ -z "$ra" ] && echo "{}" || echo "{ l1=1; }"
		echo
		[ -z "$ra" ] && echo "P0(int *x, int *y, spinlock_t *l1, spinlock_t *l2)" \
			|| echo "P0(int *x, int *y, int *l1, int *l2)"
		echo "{"
		[ -z "$d0" ] || { echo "$d0" | tr '|' '\n' | sed 's/^/\tint /; s/$/;/'; echo; }
		if [ -z "$ra" ]; then
			printf '\tspin_lock(l1);\n\t%s\n\tspin_unlock(l1);\n\tspin_lock(l2);\n\t%s\n\tspin_unlock(l2);\n}\n' "$a" "$b"
		else
			printf '\t%s\n\tr8 = xchg_release(l1, 0);\n\tr9 = smp_load_acquire(l2);\n\t%s\n}\n' "$a" "$b"
		fi
		echo
		echo "P1(int *x, int *y)"
		echo "{"
		[ -z "$d1" ] || { echo "$d1" | tr '|' '\n' | sed 's/^/\tint /; s/$/;/'; echo; }
		echo "$p1" | tr '|' '\n' | sed 's/^/\t/'
		echo "}"
		echo
		echo "exists ($cond)"
	} >"$out/c/$name.litmus"
}
for shape in LB MP WW SB; do
	c1emit "$shape"
	c1emit "$shape" relacq
done
for shape in MP ISA2 Z6.0 SB LB; do
	cemit "$shape"
done
for shape in Z6.0 SB; do
	cemit "$shape" mb__after_spinlock
	cemit "$shape" mb__after_unlock_lock
done
