#!/bin/sh
# Run the Linux-kernel memory model's own litmus tests with bpfmm.
#
#   lkmm.sh [BPFMM]
#
# The model and its tests (tools/memory-model of the kernel sources) are
# read from $LKMM_DIR if set; otherwise extracted once from the kernel
# source tarball ($LINUX_SOURCE_TARBALL, default
# /usr/src/linux-source-6.12.tar.xz) into ~/.cache/bpfmm-lkmm, outside the
# repository. Nothing of the kernel is copied into the repository.
#
# Every litmus-tests/*.litmus is checked with linux-kernel.cat, and the
# Observation (Never / Sometimes / Always) is compared with the `Result:`
# line of the test's header comment. Prints one line per mismatch (or
# error) and ends with "N passed, N failed". Exit 1 on any failure; exit 0
# with "SKIP: ..." when the kernel sources are not available.
set -u
bpfmm=${1:-build/bpfmm}
. "$(dirname "$0")/lkmm-lib.sh"

lkmm_dir linux-kernel.cat
[ -x "$bpfmm" ] || { echo "lkmm.sh: no executable $bpfmm (run make)" >&2; exit 2; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

pass=0 fail=0
for f in "$dir"/litmus-tests/*.litmus; do
	name=$(basename "$f" .litmus)
	want=$(sed -n 's/^[ \t*]*Result:[ \t]*\([A-Za-z]*\).*/\1/p' "$f" | head -1)
	if [ -z "$want" ]; then
		echo "FAIL $name: no 'Result:' line in the test"
		fail=$((fail + 1)); continue
	fi
	"$bpfmm" -notime -model linux-kernel.cat -I "$dir" "$f" >"$tmp/out" 2>"$tmp/err"
	got=$(awk '/^Observation / { print $3; exit }' "$tmp/out")
	if [ -z "$got" ]; then
		echo "FAIL $name: no result ($(head -1 "$tmp/err"))"
		fail=$((fail + 1))
	elif [ "$got" != "$want" ]; then
		echo "FAIL $name: $got, expected $want"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
done

# The generated RCU shapes of bench/ (rrg-shape.sh, rcu-shape.sh), with
# the States count and Observation herd7 7.58 gives under linux-kernel.cfg
# (measured 2026-12-05): RCU forbids a reader seeing the new y and the old
# x across a grace period (3^N states), a ring of readers and grace
# periods is a cycle only with more readers than grace periods, and a
# lock emulated with cmpxchg_acquire / smp_store_release forbids store
# buffering between its critical sections.
shape() {   # NAME WANT-STATES WANT-OBSERVATION FILE
	"$bpfmm" -notime -model linux-kernel.cat -I "$dir" "$4" >"$tmp/out" 2>"$tmp/err"
	got="$(sed -n 's/^States //p' "$tmp/out") $(awk '/^Observation / { print $3, $4, $5 }' "$tmp/out")"
	if [ "$got" = "$2 $3" ]; then
		pass=$((pass + 1))
	else
		echo "FAIL $1: '$got', expected '$2 $3' ($(head -1 "$tmp/err"))"
		fail=$((fail + 1))
	fi
}
root=$(cd "$(dirname "$0")/../.." && pwd)
shape C-RR-G+3 27 "Never 0 27" "$(sh "$root/bench/rrg-shape.sh" "$tmp" 3)"
shape C-RR-G+6 729 "Never 0 729" "$(sh "$root/bench/rrg-shape.sh" "$tmp" 6)"
shape C-RW-R+RW-R+RW-G+RW-G+RW-G+RW-G+RW-R+RW-R+RW-R+RW-R 1024 "Sometimes 1 1023" \
	"$(sh "$root/bench/rcu-shape.sh" "$tmp" 10)"
shape RRGGGGRRRRGGR 8192 "Sometimes 1 8191" "$(sh "$root/bench/rcu-shape.sh" "$tmp" RRGGGGRRRRGGR)"
shape C-SB+emulated-lock+2 2 "Never 0 2" "$(sh "$root/bench/lock-shape.sh" "$tmp" 2)"
shape C-SB+emulated-lock+3 6 "Never 0 6" "$(sh "$root/bench/lock-shape.sh" "$tmp" 3)"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
