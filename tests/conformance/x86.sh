#!/bin/sh
# x86 conformance: run bpfmm with models/x86tso.cat over the x86 litmus
# catalogues in ../shared/conformance (x86_64-catalogue: X86_64, AT&T
# syntax; x86-catalogue: X86, Intel syntax) and compare, test by test, the
# Observation kind (Never / Sometimes / Always) and the set of final States
# with herd7's output in expected/<path>.out.
#
#   tests/conformance/x86.sh [CONFORMANCE_DIR [BPFMM [MODEL]]]
#
# Defaults: CONFORMANCE_DIR = ../shared/conformance (next to the
# repository), BPFMM = build/bpfmm, MODEL = models/x86tso.cat. JOBS=N runs N
# bpfmm processes at a time (default 4).
#
# A test bpfmm rejects as "unsupported" counts as skipped; any other error
# is a failure. Prints one line per mismatch, one summary line per
# catalogue, and ends with "N passed, N failed (M skipped)" over both. Exit
# 0 iff nothing failed; exit 0 with "SKIP: ..." when no catalogue is there.
set -u
. "$(dirname "$0")/lib.sh"
conf=${1:-$root/../shared/conformance}
bpfmm=${2:-$root/build/bpfmm}
model=${3:-$root/models/x86tso.cat}
brackets=1

suites=
for s in x86_64-catalogue x86-catalogue; do
	[ -d "$conf/$s/tests" ] && [ -d "$conf/$s/expected" ] && suites="$suites $s"
done
if [ -z "$suites" ]; then
	echo "SKIP: x86 catalogues not found in $conf"
	exit 0
fi
need_tools

tpass=0 tfail=0 tskip=0
for s in $suites; do
	suite=$conf/$s
	rm -rf "$tmp/out"; mkdir "$tmp/out"
	list_tests "$suite/tests" >"$tmp/files"
	run_tests "$tmp/files" "$tmp/out"
	compare_tests "$tmp/files" "$tmp/out" "$s/"
	echo "$s: $pass passed, $fail failed ($skip skipped)"
	tpass=$((tpass + pass)) tfail=$((tfail + fail)) tskip=$((tskip + skip))
done
echo "$tpass passed, $tfail failed ($tskip skipped)"
[ "$tfail" -eq 0 ]
