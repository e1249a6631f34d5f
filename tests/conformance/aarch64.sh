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
root=$(cd "$(dirname "$0")/../.." && pwd)
suite=${1:-$root/../shared/conformance/aarch64-catalogue}
bpfmm=${2:-$root/build/bpfmm}
model=${3:-$root/models/aarch64.cat}
jobs=${JOBS:-4}

if [ ! -d "$suite/tests" ] || [ ! -d "$suite/expected" ]; then
	echo "SKIP: AArch64 catalogue not found at $suite"
	exit 0
fi
[ -x "$bpfmm" ] || { echo "aarch64.sh: no executable $bpfmm (run make)" >&2; exit 2; }
[ -f "$model" ] || { echo "aarch64.sh: no model $model" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

(cd "$suite/tests" && ls | grep '\.litmus$' | LC_ALL=C sort) >"$tmp/files"
[ -s "$tmp/files" ] || { echo "aarch64.sh: no tests in $suite/tests" >&2; exit 2; }

mkdir "$tmp/out"
awk '{ print NR - 1 "\t" $0 }' "$tmp/files" |
	while IFS='	' read -r n f; do printf '%s\n%s\n' "$n" "$f"; done |
	xargs -n 2 -P "$jobs" sh -c '"$0" -notime -model "$1" "$2/tests/$5" >"$3/$4.out" 2>"$3/$4.err"' \
		"$bpfmm" "$model" "$suite" "$tmp/out" 2>/dev/null

# One herd-style output -> "KIND STATES": each state with blanks removed
# and its entries sorted, the states sorted and joined by '|'.
summarise() {
	awk '
	/^States / { left = $2 + 0; next }
	left > 0 {
		line = $0; gsub(/[ \t]+/, "", line); ne = split(line, e, ";")
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

# kinds.txt: NAME KIND (Forbidden / Allowed / Required), '#' comments
kind_of() {
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
is_known() { grep -q "^$1 " "$known_list" 2>/dev/null; }

pass=0 fail=0 skip=0 known=0 n=0
while read -r f; do
	out="$tmp/out/$n.out" err="$tmp/out/$n.err"
	n=$((n + 1))
	name=${f%.litmus}
	if grep -q 'unsupported' "$err" 2>/dev/null; then
		skip=$((skip + 1)); continue
	fi
	if ! grep -q '^Observation ' "$out" 2>/dev/null; then
		echo "FAIL $f: no result ($(head -1 "$err" 2>/dev/null))"
		fail=$((fail + 1)); continue
	fi
	got=$(summarise "$out")
	want=$(summarise "$suite/expected/$name.out")
	kind=$(kind_of "$name")
	[ -n "$kind" ] || kind=${want%% *}
	if [ "${got%% *}" != "$kind" ]; then
		if is_known "$f"; then
			echo "KNOWN $f: observation ${got%% *}, herd7 $kind -- $(grep "^$f " "$known_list" | cut -d' ' -f2-)"
			known=$((known + 1)); continue
		fi
		echo "FAIL $f: observation ${got%% *}, herd7 $kind"
		fail=$((fail + 1)); continue
	fi
	if is_known "$f" && [ "${got#* }" = "${want#* }" ]; then
		echo "FAIL $f: now agrees with herd7; remove it from $(basename "$known_list")"
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
echo "$pass passed, $fail failed ($skip skipped, $known known differences)"
[ "$fail" -eq 0 ]
