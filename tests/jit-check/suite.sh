#!/bin/bash
# tests/jit-check/suite.sh - suite jit-check of `make check`
# (docs/jit-check.md).
#
# 1. Without guests: `bpfmm jit-check` on the recorded dumps of
#    tests/jit-check/fixtures (real consoles of the bpf-run guests run with
#    the tests listed in fixtures/tests by `make jit-check-fixture`): every
#    test lifted, none unsound for the three 6.12 JITs; the broken riscv64
#    JIT's relaxed xchg unsound (with its state); a corrupted dump line
#    reported as FILE:LINE:COL: error.
# 2. On the dumps the bpf-run suite's guests left in
#    $BPFMM_CACHE/kernel-check/logs/run-ARCH.console (no kernel is built or
#    booted here; SKIP per arch when a dump is absent or from a runner
#    without markers): every test bpf-run ran lifted or refused with a
#    reason, at least 95% lifted, 0 unsound, 0 unchecked; then the broken
#    riscv64 JIT: bpf-run saw no violation on SB+xchg64+xchg64, jit-check
#    says unsound.
# Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
source kernel/lib.sh
nrandom=${RUN_RANDOM:-200}
seed=${RUN_SEED:-7}
shared=${SHARED:-../shared}
fix=tests/jit-check/fixtures
make -s build/bpfmm build/bpfgen || exit 2
if ! command -v llvm-objdump-19 >/dev/null || ! command -v llvm-objcopy-19 >/dev/null; then
	sh scripts/deps.sh clang >/dev/null 2>&1
	if ! command -v llvm-objdump-19 >/dev/null || ! command -v llvm-objcopy-19 >/dev/null; then
		echo "SKIP: no llvm-objdump-19 / llvm-objcopy-19 (Debian package llvm-19: scripts/deps.sh clang)"
		exit 0
	fi
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { echo "PASS $*"; pass=$((pass + 1)); }
ko() { echo "FAIL $*"; fail=$((fail + 1)); }

# summary FILE FIELD: a number of the "jit-check ARCH: ..." line
summary() { sed -n "s/^jit-check [^:]*:.* \([0-9][0-9]*\) $2.*/\1/p" "$1" | tail -n 1; }

# judge ARCH DUMP OUT TESTS...: jit-check, then its counts asserted
judge() {
	local arch=$1 dump=$2 out=$3 lifted refused unsound unchecked
	shift 3
	build/bpfmm jit-check --arch "$arch" --dump "$dump" --emit "$out.lifted" "$@" > "$out" 2> "$out.err"
	lifted=$(summary "$out" lifted)
	refused=$(summary "$out" refused)
	unsound=$(summary "$out" unsound)
	unchecked=$(summary "$out" unchecked)
	if [ -z "$lifted" ]; then
		tail -n 5 "$out.err"
		ko "$arch ($dump): no summary"
		return
	fi
	tail -n 1 "$out"
	grep -E ' jit (refused|unsound|unchecked)' "$out" | head -n 10
	if grep -E ' jit refused' "$out" | grep -qv ' jit refused (.\+)$'; then
		ko "$arch: a refusal without its reason"
	fi
	if [ "$unsound" -eq 0 ] && [ "$unchecked" -eq 0 ] && [ $((lifted + refused)) -gt 0 ] &&
		[ $((lifted * 100)) -ge $(((lifted + refused) * 95)) ]; then
		ok "$arch: $lifted lifted, $refused refused (>= 95% lifted), 0 unsound, 0 unchecked"
	else
		ko "$arch: $lifted lifted, $refused refused, $unsound unsound, $unchecked unchecked"
	fi
}

# ---- 1. the recorded fixture ---------------------------------------------
ftests=()
while read -r f; do
	[ -n "$f" ] && ftests+=("$f")
done < "$fix/tests"
for arch in riscv64 arm64 x86_64; do
	judge "$arch" "$fix/$arch.console" "$tmp/fix-$arch.out" "${ftests[@]}"
	n=$(summary "$tmp/fix-$arch.out" lifted)
	[ "${n:-0}" -eq "${#ftests[@]}" ] && ok "$arch fixture: all ${#ftests[@]} tests lifted" ||
		ko "$arch fixture: ${n:-0} of ${#ftests[@]} lifted"
