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
root=$(cd "$(dirname "$0")/../.." && pwd)
conf=${1:-$root/../shared/conformance}
bpfmm=${2:-$root/build/bpfmm}
model=${3:-$root/models/x86tso.cat}
jobs=${JOBS:-4}

suites=
for s in x86_64-catalogue x86-catalogue; do
	[ -d "$conf/$s/tests" ] && [ -d "$conf/$s/expected" ] && suites="$suites $s"
done
if [ -z "$suites" ]; then
	echo "SKIP: x86 catalogues not found in $conf"
	exit 0
fi
[ -x "$bpfmm" ] || { echo "x86.sh: no executable $bpfmm (run make)" >&2; exit 2; }
[ -f "$model" ] || { echo "x86.sh: no model $model" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

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

tpass=0 tfail=0 tskip=0
for s in $suites; do
	suite=$conf/$s
	rm -rf "$tmp/out"; mkdir "$tmp/out"
	(cd "$suite/tests" && find . -name '*.litmus' | sed 's|^\./||' | LC_ALL=C sort) >"$tmp/files"
	awk '{ print NR - 1 "\t" $0 }' "$tmp/files" |
		while IFS='	' read -r n f; do printf '%s\n%s\n' "$n" "$f"; done |
		xargs -n 2 -P "$jobs" sh -c '"$0" -notime -model "$1" "$2/tests/$5" >"$3/$4.out" 2>"$3/$4.err"' \
			"$bpfmm" "$model" "$suite" "$tmp/out" 2>/dev/null
	pass=0 fail=0 skip=0 n=0
	while read -r f; do
		out="$tmp/out/$n.out" err="$tmp/out/$n.err"
		n=$((n + 1))
		if grep -q 'unsupported' "$err" 2>/dev/null; then
			skip=$((skip + 1)); continue
		fi
		if ! grep -q '^Observation ' "$out" 2>/dev/null; then
			echo "FAIL $s/$f: no result ($(head -1 "$err" 2>/dev/null))"
			fail=$((fail + 1)); continue
		fi
		got=$(summarise "$out")
		want=$(summarise "$suite/expected/${f%.litmus}.out")
		if [ "${got%% *}" != "${want%% *}" ]; then
			echo "FAIL $s/$f: observation ${got%% *}, herd7 ${want%% *}"
			fail=$((fail + 1)); continue
		fi
		if [ "${got#* }" != "${want#* }" ]; then
			echo "FAIL $s/$f: states differ"
			echo "   herd7: ${want#* }"
			echo "   got:   ${got#* }"
			fail=$((fail + 1)); continue
		fi
		pass=$((pass + 1))
	done <"$tmp/files"
	echo "$s: $pass passed, $fail failed ($skip skipped)"
	tpass=$((tpass + pass)) tfail=$((tfail + fail)) tskip=$((tskip + skip))
done
echo "$tpass passed, $tfail failed ($tskip skipped)"
[ "$tfail" -eq 0 ]
