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
#     lock operations keeps R->W (LB), R->R (MP) and W->W (WW) in both
#     kernels, and the hypothetical acquire (load, branch, fence r,r) after
#     read_unlock loses R->W and W->W with the patch only; between CPUs,
#     every H- test of a real lock pair is Never where the LKMM's test of
#     the shape is Never, with smp_mb__after_unlock_lock() (empty on
#     riscv64) or without, in both kernels, and the hypothetical acquire
#     without a fence (cond_relaxed) is not (H-MP, H-SB: Sometimes);
#  5. kernel/lock-code.sh: the sequences are those of the kernel suite's
#     riscv64 vmlinux (SKIP without it).
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
for k in base patched; do
	for ul in spin_unlock read_unlock write_unlock bit_unlock; do
		for lk in spin_lock read_lock write_lock bit_lock; do
			for shape in LB MP WW; do
				v=$(verdict "$shape+$ul+$lk+$k")
				[ "$v" = Never ] && ok || ko "RCtso: $shape+$ul+$lk+$k is $v"
			done
		done
	done
done
for shape in LB WW; do
	[ "$(verdict "$shape+read_unlock+cond_acquire+base")" = Never ] &&
	[ "$(verdict "$shape+read_unlock+cond_acquire+patched")" = Sometimes ] && ok \
		|| ko "$shape+read_unlock+cond_acquire: not Never without the patch and Sometimes with it"
done
# between CPUs: what the LKMM requires (expected-lkmm.txt, checked above)
lkmm_says() { awk -v n="$1" '$1 == n { print $2 }' "$tmp/expected-lkmm"; }
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
			    bit_unlock+bit_lock; do
			v=$(verdict "H-$shape+$pair+$k")
			[ "$v" = Never ] && ok || ko "LKMM Never, RISC-V ${v:-no result}: H-$shape+$pair+$k"
		done
	done
done
for shape in MP SB; do
	for k in base patched; do
		[ "$(verdict "H-$shape+spin_unlock+cond_relaxed+$k")" = Sometimes ] && ok \
			|| ko "H-$shape+spin_unlock+cond_relaxed+$k: an acquire without a fence, not Sometimes"
	done
done

out=$(sh "$root/kernel/lock-code.sh" 2>&1)
echo "$out" | grep -E '^(FAIL|SKIP)'
p=$(echo "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
f=$(echo "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
pass=$((pass + ${p:-0})) fail=$((fail + ${f:-0}))
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
