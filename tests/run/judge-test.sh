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
	'^Run MP\+rel\+acq riscv64 unsupported \(load_acquire / store_release' \
	'^run riscv64: 2 tests run, 2 unsupported, 0 failed, 8192 instances, 4 states, 1 weak states in 1 tests \(96 instances\), 0 violations$'

$b run --judge tests/run/logs/good.log --arch riscv64 tests/litmus/bpf/LB+fetchadd+fetchadd.litmus >"$out" 2>&1; rc=$?
check "a test the guest did not report fails" 1 '^Run LB\+fetchadd\+fetchadd riscv64 FAILED'

$b run --emit "$out" tests/run/lost-update.litmus >/dev/null 2>&1; rc=$?
check "job file: two programs, the barrier and the fetch-add" 0 '^test lost-update$' '^prog 0 ' '^prog 1 ' \
	'^229 0 0 2 0$' '^219 1 2 0 1$'

# big-endian guests (s390x): the job says how wide each location's accesses
# are (the runner lays the value out for them), and a location accessed
# with two widths is not run there (it is on a little-endian guest)
$b run --emit "$out" tests/litmus/bpf/SB+fetchadd+fetchadd.litmus >/dev/null 2>&1; rc=$?
check "job file: the u32 locations x and y say their size" 0 '^size 0 4$' '^size 64 4$'
if grep -q '^size 128 ' "$out"; then
	echo "FAIL job file: the u64 location f0 has a size line"; fail=$((fail + 1))
fi
$b run --judge /dev/null --arch s390x tests/litmus/bpf/lock-ops-value.litmus > "$out" 2>&1; rc=$?
check "s390x: a location accessed as u32 and u64 is unsupported" 0 \
	'^Run lock-ops-value s390x unsupported \(a location accessed with two sizes'
$b run --judge /dev/null --arch ppc64le tests/litmus/bpf/lock-ops-value.litmus > "$out" 2>&1; rc=$?
if grep -q '^Run lock-ops-value ppc64le unsupported' "$out"; then
	echo "FAIL ppc64le (little endian): lock-ops-value unsupported"; fail=$((fail + 1))
else
	echo "PASS ppc64le (little endian): lock-ops-value run"; pass=$((pass + 1))
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