done
# the broken JIT's relaxed xchg: unsound, the SB state, and the lifted test
# shows amoswap.d without .aqrl
out=$tmp/fix-broken.out
build/bpfmm jit-check --arch riscv64 --dump "$fix/riscv64-brokenjit.console" --emit "$tmp/broken" \
	tests/litmus/bpf/SB+xchg64+xchg64.litmus tests/run/lost-update.litmus > "$out" 2>&1
if grep -q '^JitCheck SB+xchg64+xchg64 riscv64 jit unsound 0:r4=0; .*1:r4=0;' "$out" &&
	grep -q 'amoswap\.d s4, s4, (s3)' "$tmp/broken/SB+xchg64+xchg64.litmus"; then
	ok "riscv64-brokenjit fixture: relaxed xchg unsound: $(grep -m1 'SB+xchg64' "$out")"
else
	cat "$out"
	ko "riscv64-brokenjit fixture: relaxed xchg not found unsound"
fi
grep -q '^JitCheck lost-update riscv64 jit unsound' "$out" &&
	ok "riscv64-brokenjit fixture: load/add/store fetch-add unsound" ||
	ko "riscv64-brokenjit fixture: lost-update not unsound"
# the same test on the sound JIT's code is sound (the check can tell)
grep -q '^JitCheck SB+xchg64+xchg64 riscv64 jit sound' "$tmp/fix-riscv64.out" &&
	ok "riscv64 fixture: the 6.12 JIT's xchg sound" || ko "riscv64 fixture: SB+xchg64+xchg64 not sound"
# a corrupted line: FILE:LINE:COL: error, the test then has no code
sed '3s/ [0-9a-f]*$/ 13zz/' "$fix/riscv64.console" > "$tmp/bad.console"
build/bpfmm jit-check --arch riscv64 --dump "$tmp/bad.console" "${ftests[@]}" > "$tmp/bad.out" 2> "$tmp/bad.err"
if grep -q "^$tmp/bad.console:3:[0-9]*: error: bad jit line: not a hex image" "$tmp/bad.err"; then
	ok "a corrupted dump line: $(sed "s|$tmp/||" "$tmp/bad.err" | head -n 1)"
else
	cat "$tmp/bad.err"
	ko "a corrupted dump line not reported"
fi

# ---- 2. the bpf-run guests' dumps -----------------------------------------
logs=$WORK/logs
listed=
for arch in riscv64 arm64 x86_64; do
	dump=$logs/run-$arch.console
	if [ ! -s "$dump" ] || ! grep -q 'bpfmm-run: layout ' "$dump"; then
		echo "SKIP $arch: no dump of the current runner in $dump (suite bpf-run makes it)"
		continue
	fi
	if [ -z "$listed" ]; then
		source tests/run/tests.sh
		run_tests "$tmp/tests" || exit 2
		listed=1
	fi
	t0=$(date +%s)
	judge "$arch" "$dump" "$logs/jit-check-$arch.txt" "${tests[@]}"
	echo "$arch: $(($(date +%s) - t0))s"
done
dump=$logs/run-riscv64-brokenjit.console
if [ -s "$dump" ] && grep -q 'bpfmm-run: layout ' "$dump"; then
	out=$logs/jit-check-riscv64-brokenjit.txt
	build/bpfmm jit-check --arch riscv64 --dump "$dump" --emit "$out.lifted" \
		tests/litmus/bpf/SB+xchg64+xchg64.litmus > "$out" 2>&1
	if grep -q '^Run SB+xchg64+xchg64 riscv64 ok ' "$logs/run-riscv64-brokenjit.txt" &&
		grep -q '^JitCheck SB+xchg64+xchg64 riscv64 jit unsound' "$out"; then
		ok "riscv64-brokenjit: bpf-run 0 violations, jit-check $(grep -m1 '^JitCheck' "$out" | cut -d' ' -f5-)"
		cat "$out.lifted/SB+xchg64+xchg64.litmus"
	else
		cat "$out"
		ko "riscv64-brokenjit: want bpf-run ok and jit-check unsound on SB+xchg64+xchg64"
	fi
else
	echo "SKIP riscv64-brokenjit: no dump of the current runner in $dump"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
