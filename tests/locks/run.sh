#!/bin/sh
# Suite `locks` (docs/lkmm-riscv.md, "Unlock then lock"): do the kernel's
# riscv64 lock handovers keep the ordering the LKMM requires, with and
# without the .aq/.rl patch? Two kinds of handover: on one CPU (unlock of
# l1, lock of l2) and between CPUs (CPU0 unlocks l, CPU1 locks the same l,
# tests H-*).
#  1. tests/locks/riscv and tests/locks/c are what tests/locks/gen.sh
#     writes;
#  2. bpfmm (models/riscv.cat) gives every RISC-V test the Observation of
#     tests/locks/expected.txt (herdtools7's own riscv.cat); with
#     ../shared, herd7 with that model is run again on every test;
#  3. bpfmm (the kernel's linux-kernel.cat, from the kernel tarball as
#     scripts/lkmm-tree.sh extracts it) gives every C test the Observation
#     of tests/locks/expected-lkmm.txt (herd7 -conf linux-kernel.cfg);
#     with ../shared, herd7 is run again (SKIP without the tarball);
#  4. the answer, from bpfmm's results: on one CPU, every pair of 6.12
#     lock operations (and of qspinlock's as riscv uses it from 6.13, with
#     and without Zacas and Zabha) keeps R->W (LB), R->R (MP) and W->W
#     (WW) in both kernels, and the hypothetical acquires (load, branch,
#     fence r,r; qspinlock's queue path without its smp_wmb()) after a
#     release AMO lose R->W and W->W: with the patch only after
#     read_unlock and up_read, in both kernels after clear_bit_unlock, and
#     never after an unlock that ends in fence rw,w + store / LR/SC;
#     between CPUs,
#     every H- test of a real lock pair is Never where the LKMM's test of
#     the shape is Never, with smp_mb__after_unlock_lock() (empty on
#     riscv64) or without, in both kernels, and the hypothetical acquire
#     without a fence (cond_relaxed) and the OSQ's handover (not a lock)
#     are not (H-MP, H-SB: Sometimes);
#  5. kernel/lock-code.sh: the sequences are those of the kernel suite's
#     riscv64 vmlinux with patch 1, and (--base) the 6.12 sequences of the
#     complete audit those of its 6.12 build (SKIP without them).
# Ends with "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bpfmm=${BPFMM:-$root/build/bpfmm}
shared=${SHARED:-$root/../shared}
herd7=$shared/tools/herd7/herd7 lib=$shared/reference-models/herd-lib
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
ko() { echo "FAIL: $*"; fail=$((fail + 1)); }

sh "$root/tests/locks/gen.sh" "$tmp/gen" || exit 2
for d in riscv c; do
	diff -r "$tmp/gen/$d" "$root/tests/locks/$d" >"$tmp/diff" && ok \
		|| ko "tests/locks/$d differs from gen.sh's output: $(head -5 "$tmp/diff")"
done

grep -v '^#' "$root/tests/locks/expected.txt" >"$tmp/expected"
grep -v '^#' "$root/tests/locks/expected-lkmm.txt" >"$tmp/expected-lkmm"
# one run of each tool over all tests: "NAME OBSERVATION" lines
observations() { awk '/^Observation/ { print $2, $3 }' | sort; }
(cd "$root/tests/locks/riscv" && "$bpfmm" -notime -j 2 *.litmus 2>&1) | observations >"$tmp/bpfmm"
compare() {   # compare TOOL RESULTS EXPECTED DIR
	[ "$(wc -l <"$3")" -eq "$(ls "$4"/*.litmus | wc -l)" ] && ok \
		|| ko "${3##*/}: not one line per test of $4"
	while read -r name want; do
		got=$(awk -v n="$name" '$1 == n { print $2 }' "$2")
		[ "$got" = "$want" ] && ok || ko "$name: $1 ${got:-no result}, expected $want"
	done <"$3"
}
compare bpfmm "$tmp/bpfmm" "$tmp/expected" "$root/tests/locks/riscv"
if [ -x "$herd7" ] && [ -r "$lib/riscv.cat" ]; then
	(cd "$root/tests/locks/riscv" && "$herd7" -I "$lib" -model riscv.cat *.litmus 2>&1) | observations >"$tmp/herd7"
	compare "herd7 (herdtools7's riscv.cat)" "$tmp/herd7" "$tmp/expected" "$root/tests/locks/riscv"
else
	echo "SKIP: herd7 with its riscv.cat (no $herd7)"
fi

