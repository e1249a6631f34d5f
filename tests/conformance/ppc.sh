#!/bin/sh
# Power conformance: run bpfmm with models/ppc.cat over the PPC litmus
# catalogue in ../shared/conformance/ppc-catalogue (tests/illustrative and
# tests/campaign, the "Herding cats" tests) and compare, test by test, the
# Observation kind (Never / Sometimes / Always) and the set of final States
# with herd7's output in expected/<path>.out.
#
#   tests/conformance/ppc.sh [SUITE_DIR [BPFMM [MODEL]]]
#
# Defaults: SUITE_DIR = ../shared/conformance/ppc-catalogue (next to the
# repository), BPFMM = build/bpfmm, MODEL = models/ppc.cat. JOBS=N runs N
# bpfmm processes at a time (default 4); STEP=K checks only every K-th test
# (sorted by path; K=1, the default: all 297). TIMEOUT=S gives each bpfmm
# run S seconds (default 20); a run that takes longer is a failure.
#
# A test bpfmm rejects as "unsupported" counts as skipped; any other error
# is a failure. Prints one line per mismatch and ends with
# "N passed, N failed (M skipped)". Exit 0 iff nothing failed; exit 0 with
# "SKIP: ..." when the suite is absent.
set -u
. "$(dirname "$0")/lib.sh"
suite=${1:-$root/../shared/conformance/ppc-catalogue}
bpfmm=${2:-$root/build/bpfmm}
model=${3:-$root/models/ppc.cat}
step=${STEP:-1}
limit=${TIMEOUT:-20}
brackets=1

if [ ! -d "$suite/tests" ] || [ ! -d "$suite/expected" ]; then
	echo "SKIP: PPC suite not found at $suite"
	exit 0
fi
need_tools

list_tests "$suite/tests" >"$tmp/files"
need_tests "$tmp/files"
mkdir "$tmp/out"
runner=
command -v timeout >/dev/null 2>&1 && runner="timeout $limit"
run_tests "$tmp/files" "$tmp/out"
why_none="timeout after ${limit}s?"
compare_tests "$tmp/files" "$tmp/out"
echo "$pass passed, $fail failed ($skip skipped)"
[ "$fail" -eq 0 ]
