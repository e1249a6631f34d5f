#!/bin/sh
# Suite `locks` (docs/lkmm-riscv.md, "Unlock then lock"): does a lock
# handover on one CPU (unlock of l1, lock of l2) keep the LKMM's RCtso
# ordering on riscv64 with and without the .aq/.rl patch?
#  1. tests/locks/riscv is what tests/locks/gen.sh writes;
#  2. bpfmm (models/riscv.cat) gives every test the Observation of
#     tests/locks/expected.txt (herdtools7's own riscv.cat); with
#     ../shared, herd7 with that model is run again on every test;
#  3. the answer, from bpfmm's results: every pair of 6.12 lock
#     operations keeps R->W (LB), R->R (MP) and W->W (WW) in both
#     kernels, and the hypothetical acquire (load, branch, fence r,r) after
#     read_unlock loses R->W and W->W with the patch only;
#  4. kernel/lock-code.sh: the sequences are those of the kernel suite's
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
diff -r "$tmp/gen" "$root/tests/locks/riscv" >"$tmp/diff" && ok \
	|| ko "tests/locks/riscv differs from gen.sh's output: $(head -5 "$tmp/diff")"

grep -v '^#' "$root/tests/locks/expected.txt" >"$tmp/expected"
# one run of each tool over all tests: "NAME OBSERVATION" lines
observations() { awk '/^Observation/ { print $2, $3 }' | sort; }
(cd "$root/tests/locks/riscv" && "$bpfmm" -notime -j 2 *.litmus 2>&1) | observations >"$tmp/bpfmm"
compare() {   # compare TOOL RESULTS
	[ "$(wc -l <"$tmp/expected")" -eq "$(ls "$root"/tests/locks/riscv/*.litmus | wc -l)" ] && ok \
		|| ko "expected.txt: not one line per test"
	while read -r name want; do
		got=$(awk -v n="$name" '$1 == n { print $2 }' "$2")
		[ "$got" = "$want" ] && ok || ko "$name: $1 ${got:-no result}, expected $want"
	done <"$tmp/expected"
}
compare bpfmm "$tmp/bpfmm"
if [ -x "$herd7" ] && [ -r "$lib/riscv.cat" ]; then
	(cd "$root/tests/locks/riscv" && "$herd7" -I "$lib" -model riscv.cat *.litmus 2>&1) | observations >"$tmp/herd7"
	compare "herd7 (herdtools7's riscv.cat)" "$tmp/herd7"
else
	echo "SKIP: herd7 with its riscv.cat (no $herd7)"
fi

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

out=$(sh "$root/kernel/lock-code.sh" 2>&1)
echo "$out" | grep -E '^(FAIL|SKIP)'
p=$(echo "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
f=$(echo "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
pass=$((pass + ${p:-0})) fail=$((fail + ${f:-0}))
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
