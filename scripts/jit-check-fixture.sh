#!/bin/bash
# scripts/jit-check-fixture.sh - `make jit-check-fixture`: cut the consoles
# the bpf-run guests left in $BPFMM_CACHE/kernel-check/logs (suite bpf-run)
# to the tests of tests/jit-check/fixtures/tests (and, for the broken
# riscv64 JIT, SB+xchg64+xchg64 and lost-update), into
# tests/jit-check/fixtures/ARCH.console: the recorded dumps suite jit-check
# reads without guests.  Only the runner's "layout" and "jit" lines are kept.
set -eu
cd "$(dirname "$0")/.."
source kernel/lib.sh
fix=tests/jit-check/fixtures
names() { for f in "$@"; do sed -n '1s/^[^ ]* //p' "$f"; done; }
cut_dump() {
	local src=$WORK/logs/run-$1.console dst=$fix/$1.console
	shift
	[ -s "$src" ] || { echo "no $src: run the bpf-run suite first" >&2; exit 1; }
	names "$@" | while read -r n; do
		tr -d '\r' < "$src" | grep -F -e "bpfmm-run: layout $n " -e "bpfmm-run: jit $n " |
			sed 's/^.*\(bpfmm-run: \)/\1/'
	done > "$dst"
	echo "$dst: $(grep -c ' jit ' "$dst") thread images"
}
mapfile -t tests < "$fix/tests"
for arch in riscv64 arm64 x86_64; do
	cut_dump "$arch" "${tests[@]}"
done
cut_dump riscv64-brokenjit tests/litmus/bpf/SB+xchg64+xchg64.litmus tests/run/lost-update.litmus
