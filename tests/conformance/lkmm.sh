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
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
