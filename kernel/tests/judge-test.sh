#!/usr/bin/env bash
# judge-test.sh - unit test of kernel/judge.sh on canned console logs.
#
# Each case names a log under kernel/tests/logs/, the exit status the judge
# must return and the items it must report as FAIL (and, for a good log,
# that none fails).  No kernel is built or booted: this runs in a second.
# Ends with "N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
judge=$here/../judge.sh
logs=$here/logs
npass=0
nfail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# check NAME LOG WANT_RC [FAIL-ITEM...]; $jargs: more judge.sh arguments
jargs=
check() {
	local name=$1 log=$2 want_rc=$3 out rc item ok=1 why=
	shift 3
	# shellcheck disable=SC2086
	out=$("$judge" $jargs --name "$name" "$log" 2>&1)
	rc=$?
	if [ "$rc" -ne "$want_rc" ]; then
		ok=0; why="exit status $rc, want $want_rc"
	fi
	for item in "$@"; do
		if ! grep -q -F -x -e "FAIL $item" -e "FAIL $item:" <<<"$out" &&
		   ! grep -q -F "FAIL $item: " <<<"$out"; then
			ok=0; why="$why; no \"FAIL $item\""
		fi
	done
	if [ "$want_rc" -eq 0 ] && grep -q '^FAIL ' <<<"$out"; then
		ok=0; why="$why; unexpected FAIL lines"
	fi
	if ! tail -n 1 <<<"$out" | grep -q -E "^judge $name: [0-9]+ passed, [0-9]+ failed$"; then
		ok=0; why="$why; no closing judge line"
	fi
	if [ $ok -eq 1 ]; then
		echo "PASS judge-test $name"
		npass=$((npass + 1))
	else
		echo "FAIL judge-test $name: ${why#; }"
		sed 's/^/    | /' <<<"$out"
		nfail=$((nfail + 1))
	fi
}

# The logs of v1 of the series (21 KUnit cases) were captured when its
# suite was called atomic_ordering; v2 renamed it atomic_acqrel, and the
# suite name in those logs was renamed with it. good-riscv64-v2.log is a
# console of v2 as kernel/check.sh saved it; good-riscv64-v3.log and
# good-riscv64-base-v3.log those of v3's riscv64 and riscv64-base variants
# (v3 has no KUnit suite: lib/atomic64_test.c is the guest's test). The v1 and v2
# logs are judged with the suite they ran required, as kernel-check then
# did, and without.
for good in "$logs"/good-*.log; do
	check "$(basename "$good" .log)" "$good" 0
	case $good in
	*-v3.log) ;;
	*) jargs="--suite atomic_acqrel"
	   check "$(basename "$good" .log)-suite" "$good" 0
	   jargs= ;;
	esac
done
check panic "$logs/panic.log" 1 "no panic" "no Oops" "init done" ktap
check not-ok "$logs/not-ok.log" 1 ktap "kunit atomic_acqrel" \
	"kunit atomic_acqrel.sb_fully_ordered_test" "kunit totals"
jargs="--suite atomic_acqrel"
check truncated "$logs/truncated.log" 1 ktap "init done" \
	"suite atomic_acqrel"
jargs=
check warning "$logs/warning.log" 1 "no WARNING"

# v3: the log of a boot without KUnit
v3=$logs/good-riscv64-base-v3.log
jargs="--suite atomic_acqrel"
check v3-suite-asked "$v3" 1 ktap "suite atomic_acqrel"
jargs=
grep -v 'atomic64_test: passed' "$v3" > "$tmp/v3-no-atomic64.log"
check v3-no-atomic64 "$tmp/v3-no-atomic64.log" 1 atomic64_test
# lib/atomic64_test.c fails with BUG_ON(): oops=panic stops the boot there
awk '/atomic64_test: passed/ { print "[    0.400000] kernel BUG at lib/atomic64_test.c:157!";
	print "[    0.400100] Kernel panic - not syncing: Fatal exception"; exit } { print }' \
	"$v3" > "$tmp/v3-atomic64-bug.log"
check v3-atomic64-bug "$tmp/v3-atomic64-bug.log" 1 atomic64_test "no BUG" "no panic" "init done"
sed 's/ncpus=4/ncpus=2/' "$v3" > "$tmp/v3-two-cpus.log"
check v3-two-cpus "$tmp/v3-two-cpus.log" 1 "init cpus"
head -n 5 "$v3" > "$tmp/v3-head.log"
check v3-truncated "$tmp/v3-head.log" 1 atomic64_test "init done"

# Logs made here from the good one.
good=$logs/good-riscv64.log
: > "$tmp/empty.log"
check empty "$tmp/empty.log" 1 boot atomic64_test "init done"
check missing-file "$tmp/no-such.log" 1 log
grep -v 'atomic64_test: passed' "$good" > "$tmp/no-atomic64.log"
check no-atomic64 "$tmp/no-atomic64.log" 1 atomic64_test
# v2 of the series (good-riscv64-v2.log, judged good above): one KUnit
# case, for which KUnit prints no "# Totals"; the case failing must fail
sed 's/    ok 1 atomicity_all_cpus_test/    not ok 1 atomicity_all_cpus_test/' \
	"$logs/good-riscv64-v2.log" > "$tmp/v2-not-ok.log"
check v2-not-ok "$tmp/v2-not-ok.log" 1 "kunit atomic_acqrel.atomicity_all_cpus_test"
sed 's/ncpus=4/ncpus=1/' "$good" > "$tmp/one-cpu.log"
check one-cpu "$tmp/one-cpu.log" 1 "init cpus"
sed -E 's/(ok 20 sb_release_acquire_allowed_test)$/\1 # SKIP needs at least 2 online CPUs/; s/skip:0/skip:1/' \
	"$good" > "$tmp/skip.log"
check skip "$tmp/skip.log" 1 "kunit atomic_acqrel.sb_release_acquire_allowed_test" "kunit totals"
sed '/bpfmm-init: all done/d' "$good" > "$tmp/no-marker.log"
check no-marker "$tmp/no-marker.log" 1 "init done"
sed 's/$/\r/' "$good" > "$tmp/crlf.log"
check crlf "$tmp/crlf.log" 0

echo "judge-test: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
