#!/bin/sh
# RISC-V conformance: run bpfmm with models/riscv.cat over the RISC-V litmus
# suite in ../shared/conformance/riscv and compare, test by test, the
# Observation kind (Never / Sometimes / Always) and the set of final States
# with herd7's output in expected/<path>.out.
#
#   tests/conformance/riscv.sh [SUITE_DIR [BPFMM [MODEL]]]
#
# Defaults: SUITE_DIR = ../shared/conformance/riscv (next to the repository),
# BPFMM = build/bpfmm, MODEL = models/riscv.cat. Set JOBS=N to run N bpfmm
# processes at a time (default 4) and STEP=K to check only every K-th test
# (sorted by path, K=1: all).
#
# A test bpfmm rejects as "unsupported" (LR/SC today) counts as skipped;
# any other error is a failure. Prints one line per mismatch and ends with
# "N passed, N failed (M skipped)". Exit 0 iff nothing failed; exit 0 with
# "SKIP: ..." when the suite is absent.
set -u
. "$(dirname "$0")/lib.sh"
suite=${1:-$root/../shared/conformance/riscv}
bpfmm=${2:-$root/build/bpfmm}
model=${3:-$root/models/riscv.cat}
step=${STEP:-1}

if [ ! -d "$suite/tests" ] || [ ! -d "$suite/expected" ]; then
	echo "SKIP: RISC-V suite not found at $suite"
	exit 0
fi
need_tools

list_tests "$suite/tests" >"$tmp/files"
need_tests "$tmp/files"
mkdir "$tmp/out"
run_tests "$tmp/files" "$tmp/out"
compare_tests "$tmp/files" "$tmp/out"
echo "$pass passed, $fail failed ($skip skipped)"
[ "$fail" -eq 0 ]
