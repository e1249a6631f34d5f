#!/bin/sh
# Regenerate expected/*.out (and expected/unrollN/*.out for the retry
# loops, at -unroll 0 and 1, and at 3 for *-unroll3-*) of
# tests/litmus/engine from herd7 (the reference): RISC-V tests with OUR models/riscv.cat (through
# tests/diff/herd-riscv.cat, which renames herd7's RISC-V event sets),
# Power and BPF tests with our ppc.cat / bpf.cat, AArch64 tests with
# herd7's OWN aarch64.cat (ours uses sets herd7's front-end does not
# give; these tests only involve dependencies both models read alike).
# LoongArch: herd7 has no LoongArch front-end; kinds.txt only.
# expected/warn/NAME.warn: herd7's stderr when it warns that the unrolling
# limit was exceeded (run from tests/, so the file name is NAME.litmus);
# engine.sh wants bpfmm's stderr to be the same text.
#
#   sh tests/litmus/engine/herd-expected.sh      (from the repository root)
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
H=${HERD7:-$root/../shared/tools/herd7/herd7}
R=$root/../shared/reference-models/herd-lib
dir=$root/tests/litmus/engine
mkdir -p "$dir/expected/unroll0" "$dir/expected/unroll1" "$dir/expected/unroll3" "$dir/expected/warn"
for f in "$dir"/tests/*.litmus; do
	b=$(basename "$f" .litmus)
	case $(head -1 "$f" | cut -d' ' -f1) in
	RISCV) set -- -I "$root/models" -model "$root/tests/diff/herd-riscv.cat" ;;
	PPC) set -- -model "$root/models/ppc.cat" ;;
	BPF) set -- -model "$root/models/bpf.cat" ;;
	AArch64) set -- -I "$R" -model aarch64.cat ;;
	*) continue ;;
	esac
	"$H" "$@" "$f" 2>/dev/null | grep -v '^Hash=' >"$dir/expected/$b.out"
	rm -f "$dir/expected/warn/$b.warn"
	(cd "$dir/tests" && "$H" "$@" "$b.litmus" 2>&1 >/dev/null) >"$dir/expected/warn/$b.warn"
	grep -q 'unrolling limit exceeded' "$dir/expected/warn/$b.warn" || rm -f "$dir/expected/warn/$b.warn"
	# the unrolling limit itself: retry loops also at -unroll 0 and 1
	case $b in
	*retry*) for u in 0 1; do
		"$H" -unroll $u "$@" "$f" 2>/dev/null | grep -v '^Hash=' >"$dir/expected/unroll$u/$b.out"
	done ;;
	esac
	# and a test named *-unroll3-* at -unroll 3 too
	case $b in
	*-unroll3-*) "$H" -unroll 3 "$@" "$f" 2>/dev/null | grep -v '^Hash=' >"$dir/expected/unroll3/$b.out" ;;
	esac
done