# the LKMM's verdicts on the C tests
lkmm=$(sh "$root/scripts/lkmm-tree.sh" 2>"$tmp/lkmm.err")
case $? in
0)	(cd "$root/tests/locks/c" && "$bpfmm" -notime -model linux-kernel.cat -I "$lkmm" *.litmus 2>&1) |
		observations >"$tmp/bpfmm-lkmm"
	compare "bpfmm (linux-kernel.cat)" "$tmp/bpfmm-lkmm" "$tmp/expected-lkmm" "$root/tests/locks/c"
	if [ -x "$herd7" ]; then
		(cd "$lkmm" && "$herd7" -conf linux-kernel.cfg "$root"/tests/locks/c/*.litmus 2>&1) |
			observations >"$tmp/herd7-lkmm"
		compare "herd7 (linux-kernel.cfg)" "$tmp/herd7-lkmm" "$tmp/expected-lkmm" "$root/tests/locks/c"
	else
		echo "SKIP: herd7 on the C tests (no $herd7)"
	fi ;;
3)	echo "SKIP: the LKMM on tests/locks/c (no kernel tarball)" ;;
*)	ko "scripts/lkmm-tree.sh failed: $(head -n 1 "$tmp/lkmm.err")" ;;
esac

# the answer, on bpfmm's results
verdict() { awk -v n="$1" '$1 == n { print $2 }' "$tmp/bpfmm"; }
lkmm_says() { awk -v n="$1" '$1 == n { print $2 }' "$tmp/expected-lkmm"; }
# what the LKMM requires on one CPU (expected-lkmm.txt, checked above):
# LB, MP, WW ordered across unlock+lock, not across a release and an
# acquire of other words (relacq), SB in neither
for shape in LB MP WW SB; do
	want="Never Sometimes"; [ "$shape" = SB ] && want="Sometimes Sometimes"
	got="$(lkmm_says "$shape+unlock-lock") $(lkmm_says "$shape+unlock-lock+relacq")"
	[ "$got" = "$want" ] && ok || ko "expected-lkmm.txt: $shape+unlock-lock(+relacq) $got, expected $want"
done
unlocks="spin_unlock read_unlock write_unlock bit_unlock up_read mutex_unlock mutex_unlock_zacas"
for k in base patched; do
	for ul in $unlocks; do
		for lk in spin_lock read_lock write_lock bit_lock qspin_lock qspin_lock_zacas qspin_pending \
			  qspin_queue qspin_queue_zabha qspin_queue_zacas qspin_queue_mcs mutex_lock mutex_lock_zacas \
			  down_read down_read_slow osq_lock; do
			for shape in LB MP WW; do
				v=$(verdict "$shape+$ul+$lk+$k")
				[ "$v" = Never ] && ok || ko "RCtso: $shape+$ul+$lk+$k is ${v:-no result}"
			done
		done
	done
done
# the constraint: an acquire that is a plain load ordered by fence r,r
# (cond_acquire; qspinlock's queue path without its smp_wmb()) loses R->W
# and W->W after a release AMO: with the patch after read_unlock and
# up_read, in both kernels after clear_bit_unlock (amoand.d.rl already in
# 6.12), never after an unlock that ends with fence rw,w and a store or
# an LR/SC (R->R, MP, stays ordered by the fence r,r)
for lk in cond_acquire qspin_queue_nowmb; do
	for ul in $unlocks; do
		for shape in LB WW MP; do
			b=$(verdict "$shape+$ul+$lk+base") p=$(verdict "$shape+$ul+$lk+patched")
			case $shape:$ul in
			MP:*) want="Never Never" ;;
			*:read_unlock|*:up_read) want="Never Sometimes" ;;
			*:bit_unlock) want="Sometimes Sometimes" ;;
			*) want="Never Never" ;;
			esac
			[ "$b $p" = "$want" ] && ok || ko "$shape+$ul+$lk: base/patched $b $p, expected $want"
		done
	done
done
# between CPUs: what the LKMM requires (expected-lkmm.txt, checked above)
for shape in MP ISA2 Z6.0 SB LB Z6.0-mbas SB-mbas; do
	case $shape in
	*-mbas) need=$(lkmm_says "H-${shape%-mbas}+mb__after_spinlock") ;;
	Z6.0|SB) need=$(lkmm_says "H-$shape+mb__after_unlock_lock") ;;   # the same RISC-V code
	*) need=$(lkmm_says "H-$shape") ;;
	esac
	[ -n "$need" ] || { ko "expected-lkmm.txt: no verdict for H-$shape"; continue; }
	[ "$need" = Never ] || continue
	for k in base patched; do
		for pair in spin_unlock+spin_lock spin_unlock+spin_lock_slow read_unlock+write_lock \
			    write_unlock+read_lock write_unlock+read_lock_slow write_unlock+write_lock \
			    bit_unlock+bit_lock qspin_unlock+qspin_lock qspin_unlock+qspin_lock_zacas \
			    qspin_unlock+qspin_wait mutex_unlock+mutex_lock \
			    mutex_unlock_zacas+mutex_lock_zacas up_write+down_read up_write+down_read_slow \
			    rwsem_wake+down_read_wait up_read+down_write up_write+down_write \
			    rwbase_read_unlock+rwbase_write_lock; do
			v=$(verdict "H-$shape+$pair+$k")
			[ "$v" = Never ] && ok || ko "LKMM Never, RISC-V ${v:-no result}: H-$shape+$pair+$k"
		done
	done
done
for shape in MP SB; do
	for k in base patched; do
		for pair in spin_unlock+cond_relaxed osq_unlock+osq_wait; do
			[ "$(verdict "H-$shape+$pair+$k")" = Sometimes ] && ok \
				|| ko "H-$shape+$pair+$k: an acquire without a fence, not Sometimes"
		done
	done
done

for mode in "" --base; do
	out=$(sh "$root/kernel/lock-code.sh" $mode 2>&1)
	echo "$out" | grep -E '^(FAIL|SKIP)'
	p=$(echo "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
	f=$(echo "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
	pass=$((pass + ${p:-0})) fail=$((fail + ${f:-0}))
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
