#!/bin/sh
# The engine's own tests (tests/litmus/engine): loops unrolled as herd7
# does, threads with hundreds of events, what a store-conditional's result
# depends on. Expected outputs come from herd7 (herd-expected.sh there).
#
#   tests/scripts/engine.sh [BPFMM]
#
# 1. verdicts.sh: kinds and States equal to herd7's (default -unroll 2);
# 2. the Ok/No line, "Loop" prefix included, equal to herd7's;
# 3. the retry loops again at -unroll 0 and 1: States, Loop line and
#    witness counts equal to herd7's at the same limit;
# 4. where herd7 warns that the unrolling limit was exceeded
#    (expected/warn/NAME.warn), bpfmm's stderr is the same text, the
#    label included (run from tests/ as herd-expected.sh runs herd7).
# Ends with "N passed, N failed".
set -u
bpfmm=${1:-build/bpfmm}
case $bpfmm in /*) ;; */*) bpfmm=$(pwd)/$bpfmm ;; esac   # step 4 runs elsewhere
dir=$(cd "$(dirname "$0")/../litmus/engine" && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

out=$(sh "$(dirname "$0")/verdicts.sh" "$dir" "$bpfmm")
echo "$out" | grep -v ' passed, ' 
p=$(echo "$out" | tail -1 | cut -d' ' -f1); f=$(echo "$out" | tail -1 | cut -d' ' -f3)
pass=$((pass + p)); fail=$((fail + f))

# "Ok" / "No" / "Loop Ok" / "Loop No"; States; witnesses
key() { grep -E '^(Loop )?(Ok|No)$|^Positive:' "$1" | tr '\n' ' '; }
states() { awk '/^States /{n=$2; next} n>0 {gsub(/[ \t]+/,""); print; n--}' "$1" | LC_ALL=C sort | tr '\n' ' '; }
for exp in "$dir"/expected/*.out "$dir"/expected/unroll*/*.out; do
	[ -f "$exp" ] || continue
	b=$(basename "$exp" .out)
	u=2
	case $exp in */unroll[0-9]/*) u=$(basename "$(dirname "$exp")"); u=${u#unroll} ;; esac
	"$bpfmm" -notime -unroll "$u" "$dir/tests/$b.litmus" >"$tmp/out" 2>"$tmp/err"
	if [ "$u" != 2 ] && [ "$(states "$exp")" != "$(states "$tmp/out")" ]; then
		echo "FAIL $b -unroll $u: states differ: herd7 $(states "$exp")/ bpfmm $(states "$tmp/out")"
		fail=$((fail + 1)); continue
	fi
	want=$(key "$exp"); got=$(key "$tmp/out")
	# witness counts: only at -unroll 0/1 (the loops) are they compared
	if [ "$u" = 2 ]; then want=${want%%Positive*}; got=${got%%Positive*}; fi
	if [ "$want" != "$got" ]; then
		echo "FAIL $b -unroll $u: herd7 '$want', bpfmm '$got'"
		fail=$((fail + 1)); continue
	fi
	# herd7's warning when a path went past the limit, and only then
	if grep -q '^Loop' "$exp" && ! grep -q '^Warning: File ".*": unrolling limit exceeded at .*, legal outcomes may be missing\.$' "$tmp/err"; then
		echo "FAIL $b -unroll $u: no unrolling warning on stderr"
		fail=$((fail + 1)); continue
	fi
	if ! grep -q '^Loop' "$exp" && [ -s "$tmp/err" ]; then
		echo "FAIL $b -unroll $u: unexpected stderr: $(head -1 "$tmp/err")"
		fail=$((fail + 1)); continue
	fi
	pass=$((pass + 1))
done
for exp in "$dir"/expected/warn/*.warn; do
	[ -f "$exp" ] || continue
	b=$(basename "$exp" .warn)
	got=$(cd "$dir/tests" && "$bpfmm" -notime "$b.litmus" 2>&1 >/dev/null)
	if [ "$got" != "$(cat "$exp")" ]; then
		echo "FAIL $b: warning differs: herd7 '$(cat "$exp")', bpfmm '$got'"
		fail=$((fail + 1)); continue
	fi
	pass=$((pass + 1))
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
