#!/bin/sh
# C -> BPF consistency: every C litmus test, translated to BPF by
# `bpfmm c2bpf`, must not be weaker under models/bpf.cat than the original
# under the kernel's linux-kernel.cat (docs/c-to-bpf.md).
#
#   c2bpf.sh [BPFMM]
#
# Tests: the kernel's tools/memory-model/litmus-tests and
# Documentation/litmus-tests (read where lkmm.sh extracts them: $LKMM_DIR,
# else ~/.cache/bpfmm-lkmm from the kernel source tarball), tests/litmus/c
# and tests/conformance/c2bpf. A test passes when c2bpf says `sound`, `sound-stronger`
# or `refused (...)`; an `unsound` verdict or a test c2bpf cannot check
# passes only if tests/conformance/c2bpf-explained.txt lists it with that
# kind (each entry is explained in docs/c-to-bpf.md); a listed test that
# now behaves otherwise fails, so the list stays true.
# Prints "N passed, N failed"; SKIP (exit 0) without the kernel sources.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bpfmm=${1:-$root/build/bpfmm}
explained=$root/tests/conformance/c2bpf-explained.txt
. "$(dirname "$0")/lkmm-lib.sh"

lkmm_dir linux-kernel.cat
[ -x "$bpfmm" ] || { echo "c2bpf.sh: no executable $bpfmm (run make)" >&2; exit 2; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
c_tests "$tmp/files"

# one process for all tests; a test it cannot read is reported on stderr
xargs "$bpfmm" c2bpf -I "$dir" <"$tmp/files" >"$tmp/out" 2>"$tmp/err"

pass=0 fail=0
listed() { awk -v n="$1" '!/^#/ && $1 == n { print $2; exit }' "$explained"; }
while read -r f; do
	name=$(sed -n '1s/^C[ \t]*\([^ \t]*\).*/\1/p' "$f")
	line=$(awk -v n="$name" '$1 == "C2BPF" && $2 == n' "$tmp/out" | head -1)
	if [ -z "$line" ]; then
		kind=ERROR
	else
		kind=$(echo "$line" | awk '{ print $5 }')
	fi
	want=$(listed "$name")
	case "$kind" in
	sound|sound-stronger|refused)
		if [ -n "$want" ]; then
			echo "FAIL $name: listed as $want in c2bpf-explained.txt but now $kind"
			fail=$((fail + 1))
		else
			pass=$((pass + 1))
		fi ;;
	*)
		if [ "$want" = "$kind" ]; then
			pass=$((pass + 1))
		else
			echo "FAIL $name: $kind, not explained${line:+ ($line)}"
			[ "$kind" = ERROR ] && grep -F "$(basename "$f")" "$tmp/err" | head -2 | sed 's/^/    /'
			fail=$((fail + 1))
		fi ;;
	esac
done <"$tmp/files"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
