#!/bin/sh
# tests/run/judge-test.sh - `bpfmm run --judge` on canned guest consoles
# (tests/run/logs), no kernel: a state bpf.cat forbids is a VIOLATION with
# the JIT's code and exit 1; a weak state is marked; a verifier refusal is
# "unsupported" with its message; a test the guest never reported fails;
# an unsupported-by-translation test is listed with its reason.
# Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
b=${BPFMM:-build/bpfmm}
pass=0 fail=0
check() {   # DESCRIPTION COMMAND-STATUS-WANTED OUTPUT-PATTERN...
	d=$1 want=$2
	shift 2
	if [ "$rc" -ne "$want" ]; then
		echo "FAIL $d: exit status $rc, expected $want"
		fail=$((fail + 1))
		return
	fi
	for p in "$@"; do
		if ! grep -q -E -- "$p" "$out"; then
			echo "FAIL $d: no line matching /$p/"
			sed 's/^/    /' "$out"
			fail=$((fail + 1))
			return
		fi
	done
	echo "PASS $d"
	pass=$((pass + 1))
}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

$b run --judge tests/run/logs/violation.log --arch riscv64 tests/run/lost-update.litmus >"$out" 2>&1; rc=$?
check "lost update is a violation" 1 '^6 +\*> 0:r2=0; 1:r2=0; \[x\]=1; +<-- FORBIDDEN' \
	'^VIOLATION lost-update riscv64' '^  thread 0 13050000' '^Run lost-update riscv64 VIOLATION instances=4096' \
	'^Observation lost-update Sometimes 6 4090' ' 1 violations$'

$b run --judge tests/run/logs/good.log --arch riscv64 tests/run/lost-update.litmus \
	tests/litmus/bpf/SB+plain.litmus tests/litmus/bpf/CoRR+fetchadd.litmus \
	tests/litmus/bpf/MP+rel+acq.litmus >"$out" 2>&1; rc=$?
check "good log: ok, weak state marked, refusals and unsupported listed" 0 \
	'^Run lost-update riscv64 ok instances=4096 states=2/2 weak=0' \
	'^96 +\*> 0:r4=0; 1:r4=0; +\(weak' '^Run SB\+plain riscv64 ok instances=4096 states=2/4 weak=1' \
	'^Observation SB\+plain Sometimes 96 4000' \
	"^Run CoRR\\+fetchadd riscv64 unsupported \\(verifier: thread 0: R1 invalid mem access 'scalar'" \
	'^Run MP\+rel\+acq riscv64 unsupported \(verifier: thread 0: BPF_ATOMIC uses invalid atomic opcode 110' \
	'^run riscv64: 2 tests run, 2 unsupported, 0 failed, 8192 instances, 4 states, 1 weak states in 1 tests \(96 instances\), 0 violations$'

$b run --judge tests/run/logs/good.log --arch riscv64 tests/litmus/bpf/LB+fetchadd+fetchadd.litmus >"$out" 2>&1; rc=$?
check "a test the guest did not report fails" 1 '^Run LB\+fetchadd\+fetchadd riscv64 FAILED'

$b run --emit "$out" tests/run/lost-update.litmus >/dev/null 2>&1; rc=$?
check "job file: two programs, the barrier and the fetch-add" 0 '^test lost-update$' '^prog 0 ' '^prog 1 ' \
	'^229 0 0 2 0$' '^219 1 2 0 1$'

# a big-endian guest (s390x): each access of fewer than 8 bytes mirrored
# within its location (the u32 store and load of SB+fetchadd+fetchadd at
# +4, the location's low half), so that a location's 8 bytes hold its value
# as on a little-endian guest; the 64-bit fetch-add stays at +0
$b run --emit "$out" --arch s390x tests/litmus/bpf/SB+fetchadd+fetchadd.litmus >/dev/null 2>&1; rc=$?
check "s390x job: u32 accesses at +4, the u64 atomic at +0" 0 '^98 1 0 4 1$' '^97 4 2 4 0$' '^219 8 9 0 1$'
$b run --emit "$out" tests/litmus/bpf/SB+fetchadd+fetchadd.litmus >/dev/null 2>&1; rc=$?
check "little-endian job: the same accesses at +0" 0 '^98 1 0 0 1$' '^97 4 2 0 0$'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
