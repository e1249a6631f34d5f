#!/bin/sh
# AArch64 conformance: run bpfmm with models/aarch64.cat over the AArch64
# litmus catalogue in ../shared/conformance/aarch64-catalogue and compare,
# test by test, with herd7's results:
#   - the Observation kind (Never / Sometimes / Always) with the catalogue's
#     kinds.txt (Forbidden / Allowed / Required) where the test has an
#     entry, else with herd7's Observation in expected/NAME.out;
#   - the set of final States with expected/NAME.out.
#
#   tests/conformance/aarch64.sh [SUITE_DIR [BPFMM [MODEL]]]
#
# Defaults: SUITE_DIR = ../shared/conformance/aarch64-catalogue (next to the
# repository), BPFMM = build/bpfmm, MODEL = models/aarch64.cat. JOBS=N runs
# N bpfmm processes at a time (default 4).
#
# A test bpfmm refuses as "unsupported" counts as skipped; any other error
# is a failure. Prints one line per mismatch and ends with
# "N passed, N failed (M skipped)". Exit 0 iff nothing failed; exit 0 with
# "SKIP: ..." when the catalogue is absent.
set -u
. "$(dirname "$0")/lib.sh"
suite=${1:-$root/../shared/conformance/aarch64-catalogue}
bpfmm=${2:-$root/build/bpfmm}
model=${3:-$root/models/aarch64.cat}

if [ ! -d "$suite/tests" ] || [ ! -d "$suite/expected" ]; then
	echo "SKIP: AArch64 catalogue not found at $suite"
	exit 0
fi
need_tools

(cd "$suite/tests" && ls | grep '\.litmus$' | LC_ALL=C sort) >"$tmp/files"
need_tests "$tmp/files"
mkdir "$tmp/out"
run_tests "$tmp/files" "$tmp/out"

# kinds.txt: NAME KIND (Forbidden / Allowed / Required), '#' comments;
# a test without an entry keeps herd7's kind.
expected_kind() {
	[ -f "$suite/kinds.txt" ] || return 0
	awk -v n="$1" '$1 == n && $1 !~ /^#/ {
		k = $2
		if (k == "Forbidden") print "Never"
		else if (k == "Allowed") print "Sometimes"
		else if (k == "Required") print "Always"
		exit
	}' "$suite/kinds.txt"
}

# Known differences with herd7, each with its reason, are listed in
# aarch64-known.txt ("FILE reason"). They are reported, not counted as
# failures; one that starts to agree is a failure until the list is updated.
known_list="$(dirname "$0")/aarch64-known.txt"

compare_tests "$tmp/files" "$tmp/out"
echo "$pass passed, $fail failed ($skip skipped, $known known differences)"
[ "$fail" -eq 0 ]
