#!/bin/sh
# Our own C (Linux-kernel) litmus tests, tests/litmus/c, against the
# kernel's memory model (linux-kernel.cat from the kernel sources, found or
# extracted as lkmm-lib.sh says), with the verdicts of tests/litmus/c/kinds.txt
# (and herd7's States where tests/litmus/c/expected/ has them), and the
# tests of tests/litmus/c-budget, run with -budget 10.
#
#   c-corpus.sh [BPFMM]
#
# Ends with "N passed, N failed"; exit 0 with "SKIP: ..." without the
# kernel sources.
set -u
bpfmm=${1:-build/bpfmm}
. "$(dirname "$0")/lkmm-lib.sh"

lkmm_dir linux-kernel.cat
here=$(dirname "$0")
# tests/litmus/c, then tests/litmus/c-budget (run with its `options`,
# -budget 10); one "N passed, N failed" line for both
{ sh "$here/../scripts/verdicts.sh" "$here/../litmus/c" "$bpfmm" "$dir/linux-kernel.cat"
  sh "$here/../scripts/verdicts.sh" "$here/../litmus/c-budget" "$bpfmm" "$dir/linux-kernel.cat"
} | awk '/^[0-9]+ passed, [0-9]+ failed$/ { p += $1; f += $3; next } { print }
	END { printf "%d passed, %d failed\n", p, f; exit f > 0 }'
