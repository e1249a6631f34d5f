#!/bin/sh
# Our own C (Linux-kernel) litmus tests, tests/litmus/c, against the
# kernel's memory model (linux-kernel.cat from the kernel sources, found or
# extracted as lkmm-lib.sh says), with the verdicts of tests/litmus/c/kinds.txt.
#
#   c-corpus.sh [BPFMM]
#
# Ends with "N passed, N failed"; exit 0 with "SKIP: ..." without the
# kernel sources.
set -u
bpfmm=${1:-build/bpfmm}
. "$(dirname "$0")/lkmm-lib.sh"

lkmm_dir linux-kernel.cat
exec sh "$(dirname "$0")/../scripts/verdicts.sh" "$(dirname "$0")/../litmus/c" "$bpfmm" "$dir/linux-kernel.cat"
