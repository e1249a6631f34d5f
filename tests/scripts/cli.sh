#!/bin/sh
# The command-line contract other tools script against: exit codes, --help,
# -json, -dot, model lookup, make install. Prints "N passed, N failed".
set -u
bpfmm=${1:-build/bpfmm}
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
ko() { echo "FAIL: $*"; fail=$((fail + 1)); }
expect_rc() {   # expect_rc RC DESCRIPTION CMD...
	want=$1 what=$2; shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
	[ "$rc" -eq "$want" ] && ok || ko "$what: exit $rc, want $want ($(head -c 200 "$tmp/err"))"
}
sb=$root/tests/litmus/bpf/SB+plain.litmus
mp=$root/tests/litmus/bpf/MP+rel+acq.litmus

expect_rc 0 "--help" "$bpfmm" --help
grep -q "^Usage: bpfmm" "$tmp/out" && grep -q "Exit status" "$tmp/out" && ok || ko "--help text"
expect_rc 0 "--version" "$bpfmm" --version
expect_rc 2 "no arguments" "$bpfmm"
expect_rc 2 "unknown option" "$bpfmm" --frobnicate "$sb"
expect_rc 2 "-model without a file" "$bpfmm" -model
expect_rc 1 "missing file" "$bpfmm" "$tmp/nonexistent.litmus"
expect_rc 1 "missing model" "$bpfmm" -model "$tmp/none.cat" "$sb"
grep -q "model '.*none.cat' not found" "$tmp/err" && ok || ko "missing model message"
# a C test without the kernel's model (not bundled) says how to get it
printf 'C c-no-model\n{}\nP0(int *x) { WRITE_ONCE(*x, 1); }\nexists (x=1)\n' >"$tmp/c.litmus"
expect_rc 1 "C test without linux-kernel.cat" env BPFMM_MODELDIR="$root/models" "$bpfmm" "$tmp/c.litmus"
grep -q "linux-kernel.cat' not found.*-conf linux-kernel.cfg" "$tmp/err" && ok || ko "C model hint: $(cat "$tmp/err")"
printf '"broken"\nlet x = (po\n' >"$tmp/broken.cat"
expect_rc 1 "broken model" "$bpfmm" -model "$tmp/broken.cat" "$sb"
grep -q "broken.cat:3:1: error:" "$tmp/err" && ok || ko "model error position: $(cat "$tmp/err")"

# a test that fails does not stop the others
printf 'BPF bad\n{\n0:r1=x;\n}\n P0 ;\n r11 = 1 ;\nexists (0:r1=1)\n' >"$tmp/bad.litmus"
expect_rc 1 "one bad test among good ones" "$bpfmm" "$sb" "$tmp/bad.litmus" "$mp"
[ "$(grep -c '^Observation' "$tmp/out")" -eq 2 ] && ok || ko "good tests after a bad one"
grep -q "bad.litmus:6:2: error:" "$tmp/err" && ok || ko "FILE:LINE:COL on stderr"

# herd-style block
expect_rc 0 "herd output" "$bpfmm" -notime "$sb"
grep -q '^Observation SB+plain Sometimes 1 3$' "$tmp/out" && ok || ko "Observation line"
grep -q '^Time' "$tmp/out" && ko "-notime still prints Time" || ok

# JSON
expect_rc 0 "-json" "$bpfmm" -json "$sb" "$mp"
[ "$(wc -l <"$tmp/out")" -eq 2 ] && ok || ko "-json: one line per test"
grep -q '^{"test":"SB+plain","states":\[{"0:r4":0,"1:r4":0},' "$tmp/out" &&
grep -q '"observation":"Never"' "$tmp/out" && ok || ko "-json content: $(cat "$tmp/out")"

# Graphviz
mkdir "$tmp/dot"
expect_rc 0 "-dot" "$bpfmm" -dot "$tmp/dot" "$sb"
grep -q '^digraph "SB+plain"' "$tmp/dot/SB+plain.dot" && grep -q 'label="rf"' "$tmp/dot/SB+plain.dot" \
	&& ok || ko "-dot file"
expect_rc 1 "-dot into a missing directory" "$bpfmm" -dot "$tmp/none/x" "$sb"

# the bundled model is found after make install, from any directory
if make -s -C "$root" install PREFIX="$tmp/inst" >/dev/null 2>&1; then
	(cd / && "$tmp/inst/bin/bpfmm" -notime "$sb") >"$tmp/out" 2>&1 &&
		grep -q '^Observation SB+plain' "$tmp/out" && ok || ko "installed bpfmm: $(cat "$tmp/out")"
	"$tmp/inst/bin/bpfmm" --model-dir | grep -q "$tmp/inst/bin/../share/bpfmm/models" && ok || ko "installed model dir"
	(cd / && "$tmp/inst/bin/bpfmm" map --arch riscv64 "$sb") >"$tmp/out" 2>&1 &&
		grep -q '^Map SB+plain riscv64 riscv64-linux-6.12 sound' "$tmp/out" && ok || ko "installed map: $(cat "$tmp/out")"
else
	ko "make install"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
