#!/bin/sh
# LKMM -> RISC-V mapping soundness: every C litmus test, written with the
# instruction sequences Linux uses on RISC-V (`bpfmm lkmm-map`), must allow
# no final state under models/riscv.cat that the kernel's linux-kernel.cat
# forbids (docs/lkmm-riscv.md).
#
#   lkmm-map.sh [BPFMM]
#
# Tests: the kernel's tools/memory-model/litmus-tests and
# Documentation/litmus-tests (where lkmm-lib.sh finds or extracts them),
# tests/litmus/c and tests/conformance/c2bpf. Each test and mapping is one
# check:
#   riscv64-linux-6.12, riscv64-patched   sound, sound-stronger or refused
#   riscv64-broken-acquire                any verdict, except on the named
#                                         counterexamples below (unsound)
# plus the named expectations below. A missing line (a test that could
# not be checked) fails. Prints "N passed, N failed"; SKIP (exit 0)
# without the kernel sources.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bpfmm=${1:-$root/build/bpfmm}
. "$(dirname "$0")/lkmm-lib.sh"

lkmm_dir linux-kernel.cat
[ -x "$bpfmm" ] || { echo "lkmm-map.sh: no executable $bpfmm (run make)" >&2; exit 2; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
c_tests "$tmp/files"

xargs "$bpfmm" lkmm-map --mapping all -I "$dir" <"$tmp/files" >"$tmp/out" 2>"$tmp/err"

# Named expectations: TEST MAPPING VERDICT
cat >"$tmp/named" <<'END'
mp-rel-fetchadd-acq riscv64-broken-acquire unsound
mp-rel-xchg-acq riscv64-broken-acquire unsound
MP+cmpxchgrelease+cmpxchgacquire riscv64-broken-acquire unsound
mp-rel-fetchadd-acq riscv64-linux-6.12 sound
mp-rel-fetchadd-acq riscv64-patched sound
sb-fetchadd-rel-acq riscv64-linux-6.12 sound
sb-fetchadd-rel-acq riscv64-patched sound-stronger
END

pass=0 fail=0
while read -r f; do
	name=$(sed -n '1s/^C[ \t]*\([^ \t]*\).*/\1/p' "$f")
	for m in riscv64-linux-6.12 riscv64-patched riscv64-broken-acquire; do
		line=$(awk -v n="$name" -v m="$m" '$1 == "LKMM-MAP" && $2 == n && $3 == m' "$tmp/out" | head -1)
		kind=$(echo "$line" | awk '{ print $6 }')
		want=$(awk -v n="$name" -v m="$m" '$1 == n && $2 == m { print $3 }' "$tmp/named")
		ok=no
		if [ -z "$line" ]; then
			kind=ERROR
		elif [ -n "$want" ]; then
			[ "$kind" = "$want" ] && ok=yes
		elif [ "$m" = riscv64-broken-acquire ]; then
			ok=yes
		else
			case "$kind" in sound|sound-stronger|refused) ok=yes ;; esac
		fi
		if [ "$ok" = yes ]; then
			pass=$((pass + 1))
		else
			echo "FAIL $name $m: $kind${want:+, want $want}${line:+ ($line)}"
			[ "$kind" = ERROR ] && grep -F "$(basename "$f")" "$tmp/err" | head -2 | sed 's/^/    /'
			fail=$((fail + 1))
		fi
	done
done <"$tmp/files"
# every named test must exist
while read -r n m v; do
	grep -q "^LKMM-MAP $n $m " "$tmp/out" || { echo "FAIL $n $m: no such test"; fail=$((fail + 1)); }
done <"$tmp/named"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
