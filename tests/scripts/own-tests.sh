#!/bin/sh
# Our own litmus tests, every dialect: each directory under tests/litmus
# (one or two levels down) that holds a kinds.txt is checked with
# tests/scripts/verdicts.sh against the bundled model of its tests'
# architecture (bpfmm's default; DIR/variant and DIR/options apply), unless
# the directory has a file `suite` naming the suite that runs it instead
# (C tests need the kernel's model). A new architecture's tests are picked
# up here without touching the Makefile.
#
#   tests/scripts/own-tests.sh [BPFMM]
#
# Prints each directory's result and ends with "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bpfmm=${1:-$root/build/bpfmm}
pass=0 fail=0 dirs=0
for kinds in $(cd "$root" && find tests/litmus -mindepth 2 -maxdepth 3 -name kinds.txt | LC_ALL=C sort); do
	dir=${kinds%/kinds.txt}
	[ -f "$root/$dir/suite" ] && continue
	dirs=$((dirs + 1))
	out=$(cd "$root" && sh tests/scripts/verdicts.sh "$dir" "$bpfmm" 2>&1)
	rc=$?
	line=$(printf '%s\n' "$out" | tail -1)
	p=$(echo "$line" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed.*/\1/p')
	f=$(echo "$line" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed.*/\2/p')
	if [ -z "$p" ]; then
		p=0 f=1
	fi
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	if [ "$f" -ne 0 ]; then
		printf '%s\n' "$out" | sed "s|^|$dir: |" | grep -v 'passed, .* failed' | head -20
	fi
	echo "$dir: $p passed, $f failed"
	pass=$((pass + p))
	fail=$((fail + f))
done
[ "$dirs" -gt 0 ] || { echo "own-tests: no test directory found"; fail=$((fail + 1)); }
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
