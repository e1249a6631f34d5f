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
root=$(cd "$(dirname "$0")/../.." && pwd)
suite=${1:-$root/../shared/conformance/ppc-catalogue}
bpfmm=${2:-$root/build/bpfmm}
model=${3:-$root/models/ppc.cat}
jobs=${JOBS:-4}
step=${STEP:-1}
limit=${TIMEOUT:-20}

if [ ! -d "$suite/tests" ] || [ ! -d "$suite/expected" ]; then
	echo "SKIP: PPC suite not found at $suite"
	exit 0
fi
[ -x "$bpfmm" ] || { echo "ppc.sh: no executable $bpfmm (run make)" >&2; exit 2; }
[ -f "$model" ] || { echo "ppc.sh: no model $model" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

(cd "$suite/tests" && find . -name '*.litmus' | sed 's|^\./||' | LC_ALL=C sort) |
	awk -v k="$step" '(NR - 1) % k == 0' >"$tmp/files"
[ -s "$tmp/files" ] || { echo "ppc.sh: no tests in $suite/tests" >&2; exit 2; }

# One bpfmm process per test: out/<n>.out and out/<n>.err.
mkdir "$tmp/out"
to=
command -v timeout >/dev/null 2>&1 && to="timeout $limit"
awk '{ print NR - 1 "\t" $0 }' "$tmp/files" |
	while IFS='	' read -r n f; do printf '%s\n%s\n' "$n" "$f"; done |
	xargs -n 2 -P "$jobs" sh -c '$0 "$1" -notime -model "$2" "$3/tests/$6" >"$4/$5.out" 2>"$4/$5.err"' \
		"$to" "$bpfmm" "$model" "$suite" "$tmp/out" 2>/dev/null

# One herd-style output -> "KIND STATES": each state with blanks removed,
# `[x]` written `x`, its entries sorted; the states sorted, joined by '|'.
summarise() {
	awk '
	/^States / { left = $2 + 0; next }
	left > 0 {
		line = $0; gsub(/[ \t]+/, "", line); gsub(/[][]/, "", line)
		ne = split(line, e, ";")
		for (i = 2; i <= ne; i++) { v = e[i]; j = i - 1
			while (j >= 1 && e[j] > v) { e[j+1] = e[j]; j-- }; e[j+1] = v }
		line = ""; for (i = 1; i <= ne; i++) if (e[i] != "") line = line e[i] ";"
		st[++ns] = line; left--; next
	}
	/^Observation / { kind = $3 }
	END {
		for (i = 2; i <= ns; i++) { v = st[i]; j = i - 1
			while (j >= 1 && st[j] > v) { st[j+1] = st[j]; j-- }; st[j+1] = v }
		s = ""; for (i = 1; i <= ns; i++) s = s (i > 1 ? "|" : "") st[i]
		print (kind == "" ? "?" : kind), s
	}' "$1"
}

pass=0 fail=0 skip=0 n=0
while read -r f; do
	out="$tmp/out/$n.out" err="$tmp/out/$n.err"
	n=$((n + 1))
	if grep -q 'unsupported' "$err" 2>/dev/null; then
		skip=$((skip + 1)); continue
	fi
	if ! grep -q '^Observation ' "$out" 2>/dev/null; then
		why=$(head -1 "$err" 2>/dev/null)
		echo "FAIL $f: no result (${why:-timeout after ${limit}s?})"
		fail=$((fail + 1)); continue
	fi
	got=$(summarise "$out")
	want=$(summarise "$suite/expected/${f%.litmus}.out")
	if [ "${got%% *}" != "${want%% *}" ]; then
		echo "FAIL $f: observation ${got%% *}, herd7 ${want%% *}"
		fail=$((fail + 1)); continue
	fi
	if [ "${got#* }" != "${want#* }" ]; then
		echo "FAIL $f: states differ"
		echo "   herd7: ${want#* }"
		echo "   got:   ${got#* }"
		fail=$((fail + 1)); continue
	fi
	pass=$((pass + 1))
done <"$tmp/files"
echo "$pass passed, $fail failed ($skip skipped)"
[ "$fail" -eq 0 ]
