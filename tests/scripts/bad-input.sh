#!/bin/sh
# Malformed tests must fail cleanly: exit status 1, one error on stderr in
# the form FILE:LINE:COL: error: MESSAGE matching tests/bad/NAME.expect
# ("LINE:COL: substring"; a second line "run time" marks a test that
# parses but cannot run), no crash, no hang; and a good test named on the
# same command line is still checked. Bad models (tests/bad/NAME.cat, run
# with -model on a small good test) likewise; their .expect may start with a file
# under tests/bad when the error is in an included file
# ("inc/FILE:LINE:COL: substring").
set -u
bpfmm=${1:-build/bpfmm}
here=$(cd "$(dirname "$0")/../.." && pwd)
good=$here/tests/litmus/bpf
pass=0 fail=0
goodfile=$(ls "$good"/*.litmus 2>/dev/null | head -1)
for t in "$here"/tests/bad/*.litmus; do
	exp="${t%.litmus}.expect"
	[ -f "$exp" ] || { echo "FAIL $t: no .expect file"; fail=$((fail + 1)); continue; }
	want=$(head -1 "$exp")
	pos=${want%%: *}
	msg=${want#*: }
	err=$(timeout 10 "$bpfmm" "$t" $goodfile 2>&1 >/tmp/bpfmm-bad.$$)
	rc=$?
	out=$(cat /tmp/bpfmm-bad.$$); rm -f /tmp/bpfmm-bad.$$
	if [ "$rc" -ne 1 ]; then
		echo "FAIL $(basename "$t"): exit $rc (want 1): $err"; fail=$((fail + 1)); continue
	fi
	case $err in
	*"$t:$pos: error: "*"$msg"*) ;;
	*) echo "FAIL $(basename "$t"): got '$err', want '$t:$pos: error: ...$msg...'"; fail=$((fail + 1)); continue ;;
	esac
	if [ -n "$goodfile" ] && ! echo "$out" | grep -q '^Observation '; then
		echo "FAIL $(basename "$t"): the good test after it was not checked"; fail=$((fail + 1)); continue
	fi
	pass=$((pass + 1))
done
for t in "$here"/tests/bad/*.cat; do
	[ -f "$t" ] || continue
	exp="${t%.cat}.expect"
	[ -f "$exp" ] || { echo "FAIL $t: no .expect file"; fail=$((fail + 1)); continue; }
	want=$(head -1 "$exp")
	pos=${want%%: *}
	msg=${want#*: }
	case $pos in
	[0-9]*) where="$t:$pos" ;;
	*) where="$here/tests/bad/$pos" ;;
	esac
	err=$(timeout 20 "$bpfmm" -model "$t" "$good/MP+rel+acq.litmus" 2>&1 >/dev/null)
	rc=$?
	if [ "$rc" -ne 1 ]; then
		echo "FAIL $(basename "$t"): exit $rc (want 1): $err"; fail=$((fail + 1)); continue
	fi
	case $err in
	*"$where: error: "*"$msg"*) ;;
	*) echo "FAIL $(basename "$t"): got '$err', want '$where: error: ...$msg...'"; fail=$((fail + 1)); continue ;;
	esac
	pass=$((pass + 1))
done
# files too large to be what they claim (docs/untrusted-input.md): a
# 100 MB sparse "test" and a 5,000-byte .cfg line end at once, exit 1
tmpd=$(mktemp -d) || exit 2
truncate -s 100M "$tmpd/big.litmus"
err=$(timeout 5 "$bpfmm" "$tmpd/big.litmus" 2>&1 >/dev/null)
rc=$?
case "$rc:$err" in
"1:$tmpd/big.litmus: error: larger than 16 MiB: not a litmus test"*) pass=$((pass + 1)) ;;
*) echo "FAIL a 100 MB litmus file: exit $rc: $err"; fail=$((fail + 1)) ;;
esac
{ printf 'model '; head -c 5000 /dev/zero | tr '\0' a; echo; } > "$tmpd/long.cfg"
err=$(timeout 5 "$bpfmm" -conf "$tmpd/long.cfg" "$good/MP+rel+acq.litmus" 2>&1 >/dev/null)
rc=$?
case "$rc:$err" in
[12]":$tmpd/long.cfg:1:1: error: a line longer than 4094 bytes"*) pass=$((pass + 1)) ;;
*) echo "FAIL a .cfg line of 5,000 bytes: exit $rc: $err"; fail=$((fail + 1)) ;;
esac
rm -rf "$tmpd"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
